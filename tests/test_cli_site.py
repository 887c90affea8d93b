"""``swkit site`` and the lessons' first cell, under CPython.

Fast: the argument errors, the refusal rules for ``--out`` (a symlink, a file, a folder that is
not a swkit site; nothing in it is lost), a missing build tool, the contents list, the wheels
packed from installed copies, the first cell doing nothing under CPython, and the kernel-side
helpers of ``swkit.lite``. Slow: one real build, checked file by file. The site in a real Lite
kernel is tests/browser/test_lite_site.py.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import json
import os
import re
import sys
import zipfile
from importlib.metadata import distribution
from pathlib import Path

import fresh_loop
import pytest
from packaging.requirements import Requirement

from swkit import __version__, lite
from swkit.cli import site, site_place
from swkit.cli.command import main

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted([*LESSONS.glob("*.ipynb"), *LESSONS.glob("solutions/*.ipynb")])


def run_cli(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    try:
        status = main(["site", *args])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, out: str, err: str, *words: str) -> None:
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("swkit site: error: "), err
    for word in words:
        assert word in err, err


# --- arguments and refusals ------------------------------------------------------------------

def test_empty_out_is_refused(capsys):
    status, out, err = run_cli(capsys, "--out", "")
    assert status == 2 and "--out" in err and "an empty value" in err and err.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX system folders")
@pytest.mark.parametrize("folder", ["/", "/etc", "/usr/"])
def test_a_system_folder_is_refused(capsys, monkeypatch, folder):
    monkeypatch.setattr(site, "build_site", lambda *a, **k: pytest.fail("built into " + folder))
    status, out, err = run_cli(capsys, "--out", folder)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("swkit site: error: argument --out: ") and "is a system folder" in err
    assert "--out swkit-site" in err


def test_unknown_option_is_refused(capsys):
    status, _, err = run_cli(capsys, "--solution")
    assert status == 2 and "unrecognized arguments: --solution" in err


@pytest.mark.parametrize(("words", "solutions"), [
    ((), False), (("--no-solutions",), False), (("--solutions",), True),
    (("--solutions", "--no-solutions"), False), (("--no-solutions", "--solutions"), True)])
def test_a_students_site_is_the_default_and_the_teachers_copy_asks(capsys, monkeypatch,
                                                                    tmp_path, words, solutions):
    """The worked answers and the guide go on the site only when the teacher asks
    (--solutions); --no-solutions, the default, is still accepted; the last one given wins."""
    asked = {}

    def fake_build(out, **options):
        asked.update(options)
        return site.SiteReport(Path(out), 1, 0.0, ["01-x.ipynb", *(
            ["solutions/01-x-solution.ipynb"] if options["solutions"] else [])], "v9-x")

    monkeypatch.setattr(site, "build_site", fake_build)
    status, out, err = run_cli(capsys, "--out", str(tmp_path / "s"), *words)
    assert status == 0, err
    assert asked["solutions"] is solutions
    said = "The teacher's copy" if solutions else "A student's site"
    assert said in out and ("never publish it to students" in out) is solutions


def test_help_lists_the_site_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "site" in capsys.readouterr().out


def test_a_missing_build_tool_is_one_line_naming_what_to_install(capsys, monkeypatch, tmp_path):
    real = site.importlib.util.find_spec
    monkeypatch.setattr(site.importlib.util, "find_spec",
                        lambda name: None if name == "jupyterlite_core" else real(name))
    assert_one_line_error(*run_cli(capsys, "--out", str(tmp_path / "s")),
                          "jupyterlite-core==0.8.6", 'pip install "swkit[site]"')
    assert not (tmp_path / "s").exists()


def test_a_symlinked_out_is_refused_and_its_target_untouched(capsys, tmp_path):
    target = tmp_path / "real"
    target.mkdir()
    (target / "mine.txt").write_text("keep me")
    (target / site.MARKER).write_text("{}")  # even an earlier site, through a link
    link = tmp_path / "link"
    link.symlink_to(target)
    for force in ((), ("--force",)):
        assert_one_line_error(*run_cli(capsys, "--out", str(link), *force), "symbolic link",
                              str(target))
    assert (target / "mine.txt").read_text() == "keep me" and link.is_symlink()


def test_an_out_where_no_folder_can_be_made_is_named_as_given(capsys, monkeypatch, tmp_path):
    """`--out /proc/x` said "'/proc/.swkit-site-cp8aun9c': No such file or directory", the
    temporary folder's name: the line names --out as given."""
    def refuse(*args, **kwargs):
        raise FileNotFoundError(2, "No such file or directory", str(tmp_path / ".swkit-site-x"))
    monkeypatch.setattr(site.tempfile, "TemporaryDirectory", refuse)
    out = tmp_path / "s"
    status, printed, err = run_cli(capsys, "--out", str(out))
    assert_one_line_error(status, printed, err, f"--out {out}:", "No such file or directory",
                          "a folder you can write to")
    assert ".swkit-site-" not in err


def test_an_out_that_is_a_file_is_refused(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    assert_one_line_error(*run_cli(capsys, "--out", str(path), "--force"), "is a file")
    assert path.read_text() == "mine"


def test_a_folder_that_is_not_a_site_is_kept_without_force(capsys, tmp_path):
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "essay.md").write_text("mine")
    assert_one_line_error(*run_cli(capsys, "--out", str(folder)), "not a swkit site",
                          "--force")
    assert (folder / "essay.md").read_text() == "mine"


def test_out_may_be_new_empty_an_earlier_site_or_forced(tmp_path):
    assert site.check_out(tmp_path / "new", force=False) == tmp_path / "new"
    (tmp_path / "empty").mkdir()
    assert site.check_out(tmp_path / "empty", force=False) == tmp_path / "empty"
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    (earlier / site.MARKER).write_text("{}")
    (earlier / "index.html").write_text("<html>")
    assert site.check_out(earlier, force=False) == earlier
    other = tmp_path / "other"
    other.mkdir()
    (other / "x").write_text("x")
    with pytest.raises(site.SiteError):
        site.check_out(other, force=False)
    assert site.check_out(other, force=True) == other


