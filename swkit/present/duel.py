"""The answer of ``swkit odds duel``: the chance to win of every keep and score choice in a
two-player game beside the expected points of the same choice, a
:class:`~swkit.present.questions.DuelQuestion` answered by :func:`swkit.present.answers.solve`
(the expected points: :func:`swkit.present.answers.duel_expected`).

The chance to win is :func:`swkit.odds.duel.duel_options`: P(win) + 1/2 P(tie) for the player
to move if they play this choice and then play their best against the other player's best
(RULES.md §B, §B5). The expected points are this turn's, from :mod:`swkit.odds.dice`
(RULES.md §C2): a keep's value is :func:`~swkit.odds.dice.keep_options` with
``Objective.points`` on the board as it stands (the characters the mover has scored cannot be
scored again, the spaces the other player holds push a token left, RULES.md §B4); a score
choice's is the points that score earns now.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from swkit.errors import NotationError
from swkit.odds.dice import DiceModel, check_dice
from swkit.present.answers import solve
from swkit.present.percent import percent_number, percent_text
from swkit.present.questions import DuelQuestion

WIN_WORDS = "chance to win if you play this, then play your best"
"""What the chance to win means, in the words the dice cup's hint uses."""


def _win_field(value: Fraction | float) -> str | float:
    """An exact chance as a fraction string, a float one as a number (rounded to 12 places:
    the table is within 8.5e-13 of the exact value)."""
    return str(value) if isinstance(value, Fraction) else round(float(value), 12)


def duel_query(board: str, dice: str, rolls_left: int | None = None) -> dict[str, Any]:
    """Answer ``swkit odds duel`` as a JSON-ready dict.

    ``board``: the board notation ``"Mickey:3,Goofy:0 / Minnie:5"`` (seat 0's tokens, ``/``,
    seat 1's; a character with its space, 0 the Picture Column); the seat to move follows from
    the token counts. ``dice``: the five dice showing (names or unique prefixes, C for the
    Clubhouse); ``rolls_left``: 0..2 (default 2, RULES.md §B3).

    Keys: ``question``, ``board`` (read back), ``mover`` (seat), ``totals`` (both seats'
    points so far), ``dice``, ``rolls_left``, ``exact`` (True: every ``win`` is an exact
    fraction string, on the game's last two turns; False: floats from the kit's solved table),
    ``error_bound`` (0 when exact), ``best`` and ``options`` (best first, each with
    ``action``, ``keep``, ``reroll``, ``score``, ``win``, ``win_percent``, ``expected`` (a
    fraction string) and ``expected_float``). Raises NotationError for a bad board or dice,
    ConfigurationError for bad rolls left, an impossible board or a finished game.
    """
    from swkit.odds.duel import DuelBoard, table_error
    model = DiceModel()
    if not str(dice).split():
        raise NotationError('--dice is empty: name the 5 dice showing, e.g. --dice "Mickey '
                            'Mickey Clubhouse Minnie Donald" (names or unique prefixes, C for '
                            "the Clubhouse)")
    DuelBoard.parse(board, model)
    counts = check_dice(model, model.counts(dice))
    answer = solve(DuelQuestion(board, model.faces_of(counts), rolls_left))
    b, t, options = answer.result.board, answer.result.rolls_left, answer.result.options
    seat = b.mover
    exact = all(isinstance(o.value, Fraction) for o, _ in options)
    rows = []
    for o, e in options:
        rows.append({"action": o.describe(), "keep": list(o.keep), "reroll": o.reroll,
                     "score": o.score, "win": _win_field(o.value),
                     "win_percent": percent_number(o.value),
                     "expected": str(e), "expected_float": round(float(e), 6)})
    return {
        "question": f"chance to win of seat {seat}, the player to move ({WIN_WORDS}), "
                    "and the expected points this turn",
        "board": b.text(),
        "mover": seat,
        "totals": list(b.totals),
        "dice": list(model.faces_of(counts)),
        "rolls_left": t,
        "exact": exact,
        "error_bound": 0.0 if exact else table_error(model),
        "best": rows[0],
        "options": rows,
    }


def _win_text(row: dict[str, Any]) -> str:
    win = row["win"]
    if isinstance(win, str):
        value = Fraction(win)
        if value.denominator == 1:
            return f"{value.numerator * 100}%"
        return f"{win} = {percent_text(value)}"
    return percent_text(win)


def within_words(bound: float) -> str:
    """How close a float chance from the solved table is to the exact one, for a teacher:
    ``8.5e-13`` -> "each within 0.000000000001 of the exact chance" (the bound rounded up to a
    power of ten, written out; ``--json`` keeps the bound itself as ``error_bound``). In: the
    bound, a float > 0; raises ValueError for a bound that is not."""
    if not bound > 0 or not math.isfinite(bound):
        raise ValueError(f"the error bound must be a finite number > 0, got {bound!r}")
    power = math.ceil(math.log10(bound))  # 8.5e-13 -> -12; exactly 1e-12 stays -12
    if 10.0 ** power < bound:  # a log10 rounded down
        power += 1
    shown = "1" + "0" * power if power >= 0 else "0." + "0" * (-power - 1) + "1"
    return f"each within {shown} of the exact chance"


def format_duel(result: dict[str, Any]) -> str:
    """A short readable answer for :func:`duel_query`'s result: every option, best first."""
    rolls = f"{result['rolls_left']} roll{'' if result['rolls_left'] == 1 else 's'}"
    a, b = result["totals"]
    lines = [f"board {result['board'] or '(empty)'} (seat 0 {a} points, seat 1 {b}); "
             f"seat {result['mover']} to move with {' '.join(result['dice'])}, {rolls} left",
             "chance to win = P(win) + 1/2 P(tie) if you play this, then play your best "
             "against the other's best; "
             + ("exact fractions" if result["exact"] else
                f"from the kit's solved table, {within_words(result['error_bound'])}"),
             f"best: {result['best']['action']}"]
    width = max(len(r["action"]) for r in result["options"])
    for number, row in enumerate(result["options"], 1):
        lines.append(f"{number:>3}. {row['action']:<{width}}  win {_win_text(row)}  "
                     f"expected points {row['expected_float']:.3f}")
    return "\n".join(lines)
