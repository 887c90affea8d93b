"""Tournaments: bots play many seeded games, on this machine or on a Dask cluster.

>>> result = run_tournament("dice", ["points", "greedy"], games=4, seed=1, workers=1)
>>> result.games, [e.games for e in result.entries]
(4, [4, 4])

Game ``i`` (0-based) of a tournament with seed ``S`` is a whole game seeded
:func:`game_seed` ``(S, i)``, with entry ``(s + i) mod P`` of the bot list in seat ``s`` (P
players, one per bot named): the seats rotate every game, so over a multiple of P games each bot
plays each seat equally often. Every game depends only on ``(S, i)`` and the bot list, and the
tallies are integer sums, so a result is the same whatever the backend, the worker count or the
chunking (the tests check it). ``swkit play dice --seed <game_seed(S, i)> --bots ...`` replays
game ``i`` with the same seating.

Backends: ``"local"`` runs chunks of games in processes on this machine
(:class:`concurrent.futures.ProcessPoolExecutor` with fresh processes from a fork server; one
worker runs in this process);
``"dask"`` sends them to ``dask.distributed`` workers: a :class:`distributed.LocalCluster` of
``workers`` processes when no scheduler is given, else the cluster behind ``scheduler``
(``tcp://host:8786``, as ``dask scheduler`` and ``dask worker`` start it; every worker needs
swkit installed). Dask is the optional extra ``swkit[cluster]``.

A win is a game's sole winner: in the dice game a tie on points is broken by the Clubhouse
roll-off (RULES.md §B5), a fair coin between the tied players, so a dice win rate estimates
P(win) + P(tie)/k, the quantity the exact odds give (k tied players). Win rates come with 99%
Wilson intervals (:func:`swkit.odds.montecarlo_dice.wilson`), average scores with normal 99%
intervals.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swkit.errors import ConfigurationError
from swkit.runner import GAMES, bot_names, make_bot, play_out
from swkit.state import substream_seed
from swkit.whole import as_whole

if TYPE_CHECKING:  # numpy and matplotlib load only when a result is made or drawn
    from matplotlib.figure import Figure

    from swkit.odds.montecarlo_dice import MCResult

__all__ = [
    "BACKENDS", "GAMES", "Entry", "Tally", "TournamentResult", "bot_names", "check_entries",
    "dask_results", "fresh_process_context", "game_seed", "play_chunk", "play_one",
    "pool_results", "run_tournament", "seating",
]

BACKENDS: tuple[str, ...] = ("local", "dask")
"""Where the games run: processes on this machine, or Dask workers."""

MAX_BOTS = 4
"""At most 4 players in either game (RULES.md §A1, §B1)."""

CLUSTER_EXTRA = 'pip install "swkit[cluster]"'

GAMES_PER_WORKER = 500
"""By default the local backend starts at most one worker per this many games (fewer games:
one worker, in this process): starting a process costs more than a few hundred games."""
WORKERS_PER_CORE = 4
"""At most this many worker processes a CPU core (``workers``, ``--workers``): more only wait
for each other and take memory (a process is started per task at most)."""



def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a tournament seeded ``seed``: the SHA-256
    substream ``substream_seed(seed, f"tournament/{index}")`` (a 256-bit integer, the same on
    every machine and Python)."""
    return substream_seed(seed, f"tournament/{index}")


def seating(players: int, index: int) -> tuple[int, ...]:
    """Which entry of the bot list sits in each seat in game ``index``: seat ``s`` holds
    entry ``(s + index) % players``."""
    return tuple((s + index) % players for s in range(players))


