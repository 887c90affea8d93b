"""The class tournament: every pair of entrants plays the same duplicate pairs of games, of
Clubhouse dice or of Something Wild! cards (``game``).

:func:`round_robin` takes entrants as ``--bots`` writes them (built-in names, students' bot
files, folders or zips of them: :func:`expand_entries`), and plays every pairing ``pairs``
duplicate pairs (:func:`swkit.arena.matches.play_pair`): pair ``k`` of every pairing has the
seed ``substream_seed(seed, "arena/<k>")``, so every pairing meets the same dice (or deal).
Pairings run in worker processes (each keeps its students' bot processes for all its
pairings); the result does not depend on how many.

:class:`ArenaResult` gives each entrant's wins, games and 95% Wilson interval, the forfeits and
their reasons, the first seat's share of wins (a seat-order effect), and a ranking that says
which neighbours cannot be told apart at this many games (their 95% intervals overlap).
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any

from swkit.arena.forfeits import Limits
from swkit.arena.intervals import wilson95
from swkit.arena.matches import (
    GAME_WORDS,
    LUCK_WORDS,
    GameResult,
    check_game,
    make_entrant,
    play_pair,
    win_share,
)
from swkit.errors import ConfigurationError
from swkit.state import substream_seed

__all__ = ["ArenaResult", "Standing", "expand_entries", "round_robin", "wilson95"]

MAX_ZIP_FILES = 2000
MAX_ZIP_BYTES = 50_000_000
"""A zip of bot files is read up to this many members and uncompressed bytes."""


def _unzip(path: Path, into: Path) -> list[Path]:
    """The ``.py`` files of the zip ``path``, written under ``into`` (never outside it: names
    are reduced to safe parts; at most :data:`MAX_ZIP_FILES` members and
    :data:`MAX_ZIP_BYTES` bytes)."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise ConfigurationError(f"--bots {path}: not a zip file that can be read ({exc})") \
            from None
    found, total = [], 0
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) > MAX_ZIP_FILES:
            raise ConfigurationError(f"--bots {path}: {len(members)} files in the zip (at most "
                                     f"{MAX_ZIP_FILES})")
        for n, member in enumerate(members):
            name = PurePosixPath(member.filename.replace("\\", "/"))
            if name.suffix.lower() != ".py" or any(p.startswith(".") for p in name.parts):
                continue
            with archive.open(member) as source:
                data = source.read(MAX_ZIP_BYTES - total + 1)
            total += len(data)
            if total > MAX_ZIP_BYTES:
                raise ConfigurationError(f"--bots {path}: more than {MAX_ZIP_BYTES:,} bytes of "
                                         f"bot files in the zip")
            safe = "".join(c if c.isalnum() or c in "-_ " else "_" for c in _lms_name(name))
            safe = safe.strip() or "bot"
            folder = into / f"{n:04d}"
            folder.mkdir(parents=True)
            target = folder / f"{safe}.py"
            target.write_bytes(data)
            found.append(target)
    return found


def _lms_name(name: PurePosixPath) -> str:
    """The student a bot file in a learning platform's "download all submissions" zip belongs
    to: Moodle's folder ``Full Name_1234_assignsubmission_file_/bot.py`` gives "Full Name",
    Canvas's ``name_1234_5678_bot.py`` (``_late_`` too) gives "name"; any other file its own
    name (``ana.py``: "ana")."""
    for part in name.parts[:-1]:
        moodle = re.match(r"(.+?)_\d+_assignsubmission_", part)
        if moodle:
            return moodle.group(1)
    canvas = re.match(r"([^_]+)_(?:late_)?\d+_\d+_", name.name)
    return canvas.group(1) if canvas else name.stem


def _same_file_key(path: Path) -> tuple[int, int]:
    """What makes two paths the same file or folder: its device and inode (a link, ``./``,
    ``../`` or another spelling of the same file gives the same key)."""
    info = path.stat()
    return info.st_dev, info.st_ino


