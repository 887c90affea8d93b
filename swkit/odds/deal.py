"""Counting and dealing: the chance that K random cards contain a set, a run, or either.

Source: RULES.md §A4 (sets and runs, wild Powers), §A9 (editions), §C1 (the sample space).

**Sample space** (RULES.md §C1): every subset of K distinguishable physical cards is equally
likely; with E editions a deal of K cards is one of C(45·E, K) outcomes. A card *type* (``R7``)
appears up to E times. An **event** is "the K cards contain three that form a set" (a run, either).

**Method.** We count the complement: deals with *no* triple. The deck's card types are taken
one at a time (number by number); for each type we choose how many of its E physical copies are
dealt (m copies in C(E, m) ways). A state remembers only the chosen types that can still be part
of a triple with a later type, so the count is a small memoised dynamic programme. Whether three
types form a triple is looked up in a table filled by calling ``swkit.cards.triples`` (the one
home of the triple rule), never re-derived here.

The deck may be reduced (fewer colors or numbers, ``Deck``), for lessons and for the brute-force
oracle tests.

Example (one edition, no wilds, three cards): sets 3/473, runs 7/2838, either 25/2838.

>>> deal_odds(3).either
Fraction(25, 2838)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Literal

from swkit.cards.notation import ACCEPTED_COLORS, COLORS, NUMBERS, Card, parse_color
from swkit.cards.triples import NO_WILDS, Wilds, is_run, is_set
from swkit.errors import ConfigurationError, NotationError
from swkit.whole import as_whole

if TYPE_CHECKING:  # sympy is imported lazily (DESIGN.md: the hot path uses integers)
    import sympy

Kind = Literal["set", "run", "either"]
"""Which event: three cards forming a set, a run, or either (RULES.md §A4)."""

KINDS: tuple[Kind, ...] = ("set", "run", "either")

MIN_CARDS = 3
MAX_CARDS = 7


@dataclass(frozen=True)
class Deck:
    """A deck of character cards: every (color, number) type, ``editions`` physical copies each.

    The full deck (RULES.md §A1) has the five colors and the numbers 1..9; a reduced deck
    (fewer colors or numbers) keeps the same rules and is used for lessons and oracle tests.
    ``size`` = types × editions physical cards.
    """

    colors: tuple[str, ...] = COLORS
    numbers: tuple[int, ...] = NUMBERS
    editions: int = 1

    def __post_init__(self) -> None:
        if as_whole(self.editions) is None or self.editions < 1:
            raise ConfigurationError(f"editions must be a whole number >= 1, got {self.editions!r}")
        object.__setattr__(self, "editions", as_whole(self.editions))
        bad = [c for c in self.colors if c not in COLORS]
        if bad or not self.colors or len(set(self.colors)) != len(self.colors):
            raise ConfigurationError(
                f"deck colors must be distinct letters of {', '.join(COLORS)}, got {self.colors!r}")
        badn = [n for n in self.numbers if n not in NUMBERS]
        if badn or not self.numbers or len(set(self.numbers)) != len(self.numbers):
            raise ConfigurationError(
                f"deck numbers must be distinct numbers 1-9, got {self.numbers!r}")
        object.__setattr__(self, "colors", tuple(sorted(self.colors)))
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @property
    def types(self) -> tuple[Card, ...]:
        """The card types of this deck in sorted notation order (color, then number)."""
        return tuple(Card(c, n) for c in self.colors for n in self.numbers)

    @property
    def size(self) -> int:
        """The number of physical cards: types × editions."""
        return len(self.colors) * len(self.numbers) * self.editions

    @property
    def is_full(self) -> bool:
        """True for the five colors and all nine numbers."""
        return self.colors == COLORS and self.numbers == NUMBERS

    def __str__(self) -> str:
        if self.is_full:
            what = "the full deck"
        else:
            what = f"colors {''.join(self.colors)}, numbers {','.join(map(str, self.numbers))}"
        return f"{what}, {self.editions} edition{'s' if self.editions != 1 else ''}"


FULL_DECK = Deck()
"""One edition of the 45 character cards."""


def make_wilds(wild_color: str | None = None, wild_number: int | str | None = None) -> Wilds:
    """The ``Wilds`` of one optional wild-color and one optional wild-number Power (RULES.md §A7).

    ``wild_color``: a color letter or name (``"P"``, ``"purple"``); ``wild_number``: 1..9.
    Raises NotationError naming a bad color, ConfigurationError a number outside 1-9.
    """
    colors: frozenset[str] = frozenset()
    numbers: frozenset[int] = frozenset()
    if wild_color is not None and wild_color != "":
        letter = parse_color(str(wild_color))
        if letter is None:
            raise NotationError(
                f"unknown wild color {wild_color!r}: write a color letter or name "
                f"({ACCEPTED_COLORS})")
        colors = frozenset({letter})
    if wild_number is not None and wild_number != "":
        try:
            n = int(wild_number)
        except (TypeError, ValueError):
            raise NotationError(f"wild number {wild_number!r} is not a number 1-9") from None
        if n not in NUMBERS:
            raise ConfigurationError(f"wild number {n} is outside 1-9 (RULES.md §A2, §A7)")
        numbers = frozenset({n})
    return Wilds(colors, numbers)


# --------------------------------------------------------------------------------------------
# Lookup tables filled by the triple rule (swkit.cards.triples)
# --------------------------------------------------------------------------------------------

def _is_kind(cards: Sequence[Card], kind: Kind, wilds: Wilds) -> bool:
    if kind == "set":
        return is_set(cards, wilds)
    if kind == "run":
        return is_run(cards, wilds)
    return is_set(cards, wilds) or is_run(cards, wilds)


@cache
def completion_table(types: tuple[Card, ...], kind: Kind, wilds: Wilds = NO_WILDS
                     ) -> tuple[tuple[int, ...], ...]:
    """``table[a][b]``: bitmask over positions in ``types`` of the types ``c`` such that the
    three types ``a, b, c`` (repeats allowed) form a ``kind`` under ``wilds``.

    Filled by calling ``swkit.cards.triples`` on every multiset of three types.
    """
    n = len(types)
    rows = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a, n):
            for c in range(b, n):
                if _is_kind((types[a], types[b], types[c]), kind, wilds):
                    for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
                        rows[x][y] |= 1 << z
                        rows[y][x] |= 1 << z
    return tuple(tuple(r) for r in rows)


# --------------------------------------------------------------------------------------------
# The count of deals without a triple (memoised dynamic programme over card types)
# --------------------------------------------------------------------------------------------

@dataclass
class _FreeCounter:
    """Counts deals of physical cards containing no triple, type by type."""

    order: tuple[int, ...]          # positions (in deck.types) in processing order
    table: tuple[tuple[int, ...], ...]
    editions: int
    reach: tuple[int, ...]          # per step: the last step a chosen type there can matter
    memo: dict[tuple[int, tuple[int, ...], int], int] = field(default_factory=dict)

    def count(self, step: int, live: tuple[int, ...], remaining: int) -> int:
        if remaining == 0:
            return 1
        n = len(self.order)
        if (n - step) * self.editions < remaining:
            return 0
        key = (step, live, remaining)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        t = self.order[step]
        table = self.table
        # live holds steps; map to positions for table lookups
        pos = [self.order[s] for s in live]
        pair_mask = 0
        for i in range(len(pos)):
            row = table[pos[i]]
            for j in range(i + 1, len(pos)):
                pair_mask |= row[pos[j]]
        bit = 1 << t
        nxt = step + 1
        keep = tuple(s for s in live if self.reach[s] >= nxt)
        total = self.count(nxt, keep, remaining)            # m = 0 copies of this type
        if not pair_mask & bit:
            own = self.reach[step] >= nxt
            for m in range(1, min(self.editions, remaining) + 1):
                if m == 2 and any(table[p][t] & bit for p in pos):
                    break
                if m == 3 and table[t][t] & bit:
                    break
                new_live = keep + (step,) * m if own else keep
                total += comb(self.editions, m) * self.count(nxt, new_live, remaining - m)
        self.memo[key] = total
        return total


@cache
def _counter(deck: Deck, kind: Kind, wilds: Wilds) -> _FreeCounter:
    types = deck.types
    table = completion_table(types, kind, wilds)
    # number by number (wild numbers first: they can join a triple with anything)
    order = tuple(sorted(range(len(types)),
                         key=lambda i: (types[i].number not in wilds.numbers,
                                        types[i].number, types[i].color)))
    step_of = {p: s for s, p in enumerate(order)}
    reach = []
    for s, p in enumerate(order):
        last = s
        for q in range(len(types)):
            if table[p][q]:  # some triple holds p and q
                last = max(last, step_of[q])
                mask = table[p][q]
                while mask:
                    low = mask & -mask
                    last = max(last, step_of[low.bit_length() - 1])
                    mask ^= low
        reach.append(last)
    return _FreeCounter(order, table, deck.editions, tuple(reach))


def count_without(cards: int, kind: Kind, deck: Deck = FULL_DECK, wilds: Wilds = NO_WILDS) -> int:
    """The number of K-card deals (subsets of physical cards) with no ``kind`` among them."""
    cards = _check_cards(cards, deck, lo=0, hi=deck.size)
    return _counter(deck, kind, wilds).count(0, (), cards)


def count_deals(cards: int, kind: Kind, deck: Deck = FULL_DECK, wilds: Wilds = NO_WILDS) -> int:
    """The number of K-card deals (subsets of distinguishable physical cards, RULES.md §C1)
    that contain three cards forming a ``kind`` (``"set"``, ``"run"``, ``"either"``) under
    ``wilds``. Any 0 <= K <= deck size; the total is ``comb(deck.size, K)``.

    >>> count_deals(3, "set")   # 9 numbers, any 3 of the 5 cards of one number
    90
    """
    if kind not in KINDS:
        raise ConfigurationError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    cards = _check_cards(cards, deck, lo=0, hi=deck.size)
    return comb(deck.size, cards) - count_without(cards, kind, deck, wilds)


def _check_cards(cards: int, deck: Deck, lo: int, hi: int) -> int:
    """``cards`` as a Python int, if it is a whole number from ``lo`` to ``hi`` that ``deck``
    can deal; else ConfigurationError."""
    if as_whole(cards) is None or not lo <= cards <= hi:
        raise ConfigurationError(
            f"the number of cards must be a whole number from {lo} to {hi}, got {cards!r}")
    if cards > deck.size:
        raise ConfigurationError(f"{deck} holds {deck.size} cards, fewer than {cards}")
    return int(cards)


# --------------------------------------------------------------------------------------------
# sympy formulas for three cards
# --------------------------------------------------------------------------------------------

COMPLEMENT_WORDS = "all deals minus the deals without a triple (the complement)"
"""How the counts are made (this module's method: the deals with no triple, subtracted from
all deals), in the words the command line and the odds explorer both use."""


def no_formula_reason(cards: int, wilds: Wilds = NO_WILDS) -> str | None:
    """Why :func:`deal_formula` gives no formula for this question, in words for a reader, or
    None when it gives one (K = 3 with at most one wild color or one wild number)."""
    if cards != 3:
        return (f"no formula shown for {cards} cards: one deal can hold several triples (R3 R4 "
                "R5 R6 holds two runs), so 'choose a triple, then any other cards' counts such "
                "deals more than once and must be corrected by inclusion-exclusion (lesson 1 and "
                "its exercises do it by hand for 4 cards of one box); so the kit counts the other "
                f"way round: {COMPLEMENT_WORDS}")
    if (wilds.colors and wilds.numbers) or len(wilds.colors) > 1 or len(wilds.numbers) > 1:
        return ("no short formula with several wilds at once: their cases overlap; so the kit "
                f"counts the other way round: {COMPLEMENT_WORDS}")
    return None


def deal_formula(cards: int, kind: Kind, deck: Deck = FULL_DECK, wilds: Wilds = NO_WILDS
                 ) -> sympy.Expr | None:
    """A sympy expression (unevaluated, to show the reasoning) of ``count_deals`` for K = 3,
    or ``None`` where we give none (K != 3, or a wild color and a wild number together; the
    reason in words is :func:`no_formula_reason`).

    With C colors, M numbers, E editions, W windows of three consecutive numbers (7 for 1..9):
    sets ``M·C(C·E, 3)``; runs ``C·W·E³``; with a wild color the runs become
    ``W·E³·(1 + (C−1)(2³−1))`` (each card of a window is its own color or the wild one);
    with a wild number N the C·E cards numbered N are jokers (see the source for each case).
    ``expr.doit()`` is the integer count.
    """
    import sympy

    if cards != 3 or (wilds.colors and wilds.numbers) or len(wilds.colors) > 1 \
            or len(wilds.numbers) > 1:
        return None
    Int = sympy.Integer  # noqa: N806

    def B(n: int, k: int) -> sympy.Expr:  # noqa: N802
        return sympy.binomial(Int(n), Int(k), evaluate=False)

    def mul(*xs: sympy.Expr | int) -> sympy.Expr:
        xs2 = [Int(x) if isinstance(x, int) else x for x in xs]
        if any(x.doit() == 0 for x in xs2):
            return Int(0)
        xs2 = [x for x in xs2 if x != 1] or [Int(1)]
        return xs2[0] if len(xs2) == 1 else sympy.Mul(*xs2, evaluate=False)

    def add(*xs: sympy.Expr) -> sympy.Expr:
        xs2 = [x for x in xs if x.doit() != 0] or [Int(0)]
        return xs2[0] if len(xs2) == 1 else sympy.Add(*xs2, evaluate=False)

    def power3(n: int) -> sympy.Expr:
        return Int(1) if n == 1 else sympy.Pow(Int(n), Int(3), evaluate=False)

    C, E = len(deck.colors), deck.editions  # noqa: N806
    nums = set(deck.numbers)
    M = len(nums)  # noqa: N806
    windows = [s for s in range(1, 8) if {s, s + 1, s + 2} <= nums]
    W = len(windows)  # noqa: N806
    joker = next(iter(wilds.numbers)) if wilds.numbers and next(iter(wilds.numbers)) in nums \
        else None
    wild_color = next(iter(wilds.colors)) if wilds.colors and next(iter(wilds.colors)) in \
        deck.colors else None

    if joker is None:
        sets = mul(M, B(C * E, 3))
        if wild_color is None:
            runs = mul(C, W, power3(E))
        else:
            runs = mul(W, power3(E), add(Int(1), mul(C - 1, add(power3(2), Int(-1)))))
        if kind == "set":
            return sets
        if kind == "run":
            return runs
        return add(sets, runs)          # a set has one number, a run three: disjoint
    # wild number: J = C·E jokers (the cards numbered N), M-1 other numbers of C·E cards each
    J, m, per = C * E, M - 1, C * E  # noqa: N806
    sets = add(B(J, 3), mul(B(J, 2), m, per), mul(J, m, B(per, 2)), mul(m, B(per, 3)))
    others = sorted(nums - {joker})
    w0 = sum(1 for s in windows if joker not in (s, s + 1, s + 2))
    pairs = sum(1 for i, a in enumerate(others) for b in others[i + 1:] if b - a in (1, 2))
    # per color: no joker (a window avoiding N), one joker (two other numbers 1 or 2 apart),
    # two jokers with any other card, three jokers
    runs = mul(C, add(mul(w0 + pairs, power3(E)), mul(B(E, 2), m, E), B(E, 3)))
    if kind == "set":
        return sets
    if kind == "run":
        return runs
    # both a set and a run: one color, at most one non-joker card
    both = mul(C, add(B(E, 3), mul(B(E, 2), m, E)))
    return add(sets, runs, mul(-1, both))


# --------------------------------------------------------------------------------------------
# The public question
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealOdds:
    """The answer to "K random cards contain a set / a run / either" (RULES.md §A4, §C1).

    ``total`` = C(deck size, K) equally likely deals; ``counts[kind]`` the favorable deals;
    ``probability(kind)`` (and ``.set``, ``.run``, ``.either``) an exact Fraction in [0, 1].
    """

    cards: int
    deck: Deck
    wilds: Wilds
    total: int
    counts: dict[str, int]

    def probability(self, kind: Kind) -> Fraction:
        """P(the K cards contain a ``kind``) = counts[kind] / total."""
        return Fraction(self.counts[kind], self.total)

    @property
    def set(self) -> Fraction:
        """P(a set among the K cards)."""
        return self.probability("set")

    @property
    def run(self) -> Fraction:
        """P(a run among the K cards)."""
        return self.probability("run")

    @property
    def either(self) -> Fraction:
        """P(a set or a run among the K cards)."""
        return self.probability("either")

    def formula(self, kind: Kind) -> sympy.Expr | None:
        """The sympy expression of ``counts[kind]`` where one exists (``deal_formula``)."""
        return deal_formula(self.cards, kind, self.deck, self.wilds)

    def no_formula_reason(self) -> str | None:
        """Why :meth:`formula` is None, in words (see :func:`no_formula_reason`)."""
        return no_formula_reason(self.cards, self.wilds)

    def total_formula(self) -> sympy.Expr:
        """``binomial(deck size, K)`` unevaluated."""
        import sympy
        return sympy.binomial(sympy.Integer(self.deck.size), sympy.Integer(self.cards),
                              evaluate=False)


def deal_odds(cards: int, editions: int = 1, wild_color: str | None = None,
              wild_number: int | None = None, deck: Deck | None = None,
              wilds: Wilds | None = None) -> DealOdds:
    """P(K random cards contain a set), (a run), (either), exactly, with the counts.

    Inputs: ``cards`` K in 3..7; ``editions`` E >= 1 (ignored when ``deck`` is given);
    ``wild_color`` a color letter or name (a wild-color Power in force: its cards stand for any
    color); ``wild_number`` 1..9 (its cards stand for any number); or ``wilds`` directly;
    ``deck`` a reduced deck (default: the full deck of E editions).
    Raises ConfigurationError (K outside 3..7 or above the deck size, E < 1, a number outside
    1-9) or NotationError (an unknown color), naming the bad part.

    >>> r = deal_odds(4)
    >>> r.set, r.run, r.either
    (Fraction(81, 3311), Fraction(32, 3311), Fraction(113, 3311))
    """
    if deck is None:
        deck = Deck(editions=editions)
    if wilds is None:
        wilds = make_wilds(wild_color, wild_number)
    cards = _check_cards(cards, deck, lo=MIN_CARDS, hi=MAX_CARDS)
    counts = {k: count_deals(cards, k, deck, wilds) for k in KINDS}
    return DealOdds(cards, deck, wilds, comb(deck.size, cards), counts)
