"""Command lines (random options of every subcommand), Ctrl-C at random moments, and class
tournaments of broken bot files."""

from __future__ import annotations

import argparse
import random
import re
import tempfile
from pathlib import Path

from fuzz_common import Tally, cli_env, decoy_home, judge_cli, odd_text, run_cli


def cli_values(rng: random.Random, action: argparse.Action) -> str:
    if action.choices and rng.random() < 0.7:
        return str(rng.choice(list(action.choices)))
    pool = ["0", "1", "2", "3", "4", "7", "-1", "40", "1e3", "2.5", "", " ", "10" * 30,
            "99999999999999999999", "nan", "inf", "-0", "0x10", "١٢", "½", "greedy",
            "greedy,random", "R1 R2 R3", "B5", "P", "x", "--", "-", "a,b,c,d,e",
            "points,points,points,points", "ø", "\udcff", odd_text(rng)[:30]]
    return rng.choice(pool)


def random_argv(rng: random.Random, parser: argparse.ArgumentParser) -> list[str]:
    argv: list[str] = []
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            break
        name = rng.choice(sorted(subs[0].choices))
        argv.append(name)
        parser = subs[0].choices[name]
    options = [a for a in parser._actions if a.option_strings and a.dest != "help"]
    required = [a for a in options if a.required]
    chosen = required + rng.sample(options, min(len(options), rng.randint(0, 4)))
    for action in chosen:
        if rng.random() < 0.05:
            continue
        argv.append(rng.choice(action.option_strings))
        if action.nargs != 0:
            argv.append(cli_values(rng, action))
    if rng.random() < 0.05:
        argv.append(rng.choice(["extra", "--nope", "-h"]))
    return argv


