"""Every Power in the center, alone and with each one that can be scored, at T = 3 (issue 21).

Run: ``python bench/odds_scan.py``. For each position (the bench's cards of
``bench/odds_budget.py`` with and without the figure, its extra-play tableau, and issue 16's
position H) and each center Power, alone and with each other Power scored, it asks
``player_odds(position, 3)`` with the default work budget in a fresh process and prints the
answer or the refusal, the memo entries spent (``_Engine.spent``) and the CPU seconds
(``time.process_time()``, the process's start included); then the slowest answer and the
slowest refusal. A question still running after ``--limit`` CPU seconds is stopped
(RLIMIT_CPU) and counted apart. ``--save FILE`` writes every result as JSON; ``--check FILE``
compares with such a file and names every question answered there whose answer changed here
(refused or stopped here included). ``--positions`` picks positions by name, ``--among`` the
questions whose Powers are all among the keys given; ``--sample N`` (``--seed S``) asks only N
of them drawn at random (the same N for the same seed), in scan order; ``--numpy off`` runs
without numpy. At the end: the CPU seconds' median, 90th percentile and maximum over the
questions asked (answered and refused).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

from odds_budget import B, H  # bench/ is the script's folder, so on sys.path

from swkit.cards.editions import load_edition

CHILD = """
import json, resource, sys, time
from swkit.errors import WorkBudgetError
from swkit.odds import cards
from swkit.odds.cards import engine
spec, limit = json.loads(sys.argv[1]), int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
engines = []
make = engine._engine
engine._engine = lambda pos, later: engines.append(make(pos, later)) or engines[-1]
try:
    r = cards.player_odds(cards.make_position(**spec), 3)
    out = {"answer": str(r.probability)}
except WorkBudgetError as exc:
    out = {"refused": exc.needed}
out["spent"] = engines[-1].spent()
out["cpu"] = time.process_time()
print(json.dumps(out))
"""

POSITIONS = {
    "bench": dict(B, figure=True),
    "bench, no figure": dict(B),
    "bench extra play": dict(B, tableau="R4 R6 B8 G5", figure=True),
    "H": dict(H),
}
"""The positions scanned: their cards, and whether the figure is held."""


def questions(names: list[str], among: list[str]) -> list[tuple[str, dict]]:
    """(label, make_position keywords) of every center Power, alone and with each other; with
    ``among``, only those whose Powers are all among them."""
    keys = [p.key for p in load_edition("mickey").powers]
    out = []
    for name in names:
        for center in keys:
            for scored in ["", *(k for k in keys if k != center)]:
                if among and not {center, scored or center} <= set(among):
                    continue
                label = f"{name}: {center}" + (f" + {scored}" if scored else "")
                out.append((label, dict(POSITIONS[name], center=center, scored=scored)))
    return out


def ask(spec: dict, limit: int, numpy: bool) -> dict:
    """One question in a fresh process: its result, or ``{"over": limit}``."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if not numpy:
        env["SWKIT_NUMPY"] = "0"
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(spec), str(limit)],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        if done.returncode in (-24, -9):            # SIGXCPU, SIGKILL: over the CPU limit
            return {"over": limit}
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", nargs="+", choices=list(POSITIONS),
                        default=list(POSITIONS), metavar="NAME",
                        help=f"positions to scan (default all: {', '.join(POSITIONS)})")
    parser.add_argument("--among", nargs="+", default=[], metavar="KEY",
                        help="only the questions whose Powers are all among these keys")
    parser.add_argument("--limit", type=int, default=180, help="CPU seconds per question")
    parser.add_argument("--numpy", choices=("on", "off"), default="on")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="ask only N of the questions, drawn at random (--seed)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    parser.add_argument("--save", type=Path, help="write the results as JSON")
    parser.add_argument("--check", type=Path, help="compare with results saved earlier")
    args = parser.parse_args()
    earlier = json.loads(args.check.read_text()) if args.check else {}
    results: dict[str, dict] = {}
    asked = questions(args.positions, args.among)
    if args.sample is not None and args.sample < len(asked):
        keep = set(random.Random(args.seed).sample(range(len(asked)), args.sample))
        asked = [q for i, q in enumerate(asked) if i in keep]
    for label, spec in asked:
        got = results[label] = ask(spec, args.limit, args.numpy == "on")
        if "answer" in got:
            what = got["answer"]
        elif "refused" in got:
            what = f"refused (needs about {got['refused']:,})"
        else:
            what = f"stopped after {args.limit} s of CPU"
        cpu = f"{got['cpu']:6.1f} s CPU" if "cpu" in got else ""
        spent = f"{got['spent']:>9,} entries" if "spent" in got else ""
        print(f"  {label:58s} {what:38s} {spent} {cpu}", flush=True)
        before = earlier.get(label)
        if before and "answer" in before and got.get("answer") != before["answer"]:
            print(f"    CHANGED: was {before['answer']} ({before['cpu']:.1f} s)", flush=True)
    for kind in ("answer", "refused"):
        done = [(r["cpu"], label) for label, r in results.items() if kind in r]
        if done:
            cpu, label = max(done)
            print(f"slowest {'answer' if kind == 'answer' else 'refusal'}: {cpu:.1f} s CPU "
                  f"({label}); {len(done)} questions")
    cpus = sorted(r["cpu"] for r in results.values() if "cpu" in r)
    if cpus:
        p90 = statistics.quantiles(cpus, n=10, method="inclusive")[-1] if len(cpus) > 1 \
            else cpus[0]
        print(f"CPU seconds over {len(cpus)} questions: median {statistics.median(cpus):.1f}, "
              f"90th percentile {p90:.1f}, max {cpus[-1]:.1f}")
    over = [label for label, r in results.items() if "over" in r]
    print(f"stopped at the limit ({args.limit} s): {len(over)}" + "".join(
        f"\n  {label}" for label in over))
    if args.save:
        args.save.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
