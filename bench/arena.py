"""The class tournament's speed: a class of student bot files in their own processes.

    python bench/arena.py [--game dice|cards] [--bots 30] [--pairs 20] [--workers K]

Writes ``--bots`` bot files (dice: each a small rule, score a character once its count reaches
a threshold that differs from bot to bot, else keep the most common face; cards: play the card
that goes best with the tableau, by a reach that differs from bot to bot, else the first
move), plays the duplicate round robin of ``--game`` (``--bots`` choose 2 pairings x
``--pairs`` pairs x 2 games) and prints the wall time, the games per second, and the games per
second of the built-in bots alone (dice: greedy against points; cards: greedy against random;
one process) for comparison.
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

CARD_BOT = '''
REACH = {threshold}
def choose(view):
    mine = view.tableaux[view.player]
    def fit(move):
        card = move.split()[1]
        return sum(1 for c in mine if c[1] == card[1]
                   or (c[0] == card[0] and abs(int(c[1]) - int(card[1])) <= REACH))
    plays = [m for m in view.legal_moves if m.startswith("play ")]
    return max(plays, key=fit) if plays else view.legal_moves[0]
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("dice", "cards"), default="dice")
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
            code = BOT if args.game == "dice" else CARD_BOT
            path.write_text(code.format(threshold=2 + n % 4))
            files.append(str(path))
        start = time.perf_counter()
        result = round_robin(files, args.pairs, seed=1, workers=args.workers, game=args.game)
        wall = time.perf_counter() - start
    print(f"{args.game}: {args.bots} student bots, {args.pairs} duplicate pairs a pairing, "
          f"{os.cpu_count()} CPUs, workers {args.workers or 'default'}: {result.games:,} games "
          f"in {wall:.0f} s ({result.games / wall:.1f} games/s)")
    other = "points" if args.game == "dice" else "random"
    greedy, against = make_entrant("greedy", game=args.game), make_entrant(other, game=args.game)
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < 5:
        play_pair(greedy, against, games, args.game)
        games += 2
    print(f"built-in bots alone (greedy against {other}, this process): "
          f"{games / (time.perf_counter() - start):.1f} games/s")


if __name__ == "__main__":
    main()
