"""Random inputs for the kit's answers, copies, saves, counts, clicks and lesson updates, unlike
the inputs the other tests use:

- ``check``: random answers of every number type (NumPy, sympy, Fraction, Decimal, huge ints,
  texts, nested lists) for every exercise: never an exception or a warning, never the answer
  shown unless the value equals it up to float rounding;
- copies: random games of both kinds, a random number of steps, copied by a random means
  (``copy``, ``deepcopy``, a pickle of any protocol, ``copy()``), then both played on with random
  choices: the copy never changes the original or its save, and the two agree when fed the
  same choices;
- saves: a random save, a random object in it and one of its keys written again (same value or
  another, before or after): always refused, naming that key's path;
- counts: every constructor count of both games given as a random integer type (or as a
  non-integer): the same game as the int, or a ConfigurationError, never another exception;
- clicks: random clicks on a dice cup under both back ends while a simulated page echoes the
  state at random moments: no error, and a Roll is applied only when the page had shown the
  state it was clicked on;
- lessons: random edits and JupyterLab-like saves of a lesson, then a kit update: updated
  exactly when the cells did not change.

Run ``python tests/random_inputs.py [ROUNDS]`` for the counts (each kind: inputs tried, faults
found); ``tests/test_random_inputs.py`` runs a small round as a slow test.
"""

from __future__ import annotations

import copy
import dataclasses
import decimal
import json
import pickle
import random
import sys
import tempfile
import traceback
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import sympy
from random_play import click_at_random, dumps_repeating, json_path, objects, play

from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.exercises import ROUNDING, all_exercises, assess
from swkit.saves import SaveError

ROOT = Path(__file__).resolve().parent.parent
Faults = list[str]


def _random_game(rng: random.Random) -> Any:
    if rng.random() < 0.5:
        return CardGame(players=rng.randint(2, 4), seed=rng.getrandbits(rng.choice((8, 64, 200))),
                        editions=rng.choice((1, 1, 2)), secret_bots=rng.random() < 0.2)
    return DiceGame(players=rng.randint(1, 4), seed=rng.randint(-10**30, 10**30))


# -- check -------------------------------------------------------------------------------------

def _random_answer(rng: random.Random, exact: Fraction) -> Any:
    kinds: list[Callable[[], Any]] = [
        lambda: rng.choice((np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64))(
            rng.randint(0, 120)),
        lambda: np.int64(rng.randint(-2**63, 2**63 - 1)),
        lambda: rng.choice((np.float16, np.float32, np.float64))(rng.uniform(-3, 3)),
        lambda: np.float64(float(exact)),
        lambda: sympy.Integer(rng.randint(-10**6, 10**6)),
        lambda: sympy.Rational(exact.numerator, exact.denominator) * rng.choice((1, 1, 2)),
        lambda: sympy.Float(float(exact), rng.randint(5, 30)),
        lambda: Fraction(rng.randint(-10**9, 10**9), rng.randint(1, 10**9)),
        lambda: Fraction(float(exact)),
        lambda: decimal.Decimal(rng.uniform(-2, 2)),
        lambda: decimal.Decimal(rng.choice(("NaN", "Infinity", "-Infinity", "1e5000"))),
        lambda: rng.randint(-10**rng.randint(1, 6000), 10**rng.randint(1, 6000)),
        lambda: Fraction(10**rng.randint(4400, 6000), rng.randint(1, 99)),
        lambda: rng.choice(("", " ", "1/0", "½", "٣", "1e999", "nan", "7 / 2838", "1,5",
                            "Fraction(1, 0)", "%", "-%", "0x10", "1_000")),
        lambda: [exact, np.int64(1)],
        lambda: (float("nan"),),
        lambda: {1, 2},
        lambda: np.array([1, 2]),
        lambda: complex(1, 1),
        lambda: np.bool_(True),
    ]
    return rng.choice(kinds)()


