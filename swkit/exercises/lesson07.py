"""Lesson 7 exercises: strategy and expected value (RULES.md §B3, §B4, §C2).

Answers are computed by brute force over rolls or by the odds engine, never typed in.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS, parse_faces
from swkit.errors import SwkitError
from swkit.exercises import Exercise

FACES = (*DEFAULT_CHARACTERS, CLUBHOUSE)
DICE = "Mickey Mickey Clubhouse Goofy Pluto"
CROWDED = {"Mickey": [4, 5], "Goofy": [4, 5]}
"""Exercise 7.4's board: the spaces other players hold (the lesson's board holds Mickey's only)."""


def _best(dice: tuple[str, ...]) -> int:
    return max(dice.count(c) + dice.count(CLUBHOUSE) for c in DEFAULT_CHARACTERS)


def _one_roll_expected() -> Fraction:
    rolls = list(product(FACES, repeat=5))
    return Fraction(sum(_best(r) for r in rolls), len(rolls))


def _keep_mmc_one_roll_left() -> Fraction:
    kept = ("Mickey", "Mickey", CLUBHOUSE)
    tally = Counter(min(_best(kept + new), 5) for new in product(FACES, repeat=2))
    return sum((Fraction(n, 36) * points for points, n in tally.items()), Fraction(0))


def _two_left_solo_turn() -> Fraction:
    from swkit.odds.solo import solo_turn_values
    return solo_turn_values()[2]


def _crowded_best_keep() -> str:
    from swkit.odds.dice import DiceModel, Objective, best_keep
    model = DiceModel()
    objective = Objective.points(taken=CROWDED)
    return best_keep(model, objective, model.counts(DICE)).describe()


FILLER = frozenset({"keep", "only", "and", "the", "a", "&", "+"})
"""Words a student may put around a keep's faces: "keep only Pluto and the Clubhouse"."""


def _same_keep(expected: Any, given: Any) -> bool:
    """Two keeps are the same when they hold the same faces, in any order and spelling: text
    ("keep Pluto and the Clubhouse", "pluto, C") or a tuple or list of face names (the
    lesson's ``keep_value`` keys, such as ``('Pluto', 'Clubhouse')``)."""
    def faces(keep: Any) -> list[str]:
        if isinstance(keep, str):
            words = keep.replace(",", " ").split()
        elif isinstance(keep, (tuple, list)) and all(isinstance(w, str) for w in keep):
            words = list(keep)
        else:
            raise SwkitError("a keep is text or a tuple of face names")
        return sorted(parse_faces([w for w in words if w.lower() not in FILLER]))
    try:
        return faces(expected) == faces(given)
    except SwkitError:
        return False


EXERCISES = [
    Exercise(
        key="7.1",
        question="You roll all five dice once and must stop: on an empty board you score the "
                 "best count. What is the expected value of your points?",
        answer=_one_roll_expected,
        hint="Multiply each best count 1..5 by its probability after one roll (lesson 5) and "
             "add up; or average best_count over the 7776 rolls.",
        wrong=Fraction(5, 3),
        explain="About 2.83 points: more than Mickey's 5/3, because you choose after the roll.",
        kind="expected value",
    ),
    Exercise(
        key="7.2",
        question=f"Dice {DICE}, ONE roll left, empty board: what is the expected value (in "
                 "points) of keeping Mickey, Mickey, Clubhouse and rerolling the other two?",
        answer=_keep_mmc_one_roll_left,
        hint="Try the 36 rolls of the two rerolled dice; score the best count of the five dice "
             "each time, and average.",
        wrong=Fraction(3),
        explain="11/3 points, better than the 3 points of stopping now.",
        kind="expected value",
    ),
    Exercise(
        key="7.3",
        question="The solo game: two characters are left to score (any two: they are alike). "
                 "What is the best expected number of points of this turn?",
        answer=_two_left_solo_turn,
        hint="The notebook's turn(value, scored) plays a whole turn best; three characters are "
             "scored already (they help nobody).",
        wrong=Fraction(95, 27),  # one character left
        explain="About 3.82 points: more than with one character left (95/27), because the "
                "turn may go for whichever of the two the dice favour.",
        kind="expected value",
    ),
    Exercise(
        key="7.4",
        question=f"Dice {DICE}, two rolls left, but other players hold Mickey's 4 and 5 "
                 "spaces AND Goofy's 4 and 5 spaces. Which keep is best? Answer with text "
                 "such as \"keep Minnie Clubhouse\".",
        answer=_crowded_best_keep,
        hint="Mickey and Goofy can now score at most 3. Compare the keeps' expected points on "
             "this board (the engine's keep_options, or the notebook's keep_value with a "
             "board).",
        wrong="keep Clubhouse",
        explain="Keep Pluto and the Clubhouse: Pluto is the one character of the roll whose "
                "4 and 5 are still open.",
        compare=_same_keep,
    ),
]
