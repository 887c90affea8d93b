"""The errors swkit raises. Every message names the bad part and the accepted form."""


class SwkitError(Exception):
    """Base class of every error swkit raises on purpose."""


class NotationError(SwkitError, ValueError):
    """A card, die face, Power or other token could not be read.

    The message names the bad token and lists the accepted forms.
    """


class IllegalActionError(SwkitError, ValueError):
    """An action is not legal in the current state.

    The message explains why in words (naming the cards and the RULES.md section);
    the state that refused it is left unchanged.
    """


class ConfigurationError(SwkitError, ValueError):
    """A game or odds question was set up with parameters outside the accepted range."""


class SearchCancelled(SwkitError):
    """A search was stopped by its caller before it ended: the ``stop()`` it was given (e.g.
    ``player_odds(..., stop=...)``) returned True, so it answers nothing.

    Not a fault of the question: a front end asks this when a newer question makes the old
    one's answer useless (the odds explorer). Ask again to get the answer.
    """


class WorkBudgetError(SwkitError):
    """An exact question needs more work than its budget allows, so it is refused.

    The message says what made the question large, what to ask instead and about how much
    budget it would need. Attributes: ``needed`` (an estimate, in ``unit``), ``budget`` (the
    budget in force), ``unit`` (what the budget counts, e.g. ``"memo entries"``), ``partial``
    (the exact answers found before the refusal, e.g. ``{1: Fraction(1, 3), 2: ...}`` for
    P(scoring within t turns)). Nothing is lost: ask again with a larger budget.
    """

    def __init__(self, message: str, *, needed: int, budget: int, unit: str,
                 partial: dict[int, object] | None = None) -> None:
        super().__init__(message)
        self.needed = needed
        self.budget = budget
        self.unit = unit
        self.partial = dict(partial or {})
