"""Nothing swkit did not write is ever deleted: ``swkit site --out`` (and the folder options of
``swkit lessons``) refuse the home folder and its kin, and a rebuild replaces only the earlier
site's own files (swkit/cli/site_place.py)."""

from __future__ import annotations

import argparse
import json
import os
import signal
from pathlib import Path

import pytest

from swkit.cli import site, site_place
from swkit.cli.command import main
from swkit.cli.lessons_copy import LessonsError, copy_lessons
from swkit.cli.site_place import MARKER, PlacementError, place_site, write_marker


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (links as their target's name), for comparing before/after."""
    found = {}
    for top, folders, names in os.walk(folder):
        for name in names + [f for f in folders if (Path(top) / f).is_symlink()]:
            path = Path(top) / name
            key = path.relative_to(folder).as_posix()
            found[key] = (b"-> " + os.readlink(path).encode()) if path.is_symlink() \
                else path.read_bytes()
    return found


def decoy_home(path: Path) -> Path:
    (path / "Documents").mkdir(parents=True)
    (path / "Documents" / "essay.txt").write_text("my essay")
    (path / ".bashrc").write_text("alias ll='ls -l'")
    return path


def built_site(folder: Path, files: dict[str, str]) -> Path:
    """A stand-in for a freshly built site: ``files`` (path -> text) and its marker."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    write_marker(folder)
    return folder


# --- folders that are never the site's (or the lessons') --------------------------------------

@pytest.mark.parametrize("command", [("site", "--pyodide-from-cdn", "--force", "--out"),
                                     ("lessons", "--no-open", "--dir")])
@pytest.mark.parametrize("where", ["~", "~/", "HOME", "HOME/..", "/tmp", "TMP", "..", "../.."])
def test_the_home_folder_its_kin_and_tmp_are_refused_and_untouched(capsys, monkeypatch,
                                                                   tmp_path, command, where):
    """`swkit site --out '~' --force` emptied the home folder: the home
    folder, a folder holding it, the temporary folder and a folder holding the current one
    are refused in one line, with or without --force, and nothing in them changes."""
    home = decoy_home(tmp_path / "home" / "ana")
    work = home / "Documents" / "class"
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    monkeypatch.chdir(work)
    given = where.replace("HOME", str(home)).replace("TMP", str(tmp_path / "tmp"))
    before = tree(tmp_path)
    status, out, err = run(capsys, *command, given)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert ("your home folder" in err or "holds your home folder" in err
            or "temporary folder" in err or "holds the current folder" in err), err
    assert "e.g. --" in err
    assert tree(tmp_path) == before


def test_a_user_that_does_not_exist_is_one_line(capsys, tmp_path, monkeypatch):
    """`~nouser/x` printed pathlib's RuntimeError traceback."""
    monkeypatch.chdir(tmp_path)
    for command in (("lessons", "--no-open", "--dir"), ("site", "--out")):
        status, out, err = run(capsys, *command, "~nosuchuser4242/x")
        assert status == 2 and err.count("\n") == 1, err
        assert "no user named 'nosuchuser4242'" in err
    with pytest.raises(LessonsError, match="no user named"):
        copy_lessons("~nosuchuser4242/x")
    with pytest.raises(site.SiteError, match="no user named"):
        site.check_out(Path("~nosuchuser4242/x"), force=False)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_2000_deep_is_one_line(capsys, tmp_path, monkeypatch):
    """A --dir 2,000 folders deep printed a 7,000-line RecursionError."""
    monkeypatch.chdir(tmp_path)
    deep = "/".join(["a"] * 2000)
    for command in (("lessons", "--no-open", "--dir"), ("site", "--out")):
        status, out, err = run(capsys, *command, deep)
        assert status == 2 and err.count("\n") == 1, err
        assert "folders deep" in err and "at most 200" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["a\0b", "x\ud800", "\udfff/y"])
def test_a_name_no_file_can_hold_is_refused_in_words(tmp_path, monkeypatch, name):
    """A folder name with NUL or a character the file system cannot encode (a lone surrogate,
    from a library call) is refused in words by every folder door, nothing created."""
    from swkit.cli.options import folder_option
    monkeypatch.chdir(tmp_path)
    with pytest.raises(site.SiteError, match="no file or folder name can hold"):
        site.check_out(Path(name), force=True)
    with pytest.raises(LessonsError, match="no file or folder name can hold"):
        copy_lessons(name)
    with pytest.raises(argparse.ArgumentTypeError, match="can hold"):
        folder_option("--dir", "swkit-lessons")(name)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_inside_home_or_tmp_is_allowed(tmp_path, monkeypatch):
    home = decoy_home(tmp_path / "home")
    monkeypatch.setenv("HOME", str(home))
    folder = site.folder_option("--out", "swkit-site")
    assert folder("~/site") == str(home / "site")
    assert folder("/tmp/x") == "/tmp/x"
    assert folder(str(home / "Documents")) == str(home / "Documents")


