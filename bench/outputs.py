"""Write every output that a refactor must not move into a folder, one file each, to compare.

    python bench/outputs.py OUT_DIR [--jobs N] [--pinned FILE] [--saves DIR]

Run it on the code before a change and after it, into two folders, and compare them with
``diff -r BEFORE AFTER``: any difference is an output that moved. It uses only the ``swkit``
command (run as ``python -m swkit``) and the public API the README names, so it runs on the
code before and after a change of layout. What it writes, deterministic (no timing, no absolute
path):

- ``pinned/``: the pinned card positions of ``tests/data/odds_cards_pinned.json``, each asked
  with ``swkit odds hand`` within 1, 2 and 3 turns, as text and as ``--json`` (every plan with
  its steps, after every draw);
- ``games/``: seeded bot games of both games (``swkit play dice`` / ``play cards``, transcript
  and ``--json``) and seeded ``swkit tournament`` runs of both games;
- ``readme/``: every ``swkit ...`` example line of README.md's code blocks, run as written
  (in an empty folder, ``~`` being that folder; ``my_box.json`` a copy of the built-in Powers
  file), except those that start a server (listed in ``readme/_skipped.txt``);
- ``saves/``: each saved game in ``tests/data/saves``, loaded with ``from_json``: its re-save,
  the player to move, the legal actions or chance outcomes, every seat's view, and the game
  played on to its end by always taking the first legal action;
- ``odds/``: dice odds tables (``swkit odds roll``, ``solo``, ``duel``), card deal odds
  (``swkit odds deal``) and the README's library examples;
- ``lessons/``: every lesson exercise's computed answer, question, hint and explanation
  (``swkit.exercises.all_exercises``), the values the lessons check a student against.

Each command's file holds the command, its exit status, stdout and stderr. Lines that depend
on time are normalised: the slow-work notice and the progress bar on stderr are dropped, and
the tournament's CPU seconds are replaced by ``<CPU>``. Warnings raised by the library calls
(e.g. a DeprecationWarning from a renamed name) go to ``_warnings.txt`` apart, so that a
kept alias shows as a warning, not as a moved output. It prints its own run time at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PINNED = ROOT / "tests" / "data" / "odds_cards_pinned.json"
SAVES = ROOT / "tests" / "data" / "saves"
README = ROOT / "README.md"

SERVER_WORDS = ("--backend dask",)
"""README examples containing these start a server (a Dask cluster): not run."""

OPENS_JUPYTER = "swkit lessons"
"""``swkit lessons`` without ``--no-open`` starts JupyterLab: run with ``--no-open`` added."""

CACHES = (".cache", ".local")
"""Folders under the examples' home that other programs (matplotlib, Jupyter) write."""

TIMING_LINE = re.compile(r"^swkit .*: still working: |^swkit: .*\[[#.]+\]")
CPU_TEXT = re.compile(r"\d+(\.\d+)? CPU s")


def slug(text: str) -> str:
    """A file name made from ``text``: letters, digits, ``-`` and ``_`` only."""
    return re.sub(r"[^A-Za-z0-9_]+", "-", text).strip("-")[:120]


