"""The work budget of the card odds (issue 16): memo entries, CPU time and memory per question.

Run: ``python bench/odds_budget.py``. Each question runs in a fresh process with the default
budget (``swkit.odds.budget.DEFAULT_BUDGET``) and prints whether it answered or was refused,
the memo entries counted when it ended, its CPU time (``time.process_time()``) and its peak
resident memory (``ru_maxrss``). The questions: the bench's T = 3 positions
(``bench/odds_cards.py``), the three questions of issue 16 (position H) and two with four
editions (the bench's pass, H's draw two without its scored Powers).
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import json, resource, sys, time
from swkit.errors import WorkBudgetError
from swkit.odds import cards
from swkit.odds.cards import engine
spec = json.loads(sys.argv[1])
engines = []
make = engine._engine
engine._engine = lambda pos, later: engines.append(make(pos, later)) or engines[-1]
try:
    r = cards.player_odds(cards.make_position(**spec), 3)
    out = "answer " + str(r.probability)
except WorkBudgetError as exc:
    out = f"refused (needs about {exc.needed:,})"
print(json.dumps([out, engines[-1].memo_entries(), time.process_time(),
                  resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024]))
"""

B = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7")
H = dict(hand="B2 G7 Y9 R1 P9", tableau="R4 R6 B8 G5 Y5", discard="G3 P5 Y4 B1 R9 R8 R7",
         others="G1 G2 / Y1 Y2 / P1 P2", figure=True)
QUESTIONS = [
    ("bench realistic", dict(B, center="green-discard")),
    ("bench swap", dict(B, center="yellow-swap", figure=True, scored="purple-wild")),
    ("bench extra play", dict(B, tableau="R4 R6 B8 G5", center="red-take-discard", figure=True,
                              scored="green-discard,green-extra-play")),
    ("bench draw two", dict(B, center="blue-draw-two", figure=True)),
    ("bench pass", dict(B, center="purple-pass", figure=True)),
    ("issue H draw two", dict(H, center="blue-draw-two", scored="9,6")),
    ("issue H swap", dict(H, center="yellow-swap", scored="7,8")),
    ("issue H pass, 4 editions", dict(H, center="purple-pass", editions=4)),
    ("bench pass, 4 editions", dict(B, center="purple-pass", figure=True, editions=4)),
    ("issue H draw two, 4 editions", dict(H, center="blue-draw-two", editions=4)),
    ("bench extra play + pass", dict(B, center="green-extra-play", figure=True,
                                     scored="purple-pass")),
]


def main() -> None:
    print("T = 3, default budget; one fresh process each:")
    for label, spec in QUESTIONS:
        done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(spec)],
                              capture_output=True, text=True, check=True)
        out, entries, cpu, rss = json.loads(done.stdout)
        print(f"  {label:30s} {out:34s} {entries:>9,} memo entries  {cpu:6.1f} s CPU  "
              f"{rss:5d} MB")


if __name__ == "__main__":
    main()
