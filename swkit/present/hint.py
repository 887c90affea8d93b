"""The dice cup's hint: every keep of the dice showing with its exact expected points and its
chance of reaching a count, best first, and with two players each choice's chance to win
(RULES.md §C2, §B5), as rows (:func:`dice_hint`) and as HTML (:func:`hint_html`).

Every number comes from :func:`swkit.odds.keep_options` and
:func:`swkit.odds.duel.duel_options`; every percentage from :mod:`swkit.present.percent`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from swkit.dice.game import DICE, points_text
from swkit.odds.dice import DiceModel, KeepOption, Objective, keep_options
from swkit.present.percent import about

__all__ = ["HINT_TOP", "WIN_HEADING", "HintRow", "aim", "dice_hint", "exact_html", "hint_html",
           "same_win", "win_chance_html", "with_wins"]


@dataclass(frozen=True)
class HintRow:
    """One line of the hint: a keep and its values (RULES.md §C2).

    ``option``: the :class:`~swkit.odds.dice.KeepOption` of :func:`~swkit.odds.keep_options`
    for the expected points of this turn on the current board (``option.value``, points as a
    Fraction); ``target``: the character the keep aims at (the unscored character it holds most
    dice of, or the one a stop scores; None: the best count of any unscored character); ``k``:
    the count asked about; ``p_at_least``: P(target's count >= k at the end of the turn) after
    this keep, playing for that count (a Fraction in [0, 1], the value of the same keep in
    ``keep_options`` with ``Objective.at_least(k, target)``); ``win``: in a 2-player game,
    the student's chance to win, P(win) + 1/2 P(tie), if they play this choice and then play
    their best against seat 1's best (:func:`swkit.odds.duel.duel_options`: a Fraction on the
    game's last two turns, else a float from the shipped table), None with 1, 3 or 4 players.
    """

    option: KeepOption
    target: str | None
    k: int
    p_at_least: Fraction
    win: Fraction | float | None = None

    @property
    def points(self) -> Fraction:
        """Expected points of this turn after this keep, on the current board."""
        return self.option.value

    def describe(self) -> str:
        """The keep in words: ``"keep Mickey Clubhouse (reroll 3)"``, ``"reroll all 5"``,
        ``"stop and score Goofy"``."""
        o = self.option
        if o.reroll == 0:
            return o.describe()
        return ("reroll all 5" if not o.keep
                else f"{o.describe()} (reroll {o.reroll})")

    def goal(self) -> str:
        """What ``p_at_least`` measures: ``"4+ Mickey"`` (4 or more), ``"5 Mickey"`` (all the
        dice: no "or more" past the last die) or ``"4 of a kind"``."""
        if self.target is None:
            return f"{self.k} of a kind"
        return f"{self.k} {self.target}" if self.k >= DICE else f"{self.k}+ {self.target}"


def exact_html(value: Fraction, percent: bool = False) -> str:
    """``value`` exactly, with a decimal (or a percent) beside it for reading, as HTML:
    ``41/9 (about 4.56)``, ``5/9 (about 55.6%)``; a whole number alone (``4``, ``0 (0%)``)."""
    near = about(value) if percent else f"about {float(value):.2f}"
    if value.denominator == 1:
        text = f"{value.numerator}" + (f" ({value.numerator * 100}%)" if percent else "")
    else:
        text = (f'{value.numerator}/{value.denominator} '
                f'<span class="swkit-about">({near})</span>')
    return f'<span class="swkit-exact">{text}</span>'


HINT_TOP = 5
"""How many of the hint's rows show before "Show all" (the best ones; the row the toggled dice
choose, and the best to win, show too where they are further down)."""

WIN_HEADING = "chance to win if you play this, then play your best"
"""The heading of the hint's win column (2 players)."""


def win_chance_html(value: Fraction | float) -> str:
    """A chance to win as HTML: exact (``exact_html``) for a Fraction, else a percent from the
    solved game: ``about 53.1%``; never a bare 100% or 0% for a float (``over 99.9%``,
    ``under 0.1%``), as a float is within 8.5e-13 of the exact value, not equal to it."""
    if isinstance(value, Fraction):
        return exact_html(value, percent=True)
    return f'<span class="swkit-exact">{about(value, exact=False)}</span>'


