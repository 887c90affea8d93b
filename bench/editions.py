"""Print the CPU time of card games and card odds with edited editions at the limits an
edition may set (``LIMITS`` in swkit/cards/editions.py; issue 15 item 4).

Usage: python bench/editions.py [--seeds N] [--turns T]

Games: 4 bots (greedy, random, and both mixed), 1 and 4 copies of two editions: the printed
Mickey and Friends Powers with every count at its limit ("printed, at limits"), and every
Power an extra draw, an extra play or a pass at its limit in turn ("draw/play/pass"). Each row
gives the mean and the largest CPU seconds of one game (``time.process_time``) over the seeds.
Odds: ``player_odds`` for one position, the center Power held with the figure, each counted
Power at its printed count and at its limit, within T of your turns (default 2; T = 3 with an
extra draw of 3 runs for minutes).
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from importlib import resources

from swkit.cards.editions import LIMITS, Edition, edition_from_dict
from swkit.cards.play import play_game
from swkit.odds.cards import make_position, player_odds

PRINTED = json.loads(resources.files("swkit.cards").joinpath("data", "mickey_and_friends.json")
                     .read_text(encoding="utf-8"))


def _param(effect: str) -> str:
    return "depth" if effect == "play_from_discard" else "count"


def at_limits(cycle: list[str] | None = None) -> Edition:
    """The printed edition with every count (and depth) at its limit; with ``cycle``, the
    Powers' effects replaced by ``cycle`` in turn first."""
    data = copy.deepcopy(PRINTED)
    for i, power in enumerate(data["powers"]):
        if cycle:
            power["effect"], power["params"] = cycle[i % len(cycle)], {}
        effect = power["effect"]
        if f"{effect}.{_param(effect)}" in LIMITS:
            power["params"][_param(effect)] = LIMITS[f"{effect}.{_param(effect)}"]
            if effect == "play_from_discard":
                power["params"].setdefault("requires_number", None)
    return edition_from_dict(data, "at limits")


def games(seeds: int) -> None:
    editions = {"printed, at limits": at_limits(),
                "draw/play/pass": at_limits(["extra_draw", "extra_play", "pass"])}
    print("edition             copies  bots           games  mean CPU s  max CPU s")
    for name, edition in editions.items():
        for copies in (1, 4):
            for bots in ("greedy", "random", "greedy,random"):
                times = []
                for seed in range(seeds):
                    kinds = (bots.split(",") * 4)[:4]
                    start = time.process_time()
                    play_game(4, seed, editions=[edition] * copies, bots=kinds)
                    times.append(time.process_time() - start)
                print(f"{name:19} {copies:6}  {bots:13} {seeds:6}  {sum(times) / seeds:10.3f}"
                      f"  {max(times):9.3f}")


def odds(turns: int) -> None:
    print(f"\nplayer_odds, hand R6 G7 Y9, tableau R4 B5, discard G3 P5 Y4 B1 G4 G5 P6 P7, "
          f"figure held, T = {turns}")
    print("center Power          count  CPU s")
    for number in (3, 6, 7, 8, 10):
        raw = PRINTED["powers"][number - 1]
        name = _param(raw["effect"])
        for value in (raw["params"][name], LIMITS[f"{raw['effect']}.{name}"]):
            data = copy.deepcopy(PRINTED)
            data["powers"][number - 1]["params"][name] = value
            edition = edition_from_dict(data, "edited")
            start = time.process_time()
            player_odds(make_position("R6 G7 Y9", tableau="R4 B5",
                                      discard="G3 P5 Y4 B1 G4 G5 P6 P7", center=number,
                                      figure=True, edition=edition), turns=turns)
            print(f"{number:2} {raw['effect']:19} {value:5}  {time.process_time() - start:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="games per row")
    parser.add_argument("--turns", type=int, default=2, help="T for the odds rows")
    args = parser.parse_args()
    games(args.seeds)
    odds(args.turns)


if __name__ == "__main__":
    main()