def expand_entries(entries: Sequence[str], unpack: Path,
                   notice: Callable[[str], None] | None = None) -> list[str]:
    """``--bots`` entries as single entrants: a built-in bot's name or a ``.py`` file stay as
    they are; a folder gives its ``.py`` files (not in subfolders, not hidden); a ``.zip``
    gives its ``.py`` files, unpacked under ``unpack``. Sorted within a folder or zip.

    A bot enters once however often it is named: the same file (or folder, or zip) named
    twice, or a copy of a bot file already entered (the same file name and the same text:
    ``ana.py,class/`` with ``class/ana.py`` a copy of ``ana.py``); ``notice`` (if given) gets
    one line for each left out ("class/ana.py is entered once (named twice)"). Two files with
    different names or different text both enter (``class/ana.py`` and ``extra/ana.py``
    that differ: ana and ana-2). Raises ConfigurationError for a path that does not exist or
    holds no bot files."""
    found: list[str] = []
    seen: dict[object, str] = {}   # a file's (or folder's) key -> how it was first named

    def first_time(path: Path, shown: str) -> bool:
        same = _same_file_key(path)
        copy = (path.stem, hashlib.sha256(path.read_bytes()).hexdigest()) if path.is_file() \
            else None
        if same in seen or copy in seen:
            if notice is not None:
                notice(f"{shown} is entered once (named twice)" if same in seen else
                       f"{shown} is left out: the same bot as {seen[copy]} (same name, same "
                       f"text)")
            return False
        seen[same] = shown
        if copy is not None:
            seen[copy] = shown
        return True

    for entry in entries:
        text = entry.strip()
        path = Path(text)
        if text.lower().endswith(".zip"):
            if not path.is_file():
                raise ConfigurationError(f"--bots {text}: no such zip file")
            if not first_time(path, text):
                continue
            files = sorted(_unzip(path, unpack / f"zip{len(found)}"), key=lambda p: p.stem)
        elif path.is_dir():
            if not first_time(path, text):
                continue
            files = sorted(p for p in path.iterdir()
                           if p.suffix == ".py" and p.is_file() and not p.name.startswith("."))
        elif text.lower().endswith(".py"):
            if not path.is_file():
                raise ConfigurationError(f"--bots {text}: no such bot file")
            files = [path]
        else:
            found.append(text.lower())
            continue
        if not files:
            raise ConfigurationError(f"--bots {text}: no bot files (.py) in it")
        found += [str(f) for f in files if first_time(f, text if f is path else str(f))]
    return found


@dataclass
class Standing:
    """One entrant's results: ``name``, ``source`` (the file, or "built-in"), ``wins`` (a win
    shared by a roll-off that never ended counts 1/2), ``games``, ``interval`` (95%),
    ``forfeits`` (reason -> games forfeited), ``seat_wins`` (wins in seat 0, seat 1),
    ``unplayed`` (games lost before any move: its file did not load). A card game stopped at
    the round limit, or a game neither of whose bots' files loaded, is a game with no win for
    either bot."""

    name: str
    source: str
    wins: Fraction = Fraction(0)
    games: int = 0
    forfeits: Counter[str] = field(default_factory=Counter)
    seat_wins: list[Fraction] = field(default_factory=lambda: [Fraction(0), Fraction(0)])
    unplayed: int = 0

    @property
    def did_not_play(self) -> bool:
        """Whether the bot forfeited every game before any move (its file did not load): it is
        listed after the ranking, not ranked by an interval."""
        return self.games > 0 and self.unplayed == self.games

    @property
    def rate(self) -> float:
        """Wins per game (0 before any game)."""
        return float(self.wins / self.games) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson95(float(self.wins), self.games)


