"""Clubhouse dice, the state's values (RULES.md section B): the dice and their faces, actions,
history steps, the rule facts of a roll, and what a player sees.

:class:`~swkit.dice.game.DiceGame` (the turn machine) is built from these; they hold no turn
logic. Every name here is also importable from :mod:`swkit.dice.game`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, NamedTuple

from swkit.dice import scoring
from swkit.dice.board import Scoreboard
from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS, Roll

__all__ = [
    "ACTIONS", "DECIDE", "DICE", "MAX_ROLLS", "MAX_TIEBREAK_ROUNDS", "NONE_KEPT", "OVER", "PHASES",
    "ROLL", "TIEBREAK", "TURNS_BY_PLAYERS", "Action", "DiceInfo", "DiceView", "RollOff", "Step",
    "canonical_action", "dice_info", "die_faces", "face_order", "roll_outcomes", "sort_faces",
    "step_from_json",
]

DICE = 5
"""Number of dice (RULES.md §B1)."""

MAX_ROLLS = 3
"""Rolls per turn: the first and up to two rerolls (RULES.md §B3)."""

TURNS_BY_PLAYERS: dict[int, int] = {1: 5, 2: 5, 3: 4, 4: 3}
"""Turns per player by player count (RULES.md §B2)."""

MAX_TIEBREAK_ROUNDS = 100
"""Clubhouse roll-off rounds before a tie is declared a shared win (RULES.md §B5 decision)."""

ROLL, DECIDE, TIEBREAK, OVER = "roll", "decide", "tiebreak", "over"
"""The phases of a game: dice to be rolled, keep or score, the Clubhouse roll-off, the end."""

PHASES: tuple[str, ...] = (ROLL, DECIDE, TIEBREAK, OVER)
"""Every phase, in the order a game goes through them."""

NONE_KEPT: tuple[bool, ...] = (False,) * DICE
"""No die held back: before a turn's first roll and after a score."""


# -- faces ---------------------------------------------------------------------------------------

def die_faces(characters: Sequence[str] = DEFAULT_CHARACTERS) -> tuple[str, ...]:
    """The six faces of a die in canonical order: the characters in row order, then the
    Clubhouse (RULES.md §B1). A roll draws faces by index into this tuple."""
    return (*characters, CLUBHOUSE)


def face_order(characters: Sequence[str] = DEFAULT_CHARACTERS) -> dict[str, int]:
    """Each face's rank in canonical order (characters in row order, then the Clubhouse)."""
    return {f: i for i, f in enumerate(die_faces(characters))}


def sort_faces(faces: Iterable[str], characters: Sequence[str] = DEFAULT_CHARACTERS
               ) -> tuple[str, ...]:
    """``faces`` (canonical names) as a multiset in canonical order."""
    order = face_order(characters)
    return tuple(sorted(faces, key=order.__getitem__))


# -- actions -------------------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Action:
    """A player's move: ``keep`` some dice and reroll the rest, or ``score`` a character.

    ``kind``: ``"keep"`` or ``"score"``; ``faces``: the kept dice as a multiset in canonical
    order (empty = reroll all five), or ``(character,)`` for a score. ``rank`` is the canonical
    face indices, so that sorting actions is deterministic (keeps before scores, then by faces
    in row order with the Clubhouse last). ``str(action)`` is the readable form that
    :meth:`DiceGame.apply` also accepts: ``"keep Mickey Mickey Clubhouse"``, ``"keep nothing"``,
    ``"score Goofy"``. :meth:`DiceGame.apply` judges an Action by ``kind`` and ``faces`` alone
    (faces in any order): a hand-built ``Action("keep", (), ("Mickey", "Mickey"))`` is the
    canonical keep of two Mickeys; ``rank`` only orders the game's own actions.
    """

    kind: str
    rank: tuple[int, ...] = field(repr=False)
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        # Computed once: actions are hashed and printed on the bots' hot path.
        if self.kind == "keep":
            text = "keep " + (" ".join(self.faces) if self.faces else "nothing")
        else:
            text = f"{self.kind} {' '.join(self.faces)}"
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash((self.kind, self.rank, self.faces)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined,no-any-return]

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


