"""Lesson 9 in a real browser, as a student plays it: JupyterLab after Run All, and
Voila (the projector view) on the same notebook.

Each test checks what a player would check, on seed 8 (the lesson's class seed):

- dice cup: Roll shows seed 8's first roll and the rolls left go 3 -> 2; the hint's best keep is
  the one the lesson quotes; pressing a die's keep shows it kept (button and picture); the next
  Roll keeps it and the counter goes to 1;
- card table: the student's hand is seed 8's; playing R6 puts R6 in the tableau and in the log;
  the bot answers; the hint first shows "computing…" and then the exact answer;
- odds explorer: lesson 1's 25/2838 on screen; K cards 4 gives "computing…", then 113/3311;
  Simulate with seed 0, then seed 1, shows the estimates and 99% intervals the lesson quotes.

"computing…" is caught by a MutationObserver recording every text the hint or answer area was
given, so a fast answer that replaces it within milliseconds is still seen to have replaced it.
Each widget is saved as a picture in build/screenshots/ (the README's come from Voila's).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lite_site import picture  # a widget alone in build/screenshots/, as the Lite tests save it
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "lessons" / "09-play.ipynb"
FIRST_ROLL = ["Mickey", "Mickey", "Goofy", "Clubhouse", "Clubhouse"]
"""Seed 8's first roll, quoted in the lesson (the cup may lay the dice out in another order)."""
COMPUTING = "computing…"

# Records, per watched element, every text its subtree was given (nodes added, text changed).
WATCH = """([element, key]) => {
  window.__swkitSeen = window.__swkitSeen || {};
  const seen = window.__swkitSeen[key] = [element.textContent];
  new MutationObserver(records => {
    for (const r of records) {
      if (r.type === 'characterData') seen.push(r.target.textContent);
      for (const node of r.addedNodes) seen.push(node.textContent);
    }
  }).observe(element, {childList: true, subtree: true, characterData: true});
}"""


def watch(area: Locator, key: str) -> None:
    """Start recording the texts ``area`` shows (see :data:`WATCH`)."""
    area.evaluate(f"element => ({WATCH})([element, {key!r}])")


def seen(page: Page, key: str) -> list[str]:
    """The texts recorded for ``key`` since :func:`watch`."""
    return page.evaluate(f"window.__swkitSeen[{key!r}]")


def die_names(cup: Locator) -> list[str]:
    """The keep boxes' names, left to right ("keep die 1: Mickey")."""
    return [b.inner_text().strip() for b in cup.locator(".swkit-die .widget-label-basic").all()]