def fuzz_check(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    faults: Faults = []
    tried = 0
    exercises = []
    for exercise in all_exercises():
        answer = exercise.answer()     # computed once: the exercise below reuses it
        exercises.append((dataclasses.replace(exercise, answer=lambda a=answer: a), answer))
    for _ in range(rounds):
        exercise, answer = rng.choice(exercises)
        numeric = isinstance(answer, int | Fraction)
        exact = Fraction(answer) if numeric else Fraction(1, 3)
        given = _random_answer(rng, exact)
        tried += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                right, message = assess(exercise, given)
        except Exception as exc:  # noqa: BLE001 - a fault to report
            faults.append(f"check {exercise.key} {type(given).__name__}: "
                          f"{type(exc).__name__}: {exc}"[:200])
            continue
        if numeric and exact.denominator > 1 and not right:
            shown = f"{exact.numerator}, {exact.denominator}" in message or (
                f"{exact.numerator}/{exact.denominator}" in message)
            try:
                near = abs(Fraction(float(given)) - exact) <= abs(exact) * ROUNDING
            except (TypeError, ValueError, OverflowError):
                near = False
            if shown and not near and f"{exact.numerator}" not in repr(given):
                faults.append(f"check {exercise.key} showed the answer to {given!r:.60}")
    return tried, faults


# -- copies ------------------------------------------------------------------------------------

COPIERS: list[Callable[[Any], Any]] = [
    copy.copy, copy.deepcopy, lambda g: g.copy(),
    *[(lambda g, p=p: pickle.loads(pickle.dumps(g, p)))
      for p in range(pickle.HIGHEST_PROTOCOL + 1)],
]


def fuzz_copies(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    faults: Faults = []
    for i in range(rounds):
        game = play(_random_game(rng), rng.randint(0, 60), rng)
        save = game.to_json()
        copier = rng.randrange(len(COPIERS))
        try:
            twin = COPIERS[copier](game)
            assert twin == game, "the copy differs"
            play(twin, rng.randint(1, 80), random.Random(i))
            assert game.to_json() == save, "playing the copy changed the original"
            assert type(game).from_json(save) == game, "the original's save no longer loads"
            again = COPIERS[copier](game)
            play(game, 30, random.Random(-i))
            play(again, 30, random.Random(-i))
            assert again == game, "the copy and the original went different ways"
            entries = game.history
            if isinstance(entries, list):
                raise AssertionError("history is the live list")
            view = game.view(0)
            assert pickle.loads(pickle.dumps(copy.deepcopy(view))) == view
        except Exception as exc:  # noqa: BLE001 - a fault to report
            faults.append(f"copy #{copier} of {type(game).__name__}: {type(exc).__name__}: "
                          f"{exc}"[:200])
    return rounds, faults


# -- saves with a key written twice --------------------------------------------------------------

def fuzz_repeated_keys(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    faults: Faults = []
    for _ in range(rounds):
        game = play(_random_game(rng), rng.randint(0, 200), rng)
        data = json.loads(game.to_json())
        path, obj = rng.choice([(p, o) for p, o in objects(data) if o])
        key = rng.choice(list(obj))
        extra = rng.choice((obj[key], None, 0, "x", [], {}, obj[key]))
        text = dumps_repeating(data, path, key, extra, rng.random() < 0.5)
        try:
            type(game).from_json(text)
            faults.append(f"{type(game).__name__}: {json_path((*path, key))} written twice was "
                          "accepted")
        except SaveError as exc:
            if exc.path != json_path((*path, key)):
                faults.append(f"{type(game).__name__}: refused at {exc.path!r}, not at "
                              f"{json_path((*path, key))!r}")
        except Exception as exc:  # noqa: BLE001 - a fault to report
            faults.append(f"{type(game).__name__}: {type(exc).__name__}: {exc}"[:200])
    return rounds, faults


# -- counts of any type ------------------------------------------------------------------------

INTEGER_TYPES = (int, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.uint64,
                 sympy.Integer)
NOT_INTEGERS: list[Any] = [2.0, np.float32(2), True, False, np.bool_(False), "2", b"2", None,
                           Fraction(2), decimal.Decimal(2), 2j, [2], object()]


def fuzz_counts(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    faults: Faults = []
    for _ in range(rounds):
        cards = rng.random() < 0.5
        fields = (("players", 2, 4), ("seed", 0, 100), ("round_limit", 1, 50),
                  ("editions", 1, 2)) if cards else (("players", 1, 4), ("seed", 0, 100),
                                                      ("turns", 1, 5))
        plain = {name: rng.randint(low, high) for name, low, high in fields}
        make = CardGame if cards else DiceGame
        typed = {}
        for name, value in plain.items():
            kind = rng.choice(INTEGER_TYPES)
            typed[name] = kind(value) if rng.random() < 0.8 else rng.choice(
                [v for v in NOT_INTEGERS if v is not None or name != "turns"])  # None: default
        try:
            want = make(**plain).to_json()
        except ConfigurationError:
            continue
        bad = [n for n, v in typed.items()
               if isinstance(v, bool | np.bool_) or not isinstance(v, int | np.integer
                                                                    | sympy.Integer)]
        try:
            got = make(**typed).to_json()
            if bad:
                faults.append(f"{make.__name__}({bad[0]}={typed[bad[0]]!r}) was accepted")
            elif got != want:
                faults.append(f"{make.__name__}{typed} differs from {plain}")
        except ConfigurationError:
            if not bad:
                faults.append(f"{make.__name__}{typed} was refused")
        except Exception as exc:  # noqa: BLE001 - a fault to report
            faults.append(f"{make.__name__}{typed!r:.100}: {type(exc).__name__}: {exc}"[:200])
    return rounds, faults


# -- clicks with a simulated page -----------------------------------------------------------------

def _student_rolls(game: DiceGame) -> int:
    """How many rolls of their turns the student (seat 0) has made."""
    return sum(1 for step in game.history if step.kind != "action" and step.seat == 0)


def fuzz_clicks(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    from swkit.widgets import DiceCup, set_backend

    faults: Faults = []
    clicks = 0
    for i in range(rounds):
        backend = ("thread", "inline")[i % 2]
        set_backend(backend)
        try:
            w = DiceCup(players=rng.randint(1, 3), seed=rng.randint(0, 10**6), bot_delay=0,
                        bots=rng.choice(("greedy", "random", "points")))
            w._seen.value = w._drawn.value      # a page has drawn the cup
            for _ in range(rng.randint(20, 120)):
                if w.game.is_terminal():
                    break
                clicks += 1
                seen = w._seen.value == w._drawn.value
                rolls = _student_rolls(w.game)   # the bots may move meanwhile (threads)
                if click_at_random(w, rng) == "roll" and not seen and (
                        _student_rolls(w.game) != rolls):
                    faults.append(f"{backend}: a Roll clicked on an old screen rolled")
                if rng.random() < 0.6:
                    w.wait_idle()
                    w._seen.value = w._drawn.value   # the page catches up
            w.wait_idle()
            faults += [f"{backend}: {type(e).__name__}: {e}"[:200] for e in w.errors]
            w.close()
        except Exception:  # noqa: BLE001 - a fault to report
            faults.append(f"{backend}: " + traceback.format_exc(limit=2)[-200:])
        finally:
            set_backend(None)
    return clicks, faults


# -- lessons saved by JupyterLab -------------------------------------------------------------------

def fuzz_lessons(rounds: int, rng: random.Random) -> tuple[int, Faults]:
    import nbformat

    from swkit.cli import lessons

    faults: Faults = []
    notebooks = sorted((ROOT / "lessons").glob("*.ipynb"))
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            kit, work = Path(tmp) / "kit", Path(tmp) / "work"
            kit.mkdir()
            lesson = rng.choice(notebooks)
            (kit / lesson.name).write_bytes(lesson.read_bytes())
            lessons.copy_lessons(work, source=kit)
            path = work / lesson.name
            notebook = nbformat.read(path, as_version=4)
            notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                               "language": "python"}
            notebook.metadata["language_info"] = {"name": "python",
                                                  "version": rng.choice(("3.11", "3.14"))}
            changed = False
            for cell in notebook.cells:
                cell.metadata[rng.choice(("collapsed", "scrolled", "editable", "tags"))] = True
                roll = rng.random()
                if roll < 0.03:
                    cell.source += rng.choice((" ", "\n", "x", "# my note"))
                    changed = True
                elif roll < 0.05 and cell.cell_type == "code":
                    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="hi")]
                    changed = True
                elif cell.cell_type == "code":
                    cell.execution_count = rng.choice((None, rng.randint(1, 40)))
            nbformat.write(notebook, path)
            data = json.loads(lesson.read_text(encoding="utf-8"))
            data["cells"].append({"cell_type": "markdown", "id": "kit-new", "metadata": {},
                                  "source": "the kit's next version"})
            (kit / lesson.name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            report = lessons.copy_lessons(work, source=kit)
            if changed and report.kept != [lesson.name]:
                faults.append(f"{lesson.name}: an edit was not kept ({report.lines()})")
            if not changed and report.updated != [lesson.name]:
                faults.append(f"{lesson.name}: a save with no edit was not updated "
                              f"({report.lines()})")
    return rounds, faults


KINDS: dict[str, Callable[[int, random.Random], tuple[int, Faults]]] = {
    "check: answers of any type": fuzz_check,
    "copies of games mid-game": fuzz_copies,
    "saves with a key twice": fuzz_repeated_keys,
    "counts of any type": fuzz_counts,
    "clicks with a page": fuzz_clicks,
    "lessons saved by JupyterLab": fuzz_lessons,
}

SCALE = {"check: answers of any type": 40, "copies of games mid-game": 2,
         "saves with a key twice": 2, "counts of any type": 20, "clicks with a page": 0.1,
         "lessons saved by JupyterLab": 0.5}
"""Inputs per round, per kind (the kinds differ in cost by orders of magnitude)."""


def run(rounds: int, seed: int = 21) -> dict[str, tuple[int, Faults]]:
    """Every kind with ``rounds`` scaled by :data:`SCALE`; ``{kind: (inputs tried, faults)}``."""
    results = {}
    for name, fuzz in KINDS.items():
        results[name] = fuzz(max(1, round(rounds * SCALE[name])), random.Random(f"{seed}/{name}"))
    return results


def main(argv: list[str]) -> int:
    rounds = int(argv[1]) if len(argv) > 1 else 100
    seed = int(argv[2]) if len(argv) > 2 else 21
    total = 0
    for name, (tried, faults) in run(rounds, seed).items():
        total += len(faults)
        print(f"{name:32} {tried:7,} inputs  {len(faults):3} faults")
        for fault in faults[:5]:
            print(f"    {fault}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
