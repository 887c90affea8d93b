"""A student's work in the swkit site, offline: handed in, downloaded whole, restored.

One student's site is built for the module and served as it is on 127.0.0.1
(tests/browser/lite_site.py). In one browser profile, in order:

- the class page says where work lives and offers "Download all my work" and "Restore my work";
  the pages ask the browser to keep the site's storage, and the class page says what it answered;
- lesson 1, opened from the class page, answered as a student would (1.1 right, 1.2 wrong, 1.3
  left as ``...``, 1.4 right) and run whole; "Hand in this lesson" downloads the saved notebook
  (caught by Playwright) under the lesson's file name, with its check() outputs; so does
  ``swkit.lite.hand_in()`` from a cell (the page answers the kernel's display);
- on the class page, "Download all my work" gives one .zip that Python's zipfile reads, holding
  that notebook; with the browser's storage wiped, "Restore my work" with that zip brings the
  answers back: the lesson opened again from the class page shows them; restored again, nothing
  is doubled.

Screenshots: build/screenshots/lite-work-*.png (what the student sees).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from lite_site import (  # noqa: F401  (fixtures: built_site, site_server, site_requests)
    ROOT,
    SCREENSHOTS,
    Server,
    built_site,
    execute,
    run_all,
    site_requests,
    site_server,
    wait_for_kernel,
)
from playwright.sync_api import Page, expect

from swkit.classroom.records import read_notebook
from swkit.cli.site import SiteReport

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "01-counting-sets-and-runs.ipynb"
ANSWERS = {"1.1": "420", "1.2": "Fraction(1, 6)", "1.4": "35 * 42 - 5 * 6"}
"""What the student types: 1.1 and 1.4 right, 1.2 wrong; 1.3 keeps its ``...``."""

PANEL = "window.jupyterapp.shell.currentWidget"

ANSWER_CELLS = f"""(answers) => {{
  const panel = {PANEL};
  let changed = 0;
  panel.content.widgets.forEach((cell) => {{
    const text = cell.model.sharedModel.getSource();
    const found = /check\\("(\\d+\\.\\d+)", answer\\)/.exec(text);
    if (cell.model.type === 'code' && found && found[1] in answers) {{
      cell.model.sharedModel.setSource(text.replace(/^answer = \\.\\.\\./m,
                                                    'answer = ' + answers[found[1]]));
      changed++;
    }}
  }});
  return changed;
}}"""

PERSIST_ASKED = """
window.swkitPersistAsked = 0;
const persist = navigator.storage.persist.bind(navigator.storage);
navigator.storage.persist = () => { window.swkitPersistAsked++; return persist(); };
"""
"""Count the page's requests that the browser keep the site's storage."""

WIPE = """async () => {
  for (const db of await indexedDB.databases()) {
    await new Promise((resolve, reject) => {
      const req = indexedDB.deleteDatabase(db.name);
      req.onsuccess = resolve; req.onerror = () => reject(req.error); req.onblocked = resolve;
    });
  }
  return (await indexedDB.databases()).length;
}"""


def shot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"lite-work-{name}.png"
    page.screenshot(path=str(path))
    return path


def check_outputs(notebook: dict) -> dict[str, str]:
    """Exercise -> the text of its check() output, read from a saved notebook's outputs."""
    found = {}
    for cell in notebook["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        exercise = re.search(r'check\("(\d+\.\d+)", answer\)', source)
        if cell["cell_type"] != "code" or not exercise:
            continue
        texts = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = data.get("text/plain", output.get("text", ""))
            texts.append("".join(text) if isinstance(text, list) else text)
        found[exercise.group(1)] = "".join(texts)
    return found


def assert_handed_in(data: bytes) -> dict:
    """The downloaded lesson: a notebook with the student's answers and check()'s verdicts."""
    notebook = json.loads(data)
    assert notebook["nbformat"] == 4
    sources = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
               for c in notebook["cells"]]
    assert any("answer = Fraction(1, 6)" in s for s in sources)
    assert any(s == 'answer = ...   # your answer: a whole number\ncheck("1.3", answer)'
               for s in sources)
    verdicts = check_outputs(notebook)
    assert "right" in verdicts["1.1"].lower() and "right" in verdicts["1.4"].lower(), verdicts
    assert "not yet" in verdicts["1.2"].lower(), verdicts
    assert "no answer yet" in verdicts["1.3"], verdicts
    records = read_notebook(data)                 # the record check() keeps, read back
    assert records.lesson == 1 and records.intact, records.problems
    results = {r.exercise: (r.answer, r.result) for r in records.records}
    assert results == {"1.1": ("420", "right"), "1.2": ("Fraction(1, 6)", "not yet"),
                       "1.3": ("", "no answer"), "1.4": ("1440", "right")}, results
    return notebook


