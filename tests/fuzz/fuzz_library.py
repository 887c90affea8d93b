"""The library's doors (issue 30 C, D, E15): charts, the games' constructors, from_position
and saves, the classroom codes, read_notebook, check(), and the deal formulas' lines."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

from fuzz_common import ROOT, Tally, attempt, odd_text, odd_value

ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def legal_text(rng: random.Random) -> str:
    """An odd text without the characters XML cannot hold (most charts then draw)."""
    return ILLEGAL.sub("", odd_text(rng)) or "x"


def fuzz_charts(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.errors import SwkitError
    from swkit.plots import Chart

    tally = tallies["C charts"] = Tally()
    colours = ["#000", "#123456", "red", "blue", "#12345", "#gggggg", "", None,
               '"><script>alert(1)</script>', "url(#x)", "rgb(1,2,3)", "#FFF", 7, "currentColor",
               "transparent", "#0000ff80"]

    def pick(values: list) -> Any:
        return rng.choice(values) if rng.random() < 0.95 else odd_value(rng)

    def series(chart: Any, n: int) -> None:
        kind = rng.choice(["bars", "line", "points", "band", "reference"])
        label = rng.choice([legal_text(rng), legal_text(rng), odd_text(rng), "seed 1", None,
                            "P(win)"]) if rng.random() < 0.95 \
            else odd_value(rng)
        count = n if rng.random() < 0.9 else rng.randint(0, 5)

        def nums(k: int) -> list:
            if rng.random() < 0.1:
                return [rng.uniform(0, 1)] * rng.choice((1000, 30000))
            return [odd_value(rng) if rng.random() < 0.03 else rng.uniform(-5, 5)
                    for _ in range(k)]
        if kind == "bars":
            kw: dict[str, Any] = {}
            if rng.random() < 0.3:
                kw["texts"] = [odd_text(rng) if rng.random() < 0.8 else odd_value(rng)
                               for _ in range(count)]
            if rng.random() < 0.3:
                kw["color"] = pick(colours)
            if rng.random() < 0.2:
                kw["colors"] = [pick(colours) for _ in range(count)]
            if rng.random() < 0.2:
                kw["intervals"] = [(rng.uniform(-1, 0), rng.uniform(0, 1)) if rng.random() < 0.8
                                   else odd_value(rng) for _ in range(count)]
            if rng.random() < 0.2:
                kw["hatch"] = pick(["", "/", "x", "..", "?", None])
            chart.bars(label, nums(count), **kw)
        elif kind == "line":
            k = rng.randint(0, 8) if rng.random() < 0.9 else 50000
            chart.line(label, nums(k), nums(k), color=pick(colours) if rng.random() < 0.3
                       else None, style=pick([None, "dashed", "dotted", "solid", "wavy"]),
                       marker=pick([None, "o", "D", "<", "zz"]))
        elif kind == "points":
            k = rng.randint(0, 8)
            chart.points(label, nums(k), nums(k), color=pick(colours) if rng.random() < 0.3
                         else None)
        elif kind == "band":
            k = rng.randint(0, 8)
            chart.band(label, nums(k), nums(k), nums(k))
        else:
            chart.reference(label, pick([0.5, 1, 1e308, -1e308, 5e-324, 0]),
                            color=pick(colours) if rng.random() < 0.5 else None)

    for _ in range(int(250 * scale)):
        n = rng.choice((1, 2, 3, 5, 12, 1000)) if rng.random() < 0.9 else rng.choice((0, 1001))
        cats = rng.random() < 0.5
        kw: dict[str, Any] = {}
        if cats:
            kw["categories"] = [legal_text(rng) if rng.random() < 0.3 else
                                rng.choice([1, 2.5, "a", "Mickey"]) if rng.random() < 0.98
                                else rng.choice([None, True]) for _ in range(n)]
            kw["horizontal"] = rng.random() < 0.3
        for key in ("xlabel", "ylabel", "note"):
            if rng.random() < 0.3:
                kw[key] = legal_text(rng) if rng.random() < 0.8 else odd_value(rng)
        if rng.random() < 0.3:
            kw["percent"] = pick([True, False, True, False, 1, "yes"])
        if rng.random() < 0.3:
            kw["limits"] = pick([(0, 1), (0, 1e308), (-1e308, 1e308), (1, 0), (5e-324, 1e-323),
                                 (0, float("inf")), "01", (0,)])
        if rng.random() < 0.2 and not cats:
            kw["xlimits"] = pick([(0, 10), (1, 10), (1e-300, 1e300), (2, 1)])
        if rng.random() < 0.2 and not cats:
            kw["xscale"] = pick(["log", "linear", "LOG", None])
        if rng.random() < 0.2:
            kw["width"] = pick([0, 0.1, 8, 30, 31, "8", 1e308, float("nan")])
        title = legal_text(rng) if rng.random() < 0.8 else odd_text(rng) if rng.random() < 0.8 \
            else odd_value(rng)

        def build(t: Any = title, k: dict = kw, n: int = n) -> tuple[str, str, str]:
            chart = Chart(t, **k)
            for _ in range(rng.randint(1, 4)):
                with contextlib.suppress(SwkitError):   # a refused series: the chart goes on
                    series(chart, n)
            return chart.svg(), chart.words(), chart.html()
        ok, value = attempt(tally, f"Chart({title!r:.60}, {kw!r:.200})", build, (SwkitError,),
                            seconds=20)
        if not ok:
            continue
        svg, words, page = value
        try:
            tree = ET.fromstring(svg.encode("utf-8"))
        except (ET.ParseError, UnicodeEncodeError) as exc:
            tally.fault(f"Chart({title!r:.60}, {kw!r:.200}): SVG does not parse: {exc}")
            continue
        for el in tree.iter():
            tag = el.tag.split("}")[-1]
            if tag in ("script", "foreignObject", "iframe") or any(
                    a.lower().startswith("on") or "javascript:" in v for a, v in el.attrib.items()):
                tally.fault(f"Chart({title!r:.60}): markup injected: <{tag} {el.attrib}>")
        if "<script" in page.lower():
            tally.fault(f"Chart({title!r:.60}): <script in the html")
        if len(words) > 40_000 or len(svg) > 6_000_000:
            tally.fault(f"Chart({title!r:.60}): {len(words)} characters of words, "
                        f"{len(svg)} of SVG")
        if "inf%" in words or "nan%" in words.lower():   # (a label may be "NaN" itself)
            tally.fault(f"Chart({title!r:.60}): words say inf or nan: {words[:200]!r}")


# ---------------------------------------------------------------- D: the library's doors
def mutate_text(rng: random.Random, text: str) -> str:
    roll = rng.random()
    if roll < 0.2:
        cut = rng.randint(0, len(text))
        return text[:cut]
    if roll < 0.45:
        data = json.loads(text)
        edit_json(rng, data)
        return json.dumps(data)
    if roll < 0.6:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(['"', "\\", "{", "[", "]", "0", "-", "e", "\x00", "é",
                                      "\ud800", " ", "9" * 400]) + text[i + 1:]
    if roll < 0.8:
        size = rng.choice((1000, 100_000, 1_000_000))
        unit = rng.choice(['"\\', "[", "{\"a\":", "1,", "\\u0000", " ", "[[]],", '"', "-",
                           "0" * 10, "é", "{\"history\":["])
        return (unit * (size // len(unit)))[:size]
    data = json.loads(text)
    keys = list(data) if isinstance(data, dict) else []
    if keys:
        data[rng.choice(keys)] = rng.choice([None, [], {}, "x", -1, 10 ** 30, 1e308, [[]] * 3,
                                             [0] * 100_000, "x" * 500_000, True])
    return json.dumps(data)


def edit_json(rng: random.Random, data: Any) -> None:
    """One random edit deep inside a parsed save."""
    for _ in range(30):
        if isinstance(data, dict) and data:
            key = rng.choice(list(data))
            if rng.random() < 0.35 or not isinstance(data[key], (dict, list)) or not data[key]:
                data[key] = replacement(rng, data[key])
                return
            data = data[key]
        elif isinstance(data, list) and data:
            i = rng.randrange(len(data))
            if rng.random() < 0.35 or not isinstance(data[i], (dict, list)) or not data[i]:
                if rng.random() < 0.2:
                    del data[i]
                else:
                    data[i] = replacement(rng, data[i])
                return
            data = data[i]
        else:
            return


def replacement(rng: random.Random, old: Any) -> Any:
    if isinstance(old, bool):
        return rng.choice([not old, 1, None, "true"])
    if isinstance(old, int):
        return rng.choice([old + 1, old - 1, -old, 0, -1, 2 ** 63, 10 ** 100, float(old),
                           str(old), None, True])
    if isinstance(old, str):
        return rng.choice([old + "x", old[:-1], old.upper(), "", old * 2, 5, None,
                           "\ud800", old[::-1]])
    if isinstance(old, list):
        return rng.choice([[], old + old[-1:], old[:-1], old[::-1], {}, None, [old]])
    return rng.choice([None, 0, "", [], {}, {"a": 1}])


def position_extras(rng: random.Random, players: int, cards: list[str]
                    ) -> dict[str, Callable[[], Any]]:
    """For each optional argument of ``from_position``, how to draw a value (good or bad)."""
    return {"tableaux": lambda: rng.choice([[[]] * players, True, [["R1"]] * players,
                                            [odd_text(rng)] * players]),
            "deck": lambda: rng.choice([rng.sample(cards, 5), "", odd_text(rng), []]),
            "discard": lambda: rng.choice([[], rng.sample(cards, 2), 5]),
            "centers": lambda: rng.choice([[None], [1], [99], ["wild"], [odd_text(rng)]]),
            "figures": lambda: rng.choice([[None], [0], [players], [-1], [True]]),
            "scored": lambda: rng.choice([[[]] * players, [[1]] * players, [[(1, 1)]]]),
            "player": lambda: rng.choice([0, players - 1, players, -1, True, 1.0]),
            "phase": lambda: rng.choice(["draw", "play", "power", "score", "discard", "x"]),
            "turn": lambda: rng.choice([0, 1, 99, 100, 399, 400, 10 ** 20, -1]),
            "editions": lambda: rng.choice([1, 2, 4, 5, 2 ** 63, 0]),
            "seed": lambda: odd_value(rng),
            "round_limit": lambda: rng.choice([1, 10, 100, 0, 10 ** 9]),
            "power_used": lambda: rng.choice([True, False, 1]),
            "played": lambda: rng.choice([None, "R1", "Z9", 5]),
            "exact_deck": lambda: rng.choice([True, False])}


def fuzz_games(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.cards.game import CardGame
    from swkit.dice.game import DiceGame
    from swkit.errors import SwkitError
    from swkit.saves import SaveError

    refusals = (SwkitError, SaveError)
    cons, pos, saves = Tally(), Tally(), Tally()
    tallies["D constructors"], tallies["D from_position"], tallies["D saves"] = cons, pos, saves
    for _ in range(int(300 * scale)):
        game = rng.choice((CardGame, DiceGame))
        names = (["players", "seed", "editions", "round_limit", "secret_bots"]
                 if game is CardGame else ["players", "seed", "characters", "turns"])
        kw = {n: odd_value(rng) if rng.random() < 0.5 else rng.choice((1, 2, 3, 4, 0, 5))
              for n in rng.sample(names, rng.randint(1, len(names)))}
        if "characters" in kw and rng.random() < 0.5:
            kw["characters"] = rng.choice([["Mickey"], ["Mickey"] * 7, [], "Mickey", [1, 2],
                                           ["x"] * 10 ** 5, ("Goofy", "goofy")])
        ok, made = attempt(cons, f"{game.__name__}(**{kw!r:.200})", lambda g=game, k=kw: g(**k),
                           refusals)
        if ok:
            again = attempt(cons, f"{game.__name__}(**{kw!r:.200}) save round trip",
                            lambda m=made: type(m).from_json(m.to_json()), refusals)
            if not again[0]:
                cons.fault(f"{game.__name__}(**{kw!r:.200}): its save is refused")

    cards = [f"{c}{n}" for c in "BGPRY" for n in range(1, 10)]
    for _ in range(int(300 * scale)):
        players = rng.choice((1, 2, 2, 3, 4, 5))
        kw: dict[str, Any] = {"hands": [rng.sample(cards, rng.randint(0, 7))
                                        for _ in range(players)]}
        if rng.random() < 0.3:
            kw["hands"][0] = odd_value(rng) if rng.random() < 0.5 else "R1 R2 Q9"
        extras = position_extras(rng, players, cards)
        for key in rng.sample(sorted(extras), rng.randint(0, 5)):
            kw[key] = extras[key]()
        ok, game = attempt(pos, f"CardGame.from_position(**{kw!r:.300})",
                           lambda k=kw: CardGame.from_position(**k), refusals)
        if ok:
            problem = attempt(pos, "check_position", game.check_position, refusals)[1]
            if problem is not None:
                pos.fault(f"from_position(**{kw!r:.300}) built a game its check refuses: "
                          f"{problem}")
            if not attempt(pos, "save", lambda g=game: CardGame.from_json(g.to_json()),
                           refusals)[0]:
                pos.fault(f"from_position(**{kw!r:.300}): its own save is refused")

    sys.path.insert(0, str(ROOT / "tests"))
    from random_play import play
    for _ in range(int(200 * scale)):
        kind = rng.choice((CardGame, DiceGame))
        game = kind(players=rng.randint(2, 4), seed=rng.getrandbits(40)) if kind is CardGame \
            else kind(players=rng.randint(1, 4), seed=rng.getrandbits(40))
        play(game, rng.randint(0, 60), rng)
        text = mutate_text(rng, game.to_json())
        start = time.perf_counter()
        ok, loaded = attempt(saves, f"{kind.__name__}.from_json({text[:150]!r} ...{len(text)})",
                             lambda t=text, k=kind: k.from_json(t), refusals, seconds=1.0)
        if time.perf_counter() - start > 3:
            saves.fault(f"{kind.__name__}.from_json of {len(text)} characters took "
                        f"{time.perf_counter() - start:.1f} s")
        if ok:
            again = attempt(saves, "reloaded", lambda g=loaded, k=kind: k.from_json(g.to_json()),
                            refusals)
            if not again[0]:
                saves.fault(f"{kind.__name__}.from_json({text[:200]!r}) accepted, but its own "
                            "save is refused")


def fuzz_codes(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.classroom import codes
    from swkit.errors import SwkitError

    tally = tallies["D classroom codes"] = Tally()
    refusals = (SwkitError,)
    for _ in range(int(600 * scale)):
        size = rng.randint(1, 12)
        tally_ = [rng.randint(0, rng.choice((5, 100, 10 ** 6))) for _ in range(size)]
        seed = rng.getrandbits(rng.choice((8, 64, 200)))
        if rng.random() < 0.15:
            tally_ = odd_value(rng) if rng.random() < 0.5 else [odd_value(rng)] * size
        if rng.random() < 0.1:
            seed = odd_value(rng)
        ok, code = attempt(tally, f"make_code({tally_!r:.80}, {seed!r:.40})",
                           lambda t=tally_, s=seed: codes.make_code(t, s), refusals)
        if not ok:
            continue
        give = size if rng.random() < 0.6 else rng.choice((None, size + 1, "5", 10 ** 100, 0))
        back = attempt(tally, f"read_code({code!r}, {give!r:.20})",
                       lambda c=code, g=give: codes.read_code(c, g), refusals)
        if back[0] and tuple(back[1].tally) != tuple(tally_):
            tally.fault(f"read_code(make_code({tally_!r:.80})) gave {back[1]!r:.80}")
        # one edit: never read as another tally
        edit = rng.choice(["drop", "swap", "change", "insert", "case", "space", "lig"])
        i = rng.randrange(len(code))
        alphabet = sorted(set(code) | set("0123456789ABCDEFGHJKMNPQRSTVWXYZ"))
        edited = {"drop": code[:i] + code[i + 1:],
                  "swap": code[:i] + code[i + 1:i + 2] + code[i:i + 1] + code[i + 2:],
                  "change": code[:i] + rng.choice(alphabet) + code[i + 1:],
                  "insert": code[:i] + rng.choice(alphabet) + code[i:],
                  "case": code.lower(), "space": " " + code.replace("-", " - ") + "\n",
                  "lig": code[:i] + rng.choice(["ﬁ", "Ｏ", "О", "\u200b", "\x00"]) + code[i:]}[edit]
        for g in (None, size):
            ok2, read = attempt(tally, f"read_code({edited!r}, {g}) ({edit})",
                                lambda e=edited, gg=g: codes.read_code(e, gg), refusals)
            if ok2 and tuple(read.tally) != tuple(tally_):
                tally.fault(f"read_code({edited!r}, {g}) ({edit} of {code!r}) accepted as "
                            f"{read!r:.120}, made from {tally_!r:.80}")
        pool = [code, edited] if rng.random() < 0.5 else [code] * rng.randint(1, 3)
        attempt(tally, f"pool_codes({pool!r:.100}, {size})",
                lambda p=pool, s=size: codes.pool_codes(p, s), refusals)
        attempt(tally, "pool_codes(odd)", lambda pool=pool, size=size: codes.pool_codes(
            rng.choice([odd_value(rng), " ".join(pool), [odd_value(rng)]]),
            rng.choice([size, odd_value(rng)])), refusals)
        name = odd_text(rng) if rng.random() < 0.7 else odd_value(rng)
        cls = rng.getrandbits(64) if rng.random() < 0.8 else odd_value(rng)
        attempt(tally, f"student_seed({cls!r:.40}, {name!r:.40})",
                lambda c=cls, n=name: codes.student_seed(c, n), refusals)
        lesson = rng.choice((1, 2, 5, 10, 0, 11, "1", None, 1.0))
        try:
            keys = codes.lesson_exercises(lesson) if lesson in (1, 2, 5, 10) else ("1.1",)
        except SwkitError:
            keys = ("1.1",)
        right = set(rng.sample(keys, rng.randint(0, len(keys))))
        tried = right | set(rng.sample(keys, rng.randint(0, len(keys))))
        if rng.random() < 0.2:
            tried = rng.choice([odd_value(rng), ["9.9"], right - {next(iter(right), None)}])
        ok3, pcode = attempt(tally, f"progress_code({lesson!r}, {right}, {tried!r:.60})",
                             lambda a=lesson, r=right, t=tried: codes.progress_code(a, r, t),
                             refusals)
        if ok3:
            j = rng.randrange(len(pcode))
            symbol = rng.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
            for text in (pcode, pcode[:j] + pcode[j + 1:], pcode[:j] + symbol + pcode[j + 1:]):
                okp, got = attempt(tally, f"read_progress_code({text!r})",
                                   lambda t=text: codes.read_progress_code(t), refusals)
                if okp and (got.lesson != lesson or set(got.right) != right
                            or set(got.tried) != set(tried)):
                    tally.fault(f"read_progress_code({text!r}) (from {pcode!r}) read as "
                                f"{got!r:.160}")
        attempt(tally, "read_progress_code(odd)",
                lambda: codes.read_progress_code(odd_value(rng)), refusals)


def fuzz_notebooks(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.classroom import records
    from swkit.errors import SwkitError

    tally = tallies["D read_notebook"] = Tally()
    log = records.Log()
    book = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []}
    for i in range(12):
        payload = log.keep(rng.choice(["1.1", "1.2", "2.1"]), rng.randint(0, 99),
                           rng.choice([True, False, None]))
        book["cells"].append({"cell_type": "code", "metadata": {}, "source": "check(...)",
                              "execution_count": i, "outputs": [{
                                  "output_type": "display_data", "metadata": {},
                                  "data": {"text/plain": "x", records.MIME: payload}}]})
    lessons = sorted((ROOT / "lessons").glob("*.ipynb"))
    for _ in range(int(300 * scale)):
        base = json.loads(json.dumps(book)) if rng.random() < 0.7 else json.loads(
            rng.choice(lessons).read_text())
        roll = rng.random()
        if roll < 0.5:
            for _ in range(rng.randint(1, 4)):
                edit_json(rng, base)
            given: Any = rng.choice([base, json.dumps(base), json.dumps(base).encode()])
        elif roll < 0.7:
            text = json.dumps(base)
            given = text[:rng.randint(0, len(text))]
        elif roll < 0.85:
            unit = rng.choice(["[", "{\"cells\":[", "\"", "\\\"", " ", "{\"a\":1,"])
            given = unit * (rng.choice((1000, 400_000)) // len(unit))
        else:
            given = odd_value(rng) if rng.random() < 0.5 else {"nbformat": 4, "cells": [
                {"cell_type": "code", "outputs": [{"data": {records.MIME: odd_value(rng)}}]}]}
        ok, value = attempt(tally, f"read_notebook({str(given)[:120]!r})",
                            lambda g=given: records.read_notebook(g), (SwkitError,), seconds=2)
        if ok:
            str(value)


def fuzz_check(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    import numpy as np
    import sympy

    from swkit.exercises import all_exercises, check

    tally = tallies["D check()"] = Tally()
    keys = [e.key for e in all_exercises()]
    answers: list[Callable[[], Any]] = [
        lambda: odd_value(rng), lambda: odd_text(rng), lambda: np.float64(rng.random()),
        lambda: np.int64(rng.randint(-9, 9)), lambda: sympy.Rational(rng.randint(0, 9), 7),
        lambda: sympy.Symbol("x"), lambda: sympy.oo, lambda: sympy.zoo, lambda: np.array([1, 2]),
        lambda: np.array([]), lambda: [[[]]], lambda: {1: 2}, lambda: {1, 2}, lambda: ...,
        lambda: check, lambda: f"{rng.randint(0, 99)}/{rng.randint(-2, 99)}",
        lambda: "1/" + "0" * 5000, lambda: "9" * 100_000, lambda: "1e999999", lambda: "0x1f",
        lambda: "２/３", lambda: "1_000", lambda: " 3 % ", lambda: Fraction(10 ** 500, 3),
        lambda: float("nan"), lambda: np.float16(1e4), lambda: b"1/2", lambda: bytearray(b"1"),
        lambda: range(3), lambda: iter([1]), lambda: type("W", (), {"__eq__": lambda s, o: 1 / 0,
                                                                    "__hash__": None})(),
    ]
    for _ in range(int(800 * scale)):
        key = rng.choice(keys) if rng.random() < 0.9 else odd_value(rng)
        answer = rng.choice(answers)()
        with contextlib.redirect_stdout(io.StringIO()):
            ok, value = attempt(tally, f"check({key!r:.30}, {answer!r:.80})",
                                lambda k=key, a=answer: check(k, a), (), seconds=3)
        if ok:
            attempt(tally, "str(feedback)", lambda v=value: str(v), ())


# ---------------------------------------------------------------- E15: deal formulas
def fuzz_formulas(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.cli import main

    tally = tallies["E15 deal formulas"] = Tally()
    combos = [(c, e, w, n) for c in (3, 4) for e in (1, 2, 3, 4) for w in (None, *"BGPRY")
              for n in (None, *range(1, 10))]
    rng.shuffle(combos)
    combos.sort(key=lambda c: c[0] != 3 or rng.random() < 0.1)  # mostly 3 cards: formulas
    for cards, editions, colour, number in combos[:int(120 * scale)]:
        argv = ["odds", "deal", "--cards", str(cards), "--editions", str(editions)]
        argv += ["--wild-color", colour] if colour else []
        argv += ["--wild-number", str(number)] if number else []
        out, err = io.StringIO(), io.StringIO()
        tally.tried += 1
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        text = out.getvalue()
        if code != 0:
            tally.fault(f"swkit {' '.join(argv)}: exit {code}: {err.getvalue()[-300:]}")
            continue
        counts = {"sets": int(re.search(r"a set: .*\((\d+) deals\)", text).group(1)),
                  "runs": int(re.search(r"a run: .*\((\d+) deals\)", text).group(1)),
                  "all deals": int(re.search(r"\(\d+ of (\d+) deals\)", text).group(1))}
        if "counted as" not in text:
            tally.refused += 1  # no formula shown, in words
            if "no formula" not in text and "no short formula" not in text:
                tally.fault(f"swkit {' '.join(argv)}: neither formula nor reason: {text}")
            continue
        tally.accepted += 1
        name = None
        for line in text.split("counted as", 1)[1].splitlines()[1:]:
            m = re.fullmatch(r"\s*(?:(sets|runs|all deals)\s*)?=\s*(.+?)\s*", line)
            if not m:
                if line.strip():
                    tally.fault(f"swkit {' '.join(argv)}: a formula line not read: {line!r}")
                continue
            name = m.group(1) or name
            expr = m.group(2).replace("·", "*").replace("×", "*").replace("−", "-")
            expr = re.sub(r"C\(", "comb(", expr).replace("^", "**")
            if not re.fullmatch(r"[\d\s*+\-()/,comb]+", expr):
                tally.fault(f"swkit {' '.join(argv)}: an odd formula line {line!r}")
                continue
            value = eval(expr, {"__builtins__": {}, "comb": comb})  # noqa: S307 - digits only
            if name is None or value != counts[name]:
                tally.fault(f"swkit {' '.join(argv)}: {line.strip()!r} is {value}, not "
                            f"{counts.get(name)} ({name})")


