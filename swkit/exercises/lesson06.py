"""Lesson 6 exercises: rerolls as a Markov chain (RULES.md §B3, §C2).

Answers are computed by brute force over the rerolled dice, or by the odds engine's target
chain, never typed in.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS
from swkit.exercises import Exercise

FACES = (*DEFAULT_CHARACTERS, CLUBHOUSE)


def _best(dice: tuple[str, ...]) -> int:
    return max(dice.count(c) + dice.count(CLUBHOUSE) for c in DEFAULT_CHARACTERS)


def _is_hit(die: str) -> bool:
    return die in ("Mickey", CLUBHOUSE)


def _from_three_to_five_in_two_rolls() -> Fraction:
    """Three hits kept, two rolls left, every hit kept: P(five hits), over every roll."""
    total = Fraction(0)
    for first in product(FACES, repeat=2):
        missing = sum(1 for d in first if not _is_hit(d))
        seconds = list(product(FACES, repeat=missing))
        done = sum(1 for second in seconds if all(_is_hit(d) for d in second))
        total += Fraction(done, len(seconds) * 36)
    return total


def _five_within_two() -> Fraction:
    from swkit.odds import DiceModel, target_distribution
    return target_distribution(DiceModel(), rolls=2)[5]


def _at_least_four_within_two() -> Fraction:
    from swkit.odds import DiceModel, target_distribution
    dist = target_distribution(DiceModel(), rolls=2)
    return dist[4] + dist[5]


def _p_best_at_least(kept: tuple[str, ...], k: int) -> Fraction:
    tally = Counter(_best(kept + new) >= k for new in product(FACES, repeat=5 - len(kept)))
    return Fraction(tally[True], 6 ** (5 - len(kept)))


def _pair_beats_clubhouse() -> Fraction:
    return (_p_best_at_least(("Mickey", "Mickey", CLUBHOUSE), 4)
            - _p_best_at_least((CLUBHOUSE,), 4))


EXERCISES = [
    Exercise(
        key="6.1",
        question="You keep three dice that count for Mickey and have TWO rolls left; you keep "
                 "every new hit. What is the probability that Mickey's count ends at 5?",
        answer=_from_three_to_five_in_two_rolls,
        hint="Two steps of the chain from state 3: square the transition matrix, or follow "
             "each of the two free dice (it misses both rolls with (2/3) x (2/3)).",
        wrong=Fraction(2, 9),  # adding the one-roll chance 1/9 twice
        explain="Each free die ends a hit with 1 - (2/3)^2 = 5/9, so (5/9)^2 = 25/81: row 3, "
                "column 5 of the matrix squared.",
    ),
    Exercise(
        key="6.2",
        question="Going for Mickey and keeping every hit, what is the probability of five of a "
                 "kind (Mickey's count 5) if you stop after the SECOND roll?",
        answer=_five_within_two,
        hint="Follow one die: it misses twice with (2/3)^2. Each die is on its own.",
        wrong=Fraction(19, 27) ** 5,
        explain="Each die ends a hit with 1 - (2/3)^2 = 5/9, so (5/9)^5 = 3125/59049.",
    ),
    Exercise(
        key="6.3",
        question="Going for Mickey and keeping every hit, what is the probability that Mickey's "
                 "count is at least 4 if you stop after the SECOND roll?",
        answer=_at_least_four_within_two,
        hint="Where can the chain be after two rolls? Multiply by the matrix twice, or follow "
             "each die as in 6.2. Then think which states count.",
        wrong=Fraction(12500, 59049),  # exactly 4 only
        explain="States 4 and 5 after two rolls: 12500/59049 + 3125/59049 = 15625/59049, "
                "about 26% (54% with the third roll).",
    ),
    Exercise(
        key="6.4",
        question="Dice: Mickey, Mickey, Clubhouse, Goofy, Pluto, one roll left. For "
                 "P(best count >= 4), how much better is keeping Mickey, Mickey, Clubhouse "
                 "than keeping only the Clubhouse? (a difference of probabilities)",
        answer=_pair_beats_clubhouse,
        hint="Compute both probabilities by brute force over the rerolled dice and subtract: "
             "(keep Mickey Mickey Clubhouse) - (keep the Clubhouse).",
        wrong=Fraction(1, 18),  # the lesson's dice, not these
        explain="5/9 - 43/108 = 17/108: here the pair is worth keeping, unlike the lone Mickey "
                "of the lesson.",
        kind="difference of probabilities",
    ),
]