def check_entries(game: str, bots: Sequence[str] | str, games: int) -> tuple[str, ...]:
    """Check a tournament's ``game``, ``bots`` (names, or one comma-separated string) and
    ``games`` as :func:`run_tournament` takes them, before any game is played. Returns the bot
    names, lower-cased. Raises ConfigurationError naming the bad part and the accepted form."""
    if game not in GAMES:
        raise ConfigurationError(f"unknown game {game!r}: choose dice or cards")
    if isinstance(bots, str):
        bots = bots.split(",")
    names = tuple(str(b).strip().lower() for b in bots)
    if not 2 <= len(names) <= MAX_BOTS:
        raise ConfigurationError(
            f"a tournament needs 2 to {MAX_BOTS} bots, one per player (e.g. points,greedy), "
            f"got {len(names)}")
    if game == "dice":
        from swkit.odds.dice_bots import check_win_bot, dice_bot_factory
        for name in names:
            dice_bot_factory(name)  # unknown or unavailable: one clear error
        check_win_bot(names, len(names))  # the win bot's refusal, in the dice cup's words
    else:
        accepted = bot_names("cards")
        bad = [n for n in names if n not in accepted]
        if bad:
            raise ConfigurationError(f"unknown card bot {bad[0]!r}: choose from "
                                     f"{', '.join(accepted)}")
    if as_whole(games) is None or games < 1:
        raise ConfigurationError(f"games must be a whole number of at least 1, got {games!r}")
    if games % len(names):
        p = len(names)
        low, high = games - games % p, games - games % p + p
        raise ConfigurationError(
            f"games must be a multiple of {p} (the players) so that each bot plays each seat "
            f"equally often, got {games}: try {high}" + (f" or {low}" if low else ""))
    return names


# -- one game ----------------------------------------------------------------------------------

GameOutcome = tuple[tuple[int, ...], tuple[int, ...], bool]
"""(winners by seat, scores by seat, decided by a tie-break): what a tally needs of a game."""


def play_one(game: str, bots: Sequence[str], seed: int, index: int) -> GameOutcome:
    """Play game ``index`` of a tournament seeded ``seed`` with ``bots`` (one name per entry,
    seated by :func:`seating`). Returns (winners' seats, scores per seat, whether a tie-break
    decided it: the Clubhouse roll-off in dice; always False in cards)."""
    players = len(bots)
    sit = seating(players, index)
    seed_i = game_seed(seed, index)
    seats = [make_bot(game, bots[sit[s]], s, seed_i) for s in range(players)]
    if game == "dice":
        from swkit.dice.game import DiceGame
        dice = play_out(DiceGame(players, seed_i), seats)
        out = dice.outcome()
        assert out is not None
        return tuple(out.winners), tuple(out.scores), bool(dice.tiebreak_rounds)
    from swkit.cards.game import CardGame
    out = play_out(CardGame(players, seed_i), seats).outcome()
    assert out is not None
    return tuple(out.winners), tuple(out.scores), False


# -- tallies -----------------------------------------------------------------------------------

_DIGEST_MOD = 1 << 64


