"""Every file a user hands in is read as UTF-8 text or refused in one line (issue 6 item 1).

A Powers data file (``load_edition``, ``swkit play cards --powers``) and a saved game
(``CardGame.from_json``, ``DiceGame.from_json`` given the file's bytes or text): a UTF-8
byte-order mark loads; any other unreadable input raises a SwkitError naming the file and what is
wrong, and the command line exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.cli import main
from swkit.dice.game import DiceGame
from swkit.errors import SwkitError

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
