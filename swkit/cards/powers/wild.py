"""Powers 1, 2 and 4 (wild_color, wild_number): wild cards for this turn's Score (RULES.md §A4,
§A7).

A wild Power can always be used (it changes which triples this turn's Score may take); using it
adds its wilds to the turn's and goes on to Score. It has no step of its own. The odds engine
reads a wild Power's wilds (:attr:`swkit.cards.editions.Power.wilds`) into its triples.
"""

from __future__ import annotations

from swkit.cards.editions import WILD_EFFECTS, Power
from swkit.cards.powers.base import Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = WILD_EFFECTS


def refusal(power: Power, table: Table) -> Refusal | None:
    """None: a wild Power can always be used."""
    return None


def use(turn: Turn, power: Power) -> None:
    """Add the Power's wilds to this turn's and go on to Score (RULES.md §A3 step 4)."""
    turn.wilds = turn.wilds | power.wilds
    turn.phase = Phase.SCORE
