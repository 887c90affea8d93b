"""Lesson 9 of the swkit site in a real Lite kernel, offline, reached from the landing page.

The site (built and served as it is, Python included: tests/browser/lite_site.py) opens on its
landing page; at 320 CSS px it needs no horizontal scrolling (WCAG 1.4.10), and its link for
lesson 9 opens that lesson alone in the single-notebook interface with one kernel (counted in
the page's app). One kernel start is shared by every check, in one test, in order:

- in that kernel: the lesson's first cell installs swkit from the site and says nothing (the
  lesson is current), then exact values come out as under CPython: 25/2838 (lesson 1's deal),
  a dice keep value (1 - (4/9)^2 = 65/81) and a card hint (a pinned answer of
  tests/data/odds_cards_pinned.json); the site's version.json names the lesson's own folder,
  and a fresh copy of the lesson can be saved beside it;
- Run All; one dice turn in the DiceCup with the hint on (roll, keep, roll, score, the bot's
  turn), and the screenshot build/screenshots/lite-dicecup.png; one card turn in the CardTable
  with the hint on, through the bot's reply;
- no Python traceback on the page.

The times (page open to kernel ready, to the first exact answer), the build's time and size and
the bytes the page loaded are written to build/site-record.json; ``python bench/site.py`` prints
them.
"""

from __future__ import annotations

import json
import re
import time
from fractions import Fraction

import pytest
from lite_site import (  # noqa: F401  (fixtures: built_site, site_server, site_requests)
    KERNELS,
    ROOT,
    SCREENSHOTS,
    Server,
    built_site,
    execute,
    first_cell,
    no_tracebacks,
    picture,
    run_all,
    site_requests,
    site_server,
    wait_for_kernel,
)
from playwright.sync_api import Locator, Page, expect

from swkit.cli.site import SiteReport

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RECORD = ROOT / "build" / "site-record.json"

PINNED = json.loads((ROOT / "tests" / "data" / "odds_cards_pinned.json").read_text("utf-8"))
CARD_CASE = next(case for case in PINNED if case["name"] == "realistic")

CHECKS = f"""
from fractions import Fraction
from swkit.odds.deal import deal_odds
print("deal", deal_odds(3).either)
from swkit.odds.dice import DiceModel, Objective, optimal_value
print("dice", optimal_value(DiceModel(), Objective.at_least(4, target="Mickey"),
                            "Mickey Mickey C Goofy Pluto"))
from swkit.odds.cards import make_position, player_odds
print("card", player_odds(make_position(**{CARD_CASE["spec"]!r}), 1).within[0])
import json, swkit, swkit.lite
import js
record = await swkit.lite.fetch_bytes(swkit.lite.site_base(str(js.location.href))
                                      + "files/version.json")
print("site", swkit.__version__, json.dumps(json.loads(record)))
"""


def save(record: dict) -> None:
    """Write the figures measured so far to build/site-record.json (bench/site.py reads it)."""
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text(json.dumps({"complete": False, **record}, indent=1) + "\n", "utf-8")
    print(json.dumps(record))


def play_dice_turn(cup: Locator) -> None:
    """Roll, hint on, keep the hint's best dice, roll, score, and the bot plays its turn."""
    expect(cup.locator(".swkit-seed")).to_contain_text("Clubhouse dice · seed 8")
    roll = cup.locator("button.swkit-roll")
    roll.click()
    expect(roll).to_have_text("Roll (2 left)")
    cup.locator(".swkit-hint input").check()
    best = cup.locator(".swkit-hint-table .swkit-best")
    expect(best).to_contain_text("keep Mickey Mickey Clubhouse Clubhouse (reroll 1)")
    expect(best).to_contain_text("41/9 (about 4.56)")
    names = [b.inner_text().strip() for b in cup.locator(".swkit-die .widget-label-basic").all()]
    for n, name in enumerate(names):     # the keep boxes, named "keep die 2: Clubhouse (wild)"
        if re.match(r"keep die \d: (Mickey|Clubhouse)", name):
            cup.locator(".swkit-die input").nth(n).check()
    expect(cup.locator(".swkit-die input:checked")).to_have_count(4)
    picture(cup, "lite-dicecup")
    roll.click()
    expect(roll).to_have_text("Roll (1 left)")
    expect(cup.locator(".swkit-status")).to_contain_text("roll 2 of 3")
    score = cup.locator("button.swkit-score", has_text="Mickey").first
    score.click()
    log = cup.locator(".swkit-log")
    expect(log).to_contain_text("Round 1, seat 1 (greedy bot)", timeout=60_000)
    expect(cup.locator(".swkit-status")).to_contain_text("Your turn · round 2 of 5",
                                                    timeout=60_000)
    expect(roll).to_have_text("Roll (3 left)")


