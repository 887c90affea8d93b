"""Random play shared by the tests of copies, saves, stale clicks and the random inputs of
those kinds: games played on with random choices, a save's JSON with one key written twice, and a
student clicking a dice cup at random."""

from __future__ import annotations

import json
import random
from typing import Any

from swkit.state import CHANCE


def play(game: Any, steps: int, chooser: random.Random) -> Any:
    """``game`` after up to ``steps`` steps: chance from the game's own stream, each player's
    action chosen by ``chooser``; stops at the end of the game."""
    for _ in range(steps):
        if game.is_terminal():
            break
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(chooser.choice(game.legal_actions()))
    return game


def objects(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], dict]]:
    """Every JSON object in ``value`` with its path (keys and list indices), in reading order."""
    found: list[tuple[tuple[Any, ...], dict]] = []
    if isinstance(value, dict):
        found.append((path, value))
        for key, item in value.items():
            found += objects(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += objects(item, (*path, i))
    return found


def dumps_repeating(value: Any, target: tuple[Any, ...], key: str, extra: Any, first: bool,
                    path: tuple[Any, ...] = ()) -> str:
    """``value`` as JSON, with ``key`` of the object at ``target`` written a second time with
    ``extra`` (before the original when ``first``)."""
    if isinstance(value, dict):
        parts = [json.dumps(k) + ":" + dumps_repeating(v, target, key, extra, first, (*path, k))
                 for k, v in value.items()]
        if path == target:
            parts.insert(0 if first else len(parts), json.dumps(key) + ":" + json.dumps(extra))
        return "{" + ",".join(parts) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dumps_repeating(v, target, key, extra, first, (*path, i))
                              for i, v in enumerate(value)) + "]"
    return json.dumps(value)


def json_path(path: tuple[Any, ...]) -> str:
    """``("start", "hands", 1)`` as a save error names it: ``start.hands[1]``."""
    text = ""
    for part in path:
        text = f"{text}[{part}]" if isinstance(part, int) else (f"{text}.{part}" if text
                                                                else part)
    return text


def click_at_random(cup: Any, chooser: random.Random) -> str:
    """One random click on a dice cup, as a student may make it at any moment: Roll, a score
    button, a keep toggle or the hint. Returns which."""
    pick = chooser.random()
    if pick < 0.4:
        cup.roll_button.click()
        return "roll"
    if pick < 0.6 and cup.score_buttons:
        chooser.choice(list(cup.score_buttons.values())).click()
        return "score"
    if pick < 0.8:
        toggle = chooser.choice(cup.dice_buttons)
        toggle.value = not toggle.value
        return "keep"
    cup.hint_button.value = not cup.hint_button.value
    return "hint"