def play_dice(page: Page, outputs: Locator, where: str) -> None:
    cup = outputs.locator(".swkit-dicecup")
    expect(cup.locator(".swkit-seed")).to_contain_text("Clubhouse dice · seed 8")
    roll = cup.locator("button.swkit-roll")
    expect(roll).to_have_text("Roll (3 left)")
    # before the first roll the log says what it is for, in a box no taller than its line
    log_box = cup.locator(".swkit-log-box")
    expect(log_box).to_contain_text("Nothing yet. Press Roll to start")
    assert log_box.evaluate("e => e.getBoundingClientRect().height") < 60
    picture(log_box, f"dicecup-log-start-{where}")
    roll.click()
    expect(roll).to_have_text("Roll (2 left)")
    expect(cup.locator(".swkit-call")).to_contain_text("Meeska, Mooska, Mickey Mouse!")
    names = die_names(cup)
    shown = [re.match(r"keep die \d: (\w+)", t).group(1) for t in names]
    assert sorted(shown) == sorted(FIRST_ROLL), names
    dice = cup.locator(".swkit-die input")   # the keep boxes: checkboxes, none ticked
    for box in dice.all():
        expect(box).not_to_be_checked()

    # the hint, best first, is the lesson's: keep the Mickeys and the Clubhouses
    cup.locator(".swkit-hint input").check()
    best = cup.locator(".swkit-hint-table .swkit-best")
    expect(best).to_contain_text("keep Mickey Mickey Clubhouse Clubhouse (reroll 1)")
    expect(best).to_contain_text("41/9 (about 4.56)")     # exact, on screen, not in a tooltip
    expect(best).to_contain_text("5/9 (about 55.6%) for 5 Mickey")  # all five: no "5+"
    # the top five for a child, "Show all 18 choices" for the rest; nothing marked as the
    # child's choice before a die is kept; the teacher's details behind a fold
    rows = cup.locator(".swkit-hint-table tr")
    expect(rows).to_have_count(6)   # the heading and the top 5 of seed 8's 18 keeps
    expect(cup.locator(".swkit-hint-table")).not_to_contain_text("your choice")
    expect(cup.locator(".swkit-hint-details summary")).to_have_text(
        "What the numbers mean (for the teacher)")
    show_all = cup.locator("button.swkit-hint-all")
    expect(show_all).to_have_text("Show all 18 choices")
    show_all.click()
    # every row of the table is on the page, none cut off by a box: the last one's bottom is
    # the table's bottom
    expect(rows).to_have_count(19)  # the heading and the 18 keeps of seed 8's first roll
    expect(rows.last).to_contain_text("18. keep Mickey Goofy (reroll 3)")
    assert rows.last.evaluate("r => { const t = r.closest('.widget-html').getBoundingClientRect();"
                              " return r.getBoundingClientRect().bottom <= t.bottom + 1; }")
    # Mickey and Minnie dice no longer print the same "M"
    faces = cup.locator(".swkit-die-face svg text")
    expect(faces.filter(has_text=re.compile(r"^Mic$"))).to_have_count(2)
    expect(faces.filter(has_text=re.compile(r"^M$"))).to_have_count(0)

    # keep the first Mickey: the button and the picture say kept
    first = shown.index("Mickey")
    die, face = dice.nth(first), cup.locator(".swkit-die-face").nth(first)
    die.click()
    expect(die).to_be_checked()
    expect(cup.locator(".swkit-die .widget-label-basic").nth(first)).to_have_text(
        f"keep die {first + 1}: Mickey")
    expect(face.locator("svg")).to_have_attribute("aria-label", "die: Mickey, kept")
    expect(face).to_contain_text("KEPT")
    expect(cup.locator(".swkit-status")).to_contain_text("roll 1 of 3")
    # the Clubhouse faces say Club and wild, as the lessons name them
    expect(faces.filter(has_text=re.compile(r"^Club$"))).to_have_count(2)
    expect(faces.filter(has_text=re.compile(r"^wild$"))).to_have_count(2)
    picture(cup, f"dicecup-{where}")

    # the next roll keeps it and counts down
    roll.click()
    expect(roll).to_have_text("Roll (1 left)")
    expect(cup.locator(".swkit-status")).to_contain_text("roll 2 of 3")
    expect(die).to_be_checked()
    expect(face.locator("svg")).to_have_attribute("aria-label", "die: Mickey, kept")
    expect(cup.locator(".swkit-log")).to_contain_text("Mickey")
    # newest first, as the card table: this turn's heading is the log's first line
    expect(cup.locator(".swkit-log-box div div").first).to_have_text(
        "Round 1, seat 0 (you)")


def play_cards(page: Page, outputs: Locator, where: str) -> None:
    table = outputs.locator(".swkit-cardtable")
    expect(table.locator(".swkit-seed")).to_contain_text("Seed 8 · 2 players")
    hand = table.locator(".swkit-hand svg")
    expect(hand).to_have_attribute("aria-label", re.compile(r"^Your hand: B3 P8 R6 Y7$"))
    mine = table.locator('.swkit-tableau[data-seat="0"] svg')
    expect(mine).to_have_attribute("aria-label", "Tableau: no cards")
    log = table.locator(".swkit-log")
    expect(log).to_contain_text("Turn 1 (round 1), seat 0: draws P8")
    expect(log).to_contain_text("Setup: center Power 7 (blue); starting hands")
    expect(log).not_to_contain_text("blue-draw-two")

    table.locator("button.swkit-choice", has_text=re.compile(r"^play R6$")).click()
    # R6 is in the tableau (drawn, and named for a screen reader) and in the log
    expect(mine).to_have_attribute("aria-label", "Tableau: R6")
    expect(table.locator('.swkit-tableau[data-seat="0"]')).to_contain_text("red")
    expect(log).to_contain_text("Turn 1 (round 1), seat 0: draws P8, plays R6.")
    expect(table.locator(".swkit-hand svg")).not_to_have_attribute(
        "aria-label", re.compile(r"R6"))
    # the bot answers after its pause, and it is the student's move again
    expect(log).to_contain_text("Turn 2 (round 1), seat 1: draws a card, plays G4.")
    expect(table.locator('.swkit-tableau[data-seat="1"] svg')).to_have_attribute(
        "aria-label", "Tableau: G4")
    expect(table.locator(".swkit-status")).to_contain_text("Your move. Round 2 · your turn")

    # the hint: "computing…" first, then the exact answer replaces it
    hint = table.locator(".swkit-hint")
    watch(hint, f"card-hint-{where}")
    toggle = table.locator(".swkit-hint-toggle .widget-label-basic")
    expect(toggle).to_have_text("Hint")
    picture(table.locator(".widget-hbox").first, f"cardtable-hint-off-{where}")
    toggle.click()
    # on is plain to see: the tick, and white on purple
    expect(toggle.locator("input")).to_be_checked()
    expect(toggle).to_have_css("background-color", "rgb(94, 60, 153)")
    expect(toggle).to_have_css("color", "rgb(255, 255, 255)")
    picture(table.locator(".widget-hbox").first, f"cardtable-hint-on-{where}")
    expect(hint).to_contain_text("score within two of your turns, if nobody else moves first: "
                                 "2757/182780 (about 1.5%)")
    expect(hint).to_contain_text("You drew R8. Best play: play R8.")
    expect(hint).not_to_contain_text(COMPUTING)
    texts = seen(page, f"card-hint-{where}")
    assert any(COMPUTING in t for t in texts), texts
    expect(table.locator(".swkit-message")).to_have_text("")
    expect(table.locator(".swkit-seed-note")).to_contain_text("sees every hand, the bots' too")
    picture(table, f"cardtable-{where}")