def same_win(a: Fraction | float, b: Fraction | float) -> bool:
    """Equal chances to win (floats within the shipped table's error count as equal)."""
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a == b
    from swkit.odds.duel import table_error
    return abs(float(a) - float(b)) <= table_error()


def dice_hint(game: Any, seat: int, players: int) -> tuple[list[HintRow], KeepOption | None]:
    """The hint for ``seat``'s dice in ``game`` (a :class:`~swkit.dice.game.DiceGame` where it
    is that seat's decision): every keep with its expected points on this board and P(count
    >= k), best first (:func:`swkit.odds.keep_options`; ``k`` is one more than the best count
    of an unscored character showing, at most 5), and with ``players`` 2 each choice's chance
    to win (:func:`swkit.odds.duel.duel_options`). Returns the rows and the choice with the
    best chance to win (None with 1, 3 or 4 players)."""
    view = game.view(seat)
    model = DiceModel(names=game.characters)
    dice = model.counts(game.dice)
    unscored = view.unscored
    scored = [c for c in game.characters if c not in unscored]
    taken = {c: sorted(game.board.taken(c)) for c in game.characters if game.board.taken(c)}
    left = view.rolls_left
    options = keep_options(model, Objective.points(scored, taken), dice, left)
    k = min(5, max(game.count(c) for c in unscored) + 1)
    chances: dict[str | None, dict[tuple[int, ...], Fraction]] = {}
    rows = []
    for option in options:
        target = aim(option, unscored)
        if target not in chances:
            chances[target] = {
                o.counts: o.value for o in keep_options(
                    model, Objective.at_least(k, target, scored), dice, left)}
        rows.append(HintRow(option, target, k, chances[target][option.counts]))
    if players != 2:
        return rows, None
    return with_wins(game, rows, left)


def with_wins(game: Any, rows: list[HintRow], left: int
              ) -> tuple[list[HintRow], KeepOption | None]:
    """``rows`` with the mover's chance to win of each choice in a 2-player ``game``
    (:func:`swkit.odds.duel.duel_options`; a stop row's chance is scoring its character), and
    the choice with the best chance to win (maybe a score of another character than the stop
    row's)."""
    from swkit.odds.duel import duel_options
    options = duel_options(game.board, game.multiset(), left, DiceModel(names=game.characters))
    keeps = {o.counts: o.value for o in options if o.reroll > 0}
    scores = {o.score: o.value for o in options if o.reroll == 0}
    out = []
    for row in rows:
        o = row.option
        win = scores.get(o.score) if o.reroll == 0 else keeps.get(o.counts)
        out.append(dataclasses.replace(row, win=win))
    return out, options[0] if options else None


def aim(option: KeepOption, unscored: Sequence[str]) -> str | None:
    """The character a keep aims at: a stop's score, else the unscored character with the
    most kept dice (row order breaks ties), else None (any character)."""
    if option.reroll == 0:
        return option.score
    best, most = None, 0
    for character in unscored:
        n = option.keep.count(character)
        if n > most:
            best, most = character, n
    return best


