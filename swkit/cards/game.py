"""Something Wild! as a game state (RULES.md section A), implementing the swkit.state contract.

:class:`CardGame` is the public face of a game: it holds a
:class:`~swkit.cards.state.CardState` (the piles, hands, tableaux, figures, scores and phase,
with no rules in it) and the :class:`~swkit.cards.turn.TurnMachine` that changes it by the rules,
and it keeps the history (for undo and the save). A turn (RULES.md §A3) walks through phases
(:mod:`swkit.cards.phases` lists them, with who moves and the actions of each); every choice is
an action of the seat that makes it.

A decision with exactly one legal action is made at once, without asking (it is still written
in the turn record): e.g. the figure when only one center matches, the only triple, the only
card of a hand. Chance nodes are always explicit.

Cards are kept as types (``Card``); with several editions a type has several physical copies
and the game counts them (RULES.md §A8, §A9). The deck's top is the next card drawn.

Where RULES.md is silent (setup, refills, each Power's details, scoring, the round limit, the
acting seat, Power numbers, positions and saves) the game follows docs/DECISIONS.md, "Cards".
``from_json`` checks a save completely (:mod:`swkit.cards.saves`).

>>> game = CardGame(players=2, seed=1)
>>> game.current_player() == CHANCE
True
>>> sum(p for _, p in game.chance_outcomes())
Fraction(1, 1)
"""

from __future__ import annotations

import json
import random
import re
import secrets
import warnings
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any

from swkit.cards import actions, checks, powers
from swkit.cards import moves as turn_moves
from swkit.cards.editions import (
    Edition,
    Power,
    edition_from_dict,
)
from swkit.cards.notation import (
    Card,
    parse_card,
)
from swkit.cards.phases import (
    CHANCE_PHASES,
    DEFAULT_ROUND_LIMIT,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    STEP_WORDS,
    TABLEAU_LIMIT,
    TURN_EVENTS,
    WIN_POWERS,
)
from swkit.cards.saves import load_checked
from swkit.cards.setup import place
from swkit.cards.state import CardState, Phase, state_property
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.cards.turn import TurnMachine, deal, deal_secretly, new_state, replay
from swkit.cards.view import CardView, view_of
from swkit.errors import ConfigurationError, IllegalActionError, NotationError, SwkitError
from swkit.files import decode_text
from swkit.state import CHANCE, TERMINAL, Outcome
from swkit.whole import as_whole, quoted

__all__ = [
    "CHANCE", "HAND_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "PHASES", "TABLEAU_LIMIT", "TERMINAL",
    "TURN_EVENTS", "WIN_POWERS", "Action", "CardGame", "CardView", "Phase",
]

# The phases the game compares with, as module names (read faster than a class's).
_DRAW, _OVER, _PASS, _POWER_DRAW = Phase.DRAW, Phase.OVER, Phase.PASS, Phase.POWER_DRAW


class Action(str):
    """A legal action: a readable string (``"play R7"``) that ``CardGame.apply`` accepts."""

    __slots__ = ()


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


