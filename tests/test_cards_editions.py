"""Editions and Power data files (RULES.md §A7, §A9, §A2 decision)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from swkit.cards.editions import (
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


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["powers"][0].update(effect="teleport"), ["effect", "teleport", "wild_color"]),
    (lambda d: d["powers"][0].update(color="O"), ["color", "'O'", "P (purple)"]),
    (lambda d: d["powers"][3]["params"].update(number=10), ["params.number", "10", "1-9"]),
    (lambda d: d["powers"][4]["params"].update(number=0), ["params.number", "1-9"]),
    (lambda d: d["powers"][1].update(number=1), ["duplicate number 1"]),
    (lambda d: d["powers"][1].update(key="purple-wild"), ["duplicate key 'purple-wild'"]),
    (lambda d: d["powers"][0]["params"].update(colour="P"), ["unknown param", "colour"]),
    (lambda d: d["powers"][6]["params"].pop("count"), ["params.count"]),
    (lambda d: d["powers"][6]["params"].update(count=0), ["params.count", ">= 1"]),
    (lambda d: d["powers"][2].pop("text"), ["missing field", "text"]),
    (lambda d: d.update(powers=[]), ["non-empty list"]),
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
