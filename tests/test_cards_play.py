"""Bots, whole games and transcripts (RULES.md §A3 decisions, §A5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from swkit.cards.bots import GreedyBot, RandomBot, potential
from swkit.cards.bots import make_bot as old_make_bot
from swkit.cards.game import CardGame
from swkit.cards.notation import parse_cards
from swkit.cards.play import format_transcript, play_game, run_game
from swkit.runner import make_bot


def test_play_game_record_is_json_ready_and_complete_A3_A5() -> None:
    record = play_game(3, seed=4)
    json.dumps(record)
    assert set(record) >= {"winner", "scores", "turns"}
    assert len(record["scores"]) == 3
    assert record["winner"] is None or record["scores"][record["winner"]] == 3
    first = record["turns"][0]
    assert set(first) >= {"draw", "play", "figure", "power", "score", "discard"}
    assert [t["turn"] for t in record["turns"]] == list(range(1, len(record["turns"]) + 1))


def test_same_arguments_same_output() -> None:
    """RULES.md §A3 decisions: a seed replays a whole game, bots included."""
    a = play_game(4, seed=12, editions=2, bots=["greedy", "random", "random", "greedy"])
    b = play_game(4, seed=12, editions=2, bots=["greedy", "random", "random", "greedy"])
    assert json.dumps(a) == json.dumps(b)
    assert format_transcript(a) == format_transcript(b)
    assert json.dumps(play_game(2, seed=1)) != json.dumps(play_game(2, seed=2))


def test_replay_is_independent_of_pythonhashseed() -> None:
    """RULES.md §A3 decisions: byte for byte whatever PYTHONHASHSEED is."""
    code = ("import json; from swkit.cards.play import play_game; "
            "print(json.dumps(play_game(3, 11, editions=2, bots=['random', 'greedy', 'random'])))")
    outs = set()
    for hashseed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout)
    assert len(outs) == 1
    here = json.dumps(play_game(3, 11, editions=2, bots=["random", "greedy", "random"]))
    assert outs == {here + "\n"}


def test_transcript_is_readable_with_standings_and_winner() -> None:
    record = play_game(2, seed=7)
    text = format_transcript(record)
    assert text.splitlines()[1].startswith("Setup: center Power ")
    assert text.splitlines()[2].startswith("Turn 1 (round 1), seat 0: draws ")
    assert "plays" in text and "Final standings:" in text
    assert ("Winner: seat" in text) or ("No winner" in text)
    limited = play_game(2, seed=7, round_limit=1)
    assert "No winner: the round limit (1 round) was reached" in format_transcript(limited)


def test_bot_choices_never_change_the_deck_A3() -> None:
    """RULES.md §A3 decisions: bots draw from their own streams, not the shuffle stream."""
    a = play_game(2, seed=5, bots="greedy")
    b = play_game(2, seed=5, bots="random")
    assert a["turns"][0]["draw"] == b["turns"][0]["draw"]
    assert a["turns"][1]["draw"] == b["turns"][1]["draw"]
    r1, r2 = make_bot("cards", "random", 0, 5), make_bot("cards", "random", 1, 5)
    assert isinstance(r1, RandomBot) and r1.rng.random() != r2.rng.random()
    with pytest.raises(ValueError, match="greedy"):
        make_bot("cards", "clever")


def test_the_old_card_make_bot_warns_and_builds_the_same_bot() -> None:
    """``swkit.cards.bots.make_bot(kind, seed, seat)`` is kept as a deprecated alias."""
    with pytest.warns(DeprecationWarning, match="swkit.runner.make_bot"):
        r1, r2 = old_make_bot("random", 5, 0), old_make_bot("random", 5, 1)
    assert r1.rng.getstate() == make_bot("cards", "random", 0, 5).rng.getstate()
    assert r1.name == "random-0"
    assert isinstance(r1, RandomBot) and r1.rng.random() != r2.rng.random()
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="greedy"):
        old_make_bot("clever")


def test_greedy_bot_scores_when_it_can_and_uses_a_helpful_power_A7() -> None:
    g = CardGame.from_position(hands=["R1 B2 R6", "G1 G2 G3"], tableaux=["R4 R5 Y9"],
                               deck="Y1 Y2 Y3")
    bot = GreedyBot(0)
    assert bot.choose(g) == "play R6"
    g = CardGame.from_position(hands=["P4 B2 G9", "G1 G2 G3"], tableaux=["R3 R5"],
                               centers=["purple-wild"], deck="Y1 Y2 Y3")
    assert bot.choose(g) == "play P4"  # it takes the figure and purple-wild completes R3 P4 R5
    g.apply("play P4")
    assert bot.choose(g) == "use Power purple-wild"
    g.apply("use Power purple-wild")
    assert len(g.scored[0]) == 1


def test_greedy_figure_choice_prefers_a_figure_it_does_not_hold_A9() -> None:
    g = CardGame.from_position(hands=["P1 B2 B3", "G1 G2 G3"], editions=2,
                               centers=["purple-wild", "purple-pass"], figures=[0, 1],
                               deck="Y1 Y2 Y3")
    g.apply("play P1")
    assert GreedyBot(0).choose(g) == "take figure 2"


def test_potential_counts_near_triples() -> None:
    """The greedy bot's measure of pairs toward a set or run (RULES.md §A4)."""
    assert potential(parse_cards("R3 R4")) == 2
    assert potential(parse_cards("R3 R5")) == 1
    assert potential(parse_cards("R3 B3")) == 2
    assert potential(parse_cards("R3 B7")) == 0


