"""The work budget of the card odds engine (``swkit.odds.cards.player_odds``).

The budget counts **memo entries**: the positions, masks and tables the exact search
remembers (every memo table of one search, the numpy batch's row tables included, counted the
same way whichever path computes them), plus one entry per 16 chance outcomes valued (draw
two's card pairs, pass's received cards; ``swkit.odds.cards.work.OUTCOMES_PER_ENTRY``), which
some searches value without remembering them. Memory grows with them, and so does the time
(``python bench/odds_budget.py`` measures both). A question that needs more than its budget
is refused with ``swkit.errors.WorkBudgetError``. This module holds no code that needs numpy,
so the command line can name the default without loading the engine.
"""

from __future__ import annotations

DEFAULT_BUDGET = 250_000
"""The budget of ``player_odds`` by default, in memo entries: it keeps every question the
tests and the bench try under 1 GB of memory and under a minute of CPU on the kit's 2-core
machines (``python bench/odds_budget.py``). ``budget=`` (``--budget N``) raises it."""

BUDGET_UNIT = "remembered positions"
"""What the work budget counts, in the words a user reads (help, refusals): the memo entries
above ("memo" is the code's word, not a teacher's)."""
