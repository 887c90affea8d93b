"""Editions and Power data files (RULES.md §A7, §A9, §A2 decision)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from swkit.cards.editions import (
    LIMITS,
    PRIMITIVES,
    Edition,
    edition_from_dict,
    load_edition,
    lookup_power,
)
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.errors import ConfigurationError, NotationError

DATA = Path(__file__).resolve().parents[1] / "swkit" / "cards" / "data" / "mickey_and_friends.json"


def raw() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_builtin_mickey_edition_has_the_ten_powers_of_A7() -> None:
    """RULES.md §A7: ten Powers, numbers 1-10, colors and primitives as in the table."""
    e = load_edition("mickey")
    assert isinstance(e, Edition)
    assert e.name == "Mickey and Friends" and e.key == "mickey"
    assert [p.number for p in e.powers] == list(range(1, 11))
    assert [p.color for p in e.powers] == list("PYGRBGBRYP")
    assert [p.effect for p in e.powers] == [
        "wild_color", "wild_color", "play_from_discard", "wild_number", "wild_number",
        "extra_play", "extra_draw", "take_from_discard", "swap", "pass"]
    assert e.powers[0].wilds == Wilds(colors=frozenset("P"))
    assert e.powers[4].wilds == Wilds(numbers=frozenset({9}))
    assert e.powers[6].wilds == NO_WILDS
    assert load_edition(DATA) == e == load_edition(str(DATA))
    assert load_edition(e) is e
    assert edition_from_dict(e.to_dict()) == e


def test_lookup_power_by_number_or_key_A7() -> None:
    e = load_edition()
    assert lookup_power(e, 3).key == "green-discard"
    assert lookup_power(e, "Yellow-Swap").number == 9
    with pytest.raises(NotationError, match="purple-wild"):
        lookup_power(e, "mauve-wild")


@pytest.mark.parametrize("text", [7, "7", " 07 ", "Power 7", "power7", "POWER 07"])
def test_a_power_number_is_one_power_in_any_form_the_kit_writes_A7(text) -> None:
    # each number is one Power of the edition (RULES.md §A7's #; the loader refuses a
    # duplicate number), so "7" is unambiguous; "Power 7" is how the kit prints it
    assert lookup_power(load_edition(), text).key == "blue-draw-two"


@pytest.mark.parametrize("text", ["11", "0", "Power 11", "7.0", "blue", "Power"])
def test_a_power_that_is_not_there_is_refused_listing_each_number_with_its_key_A7(text) -> None:
    e = load_edition()
    with pytest.raises(NotationError) as info:
        lookup_power(e, text)
    message = str(info.value)
    assert repr(text) in message and "numbered 1 to 10, one Power each" in message
    assert all(f"{p.number} {p.key}" in message for p in e.powers), message


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["powers"][0].update(effect="teleport"), ["effect", "teleport", "wild_color"]),
    (lambda d: d["powers"][0].update(color="O"), ["color", "'O'", "P (purple)"]),
    (lambda d: d["powers"][3]["params"].update(number=10), ["params.number", "10", "1-9"]),
    (lambda d: d["powers"][4]["params"].update(number=0), ["params.number", "1-9"]),
    (lambda d: d["powers"][1].update(number=1), ["duplicate number 1"]),
    (lambda d: d["powers"][1].update(key="purple-wild"), ["duplicate key 'purple-wild'"]),
    (lambda d: d["powers"][0]["params"].update(colour="P"), ["unknown param", "colour"]),
    (lambda d: d["powers"][6]["params"].pop("count"), ["params.count"]),
    (lambda d: d["powers"][6]["params"].update(count=0), ["params.count", "from 1 to 3"]),
    (lambda d: d["powers"][2].pop("text"), ["missing field", "text"]),
    (lambda d: d.update(powers=[]), ["list of 1 to 40 Powers", "got 0"]),
    # an unknown field of the edition was ignored without a word
    (lambda d: d.update(version=2), ["unknown field", "'version'", "edition, key, powers"]),
    (lambda d: d.update(name="Mine"), ["unknown field", "'name'"]),
    (lambda d: d.update(Powers=d["powers"]), ["unknown field", "'Powers'"]),
])
def test_bad_data_file_is_rejected_with_a_clear_error_A2_A7(edit, words, tmp_path) -> None:
    """RULES.md §A2 decision: bad color, wild number outside 1-9, unknown primitive, duplicates."""
    data = raw()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError) as info:
        load_edition(path)
    for word in words:
        assert word in str(info.value)


def test_unknown_source_and_bad_json(tmp_path) -> None:
    with pytest.raises(ConfigurationError, match="mickey"):
        load_edition("donald")
    bad = tmp_path / "x.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigurationError, match="not valid JSON"):
        load_edition(bad)


def test_every_primitive_is_documented_and_loadable() -> None:
    data = raw()
    used = {p["effect"] for p in data["powers"]}
    assert used == set(PRIMITIVES)
    e = edition_from_dict(copy.deepcopy(data))
    assert {p.effect for p in e.powers} == set(PRIMITIVES)


# -- limits on what an edition may set ------------------------------------------------------------

def _at_limits(effects: list[str]) -> dict:
    """The built-in edition with its Powers' effects replaced, in turn, by ``effects``, each at
    the largest count (and depth) an edition may set."""
    data = raw()
    for i, power in enumerate(data["powers"]):
        effect = effects[i % len(effects)]
        power["effect"] = effect
        if effect == "play_from_discard":
            power["params"] = {"requires_number": None,
                               "depth": LIMITS["play_from_discard.depth"]}
        elif effect == "swap":
            power["params"] = {}
        else:
            power["params"] = {"count": LIMITS[f"{effect}.count"]}
    return data


@pytest.mark.parametrize("param", sorted(k for k in LIMITS if "." in k))
def test_every_count_above_its_limit_is_refused_naming_the_limit(param, tmp_path) -> None:
    """An edited Powers file cannot ask for a turn that never ends (draw 10, play 10: issue
    15 item 4): one above each limit is refused with the field and the accepted range."""
    effect, name = param.split(".")
    data = _at_limits([effect])
    edition_from_dict(data)  # the limit itself is accepted
    data["powers"][0]["params"][name] = LIMITS[param] + 1
    with pytest.raises(ConfigurationError) as info:
        edition_from_dict(data)
    message = str(info.value)
    assert f"params.{name} is {LIMITS[param] + 1}" in message
    assert f"from 1 to {LIMITS[param]}" in message and "Power 1" in message


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["powers"][0].update(number=100), ["number is 100", "from 1 to 99"]),
    (lambda d: d["powers"][0].update(key="k" * 41), ["key is", "at most 40"]),
    (lambda d: d["powers"][0].update(text="x" * 301), ["text is", "at most 300", "characters)"]),
    (lambda d: d.update(edition="E" * 81), ["edition is", "at most 80"]),
    (lambda d: d.update(powers=[dict(d["powers"][0], number=i + 1, key=f"p{i}")
                                for i in range(41)]), ["list of 1 to 40", "got 41"]),
])
def test_sizes_above_the_limits_are_refused(edit, words) -> None:
    data = raw()
    edit(data)
    with pytest.raises(ConfigurationError) as info:
        edition_from_dict(data)
    message = str(info.value)
    assert len(message) < 300 and "\n" not in message  # a long value is cut in the message
    for word in words:
        assert word in message


def test_the_module_docstring_states_every_limit() -> None:
    """The data file's schema (the editions module's docstring) gives each range."""
    from swkit.cards import editions
    doc = editions.__doc__
    for param, top in LIMITS.items():
        if "." in param:
            effect, name = param.split(".")
            assert f"``{name}``: [1, {top}]" in doc.split(f"``{effect}``", 1)[1], param


EXTREMES = {
    "draw-play-pass": ["extra_draw", "extra_play", "pass"],
    "draw-take-pass": ["extra_draw", "take_from_discard", "pass"],
    "every-primitive": ["extra_draw", "extra_play", "pass", "take_from_discard",
                        "play_from_discard", "swap"],
}


@pytest.mark.parametrize("mix", sorted(EXTREMES))
def test_four_bots_finish_a_game_with_every_extreme_valid_edition(mix, tmp_path) -> None:
    """The real command, 4 bots, 4 copies of an edition whose Powers all sit at the largest
    valid counts: each game ends (a winner or the round limit) well within the minute allowed
    (without the limits, draw 10 with play 10 ran for ever)."""
    path = tmp_path / f"{mix}.json"
    path.write_text(json.dumps(_at_limits(EXTREMES[mix])), encoding="utf-8")
    for seed, bots in ((0, "random"), (1, "greedy"), (2, "greedy,random")):
        done = subprocess.run(
            [sys.executable, "-m", "swkit", "play", "cards", "--players", "4", "--editions", "4",
             "--seed", str(seed), "--bots", bots, "--powers", str(path), "--json"],
            capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        record = json.loads(done.stdout)
        assert record["winner"] is not None or record["reason"].startswith("round limit")