def test_run_game_plays_to_the_end() -> None:
    """RULES.md §A5: every bot game ends (a win or the round limit)."""
    g = run_game(CardGame(2, seed=3), [GreedyBot(3, "a"), RandomBot(3, "b")])
    assert g.outcome() is not None


@pytest.mark.slow
def test_greedy_beats_random_in_70_percent_of_1000_two_player_games() -> None:
    """greedy seat alternates so neither seat is favoured."""
    wins = 0
    for seed in range(1000):
        greedy = seed % 2
        bots = ["random", "random"]
        bots[greedy] = "greedy"
        wins += play_game(2, seed, bots=bots)["winner"] == greedy
    assert wins >= 700, wins


# -- a turn's events in the order they happened ---------------------------------------------------

STEP_ORDER = ["draw", "play", "figure", "power", "score", "discard"]


def _check_events(turn: dict) -> None:
    events = turn["events"]
    names = [e["event"] for e in events]
    assert names.count("reshuffle") == turn["reshuffles"]
    for i, name in enumerate(names):
        if name == "reshuffle":  # a reshuffle happens just before the draw it makes possible
            assert i + 1 < len(names) and names[i + 1] in ("draw", "power_draw"), names
    steps = [n for n in names if n in STEP_ORDER]
    assert steps == sorted(steps, key=STEP_ORDER.index), names
    power = turn["power"]
    inside = [e for e in events if e["event"].startswith("power_")]
    if power is None:
        assert not inside
    elif power["effect"] == "extra_draw":
        assert [e["card"] for e in inside] == power["cards"]
    fields = {"draw": turn["draw"], "play": turn["play"]}
    for name, value in fields.items():
        got = [e["card"] for e in events if e["event"] == name]
        assert got == ([] if value is None else [value])
    assert [e["cards"] for e in events if e["event"] == "discard"] == (
        [turn["discard"]] if turn["discard"] else [])


def test_every_turn_records_its_events_in_order():
    reshuffled_in_a_power = 0
    for players in (2, 3, 4):
        for seed in range(12):
            record = play_game(players, seed, bots="random" if seed % 2 else "greedy")
            for turn in record["turns"]:
                _check_events(turn)
                names = [e["event"] for e in turn["events"]]
                if "power" in names and "reshuffle" in names[names.index("power"):]:
                    reshuffled_in_a_power += 1
    assert reshuffled_in_a_power  # the case of the issue occurs in these games


def test_a_reshuffle_during_draw_two_is_written_where_it_happened():
    """``swkit play cards --players 4 --seed 2``, turn 33: the deck runs out at the first card
    of draw two, not before the turn's draw."""
    record = play_game(4, 2)
    turn = record["turns"][32]
    assert [e["event"] for e in turn["events"]] == [
        "draw", "play", "figure", "power", "reshuffle", "power_draw", "power_draw"]
    line = next(x for x in format_transcript(record).splitlines() if x.startswith("Turn 33 "))
    assert line.startswith("Turn 33 (round 9), seat 0: draws Y1, plays G7,")
    assert "uses Power blue-draw-two (reshuffles the discard pile into the deck, draws B9 B3)" \
        in line


def test_a_reshuffle_before_the_draw_still_opens_the_turn():
    for seed in range(20):
        record = play_game(2, seed, bots="random")
        lines = format_transcript(record).splitlines()
        for turn in record["turns"]:
            names = [e["event"] for e in turn["events"]]
            if names[:2] == ["reshuffle", "draw"]:
                line = next(x for x in lines if x.startswith(f"Turn {turn['turn']} "))
                assert line.split(": ", 1)[1].startswith(
                    f"reshuffles the discard pile into the deck, draws {turn['draw']}")
                return
    raise AssertionError("no turn starts with a reshuffle in these games")
