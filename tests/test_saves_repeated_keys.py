"""A key written twice in one JSON object is refused, naming it, wherever swkit reads JSON a
user hands in: both games' saves (every kind of object in a save mid-game and over, the
repeat before or after the first, with the same value or another) and a Powers file. Python's
reader alone keeps the later value without a word."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from random_play import dumps_repeating, json_path, objects, play

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.files import RepeatedKeyError, loads_unique, parse_json
from swkit.saves import SaveError


def played(game: Any, steps: int, seed: int) -> Any:
    return play(game, steps, random.Random(seed))


SAVES = {
    "cards-mid": lambda: played(CardGame(players=3, seed=4), 40, 4),
    "cards-over": lambda: played(CardGame(players=2, seed=2), 100_000, 2),
    "cards-position": lambda: played(CardGame.from_position(
        hands=["R1 R2 B5 G7 Y9", "P1 P2 P3 G4 B8"], tableaux=["R3 G3", "Y3"],
        discard="B1 B2", phase="draw"), 6, 1),
    "dice-mid": lambda: played(DiceGame(players=3, seed=4), 12, 4),
    "dice-over": lambda: played(DiceGame(players=2, seed=6), 100_000, 6),
}


def kinds(data: dict) -> list[tuple[tuple[Any, ...], str]]:
    """One ``(object path, key)`` per kind of field: the first object at each path shape
    (list indices ignored), each of its keys."""
    chosen: dict[tuple[Any, ...], tuple[tuple[Any, ...], dict]] = {}
    for path, obj in objects(data):
        shape = tuple("#" if isinstance(p, int) else p for p in path)
        chosen.setdefault(shape, (path, obj))
    return [(path, key) for path, obj in chosen.values() for key in obj]


@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_kind_of_field_written_twice_is_refused_naming_it(name: str) -> None:
    game = SAVES[name]()
    save = game.to_json()
    data = json.loads(save)
    cases = kinds(data)
    assert len(cases) >= 20
    refused = 0
    for path, key in cases:
        obj = data
        for part in path:
            obj = obj[part]
        for extra, first in ((obj[key], False), (obj[key], True), (None, False), (7, True)):
            text = dumps_repeating(data, path, key, extra, first)
            assert json.loads(text) is not None
            with pytest.raises(SaveError) as caught:
                type(game).from_json(text)
            assert caught.value.path == json_path((*path, key)), (path, key)
            assert f"the key {key!r} is written twice" in str(caught.value)
            refused += 1
    assert refused == 4 * len(cases)
    assert type(game).from_json(save) == game  # the save as written still loads


def test_the_reported_save_is_refused() -> None:
    text = '{"players":3,' + CardGame(players=2, seed=1).to_json()[1:]
    with pytest.raises(SaveError, match=r"players: the key 'players' is written twice"):
        CardGame.from_json(text)


def test_a_powers_file_with_a_key_written_twice_is_refused(tmp_path) -> None:
    data = load_edition("mickey").to_dict()
    power = json.dumps(data["powers"][2])
    text = json.dumps(data).replace(power, power[:-1] + ', "effect": "swap"}')
    assert text != json.dumps(data)
    path = tmp_path / "box.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigurationError,
                       match=re.escape("powers[2].effect: the key 'effect' is written twice")):
        load_edition(path)


def test_loads_unique_reads_what_json_reads_and_names_the_first_repeat() -> None:
    for text in ('{}', '[]', '{"a": {"b": [1, {"c": 2}]}, "d": null}', '"x"', "3"):
        assert loads_unique(text) == json.loads(text)
    with pytest.raises(RepeatedKeyError) as caught:
        loads_unique('{"a": [{"b": 1}, {"c": 1, "d": 2, "c": 3}], "e": 1, "e": 2}')
    assert (caught.value.path, caught.value.key) == ("a[1].c", "c")
    with pytest.raises(ConfigurationError, match=r"x\.json: a\.b: the key 'b'"):
        parse_json('{"a": {"b": 1, "b": 1}}', "x.json")
