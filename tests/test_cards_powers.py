"""Each Power's rule, one home (``swkit/cards/powers/``): the game's moves, the odds engine's
enumeration and the brute-force oracle agree (RULES.md §A7, §C1).

For each Power of Mickey and Friends: (1) from a set of small positions, the cards the game
moves when the Power is used (every legal action of its step, walked through
``CardGame.from_position`` and ``apply``, read from the turn record) equal the moves the odds
engine enumerates (``odds_plays``, ``odds_take`` or ``odds_swaps`` of the Power's module on
card-type indices), and the game
offers the Power exactly when its module's ``refusal`` is None; (2) ``player_odds`` equals the
exhaustive search of the game tree (``oracles.cards_oracle.game_oracle``) with the Power as the
center, over one turn (two for draw two and pass, which the odds count from the next turn).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from oracles.cards_oracle import game_oracle
from test_odds_cards import DECKS, POWERS, random_position

from swkit.cards import powers
from swkit.cards.game import CardGame
from swkit.cards.notation import ALL_CARDS, Card
from swkit.odds.cards import player_odds

KEY = {p.key: p for p in POWERS}
INDEX = {c: i for i, c in enumerate(ALL_CARDS)}
BY_EFFECT = {p.effect: p for p in POWERS}


def _table_position(seed: int, key: str) -> dict[str, Any]:
    """A small position at the Power step of seat 0, who holds the figure of ``key``."""
    rng = random.Random(seed)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)

    def take(lo: int, hi: int) -> list[Card]:
        return [cards.pop() for _ in range(rng.randint(lo, hi))]

    return dict(hands=[take(0, 3), take(0, 3)], tableaux=[take(0, 4), take(0, 3)],
                discard=take(0, 5), centers=[key], figures=[0], phase="power")


def _ends(game: CardGame, turn: int, phase: str) -> set[tuple[str, ...]]:
    """Every record of the cards the Power moved, over every legal action of its step."""
    if game.phase == phase:
        out: set[tuple[str, ...]] = set()
        for action in game.legal_actions():
            child = game.copy()
            child.apply(action)
            out |= _ends(child, turn, phase)
        return out
    entry = next(e for e in game.log if e["turn"] == turn)
    cards = entry["power"]["cards"]
    return {tuple(str(c) for c in cards[:2]) if entry["power"]["effect"] == "swap"
            else tuple(sorted(cards))}


def _odds_ends(effect: str, power: Any, hand: list[Card], tab: list[Card], disc: list[Card],
               others: list[Card]) -> set[tuple[str, ...]]:
    """The same records from the odds engine's enumeration (card-type indices)."""
    h, t = tuple(sorted(INDEX[c] for c in hand)), tuple(sorted(INDEX[c] for c in tab))
    d, o = tuple(INDEX[c] for c in disc), tuple(sorted(INDEX[c] for c in others))
    module = powers.BY_EFFECT[effect]
    if effect == "extra_play":
        named = [qs for qs, _h, _t in module.odds_plays(power.params["count"], h, t)]
    elif effect == "play_from_discard":
        named = [(x,) for x, _t, _d in module.odds_plays(
            power.params["requires_number"], power.params["depth"], ALL_CARDS, t, d)]
    elif effect == "take_from_discard":
        named = [taken for taken, _h, _d in module.odds_take(power.params["count"], h, d)]
    else:
        named = [(mine, theirs) for mine, theirs, _t, _o in module.odds_swaps(t, o)]
    out = set()
    for xs in named:
        cards = tuple(str(ALL_CARDS[x]) for x in xs)
        out.add(cards if effect == "swap" else tuple(sorted(cards)))
    return out


MOVING = ["extra_play", "play_from_discard", "take_from_discard", "swap"]


@pytest.mark.parametrize("effect", MOVING)
def test_the_game_moves_what_the_odds_engine_enumerates(effect: str) -> None:
    power = BY_EFFECT[effect]
    module = powers.BY_EFFECT[effect]
    offered = refused = 0
    for seed in range(60):
        spec = _table_position(seed, power.key)
        game = CardGame.from_position(**spec)
        if game.phase != "power":
            continue        # the game moved on at once (no Power usable, or one choice)
        hand, tab = game.hands[0], game.tableaux[0]
        table = powers.Table(len(hand), len(tab), {c.number for c in tab}, len(game.discard),
                             len(game.deck), len(game.tableaux[1]))
        usable = f"use Power {power.key}" in game.legal_actions()
        assert usable == (module.refusal(power, table) is None)
        odds = _odds_ends(effect, power, hand, tab, game.discard, game.tableaux[1])
        if not usable:
            refused += 1
            assert odds == set()
            continue
        offered += 1
        turn = game.turn
        game.apply(f"use Power {power.key}")
        assert _ends(game, turn, getattr(module, "PHASE", "")) == odds
    assert offered >= 5


@pytest.mark.parametrize("effect", ["extra_play", "play_from_discard", "take_from_discard",
                                    "swap", "extra_draw", "pass"])
def test_a_power_that_can_change_nothing_is_refused_in_words(effect: str) -> None:
    power = BY_EFFECT[effect]
    # seat 0 holds nothing; every card is in seat 1's hand: deck and discard pile are empty
    game = CardGame.from_position(hands=[[], list(ALL_CARDS)], centers=[power.key],
                                  figures=[0], phase="power", deck=[], exact_deck=True)
    refusal = powers.refusal(power, powers.Table(0, 0, (), 0, 0, 0))
    assert refusal is not None
    words = powers.refusal_words(refusal, power, [])
    assert words.startswith(f"Power {power.key} needs ")
    assert game.log[0]["power"] is None     # step 4 was skipped: nothing to change
    assert game.log[0]["player"] == 0 and game.turn == 1


@pytest.mark.parametrize("effect", ["wild_color", "wild_number"])
def test_a_wild_power_is_always_usable(effect: str) -> None:
    power = BY_EFFECT[effect]
    assert powers.refusal(power, powers.Table(0, 0, (), 0, 0, 0)) is None


ORACLE = [(effect, key, turns) for effect, key, turns in [
    ("wild_color", "purple-wild", 1), ("wild_number", "red-1s-wild", 1),
    ("play_from_discard", "green-discard", 1), ("extra_play", "green-extra-play", 1),
    ("take_from_discard", "red-take-discard", 2), ("swap", "yellow-swap", 1),
    ("extra_draw", "blue-draw-two", 2), ("pass", "purple-pass", 2)]]


@pytest.mark.parametrize(("effect", "key", "turns"), ORACLE)
def test_the_odds_of_each_power_match_the_game_tree(effect: str, key: str, turns: int) -> None:
    assert KEY[key].effect == effect
    for seed in range(3):
        base = random_position(9100 + seed, DECKS[seed % 3], min_unseen=max(3, turns),
                               max_unseen=5)
        pos = replace(base, center=KEY[key], scored=(), figure=True)
        assert player_odds(pos, turns).probability == game_oracle(pos, turns)
