"""``swkit tournament``: bots play many seeded games; win rates with 99% intervals (with bot
files, the class tournament: 95% intervals, as bot tournaments give them).

    swkit tournament --game dice|cards --bots A,B[,C,D] --games N [--seed S]
                     [--backend local|dask] [--scheduler ADDRESS] [--workers K]
                     [--connect-timeout SECONDS] [--chunk-size C] [--json] [--plot FILE]
                     [--progress | --no-progress]

The work is :func:`swkit.tournament.run_tournament`; this module reads the arguments, shows a
progress bar on stderr (tqdm; by default only when stderr is a terminal), prints the report
(or one JSON object) and saves the chart. Bad input, an unknown or unavailable bot, a missing
Dask or an unreachable scheduler: one line on stderr and exit status 2, before any game runs.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from swkit.argtypes import MAX_DIGITS, shown
from swkit.cli.options import given
from swkit.cli.options import seed as seed_type
from swkit.errors import SwkitError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["DESCRIPTION", "add_arguments", "run"]

DESCRIPTION = (
    "Bots play many games of Clubhouse dice or Something Wild! cards, one player per bot "
    "named, the seats rotating every game so that each bot plays each seat equally often. "
    "Prints each bot's win rate with its 99% interval (Wilson), its average score, and the "
    "win rate of each seat. Game i is seeded from (S, i), so the same arguments give the same "
    "figures on every backend and any number of workers. With bot files in --bots (a class "
    "tournament), every two bots play duplicate pairs of games instead, and each bot's win rate "
    "comes with its 95% interval (as bot tournaments give it), not 99%.")

PROG = "swkit tournament"


CONNECT_TIMEOUT = 10
"""Seconds ``--scheduler`` tries to reach the scheduler and its first worker, by default (given
without ``--scheduler``, ``--connect-timeout`` is refused: it would time nothing)."""

MAX_GAMES = 1_000_000
"""The most games one tournament plays: a 99% interval over a million games is about 0.13
percentage points either side, and a million games of the slowest bots take hours of CPU."""


def _positive(what: str, high: int | None = None) -> object:
    wanted = (f"a whole number of at least 1 ({what})" if high is None else
              f"a whole number from 1 to {high:,} ({what})")

    def parse(text: str) -> int:
        stripped = text.strip()
        if not stripped.isascii() or not stripped.isdigit() or int(stripped[:MAX_DIGITS + 1]) < 1:
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {shown(text)}")
        if len(stripped.lstrip("0")) > MAX_DIGITS or (high is not None and int(stripped) > high):
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {shown(text)}"
                                             + ("" if high is None else
                                                ": play the tournament in parts with "
                                                "different --seed values"))
        return int(stripped)
    return parse


def _bots(text: str) -> tuple[str, ...]:
    from swkit.cli.arena import is_bot_path
    names = tuple(t.strip() if is_bot_path(t.strip()) else t.strip().lower()
                  for t in text.split(","))
    if any(not n for n in names):
        raise argparse.ArgumentTypeError(
            f"give 2 to 4 bot names separated by commas, e.g. points,greedy, got {text!r}")
    return names


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.05 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0.05 to 3600, got "
                                         f"{shown(text)}")
    return value


def _one_of(options: tuple[str, ...], what: str) -> object:
    def parse(text: str) -> str:
        value = text.strip().lower()
        if not value:
            raise argparse.ArgumentTypeError(f"an empty value: give {what}: "
                                             f"{' or '.join(options)}")
        if value not in options:
            raise argparse.ArgumentTypeError(f"must be {' or '.join(options)}, got {text!r}")
        return value
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``swkit tournament`` options to ``parser`` (its subparser)."""
    parser.add_argument("--game", required=True, type=_one_of(("dice", "cards"), "the game"),
                        metavar="{dice,cards}",
                        help="dice: Clubhouse dice (bots greedy, random, points, win); cards: "
                             "Something Wild! (bots greedy, random)")
    parser.add_argument("--bots", required=True, type=_bots, metavar="A,B[,C,D]",
                        help="2 to 4 bots, one per player, comma-separated; a name may repeat "
                             "(points,points plays the bot against itself); or, for a class "
                             "tournament of either game, students' bot files (ana.py), "
                             "folders or zips of them, with any built-in bots (see --pairs)")
    parser.add_argument("--games", type=_positive("games", MAX_GAMES), metavar="N",
                        help="games to play: a multiple of the number of players, so each bot "
                             f"plays each seat equally often; at most {MAX_GAMES:,} (needed "
                             f"unless --bots names bot files)")
    parser.add_argument("--pairs", type=_positive("duplicate pairs", 100_000), metavar="P",
                        help="with bot files: duplicate pairs of games every two bots play "
                             "(the same dice or deal, seats swapped; default 20)")
    parser.add_argument("--move-seconds", type=_seconds, default=None, metavar="SECONDS",
                        help="with bot files: the time a bot file has for one move (default 2)")
    parser.add_argument("--memory-mb", type=_positive("MB", 1_000_000), default=None,
                        metavar="MB", help="with bot files: the memory a bot file may use "
                                           "(default 512)")
    parser.add_argument("--html", default=None, metavar="FILE",
                        type=given("an empty value: give a file name ending in .html, or leave "
                                   "--html out"),
                        help="with bot files: also write the leaderboard as a web page, with "
                             "its chart")
    parser.add_argument("--seed", type=seed_type, default=0, metavar="S",
                        help="a whole number; game i is seeded from (S, i) (default 0)")
    parser.add_argument("--backend", type=_one_of(("local", "dask"), "the backend"),
                        default="local", metavar="{local,dask}",
                        help="local: processes on this machine (default); dask: a Dask "
                             "cluster (pip install \"swkit[cluster]\")")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        type=given("an empty value: give the scheduler's address, e.g. "
                                    "tcp://10.0.0.5:8786, or leave --scheduler out for a "
                                    "cluster on this machine"),
                        help="with --backend dask: the scheduler's address, e.g. "
                             "tcp://10.0.0.5:8786, as 'dask scheduler' prints it; left out: "
                             "a cluster of --workers processes on this machine")
    parser.add_argument("--connect-timeout", type=_positive("seconds"), default=None,
                        metavar="SECONDS", help="with --scheduler: how long to try to reach "
                                                f"it and its first worker (default "
                                                f"{CONNECT_TIMEOUT:g})")
    parser.add_argument("--workers", type=_positive("workers"), default=None, metavar="K",
                        help="processes on this machine (default: one per CPU core, with "
                             "--backend local at most one per 500 games; 1 plays in this "
                             "process; at most 4 per CPU core, and never more than there are "
                             "tasks)")
    parser.add_argument("--chunk-size", type=_positive("games per task"), default=None,
                        metavar="C", help="games per task sent to a worker (default: about "
                                          "20 tasks a worker); changes no figure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", default=None, metavar="FILE",
                        type=given("an empty value: give a file name ending in .png, .svg "
                                    "or .pdf, or leave --plot out for no chart"),
                        help="save a chart of the win rates with their 99%% intervals, 95%% "
                             "with bot files "
                             "(matplotlib; the suffix picks the format: .png, .svg, .pdf)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="a progress bar on stderr (default: when stderr is a terminal)")


def _check_plot(path: str) -> Path:
    """The chart's path, checked before any game runs, so that no tournament is played for a
    chart that cannot be written: a format matplotlib writes here (a small chart is drawn in
    that format in memory: a format that needs an outside program, such as .pgf and LaTeX,
    fails now, not after the games), a name that is not a folder, in a folder that exists, that
    can be created there, and is not a file swkit did not write (:func:`_our_chart`: swkit
    replaces only its own chart). Raises SwkitError naming the bad part."""
    import matplotlib
    from matplotlib.figure import Figure

    from swkit.files import show_name

    target = Path(path)
    shown = show_name(path)
    formats = Figure().canvas.get_supported_filetypes()
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in formats:
        others = ", ".join("." + f for f in sorted(formats) if f not in ("png", "svg", "pdf"))
        raise SwkitError(f"--plot {shown}: give a file name ending in .png, .svg or .pdf "
                         f"(matplotlib also writes {others})")
    trial = Figure(figsize=(1, 1))
    trial.text(0.5, 0.5, "99%")
    try:
        with matplotlib.rc_context():
            trial.savefig(io.BytesIO(), format=suffix)
    except Exception as exc:  # noqa: BLE001 - a writer's own failure, e.g. LaTeX not found
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise SwkitError(f"--plot {shown}: matplotlib cannot write .{suffix} on this computer "
                         f"({reason}): give a file name ending in .png, .svg or .pdf") from None
    folder = target.parent
    if not folder.is_dir():
        raise SwkitError(f"--plot {shown}: the folder {show_name(folder)} does not exist")
    if target.is_dir():
        raise SwkitError(f"--plot {shown} is a folder: give a file name in it, e.g. "
                         f"{show_name(target / ('wins.' + suffix))}")
    if os.path.lexists(target) and not _our_chart(target):
        raise SwkitError(f"--plot {shown}: a file of that name is already there, and it is "
                         f"not a chart swkit marked as its own (.png, .svg, .pdf, .ps and .eps "
                         f"charts carry the mark); swkit replaces only its own: give another "
                         f"name, or move that file away")
    try:
        _trial_file(target)
    except OSError as exc:
        raise SwkitError(f"--plot {shown}: cannot write there ({exc.strerror or exc}): give a "
                         f"file you can write") from None
    return target


CHART_MARK = "swkit tournament chart"
"""Written into a chart's own metadata (PNG ``Software``; SVG, PDF, PS and EPS ``Creator``), so
that ``--plot`` replaces a chart swkit wrote and nothing else."""

MARKED_FORMATS = {"png": "Software", "svg": "Creator", "pdf": "Creator", "ps": "Creator",
                  "eps": "Creator"}
"""The formats whose metadata carries :data:`CHART_MARK`, and the key (matplotlib's
``savefig(metadata=...)``); a chart of another format is never replaced."""


def _our_chart(target: Path) -> bool:
    """Whether ``target`` is a regular file (not a link) that swkit wrote as a chart: its first
    64 kB carry :data:`CHART_MARK`."""
    if target.is_symlink() or not target.is_file():
        return False
    try:
        with open(target, "rb") as file:
            return CHART_MARK.encode() in file.read(65536)
    except OSError:
        return False


def _trial_file(target: Path) -> None:
    """Create and remove a file named as :func:`swkit.cli.lessons_copy.write_exclusive` names the
    chart's new file beside ``target`` (a longer name than ``target``'s); raises the OSError
    that creating it raises (a name too long, a folder not writable, ...)."""
    trial = target.with_name(f".{target.name}.{secrets.token_hex(6)}.partial")
    os.close(os.open(trial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.unlink(trial)


def _save_chart(figure: Figure, target: Path) -> None:
    """Write ``figure`` to ``target`` in one step (:func:`swkit.cli.lessons_copy.write_exclusive`:
    never half a chart, never written through a symbolic link), in the format its suffix
    names, marked as swkit's (:data:`CHART_MARK`) where the format has metadata."""
    from swkit.cli.lessons_copy import write_exclusive
    data = io.BytesIO()
    suffix = target.suffix.lower().lstrip(".")
    key = MARKED_FORMATS.get(suffix)
    figure.savefig(data, format=suffix, metadata={key: CHART_MARK} if key else None)
    write_exclusive(target, data.getvalue())


def run(args: argparse.Namespace) -> int:
    """Run ``swkit tournament`` from parsed arguments; returns the exit status (0 done, 1 the
    chart could not be written, 2 bad input or an unavailable backend, 130 interrupted).
    The figures are printed before the chart is written: a chart that fails loses no
    figure."""
    from swkit.cli.arena import is_bot_path, run_arena, stopped
    from swkit.tournament import run_tournament, tqdm_progress
    if any(is_bot_path(b) for b in args.bots):
        return run_arena(args, check_plot=_check_plot, save_chart=_save_chart)
    bar = None
    try:
        if args.games is None:
            raise SwkitError("the following arguments are required: --games (or bot files in "
                             "--bots, for a class tournament)")
        for option in ("pairs", "move_seconds", "memory_mb", "html"):
            if getattr(args, option) is not None:
                raise SwkitError(f"--{option.replace('_', '-')} is for a class tournament of "
                                 f"bot files: name bot files (ana.py) in --bots, or leave it out")
        plot = _check_plot(args.plot) if args.plot else None
        if args.scheduler is not None and args.backend != "dask":
            raise SwkitError("--scheduler needs --backend dask")
        if args.connect_timeout is not None and args.scheduler is None:
            raise SwkitError("--connect-timeout needs --scheduler: it is how long to try to "
                             "reach a Dask scheduler at an address; a cluster on this machine "
                             "(--scheduler left out) needs no timeout: leave --connect-timeout "
                             "out")
        # Checks every argument (bots included) before the bar appears.
        from swkit.tournament import check_entries
        check_entries(args.game, args.bots, args.games)
        progress, bar = tqdm_progress(args.games, enabled=args.progress)
        result = run_tournament(args.game, args.bots, args.games, args.seed,
                                backend=args.backend, workers=args.workers,
                                scheduler=args.scheduler, chunk_size=args.chunk_size,
                                progress=progress,
                                timeout=(CONNECT_TIMEOUT if args.connect_timeout is None
                                         else args.connect_timeout))
    except (SwkitError, KeyboardInterrupt) as exc:
        return stopped(exc, bar)
    if bar is not None:
        bar.close()
    print(json.dumps(result.to_dict()) if args.json else result.format_text(), flush=True)
    if plot is None:
        return 0
    try:
        _save_chart(result.plot(), plot)
    except OSError as exc:
        from swkit.files import show_name
        print(f"{PROG}: error: the figures are above, but the chart could not be written to "
              f"{show_name(plot)}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted: the figures are above; no chart written", file=sys.stderr)
        return 130
    if not args.json:
        print(f"Chart saved: {plot}")
    return 0
