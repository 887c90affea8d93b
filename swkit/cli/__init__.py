"""The ``swkit`` command line: parsing, and the readable and JSON answers it prints.

- :mod:`swkit.cli.command` -- the argument parser and :func:`main` (``swkit``, ``python -m
  swkit``): ``play`` runs bots, ``odds`` asks the engine;
- :mod:`swkit.cli.odds_cards` -- ``swkit odds deal`` and ``swkit odds hand`` (RULES.md §C1);
- :mod:`swkit.cli.odds_dice` -- ``swkit odds roll`` and ``swkit odds solo`` (RULES.md §C2);
- :mod:`swkit.cli.odds_duel` -- ``swkit odds duel``;
- :mod:`swkit.cli.tournament` -- ``swkit tournament``;
- :mod:`swkit.cli.lessons_command` -- ``swkit lessons``, which copies the lessons
  (:mod:`swkit.cli.lessons_copy`) and opens JupyterLab on them (:mod:`swkit.cli.lessons_launch`);
  :mod:`swkit.cli.lessons` gathers their names;
- :mod:`swkit.cli.site` -- ``swkit site`` (with :mod:`swkit.cli.landing`,
  :mod:`swkit.cli.pyodide`);
- :mod:`swkit.cli.options` -- the argument types the subcommands share;
  :mod:`swkit.cli.guard` -- every command's output guard.

:mod:`swkit.cli.command` imports each subcommand's module, and none of them imports it back.
The engine (:mod:`swkit.odds`) and the games never import this package.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["build_parser", "main"]


def main(argv: list[str] | None = None) -> int:
    """The ``swkit`` command (:func:`swkit.cli.command.main`; ``argv``: its arguments, default
    ``sys.argv[1:]``; returns the exit status). The command's modules are imported here, so
    that a Ctrl-C while they load (a few tenths of a second on a busy computer) ends the
    command as any Ctrl-C does: one line and exit status 130, never a traceback."""
    try:
        from swkit.cli.command import main as command_main
    except KeyboardInterrupt:
        print("swkit: interrupted: nothing was done", file=sys.stderr)
        return 130
    return command_main(argv)


def __getattr__(name: str) -> Any:
    """``build_parser`` is :func:`swkit.cli.command.build_parser`, imported when first asked
    for (PEP 562)."""
    if name == "build_parser":
        from swkit.cli.command import build_parser
        return build_parser
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
