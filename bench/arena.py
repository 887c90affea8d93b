"""The class tournament's speed: a class of student bot files in their own processes.

    python bench/arena.py [--bots 30] [--pairs 20] [--workers K]

Writes ``--bots`` bot files (each a small rule: score a character once its count reaches a
threshold that differs from bot to bot, else keep the most common face), plays the duplicate
round robin (``--bots`` choose 2 pairings x ``--pairs`` pairs x 2 games) and prints the wall
time, the games per second, and the games per second of the built-in bots alone (greedy
against points, one process) for comparison.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

BOT = '''
from collections import Counter
THRESHOLD = {threshold}
def choose(view):
    scores = [m for m in view.legal_moves if m.startswith("score")]
    dice = [d for d in view.dice if d != "Clubhouse"]
    common = Counter(dice).most_common(1)
    name, count = common[0] if common else ("Clubhouse", 0)
    count += sum(1 for d in view.dice if d == "Clubhouse")
    if scores and (count >= THRESHOLD or view.roll_number >= 3):
        wanted = "score " + name
        return wanted if wanted in scores else scores[0]
    keep = "keep " + " ".join([name] * sum(1 for d in view.dice if d == name))
    return keep if keep in view.legal_moves else view.legal_moves[0]
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", type=int, default=30)
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    from swkit.arena.matches import make_entrant, play_pair
    from swkit.arena.round_robin import round_robin

    with tempfile.TemporaryDirectory() as folder:
        files = []
        for n in range(args.bots):
            path = Path(folder) / f"student{n:02d}.py"
            path.write_text(BOT.format(threshold=2 + n % 4))
            files.append(str(path))
        start = time.perf_counter()
        result = round_robin(files, args.pairs, seed=1, workers=args.workers)
        wall = time.perf_counter() - start
    print(f"{args.bots} student bots, {args.pairs} duplicate pairs a pairing, "
          f"{os.cpu_count()} CPUs, workers {args.workers or 'default'}: {result.games:,} games "
          f"in {wall:.0f} s ({result.games / wall:.1f} games/s)")
    greedy, points = make_entrant("greedy"), make_entrant("points")
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < 5:
        play_pair(greedy, points, games)
        games += 2
    print(f"built-in bots alone (greedy against points, this process): "
          f"{games / (time.perf_counter() - start):.1f} games/s")


if __name__ == "__main__":
    main()
