"""Speed of the card odds (issue 3): deal counts and a player's odds for T = 1 and T = 3.

Run: ``python bench/odds_cards.py``. Prints CPU times (``time.process_time()``) on this
machine (wall time is noisy on a shared machine). "cold" clears the
module caches first (as a fresh process would); "warm" repeats the question in the same process
(the triple lookups are shared, the per-question search is rebuilt each time).
Targets (issue 3): K = 7 deals in seconds; T = 1 under 20 ms; T = 3 under 2 s (issue 6 item 9:
every position of HEAVY too; issue 16 part 3: CHANCE too). ``bench/odds_cards_versus.py`` runs
the same positions back to back with another checkout.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from swkit.odds import deal as deal_mod
from swkit.odds.cards import make_position, player_odds
from swkit.odds.cards import triples as card_triples
from swkit.odds.deal import deal_odds


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def clear() -> None:
    deal_mod._counter.cache_clear()
    deal_mod.completion_table.cache_clear()
    card_triples._PAIRS.clear()


REALISTIC = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                 others="G1 G2 / Y5 P7", center="green-discard")
"""Mid-game, three cards in hand, three in the tableau, no figure, center Power 3."""

HEAVY = [
    ("figure + yellow-swap, purple-wild scored", dict(
        hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
        center="yellow-swap", figure=True, scored="purple-wild")),
    ("figure + red-take-discard, green-discard and green-extra-play scored", dict(
        hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
        center="red-take-discard", figure=True, scored="green-discard,green-extra-play")),
]

CHANCE = [
    ("figure + blue-draw-two", dict(
        hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
        center="blue-draw-two", figure=True)),
    ("figure + purple-pass", dict(
        hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
        center="purple-pass", figure=True)),
]
"""Draw two (7) and pass (10), modelled over later turns since issue 6 (target since issue 16
part 3: T = 3 under 2 s, like the others)."""


def main() -> None:
    print("Deal odds, P(K cards hold a set / a run / either), all three counts per line:")
    for editions, wc, wn in [(1, None, None), (1, "P", None), (1, None, 1), (2, None, None),
                             (3, None, None)]:
        clear()
        label = f"E={editions}" + (f", wild color {wc}" if wc else "") + \
            (f", wild number {wn}" if wn else "")
        parts = []
        for k in range(3, 8):
            t, r = timed(lambda k=k, e=editions, c=wc, w=wn: deal_odds(
                k, editions=e, wild_color=c, wild_number=w))
            parts.append(f"K={k} {t * 1000:.0f} ms")
        print(f"  {label:28s} cold, one K after another: " + ", ".join(parts))
    clear()
    t, r = timed(lambda: deal_odds(7))
    print(f"  K=7, E=1 alone, cold: {t:.3f} s  (either = {r.either})")

    print("\nPlayer's odds, realistic position:", REALISTIC)
    pos = make_position(**REALISTIC)
    for turns in (1, 2, 3):
        clear()
        t_cold, r = timed(lambda turns=turns: player_odds(pos, turns))
        t_warm, _ = timed(lambda turns=turns: player_odds(pos, turns))
        print(f"  T={turns}: {r.probability} ({float(r.probability):.4f})  cold {t_cold * 1000:.1f}"
              f" ms, warm {t_warm * 1000:.1f} ms")
    print("\nPlayer's odds, positions with the figure and several Powers in reach (worst cases):")
    for label, spec in HEAVY:
        pos = make_position(**spec)
        for turns in (1, 2, 3):
            t, r = timed(lambda pos=pos, turns=turns: player_odds(pos, turns))
            print(f"  {label}: T={turns}: {r.probability}  {t:.3f} s")
    print("\nPlayer's odds with draw two or pass in reach (their cards come by chance; no work "
          "budget, as the code before issue 16 part 3 needed more than the default):")
    for label, spec in CHANCE:
        pos = make_position(**spec)
        for turns in (1, 2, 3):
            t, r = timed(lambda pos=pos, turns=turns: player_odds(pos, turns, budget=None))
            print(f"  {label}: T={turns}: {r.probability}  {t:.3f} s")


if __name__ == "__main__":
    main()
