"""The card odds back to back with another checkout: CPU seconds and memo entries per question.

Run: ``python bench/odds_cards_versus.py OTHER`` with OTHER a folder holding another version of
the ``swkit`` package (e.g. ``git archive <commit> | tar -x -C /tmp/other``). For each bench
position (``bench/odds_cards.py``: realistic, swap, extra play, draw two, pass) and T = 1..3,
with numpy and with ``SWKIT_NUMPY=0``, it runs ``player_odds(pos, T, budget=None)`` in a fresh
process, this checkout and OTHER alternating, and prints the answer (the same on both, or it
says so), the CPU time (``time.process_time()``) and the memo entries the search held at the
end (``_Engine.memo_entries``, the unit of the work budget). ``--turns 3`` limits the turns.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from odds_budget import QUESTIONS  # bench/ is the script's folder, so on sys.path

CHILD = """
import json, sys, time
from swkit.odds import cards
from swkit.odds.cards import engine

spec, turns = json.loads(sys.argv[1]), int(sys.argv[2])
engines = []
make = engine._engine
engine._engine = lambda pos, later: engines.append(make(pos, later)) or engines[-1]
start = time.process_time()
r = cards.player_odds(cards.make_position(**spec), turns, budget=None)
print(json.dumps([str(r.probability), time.process_time() - start,
                  engines[-1].memo_entries()]))
"""

# the bench's five positions, as bench/odds_budget.py names them ("bench swap" -> "swap")
POSITIONS = [(name.removeprefix("bench "), spec) for name, spec in QUESTIONS[:5]]


def run(code: Path, spec: dict, turns: int, numpy: bool) -> tuple[str, float, int]:
    env = dict(os.environ, PYTHONPATH=str(code), OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1")
    env["SWKIT_NUMPY"] = "1" if numpy else "0"
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(spec), str(turns)],
                          capture_output=True, text=True, env=env, check=True, cwd="/")
    answer, cpu, entries = json.loads(done.stdout)
    return answer, cpu, entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a folder holding another swkit package")
    parser.add_argument("--turns", type=int, nargs="*", default=[1, 2, 3])
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    print(f"this: {here}  other: {args.other}  (CPU seconds, memo entries; fresh processes)")
    for numpy in (True, False):
        print(f"\nnumpy {'on' if numpy else 'off (SWKIT_NUMPY=0)'}:")
        for label, spec in POSITIONS:
            for turns in args.turns:
                a_other, c_other, e_other = run(args.other, spec, turns, numpy)
                a_this, c_this, e_this = run(here, spec, turns, numpy)
                same = "same answer" if a_this == a_other else f"DIFFERENT: other {a_other}"
                print(f"  {label:10s} T={turns}: {a_this:>16s}  other {c_other:7.2f} s "
                      f"{e_other:>9,}  ->  this {c_this:6.2f} s {e_this:>9,}  ({same})",
                      flush=True)


if __name__ == "__main__":
    main()