class Runner:
    """Runs ``swkit`` commands in an empty working folder and writes one file per command."""

    def __init__(self, out: Path, work: Path, jobs: int, pinned: Path) -> None:
        self.out = out
        self.pinned = pinned
        self.work = work
        self.jobs = jobs
        self.queue: list[tuple[Path, list[str], Path]] = []

    def add(self, rel: str, argv: list[str], cwd: Path | None = None) -> None:
        """Queue ``swkit ARGV``; its record goes to ``OUT/REL.txt``."""
        self.queue.append((self.out / f"{rel}.txt", argv, cwd or self.work))

    def normalise(self, text: str, stderr: bool) -> str:
        text = text.replace(str(self.work), "<WORK>").replace(str(ROOT), "<ROOT>")
        if stderr:
            text = "".join(line for line in text.splitlines(keepends=True)
                           if not TIMING_LINE.search(line))
        return CPU_TEXT.sub("<CPU> CPU s", text)

    def normalise_json(self, text: str) -> str:
        try:
            data = json.loads(text)
        except ValueError:
            return text
        if isinstance(data, dict) and "cpu_seconds" in data:
            data["cpu_seconds"] = "<CPU>"
            return json.dumps(data) + "\n"
        return text

    def one(self, target: Path, argv: list[str], cwd: Path) -> None:
        env = dict(os.environ, HOME=str(self.work), COLUMNS="100", PYTHONHASHSEED="0")
        env.pop("PYTHONWARNINGS", None)
        done = subprocess.run([sys.executable, "-m", "swkit", *argv], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=600, check=False)
        stdout = self.normalise(done.stdout, stderr=False)
        if "--json" in argv:
            stdout = self.normalise_json(stdout)
        target.parent.mkdir(parents=True, exist_ok=True)
        command = self.normalise(f"$ swkit {shlex.join(argv)}", stderr=False)
        target.write_text(f"{command}\n--- exit {done.returncode}\n"
                          f"--- stdout\n{stdout}--- stderr\n"
                          f"{self.normalise(done.stderr, stderr=True)}", encoding="utf-8")

    def run(self) -> None:
        with ThreadPoolExecutor(self.jobs) as pool:
            for f in [pool.submit(self.one, *job) for job in self.queue]:
                f.result()
        self.queue.clear()


def pinned(r: Runner) -> None:
    """The pinned positions, within 1, 2 and 3 turns, as text and JSON."""
    options = ("hand", "tableau", "discard", "others", "center", "scored")
    for case in json.loads(r.pinned.read_text(encoding="utf-8")):
        spec = case["spec"]
        argv = ["odds", "hand"]
        for key in options:
            if key in spec:
                argv += [f"--{key}", spec[key]]
        if spec.get("figure"):
            argv.append("--figure")
        for turns in (1, 2, 3):
            name = f"pinned/{slug(case['name'])}-T{turns}"
            r.add(name, [*argv, "--turns", str(turns)])
            r.add(f"{name}-json", [*argv, "--turns", str(turns), "--json"])


def games(r: Runner) -> None:
    """Seeded bot games of both games, and seeded tournaments."""
    for players in (1, 2, 3, 4):
        for seed in (0, 1, 2):
            for bots in ("greedy", "random", "points" if players == 1 else "points,greedy"):
                argv = ["play", "dice", "--players", str(players), "--seed", str(seed),
                        "--bots", bots]
                name = f"games/dice-{players}p-seed{seed}-{slug(bots)}"
                r.add(name, argv)
                r.add(f"{name}-json", [*argv, "--json"])
    for seed in (0, 1, 2):
        argv = ["play", "dice", "--players", "2", "--seed", str(seed), "--bots", "win,points"]
        r.add(f"games/dice-2p-seed{seed}-win-points", argv)
        r.add(f"games/dice-2p-seed{seed}-win-points-json", [*argv, "--json"])
    for players in (2, 3, 4):
        for seed in (0, 1, 2):
            for editions in (1, 2):
                for bots in ("greedy", "random", "greedy,random"):
                    argv = ["play", "cards", "--players", str(players), "--seed", str(seed),
                            "--editions", str(editions), "--bots", bots]
                    name = f"games/cards-{players}p-seed{seed}-e{editions}-{slug(bots)}"
                    r.add(name, argv)
                    r.add(f"{name}-json", [*argv, "--json"])
    tournaments = [
        ("dice", "points,greedy", 200, 3), ("dice", "greedy,random,points", 300, 4),
        ("dice", "win,points", 100, 5), ("dice", "greedy,greedy,random,points", 200, 6),
        ("cards", "greedy,random", 100, 4), ("cards", "greedy,random,greedy,random", 40, 7),
    ]
    for game, bots, count, seed in tournaments:
        argv = ["tournament", "--game", game, "--bots", bots, "--games", str(count),
                "--seed", str(seed), "--workers", "1"]
        name = f"games/tournament-{game}-{slug(bots)}-{count}-seed{seed}"
        r.add(name, argv)
        r.add(f"{name}-json", [*argv, "--json"])


