"""The numpy formulas of ``swkit.odds.draws`` and their plain Python twins
(``swkit.odds.cards.rows``, the path without numpy) against the outs computed directly.

Each formula gives, for every drawn card y at once, the last turn's outs of a position that
holds y somewhere (in the hand, in the tableau, on the discard pile within Power 3's reach),
derived from masks without y. ``Outs._outs_fast`` computes the same outs directly on the
position with y; they must agree for every y, on random hands, tableaux, discard keys and figure
states, on a dense reduced deck (many near-triples) and on the full deck.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from swkit.cards.editions import load_edition, lookup_power
from swkit.odds import accel
from swkit.odds.cards import Position
from swkit.odds.cards.engine import start_search
from swkit.odds.cards.hands import insert
from swkit.odds.cards.rows import RowTables
from swkit.odds.deal import Deck

EDITION = load_edition("mickey")

SETUPS = [("green-extra-play", ()), ("red-take-discard", ("green-discard", "green-extra-play")),
          ("green-discard", ("green-extra-play",)), ("green-extra-play", ("blue-draw-two",))]
DECKS = [Deck(colors=("B", "G", "R"), numbers=(1, 2, 3, 4, 5), editions=2), Deck(),
         Deck(colors=("B", "G", "R", "Y"), numbers=(4, 5, 6), editions=2)]


def _engine(case: int):
    center, scored = SETUPS[case % len(SETUPS)]
    deck = DECKS[case % len(DECKS)]
    pos = Position(hand=(), center=lookup_power(EDITION, center),
                   scored=tuple(lookup_power(EDITION, s) for s in scored), figure=True,
                   deck=deck)
    eng = start_search(pos, 2)[0]
    assert eng.batch.batched()
    pool = [t for t in range(len(eng.types)) for _ in range(deck.editions)]
    return eng, eng.batch.draw_tables(), pool


def _pure(eng) -> RowTables:
    """The plain Python twin of the engine's numpy tables (what a search without numpy
    builds)."""
    tables, eng.batch.tables = eng.batch.tables, None
    accel.enabled, on = False, accel.enabled
    try:
        pure = eng.batch.draw_tables()
    finally:
        accel.enabled, eng.batch.tables = on, tables
    assert isinstance(pure, RowTables)
    return pure


def _sample(rng: random.Random, pool: list[int], tab_sizes: tuple[int, int], keys: int):
    rng.shuffle(pool)
    tab = tuple(sorted(pool[:rng.randint(*tab_sizes)]))
    hand = tuple(sorted(pool[8:8 + rng.randint(0, 4)]))
    dkey = tuple(sorted(pool[12:12 + rng.randint(0, keys)]))
    return tab, hand, dkey


@pytest.mark.parametrize("case", range(6))
def test_outs_of_the_tableau_plus_y(case: int) -> None:
    """``outs_plus``: y played into the tableau."""
    rng = random.Random(case)
    eng, tables, pool = _engine(case)
    pure = _pure(eng)
    yi = np.arange(len(eng.types), dtype=np.intp)
    for _ in range(300):
        tab, hand, dkey = _sample(rng, pool, (1, 5), 3)
        fig = np.array([rng.random() < 0.5 for _ in yi])
        got = tables.outs_plus([tab], [dkey], [hand], fig[None, :], yi)[0]
        want = [eng.outs._outs_fast(hand, insert(tab, y), dkey, (), bool(f))
                for y, f in zip(yi, fig, strict=True)]
        assert got.tolist() == want, (hand, tab, dkey)
        assert pure.outs_plus(tab, dkey, hand, fig.tolist(), yi.tolist()) == want


@pytest.mark.parametrize("case", range(6))
def test_outs_of_the_hand_plus_y(case: int) -> None:
    """``derive``: y kept in the hand (``_derive1``), from the outs of the hand without y."""
    rng = random.Random(100 + case)
    eng, tables, pool = _engine(case)
    pure = _pure(eng)
    yi = np.arange(len(eng.types), dtype=np.intp)
    for _ in range(300):
        tab, hand, dkey = _sample(rng, pool, (2, 5), 3)
        figure = rng.random() < 0.5
        m = eng.outs._outs_fast(hand, tab, dkey, (), figure)
        got = tables.derive([m], [tab], [figure], yi.astype(np.uint64), yi)[0]
        want = [eng.outs._outs_fast(insert(hand, y), tab, dkey, (), figure) for y in yi]
        assert got.tolist() == want, (hand, tab, dkey, figure)
        assert [eng.extra._derive1(m, tab, int(y), figure) for y in yi] == want
        assert pure.derive(m, tab, figure, yi.tolist()) == want


@pytest.mark.parametrize("case", range(6))
def test_outs_with_y_on_the_discard_pile(case: int) -> None:
    """``outs_pile``: y discarded on top of the pile, within Power 3's reach."""
    rng = random.Random(200 + case)
    eng, tables, pool = _engine(case)
    pure = _pure(eng)
    depth = eng.discard_play[1] if eng.discard_play else 1
    yi = np.arange(len(eng.types), dtype=np.intp)
    for _ in range(300):
        tab, hand, key = _sample(rng, pool, (2, 5), depth - 1)
        figure = rng.random() < 0.5
        got = tables.outs_pile([tab], [key], [hand], np.array([figure]), yi)[0]
        want = [eng.outs._outs_fast(hand, tab,
                                    tuple(sorted(key + (int(y),))) if eng.discard_play else (),
                                    (), figure) for y in yi]
        assert got.tolist() == want, (hand, tab, key, figure)
        assert pure.outs_pile(tab, key, hand, figure, yi.tolist()) == want


