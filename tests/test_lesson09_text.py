"""Lesson 9's words as a newcomer reads them: the rules list names the figure (the card
hint says "take the figure"), and the paragraph under the card table does not repeat the
table's own line about the seed."""

from __future__ import annotations

import re

import nbformat
from nbrun import LESSONS

from swkit.widgets.cards import CardTable

LESSON = LESSONS / "09-play.ipynb"


def cells() -> list:
    return nbformat.read(LESSON, as_version=4).cells


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9_'=()]+", text.lower().replace("`", ""))


def grams(text: str, n: int = 5) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def test_the_card_rules_list_names_the_figure():
    """RULES.md §A3 steps 3-4: a played card of the center Power's color takes the figure;
    its holder may use one Power a turn, the center Power or a scored one."""
    rules = [c.source for c in cells() if c.cell_type == "markdown"
             and "**play** one card from your hand" in c.source]
    assert len(rules) == 1
    figure = [line for line in rules[0].split("\n- ") if "**figure**" in line]
    assert figure, rules[0]
    line = " ".join(figure[0].split())
    assert "color of the center Power" in line and "one Power in your turn" in line
    assert "the center Power or one you have scored" in line


def _table_cell_and_after() -> tuple[int, str]:
    notebook = cells()
    index = next(i for i, c in enumerate(notebook)
                 if c.cell_type == "code" and "CardTable(" in c.source)
    return index, notebook[index + 1].source


def test_the_paragraph_under_the_table_does_not_repeat_the_tables_seed_line():
    """The table prints "Seed 8 replays this whole game ... secret_bots=True)."; the lesson's
    paragraph under it says only what that line does not (what secret_bots keeps the same)."""
    table = CardTable(players=2, seed=8)
    try:
        line = table._seed_words(8)
    finally:
        table.close()
    _, after = _table_cell_and_after()
    repeated = grams(line) & grams(after)
    assert not repeated, f"the lesson repeats the table's line: {sorted(repeated)}"
    assert "secret_bots=True" in after and "your own hand and the first" in after
    assert len(after.strip().splitlines()) <= 3, after


def test_the_first_roll_is_written_in_the_order_the_cup_shows_it():
    """The lesson (and the teacher's guide) name seed 8's first roll die by die, left to
    right, as the cup draws and announces it, not sorted."""
    from swkit.widgets.dice import DiceCup

    cup = DiceCup(players=2, seed=8)
    try:
        cup.roll_button.click()
        shown = ", ".join(cup.shown_dice())
        assert f"You rolled: {shown} (roll 1 of 3)" in cup.call.value
    finally:
        cup.close()
    rolls = [c.source for c in cells() if c.cell_type == "markdown"
             and "everyone's first roll is" in c.source]
    assert len(rolls) == 1 and f"everyone's first roll is **{shown}**." in rolls[0]
    guide = (LESSONS / "README.md").read_text(encoding="utf-8")
    assert f"the same first roll\n({shown})" in guide
