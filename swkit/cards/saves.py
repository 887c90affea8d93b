"""A saved card game: its schema and its checks (``CardGame.from_json``).

The stages are :mod:`swkit.saves`'s, the same for both games: the text is read
(``read_save``), every field is walked against :data:`SAVE_FIELDS` (its type, range and
length; bounds that depend on the player count, the editions and the round limit read before
it), the start and the saved state are checked as positions at rest
(``CardGame.check_position``: RULES.md §A8 conservation, the phase's fields, tableau sizes,
scores and the end, the turn records), and the history is replayed from the start
(:func:`_replay`), which must lead to the saved state field by field. The first failure raises
a :class:`~swkit.saves.SaveError` naming the field by its JSON path (``hands[1][3]``,
``start.phase``, ``history[12]``) and the accepted form. Tested in tests/test_saves.py.
"""

from __future__ import annotations

import json
from typing import Any

from swkit.cards.editions import (
    MAX_EDITIONS,
    MIN_EDITIONS,
    PRIMITIVES,
    edition_from_dict,
    resolve_editions,
)
from swkit.cards.notation import ALL_CARDS, COLORS
from swkit.cards.phases import MAX_PLAYERS, MAX_ROUND_LIMIT, MIN_PLAYERS, PHASES, WIN_POWERS
from swkit.cards.turn import ReplayError, replay
from swkit.errors import ConfigurationError
from swkit.limits import SEED_DIGITS
from swkit.saves import (
    RNG,
    AnyOf,
    Bool,
    Check,
    Dict,
    Int,
    List,
    Null,
    Obj,
    SaveError,
    Spec,
    Str,
    Tagged,
    Tuple,
    first_difference,
    path_join,
    read_save,
    show,
    walk,
)
from swkit.state import CHANCE

__all__ = ["SAVE_FIELDS", "STATE_FIELDS", "load_checked"]

_WHAT = "card game"
_CARD = Str(pattern=r"[BGPRY][1-9]", what="a card like 'R7' (RULES.md §A1)")
_CARD_LIST = Str(pattern=r"([BGPRY][1-9]( [BGPRY][1-9])*)?", what="cards like 'R3 R4 R5'")


def _seat(ctx: dict[str, Any]) -> int:
    return ctx["players"] - 1


def _max_cards(ctx: dict[str, Any]) -> int:
    return len(ALL_CARDS) * len(ctx["editions"])


def _param_max(ctx: dict[str, Any], *effects: str) -> int:
    return max((int(v) for ed in ctx["editions"] for p in ed.powers if p.effect in effects
                for k, v in p.params.items() if k in ("count", "depth")), default=0)


def _read_editions(value: list[Any], ctx: dict[str, Any]) -> tuple[int, str] | None:
    eds = []
    for i, raw in enumerate(value):
        try:
            eds.append(edition_from_dict(raw, "edition"))
        except ConfigurationError as exc:
            return i, str(exc)
    try:
        ctx["editions"] = resolve_editions(eds)
    except ConfigurationError as exc:
        return 0, str(exc)
    return None


def _power_numbers(ctx: dict[str, Any], e: int) -> set[int]:
    return {p.number for p in ctx["editions"][e].powers}


def _power_problem(e: int, n: Any, ctx: dict[str, Any]) -> str | None:
    if n is None or n in _power_numbers(ctx, e):
        return None
    return (f"is {n}, not a Power number of edition {e + 1}; accepted: "
            + ", ".join(str(k) for k in sorted(_power_numbers(ctx, e))))


def _pile_test(piles: list[list[int]], ctx: dict[str, Any]) -> tuple[Any, str] | None:
    for e, pile in enumerate(piles):
        for i, n in enumerate(pile):
            problem = _power_problem(e, n, ctx)
            if problem:
                return (e, i), problem
    return None


def _center_test(centers: list[int | None], ctx: dict[str, Any]) -> tuple[int, str] | None:
    for e, n in enumerate(centers):
        problem = _power_problem(e, n, ctx)
        if problem:
            return e, problem
    return None


def _scored_test(rows: list[list[list[int]]], ctx: dict[str, Any]) -> tuple[Any, str] | None:
    for s, row in enumerate(rows):
        for i, (e, n) in enumerate(row):
            problem = _power_problem(e, n, ctx)
            if problem:
                return (s, i, 1), problem
    return None