def hint_html(rows: Sequence[HintRow], *, mine: tuple[int, ...] | None, every: bool,
              players: int, win_best: KeepOption | None, rival: str, other: str,
              rolls_left: int, space_for: Callable[[str], int]) -> str:
    """The hint as HTML: a line on what the columns mean, the table of ``rows`` (all of them
    with ``every``, else the top :data:`HINT_TOP`, the row of the toggled dice ``mine`` and
    the best-to-win row), a note on the best chance to win, and the details for the teacher.
    With ``players`` 2 the win column: ``win_best`` the best choice to win, ``rival`` the
    other seat's bot, ``other`` its name on screen, ``space_for(character)`` the points a
    score earns now; ``rolls_left`` the student's rolls left."""
    lines = []
    best = rows[0].points if rows else None
    duel = players == 2 and bool(rows)
    best_win = win_best.value if duel and win_best is not None else None
    n = len(rows)
    for number, row in enumerate(rows, 1):
        classes = []
        yours = row.option.reroll > 0 and row.option.counts == mine
        if row.points == best:
            classes.append("swkit-best")
        if yours:
            classes.append("swkit-yours")
        win = ""
        top = False
        if duel and row.win is not None:
            # no star when no choice can win (a "best to win" at 0% reads as a promise)
            top = (best_win is not None and best_win > 0
                   and same_win(row.win, best_win))
            if top:
                classes.append("swkit-best-win")
            sure = (" (a sure win, whatever the other seat rolls)"
                    if isinstance(row.win, Fraction) and row.win == 1 else "")
            win = (f'<td class="swkit-win">{win_chance_html(row.win)}{sure}'
                   f'{" ★ best to win" if top else ""}</td>')
        if not (every or number <= HINT_TOP or yours or top):
            continue
        # a stop scores now: no count to reach, so no chance of one (not "0%")
        chance = ('<td class="swkit-now">— (scores now)</td>' if row.option.reroll == 0
                  else f"<td>{exact_html(row.p_at_least, percent=True)} for "
                       f"{escape(row.goal())}</td>")
        lines.append(
            f'<tr class="{" ".join(classes)}"><td>{number}. {escape(row.describe())}'
            f'{" ← your choice" if yours else ""}</td>'
            f"<td>{exact_html(row.points)}</td>{chance}{win}</tr>")
    left = rolls_left
    rolls = ("no rolls left" if left == 0 else
             f"{left} roll{'' if left == 1 else 's'} left")
    head = ("The only choice for these dice" if n == 1 else
            f"All {n} choices for these dice" if every else
            f"The top {HINT_TOP} of {n} choices for these dice")
    short = ("Points: what you can expect to score this turn. Chance: of getting that "
             "count, if you reroll for it.")
    win_words = win_head = extra = ""
    if duel:
        win_head = f"<th>{escape(WIN_HEADING[0].upper() + WIN_HEADING[1:])}</th>"
        rival = rival
        exact = all(isinstance(r.win, Fraction) for r in rows if r.win is not None)
        who = ("the win bot does" if rival == "win"
               else f"the {rival} bot may not")
        short += (f" Win: your chance to win the game, if {other} plays its best "
                  "too.")
        win_words = (
            f" <i>{WIN_HEADING[0].upper() + WIN_HEADING[1:]}</i>: your chance of winning "
            f"the game, the Clubhouse roll-off included, if {other} plays its best "
            f"too ({who}); "
            + ("an exact fraction on the game's last two turns." if exact else
               "a percent from the solved two-player game (exact fractions come on the "
               "game's last two turns)."))
        w = win_best
        if w is not None and w.value == 0:
            extra = ('<div class="swkit-win-note">No choice can win now, if '
                     f"{escape(other)} plays its best: the points are what is "
                     "left to play for.</div>")
        elif w is not None and w.reroll == 0 and not any(
                r.option.reroll == 0 and r.option.score == w.score for r in rows):
            points = space_for(str(w.score))
            extra = ('<div class="swkit-win-note">Best chance to win: score '
                     f"{escape(str(w.score))} now ({points_text(points)}): "
                     f"{win_chance_html(w.value)}.</div>")
    details = (
        '<details class="swkit-hint-details"><summary>What the numbers mean (for the '
        "teacher)</summary><div><i>Expected points</i>: the points you can expect from "
        "this turn on this board if you play your best from here; <i>chance</i>: of ending "
        "the turn with that count if you play for it (a choice that scores now has no "
        "count to reach: —). Both are exact fractions (RULES.md §C2)."
        f"{win_words}</div></details>")
    return (
        f'<div class="swkit-hint-words">{head}, with {rolls}'
        f'{"" if n == 1 else ", best first"}. '
        f"{escape(short)}</div>"
        # a narrow page scrolls the table in its own box (WCAG 1.4.10 lets a data table),
        # which the keyboard can reach to scroll
        '<div class="swkit-scroll" tabindex="0" role="group" aria-label="the choices">'
        "<table><tr><th>Choice</th><th>Expected points</th>"
        "<th>Chance of the count (if you reroll)</th>"
        f"{win_head}</tr>" + "".join(lines) + "</table></div>" + extra + details)
