"""The fuzz round's shared parts: counting each input (:class:`Tally`, :func:`attempt`),
odd texts and values, tree snapshots, a decoy home folder, and running the command in a
subprocess and judging its end (one line, exit 2 or 130, no traceback, no hang)."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


@dataclass
class Tally:
    """One kind's counts."""

    tried: int = 0
    accepted: int = 0
    refused: int = 0
    faults: list[str] = field(default_factory=list)
    samples: list[str] = field(default_factory=list)

    def fault(self, text: str) -> None:
        self.faults.append(text[:1500])


def attempt(tally: Tally, what: str, body: Callable[[], Any], refusals: tuple[type, ...],
            seconds: float = 2.0) -> tuple[bool, Any]:
    """Run ``body``; count it accepted, refused (one of ``refusals``, with words) or a fault
    (any other exception, an empty message, or longer than ``seconds``)."""
    tally.tried += 1
    start = time.process_time()
    try:
        value = body()
    except refusals as exc:
        words = str(exc)
        if not words.strip() or "Traceback" in words:
            tally.fault(f"{what}: refused without words: {type(exc).__name__}({words!r})")
        else:
            tally.refused += 1
            if len(tally.samples) < 40:
                tally.samples.append(f"{what[:80]} -> {words[:160]}")
        spent = time.process_time() - start
        if spent > seconds:
            tally.fault(f"{what}: refused after {spent:.1f} s of CPU")
        return False, exc
    except BaseException as exc:  # noqa: BLE001 - every other exception is a fault
        if isinstance(exc, KeyboardInterrupt):
            raise
        tally.fault(f"{what}: {type(exc).__name__}: {exc!s:.300}\n"
                    + "".join(traceback.format_exc().splitlines(True)[-6:]))
        return False, exc
    spent = time.process_time() - start
    if spent > seconds:
        tally.fault(f"{what}: took {spent:.1f} s of CPU")
    tally.accepted += 1
    return True, value


# ---------------------------------------------------------------- texts of every kind
ODD = ["", " ", "\t", "\n", "x\ny", "\x00", "a\x00b", "\x01", "\x0b", "\x7f", "\ud800", "\udcff",
       "é", "e\u0301", "ﬁ", "İ", "ß", "\u200b", "\u202e", "\ufeff", "🙂", "👩‍👩‍👧", "日本語",
       "&amp;", "<", ">", "\"", "'", "]]>", "<script>alert(1)</script>", "${HOME}", "$(id)",
       "%s%n", "{0}", "\\", "//", "..", ".", "-", "--help", "-x", "~", "~root", "~nobody_x",
       "a" * 300, "b" * 5000, "\U0010ffff", "\uffff", "\ufffe", "NaN", "inf", "1e308"]


def odd_text(rng: random.Random) -> str:
    parts = [rng.choice(ODD) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.3:
        parts.append("".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 12))))
    return "".join(parts)


NUMBERS: list[Any] = [0, 1, -1, 2, 3, 7, 0.5, -0.0, 5e-324, 1e-300, 1e300, 1e308, -1e308,
                      float("inf"), float("-inf"), float("nan"), 10 ** 400, -10 ** 400,
                      2 ** 63, Fraction(1, 3), True, None, "3", "x", b"1", [1], (1, 2), {},
                      complex(1, 1), 1.7976931348623157e308]


