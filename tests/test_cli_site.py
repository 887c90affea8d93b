"""``swkit site`` (issue 13 §1, §2 storage) and the lessons' first cell, under CPython.

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
import re
import sys
import zipfile
from importlib.metadata import distribution
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from swkit import __version__, lite
from swkit.cli import site
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
    status, _, err = run_cli(capsys, "--solutions")
    assert status == 2 and "unrecognized arguments: --solutions" in err


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
    temporary folder's name (fresh fuzz, issue 15): the line names --out as given."""
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


def test_a_rebuild_keeps_the_lessons_folders_of_other_versions(tmp_path):
    """A student's copy lives in the browser under its folder's path: the rebuild must keep an
    earlier version's folder on the site, or JupyterLite cannot open that copy (newcomer trial).
    Only an earlier swkit site's own files are carried: not the current version's folder, not
    other folders, and never through a link."""
    out = tmp_path / "site"
    old = out / "files" / "v0.0.9"
    (old / "solutions").mkdir(parents=True)
    (old / "01-counting-sets-and-runs.ipynb").write_text("{}")
    (old / "solutions" / "01-counting-sets-and-runs.ipynb").write_text("{}")
    (out / "files" / lite.lessons_folder()).mkdir()
    (out / "files" / lite.lessons_folder() / "09-play.ipynb").write_text("{}")
    (out / "files" / "notes").mkdir()
    (out / "files" / "notes" / "x.ipynb").write_text("{}")
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "key.txt").write_text("k")
    (old / "linked").symlink_to(secret)
    (old / "link.ipynb").symlink_to(secret / "key.txt")
    assert site.earlier_lessons(out) == {}  # not a swkit site: nothing is carried
    (out / site.MARKER).write_text("{}")
    assert sorted(site.earlier_lessons(out)) == [
        "v0.0.9/01-counting-sets-and-runs.ipynb",
        "v0.0.9/solutions/01-counting-sets-and-runs.ipynb"]


# --- what goes in ----------------------------------------------------------------------------

def test_contents_are_every_lesson_the_solutions_the_guide_and_the_rules():
    contents = site.site_contents()
    lessons = {p.name for p in LESSONS.glob("*.ipynb")}
    solutions = {f"solutions/{p.name}" for p in LESSONS.glob("solutions/*.ipynb")}
    assert set(contents) == lessons | solutions | {"README.md", "RULES.md"}
    assert contents["RULES.md"] == ROOT / "docs" / "RULES.md"
    assert contents["README.md"] == LESSONS / "README.md"
    assert len(lessons) >= 9 and len(solutions) >= 8
    assert set(site.site_contents(solutions=False)) == lessons | {"README.md", "RULES.md"}


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
    assert "".join(code[0]["source"]) == lite.FIRST_CELL
    assert code[0]["outputs"] == [] and code[0]["execution_count"] is None
    assert sum("swkit.lite.setup()" in "".join(c["source"]) for c in code) == 1


def test_the_first_cell_does_nothing_under_cpython():
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    code = compile(lite.FIRST_CELL, "<first cell>", "exec", flags=flags)
    before = set(sys.modules)
    names: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        result = eval(code, names)
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    assert printed.getvalue() == ""
    assert "piplite" not in sys.modules and set(sys.modules) - before <= {"swkit.lite"}
    assert set(names) - {"__builtins__"} == {"sys"}


def test_setup_and_fresh_copy_under_cpython():
    assert asyncio.run(lite.setup()) is None
    with pytest.raises(RuntimeError, match="swkit lessons"):
        asyncio.run(lite.fresh_copy("09-play.ipynb"))


def test_fresh_copy_saves_beside_yours_says_so_once_and_echoes_nothing(
        tmp_path, monkeypatch, capsys):
    """``await swkit.lite.fresh_copy(NAME)`` printed its line and returned the new name, which
    Jupyter echoed as Out[] under it (a newcomer's trial): it returns None now. The browser's
    side (``js``, ``pyodide.http.pyfetch``) is faked here; tests/browser/test_lite_site.py runs
    it in a real Lite kernel."""
    import types

    folder = tmp_path / "drive" / "v0.1.0"
    folder.mkdir(parents=True)
    (folder / "09-play.ipynb").write_text("mine")
    fetched: list[str] = []

    class Answer:
        ok, status = True, 200

        async def bytes(self) -> bytes:
            return b"the site's own lesson"

    async def pyfetch(url: str, **options: object) -> Answer:
        fetched.append(url)
        return Answer()

    js = types.SimpleNamespace(location=types.SimpleNamespace(
        href="https://school.example/lite/extensions/@jupyterlite/k/static/worker.js"))
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.http", types.SimpleNamespace(pyfetch=pyfetch))
    monkeypatch.setattr(lite, "in_browser", lambda: True)
    monkeypatch.setattr(lite, "DRIVE", lite.PurePosixPath((tmp_path / "drive").as_posix()))
    monkeypatch.chdir(folder)
    assert asyncio.run(lite.fresh_copy("09-play.ipynb")) is None
    assert fetched == ["https://school.example/lite/files/v0.1.0/09-play.ipynb"]
    assert (folder / "09-play-fresh.ipynb").read_bytes() == b"the site's own lesson"
    assert (folder / "09-play.ipynb").read_text() == "mine"
    assert capsys.readouterr().out == ("A fresh copy of 09-play.ipynb is 09-play-fresh.ipynb, "
                                       "beside yours: open it from the file browser.\n")


