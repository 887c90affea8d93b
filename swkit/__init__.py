"""swkit: exact probability and combinatorics through two children's games.

- :mod:`swkit.cards` -- Something Wild! Mickey and Friends (RULES.md section A)
- :mod:`swkit.dice` -- Clubhouse dice, a Yahtzee Jr. game (RULES.md section B)
- :mod:`swkit.odds` -- the exact odds engine (RULES.md section C)
"""

from swkit.errors import IllegalActionError, NotationError, SwkitError

__version__ = "0.1.0"

__all__ = ["IllegalActionError", "NotationError", "SwkitError", "__version__"]
