"""Build the shipped table of the two-player game: ``python -m swkit.odds.duel build``.

``build [--out PATH] [--dice N --characters C --wilds W --rolls R]`` solves the game with numpy
(:func:`swkit.odds.duel.batch.solve`, float64) and writes
the table (:mod:`swkit.odds.duel.table`) to ``swkit/odds/duel/data/`` (or ``--out``). It prints
the solve's CPU time, the peak memory, seat 0's value and the file's size.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from collections.abc import Sequence

from swkit.argtypes import int_range
from swkit.odds.dice import MAX_ROLLS, MAX_WILDS
from swkit.odds.duel.core import MAX_DUEL_CHARACTERS, MAX_DUEL_DICE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 bad arguments or a file that
    cannot be written, said in one line)."""
    parser = argparse.ArgumentParser(prog="python -m swkit.odds.duel", allow_abbrev=False,
                                     description="Build the solved two-player dice game's table.")
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="solve the game and write its table", allow_abbrev=False)
    build.add_argument("--out", help="the file to write (default: the package's data folder)")
    build.add_argument("--dice", type=int_range(1, MAX_DUEL_DICE), default=5,
                       help=f"number of dice, 1 to {MAX_DUEL_DICE} (default 5)")
    build.add_argument("--characters", type=int_range(1, MAX_DUEL_CHARACTERS), default=5,
                       help=f"character faces per die, 1 to {MAX_DUEL_CHARACTERS} (default 5)")
    build.add_argument("--wilds", type=int_range(0, MAX_WILDS), default=1,
                       help=f"wild (Clubhouse) faces per die, 0 to {MAX_WILDS} (default 1)")
    build.add_argument("--rolls", type=int_range(1, MAX_ROLLS), default=3,
                       help=f"rolls per turn, 1 to {MAX_ROLLS} (default 3)")
    args = parser.parse_args(argv)
    if args.out is not None and (not args.out.strip() or os.path.isdir(args.out)):
        build.error(f"argument --out: a file name to write, got {args.out!r}"
                    + (" (a folder)" if args.out.strip() else "")
                    + "; leave --out out to write the package's data folder")

    import numpy as np

    from swkit.errors import SwkitError
    from swkit.odds.dice import DiceModel
    from swkit.odds.duel.batch import solve
    from swkit.odds.duel.table import shipped_path, write_table
    try:
        model = DiceModel(n=args.dice, characters=args.characters, wilds=args.wilds,
                          rolls=args.rolls)
        solved = solve(model)
    except SwkitError as exc:
        build.error(str(exc))
    last = 2 * model.characters
    keys = np.concatenate(solved.keys[:last])
    values = np.concatenate(solved.values[:last])
    out = args.out or shipped_path(model.n, model.characters, model.wilds, model.rolls)
    try:
        size = write_table(out, model, keys, values,
                           {"value": float(solved.values[0][0]),
                            "built_by": "python -m swkit.odds.duel build",
                            "boards_by_level": solved.info["boards"]})
    except OSError as exc:
        print(f"{build.prog}: error: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"solved {model}: {sum(solved.info['boards']):,} boards "
          f"({solved.info['boards'][-1]:,} final) in {solved.cpu_seconds:.1f} s of CPU, "
          f"peak memory {peak:.0f} MB")
    print(f"seat 0's chance to win at the start: {float(solved.values[0][0]):.12f}")
    print(f"wrote {out}: {size:,} bytes ({len(keys):,} boards before the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
