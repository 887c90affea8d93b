"""Accessibility (WCAG 2.2 AA) of the widgets and lessons, in a real browser.

- axe-core (``axe.py``: the rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) on the
  notebook's output areas, where swkit draws: every widget in its main states
  (``a11y_states.py``) and lessons 1, 9 and 10 after Run All, in JupyterLab and in Voila. No
  violation inside the outputs is allowed; JupyterLab's own, elsewhere on the page, are printed
  and attached to the report, never failed on (JupyterLab does not conform, by its own
  statement).

The axe counts of every run are printed (``-s`` shows them): rules run, elements checked,
violations inside the outputs and on the whole page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from a11y_states import STATES, write_states_notebook
from axe import check_outputs
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LESSONS = [ROOT / "lessons" / name for name in
           ("01-counting-sets-and-runs.ipynb", "09-play.ipynb", "10-playing-to-win.ipynb")]


def test_widget_states_in_jupyterlab(lab, tmp_path):
    lab.open(write_states_notebook(tmp_path / "a11y-states.ipynb"))
    lab.run_all()
    for name, _heading, _code in STATES:
        expect(lab.outputs.locator(f".a11y-{name}")).to_have_count(1, timeout=60_000)
    bot = lab.outputs.locator(".a11y-dice-bot .swkit-roll")
    expect(bot).to_have_text("Seat 1 is rolling…")
    violations = check_outputs(lab.page, "states-lab")
    expect(bot).to_have_text("Seat 1 is rolling…")  # still the bot's turn: it was checked
    names_roles_states(lab.outputs)
    play_dice_by_keys(lab.page, lab.outputs)
    play_cards_by_keys(lab.page, lab.outputs)
    fits_a_laptop(lab.page, lab.outputs)
    assert not violations, violations


def test_widget_states_in_voila(voila, tmp_path):
    """Voila, the interface for a child who needs it: axe, target sizes, and reflow at 320 CSS
    px wide (WCAG 1.4.10: 1280 px at 400% zoom), 640 px (200%) and 1280 px, with
    screenshots."""
    voila.open(write_states_notebook(tmp_path / "a11y-states.ipynb"))
    for name, _heading, _code in STATES:
        expect(voila.outputs.locator(f".a11y-{name}")).to_have_count(1, timeout=60_000)
    page = voila.page
    violations = check_outputs(page, "states-voila")
    small = page.evaluate(SMALL_TARGETS)
    print(f"\ntargets checked: {small['checked']}; under 24x24 CSS px: {small['small']}")
    pairs = page.evaluate(COLORS)
    dim = low_contrast(pairs)
    print(f"color pairs checked: {len(pairs)}; under the bar: {dim}")
    cut = {}
    for width in (320, 640, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(500)
        cut[width] = page.evaluate(OVERFLOW)
        for name in ("dice-hint", "cards-power", "explorer-hand", "explorer-roll"):
            shoot(voila.outputs.locator(f".a11y-{name}"), f"{name}-{width}px")
    print(f"sticking out at 320, 640 and 1280 CSS px: {cut}")
    assert not violations, violations
    assert not small["small"], small["small"]
    assert not dim, dim
    assert cut == {320: [], 640: [], 1280: []}, cut


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name[:2])
def test_lessons_in_jupyterlab(lab, lesson):
    lab.open(lesson)
    lab.run_all()
    violations = check_outputs(lab.page, f"lesson{lesson.name[:2]}-lab")
    assert not violations, violations


# --- seeing: target sizes, reflow, one laptop screen ------------------------------------------

WIDGETS = ".swkit-dicecup, .swkit-cardtable, .swkit-explorer"
SCREENSHOTS = ROOT / "build" / "screenshots"

SMALL_TARGETS = """() => {
  // every control a pointer can hit inside the widgets; a checkbox's or radio's target is its
  // label (a click on the words ticks it). WCAG 2.5.8: at least 24 x 24 CSS px.
  const sel = 'button, select, textarea, input:not([type=checkbox]):not([type=radio]), ' +
              'label:has(> input[type=checkbox]), label:has(> input[type=radio])';
  const found = [];
  let checked = 0;
  for (const w of document.querySelectorAll('WIDGETS')) {
    for (const e of w.querySelectorAll(sel)) {
      if (e.closest('.swkit-live')) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;      // not on screen (display: none)
      checked++;
      if (r.width < 24 || r.height < 24)
        found.push(`${e.tagName} "${e.textContent.trim().slice(0, 30)}" ` +
                   `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return {checked, small: found};
}""".replace("WIDGETS", WIDGETS)

OVERFLOW = """() => {
  // WCAG 1.4.10: no scrolling sideways. The page must not be wider than the window, and no
  // widget's part may stick out of its widget (cut off, or scrolled to). A part inside its own
  // scrolling box (the log) is reached by that box.
  const W = document.documentElement.clientWidth, out = [];
  if (document.scrollingElement.scrollWidth > W + 1)
    out.push(`page ${document.scrollingElement.scrollWidth} px wide in ${W}`);
  for (const w of document.querySelectorAll('WIDGETS')) {
    const edge = Math.min(W, w.getBoundingClientRect().right);
    for (const e of w.querySelectorAll('*')) {
      if (e.closest('.swkit-live')) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= edge + 1) continue;
      let s = e.parentElement, scrolled = false;
      for (; s && s !== w; s = s.parentElement) {
        const o = getComputedStyle(s).overflowX;
        if (o === 'auto' || o === 'scroll') { scrolled = true; break; }
      }
      if (scrolled) continue;
      const kids = Array.from(e.children).some(k => k.getBoundingClientRect().right > edge + 1);
      if (!kids) out.push(`${[...w.classList].find(c => c.startsWith('a11y-'))}: ` +
                          `${e.tagName}.${[...e.classList].join('.')} ` +
                          `"${e.textContent.trim().slice(0, 30)}" ends at ` +
                          `${Math.round(r.right)} of ${Math.round(edge)}`);
    }
    // nothing spills out of a box too short for it, over what comes next
    for (const e of w.querySelectorAll('div, label, span, button')) {
      if (e.closest('.swkit-live, svg') || !e.clientHeight) continue;
      const s = getComputedStyle(e);
      if (s.overflowY === 'visible' && e.scrollHeight > e.clientHeight + 2 &&
          !Array.from(e.children).some(k => k.scrollHeight > k.clientHeight + 2 &&
                                            getComputedStyle(k).overflowY === 'visible'))
        out.push(`${[...w.classList].find(c => c.startsWith('a11y-'))}: ` +
                 `${e.tagName}.${[...e.classList].join('.')} ` +
                 `"${e.textContent.trim().slice(0, 30)}" spills: ` +
                 `${e.scrollHeight} px tall in ${e.clientHeight}`);
    }
  }
  return out.slice(0, 12);
}""".replace("WIDGETS", WIDGETS)


COLORS = r"""() => {
  // the color pairs the widgets draw, as the browser computed them: each text on the
  // background under it (and its opacity), each control's outline on the background around it
  const bg = (e) => {
    for (; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (c !== 'transparent' && !/, 0\)$/.test(c)) return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const opacity = (e) => { let o = 1; for (; e; e = e.parentElement)
    o *= parseFloat(getComputedStyle(e).opacity); return o; };
  const pairs = new Map();
  const add = (kind, fg, back, e, extra) => {
    const key = [kind, fg, back, extra.large, extra.opacity].join('|');
    if (!pairs.has(key)) pairs.set(key, {kind, fg, bg: back, ...extra,
      sample: e.textContent.trim().slice(0, 40) || e.tagName});
  };
  for (const w of document.querySelectorAll('WIDGETS')) {
    for (const e of w.querySelectorAll('*')) {
      if (e.closest('.swkit-live, svg') || !e.getClientRects().length) continue;
      const s = getComputedStyle(e);
      if (s.visibility === 'hidden') continue;
      const off = e.closest(':disabled, label:has(> input:disabled)') !== null;
      const text = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.data.trim());
      const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight) >= 700;
      if (text && !off)
        add('text', s.color, bg(e), e, {large: size >= 24 || (bold && size >= 18.66),
                                        opacity: opacity(e)});
      const control = e.matches('input[type=text], input[type=number], select, textarea, ' +
                                'label:has(> input[type=checkbox])');
      if (control && !off && parseFloat(s.borderTopWidth) > 0)
        add('outline', s.borderTopColor, bg(e.parentElement), e, {large: false, opacity: 1});
    }
  }
  return Array.from(pairs.values());
}""".replace("WIDGETS", WIDGETS)


def hex_color(css: str) -> tuple[float, float, float]:
    """``rgb(r, g, b)`` / ``rgba(...)`` as three 0-255 numbers."""
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


def as_hex(rgb) -> str:
    return "#" + "".join(f"{round(v):02x}" for v in rgb)


def low_contrast(pairs: list[dict]) -> list[str]:
    """The pairs under WCAG's bar, by :func:`swkit.pictures.contrast_ratio`: text 4.5:1
    (3:1 large), a control's outline 3:1. A faded text is blended with its background first."""
    from swkit.pictures import contrast_ratio
    bad = []
    for pair in pairs:
        fg, bg, o = hex_color(pair["fg"]), hex_color(pair["bg"]), pair["opacity"]
        seen = [o * f + (1 - o) * b for f, b in zip(fg, bg, strict=True)]
        ratio = contrast_ratio(as_hex(seen), as_hex(bg))
        need = 3 if pair["kind"] == "outline" or pair["large"] else 4.5
        if ratio < need:
            bad.append(f"{pair['kind']} {pair['fg']} (opacity {o:g}) on {pair['bg']}: "
                       f"{ratio:.2f}:1 < {need}:1, e.g. {pair['sample']!r}")
    return bad


def shoot(locator: Locator, label: str) -> Path:
    """What the window shows with a widget's top at the window's top (what a student sees),
    saved as build/screenshots/a11y-<label>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"a11y-{label}.png"
    locator.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    locator.page.wait_for_timeout(200)
    locator.page.screenshot(path=str(path))
    return path


def fits_a_laptop(page: Page, outputs) -> None:
    """At 1366x768, the dice cup with the hint on shows its dice, Roll and the hint's best
    rows together in the notebook's visible area (a screenshot shows it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    cup = outputs.locator(".a11y-dice-hint")
    dice = cup.locator(".swkit-die-face").first
    outer = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer").first
    for _ in range(3):     # JupyterLab's notebook scrolls in its own box, drawing as it goes
        outer.evaluate("(box, die) => { box.scrollTop += die.getBoundingClientRect().top - "
                       "box.getBoundingClientRect().top - 8; }", dice.element_handle())
        page.wait_for_timeout(300)
    area = outer.bounding_box()
    top = dice.bounding_box()
    roll = cup.locator(".swkit-roll").bounding_box()
    best = cup.locator(".swkit-hint-table .swkit-best").last.bounding_box()
    bottom = max(roll["y"] + roll["height"], best["y"] + best["height"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "a11y-dice-hint-1366x768.png"))
    print(f"\n1366x768: dice top {top['y']:.0f}, Roll and best hint rows end {bottom:.0f}, "
          f"the notebook shows {area['y']:.0f} to {area['y'] + area['height']:.0f}")
    assert top["y"] >= area["y"] - 1 and bottom <= area["y"] + area["height"], (top, bottom, area)


# --- names, roles, states: what a screen reader reads -------------------------------------------

def snap(locator) -> str:
    """``locator.aria_snapshot()`` with YAML's quotes around a line taken off (a name holding
    a colon is written ``- 'checkbox "keep die 1: Mickey"'``)."""
    return re.sub(r"(?m)^(\s*- )'((?:[^']|'')*)'", lambda m: m.group(1) + m.group(2).replace(
        "''", "'"), locator.aria_snapshot())


def names_roles_states(outputs) -> None:
    """The accessibility tree (``aria_snapshot``) of the widgets: each control says what it
    does to what, each toggle whether it is on, each picture what it shows."""
    hint = outputs.locator(".a11y-dice-hint")
    first = snap(hint.locator(".swkit-die").first)
    assert '- checkbox "keep die 1: ' in first and "[checked]" in first, first
    second = snap(hint.locator(".swkit-die").nth(1))
    assert '- checkbox "keep die 2: ' in second and "[checked]" not in second, second
    tree = snap(hint)
    assert '- checkbox "Hint" [checked]' in tree, tree
    assert '- button "Score Mickey: ' in tree, tree
    assert '- img "die: Mickey' in tree                       # the faces, in words
    assert '- columnheader "Choice"' in tree                  # the hint table has header cells
    assert '- log "What happened"' in tree
    board = snap(outputs.locator(".a11y-dice-end .swkit-board"))
    assert re.search(r'- img "Clubhouse dice scoreboard\. Mickey: P\d', board), board  # whose
    start = snap(outputs.locator(".a11y-dice-start"))
    assert '- checkbox "die 1: not rolled yet" [disabled]' in start, start
    cards = snap(outputs.locator(".a11y-cards-hint"))
    assert '- button "play R8"' in cards, cards
    assert '- checkbox "Hint" [checked]' in cards
    assert '- img "Your hand:' in cards
    power = snap(outputs.locator(".a11y-cards-power"))
    assert re.search(r'- button "use Power \d+ \((blue|green|purple|red|yellow)\)"', power), power
    explorer = snap(outputs.locator(".a11y-explorer-hand"))
    assert '- textbox "my hand:"' in explorer, explorer
    assert '- combobox "question:"' in explorer
    assert '- radio "Cards (Something Wild!)" [checked]' in explorer
    assert '- radio "I score this turn" [checked]' in explorer
    assert '- radio "I score within 2 turns"\n' in explorer + "\n"
    roll = snap(outputs.locator(".a11y-explorer-roll"))
    assert '- radio "Dice (Clubhouse)" [checked]' in roll, roll
    assert '- radio "2 rolls left" [checked]' in roll
    assert '- checkbox "I scored Mickey"' in roll and '- checkbox "Goofy 5"' in roll


# --- the keyboard alone -------------------------------------------------------------------------

FOCUSED = """() => {
  const e = document.activeElement;
  const box = e.closest('.widget-checkbox');
  const s = getComputedStyle(box ? e.closest('label') : e);
  return {text: (box ? e.closest('label').textContent : e.textContent).trim(),
          tag: e.tagName, visible: s.outlineStyle !== 'none' || s.boxShadow !== 'none'};
}"""


def tab_to(page: Page, within: str, text: str, back: bool = False, most: int = 60) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focused control is inside ``within`` and
    its words start with ``text`` (no press if it is focused already); its focus must be
    visible. Fails after ``most`` presses."""
    seen = []
    for press in range(most + 1):
        if press:
            page.keyboard.press("Shift+Tab" if back else "Tab")
        focused = page.evaluate(FOCUSED)
        inside = page.evaluate(f"() => !!document.activeElement.closest({within!r})")
        seen.append(focused["text"][:30])
        if inside and focused["text"].startswith(text):
            assert focused["visible"], f"the focus on {text!r} is not visible"
            return
    pytest.fail(f"Tab never reached {text!r} in {within}; focus went through {seen}")


def live_parent(page: Page, region: Locator) -> tuple[str, str]:
    """(role, live) of the accessibility-tree parent of the element ``region`` owns, as
    Chromium computes it (DevTools protocol): a screen reader hears a change inside a live
    region only when that parent is the region."""
    owned = region.get_attribute("aria-owns")
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Accessibility.enable")
        node = cdp.send("Runtime.evaluate", {"expression": f"document.getElementById('{owned}')"})
        tree = cdp.send("Accessibility.getPartialAXTree", {"objectId": node["result"]["objectId"],
                                                           "fetchRelatives": True})["nodes"]
        mine = next(n for n in tree if n.get("backendDOMNodeId") == tree[0]["backendDOMNodeId"])
        parent = next(n for n in tree if n["nodeId"] == mine.get("parentId"))
        props = {p["name"]: p["value"].get("value") for p in parent.get("properties", [])}
        return parent["role"]["value"], props.get("live", "")
    finally:
        cdp.detach()


def shown(page: Page) -> None:
    """Wait as a person does between moves: until the kernel is idle and the page has had
    time to show the last move (the widgets drop a click made on an older screen)."""
    indicator = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator").first
    expect(indicator).to_have_attribute("data-status", "idle", timeout=60_000)
    page.wait_for_timeout(600)
    expect(indicator).to_have_attribute("data-status", "idle", timeout=60_000)


def play_dice_by_keys(page: Page, outputs) -> None:
    """A whole solo game: Roll with Enter, keep a die with Space, score with Enter. Its live
    region stays the same element all game, and what it says is the screen reader's."""
    cup = outputs.locator(".a11y-keys-dice")
    within = ".a11y-keys-dice"
    region = cup.locator('.swkit-live [role="status"]')
    first = region.element_handle()
    expect(cup.locator(".swkit-live")).to_have_count(1)
    cup.locator(".swkit-roll").focus()          # the keyboard comes into the cup at Roll
    for turn in range(1, 6):
        expect(cup.locator(".swkit-roll")).to_have_text("Roll (3 left)")
        page.keyboard.press("Enter")
        expect(cup.locator(".swkit-roll")).to_have_text("Roll (2 left)")
        shown(page)
        tab_to(page, within, "keep die 1", back=True)       # back to the dice, by Shift+Tab
        page.keyboard.press("Space")
        expect(cup.locator(".swkit-die input").first).to_be_checked()
        shown(page)
        tab_to(page, within, "Roll")
        page.keyboard.press("Enter")
        expect(cup.locator(".swkit-roll")).to_have_text("Roll (1 left)")
        shown(page)
        tab_to(page, within, "Score ")
        page.keyboard.press("Enter")
        expect(cup.locator(".swkit-score")).to_have_count(5 - turn)  # scored, not refused
        shown(page)
        if turn < 5:
            # the score button is gone: the focus is on Roll again, not lost
            page.wait_for_function("() => document.activeElement.textContent.trim() === "
                                   "'Roll (3 left)'", timeout=15_000)
    expect(cup.locator(".swkit-status")).to_contain_text("Game over: you scored")
    expect(cup.locator(".swkit-score")).to_have_count(0)
    # the region is the element it was at the start; the last words are in it, for the reader
    assert first.evaluate("(e) => e.isConnected && e === document.querySelector("
                          "'.a11y-keys-dice .swkit-live [role=status]')")
    assert live_parent(page, region) == ("status", "polite")
    said = snap(cup.locator(".swkit-live"))
    assert re.fullmatch(r'- status: "You: Score \w+: .*Winner: seat 0 \(you\)[^"]*"', said), said


def play_cards_by_keys(page: Page, outputs) -> None:
    """Seed 8's first turn by keys: play B3 (it takes the figure), then use Power 7."""
    table = outputs.locator(".a11y-keys-cards")
    within = ".a11y-keys-cards"
    table.locator(".swkit-hint-toggle input").focus()
    page.keyboard.press("Space")                 # the hint on, by Space
    expect(table.locator(".swkit-hint-toggle input")).to_be_checked()
    shown(page)
    # with the hint on, the table draws its moves once the hint's odds are worked out (seconds
    # on a loaded machine): wait for the move before walking the tab order
    expect(table.locator("button", has_text="play B3").first).to_be_visible(timeout=60_000)
    tab_to(page, within, "play B3")
    page.keyboard.press("Enter")
    expect(table.locator(".swkit-log")).to_contain_text("plays B3, takes figure 1")
    shown(page)
    # the Power step's buttons come with the table's next drawing (after the hint's work on a
    # loaded machine): wait for them before walking the tab order
    expect(table.locator("button", has_text="use Power 7 (blue)").first).to_be_visible(
        timeout=60_000)
    tab_to(page, within, "use Power 7 (blue)")
    page.keyboard.press("Enter")
    expect(table.locator(".swkit-log")).to_contain_text("uses Power 7 (blue) (draws G7 R8)")
    expect(table.locator(".swkit-status")).to_contain_text("Your move. Round 2")