# --- a rebuild replaces only the earlier site's own files ---------------------------------------

def test_a_new_or_empty_out_becomes_the_site(tmp_path):
    for out in (tmp_path / "new", tmp_path / "empty"):
        if out.name == "empty":
            out.mkdir()
        built = built_site(tmp_path / f"built-{out.name}", {"index.html": "new",
                                                            "lab/app.js": "js"})
        placed = place_site(built, out)
        assert placed.kept == [] and placed.moved_to is None
        assert tree(out).keys() == {"index.html", "lab/app.js", MARKER}
        assert json.loads((out / MARKER).read_text())["files"].keys() == {"index.html",
                                                                          "lab/app.js"}


def test_a_rebuild_keeps_every_file_swkit_did_not_write(tmp_path):
    out = place_site(built_site(tmp_path / "b1", {"index.html": "v1", "lab/old.js": "old",
                                                  "lab/main.js": "main1",
                                                  "gone/only.txt": "x"}), tmp_path / "site")
    out = tmp_path / "site"
    (out / "CNAME").write_text("maths.school.example")     # the teacher's own
    (out / ".git").mkdir()
    (out / ".git" / "config").write_text("[core]")
    (out / "lab" / "notes.md").write_text("mine")         # inside a folder of the site's
    (out / "gone" / "only.txt").write_text("edited")      # a site file changed since
    placed = place_site(built_site(tmp_path / "b2", {"index.html": "v2",
                                                     "lab/main.js": "main2"}), out)
    files = tree(out)
    assert files["index.html"] == b"v2" and files["lab/main.js"] == b"main2"
    assert "lab/old.js" not in files                       # the earlier site's own: gone
    assert files["CNAME"] == b"maths.school.example" and files[".git/config"] == b"[core]"
    assert files["lab/notes.md"] == b"mine" and files["gone/only.txt"] == b"edited"
    assert placed.kept == [".git/config", "CNAME", "gone/only.txt", "lab/notes.md"]
    record = json.loads((out / MARKER).read_text())["files"]
    assert set(record) == {"index.html", "lab/main.js"}   # the teacher's files never listed
    report = site.SiteReport(out, 1, 1.0, [], "v", None, placed)
    assert any("Kept as they were" in line and "4 files" in line for line in report.lines())


def test_an_empty_folder_of_the_earlier_site_is_removed_and_a_full_one_kept(tmp_path):
    out = tmp_path / "site"
    place_site(built_site(tmp_path / "b1", {"a/b/c.js": "c", "d/e.js": "e", "i": "1"}), out)
    (out / "d" / "mine.txt").write_text("mine")
    place_site(built_site(tmp_path / "b2", {"i": "2"}), out)
    assert not (out / "a").exists() and (out / "d" / "mine.txt").read_text() == "mine"
    assert not (out / "d" / "e.js").exists()


def test_a_file_in_the_way_refuses_and_changes_nothing(tmp_path):
    """A site file that would land on the teacher's file (a changed index.html, their own
    file of the same name, a folder, a link) is refused before anything moves."""
    out = tmp_path / "site"
    place_site(built_site(tmp_path / "b1", {"index.html": "v1", "lab/x.js": "x"}), out)
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "keep.txt").write_text("secret")
    cases = {"index.html": lambda: (out / "index.html").write_text("my edit"),
             "new.html": lambda: (out / "new.html").write_text("mine"),
             "dir.html": lambda: (out / "dir.html").mkdir(),
             "linked": lambda: (out / "linked").symlink_to(secret)}
    for make in cases.values():
        make()
    before, outside = tree(out), tree(secret)
    files = {"index.html": "v2", "new.html": "n", "dir.html": "d", "linked/keep.txt": "new"}
    with pytest.raises(PlacementError) as caught:
        place_site(built_site(tmp_path / "b2", files), out)
    message = str(caught.value)
    assert "overwrite dir.html, index.html, linked and 1 more, which" in message
    assert "nothing was changed" in message
    assert tree(out) == before and tree(secret) == outside


