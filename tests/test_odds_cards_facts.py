"""The facts a card-odds search reads: Power 3's number condition has one home (Facts)."""

from __future__ import annotations

import re
from pathlib import Path

from swkit.cards.notation import parse_card
from swkit.cards.powers import play_from_discard
from swkit.odds.cards.facts import Facts

ROOT = Path(__file__).resolve().parents[1]
TYPES = tuple(parse_card(t) for t in ("R1", "R3", "B3", "G5", "Y3"))


def facts(discard_play) -> Facts:
    return Facts(pos=None, types=TYPES, wilds=(), base=(1,) * 5, base_masks=(), unseen0=5,
                 center_color=None, powers=(), discard_play=discard_play)  # type: ignore[arg-type]


def test_power_3s_number_as_masks():
    assert facts(None).number_types == 0 and facts(None).number_met == 0
    threes = facts((3, 2))
    assert threes.number_types == 0b10110 == threes.number_met
    assert threes.number_types == play_from_discard.number_mask(3, TYPES)
    any_number = facts((None, 2))
    assert any_number.number_types == 0 and any_number.number_met == 0b11111


def test_the_engine_computes_the_number_mask_in_one_place():
    """outs, blanks and extra each computed Power 3's number mask; now they read Facts'."""
    found = [path.relative_to(ROOT).as_posix() for path in (ROOT / "swkit" / "odds").rglob("*.py")
             if re.search(r"\bnumber_mask\(", path.read_text(encoding="utf-8"))]
    assert found == ["swkit/odds/cards/facts.py"]
