"""The swkit site's landing page: every lesson, what it teaches, how long it takes, one link each.

``swkit site`` writes it as the site's ``index.html`` (:func:`landing_page`). The lessons' order,
times, prerequisites and questions are read from the teacher's guide's table ("The sequence" in
lessons/README.md: one place, no copy), and each title from the lesson's own first heading. A
link opens the lesson alone in JupyterLite's single-notebook interface (``notebooks/``): no
earlier tabs are restored and one kernel starts (JupyterLab's accessibility statement also
recommends that interface). JupyterLab, with every file, is one link further down.

The page says where a student's work lives and how to keep a copy ("Your work"): its buttons
(download all my work, restore it) and each lesson's earlier copies come from the site's one
script, :data:`WORK_SCRIPT` (``swkit/cli/site_work.js``); without it the page still reads
whole. Otherwise the page is plain HTML and CSS (it holds the empty configuration block that
JupyterLite's apps read, :data:`CONFIG_DATA`): ``lang`` set, headings in order (h1, h2, h3), link
names that say which lesson, text colours of contrast at least 4.5:1 on the background
(:data:`COLOURS`), and a single column that reflows down to 320 CSS px.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from swkit.errors import SwkitError

SEQUENCE_HEADING = "## The sequence"
"""The teacher's guide's section holding the lessons' table."""

ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*`([^`|]+\.ipynb)`\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$")
"""A row of that table: | # | `notebook` | time | needs | the question |."""

COLOURS = {"text": "#1b1b1b", "muted": "#4a4a4a", "link": "#0a4f8a", "background": "#ffffff",
           "card": "#f3f6f9", "focus": "#b35c00"}
"""The page's colours: text, muted text and links are read on both the page background and the
lesson cards (tests check each pair against 4.5:1; the focus ring against 3:1)."""


class LandingError(SwkitError):
    """The landing page cannot be made: the guide's table lacks a lesson, or a lesson no title."""


@dataclass(frozen=True)
class LessonEntry:
    """One lesson on the landing page: its number, notebook file name, title (from its first
    heading), time and prerequisites (from the guide's table, as written there) and question."""

    number: int
    notebook: str
    title: str
    time: str
    needs: str
    question: str


def sequence_rows(guide: str) -> list[tuple[int, str, str, str, str]]:
    """The rows of the guide's lessons table (the Markdown text ``guide``): (number, notebook,
    time, needs, question), in the table's order. Raises :class:`LandingError` when the guide
    has no such section or table."""
    start = guide.find(SEQUENCE_HEADING)
    if start < 0:
        raise LandingError(f"the teacher's guide has no section '{SEQUENCE_HEADING}': the "
                           f"landing page reads the lessons' times from it")
    end = guide.find("\n## ", start + len(SEQUENCE_HEADING))
    rows = []
    for line in guide[start:end if end >= 0 else None].splitlines():
        found = ROW.match(line.strip())
        if found:
            number, notebook, *rest = found.groups()
            rows.append((int(number), notebook.strip(), *(r.strip() for r in rest)))
    if not rows:
        raise LandingError(f"the teacher's guide's '{SEQUENCE_HEADING}' has no table of lessons "
                           f"(| # | `NN-name.ipynb` | time | needs | question |)")
    return rows


def notebook_title(path: Path, *, keep_number: bool = False) -> str:
    """The title in a notebook's first Markdown heading, without a leading "Lesson N:" (unless
    ``keep_number``), e.g. "Counting sets and runs". Raises :class:`LandingError` when it has
    no heading."""
    for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        text = "".join(cell.get("source", []))
        heading = re.search(r"^#\s+(.+?)\s*$", text, re.M)
        if heading:
            title = heading.group(1)
            return title if keep_number else re.sub(r"^Lesson\s+\d+\s*:\s*", "", title)
    raise LandingError(f"{path.name} has no heading ('# Lesson N: Title') to name it by")


def lesson_entries(guide: Path, notebooks: dict[str, Path]) -> list[LessonEntry]:
    """The landing page's lessons: every notebook of ``notebooks`` (site path -> file) at the
    top of the lessons folder, in the order of the guide's table (the file ``guide``). Raises
    :class:`LandingError` naming a lesson the table lacks, or a table row with no notebook."""
    rows = sequence_rows(guide.read_text(encoding="utf-8"))
    lessons = {name for name in notebooks if "/" not in name and name.endswith(".ipynb")}
    listed = {row[1] for row in rows}
    if lessons - listed:
        raise LandingError(f"the teacher's guide's table of lessons lacks "
                           f"{', '.join(sorted(lessons - listed))}: add a row for each lesson")
    if listed - lessons:
        raise LandingError(f"the teacher's guide's table of lessons names "
                           f"{', '.join(sorted(listed - lessons))}, which the lessons folder "
                           f"does not have")
    return [LessonEntry(number, name, notebook_title(notebooks[name]), time, needs, question)
            for number, name, time, needs, question in rows]


def solution_entries(notebooks: dict[str, Path]) -> list[tuple[str, str]]:
    """(site path, title) of each worked-answers notebook under ``solutions/``, by name; the
    title is its whole first heading, e.g. "Lesson 5: One roll of the dice (worked answers)"."""
    return [(name, notebook_title(path, keep_number=True))
            for name, path in sorted(notebooks.items())
            if name.startswith("solutions/") and name.endswith(".ipynb")]


def notebook_link(folder: str, path: str) -> str:
    """The address, relative to the site's top, that opens ``folder/path`` alone in
    JupyterLite's single-notebook interface.

    >>> notebook_link("v0.1.0-3f2a9c81d0", "09-play.ipynb")
    'notebooks/index.html?path=v0.1.0-3f2a9c81d0/09-play.ipynb'
    """
    return f"notebooks/index.html?path={quote(f'{folder}/{path}')}"


WORK_SCRIPT = "swkit-work.js"
"""The site's script for a student's work (hand in, download all, restore, earlier copies), at
the site's top; the class page and JupyterLite's notebook and JupyterLab pages load it."""

CONFIG_DATA = ('<script id="jupyter-config-data" type="application/json" '
               'data-jupyter-lite-root=".">{}</script>')
"""JupyterLite's apps read the configuration block of every ``index.html`` up to the site's top
(their ``config-utils.js``): the landing page, at the top, carries an empty one. It is JSON
data, not a script that runs; the page runs none."""


STYLE = """
html { font-size: 112.5%; }
body { margin: 0; background: {background}; color: {text};
       font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
       line-height: 1.5; overflow-wrap: anywhere; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.7rem; margin: 0.5rem 0; }
h2 { font-size: 1.3rem; margin: 1.5rem 0 0.5rem; }
h3 { font-size: 1.1rem; margin: 0; }
a { color: {link}; }
a:focus-visible { outline: 3px solid {focus}; outline-offset: 2px; }
ol.lessons { list-style: none; padding: 0; margin: 0; }
ol.lessons li { background: {card}; border-radius: 0.5rem; padding: 0.75rem 1rem;
                margin: 0 0 0.75rem; }
ol.lessons p { margin: 0.25rem 0 0; }
.muted { color: {muted}; }
button { font: inherit; padding: 0.3rem 0.9rem; border-radius: 0.4rem; border: 2px solid {link};
         background: {background}; color: {link}; cursor: pointer; margin: 0.25rem 0; }
button:focus-visible, input:focus-visible { outline: 3px solid {focus}; outline-offset: 2px; }
.tools { background: {card}; border-radius: 0.5rem; padding: 0.75rem 1rem; }
.tools label { display: block; margin-top: 0.5rem; }
.swkit-earlier { font-weight: bold; }
.moved p { background: {card}; border-left: 4px solid {focus}; padding: 0.5rem 1rem; }
"""


WORK_SECTION = """<h2 id="your-work">Your work</h2>
<p>Your work is kept in this web browser, on this computer, for this site's address only.
Nothing is sent anywhere by itself. Another browser, another computer or a new address for the
site does not have it.</p>
<p><b>To hand in a lesson</b>: in the lesson, press <b>Hand in this lesson</b> (bottom right).
It saves the lesson and downloads it. Upload that file where your teacher asks.</p>
<p><b>To keep a copy</b> of everything, now and then: <b>Download all my work</b> saves all your
lessons in one .zip file. On another computer or browser, or if your work is gone, use
<b>Restore my work</b> with that file.</p>
<div class="tools" id="swkit-work-tools" hidden>
<button type="button" id="swkit-download-all">Download all my work</button>
<label for="swkit-restore-file">Restore my work from a .zip file:</label>
<input type="file" id="swkit-restore-file" accept=".zip,application/zip">
<p id="swkit-work-status" role="status" aria-live="polite"></p>
<p id="swkit-work-kept" class="muted"></p>
</div>
"""
"""The class page's "Your work" section: where work lives and how to keep a copy; its tools
show once :data:`WORK_SCRIPT` runs."""


def landing_page(folder: str, lessons: list[LessonEntry], solutions: list[tuple[str, str]],
                 *, version: str) -> str:
    """The landing page's HTML: ``lessons`` (:func:`lesson_entries`) and ``solutions``
    (:func:`solution_entries`, may be empty) in the lessons folder ``folder`` of swkit
    ``version``, each with its link (:func:`notebook_link`), and JupyterLab one link away."""
    e = html.escape
    style = STYLE
    for key, value in COLOURS.items():
        style = style.replace("{" + key + "}", value)
    items = []
    for lesson in lessons:
        needs = "" if lesson.needs.lower() in ("", "none") else f" · needs: {e(lesson.needs)}"
        items.append(
            f'<li data-swkit-lesson="{e(lesson.notebook)}">'
            f'<h3><a href="{e(notebook_link(folder, lesson.notebook))}">Lesson '
            f'{lesson.number}: {e(lesson.title)}</a></h3>\n'
            f'<p>{e(lesson.question)}</p>\n'
            f'<p class="muted">About {e(lesson.time)}{needs}</p></li>')
    answers = ""
    if solutions:
        links = "\n".join(f'<li><a href="{e(notebook_link(folder, path))}">{e(title)}</a></li>'
                          for path, title in solutions)
        answers = (f"<h2>Worked answers, for the teacher</h2>\n<ul>\n{links}\n</ul>\n")
    # the teacher's guide travels with the worked answers (it quotes them)
    everything = ("every lesson, the teacher's guide and the rules" if solutions
                  else "every lesson and the rules")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="favicon.ico">
<title>swkit lessons: probability with cards and dice</title>
<style>{style}</style>
{CONFIG_DATA}
<script src="{WORK_SCRIPT}" defer></script>
</head>
<body data-swkit-page="class" data-swkit-lessons="{e(folder)}">
<main>
<h1>swkit lessons: probability with cards and dice</h1>
<p>Exact odds, taught with two children's games: the card game <i>Something Wild!</i> and
Clubhouse dice. Open one lesson at a time: each link opens that lesson alone. Python runs in
this browser, from this site; the first lesson you open takes about a minute to start.</p>
<p>In a lesson, choose <b>Run → Run All Cells</b>: the first cell gets swkit ready. Your work is
kept in this browser, on this computer (see <a href="#your-work">Your work</a>).</p>
<div id="swkit-work-moved" class="moved"></div>
<h2>The lessons</h2>
<ol class="lessons">
{chr(10).join(items)}
</ol>
{WORK_SECTION}{answers}<h2>Everything in one place</h2>
<ul>
<li><a href="lab/index.html">Open JupyterLab with {everything} (for older students: it opens
again the tabs you had)</a></li>
</ul>
<p class="muted">swkit {e(version)}, lessons folder {e(folder)}.</p>
</main>
</body>
</html>
"""
