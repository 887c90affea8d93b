"""The command line after the fuzzing run (issue 15 §B, §C items 2, 3 and 6): no traceback,
no silent nonsense, nothing written through a link.

Where the fault was a traceback, the real ``swkit`` command runs in a subprocess: it must exit
with status 2 (or 0 where it carries on) and write one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from swkit.cli import build_parser, lessons, main
from swkit.errors import SwkitError
from swkit.files import MAX_FILE_BYTES, parse_json, read_bytes

ROOT = Path(__file__).resolve().parent.parent


def swkit(*argv: str | bytes, env: dict[str, str] | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real command (this checkout first on the path)."""
    environment = dict(os.environ if env is None else env)
    environment["PYTHONPATH"] = os.pathsep.join([str(ROOT), environment.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "swkit", *argv], capture_output=True,
                          text=True, env=environment, cwd=cwd, timeout=120,
                          errors="backslashreplace")


def assert_one_line(done: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> None:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and " error: " in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


# --- item 2: user files --------------------------------------------------------------------

def test_a_deeply_nested_powers_file_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    assert_one_line(swkit("play", "cards", "--powers", str(path)), "deep.json",
                    "nested too deeply")


def test_a_number_too_long_for_python_in_a_powers_file_is_one_line(tmp_path):
    """A 5,000-digit Power number gave a ValueError traceback from json.loads (Python's
    4,300-digit limit; fresh fuzz, issue 15)."""
    data = json.loads((ROOT / "swkit/cards/data/mickey_and_friends.json").read_text())
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data).replace('"number": 1,', '"number": ' + "9" * 5000 + ",", 1))
    assert_one_line(swkit("play", "cards", "--powers", str(path)), "long.json",
                    "more than 4,300 digits")


def test_a_huge_powers_file_is_refused_before_it_is_read(tmp_path):
    """A sparse 2 GB file: refused from its size (reading it whole took 10 s and then a
    MemoryError); /dev/zero, which has no size, is refused as not a regular file."""
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(2 * 1024 ** 3)
    assert_one_line(swkit("play", "cards", "--powers", str(path)), "huge.json",
                    "larger than 1 MB")
    if Path("/dev/zero").exists():
        assert_one_line(swkit("play", "cards", "--powers", "/dev/zero"), "not a regular file")


def test_read_bytes_stops_at_the_limit_even_without_a_size(tmp_path):
    """The limit holds while reading too (a file that grows, a device): at most limit + 1
    bytes are read."""
    path = tmp_path / "box.json"
    path.write_bytes(b"x" * 101)
    assert read_bytes(path, limit=101) == b"x" * 101
    with pytest.raises(SwkitError, match="larger than 100 bytes"):
        read_bytes(path, limit=100)
    if Path("/dev/zero").exists():
        with pytest.raises(SwkitError, match="not a regular file"):
            read_bytes("/dev/zero")
    assert MAX_FILE_BYTES == 1_000_000
    with pytest.raises(SwkitError, match="nested too deeply"):
        parse_json("[" * 100_000, "file 'x.json'")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    """Opening a pipe for reading waits for a writer for ever; the reader opens it without
    blocking and refuses it (the command would time out here without that)."""
    pipe = tmp_path / "box.json"
    os.mkfifo(pipe)
    with pytest.raises(SwkitError, match="not a regular file"):
        read_bytes(pipe)
    assert_one_line(swkit("play", "cards", "--powers", str(pipe)), "not a regular file")


@pytest.mark.parametrize("kind", ["name", "folder"])
def test_a_file_name_too_long_is_one_line(kind, tmp_path):
    long = "a" * 300 + ".json"
    path = str(tmp_path / long) if kind == "name" else str(tmp_path / long / "box.json")
    done = swkit("play", "cards", "--powers", path)
    assert_one_line(done, "File name too long", "characters)")
    assert len(done.stderr) < 250                     # the name is cut, not printed whole
    assert_one_line(swkit("lessons", "--no-open", "--dir", str(tmp_path / long)),
                    "File name too long")


