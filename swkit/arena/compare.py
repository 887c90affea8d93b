"""Is my bot better than that one? :func:`compare` plays a student's ``choose(view)`` (or a
built-in bot) against a built-in bot, in this process (a notebook, the browser site), in
**paired** games and in as many **unpaired** ones, and says who won how often, with a 95%
interval for each way of playing. Either game: Clubhouse dice (``game="dice"``, the default)
or Something Wild! cards (``game="cards"``).

- *Paired* (duplicate, :func:`swkit.arena.matches.play_pair`): each pair is two games with the
  same dice (or deal) for each seat, the bots swapping seats; luck mostly cancels.
- *Unpaired*: every game has dice (or a deal) of its own (its own seed), the bots taking seats
  in turn.

A game's win counts 1, a win shared after a roll-off that never ended 1/2 each, a card game
stopped at the round limit 0 for both (:func:`swkit.arena.matches.win_share`). The paired
interval comes from the spread of the pairs (:func:`swkit.arena.intervals.paired95`), the
unpaired one is Wilson's (:func:`swkit.arena.intervals.wilson95`).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swkit.arena.forfeits import Limits
from swkit.arena.in_process import FunctionEntrant
from swkit.arena.intervals import paired95, variance, wilson95
from swkit.arena.matches import (
    LUCK_WORDS,
    OWN_LUCK_WORDS,
    BuiltinEntrant,
    Entrant,
    GameResult,
    check_game,
    play_game,
    play_pair,
    win_share,
)
from swkit.errors import ConfigurationError
from swkit.state import substream_seed

__all__ = ["Comparison", "Tally", "compare", "entrant_for", "summary_chart"]

MAX_PAIRS = 100_000
"""The most pairs :func:`compare` plays (each way: paired and unpaired)."""


@dataclass
class Tally:
    """One way of playing (paired or unpaired): ``pair_wins`` holds the bot's wins in each
    pair of games (0 to 2; for unpaired games, two games with dice of their own, the bot in
    seat 0 then in seat 1), ``forfeits`` the bot's forfeits by reason, ``against_forfeits``
    the other bot's."""

    paired: bool
    pair_wins: list[Fraction] = field(default_factory=list)
    forfeits: Counter[str] = field(default_factory=Counter)
    against_forfeits: Counter[str] = field(default_factory=Counter)

    @property
    def games(self) -> int:
        """Games played (two a pair)."""
        return 2 * len(self.pair_wins)

    @property
    def wins(self) -> Fraction:
        """Games won (a shared win counts 1/2)."""
        return sum(self.pair_wins, Fraction(0))

    @property
    def rate(self) -> float:
        """Games won per game played (0 before any game)."""
        return float(self.wins / self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate (module docstring)."""
        if self.paired:
            return paired95(self.pair_wins)
        return wilson95(float(self.wins), self.games)

    @property
    def pair_variance(self) -> Fraction:
        """The sample variance of the wins per pair (exact)."""
        return variance(self.pair_wins)

    def add(self, results: tuple[GameResult, GameResult], mine: tuple[int, int]) -> None:
        """Count a pair of games in which the bot sat in seats ``mine``."""
        wins = Fraction(0)
        for result, seat in zip(results, mine, strict=True):
            wins += win_share(result, seat)
            for forfeit_seat, reason in result.forfeits:
                who = self.forfeits if forfeit_seat == seat else self.against_forfeits
                who[reason] += 1
        self.pair_wins.append(wins)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


@dataclass(repr=False)
class Comparison:
    """What :func:`compare` found: ``name`` and ``against`` (the bots), ``pairs`` and
    ``seed``, a :class:`Tally` for ``paired`` and ``unpaired`` games, and the ``game``."""

    name: str
    against: str
    pairs: int
    seed: int
    paired: Tally
    unpaired: Tally
    game: str = "dice"

    @property
    def variance_ratio(self) -> float | None:
        """How many times more the wins per pair vary in unpaired games than in paired ones
        (about how many unpaired games give the precision of one paired game); None when the
        paired pairs did not vary at all."""
        if self.paired.pair_variance == 0:
            return None
        return float(self.unpaired.pair_variance / self.paired.pair_variance)

    def lines(self) -> list[str]:
        """What was found, in words: one line per way of playing, then the forfeits."""
        out = [f"{self.name} against {self.against} ({self.pairs} pairs of games each way, "
               f"seed {self.seed}):"]
        for words, tally in ((f"paired games ({LUCK_WORDS[self.game]}, seats swapped)",
                              self.paired),
                             (f"unpaired games ({OWN_LUCK_WORDS[self.game]})", self.unpaired)):
            low, high = tally.interval
            out.append(f"  {words}: {self.name} won {float(tally.wins):g} of {tally.games}: "
                       f"{_percent(tally.rate)}, 95% interval {_percent(low)} to "
                       f"{_percent(high)}")
        for who, counter in ((self.name, self.paired.forfeits + self.unpaired.forfeits),
                             (self.against, self.paired.against_forfeits
                              + self.unpaired.against_forfeits)):
            for reason, n in sorted(counter.items()):
                out.append(f"  {who} forfeited {n} game{'s' * (n != 1)}: {reason}")
        return out

    def _forfeited_all(self, forfeits: Counter[str]) -> str | None:
        """When ``forfeits`` (one bot's, in paired and unpaired games) cover every game played:
        the reasons in words (the commonest first); else None."""
        games = self.paired.games + self.unpaired.games
        if not games or sum(forfeits.values()) < games:
            return None
        reasons = sorted(forfeits, key=lambda r: (-forfeits[r], r))
        return "; ".join(reasons)

    def verdict(self) -> str:
        """What the paired games can say, in words: better, worse, or cannot tell yet; when one
        bot forfeited every game (paired and unpaired), that it is the worse one, that it did,
        and why: it lost them all, so no interval is needed to tell."""
        mine = self._forfeited_all(self.paired.forfeits + self.unpaired.forfeits)
        theirs = self._forfeited_all(self.paired.against_forfeits
                                     + self.unpaired.against_forfeits)
        if mine is not None and theirs is not None:
            return (f"Both bots forfeited every game, so neither won. Why: {self.name}: {mine}; "
                    f"{self.against}: {theirs}. Fix them, then compare again.")
        for who, other, why in ((self.name, self.against, mine),
                                (self.against, self.name, theirs)):
            if why is not None:
                return (f"{who} is not as good as {other}: {who} forfeited every game, so "
                        f"{other} won them all. Why: {why}. Fix {who}, then compare again.")
        low, high = self.paired.interval
        if low > 0.5:
            return (f"{self.name} is better than {self.against}: the whole 95% interval of "
                    f"the paired games is above 50%.")
        if high < 0.5:
            return (f"{self.name} is not as good as {self.against}: the whole 95% interval "
                    f"of the paired games is below 50%.")
        return (f"Cannot tell yet: the 95% interval of the paired games holds 50%. Play more "
                f"pairs to tell {self.name} and {self.against} apart.")

    def __str__(self) -> str:
        return "\n".join([*self.lines(), self.verdict()])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        lines = self.lines()
        items = "".join(f"<li>{html.escape(line.strip())}</li>" for line in lines[1:])
        return (f'<div class="swkit-comparison"><p>{html.escape(lines[0])}</p><ul>{items}'
                f"</ul><p>{html.escape(self.verdict())}</p></div>")

    def chart(self) -> Any:
        """The win rates as a :class:`swkit.plots.Chart`: paired and unpaired games, each with
        its 95% interval, and a dashed line at 50% (an even match)."""
        from swkit.plots import Chart
        tallies = (self.paired, self.unpaired)
        chart = Chart(f"{self.name} against {self.against}: games won",
                      xlabel=f"games won by {self.name}", ylabel="games",
                      categories=[f"paired ({self.paired.games} games)",
                                  f"unpaired ({self.unpaired.games} games)"],
                      horizontal=True, percent=True, limits=(0, 1), width=8.0, height=2.8)
        chart.bars("win rate (95% interval)", [t.rate for t in tallies],
                   intervals=[t.interval for t in tallies], hatch="")
        chart.reference("an even match (50%)", 0.5)
        return chart


def summary_chart(comparisons: Sequence[Comparison]) -> Any:
    """One bot against several, in one :class:`swkit.plots.Chart`: its win rate in the paired
    games against each (top to bottom, in the order given) with the 95% interval, and a dashed
    line at 50%. Raises ConfigurationError for no comparisons, or comparisons of different
    bots."""
    from swkit.plots import Chart
    if not comparisons:
        raise ConfigurationError("summary_chart needs at least one comparison")
    names = {c.name for c in comparisons}
    if len(names) != 1:
        raise ConfigurationError(f"summary_chart shows one bot against others, got "
                                 f"{', '.join(sorted(names))}")
    name = comparisons[0].name
    chart = Chart(f"{name}: games won in paired games", xlabel=f"games won by {name}",
                  ylabel="against", categories=[f"{c.against} ({c.paired.games} games)"
                                                for c in comparisons],
                  horizontal=True, percent=True, limits=(0, 1), width=8.0,
                  height=max(2.5, 0.5 * len(comparisons) + 1.8))
    chart.bars("win rate (95% interval)", [c.paired.rate for c in comparisons],
               intervals=[c.paired.interval for c in comparisons], hatch="")
    chart.reference("an even match (50%)", 0.5)
    return chart


def entrant_for(bot: Callable[..., Any] | str | Entrant, limits: Limits | None = None,
                name: str | None = None, game: str = "dice") -> Entrant:
    """An entrant of ``game`` for :func:`compare`: a function ``choose(view)`` (played in this
    process, :class:`~swkit.arena.in_process.FunctionEntrant`, for either game), a built-in
    bot's name (``"greedy"``...) or an entrant as it is. Raises ConfigurationError for anything
    else or an unknown name."""
    if isinstance(bot, Entrant):
        return bot
    if isinstance(bot, str):
        return BuiltinEntrant(bot.strip().lower(), game)
    if callable(bot):
        return FunctionEntrant(bot, name, limits)
    raise ConfigurationError(f"a bot is a function choose(view) or a built-in bot's name "
                             f"(random, greedy, points), got {type(bot).__name__}")


def compare(choose: Callable[..., Any] | str, against: str = "greedy", pairs: int = 50,
            seed: int = 0, *, name: str | None = None,
            limits: Limits | None = None, game: str = "dice") -> Comparison:
    """Play ``choose`` (a function ``choose(view)``, or a built-in bot's name) against the
    built-in bot ``against`` (or a function): ``pairs`` duplicate pairs of games, and as many
    unpaired pairs (four games a pair in all), seeded ``seed``, all in this process. ``name``
    names ``choose`` in the results (default: the function's name); ``limits``: its time
    limits (measured: a slow move forfeits once it returns); ``game``: ``"dice"`` or
    ``"cards"``. Returns a :class:`Comparison`. Raises ConfigurationError for a bot that is
    neither, an unknown game or name or ``pairs`` not a whole number from 1 to
    :data:`MAX_PAIRS`."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or not 1 <= pairs <= MAX_PAIRS:
        raise ConfigurationError(f"pairs must be a whole number from 1 to {MAX_PAIRS:,}, got "
                                 f"{pairs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigurationError(f"seed must be a whole number, got {seed!r}")
    check_game(game)
    mine = entrant_for(choose, limits, name, game)
    theirs = entrant_for(against, limits, game=game)
    their_name = theirs.name if theirs.name != mine.name else f"{theirs.name} (the other)"
    paired, unpaired = Tally(paired=True), Tally(paired=False)
    try:
        for k in range(pairs):
            paired.add(play_pair(mine, theirs, substream_seed(seed, f"compare/paired/{k}"),
                                 game), (0, 1))
            unpaired.add((play_game(game, [mine, theirs],
                                    substream_seed(seed, f"compare/alone/{k}/0")),
                          play_game(game, [theirs, mine],
                                    substream_seed(seed, f"compare/alone/{k}/1"))), (0, 1))
    finally:
        mine.close()
        theirs.close()
    return Comparison(mine.name, their_name, pairs, seed, paired, unpaired, game)