def _pass_test(choices: list[list[Any]], ctx: dict[str, Any]) -> tuple[int, str] | None:
    seats = [s for s, _ in choices]
    for i, s in enumerate(seats):
        if s in seats[:i] or seats != sorted(seats):
            return i, "lists the seats once each, in seat order"
    return None


_SEAT = Int(0, _seat, what="a seat")
_EDITION_NUMBER = Int(1, lambda ctx: len(ctx["editions"]), what="an edition number")
_EVENTS = {
    "reshuffle": {"cards": Int(1)},
    "draw": {"card": _CARD},
    "play": {"card": _CARD},
    "figure": {"edition": _EDITION_NUMBER, "holder": AnyOf([Null(), _SEAT])},
    "power": {"key": Str(max_len=100), "edition": _EDITION_NUMBER},
    "power_draw": {"card": _CARD},
    "power_play": {"card": _CARD},
    "power_play_from_discard": {"card": _CARD},
    "power_take": {"cards": List(_CARD, max_len=_max_cards)},
    "power_swap": {"gives": _CARD, "takes": _CARD, "seat": _SEAT},
    "power_pass": {"cards": List(Tuple([_SEAT, _CARD_LIST]), max_len=MAX_PLAYERS)},
    "score": {"cards": _CARD_LIST, "power": Str(max_len=100)},
    "discard": {"cards": List(_CARD, max_len=_max_cards)},
}
_LOG_ENTRY = Obj({
    "turn": Int(0), "round": Int(0), "player": _SEAT,
    "draw": AnyOf([Null(), _CARD]), "play": AnyOf([Null(), _CARD]),
    "figure": AnyOf([Null(), _EDITION_NUMBER]), "figure_from": AnyOf([Null(), _SEAT]),
    "power": AnyOf([Null(), Obj({
        "key": Str(max_len=100), "edition": _EDITION_NUMBER, "effect": Str(tuple(PRIMITIVES)),
        "cards": List(AnyOf([_CARD, _SEAT, Tuple([_SEAT, _CARD_LIST])]), max_len=_max_cards),
    }, what="a Power record")]),
    "score": AnyOf([Null(), Obj({
        "cards": _CARD_LIST, "kind": Str(("set", "run")), "wilds": Str(max_len=200),
        "power": Str(max_len=100), "center": _EDITION_NUMBER,
        "new_center": AnyOf([Null(), Str(max_len=100)]),
    }, what="a score record")]),
    "discard": List(_CARD, max_len=_max_cards), "reshuffles": Int(0),
    "events": List(Tagged("event", {k: Obj({"event": Str(), **v}, what=f"a {k!r} event")
                                    for k, v in _EVENTS.items()}, what="an event"),
                   max_len=10_000),
    "tableau": List(_CARD, max_len=_max_cards),  # stamped by swkit.cards.play.run_game
}, optional=("tableau",), what="a turn record")

