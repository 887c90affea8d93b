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


def _from_three_to_five() -> Fraction:
    new_rolls = list(product(FACES, repeat=2))
    hits = sum(1 for new in new_rolls if all(d in ("Mickey", CLUBHOUSE) for d in new))
    return Fraction(hits, len(new_rolls))


def _five_within_two() -> Fraction:
    from swkit.odds import DiceModel, target_distribution
    return target_distribution(DiceModel(), rolls=2)[5]


def _at_least_four_within_three() -> Fraction:
    from swkit.odds import DiceModel, target_distribution
    dist = target_distribution(DiceModel(), rolls=3)
    return dist[4] + dist[5]


def _p_best_at_least(kept: tuple[str, ...], k: int) -> Fraction:
    tally = Counter(_best(kept + new) >= k for new in product(FACES, repeat=5 - len(kept)))
    return Fraction(tally[True], 6 ** (5 - len(kept)))


def _clubhouses_beat_mickey() -> Fraction:
    return (_p_best_at_least((CLUBHOUSE, CLUBHOUSE), 4)
            - _p_best_at_least(("Mickey", CLUBHOUSE, CLUBHOUSE), 4))


EXERCISES = [
    Exercise(
        key="6.1",
        question="You keep three dice that count for Mickey and reroll the other two, one roll "
                 "left. What is the probability that Mickey's count becomes 5?",
        answer=_from_three_to_five,
        hint="Both rerolled dice must be hits, and a hit is Mickey OR the Clubhouse.",
        wrong=Fraction(1, 36),
        explain="(1/3) x (1/3) = 1/9: the row of the transition matrix from state 3 to state 5.",
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
        question="Going for Mickey for all three rolls: what is the probability that Mickey's "
                 "count ends at least 4?",
        answer=_at_least_four_within_three,
        hint="Add the last two entries of the distribution after three rolls (states 4 and 5).",
        wrong=Fraction(5212840, 14348907),
        explain="States 4 and 5 together: about 53.6%.",
    ),
    Exercise(
        key="6.4",
        question="Dice: Mickey, Clubhouse, Clubhouse, Goofy, Pluto, one roll left. For "
                 "P(best count >= 4), how much better is keeping only the two Clubhouses than "
                 "keeping Mickey and the two Clubhouses? (a difference of probabilities)",
        answer=_clubhouses_beat_mickey,
        hint="Compute both probabilities by brute force over the rerolled dice and subtract: "
             "(keep the Clubhouses) - (keep Mickey and the Clubhouses).",
        wrong=Fraction(13, 18),
        explain="13/18 - 2/3 = 1/18: three fresh dice make a pair more often than two make a "
                "Mickey.",
    ),
]
