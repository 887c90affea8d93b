"""The turn's phases and the sizes of Something Wild! (RULES.md §A1-§A5, §A7).

:data:`PHASES` lists every phase of a turn (a :class:`~swkit.cards.state.Phase`) in order
(the rules of the Powers' own steps are in :mod:`swkit.cards.powers`), :data:`STEP_WORDS`
names each as a step of RULES.md §A3, and :data:`TURN_EVENTS` lists the events a turn's
record holds. The game (:mod:`swkit.cards.game`) and its save's schema
(:mod:`swkit.cards.saves`) read them from here.

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
"""

from __future__ import annotations

from swkit.cards import powers
from swkit.cards.state import Phase
from swkit.limits import DEFAULT_ROUND_LIMIT, MAX_CARD_PLAYERS, MAX_ROUND_LIMIT, MIN_CARD_PLAYERS

__all__ = ["CHANCE_PHASES", "DEFAULT_ROUND_LIMIT", "HAND_SIZE", "MAX_PLAYERS",
           "MAX_ROUND_LIMIT", "MIN_PLAYERS", "PHASES", "POWER_STEPS",
           "SKIP_TO", "STEP_WORDS", "TABLEAU_LIMIT", "TURN_EVENTS", "WIN_POWERS", "Phase"]

MIN_PLAYERS, MAX_PLAYERS = MIN_CARD_PLAYERS, MAX_CARD_PLAYERS
"""Players in a game (RULES.md §A1; :mod:`swkit.limits`)."""

HAND_SIZE = 3
"""Cards dealt to each player (RULES.md §A2)."""

TABLEAU_LIMIT = 5
"""Cards a tableau keeps after the Discard step (RULES.md §A3 step 6)."""

WIN_POWERS = 3
"""Scored Powers that win (RULES.md §A5)."""

# DEFAULT_ROUND_LIMIT, MAX_ROUND_LIMIT: rounds after which a game ends with no winner
# (RULES.md §A5 decision; :mod:`swkit.limits`).



PHASES: tuple[Phase, ...] = tuple(Phase)
"""Every phase of a turn, in order."""

POWER_STEPS: tuple[Phase, ...] = (Phase.POWER_PLAY, Phase.POWER_DISCARD, Phase.POWER_DRAW,
                                   Phase.POWER_SWAP, Phase.PASS)
"""The Powers' own steps, in order: each is the ``PHASE`` of a module of
:mod:`swkit.cards.powers`, which holds its rule."""

CHANCE_PHASES = frozenset({Phase.DRAW, Phase.POWER_DRAW})
"""The phases where chance moves: a card is drawn (RULES.md §A3 step 1, Power 7)."""

SKIP_TO: dict[Phase, Phase] = {
    Phase.PLAY: Phase.FIGURE, Phase.FIGURE: Phase.POWER, Phase.POWER: Phase.SCORE,
    Phase.POWER_PLAY: Phase.SCORE, Phase.POWER_DISCARD: Phase.SCORE,
    Phase.POWER_SWAP: Phase.SCORE, Phase.PASS: Phase.SCORE, Phase.SCORE: Phase.DISCARD,
}
"""Each phase where a player moves -> the phase that follows when the step has no legal move:
it is skipped (RULES.md §A3 decisions)."""

TURN_EVENTS = {
    "reshuffle": "the empty deck is refilled from the discard pile (``cards``: how many)",
    "draw": "the turn's draw (``card``; no event when deck and discard pile are both empty)",
    "play": "step 2 (``card``)",
    "figure": "step 3 (``edition`` of the figure taken, its previous ``holder`` or None)",
    "power": "step 4 (``key``, ``edition``)",
    **powers.EVENTS,
    "score": "step 5 (``cards``, ``power`` taken)",
    "discard": "step 6 (``cards``, in the order they go on the pile)",
}
"""The events of a turn's record (``log[i]["events"]``, in the order they happened): each is
``{"event": name, ...}`` with the fields named here."""

STEP_WORDS: dict[Phase, str] = {
    Phase.DRAW: "step 1 (Draw)", Phase.PLAY: "step 2 (Play)",
    Phase.FIGURE: "step 3 (take the figure)", Phase.POWER: "step 4 (use a Power)",
    **{Phase(p): words for p, words in powers.STEPS.items()},
    Phase.SCORE: "step 5 (Score)", Phase.DISCARD: "step 6 (Discard)",
    Phase.OVER: "the end of the game",
}
"""How each phase is named in words: the step of RULES.md §A3 it is."""