STATE_FIELDS: dict[str, Spec] = {
    "players": Int(MIN_PLAYERS, MAX_PLAYERS, bind="players", what="a player count"),
    "seed": Int(1 - 10 ** SEED_DIGITS, 10 ** SEED_DIGITS - 1, what="a seed"),
    "round_limit": Int(1, MAX_ROUND_LIMIT, bind="round_limit"),
    "editions": Check(List(Dict("an edition (as in a Powers data file)"), min_len=MIN_EDITIONS,
                           max_len=MAX_EDITIONS), _read_editions),
    "rng": RNG,
    "deck": List(_CARD, max_len=_max_cards),
    "discard": List(_CARD, max_len=_max_cards),
    "hands": List(List(_CARD, max_len=_max_cards), length=lambda ctx: ctx["players"],
                  what="one card list per seat"),
    "tableaux": List(List(_CARD, max_len=_max_cards), length=lambda ctx: ctx["players"],
                     what="one card list per seat"),
    "piles": Check(List(List(Int(1), max_len=100), length=lambda ctx: len(ctx["editions"]),
                        what="one list of Power numbers per edition"), _pile_test),
    "centers": Check(List(AnyOf([Null(), Int(1)]), length=lambda ctx: len(ctx["editions"]),
                          what="one Power number or null per edition"), _center_test),
    "figures": List(AnyOf([Null(), _SEAT]), length=lambda ctx: len(ctx["editions"]),
                    what="one holder seat or null per edition"),
    "scored": Check(List(List(Tuple([Int(0, lambda ctx: len(ctx["editions"]) - 1),
                                     Int(1)], what="[edition index, Power number]"),
                              max_len=WIN_POWERS),
                         length=lambda ctx: ctx["players"], what="one list per seat"),
                    _scored_test),
    "turn": Int(0, lambda ctx: ctx["round_limit"] * ctx["players"]),
    "phase": Str(PHASES),
    "wilds": Tuple([List(Str(COLORS), unique=True, max_len=len(COLORS)),
                    List(Int(1, 9), unique=True, max_len=9)],
                   what="[wild colors, wild numbers]"),
    "power_used": Bool(),
    "played": AnyOf([Null(), _CARD]),
    "remaining": Int(0, lambda ctx: _param_max(ctx, "extra_play", "extra_draw",
                                               "play_from_discard")),
    "pass_count": Int(0, lambda ctx: _param_max(ctx, "pass")),
    "pass_order": List(_SEAT, unique=True, max_len=lambda ctx: ctx["players"]),
    "pass_choices": Check(List(Tuple([_SEAT, List(_CARD, max_len=_max_cards)]),
                               max_len=lambda ctx: ctx["players"]), _pass_test),
    "winner": AnyOf([Null(), _SEAT]),
    "end_reason": Str(max_len=200),
    "log": List(_LOG_ENTRY, max_len=lambda ctx: ctx["round_limit"] * ctx["players"] + 1,
                what="a list of turn records"),
}
"""The fields of a card game's state in a save, in the order they are checked (a later field's
bounds use the player count, the editions and the round limit read before it). A new field of
the save is one more line here (and in ``CardGame.snapshot``/``from_snapshot``)."""

SAVE_FIELDS: dict[str, Spec] = {
    **STATE_FIELDS,
    "history": List(Tuple([Int(CHANCE, _seat, what="a seat or -1 (chance)"),
                           Str(max_len=300, what="an action or 'draw CARD'")]),
                    what="the moves from the start, oldest first"),
    "start": Obj(STATE_FIELDS, what="the start of the game"),
}
"""The fields of a saved card game (``to_json``): the state, the history, the start."""


def _replay(cls: Any, start: dict[str, Any], history: list[list[Any]]) -> Any:
    """The game of class ``cls`` after ``history`` applied to the state ``start``
    (:func:`swkit.cards.turn.replay`); SaveError names the first entry that is not legal
    there."""
    game = cls.from_snapshot(start, start=start)
    try:
        replay(game, history)
    except ReplayError as exc:
        raise SaveError(_WHAT, f"history[{exc.index}]", f"{exc.text!r} cannot be replayed from "
                        f"the start of the game: {exc.reason}") from None
    return game


def load_checked(cls: Any, text: str) -> Any:
    """``from_json``'s checks (swkit.saves) for the game class ``cls``
    (:class:`~swkit.cards.game.CardGame`): the schema walk, the start as a position at rest,
    the history replayed from it, the saved state equal to the replay. Returns the game
    replayed; raises SaveError naming the field."""
    data = read_save(text, _WHAT)
    if "game" in data:
        raise SaveError(_WHAT, "game", f"is {show(data['game'])}: a saved card game has no "
                        "such field" + (" (this is a saved dice game: load it with "
                                        "DiceGame.from_json)" if data["game"] == "dice" else ""))
    walk(Obj(SAVE_FIELDS, what="a saved card game"), data, _WHAT)
    start = cls.from_snapshot(data["start"])
    bad = start.check_position()
    if bad:
        raise SaveError(_WHAT, path_join("start", bad.path) if bad.path else "start", bad.words)
    saved = cls.from_snapshot(data)
    bad = saved.check_position()
    if bad:
        raise SaveError(_WHAT, bad.path, bad.words)
    game = _replay(cls, start.snapshot(), data["history"])
    replayed = game.snapshot()
    mine = {k: data[k] for k in replayed}
    mine["log"] = [{k: v for k, v in entry.items() if k != "tableau"} for entry in data["log"]]
    where = first_difference(mine, replayed, "")
    if where is not None:
        raise SaveError(_WHAT, where, "is not what the history leads to from the start (a "
                        "save is the start and the moves since: edit neither by hand)")
    game.log = json.loads(json.dumps(data["log"]))  # keeps run_game's "tableau" stamps
    return game
