"""Something Wild! as a game state (RULES.md section A), implementing the swkit.state contract.

A turn (RULES.md §A3) walks through phases; every choice is an action of the seat that makes it:

=================  ======================================  ====================================
phase              who moves                               actions
=================  ======================================  ====================================
``draw``           chance (the top card of the deck)       ``apply_chance()``
``play``           the turn's owner                        ``play R7``
``figure``         owner (only if several figures match)   ``take figure 2``
``power``          owner (only if holding a figure)        ``use Power purple-wild``,
                                                           ``skip Power``
``power_play``     owner (Power 6, extra play)             ``power play R4``
``power_discard``  owner (Power 3, play from discard)      ``power play R4 from discard``
``power_draw``     chance (Power 7, extra draw)            ``apply_chance()``
``power_swap``     owner (Power 9)                         ``power swap R4 for B7 of seat 1``
``pass``           every seat with a card, in seat order   ``pass R4``
                   from the owner (Power 10, blind)
``score``          owner (only if a triple exists)         ``score R3 R4 R5`` (one edition),
                                                           ``score R3 R4 R5 center 2``
``discard``        owner (only above five cards)           ``discard B2 G7`` (G7 ends on top)
=================  ======================================  ====================================

A decision with exactly one legal action is made at once, without asking (it is still written
in the turn record): e.g. the figure when only one center matches, the only triple, the only
card of a hand. Chance nodes are always explicit.

Cards are kept as types (``Card``); with several editions a type has several physical copies
and the game counts them (RULES.md §A8, §A9). The deck's top is the next card drawn.

Decisions where RULES.md is silent (each also in the closing note of issue 2):

- Setup: each edition's Power pile is shuffled (editions in order), then the character deck;
  cards are dealt one at a time from the top, seat 0 first. The shuffle stream is
  ``random.Random(substream_seed(seed, "cards"))``.
- Draws: an empty deck is refilled from the discard pile when the draw is due, so a chance
  node always has a deck; ``apply_chance(card)`` takes the topmost copy of that type and keeps
  the order of the rest. Hands are kept sorted; tableaux keep the order of play.
- Using a Power never moves it. A scored Power of edition e, like its center, needs figure e.
  Powers sharing a key across editions must be the same card; the actions name the key.
- Extra play (count k): the player then plays min(k, hand) cards one at a time. Play from
  discard: the chosen type's topmost copy among the top ``depth`` cards. Take from discard:
  the top min(count, pile) cards, no choice. Extra draw: one chance node per card, skipped when
  deck and discard pile are both empty. Swap: each card takes the other's place in its
  tableau. Pass (count k): each passes min(k, hand) cards as one action; chosen cards stay in
  the hands until everyone has chosen.
- Score: the three cards go onto the discard pile in sorted notation (the last on top); with
  one edition the action does not name the center. A score needs a non-empty center. The win
  is checked at once after a score (no Discard step then).
- The round limit is checked at the start of a turn: the game ends when
  ``turn == round_limit * players``.

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
from bisect import insort
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from swkit.cards.editions import Edition, Power, edition_from_dict, load_edition
from swkit.cards.notation import ALL_CARDS, COLOR_NAMES, Card, format_cards, parse_card, parse_cards
from swkit.cards.triples import NO_WILDS, Wilds, explain_not_triple, has_triple, triple_kind
from swkit.errors import ConfigurationError, IllegalActionError, NotationError, SwkitError
from swkit.state import CHANCE, TERMINAL, Outcome, rng_from_json, rng_to_json, substream_seed

__all__ = [
    "CHANCE", "HAND_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "TABLEAU_LIMIT", "TERMINAL",
    "WIN_POWERS", "Action", "CardGame", "CardView",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""Players in a game (RULES.md §A1)."""

HAND_SIZE = 3
"""Cards dealt to each player (RULES.md §A2)."""

TABLEAU_LIMIT = 5
"""Cards a tableau keeps after the Discard step (RULES.md §A3 step 6)."""

WIN_POWERS = 3
"""Scored Powers that win (RULES.md §A5)."""

PHASES = ("draw", "play", "figure", "power", "power_play", "power_discard", "power_draw",
          "power_swap", "pass", "score", "discard", "over")

_STEP = {
    "draw": "step 1 (Draw)", "play": "step 2 (Play)", "figure": "step 3 (take the figure)",
    "power": "step 4 (use a Power)", "power_play": "step 4 (Power: play one more card)",
    "power_discard": "step 4 (Power: play from the discard pile)",
    "power_draw": "step 4 (Power: draw)", "power_swap": "step 4 (Power: swap)",
    "pass": "step 4 (Power: pass)", "score": "step 5 (Score)", "discard": "step 6 (Discard)",
    "over": "the end of the game",
}


class Action(str):
    """A legal action: a readable string (``"play R7"``) that ``CardGame.apply`` accepts."""

    __slots__ = ()


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