@pytest.mark.parametrize("case", range(6))
def test_outs_of_many_positions_at_once(case: int) -> None:
    """``outs_rows``: the outs of many (hand, tableau, discard key, figure) at once."""
    rng = random.Random(300 + case)
    eng, tables, pool = _engine(case)
    pure = _pure(eng)
    depth = eng.discard_play[1] if eng.discard_play else 0
    rows, want = [], []
    for _ in range(600):
        tab, hand, key = _sample(rng, pool, (0, 6), depth)
        rows.append((tab, key, hand, rng.random() < 0.5))
        want.append(eng.outs._outs_fast(hand, tab, key, (), rows[-1][3]))
    tabs, keys, hands, figs = zip(*rows, strict=True)
    got = tables.outs_rows(tabs, keys, hands, np.array(figs))
    assert got.tolist() == want
    assert [pure.outs_row(*row) for row in rows] == want


def test_long_hands_and_a_deep_power_3_widen_the_tables() -> None:
    """Hands of up to 9 distinct cards and an edited Power 3 reaching 6 cards: the tables
    widen past their first widths (4 hand cards, 3 key cards) and the outs still agree."""
    deep = dataclasses.replace(lookup_power(EDITION, "green-discard"),
                               params={"requires_number": 5, "depth": 6})
    pos = Position(hand=(), center=deep, scored=(lookup_power(EDITION, "green-extra-play"),),
                   figure=True, deck=Deck())
    eng = start_search(pos, 2)[0]
    tables, pure = eng.batch.draw_tables(), _pure(eng)
    rng = random.Random(7)
    pool = list(range(len(eng.types)))
    rows, want = [], []
    for _ in range(400):
        rng.shuffle(pool)
        tab = tuple(sorted(pool[:rng.randint(2, 5)]))
        hand = tuple(sorted(pool[5:5 + rng.randint(0, 9)]))
        key = tuple(sorted(pool[14:14 + rng.randint(0, 6)]))
        rows.append((tab, key, hand, rng.random() < 0.5))
        want.append(eng.outs._outs_fast(hand, tab, key, (), rows[-1][3]))
    tabs, keys, hands, figs = zip(*rows, strict=True)
    assert tables.outs_rows(tabs, keys, hands, np.array(figs)).tolist() == want
    assert [pure.outs_row(*row) for row in rows] == want
    yi = np.arange(len(eng.types), dtype=np.intp)
    for tab, key, hand, fig in rows[:40]:
        got = tables.outs_plus([tab], [key], [hand], np.full((1, len(yi)), fig), yi)[0]
        assert got.tolist() == [eng.outs._outs_fast(hand, insert(tab, int(y)), key, (), fig)
                                for y in yi]
        assert pure.outs_plus(tab, key, hand, [fig] * len(yi), yi.tolist()) == got.tolist()
