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
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from swkit.dice import scoring
from swkit.dice.board import MAX_PLAYERS, Scoreboard
from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS, check_characters, parse_faces
from swkit.dice.saves import SAVE_FIELDS, load_checked
from swkit.dice.state import (
    ACTIONS,
    DECIDE,
    DICE,
    MAX_ROLLS,
    MAX_TIEBREAK_ROUNDS,
    NONE_KEPT,
    OVER,
    ROLL,
    TIEBREAK,
    TURNS_BY_PLAYERS,
    Action,
    DiceInfo,
    DiceView,
    RollOff,
    Step,
    canonical_action,
    dice_info,
    die_faces,
    face_order,
    roll_outcomes,
    sort_faces,
    step_from_json,
)
from swkit.dice.words import (
    keep_refusal,
    missing_dice,
    no_chance,
    not_your_move,
    points_text,
    score_refusal,
    whose_move,
)
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.limits import SEED_DIGITS
from swkit.state import CHANCE, TERMINAL, Outcome, rng_from_json, rng_to_json, substream_seed
from swkit.whole import as_seed, as_whole, quoted

__all__ = [
    "CHANCE", "DICE", "MAX_ROLLS", "MAX_TIEBREAK_ROUNDS", "SAVE_FIELDS", "TERMINAL",
    "TURNS_BY_PLAYERS", "Action", "DiceGame", "DiceView", "RollOff", "Step",
    "canonical_action", "die_faces", "face_order", "points_text", "roll_outcomes",
    "sort_faces",
]

_ZERO_COUNTS: dict[tuple[str, ...], Mapping[str, int]] = {}


def _zero_counts(characters: tuple[str, ...]) -> Mapping[str, int]:
    """Every character's count before a roll (all 0), read-only, one per edition (kept here,
    not on a game, so a game pickles and deep-copies)."""
    zero = _ZERO_COUNTS.get(characters)
    if zero is None:
        zero = _ZERO_COUNTS[characters] = MappingProxyType(dict.fromkeys(characters, 0))
    return zero


_EDITION_CACHES: dict[tuple[str, ...], tuple[dict[tuple[str, ...], DiceInfo],
                                             dict[tuple[str, ...], tuple[str, ...]]]] = {}