def test_a_file_where_the_site_needs_a_folder_of_folders_is_refused_in_words(tmp_path):
    """A teacher's file (or a link to one) where the site needs a folder that holds more
    folders (``files`` for ``files/v1/lesson1.ipynb``) is named as in the way, with nothing
    changed: never the file system's "Not a directory"."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "files").write_text("the teacher's list of files")
    (tmp_path / "target").write_text("linked")
    (out / "lab").symlink_to(tmp_path / "target")
    before = tree(out)
    files = {"files/v1/lesson1.ipynb": "{}", "files/v1/data/x.json": "[]",
             "lab/a/b/index.html": "x", "lab/a/c.js": "y"}
    with pytest.raises(PlacementError) as caught:
        place_site(built_site(tmp_path / "b", files), out)
    assert "overwrite files, lab, which" in str(caught.value)
    assert tree(out) == before


def test_an_earlier_site_file_where_the_new_site_needs_folders_is_replaced(tmp_path):
    """The earlier site's own file ``lab`` gives way to the new site's ``lab/a/b.js``."""
    out = tmp_path / "site"
    place_site(built_site(tmp_path / "b1", {"lab": "a file", "index.html": "1"}), out)
    (out / "notes.txt").write_text("mine")
    place_site(built_site(tmp_path / "b2", {"lab/a/b.js": "new", "lab/c.js": "c"}), out)
    assert (out / "lab" / "a" / "b.js").read_text() == "new"
    assert (out / "notes.txt").read_text() == "mine" and not (out / "index.html").exists()


def test_a_file_with_the_same_bytes_is_not_in_the_way(tmp_path):
    """An earlier lessons folder the rebuild carries (same bytes) replaces itself."""
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"swkit": "0", "files": {}}))
    (out / "files").mkdir()
    (out / "files" / "v0.0.9.ipynb").write_text("{}")
    place_site(built_site(tmp_path / "b", {"files/v0.0.9.ipynb": "{}"}), out)
    assert (out / "files" / "v0.0.9.ipynb").read_text() == "{}"


def test_a_record_never_reaches_outside_the_site(tmp_path):
    """A record naming `../x`, an absolute path, or a file through a linked folder never
    deletes it, even with the right digest."""
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "f.txt").write_text("keep too")
    out = tmp_path / "site"
    out.mkdir()
    (out / "via").symlink_to(linked)
    digest = site_place.file_digests(tmp_path)["outside.txt"]
    inner = site_place.file_digests(linked)["f.txt"]
    (out / MARKER).write_text(json.dumps({"swkit": "0", "files": {
        "../outside.txt": digest, str(outside): digest, "via/f.txt": inner}}))
    place_site(built_site(tmp_path / "b", {"index.html": "x"}), out)
    assert outside.read_text() == "keep" and (linked / "f.txt").read_text() == "keep too"


@pytest.mark.parametrize("listed", ["../x", "/abs/x", "", MARKER, "a/../../x"])
def test_a_record_naming_what_swkit_never_lists_is_no_record(tmp_path, listed):
    """A marker listing a name swkit never writes into one (outside the site, empty, the
    marker itself) is not swkit's record: the folder is moved aside whole, the marker in it
    unchanged, never overwritten by the new one."""
    out = tmp_path / "site"
    out.mkdir()
    forged = json.dumps({"swkit": "0", "files": {listed: "0" * 64}})
    (out / MARKER).write_text(forged)
    (out / "notes.txt").write_text("mine")
    placement = place_site(built_site(tmp_path / "b", {"index.html": "x"}), out)
    assert placement.moved_to is not None
    assert (placement.moved_to / MARKER).read_text() == forged
    assert (placement.moved_to / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("kind", ["folder", "link", "dangling link"])
def test_a_folder_or_link_at_the_marker_name_is_in_the_way(tmp_path, kind):
    """A folder or a link named like the marker is not swkit's: refused before anything
    moves, never replaced (nor half a site left when the folder will not give way)."""
    out = tmp_path / "site"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    target = tmp_path / "precious.txt"
    target.write_text("keep")
    if kind == "folder":
        (out / MARKER).mkdir()
        (out / MARKER / "inside.txt").write_text("mine too")
    else:
        (out / MARKER).symlink_to(target if kind == "link" else tmp_path / "nothing")
    before = tree(out)
    built = built_site(tmp_path / "b", {"index.html": "x", "lab/a.js": "a"})
    if kind == "link":   # a link to a file: taken as a site swkit cannot tell, moved aside
        moved = place_site(built, out).moved_to
        assert moved is not None and tree(moved) == before
    else:
        with pytest.raises(PlacementError) as caught:
            place_site(built, out)
        assert f"overwrite {MARKER}, which" in str(caught.value)
        assert tree(out) == before
    assert target.read_text() == "keep"


def test_an_earlier_site_without_a_record_is_moved_aside_whole(tmp_path):
    """A site built before swkit listed its files: which of them swkit wrote cannot be told,
    so the whole folder is moved aside (and named), never deleted."""
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"swkit": "0.1.0"}))
    (out / "index.html").write_text("old")
    (out / "CNAME").write_text("mine")
    (tmp_path / "site-earlier").mkdir()                    # the first name is taken
    placed = place_site(built_site(tmp_path / "b", {"index.html": "new"}), out)
    assert placed.moved_to == tmp_path / "site-earlier-2"
    assert tree(placed.moved_to) == {MARKER: b'{"swkit": "0.1.0"}', "index.html": b"old",
                                     "CNAME": b"mine"}
    assert (out / "index.html").read_text() == "new"
    report = site.SiteReport(out, 1, 1.0, [], "v", None, placed)
    assert any("site-earlier-2" in line for line in report.lines())


def test_force_puts_the_site_beside_other_files(tmp_path):
    out = tmp_path / "pages"
    out.mkdir()
    (out / "README.md").write_text("my repo")
    assert site.check_out(out, force=True) == out
    placed = place_site(built_site(tmp_path / "b", {"index.html": "x"}), out)
    assert placed.kept == ["README.md"] and (out / "README.md").read_text() == "my repo"


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="POSIX signals")
def test_ctrl_c_while_moving_waits_for_the_move(tmp_path, monkeypatch):
    """Ctrl-C during the move is held until every file is in place, then raised."""
    out = tmp_path / "site"
    place_site(built_site(tmp_path / "b1", {f"f{i}": "1" for i in range(5)}), out)
    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        return real(src, dst)
    monkeypatch.setattr(site_place.os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        place_site(built_site(tmp_path / "b2", {f"f{i}": "2" for i in range(5)}), out)
    assert all((out / f"f{i}").read_text() == "2" for i in range(5))


# --- a chart replaces only a chart of swkit's own ----------------------------------------------

@pytest.mark.parametrize("suffix", ["png", "svg", "pdf", "eps"])
def test_plot_replaces_its_own_chart_and_nothing_else(capsys, tmp_path, suffix):
    """`--plot` replaced any file of that name:
    a file swkit did not write is refused in one line and kept; a chart swkit wrote (marked in
    its metadata) is replaced."""
    argv = ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "4",
            "--seed", "1", "--plot"]
    mine = tmp_path / f"holiday.{suffix}"
    mine.write_bytes(b"my own picture " * 100)
    status, out, err = run(capsys, *argv, str(mine))
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert "already there" in err and "move that file away" in err
    assert mine.read_bytes() == b"my own picture " * 100
    chart = tmp_path / f"wins.{suffix}"
    assert run(capsys, *argv, str(chart))[0] == 0
    first = chart.read_bytes()
    assert b"swkit tournament chart" in first[:65536]
    assert run(capsys, *argv, str(chart))[0] == 0     # its own chart: replaced
    assert chart.is_file()


def test_plot_never_replaces_a_link_or_an_unmarked_format(capsys, tmp_path):
    argv = ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "4",
            "--seed", "1", "--plot"]
    chart = tmp_path / "wins.png"
    assert run(capsys, *argv, str(chart))[0] == 0
    link = tmp_path / "link.png"
    link.symlink_to(chart)
    assert run(capsys, *argv, str(link))[0] == 2 and link.is_symlink()
    jpg = tmp_path / "wins.jpg"
    jpg.write_bytes(b"\xff\xd8 a photo")
    assert run(capsys, *argv, str(jpg))[0] == 2 and jpg.read_bytes() == b"\xff\xd8 a photo"


def test_the_pyodide_cache_never_deletes_a_folder_swkit_did_not_finish(tmp_path):
    """A `pyodide-<version>` folder in the cache without swkit's completion mark was deleted
    as "half made"; swkit only ever puts a complete copy there, so such a folder is someone
    else's: refused in words, kept."""
    from swkit.cli.pyodide import PyodideError, pyodide_copy

    theirs = tmp_path / "pyodide-0.0.1"
    theirs.mkdir()
    (theirs / "mine.txt").write_text("my own Pyodide notes")
    with pytest.raises(PyodideError, match="did not write"):
        pyodide_copy(tmp_path, version="0.0.1")
    assert (theirs / "mine.txt").read_text() == "my own Pyodide notes"
