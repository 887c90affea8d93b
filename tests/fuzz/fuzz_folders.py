"""Folder options (issue 30 A/B): folder_option, check_out and place_site in the process,
`swkit lessons --dir` and `swkit tournament --plot/--html` as commands, and real site builds;
under a decoy HOME in a temporary folder. Nothing swkit did not write may change."""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzz_common import (
    Tally,
    attempt,
    cli_env,
    decoy_home,
    harm,
    judge_cli,
    odd_text,
    run_cli,
    sandboxed,
    snapshot,
)


def folder_texts(rng: random.Random, base: Path, home: Path) -> str:
    choices: list[Callable[[], str]] = [
        lambda: "~", lambda: "~/", lambda: "~//", lambda: "~/.", lambda: "~/..",
        lambda: "~/../..", lambda: "~nouser_q/x", lambda: "~root", lambda: "~root/x",
        lambda: f"~{os.environ.get('USER', 'x')}", lambda: "~/Documents",
        lambda: "~/docs-link", lambda: "~/docs-link/x", lambda: "~/dangling", lambda: "~/a-file",
        lambda: "~/a-file/x", lambda: "~/new site", lambda: "~/lessons", lambda: "/",
        lambda: "/tmp", lambda: "/tmp/", lambda: "/tmp/../tmp", lambda: "/home", lambda: "/usr",
        lambda: "/usr/local", lambda: "/var/tmp", lambda: "/etc/x", lambda: ".", lambda: "..",
        lambda: "./", lambda: "", lambda: " ", lambda: str(home), lambda: str(home) + "/",
        lambda: str(home.parent), lambda: str(base), lambda: os.getcwd(),
        lambda: "x/" * rng.choice((150, 199, 200, 201, 2000)) + "y",
        lambda: "~/" + "é" * rng.randint(100, 300), lambda: "~/" + "a" * rng.randint(250, 260),
        lambda: "~/" + odd_text(rng), lambda: odd_text(rng), lambda: "~/x\x00y",
        lambda: "~/\udcff", lambda: "~/" + "../" * rng.randint(1, 6) + "x",
        lambda: str(home / "Documents" / ".." / ".."), lambda: "~/lessons/../..",
    ]
    text = rng.choice(choices)()
    if rng.random() < 0.1:
        text = text + "/" + odd_text(rng)
    return text