ACTIONS: dict[tuple[tuple[str, ...], str, tuple[str, ...]], Action] = {}
"""The canonical Actions made so far, by (characters, kind, faces): see
:func:`canonical_action`. An action found here is a game's own and needs no checking."""


def canonical_action(characters: tuple[str, ...], kind: str, faces: tuple[str, ...]) -> Action:
    """The (cached, canonical) Action of ``kind`` (``"keep"`` or ``"score"``) with ``faces``
    already in canonical order, for a game of ``characters``: the one object the game's own
    ``legal_actions`` hold, so bots that build their choice this way skip the parsing."""
    key = (characters, kind, faces)
    act = ACTIONS.get(key)
    if act is None:
        order = face_order(characters)
        act = ACTIONS[key] = Action(kind, tuple(order[f] for f in faces), faces)
    return act


class DiceInfo:
    """What the rules derive from one dice multiset, computed once and cached: the count of
    each character (``counts``, a read-only mapping in row order, via :func:`scoring.count`)
    and the legal keeps."""

    __slots__ = ("counts", "keeps", "keep_set")

    def __init__(self, characters: tuple[str, ...], dice: tuple[str, ...]) -> None:
        self.counts: Mapping[str, int] = MappingProxyType(
            {c: scoring.count(dice, c) for c in characters})
        multiplicity = [(f, dice.count(f)) for f in die_faces(characters) if f in dice]
        keeps = []
        for numbers in itertools.product(*[range(n + 1) for _, n in multiplicity]):
            if sum(numbers) == len(dice):
                continue  # keeping all five is not a reroll (RULES.md §B3: at least one)
            kept = tuple(f for (f, _), k in zip(multiplicity, numbers, strict=True)
                         for _ in range(k))
            keeps.append(canonical_action(characters, "keep", kept))
        keeps.sort()
        self.keeps: tuple[Action, ...] = tuple(keeps)
        self.keep_set: frozenset[Action] = frozenset(keeps)


_INFO: dict[tuple[tuple[str, ...], tuple[str, ...]], DiceInfo] = {}


def dice_info(characters: tuple[str, ...], multiset: tuple[str, ...]) -> DiceInfo:
    """The (cached) :class:`DiceInfo` of the dice ``multiset`` (canonical order) in a game of
    ``characters``."""
    key = (characters, multiset)
    info = _INFO.get(key)
    if info is None:
        info = _INFO[key] = DiceInfo(characters, multiset)
    return info


class Step(NamedTuple):
    """One entry of :attr:`DiceGame.history`.

    ``kind``: ``"action"`` (``value`` is the action's string), ``"roll"`` (``value`` is the
    faces of the rerolled dice as a multiset in canonical order) or ``"tiebreak"`` (``value`` is
    the Clubhouses each tied player rolled, in seat order). ``seat``: the player who acted or
    whose dice were rolled (CHANCE for a tie-break roll). ``sampled``: True when the chance
    outcome was drawn from the game's stream, False when it was forced.
    """

    kind: str
    seat: int
    value: str | tuple[str, ...] | tuple[int, ...]
    sampled: bool = False


# -- what a player sees --------------------------------------------------------------------------

class RollOff(NamedTuple):
    """One round of the Clubhouse roll-off (RULES.md §B5): the tied ``seats``, their ``dice``
    (five faces per seat, or None when the outcome was forced) and their ``clubhouses``."""

    seats: tuple[int, ...]
    dice: tuple[tuple[str, ...], ...] | None
    clubhouses: tuple[int, ...]