def readme_examples() -> list[list[str]]:
    """Every ``swkit ...`` line in README.md's fenced code blocks (``$ `` prompts and ``\\``
    continuations included), as argument lists without the leading ``swkit``."""
    found: list[list[str]] = []
    fenced = False
    pending = ""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            continue
        if pending:
            pending += " " + line.strip()
        elif re.match(r"^(\$ )?swkit ", line):
            pending = line.removeprefix("$ ")
        else:
            continue
        if pending.endswith("\\"):
            pending = pending[:-1]
            continue
        found.append(shlex.split(pending, comments=True)[1:])
        pending = ""
    return found


def readme(r: Runner) -> None:
    """The README's command-line examples, each in its own empty folder."""
    skipped = []
    powers = next((ROOT / "swkit").rglob("mickey_and_friends.json"))
    for i, argv in enumerate(readme_examples(), start=1):
        line = shlex.join(argv)
        if any(word in line for word in SERVER_WORDS):
            skipped.append(f"swkit {line}  (starts a Dask cluster)\n")
            continue
        if f"swkit {line}".startswith(OPENS_JUPYTER) and "--no-open" not in argv:
            skipped.append(f"swkit {line}  (opens JupyterLab: run with --no-open added)\n")
            argv = [*argv, "--no-open"]
        folder = r.work / f"readme-{i:02d}"
        folder.mkdir()
        shutil.copy(powers, folder / "my_box.json")
        argv = [a.replace("~", str(r.work), 1) if a.startswith("~") else a for a in argv]
        r.add(f"readme/{i:02d}-{slug(' '.join(argv[:2]))}", argv, cwd=folder)
    (r.out / "readme").mkdir(parents=True, exist_ok=True)
    (r.out / "readme" / "_skipped.txt").write_text("".join(skipped), encoding="utf-8")


def readme_files(r: Runner) -> None:
    """What the README's examples left in their folders: names, and a digest of pictures."""
    lines = []
    for path in sorted(r.work.rglob("*")):
        rel = path.relative_to(r.work)
        if path.is_file() and path.name != "my_box.json" and rel.parts[0] not in CACHES:
            digest = (hashlib.sha256(path.read_bytes()).hexdigest()[:16]
                      if path.suffix in (".png", ".svg", ".pdf") else "")
            lines.append(f"{rel} {digest}".rstrip() + "\n")
    (r.out / "readme" / "_files.txt").write_text("".join(lines), encoding="utf-8")


def odds(r: Runner) -> None:
    """Dice odds tables and card deal odds from the command line."""
    rolls = [
        [], ["--rolls-left", "1"], ["--rolls-left", "2"],
        ["--at-least", "3"], ["--target", "Mickey", "--at-least", "5"],
        ["--dice", "Mickey Mickey C g p"], ["--dice", "Mickey Mickey C g p", "--rolls-left", "0"],
        *[["--dice", "Mickey Mickey C g p", "--target", "Mickey", "--at-least", str(k)]
          for k in range(1, 6)],
        ["--dice", "Mickey Mickey C g p", "--scored", "Minnie,Donald",
         "--taken", "Goofy:4,Mickey:5"],
        ["--dice", "C C Minnie Donald Pluto", "--rolls-left", "1", "--at-least", "4"],
        ["--characters", "6", "--wilds", "0", "--at-least", "5"],
        ["--characters", "3", "--wilds", "2"],
    ]
    for i, extra in enumerate(rolls, start=1):
        r.add(f"odds/roll-{i:02d}", ["odds", "roll", *extra])
        r.add(f"odds/roll-{i:02d}-json", ["odds", "roll", *extra, "--json"])
    r.add("odds/solo", ["odds", "solo"])
    r.add("odds/solo-json", ["odds", "solo", "--json"])
    duels = [
        ["--board", ""],  # refused (--dice is required): an error message is an output too
        ["--board", "", "--dice", "Mickey Minnie Donald Goofy Pluto"],
        ["--board", "Mickey:3,Goofy:0 / Minnie:5", "--dice", "C C C Goofy Pluto"],
        ["--board", "Mickey:3,Goofy:0 / Minnie:5", "--dice", "Mic Mic C g p", "--rolls-left", "1"],
        ["--board", "Mickey:1,Minnie:2,Donald:3,Goofy:4 / Pluto:5,Mickey:0,Minnie:1,Donald:2",
         "--dice", "C C g p Mic", "--rolls-left", "0"],
    ]
    for i, extra in enumerate(duels, start=1):
        r.add(f"odds/duel-{i:02d}", ["odds", "duel", *extra])
        r.add(f"odds/duel-{i:02d}-json", ["odds", "duel", *extra, "--json"])
    deals = [["--cards", str(k)] for k in range(3, 8)] + [
        ["--cards", "4", "--editions", "2"], ["--cards", "3", "--wild-color", "P"],
        ["--cards", "5", "--wild-number", "9"], ["--cards", "4", "--editions", "3",
                                                  "--wild-color", "G", "--wild-number", "1"],
    ]
    for i, extra in enumerate(deals, start=1):
        r.add(f"odds/deal-{i:02d}", ["odds", "deal", *extra])
        r.add(f"odds/deal-{i:02d}-json", ["odds", "deal", *extra, "--json"])