def explore(page: Page, outputs: Locator, where: str) -> None:
    explorer = outputs.locator(".widget-vbox", has=page.locator("h3", has_text="Odds explorer"))
    explorer = explorer.last
    headline = explorer.locator(".widget-html", has_text="random cards hold").first
    expect(headline).to_contain_text("P(3 random cards hold a set or a run)")
    expect(headline).to_contain_text("= 25/2838 ≈ 0.88%")
    expect(explorer.locator(".swkit-chart img")).to_be_visible()  # the chart
    expect(explorer.get_by_role("img", name=re.compile("3: 0.88%"))).to_be_visible()  # its alt

    # a deal's answer comes at once (no "computing…" to see), and the chart by K stays
    caption = explorer.locator(".swkit-chart-caption")
    explorer.locator(".widget-dropdown", has_text="K cards").locator("select").select_option(
        label="4")
    expect(headline).to_contain_text("P(4 random cards hold a set or a run)")
    expect(headline).to_contain_text("= 113/3311 ≈ 3.41%")
    expect(headline).not_to_contain_text(COMPUTING)
    expect(explorer.locator(".widget-htmlmath", has_text="No short formula")).to_contain_text(
        "148,995 − 143,910 = 5,085 deals with a set or a run")
    expect(caption).to_contain_text(
        "Chart: P(a set or a run among K random cards), by K: 3: 0.88%, 4: 3.41%,")
    expect(explorer.locator(".swkit-chart img")).to_be_visible()

    # the simulation, as the lesson tells it: seed 0 misses the exact value, seed 1 does not
    simulate = explorer.locator("button", has_text="Simulate")
    simulate.click()
    progress = explorer.locator(".widget-html", has_text=re.compile(r"^[\d,]+ of [\d,]+ trials$"))
    expect(progress).to_have_text("10,000 of 10,000 trials")
    expect(caption).to_contain_text(
        "Simulated after 10,000 trials: 2.88% (99% interval 2.48% to 3.34%).")
    seed = explorer.locator(".widget-text", has_text="seed:").locator("input")
    seed.fill("1")
    seed.press("Enter")
    expect(simulate).to_be_enabled()
    simulate.click()
    expect(caption).to_contain_text(
        "Simulated after 10,000 trials: 3.24% (99% interval 2.81% to 3.73%).")
    picture(explorer, f"explorer-{where}")

    # a typo in "my hand" is refused next to the field, the old answer greyed
    explorer.locator(".widget-dropdown", has_text="question:").locator("select").select_option(
        label="my hand: will I score?")
    answer = explorer.locator(".widget-html", has_text="P(I score this turn)").first
    expect(answer).to_contain_text("= 1/35 ≈ 2.86%")
    expect(explorer.locator(".swkit-chart img")).to_be_visible()
    label = explorer.locator(".widget-select-multiple label", has_text="my scored Powers")
    assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), "the label is clipped"
    field = explorer.locator(".widget-text", has_text="my hand:").locator("input")
    field.fill("B2 G7 X9")
    field.press("Enter")
    note = explorer.locator(".widget-text", has_text="my hand:").locator(
        "xpath=following-sibling::*[1]")
    expect(note).to_contain_text("my hand: cannot read card 'X9'")
    expect(answer).to_contain_text("= 1/35 ≈ 2.86%")
    expect(answer).to_have_css("opacity", "0.7")   # faded, still 6:1 (WCAG 1.4.3)
    expect(explorer.locator(".widget-html", has_text="Not answered")).to_be_visible()
    picture(explorer, f"explorer-refused-{where}")
    field.fill("B2 G7 Y9")
    field.press("Enter")
    expect(answer).to_have_css("opacity", "1")
    expect(explorer.locator(".widget-html", has_text="cannot read card")).to_have_count(0)


