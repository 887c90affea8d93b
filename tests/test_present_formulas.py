"""`swkit odds deal` writes its counts as the lessons do (C(n, k), products, one step of the
arithmetic a line), not in sympy's text, which `--json` keeps. Every printed line is read back
here by a parser of its own (Python's, after the lessons' signs are swapped for Python's) and
must give the count."""

from __future__ import annotations

import json
import re
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swkit.cli import main
from swkit.odds.deal import deal_odds
from swkit.present.cards import COUNTED_NAMES, deal_query, format_deal
from swkit.present.formulas import formula_steps, formula_words


def value_of(words: str) -> int:
    """The number a line in the lessons' notation stands for, read independently of
    swkit.present.formulas: its signs swapped for Python's and evaluated with math.comb."""
    assert re.fullmatch(r"[0-9C(), ·−+^-]+", words), words
    python = (words.replace("·", "*").replace("−", "-").replace("^", "**")
              .replace("C(", "comb("))
    return eval(python, {"__builtins__": {}, "comb": comb})  # noqa: S307 - checked above


def counted_blocks(text: str) -> dict[str, list[str]]:
    """The steps printed under "counted as", by the name of the count."""
    blocks: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines()[text.splitlines().index(next(
            x for x in text.splitlines() if x.strip().startswith("counted as"))) + 1:]:
        head, _, step = line.partition(" = ")
        if head.strip():
            name = head.strip()
        blocks.setdefault(name, []).append(step)
    return blocks


COMBOS = [(e, color, number) for e in (1, 2, 3, 4)
          for color, number in [(None, None), *((c, None) for c in "RBGYP"),
                                ("purple", None), *((None, n) for n in range(1, 10))]]


FEW = [(1, None, None), (1, "P", None), (1, None, 1), (2, None, 5), (3, "Y", None)]
"""A few of COMBOS for the fast tier (each answer counts every deal)."""


@pytest.mark.parametrize(("editions", "color", "number"), FEW)
def test_every_printed_step_gives_the_count(editions, color, number):
    check_printed_steps(editions, color, number)


@pytest.mark.slow
@pytest.mark.parametrize(("editions", "color", "number"), [c for c in COMBOS if c not in FEW])
def test_every_printed_step_gives_the_count_for_every_option(editions, color, number):
    check_printed_steps(editions, color, number)


def check_printed_steps(editions: int, color: str | None, number: int | None) -> None:
    result = deal_query(3, editions=editions, wild_color=color, wild_number=number)
    text = format_deal(result)
    assert "binomial" not in text and "**" not in text and "*" not in text
    blocks = counted_blocks(text)
    counts = {"set": result["counts"]["set"], "run": result["counts"]["run"],
              "total": result["counts"]["total"]}
    assert list(blocks) == list(COUNTED_NAMES.values())
    for key, name in COUNTED_NAMES.items():
        steps = blocks[name]
        assert [value_of(s) for s in steps] == [counts[key]] * len(steps), (name, steps)
        assert steps[-1] == str(counts[key])            # ends in the count itself
        assert len(set(steps)) == len(steps)            # each line a new step
    # --json keeps sympy's text, and it is the engine's formula
    odds = deal_odds(3, editions=editions, wild_color=color, wild_number=number)
    assert result["formula"]["run"] == str(odds.formula("run"))
    assert result["formula"]["total"] == str(odds.total_formula())


def test_the_issues_command_prints_the_lessons_notation(capsys):
    assert main(["odds", "deal", "--cards", "3", "--wild-color", "P"]) == 0
    out = capsys.readouterr().out
    assert "7*(1 + 4*(-1 + 2**3))" not in out
    assert "    runs      = 7 · (1 + 4 · (2 · 2 · 2 − 1))\n" in out
    assert "              = 203\n" in out
    assert "    sets      = 9 · C(5, 3)\n              = 9 · 10\n              = 90\n" in out
    assert main(["odds", "deal", "--cards", "3", "--wild-color", "P", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["formula"]["run"] == "7*(1 + 4*(-1 + 2**3))"


def test_no_formula_no_steps():
    text = format_deal(deal_query(3, wild_color="P", wild_number=1))
    assert "counted as" not in text


# -- the writer on any formula of the kit's kind -----------------------------------------------

small = st.integers(0, 12).map(str)
formulas = st.recursive(
    small | st.tuples(st.integers(0, 20), st.integers(0, 5)).map(
        lambda nk: f"binomial({nk[0]}, {nk[1]})"),
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda ab: f"({ab[0]} + {ab[1]})"),
        st.tuples(inner, inner).map(lambda ab: f"({ab[0]} - {ab[1]})"),
        st.tuples(inner, inner).map(lambda ab: f"{ab[0]}*{ab[1]}"),
        st.tuples(inner, st.integers(1, 4)).map(lambda ab: f"({ab[0]})**{ab[1]}"),
        inner.map(lambda a: f"-{a}")),
    max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(formulas)
def test_each_step_of_any_formula_has_the_formulas_value(formula):
    want = eval(formula, {"__builtins__": {}, "binomial": comb})  # noqa: S307 - made above
    steps = formula_steps(formula)
    assert steps[0] == formula_words(formula)
    assert [value_of(s) for s in steps] == [want] * len(steps)
    assert re.fullmatch(r"−?[0-9]+", steps[-1])       # the last step is the number


@pytest.mark.parametrize("bad", ["x", "2.5", "binomial(3)", "__import__('os')", "3 / 4",
                                 "f(1, 2)", "", "2 **", "1" * 3000])
def test_what_is_not_a_counting_formula_is_a_value_error(bad):
    with pytest.raises(ValueError, match="not a counting formula"):
        formula_steps(bad)


def test_the_modules_examples():
    import doctest

    import swkit.present.formulas

    assert doctest.testmod(swkit.present.formulas).failed == 0
