"""The turn machine of Something Wild! (RULES.md §A3): the rules that walk a state through a turn.

:class:`TurnMachine` holds a :class:`~swkit.cards.state.CardState` and changes it: it starts a
turn, refills the deck, runs every step that needs no choice, lists the legal moves of the step
under way and does a move or a draw. The Powers' own steps are theirs
(:mod:`swkit.cards.powers`): the machine hands itself to them as the turn they change
(:class:`~swkit.cards.powers.base.Turn`). :func:`new_state` and :func:`deal` make the state of
a new game, :func:`deal_secretly` deals the other seats again from a secret stream, and
:func:`replay` applies a game's history again. The game (:class:`swkit.cards.game.CardGame`)
is the public face that holds a machine.

A decision with exactly one legal action is made at once, without asking (it is still written
in the turn record); a step with no legal action is skipped (RULES.md §A3 decisions).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from swkit.cards import moves as turn_moves
from swkit.cards import powers
from swkit.cards.editions import Edition, Power, resolve_editions
from swkit.cards.notation import ALL_CARDS, Card, format_cards
from swkit.cards.phases import (
    HAND_SIZE,
    MAX_PLAYERS,
    MAX_ROUND_LIMIT,
    MIN_PLAYERS,
    SKIP_TO,
    TABLEAU_LIMIT,
    WIN_POWERS,
)
from swkit.cards.powers import extra_draw, passing
from swkit.cards.setup import whole_field
from swkit.cards.state import CardState, Phase, state_property
from swkit.cards.triples import NO_WILDS
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.limits import SEED_DIGITS
from swkit.state import CHANCE, substream_seed
from swkit.whole import as_seed, as_whole, quoted

__all__ = ["Replayable", "ReplayError", "TurnMachine", "deal", "deal_secretly", "new_state",
           "replay"]

# The phases the machine compares with, as module names (read faster than a class's).
_DISCARD, _DRAW, _FIGURE, _OVER, _PASS, _PLAY, _POWER, _POWER_DRAW, _SCORE = (
    Phase.DISCARD, Phase.DRAW, Phase.FIGURE, Phase.OVER, Phase.PASS, Phase.PLAY, Phase.POWER,
    Phase.POWER_DRAW, Phase.SCORE)


def new_state(players: int, seed: int, editions: int | Sequence[Edition | str | Path],
              round_limit: int) -> CardState:
    """The empty state of a game with these settings (no card or Power placed yet), its
    shuffle stream seeded by ``substream_seed(seed, "cards")``. Raises ConfigurationError for
    a player count outside 2..4, a round limit outside 1..MAX_ROUND_LIMIT, a seed that is not
    a whole number of at most SEED_DIGITS digits,
    fewer than 2*players + 1 Powers in all, or a bad edition (RULES.md §A1, §A2 decision,
    §A5)."""
    number = as_whole(players)
    if number is None or not MIN_PLAYERS <= number <= MAX_PLAYERS:
        raise ConfigurationError(
            f"players is {quoted(players)}; accepted: a whole number {MIN_PLAYERS} to "
            f"{MAX_PLAYERS} (RULES.md §A1)")
    players = number
    round_limit = whole_field("round_limit", round_limit, 1, MAX_ROUND_LIMIT,
                              note=" (RULES.md §A5)")
    if as_seed(seed) is None:
        raise ConfigurationError(f"seed is {quoted(seed)}; accepted: a whole number of at most "
                                 f"{SEED_DIGITS} digits (it fixes every shuffle)")
    seed = as_seed(seed)
    editions_ = resolve_editions(editions)
    total = sum(len(ed.powers) for ed in editions_)
    if total < 2 * players + 1:
        raise ConfigurationError(
            f"{total} Powers in all is too few for {players} players: accepted at least "
            f"2*players + 1 = {2 * players + 1} (RULES.md §A2 decision)")
    return CardState(players, seed, editions_, round_limit,
                     random.Random(substream_seed(seed, "cards")))


def deal(state: CardState) -> None:
    """The seeded deal (RULES.md §A2): per edition the Power pile shuffled and its top Power
    turned up as the center; the deck of every edition's cards shuffled; three cards dealt to
    each seat in turn (each hand kept sorted), all by the state's stream."""
    rng = state.rng
    for e, ed in enumerate(state.editions):
        pile = list(ed.powers)
        rng.shuffle(pile)
        state.piles[e] = pile
        state.centers[e] = pile.pop() if pile else None
    deck = [c for _ in state.editions for c in ALL_CARDS]
    rng.shuffle(deck)
    state.deck = deck
    for _ in range(HAND_SIZE):
        for p in range(state.players):
            if deck:
                insort(state.hands[p], deck.pop())