@dataclass
class Tally:
    """Integer sums over a set of games (mergeable in any order, so chunking changes nothing).

    Per entry ``e`` (position in the bot list): ``wins[e]`` (sole winner), ``shared[e]`` (one
    of several winners), ``score_sum[e]``, ``score_sq[e]``, ``seat_games[e][s]``,
    ``seat_wins[e][s]``. Per game: ``games``, ``no_winner`` (cards: the round limit),
    ``tiebreaks`` (dice: decided by the roll-off), ``digest``: the sum mod 2**64 of a hash of
    each game's index, seating, winners and scores (equal digests: the same games, whatever
    the order they were played in). ``cpu``: CPU seconds the games took in the processes that
    played them (``time.process_time``; a timing, not a figure: it varies run to run).
    """

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    score_sum: list[int] = field(default_factory=list)
    score_sq: list[int] = field(default_factory=list)
    seat_games: list[list[int]] = field(default_factory=list)
    seat_wins: list[list[int]] = field(default_factory=list)
    no_winner: int = 0
    tiebreaks: int = 0
    digest: int = 0
    cpu: float = 0.0

    def __post_init__(self) -> None:
        p = self.players
        for name in ("wins", "shared", "score_sum", "score_sq"):
            if not getattr(self, name):
                setattr(self, name, [0] * p)
        for name in ("seat_games", "seat_wins"):
            if not getattr(self, name):
                setattr(self, name, [[0] * p for _ in range(p)])

    def add(self, index: int, outcome: GameOutcome) -> None:
        """Count game ``index`` with its :func:`play_one` outcome."""
        winners, scores, tiebreak = outcome
        sit = seating(self.players, index)
        self.games += 1
        self.tiebreaks += tiebreak
        if not winners:
            self.no_winner += 1
        for seat, entry in enumerate(sit):
            self.seat_games[entry][seat] += 1
            self.score_sum[entry] += scores[seat]
            self.score_sq[entry] += scores[seat] ** 2
            if seat in winners:
                if len(winners) == 1:
                    self.wins[entry] += 1
                    self.seat_wins[entry][seat] += 1
                else:
                    self.shared[entry] += 1
        text = f"{index}|{sit}|{winners}|{scores}|{int(tiebreak)}".encode()
        self.digest = (self.digest + int.from_bytes(hashlib.blake2b(text, digest_size=8)
                                                    .digest(), "big")) % _DIGEST_MOD

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to this tally (the two must count different games)."""
        self.games += other.games
        self.no_winner += other.no_winner
        self.tiebreaks += other.tiebreaks
        self.cpu += other.cpu
        self.digest = (self.digest + other.digest) % _DIGEST_MOD
        for name in ("wins", "shared", "score_sum", "score_sq"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, v in enumerate(theirs):
                mine[i] += v
        for name in ("seat_games", "seat_wins"):
            for mine, theirs in zip(getattr(self, name), getattr(other, name), strict=True):
                for i, v in enumerate(theirs):
                    mine[i] += v


def play_chunk(game: str, bots: Sequence[str], seed: int, start: int, stop: int) -> Tally:
    """Play games ``start .. stop - 1`` of a tournament and tally them (what a worker runs)."""
    tally = Tally(len(bots))
    cpu = time.process_time()
    for i in range(start, stop):
        tally.add(i, play_one(game, bots, seed, i))
    tally.cpu = time.process_time() - cpu
    return tally


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _default_chunk(games: int, workers: int) -> int:
    """About 20 chunks a worker (a smooth progress bar, even loads), 1 to 2000 games each."""
    return max(1, min(2000, math.ceil(games / (workers * 20))))


# -- the result --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One bot of the list, over the whole tournament.

    ``bot``: its name; ``games``: games played (every entry plays every game); ``wins``,
    ``shared``: games won (a game tied on points counts for its Clubhouse roll-off's winner),
    and games whose win was shared (100 tied roll-off rounds); ``win_rate``: ``wins / games``
    with its 99% Wilson interval (an :class:`~swkit.odds.montecarlo_dice.MCResult`, fields
    ``estimate``, ``low``, ``high``, ``n``); ``score``: the average score (points in dice,
    Powers in cards) with a normal 99% interval; ``seat_games``, ``seat_wins``: per seat.
    """

    bot: str
    games: int
    wins: int
    shared: int
    win_rate: MCResult
    score: MCResult
    seat_games: tuple[int, ...]
    seat_wins: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the fields, intervals as ``{"estimate", "low", "high"}``."""
        return {"bot": self.bot, "games": self.games, "wins": self.wins, "shared": self.shared,
                "win_rate": _interval(self.win_rate), "score": _interval(self.score),
                "seat_games": list(self.seat_games), "seat_wins": list(self.seat_wins)}


def _interval(r: MCResult) -> dict[str, float]:
    return {"estimate": r.estimate, "low": r.low, "high": r.high}


@dataclass(frozen=True)
class TournamentResult:
    """What :func:`run_tournament` returns.

    ``game``, ``bots`` (the list, entry order), ``games``, ``seed``; ``backend``,
    ``workers``, ``chunk_size``: how it ran (they change no figure); ``tally``: the integer
    sums (:class:`Tally`); ``entries``: one :class:`Entry` per bot; ``seat_win_rate``: per
    seat, the share of games its player won (roll-offs included, shared wins apart), with 99%
    Wilson intervals (which seat the game favours); ``no_winner`` (cards: games stopped at the
    round limit), ``tiebreaks`` (dice: games tied on points, decided by the Clubhouse
    roll-off); ``digest``: see :class:`Tally`.
    """

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    backend: str
    workers: int
    chunk_size: int
    tally: Tally = field(repr=False)
    entries: tuple[Entry, ...] = ()
    seat_win_rate: tuple[MCResult, ...] = ()

    @property
    def no_winner(self) -> int:
        """Games with no winner (cards: the round limit, RULES.md §A7)."""
        return self.tally.no_winner

    @property
    def tiebreaks(self) -> int:
        """Games tied on points and decided by the Clubhouse roll-off (dice, RULES.md §B5)."""
        return self.tally.tiebreaks

    @property
    def digest(self) -> str:
        """The games' order-independent digest, 16 hex digits (see :class:`Tally`)."""
        return f"{self.tally.digest:016x}"

    @property
    def cpu_seconds(self) -> float:
        """CPU seconds the games took, summed over the processes that played them (worker
        start-up and Dask's own work not included)."""
        return self.tally.cpu

    def figures(self) -> dict[str, Any]:
        """Everything that depends on the games only (not on how they ran): equal for equal
        seeds and bot lists on every backend."""
        d = self.to_dict()
        for key in ("backend", "workers", "chunk_size", "cpu_seconds"):
            d.pop(key)
        return d

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``game``, ``bots``, ``games``, ``seed``, ``backend``,
        ``workers``, ``chunk_size``, ``cpu_seconds`` (how it ran), ``entries``
        (:meth:`Entry.to_dict`), ``seats`` (per seat: ``games``, ``wins``, ``win_rate``),
        ``no_winner``, ``tiebreaks``, ``digest``."""
        seats = [{"seat": s, "games": self.games,
                  "wins": sum(self.tally.seat_wins[e][s] for e in range(len(self.bots))),
                  "win_rate": _interval(r)} for s, r in enumerate(self.seat_win_rate)]
        return {"game": self.game, "bots": list(self.bots), "games": self.games,
                "seed": self.seed, "backend": self.backend, "workers": self.workers,
                "chunk_size": self.chunk_size, "cpu_seconds": round(self.cpu_seconds, 3),
                "entries": [e.to_dict() for e in self.entries], "seats": seats,
                "no_winner": self.no_winner, "tiebreaks": self.tiebreaks,
                "digest": self.digest}

    def format_text(self) -> str:
        """The readable report: a line per bot (win rate with its 99% interval, shared wins,
        average score), a line per seat, the ties or unfinished games, how it ran."""
        unit = "points" if self.game == "dice" else "Powers"
        what = "Clubhouse dice" if self.game == "dice" else "Something Wild! cards"
        p = len(self.bots)
        each = self.games // p
        lines = [f"{what} tournament: {self.games} game{'' if self.games == 1 else 's'}, seed "
                 f"{self.seed}; seats rotate: {each} game{'' if each == 1 else 's'} per bot per "
                 "seat",
                 f"{_won_words(self.game)}, with the 99% interval (Wilson), and the average "
                 "score:"]
        width = max(len(_label(self.bots, i)) for i in range(p))
        digits = len(str(self.games))
        for i, e in enumerate(self.entries):
            r, s = e.win_rate, e.score
            shared = f" (+{e.shared} shared)" if e.shared else ""
            lines.append(
                f"  {_label(self.bots, i):<{width}}  {e.wins:>{digits}} won = "
                f"{_pct(r.estimate):>6} (99%: {_pct(r.low)} to {_pct(r.high)}){shared}   "
                f"average {s.estimate:.2f} {unit} (99%: {s.low:.2f} to {s.high:.2f})")
        lines.append("Games won by seat (whoever sat there):")
        for seat, r in enumerate(self.seat_win_rate):
            wins = sum(self.tally.seat_wins[e][seat] for e in range(p))
            name = f"seat {seat}" + (" (moves first)" if seat == 0 else "")
            lines.append(f"  {name:<21}{wins:>{digits}} won = {_pct(r.estimate):>6} "
                         f"(99%: {_pct(r.low)} to {_pct(r.high)})")
        if self.game == "dice":
            lines.append(f"Tied on points, decided by the Clubhouse roll-off (RULES.md §B5): "
                         f"{_games(self.tiebreaks)}"
                         + (" (each counted above as a win for its roll-off's winner)"
                            if self.tiebreaks else ""))
        else:
            lines.append(f"No winner (stopped at the round limit): {_games(self.no_winner)}")
        lines.append(f"Ran on: {self.backend}, {self.workers} worker"
                     f"{'' if self.workers == 1 else 's'}, {self.cpu_seconds:.1f} CPU s of "
                     f"play (no figure depends on it); digest {self.digest}")
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A matplotlib Figure of two charts: each bot's win rate, and each seat's, as bars
        with their 99% intervals and a dashed line at 1/P (what P equal bots would each win).
        The game, the number of games and the seed are its title; one legend below both
        charts says what the line and the error bars are. Okabe–Ito colors
        (:mod:`swkit.plots`)."""
        from swkit.plots import CYCLE_ORDER, FONT_SIZE, OKABE_ITO, new_figure, style_axes
        fig = new_figure(1, 2, width=11.0, height=5.8)
        game = "Clubhouse dice" if self.game == "dice" else "Something Wild! cards"
        p = len(self.bots)
        panels = (([_label(self.bots, i) for i in range(p)],
                   [e.win_rate for e in self.entries], "bot", "Which bot wins more?"),
                  ([f"seat {s}" for s in range(p)], list(self.seat_win_rate),
                   "seat (whoever sat there)", "Which seat wins more?"))
        handles = []
        for ax, (labels, rates, xlabel, title) in zip(fig.axes, panels, strict=True):
            heights = [100 * r.estimate for r in rates]
            errors = [[100 * (r.estimate - r.low) for r in rates],
                      [100 * (r.high - r.estimate) for r in rates]]
            colors = ([OKABE_ITO[CYCLE_ORDER[i % len(CYCLE_ORDER)]] for i in range(len(rates))]
                      if xlabel == "bot" else [OKABE_ITO["sky blue"]] * len(rates))
            bars = ax.bar(labels, heights, yerr=errors, capsize=8, color=colors,
                          edgecolor="black", error_kw={"linewidth": 1.5})
            line = ax.axhline(100 / p, color="black", linestyle="--", linewidth=1.2)
            for x, (h, r) in enumerate(zip(heights, rates, strict=True)):
                ax.text(x, 100 * r.high + 2, f"{h:.1f}%", ha="center", va="bottom",
                        fontsize=FONT_SIZE - 1)
            style_axes(ax, title, xlabel, _won_axis(self.game))
            ax.set_ylim(0, 112)
            ax.set_yticks(range(0, 101, 20))
            handles = [line, bars.errorbar]
        fig.suptitle(f"{game}: {self.games:,} games, seed {self.seed}",
                     fontsize=FONT_SIZE + 4, fontweight="bold")
        fig.legend(handles, [f"1/{p}: what each of {p} equal bots would win",
                             "99% interval (Wilson)"], loc="outside lower center", ncols=2,
                   fontsize=FONT_SIZE - 1, frameon=False)
        return fig