def fuzz_folders(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    from swkit.cli.options import folder_option
    from swkit.cli.site import SiteError, check_out
    from swkit.cli.site_place import MARKER, PlacementError, place_site, write_marker
    from swkit.errors import SwkitError

    opt, chk, place = Tally(), Tally(), Tally()
    tallies["A/B folder_option"], tallies["A/B check_out"], tallies["A/B place_site"] = \
        opt, chk, place
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        base = Path(temp)
        home = decoy_home(base)
        work = base / "work"
        work.mkdir()
        old_home, old_cwd = os.environ.get("HOME"), os.getcwd()
        os.environ["HOME"] = str(home)
        os.chdir(work)
        try:
            parse = folder_option("--dir", "swkit-lessons")
            for _ in range(int(600 * scale)):
                text = folder_texts(rng, base, home)
                ok, value = attempt(opt, f"folder_option({text!r:.80})", lambda t=text: parse(t),
                                    (argparse.ArgumentTypeError,))
                if not ok and isinstance(value, argparse.ArgumentTypeError) \
                        and "\n" in str(value):
                    opt.fault(f"folder_option({text!r:.80}): refusal of several lines")
                if ok:
                    real = os.path.realpath(os.path.abspath(value))
                    for bad in (str(home), str(base / "home"), "/tmp", tempfile.gettempdir(),
                                "/", str(base)):
                        if real == os.path.realpath(bad):
                            opt.fault(f"folder_option({text!r:.80}) accepted {value!r:.80}, "
                                      f"which is {bad}")
            for _ in range(int(300 * scale)):
                text = folder_texts(rng, base, home)
                force = rng.random() < 0.5
                before = snapshot(base)

                def check(t: str = text, f: bool = force) -> Path:
                    return check_out(Path(t), force=f)
                ok, value = attempt(chk, f"check_out({text!r:.80}, force={force})", check,
                                    (SiteError, SwkitError, OSError))  # main: OSError is a line
                if snapshot(base) != before:
                    chk.fault(f"check_out({text!r:.80}) changed files")
                if ok and (value.is_symlink() or (value.exists() and not value.is_dir())):
                    chk.fault(f"check_out({text!r:.80}) accepted a link or file")
            for i in range(int(150 * scale)):
                fuzz_place(rng, base / f"p{i}", place, place_site, write_marker, MARKER,
                           (PlacementError, SiteError, SwkitError))
        finally:
            os.chdir(old_cwd)
            if old_home is None:
                os.environ.pop("HOME", None)
            else:
                os.environ["HOME"] = old_home


SITE_NAMES = ["index.html", "lab/index.html", "files/v1/lesson1.ipynb", "files/v1/README.md",
              "build/app.js", "api/contents/all.json", "files/v1/data/x.json", "a/b/c/d.txt"]


def stand_in(folder: Path, rng: random.Random, marker: Callable[[Path], Any]) -> dict[str, str]:
    """A built site: a few of SITE_NAMES with random contents, and its marker."""
    folder.mkdir(parents=True)
    names = rng.sample(SITE_NAMES, rng.randint(1, len(SITE_NAMES)))
    files = {}
    for name in names:
        if any(name.startswith(other + "/") for other in names):
            continue
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = rng.choice(["same", "v" + str(rng.randint(0, 3)), odd_text(rng)])
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        files[name] = text
    marker(folder)
    return files


def fuzz_place(rng: random.Random, area: Path, tally: Tally, place_site: Callable,
               write_marker: Callable, MARKER: str, refusals: tuple[type, ...]) -> None:
    """An --out holding some of: an earlier site placed by place_site, the teacher's files,
    files/links/folders in the new site's way, a broken or odd marker; then place_site. Nothing
    swkit did not write may be gone or changed (but moved aside whole)."""
    out = area / "out"
    area.mkdir()
    ours: set[str] = set()
    if rng.random() < 0.6:
        stand_in(area / "b0", rng, write_marker)
        place_site(area / "b0", out)
        ours = {k for k, v in snapshot(out).items() if v[0] == "file"}
    out.mkdir(exist_ok=True)
    for _ in range(rng.randint(0, 6)):
        name = rng.choice(SITE_NAMES + ["notes.txt", ".git/config", "CNAME", MARKER, "lab",
                                        "files", "files/v1", "a/b", odd_text(rng)[:40] or "z"])
        path = out / name
        kind = rng.choice(["file", "file", "dir", "link", "dangling", "editours"])
        try:
            if kind == "editours" and ours:
                target = out / rng.choice(sorted(ours))
                target.write_text("the teacher changed this")
                ours.discard(target.relative_to(out).as_posix())
                continue
            if os.path.lexists(path):
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == "dir":
                path.mkdir()
                (path / "inside.txt").write_text("teacher's")
            elif kind == "link":
                os.symlink(area / "elsewhere", path)
            elif kind == "dangling":
                os.symlink(area / "nothing-here", path)
            else:
                path.write_bytes(rng.choice([b"teacher's file", b"{}", b'{"files": 5}',
                                             b'{"files": {"../x": "0"}}', b"\xff\xfe"]))
        except (OSError, ValueError):
            continue
        # a path now blocked by a teacher's entry is no longer "ours" as such
        ours = {o for o in ours if (out / o).is_file() and not (out / o).is_symlink()}
    (area / "elsewhere").mkdir(exist_ok=True)
    (area / "elsewhere" / "precious.txt").write_text("outside")
    ours_digests = {o: snapshot(out).get(o) for o in ours}
    stand_in(area / "built", rng, write_marker)
    before_area = snapshot(area)
    before = {k: v for k, v in snapshot(out).items()}
    ok, value = attempt(tally, f"place_site into {sorted(before)[:8]!r:.200}",
                        lambda: place_site(area / "built", out), refusals + (OSError,))
    after_area = snapshot(area)
    if not ok and isinstance(value, OSError):
        tally.refused -= 1
        tally.fault(f"place_site raised OSError {value!r:.200} for --out holding {before!r:.400}")
    if not ok:
        if {k: v for k, v in after_area.items() if not k.startswith("built")} != \
                {k: v for k, v in before_area.items() if not k.startswith("built")}:
            tally.fault(f"place_site refused but changed files: before {before!r:.300}")
        return
    moved = value.moved_to
    after = snapshot(out)
    moved_snap = snapshot(moved) if moved is not None else {}
    for name, entry in before.items():
        if name in ours_digests and ours_digests[name] == entry:
            continue  # swkit's own file, may go or be replaced
        if entry[0] == "dir":
            continue  # a folder's contents are checked one by one
        if after.get(name) == entry or moved_snap.get(name) == entry:
            continue
        if entry[0] == "file" and after.get(name, (None, None))[:2] == entry[:2]:
            continue
        tally.fault(f"place_site lost or changed {name!r} ({entry!r:.80}); --out held "
                    f"{before!r:.600}")
    for name, entry in before_area.items():
        if name.startswith("elsewhere") and after_area.get(name) != entry:
            tally.fault(f"place_site changed {name} outside --out")


def fuzz_folders_cli(rng: random.Random, scale: float, tallies: dict[str, Tally]) -> None:
    lessons, plots = Tally(), Tally()
    tallies["A/B lessons --dir"], tallies["A/B tournament --plot/--html"] = lessons, plots
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        base = Path(temp)
        home = decoy_home(base)
        work = home / "class"
        work.mkdir()
        (work / "chart.png").write_text("not a chart")
        (work / "page.html").write_text("<p>the teacher's page</p>")
        env = cli_env(home)
        for _ in range(int(14 * scale)):
            text = folder_texts(rng, base, home)
            if not sandboxed(text, home, work, base):
                text = "~/lessons/" + text.strip("/")[-40:]   # never a real folder outside
            before = snapshot(base)
            argv = ["lessons", "--no-open", "--dir", text]
            if rng.random() < 0.3:
                argv.append("--no-solutions")
            result = run_cli(argv, env, work)
            judge_cli(lessons, argv, result)
            after = snapshot(base)
            lost = harm(before, after, lambda k: k.endswith(("nbsignatures.db",   # Jupyter's
                                                             ".swkit-lessons.json")))  # own
            if lost:
                lessons.fault(f"swkit {' '.join(argv)!r:.200}: changed {lost[:5]}")
        names = ["chart.png", "page.html", "new.png", "new.svg", "x.pdf", "~/chart.png",
                 "~/.bashrc", "~/Documents", "~/docs-link", "~/dangling", "~/a-file",
                 "~nouser_q/c.png", "/tmp", "/", "..", "new.txt", "c.PNG", "ü.svg", ".png",
                 "x/" * 300 + "c.png", "a" * 300 + ".png", "c\x01.png", "-c.png"]
        for _ in range(int(10 * scale)):
            before = snapshot(base)
            argv = ["tournament", "--game", "dice", "--bots", "greedy,random", "--games", "20",
                    "--workers", "1"]
            if rng.random() < 0.4:
                bot = work / "b.py"
                bot.write_text("def choose(view):\n    return view.legal_moves[0]\n")
                argv = ["tournament", "--game", "dice", "--bots", "greedy,b.py", "--pairs", "1",
                        "--workers", "1"]
                if rng.random() < 0.6:
                    argv += ["--html", rng.choice(names).replace(".png", ".html")]
            if rng.random() < 0.8:
                plot = rng.choice(names) if rng.random() < 0.8 \
                    else folder_texts(rng, base, home) + ".png"
                argv += ["--plot", plot if plot in names or sandboxed(plot, home, work, base)
                         else "~/" + plot.strip("/")[-40:]]
            result = run_cli(argv, env, work)
            judge_cli(plots, argv, result)
            after = snapshot(base)
            lost = harm(before, after, lambda k: k.endswith("__pycache__"))
            if lost:
                plots.fault(f"swkit {' '.join(argv)!r:.200}: changed {lost[:5]}")


def fuzz_site_builds(rng: random.Random, builds: int, tallies: dict[str, Tally]) -> None:
    tally = tallies["A/B site --out (real builds)"] = Tally()
    with tempfile.TemporaryDirectory(prefix="swfuzz-") as temp:
        base = Path(temp)
        home = decoy_home(base)
        env = cli_env(home)
        outs = ["~", "~/lessons", "~/site", "~/Documents", "~/docs-link", "~/a-file",
                "~nouser_q/s", "..", "x/" * 2000 + "s"]
        for i in range(builds):
            out = outs[i] if i < len(outs) else rng.choice(outs)
            argv = ["site", "--pyodide-from-cdn", "--out", out] + (
                ["--force"] if rng.random() < 0.7 else [])
            before = snapshot(base)
            result = run_cli(argv, env, home, timeout=300)
            judge_cli(tally, argv, result)
            after = snapshot(base)
            lost = harm(before, after, lambda k: False)
            if lost:
                tally.fault(f"swkit {' '.join(argv)!r:.200}: changed {lost[:5]}")


