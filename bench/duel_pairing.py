"""What an exact full-game value of a bot pairing would cost (issue 14 §3).

Usage: python bench/duel_pairing.py [--pair win,points] [--samples N] [--levels 9 8 ...]
                                    [--count] [--seed S]

``swkit.odds.duel.pairing.pairing_value`` evaluates two fixed policies exactly, remembering
values by ``pairing_state`` (finished rows folded into the points difference, open rows in
board order): 932,512 states for Clubhouse dice (``--count`` prints them by level). This
script measures, on boards reached in real games of the pairing (the bots play from the empty
board, seed S, until the level's tokens are placed):

1. **policy CPU a turn**, at every level: ``time.process_time()`` of calling the mover's policy
   at every (dice multiset, rolls left) point of one turn (252 multisets x 3, a turn reaches
   at most that many), on ``--samples`` boards a level: a lower bound on a turn's cost;
2. **a whole turn's CPU**, on the last levels (``--levels``, default 9 and 8): ``pairing_value``
   from the sampled board, with ``visited`` telling how many turns of each later level it
   evaluated; a level's cost is its time less the later turns' (measured first, from the end);
3. the estimate: the states of each level times its measured cost (whole turns where
   measured, else the policy CPU times the measured ratio of whole turn to policy CPU).

Nothing here is a test: it prints figures.
"""

from __future__ import annotations

import argparse
import os
import time
from itertools import combinations_with_replacement, product

from swkit.dice.game import DiceGame
from swkit.dice.scoring import TOP_SPACE as TOP
from swkit.odds.dice import DiceModel
from swkit.odds.duel import DuelBoard
from swkit.odds.duel.pairing import POLICIES, pairing_state_counts, pairing_value
from swkit.runner import make_bot
from swkit.state import CHANCE, TERMINAL

MODEL = DiceModel()


def mover_views() -> tuple[dict[int, int], int]:
    """How many distinct views a mover has at each level: for each row (board order), scored
    by the mover, or open with the other seat's numbered space there (or none), and how many
    in all levels together (a view can occur at several levels). GreedyBot's and PointsBot's
    choices depend on the view, the dice and the rolls left only."""
    kinds = ([("open", 0)] + [("seat0", p) for p in range(TOP + 1)]
             + [("seat1", p) for p in range(TOP + 1)] + [("done", 0)])
    views: dict[int, set[tuple[int, ...]]] = {}
    for combo in product(kinds, repeat=MODEL.characters):
        a = sum(k in ("seat0", "done") for k, _ in combo)
        b = sum(k in ("seat1", "done") for k, _ in combo)
        if a not in (b, b + 1) or a + b == 2 * MODEL.characters:
            continue
        mine = "seat0" if a == b else "seat1"
        view = tuple(-1 if k in (mine, "done") else p for k, p in combo)
        views.setdefault(a + b, set()).add(view)
    return ({level: len(v) for level, v in sorted(views.items())},
            len(set().union(*views.values())))


def boards_at(level: int, pair: list[str], samples: int, seed: int) -> list[DuelBoard]:
    """Boards with ``level`` tokens placed, from games of the pairing's own bots."""
    out = []
    for k in range(samples):
        game = DiceGame(2, seed * 1000 + k)
        bots = [make_bot("dice", b, s, seed) for s, b in enumerate(pair)]
        while (who := game.current_player()) != TERMINAL:
            board = DuelBoard.from_scoreboard(game.board)
            if sum(board.tokens) == level and game.roll_number == 0:
                break
            if who == CHANCE:
                game.apply_chance()
            else:
                game.apply(bots[who].choose(game))
        out.append(DuelBoard.from_scoreboard(game.board))
    return out


def dice_points() -> list[tuple[tuple[int, ...], int]]:
    """Every (dice count vector, rolls left) of a turn of Clubhouse dice."""
    faces = MODEL.characters + 1
    multisets = []
    for combo in combinations_with_replacement(range(faces), MODEL.n):
        multisets.append(tuple(combo.count(f) for f in range(faces)))
    return [(d, left) for d in multisets for left in range(MODEL.rolls)]


def policy_cpu(board: DuelBoard, pair: list[str]) -> float:
    """CPU seconds of the mover's policy at every decision point of one turn."""
    policy = POLICIES[pair[board.mover]]
    points = dice_points()
    cpu = time.process_time()
    for dice, left in points:
        policy(MODEL, board, dice, left)
    return time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", default="win,points")
    parser.add_argument("--samples", type=int, default=3)
    parser.add_argument("--levels", type=int, nargs="*", default=[9, 8])
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--count", action="store_true", help="only count the states")
    args = parser.parse_args()
    counts = pairing_state_counts(MODEL.characters)
    print(f"pairing states of Clubhouse dice by level (tokens placed): {counts}; "
          f"{sum(counts.values()):,} in all, {sum(v for k, v in counts.items() if k < 10):,} "
          f"with a turn to play")
    views, distinct = mover_views()
    print(f"mover views by level (what GreedyBot and PointsBot look at): {views}; "
          f"{distinct:,} distinct in all")
    if args.count:
        return
    pair = args.pair.split(",")
    print(f"{' vs '.join(pair)}: load average {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores at the start")
    for policy_name in sorted(set(pair)):   # load the table and the engine's caches
        policy_cpu(DuelBoard.empty(MODEL), [policy_name, policy_name])
    pol: dict[int, float] = {}
    for level in range(2 * MODEL.characters):
        boards = boards_at(level, pair, args.samples, args.seed)
        pol[level] = sum(policy_cpu(b, pair) for b in boards) / len(boards)
        print(f"  level {level}: policy CPU a turn {pol[level]:.3f} s "
              f"(mean of {len(boards)} boards, {len(dice_points())} decision points each)")
    whole: dict[int, float] = {}
    for level in sorted(args.levels, reverse=True):
        boards = boards_at(level, pair, args.samples, args.seed)
        costs = []
        for board in boards:
            visited: dict[int, int] = {}
            cpu = time.process_time()
            pairing_value(pair, MODEL, board, visited=visited)
            cpu = time.process_time() - cpu
            later = sum(n * whole.get(lv, 0.0) for lv, n in visited.items() if lv > level)
            missing = [lv for lv in visited if lv > level and lv not in whole]
            if missing:
                raise SystemExit(f"measure levels {missing} first (--levels from the end)")
            costs.append((cpu - later) / visited[level])
            print(f"  level {level}: pairing_value from {board}: {cpu:.1f} CPU s, turns by "
                  f"level {dict(sorted(visited.items()))}")
        whole[level] = sum(costs) / len(costs)
        print(f"  level {level}: a whole turn {whole[level]:.3f} CPU s "
              f"({whole[level] / pol[level]:.2f} x the policy CPU)")
    ratio = min(whole[lv] / pol[lv] for lv in whole)
    total = 0.0
    for level, n in counts.items():
        if level == 2 * MODEL.characters:
            continue
        cost = whole.get(level, pol[level] * ratio)
        total += n * cost
        print(f"  level {level}: {n:>9,} states x {cost:.3f} s = {n * cost / 3600:9.1f} "
              f"core-hours{'' if level in whole else ' (policy CPU x ' + f'{ratio:.2f})'}")
    print(f"estimate: {total / 3600:,.0f} core-hours of pure Python for {' vs '.join(pair)}; "
          f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
