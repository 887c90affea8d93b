"""The sizes every door of the kit takes, in one place: the games, their saves and the command
line read them from here, so a number the library takes is one the command line takes.

This module imports nothing (the command line's parser stays light). Each game re-exports its
own: ``swkit.cards.phases`` (players, round limit), ``swkit.cards.editions`` (editions),
``swkit.dice.board`` (players), ``swkit.whole`` (seeds).
"""

from __future__ import annotations

__all__ = ["DEFAULT_ROUND_LIMIT", "MAX_CARD_PLAYERS", "MAX_DICE_PLAYERS", "MAX_EDITIONS",
           "MAX_ROUND_LIMIT", "MIN_CARD_PLAYERS", "MIN_DICE_PLAYERS", "MIN_EDITIONS",
           "SEED_DIGITS"]

MIN_CARD_PLAYERS, MAX_CARD_PLAYERS = 2, 4
"""Players at a card game (RULES.md §A1)."""

MIN_DICE_PLAYERS, MAX_DICE_PLAYERS = 1, 4
"""Players at a dice game (RULES.md §B2; one is the solo game)."""

MIN_EDITIONS, MAX_EDITIONS = 1, 4
"""Editions shuffled together in one card game (RULES.md §A9), whether given as a count of
Mickey and Friends copies or as a list. Four copies are 180 cards and 40 Powers, already a long
game. The count is a game's, not a counting question's: ``swkit.odds.deal`` counts a deck of
any number of copies, as lesson 4 does up to 8."""

DEFAULT_ROUND_LIMIT, MAX_ROUND_LIMIT = 200, 100_000
"""Rounds after which a card game ends with no winner (RULES.md §A5 decision): 200 unless said,
at most 100,000 (a save's turn records grow with it)."""

SEED_DIGITS = 78
"""A seed has at most this many digits, sign aside (``abs(seed) < 10**78``): every 256-bit
number, so that a tournament's game seed (``swkit.tournament.game_seed``, SHA-256) replays its
game, and far below the 4,300 digits Python writes an int with (a save, a stream's name)."""
