"""Clubhouse dice as a game state (RULES.md section B), implementing the swkit.state contract.

A turn (RULES.md §B3) is a chance node (the roll) followed by the player's decision: keep some
dice and reroll the rest (``keep Mickey Mickey Clubhouse``; at least one die is picked up), or
stop and score a character (``score Goofy``). After the third roll only ``score`` is legal.
After the last turn, a tie for first place is broken by Clubhouse roll-offs, which are chance
nodes too (RULES.md §B5).

Dice are kept in die order (five physical dice). Every roll draws five faces from the game's
stream in die order and kept dice ignore theirs (RULES.md §B3 decision). A keep, written as a
multiset, keeps the first dice in die order that show those faces.

>>> game = DiceGame(players=2, seed=1)
>>> game.current_player() == CHANCE
True
>>> game.apply_chance("Mickey Mickey Goofy Clubhouse Pluto")
('Mickey', 'Mickey', 'Goofy', 'Pluto', 'Clubhouse')
>>> game.dice
('Mickey', 'Mickey', 'Goofy', 'Pluto', 'Clubhouse')
>>> game.apply("keep Mickey Mickey Clubhouse")
>>> game.chance_outcomes()[0]
(('Mickey', 'Mickey'), Fraction(1, 36))
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from swkit.dice import scoring
from swkit.dice.board import MAX_PLAYERS, Scoreboard, space_name
from swkit.dice.faces import (
    CLUBHOUSE,
    DEFAULT_CHARACTERS,
    Roll,
    check_characters,
    parse_faces,
)
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.files import decode_text
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
from swkit.state import CHANCE, TERMINAL, Outcome, rng_from_json, rng_to_json, substream_seed
from swkit.whole import as_whole

__all__ = [
    "CHANCE", "DICE", "MAX_ROLLS", "MAX_TIEBREAK_ROUNDS", "TERMINAL", "TURNS_BY_PLAYERS",
    "Action", "DiceGame", "DiceView", "RollOff", "Step", "die_faces", "face_order",
    "roll_outcomes", "sort_faces",
]

DICE = 5
"""Number of dice (RULES.md §B1)."""

MAX_ROLLS = 3
"""Rolls per turn: the first and up to two rerolls (RULES.md §B3)."""

TURNS_BY_PLAYERS: dict[int, int] = {1: 5, 2: 5, 3: 4, 4: 3}
"""Turns per player by player count (RULES.md §B2)."""

MAX_TIEBREAK_ROUNDS = 100
"""Clubhouse roll-off rounds before a tie is declared a shared win (RULES.md §B5 decision)."""

_ROLL, _DECIDE, _TIEBREAK, _OVER = "roll", "decide", "tiebreak", "over"
_NONE_KEPT = (False,) * DICE


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


_ACTIONS: dict[tuple[tuple[str, ...], str, tuple[str, ...]], Action] = {}


def _action(characters: tuple[str, ...], kind: str, faces: tuple[str, ...]) -> Action:
    """The (cached, canonical) Action of ``kind`` with ``faces`` already in canonical order."""
    key = (characters, kind, faces)
    act = _ACTIONS.get(key)
    if act is None:
        order = face_order(characters)
        act = _ACTIONS[key] = Action(kind, tuple(order[f] for f in faces), faces)
    return act


class _DiceInfo:
    """What the rules derive from one dice multiset, computed once and cached: the count of
    each character (via :func:`scoring.count`) and the legal keeps."""

    __slots__ = ("counts", "keeps", "keep_set")

    def __init__(self, characters: tuple[str, ...], dice: tuple[str, ...]) -> None:
        self.counts: dict[str, int] = {c: scoring.count(dice, c) for c in characters}
        multiplicity = [(f, dice.count(f)) for f in die_faces(characters) if f in dice]
        keeps = []
        for numbers in itertools.product(*[range(n + 1) for _, n in multiplicity]):
            if sum(numbers) == len(dice):
                continue  # keeping all five is not a reroll (RULES.md §B3: at least one)
            kept = tuple(f for (f, _), k in zip(multiplicity, numbers, strict=True)
                         for _ in range(k))
            keeps.append(_action(characters, "keep", kept))
        keeps.sort()
        self.keeps: tuple[Action, ...] = tuple(keeps)
        self.keep_set: frozenset[Action] = frozenset(keeps)


_INFO: dict[tuple[tuple[str, ...], tuple[str, ...]], _DiceInfo] = {}
_EDITION_CACHES: dict[tuple[str, ...], tuple[dict[tuple[str, ...], _DiceInfo],
                                             dict[tuple[str, ...], tuple[str, ...]]]] = {}


def _dice_info(characters: tuple[str, ...], multiset: tuple[str, ...]) -> _DiceInfo:
    key = (characters, multiset)
    info = _INFO.get(key)
    if info is None:
        info = _INFO[key] = _DiceInfo(characters, multiset)
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
        if self.phase not in (_ROLL, _DECIDE):
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


# -- the game ------------------------------------------------------------------------------------

class DiceGame:
    """A game of Clubhouse dice in progress (RULES.md section B).

    ``players``: 1..4; ``seed``: any int, seeding the game's stream of rolls; ``characters``:
    the edition's five characters (RULES.md §B1); ``turns``: turns per player, 1..5, default by
    player count (1→5, 2→5, 3→4, 4→3, RULES.md §B2). Raises ConfigurationError for values
    outside those ranges.

    Attributes: ``board`` (the shared :class:`~swkit.dice.board.Scoreboard`), ``dice`` (the five
    faces in die order, empty before the first roll of a turn), ``roll_number`` (rolls made this
    turn, 0..3), ``turn`` (turns completed by all players), ``history`` (a tuple of
    :class:`Step`, made when asked: changing it cannot change the game), ``tiebreak_rounds``
    (the Clubhouse roll-offs, each a dict with ``seats``, ``dice`` (None when forced) and
    ``clubhouses``).
    """

    def __init__(self, players: int = 2, seed: int = 0,
                 characters: Sequence[str] = DEFAULT_CHARACTERS, turns: int | None = None
                 ) -> None:
        if not _is_int(players) or not 1 <= players <= MAX_PLAYERS:
            raise ConfigurationError(
                f"Clubhouse dice takes 1 to {MAX_PLAYERS} players, got {players!r} (RULES.md §B2)")
        if not _is_int(seed):
            raise ConfigurationError(f"the seed must be an integer, got {seed!r}")
        players, seed = int(players), int(seed)
        chars = check_characters(characters)
        if turns is None:
            turns = TURNS_BY_PLAYERS[players]
        if not _is_int(turns) or not 1 <= turns <= len(chars):
            raise ConfigurationError(
                f"turns per player must be 1 to {len(chars)} (one per character), got {turns!r} "
                f"(RULES.md §B2)")
        self.players: int = players
        self.seed: int = seed
        self.characters: tuple[str, ...] = chars
        self.turns: int = int(turns)
        self.faces: tuple[str, ...] = die_faces(chars)
        self.rng: random.Random = random.Random(substream_seed(seed, "dice"))
        self.board: Scoreboard = Scoreboard(chars, players)
        self.turn: int = 0
        self.roll_number: int = 0
        self._dice: tuple[str, ...] = ()
        self._cur: _DiceInfo | None = None
        self._kept: tuple[bool, ...] = (False,) * DICE
        self._phase: str = _ROLL
        self.tied: tuple[int, ...] = ()
        self.tiebreak_rounds: list[dict[str, Any]] = []
        self._history: list[Step] = []
        self._order = face_order(chars)
        # Caches shared by the games of one edition (bounded: at most 6**5 dice orders).
        self._by_dice, self._sorted = _EDITION_CACHES.setdefault(chars, ({}, {}))
        self._score_actions = {c: _action(chars, "score", (c,)) for c in chars}

    # -- whose move ----------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat whose turn it is (also during its rolls); the last seat once turns are over."""
        return min(self.turn, self.players * self.turns - 1) % self.players

    @property
    def round(self) -> int:
        """The current round, 1-based (each player has one turn per round)."""
        return min(self.turn, self.players * self.turns - 1) // self.players + 1

    def current_player(self) -> int:
        """The seat to move, or CHANCE when dice are to be rolled (a turn's roll or a tie-break
        roll-off), or TERMINAL when the game is over."""
        phase = self._phase
        if phase == _DECIDE:
            return self.turn % self.players
        if phase == _OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over (all turns played and any tie broken)."""
        return self._phase == _OVER

    def _check_seat(self, seat: Any) -> None:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise IllegalActionError(
                f"seat is {seat!r}; accepted: a seat 0 to {self.players - 1}")

    def _whose_move(self) -> str:
        """Whose move it is, in words."""
        who = self.current_player()
        if who == TERMINAL:
            return "the game is over"
        if who == CHANCE:
            return "chance moves next (the dice are rolled); call apply_chance()"
        return f"it is player {who}'s move (keep dice or score, RULES.md §B3)"

    # -- the dice ------------------------------------------------------------------------------

    @property
    def dice(self) -> tuple[str, ...]:
        """The five faces showing, in die order (empty before a turn's first roll)."""
        return self._dice

    def _set_dice(self, dice: tuple[str, ...]) -> None:
        self._dice = dice
        if not dice:
            self._cur = None
            return
        info = self._by_dice.get(dice)
        if info is None:
            info = self._by_dice[dice] = _dice_info(self.characters, self._canonical(dice))
        self._cur = info

    @property
    def kept(self) -> tuple[bool, ...]:
        """Per die, whether it is held back from the next roll (all False before a turn's first
        roll and after a score), RULES.md §B3."""
        return self._kept

    def multiset(self) -> tuple[str, ...]:
        """The dice showing, as a multiset in canonical order (characters, then Clubhouses)."""
        return self._canonical(self._dice)

    def _info(self) -> _DiceInfo:
        """The cached rule facts (counts, legal keeps) of the dice showing; only with dice."""
        assert self._cur is not None, "no dice showing"
        return self._cur

    def count(self, character: str) -> int:
        """``character``'s count on the dice showing: its dice plus every Clubhouse (§B4)."""
        return scoring.count(self.dice, character)

    def counts(self) -> dict[str, int]:
        """Every character's count on the dice showing, in row order (RULES.md §B4)."""
        return dict(self._cur.counts) if self._cur else dict.fromkeys(self.characters, 0)

    def space_for(self, character: str) -> int:
        """The value of the space a score of ``character`` would take now (0 = Picture Column),
        RULES.md §B4."""
        return self.board.space_for(character, self.count(character))

    def forced_zero(self) -> bool:
        """True after the third roll when every character the player has not scored counts 0
        (the dice show only scored characters and no Clubhouse): the forced zero of §B4."""
        if self._phase != _DECIDE or self.roll_number < MAX_ROLLS:
            return False
        counts = self._info().counts
        return all(counts[c] == 0 for c in self.board.unscored(self.seat))

    # -- actions -------------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of the player to move, sorted: the keeps (each a multiset of the
        dice showing, never all five; none after the third roll), then ``score`` for each
        character the player has not scored, in row order. Empty at chance and terminal nodes.
        With ``seat``: that seat's legal actions, empty when it is not that seat's move; a seat
        outside the game raises IllegalActionError. RULES.md §B3, §B4."""
        if seat is not None:
            self._check_seat(seat)
            if seat != self.current_player():
                return []
        if self._phase != _DECIDE:
            return []
        scores = [self._score_actions[c] for c in self.board.unscored(self.turn % self.players)]
        if self.roll_number >= MAX_ROLLS:
            return scores
        return [*self._info().keeps, *scores]

    def parse_action(self, text: str) -> Action:
        """Read an action string: ``keep <faces>`` (``keep nothing`` or ``keep`` alone rerolls
        all), ``reroll <faces>`` (pick up those dice, keep the rest; ``reroll all``), or
        ``score <character>``. Faces are full names or unique prefixes (RULES.md §B1).

        Returns the canonical Action; legality is checked by :meth:`apply`, not here, except
        that ``reroll`` needs the dice showing. Raises NotationError for unreadable text.
        """
        words = text.strip().split(None, 1)
        verb = words[0].lower() if words else ""
        rest = words[1].strip() if len(words) > 1 else ""
        if verb == "keep":
            faces = () if rest.lower() in ("", "nothing", "none") else parse_faces(
                rest, self.characters)
            return _action(self.characters, "keep", self._canonical(faces))
        if verb == "reroll":
            if not self.dice:
                raise NotationError("'reroll' needs dice on the table: roll first (RULES.md §B3)")
            picked = self.multiset() if rest.lower() == "all" else self._canonical(
                parse_faces(rest, self.characters))
            if not picked:
                raise NotationError("'reroll' needs the faces to pick up, or 'reroll all'")
            kept = list(self.multiset())
            for f in picked:
                if f not in kept:
                    raise IllegalActionError(self._missing_message("reroll", picked))
                kept.remove(f)
            return _action(self.characters, "keep", tuple(kept))
        if verb == "score":
            faces = parse_faces(rest, self.characters)
            if len(faces) != 1:
                raise NotationError(
                    f"'score' takes one character, got {rest!r}: e.g. 'score {self.characters[0]}'")
            return _action(self.characters, "score", faces)
        raise NotationError(
            f"unknown action {text!r}: use 'keep <faces>' (the rest are rerolled), "
            f"'reroll <faces>' or 'score <character>'")

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Apply a player's action (an :class:`Action` or its string) after validating it.

        ``seat``: the seat making the move; when given and it is not that seat's move,
        IllegalActionError says whose move it is.

        Raises IllegalActionError (or NotationError for unreadable text) that says why in words
        and names the RULES.md section; the state is then unchanged.
        """
        if seat is not None:
            self._check_seat(seat)
            if seat != self.current_player():
                raise IllegalActionError(f"player {seat} cannot {str(action)!r} now: "
                                         f"{self._whose_move()}")
        if self._phase != _DECIDE:
            raise IllegalActionError(self._not_your_move())
        act = self.parse_action(action) if isinstance(action, str) else self._rebuild(action)
        seat = self.turn % self.players
        if act.kind == "keep":
            if self.roll_number >= MAX_ROLLS or act not in self._info().keep_set:
                raise IllegalActionError(self._keep_message(act))
            self._kept = self._kept_mask(act.faces)
            self._phase = _ROLL
        elif act.kind == "score":
            if len(act.faces) != 1 or act.faces[0] not in self._score_actions:
                raise IllegalActionError(self._score_message(act))
            character = act.faces[0]
            if character not in self.board.unscored(seat):
                raise IllegalActionError(self._score_message(act))
            self.board.place(seat, character, scoring.count(self._dice, character))
            self._end_turn()
        else:
            raise IllegalActionError(f"unknown action kind {act.kind!r}: use keep or score")
        self._history.append(Step("action", seat, str(act)))

    def _rebuild(self, action: object) -> Action:
        """The canonical Action for a hand-built one: only ``kind`` and ``faces`` count (the
        faces in any order); ``rank`` is derived from the faces, never trusted. Faces that are
        not on these dice are left as given, for :meth:`apply` to explain."""
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"not an action: {action!r}; give an Action or its string, e.g. "
                f"'keep {self.characters[0]} {CLUBHOUSE}' or 'score {self.characters[0]}'")
        if _ACTIONS.get((self.characters, action.kind, action.faces)) is action:
            return action  # the game's own (canonical, cached) action: the bots' fast path
        faces = tuple(str(f) for f in action.faces)
        if action.kind not in ("keep", "score") or any(f not in self._order for f in faces):
            return action
        return _action(self.characters, action.kind, self._canonical(faces))

    def _kept_mask(self, kept: tuple[str, ...]) -> tuple[bool, ...]:
        """Which dice (in die order) a keep of the multiset ``kept`` holds back: the first dice
        showing each kept face."""
        if not kept:
            return _NONE_KEPT
        remaining = list(kept)
        mask = []
        for face in self._dice:
            if face in remaining:
                remaining.remove(face)
                mask.append(True)
            else:
                mask.append(False)
        return tuple(mask)

    def _end_turn(self) -> None:
        self.turn += 1
        self.roll_number = 0
        self._set_dice(())
        self._kept = _NONE_KEPT
        if self.turn < self.players * self.turns:
            self._phase = _ROLL
            return
        totals = self.board.totals()
        best = max(totals)
        leaders = tuple(s for s, t in enumerate(totals) if t == best)
        if len(leaders) > 1:
            self.tied = leaders
            self._phase = _TIEBREAK
        else:
            self._phase = _OVER

    # -- chance --------------------------------------------------------------------------------

    def rerolling(self) -> int:
        """How many dice the next roll throws (5 for a turn's first roll), or 0 when no roll of
        a turn is pending."""
        if self._phase != _ROLL:
            return 0
        return DICE - sum(self._kept)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """The possible outcomes of the pending chance node with exact probabilities (summing
        to 1), sorted.

        During a turn: each multiset of faces the rerolled dice can show (canonical order),
        weighted by its multinomial count over 6**k sequences (RULES.md §B3). During a tie-break:
        each tuple of Clubhouse counts of the tied players (seat order), binomial weights
        (RULES.md §B5). Raises IllegalActionError when no chance node is pending.
        """
        if self._phase == _ROLL:
            return roll_outcomes(self.rerolling(), self.characters)
        if self._phase == _TIEBREAK:
            single = [(k, Fraction(math.comb(DICE, k) * 5 ** (DICE - k), 6 ** DICE))
                      for k in range(DICE + 1)]
            result = []
            for combo in itertools.product(single, repeat=len(self.tied)):
                p = Fraction(1)
                for _, q in combo:
                    p *= q
                result.append((tuple(k for k, _ in combo), p))
            return result
        raise IllegalActionError(self._no_chance())

    def apply_chance(self, outcome: Any = None) -> tuple[str, ...] | tuple[int, ...]:
        """Resolve the pending chance node: roll the dice (a turn's roll or a tie-break roll-off).
        Returns the outcome applied, as :meth:`chance_outcomes` writes it: the rerolled dice's
        faces as a multiset in canonical order, or the tied players' Clubhouse counts.

        Without ``outcome``, sample from the game's stream: every roll draws five faces in die
        order and kept dice ignore theirs (RULES.md §B3 decision); a roll-off draws five faces
        per tied player in seat order. With ``outcome``, force it: the rerolled dice's faces (a
        sequence or a string like ``"Mickey C C"``; any order) or, in a tie-break, the tied
        players' Clubhouse counts. Raises IllegalActionError (no chance node pending, a wrong
        number of faces) or NotationError (unknown face); the state is then unchanged.
        """
        if self._phase == _ROLL:
            self._roll(outcome)
        elif self._phase == _TIEBREAK:
            self._tiebreak(outcome)
        else:
            raise IllegalActionError(self._no_chance())
        return self._history[-1].value  # type: ignore[return-value]

    def _roll(self, outcome: Any) -> None:
        seat = self.turn % self.players
        kept = self._kept
        first = self.roll_number == 0
        if outcome is None:
            # Five faces in die order, as random.choices(self.faces, k=5) draws them, unrolled.
            r = self.rng.random
            f = self.faces
            draws = (f[int(r() * 6)], f[int(r() * 6)], f[int(r() * 6)], f[int(r() * 6)],
                     f[int(r() * 6)])
            sampled = True
        else:
            n = DICE - sum(kept)
            if not isinstance(outcome, (str, list, tuple)) or not all(
                    isinstance(f, str) for f in outcome):
                raise IllegalActionError(
                    f"a roll outcome is the faces of the {n} rerolled dice, as a string like "
                    f"'Mickey C C' or a list of face names, got {outcome!r} (RULES.md §B3)")
            faces = self._canonical(parse_faces(outcome, self.characters))
            if len(faces) != n:
                raise IllegalActionError(
                    f"this roll throws {n} dice, but {len(faces)} faces were given "
                    f"({' '.join(faces) or 'none'}) (RULES.md §B3)")
            it = iter(faces)
            draws = [next(it) if not k else "" for k in kept]
            sampled = False
        if first:
            dice = tuple(draws)
            rerolled = dice
        else:
            old = self._dice
            dice = tuple([old[i] if kept[i] else draws[i] for i in range(DICE)])
            rerolled = tuple([draws[i] for i in range(DICE) if not kept[i]])
        self._set_dice(dice)
        self.roll_number += 1
        self._kept = _NONE_KEPT
        self._phase = _DECIDE
        self._history.append(Step("roll", seat, self._canonical(rerolled), sampled))

    def _tiebreak(self, outcome: Any) -> None:
        seats = self.tied
        if outcome is None:
            dice = [self.rng.choices(self.faces, k=DICE) for _ in seats]
            clubs = tuple(d.count(CLUBHOUSE) for d in dice)
            record_dice: list[list[str]] | None = [list(d) for d in dice]
            sampled = True
        else:
            try:
                items = outcome.split() if isinstance(outcome, str) else list(outcome)
                clubs = tuple(int(x) for x in items)
            except (TypeError, ValueError):
                clubs = ()
            if len(clubs) != len(seats) or not all(0 <= c <= DICE for c in clubs):
                raise IllegalActionError(
                    f"a roll-off outcome is the Clubhouse count 0..5 of each of the "
                    f"{len(seats)} tied players {list(seats)}, got {outcome!r} (RULES.md §B5)")
            record_dice = None
            sampled = False
        most = max(clubs)
        stay = tuple(s for s, c in zip(seats, clubs, strict=True) if c == most)
        self.tiebreak_rounds.append(
            {"seats": list(seats), "dice": record_dice, "clubhouses": list(clubs)})
        self.tied = stay
        if len(stay) == 1 or len(self.tiebreak_rounds) >= MAX_TIEBREAK_ROUNDS:
            self._phase = _OVER
        self._history.append(Step("tiebreak", CHANCE, clubs, sampled))

    # -- the end -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """Who won and why, once the game is over (else None). ``scores`` are points per seat.

        The highest total wins; a tie for first is broken by Clubhouse roll-offs, and after
        100 unbroken rounds the players still tied share the win (RULES.md §B5). A solo player
        is the winner of their own game, whatever the total (no tie-break).
        """
        if self._phase != _OVER:
            return None
        totals = self.board.totals()
        if self.players == 1:
            return Outcome((0,), f"solo game over: {points_text(totals[0])}", totals)
        best = max(totals)
        if not self.tiebreak_rounds:
            winner = totals.index(best)
            return Outcome((winner,), f"seat {winner} has the highest total, {points_text(best)}",
                           totals)
        tied = self.tiebreak_rounds[0]["seats"]
        rounds = len(self.tiebreak_rounds)
        names = ", ".join(str(s) for s in tied)
        if len(self.tied) == 1:
            return Outcome(self.tied, (
                f"seats {names} tied at {points_text(best)}; seat {self.tied[0]} won the "
                f"Clubhouse roll-off after {rounds} round{'s' if rounds > 1 else ''}"), totals)
        return Outcome(self.tied, (
            f"seats {names} tied at {points_text(best)} and {MAX_TIEBREAK_ROUNDS} Clubhouse "
            f"roll-off rounds left seats {', '.join(str(s) for s in self.tied)} tied: "
            f"a shared win"), totals)

    # -- views, JSON, equality, undo -----------------------------------------------------------

    def view(self, player: int) -> DiceView:
        """What ``player`` sees: everything is public in Clubhouse dice, except the game's
        random stream (the future rolls). So the view holds neither the seed nor the stream's
        state, and its history does not say which rolls were drawn from the stream and which
        were forced: a view is the same whatever the seed. A frozen :class:`DiceView`
        (``to_dict()`` is JSON-ready). Raises ConfigurationError for an unknown seat."""
        if not _is_int(player) or not 0 <= player < self.players:
            raise ConfigurationError(
                f"seat {player!r} is not in this game: seats are 0..{self.players - 1}")
        player = int(player)
        return DiceView(
            player=player, players=self.players, characters=self.characters,
            turns_per_player=self.turns, phase=self._phase, turn=self.turn,
            roll_number=self.roll_number, dice=self.dice, kept=self._kept,
            board=self.board.copy(), tied=self.tied,
            tiebreak_rounds=tuple(
                RollOff(tuple(r["seats"]),
                        None if r["dice"] is None else tuple(tuple(d) for d in r["dice"]),
                        tuple(r["clubhouses"])) for r in self.tiebreak_rounds),
            history=tuple((s.kind, s.seat, s.value) for s in self._history),
            to_move=self.current_player(), totals=self.board.totals(),
            unscored=self.board.unscored(player))

    def _public(self) -> dict[str, Any]:
        return {
            "game": "dice",
            "players": self.players,
            "seed": self.seed,
            "characters": list(self.characters),
            "turns_per_player": self.turns,
            "phase": self._phase,
            "turn": self.turn,
            "roll_number": self.roll_number,
            "dice": list(self.dice),
            "kept": list(self._kept),
            "board": self.board.to_dict(),
            "tied": list(self.tied),
            "tiebreak_rounds": [
                {"seats": list(r["seats"]),
                 "dice": None if r["dice"] is None else [list(d) for d in r["dice"]],
                 "clubhouses": list(r["clubhouses"])} for r in self.tiebreak_rounds],
            "history": [[s.kind, s.seat, s.value if isinstance(s.value, str) else list(s.value),
                         s.sampled] for s in self._history],
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict, the random stream's state included."""
        data = self._public()
        data["rng"] = rng_to_json(self.rng)
        return data

    def to_json(self) -> str:
        """The whole state as a JSON string (see :meth:`from_json`)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> DiceGame:
        """Rebuild a game in progress from :meth:`to_json` (a string, the bytes of a saved file
        in UTF-8 -- a byte-order mark is fine -- or the parsed dict).

        The save is checked completely first (:mod:`swkit.saves`): every field's type and
        range against :data:`SAVE_FIELDS` (seats below the player count, faces of these dice,
        a board of this game's rows and seats), then the state's consistency (see
        :meth:`_check_consistency`: the phase against the dice, roll number, keeps and turns;
        the tokens against the turns played), then the history, replayed from a new game with
        these settings: every step must be legal and the replay must end in the saved state,
        random stream included (RULES.md §B3).

        Raises ConfigurationError (a :class:`~swkit.saves.SaveError`, whose ``path`` names
        the field, e.g. ``board.rows.Goofy.spaces[2]``) when it is not a Clubhouse dice state:
        not UTF-8 text, not JSON, another game, a missing, unknown or malformed field, or a
        state or history no game reaches.
        """
        if isinstance(text, str | bytes | bytearray):
            data: Any = read_save(decode_text(text, "saved dice game"), _WHAT)
        else:
            data = text
        if not isinstance(data, dict) or data.get("game") != "dice":
            raise SaveError(_WHAT, "game" if isinstance(data, dict) else "",
                            "not a Clubhouse dice state: expected {\"game\": \"dice\"}")
        walk(Obj(SAVE_FIELDS, what="a saved dice game"), data, _WHAT)
        try:
            game = cls._build(data)
        except ConfigurationError as exc:  # the board: two tokens of one seat in a row
            raise SaveError(_WHAT, "board", str(exc)) from None
        bad = game._check_consistency()
        if bad:
            raise SaveError(_WHAT, *bad)
        replayed = cls(game.players, game.seed, game.characters, game.turns)
        for i, step in enumerate(game._history):
            try:
                who = replayed.current_player()
                if step.kind == "action" and who != step.seat:
                    raise IllegalActionError(f"the step is player {step.seat}'s, but "
                                             + replayed._whose_move())
                replayed.apply_step(step)
            except (IllegalActionError, NotationError) as exc:
                raise SaveError(_WHAT, f"history[{i}]", f"{list(step)} cannot be replayed "
                                f"from the start of the game: {exc}") from None
        where = first_difference(data, replayed.to_dict(), "")
        if where is not None:
            raise SaveError(_WHAT, where, "is not what the history leads to from the start "
                            "(a save is the settings and the moves since: edit neither by "
                            "hand)")
        return replayed

    @classmethod
    def _build(cls, data: dict[str, Any]) -> DiceGame:
        """The game whose fields are ``data`` (checked by the caller, or our own to_dict)."""
        game = cls(data["players"], data["seed"], data["characters"], data["turns_per_player"])
        game.rng = rng_from_json(data["rng"])
        game.board = Scoreboard.from_dict(data["board"])
        game.turn = data["turn"]
        game.roll_number = data["roll_number"]
        game._set_dice(tuple(data["dice"]))
        game._kept = tuple(data["kept"])
        game._phase = data["phase"]
        game.tied = tuple(data["tied"])
        game.tiebreak_rounds = [
            {"seats": list(r["seats"]),
             "dice": None if r["dice"] is None else [list(d) for d in r["dice"]],
             "clubhouses": list(r["clubhouses"])} for r in data["tiebreak_rounds"]]
        game._history = [_step_from_json(s) for s in data["history"]]
        return game

    def _check_consistency(self) -> tuple[str, str] | None:
        """What makes this state one that no game reaches (for :meth:`from_json`), as (the
        field's JSON path, the problem), or None.

        Checks: ``turn`` within 0..players*turns; the phases ``tiebreak`` and ``over`` only
        when every turn is played (and ``roll``/``decide`` only before); the dice, roll number
        and kept dice against the phase (no dice before a turn's first roll, five after it;
        1..3 rolls made when deciding, with nothing kept; before a reroll, 1..2 rolls made and
        at least one die picked up); each seat's tokens on the board equal to its turns
        played; at least two tied seats during a tie-break.
        """
        total = self.players * self.turns
        phase, rolls, dice, kept = self._phase, self.roll_number, self._dice, self._kept
        if not 0 <= self.turn <= total:
            return "turn", (f"turn {self.turn} is outside 0..{total} ({self.players} x "
                            f"{self.turns} turns)")
        done = self.turn == total
        if phase in (_TIEBREAK, _OVER) and not done:
            return "phase", (f"phase {phase!r} but only {self.turn} of {total} turns are "
                             "played: a game is over only when every turn is used (RULES.md §B5)")
        if phase in (_ROLL, _DECIDE) and done:
            return "phase", f"phase {phase!r} but all {total} turns are played"
        if not 0 <= rolls <= MAX_ROLLS:
            return "roll_number", f"roll number {rolls} is outside 0..{MAX_ROLLS} (RULES.md §B3)"
        if phase == _DECIDE:
            if rolls < 1 or len(dice) != DICE or any(kept):
                return "dice", (f"phase 'decide' needs five dice showing after roll 1..3 and "
                                f"nothing kept, got {len(dice)} dice, roll {rolls}, kept "
                                f"{list(kept)}")
        elif phase == _ROLL:
            if rolls == 0 and (dice or any(kept)):
                return "dice", ("phase 'roll' before a turn's first roll has no dice showing or "
                                "kept")
            if rolls > 0 and (len(dice) != DICE or rolls >= MAX_ROLLS or all(kept)):
                return "dice", (f"phase 'roll' after roll {rolls} needs five dice, a roll left "
                                f"and at least one die picked up, got {len(dice)} dice, kept "
                                f"{list(kept)}")
        elif dice or rolls or any(kept):
            return "dice", f"phase {phase!r} has no dice showing or kept and roll number 0"
        if phase == _TIEBREAK and len(self.tied) < 2:
            return "tied", "a tie-break needs at least two tied seats"
        for seat in range(self.players):
            played = self.turn // self.players + (1 if seat < self.turn % self.players else 0)
            if self.board.tokens_placed(seat) != played:
                placed = self.board.tokens_placed(seat)
                return "board", (f"player {seat} has {placed} token"
                                 f"{'' if placed == 1 else 's'} on the board after {played} "
                                 f"turn{'' if played == 1 else 's'}: one token per turn "
                                 "(RULES.md §B4)")
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiceGame):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> DiceGame:
        """An independent copy of the game, random stream included."""
        return type(self)._build(self.to_dict())  # fresh lists: nothing shared

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """``copy.copy``, ``copy.deepcopy`` and ``pickle`` go through the saved form
        (``to_dict``), as :meth:`copy` does: each gives an independent game, stream included,
        that shares no list or board with this one."""
        return type(self)._build, (self.to_dict(),)

    @property
    def history(self) -> tuple[Step, ...]:
        """The steps applied, oldest first (:class:`Step`). A tuple made when asked: changing
        it cannot change the game (use :meth:`undo`)."""
        return tuple(self._history)

    @classmethod
    def replay(cls, history: Iterable[Step | Sequence[Any]], players: int = 2, seed: int = 0,
               characters: Sequence[str] = DEFAULT_CHARACTERS, turns: int | None = None
               ) -> DiceGame:
        """A new game with these settings after replaying ``history`` (Steps or their JSON
        lists): actions are applied, sampled rolls are sampled again from the same stream (so
        they come out the same), forced ones are forced. Raises IllegalActionError when a step
        is not legal."""
        game = cls(players, seed, characters, turns)
        for raw in history:
            game.apply_step(raw if isinstance(raw, Step) else _step_from_json(raw))
        return game

    def apply_step(self, step: Step) -> None:
        """Apply one history entry again (redo): an action by its text, a sampled roll by
        sampling from the stream, a forced roll by forcing it. Raises IllegalActionError when
        the step is not legal here."""
        if step.kind == "action":
            self.apply(str(step.value))
        elif step.sampled:
            self.apply_chance()
        else:
            self.apply_chance(step.value)

    def undo(self) -> Step:
        """Take back the last step (an action or a roll) and return it. The random stream is
        rewound too, so rolling again gives the same faces. Raises IllegalActionError when there
        is nothing to undo."""
        if not self._history:
            raise IllegalActionError("nothing to undo: no action or roll has been made yet")
        last = self._history[-1]
        previous = DiceGame.replay(self._history[:-1], self.players, self.seed, self.characters,
                                   self.turns)
        for name in ("rng", "board", "turn", "roll_number", "_dice", "_cur", "_kept", "_phase",
                     "tied", "tiebreak_rounds", "_history"):
            setattr(self, name, getattr(previous, name))
        return last

    def __repr__(self) -> str:
        return (f"DiceGame(players={self.players}, seed={self.seed}, round={self.round}, "
                f"seat={self.seat}, roll={self.roll_number}, dice={list(self.dice)})")

    # -- messages ------------------------------------------------------------------------------

    def _canonical(self, faces: Iterable[str]) -> tuple[str, ...]:
        """``faces`` as a multiset in canonical order (cached for tuples of up to five)."""
        if isinstance(faces, tuple):
            canonical = self._sorted.get(faces)
            if canonical is None:
                canonical = tuple(sorted(faces, key=self._order.__getitem__))
                if len(faces) <= DICE:
                    self._sorted[faces] = canonical
            return canonical
        return tuple(sorted(faces, key=self._order.__getitem__))

    def _showing(self) -> str:
        return " ".join(self.dice) if self.dice else "no dice"

    def _not_your_move(self) -> str:
        if self._phase == _OVER:
            return "the game is over: all turns are played (RULES.md §B5)"
        if self._phase == _TIEBREAK:
            return ("the turns are over and players " + ", ".join(str(s) for s in self.tied)
                    + " are tied: the Clubhouse roll-off comes next, call apply_chance() "
                    "(RULES.md §B5)")
        return (f"the dice must be rolled first: player {self.seat} "
                f"{'rolls all five dice' if self.roll_number == 0 else 'rerolls'}, call "
                f"apply_chance() (RULES.md §B3)")

    def _no_chance(self) -> str:
        if self._phase == _OVER:
            return "the game is over: there is nothing to roll (RULES.md §B5)"
        return (f"no roll is pending: player {self.turn % self.players} must keep dice or "
                f"score (RULES.md §B3)")

    def _missing_message(self, verb: str, faces: tuple[str, ...]) -> str:
        have = self.multiset()
        for f in dict.fromkeys(faces):
            want = faces.count(f)
            got = have.count(f)
            if want > got:
                return (f"cannot {verb} {' '.join(faces)}: the dice show {got} {f} "
                        f"(dice: {self._showing()}) (RULES.md §B3)")
        return f"cannot {verb} {' '.join(faces)} (dice: {self._showing()}) (RULES.md §B3)"

    def _keep_message(self, act: Action) -> str:
        if self.roll_number >= MAX_ROLLS:
            return ("no more rerolls: after the third roll the player must score "
                    "(RULES.md §B3)")
        if any(f not in self._order for f in act.faces):
            return f"{act} names a face that is not on these dice's faces {list(self.faces)}"
        if len(act.faces) >= DICE and self._canonical(act.faces) == self.multiset():
            return ("keeping all five dice is not a reroll: pick up at least one die, or score "
                    "(RULES.md §B3)")
        return self._missing_message("keep", self._canonical(act.faces))

    def _score_message(self, act: Action) -> str:
        name = " ".join(act.faces)
        if name == CLUBHOUSE:
            return ("the Clubhouse is wild, not a row of the scoreboard: score a character "
                    "(RULES.md §B4)")
        if len(act.faces) != 1 or name not in self._score_actions:
            return (f"cannot score {name!r}: the rows are {', '.join(self.characters)} "
                    f"(RULES.md §B4)")
        seat = self.turn % self.players
        value = self.board.scored(seat)[name]
        left = ", ".join(self.board.unscored(seat))
        return (f"player {seat} has already scored {name} (token on {space_name(value)}); "
                f"each character is scored once: choose one of {left} (RULES.md §B4)")


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


def _step_from_json(raw: Sequence[Any]) -> Step:
    kind, seat, value, sampled = raw
    if kind == "action":
        return Step(kind, int(seat), str(value), bool(sampled))
    if kind == "roll":
        return Step(kind, int(seat), tuple(str(v) for v in value), bool(sampled))
    if kind == "tiebreak":
        return Step(kind, int(seat), tuple(int(v) for v in value), bool(sampled))
    raise ValueError(f"unknown history step {kind!r}")


def points_text(value: int) -> str:
    """``"1 point"``, ``"0 points"``, ``"3 points"``."""
    return f"{value} point{'' if value == 1 else 's'}"


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number of any integer type (a NumPy integer too), not a
    bool (:func:`swkit.whole.as_whole`)."""
    return as_whole(value) is not None


# -- saved games: the schema walk (issue 15 §A; swkit.saves) -----------------------------------

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
    "seed": Int(),
    "characters": Check(List(Str(max_len=100), length=5, what="five character names"),
                        _read_characters),
    "turns_per_player": Int(1, 5, bind="turns"),
    "phase": Str((_ROLL, _DECIDE, _TIEBREAK, _OVER)),
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
is one more line here (and in ``_public``/``_build``)."""