def assert_reported(path: Path) -> None:
    """`swkit class report PATH --json` counts the student's lesson 1 answers: 1.1 and 1.4
    right, 1.2 tried and not right, 1.3 not tried (no answer), the answer to 1.2 among the
    wrong ones, and the records intact."""
    done = subprocess.run([sys.executable, "-m", "swkit", "class", "report", str(path),
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["notebooks"] >= 1 and all(s["intact"] for s in report["students"]), report
    exercises = report["exercises"]
    assert (exercises["1.1"]["right"], exercises["1.4"]["right"]) == (1, 1), exercises
    assert (exercises["1.2"]["tried"], exercises["1.2"]["right"]) == (1, 0), exercises
    assert [answer for answer, _ in exercises["1.2"]["wrong"]] == ["1/6"], exercises
    assert exercises.get("1.3", {}).get("tried", 0) == 0, exercises


def test_hand_in_download_all_and_restore(page: Page, site_server: Server,  # noqa: F811
                                          built_site: tuple[SiteReport, dict],  # noqa: F811
                                          site_requests: dict, offline: list[str],  # noqa: F811
                                          tmp_path: Path) -> None:
    report = built_site[0]
    page.add_init_script(PERSIST_ASKED)
    page.goto(f"{site_server.url}/", timeout=120_000)
    work = page.locator("#swkit-work-tools")
    expect(work).to_be_visible()
    expect(page.get_by_role("heading", name="Your work")).to_be_visible()
    expect(page.get_by_role("button", name="Download all my work")).to_be_visible()
    expect(page.get_by_label("Restore my work from a .zip file:")).to_be_visible()
    assert "Worked answers" not in page.content()           # a student's site
    page.get_by_role("button", name="Download all my work").click()
    expect(page.locator("#swkit-work-status")).to_have_text(
        "No work is stored in this browser for this site yet.")

    page.get_by_role("link", name="Lesson 1: Counting sets and runs").click()
    wait_for_kernel(page)
    hand_in = page.get_by_role("button", name="Hand in this lesson")
    expect(hand_in).to_be_visible()
    assert page.evaluate(ANSWER_CELLS, ANSWERS) == 3
    run_all(page)
    shot(page, "lesson")
    with page.expect_download() as caught:
        hand_in.click()
    download = caught.value
    assert download.suggested_filename == LESSON
    handed = tmp_path / "handed-in" / "ana" / LESSON   # as an LMS folder per student keeps it
    handed.parent.mkdir(parents=True)
    download.save_as(handed)
    assert_handed_in(handed.read_bytes())
    assert_reported(tmp_path / "handed-in")       # the teacher's class report reads the hand-in
    said = page.locator("#swkit-work-bar .swkit-said")
    expect(said).to_contain_text(f"Saved and downloaded {LESSON}, with your answers.")
    assert page.evaluate("window.swkitPersistAsked") == 1    # keep this site's storage
    shot(page, "handed-in")

    with page.expect_download() as caught:   # the same from a cell: the page does the download
        printed = execute(page, "import swkit.lite\nswkit.lite.hand_in()")
    assert printed.startswith(f"Saving this lesson and downloading it as {LESSON}"), printed
    assert caught.value.suggested_filename == LESSON
    assert_handed_in(Path(caught.value.path()).read_bytes())

    page.goto(f"{site_server.url}/")
    with page.expect_download() as caught:
        page.get_by_role("button", name="Download all my work").click()
    assert re.fullmatch(r"swkit-my-work-\d{4}-\d\d-\d\d\.zip", caught.value.suggested_filename)
    backup = tmp_path / "all.zip"
    caught.value.save_as(backup)
    expect(page.locator("#swkit-work-status")).to_contain_text("Downloaded swkit-my-work-")
    expect(page.locator("#swkit-work-kept")).to_have_text(re.compile(
        r"^This browser (has agreed to keep your work|may clear stored work when it needs room)"))
    with zipfile.ZipFile(backup) as zipped:
        assert zipped.testzip() is None                     # every CRC checks out
        names = zipped.namelist()
        assert f"{report.lessons}/{LESSON}" in names, names
        assert_handed_in(zipped.read(f"{report.lessons}/{LESSON}"))
        assert zipped.comment.decode().startswith(f"swkit lessons: my work from {site_server.url}/")
    assert_reported(backup)                      # ... and the download of all the work

    assert page.evaluate(WIPE) == 0                          # the browser's storage is gone
    page.reload()
    page.get_by_label("Restore my work from a .zip file:").set_input_files(str(backup))
    status = page.locator("#swkit-work-status")
    expect(status).to_have_text(re.compile(r"^Restored \d+ notebooks?\.$"))
    shot(page, "restored")
    page.get_by_label("Restore my work from a .zip file:").set_input_files(str(backup))
    expect(status).to_contain_text("Restored 0 notebooks. ")
    expect(status).to_contain_text("here already.")
    not_zip = tmp_path / "notes.zip"
    not_zip.write_bytes(b"not a zip at all")
    page.get_by_label("Restore my work from a .zip file:").set_input_files(str(not_zip))
    expect(status).to_have_text("notes.zip: this file is not a .zip file. Choose the .zip that "
                                "Download all my work made.")
    page.get_by_role("link", name="Lesson 1: Counting sets and runs").click()
    wait_for_kernel(page)
    expect(page.locator(".jp-Cell", has_text="answer = Fraction(1, 6)").first).to_be_attached()
    restored = page.evaluate(f"() => {PANEL}.content.model.toJSON()")
    assert_handed_in(json.dumps(restored).encode())


def test_a_zip_made_again_by_hand_restores_and_odd_names_are_left_out(
        page: Page, site_server: Server, built_site: tuple[SiteReport, dict],  # noqa: F811
        offline: list[str], tmp_path: Path) -> None:
    """A zip made again by hand (a folder above the lessons folder, deflated, macOS's extra
    files) restores its notebooks; a path that climbs out, a file that is not a notebook and a
    notebook that does not parse are left out; a different copy already stored stays, and the
    restored one goes beside it."""
    folder = built_site[0].lessons
    notebook = json.loads((ROOT / "lessons" / LESSON).read_text("utf-8"))
    notebook["cells"][0]["source"] = "# Mine, from home"
    backup = tmp_path / "again.zip"
    with zipfile.ZipFile(backup, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr(f"my work/{folder}/{LESSON}", json.dumps(notebook))
        zipped.writestr(f"__MACOSX/my work/{folder}/._{LESSON}", b"\0\1")
        zipped.writestr("../escape.ipynb", json.dumps(notebook))
        zipped.writestr(f"my work/{folder}/notes.txt", "hello")
        zipped.writestr(f"my work/{folder}/broken.ipynb", "{not json")
    page.goto(f"{site_server.url}/", timeout=120_000)
    picker = page.get_by_label("Restore my work from a .zip file:")
    picker.set_input_files(str(backup))
    status = page.locator("#swkit-work-status")
    expect(status).to_have_text("Restored 1 notebook. 4 other files were left out.")
    notebook["cells"][0]["source"] = "# Mine, from school"
    with zipfile.ZipFile(backup, "w") as zipped:
        zipped.writestr(f"{folder}/{LESSON}", json.dumps(notebook))
    picker.set_input_files(str(backup))
    expect(status).to_have_text(
        f"Restored 1 notebook. You had a different copy of one: yours stays, and the restored "
        f"one is beside it as {folder}/{LESSON.removesuffix('.ipynb')}-restored.ipynb.")
    stored = page.evaluate("""async () => (await window.swkitWork.storedFiles()).map(
        f => [f.path, f.model.content.cells[0].source])""")
    assert sorted(stored) == sorted([
        [f"{folder}/{LESSON}", "# Mine, from home"],
        [f"{folder}/{LESSON.removesuffix('.ipynb')}-restored.ipynb", "# Mine, from school"]])
