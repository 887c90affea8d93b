"""Print how many whole Clubhouse dice games the greedy bots play per second (one core).

Usage: python bench/simulate_dice.py [--games N] [--profile]

Each game is a full DiceGame (RULES.md section B) driven through the state API: sampled rolls
(``apply_chance``), bot choices and validated ``apply`` calls, tie-breaks included.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from swkit.dice.bots import GreedyBot, RandomBot
from swkit.dice.game import CHANCE, TERMINAL, DiceGame


def run_game(players: int, seed: int, bot: type = GreedyBot) -> tuple[int, ...]:
    """Play one game with ``bot`` in every seat; return the totals."""
    game = DiceGame(players, seed)
    bots = [bot(seat, seed) for seat in range(players)]
    while True:
        to_move = game.current_player()
        if to_move == TERMINAL:
            return game.board.totals()
        if to_move == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[to_move].choose(game))


def games_per_second(players: int, games: int, bot: type = GreedyBot, repeats: int = 5
                     ) -> tuple[float, float]:
    """(CPU, wall) games per second: the best of ``repeats`` runs of ``games`` seeded games.

    CPU rate = games / process CPU seconds (what one core does, even when other processes
    share the machine); wall rate = games / elapsed seconds. Best run: others only slow a run.
    """
    run_game(players, -1, bot)  # warm the caches
    cpu_rates, wall_rates = [], []
    for _ in range(repeats):
        cpu, wall = time.process_time(), time.perf_counter()
        for seed in range(games):
            run_game(players, seed, bot)
        cpu_rates.append(games / (time.process_time() - cpu))
        wall_rates.append(games / (time.perf_counter() - wall))
    return max(cpu_rates), max(wall_rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run (5 runs)")
    parser.add_argument("--profile", action="store_true", help="profile 2-player greedy games")
    args = parser.parse_args()
    if args.profile:
        cProfile.run(f"games_per_second(2, {args.games}, repeats=1)", "/tmp/simulate_dice.prof")
        pstats.Stats("/tmp/simulate_dice.prof").sort_stats("tottime").print_stats(15)
        return
    print(f"Clubhouse dice, {args.games} games per run, best of 5 runs, one core")
    for name, bot, players in (("greedy", GreedyBot, 2), ("greedy", GreedyBot, 4),
                               ("random", RandomBot, 2), ("random", RandomBot, 4)):
        cpu, wall = games_per_second(players, args.games, bot)
        print(f"{name} bots, {players} players: {cpu:,.0f} games per CPU second "
              f"({wall:,.0f} games/s wall clock)")

if __name__ == "__main__":
    main()
