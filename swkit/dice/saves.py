"""A saved dice game: its schema and its checks (``DiceGame.from_json``).

The stages are :mod:`swkit.saves`'s, the same for both games: the text is read
(``read_save``), every field is walked against :data:`SAVE_FIELDS` (its type, range and
length; bounds that depend on the player count, the characters and the turns read before it),
the state is checked as one a game can reach (:func:`state_problem`: the phase against the
dice, roll number, keeps and turns; the tokens against the turns played), and the history is
replayed from a new game with these settings through the game's public API, which must lead to
the saved state field by field, random stream included. The first failure raises a
:class:`~swkit.saves.SaveError` naming the field by its JSON path
(``board.rows.Goofy.spaces[2]``, ``history[12]``) and the accepted form. Tested in
tests/test_saves.py.
"""

from __future__ import annotations

from typing import Any, TypeVar

from swkit.dice.board import MAX_PLAYERS, Scoreboard
from swkit.dice.faces import check_characters
from swkit.dice.state import (
    DECIDE,
    DICE,
    MAX_ROLLS,
    MAX_TIEBREAK_ROUNDS,
    OVER,
    ROLL,
    TIEBREAK,
    die_faces,
    step_from_json,
)
from swkit.dice.words import whose_move
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.files import decode_text
from swkit.limits import SEED_DIGITS
from swkit.saves import (
    RNG,
    AnyOf,
    Bool,
    Check,
    Int,
    Keys,
    List,
    Null,
    Obj,
    SaveError,
    Spec,
    Str,
    Tuple,
    first_difference,
    read_save,
    walk,
)
from swkit.state import CHANCE, rng_from_json

__all__ = ["SAVE_FIELDS", "load_checked", "state_problem"]

G = TypeVar("G")

_WHAT = "dice game"


def _read_characters(value: list[str], ctx: dict[str, Any]) -> str | None:
    try:
        chars = check_characters(value)
    except ConfigurationError as exc:
        return str(exc)
    ctx["characters"], ctx["faces"] = chars, die_faces(chars)
    return None


def _seat(ctx: dict[str, Any]) -> int:
    return ctx["players"] - 1


_SEAT = Int(0, _seat, what="a seat")
_FACE = Str(choices_from="faces")
_ROW = Obj({"spaces": List(AnyOf([Null(), _SEAT]), length=5, what="five spaces (seat or null)"),
            "picture": List(_SEAT, max_len=lambda ctx: ctx["players"])}, what="a row")

SAVE_FIELDS: dict[str, Spec] = {
    "game": Str(("dice",)),
    "players": Int(1, MAX_PLAYERS, bind="players", what="a player count"),
    "seed": Int(1 - 10 ** SEED_DIGITS, 10 ** SEED_DIGITS - 1, what="a seed"),
    "characters": Check(List(Str(max_len=100), length=5, what="five character names"),
                        _read_characters),
    "turns_per_player": Int(1, 5, bind="turns"),
    "phase": Str((ROLL, DECIDE, TIEBREAK, OVER)),
    "turn": Int(0, lambda ctx: ctx["players"] * ctx["turns"]),
    "roll_number": Int(0, MAX_ROLLS),
    "dice": Check(List(_FACE, max_len=DICE, what="the faces showing"),
                  lambda v, ctx: None if len(v) in (0, DICE) else
                  f"shows {len(v)} dice; accepted: none (before a turn's first roll) or {DICE}"),
    "kept": List(Bool(), length=DICE),
    "board": Obj({
        "characters": Check(List(Str(max_len=100), length=5),
                            lambda v, ctx: None if tuple(v) == ctx["characters"] else
                            "differs from the game's characters"),
        "players": Int(lambda ctx: ctx["players"], lambda ctx: ctx["players"],
                       what="the game's player count"),
        "rows": Keys("characters", _ROW, what="one row per character"),
    }, what="a scoreboard"),
    "tied": List(_SEAT, unique=True, max_len=lambda ctx: ctx["players"]),
    "tiebreak_rounds": List(Obj({
        "seats": List(_SEAT, unique=True, min_len=2, max_len=lambda ctx: ctx["players"]),
        "dice": AnyOf([Null(), List(List(_FACE, length=DICE), max_len=MAX_PLAYERS)]),
        "clubhouses": List(Int(0, DICE), min_len=2, max_len=MAX_PLAYERS),
    }, what="a roll-off round"), max_len=MAX_TIEBREAK_ROUNDS),
    "history": List(Tuple([
        Str(("action", "roll", "tiebreak")), Int(CHANCE, _seat, what="a seat or -1 (chance)"),
        AnyOf([Str(max_len=200), List(AnyOf([_FACE, Int(0, DICE)]), max_len=MAX_PLAYERS + 1)]),
        Bool()], what="[kind, seat, value, sampled]"),
        max_len=lambda ctx: ctx["players"] * ctx["turns"] * 2 * MAX_ROLLS
        + MAX_TIEBREAK_ROUNDS),
    "rng": RNG,
}
"""The fields of a saved dice game (``to_json``), in the order they are checked (later bounds
use the player count, the characters and the turns read before them). A new field of the save
is one more line here (and in ``DiceGame._public``/``DiceGame._build``)."""


