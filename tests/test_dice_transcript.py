"""What a played dice game shows: the transcript's words, the outcome's reason and
``swkit play dice``'s messages (RULES.md §B3, §B4, §B5)."""

from __future__ import annotations

import pytest

from swkit.cli import main
from swkit.dice.game import DiceGame
from swkit.dice.play import format_transcript, play_game


def _record_with(players, scores):
    """A play_game-like record, for format_transcript, from (seat, character, count) scores
    played on a real board."""
    from swkit.dice.board import Scoreboard
    board = Scoreboard(players=players)
    roll = [{"roll": 1, "dice": ["Mickey"] * 5, "rerolled": ["Mickey"] * 5, "keep": None}]
    turns = []
    for i, (seat, character, count) in enumerate(scores):
        space = board.place(seat, character, count)
        turns.append({"round": i // players + 1, "seat": seat, "rolls": roll,
                      "score": {"character": character, "count": count, "space": space,
                                "forced_zero": count == 0},
                      "board": board.to_dict()["rows"], "totals": list(board.totals())})
    return {"game": "dice", "players": players, "seed": 0,
            "characters": list(board.characters), "turns_per_player": 5,
            "bots": ["greedy"] * players, "turns": turns, "tiebreak": [],
            "scores": list(board.totals()), "winner": 0, "winners": [0],
            "reason": "player 0 has the highest total"}


def test_transcript_explains_pushes_picture_column_and_forced_zero():
    """RULES.md §B4: say why a token goes left of its count, or to the Picture Column."""
    text = format_transcript(_record_with(4, [
        (0, "Mickey", 4), (1, "Mickey", 4), (2, "Goofy", 1), (3, "Mickey", 5),
        (0, "Goofy", 2), (1, "Goofy", 2), (2, "Pluto", 0), (3, "Pluto", 5),
        (0, "Pluto", 5), (1, "Donald", 5), (2, "Donald", 4), (3, "Donald", 3),
        (0, "Donald", 5),
    ]))
    assert "count 4 -> the 4 space, 4 points\n" in text
    assert "count 4 -> the 3 space (the 4 space is taken), 3 points" in text
    assert "count 1 -> the 1 space, 1 point\n" in text
    assert ("count 2 -> the Picture Column (the 1 and 2 spaces are taken), 0 points"
            in text)
    assert ("count 0 -> the Picture Column (count 0), 0 points "
            "(forced zero: the dice show no unscored character and no Clubhouse)") in text
    assert "count 5 -> the 4 space (the 5 space is taken), 4 points" in text
    assert "count 5 -> the 2 space (the 5, 4 and 3 spaces are taken), 2 points" in text


def test_transcript_singular_plural_and_reroll_wording():
    rec = play_game(1, 0)
    rec["scores"] = [1]
    text = format_transcript(rec)
    assert "seat 0 (greedy bot): 1 point\n" in text
    for seed in range(20):
        text = format_transcript(play_game(2, seed, bots=("random",)))
        assert "reroll the rest" not in text.split("Keep nothing")[-1].split("\n")[0]
        if "Keep nothing" in text:
            assert "Keep nothing; reroll all dice" in text
            break
    else:
        pytest.fail("no game with 'keep nothing' in 20 seeds")


def test_transcript_shows_rerolled_faces_in_die_order():
    for seed in range(10):
        rec = play_game(2, seed)
        for turn in rec["turns"]:
            rolls = turn["rolls"]
            for before, after in zip(rolls, rolls[1:], strict=False):
                # the kept dice are the first ones showing the kept faces, in die order
                kept = before["keep"][len("keep "):].split() if before["keep"] != \
                    "keep nothing" else []
                mask, remaining = [], list(kept)
                for face in before["dice"]:
                    mask.append(face in remaining)
                    if face in remaining:
                        remaining.remove(face)
                want = [f for f, k in zip(after["dice"], mask, strict=True) if not k]
                assert after["rerolled"] == want


def test_outcome_reason_singular():
    g = DiceGame(1, 0, turns=1)
    g.apply_chance("Mickey Minnie Donald Goofy Pluto")
    g.apply("score Mickey")
    assert g.outcome().reason == "solo game over: 1 point"


def test_cli_bots_message_singular(capsys):
    assert main(["play", "dice", "--players", "1", "--bots", "greedy,random"]) == 2
    err = capsys.readouterr().err
    assert "2 bots for 1 player" in err and "1 players" not in err


def test_dice_transcript_explains_the_picture_column_and_the_rerolls():
    from swkit.dice.play import format_transcript, play_game
    record = play_game(2, 7)
    text = format_transcript(record)
    assert "Picture" in text.split("Round 1")[0] and "0 points" in text.split("Round 1")[0]
    lines = text.splitlines()
    turn = record["turns"][0]
    first, second = turn["rolls"][0], turn["rolls"][1]
    kept = second and first["keep"][len("keep "):].split()
    was = list(first["dice"])
    for face in kept:
        was.remove(face)
    assert sorted(second["rerolled_from"]) == sorted(was)
    line = next(x for x in lines if x.startswith("  Roll 2: "))
    assert f"(rerolled {' '.join(second['rerolled_from'])} -> {' '.join(second['rerolled'])})" \
        in line