def _won_words(game: str) -> str:
    """What a win counts, for the report's heading and the chart's axis: in dice a game tied on
    points goes to the Clubhouse roll-off's winner (RULES.md §B5), and a shared win (100 tied
    roll-off rounds) is counted apart; in cards a game stopped at the round limit has no
    winner (RULES.md §A7)."""
    if game == "dice":
        return "Games won, Clubhouse roll-offs included (shared wins apart)"
    return "Games won (games with no winner apart)"


def _won_axis(game: str) -> str:
    """The chart's axis label: :func:`_won_words` as a percent of the games."""
    return ("% of games won\n(Clubhouse roll-offs included)" if game == "dice"
            else "% of games won")


def _label(bots: Sequence[str], i: int) -> str:
    """A bot's label: its name, numbered when the list names it twice (``points #2``)."""
    if list(bots).count(bots[i]) == 1:
        return bots[i]
    return f"{bots[i]} #{list(bots[:i + 1]).count(bots[i])}"


def _nonnegative(r: MCResult) -> MCResult:
    """A mean score's interval cut at 0: no score is negative (a normal interval can dip
    below 0 when most scores are 0)."""
    return r if r.low >= 0 else type(r)(r.estimate, 0.0, r.high, r.n)


def _games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _result(game: str, bots: tuple[str, ...], games: int, seed: int, backend: str,
            workers: int, chunk: int, tally: Tally) -> TournamentResult:
    from swkit.odds.montecarlo_dice import mean_interval, wilson
    entries = []
    for e, name in enumerate(bots):
        entries.append(Entry(
            name, games, tally.wins[e], tally.shared[e], wilson(tally.wins[e], games),
            _nonnegative(mean_interval(tally.score_sum[e], tally.score_sq[e], games)),
            tuple(tally.seat_games[e]), tuple(tally.seat_wins[e])))
    seats = tuple(wilson(sum(tally.seat_wins[e][s] for e in range(len(bots))), games)
                  for s in range(len(bots)))
    return TournamentResult(game, bots, games, seed, backend, workers, chunk, tally,
                            tuple(entries), seats)