def state_problem(data: dict[str, Any], board: Scoreboard) -> tuple[str, str] | None:
    """What makes the saved state ``data`` (its fields already walked against
    :data:`SAVE_FIELDS`; ``board``: its scoreboard) one that no game reaches, as (the field's
    JSON path, the problem), or None.

    Checks: ``turn`` within 0..players*turns; the phases ``tiebreak`` and ``over`` only
    when every turn is played (and ``roll``/``decide`` only before); the dice, roll number
    and kept dice against the phase (no dice before a turn's first roll, five after it;
    1..3 rolls made when deciding, with nothing kept; before a reroll, 1..2 rolls made and
    at least one die picked up); each seat's tokens on the board equal to its turns
    played; at least two tied seats during a tie-break.
    """
    players, turns, turn = data["players"], data["turns_per_player"], data["turn"]
    total = players * turns
    phase, rolls, dice, kept = data["phase"], data["roll_number"], data["dice"], data["kept"]
    if not 0 <= turn <= total:
        return "turn", (f"turn {turn} is outside 0..{total} ({players} x "
                        f"{turns} turns)")
    done = turn == total
    if phase in (TIEBREAK, OVER) and not done:
        return "phase", (f"phase {phase!r} but only {turn} of {total} turns are "
                         "played: a game is over only when every turn is used (RULES.md §B5)")
    if phase in (ROLL, DECIDE) and done:
        return "phase", f"phase {phase!r} but all {total} turns are played"
    if not 0 <= rolls <= MAX_ROLLS:
        return "roll_number", f"roll number {rolls} is outside 0..{MAX_ROLLS} (RULES.md §B3)"
    if phase == DECIDE:
        if rolls < 1 or len(dice) != DICE or any(kept):
            return "dice", (f"phase 'decide' needs five dice showing after roll 1..3 and "
                            f"nothing kept, got {len(dice)} dice, roll {rolls}, kept "
                            f"{list(kept)}")
    elif phase == ROLL:
        if rolls == 0 and (dice or any(kept)):
            return "dice", ("phase 'roll' before a turn's first roll has no dice showing or "
                            "kept")
        if rolls > 0 and (len(dice) != DICE or rolls >= MAX_ROLLS or all(kept)):
            return "dice", (f"phase 'roll' after roll {rolls} needs five dice, a roll left "
                            f"and at least one die picked up, got {len(dice)} dice, kept "
                            f"{list(kept)}")
    elif dice or rolls or any(kept):
        return "dice", f"phase {phase!r} has no dice showing or kept and roll number 0"
    if phase == TIEBREAK and len(data["tied"]) < 2:
        return "tied", "a tie-break needs at least two tied seats"
    for seat in range(players):
        played = turn // players + (1 if seat < turn % players else 0)
        if board.tokens_placed(seat) != played:
            placed = board.tokens_placed(seat)
            return "board", (f"player {seat} has {placed} token"
                             f"{'' if placed == 1 else 's'} on the board after {played} "
                             f"turn{'' if played == 1 else 's'}: one token per turn "
                             "(RULES.md §B4)")
    return None


def load_checked(cls: type[G], text: str | bytes | bytearray | dict[str, Any]) -> G:
    """The game ``cls`` (:class:`~swkit.dice.game.DiceGame`) saved as ``text`` (its
    ``to_json``, the bytes of a saved file in UTF-8, or the parsed dict), checked completely
    first (see the module docstring); only the game's public API is used: a new game with the
    saved settings, :meth:`~swkit.dice.game.DiceGame.apply_step` for each step of the history,
    and :meth:`~swkit.dice.game.DiceGame.to_dict` to compare. Raises
    :class:`~swkit.saves.SaveError` naming the first bad field."""
    if isinstance(text, str | bytes | bytearray):
        data: Any = read_save(decode_text(text, "saved dice game"), _WHAT)
    else:
        data = text
    if not isinstance(data, dict) or data.get("game") != "dice":
        raise SaveError(_WHAT, "game" if isinstance(data, dict) else "",
                        "not a Clubhouse dice state: expected {\"game\": \"dice\"}")
    walk(Obj(SAVE_FIELDS, what="a saved dice game"), data, _WHAT)
    rng_from_json(data["rng"])
    try:
        board = Scoreboard.from_dict(data["board"])
    except ConfigurationError as exc:  # two tokens of one seat in a row
        raise SaveError(_WHAT, "board", str(exc)) from None
    history = [step_from_json(s) for s in data["history"]]
    bad = state_problem(data, board)
    if bad:
        raise SaveError(_WHAT, *bad)
    replayed: Any = cls(data["players"], data["seed"], data["characters"],
                        data["turns_per_player"])
    for i, step in enumerate(history):
        try:
            who = replayed.current_player()
            if step.kind == "action" and who != step.seat:
                raise IllegalActionError(f"the step is player {step.seat}'s, but "
                                         + whose_move(replayed))
            replayed.apply_step(step)
        except (IllegalActionError, NotationError) as exc:
            raise SaveError(_WHAT, f"history[{i}]", f"{list(step)} cannot be replayed "
                            f"from the start of the game: {exc}") from None
    where = first_difference(data, replayed.to_dict(), "")
    if where is not None:
        raise SaveError(_WHAT, where, "is not what the history leads to from the start "
                        "(a save is the settings and the moves since: edit neither by "
                        "hand)")
    return replayed  # type: ignore[no-any-return]
