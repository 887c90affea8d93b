"""``swkit odds duel``: every choice's chance to win beside its expected points.

The values are checked against :func:`swkit.odds.duel.duel_options` and
:func:`swkit.odds.dice.keep_options`, and on a last-turn board against a brute force written
here: every labelled reroll of the last turn enumerated, the push-left rule applied by hand.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest
from test_cli import run_exit as run

from swkit.odds.dice import DiceModel, Objective, keep_options
from swkit.odds.duel import duel_options

NAMES = ("Mickey", "Minnie", "Donald", "Goofy", "Pluto")
FACES = NAMES + ("Clubhouse",)

# seat 1's last turn: seat 0 has 18 points and holds Pluto's 5 space; seat 1 has 15 and only
# Pluto left to score (a count of 5 is pushed to 4: RULES.md §B4)
LAST = "Mickey:5,Minnie:4,Donald:3,Goofy:1,Pluto:5 / Mickey:3,Minnie:5,Donald:2,Goofy:5"


def duel_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, "odds", "duel", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# -- the brute force --------------------------------------------------------------------------

def seat1_final_chance(pluto_count: int) -> Fraction:
    """Seat 1's chance to win on LAST after scoring Pluto with this count."""
    space = pluto_count
    while space in {5} and space > 0:   # seat 0 holds Pluto's 5: pushed left
        space -= 1
    total0, total1 = 18, 15 + space
    return Fraction(1) if total1 > total0 else Fraction(1, 2) if total1 == total0 else Fraction(0)


def pluto(dice: tuple[str, ...]) -> int:
    return sum(d in ("Pluto", "Clubhouse") for d in dice)


@cache
def after_keep(keep: tuple[str, ...], rolls: int) -> Fraction:
    """Seat 1's chance after keeping ``keep`` (sorted faces) with ``rolls`` rolls left: the
    mean over every labelled reroll of the best play from there."""
    outcomes = list(itertools.product(FACES, repeat=5 - len(keep)))
    total = sum((best(tuple(sorted(keep + o)), rolls - 1) for o in outcomes), Fraction(0))
    return total / len(outcomes)


@cache
def best(dice: tuple[str, ...], rolls: int) -> Fraction:
    """Seat 1's chance with ``dice`` showing and ``rolls`` rolls left, playing best."""
    value = seat1_final_chance(pluto(dice))
    if rolls > 0:
        for r in range(5):
            for keep in set(itertools.combinations(dice, r)):
                value = max(value, after_keep(tuple(sorted(keep)), rolls))
    return value


# -- the tests --------------------------------------------------------------------------------

@pytest.mark.parametrize("rolls", [0, 1, 2])
def test_last_turn_matches_brute_force(capsys: pytest.CaptureFixture[str], rolls: int) -> None:
    dice = ("Pluto", "Pluto", "Clubhouse", "Mickey", "Goofy")
    result = duel_json(capsys, "--board", LAST, "--dice", " ".join(dice),
                       "--rolls-left", str(rolls))
    assert result["exact"] is True and result["mover"] == 1 and result["totals"] == [18, 15]
    assert result["error_bound"] == 0
    assert result["options"][0] == result["best"]
    seen = 0
    for row in result["options"]:
        win = Fraction(row["win"])  # an exact fraction string
        if row["reroll"] == 0:
            assert row["score"] == "Pluto"
            assert win == seat1_final_chance(3) == Fraction(1, 2)
            assert row["expected"] == "3"     # three Plutos (two and the Clubhouse), space 3
        else:
            kept = tuple(sorted(row["keep"]))
            assert win == after_keep(kept, rolls), row
            seen += 1
    assert seen == (0 if rolls == 0 else 23)  # 3*2*2*2 sub-multisets, less keeping all
    wins = [Fraction(r["win"]) for r in result["options"]]
    assert wins == sorted(wins, reverse=True)
    if rolls:
        assert Fraction(result["best"]["win"]) == best(tuple(sorted(dice)), rolls)


