"""What a teacher reads on the command line: no internal references or jargon in help texts
and answers (no "(issue 8; ...)", "from the shipped table, within 8.5e-13" or "memo entries
... (0.4 to 2 KB each)")."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from swkit.cli import main
from swkit.cli.command import build_parser
from swkit.cli.odds_duel import within_words

INTERNAL = re.compile(r"\bissues? \d|\bmemo\b|\bmemo entr|\bnumpy\b|\bshipped\b", re.IGNORECASE)
"""An issue number, or a word of the code's own (the memo of the exact search, numpy, the
"shipped" table), which a teacher cannot act on."""


def every_help() -> list[tuple[str, str]]:
    """(command, help text) of ``swkit`` and every subcommand, however deep."""
    found = []

    def walk(parser: argparse.ArgumentParser, name: str) -> None:
        found.append((name, parser.format_help()))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(sub, f"{name} {sub_name}")

    walk(build_parser(), "swkit")
    return found


def test_every_command_has_help():
    names = [name for name, _ in every_help()]
    for wanted in ("swkit lessons", "swkit site", "swkit tournament", "swkit odds duel",
                   "swkit odds hand", "swkit play cards"):
        assert wanted in names


@pytest.mark.parametrize("name,text", every_help(), ids=[n for n, _ in every_help()])
def test_no_help_text_names_an_issue_or_an_internal_word(name, text):
    flat = " ".join(text.split())
    assert not INTERNAL.search(flat), f"{name} --help: {INTERNAL.search(flat).group(0)!r} in {flat}"


def test_the_budget_help_says_what_it_is_for():
    text = " ".join(dict(every_help())["swkit odds hand"].split())
    budget = text[text.index("--budget N "):text.index("--simulate N ")]
    assert "how much work the exact search may do before it stops and says so" in budget
    assert "raise it for a slower, bigger search" in budget
    assert "Counted in remembered positions" in budget  # the unit, named briefly
    assert "KB" not in budget and " here" not in budget


def test_the_lessons_help_names_the_guide_as_the_teacher_finds_it():
    text = " ".join(dict(every_help())["swkit lessons"].split())
    assert "The teacher's guide is README.md in that folder." in text


@pytest.mark.parametrize("bound,words", [
    (8.5e-13, "each within 0.000000000001 of the exact chance"),
    (1e-12, "each within 0.000000000001 of the exact chance"),
    (1.2e-12, "each within 0.00000000001 of the exact chance"),
    (0.05, "each within 0.1 of the exact chance"),
])
def test_the_error_bound_in_words(bound, words):
    assert within_words(bound) == words


@pytest.mark.parametrize("bound", [0.0, -1e-12, float("nan"), float("inf")])
def test_a_bound_that_is_no_bound_is_refused(bound):
    with pytest.raises(ValueError, match="error bound"):
        within_words(bound)


DUEL = ["odds", "duel", "--board", "Mickey:3,Goofy:0 / Minnie:5", "--dice", "Mic Mic C g p",
        "--rolls-left", "1"]


def test_a_duel_answer_from_the_table_says_so_for_a_teacher(capsys):
    """The text names the kit's solved table and how close it is; --json keeps the bound."""
    from swkit.odds.dice import DiceModel
    from swkit.odds.duel import table_error
    assert main(DUEL) == 0
    text = capsys.readouterr().out
    assert not INTERNAL.search(text), text
    assert "from the kit's solved table, each within 0.000000000001 of the exact chance" in text
    assert "e-1" not in text  # no 8.5e-13
    assert table_error(DiceModel()) < 1e-12  # the words are true of the table
    assert main([*DUEL, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["exact"] is False and record["error_bound"] == table_error(DiceModel())


def test_a_budget_refusal_names_its_unit_in_plain_words(capsys):
    """The refusal's number is in the unit the help names ("remembered positions")."""
    code = main(["odds", "hand", "--hand", "B2 G7 Y9", "--tableau", "R4 R6 B8", "--discard",
                 "G3 P5 Y4 B1", "--center", "yellow-swap", "--figure", "--turns", "3",
                 "--budget", "100"])
    err = capsys.readouterr().err
    assert code == 2 and "remembered positions" in err, err
    assert not INTERNAL.search(err), err