@dataclass
class ArenaResult:
    """A class tournament's results (see the module docstring). ``standings`` best first;
    ``game``: ``"dice"`` or ``"cards"``."""

    standings: list[Standing]
    pairs: int
    seed: int
    games: int
    seconds: float
    first_seat_wins: Fraction
    game: str = "dice"

    @property
    def ranked(self) -> list[Standing]:
        """The bots that played, best first (the ranking)."""
        return [s for s in self.standings if not s.did_not_play]

    @property
    def not_played(self) -> list[Standing]:
        """The bots that did not play: their file did not load, so they forfeited every game
        (:attr:`Standing.did_not_play`); listed after the ranking, without a rank."""
        return [s for s in self.standings if s.did_not_play]

    def ties(self) -> list[tuple[str, str]]:
        """Neighbours in the ranking that cannot be told apart at this many games: their 95%
        intervals overlap (the bots that did not play are not in the ranking)."""
        out = []
        ranked = self.ranked
        for upper, lower in zip(ranked, ranked[1:], strict=False):
            if upper.interval[0] <= lower.interval[1]:
                out.append((upper.name, lower.name))
        return out

    def lines(self) -> list[str]:
        """The results in words: a ranking table, what cannot be told apart, the forfeits."""
        width = max(3, *(len(s.name) for s in self.standings))
        out = [f"Class tournament: {len(self.standings)} bots, every pairing {self.pairs} "
               f"duplicate pairs of {GAME_WORDS[self.game]} games ({LUCK_WORDS[self.game]}, "
               f"seats swapped), seed {self.seed}: {self.games:,} games in "
               f"{self.seconds:.0f} s",
               f"  {'#':>3}  {'bot':<{width}}  {'wins':>7}  {'games':>6}  {'win rate':>8}  "
               f"95% interval"]
        for rank, s in enumerate(self.ranked, 1):
            low, high = s.interval
            out.append(f"  {rank:>3}  {s.name:<{width}}  {float(s.wins):>7g}  {s.games:>6}  "
                       f"{s.rate:>8.1%}  {low:.1%} to {high:.1%}")
        for s in self.not_played:
            out.append(f"  {'-':>3}  {s.name:<{width}}  did not play: its file did not load "
                       f"(it lost all its {s.games} games)")
        ties = self.ties()
        if ties:
            out.append("Cannot be told apart at this many games (their 95% intervals overlap): "
                       + "; ".join(f"{a} and {b}" for a, b in ties))
        share = float(self.first_seat_wins / self.games) if self.games else 0.0
        out.append(f"The first player won {share:.1%} of the games (50% when moving first "
                   f"neither helps nor hurts).")
        forfeits = [(s.name, reason, n) for s in self.standings for reason, n in
                    sorted(s.forfeits.items())]
        if forfeits:
            out.append("Forfeits (the other bot won those games" + (
                "; a game where neither bot's file loaded was won by neither):"
                if len(self.not_played) > 1 else "):"))
            out += [f"  {name}: {n} game{'s' * (n != 1)}: {reason}" for name, reason, n in
                    forfeits]
        return out

    def chart(self) -> Any:
        """The leaderboard as a :class:`swkit.plots.Chart`: each ranked bot's win rate (best at
        the top) with its 95% interval, and a dashed line at 50% (an even match). The bots that
        did not play are left out (unless none played)."""
        from swkit.plots import Chart
        ranked = self.ranked or self.standings   # when no bot played: all of them, at 0
        names = [s.name for s in ranked]
        chart = Chart(f"Class tournament: who wins more? ({self.games:,} games of "
                      f"{GAME_WORDS[self.game]})",
                      xlabel="games won", ylabel="bot", categories=names, horizontal=True,
                      percent=True, limits=(0, 1), width=8.0,
                      height=max(2.5, 0.45 * len(names) + 1.6))
        chart.bars("win rate (95% interval)", [s.rate for s in ranked],
                   intervals=[s.interval for s in ranked], hatch="")
        chart.reference("an even match (50%)", 0.5)
        return chart

    def to_json(self) -> dict[str, Any]:
        """The results as a JSON-ready dict."""
        return {"game": self.game, "format": "duplicate round robin", "pairs": self.pairs,
                "seed": self.seed, "games": self.games,
                "first_seat_share": str(self.first_seat_wins / self.games) if self.games else
                None,
                "standings": [{"rank": r, "name": s.name, "source": s.source,
                               "wins": str(s.wins), "games": s.games,
                               "interval95": list(s.interval),
                               "forfeits": dict(sorted(s.forfeits.items()))}
                              for r, s in enumerate(self.ranked, 1)],
                "did_not_play": [{"name": s.name, "source": s.source, "games": s.games,
                                  "forfeits": dict(sorted(s.forfeits.items()))}
                                 for s in self.not_played],
                "cannot_tell_apart": [list(t) for t in self.ties()]}


_ENTRANTS: dict[tuple[str, Limits, str], Any] = {}
"""A worker process's entrants, kept for all its pairings (a student's bot process each)."""

_SOURCES: dict[str, str] = {}
"""On a Dask worker: a bot file's source (sent with the task) -> the file written for it."""


def _entrant(text: str, limits: Limits, game: str) -> Any:
    key = (text, limits, game)
    if key not in _ENTRANTS:
        _ENTRANTS[key] = make_entrant(text, limits, game)
    return _ENTRANTS[key]


def _written(entry: str | tuple[str, str]) -> str:
    """An entry as a worker plays it: a built-in name or a file path as it is; a ``(name,
    source)`` pair (a bot file sent to a Dask worker, which may be another machine) written
    once into a temporary folder of this process, named ``name.py``."""
    if isinstance(entry, str):
        return entry
    name, source = entry
    if source not in _SOURCES:
        folder = Path(tempfile.mkdtemp(prefix="swkit-bot-"))
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
        _SOURCES[source] = str(folder / f"{name}.py")
    return _SOURCES[source]


def play_pairing(a: str | tuple[str, str], b: str | tuple[str, str], seeds: Sequence[int],
                 limits: Limits, game: str = "dice") -> list[GameResult]:
    """Every duplicate pair of one pairing of ``game`` (entrants ``a`` and ``b``: built-in
    names, bot file paths, or ``(name, source)`` pairs of bot files), one per seed."""
    first, second = _entrant(_written(a), limits, game), _entrant(_written(b), limits, game)
    results: list[GameResult] = []
    for seed in seeds:
        results += play_pair(first, second, seed, game)
    return results


def _pairing_task(i: int, j: int, a: Any, b: Any, seeds: Sequence[int], limits: Limits,
                  game: str = "dice") -> tuple[tuple[int, int], list[GameResult]]:
    return (i, j), play_pairing(a, b, seeds, limits, game)


