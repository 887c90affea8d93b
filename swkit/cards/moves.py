"""The legal moves of the steps the turn machine runs itself (RULES.md §A3 steps 2-6), read from a
state (:class:`~swkit.cards.state.CardState`): each is a dict from an action's text to its move
(a tuple: its kind, then what it moves), unsorted. A Power's own step has its moves in its module
of :mod:`swkit.cards.powers`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

from swkit.cards import powers
from swkit.cards.editions import Power
from swkit.cards.notation import Card, format_cards
from swkit.cards.phases import TABLEAU_LIMIT
from swkit.cards.state import CardState, Phase
from swkit.cards.triples import has_triple, triple_kind

__all__ = ["BY_PHASE", "Moves", "discard_moves", "figure_moves", "play_moves", "power_moves",
           "power_table", "score_moves", "score_options", "usable_powers"]

_OVER = Phase.OVER  # as a module name, read faster than a class's

Moves = dict[str, tuple[Any, ...]]
"""An action's text -> its move: ``("play", card)``, ``("figure", edition index)``,
``("skip",)``, ``("use", edition index, Power)``, ``("score", cards, center index, kind)``,
``("discard", cards in the order they go)``."""


def play_moves(state: CardState) -> Moves:
    """Step 2: play a card of the hand (RULES.md §A3)."""
    return {f"play {c}": ("play", c) for c in state.hands[state.turn % state.players]}


def figure_moves(state: CardState) -> Moves:
    """Step 3: take a figure whose center Power has the color of the card played (RULES.md §A3,
    §A9)."""
    played = state.played
    if played is None:
        return {}
    return {f"take figure {e + 1}": ("figure", e) for e, c in enumerate(state.centers)
            if c is not None and c.color == played.color}


def power_table(state: CardState) -> powers.Table:
    """What a Power's use depends on now, seen from the turn's owner
    (:class:`swkit.cards.powers.Table`)."""
    me = state.turn % state.players
    tab = state.tableaux[me]
    return powers.Table(
        hand=len(state.hands[me]), tableau=len(tab), numbers={c.number for c in tab},
        discard=len(state.discard), deck=len(state.deck),
        others=sum(len(t) for s, t in enumerate(state.tableaux) if s != me))


def usable_powers(state: CardState) -> list[tuple[int, Power]]:
    """The Powers the turn's owner may use now, as ``(edition index, Power)``, one per key,
    sorted by key (RULES.md §A3 step 4, §A7 decisions: held figure, once per turn, can change
    something)."""
    me = state.turn % state.players
    if state.power_used or state.phase is _OVER:
        return []
    found: dict[str, tuple[int, Power]] = {}
    table = power_table(state)
    for e, holder in enumerate(state.figures):
        if holder != me:
            continue
        center = state.centers[e]
        if center is not None and center.key not in found and \
                powers.refusal(center, table) is None:
            found[center.key] = (e, center)
        for se, p in state.scored[me]:
            if se == e and p.key not in found and powers.refusal(p, table) is None:
                found[p.key] = (e, p)
    return [found[k] for k in sorted(found)]


def power_moves(state: CardState) -> Moves:
    """Step 4: use a usable Power or skip (none when no Power is usable)."""
    usable = usable_powers(state)
    if not usable:
        return {}
    moves: Moves = {"skip Power": ("skip",)}
    for e, p in usable:
        moves[f"use Power {p.key}"] = ("use", e, p)
    return moves


def score_options(state: CardState) -> list[tuple[tuple[Card, Card, Card], str]]:
    """The distinct triples of the owner's tableau under this turn's wilds, as
    ``((a, b, c) sorted, kind)``, sorted (RULES.md §A3 step 5, §A4)."""
    tab = state.tableaux[state.turn % state.players]
    wilds = state.wilds
    if len(tab) < 3 or not has_triple(tab, wilds):
        return []
    seen: dict[tuple[Card, Card, Card], str] = {}
    for three in combinations(sorted(tab), 3):
        if three not in seen:
            kind = triple_kind(three, wilds)
            if kind is not None:
                seen[three] = kind
    return sorted(seen.items())


def score_moves(state: CardState) -> Moves:
    """Step 5: score a triple for a non-empty center (the center named only with several
    editions, RULES.md §A3, §A9)."""
    options = score_options(state)
    if not options:
        return {}
    centers = [e for e, c in enumerate(state.centers) if c is not None]
    several = len(state.editions) > 1
    moves: Moves = {}
    for cards, kind in options:
        text = "score " + format_cards(cards)
        for e in centers:
            moves[f"{text} center {e + 1}" if several else text] = ("score", cards, e, kind)
    return moves


def discard_moves(state: CardState) -> Moves:
    """Step 6: discard down to five cards, in the order the cards go on the pile (RULES.md
    §A3)."""
    tab = state.tableaux[state.turn % state.players]
    need = len(tab) - TABLEAU_LIMIT
    if need <= 0:
        return {}
    if need == 1:
        return {f"discard {c}": ("discard", (c,)) for c in tab}
    return {"discard " + format_cards(cs): ("discard", cs) for cs in permutations(tab, need)}


BY_PHASE: dict[Phase, Callable[[CardState], Moves]] = {
    Phase.PLAY: play_moves, Phase.FIGURE: figure_moves, Phase.POWER: power_moves,
    Phase.SCORE: score_moves, Phase.DISCARD: discard_moves,
}
"""Each phase of the turn machine's own steps -> its moves."""