def test_version_folder_and_file():
    assert lite.lessons_folder() == f"v{__version__}"
    assert lite.version_record() == {"swkit": __version__, "lessons": f"v{__version__}"}


def test_version_message_says_where_the_newer_lesson_is():
    old, new = {"swkit": "0.1.0", "lessons": "v0.1.0"}, {"swkit": "0.2.0", "lessons": "v0.2.0"}
    assert lite.version_message("/drive/v0.1.0", old) is None
    assert lite.version_message("/drive/v0.1.0/solutions", old) is None
    message = lite.version_message("/drive/v0.1.0", new)
    assert "v0.2.0" in message and "0.1.0" in message and "stays in this browser" in message
    assert lite.version_message("/drive", new) is None          # the student's own notebook
    assert lite.version_message("/drive/my-work", new) is None
    assert lite.version_message("/home/pyodide", new) is None   # not on the drive
    assert "could not be read" in lite.version_message("/drive/v0.1.0", None)


def test_read_site_version(tmp_path):
    assert lite.read_site_version(tmp_path) is None
    (tmp_path / lite.VERSION_FILE).write_text("[1]")
    assert lite.read_site_version(tmp_path) is None
    (tmp_path / lite.VERSION_FILE).write_text(json.dumps(lite.version_record()))
    assert lite.read_site_version(tmp_path) == lite.version_record()


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
def test_a_real_build(tmp_path, capsys):
    out = tmp_path / "site"
    status, text, err = run_cli(capsys, "--out", str(out))
    assert status == 0, err
    assert f"python -m http.server -d {out}" in text and " MB in all" in text
    folder = out / "files" / lite.lessons_folder()
    for name in site.site_contents():
        assert (folder / name).read_bytes() == site.site_contents()[name].read_bytes(), name
    assert json.loads((out / "files" / lite.VERSION_FILE).read_text()) == lite.version_record()
    assert json.loads((out / site.MARKER).read_text()) == {"swkit": __version__}
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
    # a rebuild replaces the earlier site without --force; --no-solutions leaves them out
    (out / "stale.txt").write_text("old")
    status, _, err = run_cli(capsys, "--out", str(out), "--no-solutions")
    assert status == 0, err
    assert not (out / "stale.txt").exists() and not (folder / "solutions").exists()
    # an earlier version's lessons folder stays on the site (a student's copy opens there)
    older = out / "files" / "v0.0.9"
    older.mkdir()
    (older / "09-play.ipynb").write_text('{"cells": []}')
    status, _, err = run_cli(capsys, "--out", str(out), "--no-solutions")
    assert status == 0, err
    assert (out / "files" / "v0.0.9" / "09-play.ipynb").read_text() == '{"cells": []}'
    listing = json.loads((out / "api" / "contents" / "v0.0.9" / "all.json").read_text())
    assert [item["name"] for item in listing["content"]] == ["09-play.ipynb"]
    assert (folder / "09-play.ipynb").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".swkit-site-")]


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
             "c = site.site_contents(); "
             "w = site.pack_wheel('swkit', pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]));"
             " print(json.dumps({k: str(v) for k, v in c.items()})); print(w)")
    done = subprocess.run([python, "-c", probe, str(tmp_path / "w"), str(tmp_path / "work")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    contents_line, wheel_line = done.stdout.strip().splitlines()
    contents = {k: Path(v) for k, v in json.loads(contents_line).items()}
    assert set(contents) == set(site.site_contents())
    assert all(p.is_relative_to(venv) for p in contents.values())
    assert contents["RULES.md"].read_bytes() == (ROOT / "docs" / "RULES.md").read_bytes()
    names = _names(Path(wheel_line))
    assert "swkit/lite.py" in names
    assert not [n for n in names if n.startswith(("swkit/lessons", "swkit/docs"))]