@dataclass(frozen=True, eq=True)
class DiceView:
    """What one player may see of a Clubhouse dice game (everything but the random stream).

    ``player``: the viewing seat; ``players``, ``characters`` (row order), ``turns_per_player``;
    ``phase``: ``"roll"`` (dice to be rolled), ``"decide"`` (keep or score), ``"tiebreak"``,
    ``"over"``; ``turn``: turns completed by all players; ``roll_number``: rolls made this turn
    (0..3); ``dice``: the five faces in die order (empty before a turn's first roll); ``kept``:
    per die, True when held back for the pending reroll; ``board``: a copy of the
    :class:`~swkit.dice.board.Scoreboard`; ``tied``: seats still tied in a roll-off;
    ``tiebreak_rounds``: the roll-offs so far; ``history``: ``(kind, seat, value)`` per step
    (which rolls were forced is not shown); ``to_move``: a seat, CHANCE or TERMINAL; ``totals``:
    points per seat; ``unscored``: the characters ``player`` has not scored, in row order.

    ``to_dict()`` gives the JSON-ready dict; in Jupyter the view draws the dice and the board
    (``_repr_svg_``, :func:`swkit.pictures.dice_view_svg`).
    """

    player: int
    players: int
    characters: tuple[str, ...]
    turns_per_player: int
    phase: str
    turn: int
    roll_number: int
    dice: tuple[str, ...]
    kept: tuple[bool, ...]
    board: Scoreboard
    tied: tuple[int, ...]
    tiebreak_rounds: tuple[RollOff, ...]
    history: tuple[tuple[str, int, str | tuple[str, ...] | tuple[int, ...]], ...]
    to_move: int
    totals: tuple[int, ...]
    unscored: tuple[str, ...]

    @property
    def seat(self) -> int:
        """The seat whose turn it is (the last seat once the turns are over)."""
        return min(self.turn, self.players * self.turns_per_player - 1) % self.players

    @property
    def roll(self) -> Roll:
        """The dice showing with the kept ones marked, as a :class:`~swkit.dice.faces.Roll`
        (it draws itself in Jupyter)."""
        return Roll(self.dice, self.kept if self.dice else ())

    @property
    def rolls_left(self) -> int:
        """Rolls the player whose turn it is may still make this turn (0..3), RULES.md §B3;
        0 once the turns are over."""
        if self.phase not in (ROLL, DECIDE):
            return 0
        return MAX_ROLLS - self.roll_number

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON-ready dict (lists for tuples, the board as
        :meth:`Scoreboard.to_dict <swkit.dice.board.Scoreboard.to_dict>`)."""
        return {
            "game": "dice",
            "players": self.players,
            "characters": list(self.characters),
            "turns_per_player": self.turns_per_player,
            "phase": self.phase,
            "turn": self.turn,
            "roll_number": self.roll_number,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "board": self.board.to_dict(),
            "tied": list(self.tied),
            "tiebreak_rounds": [
                {"seats": list(r.seats),
                 "dice": None if r.dice is None else [list(d) for d in r.dice],
                 "clubhouses": list(r.clubhouses)} for r in self.tiebreak_rounds],
            "history": [[kind, seat, value if isinstance(value, str) else list(value)]
                        for kind, seat, value in self.history],
            "player": self.player,
            "to_move": self.to_move,
            "totals": list(self.totals),
            "unscored": list(self.unscored),
        }

    def _repr_svg_(self) -> str:
        from swkit.pictures import dice_view_svg
        return dice_view_svg(self)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt


def roll_outcomes(k: int, characters: Sequence[str] = DEFAULT_CHARACTERS
                  ) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every multiset of faces that ``k`` fair six-faced dice can show (canonical order), with
    its exact probability: its number of orderings (multinomial) over 6**k. Sorted by faces in
    canonical order; the probabilities sum to exactly 1 (RULES.md §B3, DESIGN.md)."""
    key = (tuple(characters), k)
    cached = _OUTCOMES.get(key)
    if cached is None:
        faces = die_faces(characters)
        total = 6 ** k
        cached = []
        for combo in itertools.combinations_with_replacement(range(len(faces)), k):
            ways = math.factorial(k)
            for i in dict.fromkeys(combo):
                ways //= math.factorial(combo.count(i))
            cached.append((tuple(faces[i] for i in combo), Fraction(ways, total)))
        _OUTCOMES[key] = cached
    return list(cached)


_OUTCOMES: dict[tuple[tuple[str, ...], int], list[tuple[tuple[str, ...], Fraction]]] = {}


def step_from_json(raw: Sequence[Any]) -> Step:
    """The :class:`Step` of a saved history entry ``[kind, seat, value, sampled]``. Raises
    ValueError for an unknown kind."""
    kind, seat, value, sampled = raw
    if kind == "action":
        return Step(kind, int(seat), str(value), bool(sampled))
    if kind == "roll":
        return Step(kind, int(seat), tuple(str(v) for v in value), bool(sampled))
    if kind == "tiebreak":
        return Step(kind, int(seat), tuple(int(v) for v in value), bool(sampled))
    raise ValueError(f"unknown history step {kind!r}")
