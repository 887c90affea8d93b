"""What a screen reader gets from the widgets, headless: each widget's one polite live
region and the texts it is given (a roll's faces, a bot's move, a score, a refusal, the end and
who won), the controls' names and states. The browser reads the same widgets in
tests/browser/test_accessibility.py."""

from __future__ import annotations

import re

import ipywidgets as widgets
from test_widgets_dice import greedy_student
from widget_backends import backend  # noqa: F401 - every test under both back ends

from swkit.cards.bots import GreedyBot as CardBot
from swkit.widgets import CardTable, DiceCup, OddsExplorer


def regions(w: widgets.Widget) -> list[str]:
    """The live-region markup of every HTML part of ``w`` (there must be one)."""
    found = []
    for part in w.parts():
        if isinstance(part, widgets.HTML) and "aria-live" in part.value:
            found.append(part.value)
    return found


def region_of(w) -> str:
    """The markup of the one live region ``w`` has, checked to own its text's element: the
    region's element never changes, the text's element is the one redrawn."""
    (region,) = regions(w)
    assert region in [part.value for part in w.live.children]
    owned = re.search(r'aria-owns="([^"]+)"', region).group(1)
    assert f'id="{owned}"' in w.live_text.value and owned.startswith("swkit-live-")
    return region


def test_the_dice_cup_announces_every_event_once():
    cup = DiceCup(players=2, seed=6, bot_delay=0)
    assert cup.announced == ["Your turn: press Roll."]
    cup.score_buttons["Mickey"].click()                   # refused: roll first
    assert cup.announced[-1].startswith("roll first: you score after a roll")
    cup.roll_button.click()
    # the faces of the roll, as the game rolled them
    faces = " ".join(cup.game.dice)
    assert cup.announced[-1] == f"Round 1, seat 0 (you). You: Roll 1: {faces}."
    while not cup.game.is_terminal():
        greedy_student(cup)
        cup.wait_idle()
    said = cup.announced
    assert cup.errors == [] and all(said[i] != said[i + 1] for i in range(len(said) - 1))
    bot = [s for s in said if s.startswith("Seat 1 (greedy bot): ")]
    assert any("Keep " in s for s in bot) and any(": Score " in s for s in bot)
    assert any(re.match(r"You: Score \w+: count \d", s) for s in said)
    assert said.count("Your turn: press Roll.") == cup.game.turns  # back to you, each round
    assert "Your roll in the roll-off: press Roll." in said        # seed 6 ends in a tie
    assert "Clubhouse roll-off, round 1" in said[-1]
    result = cup.game.outcome()
    assert f"Winner: seat {result.winner}" in said[-1]
    # every line of the log was said, in order, inside the announcements
    joined = " ".join(said).replace(" to ", " -> ")
    at = 0
    for line in cup.log_lines:
        words = " ".join(line.rstrip(":").split())
        at = joined.index(words, at)
    # one live region in the whole cup, polite, read whole
    assert 'role="status" aria-live="polite" aria-atomic="true"' in region_of(cup)
    cup.close()


def test_the_keep_boxes_name_their_die_and_face_and_say_if_ticked():
    cup = DiceCup(players=1, seed=8, bot_delay=0)
    assert all(isinstance(b, widgets.Checkbox) for b in cup.dice_buttons)
    assert [b.description for b in cup.dice_buttons] == [
        f"die {i}: not rolled yet" for i in range(1, 6)]
    assert all(b.disabled for b in cup.dice_buttons)
    cup.roll_button.click()
    shown = cup.shown_dice()
    assert [b.description for b in cup.dice_buttons] == [
        f"keep die {i}: " + ("Clubhouse (wild)" if f == "Clubhouse" else f)
        for i, f in enumerate(shown, 1)]
    cup.dice_buttons[1].value = True
    assert cup.dice_buttons[1].value and not cup.dice_buttons[1].disabled
    assert isinstance(cup.hint_button, widgets.Checkbox) and cup.hint_button.description == "Hint"
    # a score button says what it does to what
    assert all(re.fullmatch(rf"Score {c}: \d+ points?( \(Picture Column\))?", b.description)
               for c, b in cup.score_buttons.items())
    cup.close()


def test_the_card_table_announces_moves_the_bots_and_the_end():
    table = CardTable(players=2, seed=8, bot_delay=0)
    table.wait_idle()
    assert table.announced == ["Setup: center Power 7 (blue); starting hands: seat 0 B3 R6 Y7; "
                               "seat 1 3 cards. Turn 1 (round 1), seat 0: draws P8. Your move. "
                               "Round 1 · your turn."]
    table.act("play R6")
    table.wait_idle()
    assert table.announced[1:] == [
        "You: plays R6. Turn 2 (round 1), seat 1: draws a card.",
        "Seat 1: plays G4. Turn 3 (round 2), seat 0: draws R8. Your move. Round 2 · your turn."]
    table.try_button.click()                            # nothing typed: refused, and said
    assert table.announced[-1] == "type a move in the box first, e.g. 'play R7'"
    while not table.game.is_terminal():
        table.act(CardBot().choose(table.game))
        table.wait_idle()
    said = table.announced
    assert table.errors == [] and all(said[i] != said[i + 1] for i in range(len(said) - 1))
    assert any(re.search(r"scores the (set|run)", s) for s in said)
    assert "Game over: seat 0 holds 3 Powers and wins" in said[-1]
    region_of(table)
    table.close()


def test_the_explorer_announces_answers_and_refusals():
    explorer = OddsExplorer()
    explorer.wait_idle()
    explorer.cards.value = 4
    explorer.wait_idle()
    assert explorer.announced[-1].endswith("= 113/3311 ≈ 3.41%")
    assert explorer.announced.count(explorer.announced[-1]) == 1   # said once, not twice
    explorer.kind.value = "hand"
    explorer.wait_idle()
    explorer.hand.value = "B2 G7 X9"
    explorer.wait_idle()
    assert explorer.announced[-1].startswith("my hand: cannot read card 'X9'")
    region_of(explorer)
    assert explorer.errors == []
    explorer.close()
