"""A fresh fuzz round over the kinds of issue 30: folders, charts, the library's doors, the deal
formulas, command lines with Ctrl-C, and students' bot files. Prints, for each kind, the inputs
tried, those accepted, those refused in words, and the faults (a traceback, an input accepted
that should not be, a hang), with the first faults in full.

    PYTHONPATH=. python tests/fuzz/fuzz_round.py [--seed S] [--scale X] [--kinds K,...] [--builds N]

Kinds: ``folders`` (folder_option, check_out, place_site with stand-in built folders, under a
decoy HOME), ``folders_cli`` (``swkit lessons --dir``, ``swkit tournament --plot``),
``site`` (``--builds`` real ``swkit site --pyodide-from-cdn`` builds, off by default: 30-60 s
each), ``charts``, ``games`` (constructors, from_position, saves up to 1 MB), ``codes``
(swkit.classroom codes), ``notebooks`` (read_notebook), ``check``, ``formulas`` (``swkit odds
deal``'s lines), ``cli`` (random command lines of every subcommand), ``sigint``, ``bots``
(``swkit tournament --bots`` with broken bot files). Everything runs in one process at a time
(one core) and writes only under a temporary folder; the real home folder is never used.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from fuzz_commands import fuzz_bots, fuzz_cli, fuzz_sigint
from fuzz_common import Tally
from fuzz_folders import fuzz_folders, fuzz_folders_cli, fuzz_site_builds
from fuzz_library import (
    fuzz_charts,
    fuzz_check,
    fuzz_codes,
    fuzz_formulas,
    fuzz_games,
    fuzz_notebooks,
)

KINDS: dict[str, Callable[[random.Random, float, dict[str, Tally]], None]] = {
    "folders": fuzz_folders, "folders_cli": fuzz_folders_cli, "charts": fuzz_charts,
    "games": fuzz_games, "codes": fuzz_codes, "notebooks": fuzz_notebooks, "check": fuzz_check,
    "formulas": fuzz_formulas, "cli": fuzz_cli, "sigint": fuzz_sigint, "bots": fuzz_bots,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3030)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--builds", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="faults shown in full per kind")
    parser.add_argument("--samples", type=int, default=0, help="refusals shown per kind")
    args = parser.parse_args()
    tallies: dict[str, Tally] = {}
    for kind in args.kinds.split(","):
        rng = random.Random(f"{args.seed}:{kind}")
        start = time.monotonic()
        KINDS[kind](rng, args.scale, tallies)
        print(f"[{kind}: {time.monotonic() - start:.0f} s]", file=sys.stderr, flush=True)
    if args.builds:
        fuzz_site_builds(random.Random(f"{args.seed}:site"), args.builds, tallies)
    print(f"{'kind':32} {'tried':>7} {'accepted':>9} {'refused':>8} {'faults':>7}")
    for kind, t in tallies.items():
        print(f"{kind:32} {t.tried:7} {t.accepted:9} {t.refused:8} {len(t.faults):7}")
    for kind, t in tallies.items():
        for text in t.samples[:args.samples]:
            print(f"  refused ({kind}): {text}")
    for kind, t in tallies.items():
        for text in t.faults[:args.show]:
            print(f"\n--- {kind}: {text}")
    return 1 if any(t.faults for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