def no_errors(outputs: Locator) -> None:
    """No traceback, no widget that failed to draw, and no widget error message."""
    broken = outputs.locator(".jupyter-widgets-error-widget")
    if broken.count():
        for error in broken.all():
            error.click()  # the view shows its message and stack when clicked
        pytest.fail("a widget failed to draw:\n" + "\n".join(e.inner_text()[:3000]
                                                            for e in broken.all()))
    expect(outputs.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
           ).to_have_count(0)
    expect(outputs.get_by_text("Something went wrong")).to_have_count(0)


def test_lesson_9_plays_in_jupyterlab(lab, screenshot):
    lab.open(NOTEBOOK)
    lab.run_all()
    no_errors(lab.outputs)
    play_dice(lab.page, lab.outputs, "lab")
    play_cards(lab.page, lab.outputs, "lab")
    explore(lab.page, lab.outputs, "lab")
    no_errors(lab.outputs)
    screenshot("end")


def test_lesson_9_plays_in_voila(voila, screenshot):
    voila.open(NOTEBOOK)
    expect(voila.outputs.locator(".swkit-dicecup")).to_be_visible()
    no_errors(voila.outputs)
    screenshot("start")
    play_dice(voila.page, voila.outputs, "voila")
    play_cards(voila.page, voila.outputs, "voila")
    explore(voila.page, voila.outputs, "voila")
    no_errors(voila.outputs)
    screenshot("end")


WIN_CUP = ('from swkit.widgets import DiceCup\n'
           'cup = DiceCup(players=2, seed=8, bots="win", bot_delay=0)\n'
           'cup')


def test_the_dice_cup_plays_the_win_bot_in_jupyterlab(lab, screenshot, tmp_path):
    """one short turn against WinBot with the hint on; the hint's column "chance
    to win if you play this, then play your best" is on screen, with seed 8's first-roll value
    from the solved game (59.68%: keep Mickey Mickey Clubhouse Clubhouse, also the most
    expected points)."""
    import nbformat
    notebook = tmp_path / "win-cup.ipynb"
    kernel = {"kernelspec": {"display_name": "Python 3", "language": "python",
                             "name": "python3"}, "language_info": {"name": "python"}}
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(WIN_CUP)],
                                            metadata=kernel), notebook)
    lab.open(notebook)
    lab.run_all()
    no_errors(lab.outputs)
    cup = lab.outputs.locator(".swkit-dicecup")
    expect(cup.locator(".swkit-seed")).to_contain_text("seat 1 (win bot)")
    roll = cup.locator("button.swkit-roll")
    roll.click()
    expect(roll).to_have_text("Roll (2 left)")
    cup.locator(".swkit-hint input").check()
    table = cup.locator(".swkit-hint-table")
    expect(table.locator("th").last).to_have_text(
        "Chance to win if you play this, then play your best")
    best = table.locator(".swkit-best")
    expect(best).to_contain_text("keep Mickey Mickey Clubhouse Clubhouse (reroll 1)")
    expect(best).to_contain_text("41/9 (about 4.56)")   # its expected points, kept
    expect(best.locator(".swkit-win")).to_have_text("about 59.7% ★ best to win")
    expect(table).to_contain_text("if seat 1 (win bot) plays its best too (the win bot does)")
    expect(table.locator(".swkit-win").first).to_be_visible()
    picture(cup, "dicecup-win-lab")
    # score Mickey now (4 points); the win bot plays its turn and hands back
    cup.locator("button.swkit-score", has_text=re.compile(r"^Score Mickey: 4 points")).click()
    expect(cup.locator(".swkit-status")).to_contain_text("Your turn · round 2 of 5")
    expect(cup.locator(".swkit-log")).to_contain_text("Round 1, seat 1 (win bot)")
    no_errors(lab.outputs)
    screenshot("win-cup-end")
