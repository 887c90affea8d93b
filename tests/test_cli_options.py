"""The command line's options, all at once: an empty value is refused with one line naming the
option unless it has a meaning (and then the option's ``--help`` says what ``""`` means); a list
with an empty entry, a number too long to read or over its limit, and an option spelt short or
wrong are refused in one line naming the option; every option a message names exists; ``swkit
--version``, and every command's ``--help`` starts with a description line.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import swkit
from swkit.cli import build_parser, main


def _parsers(parser: argparse.ArgumentParser | None = None,
             path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """(command path, parser) for the top parser and every command's own, depth first."""
    parser = build_parser() if parser is None else parser
    found = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _parsers(sub, (*path, name))
    return found


# -- a list with an empty entry ----------------------------------------------------------------

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


# -- numbers too long to read, and over their limit --------------------------------------------

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
    """A pasted 5,000-digit number (over Python's 4,300-digit limit) is one short line naming
    the option, not argparse's "invalid ... value" echoing the whole number."""
    with pytest.raises(SystemExit) as stop:
        main([*argv, option, HUGE])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    line = err.splitlines()[-1]
    assert f"argument {option}: must be" in line and "invalid" not in line, line
    assert len(line) < 240, line


def test_a_tournament_of_more_games_than_the_limit_is_refused_before_it_starts(capsys):
    """`--games 1000000000000` would never end: it is refused, with the limit, before any
    game; the limit itself is accepted."""
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


# -- options spelt in full, and only options that exist ----------------------------------------

def _long_options() -> list[tuple[tuple[str, ...], str]]:
    """(command path, option) for every long option of every parser."""
    return [(path, o) for path, parser in _parsers() for action in parser._actions
            for o in action.option_strings if o.startswith("--")]


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
    """The suggestion is for the misspelt option, not for the first option the top parser
    does not know (a right one of the command, such as --out: "--forc (... did you mean
    --out?)")."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"did you mean {meant}?" in err, err



def _options() -> dict[str, set[str]]:
    """Every command's options, by the command's name (``"odds hand"``)."""
    return {" ".join(path): {o for a in parser._actions for o in a.option_strings}
            for path, parser in _parsers()}


# which commands a module's messages reach
SERVES = {
    "odds/cards.py": ["odds hand"], "odds/deal.py": ["odds deal"],
    "odds/dice.py": ["odds roll"], "odds/solo.py": ["odds solo"],
    "present/cards.py": ["odds deal", "odds hand"], "present/dice.py": ["odds roll", "odds solo"],
    "cards/editions.py": ["play cards"], "cards/play.py": ["play cards"],
    "dice/play.py": ["play dice"], "cli/lessons.py": ["lessons"], "cli/site.py": ["site"],
    "cli/lessons_copy.py": ["lessons"], "cli/lessons_launch.py": ["lessons"],
    "cli/lessons_command.py": ["lessons"],
}


# options of another program that a module passes on (JupyterLab's, started by swkit lessons;
# jupyter lite build's, run by swkit site; python -m http.server's, which swkit site prints;
# npm pack's and pip download's, which fetch the site's copy of Pyodide; a CSS variable of
# ipywidgets' that the widgets' style reads), or of a command of its own (the duel table's
# builder, python -m swkit.odds.duel build; bench/duel.py --exact, which core.py cites; a student
# bot's process, python -m swkit.arena.child)
FOREIGN = {"cli/lessons_launch.py": {"--allow-root", "--no-browser"},
           "cli/site.py": {"--bind", "--contents", "--lite-dir", "--no-sourcemaps", "--output-dir",
                           "--piplite-wheels"},
           "cli/pyodide.py": {"--abi", "--dest", "--implementation", "--no-deps",
                              "--only-binary", "--pack-destination", "--platform",
                              "--python-version", "--quiet", "--silent"},
           "widgets/_base.py": {"--jp-widgets-inline-height"},
           "odds/duel/__main__.py": {"--out", "--dice", "--characters", "--wilds", "--rolls"},
           "odds/duel/core.py": {"--exact"},
           "arena/child.py": {"--fd", "--bot", "--memory", "--output"},
           "arena/bot_process.py": {"--fd", "--bot", "--memory", "--output"},
           "hub/config.py": {"--allow-root", "--timeout"}}


def test_every_option_a_message_names_exists():
    options = _options()
    every = set().union(*options.values())
    root = Path(__file__).resolve().parent.parent / "swkit"
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        allowed = set().union(*(options[c] for c in SERVES[rel])) if rel in SERVES else every
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", path.read_text(encoding="utf-8")))
        named -= FOREIGN.get(rel, set())
        assert named <= allowed, f"{rel} names {sorted(named - allowed)}"


# -- every command's options and help -------------------------------------------------------

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
    ("hub", "config"): ["--out", "hub"],
}


def _value_options() -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for path, parser in _parsers():
        for action in parser._actions:
            if action.option_strings and action.nargs != 0 and \
                    not isinstance(action, argparse._SubParsersAction):
                yield path, action


def test_every_command_is_listed_here():
    leaves = {path for path, p in _parsers()
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


@pytest.mark.parametrize("path", [p for p, _ in _parsers()],
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