def test_mid_game_matches_duel_options_and_keep_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    board = "Mickey:3,Goofy:0 / Minnie:5"
    dice = "Mickey Mickey Clubhouse Goofy Pluto"
    result = duel_json(capsys, "--board", board, "--dice", dice, "--rolls-left", "1")
    assert result["mover"] == 1 and result["exact"] is False
    assert 0 < result["error_bound"] < 1e-9
    model = DiceModel()
    options = duel_options(board, model.counts(dice), 1, model)
    assert [r["action"] for r in result["options"]] == [o.describe() for o in options]
    for row, o in zip(result["options"], options, strict=True):
        assert isinstance(row["win"], float) and abs(row["win"] - o.value) < 1e-11
    # expected points: seat 1 has scored Minnie; seat 0 holds Mickey's 3 (Goofy's 0 takes none)
    points = {o.counts: o.value for o in keep_options(
        model, Objective.points(["Minnie"], {"Mickey": [3]}), model.counts(dice), 1)}
    for row, o in zip(result["options"], options, strict=True):
        if o.reroll:
            assert Fraction(row["expected"]) == points[o.counts]
    scores = {r["score"]: r["expected"] for r in result["options"] if r["reroll"] == 0}
    # Mickey: count 3 (two and the Clubhouse), 3 is taken: pushed to 2; Goofy 2; Pluto 2;
    # Donald 1 (the Clubhouse alone)
    assert scores == {"Mickey": "2", "Goofy": "2", "Pluto": "2", "Donald": "1"}


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds", "duel", "--board", LAST, "--dice", "P P C Mickey g",
                         "--rolls-left", "0")
    assert code == 0, err
    assert "seat 1 to move" in out
    assert "stop and score Pluto  win 1/2 = 50.00%  expected points 3.000" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--board", "Mickey:9", "--dice", "Mic Mic C g p"], "spaces are 0 (the Picture Column)"),
    (["--board", "Mickey:3 / Minnie:2 / Goofy:1", "--dice", "Mic Mic C g p"], "'/'"),
    (["--board", "Mickey:3,Minnie:2 /", "--dice", "Mic Mic C g p"], "tokens"),
    (["--board", "Mickey:3", "--dice", "Mic Mic C g"], "dice"),
    (["--board", "Mickey:3", "--dice", "Mic Mic C g X"], "X"),
    (["--board", "Mickey:3", "--dice", ""], "--dice"),
    (["--board", "Mickey:3", "--dice", "Mic Mic C g p", "--rolls-left", "3"], "--rolls-left"),
    (["--dice", "Mic Mic C g p"], "--board"),
    (["--board", LAST + ",Pluto:1", "--dice", "Mic Mic C g p"], "over"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          words: str) -> None:
    code, out, err = run(capsys, "odds", "duel", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_play_dice_against_the_win_bot(capsys: pytest.CaptureFixture[str]) -> None:
    from swkit.dice.play import play_game
    from swkit.odds.dice_bots import PointsBot
    from swkit.odds.duel import WinBot
    code, out, err = run(capsys, "play", "dice", "--players", "2", "--seed", "3", "--bots",
                         "points,win", "--json")
    assert code == 0, err
    record = play_game(2, 3, bots=[PointsBot(0, 3), WinBot(1, 3)])
    assert json.loads(out) == json.loads(json.dumps(record))


@pytest.mark.parametrize("players", ["1", "3", "4"])
def test_play_dice_refuses_the_win_bot_for_other_than_two(capsys: pytest.CaptureFixture[str],
                                                         players: str) -> None:
    code, out, err = run(capsys, "play", "dice", "--players", players, "--bots", "win")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        f"swkit play dice: error: --bots win: the win bot plays the two-player game only (its "
        f"chances come from the exact two-player solve); this game has {players} "
        f"player{'' if players == '1' else 's'}: play with 2 players, or choose the greedy or "
        "points bot"]


def test_the_win_bot_refusal_is_one_message_everywhere(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """The dice cup, swkit play dice and swkit tournament refuse the win bot in a game of 3
    players in the same words (win_bot_refusal)."""
    from swkit.errors import ConfigurationError
    from swkit.odds.dice_bots import win_bot_refusal
    from swkit.widgets.dice import DiceCup
    words = win_bot_refusal(3)
    _, _, play = run(capsys, "play", "dice", "--players", "3", "--bots", "win")
    code, out, tour = run(capsys, "tournament", "--game", "dice", "--bots", "win,greedy,random",
                          "--games", "3")
    assert code == 2 and out == ""
    with pytest.raises(ConfigurationError) as cup:
        DiceCup(players=3, bots="win")
    assert words in play and words in tour and str(cup.value) == words
    assert "greedy or points bot" in words and "2 players" in words
