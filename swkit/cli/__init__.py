"""The ``swkit`` command line: parsing, and the readable and JSON answers it prints.

- :mod:`swkit.cli.command` -- the argument parser and :func:`main` (``swkit``, ``python -m
  swkit``): ``play`` runs bots, ``odds`` asks the engine;
- :mod:`swkit.cli.odds_cards` -- ``swkit odds deal`` and ``swkit odds hand`` (RULES.md §C1);
- :mod:`swkit.cli.odds_dice` -- ``swkit odds roll`` and ``swkit odds solo`` (RULES.md §C2).

The engine (:mod:`swkit.odds`) and the games never import this package.
"""

from swkit.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