"""Per edition (its characters): the rule facts by dice order, and the canonical multisets by
faces, shared by every game of that edition (bounded: at most 6**5 dice orders)."""


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number of any integer type (a NumPy integer too), not a
    bool (:func:`swkit.whole.as_whole`)."""
    return as_whole(value) is not None


class DiceGame:
    """A game of Clubhouse dice in progress (RULES.md section B).

    ``players``: 1..4; ``seed``: any whole number of at most
    :data:`~swkit.limits.SEED_DIGITS` digits, seeding the game's stream of rolls; ``characters``:
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
            raise ConfigurationError(f"Clubhouse dice takes 1 to {MAX_PLAYERS} players, got "
                                     f"{quoted(players)} (RULES.md §B2)")
        if as_seed(seed) is None:
            raise ConfigurationError(f"the seed must be a whole number of at most {SEED_DIGITS} "
                                     f"digits, got {quoted(seed)}")
        players, seed = int(players), int(seed)
        chars = check_characters(characters)
        if turns is None:
            turns = TURNS_BY_PLAYERS[players]
        if not _is_int(turns) or not 1 <= turns <= len(chars):
            raise ConfigurationError(
                f"turns per player must be 1 to {len(chars)} (one per character), got "
                f"{quoted(turns)} (RULES.md §B2)")
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
        self._cur: DiceInfo | None = None
        self._kept: tuple[bool, ...] = (False,) * DICE
        self._phase: str = ROLL
        self.tied: tuple[int, ...] = ()
        self.tiebreak_rounds: list[dict[str, Any]] = []
        self._history: list[Step] = []
        self._order = face_order(chars)
        # Caches shared by the games of one edition (bounded: at most 6**5 dice orders).
        self._by_dice, self._sorted = _EDITION_CACHES.setdefault(chars, ({}, {}))
        self._score_actions = {c: canonical_action(chars, "score", (c,)) for c in chars}

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
        if phase == DECIDE:
            return self.turn % self.players
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over (all turns played and any tie broken)."""
        return self._phase == OVER

    @property
    def phase(self) -> str:
        """``"roll"`` (dice to be rolled), ``"decide"`` (keep or score), ``"tiebreak"`` (the
        Clubhouse roll-off) or ``"over"``: :data:`~swkit.dice.state.PHASES`."""
        return self._phase

    def _check_seat(self, seat: Any) -> None:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise IllegalActionError(
                f"seat is {quoted(seat)}; accepted: a seat 0 to {self.players - 1}")

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
            info = self._by_dice[dice] = dice_info(self.characters, self._canonical(dice))
        self._cur = info

    @property
    def kept(self) -> tuple[bool, ...]:
        """Per die, whether it is held back from the next roll (all False before a turn's first
        roll and after a score), RULES.md §B3."""
        return self._kept

    def multiset(self) -> tuple[str, ...]:
        """The dice showing, as a multiset in canonical order (characters, then Clubhouses)."""
        return self._canonical(self._dice)

    def _info(self) -> DiceInfo:
        """The cached rule facts (counts, legal keeps) of the dice showing; only with dice."""
        assert self._cur is not None, "no dice showing"
        return self._cur

    def count(self, character: str) -> int:
        """``character``'s count on the dice showing: its dice plus every Clubhouse (§B4)."""
        return scoring.count(self.dice, character)

    def counts(self) -> dict[str, int]:
        """Every character's count on the dice showing, in row order (RULES.md §B4): a new
        dict of :attr:`roll_counts` (all 0 before a roll)."""
        return dict(self.roll_counts)

    @property
    def roll_counts(self) -> Mapping[str, int]:
        """Every character's count on the dice showing (its dice plus every Clubhouse), in row
        order (RULES.md §B4): a read-only mapping, shared by every game that rolled the same
        dice, so reading it copies nothing. Every count is 0 before a turn's first roll."""
        return self._cur.counts if self._cur else _zero_counts(self.characters)

    def score_action(self, character: str) -> Action:
        """The action that stops and scores ``character`` (``score Goofy``), in canonical form:
        the same object as the one :meth:`legal_actions` lists. Whether it is legal now is
        :meth:`apply`'s to say. Raises NotationError when ``character`` is not the full name
        of one of this game's characters (RULES.md §B1, §B4)."""
        try:
            return self._score_actions[character]
        except (KeyError, TypeError):
            raise NotationError(
                f"no character {character!r} to score: score one of "
                f"{', '.join(self.characters)} (RULES.md §B4)") from None

    def space_for(self, character: str) -> int:
        """The value of the space a score of ``character`` would take now (0 = Picture Column),
        RULES.md §B4."""
        return self.board.space_for(character, self.count(character))

    def forced_zero(self) -> bool:
        """True after the third roll when every character the player has not scored counts 0
        (the dice show only scored characters and no Clubhouse): the forced zero of §B4."""
        if self._phase != DECIDE or self.roll_number < MAX_ROLLS:
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
        if self._phase != DECIDE:
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
            return canonical_action(self.characters, "keep", self._canonical(faces))
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
                    raise IllegalActionError(missing_dice(self, "reroll", picked))
                kept.remove(f)
            return canonical_action(self.characters, "keep", tuple(kept))
        if verb == "score":
            faces = parse_faces(rest, self.characters)
            if len(faces) != 1:
                raise NotationError(
                    f"'score' takes one character, got {rest!r}: e.g. 'score {self.characters[0]}'")
            return canonical_action(self.characters, "score", faces)
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
                                         f"{whose_move(self)}")
        if self._phase != DECIDE:
            raise IllegalActionError(not_your_move(self))
        act = self.parse_action(action) if isinstance(action, str) else self._rebuild(action)
        seat = self.turn % self.players
        if act.kind == "keep":
            if self.roll_number >= MAX_ROLLS or act not in self._info().keep_set:
                raise IllegalActionError(keep_refusal(self, act))
            self._kept = self._kept_mask(act.faces)
            self._phase = ROLL
        elif act.kind == "score":
            if len(act.faces) != 1 or act.faces[0] not in self._score_actions:
                raise IllegalActionError(score_refusal(self, act))
            character = act.faces[0]
            if character not in self.board.unscored(seat):
                raise IllegalActionError(score_refusal(self, act))
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
        if ACTIONS.get((self.characters, action.kind, action.faces)) is action:
            return action  # the game's own (canonical, cached) action: the bots' fast path
        faces = tuple(str(f) for f in action.faces)
        if action.kind not in ("keep", "score") or any(f not in self._order for f in faces):
            return action
        return canonical_action(self.characters, action.kind, self._canonical(faces))

    def _kept_mask(self, kept: tuple[str, ...]) -> tuple[bool, ...]:
        """Which dice (in die order) a keep of the multiset ``kept`` holds back: the first dice
        showing each kept face."""
        if not kept:
            return NONE_KEPT
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
        self._kept = NONE_KEPT
        if self.turn < self.players * self.turns:
            self._phase = ROLL
            return
        totals = self.board.totals()
        best = max(totals)
        leaders = tuple(s for s, t in enumerate(totals) if t == best)
        if len(leaders) > 1:
            self.tied = leaders
            self._phase = TIEBREAK
        else:
            self._phase = OVER

    # -- chance --------------------------------------------------------------------------------

    def rerolling(self) -> int:
        """How many dice the next roll throws (5 for a turn's first roll), or 0 when no roll of
        a turn is pending."""
        if self._phase != ROLL:
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
        if self._phase == ROLL:
            return roll_outcomes(self.rerolling(), self.characters)
        if self._phase == TIEBREAK:
            single = [(k, Fraction(math.comb(DICE, k) * 5 ** (DICE - k), 6 ** DICE))
                      for k in range(DICE + 1)]
            result = []
            for combo in itertools.product(single, repeat=len(self.tied)):
                p = Fraction(1)
                for _, q in combo:
                    p *= q
                result.append((tuple(k for k, _ in combo), p))
            return result
        raise IllegalActionError(no_chance(self))

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
        if self._phase == ROLL:
            self._roll(outcome)
        elif self._phase == TIEBREAK:
            self._tiebreak(outcome)
        else:
            raise IllegalActionError(no_chance(self))
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
        self._kept = NONE_KEPT
        self._phase = DECIDE
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
            self._phase = OVER
        self._history.append(Step("tiebreak", CHANCE, clubs, sampled))

    # -- the end -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """Who won and why, once the game is over (else None). ``scores`` are points per seat.

        The highest total wins; a tie for first is broken by Clubhouse roll-offs, and after
        100 unbroken rounds the players still tied share the win (RULES.md §B5). A solo player
        is the winner of their own game, whatever the total (no tie-break).
        """
        if self._phase != OVER:
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
                f"seat {quoted(player)} is not in this game: seats are 0..{self.players - 1}")
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

        The save is checked completely first (:func:`swkit.dice.saves.load_checked`): every
        field's type and range against :data:`swkit.dice.saves.SAVE_FIELDS` (seats below the
        player count, faces of these dice, a board of this game's rows and seats), then the
        state's consistency (:func:`swkit.dice.saves.state_problem`: the phase against the
        dice, roll number, keeps and turns; the tokens against the turns played), then the
        history, replayed from a new game with these settings: every step must be legal and
        the replay must end in the saved state, random stream included (RULES.md §B3).

        Raises ConfigurationError (a :class:`~swkit.saves.SaveError`, whose ``path`` names
        the field, e.g. ``board.rows.Goofy.spaces[2]``) when it is not a Clubhouse dice state:
        not UTF-8 text, not JSON, another game, a missing, unknown or malformed field, or a
        state or history no game reaches.
        """
        return load_checked(cls, text)

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
        game._history = [step_from_json(s) for s in data["history"]]
        return game

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
        is not legal, ConfigurationError for a history that is not a list of steps."""
        game = cls(players, seed, characters, turns)
        accepted = ("accepted: a list of Steps (a game's history) or their saved form "
                    "[kind, seat, value, sampled]")
        if isinstance(history, str | bytes | Mapping) or not isinstance(history, Iterable):
            raise ConfigurationError(f"history is {quoted(history)}; {accepted}")
        for i, raw in enumerate(history):
            if not isinstance(raw, Step):
                try:
                    if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
                        raise TypeError
                    raw = step_from_json(raw)
                except (TypeError, ValueError, OverflowError):
                    raise ConfigurationError(f"history[{i}] is {quoted(raw)}; {accepted}"
                                             ) from None
            game.apply_step(raw)
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

    # -- faces --------------------------------------------------------------------------------

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
