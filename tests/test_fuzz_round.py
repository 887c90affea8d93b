"""A small seeded sample of the fuzz round (tests/fuzz/fuzz_round.py) over the kinds that run in
this process: folder options, check_out and place_site under a decoy home, charts, the games'
constructors, positions and saves, the classroom codes, read_notebook and check(). No fault:
no traceback, nothing accepted that should be refused, nothing swkit did not write changed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "fuzz"))

from fuzz_round import KINDS  # noqa: E402

pytestmark = pytest.mark.slow

IN_PROCESS = ("folders", "charts", "games", "codes", "notebooks", "check")


@pytest.mark.parametrize("seed", [11, 12])
def test_a_small_round_of_the_in_process_kinds_finds_no_fault(seed: int) -> None:
    tallies: dict = {}
    for kind in IN_PROCESS:
        KINDS[kind](random.Random(f"{seed}:{kind}"), 0.05, tallies)
    assert all(t.tried for t in tallies.values()), sorted(tallies)
    faults = [f"{kind}: {text}" for kind, t in tallies.items() for text in t.faults]
    assert not faults, "\n\n".join(faults[:5])
