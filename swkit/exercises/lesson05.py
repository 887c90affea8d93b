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


def _goofy_at_least_four_after_keeping_one() -> Fraction:
    """One Goofy kept, the other four dice rerolled: P(Goofy's count is at least 4)."""
    rerolls = list(product(FACES, repeat=4))
    return Fraction(sum(1 for r in rerolls if 1 + _count(r, "Goofy") >= 4), len(rerolls))


def _at_least_one_clubhouse() -> Fraction:
    return _P(lambda r: CLUBHOUSE in r)


def _best_at_least_three_without_the_wild() -> Fraction:
    """The Clubhouse counts for nobody: P(some character shows on at least 3 dice)."""
    return _P(lambda r: max(r.count(c) for c in DEFAULT_CHARACTERS) >= 3)


def _five_alike_two_wilds() -> Fraction:
    from swkit.odds.dice import DiceModel, one_roll_distribution
    return one_roll_distribution(DiceModel(characters=4, wilds=2), "best")[5]


EXERCISES = [
    Exercise(
        key="5.1",
        question="You rolled, kept one Goofy and reroll the other four dice. What is the "
                 "probability that Goofy's count is now at least 4?",
        answer=_goofy_at_least_four_after_keeping_one,
        hint="Only the four new dice matter: how many more does Goofy need from them? Each new "
             "die helps him as in the lesson. Try the binomial idea with 4 dice, or let P count "
             "the rolls of four dice: product(FACES, repeat=4).",
        wrong=Fraction(8, 81),  # exactly 3 more only
        explain="Goofy needs 3 or 4 hits from the four new dice: C(4, 3) (1/3)^3 (2/3) + "
                "(1/3)^4 = 8/81 + 1/81 = 9/81 = 1/9.",
    ),
    Exercise(
        key="5.2",
        question="One roll: what is the probability that at least one die shows the Clubhouse?",
        answer=_at_least_one_clubhouse,
        hint="The opposite event is easier: no die shows the Clubhouse. How likely is that "
             "for one die, and for all five? Then use it to answer.",
        wrong=Fraction(5, 6),
        explain="1 - (5/6)^5 = 4651/7776, about 60%.",
    ),
    Exercise(
        key="5.3",
        question="One roll, but the Clubhouse is NOT wild (it counts for nobody): what is the "
                 "probability that the best character's count is at least 3?",
        answer=_best_at_least_three_without_the_wild,
        hint="Write the best count again, counting only a character's own dice, then let P "
             "count the rolls. You may score any character, not only Mickey.",
        wrong=Fraction(23, 648),  # Mickey alone
        explain="115/648, about 18%, against 413/648 (64%) when the Clubhouse is wild. Without "
                "the wild, two characters cannot both show on 3 of the 5 dice, so it is 5 times "
                "Mickey's 23/648.",
    ),
    Exercise(
        key="5.4",
        question="A home-made dice set: 4 characters and 2 Clubhouse faces on each die. What is "
                 "the probability of five of a kind (some character's count is 5) in one roll?",
        answer=_five_alike_two_wilds,
        hint="Do as the lesson did for five of a kind: count the rolls that give one character "
             "five of a kind, then all the characters, and watch for rolls counted more than "
             "once.",
        wrong=Fraction(972, 7776),
        explain="4 * 3^5 - 3 * 2^5 = 876 of the 7776 rolls: 73/648.",
    ),
]

MISCONCEPTIONS = {
    "5.2": ((Fraction(5, 6), "Five dice, each 1/3 for Mickey, so 5/3 chances"),),
}
"""Wrong answers behind which the teacher's guide names a misconception (as in lesson01.py):
here 5 · 1/6, chances added as if they could not overlap."""
