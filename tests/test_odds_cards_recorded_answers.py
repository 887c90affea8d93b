"""Player's odds pinned to the answers of the engine before its search was restructured.

``data/odds_cards_pinned.json`` was written by the engine as it stood before the shared search
of two turns and the exact draw two and pass (the three positions of ``bench/odds_cards.py``
and 24 random full-deck positions with every kind of Power in reach): P within 1, 2 and 3 turns
and the conditional probability after every possible draw for T = 2 and T = 3, exact Fractions.
A faster search must give the same answers. Draw two (7) and pass (10) were left out for T >= 2
then (lower bounds): where they are in reach, the answers may only go up (their exact values
are checked against the game tree in ``test_odds_cards_exact_powers.py``).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from swkit.odds.cards import make_position, player_odds

PINNED = json.loads((Path(__file__).parent / "data" / "odds_cards_pinned.json")
                    .read_text(encoding="utf-8"))
BY_NAME = {case["name"]: case for case in PINNED}
SLOW = {"figure + red-take-discard, green-discard and green-extra-play scored"}


def _lower_bound(case: dict) -> bool:
    """True if the old answer left out draw two or pass (a lower bound then)."""
    return any("draw" in note or "pass" in note for note in case["left_out"])


def _per_draw(grouped: dict[str, str]) -> dict[str, Fraction]:
    return {card: Fraction(p) for p, cards in grouped.items() for card in cards.split()}


def _check(case: dict, turns: int) -> None:
    r = player_odds(make_position(**case["spec"]), turns)
    old = [Fraction(w) for w in case["within"][:turns]]
    got = {str(d.card): d.probability for d in r.plans}
    want = _per_draw(case[f"plans{turns}"]) if turns >= 2 else None
    if _lower_bound(case):
        assert r.within[0] == old[0]                 # this turn was always exact
        assert all(g >= o for g, o in zip(r.within, old, strict=True))
        if want is not None:
            assert got.keys() == want.keys()
            assert all(got[c] >= want[c] for c in got)
    else:
        assert list(r.within) == old
        if want is not None:
            assert got == want


def _params(turns: int) -> list:
    out = []
    for case in PINNED:
        slow = turns == 3 and (case["name"] in SLOW or case["name"].startswith("seed"))
        out.append(pytest.param(case["name"], marks=pytest.mark.slow) if slow else case["name"])
    return out


def test_the_pins_cover_the_bench_and_every_kind_of_power() -> None:
    assert len(PINNED) == 27 and {"realistic"} <= BY_NAME.keys()
    keys = " ".join(f"{c['spec'].get('center')},{c['spec'].get('scored')}" for c in PINNED)
    for word in ("wild", "discard", "extra-play", "draw-two", "take-discard", "swap", "pass"):
        assert word in keys
    assert any(_lower_bound(c) for c in PINNED) and any(c["spec"].get("figure") for c in PINNED)


@pytest.mark.parametrize("name", _params(2))
def test_two_turns_keep_their_answers(name: str) -> None:
    _check(BY_NAME[name], 2)


@pytest.mark.parametrize("name", _params(3))
def test_three_turns_keep_their_answers(name: str) -> None:
    _check(BY_NAME[name], 3)