class CardGame:
    """One game of Something Wild! (RULES.md §A) for 2-4 players.

    ``players``: 2..4; ``seed``: the integer that fixes every shuffle (the game's own stream,
    ``substream_seed(seed, "cards")``); ``editions``: a number E of Mickey and Friends copies or
    a list of editions (Edition objects, built-in keys or JSON paths), figures numbered from 1;
    ``round_limit``: rounds after which the game ends with no winner (RULES.md §A5 decision).

    ``secret_bots``: the seed replays the whole deal, every hand included, so anyone who runs
    ``CardGame(players, seed)`` sees the other players' hands. With ``secret_bots=True`` the
    seed still fixes the Power piles, seat 0's hand and the top half of the deck (the first
    draws, in order), but the other seats' hands are dealt, and the rest of the deck and every
    later reshuffle are shuffled, by a stream drawn from the operating system
    (``secrets.randbits``), not from the seed. The save (``to_json``) holds the dealt state as
    always, so a saved game still replays and undoes.

    Raises ConfigurationError for a player count outside 2..4, fewer than 2*players + 1
    Powers in all, or a bad edition (RULES.md §A2 decision).

    What is on the table is :attr:`state` (a :class:`~swkit.cards.state.CardState`, no rules
    in it); the game holds the turn machine that changes it
    (:class:`~swkit.cards.turn.TurnMachine`). Each of the state's fields is also the game's,
    read and set through it: ``game.hands`` is ``game.state.hands``.
    """

    state: CardState
    players: int
    seed: int
    round_limit: int
    editions: tuple[Edition, ...]
    rng: random.Random
    deck: list[Card]
    discard: list[Card]
    hands: list[list[Card]]
    tableaux: list[list[Card]]
    piles: list[list[Power]]
    centers: list[Power | None]
    figures: list[int | None]
    scored: list[list[tuple[int, Power]]]
    turn: int
    phase: Phase
    wilds: Wilds
    power_used: bool
    played: Card | None
    remaining: int
    pass_count: int
    pass_order: list[int]
    pass_choices: dict[int, list[Card]]
    winner: int | None
    end_reason: str
    log: list[dict[str, Any]]

    def __init__(self, players: int = 2, seed: int = 0,
                 editions: int | Sequence[Edition | str | Path] = 1,
                 round_limit: int = DEFAULT_ROUND_LIMIT, *, secret_bots: bool = False) -> None:
        if not isinstance(secret_bots, bool):
            raise ConfigurationError(f"secret_bots is {quoted(secret_bots)}; accepted: True or "
                                     "False")
        self._hold(new_state(players, seed, editions, round_limit))
        deal(self.state)
        if secret_bots:
            deal_secretly(self.state, random.Random(secrets.randbits(64)))
        self._machine.start_turn()
        self._machine.advance()
        self._start = self.snapshot()

    # -- construction ----------------------------------------------------------------------------

    def _hold(self, state: CardState) -> None:
        """Hold ``state``, with a turn machine of its own and no history."""
        self.state = state
        self._machine = TurnMachine(state)
        self._history: list[tuple[int, str]] = []

    @classmethod
    def from_position(
        cls, *, hands: Sequence[str | Iterable[str | Card]],
        tableaux: Sequence[str | Iterable[str | Card]] | None = None,
        deck: str | Iterable[str | Card] | None = None,
        discard: str | Iterable[str | Card] = (),
        centers: Sequence[str | int | None] | None = None,
        piles: Sequence[Sequence[str | int]] | None = None,
        figures: Sequence[int | None] | None = None,
        scored: Sequence[Sequence[str | tuple[int, str | int]]] | None = None,
        player: int = 0, phase: Phase | str = Phase.PLAY, turn: int | None = None,
        editions: int | Sequence[Edition | str | Path] = 1, seed: int = 0,
        round_limit: int = DEFAULT_ROUND_LIMIT, wilds: Wilds = NO_WILDS,
        power_used: bool = False,
        played: str | Card | None = None, exact_deck: bool = False,
    ) -> CardGame:
        """Build a game at a chosen position (for lessons, widgets and oracle tests).

        ``hands``: one card list per seat (its length is the player count); ``tableaux``: per
        seat, in order of play (default empty); ``deck``: the top of the deck, top card
        first; every card not placed elsewhere is shuffled (by the game's stream) under it,
        unless ``exact_deck`` is True, which makes a card placed nowhere an error;
        ``discard``: bottom to top;
        ``centers``: per edition the center Power's key or number, or None for an empty pile
        (default: the lowest-numbered Power not scored); ``piles``: per edition the face-down
        Powers, next to turn up first (default: every Power not placed, by number);
        ``figures``: per edition the holder seat or None; ``scored``: per seat Power keys or
        numbers (edition 1) or ``(edition number, key)`` pairs; ``player``: whose turn;
        ``phase``: ``"draw"`` (before the draw), ``"play"``, ``"power"`` (after the figure
        step; give ``played`` if the turn's card matters), ``"score"`` or ``"discard"``;
        ``power_used``: a Power was used this turn (only at ``"score"`` or ``"discard"``);
        ``wilds``: the wild effects in force (only with ``power_used`` at ``"score"`` or
        ``"discard"``, after the Power step); ``played``: the card played in step 2 (in the
        mover's tableau; not at ``"draw"`` or ``"play"``); ``turn``: turns played so far
        (default ``player``).

        As everywhere in the game, steps with no choice run at once: a hand of one card type
        at ``phase="play"`` is played on construction, a lone triple at ``"score"`` is scored.

        Cards are notation strings or Cards. Raises ConfigurationError naming the field if a
        card or Power is missing, duplicated or placed twice (RULES.md §A8), a field has the
        wrong type or is out of range, or the position is impossible: a tableau above five
        cards (any seat but the mover; the mover too at ``"draw"`` and ``"play"``, RULES.md
        §A3 step 6; the mover's above 5 + 1 + the most one Power of the editions adds),
        wilds or a used Power before the Power step, a ``played`` card that is not in the
        mover's tableau. NotationError (naming the field) for unreadable card text.
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence) or not (
                MIN_PLAYERS <= len(hands) <= MAX_PLAYERS):
            raise ConfigurationError(
                f"hands is {quoted(hands)}; accepted: a list with one card list per seat (its "
                f"length is the player count, {MIN_PLAYERS} to {MAX_PLAYERS}, RULES.md §A1)")
        game = cls.__new__(cls)
        game._hold(new_state(len(hands), seed, editions, round_limit))
        place(game.state, hands=hands, tableaux=tableaux, deck=deck, discard=discard,
              centers=centers, piles=piles, figures=figures, scored=scored, player=player,
              phase=phase, turn=turn, wilds=wilds, power_used=power_used, played=played,
              exact_deck=exact_deck)
        machine = game._machine
        machine.new_log()
        if phase == _DRAW:
            machine.start_turn()
        else:
            game.state.phase = Phase(phase)
            game.state.wilds = wilds
        machine.advance()
        bad = game.check_position()   # what the save's loader checks, so the save loads
        if bad is not None:
            raise checks.PositionError.of(bad)
        game._start = game.snapshot()
        return game

    # -- the state contract ----------------------------------------------------------------------


    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (the owner; during a Pass others may be choosing)."""
        return self.state.turn % self.state.players

    @property
    def round(self) -> int:
        """Rounds completed before this turn (a round is one turn of every player)."""
        return self.state.turn // self.state.players

    def current_player(self) -> int:
        """The seat to move, CHANCE (a draw) or TERMINAL. During a Pass (Power 10) the seat
        choosing is not always the turn's owner (RULES.md §A7)."""
        state = self.state
        phase = state.phase
        if phase is _OVER:
            return TERMINAL
        if phase is _DRAW or phase is _POWER_DRAW:
            return CHANCE
        if phase is _PASS:
            return state.pass_order[0]
        return state.turn % state.players

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.state.phase is _OVER

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of the player to move, in natural sorted order (empty at a chance
        node or at the end). With ``seat``: that seat's legal actions, empty when it is not that
        seat's move (RULES.md §A3: every choice is an action of the seat that makes it)."""
        if seat is not None:
            self._check_seat(seat)
            if seat != self.current_player():
                return []
        state = self.state
        if state.phase in CHANCE_PHASES or state.phase is _OVER:
            return []
        if len(state.editions) < 10:  # every number in an action is one digit
            return [Action(a) for a in sorted(self._machine.moves())]
        return [Action(a) for a in sorted(self._machine.moves(), key=_natural)]

    def legal_moves(self) -> Mapping[str, tuple[Any, ...]]:
        """Each legal action's text (as in :meth:`legal_actions`, unsorted) -> the move it
        makes, a tuple of its kind and what it moves: ``("play", card)``, ``("figure", edition
        index)``, ``("skip",)``, ``("use", edition index, Power)``, ``("score", cards, center
        index, "set" or "run")``, ``("discard", cards in the order they go)``, or a Power
        step's move (:mod:`swkit.cards.powers`). Empty at a chance node or at the end. A
        read-only view, for bots that weigh moves (:mod:`swkit.cards.bots`)."""
        phase = self.state.phase
        if phase in CHANCE_PHASES or phase is _OVER:
            return MappingProxyType({})
        return MappingProxyType(self._machine.moves())

    def _check_seat(self, seat: Any) -> None:
        if as_whole(seat) is None or not 0 <= seat < self.state.players:
            raise IllegalActionError(f"seat is {quoted(seat)}; accepted: a seat 0 to "
                                     f"{self.state.players - 1}")

    def whose_move(self) -> str:
        """Whose move it is, in words, naming no card (RULES.md §A6): ``"it is seat 1's move
        (step 2 (Play), RULES.md §A3)"``."""
        who = self.current_player()
        if who == TERMINAL:
            return "the game is over"
        if who == CHANCE:
            return "chance moves next (a card is drawn, RULES.md §A3); call apply_chance()"
        if self.state.phase is _PASS:
            return (f"it is seat {who}'s move (their blind Pass choice in seat "
                    f"{self.turn_player}'s turn, RULES.md §A7)")
        return f"it is seat {who}'s move ({STEP_WORDS[self.state.phase]}, RULES.md §A3)"

    def apply(self, action: Action | str, *, seat: int | None = None) -> None:
        """Apply a player's action (an Action or its text; cards in any accepted notation).

        ``seat``: the seat making the choice (RULES.md §A3: every choice is an action of the
        seat that makes it); when given and it is not that seat's move, IllegalActionError
        says whose move it is and reveals no hand (RULES.md §A6, the blind Pass of §A7).

        Raises IllegalActionError explaining why in words (naming the cards and the RULES.md
        section; it lists no hand but the acting seat's own); the state is then unchanged.
        """
        if seat is not None:
            self._check_seat(seat)
            if seat != self.current_player():
                raise IllegalActionError(f"seat {seat} cannot {str(action)!r} now: "
                                         f"{self.whose_move()}")
        phase = self.state.phase
        if phase is _OVER:
            raise IllegalActionError(f"cannot {action!r}: the game is over "
                                     f"({self.outcome().reason})")
        if phase in CHANCE_PHASES:
            raise IllegalActionError(
                f"cannot {action!r}: chance moves next (a card is drawn, RULES.md §A3); "
                "call apply_chance()")
        if not isinstance(action, str):
            raise IllegalActionError(f"cannot read {action!r}: an action is text such as "
                                     f"'play R7'; {actions.legal_tail(self)}")
        machine = self._machine
        moves = machine.moves()
        text = str(action)
        move = moves.get(text)
        if move is None:
            original = text
            try:
                text, args = actions.read_action(self, text)
            except NotationError as exc:
                raise IllegalActionError(f"cannot read {original!r}: {exc}") from None
            move = moves.get(text)
            if move is None:
                raise IllegalActionError(actions.explain(self, text, args))
        self._history.append((self.current_player(), text))
        machine.do(move)
        machine.advance()

    def chance_outcomes(self) -> list[tuple[Card, Fraction]]:
        """At a draw: each card type in the deck with its exact share of the deck, sorted,
        summing to 1. Raises IllegalActionError when chance does not move next.

        This is the engine's view, the true deck: the cards in other players' hands are
        excluded from it, so it can reveal hands and is not what a player may know (RULES.md
        §A6). A player's odds use the unseen-cards model of RULES.md §C1, in which every card
        the player cannot see (the deck and the other hands) is equally likely: see
        :mod:`swkit.odds`."""
        if self.state.phase not in CHANCE_PHASES:
            raise IllegalActionError(f"no chance node now: it is {STEP_WORDS[self.state.phase]} "
                                     "(RULES.md §A3)")
        counts = Counter(self.state.deck)
        n = len(self.state.deck)
        return [(c, Fraction(counts[c], n)) for c in sorted(counts)]

    def apply_chance(self, outcome: Card | str | None = None) -> Card:
        """Draw the top card of the deck into the drawing player's hand, or (``outcome`` given)
        the topmost copy of that card type, for exact analysis. Returns the card drawn.

        The deck was shuffled by the game's stream; an empty deck was refilled from the discard
        pile before this node (RULES.md §A3 decisions). Raises IllegalActionError (the state
        unchanged) when chance does not move next, when ``outcome`` is not a readable card
        (``'Z9'``: the message names it and the accepted forms) or when that card is not in
        the deck.
        """
        if self.state.phase not in CHANCE_PHASES:
            raise IllegalActionError(f"no chance node now: it is {STEP_WORDS[self.state.phase]} "
                                     "(RULES.md §A3)")
        deck = self.state.deck
        if outcome is None:
            card = deck.pop()
        else:
            try:
                card = outcome if isinstance(outcome, Card) else parse_card(outcome)
            except NotationError as exc:
                raise IllegalActionError(f"cannot draw {outcome!r}: {exc}") from None
            for i in range(len(deck) - 1, -1, -1):
                if deck[i] == card:
                    del deck[i]
                    break
            else:
                raise IllegalActionError(f"{card} is not in the deck, so it cannot be drawn "
                                         "(RULES.md §A3 step 1)")
        self._history.append((CHANCE, f"draw {card}"))
        self._machine.draw(card)
        return card

    def outcome(self) -> Outcome | None:
        """How the game ended (a win at three Powers or the round limit), or None."""
        if self.state.phase is not _OVER:
            return None
        scores = tuple(len(s) for s in self.state.scored)
        winners = () if self.state.winner is None else (self.state.winner,)
        return Outcome(winners, self.state.end_reason, scores)

    def scores(self) -> list[int]:
        """Powers scored per seat."""
        return [len(s) for s in self.state.scored]

    def view(self, player: int) -> CardView:
        """What seat ``player`` may see (RULES.md §A6): own hand, every tableau, every scored
        Power, the centers, the figure holders, the discard pile in order, the deck size and
        every hand size. Raises ConfigurationError for a seat out of range."""
        state = self.state
        if as_whole(player) is None or not 0 <= player < state.players:
            raise ConfigurationError(f"player is {quoted(player)}; accepted: 0 to "
                                     f"{state.players - 1}")
        return view_of(state, as_whole(player), self.current_player())

    # -- conservation (RULES.md §A8) -------------------------------------------------------------

    def conservation_problems(self) -> list[str]:
        """Every breach of RULES.md §A8, in words (empty when each character card and each
        Power is in exactly one place)."""
        return checks.conservation_problems(self.state)

    def check_conservation(self) -> None:
        """Raise SwkitError listing every breach of RULES.md §A8 (see conservation_problems)."""
        problems = self.conservation_problems()
        if problems:
            raise SwkitError("card conservation broken (RULES.md §A8): " + "; ".join(problems))

    # -- JSON, equality, undo --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The game's state as a JSON-ready dict: the fields of a save
        (:data:`swkit.cards.saves.STATE_FIELDS`) without its history and start
        (:meth:`swkit.cards.state.CardState.snapshot`)."""
        return self.state.snapshot()

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], start: dict[str, Any] | None = None
                      ) -> CardGame:
        """The game whose state is ``data`` (a :meth:`snapshot`), with no history since
        ``start`` (the snapshot that :meth:`undo` replays from; default ``data``). The data is
        trusted, not checked: a save is read by :meth:`from_json`, which checks it."""
        game = cls.__new__(cls)
        game._start = data if start is None else start
        editions = [edition_from_dict(d, "JSON edition") for d in data["editions"]]
        checked = new_state(data["players"], data["seed"], editions, data["round_limit"])
        game._hold(CardState.from_snapshot(data, checked.editions))
        return game

    def to_json(self) -> str:
        """The whole game in progress as a JSON string: the state, the shuffle stream's state,
        the editions, the history and the starting position (for undo)."""
        data = self.snapshot()
        data["history"] = [list(h) for h in self._history]
        data["start"] = self._start
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> CardGame:
        """The inverse of ``to_json``: ``text`` is the JSON string, or the bytes of a saved
        file (UTF-8; a byte-order mark is fine).

        The save is checked completely before a state is built (:mod:`swkit.saves`): every
        field's type, range and length against :data:`swkit.cards.saves.SAVE_FIELDS` (seats
        below the player
        count, cards in notation, Power numbers of their edition, a turn within the round
        limit); the start as a position at rest (:meth:`check_position`: RULES.md §A8
        conservation, the phase's fields, tableau sizes, scores and the end, the turn
        records); then the history, replayed from the start: each entry must be legal where
        it stands, and the replay must end in the saved state, field by field, stream
        included. The game returned is that replay.

        Raises ConfigurationError (a :class:`~swkit.saves.SaveError`, whose ``path`` names
        the field, e.g. ``hands[1][3]``, ``start.phase``, ``history[12]``) for text that is
        not UTF-8, not JSON, nested more than 32 deep, or not a save that a game reaches.
        """
        return cls._load(decode_text(text, "saved card game"), check=True)

    @classmethod
    def _load(cls, text: str, check: bool) -> CardGame:
        if not check:  # our own JSON (copy): trusted
            data = json.loads(text)
            game = cls.from_snapshot(data)
            game._history = [(int(p), str(a)) for p, a in data["history"]]
            game._start = data["start"]
            return game
        return load_checked(cls, text)

    def check_position(self) -> checks.PositionProblem | None:
        """The first reason why this state is not a position of a game at rest, typed
        (:class:`~swkit.cards.checks.PositionProblem`: its kind, the JSON path of the field, and
        its ``words``), or None. Checked: card conservation (RULES.md §A8), the phase's fields
        (who moves, wilds, the Power used, Pass choices), tableau sizes (§A3 step 6), scores
        and the end (§A5), turns against the round limit, and that every step with no choice
        has been run (the mover has at least two legal actions, or chance has a card to
        draw)."""
        bad = checks.first_problem(self.state)
        if bad is not None or self.state.phase is _OVER:
            return bad
        rest = CardGame.from_snapshot(self.snapshot())
        rest._machine.advance()
        if rest.snapshot() != self.snapshot():
            return checks.not_at_rest(self.state.phase)
        return None

    def position_problems(self) -> tuple[str, str] | None:
        """Deprecated (warns): use :meth:`check_position`, whose typed problem has ``path``
        and ``words``. The first problem as ``(JSON path, words)``, or None."""
        warnings.warn("CardGame.position_problems() is deprecated: use check_position(), "
                      "whose PositionProblem has path and words", DeprecationWarning,
                      stacklevel=2)
        bad = self.check_position()
        return None if bad is None else (bad.path, bad.words)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardGame):
            return NotImplemented
        return (self.snapshot() == other.snapshot() and self._history == other._history
                and self._start == other._start)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.current_player()
        mover = {CHANCE: "chance", TERMINAL: "nobody"}.get(who, f"seat {who}")
        state = self.state
        return (f"<CardGame {state.players} players, {len(state.editions)} edition(s), "
                f"turn {state.turn + 1} (seat {self.turn_player}), {state.phase}, "
                f"{mover} to move, scores {self.scores()}>")

    def copy(self) -> CardGame:
        """An independent copy (same state, history and stream)."""
        return type(self)._load(self.to_json(), check=False)

    def __reduce__(self) -> tuple[Any, tuple[str, bool]]:
        """``copy.copy``, ``copy.deepcopy`` and ``pickle`` go through the save (``to_json``),
        as :meth:`copy` does: each gives an independent game, stream included, that shares
        no list with this one."""
        return type(self)._load, (self.to_json(), False)

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        """The steps applied, oldest first, each ``(seat or CHANCE, text)``: ``"play R7"``,
        ``"draw B2"``. A tuple made when asked: changing it cannot change the game (use
        :meth:`undo`)."""
        return tuple(self._history)

    def undo(self) -> tuple[int, str]:
        """Take back the last history entry (an action or a draw) and return it as
        ``(player or CHANCE, text)``. The state, stream included, is rebuilt by replaying the
        history from the start. Raises IllegalActionError when there is nothing to undo."""
        if not self._history:
            raise IllegalActionError("nothing to undo: no action or draw has been made yet")
        last = self._history[-1]
        game = CardGame.from_snapshot(self._start)
        replay(game, self._history[:-1])
        self.__dict__.update(game.__dict__)
        return last

    # -- the turn machine's doors ------------------------------------------------------------

    def record_event(self, event: str, **data: Any) -> None:
        """Add an event to this turn's record (``log[-1]["events"]``), in the order it
        happens: ``{"event": event, **data}`` (see TURN_EVENTS)."""
        self.state.record_event(event, **data)

    def refill_deck(self) -> bool:
        """Before a draw: shuffle the discard pile into an empty deck (by the game's stream,
        RULES.md §A3 decisions). True if the deck has a card to draw, False if deck and
        discard pile are both empty (:meth:`swkit.cards.turn.TurnMachine.refill_deck`)."""
        return self._machine.refill_deck()

    # -- legal moves -----------------------------------------------------------------------------

    def usable_powers(self) -> list[tuple[int, Power]]:
        """The Powers the turn's owner may use now, as ``(edition index, Power)``, one per key
        (RULES.md §A3 step 4, §A7 decisions: held figure, once per turn, can change something;
        :func:`swkit.cards.moves.usable_powers`)."""
        return turn_moves.usable_powers(self.state)

    def power_table(self) -> powers.Table:
        """What a Power's use depends on now, seen from the turn's owner
        (:class:`swkit.cards.powers.Table`)."""
        return turn_moves.power_table(self.state)

    def score_options(self) -> list[tuple[tuple[Card, Card, Card], str]]:
        """The distinct triples of the owner's tableau under this turn's wilds, as
        ``((a, b, c) sorted, kind)``, sorted (RULES.md §A3 step 5, §A4)."""
        return turn_moves.score_options(self.state)

for _name in CardState.__slots__:
    setattr(CardGame, _name, state_property(_name))
