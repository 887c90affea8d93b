"""Print greedy-bot card games per second for 2 and 4 players (RULES.md §A; issue 2).

Usage: python bench/simulate_cards.py [--games N]
One process, one core; each figure is the best of three timed batches of N seeded games.
Two figures: per second of wall-clock time, and per second of this process's CPU time (the
fairer one-core figure when other jobs share the machine).
"""

from __future__ import annotations

import argparse
import time

from swkit.cards.play import play_game


def games_per_second(players: int, games: int, start: int = 0) -> tuple[float, float]:
    """(wall, cpu) greedy-bot games per second over ``games`` seeded games."""
    w0, c0 = time.perf_counter(), time.process_time()
    for seed in range(start, start + games):
        play_game(players, seed, bots="greedy")
    return games / (time.perf_counter() - w0), games / (time.process_time() - c0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per timed batch")
    args = parser.parse_args()
    play_game(2, 0)  # warm the caches
    for players in (2, 4):
        runs = [games_per_second(players, args.games, k * args.games) for k in range(3)]
        wall = max(r[0] for r in runs)
        cpu = max(r[1] for r in runs)
        print(f"cards, greedy bots, {players} players: {wall:,.0f} games/s "
              f"({cpu:,.0f} per CPU-second)")


if __name__ == "__main__":
    main()
