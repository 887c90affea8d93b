"""Brute-force oracles for the card odds (written the obvious way, slow on purpose).

- ``count_deals_brute``: every deal as a combination of physical cards, checked with
  ``swkit.cards.triples`` (or, without wilds, with ``naive_kind``, an independent reading of
  RULES.md §A4).
- ``game_oracle``: a player's odds by searching the game itself (``CardGame.from_position``,
  ``chance_outcomes``, ``legal_actions``) exhaustively, turn by turn in the RULES.md §C1 model:
  after each non-scoring turn a fresh game is built from the player's position (opponents change
  nothing; the unseen cards are the deck). Every draw, a turn's or draw two's (7), is the
  game's own: when the deck is empty the game shuffles the discard pile into a new deck
  (RULES.md §A3), and the next fresh game counts those cards as unseen (§C1), so nothing here
  checks how many cards are left. Pass (10), once the game accepts its use: seat 0 passes each
  card of its hand in turn (the best is taken) and receives every unseen card in turn, weighted
  by its copies (the other hands are unseen cards, §C1): the game is built again at the Score
  step with that hand.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.cards.notation import ALL_CARDS, Card
from swkit.cards.triples import NO_WILDS, Wilds, has_triple, is_run, is_set
from swkit.odds.cards import Position
from swkit.odds.deal import Deck
from swkit.state import CHANCE


def naive_kind(cards: tuple[Card, Card, Card], kind: str) -> bool:
    """No wilds: a set has one number; a run one color and three consecutive numbers."""
    nums = sorted(c.number for c in cards)
    is_s = nums[0] == nums[2]
    is_r = len({c.color for c in cards}) == 1 and nums[1] == nums[0] + 1 and \
        nums[2] == nums[1] + 1
    return {"set": is_s, "run": is_r, "either": is_s or is_r}[kind]


def count_deals_brute(cards: int, deck: Deck, wilds: Wilds = NO_WILDS,
                      naive: bool = False) -> tuple[dict[str, int], int]:
    """({kind: favorable deals}, total) over every combination of ``cards`` physical cards,
    each deal checked triple by triple (``naive``: with ``naive_kind`` instead of
    ``swkit.cards.triples``; no wilds then)."""
    physical = [t for t in deck.types for _ in range(deck.editions)]
    flags: dict[tuple[int, int, int], int] = {}
    for i, j, k in combinations(range(len(physical)), 3):
        t = (physical[i], physical[j], physical[k])
        if naive:
            f = naive_kind(tuple(sorted(t)), "set") + 2 * naive_kind(tuple(sorted(t)), "run")
        else:
            f = is_set(t, wilds) + 2 * is_run(t, wilds)
            assert bool(f) == has_triple(t, wilds)
        if f:
            flags[(i, j, k)] = f
    counts = {"set": 0, "run": 0, "either": 0}
    total = 0
    for deal in combinations(range(len(physical)), cards):
        total += 1
        found = 0
        for t in combinations(deal, 3):
            found |= flags.get(t, 0)
            if found == 3:
                break
        if found:
            counts["either"] += 1
            if found & 1:
                counts["set"] += 1
            if found & 2:
                counts["run"] += 1
    assert total == comb(len(physical), cards)
    return counts, total


def _build(pos: Position, hand, tableau, discard, others, figure, scored_keys,
           phase: str = "draw") -> CardGame:
    outside = [c for c in ALL_CARDS if c not in set(pos.deck.types)
               for _ in range(pos.deck.editions)]
    tabs = [list(tableau)] + [list(t) for t in others]
    if len(tabs) < 2:
        tabs.append([])
    hands = [list(hand), outside] + [[] for _ in range(len(tabs) - 2)]
    ed = pos.deck.editions
    return CardGame.from_position(
        hands=hands, tableaux=tabs, discard=list(discard),
        # one center and one figure (edition 1), as in the §C1 question; other editions' centers
        # have a color outside the deck, so no card takes their figures
        centers=[pos.center.key] + ([_foreign_center(pos)] * (ed - 1) if ed > 1 else []),
        figures=[0 if figure else None] + [None] * (ed - 1), scored=[list(scored_keys)],
        player=0, phase=phase, power_used=phase == "score", editions=pos.deck.editions)


def _foreign_center(pos: Position) -> str:
    for p in load_edition("mickey").powers:
        if p.color not in pos.deck.colors:
            return p.key
    raise ValueError("with several editions the oracle needs a deck missing a color")


def game_oracle(pos: Position, turns: int) -> Fraction:
    """P(seat 0 scores within ``turns`` of its turns), searching the game tree exhaustively.

    A position without a center Power cannot be built in the game (its pile would be empty, so
    the Powers would be scored and someone would have won): the caller checks those apart."""
    if pos.center is None:
        raise ValueError("the game cannot hold a position without a center Power")
    keys = [p.key for p in pos.scored]
    reach = ([pos.center] if pos.center else []) + list(pos.scored)
    physical = Counter({t: pos.deck.editions for t in pos.deck.types})
    passes = {f"use Power {p.key}" for p in reach if p.effect == "pass"}

    def turn_value(hand, tableau, discard, others, figure, left: int) -> Fraction:
        game = _build(pos, hand, tableau, discard, others, figure, keys)
        return search(game, game.turn, left)

    def search(game: CardGame, turn0: int, left: int) -> Fraction:
        if game.scores()[0] > len(keys):
            return Fraction(1)
        if game.turn != turn0 or game.is_terminal():
            if left == 1:
                return Fraction(0)
            v = game.view(0)
            return turn_value(v.hand, v.tableaux[0], v.discard,
                              [t for t in v.tableaux[1:len(pos.others) + 1]],
                              v.figures[0] == 0, left - 1)
        if game.current_player() == CHANCE:
            total = Fraction(0)
            for card, p in game.chance_outcomes():
                child = game.copy()
                child.apply_chance(card)
                total += p * search(child, turn0, left)
            return total
        best = Fraction(0)
        for action in game.legal_actions():
            text = str(action)
            if text in passes:      # seat 0 chooses its card; the one received is unseen
                value = max(received(game, str(c), turn0, left)
                            for c in sorted(set(game.view(0).hand)))
            else:
                child = game.copy()
                child.apply(action)
                value = search(child, turn0, left)
            best = max(best, value)
            if best == 1:
                break
        return best

    def received(game: CardGame, passed: str, turn0: int, left: int) -> Fraction:
        """Seat 0 passes ``passed`` and receives each unseen card in turn (weighted)."""
        v = game.view(0)
        hand = list(v.hand)
        hand.remove(next(c for c in hand if str(c) == passed))
        pool = physical - Counter(v.hand) - Counter(v.discard)
        for t in v.tableaux:
            pool -= Counter(t)
        others = list(v.tableaux[1:len(pos.others) + 1])
        if not pool:
            child = _build(pos, hand, v.tableaux[0], v.discard, others, v.figures[0] == 0, keys,
                           phase="score")
            return search(child, turn0, left)
        total = Fraction(0)
        n = sum(pool.values())
        for card, copies in sorted(pool.items()):
            child = _build(pos, hand + [card], v.tableaux[0], v.discard, others,
                           v.figures[0] == 0, keys, phase="score")
            total += Fraction(copies, n) * search(child, turn0, left)
        return total

    return turn_value(pos.hand, pos.tableau, pos.discard, pos.others, pos.figure, turns)


def obvious_outs(pos: Position) -> dict[Card, int]:
    """The unseen card types whose draw lets seat 0 score this turn (searching the game)."""
    base = len(pos.scored)
    passes = {f"use Power {p.key}" for p in ([pos.center] if pos.center else []) + list(pos.scored)
              if p.effect == "pass"}
    outs = {}
    for card, n in sorted(pos.unseen().items()):
        game = _build(pos, pos.hand, pos.tableau, pos.discard, pos.others, pos.figure,
                      [p.key for p in pos.scored])
        game.apply_chance(card)
        if _scores_turn(game, base, game.turn, passes):
            outs[card] = n
    return outs


def _scores_turn(game: CardGame, base: int, turn0: int, excluded: set[str]) -> bool:
    if game.scores()[0] > base:
        return True
    if game.turn != turn0 or game.is_terminal():
        return False
    if game.current_player() == CHANCE:
        for card, _p in game.chance_outcomes():
            child = game.copy()
            child.apply_chance(card)
            if _scores_turn(child, base, turn0, excluded):
                return True
        return False
    for action in game.legal_actions():
        if str(action) in excluded:
            continue
        child = game.copy()
        child.apply(action)
        if _scores_turn(child, base, turn0, excluded):
            return True
    return False
