"""Speed of the exact odds engine on this machine (issue 3). Run: python bench/odds.py [--quick]

Prints, measured in this run: the solo optimal expected total (exact) and its time beside a plain
float expectimax written in ``bench/odds_dice.py`` (``--quick`` skips the plain one, ~30 s); one
warm best-keep query; simulated dice turns per second; deal counts; and a player's odds for
T = 1, 2, 3 on a realistic position and on the worst cases (``bench/odds_cards.py``).
"""

from __future__ import annotations

import sys

import odds_cards
import odds_dice


def main(argv: list[str]) -> int:
    print("== dice ==")
    odds_dice.main(argv)
    print("\n== cards ==")
    odds_cards.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