@dataclass(frozen=True)
class CardView:
    """What one player may see (RULES.md §A6).

    ``hand``: their own hand, sorted; ``tableaux``: every tableau in order of play;
    ``scored``: every player's scored Powers as ``(edition number, key)``; ``centers``: the key of
    each edition's center Power or None; ``figures``: each figure's holder seat or None;
    ``discard``: the discard pile, bottom to top; ``deck_size``; ``hand_sizes``; ``pile_sizes``:
    face-down Powers per edition; ``turn_player``, ``to_move`` (a seat, CHANCE or TERMINAL),
    ``phase``, ``wilds`` in force, ``power_used``; ``my_pass``: this player's blind Pass choice
    if made (others' choices are hidden).
    """

    player: int
    hand: tuple[Card, ...]
    tableaux: tuple[tuple[Card, ...], ...]
    scored: tuple[tuple[tuple[int, str], ...], ...]
    centers: tuple[str | None, ...]
    figures: tuple[int | None, ...]
    discard: tuple[Card, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    turn_player: int
    to_move: int
    phase: str
    wilds: Wilds
    power_used: bool
    my_pass: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards in notation)."""
        return {
            "player": self.player, "hand": [str(c) for c in self.hand],
            "tableaux": [[str(c) for c in t] for t in self.tableaux],
            "scored": [[list(s) for s in row] for row in self.scored],
            "centers": list(self.centers), "figures": list(self.figures),
            "discard": [str(c) for c in self.discard], "deck_size": self.deck_size,
            "hand_sizes": list(self.hand_sizes), "pile_sizes": list(self.pile_sizes),
            "turn_player": self.turn_player, "to_move": self.to_move, "phase": self.phase,
            "wilds": str(self.wilds), "power_used": self.power_used,
            "my_pass": None if self.my_pass is None else [str(c) for c in self.my_pass],
        }


def _resolve_editions(editions: int | Sequence[Edition | str | Path]) -> tuple[Edition, ...]:
    if isinstance(editions, bool):
        raise ConfigurationError("editions must be a whole number >= 1 or a list of editions")
    if isinstance(editions, int):
        if editions < 1:
            raise ConfigurationError(
                f"editions is {editions}; accepted: a whole number >= 1 (RULES.md §A9)")
        base = load_edition("mickey")
        return (base,) * editions
    if isinstance(editions, str | Path | Edition):
        editions = [editions]
    result = tuple(load_edition(e) for e in editions)
    if not result:
        raise ConfigurationError("editions is an empty list; give at least one (RULES.md §A9)")
    by_key: dict[str, Power] = {}
    for ed in result:
        for p in ed.powers:
            other = by_key.setdefault(p.key, p)
            if (other.color, other.effect, dict(other.params)) != (p.color, p.effect,
                                                                    dict(p.params)):
                raise ConfigurationError(
                    f"Power key {p.key!r} means different cards in two editions; give each "
                    "different Power its own key (RULES.md §A9)")
    return result


def _cards(value: str | Iterable[str | Card] | None) -> list[Card]:
    if value is None:
        return []
    return parse_cards(value)


class CardGame:
    """One game of Something Wild! (RULES.md §A) for 2-4 players.

    ``players``: 2..4; ``seed``: the integer that fixes every shuffle (the game's own stream,
    ``substream_seed(seed, "cards")``); ``editions``: a number E of Mickey and Friends copies or
    a list of editions (Edition objects, built-in keys or JSON paths), figures numbered from 1;
    ``round_limit``: rounds after which the game ends with no winner (RULES.md §A5 decision).

    Raises ConfigurationError for a player count outside 2..4, fewer than 2*players + 1
    Powers in all, or a bad edition (RULES.md §A2 decision).
    """

    def __init__(self, players: int = 2, seed: int = 0,
                 editions: int | Sequence[Edition | str | Path] = 1,
                 round_limit: int = 200) -> None:
        self._configure(players, seed, editions, round_limit)
        rng = self.rng
        for e, ed in enumerate(self.editions):
            pile = list(ed.powers)
            rng.shuffle(pile)
            self.piles[e] = pile
            self.centers[e] = pile.pop() if pile else None
        deck = [c for _ in self.editions for c in ALL_CARDS]
        rng.shuffle(deck)
        self.deck = deck
        for _ in range(HAND_SIZE):
            for p in range(players):
                if deck:
                    insort(self.hands[p], deck.pop())
        self._start_turn()
        self._advance()
        self._start = self._snapshot()

    # -- construction ----------------------------------------------------------------------------

    def _configure(self, players: int, seed: int,
                   editions: int | Sequence[Edition | str | Path], round_limit: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not (
                MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise ConfigurationError(
                f"players is {players!r}; accepted: {MIN_PLAYERS} to {MAX_PLAYERS} (RULES.md §A1)")
        if isinstance(round_limit, bool) or not isinstance(round_limit, int) or round_limit < 1:
            raise ConfigurationError(f"round_limit is {round_limit!r}; accepted: a whole number "
                                     ">= 1 (RULES.md §A5)")
        self.editions: tuple[Edition, ...] = _resolve_editions(editions)
        total = sum(len(ed.powers) for ed in self.editions)
        if total < 2 * players + 1:
            raise ConfigurationError(
                f"{total} Powers in all is too few for {players} players: accepted at least "
                f"2*players + 1 = {2 * players + 1} (RULES.md §A2 decision)")
        self.players = players
        self.seed = seed
        self.round_limit = round_limit
        self.rng = random.Random(substream_seed(seed, "cards"))
        n_ed = len(self.editions)
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.tableaux: list[list[Card]] = [[] for _ in range(players)]
        self.piles: list[list[Power]] = [[] for _ in range(n_ed)]
        self.centers: list[Power | None] = [None] * n_ed
        self.figures: list[int | None] = [None] * n_ed
        self.scored: list[list[tuple[int, Power]]] = [[] for _ in range(players)]
        self.turn = 0
        self.phase = "draw"
        self.wilds: Wilds = NO_WILDS
        self.power_used = False
        self.played: Card | None = None
        self.remaining = 0
        self.pass_count = 0
        self.pass_order: list[int] = []
        self.pass_choices: dict[int, list[Card]] = {}
        self.winner: int | None = None
        self.end_reason = ""
        self.history: list[tuple[int, str]] = []
        self.log: list[dict[str, Any]] = []
        self._moves_cache: dict[str, tuple[Any, ...]] | None = None

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
        player: int = 0, phase: str = "play", turn: int | None = None,
        editions: int | Sequence[Edition | str | Path] = 1, seed: int = 0,
        round_limit: int = 200, wilds: Wilds = NO_WILDS, power_used: bool = False,
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
        step; give ``played`` if the turn's card matters), ``"score"`` (with ``wilds`` in force)
        or ``"discard"``; ``turn``: turns played so far (default ``player``).

        As everywhere in the game, steps with no choice run at once: a hand of one card type
        at ``phase="play"`` is played on construction, a lone triple at ``"score"`` is scored.

        Cards are notation strings or Cards. Raises ConfigurationError if a card or Power is
        missing, duplicated or placed twice (RULES.md §A8), or a field is out of range.
        """
        game = cls.__new__(cls)
        game._configure(len(hands), seed, editions, round_limit)
        players, n_ed = game.players, len(game.editions)
        game.hands = [sorted(_cards(h)) for h in hands]
        tabs = [] if tableaux is None else list(tableaux)
        if len(tabs) > players:
            raise ConfigurationError(f"{len(tabs)} tableaux for {players} players (§A2)")
        game.tableaux = [_cards(t) for t in tabs] + [[] for _ in range(players - len(tabs))]
        game.discard = _cards(discard)
        if not isinstance(player, int) or not 0 <= player < players:
            raise ConfigurationError(f"player is {player!r}; accepted: 0 to {players - 1}")
        # Powers
        placed: set[tuple[int, int]] = set()

        def power_ref(ref: str | int | tuple[int, str | int], default_ed: int) -> tuple[int, Power]:
            ed = default_ed
            if isinstance(ref, tuple | list):
                ed, ref = int(ref[0]) - 1, ref[1]
            if not 0 <= ed < n_ed:
                raise ConfigurationError(f"edition {ed + 1} does not exist; accepted 1 to {n_ed}")
            token = str(ref).strip().lower()
            for p in game.editions[ed].powers:
                if token in (p.key, str(p.number)):
                    if (ed, p.number) in placed:
                        raise ConfigurationError(
                            f"Power {p.key} of edition {ed + 1} is placed twice (RULES.md §A8)")
                    placed.add((ed, p.number))
                    return ed, p
            raise ConfigurationError(
                f"no Power {ref!r} in edition {ed + 1}; accepted: "
                + ", ".join(p.key for p in game.editions[ed].powers))

        rows = [] if scored is None else list(scored)
        if len(rows) > players:
            raise ConfigurationError(f"{len(rows)} scored rows for {players} players")
        for seat, row in enumerate(rows):
            game.scored[seat] = [power_ref(r, 0) for r in row]
        if centers is not None:
            if len(centers) != n_ed:
                raise ConfigurationError(f"centers has {len(centers)} entries for {n_ed} editions")
            for e, ref in enumerate(centers):
                game.centers[e] = None if ref is None else power_ref(ref, e)[1]
        if piles is not None:
            if len(piles) != n_ed:
                raise ConfigurationError(f"piles has {len(piles)} entries for {n_ed} editions")
            for e, pile in enumerate(piles):
                game.piles[e] = [power_ref(r, e)[1] for r in reversed(list(pile))]
        for e, ed in enumerate(game.editions):
            rest = [p for p in ed.powers if (e, p.number) not in placed]
            if centers is None and rest:
                game.centers[e] = rest.pop(0)
                placed.add((e, game.centers[e].number))
            if piles is None:
                game.piles[e] = list(reversed(rest))
                placed.update((e, p.number) for p in rest)
        missing = [f"{p.key} (edition {e + 1})"
                   for e, ed in enumerate(game.editions) for p in ed.powers
                   if (e, p.number) not in placed]
        if missing:
            raise ConfigurationError("Powers not placed anywhere: " + ", ".join(missing)
                                     + " (RULES.md §A8)")
        for e in range(n_ed):
            if game.centers[e] is None and game.piles[e]:
                raise ConfigurationError(
                    f"edition {e + 1} has no center Power but {len(game.piles[e])} Powers in its "
                    "pile; a center is empty only when its pile is (RULES.md §A5)")
        if any(len(row) >= WIN_POWERS for row in game.scored):
            raise ConfigurationError(f"a seat already holds {WIN_POWERS} Powers: the game would "
                                     "be over (RULES.md §A5)")
        figs = [None] * n_ed if figures is None else list(figures)
        if len(figs) != n_ed or any(f is not None and not 0 <= f < players for f in figs):
            raise ConfigurationError(f"figures must list {n_ed} holders, each a seat 0 to "
                                     f"{players - 1} or None (RULES.md §A9)")
        game.figures = figs
        # character cards (RULES.md §A8)
        used = Counter(c for h in game.hands for c in h)
        used.update(c for t in game.tableaux for c in t)
        used.update(game.discard)
        top = [] if deck is None else _cards(deck)
        used.update(top)
        too_many = [f"{c} x{used[c]}" for c in ALL_CARDS if used[c] > n_ed]
        if too_many:
            raise ConfigurationError(
                f"more copies than {n_ed} edition(s) hold: " + ", ".join(too_many)
                + " (RULES.md §A8)")
        rest_cards: list[Card] = []
        for c in ALL_CARDS:
            rest_cards.extend([c] * (n_ed - used[c]))
        if exact_deck and rest_cards:
            raise ConfigurationError(
                "cards placed nowhere (exact_deck=True): " + format_cards(rest_cards)
                + " (RULES.md §A8)")
        game.rng.shuffle(rest_cards)
        game.deck = rest_cards + list(reversed(top))
        if phase not in ("draw", "play", "power", "score", "discard"):
            raise ConfigurationError(f"phase is {phase!r}; accepted: draw, play, power, score, "
                                     "discard")
        game.turn = player if turn is None else turn
        if game.turn % players != player:
            raise ConfigurationError(f"turn {game.turn} is seat {game.turn % players}'s turn, "
                                     f"not seat {player}'s")
        game.power_used = power_used
        game.played = None if played is None else (
            played if isinstance(played, Card) else parse_card(played))
        game._new_log()
        if phase == "draw":
            game._start_turn()
            game._advance()
        else:
            game.phase = phase
            game.wilds = wilds
            game._advance()
        game._start = game._snapshot()
        return game

    # -- the state contract ----------------------------------------------------------------------

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (the owner; during a Pass others may be choosing)."""
        return self.turn % self.players

    @property
    def round(self) -> int:
        """Rounds completed before this turn (a round is one turn of every player)."""
        return self.turn // self.players

    def current_player(self) -> int:
        """The seat to move, CHANCE (a draw) or TERMINAL. During a Pass (Power 10) the seat
        choosing is not always the turn's owner (RULES.md §A7)."""
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in ("draw", "power_draw"):
            return CHANCE
        if phase == "pass":
            return self.pass_order[0]
        return self.turn % self.players

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, in natural sorted order (empty at a chance
        node or at the end)."""
        if self.phase in ("draw", "power_draw", "over"):
            return []
        if len(self.editions) < 10:  # every number in an action is one digit
            return [Action(a) for a in sorted(self._moves())]
        return [Action(a) for a in sorted(self._moves(), key=_natural)]

    def apply(self, action: Action | str) -> None:
        """Apply a player's action (an Action or its text; cards in any accepted notation).

        Raises IllegalActionError explaining why in words (naming the cards and the RULES.md
        section); the state is then unchanged.
        """
        if self.phase == "over":
            raise IllegalActionError(f"cannot {action!r}: the game is over "
                                     f"({self.outcome().reason})")
        if self.phase in ("draw", "power_draw"):
            raise IllegalActionError(
                f"cannot {action!r}: chance moves next (a card is drawn, RULES.md §A3); "
                "call apply_chance()")
        moves = self._moves()
        text = str(action)
        move = moves.get(text)
        if move is None:
            original = text
            try:
                text = self._normalize(text)
            except NotationError as exc:
                raise IllegalActionError(f"cannot read {text!r}: {exc}") from None
            move = moves.get(text)
            if move is None:
                raise IllegalActionError(self._explain(text, original))
        self.history.append((self.current_player(), text))
        self._do(move)
        self._advance()

    def chance_outcomes(self) -> list[tuple[Card, Fraction]]:
        """At a draw: each card type in the deck with its exact share of the deck, sorted,
        summing to 1. Raises IllegalActionError when chance does not move next."""
        if self.phase not in ("draw", "power_draw"):
            raise IllegalActionError(f"no chance node now: it is {_STEP[self.phase]} "
                                     "(RULES.md §A3)")
        counts = Counter(self.deck)
        n = len(self.deck)
        return [(c, Fraction(counts[c], n)) for c in sorted(counts)]

    def apply_chance(self, outcome: Card | str | None = None) -> Card:
        """Draw the top card of the deck into the drawing player's hand, or (``outcome`` given)
        the topmost copy of that card type, for exact analysis. Returns the card drawn.

        The deck was shuffled by the game's stream; an empty deck was refilled from the discard
        pile before this node (RULES.md §A3 decisions). Raises IllegalActionError when chance
        does not move next or the card is not in the deck.
        """
        if self.phase not in ("draw", "power_draw"):
            raise IllegalActionError(f"no chance node now: it is {_STEP[self.phase]} "
                                     "(RULES.md §A3)")
        deck = self.deck
        if outcome is None:
            card = deck.pop()
        else:
            card = outcome if isinstance(outcome, Card) else parse_card(outcome)
            for i in range(len(deck) - 1, -1, -1):
                if deck[i] == card:
                    del deck[i]
                    break
            else:
                raise IllegalActionError(f"{card} is not in the deck, so it cannot be drawn "
                                         "(RULES.md §A3 step 1)")
        self.history.append((CHANCE, f"draw {card}"))
        self._moves_cache = None
        owner = self.turn % self.players
        insort(self.hands[owner], card)
        entry = self.log[-1]
        if self.phase == "draw":
            entry["draw"] = str(card)
            self.phase = "play"
        else:
            entry["power"]["cards"].append(str(card))
            self.remaining -= 1
            if self.remaining <= 0:
                self.phase = "score"
        self._advance()
        return card

    def outcome(self) -> Outcome | None:
        """How the game ended (a win at three Powers or the round limit), or None."""
        if self.phase != "over":
            return None
        scores = tuple(len(s) for s in self.scored)
        winners = () if self.winner is None else (self.winner,)
        return Outcome(winners, self.end_reason, scores)

    def scores(self) -> list[int]:
        """Powers scored per seat."""
        return [len(s) for s in self.scored]

    def view(self, player: int) -> CardView:
        """What seat ``player`` may see (RULES.md §A6): own hand, every tableau, every scored
        Power, the centers, the figure holders, the discard pile in order, the deck size and
        every hand size. Raises ConfigurationError for a seat out of range."""
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise ConfigurationError(f"player is {player!r}; accepted: 0 to {self.players - 1}")
        mine = self.pass_choices.get(player)
        return CardView(
            player=player, hand=tuple(self.hands[player]),
            tableaux=tuple(tuple(t) for t in self.tableaux),
            scored=tuple(tuple((e + 1, p.key) for e, p in row) for row in self.scored),
            centers=tuple(None if c is None else c.key for c in self.centers),
            figures=tuple(self.figures), discard=tuple(self.discard),
            deck_size=len(self.deck), hand_sizes=tuple(len(h) for h in self.hands),
            pile_sizes=tuple(len(p) for p in self.piles), turn_player=self.turn_player,
            to_move=self.current_player(), phase=self.phase, wilds=self.wilds,
            power_used=self.power_used, my_pass=None if mine is None else tuple(mine))

    # -- conservation (RULES.md §A8) -------------------------------------------------------------

    def conservation_problems(self) -> list[str]:
        """Every breach of RULES.md §A8, in words (empty when each character card and each
        Power is in exactly one place)."""
        n_ed = len(self.editions)
        counts = Counter(self.deck)
        counts.update(self.discard)
        for h in self.hands:
            counts.update(h)
        for t in self.tableaux:
            counts.update(t)
        problems = [f"{c}: {counts[c]} copies in play, expected {n_ed}"
                    for c in ALL_CARDS if counts[c] != n_ed]
        problems += [f"unknown card {c}" for c in counts if c not in set(ALL_CARDS)]
        places: Counter[tuple[int, int]] = Counter()
        for e, pile in enumerate(self.piles):
            places.update((e, p.number) for p in pile)
        for e, c in enumerate(self.centers):
            if c is not None:
                places[(e, c.number)] += 1
        for row in self.scored:
            places.update((e, p.number) for e, p in row)
        for e, ed in enumerate(self.editions):
            for p in ed.powers:
                if places[(e, p.number)] != 1:
                    problems.append(f"Power {p.key} (edition {e + 1}) is in "
                                    f"{places[(e, p.number)]} places, expected 1")
        if sum(places.values()) != sum(len(ed.powers) for ed in self.editions):
            problems.append("a Power not of these editions is in play")
        return problems

    def check_conservation(self) -> None:
        """Raise SwkitError listing every breach of RULES.md §A8 (see conservation_problems)."""
        problems = self.conservation_problems()
        if problems:
            raise SwkitError("card conservation broken (RULES.md §A8): " + "; ".join(problems))

    # -- JSON, equality, undo --------------------------------------------------------------------

    def _snapshot(self) -> dict[str, Any]:
        def pref(e: int, p: Power) -> list[int]:
            return [e, p.number]

        return {
            "players": self.players, "seed": self.seed, "round_limit": self.round_limit,
            "editions": [ed.to_dict() for ed in self.editions],
            "rng": rng_to_json(self.rng),
            "deck": [str(c) for c in self.deck], "discard": [str(c) for c in self.discard],
            "hands": [[str(c) for c in h] for h in self.hands],
            "tableaux": [[str(c) for c in t] for t in self.tableaux],
            "piles": [[p.number for p in pile] for pile in self.piles],
            "centers": [None if c is None else c.number for c in self.centers],
            "figures": list(self.figures),
            "scored": [[pref(e, p) for e, p in row] for row in self.scored],
            "turn": self.turn, "phase": self.phase,
            "wilds": [sorted(self.wilds.colors), sorted(self.wilds.numbers)],
            "power_used": self.power_used,
            "played": None if self.played is None else str(self.played),
            "remaining": self.remaining, "pass_count": self.pass_count,
            "pass_order": list(self.pass_order),
            "pass_choices": [[s, [str(c) for c in cs]] for s, cs in
                             sorted(self.pass_choices.items())],
            "winner": self.winner, "end_reason": self.end_reason,
            "log": json.loads(json.dumps(self.log)),
        }

    @classmethod
    def _from_snapshot(cls, data: dict[str, Any]) -> CardGame:
        game = cls.__new__(cls)
        editions = [edition_from_dict(d, "JSON edition") for d in data["editions"]]
        game._configure(data["players"], data["seed"], editions, data["round_limit"])
        game.rng = rng_from_json(data["rng"])
        game.deck = [parse_card(c) for c in data["deck"]]
        game.discard = [parse_card(c) for c in data["discard"]]
        game.hands = [[parse_card(c) for c in h] for h in data["hands"]]
        game.tableaux = [[parse_card(c) for c in t] for t in data["tableaux"]]
        by_number = [{p.number: p for p in ed.powers} for ed in game.editions]
        game.piles = [[by_number[e][n] for n in pile] for e, pile in enumerate(data["piles"])]
        game.centers = [None if n is None else by_number[e][n]
                        for e, n in enumerate(data["centers"])]
        game.figures = list(data["figures"])
        game.scored = [[(e, by_number[e][n]) for e, n in row] for row in data["scored"]]
        game.turn = data["turn"]
        game.phase = data["phase"]
        game.wilds = Wilds(frozenset(data["wilds"][0]), frozenset(data["wilds"][1]))
        game.power_used = data["power_used"]
        game.played = None if data["played"] is None else parse_card(data["played"])
        game.remaining = data["remaining"]
        game.pass_count = data["pass_count"]
        game.pass_order = list(data["pass_order"])
        game.pass_choices = {s: [parse_card(c) for c in cs] for s, cs in data["pass_choices"]}
        game.winner = data["winner"]
        game.end_reason = data["end_reason"]
        game.log = json.loads(json.dumps(data["log"]))
        return game

    def to_json(self) -> str:
        """The whole game in progress as a JSON string: the state, the shuffle stream's state,
        the editions, the history and the starting position (for undo)."""
        data = self._snapshot()
        data["history"] = [list(h) for h in self.history]
        data["start"] = self._start
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> CardGame:
        """The inverse of ``to_json``. Raises ConfigurationError for text that is not a saved
        game."""
        try:
            data = json.loads(text)
            game = cls._from_snapshot(data)
            game.history = [(int(p), str(a)) for p, a in data["history"]]
            game._start = data["start"]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, ConfigurationError):
                raise
            raise ConfigurationError(f"not a saved card game: {exc}") from exc
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardGame):
            return NotImplemented
        return (self._snapshot() == other._snapshot() and self.history == other.history
                and self._start == other._start)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.current_player()
        mover = {CHANCE: "chance", TERMINAL: "nobody"}.get(who, f"seat {who}")
        return (f"<CardGame {self.players} players, {len(self.editions)} edition(s), "
                f"turn {self.turn + 1} (seat {self.turn_player}), {self.phase}, "
                f"{mover} to move, scores {self.scores()}>")

    def copy(self) -> CardGame:
        """An independent copy (same state, history and stream)."""
        return CardGame.from_json(self.to_json())

    def undo(self) -> tuple[int, str]:
        """Take back the last history entry (an action or a draw) and return it as
        ``(player or CHANCE, text)``. The state, stream included, is rebuilt by replaying the
        history from the start. Raises IllegalActionError when there is nothing to undo."""
        if not self.history:
            raise IllegalActionError("nothing to undo: no action or draw has been made yet")
        last = self.history[-1]
        game = CardGame._from_snapshot(self._start)
        game._start = self._start
        for who, text in self.history[:-1]:
            if who == CHANCE:
                game.apply_chance(text.split()[1])
            else:
                game.apply(text)
        self.__dict__.update(game.__dict__)
        return last

    # -- turn machinery --------------------------------------------------------------------------

    def _new_log(self) -> None:
        self.log.append({"turn": self.turn, "round": self.turn // self.players,
                         "player": self.turn % self.players, "draw": None, "play": None,
                         "figure": None, "power": None, "score": None, "discard": [],
                         "reshuffles": 0})

    def _start_turn(self) -> None:
        self._moves_cache = None
        if self.turn >= self.round_limit * self.players:
            self.phase = "over"
            self.end_reason = (f"round limit: {self.round_limit} rounds with no winner "
                               "(RULES.md §A5)")
            return
        self.wilds = NO_WILDS
        self.power_used = False
        self.played = None
        if not self.log or self.log[-1]["turn"] != self.turn:
            self._new_log()
        self.phase = "draw"

    def _refill(self) -> bool:
        """Before a draw: reshuffle the discard pile into an empty deck. False if no card."""
        if self.deck:
            return True
        if not self.discard:
            return False
        deck = self.discard
        self.discard = []
        self.rng.shuffle(deck)
        self.deck = deck
        self.log[-1]["reshuffles"] += 1
        return True

    def _advance(self) -> None:
        """Run every step that needs no choice: skipped steps and single-option decisions."""
        while True:
            phase = self.phase
            self._moves_cache = None
            if phase == "over":
                return
            if phase == "draw":
                if self._refill():
                    return
                self.phase = "play"
                continue
            if phase == "power_draw":
                if self.remaining > 0 and self._refill():
                    return
                self.phase = "score"
                continue
            if phase == "discard" and len(self.tableaux[self.turn % self.players]) <= \
                    TABLEAU_LIMIT:
                self.turn += 1
                self._start_turn()
                continue
            moves = self._moves()
            if len(moves) > 1:
                return
            if len(moves) == 1:
                (move,) = moves.values()
                self._do(move)
                continue
            # no legal action: the step is impossible and skipped (RULES.md §A3 decisions)
            if phase == "pass":
                self._resolve_pass()
            self.phase = _SKIP_TO[phase]

    # -- legal moves -----------------------------------------------------------------------------

    def _moves(self) -> dict[str, tuple[Any, ...]]:
        cache = self._moves_cache
        if cache is None:
            cache = self._moves_cache = getattr(self, "_moves_" + self.phase)()
        return cache

    def _moves_play(self) -> dict[str, tuple[Any, ...]]:
        hand = self.hands[self.turn % self.players]
        return {f"play {c}": ("play", c) for c in hand}

    def _matching_figures(self, card: Card) -> list[int]:
        return [e for e, c in enumerate(self.centers) if c is not None and c.color == card.color]

    def _moves_figure(self) -> dict[str, tuple[Any, ...]]:
        if self.played is None:
            return {}
        return {f"take figure {e + 1}": ("figure", e) for e in self._matching_figures(self.played)}

    def usable_powers(self) -> list[tuple[int, Power]]:
        """The Powers the turn's owner may use now, as ``(edition index, Power)``, one per key
        (RULES.md §A3 step 4, §A7 decisions: held figure, once per turn, can change something)."""
        me = self.turn % self.players
        if self.power_used or self.phase == "over":
            return []
        found: dict[str, tuple[int, Power]] = {}
        for e, holder in enumerate(self.figures):
            if holder != me:
                continue
            center = self.centers[e]
            if center is not None and center.key not in found and self._can_change(center):
                found[center.key] = (e, center)
            for se, p in self.scored[me]:
                if se == e and p.key not in found and self._can_change(p):
                    found[p.key] = (e, p)
        return [found[k] for k in sorted(found)]

    def _can_change(self, p: Power) -> bool:
        me = self.turn % self.players
        effect = p.effect
        if effect in ("wild_color", "wild_number"):
            return True
        if effect == "play_from_discard":
            need = p.params["requires_number"]
            return bool(self.discard) and (
                need is None or any(c.number == need for c in self.tableaux[me]))
        if effect in ("extra_play", "pass"):
            return bool(self.hands[me])
        if effect == "extra_draw":
            return bool(self.deck or self.discard)
        if effect == "take_from_discard":
            return bool(self.discard)
        if effect == "swap":
            return bool(self.tableaux[me]) and any(
                t for s, t in enumerate(self.tableaux) if s != me)
        return False

    def _moves_power(self) -> dict[str, tuple[Any, ...]]:
        usable = self.usable_powers()
        if not usable:
            return {}
        moves: dict[str, tuple[Any, ...]] = {"skip Power": ("skip",)}
        for e, p in usable:
            moves[f"use Power {p.key}"] = ("use", e, p)
        return moves

    def _moves_power_play(self) -> dict[str, tuple[Any, ...]]:
        if self.remaining <= 0:
            return {}
        return {f"power play {c}": ("pplay", c) for c in self.hands[self.turn % self.players]}

    def _discard_choices(self) -> list[Card]:
        depth = self.remaining
        return self.discard[-depth:] if depth > 0 else []

    def _moves_power_discard(self) -> dict[str, tuple[Any, ...]]:
        return {f"power play {c} from discard": ("pdiscard", c) for c in self._discard_choices()}

    def _moves_power_swap(self) -> dict[str, tuple[Any, ...]]:
        me = self.turn % self.players
        moves: dict[str, tuple[Any, ...]] = {}
        mine = sorted(set(self.tableaux[me]))
        for s in range(self.players):
            if s == me:
                continue
            for theirs in sorted(set(self.tableaux[s])):
                for c in mine:
                    moves[f"power swap {c} for {theirs} of seat {s}"] = ("swap", c, s, theirs)
        return moves

    def _moves_pass(self) -> dict[str, tuple[Any, ...]]:
        seat = self.pass_order[0]
        hand = self.hands[seat]
        k = min(self.pass_count, len(hand))
        if k == 0:
            return {}
        if k == 1:
            return {f"pass {c}": ("pass", (c,)) for c in hand}
        return {"pass " + format_cards(cs): ("pass", cs) for cs in combinations(hand, k)}

    def score_options(self) -> list[tuple[tuple[Card, Card, Card], str]]:
        """The distinct triples of the owner's tableau under this turn's wilds, as
        ``((a, b, c) sorted, kind)``, sorted (RULES.md §A3 step 5, §A4)."""
        tab = self.tableaux[self.turn % self.players]
        wilds = self.wilds
        if len(tab) < 3 or not has_triple(tab, wilds):
            return []
        seen: dict[tuple[Card, Card, Card], str] = {}
        for three in combinations(sorted(tab), 3):
            if three not in seen:
                kind = triple_kind(three, wilds)
                if kind is not None:
                    seen[three] = kind
        return sorted(seen.items())

    def _moves_score(self) -> dict[str, tuple[Any, ...]]:
        options = self.score_options()
        if not options:
            return {}
        centers = [e for e, c in enumerate(self.centers) if c is not None]
        several = len(self.editions) > 1
        moves: dict[str, tuple[Any, ...]] = {}
        for cards, kind in options:
            text = "score " + format_cards(cards)
            for e in centers:
                moves[f"{text} center {e + 1}" if several else text] = ("score", cards, e, kind)
        return moves

    def _moves_discard(self) -> dict[str, tuple[Any, ...]]:
        tab = self.tableaux[self.turn % self.players]
        need = len(tab) - TABLEAU_LIMIT
        if need <= 0:
            return {}
        if need == 1:
            return {f"discard {c}": ("discard", (c,)) for c in tab}
        return {"discard " + format_cards(cs): ("discard", cs) for cs in permutations(tab, need)}

    # -- doing moves -----------------------------------------------------------------------------

    def _do(self, move: tuple[Any, ...]) -> None:
        self._moves_cache = None
        kind = move[0]
        me = self.turn % self.players
        entry = self.log[-1]
        if kind == "play":
            card = move[1]
            self.hands[me].remove(card)
            self.tableaux[me].append(card)
            self.played = card
            entry["play"] = str(card)
            self.phase = "figure"
        elif kind == "figure":
            self.figures[move[1]] = me
            entry["figure"] = move[1] + 1
            self.phase = "power"
        elif kind == "skip":
            self.phase = "score"
        elif kind == "use":
            self._use_power(move[1], move[2])
        elif kind == "pplay":
            card = move[1]
            self.hands[me].remove(card)
            self.tableaux[me].append(card)
            entry["power"]["cards"].append(str(card))
            self.remaining -= 1
            if self.remaining <= 0 or not self.hands[me]:
                self.phase = "score"
        elif kind == "pdiscard":
            card = move[1]
            pile = self.discard
            for i in range(len(pile) - 1, -1, -1):
                if pile[i] == card:
                    del pile[i]
                    break
            self.tableaux[me].append(card)
            entry["power"]["cards"].append(str(card))
            self.phase = "score"
        elif kind == "swap":
            _, mine, seat, theirs = move
            mt, tt = self.tableaux[me], self.tableaux[seat]
            i, j = mt.index(mine), tt.index(theirs)
            mt[i], tt[j] = theirs, mine
            entry["power"]["cards"] = [str(mine), str(theirs), seat]
            self.phase = "score"
        elif kind == "pass":
            seat = self.pass_order.pop(0)
            self.pass_choices[seat] = list(move[1])
            if not self.pass_order:
                self._resolve_pass()
                self.phase = "score"
        elif kind == "score":
            _, cards, e, how = move
            tab = self.tableaux[me]
            for c in cards:
                tab.remove(c)
            self.discard.extend(cards)
            power = self.centers[e]
            assert power is not None
            self.scored[me].append((e, power))
            pile = self.piles[e]
            self.centers[e] = pile.pop() if pile else None
            entry["score"] = {"cards": format_cards(cards), "kind": how, "wilds": str(self.wilds),
                              "power": power.key, "center": e + 1}
            self.wilds = NO_WILDS
            if len(self.scored[me]) >= WIN_POWERS:
                self.phase = "over"
                self.winner = me
                self.end_reason = (f"seat {me} holds {WIN_POWERS} Powers and wins "
                                   "(RULES.md §A5)")
            else:
                self.phase = "discard"
        elif kind == "discard":
            tab = self.tableaux[me]
            for c in move[1]:
                tab.remove(c)
            self.discard.extend(move[1])
            entry["discard"] = [str(c) for c in move[1]]
            self.turn += 1
            self._start_turn()
        else:  # pragma: no cover - every move kind is handled above
            raise AssertionError(kind)

    def _use_power(self, e: int, p: Power) -> None:
        me = self.turn % self.players
        self.power_used = True
        self.log[-1]["power"] = {"key": p.key, "edition": e + 1, "effect": p.effect, "cards": []}
        effect, params = p.effect, p.params
        if effect in ("wild_color", "wild_number"):
            w = p.wilds
            self.wilds = Wilds(self.wilds.colors | w.colors, self.wilds.numbers | w.numbers)
            self.phase = "score"
        elif effect == "play_from_discard":
            self.remaining = params["depth"]
            self.phase = "power_discard"
        elif effect == "extra_play":
            self.remaining = params["count"]
            self.phase = "power_play"
        elif effect == "extra_draw":
            self.remaining = params["count"]
            self.phase = "power_draw"
        elif effect == "take_from_discard":
            taken = []
            for _ in range(params["count"]):
                if not self.discard:
                    break
                card = self.discard.pop()
                insort(self.hands[me], card)
                taken.append(str(card))
            self.log[-1]["power"]["cards"] = taken
            self.phase = "score"
        elif effect == "swap":
            self.phase = "power_swap"
        elif effect == "pass":
            self.pass_count = params["count"]
            order = [(me + i) % self.players for i in range(self.players)]
            self.pass_order = [s for s in order if self.hands[s]]
            self.pass_choices = {}
            self.phase = "pass"
        else:  # pragma: no cover - editions validate effects
            raise AssertionError(effect)

    def _resolve_pass(self) -> None:
        choices = self.pass_choices
        for seat, cards in choices.items():
            for c in cards:
                self.hands[seat].remove(c)
        for seat in sorted(choices):
            for c in choices[seat]:
                insort(self.hands[(seat + 1) % self.players], c)
        self.log[-1]["power"]["cards"] = [[seat, format_cards(choices[seat])]
                                          for seat in sorted(choices)]
        self.pass_choices = {}
        self.pass_order = []
        self.pass_count = 0

    # -- reading and explaining actions ----------------------------------------------------------

    _WORDS = frozenset({"play", "take", "figure", "use", "power", "skip", "score", "center",
                        "discard", "pass", "from", "for", "of", "seat", "swap"})

    def _normalize(self, text: str) -> str:
        """Canonical action text: verbs lower case, cards in notation, Power numbers as keys."""
        tokens = text.replace(",", " ").split()
        if not tokens:
            return ""
        low = [t.lower() for t in tokens]
        if low[:2] == ["use", "power"] and len(low) == 3:
            key = low[2]
            for ed in self.editions:
                for p in ed.powers:
                    if key == str(p.number):
                        key = p.key
            return f"use Power {key}"
        if low[:2] == ["skip", "power"]:
            return "skip Power"
        out: list[str] = []
        cards: list[str] = []

        def flush() -> None:
            if cards:
                parsed = parse_cards(" ".join(cards))
                if low[0] in ("score", "pass"):
                    parsed.sort()
                out.extend(str(c) for c in parsed)
                cards.clear()

        for i, (tok, lo) in enumerate(zip(tokens, low, strict=True)):
            if lo in self._WORDS or (i > 0 and low[i - 1] in ("figure", "center", "seat")):
                flush()
                out.append(lo)
            else:
                cards.append(tok)
        flush()
        return " ".join(out)

    def _explain(self, text: str, original: str | None = None) -> str:
        """Why ``text`` (normalized; ``original`` as written) is not legal now, in words
        (RULES.md sections named)."""
        me = self.turn % self.players
        who = self.current_player()
        step = _STEP[self.phase]
        legal = ", ".join(self.legal_actions())
        tail = f"; legal now: {legal}"
        words = text.split()
        verb = words[0] if words else ""
        try:
            shown = (original or text).replace(",", " ").split()
            args = parse_cards(" ".join(w for w in shown[1:] if w.lower() not in self._WORDS
                                        and not w.isdigit()))
        except NotationError:
            args = []
        where = f"it is {step} of seat {me}'s turn"
        if self.phase == "pass":
            where = f"it is seat {who}'s blind Pass choice in seat {me}'s turn"
        if self.phase == "play" and verb == "play" and len(args) == 1:
            hand = format_cards(self.hands[me]) or "empty"
            return (f"cannot play {args[0]}: {args[0]} is not in seat {me}'s hand ({hand}) "
                    f"(RULES.md §A3 step 2){tail}")
        if self.phase == "figure" and verb == "take" and self.played is not None:
            return (f"cannot {text}: the card played, {self.played}, is "
                    f"{COLOR_NAMES[self.played.color]}; only a figure whose center Power has "
                    f"that color can be taken (RULES.md §A3 step 3, §A9){tail}")
        if verb == "use" and self.phase == "power":
            key = words[-1] if len(words) > 2 else "?"
            held = [e + 1 for e, h in enumerate(self.figures) if h == me]
            return (f"cannot use Power {key}: a Power can be used only by the holder of its "
                    f"edition's figure (seat {me} holds figure(s) "
                    f"{', '.join(map(str, held)) or 'none'}), and only if it can change "
                    f"something (RULES.md §A3 step 4, §A7){tail}")
        if verb == "use" and self.power_used:
            return (f"cannot {text}: seat {me} has already used a Power this turn; a Power is "
                    f"used at most once per turn (RULES.md §A3 step 4, §A9){tail}")
        if verb == "score" and self.phase == "score":
            tab = self.tableaux[me]
            missing = Counter(args) - Counter(tab)
            if missing:
                return (f"cannot score {format_cards(args)}: {format_cards(missing.elements())} "
                        f"not in seat {me}'s tableau ({format_cards(tab)}) (RULES.md §A3 "
                        f"step 5){tail}")
            if len(args) == 3:
                why = explain_not_triple(args, self.wilds)
                if why:
                    return f"cannot score: {why}{tail}"
            return f"cannot {text}: name three tableau cards and a non-empty center{tail}"
        if verb == "score":
            return f"cannot {text}: {where}, not step 5 (RULES.md §A3){tail}"
        if self.phase == "score":
            return (f"cannot {text}: scoring is mandatory when your tableau holds a set or a "
                    f"run (RULES.md §A3 step 5 decision){tail}")
        if verb == "discard" and self.phase == "discard":
            tab = self.tableaux[me]
            need = len(tab) - TABLEAU_LIMIT
            if len(args) != need:
                return (f"cannot {text}: discard exactly {need} card(s) to bring the tableau "
                        f"({format_cards(tab)}) down to {TABLEAU_LIMIT} (RULES.md §A3 step 6)"
                        f"{tail}")
            return (f"cannot {text}: those cards are not all in seat {me}'s tableau "
                    f"({format_cards(tab)}) (RULES.md §A3 step 6){tail}")
        if verb == "pass" and self.phase == "pass":
            hand = format_cards(self.hands[who])
            return (f"cannot {text}: seat {who} passes {min(self.pass_count, len(self.hands[who]))}"
                    f" card(s) from their hand ({hand}) (RULES.md §A7 Power pass){tail}")
        if verb == "power" and self.phase.startswith("power_"):
            return (f"cannot {text}: not a legal target of this Power (RULES.md §A7 "
                    f"decisions){tail}")
        return f"cannot {text!r}: {where} (RULES.md §A3){tail}"


_SKIP_TO = {
    "play": "figure", "figure": "power", "power": "score", "power_play": "score",
    "power_discard": "score", "power_swap": "score", "pass": "score", "score": "discard",
}
