"""The `swkit odds roll` / `swkit odds solo` query functions (JSON-ready dicts, errors)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from swkit.cli.odds_dice import format_roll, format_solo, roll_query, solo_query
from swkit.errors import ConfigurationError, NotationError


def test_roll_after_a_roll_at_least():
    r = roll_query(dice="Mickey Mickey Clubhouse Goofy Pluto", at_least=4)
    assert r["rolls_left"] == 2 and r["kind"] == "at_least" and r["target"] == "any"
    assert r["probability"] == "65/81" and abs(r["percent"] - 100 * 65 / 81) < 1e-3
    assert r["best"]["keep"] == ["Mickey", "Mickey", "Clubhouse"]
    assert len(r["options"]) == 24  # 3 * 2 * 2 * 2 distinct keeps
    assert sum(Fraction(p) for p in r["distribution"].values()) == 1
    assert sum(Fraction(p) for x, p in r["distribution"].items() if int(x) >= 4) == Fraction(65, 81)
    json.dumps(r)
    text = format_roll(r)
    assert "65/81" in text and "keep Mickey Mickey Clubhouse" in text


def test_roll_expected_points_is_the_default_question():
    r = roll_query(dice="Mickey Mickey Clubhouse Goofy Pluto", scored="Minnie,Donald",
                   taken="Goofy:4,Mickey:5")
    assert r["kind"] == "points" and "expected" in r and "probability" not in r
    assert r["taken"] == {"Mickey": [5], "Goofy": [4]}
    assert Fraction(r["expected"]) == max(Fraction(o["expected"]) for o in r["options"])
    assert "points" in format_roll(r)


def test_roll_before_first_roll():
    r = roll_query()
    assert r["rolls_left"] == 3 and r["dice"] is None
    assert r["expected"] == "417671285/102036672"
    r = roll_query(target="Goofy", at_least=5)
    assert r["probability"] == str(Fraction(2476099, 14348907))
    assert r["options"][0]["action"] == "roll all dice"
    assert roll_query(at_least=5, characters=6, wilds=0)["probability"] == "347897/7558272"


def test_roll_no_rolls_left():
    r = roll_query(dice="Mickey Mickey Clubhouse Goofy Pluto", rolls_left=0)
    assert r["options"] == [r["best"]] and r["best"]["action"] == "stop and score Mickey"
    assert r["expected"] == "3"


@pytest.mark.parametrize("kwargs,error,part", [
    ({"dice": "Mickey Mickey Clubhouse Goofy Pluto Pluto"}, NotationError, "6 dice"),
    ({"dice": "Mickey Mickey Clubhouse Goofy Xyz"}, NotationError, "'Xyz'"),
    ({"at_least": 7}, ConfigurationError, "--at-least"),
    ({"taken": "Goofy:6"}, ConfigurationError, "Goofy:6"),
    ({"taken": "Goofy:0"}, ConfigurationError, "Goofy:0"),
    ({"taken": "Goofy"}, NotationError, "'Goofy'"),
    # int() read a full-width '４' as 4: ASCII digits only, as elsewhere
    ({"taken": "Goofy:４"}, NotationError, "'４'"),
    ({"taken": "Goofy:1_0"}, NotationError, "'1_0'"),
    ({"taken": "Zed:3"}, NotationError, "'Zed'"),
    ({"target": "Clubhouse"}, NotationError, "--target"),
    ({"scored": "Minnie,Nobody"}, NotationError, "'Nobody'"),
    ({"dice": "Mickey Mickey Clubhouse Goofy Pluto", "rolls_left": -1}, ConfigurationError,
     "rolls left"),
    ({"target": "Goofy", "scored": "Goofy"}, ConfigurationError, "already scored"),
    ({"wilds": 0, "dice": "Mickey Mickey Clubhouse Goofy Pluto"}, NotationError, "no wild"),
])
def test_roll_bad_input(kwargs, error, part):
    with pytest.raises(error, match=part):
        roll_query(**kwargs)


def test_solo_query():
    r = solo_query()
    assert r["expected"] == "506567866195/26121388032"
    assert sum(Fraction(t["expected"]) for t in r["per_turn"]) == Fraction(r["expected"])
    json.dumps(r)
    assert "19.39" in format_solo(r)
    s = solo_query(dice="Mickey Mickey Clubhouse Goofy Pluto", scored="Minnie")
    assert s["action"] == "keep Mickey Mickey Clubhouse" and s["options"]
    assert "best action" in format_solo(s)
