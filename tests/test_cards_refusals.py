"""What the card game refuses, and the words it says why (RULES.md §A1, §A3, §A4, §A7, §A9).

A refused action raises IllegalActionError (bad notation, NotationError), leaves the state
unchanged, names the bad part and shows no hand but the mover's own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swkit.cards.game import CHANCE, CardGame
from swkit.cards.notation import parse_cards
from swkit.cards.triples import NO_WILDS, Wilds, explain_not_triple, triple_kind
from swkit.errors import IllegalActionError, NotationError

DATA = Path(__file__).resolve().parents[1] / "swkit" / "cards" / "data" / "mickey_and_friends.json"


def refused(game: CardGame, action: str, **kw) -> str:
    """The message of the IllegalActionError that ``action`` raises; the state is unchanged."""
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action, **kw)
    assert game.to_json() == before
    return str(info.value)


def discard_position() -> CardGame:
    """Seat 0 at the Discard step with seven cards in the tableau (two to discard)."""
    g = CardGame.from_position(hands=["R9 B2 P4", "G1 G2 G3"], tableaux=["R1 B3 G5 Y7 P9"],
                               centers=["green-extra-play"], figures=[0], deck="Y1 Y2 Y3")
    g.apply("play B2")
    g.apply("use Power green-extra-play")
    g.apply("power play R9")
    assert g.phase == "discard" and len(g.tableaux[0]) == 7
    return g


# -- the acting seat (RULES.md §A3, §A6, §A7) --------------------------------------------------

def test_apply_with_a_seat_that_is_not_to_move_is_refused_A3_A6() -> None:
    g = CardGame.from_position(hands=["R1 B2 P4", "G1 G2 G3"], deck="Y1 Y2 Y3")
    message = refused(g, "play G1", seat=1)
    assert "seat 0's move" in message
    assert not any(c in message for c in ("G1 G2", "R1", "B2", "P4"))  # no hand is listed
    assert g.legal_actions(seat=1) == [] and g.legal_actions(seat=0) == g.legal_actions()
    g.apply("play R1", seat=0)
    assert g.tableaux[0] == parse_cards("R1")
    with pytest.raises(IllegalActionError, match="chance"):
        g.apply("play G1", seat=1)  # a draw is next
    with pytest.raises(IllegalActionError, match="seat"):
        g.apply("play G1", seat=7)


def test_blind_pass_checks_the_seat_and_hides_other_hands_A7() -> None:
    g = CardGame.from_position(hands=["R1 B2 P4", "G1 G2 G3", "Y5 Y6"], player=0,
                               centers=["purple-pass"], figures=[0], deck="Y1 Y2 Y3")
    g.apply("play R1")
    g.apply("use Power purple-pass")
    g.apply("pass B2", seat=0)
    assert g.current_player() == 1
    message = refused(g, "pass P4", seat=0)
    assert "seat 1's move" in message and "G1" not in message and "Y5" not in message
    message = refused(g, "pass Y5", seat=1)  # the mover's own hand may be listed, no other
    assert "G1 G2 G3" in message
    assert "Y6" not in message and "P4" not in message


# -- card notation (RULES.md §A1) --------------------------------------------------------------

@pytest.mark.parametrize("text", ["red,7", "red, 7", "R\u0667", "R\uff17"])
def test_notation_rejects_comma_joined_and_non_ascii_numbers_A1(text: str) -> None:
    with pytest.raises(NotationError):
        parse_cards(text)


def test_notation_reports_the_token_as_typed_A1() -> None:
    with pytest.raises(NotationError, match="'Green 10'"):
        parse_cards("R1 Green 10")
    assert parse_cards("Red 7, blue 1") == parse_cards("R7 B1")


def test_spaced_card_forms_get_the_same_explanation_A1_A4() -> None:
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["R3 R4 R5 G5 B5 R7 B8", ""],
                               phase="score")
    spaced = refused(g, "score Red 5, Red 7, Blue 8")
    plain = refused(g, "score R5 R7 B8")
    assert spaced == plain
    assert "R5 R7 B8 is not a set" in plain and "RULES.md §A4" in plain
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], deck="Y1 Y2 Y3")
    assert "R7 is not in seat 0's hand (G1 G2)" in refused(g, "play red 7")


def test_apply_chance_with_an_unreadable_card_A3() -> None:
    g = CardGame(2, seed=3)
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="Z9"):
        g.apply_chance("Z9")
    assert g.to_json() == before and g.current_player() == CHANCE


# -- why three cards are not a triple (RULES.md §A4) -------------------------------------------

def test_explain_not_triple_wording_A4() -> None:
    def why(text: str, wilds: Wilds = NO_WILDS) -> str:
        return explain_not_triple(parse_cards(text), wilds) or ""

    assert "wrap" not in why("Y1 Y5 Y9") and "not consecutive" in why("Y1 Y5 Y9")
    assert "do not wrap" in why("Y8 Y9 Y1") and "do not wrap" in why("Y9 Y1 Y2")
    assert "the numbers 3, 5, 5 are not all the same" in why("R3 G5 B5")
    purple = why("P2 G5 R1", Wilds(colors=frozenset("P")))
    assert "(with purple wild: P cards are any color; RULES.md §A4)" in purple
    assert "with P cards are any color" not in purple
    ones = why("R2 R2 R3", Wilds(numbers=frozenset({1})))
    assert "2 repeats" in ones and "1s wild: 1s are any number" in ones


def test_explain_not_triple_is_none_exactly_for_triples_A4() -> None:
    from itertools import combinations_with_replacement

    from swkit.cards.notation import ALL_CARDS

    for wilds in (Wilds(), Wilds(colors=frozenset("P")), Wilds(numbers=frozenset({9}))):
        for three in combinations_with_replacement(ALL_CARDS, 3):
            assert (explain_not_triple(three, wilds) is None) == (
                triple_kind(three, wilds) is not None)


# -- Powers, figures, scoring and discards (RULES.md §A3, §A4, §A7, §A9) -----------------------

def test_power_refusals_say_why_A7() -> None:
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["R4", ""],
                               centers=["green-discard"], scored=[["red-take-discard"], []],
                               figures=[0], phase="power", discard="Y2 Y3")
    assert g.legal_actions() == ["skip Power", "use Power red-take-discard"]
    assert "needs a 5 in your tableau" in refused(g, "use Power green-discard")
    message = refused(g, "use Power 99")
    assert "no such Power" in message and "purple-wild" in message and "10" in message
    assert "does not hold Power purple-wild" in refused(g, "use Power purple-wild")


def test_power_of_an_edition_whose_figure_is_not_held_A9() -> None:
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["R4", ""], editions=2,
                               centers=["yellow-wild", "purple-wild"], figures=[1, 0],
                               phase="power")
    assert "figure 1" in refused(g, "use Power yellow-wild")
    assert "held by seat 1" in refused(g, "use Power yellow-wild")


def test_swap_refusals_name_the_problem_A7() -> None:
    g = CardGame.from_position(hands=["R1 G2", "B1", "G1"], tableaux=["R8 R9 G4", "R7 B2", "Y5"],
                               centers=["yellow-swap"], figures=[0], phase="power")
    g.apply("use Power yellow-swap")
    assert "no seat 7" in refused(g, "power swap G4 for R7 of seat 7")
    assert "seat 0 is yourself" in refused(g, "power swap G4 for R7 of seat 0")
    assert "R7 is not in seat 2's tableau (Y5)" in refused(g, "power swap G4 for R7 of seat 2")
    assert "B3 is not in your tableau" in refused(g, "power swap B3 for R7 of seat 1")
    message = refused(g, "power swap B3 for R7 of seat 1")
    assert "legal now:" in message and "… and 1 more" in message  # a capped list


def test_figure_score_and_discard_refusals_A3_A4_A9() -> None:
    g = CardGame.from_position(hands=["P5 P6", "B1"], tableaux=["R3 R4", ""], editions=2,
                               centers=["purple-wild", "purple-pass"], figures=[None, 0])
    g.apply("play P5")
    message = refused(g, "take figure 3")
    assert "no figure 3" in message and "take figure 1, take figure 2" in message
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["R3 R4 R5 G5 B5 R7 B8", ""],
                               phase="score")
    assert "only one R3 in seat 0's tableau" in refused(g, "score R3 R3 R4")
    assert "RULES.md §A3 step 5, §A4" in refused(g, "score R3 R4")
    assert "one edition" in refused(g, "score R3 R4 R5 center 2")
    g = discard_position()
    message = refused(g, "discard Y9 B2")
    assert "Y9 is not in seat 0's tableau" in message and "B2 is not" not in message
    assert "… and 34 more" in message


def _second_edition(tmp_path: Path) -> Path:
    """An edition whose Power 1 is a red 5s-wild (not purple-wild)."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["key"], data["edition"] = "classroom", "Classroom"
    data["powers"][0] = {"number": 1, "key": "red-5s-wild", "color": "R",
                         "text": "Treat 5s as any number this turn.",
                         "effect": "wild_number", "params": {"number": 5}}
    path = tmp_path / "classroom.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_power_number_resolves_among_usable_powers_A9(tmp_path: Path) -> None:
    path = _second_edition(tmp_path)
    g = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["B7 G7 Y5", ""],
                               editions=["mickey", path], centers=["purple-wild", "red-5s-wild"],
                               figures=[1, 0], phase="power")
    assert g.legal_actions() == ["skip Power", "use Power red-5s-wild"]
    g.apply("use Power 1")  # the only Power numbered 1 that seat 0 can use: edition 2's
    assert g.log[0]["power"]["key"] == "red-5s-wild" and g.log[0]["power"]["edition"] == 2
    assert g.legal_actions() == ["score B7 G7 Y5 center 1", "score B7 G7 Y5 center 2"]
    both = CardGame.from_position(hands=["G1 G2", "B1 B2"], tableaux=["B7 G7 Y5", ""],
                                  editions=["mickey", path],
                                  centers=["purple-wild", "red-5s-wild"], figures=[0, 0],
                                  phase="power")
    message = refused(both, "use Power 1")
    assert "purple-wild" in message and "red-5s-wild" in message and "key" in message
