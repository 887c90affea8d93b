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

from swkit.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