# -- backends ----------------------------------------------------------------------------------

Progress = Callable[[int], None]
"""Called with the number of games just finished (a chunk's size)."""


def _run_local(game: str, bots: tuple[str, ...], seed: int, games: int,
               workers: int, info: dict[str, int]) -> Iterator[Tally]:
    chunks = _chunks(games, info.setdefault("chunk", _default_chunk(games, workers)))
    workers = info["workers"] = min(workers, len(chunks))  # a process per task at most
    if workers == 1:
        for a, b in chunks:
            yield play_chunk(game, bots, seed, a, b)
        return
    yield from pool_results(workers, [(play_chunk, (game, bots, seed, a, b)) for a, b in chunks])


def pool_results(workers: int, tasks: Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]
                 ) -> Iterator[Any]:
    """Run each ``(function, args)`` of ``tasks`` in a pool of ``workers`` fresh local processes
    (:func:`fresh_process_context`) and yield each result as its task finishes (a task's error
    is raised here). The workers start with Ctrl-C held back, so a Ctrl-C at the terminal
    stops the command once, here; on it, on a task's error, or when the caller stops early,
    the workers are ended at once (not after the tasks still queued, which can take minutes)
    and waited for. ``function`` and ``args`` must pickle (module-level functions)."""
    pool = None
    try:
        with _interrupts_held():  # the workers start with Ctrl-C held back, as a cluster's
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=fresh_process_context())
            futures = [pool.submit(function, *args) for function, args in tasks]
        for fut in as_completed(futures):
            yield fut.result()
    except BaseException:  # Ctrl-C, a worker's error, or the caller stopped: stop the tasks
        if pool is not None:
            _stop_workers(pool)
        raise
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End ``pool``'s worker processes now, not after their chunks of games (a chunk can take
    many seconds): ``terminate_workers`` where Python has it (3.14), else each process."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(OSError, ValueError):
            process.terminate()


