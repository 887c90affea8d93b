"""Print the CPU time every JSON loader of the kit takes on adversarial texts of about 1 MB.

Usage: python bench/loaders.py [--size BYTES] [--repeat N]

Each loader (a saved card game, a saved dice game, an edition read from a Powers data file, the
kit's JSON reader ``swkit.files.parse_json``) is handed each text of :data:`TEXTS`, made about
``--size`` bytes long (default 1,000,000: the largest file the kit reads), and must read or
refuse it; the best of N tries is printed in seconds of this process's CPU time
(``time.process_time``), with what the loader said. Then the same texts at half the size, and
the ratio: a linear loader takes about twice as long on twice the text (a quadratic one four
times). The tests check the scan's structure, not its speed (tests/test_saves_linear.py).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.files import parse_json

TEXTS: dict[str, Callable[[int], str]] = {
    "unclosed escapes '\"\\\\'*n": lambda n: '"\\' * (n // 2),
    "quotes '\"'*n": lambda n: '"' * n,
    "escaped quotes '\"\\\\\"'*n": lambda n: '"\\"' * (n // 3),
    "escaped newlines": lambda n: '"a\\\n' * (n // 4),
    "open lists '['*n": lambda n: "[" * n,
    "close lists ']'*n": lambda n: "]" * n,
    "empty pairs '[]'*n": lambda n: "[" + "[]," * (n // 3) + "[]]",
    "nested 30 deep, wide": lambda n: "[" * 30 + "0," * (n // 2 - 40) + "0" + "]" * 30,
    "open strings in lists": lambda n: '["' * (n // 2),
    "a key written again and again": lambda n: "{" + '"a":1,' * (n // 6) + '"a":1}',
    "a long string": lambda n: json.dumps({"players": "x" * n}),
    "a long number list": lambda n: json.dumps({"history": [[0, "x"]] * (n // 8)}),
    "deep objects": lambda n: '{"a":' * (n // 5),
}
"""Adversarial texts by name, each a function of the wanted size in characters."""


def _edition(text: str) -> object:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "powers.json"
        path.write_text(text, encoding="utf-8")
        return load_edition(str(path))


LOADERS: dict[str, Callable[[str], object]] = {
    "CardGame.from_json": CardGame.from_json,
    "DiceGame.from_json": DiceGame.from_json,
    "load_edition (file)": _edition,
    "parse_json": lambda text: parse_json(text, "text"),
}
"""The loaders, by name: each takes the text."""


def cpu(fn: Callable[[], object], repeat: int) -> tuple[float, str]:
    """The best CPU time of ``repeat`` calls of ``fn`` in seconds, and what the last one said."""
    best, said = float("inf"), ""
    for _ in range(repeat):
        c0 = time.process_time()
        try:
            fn()
            said = "read"
        except ConfigurationError as exc:
            said = "refused: " + str(exc)[:60]
        best = min(best, time.process_time() - c0)
    return best, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    worst = 0.0
    print(f"{'loader':22} {'text':32} {'s at size':>9} {'s at half':>9} {'ratio':>6}  said")
    for lname, load in LOADERS.items():
        for tname, make in TEXTS.items():
            text, half = make(args.size), make(args.size // 2)
            full_s, said = cpu(lambda t=text, f=load: f(t), args.repeat)
            half_s, _ = cpu(lambda t=half, f=load: f(t), args.repeat)
            ratio = full_s / half_s if half_s > 0.002 else float("nan")
            worst = max(worst, full_s)
            print(f"{lname:22} {tname:32} {full_s:9.3f} {half_s:9.3f} {ratio:6.1f}  {said}")
    print(f"slowest: {worst:.3f} s of CPU for {args.size:,} characters")


if __name__ == "__main__":
    main()
