"""The dice questions of ``swkit odds roll`` and ``swkit odds solo`` as JSON-ready dicts.

``roll_query`` and ``solo_query`` read their options into a question
(:class:`~swkit.present.questions.RollQuestion`, :class:`~swkit.present.questions.SoloQuestion`)
and answer it with :func:`swkit.present.answers.solve`, as the odds explorer does.

``roll_query`` answers one of two questions about the current turn (RULES.md §C2):

- with ``at_least=K``: the probability that the count reaches K by the end of the turn (the
  ``target``'s count, or with no target / ``"any"`` the best count over the unscored
  characters), playing the best keeps, stopping allowed;
- without ``at_least``: the expected points of this turn on the given board (``scored``
  characters cannot be scored, ``taken`` spaces push a token left, RULES.md §B4), scoring the
  best unscored character -- or, with a ``target``, the expected points when the player will
  score that character.

A ``target`` the player has already scored is refused for every question
(ConfigurationError "Mickey is already scored (RULES.md §B4) ..."): its row takes no more of
their tokens. ``taken`` is used only by expected points (a count does not depend on the
board): an ``at_least`` answer has no ``"taken"`` key, and a note under ``"notes"`` when
``taken`` was given. With every character scored the answer is 0 and its one option is
"nothing left to score".

Without ``dice`` the question is asked before the first roll (``rolls_left`` 1..3, default 3,
the rolls of the whole turn); with ``dice`` after a roll (``rolls_left`` 0..2, default 2;
RULES.md §B3). ``dice`` must name the five dice: an empty string is an error (leave ``dice``
out to ask before the first roll). Exact values are ``str(Fraction)``; every keep's value is
listed under ``"options"``, best first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from swkit.dice.scoring import TOP_SPACE
from swkit.entries import check_entries
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.dice import DiceModel, KeepOption, check_rolls_left
from swkit.odds.solo import solo_value
from swkit.present.answers import solve
from swkit.present.percent import percent_number, percent_text
from swkit.present.questions import RollQuestion, SoloQuestion


def _names(model: DiceModel, text: str | Iterable[str] | None, what: str) -> list[int]:
    if text is None:
        return []
    if isinstance(text, str):
        check_entries(text, what, '"Minnie,Donald" or "Minnie Donald"')
    tokens = [t for t in re.split(r"[\s,]+", text) if t] if isinstance(text, str) else list(text)
    out = []
    for token in tokens:
        try:
            j = model.character_index(token)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc}") from None
        if j in out:
            raise NotationError(f"{what}: {model.names[j]} is listed twice")
        out.append(j)
    return out


def _taken(model: DiceModel, text: str | dict[str, Iterable[int]] | None) -> dict[int, set[int]]:
    """Read ``"Goofy:4,Mickey:5"`` (or a dict name -> spaces) into index -> taken spaces."""
    if not text:
        return {}
    pairs: list[tuple[str, str]] = []
    if isinstance(text, dict):
        pairs = [(name, str(v)) for name, vals in text.items() for v in vals]
    else:
        check_entries(text, "--taken", '"Goofy:4,Mickey:5"')
        for token in (t for t in re.split(r"[\s,]+", text) if t):
            name, sep, space = token.partition(":")
            if not sep or not name or not space:
                raise NotationError(f"--taken entry {token!r} must be NAME:SPACE, "
                                    "e.g. Goofy:4")
            pairs.append((name, space))
    out: dict[int, set[int]] = {}
    for name, space in pairs:
        try:
            j = model.character_index(name)
        except NotationError as exc:
            raise NotationError(f"--taken: {exc}") from None
        try:
            if not (space.strip().isascii() and space.strip().isdigit()):
                raise ValueError(space)  # int() also reads '４' and '4_0'
            value = int(space)
        except ValueError:
            raise NotationError(f"--taken space {space!r} of {model.names[j]} is not a "
                                f"number 1..{TOP_SPACE}") from None
        if not 1 <= value <= TOP_SPACE:
            why = " (the Picture Column, 0, is never taken)" if value == 0 else ""
            raise ConfigurationError(f"--taken space {name}:{value} is outside the numbered "
                                     f"spaces 1..{TOP_SPACE}{why}")
        if value in out.get(j, ()):
            raise NotationError(f"--taken: {model.names[j]}:{value} is listed twice "
                                "(a numbered space holds one token, RULES.md §B4)")
        out.setdefault(j, set()).add(value)
    return out


def _dice(model: DiceModel, dice: str | None) -> tuple[int, ...] | None:
    """The count vector of ``--dice``, or None when it is not given (before the first roll).
    Raises NotationError for an empty value, naming the accepted form."""
    if dice is None:
        return None
    if not [t for t in re.split(r"[\s,]+", str(dice)) if t]:
        faces = [model.names[0]] * 2 + (["Clubhouse"] if model.wilds else [])
        faces += [model.names[i % model.characters] for i in range(1, model.n)]
        example = " ".join(faces[:model.n])
        raise NotationError(
            f"--dice is empty: name the {model.n} dice showing, e.g. --dice \"{example}\" "
            "(names or unique prefixes, C for the Clubhouse), or leave --dice out to ask "
            "before the first roll")
    return model.counts(dice)


def _value_fields(value: Fraction, probability: bool) -> dict[str, Any]:
    if probability:
        return {"probability": str(value), "percent": percent_number(value)}
    return {"expected": str(value), "float": round(float(value), 6)}


def _option(o: KeepOption, probability: bool) -> dict[str, Any]:
    return {"action": o.describe(), "keep": list(o.keep), "reroll": o.reroll,
            "score": o.score, **_value_fields(o.value, probability)}


def roll_query(dice: str | None = None, rolls_left: int | None = None,
               target: str | None = None, at_least: int | None = None,
               scored: str | Iterable[str] | None = None,
               taken: str | dict[str, Iterable[int]] | None = None,
               characters: int = 5, wilds: int = 1) -> dict[str, Any]:
    """Answer ``swkit odds roll`` (see the module docstring) as a JSON-ready dict.

    Keys: ``question``, ``kind`` ("at_least" or "points"), the inputs read back, the exact
    value (``probability`` + ``percent``, or ``expected`` + ``float``, as ``str(Fraction)``),
    ``distribution`` ({count or points: "p/q"} at the end of the turn under the best play),
    ``best`` (the best keep) and ``options`` (every distinct keep's value, best first).
    Raises NotationError for an unknown face or name, a wrong number of dice, empty dice, a
    name listed twice or a malformed or repeated --taken; ConfigurationError for --at-least
    outside 1..dice, a taken space outside 1..5, a target already scored, bad rolls left
    (see the module docstring) or model parameters.
    """
    model = DiceModel(characters=characters, wilds=wilds)
    counts = _dice(model, dice)
    done = _names(model, scored, "--scored")
    board = _taken(model, taken)
    if target is None or str(target).strip().lower() in ("", "any"):
        tgt = None
    else:
        try:
            tgt = model.character_index(str(target))
        except NotationError as exc:
            raise NotationError(f"--target: {exc}; or write 'any' for the best character"
                                ) from None
    if at_least is not None:
        if not 1 <= at_least <= model.n:
            raise ConfigurationError(f"--at-least must be from 1 to {model.n}, got {at_least}")
        who = "the best count" if tgt is None else f"{model.names[tgt]}'s count"
        question = f"P({who} >= {at_least})"
    else:
        question = ("expected points this turn" if tgt is None
                    else f"expected points this turn scoring {model.names[tgt]}")
    ask = RollQuestion(
        dice=None if counts is None else model.faces_of(counts),
        rolls_left=0, scored=tuple(model.names[j] for j in done),
        taken=tuple((model.names[j], space) for j, row in sorted(board.items())
                    for space in sorted(row)),
        target=None if tgt is None else model.names[tgt], at_least=at_least,
        characters=model.characters, wilds=model.wilds)
    ask.objective().resolve(model).check(model)
    t = check_rolls_left(model, counts, rolls_left)
    answer = solve(replace(ask, rolls_left=t))
    probability = answer.is_probability
    value = answer.value
    dist = answer.bars
    if len(done) == model.characters:
        opts = [{"action": "nothing left to score", "keep": [], "reroll": 0, "score": None,
                 **_value_fields(value, probability)}]
    elif counts is None:
        opts = [{"action": "roll all dice", "keep": [], "reroll": model.n, "score": None,
                 **_value_fields(value, probability)}]
    else:
        opts = [_option(o, probability) for o in answer.result]
    extra: dict[str, Any] = {}
    if not probability:
        extra["taken"] = {model.names[j]: sorted(v) for j, v in sorted(board.items())}
    elif board:
        extra["notes"] = ["--taken is not used by --at-least questions: a count does not "
                          "depend on the spaces others hold"]
    return {
        "question": question,
        "kind": "at_least" if probability else "points",
        "dice": None if counts is None else list(model.faces_of(counts)),
        "rolls_left": t,
        "target": "any" if tgt is None else model.names[tgt],
        "at_least": at_least,
        "scored": [model.names[j] for j in done],
        **extra,
        "characters": list(model.names),
        "wilds": model.wilds,
        **_value_fields(value, probability),
        "distribution": {str(x): str(p) for x, p in dist.items()},
        "best": opts[0],
        "options": opts,
    }


def format_roll(result: dict[str, Any]) -> str:
    """A short readable answer for :func:`roll_query`'s result."""
    probability = result["kind"] == "at_least"
    rolls = f"{result['rolls_left']} roll{'' if result['rolls_left'] == 1 else 's'}"
    where = (f"with {' '.join(result['dice'])}, {rolls} left"
             if result["dice"] else f"before the first roll, {rolls}")
    lines = []
    if probability:
        lines.append(f"{result['question']} {where}: {result['probability']} "
                     f"= {percent_text(Fraction(result['probability']))}")
    else:
        lines.append(f"{result['question']} {where}: {result['expected']} "
                     f"= {result['float']:.4f} points")

    def show(o: dict[str, Any]) -> str:
        v = (percent_text(Fraction(o["probability"])) if probability
             else f"{float(Fraction(o['expected'])):.3f}")
        return f"{o['action']}: {v}"

    lines.append("best: " + show(result["best"]))
    others = result["options"][1:]
    if others:
        shown = others[:4]
        extra = [o for o in others[4:] if o["reroll"] in (0, len(result["dice"] or []))]
        lines.append("vs " + "; ".join(show(o) for o in shown + extra)
                     + (f" (+{len(others) - len(shown) - len(extra)} more)"
                        if len(others) > len(shown) + len(extra) else ""))
    what = "count" if probability else "points"
    lines.append(f"distribution of the {what}: " + ", ".join(
        f"{x}: {percent_text(Fraction(p))}" for x, p in result["distribution"].items()))
    lines += [f"note: {note}" for note in result.get("notes", ())]
    return "\n".join(lines)


def solo_query(characters: int = 5, wilds: int = 1, dice: str | None = None,
               rolls_left: int | None = None,
               scored: str | Iterable[str] | None = None) -> dict[str, Any]:
    """Answer ``swkit odds solo``: the solo game's optimal expected total (RULES.md §B2) as
    ``{"expected": "p/q", "float": x, "per_turn": [...], ...}``. With ``dice`` (or ``scored``)
    also the optimal action in that solo state (``"action"``, ``"options"``; values are the
    expected points of the rest of the game). Raises NotationError / ConfigurationError for
    bad input as :func:`roll_query` does.
    """
    model = DiceModel(characters=characters, wilds=wilds)
    ask = SoloQuestion(characters=model.characters, wilds=model.wilds)
    if dice is not None or scored:
        done = _names(model, scored, "--scored")
        counts = None if dice is None else model.counts(dice)
        ask = replace(ask, dice=None if counts is None else model.faces_of(counts),
                      rolls_left=rolls_left, scored=tuple(model.names[j] for j in done))
    answer = solve(ask)
    total, turns, act = answer.value, answer.result.per_turn, answer.result.action
    out: dict[str, Any] = {
        "question": "solo game: optimal expected total",
        "expected": str(total),
        "float": round(float(total), 6),
        "turns": model.characters,
        "maximum": model.characters * min(model.n, TOP_SPACE),
        "per_turn": [{"unscored": u, "expected": str(turns[u]),
                      "float": round(float(turns[u]), 6)}
                     for u in range(model.characters, 0, -1)],
    }
    if act is not None:
        out["state"] = {"dice": None if counts is None else list(model.faces_of(counts)),
                        "rolls_left": check_rolls_left(model, counts, rolls_left),
                        "scored": [model.names[j] for j in done],
                        "expected_rest": str(solo_value(model, len(done)))}
        out["action"] = act.action
        out["action_value"] = str(act.value)
        out["options"] = [_option(o, False) for o in act.options]
    return out


def format_solo(result: dict[str, Any]) -> str:
    """A short readable answer for :func:`solo_query`'s result."""
    lines = [f"solo game, optimal play: expected total {result['expected']} "
             f"= {result['float']:.4f} points (of {result['maximum']})",
             "per turn: " + ", ".join(f"{t['unscored']} unscored {t['float']:.4f}"
                                      for t in result["per_turn"])]
    if "action" in result:
        lines.append(f"best action: {result['action']} "
                     f"(expected rest of game {float(Fraction(result['action_value'])):.4f})")
    return "\n".join(lines)
