"""Card-game bots (RULES.md §A3 decisions): a random bot and a greedy bot.

A bot looks only at what its seat may see (its hand, the tableaux, the centers, the figures, the
discard pile) and at the legal actions, which it takes from the game's own rule functions. It
breaks ties by the sorted order of the legal actions and draws any randomness from its own
stream (``substream_seed(seed, name)``), separate from the stream that shuffles, so a bot's
choices never change the deck.

``choose(game)`` returns the chosen Action for the seat to move.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from swkit.cards.game import Action, CardGame
from swkit.cards.notation import ALL_CARDS, Card
from swkit.cards.state import CardState, Phase
from swkit.cards.triples import has_triple
from swkit.state import substream_seed

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_factory", "make_bot", "potential",
           "preferred_figure", "sorted_discards"]


_FIGURE, _DISCARD = Phase.FIGURE, Phase.DISCARD  # as module names, read faster than a class's


class Bot:
    """Base class: a seat's policy with its own random stream.

    ``seed``: the game's seed; ``name``: the stream's name (e.g. ``"greedy-0"`` for seat 0),
    mixed into the seed with ``substream_seed``.
    """

    kind = "bot"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        self.name = name or self.kind
        self.rng = random.Random(substream_seed(seed, self.name))

    def choose(self, game: CardGame) -> Action:  # pragma: no cover - abstract
        """The action to apply for the seat to move."""
        raise NotImplementedError


def sorted_discards(game: CardGame, actions: Sequence[Action]) -> list[Action]:
    """At the Discard step: the actions that list their cards in sorted notation, one per choice
    of cards (RULES.md §A3 decisions: bots list several discards in sorted notation)."""
    moves = game.legal_moves()
    return [a for a in actions if list(moves[a][1]) == sorted(moves[a][1])]


def preferred_figure(game: CardGame) -> Action:
    """At a figure choice: a figure the player does not hold, then the lowest edition
    (RULES.md §A9, the bots' rule)."""
    me = game.current_player()
    actions = game.legal_actions()
    moves = game.legal_moves()
    figures = game.state.figures
    for action in actions:
        if figures[moves[action][1]] != me:
            return action
    return actions[0]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions, with its own stream; a figure choice follows
    the bots' rule of RULES.md §A9 (``preferred_figure``); at the Discard step it chooses
    uniformly which cards to discard and lists them in sorted notation (RULES.md §A3)."""

    kind = "random"

    def choose(self, game: CardGame) -> Action:
        """A uniformly random legal action (the preferred figure at a figure choice)."""
        phase = game.state.phase
        if phase is _FIGURE:
            return preferred_figure(game)
        actions = game.legal_actions()
        if phase is _DISCARD:
            actions = sorted_discards(game, actions)
        return self.rng.choice(actions)


def _pair_value(a: Card, b: Card) -> int:
    if a.number == b.number:
        return 2
    if a.color != b.color:
        return 0
    d = abs(a.number - b.number)
    if d == 1:
        return 1 if (a.number in (1, 9) or b.number in (1, 9)) else 2
    return 1 if d == 2 else 0


_PAIRS: dict[tuple[Card, Card], int] = {(a, b): _pair_value(a, b)
                                        for a in ALL_CARDS for b in ALL_CARDS}


def potential(cards: Sequence[Card]) -> int:
    """How close a tableau is to a set or run: 2 per pair sharing a number or adjacent in one
    color (1 if the run can only grow one way, at 1 or 9), 1 per pair of one color two apart.
    """
    return sum(map(_PAIRS.__getitem__, combinations(cards, 2)))


TRIPLE = 1000
"""The value of a move that makes a triple this turn."""


class GreedyBot(Bot):
    """Plays toward sets and runs, takes figures, uses Powers that help, discards well.

    - Play: a card that makes a triple (or one a usable wild Power completes), else the card
      that most raises ``potential``, with a small bonus for taking a figure.
    - Power: a Power that makes a triple now (a wild, a swap, a card from the discard pile or
      the hand); else draw (7), then take from discard (8), then a play that raises
      ``potential``; otherwise skip. Targets and passes the same way; discards keep the best
      ``potential``.
    - Figure: one it does not hold, then the lowest edition (RULES.md §A9).
    """

    kind = "greedy"

    def choose(self, game: CardGame) -> Action:
        """The best legal action by the rules above; ties go to the first in sorted order."""
        moves = game.legal_moves()
        actions = game.legal_actions() if len(moves) > 1 else list(moves)
        state = game.state
        phase = state.phase
        if phase is _DISCARD:  # one action per choice of cards, in sorted notation (§A3)
            actions = sorted_discards(game, actions)
        me = game.current_player()
        scorer = _SCORERS[phase]
        best = actions[0]
        best_value: float | None = None
        for action in actions:
            value = scorer(self, state, me, moves[action])
            if best_value is None or value > best_value:
                best, best_value = action, value
        return Action(best)

    # each _value_<phase>(state, seat, move) -> number (higher is better)

    def _value_play(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        card = move[1]
        tab = [*state.tableaux[me], card]
        if has_triple(tab):
            return TRIPLE
        value: float = potential(tab)
        for e, center in enumerate(state.centers):
            if center is None:
                continue
            takes = center.color == card.color
            if takes and state.figures[e] != me:
                value += 3
            if takes or state.figures[e] == me:
                powers = [center] + [p for se, p in state.scored[me] if se == e]
                if any(p.is_wild and has_triple(tab, p.wilds) for p in powers):
                    return TRIPLE - 100
        return value

    def _value_figure(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        return 1 if state.figures[move[1]] != me else 0

    def _value_power(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        if move[0] == "skip":
            return 0
        power = move[2]
        effect = power.effect
        tab = state.tableaux[me]
        if power.is_wild:
            if has_triple(tab, state.wilds):
                return -1
            return TRIPLE if has_triple(tab, state.wilds | power.wilds) else -1
        if effect == "play_from_discard":
            top = state.discard[-power.params["depth"]:]
            return max(self._gain(tab, c) for c in top)
        if effect == "extra_play":
            return max(self._gain(tab, c) for c in state.hands[me]) - 1
        if effect == "swap":  # worth it when a swap completes a triple now
            for s, other in enumerate(state.tableaux):
                if s == me:
                    continue
                for t in set(other):
                    for c in set(tab):
                        new = list(tab)
                        new[new.index(c)] = t
                        if has_triple(new):
                            return TRIPLE
            return -1
        if effect == "extra_draw":
            return 30
        if effect == "take_from_discard":
            return 25
        return -1

    @staticmethod
    def _gain(tab: Sequence[Card], card: Card) -> float:
        new = [*tab, card]
        if has_triple(new):
            return TRIPLE
        return potential(new) - potential(tab)

    @staticmethod
    def _swap_value(state: CardState, me: int, mine: Card, seat: int, theirs: Card) -> float:
        tab = list(state.tableaux[me])
        tab[tab.index(mine)] = theirs
        other = list(state.tableaux[seat])
        other[other.index(theirs)] = mine
        if has_triple(tab):
            return TRIPLE
        return (potential(tab) - potential(state.tableaux[me])
                - (potential(other) - potential(state.tableaux[seat])) / 2)

    def _value_power_play(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        return self._gain(state.tableaux[me], move[1])

    _value_power_discard = _value_power_play

    def _value_power_swap(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        _, mine, seat, theirs = move
        return self._swap_value(state, me, mine, seat, theirs)

    def _value_pass(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        tab = state.tableaux[me]
        base = potential(tab)
        return -sum(potential([*tab, c]) - base for c in move[1])

    def _value_score(self, state: CardState, me: int, move: tuple[Any, ...]) -> float:
        rest = list(state.tableaux[me])
        for c in move[1]:
            rest.remove(c)
        return potential(rest)

    _value_discard = _value_score  # the tableau left after the cards go


_SCORERS: dict[Phase, Callable[[GreedyBot, CardState, int, tuple[Any, ...]], float]] = {
    Phase.PLAY: GreedyBot._value_play, Phase.FIGURE: GreedyBot._value_figure,
    Phase.POWER: GreedyBot._value_power, Phase.POWER_PLAY: GreedyBot._value_power_play,
    Phase.POWER_DISCARD: GreedyBot._value_power_discard,
    Phase.POWER_SWAP: GreedyBot._value_power_swap, Phase.PASS: GreedyBot._value_pass,
    Phase.SCORE: GreedyBot._value_score, Phase.DISCARD: GreedyBot._value_discard,
}
"""How the greedy bot values a move at each phase where a player moves."""


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""Bot kinds by name."""


def bot_factory(kind: str) -> Callable[[int, int], Bot]:
    """The factory ``(seat, seed) -> Bot`` of the bot ``kind`` (``"random"`` or ``"greedy"``):
    the bot's stream is ``substream_seed(seed, f"{kind}-{seat}")``. Raises ValueError for an
    unknown kind. :func:`swkit.runner.make_bot` builds the bots of both games by name."""
    try:
        cls = BOTS[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {kind!r}; accepted: {', '.join(BOTS)}") from None
    return lambda seat, seed: cls(seed, f"{kind}-{seat}")


def make_bot(kind: str | Bot, seed: int = 0, seat: int = 0) -> Bot:
    """Deprecated (warns): use ``swkit.runner.make_bot("cards", kind, seat, seed)``, which takes
    the seat before the seed as for the dice game. A bot of ``kind`` for ``seat`` (a Bot is
    returned as is); raises ValueError for an unknown kind."""
    warnings.warn("swkit.cards.bots.make_bot(kind, seed, seat) is deprecated: use "
                  "swkit.runner.make_bot('cards', kind, seat, seed)", DeprecationWarning,
                  stacklevel=2)
    return kind if isinstance(kind, Bot) else bot_factory(kind)(seat, seed)
