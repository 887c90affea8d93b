"""``swkit tournament --bots greedy,ana.py,ben.py``: the class tournament of students' bot files.

When ``--bots`` names a bot file (``.py``), a folder or a ``.zip`` of them, ``swkit tournament``
plays :func:`swkit.arena.round_robin.round_robin` (the ``--game``: Clubhouse dice or Something
Wild! cards; duplicate pairs, every pair of bots) instead of the seat-rotating tournament of
built-in bots: ``--pairs`` duplicate pairs a
pairing (default 20), ``--move-seconds`` and ``--memory-mb`` the bot files' limits, ``--json``
one JSON object, ``--plot`` a chart, ``--html`` a leaderboard page. Every bot's failure is a
forfeit in the results, never a traceback; a bad argument is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from swkit.errors import SwkitError

__all__ = ["DEFAULT_PAIRS", "is_bot_path", "leaderboard_html", "run_arena", "stopped"]

PROG = "swkit tournament"

DEFAULT_PAIRS = 20
"""Duplicate pairs of games every two bots play by default (40 games a pairing)."""


def is_bot_path(text: str) -> bool:
    """Whether a ``--bots`` entry names a bot file, a folder or a zip (not a built-in bot)."""
    lower = text.lower()
    return (lower.endswith((".py", ".zip")) or "/" in text or os.sep in text
            or (bool(text) and Path(text).is_dir()))


def leaderboard_html(result: Any) -> str:
    """The class tournament's results as one web page: the chart (SVG, with its text
    alternative), the ranking and the forfeits."""
    chart = result.chart()
    lines = result.lines()
    body = "\n".join(html.escape(line) for line in lines)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Class tournament</title>"
            "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;"
            "padding:0 1em;color:#1a1a1a}pre{white-space:pre-wrap;font-size:1rem}</style>"
            "</head><body><main><h1>Class tournament</h1>\n"
            f"{chart.html()}\n<h2>The results</h2>\n<pre>{body}</pre>\n</main></body></html>\n")


def stopped(exc: SwkitError | KeyboardInterrupt, bar: Any = None) -> int:
    """A tournament (of either kind) stopped before its figures: closes the progress ``bar``
    (tqdm, or None), prints one line on stderr and returns the exit status: 130 for Ctrl-C
    (no figures: a tournament's figures need all its games), 2 for bad input."""
    if bar is not None:
        bar.close()
    if isinstance(exc, KeyboardInterrupt):
        print(f"{PROG}: interrupted: no figures (a tournament's figures need all its "
              "games); no chart written", file=sys.stderr)
        return 130
    print(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
    return 2


def run_arena(args: argparse.Namespace, *, check_plot: Callable[[str], Path],
              save_chart: Callable[[Any, Path], None]) -> int:
    """Run the class tournament for parsed ``args`` (see the module docstring); returns the
    exit status (0 done, 1 a chart or page could not be written, 2 bad input, 130
    interrupted)."""
    from swkit.arena.bot_process import Limits
    from swkit.arena.round_robin import expand_entries, round_robin, unpack_folder
    from swkit.tournament import tqdm_progress

    bar = None
    try:
        if args.games is not None:
            raise SwkitError("with bot files, give --pairs (duplicate pairs every two bots play; "
                             f"default {DEFAULT_PAIRS}), not --games")
        plot = check_plot(args.plot) if args.plot else None
        page = Path(args.html) if args.html else None
        if page is not None and (page.is_dir() or not page.parent.is_dir()):
            raise SwkitError(f"--html {args.html}: give a file name in a folder that exists")
        if page is not None and page.exists():
            raise SwkitError(f"--html {args.html}: a file of that name is already there; swkit "
                             f"never overwrites a file: give another name")
        limits = Limits(move_seconds=args.move_seconds or 2.0,
                        memory_bytes=(args.memory_mb or 512) * 2**20)
        with unpack_folder() as unpack:
            entries = expand_entries(args.bots, Path(unpack), notice=lambda line: print(
                f"{PROG}: {line}", file=sys.stderr, flush=True))
            pairs = args.pairs or DEFAULT_PAIRS
            n = len(entries)
            progress, bar = tqdm_progress(n * (n - 1) * pairs, enabled=args.progress)
            result = round_robin(entries, pairs, args.seed, limits=limits,
                                 workers=args.workers, progress=progress,
                                 backend=args.backend, scheduler=args.scheduler,
                                 game=args.game)
    except (SwkitError, KeyboardInterrupt) as exc:
        return stopped(exc, bar)
    if bar is not None:
        bar.close()
    print(json.dumps(result.to_json()) if args.json else "\n".join(result.lines()), flush=True)
    status = 0
    try:
        if plot is not None:
            save_chart(result.chart().figure(), plot)
        if page is not None:
            with open(page, "x", encoding="utf-8") as file:
                file.write(leaderboard_html(result))
    except OSError as exc:
        print(f"{PROG}: error: the figures are above, but a file could not be written: "
              f"{exc.strerror or exc}", file=sys.stderr)
        status = 1
    return status
