"""``swkit odds roll`` and ``swkit odds solo``: their JSON-ready answers and text are the
presentation layer's (:mod:`swkit.present.dice`), shared with the odds explorer; the command
line reads them from here."""

from swkit.present.dice import format_roll, format_solo, roll_query, solo_query

__all__ = ["format_roll", "format_solo", "roll_query", "solo_query"]
