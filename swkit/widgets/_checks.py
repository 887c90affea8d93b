"""Up-front checks of a widget's arguments.

A widget refuses a bad argument when it is made, with a ConfigurationError naming the argument,
the value and the accepted form, before any widget model is created: a game that starts and
then sticks (``bot_delay=-1``) or a misspelt keyword passed on to the ``VBox`` with only a
warning (``bot_dealy=0``) is worse than a clear refusal.
"""

from __future__ import annotations

import difflib
import inspect
import math
import numbers
from collections.abc import Iterable, Mapping
from typing import Any

from swkit.errors import ConfigurationError
from swkit.whole import as_whole

__all__ = ["MAX_BOT_DELAY", "arguments", "check_bot_delay", "check_flag", "check_keywords",
           "check_seed"]

MAX_BOT_DELAY = 10.0
"""The longest pause before a bot's move, in seconds (a class waits no longer than that)."""


def arguments(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments ``cls(*args, **kwargs)`` gives its ``__init__``, defaults filled in, by
    name (the unknown keywords under ``"kwargs"``). A widget checks them in ``__new__``: a
    widget whose ``__init__`` raised would still be closed when collected, half built.
    Raises TypeError for too many positional arguments, as a call would."""
    bound = inspect.signature(cls.__init__).bind(None, *args, **kwargs)
    bound.apply_defaults()
    found = dict(bound.arguments)
    found.pop("self", None)
    return found


def check_keywords(widget: str, given: Mapping[str, Any], accepted: Iterable[str]) -> None:
    """Refuse every keyword in ``given`` (the ``**kwargs`` a widget was called with): each is
    one it does not take. The message names the keyword, the nearest accepted one ("did you
    mean bot_delay?") and lists every accepted keyword. Raises ConfigurationError."""
    if not given:
        return
    names = sorted(accepted)
    bad = sorted(given)
    hints = []
    for name in bad:
        near = difflib.get_close_matches(name, names, n=1)
        hints.append(f"{name!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    raise ConfigurationError(
        f"{widget} does not take the keyword{'s' if len(bad) > 1 else ''} {', '.join(hints)}; "
        + (f"accepted: {', '.join(names)}" if names else "it takes no arguments"))


def check_bot_delay(value: Any) -> float:
    """``value`` as seconds of pause before each bot move: a number from 0 to
    :data:`MAX_BOT_DELAY`. Raises ConfigurationError otherwise (a negative or NaN delay once
    stuck a game on its first bot)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) \
            or not math.isfinite(value) or not 0 <= value <= MAX_BOT_DELAY:
        raise ConfigurationError(
            f"bot_delay is {value!r}; accepted: seconds from 0 to {MAX_BOT_DELAY:g} "
            "(e.g. 0.5; 0 for no pause)")
    return float(value)


def check_seed(value: Any) -> int | None:
    """``value`` as a game seed: a whole number, or None for a random one. Raises
    ConfigurationError otherwise."""
    if value is not None and as_whole(value) is None:
        raise ConfigurationError(f"seed is {value!r}; accepted: a whole number (the same "
                                 "number deals the same game), or None for a random one")
    return as_whole(value)


def check_flag(name: str, value: Any) -> bool:
    """``value`` as a yes/no option: True or False. Raises ConfigurationError otherwise."""
    if not isinstance(value, bool):
        raise ConfigurationError(f"{name} is {value!r}; accepted: True or False")
    return value
