"""numpy as an accelerator, not a requirement.

The odds engine answers without numpy (a Pyodide kernel may not have it): the card odds run
the numpy batch's search (``swkit.odds.draws``) on plain Python rows
(``swkit.odds.cards.rows``), with the same exact Fractions and the same memo entries, and the
dice Monte Carlo twins draw with :mod:`random` instead of numpy's generator (the same
questions; a seeded run draws other dice). numpy is imported only when a fast path
first runs, never when ``swkit.odds`` is imported.

The switch: ``enabled`` (module attribute, read on every use; tests flip it) starts as the
environment variable ``SWKIT_NUMPY`` says: ``0``, ``off``, ``no`` or ``false`` turn numpy off,
anything else (or nothing) leaves it on where it imports.
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["ENV_VAR", "enabled", "numpy"]

ENV_VAR = "SWKIT_NUMPY"
"""The environment variable that turns numpy off (``SWKIT_NUMPY=0``)."""

enabled: bool = os.environ.get(ENV_VAR, "").strip().lower() not in ("0", "off", "no", "false")
"""Whether the fast paths may use numpy (where it imports)."""

_module: ModuleType | None = None
_missing = False


def numpy() -> ModuleType | None:
    """The numpy module when it imports and ``enabled`` is true, else None (then the caller
    takes its pure-Python path). The import is tried once."""
    global _module, _missing
    if not enabled:
        return None
    if _module is None and not _missing:
        try:
            import numpy as np
        except ImportError:
            _missing = True
            return None
        _module = np
    return _module