def fresh_process_context() -> Any:
    """Fresh worker processes: the fork server where the platform has one (POSIX), else spawn.
    A plain fork would copy a caller's threads' locks (a Jupyter kernel has threads; Python
    3.12+ warns about it) and its warm caches (unfair timings)."""
    import multiprocessing
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _import_dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ConfigurationError(
            f"--backend dask needs Dask, which is not installed: {CLUSTER_EXTRA} (or use "
            f"--backend local)") from None
    return distributed


def _run_dask(game: str, bots: tuple[str, ...], seed: int, games: int, workers: int,
              scheduler: str | None, timeout: float, info: dict[str, int]) -> Iterator[Tally]:
    def tasks(count: int) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
        chunks = _chunks(games, info.setdefault("chunk", _default_chunk(games, count)))
        return [(play_chunk, (game, bots, seed, a, b)) for a, b in chunks]
    yield from dask_results(tasks, workers, scheduler, timeout, info)


def dask_results(tasks: Callable[[int], Sequence[tuple[Callable[..., Any], tuple[Any, ...]]]],
                 workers: int, scheduler: str | None, timeout: float,
                 info: dict[str, int]) -> Iterator[Any]:
    """Run tasks on Dask and yield their results as they finish: a
    :class:`distributed.LocalCluster` of ``workers`` processes when ``scheduler`` is None, else
    the cluster at ``scheduler`` (reached within ``timeout`` seconds, with a worker).
    ``tasks(count)`` gives the ``(function, arguments)`` pairs for ``count`` workers (also
    stored in ``info["workers"]``). The cluster is closed at the end, on an error or when the
    caller stops. Raises ConfigurationError for a missing Dask, an unreachable scheduler, a
    cluster without workers or workers without swkit."""
    distributed = _import_dask()
    import logging
    cluster = client = None
    try:
        if scheduler is None:
            with warnings.catch_warnings(), _interrupts_held():
                # The scheduler's HTTP server moves off a busy port 8787 and warns: harmless.
                warnings.filterwarnings("ignore", message="Port .* is already in use")
                cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                                   processes=True, dashboard_address=None,
                                                   silence_logs=logging.ERROR)
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(scheduler, timeout=timeout)
            except (OSError, TimeoutError, ValueError) as exc:
                detail = " ".join(str(exc).split()) or type(exc).__name__
                raise ConfigurationError(
                    f"cannot reach the Dask scheduler at {scheduler!r} ({detail}): start one "
                    f"with 'dask scheduler' and its workers with 'dask worker ADDRESS', give "
                    f"its address as tcp://HOST:8786, or leave --scheduler out for a local "
                    f"cluster") from None
        if scheduler is not None:
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError) as exc:
                raise ConfigurationError(
                    f"the Dask scheduler at {scheduler!r} has no workers (waited {timeout:g} s):"
                    f" start some with 'dask worker {scheduler}'") from exc
        info["workers"] = len(client.scheduler_info().get("workers", {}))
        futures = [client.submit(function, *arguments, pure=False)
                   for function, arguments in tasks(info["workers"])]
        for fut in distributed.as_completed(futures):
            try:
                yield fut.result()
            except ModuleNotFoundError as exc:
                raise ConfigurationError(
                    f"a Dask worker cannot import {exc.name}: install swkit (the same version) "
                    f"on every worker") from None
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while a local cluster starts, and deliver it after, as a
    KeyboardInterrupt where the cluster can be closed. The cluster's threads and worker
    processes, started meanwhile, inherit the blocked signal, so a Ctrl-C at the terminal
    (sent to every process of the command) stops the command once, here, instead of killing
    each worker with a traceback of its own; a Ctrl-C that another thread receives meanwhile
    is noted, not raised inside the cluster's start. Does nothing outside the main thread or
    where signals cannot be blocked (Windows). Python's resource tracker is started first:
    starting it unblocks SIGINT in the thread that starts it
    (``multiprocessing.resource_tracker``), which would be the cluster's thread."""
    if (threading.current_thread() is not threading.main_thread()
            or not hasattr(signal, "pthread_sigmask")):
        yield
        return
    from multiprocessing import resource_tracker
    resource_tracker.ensure_running()
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def run_tournament(game: str, bots: Sequence[str], games: int, seed: int = 0, *,
                   backend: str = "local", workers: int | None = None,
                   scheduler: str | None = None, chunk_size: int | None = None,
                   progress: Progress | None = None, timeout: float = 10.0
                   ) -> TournamentResult:
    """Bots play ``games`` seeded games of ``game`` and the results are tallied.

    ``game``: ``"dice"`` or ``"cards"``; ``bots``: 2 to 4 names (one per player, e.g.
    ``["points", "greedy"]``; a name may repeat); ``games``: a multiple of the number of
    players (each bot plays each seat equally often); ``seed``: game ``i`` is seeded
    :func:`game_seed` ``(seed, i)`` and seated by :func:`seating`. ``backend``: ``"local"``
    (processes here) or ``"dask"``; ``workers``: processes (default: this machine's CPU
    count, and for ``local`` at most one per :data:`GAMES_PER_WORKER` games; local with 1
    runs in this process, as a notebook or a test may want; with a ``scheduler`` the
    cluster's own workers play and ``workers`` must be left out); ``scheduler``: a Dask
    scheduler address (``tcp://host:8786``; default a LocalCluster); ``chunk_size``: games
    per task (default about 20 tasks for each worker there is); ``progress``: called with
    each finished chunk's size; ``timeout``: seconds to reach a scheduler, and to wait for its
    first worker.

    None of ``backend``, ``workers``, ``scheduler``, ``chunk_size`` changes a figure.
    Returns a :class:`TournamentResult`. Raises ConfigurationError (one line, naming the bad
    part) for a bad argument, an unknown or unavailable bot, a missing Dask, an unreachable
    scheduler or workers without swkit.
    """
    names = check_entries(game, bots, games)
    if backend not in BACKENDS:
        raise ConfigurationError(f"unknown backend {backend!r}: choose local or dask")
    if scheduler is not None and backend != "dask":
        raise ConfigurationError("a scheduler address needs --backend dask")
    if scheduler is not None and workers is not None:
        raise ConfigurationError(
            "--workers sets the size of a local cluster; with --scheduler the cluster's own "
            "workers play (leave --workers out)")
    if workers is not None and (as_whole(workers) is None or workers < 1):
        raise ConfigurationError(f"workers must be a whole number of at least 1, got "
                                 f"{workers!r}")
    cores = os.cpu_count() or 1
    if workers is not None and workers > WORKERS_PER_CORE * cores:
        raise ConfigurationError(
            f"--workers {workers}: this computer has {cores} CPU core"
            f"{'' if cores == 1 else 's'}; give at most {WORKERS_PER_CORE * cores} "
            f"({WORKERS_PER_CORE} a core): more processes only wait for each other")
    if chunk_size is not None and (as_whole(chunk_size) is None or chunk_size < 1):
        raise ConfigurationError(f"chunk size must be a whole number of at least 1, got "
                                 f"{chunk_size!r}")
    if as_whole(seed) is None:
        raise ConfigurationError(f"seed must be a whole number (it fixes every game), got "
                                 f"{seed!r}")
    games, workers, chunk_size = as_whole(games), as_whole(workers), as_whole(chunk_size)
    seed = as_whole(seed)
    if backend == "dask":
        _import_dask()
    k = workers or os.cpu_count() or 1
    if workers is None and backend == "local":
        k = max(1, min(k, games // GAMES_PER_WORKER))  # a small tournament: no pool to start
    tally = Tally(len(names))
    info = {"workers": k} if chunk_size is None else {"workers": k, "chunk": chunk_size}
    if backend == "local":
        parts: Iterable[Tally] = _run_local(game, names, seed, games, k, info)
    else:
        parts = _run_dask(game, names, seed, games, k, scheduler, timeout, info)
    with contextlib.closing(parts):  # a Ctrl-C meanwhile stops the workers before it goes on
        for part in parts:
            tally.merge(part)
            if progress is not None:
                progress(part.games)
    return _result(game, names, games, seed, backend, info["workers"], info["chunk"], tally)


def tqdm_progress(total: int, *, enabled: bool | None = None) -> tuple[Progress | None, Any]:
    """A progress bar on stderr for ``total`` games (tqdm): ``(callback, bar)``; close the bar
    when done. ``enabled`` None: only when stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None, None
    from tqdm import tqdm
    bar = tqdm(total=total, unit="game", file=sys.stderr, dynamic_ncols=True,
               desc="tournament")
    return bar.update, bar