def _close_entrants() -> None:
    for entrant in _ENTRANTS.values():
        entrant.close()
    _ENTRANTS.clear()


def _games(pairings: list[tuple[int, int]], entries: list[str], seeds: list[int],
           limits: Limits, workers: int, backend: str = "local",
           scheduler: str | None = None,
           game: str = "dice") -> Iterator[tuple[tuple[int, int], list[GameResult]]]:
    if backend == "dask":
        from swkit.tournament import dask_results
        sent = [(Path(e).stem, Path(e).read_text(encoding="utf-8")) if e.endswith(".py")
                else e for e in entries]
        yield from dask_results(
            lambda _count: [(_pairing_task, (i, j, sent[i], sent[j], seeds, limits, game))
                            for i, j in pairings], workers, scheduler, 10, {})
        return
    if workers <= 1:
        try:
            for i, j in pairings:
                yield (i, j), play_pairing(entries[i], entries[j], seeds, limits, game)
        finally:
            _close_entrants()
        return
    from swkit.tournament import pool_results  # Ctrl-C ends the workers at once
    yield from pool_results(workers, [(_pairing_task, (i, j, entries[i], entries[j], seeds,
                                                       limits, game)) for i, j in pairings])


def round_robin(entries: Sequence[str], pairs: int = 20, seed: int = 0, *,
                limits: Limits | None = None, workers: int | None = None,
                progress: Callable[[int], None] | None = None, backend: str = "local",
                scheduler: str | None = None, game: str = "dice") -> ArenaResult:
    """Play the class tournament (module docstring) between ``entries`` (built-in names and
    bot files, at least 2; :func:`expand_entries` first for folders and zips), ``pairs``
    duplicate pairs per pairing, seeded ``seed``. ``workers``: processes (default: the CPU
    count, at most one per pairing). ``progress(n)`` is called after each pairing with its
    games. ``backend`` ``"dask"``: the pairings run on Dask (a local cluster of ``workers``
    processes, or the one at ``scheduler``); each bot file's text goes with its tasks, so a
    worker on another machine plays it too. ``game``: ``"dice"`` (Clubhouse dice) or
    ``"cards"`` (Something Wild!); a bot file is the same kind of entrant for both. Raises
    ConfigurationError for fewer than 2 entries, an unknown game or built-in name or
    ``pairs`` below 1, and what
    :func:`swkit.tournament.dask_results` raises."""
    entries = list(entries)
    if len(entries) < 2:
        raise ConfigurationError(f"a class tournament needs at least 2 bots, got {len(entries)}")
    if not isinstance(pairs, int) or isinstance(pairs, bool) or pairs < 1:
        raise ConfigurationError(f"pairs must be a whole number of at least 1, got {pairs!r}")
    limits = limits or Limits()
    check_game(game)
    for entry in entries:
        make_entrant(entry, limits, game)  # an unknown name or a missing file: refused before play
    names = _names(entries)
    standings = [Standing(name, entry if entry.endswith(".py") else "built-in")
                 for name, entry in zip(names, entries, strict=True)]
    pairings = [(i, j) for i in range(len(entries)) for j in range(i + 1, len(entries))]
    seeds = [substream_seed(seed, f"arena/{k}") for k in range(pairs)]
    workers = max(1, min(workers or os.cpu_count() or 1, len(pairings)))
    start = time.perf_counter()
    first_seat, games = Fraction(0), 0
    for (i, j), results in _games(pairings, entries, seeds, limits, workers, backend,
                                  scheduler, game):
        for n, result in enumerate(results):
            seats = (i, j) if n % 2 == 0 else (j, i)
            for index in seats:
                standings[index].games += 1
            for winner in result.winners:
                share = win_share(result, winner)
                standings[seats[winner]].wins += share
                standings[seats[winner]].seat_wins[winner] += share
                if winner == 0:
                    first_seat += share
            for seat, reason in result.forfeits:
                standings[seats[seat]].forfeits[reason] += 1
            for seat in result.unplayed:
                standings[seats[seat]].unplayed += 1
            games += 1
        if progress is not None:
            progress(len(results))
    ranked = sorted(standings, key=lambda s: (s.did_not_play, -s.wins / max(s.games, 1), s.name))
    return ArenaResult(ranked, pairs, seed, games, time.perf_counter() - start, first_seat,
                       game)


def _names(entries: Sequence[str]) -> list[str]:
    """A distinct name per entry: a file's stem (``ana``), a built-in bot's name; repeats get
    ``-2``, ``-3``..."""
    seen: Counter[str] = Counter()
    names = []
    for entry in entries:
        base = Path(entry).stem if entry.endswith(".py") else entry
        seen[base] += 1
        names.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return names


def unpack_folder() -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for unpacked zips of bot files (removed when closed)."""
    return tempfile.TemporaryDirectory(prefix="swkit-bots-")