def fuzz_cli(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.cli.command import build_parser

    tally = tallies["command lines"] = Tally()
    parser = build_parser()
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        home = decoy_home(Path(temp))
        env = cli_env(home)
        for _ in range(int(60 * scale)):
            argv = random_argv(rng, parser)
            if argv[0] == "site" or (argv[0] == "lessons" and "--no-open" not in argv):
                argv = argv[:1] + ["--no-open" if argv[0] == "lessons" else "--help"] + argv[1:]
            if "--scheduler" in argv or "dask" in argv:
                continue  # would try to reach a cluster for --connect-timeout
            result = run_cli(argv, env, home, timeout=90)
            code = result[0]
            if code is None and any(a in argv for a in ("--games", "--simulate", "--budget")):
                tally.tried += 1
                tally.accepted += 1  # a big job that runs on: allowed, it reports progress
                continue
            judge_cli(tally, argv, result)


def fuzz_sigint(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    tally = tallies["Ctrl-C"] = Tally()
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        home = decoy_home(Path(temp))
        env = cli_env(home)
        (home / "b.py").write_text("def choose(view):\n    return view.legal_moves[-1]\n")
        commands = [
            ["tournament", "--game", "dice", "--bots", "greedy,points", "--games", "20000"],
            ["tournament", "--game", "cards", "--bots", "greedy,random", "--games", "2000",
             "--workers", "2"],
            ["tournament", "--game", "dice", "--bots", "b.py,greedy,random", "--pairs", "30"],
            ["odds", "deal", "--cards", "7", "--editions", "4"],
            ["odds", "solo"], ["play", "cards", "--seed", "5"],
            ["lessons", "--no-open", "--dir", "~/lessons-copy"],
            ["odds", "hand", "--help"],
            ["tournament", "--game", "dice", "--bots", "greedy,points", "--games", "2000",
             "--plot", "c.png"],
        ]
        for _ in range(int(30 * scale)):
            argv = rng.choice(commands)
            after, group = rng.uniform(0.05, 3.0), rng.random() < 0.7
            result = run_cli(argv, env, home, timeout=60, sigint_after=after, group=group)
            judge_cli(tally, argv + [f"(Ctrl-C after {after:.2f} s to the "
                                     f"{'group' if group else 'process'})"], result,
                      interrupted=True)


# ---------------------------------------------------------------- bot files
BROKEN_BOTS = {
    "syntax": "def choose(view)\n    return 1\n",
    "loop": "def choose(view):\n    while True:\n        pass\n",
    "loop_at_load": "while True:\n    pass\n",
    "prints": "def choose(view):\n    print('x' * 10**6)\n    return view.legal_moves[0]\n",
    "prints_at_load": "import sys\nfor _ in range(10**6):\n    sys.stdout.write('y' * 1000)\n",
    "memory": "def choose(view):\n    a = [0] * 10**10\n    return view.legal_moves[0]\n",
    "memory_slow": "def choose(view):\n    a = []\n    while True:\n"
                   "        a.append('x' * 10**6)\n",
    "none": "def choose(view):\n    return None\n",
    "int": "def choose(view):\n    return 3\n",
    "list": "def choose(view):\n    return list(view.legal_moves)\n",
    "illegal": "def choose(view):\n    return 'score Nobody'\n",
    "huge_str": "def choose(view):\n    return 'k' * 10**8\n",
    "odd_str": "def choose(view):\n    return '\\ud800'\n",
    "object": "class M(str):\n    def __eq__(s, o): raise RuntimeError\n"
              "def choose(view):\n    return M(view.legal_moves[0])\n",
    "raise": "def choose(view):\n    raise SystemExit(3)\n",
    "raise_kb": "def choose(view):\n    raise KeyboardInterrupt\n",
    "raise_base": "class E(BaseException):\n    pass\ndef choose(view):\n    raise E('odd')\n",
    "raise_bad_str": "class E(Exception):\n    def __str__(self): raise ValueError\n"
                     "def choose(view):\n    raise E()\n",
    "exit": "import os\ndef choose(view):\n    os._exit(0)\n",
    "exit_at_load": "import os\nos._exit(7)\n",
    "fork": "import os\ndef choose(view):\n    if os.fork() == 0:\n        import time\n"
            "        time.sleep(30)\n        os._exit(0)\n    return view.legal_moves[0]\n",
    "close_fds": "import os\ndef choose(view):\n    os.closerange(0, 1024)\n"
                 "    return view.legal_moves[0]\n",
    "kill_self": "import os, signal\ndef choose(view):\n    os.kill(os.getpid(), signal.SIGKILL)\n",
    "sigint_parent": "import os, signal\ndef choose(view):\n    os.kill(os.getppid(), 0)\n"
                     "    return view.legal_moves[0]\n",
    "no_choose": "x = 1\n",
    "choose_not_callable": "choose = 5\n",
    "recursion": "def choose(view):\n    return choose(view)\n",
    "stdin": "def choose(view):\n    return input()\n",
    "sleep": "import time\ndef choose(view):\n    time.sleep(100)\n",
    "binary": "\x00\xff",
    "bom": "\ufeffdef choose(view):\n    return view.legal_moves[0]\n",
    "empty": "",
    "mutates_view": "def choose(view):\n    view.legal_moves = ('x',)\n    return 'x'\n",
    "good": "def choose(view):\n    return view.legal_moves[0]\n",
    "good_last": "def choose(view):\n    return view.legal_moves[-1]\n",
}


def fuzz_bots(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    tally = tallies["tournament bot files"] = Tally()
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        home = decoy_home(Path(temp))
        env = cli_env(home)
        names = sorted(BROKEN_BOTS)
        for r in range(int(8 * scale)):
            folder = home / f"round{r}"
            folder.mkdir()
            chosen = rng.sample(names, rng.randint(2, 4))
            files = []
            for name in chosen:
                path = folder / f"{name}.py"
                path.write_bytes(BROKEN_BOTS[name].encode("utf-8", "surrogateescape")
                                 if name != "binary" else b"\x00\xff\xfe")
                files.append(path.name)
            argv = ["tournament", "--game", "dice", "--bots",
                    ",".join(files + (["greedy"] if rng.random() < 0.5 else [])),
                    "--pairs", "1", "--move-seconds", "1", "--memory-mb", "200",
                    "--workers", "1"] + (["--json"] if rng.random() < 0.3 else [])
            result = run_cli(argv, env, folder, timeout=240)
            before_faults = len(tally.faults)
            judge_cli(tally, argv, result)
            if len(tally.faults) > before_faults:
                continue
            code, out, err, took = result
            if code == 0:
                for name in chosen:
                    if name.startswith("good"):
                        continue
                    if name not in out:
                        tally.fault(f"swkit {' '.join(argv)}: {name}.py not named in the "
                                    f"results: {out[-600:]}")
                    elif not re.search(rf"{name}\.py[^\n]*(forfeit|lost|fail|error|"
                                       rf"time|memory|no function|line)", out, re.I) and \
                            "forfeit" not in out.lower():
                        tally.fault(f"swkit {' '.join(argv)}: {name}.py's forfeit not said: "
                                    f"{out[-600:]}")
            if took > 200:
                tally.fault(f"swkit {' '.join(argv)}: {took:.0f} s")


