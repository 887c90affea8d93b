"""Lesson 5 exercises: one roll of the Clubhouse dice (RULES.md §B1, §B4).

Every answer is computed by brute force over the 6**5 = 7776 equally likely rolls (or, for a
generic dice model, by the odds engine), never typed in.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS
from swkit.exercises import Exercise

FACES = (*DEFAULT_CHARACTERS, CLUBHOUSE)


def _count(roll: tuple[str, ...], character: str) -> int:
    return roll.count(character) + roll.count(CLUBHOUSE)


def _P(event) -> Fraction:  # noqa: N802 - the textbook's name
    rolls = list(product(FACES, repeat=5))
    return Fraction(sum(1 for r in rolls if event(r)), len(rolls))


def _goofy_at_least_four() -> Fraction:
    return _P(lambda r: _count(r, "Goofy") >= 4)


def _at_least_one_clubhouse() -> Fraction:
    return _P(lambda r: CLUBHOUSE in r)


def _best_at_least_three() -> Fraction:
    return _P(lambda r: max(_count(r, c) for c in DEFAULT_CHARACTERS) >= 3)


def _five_alike_two_wilds() -> Fraction:
    from swkit.odds.dice import DiceModel, one_roll_distribution
    return one_roll_distribution(DiceModel(characters=4, wilds=2), "best")[5]


EXERCISES = [
    Exercise(
        key="5.1",
        question="One roll of five Clubhouse dice: what is the probability that Goofy's count "
                 "is at least 4?",
        answer=_goofy_at_least_four,
        hint="Goofy's count is his dice plus the Clubhouses: each die is a hit with 2/6 = 1/3. "
             "Add the binomial's chances of exactly 4 and exactly 5 hits.",
        wrong=Fraction(10, 243),  # exactly 4 only
        explain="C(5, 4) (1/3)^4 (2/3) + (1/3)^5 = 10/243 + 1/243 = 11/243, as for Mickey: "
                "every character has the same chances.",
    ),
    Exercise(
        key="5.2",
        question="One roll: what is the probability that at least one die shows the Clubhouse?",
        answer=_at_least_one_clubhouse,
        hint="Count the opposite event: no die shows the Clubhouse, (5/6)^5. Then take it away "
             "from 1.",
        wrong=Fraction(5, 6),
        explain="1 - (5/6)^5 = 4651/7776, about 60%.",
    ),
    Exercise(
        key="5.3",
        question="One roll: what is the probability that the best character's count is at least "
                 "3?",
        answer=_best_at_least_three,
        hint="Add up the best count's distribution for 3, 4 and 5 (or count rolls with a "
             "brute force). Mickey alone is not enough: you may score any character.",
        wrong=Fraction(51, 243),
        explain="Choosing the character after the roll helps a lot: more than 60%, against 21% "
                "for Mickey alone.",
    ),
    Exercise(
        key="5.4",
        question="A home-made dice set: 4 characters and 2 Clubhouse faces on each die. What is "
                 "the probability of five of a kind (some character's count is 5) in one roll?",
        answer=_five_alike_two_wilds,
        hint="For each character, the rolls using only it and the Clubhouse: 3^5. The roll of "
             "five Clubhouses (2^5 of them) is counted for every character: count it once.",
        wrong=Fraction(972, 7776),
        explain="4 * 3^5 - 3 * 2^5 = 876 of the 7776 rolls: 73/648.",
    ),
]
