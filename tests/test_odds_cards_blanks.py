"""Blank cards lumped two turns before the end (swkit/odds/cards/blanks.py).

A blank type forms no triple with a known card (checked here against ``triple_kind`` itself,
every third card and every wild in reach); the search with the blanks lumped gives the same
exact answers as the plain search (``lumping`` off) on random positions of the full deck with
draw two and pass in reach, and as the game tree on a reduced deck where blanks occur; the
bench's T = 3 draw two and pass answers are pinned to the values of the code before lumping.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from oracles.cards_oracle import game_oracle
from test_odds_cards import POWERS, check_answer, random_position
from test_odds_cards_budget import HEAVY, hand_args, run_limited

from swkit.cards.triples import triple_kind
from swkit.cli.command import main
from swkit.odds.budget import DEFAULT_BUDGET
from swkit.odds.cards import Position, make_position, player_odds
from swkit.odds.cards.engine import start_search
from swkit.odds.deal import Deck

KEY = {p.key: p for p in POWERS}
CHANCE = [("blue-draw-two", ()), ("purple-pass", ()), ("purple-pass", ("blue-draw-two",)),
          ("blue-draw-two", ("yellow-swap",)), ("purple-pass", ("green-discard",)),
          ("blue-draw-two", ("purple-wild",)), ("purple-pass", ("red-take-discard",)),
          ("blue-draw-two", ("blue-9s-wild",)), ("blue-draw-two", ("yellow-wild",))]
"""Draw two or pass in the center, with a second Power scored (a swap, play from the discard
pile, a wild color or number, take from the discard pile)."""


def full_deck_position(seed: int) -> Position:
    """A random position on the full deck (45 types): few cards in hand and tableau, so that
    the plain search at T = 3 takes about a second; many unseen types are blanks."""
    rng = random.Random(seed)
    cards = [f"{c}{n}" for c in "BGPRY" for n in range(1, 10)]
    rng.shuffle(cards)
    hand = [cards.pop() for _ in range(rng.randint(1, 2))]
    tableau = [cards.pop() for _ in range(rng.randint(1, 3))]
    discard = [cards.pop() for _ in range(rng.randint(0, 4))]
    others = [[cards.pop() for _ in range(rng.randint(1, 2))] for _ in range(rng.randint(1, 2))]
    center, scored = CHANCE[seed % len(CHANCE)]
    return make_position(" ".join(hand), tableau=" ".join(tableau), discard=" ".join(discard),
                         others=" / ".join(" ".join(o) for o in others), center=center,
                         scored=",".join(scored), figure=rng.random() < 0.7)


def search(pos: Position, turns: int, lumping: bool) -> tuple[Fraction, int]:
    """P(scoring within ``turns``) by the engine with the blanks lumped or not, and the
    entries of its value memo."""
    eng, hand, tab, disc, others = start_search(pos, turns, None)
    eng.lumping = lumping
    dk = eng.disc_key(disc, turns) if turns >= 2 else disc
    return eng.value(hand, tab, dk, others, pos.figure, (), turns), len(eng.value_memo)


@pytest.mark.parametrize("seed", range(6))
def test_blank_types_form_no_triple_with_a_known_card(seed: int) -> None:
    """Every blank type x of a position (its tableau, discard pile, others) is no known card,
    and no triple holds x, a known card and any third card under any wild in reach; the
    blanks of one class agree on the center Power's color (figure not held) and Power 3's
    number."""
    pos = full_deck_position(seed)
    eng, hand, tab, disc, others = start_search(pos, 3, None)
    known = set(tab) | set(disc) | set(others)
    live, classes, of = eng.blank_classes(tab, disc, others, pos.figure)
    blanks = [x for g in classes for x in g]
    assert blanks and sorted(blanks) == [x for x in range(len(eng.types)) if not live >> x & 1]
    for x in blanks:
        assert x not in known
        for a in known:
            for z in range(len(eng.types)):
                for wild in eng.wilds:
                    assert triple_kind((eng.types[x], eng.types[a], eng.types[z]), wild) is None
    need = eng.discard_play[0] if eng.discard_play else None
    for g in classes:
        assert len({(eng.types[x].color == eng.center_color and not pos.figure,
                     need is not None and eng.types[x].number == need) for x in g}) == 1
        assert all(of[x] == classes.index(g) for x in g)


FAST = [4, 5, 15, 16]
"""Seeds whose plain search takes about a second at most (the others are in the slow tier)."""


@pytest.mark.parametrize("seed", [pytest.param(s, marks=[] if s in FAST else pytest.mark.slow)
                                  for s in range(30)])
def test_lumped_search_matches_the_plain_search(seed: int) -> None:
    """Within 2 and 3 turns, the search with the blanks lumped gives the plain search's exact
    answer, keeping no more two-turn values; on the fast seeds it keeps fewer at T = 3 (the
    lumping is at work there, so this test can fail)."""
    pos = full_deck_position(seed)
    for turns in (2, 3):
        lumped, n_lumped = search(pos, turns, True)
        plain, n_plain = search(pos, turns, False)
        assert lumped == plain, (seed, turns)
        assert n_lumped <= n_plain
    if seed in FAST:
        assert n_lumped < n_plain


SPREAD = Deck(colors=("B", "G", "R"), numbers=(1, 2, 3, 6, 7, 8), editions=1)
"""A reduced deck with a gap in its numbers, so that some unseen types are blanks."""

TREE_SEEDS = [7, 19]
"""Positions (``tree_position``) whose game tree takes seconds, where the unseen cards last the
three turns (no reshuffle: ``search`` below is the engine's search without it) and where the
lumped search keeps fewer two-turn values than the plain one (measured: 12 against 21, 9/13).
Their answers are 0: the non-trivial answers with blanks lumped are the bench's, pinned below
to the code before lumping, and the full deck's, against the plain search above."""


def tree_position(seed: int) -> Position:
    center, scored = CHANCE[seed % 6]
    base = random_position(9000 + seed, SPREAD, min_unseen=3, max_unseen=4)
    return replace(base, center=KEY[center], scored=tuple(KEY[s] for s in scored),
                   figure=seed % 3 != 0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", TREE_SEEDS)
def test_three_turns_with_blanks_match_the_game_tree(seed: int) -> None:
    pos = tree_position(seed)
    assert not start_search(pos, 3, None)[0].reshuffle.needed(3)
    assert check_answer(pos, 3) == game_oracle(pos, 3) == search(pos, 3, False)[0]
    assert search(pos, 3, True)[1] < search(pos, 3, False)[1]


BENCH = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
             figure=True)
"""The bench's chance positions (bench/odds_cards.py CHANCE)."""

PINNED = {
    "blue-draw-two": (("1/31", "1485/6293", "452671/659750"), {
        "1": "R5",
        "213607/263900": "G6",
        "2395664/2968875": "G8",
        "9514819/11875500": "R8",
        "951079/1187550": "B6",
        "1320623/1696500": "Y8",
        "128351/169650": "B7",
        "12773/16965": "B9",
        "4391327/5937750": "Y6",
        "2183579/2968875": "B4",
        "8712001/11875500": "P8",
        "1243663/1696500": "P6",
        "1209629/1696500": "G9",
        "100054/141375": "R2",
        "2045623/2968875": "G4",
        "314281/456750": "P4",
        "1165849/1696500": "P9 R9",
        "1160989/1696500": "R7",
        "275878/424125": "Y7",
        "7433953/11875500": "P2",
        "351803/565500": "Y2",
        "3686737/5937750": "R3",
        "6854327/11875500": "G5",
        "3360521/5937750": "B3",
        "6536651/11875500": "B5 P1 P3 R1 Y1 Y3",
    }),
    "purple-pass": (("1/31", "1192/6975", "1131113/2346390"), {
        "1": "R5",
        "470861/756900": "G6",
        "117299/189225": "G8",
        "2516/4205": "R8",
        "45281/75690": "B6",
        "109186/189225": "Y8",
        "84379/151380": "B7",
        "418411/756900": "B9",
        "99902/189225": "Y6",
        "98923/189225": "P8",
        "98867/189225": "P6",
        "395249/756900": "B4",
        "43227/84100": "G9",
        "94181/189225": "R2",
        "364571/756900": "R7",
        "1619/3364": "P9 R9",
        "29497/63075": "G4",
        "29458/63075": "P4",
        "84791/189225": "Y7",
        "314369/756900": "P2",
        "104339/252300": "Y2",
        "49981/126150": "R3",
        "54641/151380": "G5",
        "17861/50460": "B3",
        "61313/189225": "B5 P1 P3 R1 Y1 Y3",
    }),
}
"""P within 1, 2, 3 turns and the value after each draw, computed by the code before lumping
(commit 3213485, ``player_odds(pos, 3, budget=None)``: 38 s and 11 s of CPU)."""


@pytest.mark.parametrize("center", [pytest.param("blue-draw-two", marks=pytest.mark.slow),
                                    "purple-pass"])
def test_the_bench_chance_positions_keep_their_answers_at_three_turns(center: str) -> None:
    within, plans = PINNED[center]
    r = player_odds(make_position(**BENCH, center=center), 3)
    assert r.within == tuple(Fraction(v) for v in within)
    got = {str(d.card): d.probability for d in r.plans}
    assert got == {c: Fraction(p) for p, cards in plans.items() for c in cards.split()}


def test_the_bench_pass_position_answers_by_default_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Within the default work budget since the blanks are lumped (it was refused: about
    341,000 memo entries needed)."""
    assert main(hand_args(dict(BENCH, center="purple-pass"), 3)) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "P(you score within 3 of your turns) = 1131113/2346390 = 48.21%"


@pytest.mark.slow
def test_a_question_over_the_default_budget_is_still_refused() -> None:
    """Position H with draw two and four editions: refused under the default budget, under
    1 GB and a minute (measured: about 750,000 memo entries needed, 24 s of CPU)."""
    got = run_limited(dict(HEAVY["draw two"], scored="", editions=4), 3)
    assert "draw 2 (Power 7" in got["refused"] and got["needed"] > DEFAULT_BUDGET
    assert got["cpu"] < 60
