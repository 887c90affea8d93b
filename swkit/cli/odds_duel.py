"""``swkit odds duel``: its JSON-ready answer and text are the presentation layer's
(:mod:`swkit.present.duel`), in the dice cup's words; the command line reads them from here."""

from swkit.present.duel import WIN_WORDS, duel_query, format_duel, within_words

__all__ = ["WIN_WORDS", "duel_query", "format_duel", "within_words"]
