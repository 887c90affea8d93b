"""What a played card game shows: the bots' actions, the record and its transcript
(RULES.md §A2, §A3, §A5, §A9)."""

from __future__ import annotations

import json

from test_cards_refusals import discard_position

from swkit.cards.bots import GreedyBot, RandomBot
from swkit.cards.notation import parse_cards
from swkit.cards.play import format_transcript, play_game


def test_random_bot_lists_discards_in_sorted_notation_A3() -> None:
    g = discard_position()
    chosen = set()
    for seed in range(60):
        action = RandomBot(seed).choose(g)
        cards = parse_cards(action.split(" ", 1)[1])
        assert cards == sorted(cards), action
        chosen.add(action)
    assert len(chosen) > 5  # still a random choice of which cards
    action = GreedyBot(0).choose(g)
    cards = parse_cards(action.split(" ", 1)[1])
    assert cards == sorted(cards)


def test_transcript_shows_setup_figures_centers_and_editions_A2_A9() -> None:
    record = play_game(3, seed=4, editions=2, bots=["random", "greedy", "random"])
    json.dumps(record)
    assert len(record["setup"]["hands"]) == 3 and len(record["setup"]["centers"]) == 2
    text = format_transcript(record)
    lines = text.splitlines()
    assert lines[0].startswith("Something Wild! Mickey and Friends x2:")
    assert lines[1].startswith("Setup: center Powers 1 ")
    assert " ".join(record["setup"]["hands"][0]) in lines[1]
    assert "takes figure 2 from seat 1" in text
    assert "uses Power yellow-wild of edition 2" in text
    assert "the new center 1 is red-1s-wild" in text
    scored = [t["score"] for t in record["turns"] if t["score"]]
    assert scored and all("new_center" in s for s in scored)
    four = format_transcript(play_game(2, seed=1, editions=4, round_limit=1))
    assert "Mickey and Friends x4" in four.splitlines()[0]


def test_round_limit_line_A5() -> None:
    text = format_transcript(play_game(2, seed=7, round_limit=1))
    assert text.splitlines()[-1] == ("No winner: the round limit (1 round) was reached "
                                     "(RULES.md §A5).")
    record = play_game(2, seed=7, round_limit=2)
    if record["winner"] is None:
        assert "(2 rounds) was reached" in format_transcript(record)
