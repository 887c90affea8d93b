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