def record(out: Path, name: str, make: Callable[[], str], caught: list[str]) -> None:
    """Write ``make()`` (or the error it raised) to ``OUT/NAME.txt``; warnings go to ``caught``."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            text = make()
        except Exception as e:  # an error is an output too
            text = f"raised {type(e).__name__}: {e}\n"
    caught += [f"{name}: {w.category.__name__}: {w.message}\n" for w in seen]
    target = out / f"{name}.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def saved_game(path: Path) -> str:
    """A save's re-save, legal actions, views, and its play-out by first legal actions."""
    from swkit.state import CHANCE, TERMINAL
    if path.name.startswith("cards"):
        from swkit.cards.game import CardGame as Game
    else:
        from swkit.dice.game import DiceGame as Game  # type: ignore[assignment]
    game = Game.from_json(path.read_text(encoding="utf-8"))
    saved = game.to_json()
    out = [f"re-save == file: {saved == path.read_text(encoding='utf-8').strip()}",
           f"re-save: {saved}", f"round trip equal: {Game.from_json(saved) == game}",
           f"current player: {game.current_player()}", f"outcome: {game.outcome()!r}"]
    who = game.current_player()
    if who == CHANCE:
        out.append("chance outcomes: " + ", ".join(f"{o}: {p}" for o, p in game.chance_outcomes()))
    elif who != TERMINAL:
        out.append("legal actions: " + " | ".join(str(a) for a in game.legal_actions()))
    for seat in range(game.players):
        out.append(f"view {seat}: {json.dumps(game.view(seat).to_dict(), sort_keys=True)}")
        out.append(f"legal actions of seat {seat}: "
                   + " | ".join(str(a) for a in game.legal_actions(seat)))
    steps = []
    for _ in range(5000):
        who = game.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            steps.append(f"chance {game.apply_chance()}")
        else:
            action = game.legal_actions()[0]
            game.apply(action)
            steps.append(f"seat {who}: {action}")
    out += ["play-out (first legal action each time):", *steps,
            f"outcome: {game.outcome()!r}", f"final save: {game.to_json()}"]
    return "\n".join(out) + "\n"


