"""Print bot games per second for both games, 2 and 4 players, on this machine (issue 2).

Usage: python bench/simulate.py [--card-games N] [--dice-games N]

One process, one core. Cards: greedy bots through ``swkit.cards.play.play_game`` (full record
included). Dice: greedy bots through the state API (``bench/simulate_dice.py``). Each figure is
the best of several timed batches, per wall-clock second and per CPU second of this process.
For more detail run ``bench/simulate_cards.py`` or ``bench/simulate_dice.py`` (``--profile``).
"""

from __future__ import annotations

import argparse

import simulate_cards
import simulate_dice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--card-games", type=int, default=300, help="card games per batch")
    parser.add_argument("--dice-games", type=int, default=2000, help="dice games per batch")
    args = parser.parse_args()
    print("game   players  bots    games/s (wall)  games per CPU-second")
    simulate_cards.games_per_second(2, 20)  # warm the caches
    for players in (2, 4):
        runs = [simulate_cards.games_per_second(players, args.card_games, k * args.card_games)
                for k in range(3)]
        wall, cpu = max(r[0] for r in runs), max(r[1] for r in runs)
        print(f"cards  {players}        greedy  {wall:14,.0f}  {cpu:20,.0f}")
    for players in (2, 4):
        cpu, wall = simulate_dice.games_per_second(players, args.dice_games)
        print(f"dice   {players}        greedy  {wall:14,.0f}  {cpu:20,.0f}")


if __name__ == "__main__":
    main()
