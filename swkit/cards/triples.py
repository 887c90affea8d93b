"""Sets and runs, with wild Powers (RULES.md section A4). The one home of the triple rule.

- A **set** is three cards with the same number, any colors (repeated colors allowed, §A9).
- A **run** is three cards of one color with consecutive numbers; no wrap-around (Y8 Y9 Y1 is
  not a run); order does not matter.
- A *wild color* card (its color in ``Wilds.colors``) may stand for its number in any color:
  it helps runs only.
- A *wild number* card (its number in ``Wilds.numbers``) keeps its color and may stand for any
  number 1..9: it helps sets and runs; runs still do not wrap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, permutations

from swkit.cards.notation import COLOR_NAMES, COLORS, NUMBERS, Card, format_cards


@dataclass(frozen=True, order=True)
class Wilds:
    """The wild effects in force this turn (RULES.md §A4, §A7).

    ``colors``: color letters whose cards may stand for any color.
    ``numbers``: numbers whose cards may stand for any number 1..9.
    """

    colors: frozenset[str] = field(default_factory=frozenset)
    numbers: frozenset[int] = field(default_factory=frozenset)

    def __bool__(self) -> bool:
        return bool(self.colors or self.numbers)

    def __or__(self, other: Wilds) -> Wilds:
        """Both effects at once (e.g. a wild in force plus one more)."""
        return Wilds(self.colors | other.colors, self.numbers | other.numbers)

    def __str__(self) -> str:
        parts = [f"{c} cards are any color" for c in sorted(self.colors)]
        parts += [f"{n}s are any number" for n in sorted(self.numbers)]
        return "; ".join(parts) if parts else "no wilds"


NO_WILDS = Wilds()
"""No wild effect in force."""


def _numbers(card: Card, wilds: Wilds) -> tuple[int, ...]:
    return NUMBERS if card.number in wilds.numbers else (card.number,)


def _colors(card: Card, wilds: Wilds) -> tuple[str, ...]:
    return COLORS if card.color in wilds.colors else (card.color,)


@cache
def _is_set(key: tuple[Card, Card, Card], wilds: Wilds) -> bool:
    return any(all(n in _numbers(c, wilds) for c in key) for n in NUMBERS)


@cache
def _is_run(key: tuple[Card, Card, Card], wilds: Wilds) -> bool:
    for color in COLORS:
        if not all(color in _colors(c, wilds) for c in key):
            continue
        for start in range(1, 8):
            for a, b, c in permutations(key):
                if (start in _numbers(a, wilds) and start + 1 in _numbers(b, wilds)
                        and start + 2 in _numbers(c, wilds)):
                    return True
    return False


def _key(cards: Sequence[Card]) -> tuple[Card, Card, Card]:
    if len(cards) != 3:
        raise ValueError(f"a set or run has exactly three cards, got {len(cards)}")
    a, b, c = sorted(cards)
    return (a, b, c)


def is_set(cards: Sequence[Card], wilds: Wilds = NO_WILDS) -> bool:
    """True if the three ``cards`` form a set under ``wilds`` (RULES.md §A4)."""
    return _is_set(_key(cards), wilds)


def is_run(cards: Sequence[Card], wilds: Wilds = NO_WILDS) -> bool:
    """True if the three ``cards`` form a run under ``wilds`` (RULES.md §A4)."""
    return _is_run(_key(cards), wilds)


def triple_kind(cards: Sequence[Card], wilds: Wilds = NO_WILDS) -> str | None:
    """``"set"``, ``"run"`` or ``None`` for three cards (a set is named first when both hold)."""
    key = _key(cards)
    if _is_set(key, wilds):
        return "set"
    if _is_run(key, wilds):
        return "run"
    return None


_WRAPS = (frozenset({8, 9, 1}), frozenset({9, 1, 2}))
"""Number sets that would be consecutive only if runs wrapped around from 9 to 1."""


def _wilds_words(wilds: Wilds) -> str:
    """``"purple wild: P cards are any color; 1s wild: 1s are any number"``."""
    parts = [f"{COLOR_NAMES[c]} wild: {c} cards are any color" for c in sorted(wilds.colors)]
    parts += [f"{n}s wild: {n}s are any number" for n in sorted(wilds.numbers)]
    return "; ".join(parts)


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def explain_not_triple(cards: Sequence[Card], wilds: Wilds = NO_WILDS) -> str | None:
    """Say in words why three cards are neither a set nor a run, or ``None`` if they are one
    (exactly when ``triple_kind`` is ``None``).

    Example: ``"R5 R7 B8 is not a set: the numbers 5, 7, 8 are not all the same; and not a run:
    the colors R, R, B differ (RULES.md §A4)"``. With wilds in force they are named:
    ``"... (with purple wild: P cards are any color; RULES.md §A4)"``. The wrap-around reason
    is given only for numbers that would be consecutive if runs wrapped (8 9 1, 9 1 2).
    """
    key = _key(cards)
    if _is_set(key, wilds) or _is_run(key, wilds):
        return None
    shown = format_cards(cards)
    # numbers that are not wild (a wild-number card may stand for any number)
    fixed = sorted(c.number for c in cards if c.number not in wilds.numbers)
    free = 3 - len(fixed)
    if free:
        set_why = (f"the other numbers {_listed(fixed)} are not all the same" if len(fixed) > 1
                   else "no number fits")  # pragma: no cover - one fixed number is a set
    else:
        set_why = f"the numbers {_listed(fixed)} are not all the same"
    colors = [c.color for c in cards]
    repeated = sorted({n for n in fixed if fixed.count(n) > 1})
    if len({c for c in colors if c not in wilds.colors}) > 1:
        run_why = "the colors " + ", ".join(colors) + " differ"
    elif repeated:
        run_why = f"the number {repeated[0]} repeats"
    elif any(set(fixed) <= wrap for wrap in _WRAPS):
        run_why = "runs do not wrap around from 9 to 1"
    elif fixed and fixed[-1] - fixed[0] > 2:
        run_why = (f"the numbers {_listed(fixed)} are not consecutive" if not free else
                   f"the other numbers {_listed(fixed)} are too far apart for one run")
    else:  # pragma: no cover - every other case is a triple
        run_why = "no order of them is consecutive"
    where = f"with {_wilds_words(wilds)}; RULES.md §A4" if wilds else "RULES.md §A4"
    return f"{shown} is not a set: {set_why}; and not a run: {run_why} ({where})"


def find_triples(tableau: Sequence[Card], wilds: Wilds = NO_WILDS
                 ) -> list[tuple[tuple[int, int, int], str]]:
    """Every scoring triple in a tableau: ``[((i, j, k), kind), ...]`` with ``i < j < k``
    positions in ``tableau`` and ``kind`` ``"set"`` or ``"run"``, in lexicographic order.
    """
    found = []
    for idx in combinations(range(len(tableau)), 3):
        kind = triple_kind([tableau[i] for i in idx], wilds)
        if kind is not None:
            found.append((idx, kind))
    return found


def has_triple(cards: Sequence[Card], wilds: Wilds = NO_WILDS) -> bool:
    """True if some three of ``cards`` form a set or a run under ``wilds`` (RULES.md §A4).

    The hot path of the game and the bots: without wilds it counts numbers (a set) and looks
    for ``n, n+1, n+2`` of one color (a run); with wilds it counts the same way, letting each
    wild-number card fill any number and each wild-color card join any color. Tested equal to
    the brute force (``triple_kind`` of every three cards).
    """
    if len(cards) < 3:
        return False
    if not wilds:
        return _has_plain(cards)
    return _has_wild(cards, wilds)


def _has_plain(cards: Sequence[Card]) -> bool:
    counts = [0] * 10
    for card in cards:
        n = card[1]
        counts[n] += 1
        if counts[n] == 3:
            return True
    present = set(cards)
    for color, n in present:
        if n <= 7 and (color, n + 1) in present and (color, n + 2) in present:
            return True
    return False


def _has_wild(cards: Sequence[Card], wilds: Wilds) -> bool:
    wild_numbers, wild_colors = wilds.numbers, wilds.colors
    # a set: the non-wild-number cards sharing a number, plus every wild-number card
    counts = [0] * 10
    free = 0
    for card in cards:
        if card[1] in wild_numbers:
            free += 1
        else:
            counts[card[1]] += 1
    if max(counts) + free >= 3:
        return True
    # a run of color C: cards that may be C fill n, n+1, n+2; wild-number cards fill any gap
    for color in COLORS:
        fixed: set[int] = set()
        free = 0
        for card in cards:
            if card[0] == color or card[0] in wild_colors:
                if card[1] in wild_numbers:
                    free += 1
                else:
                    fixed.add(card[1])
        if len(fixed) + free < 3:
            continue
        for n in range(1, 8):
            if (n in fixed) + (n + 1 in fixed) + (n + 2 in fixed) + free >= 3:
                return True
    return False