def library(out: Path, caught: list[str], saves: Path = SAVES) -> None:
    """The saved-game fixtures and the README's library examples, through the public API."""
    for path in sorted(saves.glob("*.json")):
        record(out, f"saves/{path.stem}", lambda p=path: saved_game(p), caught)

    def dice_examples() -> str:
        from swkit.odds.deal import deal_odds
        from swkit.odds.dice import DiceModel, Objective, keep_hint, optimal_value
        from swkit.odds.solo import solo_expected
        model = DiceModel()
        roll = "Mickey Mickey C Goofy Pluto"
        lines = [f"deal_odds(3).either = {deal_odds(3).either!r}",
                 f"deal_odds(3).formula('set') = {deal_odds(3).formula('set')}",
                 f"DiceModel() = {model!r}", f"DiceModel(characters=6, wilds=0) = "
                 f"{DiceModel(characters=6, wilds=0)!r}",
                 "optimal_value(at_least(4, Mickey), 'Mickey Mickey C Goofy Pluto') = "
                 f"{optimal_value(model, Objective.at_least(4, target='Mickey'), roll)!r}",
                 "keep_hint(points, 'Mickey Mickey C Goofy Pluto') = "
                 f"{keep_hint(model, Objective.points(), roll)!r}",
                 f"solo_expected() = {solo_expected()!r}"]
        return "\n".join(lines) + "\n"

    def markov_example() -> str:
        from swkit.odds.dice import DiceModel
        from swkit.odds.markov import transition_matrix
        return f"transition_matrix(DiceModel(), policy='best') = " \
               f"{transition_matrix(DiceModel(), policy='best')!r}\n"

    def duel_examples() -> str:
        from swkit.odds.dice import DiceModel
        from swkit.odds.duel import duel_board_value, duel_options, duel_value
        board = "Mickey:3,Goofy:0 / Minnie:5"
        return "\n".join([
            f"duel_value() = {duel_value()!r}",
            "duel_value(DiceModel(n=2, characters=2)) = "
            f"{duel_value(DiceModel(n=2, characters=2))!r}",
            f"duel_options(board, 'Mickey Mickey C Goofy Pluto', rolls_left=1) = "
            f"{duel_options(board, 'Mickey Mickey C Goofy Pluto', rolls_left=1)!r}",
            f"duel_board_value(board) = {duel_board_value(board)!r}"]) + "\n"

    def card_example() -> str:
        from swkit.cards.game import CardGame
        from swkit.odds.cards import Position, player_odds
        game = CardGame(players=2, seed=1)
        lines = [f"chance outcomes: {game.chance_outcomes()!r}"]
        game.apply_chance()
        lines.append(f"legal actions: {game.legal_actions()!r}")
        try:
            game.apply("play Y1")
        except Exception as e:
            lines.append(f"apply('play Y1'): {type(e).__name__}: {e}")
        game2 = CardGame(players=2, seed=1)
        answer = player_odds(Position.from_view(game2.view(0)), turns=2)
        lines.append(f"player_odds(Position.from_view(view(0)), turns=2).within = "
                     f"{answer.within!r}")
        lines += [f"plan {p.card}: {p.probability} {p.play!r} {p.steps!r}" for p in answer.plans]
        return "\n".join(lines) + "\n"

    def exercises() -> str:
        from swkit.exercises import all_exercises
        return "".join(f"{e.key}: {e.answer()!r}\n  question: {e.question}\n  hint: {e.hint}\n"
                       f"  explain: {e.explain}\n" for e in all_exercises())

    record(out, "lessons/exercises", exercises, caught)
    record(out, "odds/api-dice", dice_examples, caught)
    record(out, "odds/api-markov", markov_example, caught)
    record(out, "odds/api-duel", duel_examples, caught)
    record(out, "odds/api-cards", card_example, caught)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write (created; must be empty)")
    parser.add_argument("--jobs", type=int, default=2, help="commands run at once (default 2)")
    parser.add_argument("--pinned", type=Path, default=PINNED,
                        help="the pinned card positions (default "
                        "tests/data/odds_cards_pinned.json)")
    parser.add_argument("--saves", type=Path, default=SAVES,
                        help="the folder of saved-game fixtures (default tests/data/saves)")
    args = parser.parse_args(argv)
    for given in (args.pinned, args.saves, README):
        if not given.exists():
            parser.error(f"{given} does not exist (moved? name it with --pinned or --saves)")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    if any(out.iterdir()):
        parser.error(f"{out} is not empty")
    start, cpu = time.monotonic(), time.process_time()
    caught: list[str] = []
    with tempfile.TemporaryDirectory(prefix="swkit-outputs-") as tmp:
        runner = Runner(out, Path(tmp), args.jobs, args.pinned)
        for part in (pinned, games, odds, readme):
            part(runner)
        count = len(runner.queue)
        runner.run()
        readme_files(runner)
    library(out, caught, args.saves)
    (out / "_warnings.txt").write_text("".join(caught), encoding="utf-8")
    children = os.times()
    print(f"{count} commands and {len(list(args.saves.glob('*.json')))} saves written to {out} in "
          f"{time.monotonic() - start:.0f} s wall, "
          f"{time.process_time() - cpu + children.children_user + children.children_system:.0f}"
          " s CPU (this process and the commands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
