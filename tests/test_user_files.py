"""Every file a user hands in is read as UTF-8 text or refused in one line.

A Powers data file (``load_edition``, ``swkit play cards --powers``) and a saved game
(``CardGame.from_json``, ``DiceGame.from_json`` given the file's bytes or text): a UTF-8
byte-order mark loads; any other unreadable input raises a SwkitError naming the file and what is
wrong, and the command line exits with status 2 and one line on stderr.

The same holds for a file too large, too deeply nested, holding a number too long for Python, a
named pipe, a name too long, or any OSError (the real ``swkit`` command runs in a subprocess
there: status 2 and one line on stderr, never a traceback); the lessons' manifest, when it
cannot be read, is a note and nothing of the student's is lost.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.cli import lessons, main
from swkit.dice.game import DiceGame
from swkit.errors import SwkitError
from swkit.files import MAX_FILE_BYTES, parse_json, read_bytes

ROOT = Path(__file__).resolve().parent.parent

BUILTIN = Path(__file__).resolve().parent.parent / "swkit" / "cards" / "data" / \
    "mickey_and_friends.json"
TEXT = BUILTIN.read_text(encoding="utf-8")


def _bad_files(tmp: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, words the message must contain)."""
    files = {
        "utf-16 (Windows 'Unicode')": ("u16.json", TEXT.encode("utf-16"), "UTF-16"),
        "utf-16 without a mark": ("u16le.json", TEXT.encode("utf-16-le"), "UTF-16"),
        "utf-32": ("u32.json", TEXT.encode("utf-32"), "UTF-32"),
        "latin-1 accents": ("latin.json", TEXT.replace("Treat", "Tr\u00e9at").encode("latin-1"),
                            "not UTF-8"),
    }
    out = {}
    for name, (file, data, words) in files.items():
        (tmp / file).write_bytes(data)
        out[name] = (tmp / file, words)
    (tmp / "folder.json").mkdir()
    out["a folder"] = (tmp / "folder.json", "folder")
    out["missing"] = (tmp / "missing.json", "not found")
    return out


def test_every_unreadable_powers_file_raises_a_swkit_error_naming_it(tmp_path):
    for name, (path, words) in _bad_files(tmp_path).items():
        with pytest.raises(SwkitError) as caught:
            load_edition(str(path))
        message = str(caught.value)
        assert path.name in message and words in message, name


def test_every_unreadable_powers_file_exits_2_with_one_line(tmp_path, capsys):
    for name, (path, words) in _bad_files(tmp_path).items():
        code = main(["play", "cards", "--players", "2", "--powers", str(path)])
        out, err = capsys.readouterr()
        assert code == 2, name
        assert out == ""
        assert err.count("\n") == 1 and path.name in err and words in err, (name, err)
        assert "Traceback" not in err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="file permissions need a POSIX user other than root")
def test_a_file_without_read_permission_is_refused(tmp_path):
    path = tmp_path / "locked.json"
    path.write_text(TEXT, encoding="utf-8")
    path.chmod(0)
    try:
        with pytest.raises(SwkitError, match="locked.json.*cannot be read"):
            load_edition(str(path))
    finally:
        path.chmod(0o600)


def test_a_utf8_file_with_a_byte_order_mark_loads(tmp_path, capsys):
    path = tmp_path / "notepad.json"
    path.write_text(TEXT, encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert load_edition(str(path)) == load_edition("mickey")
    assert main(["play", "cards", "--players", "2", "--powers", str(path)]) == 0
    capsys.readouterr()


def test_an_empty_powers_name_says_no_file_was_given(capsys):
    with pytest.raises(SwkitError, match="no edition file given") as caught:
        load_edition("")
    assert "folder" not in str(caught.value)
    with pytest.raises(SystemExit) as stop:
        main(["play", "cards", "--players", "2", "--powers", ""])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--powers" in err and "no file" in err and "folder" not in err


@pytest.mark.parametrize("cls,make", [
    (CardGame, lambda: CardGame(players=2, seed=4)),
    (DiceGame, lambda: DiceGame(players=2, seed=4)),
])
def test_a_saved_game_loads_from_its_file_bytes_with_or_without_a_mark(cls, make):
    game = make()
    text = game.to_json()
    for data in (text.encode("utf-8"), text.encode("utf-8-sig"), "\ufeff" + text):
        assert cls.from_json(data).to_json() == text


@pytest.mark.parametrize("cls,make", [
    (CardGame, lambda: CardGame(players=2, seed=4)),
    (DiceGame, lambda: DiceGame(players=2, seed=4)),
])
def test_a_saved_game_in_another_encoding_is_refused(cls, make):
    text = make().to_json()
    for data, words in ((text.encode("utf-16"), "UTF-16"), (b"\xff" + text.encode(), "UTF-8")):
        with pytest.raises(SwkitError, match=words):
            cls.from_json(data)


def test_a_long_path_in_a_message_keeps_the_file_name(tmp_path: Path) -> None:
    """A path over the shown length is cut in its middle: the message still names the file."""
    from swkit.files import SHOWN_NAME, show_name

    deep = tmp_path / ("folder-" * 20) / "my_box.json"
    assert len(str(deep)) > SHOWN_NAME
    shown = show_name(deep)
    assert "my_box.json'" in shown and f"({len(str(deep))} characters)" in shown
    assert len(shown) < SHOWN_NAME + 25
    with pytest.raises(SwkitError, match="my_box.json"):
        load_edition(deep)



# -- what the command line does with a file it cannot read -------------------------------------

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


def test_a_deeply_nested_powers_file_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    assert_one_line(swkit("play", "cards", "--powers", str(path)), "deep.json",
                    "nested too deeply")


def test_a_number_too_long_for_python_in_a_powers_file_is_one_line(tmp_path):
    """A 5,000-digit Power number, over Python's 4,300-digit limit for a whole number, is one
    line naming the file, not json.loads's ValueError traceback."""
    data = json.loads((ROOT / "swkit/cards/data/mickey_and_friends.json").read_text())
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data).replace('"number": 1,', '"number": ' + "9" * 5000 + ",", 1))
    assert_one_line(swkit("play", "cards", "--powers", str(path)), "long.json",
                    "more than 4,300 digits")


def test_a_huge_powers_file_is_refused_before_it_is_read(tmp_path):
    """A sparse 2 GB file is refused from its size, before it is read (reading it whole would
    end in a MemoryError); /dev/zero, which has no size, is refused as not a regular file."""
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
