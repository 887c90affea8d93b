"""``swkit hub config``: a JupyterHub config for a class on one server (:mod:`swkit.hub`).

    swkit hub config --out DIR [--students FILE] [--trial] [--inbox DIR] [--memory SIZE]
                     [--idle-minutes N] [--port N]

Writes ``DIR/jupyterhub_config.py`` (never over a file swkit did not write) and prints how to
start the hub, where students sign in, where hand-ins land and how to read them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from swkit.argtypes import int_range
from swkit.cli.options import shell_word

if TYPE_CHECKING:
    from swkit.hub.config import HubSettings

DESCRIPTION = ("Write DIR/jupyterhub_config.py: a JupyterHub for a class on one server. Each "
               "student's server puts the lessons into their home (never over a lesson they "
               "changed), opens lesson 1, and hands in to a class inbox that swkit class "
               "report reads. Needs pip install \"swkit[hub]\". The teacher's guide, README.md "
               "of the lessons, says how: 'A JupyterHub'.")


def _memory(text: str) -> str | None:
    from swkit.hub.config import MEMORY
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty value: give a memory size such as 1G, or "
                                         "none for no limit")
    if text.strip().lower() == "none":
        return None
    value = text.strip().upper()
    if not MEMORY.fullmatch(value):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a memory size: give a number with K, M, G or T (e.g. 1G, 512M), "
            f"or none")
    return value


def _given(option: str, example: str) -> Callable[[str], str]:
    def value(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"an empty value: give {option} {example}")
        return text
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``swkit hub``'s subcommands (``config``) and their options to ``parser``."""
    kinds = parser.add_subparsers(dest="kind", required=True, parser_class=type(parser),
                                  metavar="{config}")
    config = kinds.add_parser(
        "config", help="write a JupyterHub config for a class on one server",
        description=DESCRIPTION)
    config.add_argument("--out", required=True, metavar="DIR", type=_given("--out", "hub"),
                        help="the folder for jupyterhub_config.py (created if missing; the hub "
                             "keeps its database and cookie secret beside it). An existing "
                             "config is replaced only if swkit wrote it and nobody changed it")
    config.add_argument("--students", default=None, metavar="FILE",
                        type=_given("--students", "class.txt"),
                        help="the class list: one user name a line (# starts a comment). Only "
                             "they may sign in. Default: everyone who can sign in")
    config.add_argument("--trial", action="store_true",
                        help="try the hub on one account: every student's server runs as you, "
                             "with one shared password. It does NOT separate students' files")
    config.add_argument("--inbox", default=None, metavar="DIR", type=_given("--inbox", "DIR"),
                        help="the class inbox, one folder per student (default "
                             "/srv/swkit/inbox; with --trial, DIR/inbox beside the config)")
    config.add_argument("--memory", type=_memory, default="1G", metavar="SIZE",
                        help="memory per student, e.g. 1G or 512M, or none (default 1G; "
                             "enforced by the systemd, Kubernetes and Docker spawners, not by "
                             "the local process spawner this config uses)")
    config.add_argument("--idle-minutes", type=int_range(5, 24 * 60), default=60, metavar="N",
                        help="stop a student's server unused for N minutes, 5 to 1440 "
                             "(default 60; their files stay)")
    config.add_argument("--port", type=int_range(1, 65535), default=8000, metavar="N",
                        help="the port students open (default 8000)")


def run(args: argparse.Namespace, prog: str = "swkit hub config") -> int:
    """Carry out ``swkit hub config``; returns the exit status (2: bad input)."""
    from swkit.hub.config import (
        DEFAULT_SYSTEM_INBOX,
        HubConfigError,
        HubSettings,
        check_out,
        load_class_list,
        new_password,
        write_config,
    )
    try:
        target = check_out(args.out)
        students = None if args.students is None else load_class_list(args.students)
        inbox = Path(args.inbox).expanduser().absolute() if args.inbox else \
            (target.parent / "inbox" if args.trial else Path(DEFAULT_SYSTEM_INBOX))
        settings = HubSettings(students=students, trial=args.trial, inbox=inbox,
                               memory=args.memory, idle_minutes=args.idle_minutes,
                               port=args.port,
                               password=new_password() if args.trial else None)
        target = write_config(args.out, settings)
    except HubConfigError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    print("\n".join(summary(target, settings)))
    return 0


def summary(target: Path, settings: HubSettings) -> list[str]:
    """What ``swkit hub config`` prints: the file, how to start the hub, how students sign
    in, the hand-in and the report, and what the mode does not do."""
    start = f"jupyterhub -f {shell_word(str(target))}"
    lines = [f"Wrote {target}: a JupyterHub for a class on one server, with the swkit lessons."]
    if settings.trial:
        lines += ["TRIAL MODE: every student's server runs as this one account, so it does NOT "
                  "separate students' files:",
                  "  any student can read and change another's. Use it to try the hub; for a "
                  "class, leave out --trial.",
                  f"Start it:   {start}",
                  f"Students open http://<this computer>:{settings.port}/ and sign in with "
                  f"their name and the shared password: {settings.password}"]
    else:
        lines += [f"Start it:   sudo {start}   (as root: each student's server runs as their "
                  f"own account)",
                  f"Students open http://<this server>:{settings.port}/ and sign in with their "
                  f"account on this server (make them with: sudo adduser NAME)."]
    if settings.students is None:
        lines.append("Class list: none given, so everyone who can sign in may use it "
                     "(--students FILE: one user name a line).")
    else:
        count = len(settings.students)
        lines.append(f"Class list: {count} student{'' if count == 1 else 's'} may sign in.")
    lines += ["Each student finds the lessons in swkit-lessons, with lesson 1 open.",
              "Hand-in: the student saves (Ctrl+S) and runs in a cell:  from swkit.hub import "
              "hand_in; hand_in(\"09-play.ipynb\")",
              f"  It lands in {settings.inbox}/<user name>/. The report: "
              f"swkit class report {shell_word(str(settings.inbox))}"]
    if settings.memory:
        lines.append(f"Memory: {settings.memory} a student, shown to them but not enforced "
                     "by this spawner (the systemd, Kubernetes and Docker spawners enforce it).")
    lines.append(f"Idle servers stop after {settings.idle_minutes} minutes (their files stay).")
    return lines