def test_every_oserror_in_main_is_one_line_with_exit_2(monkeypatch, capsys):
    """One place in main turns an OSError from any command into one line (the kind, not the
    one input): here a play that fails with an OSError of its own."""
    from swkit.cards import play as card_play

    def broken(*_args, **_kwargs):
        raise OSError(5, "Input/output error", "/media/usb/box.json")

    monkeypatch.setattr(card_play, "play_game", broken)
    assert main(["play", "cards"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("swkit play cards: error: '/media/usb/box.json': "
                                 "Input/output error\n")


@pytest.mark.skipif(os.name != "posix", reason="a POSIX file name that is not UTF-8")
def test_a_lessons_folder_whose_name_is_not_utf8_under_a_strict_output(tmp_path):
    """The copy went fine, then printing the folder's name stopped with UnicodeEncodeError;
    now the name is printed with a backslash escape and the command ends normally."""
    folder = os.fsencode(tmp_path) + b"/caf\xe9"
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    done = subprocess.run([sys.executable, "-m", "swkit", "lessons", "--no-open", "--dir",
                           folder], capture_output=True, env=dict(
                               env, PYTHONPATH=os.pathsep.join([str(ROOT),
                                                                env.get("PYTHONPATH", "")])),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"caf\\udce9" in done.stdout and b"copied     01-" in done.stdout
    assert (Path(os.fsdecode(folder)) / "RULES.md").is_file()


def test_a_deeply_nested_manifest_is_a_note_and_nothing_is_lost(tmp_path):
    work = tmp_path / "work"
    assert swkit("lessons", "--no-open", "--dir", str(work)).returncode == 0
    first = sorted(work.glob("0*.ipynb"))[0]
    first.write_text("my answers\n")
    (work / lessons.MANIFEST).write_text("[" * 100_000)
    done = swkit("lessons", "--no-open", "--dir", str(work))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "note: the manifest .swkit-lessons.json could not be read" in done.stdout
    assert f"kept yours {first.name}" in done.stdout
    assert first.read_text() == "my answers\n"
    assert json.loads((work / lessons.MANIFEST).read_text())["files"]  # written anew


# --- item 3: silent acceptance -------------------------------------------------------------

@pytest.mark.parametrize(("argv", "words"), [
    (["odds", "hand", "--hand", "R1,,R2"], ["hand: entry 2 of 'R1,,R2' is empty"]),
    (["odds", "hand", "--hand", "R1, R2,"], ["hand: entry 3", "nothing after it"]),
    (["odds", "hand", "--hand", "R1", "--tableau", ",R4"], ["tableau: entry 1", "before"]),
    (["odds", "hand", "--hand", "R1", "--discard", "G3,,G4"], ["discard: entry 2"]),
    (["odds", "hand", "--hand", "R1", "--others", "B5 / R1,,R2"], ["others, tableau 2"]),
    (["odds", "hand", "--hand", "R1", "--scored", ","], ["scored: entry 1 of ','"]),
    (["odds", "hand", "--hand", "R1", "--scored", "1,,2"], ["scored: entry 2 of '1,,2'"]),
    (["odds", "roll", "--scored", ","], ["--scored: entry 1 of ','"]),
    (["odds", "roll", "--scored", "Minnie,,Donald"], ["--scored: entry 2"]),
    (["odds", "roll", "--dice", "Mickey,,Mickey C g p"], ["dice: entry 2"]),
    (["odds", "roll", "--taken", "Goofy:4,,Mickey:5"], ["--taken: entry 2"]),
])
def test_an_empty_entry_in_a_list_is_refused_naming_it(argv, words, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "an entry may be missing" in err and "separate the entries" in err
    for word in words:
        assert word in err, err


def test_lists_without_an_empty_entry_still_work(capsys):
    assert main(["odds", "hand", "--hand", "R1, R2", "--scored", "1, 3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["probability"] == "0"
    assert main(["odds", "hand", "--hand", "", "--tableau", "", "--scored", ""]) == 0
    capsys.readouterr()
    # every character scored: "nothing left to score" stays (a documented decision)
    assert main(["odds", "roll", "--scored", "Mickey, Minnie, Donald, Goofy, Pluto"]) == 0
    assert "nothing left to score" in capsys.readouterr().out


HUGE = "9" * 5000
NUMBER_OPTIONS = [
    (["play", "dice"], "--seed"), (["play", "dice"], "--players"),
    (["play", "cards"], "--seed"), (["play", "cards"], "--players"),
    (["play", "cards"], "--editions"), (["odds", "deal"], "--cards"),
    (["odds", "hand", "--hand", "R1"], "--turns"), (["odds", "hand", "--hand", "R1"], "--editions"),
    (["odds", "roll"], "--rolls-left"), (["odds", "roll"], "--at-least"),
    (["odds", "roll"], "--characters"), (["odds", "roll"], "--wilds"),
    (["tournament", "--game", "dice", "--bots", "greedy,random"], "--games"),
    (["tournament", "--game", "dice", "--bots", "greedy,random", "--games", "4"], "--workers"),
    (["tournament", "--game", "dice", "--bots", "greedy,random", "--games", "4"], "--chunk-size"),
    (["tournament", "--game", "dice", "--bots", "greedy,random", "--games", "4"], "--seed"),
]


@pytest.mark.parametrize(("argv", "option"), NUMBER_OPTIONS)
def test_a_number_too_long_to_read_is_one_short_line_naming_the_option(argv, option, capsys):
    """A pasted 5,000-digit number (over Python's 4,300-digit limit) gave argparse's "invalid
    parse value" with the whole number echoed, a 5,000-character line (fresh fuzz, issue 15)."""
    with pytest.raises(SystemExit) as stop:
        main([*argv, option, HUGE])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    line = err.splitlines()[-1]
    assert f"argument {option}: must be" in line and "invalid" not in line, line
    assert len(line) < 240, line


def test_a_tournament_of_more_games_than_the_limit_is_refused_before_it_starts(capsys):
    """`--games 1000000000000` started and never ended (fresh fuzz, issue 15): refused, with the
    limit, before any game; the limit itself is accepted."""
    from swkit.cli.tournament import MAX_GAMES
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "--game", "dice", "--bots", "greedy,random",
              "--games", str(10**12)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--games: must be a whole number from 1 to 1,000,000" in err and err.count("\n") <= 3
    args = build_parser().parse_args(["tournament", "--game", "dice", "--bots", "greedy,random",
                                      "--games", str(MAX_GAMES)])
    assert args.games == MAX_GAMES == 1_000_000


def _long_options() -> list[tuple[tuple[str, ...], str]]:
    """(command path, option) for every long option of every parser."""
    found: list[tuple[tuple[str, ...], str]] = []

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        for action in parser._actions:
            found.extend((path, o) for o in action.option_strings if o.startswith("--"))
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, (*path, name))
    walk(build_parser(), ())
    return found


def test_every_parser_refuses_abbreviated_options(capsys):
    """`--versio` was read as --version: every option of every parser must be spelt in
    full."""
    options = _long_options()
    assert len(options) > 40
    names = {(path, option) for path, option in options}
    for path, option in options:
        short = option[:-1]
        while (path, short) in names:  # --game is an option of its own beside --games
            short = short[:-1]
        with pytest.raises(SystemExit) as stop:
            main([*path, short])
        err = capsys.readouterr().err
        assert stop.value.code == 2, (path, option)
        assert f"unrecognized arguments: {short}" in err and "spelt in full" in err, err
        meant = [o for p, o in names if p == path and o.startswith(short)]
        assert any(f"did you mean {o}?" in err for o in meant), err  # that command's own
    with pytest.raises(SystemExit):
        main(["--versio"])
    assert "did you mean --version?" in capsys.readouterr().err


@pytest.mark.parametrize("argv, meant", [
    (["site", "--out", "x", "--forc"], "--force"),
    (["odds", "hand", "--hand", "R1 R2", "--budge", "5"], "--budget"),
    (["play", "dice", "--seed", "1", "--player", "2"], "--players"),
    (["tournament", "--game", "dice", "--bots", "win,points", "--games", "2", "--worker", "1"],
     "--workers"),
])
def test_the_suggestion_is_for_the_misspelt_option_after_a_right_one(argv, meant, capsys):
    """fuzz 13: the first option the top parser did not know (a right one of the command,
    --out) was taken as the misspelt one: "--forc (... did you mean --out?)"."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"did you mean {meant}?" in err, err


# --- item 6: never write through a link ----------------------------------------------------

@pytest.fixture
def kit(tmp_path: Path) -> Path:
    src = tmp_path / "kit"
    (src / "solutions").mkdir(parents=True)
    for name in ("01-a.ipynb", "README.md", "solutions/01-a.ipynb"):
        (src / name).write_text(f"kit {name}\n")
    return src


needs_links = pytest.mark.skipif(os.name != "posix", reason="symbolic links")


@needs_links
def test_a_planted_partial_link_is_never_written_through(kit, tmp_path):
    """Old: the copy wrote `.01-a.ipynb.partial` with write_bytes, following a link planted
    there onto any file (as root: any file of the system)."""
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    for name in ("01-a.ipynb", "README.md", "RULES.md"):
        (work / f".{name}.partial").symlink_to(victim)
    report = lessons.copy_lessons(work, source=kit)
    assert victim.read_text() == "precious\n"
    assert (work / "01-a.ipynb").read_text() == "kit 01-a.ipynb\n"
    assert not (work / "01-a.ipynb").is_symlink() and "01-a.ipynb" in report.copied
    assert sorted(p.name for p in work.glob(".*.partial")) == [
        ".01-a.ipynb.partial", ".README.md.partial", ".RULES.md.partial"]  # left alone
    mode = (work / "01-a.ipynb").stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


@needs_links
def test_a_symlinked_manifest_is_refused_and_its_target_untouched(kit, tmp_path, capsys):
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    (work / lessons.MANIFEST).symlink_to(victim)
    with pytest.raises(lessons.LessonsError, match="symbolic link"):
        lessons.copy_lessons(work, source=kit)
    assert victim.read_text() == "precious\n" and not (work / "01-a.ipynb").exists()
    assert main(["lessons", "--no-open", "--dir", str(work)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "symbolic link" in err and lessons.MANIFEST in err
    assert victim.read_text() == "precious\n"
    # a dangling link too (it would create the file it points at)
    (work / lessons.MANIFEST).unlink()
    (work / lessons.MANIFEST).symlink_to(tmp_path / "new-file")
    with pytest.raises(lessons.LessonsError, match="symbolic link"):
        lessons.copy_lessons(work, source=kit)
    assert not (tmp_path / "new-file").exists()


@needs_links
def test_a_link_in_a_lessons_place_is_kept_and_not_followed(kit, tmp_path):
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    (work / "01-a.ipynb").symlink_to(victim)
    report = lessons.copy_lessons(work, source=kit)
    assert "01-a.ipynb" in report.kept and victim.read_text() == "precious\n"
    assert (work / "01-a.ipynb").is_symlink()
    # a linked solutions folder is refused before anything is written
    other = tmp_path / "elsewhere"
    other.mkdir()
    work2 = tmp_path / "shared2"
    work2.mkdir()
    (work2 / "solutions").symlink_to(other)
    with pytest.raises(lessons.LessonsError, match="solutions.*symbolic link"):
        lessons.copy_lessons(work2, source=kit)
    assert list(other.iterdir()) == [] and list(work2.iterdir()) == [work2 / "solutions"]
    assert "solutions" not in str(lessons.copy_lessons(work2, source=kit, solutions=False)
                                  .copied)


# --- item 7: the rules travel with the lessons ---------------------------------------------

def test_the_copied_folder_has_the_rules_and_the_guide_links_them(tmp_path):
    report = lessons.copy_lessons(tmp_path / "work")
    assert "RULES.md" in report.copied
    assert (tmp_path / "work" / "RULES.md").read_bytes() == (ROOT / "docs" / "RULES.md"
                                                             ).read_bytes()
    guide = (tmp_path / "work" / "README.md").read_text(encoding="utf-8")
    assert "](RULES.md)" in guide and "../docs/RULES.md" not in guide
    # every "RULES.md §X" a copied lesson cites is a section of the copied RULES.md
    import re
    rules = (tmp_path / "work" / "RULES.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#+ ([A-C]\d+)\.", rules, re.M))
    for notebook in (tmp_path / "work").glob("*.ipynb"):
        for cited in re.findall(r"RULES\.md §([A-C]\d+)", notebook.read_text("utf-8")):
            assert cited in sections, (notebook.name, cited)
