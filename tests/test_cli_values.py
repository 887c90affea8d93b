"""The command line's options, all at once.

An empty value is refused with one line naming the option, unless it has a meaning, and then
the option's ``--help`` says what ``""`` means; ``swkit --version``, and every command's
``--help`` starts with a description line.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

import swkit
from swkit.cli import build_parser, main

# the least each command needs to run
BASE: dict[tuple[str, ...], list[str]] = {
    ("play", "cards"): ["--players", "2"],
    ("play", "dice"): ["--players", "2"],
    ("odds", "deal"): ["--cards", "3"],
    ("odds", "hand"): ["--hand", "R3"],
    ("odds", "roll"): [],
    ("odds", "solo"): [],
    ("odds", "duel"): ["--board", "Mickey:3", "--dice", "Mic Mic C g p"],
    ("lessons",): ["--no-open"],
    ("tournament",): ["--game", "dice", "--bots", "points,greedy", "--games", "2"],
    ("site",): [],
    ("class", "report"): ["hand-ins.zip"],
}


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
              ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command (path of subcommand names) with its parser, the top one first."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, path + (name,))


def _value_options() -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for path, parser in _commands(build_parser()):
        for action in parser._actions:
            if action.option_strings and action.nargs != 0 and \
                    not isinstance(action, argparse._SubParsersAction):
                yield path, action


def test_every_command_is_listed_here():
    leaves = {path for path, p in _commands(build_parser())
              if not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)}
    assert leaves == set(BASE)


@pytest.mark.parametrize("path,action", list(_value_options()),
                         ids=lambda x: " ".join(x) if isinstance(x, tuple) else x.dest)
def test_an_empty_value_is_refused_or_its_meaning_is_in_the_help(path, action, capsys):
    option = action.option_strings[-1]
    argv = [*path, *BASE[path], option, ""]
    try:
        build_parser().parse_args(argv)
    except SystemExit as stop:
        err = capsys.readouterr().err
        assert stop.code == 2
        assert err.count("\n") == 1 and f"argument {option}" in err, err
        assert "empty" in err or "got ''" in err, err
        return
    assert '""' in (action.help or ""), (
        f"{' '.join(path)} {option} accepts an empty value: its help must say what it means")


def test_the_lists_that_may_be_empty_run(capsys):
    """The documented empty values give an answer (exit 0), as leaving the option out does."""
    for argv in (["odds", "hand", "--hand", "", "--tableau", "R4 R5", "--discard", "",
                  "--others", "", "--scored", ""],
                 ["odds", "roll", "--scored", "", "--taken", "", "--rolls-left", "1"]):
        assert main(argv) == 0
    capsys.readouterr()


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"swkit {swkit.__version__}"


@pytest.mark.parametrize("path", [p for p, _ in _commands(build_parser())],
                         ids=lambda p: " ".join(p) or "swkit")
def test_every_help_starts_with_a_description_line(path, capsys):
    with pytest.raises(SystemExit) as stop:
        main([*path, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    paragraphs = out.split("\n\n")
    assert paragraphs[0].startswith("usage: swkit")
    description = paragraphs[1]
    assert description[:1].isupper() and not description.startswith(("options", "positional")), (
        f"swkit {' '.join(path)} --help has no description line")


def test_help_swkit_opens_with_a_quick_start():
    import pydoc
    import re
    from pathlib import Path

    text = pydoc.render_doc(swkit, renderer=pydoc.plaintext)
    assert "Quick start" in text.split("PACKAGE CONTENTS")[0]
    assert len(text.splitlines()) < 80, "help(swkit) should be short"
    assert "Method resolution order" not in text
    from swkit import IllegalActionError, NotationError, SwkitError  # still importable
    assert issubclass(IllegalActionError, SwkitError) and issubclass(NotationError, SwkitError)
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    # one source for the version: pyproject.toml reads swkit.__version__ (one edit bumps both)
    assert not re.search(r'^version = "', pyproject, re.M)
    assert re.search(r'^version = \{ attr = "swkit.__version__" \}$', pyproject, re.M)
    from importlib.metadata import version
    assert version("swkit") == swkit.__version__
