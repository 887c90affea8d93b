"""What ``swkit odds roll`` and the dice odds library accept, refuse and say
(RULES.md §B3, §B4).

A scored target, a number of rolls left out of range, an empty or repeated entry are refused
naming the bad part; the answer's words say "nothing left to score", one roll or several, and
the docstring's example is real output.
"""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import swkit.odds.dice
from swkit.cli import build_parser, main
from swkit.cli.odds_dice import format_roll, roll_query
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.dice import (
    EXTRA_CHARACTERS,
    DiceModel,
    KeepOption,
    Objective,
    keep_options,
    optimal_value,
)

CLUB = DiceModel()
DICE = "Mickey Mickey Clubhouse Goofy Pluto"


# -- a scored target is refused, for every question -----------------------------------------

@pytest.mark.parametrize("at_least", [None, 3])
@pytest.mark.parametrize("dice", [None, "Mickey Mickey Mickey Goofy Goofy"])
def test_b4_scored_target_is_refused_for_every_question(at_least, dice):
    with pytest.raises(ConfigurationError, match=r"Mickey is already scored \(RULES.md §B4\)"):
        roll_query(dice=dice, scored="Mickey", target="Mickey", at_least=at_least)


def test_b4_scored_target_refused_by_the_library_objective():
    with pytest.raises(ConfigurationError, match="already scored"):
        optimal_value(CLUB, Objective.at_least(3, target=0, scored=[0]))


def test_cli_scored_target_exits_2(capsys):
    assert main(["odds", "roll", "--scored", "Mickey", "--target", "Mickey", "--at-least", "3",
                 "--dice", "Mickey Mickey Mickey Goofy Goofy"]) == 2
    assert "Mickey is already scored" in capsys.readouterr().err


# -- rolls left -----------------------------------------------------------------------------

@pytest.mark.parametrize("dice,rolls_left,part", [
    (DICE, 3, "from 0 to 2 after a roll"),
    (None, 4, "from 1 to 3 before the first roll"),
    (None, 0, "from 1 to 3 before the first roll"),
    (DICE, -1, "from 0 to 2 after a roll"),
])
def test_b3_rolls_left_ranges(dice, rolls_left, part):
    with pytest.raises(ConfigurationError, match=part):
        roll_query(dice=dice, rolls_left=rolls_left)
    counts = None if dice is None else CLUB.counts(dice)
    with pytest.raises(ConfigurationError, match=part):
        optimal_value(CLUB, Objective.points(), counts, rolls_left)


def test_b3_rolls_left_follows_the_model():
    four = DiceModel(rolls=4)
    assert optimal_value(four, Objective.at_least(5), None, 4) > optimal_value(
        four, Objective.at_least(5), None, 3)
    with pytest.raises(ConfigurationError, match="from 0 to 3 after a roll"):
        optimal_value(four, Objective.at_least(5), CLUB.counts(DICE), 4)


# -- help -----------------------------------------------------------------------------------

def test_odds_roll_help_documents_every_option():
    parser = build_parser()
    roll = parser._subparsers._group_actions[0].choices["odds"]._subparsers._group_actions[
        0].choices["roll"]
    for action in roll._actions:
        assert action.help, action.option_strings
    text = roll.format_help()
    assert "expected points" in text and "--at-least" in text
    assert EXTRA_CHARACTERS[0] in text
    assert "0 to 2" in text and "1 to 3" in text


# -- --taken, --dice "", nothing left to score ----------------------------------------------

def test_taken_is_not_echoed_for_at_least():
    r = roll_query(dice=DICE, at_least=3, taken="Goofy:4")
    assert "taken" not in r
    assert any("--taken" in note for note in r["notes"])
    assert "--taken" in format_roll(r)
    r = roll_query(dice=DICE, at_least=3)
    assert "taken" not in r and "notes" not in r
    assert roll_query(dice=DICE, taken="Goofy:4")["taken"] == {"Goofy": [4]}


@pytest.mark.parametrize("taken", ["Goofy:4,Goofy:4", "Goofy:4 g:4"])
def test_repeated_taken_space_is_refused(taken):
    with pytest.raises(NotationError, match="Goofy:4 is listed twice"):
        roll_query(taken=taken)


@pytest.mark.parametrize("dice", ["", "  ", ","])
def test_empty_dice_is_an_error(dice):
    with pytest.raises(NotationError, match="--dice"):
        roll_query(dice=dice)


@pytest.mark.parametrize("at_least", [None, 2])
def test_everything_scored_says_nothing_left_to_score(at_least):
    r = roll_query(dice=DICE, scored="Mickey,Minnie,Donald,Goofy,Pluto", at_least=at_least)
    assert r["best"]["action"] == "nothing left to score"
    assert r["options"] == [r["best"]]
    text = format_roll(r)
    assert "nothing left to score" in text and "stop: 0" not in text
    assert KeepOption((), 0, Fraction(0)).describe() == "nothing left to score"


def test_keep_options_of_all_scored_has_only_nothing_left():
    opts = keep_options(CLUB, Objective.points(scored=range(5)), CLUB.counts(DICE))
    assert opts[0].describe() == "nothing left to score"


# -- the answer's words ---------------------------------------------------------------------

def test_roll_text_singular_plural():
    assert "1 roll left" in format_roll(roll_query(dice=DICE, rolls_left=1))
    assert "2 rolls left" in format_roll(roll_query(dice=DICE))
    assert "before the first roll, 1 roll" in format_roll(roll_query(rolls_left=1))


def test_keep_hint_docstring_example_is_real_output():
    finder = doctest.DocTestFinder()
    tests = [t for t in finder.find(swkit.odds.dice) if t.name.endswith("keep_hint")]
    assert tests and tests[0].examples
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in tests:
        runner.run(t)
    assert runner.summarize(verbose=False).failed == 0
