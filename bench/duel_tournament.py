"""Check the two-player solve by simulation, and measure WinBot's edge (issue 14 §3).

Usage: python bench/duel_tournament.py [--games N] [--seed S] [--workers K]
                                       [--pairs win,win win,points win,greedy]
                                       [--rate-games N]

Each pairing plays ``--games`` games of Clubhouse dice through ``swkit.tournament.
run_tournament`` (seats alternating: game i seats bot (s + i) mod 2 in seat s), and prints:
each bot's win rate with its 99% Wilson interval, each seat's, whether the edge is
significant at 99% (the interval excludes 50%), the CPU seconds of play and games per CPU
second of one core (``TournamentResult.cpu_seconds``: ``time.process_time()`` of the games in
the processes that played them). ``--rate-games N`` instead plays N games of each pairing in
this process (one core) and prints games per CPU second.

The exact check: with WinBot in both seats, seat 0's win rate estimates the solve's value
``duel_value()`` (P(win) + 1/2 P(tie): a tie goes to the Clubhouse roll-off, a fair coin), so
that value must fall inside seat 0's 99% interval. For other pairings the exact value of the
two fixed policies is ``swkit.odds.duel.pairing.pairing_value``, which works on labelled boards
and is practical on small models only; the full game's is not computed here.
"""

from __future__ import annotations

import argparse
import os
import time

from swkit.odds.duel import duel_value
from swkit.tournament import run_tournament


def _pct(r: object) -> str:
    return (f"{100 * r.estimate:.2f}% (99%: {100 * r.low:.2f}% to "  # type: ignore[attr-defined]
            f"{100 * r.high:.2f}%)")  # type: ignore[attr-defined]


def pairing(bots: list[str], games: int, seed: int, workers: int) -> None:
    """Play one pairing and print its figures."""
    wall0 = time.perf_counter()
    result = run_tournament("dice", bots, games, seed, workers=workers)
    cpu, wall = result.cpu_seconds, time.perf_counter() - wall0
    print(f"\n{' vs '.join(bots)}: {games} games, seed {seed}, {workers} local workers; "
          f"{cpu:.1f} CPU s of play, {wall:.1f} s wall at load {os.getloadavg()[0]:.1f}; "
          f"{games / cpu:.0f} games per CPU second; digest {result.digest}")
    if bots[0] != bots[1]:
        for e in result.entries:
            r = e.win_rate
            sig = "significant at 99%" if r.low > 0.5 or r.high < 0.5 else "not significant"
            print(f"  {e.bot:7s} wins {_pct(r)}: {sig}")
    for s, r in enumerate(result.seat_win_rate):
        print(f"  seat {s} wins {_pct(r)}")
    print(f"  tied on points, decided by the roll-off: {result.tiebreaks}")
    if bots == ["win", "win"]:
        exact = float(duel_value())
        r = result.seat_win_rate[0]
        inside = r.low <= exact <= r.high
        print(f"  exact seat 0 value (duel_value) {100 * exact:.4f}%: "
              f"{'inside' if inside else 'OUTSIDE'} seat 0's 99% interval")


def rate(bots: list[str], games: int, seed: int) -> None:
    """Games per CPU second of one core in this process, after one game to load the table."""
    run_tournament("dice", bots, 2, seed + 1, workers=1)
    cpu0 = time.process_time()
    run_tournament("dice", bots, games, seed, workers=1)
    cpu = time.process_time() - cpu0
    print(f"{' vs '.join(bots)}: {games} games in one process, {cpu:.1f} CPU s: "
          f"{games / cpu:.0f} games per CPU second (load {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", nargs="+", default=["win,win", "win,points", "win,greedy"])
    parser.add_argument("--rate-games", type=int, default=0,
                        help="only measure games per CPU second of one core over this many")
    args = parser.parse_args()
    if args.rate_games:
        for pair in args.pairs:
            rate(pair.split(","), args.rate_games, args.seed)
        return
    for pair in args.pairs:
        pairing(pair.split(","), args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
