"""swkit: exact probability and combinatorics through two children's games.

Quick start
-----------
On the command line (``swkit COMMAND --help`` lists every option)::

    swkit play dice --players 2 --seed 7       # two bots play Clubhouse dice
    swkit play cards --players 3 --seed 1      # three bots play Something Wild!
    swkit odds deal --cards 4                  # P(4 random cards hold a set or a run)
    swkit odds roll --dice "Mickey Mickey C Goofy Pluto" --target Mickey --at-least 4

In Python, a game is a state you step through, and odds are exact fractions::

    from swkit.cards.game import CardGame
    game = CardGame(players=2, seed=1)
    game.current_player()      # a seat, CHANCE (a draw, as here) or TERMINAL
    game.apply_chance()        # draw from the game's own seeded deck
    game.legal_actions()       # ['play B6', 'play P2', 'play R3', 'play R5']
    game.apply("play B6")      # a bad move raises an error and changes nothing

    from swkit.odds.deal import deal_odds
    deal_odds(3).either        # Fraction(25, 2838): 3 random cards hold a set or a run

Where things are
----------------
- :mod:`swkit.cards` -- Something Wild! Mickey and Friends: notation, Powers, rules, bots
  (RULES.md section A);
- :mod:`swkit.dice` -- Clubhouse dice, a Yahtzee Jr. game: faces, scoreboard, rules, bots
  (RULES.md section B);
- :mod:`swkit.odds` -- the exact odds engine (RULES.md section C);
- :mod:`swkit.cli` -- the ``swkit`` command;
- :mod:`swkit.errors` -- ``SwkitError`` and its kinds, raised for every bad input (also
  importable from here: ``from swkit import SwkitError``).

The rules are in ``docs/RULES.md``; the choices where they are silent in ``docs/DECISIONS.md``.
"""

from swkit.errors import IllegalActionError, NotationError, SwkitError  # noqa: F401

__version__ = "0.1.0"

# The error classes stay importable from here but are left out of ``__all__``, so that
# ``help(swkit)`` shows the quick start and not pages of inherited exception methods.
__all__ = ["__version__"]
