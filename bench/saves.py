"""Print the CPU time of loading a save, checks and replay included (issue 15 §A).

Usage: python bench/saves.py [--repeat N]
Loads each fixture of tests/data/saves/, then the save of the longest of 20 finished 4-player
random-bot card games and of a finished 4-player dice game, and prints the best of N loads in
milliseconds of this process's CPU time (``time.process_time``), with the history's length.
``copy()`` is timed too: it skips the checks (the game's own JSON).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.runner import make_bot
from swkit.state import CHANCE, TERMINAL

SAVES = Path(__file__).resolve().parents[1] / "tests" / "data" / "saves"


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    """The smallest CPU time of ``repeat`` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        c0 = time.process_time()
        fn()
        times.append(time.process_time() - c0)
    return 1000 * min(times)


def finished(game: CardGame | DiceGame, bots: list) -> CardGame | DiceGame:
    while game.current_player() != TERMINAL:
        who = game.current_player()
        if who == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[who].choose(game))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="loads per figure")
    args = parser.parse_args()
    cases: list[tuple[str, type, str]] = []
    for path in sorted(SAVES.glob("*.json")):
        cls = CardGame if path.stem.startswith("cards") else DiceGame
        cases.append((path.stem, cls, path.read_text(encoding="utf-8")))
    games = [finished(CardGame(4, seed), [make_bot("cards", "random", s, seed) for s in range(4)])
             for seed in range(20)]
    longest = max(games, key=lambda g: len(g.history))
    cases.append((f"cards, 4 random bots, finished (turn {longest.turn})", CardGame,
                  longest.to_json()))
    dice = finished(DiceGame(4, 1), [make_bot("dice", "random", s, 1) for s in range(4)])
    cases.append(("dice, 4 random bots, finished", DiceGame, dice.to_json()))
    for name, cls, text in cases:
        game = cls.from_json(text)
        load = best_ms(lambda cls=cls, text=text: cls.from_json(text), args.repeat)
        copy = best_ms(game.copy, args.repeat)
        print(f"{name}: {len(game.history)} history entries, from_json {load:.1f} ms, "
              f"copy {copy:.1f} ms (CPU)")


if __name__ == "__main__":
    main()
