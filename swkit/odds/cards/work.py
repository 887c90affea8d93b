"""The work budget of one card odds search, counted in memo entries (``swkit.odds.budget``).

``Work`` counts the entries of every memo table of the engine's parts (each table once), the
rows of the numpy batch's tables, and one entry per ``OUTCOMES_PER_ENTRY`` chance outcomes
valued; it raises ``OverBudget`` once they pass the budget. The same check asks the caller's
``stop()`` (if any) and raises ``SearchCancelled`` once it says True: every path of the search
counts its work here, so a cancelled search stops within one check, whatever it is doing.
Checked: ``tests/test_odds_cards_budget.py``, ``tests/test_odds_cards_cancel.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swkit.errors import SearchCancelled

OUTCOMES_PER_ENTRY = 16
"""The work budget charges one memo entry for every 16 chance outcomes valued (draw two's
card pairs, pass's received cards: ``Work.outcome``). Most outcomes end in a remembered
position, and then this adds a little; but two turns before the end with an extra play in
reach, draw two's and pass's outcomes are derived from masks and remembered nowhere, and the
budget must still grow with the time spent. The measurements behind the 16 are in
bench/README.md ("Chance outcomes count too")."""


class OverBudget(Exception):
    """Raised inside the search when its memo tables pass the budget (``Work.tick``);
    ``player_odds`` turns it into a ``WorkBudgetError`` that says why and what to ask."""

    def __init__(self, spent: int) -> None:
        super().__init__(spent)
        self.spent = spent


class Work:
    """The work budget of one search, counted in memo entries (the same on every path):
    the entries of the parts' memo tables (``watch``), plus one entry per
    ``OUTCOMES_PER_ENTRY`` chance outcomes valued."""

    def __init__(self) -> None:
        self.budget: int | None = None      # memo entries allowed (None: no limit)
        self.stop: Callable[[], bool] | None = None   # the caller's cancel flag (None: none)
        self.early: Callable[[int], bool] | None = None    # the caller's early refusal
        self.ticks = 0                      # work steps since the start (see tick)
        self.outcomes = 0                   # chance outcomes valued (see outcome)
        self.parts: list[object] = []       # the parts whose memo tables count (see watch)
        self.row_entries: Callable[[], int] = lambda: 0
        self.memo_tables: list[dict[Any, Any]] = []     # see memo_entries

    def watch(self, parts: list[object], row_entries: Callable[[], int]) -> None:
        """Count the memo tables of ``parts`` (every dict they hold, each once) and the rows
        ``row_entries()`` of the numpy batch's tables."""
        self.parts, self.row_entries, self.memo_tables = parts, row_entries, []

    def memo_entries(self) -> int:
        """The entries of every memo table this search holds (its parts' dicts, and the row
        tables of the numpy batch): the unit of the work budget. The triple lookups shared by
        every question (``PAIR_MEMOS``) are not counted."""
        if not self.memo_tables:        # every memo table is made with its part
            seen: dict[int, dict[Any, Any]] = {}
            for part in self.parts:
                for v in vars(part).values():
                    if isinstance(v, dict):
                        seen.setdefault(id(v), v)
            self.memo_tables = list(seen.values())
        return sum(map(len, self.memo_tables)) + self.row_entries()

    def tick(self) -> None:
        """One step of work (a position valued over two or more turns, a chance outcome):
        every 16th step, raise ``OverBudget`` once the memo tables hold more entries than
        ``budget``."""
        self.ticks += 1
        if not self.ticks & 15:
            self.check_budget()

    def outcome(self) -> None:
        """One chance outcome valued (a card pair of draw two, a card received by pass): a
        step of work (``tick``) that also counts 1/``OUTCOMES_PER_ENTRY`` of a memo entry."""
        self.outcomes += 1
        self.ticks += 1                 # ``tick``, inline: called for every card pair
        if not self.ticks & 15:
            self.check_budget()

    def spent(self) -> int:
        """The work spent, in memo entries: ``memo_entries()`` plus one entry per
        ``OUTCOMES_PER_ENTRY`` chance outcomes valued (the same on every path)."""
        return self.memo_entries() + self.outcomes // OUTCOMES_PER_ENTRY

    def check_stop(self) -> None:
        """Raise ``SearchCancelled`` if the caller's ``stop()`` returns True: the one place a
        search is cancelled. Called with every budget check (``check_budget``), and on its own
        where a long step counts its work only at its end (the numpy batch's rounds)."""
        if self.stop is not None and self.stop():
            raise SearchCancelled("the search was cancelled by its caller (stop() said True): "
                                  "nothing is answered; ask again for the answer")

    def check_budget(self) -> None:
        """Raise ``SearchCancelled`` if the caller's ``stop()`` returns True (``check_stop``),
        then ``OverBudget`` if the work spent (``spent``: memo entries,
        and chance outcomes at 1/``OUTCOMES_PER_ENTRY`` each) passes ``budget``, or the
        caller's ``early(spent)`` says the work done already shows it will (a budget set)."""
        self.check_stop()
        if self.budget is not None:
            spent = self.spent()
            if spent > self.budget or (self.early is not None and self.early(spent)):
                raise OverBudget(spent)