def test_a_rebuild_keeps_the_other_lessons_folders(tmp_path):
    """A student's copy lives in the browser under its folder's path: the rebuild must keep an
    earlier folder on the site (an earlier version's, or the same version's with other lessons),
    or JupyterLite cannot open that copy. Only an earlier swkit site's own
    files are carried: not the current folder, not other folders, and never through a link."""
    out = tmp_path / "site"
    current = lite.lessons_folder("0123456789")
    (out / "files" / "v0.1.0-aaaaaaaaaa").mkdir(parents=True)
    (out / "files" / "v0.1.0-aaaaaaaaaa" / "09-play.ipynb").write_text("{}")
    old = out / "files" / "v0.0.9"
    (old / "solutions").mkdir(parents=True)
    (old / "01-counting-sets-and-runs.ipynb").write_text("{}")
    (old / "solutions" / "01-counting-sets-and-runs.ipynb").write_text("{}")
    (out / "files" / current).mkdir()
    (out / "files" / current / "09-play.ipynb").write_text("{}")
    (out / "files" / "notes").mkdir()
    (out / "files" / "notes" / "x.ipynb").write_text("{}")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "key.txt").write_text("k")
    (old / "linked").symlink_to(secret)
    (old / "link.ipynb").symlink_to(secret / "key.txt")
    assert site.earlier_lessons(out, current) == {}  # not a swkit site: nothing is carried
    (out / site.MARKER).write_text("{}")
    assert sorted(site.earlier_lessons(out, current)) == [
        "v0.0.9/01-counting-sets-and-runs.ipynb",
        "v0.0.9/solutions/01-counting-sets-and-runs.ipynb",
        "v0.1.0-aaaaaaaaaa/09-play.ipynb"]


# --- what goes in ----------------------------------------------------------------------------

def test_contents_are_every_lesson_the_solutions_the_guide_and_the_rules():
    contents = site.site_contents(solutions=True)
    lessons = {p.name for p in LESSONS.glob("*.ipynb")}
    solutions = {f"solutions/{p.name}" for p in LESSONS.glob("solutions/*.ipynb")}
    assert set(contents) == lessons | solutions | {"README.md", "RULES.md"}
    assert contents["RULES.md"] == ROOT / "docs" / "RULES.md"
    assert contents["README.md"] == LESSONS / "README.md"
    assert len(lessons) >= 9 and len(solutions) >= 8
    assert set(site.site_contents(solutions=False)) == lessons | {"RULES.md"}  # nor the guide
    assert site.site_contents() == site.site_contents(solutions=False)  # a student's site