def deal_secretly(state: CardState, secret: random.Random) -> None:
    """Deal seats 1.. again from ``secret`` (``CardGame``'s ``secret_bots``): the top half of
    the seeded deck stays as it is (top last), the rest of it and the other seats' cards are
    shuffled together by ``secret``, the hands dealt from them, the remainder put under the
    top half; ``secret`` then shuffles every later reshuffle (RULES.md §A2, §A3)."""
    deck = state.deck
    top = deck[len(deck) - len(deck) // 2:]
    pool = deck[:len(deck) - len(top)] + [c for h in state.hands[1:] for c in h]
    secret.shuffle(pool)
    for p in range(1, state.players):
        size = len(state.hands[p])
        state.hands[p] = sorted(pool[-size:]) if size else []
        del pool[len(pool) - size:]
    state.deck = pool + top
    state.rng = secret


class Replayable(Protocol):
    """A game that takes a player's action and a draw by their text (``CardGame``)."""

    def current_player(self) -> int:
        """The seat to move, or CHANCE."""

    def whose_move(self) -> str:
        """Who moves now, in words."""

    def apply(self, action: str) -> Any:
        """Apply a player's action."""

    def apply_chance(self, outcome: str) -> Any:
        """Draw the card ``outcome``."""


class ReplayError(IllegalActionError):
    """A history entry that cannot be applied where it stands: ``index`` (0-based in the
    history), ``text`` (the entry's text), ``reason`` (why, in words)."""

    def __init__(self, index: int, text: str, reason: str) -> None:
        super().__init__(reason)
        self.index, self.text, self.reason = index, text, reason


def replay(game: Replayable, steps: Iterable[tuple[int, str]]) -> None:
    """Apply each history entry of ``steps`` (``(seat or CHANCE, text)``, oldest first) to
    ``game``: a draw (``"draw B2"``) by ``apply_chance``, an action by ``apply``, each only
    when it is that seat's move (or chance's). Raises :class:`ReplayError` naming the first
    entry that is not legal where it stands; the game is then as the entries before it left
    it."""
    for index, (who, text) in enumerate(steps):
        try:
            if who != game.current_player():
                raise IllegalActionError(f"the entry is seat {who}'s, but {game.whose_move()}")
            if who == CHANCE:
                verb, _, card = text.partition(" ")
                if verb != "draw" or not card:
                    raise IllegalActionError(f"a chance entry is 'draw CARD', not {text!r}")
                game.apply_chance(card)
            else:
                game.apply(text)
        except IllegalActionError as exc:
            raise ReplayError(index, text, str(exc)) from None


class TurnMachine:
    """The rules that change ``state`` (a :class:`~swkit.cards.state.CardState`) turn by turn
    (RULES.md §A3). Each of the state's fields is also the machine's, read and set through it
    (``machine.hands`` is ``machine.state.hands``), so the machine is the
    :class:`~swkit.cards.powers.base.Turn` a Power changes.

    The legal moves of the step under way are kept until the state changes by the machine; a
    caller that changes the state otherwise calls :meth:`forget_moves`."""

    __slots__ = ("_moves_cache", "state")

    def __init__(self, state: CardState) -> None:
        self.state = state
        self._moves_cache: dict[str, tuple[Any, ...]] | None = None

    def forget_moves(self) -> None:
        """Drop the legal moves kept for the step under way (they are listed again)."""
        self._moves_cache = None

    def new_log(self) -> None:
        """Open this turn's record (``log[-1]``, see ``swkit.cards.phases.TURN_EVENTS``)."""
        state = self.state
        state.log.append({"turn": state.turn, "round": state.turn // state.players,
                          "player": state.turn % state.players, "draw": None, "play": None,
                          "figure": None, "figure_from": None, "power": None, "score": None,
                          "discard": [], "reshuffles": 0, "events": []})

    def record_event(self, event: str, **data: Any) -> None:
        """Add an event to this turn's record (``log[-1]["events"]``), in the order it
        happens: ``{"event": event, **data}`` (see ``swkit.cards.phases.TURN_EVENTS``)."""
        self.state.record_event(event, **data)

    def start_turn(self) -> None:
        """Begin the turn ``state.turn``: no wilds, no Power used, no card played, its record
        opened, the Draw step next; or the end at the round limit (RULES.md §A5)."""
        self._moves_cache = None
        state = self.state
        if state.turn >= state.round_limit * state.players:
            state.phase = _OVER
            state.end_reason = (f"round limit: {state.round_limit} rounds with no winner "
                                "(RULES.md §A5)")
            return
        state.wilds = NO_WILDS
        state.power_used = False
        state.played = None
        if not state.log or state.log[-1]["turn"] != state.turn:
            self.new_log()
        state.phase = _DRAW

    def refill_deck(self) -> bool:
        """Before a draw: shuffle the discard pile into an empty deck (by the state's stream,
        RULES.md §A3 decisions). True if the deck has a card to draw, False if deck and
        discard pile are both empty."""
        state = self.state
        if state.deck:
            return True
        if not state.discard:
            return False
        deck = state.discard
        state.discard = []
        state.rng.shuffle(deck)
        state.deck = deck
        state.log[-1]["reshuffles"] += 1
        state.record_event("reshuffle", cards=len(deck))
        return True

    def advance(self) -> None:
        """Run every step that needs no choice: skipped steps and single-option decisions."""
        state = self.state
        while True:
            phase = state.phase
            self._moves_cache = None
            if phase is _OVER:
                return
            if phase is _DRAW:
                if self.refill_deck():
                    return
                state.phase = _PLAY
                continue
            if phase is _POWER_DRAW:
                if extra_draw.waits_for_chance(self):
                    return
                continue
            if phase is _DISCARD and len(state.tableaux[state.turn % state.players]) <= \
                    TABLEAU_LIMIT:
                state.turn += 1
                self.start_turn()
                continue
            moves = self.moves()
            if len(moves) > 1:
                return
            if len(moves) == 1:
                (move,) = moves.values()
                self.do(move)
                continue
            # no legal action: the step is impossible and skipped (RULES.md §A3 decisions)
            if phase is _PASS:
                passing.resolve(self)
            state.phase = SKIP_TO[phase]

    def moves(self) -> dict[str, tuple[Any, ...]]:
        """The legal moves of the step where a player moves now: an action's text -> its move
        (:data:`swkit.cards.moves.Moves`, or a Power step's move). Kept until the state
        changes: the caller does not change the dict."""
        cache = self._moves_cache
        if cache is None:
            state = self.state
            rule = _STATE_MOVES.get(state.phase)
            cache = self._moves_cache = (_POWER_MOVES[state.phase](self) if rule is None
                                         else rule(state))
        return cache

    def draw(self, card: Card) -> None:
        """A chance node's draw, ``card`` already taken out of the deck: at the Draw step into
        the turn owner's hand (RULES.md §A3 step 1), at a Power's draw as the Power says
        (:func:`swkit.cards.powers.extra_draw.draw`); then every step with no choice runs."""
        self._moves_cache = None
        state = self.state
        if state.phase is _DRAW:
            insort(state.hands[state.turn % state.players], card)
            state.log[-1]["draw"] = str(card)
            state.record_event("draw", card=str(card))
            state.phase = _PLAY
        else:
            extra_draw.draw(self, card)
        self.advance()

    def do(self, move: tuple[Any, ...]) -> None:
        """Do ``move`` (one of :meth:`moves`' values) for the seat it belongs to."""
        self._moves_cache = None
        state = self.state
        kind = move[0]
        me = state.turn % state.players
        entry = state.log[-1]
        if kind == "play":
            card = move[1]
            state.hands[me].remove(card)
            state.tableaux[me].append(card)
            state.played = card
            entry["play"] = str(card)
            state.record_event("play", card=str(card))
            state.phase = _FIGURE
        elif kind == "figure":
            entry["figure_from"] = state.figures[move[1]]
            state.figures[move[1]] = me
            entry["figure"] = move[1] + 1
            state.record_event("figure", edition=move[1] + 1, holder=entry["figure_from"])
            state.phase = _POWER
        elif kind == "skip":
            state.phase = _SCORE
        elif kind == "use":
            self.use_power(move[1], move[2])
        elif kind in powers.BY_MOVE:
            powers.BY_MOVE[kind].do(self, move)
        elif kind == "score":
            _, cards, e, how = move
            tab = state.tableaux[me]
            for c in cards:
                tab.remove(c)
            state.discard.extend(cards)
            power = state.centers[e]
            assert power is not None
            state.scored[me].append((e, power))
            pile = state.piles[e]
            new_center = state.centers[e] = pile.pop() if pile else None
            entry["score"] = {"cards": format_cards(cards), "kind": how, "wilds": str(state.wilds),
                              "power": power.key, "center": e + 1,
                              "new_center": None if new_center is None else new_center.key}
            state.record_event("score", cards=format_cards(cards), power=power.key)
            state.wilds = NO_WILDS
            if len(state.scored[me]) >= WIN_POWERS:
                state.phase = _OVER
                state.winner = me
                state.end_reason = f"seat {me} holds {WIN_POWERS} Powers and wins (RULES.md §A5)"
            else:
                state.phase = _DISCARD
        elif kind == "discard":
            tab = state.tableaux[me]
            for c in move[1]:
                tab.remove(c)
            state.discard.extend(move[1])
            entry["discard"] = [str(c) for c in move[1]]
            state.record_event("discard", cards=[str(c) for c in move[1]])
            state.turn += 1
            self.start_turn()
        else:  # pragma: no cover - every move kind is handled above
            raise AssertionError(kind)

    def use_power(self, e: int, p: Power) -> None:
        """Use the Power ``p`` of edition index ``e`` (RULES.md §A3 step 4): written in the
        turn record, then its effect (:func:`swkit.cards.powers.use`)."""
        state = self.state
        state.power_used = True
        state.log[-1]["power"] = {"key": p.key, "edition": e + 1, "effect": p.effect,
                                  "cards": []}
        state.record_event("power", key=p.key, edition=e + 1)
        powers.use(self, p)


for _name in CardState.__slots__:
    setattr(TurnMachine, _name, state_property(_name))

_STATE_MOVES = turn_moves.BY_PHASE
"""The turn machine's own steps -> their legal moves (text -> move), read from the state."""

_POWER_MOVES = {Phase(phase): module.moves for phase, module in powers.BY_PHASE.items()
                if hasattr(module, "moves")}
"""A Power's own step where a player moves -> its legal moves, read from the machine."""
