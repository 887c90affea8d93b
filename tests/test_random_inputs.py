"""A small round of random inputs of every kind (tests/random_inputs.py): every kind finds no
fault. ``python tests/random_inputs.py ROUNDS`` runs a larger round and prints the counts."""

from __future__ import annotations

import pytest
from random_inputs import KINDS, run

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", [1, 2])
def test_a_round_of_every_kind_finds_no_fault(seed: int) -> None:
    results = run(rounds=15, seed=seed)
    assert set(results) == set(KINDS)
    for name, (tried, faults) in results.items():
        assert tried > 0, name
        assert faults == [], (name, faults[:5])