def test_the_rules_ship_in_the_wheel_for_the_site():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"swkit.docs" = ["RULES.md"]' in text
    assert '"swkit.docs": "docs"' in (ROOT / "setup.py").read_text()


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_a_pure_wheel_is_packed_from_the_installed_copy(tmp_path):
    wheel = site.pack_wheel("comm", tmp_path / "out", tmp_path / "work")
    dist = distribution("comm")
    assert wheel.name == f"comm-{dist.version}-py3-none-any.whl"
    names = _names(wheel)
    info = f"comm-{dist.version}.dist-info"
    assert {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"} <= set(names)
    sources = {f.as_posix() for f in dist.files if f.suffix == ".py"}
    assert sources and sources <= set(names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    with zipfile.ZipFile(wheel) as archive:
        for name in sources:
            assert archive.read(name) == Path(dist.locate_file(name)).read_bytes(), name
        assert archive.read(f"{info}/METADATA").decode() == dist.read_text("METADATA")


def test_swkits_own_wheel_is_the_checkouts_package_without_the_lessons(tmp_path):
    wheel = site.pack_wheel("swkit", tmp_path / "out", tmp_path / "work")
    assert wheel.name == f"swkit-{__version__}-py3-none-any.whl"
    names = set(_names(wheel))
    assert {"swkit/__init__.py", "swkit/lite.py", "swkit/odds/deal.py",
            "swkit/cards/data/mickey_and_friends.json"} <= names
    expected = {p.relative_to(ROOT).as_posix() for p in (ROOT / "swkit").rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}
    assert {n for n in names if n.startswith("swkit/")} == expected
    assert not [n for n in names if n.startswith(("swkit/lessons", "swkit/docs"))]


def test_a_wheel_that_is_not_pure_is_refused(tmp_path):
    with pytest.raises(site.SiteError, match="not a pure-Python wheel"):
        site.pack_wheel("numpy", tmp_path / "out", tmp_path / "work")
    with pytest.raises(site.SiteError, match="not installed"):
        site.pack_wheel("no-such-package-here", tmp_path / "out", tmp_path / "work")


def test_the_kernel_and_the_page_get_the_same_widgets():
    """ipywidgets' own requirement on jupyterlab_widgets (whose extension the page carries)
    holds for the versions the site bundles."""
    widgets = distribution("ipywidgets")
    need = next(Requirement(r) for r in widgets.requires or []
                if Requirement(r).name.replace("-", "_") == "jupyterlab_widgets")
    assert distribution("jupyterlab_widgets").version in need.specifier


def test_the_site_config_turns_the_index_off():
    config = site.lite_config()["jupyter-config-data"]
    assert config["litePluginSettings"][site.KERNEL_PLUGIN]["disablePyPIFallback"] is True


# --- the first cell and swkit.lite under CPython ---------------------------------------------

@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.relative_to(LESSONS).as_posix())
def test_every_lesson_starts_with_the_install_cell(notebook):
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert "".join(code[0]["source"]) == lite.first_cell(notebook.name)
    assert code[0]["outputs"] == [] and code[0]["execution_count"] is None
    assert sum("swkit.lite.setup(" in "".join(c["source"]) for c in code) == 1


@pytest.mark.parametrize("name", ["", "a/b.ipynb", 'x".ipynb', "a\nb.ipynb", "a\\b.ipynb"])
def test_the_first_cell_takes_a_plain_file_name(name):
    with pytest.raises(ValueError, match="file name"):
        lite.first_cell(name)


def test_the_first_cell_does_nothing_under_cpython():
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    code = compile(lite.first_cell("09-play.ipynb"), "<first cell>", "exec", flags=flags)
    before = set(sys.modules)
    names: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = eval(code, names)
        if asyncio.iscoroutine(result):
            fresh_loop.run(result)
    assert printed.getvalue() == ""
    assert "piplite" not in sys.modules and set(sys.modules) - before <= {"swkit.lite"}
    assert set(names) - {"__builtins__"} == {"sys"}


def test_setup_and_fresh_copy_under_cpython():
    assert fresh_loop.run(lite.setup()) is None
    with pytest.raises(RuntimeError, match="swkit lessons"):
        fresh_loop.run(lite.fresh_copy("09-play.ipynb"))


class FakeSite:
    """The browser's side of swkit.lite, faked: ``js`` (the kernel's address), ``pyodide.http``
    (``pyfetch`` answers from ``files``, site path -> bytes, and records each address),
    ``micropip`` (records what it installs) and the kernel's drive as a temporary folder.
    tests/browser/test_lite_site.py runs the same code in a real Lite kernel."""

    BASE = "https://school.example/lite/"

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        import types

        self.drive = tmp_path / "drive"
        self.files: dict[str, bytes] = {}
        self.fetched: list[str] = []
        self.installed: list[list[str]] = []
        fake = self

        class Answer:
            def __init__(self, data: bytes | None) -> None:
                self.data, self.ok, self.status = data, data is not None, 200 if data else 404

            async def bytes(self) -> bytes:
                return self.data

        async def pyfetch(url: str, **options: object) -> Answer:
            assert options.get("cache") == "no-store"
            fake.fetched.append(url)
            return Answer(fake.files.get(url.removeprefix(fake.BASE)))

        async def install(urls: list[str], deps: bool) -> None:
            fake.installed.append(urls)

        js = types.SimpleNamespace(location=types.SimpleNamespace(
            href=f"{self.BASE}extensions/@jupyterlite/k/static/worker.js"))
        monkeypatch.setitem(sys.modules, "js", js)
        monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
        monkeypatch.setitem(sys.modules, "pyodide.http", types.SimpleNamespace(pyfetch=pyfetch))
        monkeypatch.setitem(sys.modules, "micropip", types.SimpleNamespace(install=install))
        monkeypatch.setattr(lite, "in_browser", lambda: True)
        monkeypatch.setattr(lite, "keep_nulls_in_comm_messages", lambda: True)
        monkeypatch.setattr(lite, "DRIVE", lite.PurePosixPath(self.drive.as_posix()))
        monkeypatch.setattr(lite, "_LESSON", {})
        self.files["pypi/all.json"] = json.dumps({name: {"releases": {"1": [
            {"url": f"./{name}-1-py3-none-any.whl"}]}} for name in lite.BUNDLED}).encode()

    def publish(self, lessons: dict[str, bytes]) -> str:
        """Put a build's lessons on the site and on the drive; return its folder."""
        record = lite.version_record(lessons)
        for name, data in lessons.items():
            self.files[f"files/{record['lessons']}/{name}"] = data
            path = self.drive / record["lessons"] / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        self.files[f"files/{lite.VERSION_FILE}"] = json.dumps(record).encode()
        return record["lessons"]


OLD_LESSONS = {"09-play.ipynb": b'{"v": 1}', "01-x.ipynb": b'{"one": 1}',
               "solutions/01-x-solution.ipynb": b'{"s": 1}'}


def test_setup_says_nothing_on_the_current_lesson(tmp_path, monkeypatch, capsys):
    fake = FakeSite(tmp_path, monkeypatch)
    folder = fake.publish(OLD_LESSONS)
    monkeypatch.chdir(fake.drive / folder)
    assert fresh_loop.run(lite.setup("09-play.ipynb")) is None
    assert capsys.readouterr().out == ""
    assert fake.installed == [[f"{fake.BASE}pypi/{n}-1-py3-none-any.whl" for n in lite.BUNDLED]]


def test_a_changed_lesson_is_told_and_fresh_copy_gives_the_new_one(tmp_path, monkeypatch,
                                                                    capsys):
    """Rebuilt at the same version with lesson 9 changed: the student's copy in the old folder
    hears about it; an unchanged lesson (lesson 1) in the old folder hears nothing; fresh_copy
    saves the new lesson in the current folder (where its own first cell finds it current)."""
    fake = FakeSite(tmp_path, monkeypatch)
    old = fake.publish(OLD_LESSONS)
    (fake.drive / old / "09-play.ipynb").write_text("my work")   # the browser's copy
    new = fake.publish({**OLD_LESSONS, "09-play.ipynb": b'{"v": 2}'})
    assert new != old and new.startswith(f"v{__version__}-")
    monkeypatch.chdir(fake.drive / old)
    message = fresh_loop.run(lite.setup("01-x.ipynb"))
    assert message is None and capsys.readouterr().out == ""
    message = fresh_loop.run(lite.setup("09-play.ipynb"))
    assert capsys.readouterr().out == message + "\n"
    assert message.startswith("A newer version of this lesson is on the site")
    assert "await swkit.lite.fresh_copy()" in message and message.count("\n") == 0
    assert f"{fake.BASE}files/{old}/09-play.ipynb" in fake.fetched  # the site's, not the drive's
    assert fresh_loop.run(lite.fresh_copy()) is None                  # the lesson set up: lesson 9
    assert (fake.drive / new / "09-play-fresh.ipynb").read_bytes() == b'{"v": 2}'
    assert (fake.drive / old / "09-play.ipynb").read_text() == "my work"
    assert capsys.readouterr().out == (
        f"A fresh copy of 09-play.ipynb is {new}/09-play-fresh.ipynb, in the site's current "
        f"lessons: open it from the file browser, or at {fake.BASE}notebooks/index.html?path="
        f"{new}/09-play-fresh.ipynb\n")
    # a solution: the sub-folder is kept
    monkeypatch.chdir(fake.drive / old / "solutions")
    assert fresh_loop.run(lite.setup("01-x-solution.ipynb")) is None


def test_fresh_copy_saves_beside_yours_says_so_once_and_echoes_nothing(
        tmp_path, monkeypatch, capsys):
    """``await swkit.lite.fresh_copy(NAME)`` printed its line and returned the new name, which
    Jupyter echoed as Out[] under it (a newcomer's trial): it returns None now."""
    fake = FakeSite(tmp_path, monkeypatch)
    folder = fake.publish(OLD_LESSONS)
    (fake.drive / folder / "09-play.ipynb").write_text("mine")
    monkeypatch.chdir(fake.drive / folder)
    assert fresh_loop.run(lite.fresh_copy("09-play.ipynb")) is None
    assert fake.fetched[-1] == f"{fake.BASE}files/{folder}/09-play.ipynb"
    assert (fake.drive / folder / "09-play-fresh.ipynb").read_bytes() == b'{"v": 1}'
    assert (fake.drive / folder / "09-play.ipynb").read_text() == "mine"
    assert capsys.readouterr().out == (
        f"A fresh copy of 09-play.ipynb is 09-play-fresh.ipynb, beside yours: open it from the "
        f"file browser, or at {fake.BASE}notebooks/index.html?path={folder}/09-play-fresh.ipynb\n")
    with pytest.raises(FileNotFoundError, match="no-such.ipynb"):
        fresh_loop.run(lite.fresh_copy("no-such.ipynb"))
    with pytest.raises(ValueError, match="file name"):
        fresh_loop.run(lite.fresh_copy())                       # no lesson set up, no name


def test_fresh_copy_without_the_drive_says_why_in_one_line(tmp_path, monkeypatch, capsys):
    """Over plain http on a LAN name the page has no service worker and the kernel no drive:
    fresh_copy said a raw ValueError; now one line, what to do instead, and nothing saved."""
    fake = FakeSite(tmp_path, monkeypatch)
    fake.publish(OLD_LESSONS)
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert fresh_loop.run(lite.fresh_copy("09-play.ipynb")) is None
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "plain http from school.example" in out
    assert "download the lesson" in out and list(elsewhere.iterdir()) == []
    assert fresh_loop.run(lite.setup("09-play.ipynb")) is None       # no folder to compare


def test_content_digest_names_the_folder():
    one = {"a.ipynb": b"1", "b/c.ipynb": b"2"}
    digest = lite.content_digest(one)
    assert len(digest) == lite.DIGEST_LENGTH and re.fullmatch(r"[0-9a-f]+", digest)
    assert lite.content_digest(dict(reversed(one.items()))) == digest        # order-free
    for other in ({"a.ipynb": b"1", "b/c.ipynb": b"3"}, {"a.ipynb": b"1"},
                  {"A.ipynb": b"1", "b/c.ipynb": b"2"}):
        assert lite.content_digest(other) != digest
    record = lite.version_record(one, "0.3.0")
    assert record == {"swkit": "0.3.0", "lessons": f"v0.3.0-{digest}",
                      "files": {"a.ipynb": lite.file_digest(b"1"),
                                "b/c.ipynb": lite.file_digest(b"2")}}
    assert lite.lesson_place(f"/drive/{record['lessons']}") == (record["lessons"], "")
    assert lite.lesson_place("/drive/v0.0.9/solutions") == ("v0.0.9", "solutions")
    for outside in ("/drive", "/drive/my-work", "/home/pyodide", "/drive/vx"):
        assert lite.lesson_place(outside) is None


def test_update_message_by_content():
    site = lite.version_record({"09-play.ipynb": b"new", "solutions/s.ipynb": b"s"})
    here = f"/drive/{site['lessons']}"
    assert lite.update_message(here, "09-play.ipynb", site, None) is None     # current folder
    old = "/drive/v0.1.0-aaaaaaaaaa"
    assert lite.update_message(old, "09-play.ipynb", site, lite.file_digest(b"new")) is None
    told = lite.update_message(old, "09-play.ipynb", site, lite.file_digest(b"old"))
    assert "A newer version of this lesson is on the site" in told and site["lessons"] in told
    assert "A newer version" in lite.update_message(old, "09-play.ipynb", site, None)
    assert lite.update_message(old + "/solutions", "s.ipynb", site, lite.file_digest(b"s")) \
        is None
    gone = lite.update_message(old, "03-gone.ipynb", site, lite.file_digest(b"x"))
    assert "no longer have 03-gone.ipynb" in gone
    assert "the lessons" in lite.update_message(old, None, site, None)  # an old first cell
    assert "could not be read" in lite.update_message(old, "09-play.ipynb", None, None)
    assert lite.update_message("/drive/my-work", "09-play.ipynb", site, None) is None


def test_parse_record():
    assert lite.parse_record(None) is None
    assert lite.parse_record(b"[1]") is None and lite.parse_record(b"{") is None
    assert lite.parse_record(b'{"lessons": "v1"}') == {"lessons": "v1"}


def test_site_base_and_bundled_urls():
    worker = "http://127.0.0.1:8000/x/extensions/@jupyterlite/pyodide-kernel-extension/static/w.js"
    assert lite.site_base(worker) == "http://127.0.0.1:8000/x/"
    with pytest.raises(ValueError, match="extensions"):
        lite.site_base("http://127.0.0.1:8000/lab/index.html")
    index = {"jupyterlab-widgets": {"releases": {"3.0.17": [
        {"url": "./jupyterlab_widgets-3.0.17-py3-none-any.whl"}]}}}
    assert lite.bundled_urls("http://h/", index, ("jupyterlab_widgets",)) == [
        "http://h/pypi/jupyterlab_widgets-3.0.17-py3-none-any.whl"]
    with pytest.raises(LookupError, match="sympy"):
        lite.bundled_urls("http://h/", index, ("sympy",))


def test_fresh_names_never_take_a_file():
    assert lite.fresh_name("09-play.ipynb", set()) == "09-play-fresh.ipynb"
    taken = {"09-play-fresh.ipynb", "09-play-fresh-2.ipynb"}
    assert lite.fresh_name("09-play.ipynb", taken) == "09-play-fresh-3.ipynb"


# --- one real build --------------------------------------------------------------------------

@pytest.mark.slow
def test_a_real_build(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SWKIT_CACHE_DIR", str(ROOT / "build" / "pyodide-cache"))
    out = tmp_path / "site"
    status, text, err = run_cli(capsys, "--out", str(out), "--solutions")
    assert status == 0, err
    assert f"python -m http.server --bind 127.0.0.1 -d {out}" in text and " MB in all" in text
    # what it is doing, on stderr as it goes ("fetching" only when no earlier build of this
    # checkout has cached Pyodide, as on a fresh clone)
    steps = err.splitlines()
    if steps and steps[0].startswith("fetching Pyodide"):
        steps = steps[1:]
    assert [line.split(" (")[0] for line in steps] == [
        "packing the Python packages the lessons need", "building the site"], err
    assert all(line.endswith("...") for line in steps) and "sympy" in steps[0]
    assert "packing" not in text and "building the site" not in text
    contents = site.site_contents(solutions=True)
    record = lite.version_record({name: path.read_bytes() for name, path in contents.items()})
    folder = out / "files" / record["lessons"]
    for name in contents:
        assert (folder / name).read_bytes() == contents[name].read_bytes(), name
    assert json.loads((out / "files" / lite.VERSION_FILE).read_text()) == record
    assert f"{record['lessons']}/" in text
    # Python is the site's own: the kernel points at the copy, whose lock lists what it serves
    assert site.pyodide_url(out) == f"./{site.PYODIDE_FOLDER}/pyodide.mjs"
    lock = json.loads((out / site.PYODIDE_FOLDER / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        served = (out / site.PYODIDE_FOLDER / entry["file_name"]).read_bytes()
        assert lite.file_digest(served) == entry["sha256"], entry["file_name"]
    assert (out / site.PYODIDE_FOLDER / "pyodide.asm.wasm").is_file()
    # the wheels' modules come compiled for the site's Python (Node runs Pyodide at build time)
    python = lock["info"]["python"].split(".")
    tag = f"cpython-{python[0]}{python[1]}"
    sympy_names = _names(next((out / "pypi").glob("sympy-*.whl")))
    assert "sympy/core/add.pyc" in sympy_names and "sympy/core/add.py" not in sympy_names
    assert not [n for n in sympy_names if "/tests/" in n]
    swkit_names = _names(next((out / "pypi").glob("swkit-*.whl")))
    assert {"swkit/lite.py", f"swkit/__pycache__/lite.{tag}.pyc"} <= set(swkit_names)
    landing = (out / "index.html").read_text("utf-8")
    assert landing.startswith("<!DOCTYPE html>") and '<html lang="en">' in landing
    assert f'notebooks/index.html?path={record["lessons"]}/09-play.ipynb' in landing
    marker = json.loads((out / site.MARKER).read_text())
    assert marker["swkit"] == __version__ and "index.html" in marker["files"]
    assert marker["files"] == {k: v for k, v in site_place.file_digests(out).items()
                               if k != site.MARKER}
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["litePluginSettings"][site.KERNEL_PLUGIN]["disablePyPIFallback"] is True
    index = json.loads((out / "pypi" / "all.json").read_text())
    versions = {name: next(iter(entry["releases"])) for name, entry in index.items()}
    assert versions == {re.sub(r"[-_.]+", "-", n).lower(): distribution(n).version
                        for n in ("swkit", *lite.BUNDLED)}
    assert versions["mpmath"] == "1.3.0"  # sympy 1.14 refuses mpmath 1.4
    assert not list(out.rglob("*.map"))   # no source maps
    assert [e["name"] for e in config["federated_extensions"]
            if e["name"] == "@jupyter-widgets/jupyterlab-manager"]
    # a rebuild replaces the earlier site without --force, and keeps a file swkit did not
    # write; by default the answers stay out
    (out / "mine.txt").write_text("the teacher's")
    status, _, err = run_cli(capsys, "--out", str(out))
    assert status == 0, err
    current = json.loads((out / "files" / lite.VERSION_FILE).read_text())["lessons"]
    assert current != record["lessons"]      # other contents, another folder
    assert (out / "mine.txt").read_text() == "the teacher's"
    assert not (out / "files" / current / "solutions").exists()
    assert (folder / "solutions").is_dir()   # the earlier folder stays on the site
    # an earlier version's lessons folder stays on the site (a student's copy opens there)
    older = out / "files" / "v0.0.9"
    older.mkdir()
    (older / "09-play.ipynb").write_text('{"cells": []}')
    status, _, err = run_cli(capsys, "--out", str(out), "--no-solutions")
    assert status == 0, err
    assert (out / "files" / "v0.0.9" / "09-play.ipynb").read_text() == '{"cells": []}'
    listing = json.loads((out / "api" / "contents" / "v0.0.9" / "all.json").read_text())
    assert [item["name"] for item in listing["content"]] == ["09-play.ipynb"]
    assert (out / "files" / current / "09-play.ipynb").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".swkit-site-")]


@pytest.mark.slow
def test_pyodide_from_cdn_keeps_python_out_of_the_site(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SWKIT_CACHE_DIR", str(tmp_path / "empty-cache"))  # never needed
    out = tmp_path / "site"
    status, _, err = run_cli(capsys, "--out", str(out), "--pyodide-from-cdn")
    assert status == 0, err
    assert site.pyodide_url(out) is None and not (out / site.PYODIDE_FOLDER).exists()
    assert not (tmp_path / "empty-cache").exists()


@pytest.mark.slow
def test_a_wheel_install_has_what_the_site_needs(tmp_path):
    """Build swkit's wheel (from a copy of the checkout), install it (not editable) in a fresh
    venv borrowing this environment's dependencies: the site's contents resolve inside the
    installed package (RULES.md from swkit.docs), and swkit's wheel for the site is packed from
    the installed copy, without the lessons and docs."""
    import os
    import shutil
    import subprocess
    import sysconfig

    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(dist),
                    str(tree)], check=True, capture_output=True, env=env)
    wheel = next(dist.glob("swkit-*.whl"))
    assert "swkit/docs/RULES.md" in _names(wheel)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    target = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                             "['purelib'])"], check=True, capture_output=True, text=True)
    (Path(target.stdout.strip()) / "borrowed-deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True,
                   env=env)
    probe = ("import json, pathlib, sys; from swkit.cli import site; "
             "c = site.site_contents(solutions=True); "
             "w = site.pack_wheel('swkit', pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]));"
             " print(json.dumps({k: str(v) for k, v in c.items()})); print(w)")
    done = subprocess.run([python, "-c", probe, str(tmp_path / "w"), str(tmp_path / "work")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    contents_line, wheel_line = done.stdout.strip().splitlines()
    contents = {k: Path(v) for k, v in json.loads(contents_line).items()}
    assert set(contents) == set(site.site_contents(solutions=True))
    assert all(p.is_relative_to(venv) for p in contents.values())
    assert contents["RULES.md"].read_bytes() == (ROOT / "docs" / "RULES.md").read_bytes()
    names = _names(Path(wheel_line))
    assert "swkit/lite.py" in names
    assert not [n for n in names if n.startswith(("swkit/lessons", "swkit/docs"))]


# --- the landing page ------------------------------------------------------------------------

def _landing() -> tuple[str, list, list]:
    from swkit.cli import landing
    contents = site.site_contents(solutions=True)
    lessons = landing.lesson_entries(contents["README.md"], contents)
    solutions = landing.solution_entries(contents)
    return landing.landing_page("v9.9.9-0123456789", lessons, solutions, version="9.9.9"), \
        lessons, solutions


def test_the_landing_page_lists_every_lesson_from_the_guides_table():
    """Number, title (the lesson's own heading), what it teaches and how long: read from the
    teacher's guide's table, in its order; one link each, to the single-notebook interface."""
    from swkit.cli import landing
    page, lessons, solutions = _landing()
    guide = (LESSONS / "README.md").read_text("utf-8")
    assert [e.notebook for e in lessons] == sorted(p.name for p in LESSONS.glob("*.ipynb"))
    for entry in lessons:
        row = next(line for line in guide.splitlines() if f"`{entry.notebook}`" in line)
        assert f"| {entry.number} |" in row and f"| {entry.time} |" in row
        assert entry.question in row
        heading = json.loads((LESSONS / entry.notebook).read_text("utf-8"))["cells"][0]
        assert f"# Lesson {entry.number}: {entry.title}" in "".join(heading["source"])
        link = f'<a href="notebooks/index.html?path=v9.9.9-0123456789/{entry.notebook}">' \
               f'Lesson {entry.number}: {landing.html.escape(entry.title)}</a>'
        assert page.count(link) == 1, link
        assert f"About {entry.time}" in page
    assert lessons[0].title == "Counting sets and runs" and lessons[0].time == "45 min"
    assert len(solutions) == len(list(LESSONS.glob("solutions/*.ipynb")))
    assert page.count('href="notebooks/index.html?path=') == len(lessons) + len(solutions)
    assert page.count('href="lab/index.html"') == 1


def test_a_class_page_without_the_worked_answers_does_not_promise_the_guide():
    """The guide goes only with the worked answers (it quotes them): a site built with
    --no-solutions has neither, and its page names neither."""
    from swkit.cli import landing
    page, lessons, solutions = _landing()
    assert "every lesson, the teacher's guide and the rules" in page
    student = landing.landing_page("v9.9.9-0123456789", lessons, [], version="9.9.9")
    assert "teacher's guide" not in student and "Worked answers" not in student
    assert "Open JupyterLab with every lesson and the rules" in student


def test_every_worked_answers_title_is_its_lessons_title_and_the_class_page_lists_it():
    """Each solution's first heading is "Lesson N: <its lesson's title> (worked answers)",
    and the class page links it under that title; the teacher's own notebooks
    (``solutions/teacher-*``, the class report) are listed beside them under their titles."""
    from swkit.cli import landing
    page, lessons, listed = _landing()
    solutions = [(p, t) for p, t in listed if not p.startswith("solutions/teacher-")]
    assert [t for p, t in listed if p.startswith("solutions/teacher-")] == [
        "The class report (for the teacher)"]
    titles = {f"solutions/{e.notebook.removesuffix('.ipynb')}-solution.ipynb":
              f"Lesson {e.number}: {e.title} (worked answers)" for e in lessons}
    assert solutions and all(path in titles for path, _ in solutions)
    for path, title in solutions:
        assert title == titles[path]
        link = f'<a href="notebooks/index.html?path=v9.9.9-0123456789/{path}">' \
               f'{landing.html.escape(title)}</a>'
        assert page.count(link) == 1, link


def test_the_landing_page_is_accessible_by_construction():
    """WCAG 2.2 AA where it can be read from the HTML: the language, one h1 and headings in
    order, link names that say which lesson, contrast of every text colour on both backgrounds,
    and a single column that reflows (viewport meta, no fixed widths). The page in a browser at
    320 px: tests/browser/test_lite_site.py."""
    from html.parser import HTMLParser

    from swkit.cli import landing
    from swkit.pictures import contrast_ratio

    page, lessons, _ = _landing()

    class Reader(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.headings: list[int] = []
            self.links: list[str] = []
            self.lang = None
            self._link: list[str] | None = None

        def handle_starttag(self, tag, attrs):
            if tag == "html":
                self.lang = dict(attrs).get("lang")
            if re.fullmatch(r"h[1-6]", tag):
                self.headings.append(int(tag[1]))
            if tag == "a":
                self._link = []

        def handle_data(self, data):
            if self._link is not None:
                self._link.append(data)

        def handle_endtag(self, tag):
            if tag == "a":
                self.links.append(" ".join("".join(self._link).split()))
                self._link = None

    reader = Reader()
    reader.feed(page)
    assert reader.lang == "en"
    assert reader.headings[0] == 1 and reader.headings.count(1) == 1
    assert all(b - a <= 1 for a, b in zip(reader.headings, reader.headings[1:], strict=False))
    assert len(set(reader.links)) == len(reader.links)      # no two links with one name
    for entry in lessons:
        assert f"Lesson {entry.number}: {entry.title}" in reader.links
    colours = landing.COLOURS
    for ground in ("background", "card"):
        for ink in ("text", "muted", "link"):
            assert contrast_ratio(colours[ink], colours[ground]) >= 4.5, (ink, ground)
        assert contrast_ratio(colours["focus"], colours[ground]) >= 3
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in page
    assert not re.search(r"\bwidth:\s*\d+px", page)
    assert page.count("<script") == 2 and landing.CONFIG_DATA in page   # JSON data, and
    assert f'<script src="{landing.WORK_SCRIPT}" defer></script>' in page  # the site's one script


def test_the_class_page_says_where_work_lives_and_how_to_keep_a_copy():
    """"Your work": where it is kept (this browser, this computer, this address), how to hand
    in a lesson, how to keep a copy and bring it back; the tools the script shows; each lesson
    named for the script to show its earlier copies."""
    from swkit.cli import landing
    page, lessons, _ = _landing()
    assert '<h2 id="your-work">Your work</h2>' in page and 'href="#your-work"' in page
    words = " ".join(re.sub(r"<[^>]+>", "", page).split())
    for said in ("Your work is kept in this web browser, on this computer, for this site's "
                 "address only.", "Nothing is sent anywhere by itself.",
                 "press Hand in this lesson (bottom right)", "Download all my work saves all "
                 "your lessons in one .zip file.", "use Restore my work with that file."):
        assert said in words, said
    assert '<div class="tools" id="swkit-work-tools" hidden>' in page   # shown by the script
    assert 'id="swkit-download-all"' in page and 'accept=".zip,application/zip"' in page
    assert '<label for="swkit-restore-file">' in page and 'id="swkit-restore-file"' in page
    assert 'data-swkit-page="class" data-swkit-lessons="v9.9.9-0123456789"' in page
    for entry in lessons:
        assert f'<li data-swkit-lesson="{entry.notebook}">' in page
    assert landing.WORK_SECTION in page


def test_the_work_script_is_served_and_loaded_by_the_lesson_pages(tmp_path):
    """The built site serves the work script at its top, and the notebook and JupyterLab pages
    load it; a page without a head (another JupyterLite) is refused in words."""
    from swkit.cli import landing
    for name in site.WORK_PAGES:
        (tmp_path / name).mkdir()
        (tmp_path / name / "index.html").write_text("<html><head><title>x</title></head></html>")
    site.add_work_script(tmp_path)
    served = (tmp_path / landing.WORK_SCRIPT).read_text("utf-8")
    assert served == site.work_script() and "application/vnd.swkit.hand-in+json" in served
    assert lite.HAND_IN_MIME in served and "navigator.storage.persist()" in served
    for name in site.WORK_PAGES:
        html = (tmp_path / name / "index.html").read_text("utf-8")
        assert html.count(f'<script src="../{landing.WORK_SCRIPT}" defer></script>\n</head>') == 1
    (tmp_path / "lab" / "index.html").write_text("<html></html>")
    with pytest.raises(site.SiteError, match="no lab/index.html with a </head>"):
        site.add_work_script(tmp_path)


def test_hand_in_outside_the_browser_says_where_the_lesson_is(capsys, monkeypatch):
    """Under CPython the lesson is already a file: hand_in() says which and how to save it;
    the display the site's page answers names the lesson."""
    monkeypatch.setitem(lite._LESSON, "name", "01-counting-sets-and-runs.ipynb")
    assert lite.hand_in() is None
    assert capsys.readouterr().out == (
        "Your lesson is the file 01-counting-sets-and-runs.ipynb in your lessons folder: save "
        "it (Ctrl+S, or File → Save) and upload that file where your teacher asks.\n")
    bundle = lite.hand_in_bundle("01-counting-sets-and-runs.ipynb")
    assert bundle[lite.HAND_IN_MIME] == {"swkit_hand_in": 1,
                                         "lesson": "01-counting-sets-and-runs.ipynb"}
    assert "Press Hand in this lesson" in bundle["text/plain"]
    assert "downloading it, with" in lite.hand_in_bundle(None)["text/plain"]


def test_the_landing_page_refuses_a_guide_without_the_lessons_table(tmp_path):
    from swkit.cli import landing
    contents = site.site_contents()
    guide = tmp_path / "README.md"
    text = (LESSONS / "README.md").read_text("utf-8")
    guide.write_text(text.replace("| `09-play.ipynb` |", "| `09-playing.ipynb` |"), "utf-8")
    with pytest.raises(landing.LandingError, match="lacks 09-play.ipynb"):
        landing.lesson_entries(guide, contents)
    guide.write_text(text.replace(landing.SEQUENCE_HEADING, "## Order"), "utf-8")
    with pytest.raises(landing.LandingError, match="no section '## The sequence'"):
        landing.lesson_entries(guide, contents)


# --- Python in the site: the Pyodide copy ----------------------------------------------------

def test_the_served_lock_lists_only_the_files_served_with_their_hashes(tmp_path):
    from swkit.cli import pyodide
    lock = {"info": {"version": "1"}, "packages": {
        "micropip": {"name": "micropip", "depends": [], "file_name": "micropip-1-py3-none-any.whl",
                     "sha256": "cdn"},
        "ipython": {"name": "ipython", "depends": ["Pygments"],
                    "file_name": "ipython-1-py3-none-any.whl", "sha256": "cdn"},
        "pygments": {"name": "Pygments", "depends": [],
                     "file_name": "pygments-1-py3-none-any.whl", "sha256": "cdn"},
        "jedi": {"name": "jedi", "depends": [], "file_name": "jedi-1-py3-none-any.whl",
                 "sha256": "cdn"},
        "numpy": {"name": "numpy", "depends": [], "file_name": "numpy-1-cp314-wasm32.whl",
                  "sha256": "cdn"}}}
    for entry in list(lock["packages"].values())[:4]:
        (tmp_path / entry["file_name"]).write_bytes(entry["name"].encode())
    served = pyodide.served_lock(lock, tmp_path)
    assert sorted(served["packages"]) == ["ipython", "jedi", "micropip", "pygments"]
    for entry in served["packages"].values():
        assert entry["sha256"] == lite.file_digest((tmp_path / entry["file_name"]).read_bytes())
    assert served["info"] == lock["info"] and lock["packages"]["jedi"]["sha256"] == "cdn"
    (tmp_path / "jedi-1-py3-none-any.whl").unlink()
    with pytest.raises(pyodide.PyodideError, match="jedi-1-py3-none-any.whl is missing"):
        pyodide.served_lock(lock, tmp_path)
    with pytest.raises(pyodide.PyodideError, match="not a pure wheel"):
        pyodide.served_lock(lock, tmp_path, ("numpy",))
    with pytest.raises(pyodide.PyodideError, match="nosuch is not in Pyodide's lock"):
        pyodide.lock_closure(lock, ("nosuch",))


def test_no_npm_and_no_cached_pyodide_is_one_line_saying_what_to_install(
        capsys, monkeypatch, tmp_path):
    from swkit.cli import pyodide
    monkeypatch.setenv("SWKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(pyodide.shutil, "which", lambda name: None)
    out = tmp_path / "s"
    assert_one_line_error(*run_cli(capsys, "--out", str(out)), "install npm",
                          "--pyodide-from-cdn", pyodide.kernel_pyodide_version())
    assert not out.exists() and list((tmp_path / "cache").iterdir()) == []   # nothing half-made


@pytest.mark.skipif(os.name != "posix", reason="a stand-in npm as a shell script")
def test_fetching_pyodide_says_so_on_stderr_first(capsys, monkeypatch, tmp_path):
    """The first build fetches Pyodide (half a minute or more on a school's network): a line
    on stderr says what and how much before it starts; stdout stays empty on a failure."""
    from swkit.cli import pyodide
    npm = tmp_path / "npm"
    npm.write_text("#!/bin/sh\necho 'npm error network unreachable' >&2\nexit 1\n")
    npm.chmod(0o755)
    monkeypatch.setenv("SWKIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(pyodide.shutil, "which", lambda name: str(npm) if name == "npm" else None)
    status, out, err = run_cli(capsys, "--out", str(tmp_path / "s"))
    version = pyodide.kernel_pyodide_version()
    assert status == 2 and out == "", err
    fetching, error = err.splitlines()
    assert fetching.startswith(f"fetching Pyodide {version} with npm and pip (Python for the "
                               f"browser, about {pyodide.PYODIDE_MB} MB; only this once")
    assert fetching.endswith(f"then kept in {tmp_path / 'cache'})...")
    assert error.startswith("swkit site: error: npm pack") and "network unreachable" in error


def test_the_size_said_while_fetching_pyodide_is_the_copys():
    from swkit.cli import pyodide
    copy = ROOT / "build" / "pyodide-cache" / f"pyodide-{pyodide.kernel_pyodide_version()}"
    if not (copy / pyodide.COMPLETE).is_file():
        pytest.skip("no cached copy of Pyodide (the real build test makes one)")
    size = sum(p.stat().st_size for p in copy.rglob("*") if p.is_file()) / 1e6
    assert 0.75 * pyodide.PYODIDE_MB <= size <= 1.25 * pyodide.PYODIDE_MB, size


def test_a_cached_copy_is_used_without_npm_or_network(monkeypatch, tmp_path):
    from swkit.cli import pyodide
    monkeypatch.setattr(pyodide.shutil, "which", lambda name: pytest.fail("npm was called"))
    folder = tmp_path / f"pyodide-{pyodide.kernel_pyodide_version()}"
    folder.mkdir()
    (folder / pyodide.COMPLETE).write_text("[]")
    assert pyodide.pyodide_copy(tmp_path) == folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("SWKIT_CACHE_DIR", raising=False)
    assert pyodide.cache_folder() == tmp_path / "xdg" / "swkit"