def odd_value(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(NUMBERS)
    if roll < 0.7:
        return odd_text(rng)
    if roll < 0.85:
        return rng.uniform(-1e6, 1e6)
    return rng.randint(-10 ** 6, 10 ** 6)


def snapshot(top: Path) -> dict[str, tuple]:
    """Every entry under ``top`` (links not followed): path -> (kind, content digest / target)."""
    found: dict[str, tuple] = {}
    for here, folders, names in os.walk(top):
        for name in folders + names:
            path = Path(here) / name
            rel = path.relative_to(top).as_posix()
            st = path.lstat()
            if os.path.islink(path):
                found[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                found[rel] = ("dir",)
            else:
                found[rel] = ("file", hashlib.sha256(path.read_bytes()).hexdigest(),
                              st.st_mode & 0o777)
    return found


def decoy_home(base: Path) -> Path:
    home = base / "home" / "pupil"
    (home / "Documents").mkdir(parents=True)
    (home / "Documents" / "essay.txt").write_text("my essay")
    (home / ".bashrc").write_text("alias ll='ls -l'")
    (home / "lessons").mkdir()
    (home / "lessons" / "notes.txt").write_text("keep me")
    os.symlink(home / "Documents", home / "docs-link")
    os.symlink(base / "nowhere", home / "dangling")
    (home / "a-file").write_text("a file in the way")
    return home


def harm(home_before: dict, home_after: dict, allowed: Callable[[str], bool]) -> list[str]:
    """Entries that were there before and are gone or changed after (and not ``allowed``)."""
    return [k for k, v in home_before.items() if home_after.get(k) != v and not allowed(k)]


def shell_text(text: str) -> str:
    """``text`` as a command line can carry it: no NUL (no program's arguments can hold one),
    and a character no file name can encode (a lone surrogate) as U+FFFD."""
    text = text.replace("\0", "")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def run_cli(argv: list[str], env: dict[str, str], cwd: Path, timeout: float = 120,
            sigint_after: float | None = None, group: bool = True
            ) -> tuple[int | None, str, str, float]:
    start = time.monotonic()
    argv = [shell_text(a) for a in argv]
    proc = subprocess.Popen([PYTHON, "-m", "swkit", *argv], env=env, cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        if sigint_after is not None:
            try:
                proc.wait(sigint_after)
            except subprocess.TimeoutExpired:
                if group:   # as a terminal's Ctrl-C: the whole foreground group
                    os.killpg(proc.pid, signal.SIGINT)
                else:
                    proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out.decode(errors="replace"), err.decode(errors="replace"), timeout
    return (proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
            time.monotonic() - start)


def judge_cli(tally: Tally, argv: list[str], result: tuple, *, interrupted: bool = False,
              limit_lines: bool = True) -> None:
    code, out, err, took = result
    shown = " ".join(argv)[:300]
    tally.tried += 1
    if code is None:
        tally.fault(f"swkit {shown}: no end after {took:.0f} s")
        return
    if "Traceback" in err or "Traceback" in out:
        tally.fault(f"swkit {shown}: traceback (exit {code}): {err[-800:]}")
        return
    lines = [line for line in err.splitlines() if line.strip()
             and "still working" not in line]
    if interrupted and code not in (0, 130):
        tally.fault(f"swkit {shown}: Ctrl-C gave exit {code}: {err[-400:]!r}")
        return
    if code == 130:
        if len(lines) != 1:
            tally.fault(f"swkit {shown}: Ctrl-C printed {len(lines)} lines: {err[-400:]!r}")
        tally.refused += 1
        return
    if code == 0:
        tally.accepted += 1
        return
    if code == 2 and (len(lines) == 1 or not limit_lines):
        tally.refused += 1
        return
    tally.fault(f"swkit {shown}: exit {code}, stderr {len(lines)} lines: {err[-600:]!r}")


def cli_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "PYTHONPATH")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), MPLBACKEND="Agg",
               JUPYTER_PLATFORM_DIRS="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def sandboxed(text: str, home: Path, cwd: Path, base: Path) -> bool:
    """Whether the folder ``text`` (as a command run in ``cwd`` with HOME=``home`` reads it)
    lies under ``base``, or must be refused before anything is written (NUL, an unknown
    ``~user``): a real command is only ever run on such a folder."""
    if "\0" in text:
        return True
    if text.startswith("~") and text != "~" and not text.startswith("~/"):
        user = text[1:].split("/")[0]
        return os.path.expanduser("~" + user) == "~" + user   # no such user
    expanded = str(home) + text[1:] if text == "~" or text.startswith("~/") else text
    try:
        real = os.path.realpath(os.path.join(cwd, expanded))
    except (ValueError, OSError):
        return False
    return real == str(base) or real.startswith(str(base) + os.sep)