def play_card_turn(table: Locator) -> None:
    """Hint on, play R6 (seed 8), the bot replies, and the hint gives the exact odds."""
    expect(table.locator(".swkit-seed")).to_contain_text("Seed 8 · 2 players")
    log = table.locator(".swkit-log")
    toggle = table.locator(".swkit-hint-toggle input")
    toggle.check()
    expect(toggle).to_be_checked()
    table.locator("button.swkit-choice", has_text=re.compile(r"^play R6$")).click()
    expect(log).to_contain_text("Turn 1 (round 1), seat 0: draws P8, plays R6.")
    expect(log).to_contain_text("Turn 2 (round 1), seat 1: draws a card, plays G4.",
                                timeout=60_000)
    expect(table.locator(".swkit-status")).to_contain_text("Your move. Round 2 · your turn")
    hint = table.locator(".swkit-hint")
    expect(hint).to_contain_text(
        "score within two of your turns, if nobody else moves first: 2757/182780 (about 1.5%)",
        timeout=120_000)
    expect(hint).to_contain_text("You drew R8. Best play: play R8.")
    picture(table, "lite-cardtable")


def test_lesson_9_in_the_lite_kernel_offline(
        page: Page, site_server: Server, built_site: tuple[SiteReport, dict],  # noqa: F811
        site_requests: dict, offline: list[str]) -> None:  # noqa: F811
    report = built_site[0]
    lesson = f"{report.lessons}/09-play.ipynb"
    # the landing page, at 320 CSS px: one column, no horizontal scrolling
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": 320, "height": 800})
    page.goto(f"{site_server.url}/", timeout=120_000)
    expect(page.locator("h1")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.screenshot(path=str(SCREENSHOTS / "lite-landing-320.png"), full_page=True)
    page.set_viewport_size(size)
    link = page.get_by_role("link", name="Lesson 9: Play!")
    expect(link).to_have_attribute("href", f"notebooks/index.html?path={lesson}")
    page.screenshot(path=str(SCREENSHOTS / "lite-landing.png"))
    opened = time.perf_counter()
    link.click()
    wait_for_kernel(page)
    ready = time.perf_counter() - opened
    assert page.url.endswith(f"/notebooks/index.html?path={lesson}")
    assert page.evaluate(KERNELS) == 1          # one lesson, one Python
    record = {**built_site[1], "kernel_ready_seconds": round(ready, 1)}
    save(record)

    install = first_cell(ROOT / "lessons" / "09-play.ipynb")
    assert 'swkit.lite.setup("09-play.ipynb")' in install
    assert execute(page, install, timeout=300) == ""   # a current lesson: nothing to say
    text = execute(page, CHECKS, timeout=300)
    answered = time.perf_counter() - opened
    record["first_exact_answer_seconds"] = round(answered, 1)
    save(record)
    values = dict(line.split(" ", 1) for line in text.strip().splitlines())
    assert Fraction(values["deal"]) == Fraction(25, 2838)
    assert Fraction(values["dice"]) == 1 - Fraction(4, 9) ** 2  # RULES.md §C2; 65/81
    assert Fraction(values["card"]) == Fraction(CARD_CASE["within"][0])
    kernel_version, site_record = values["site"].split(" ", 1)
    assert json.loads(site_record)["lessons"] == report.lessons
    assert json.loads(site_record)["swkit"] == kernel_version
    fresh = execute(page, "await swkit.lite.fresh_copy()").strip()
    assert fresh == ("A fresh copy of 09-play.ipynb is 09-play-fresh.ipynb, beside yours: open "
                     f"it from the file browser, or at {site_server.url}/notebooks/index.html"
                     f"?path={report.lessons}/09-play-fresh.ipynb"), fresh   # one line, no Out[]
    assert 'swkit.lite.setup(\\"09-play.ipynb\\")' in execute(
        page, "print(open('09-play-fresh.ipynb').read()[:20000])")

    outputs = page.locator(".jp-OutputArea-output")
    run_all(page)
    no_tracebacks(page, outputs)
    play_dice_turn(outputs.locator(".swkit-dicecup"))
    play_card_turn(outputs.locator(".swkit-cardtable"))
    no_tracebacks(page, outputs)
    assert page.evaluate(KERNELS) == 1

    page.screenshot(path=str(SCREENSHOTS / "lite-lesson9-end.png"))
    save({**record, "page_bytes": site_requests["bytes"],
          "pyodide_bytes": site_requests["pyodide_bytes"],
          "pyodide_files": sorted(set(site_requests["pyodide_files"])),
          "requests": site_requests["requests"], "complete": True})
