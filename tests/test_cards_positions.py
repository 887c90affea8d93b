"""The positions and settings a card game accepts (RULES.md §A2, §A3, §A4, §A8), and the deck
its chance steps draw from (§C1).

``CardGame.from_position`` refuses a position no game reaches with a ConfigurationError naming
the field; ``CardGame(players, seed=..., editions=...)`` refuses a bad seed or edition count.
"""

from __future__ import annotations

import pytest

from swkit.cards.game import CardGame
from swkit.cards.notation import parse_cards
from swkit.cards.triples import Wilds
from swkit.errors import ConfigurationError


@pytest.mark.parametrize("kw,field", [
    ({"tableaux": ["P5 P6"], "phase": "play", "wilds": Wilds(colors=frozenset("P"))}, "wilds"),
    ({"tableaux": ["P5 P6"], "phase": "power", "wilds": Wilds(colors=frozenset("P"))}, "wilds"),
    ({"tableaux": ["P5 P6"], "phase": "score", "wilds": Wilds(colors=frozenset("P"))}, "wilds"),
    ({"tableaux": ["G1 G3 G5 G7 G9 B3"], "phase": "play"}, "tableaux"),
    ({"tableaux": ["G1 G3 G5 G7 G9 B3"], "phase": "draw"}, "tableaux"),
    ({"tableaux": ["", "G1 G3 G5 G7 G9 B3"], "phase": "draw"}, "tableaux"),
    ({"tableaux": ["", "G1 G3 G5 G7 G9 B3"], "phase": "discard"}, "tableaux"),
    ({"tableaux": ["R5"], "played": "Y9", "phase": "power", "figures": [0]}, "played"),
    ({"phase": "play", "power_used": True}, "power_used"),
    ({"turn": -2}, "turn"),
    ({"turn": True, "player": 1}, "turn"),
    ({"player": True}, "player"),
    ({"figures": [True]}, "figures"),
    ({"centers": ["purple-wild"], "piles": [None]}, "piles"),
    ({"hands": [["R7", 5], "B1"]}, "hands"),
    ({"phase": "score", "power_used": True, "wilds": "P"}, "wilds"),
    ({"seed": None}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"editions": 2.0}, "editions"),
])
def test_from_position_rejects_impossible_positions_A3_A8(kw: dict, field: str) -> None:
    kw = {"hands": ["R7 R8", "B1"], **kw}
    with pytest.raises(ConfigurationError, match=field):
        CardGame.from_position(**kw)


def test_wilds_are_accepted_after_the_power_step_A3_A4() -> None:
    g = CardGame.from_position(hands=["R1", "G1 G2 G3"], tableaux=["R3 P4 R7 B5 G8"],
                               phase="score", wilds=Wilds(colors=frozenset("P")),
                               power_used=True, deck="Y1 Y2 Y3")
    assert g.log[0]["score"] is None and g.turn_player == 1  # no triple: nothing scored
    g = CardGame.from_position(hands=["R1", "G1 G2 G3"], tableaux=["R3 R5 B9 B8", ""],
                               phase="power", played="R5", figures=[0], deck="Y1 Y2 Y3",
                               centers=["purple-wild"])
    assert g.played == parse_cards("R5")[0]


@pytest.mark.parametrize("kw", [{"seed": None}, {"seed": 1.5}, {"seed": True},
                                {"editions": 2.0}, {"editions": [5]}])
def test_card_game_rejects_a_bad_seed_or_editions_A2(kw: dict) -> None:
    with pytest.raises(ConfigurationError, match=next(iter(kw))):
        CardGame(2, **kw)


def test_chance_outcomes_documents_the_true_deck_C1() -> None:
    doc = CardGame.chance_outcomes.__doc__ or ""
    assert "true deck" in doc and "§C1" in doc and "swkit.odds" in doc
