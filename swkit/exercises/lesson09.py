"""Lesson 9 (``lessons/09-play.ipynb``) is for playing: it has no exercises. Its last cell is
the teacher's check that every number the lesson quotes is what the games show with the
class's seed, :func:`check_quoted_numbers`, kept here so that the student sees one call, not a
wall of asserts.

The quoted numbers are :data:`QUOTED`, as the lesson's text gives them; the check measures each
on fresh widgets (``DiceCup``, ``CardTable``, ``OddsExplorer``, nothing displayed) and so fails
when the engine changes what the class would see. The exact values themselves are checked
against brute force where they are computed (tests/test_widgets_dice.py, test_widgets_cards.py,
test_widgets_explorer.py, test_odds_cards_deal.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swkit.exercises import Exercise

EXERCISES: list[Exercise] = []
"""None: lesson 9 is for playing."""

CLASS_SEED = 8
"""The seed the lesson's quoted numbers are for (the notebook's ``SEED``)."""

QUOTED: dict[str, Any] = {
    "the first roll": ("Mickey", "Mickey", "Goofy", "Clubhouse", "Clubhouse"),
    "the Roll button after it": "Roll (2 left)",
    "the hint's best keep": "keep Mickey Mickey Clubhouse Clubhouse (reroll 1)",
    "its expected points": Fraction(41, 9),
    "its goal": "5 Mickey",
    "its chance of the goal": Fraction(5, 9),
    "the first hand, with the first draw": ("B3", "P8", "R6", "Y7"),
    "the center Power": ("blue-draw-two",),
    "the bot's answer to play R6": ("G4",),
    "the chance of scoring within two turns": Fraction(2757, 182780),
    "the hint after drawing R8": ("You drew R8. Best play: play R8.", "is 1/39 (about 2.6%)",
                                  "if nobody else moves first"),
    "the line under the table": ("sees every hand",),
    "three random cards: a set or a run": Fraction(25, 2838),
    "four random cards: a set or a run": Fraction(113, 3311),
    "10,000 simulated deals, seed 0 (estimate, 99% interval)": (0.0288, 0.0248, 0.0334),
    "10,000 simulated deals, seed 1 (estimate, 99% interval)": (0.0324, 0.0281, 0.0373),
}
"""Every number (and line) lesson 9 quotes, by what it is, as the lesson's text gives it."""


def _same(what: str, shown: Any) -> None:
    quoted = QUOTED[what]
    if shown != quoted:
        raise AssertionError(
            f"lesson 9 quotes {what} as {quoted!r}, but the games show {shown!r} with seed "
            f"{CLASS_SEED}: the engine changed; tell the class the new numbers")


def _says(what: str, text: str) -> None:
    missing = [words for words in QUOTED[what] if words not in text]
    if missing:
        raise AssertionError(
            f"lesson 9 quotes {what} as saying {missing[0]!r}, but with seed {CLASS_SEED} it "
            f"reads: {text!r}: the engine changed; tell the class the new words")


def check_quoted_numbers() -> None:
    """Check every entry of :data:`QUOTED` on fresh widgets with seed :data:`CLASS_SEED`
    (whatever seed the notebook's ``SEED`` now holds): the dice cup's first roll and hint,
    the card table's first hand, the bot's answer and the hint after drawing R8, the
    explorer's answers for 3 and 4 cards and its two seeded simulations. Prints one line and
    returns None (no ``Out[]`` under the cell). Raises AssertionError naming the first number
    that differs, with the quoted and the shown value, or a widget error.
    """
    from swkit.widgets import CardTable, DiceCup, OddsExplorer

    cup = DiceCup(players=2, seed=CLASS_SEED, bot_delay=0)
    table = CardTable(players=2, seed=CLASS_SEED, bot_delay=0)
    explorer = OddsExplorer()
    try:
        cup.roll_button.click()
        roll = tuple(cup.shown_dice())           # in any order: the faces, as a multiset
        _same("the first roll", QUOTED["the first roll"]
              if sorted(roll) == sorted(QUOTED["the first roll"]) else roll)
        _same("the Roll button after it", cup.roll_button.description)
        cup.hint_button.value = True
        best = cup.hint_rows[0]
        _same("the hint's best keep", best.describe())
        _same("its expected points", best.points)
        _same("its goal", best.goal())
        _same("its chance of the goal", best.p_at_least)

        view = table.game.view(0)
        _same("the first hand, with the first draw", tuple(str(card) for card in view.hand))
        _same("the center Power", tuple(view.centers))
        table.act("play R6")
        table.hint_toggle.value = True
        table.wait_idle()
        _same("the bot's answer to play R6",
              tuple(str(card) for card in table.game.view(0).tableaux[1]))
        _same("the chance of scoring within two turns", table.hint_odds[2].probability)
        _says("the hint after drawing R8", table.hint.value)
        _says("the line under the table", table.seed_note.value)

        explorer.wait_idle()
        _same("three random cards: a set or a run", explorer.answer.value)
        explorer.cards.value = 4
        explorer.wait_idle()
        _same("four random cards: a set or a run", explorer.answer.value)
        for seed in (0, 1):
            explorer.sim_seed.value = seed
            explorer.simulate.click()
            explorer.wait_idle()
            found = explorer.simulated.trial
            _same(f"10,000 simulated deals, seed {seed} (estimate, 99% interval)",
                  tuple(round(x, 4) for x in (found.estimate, found.low, found.high))
                  if found.n == 10_000 else f"{found.n:,} deals")
        errors = [error for w in (cup, table, explorer) for error in w.errors]
        if errors:
            raise AssertionError(f"a widget recorded an error: {errors[0]!r}")
    finally:
        for widget in (cup, table, explorer):
            widget.close()
    print(f"Checked: the {len(QUOTED)} numbers and lines this lesson quotes are what the games "
          f"show with seed {CLASS_SEED}.")
