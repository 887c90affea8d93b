"""Every ``swkit`` command under real conditions: Ctrl-C, a closed, full or
broken stdout, an ASCII terminal, ``tournament --plot`` into places it cannot write, the
tournament's replay seeds, the slow notice and the tournament chart.

The real command runs in a subprocess where the condition is the process's own (a signal to
its process group, as a terminal's Ctrl-C sends it; a closed descriptor; ``/dev/full``): each
must end with its exit status and at most one line on stderr, never a traceback.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from swkit.cli import build_parser, main
from swkit.cli import command as cli_command
from swkit.files import show_name
from swkit.tournament import game_seed, play_one, seating

ROOT = Path(__file__).resolve().parent.parent
SWKIT = [sys.executable, "-m", "swkit"]


def environment(**extra: str) -> dict[str, str]:
    """This process's environment with this checkout first on the path."""
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


def no_traceback_one_line(stderr: str, *words: str) -> str:
    """The one line on stderr (a slow notice and progress lines aside: a bar, or a step
    that ends in "...", as ``swkit site`` says what it is doing), which holds ``words``."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [line for line in stderr.splitlines() if line.strip()
             and "still working" not in line and not re.search(r"\[[#.]+\]", line)
             and not line.endswith("...")]
    assert len(lines) == 1, stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


# --- Ctrl-C ----------------------------------------------------------------------------------

def _default_sigint() -> None:
    """In the child before it starts: Ctrl-C's default action. A pytest-xdist worker ignores
    SIGINT, a child inherits that, and Python then installs no KeyboardInterrupt handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


NOTICE_AFTER = 0.2
"""The slow notice's delay in :func:`interrupt`'s child, in seconds. The command's own 2 s
would race the work: ``odds deal --cards 7 --editions 4`` answers in about 2.6 s, so a
Ctrl-C sent 0.5 s after the notice could arrive after the answer, while Python was ending
(its signal handlers already reset), and the child died of SIGINT with no line at all."""

SWKIT_QUICK_NOTICE = [sys.executable, "-c",
                      "import sys; import swkit.cli.command as command; "
                      "command.SLOW_NOTICE_SECONDS = float(sys.argv[1]); "
                      "sys.exit(command.main(sys.argv[2:]))", str(NOTICE_AFTER)]
"""``swkit`` with the slow notice after :data:`NOTICE_AFTER` seconds, else the same command."""


def interrupt(argv: list[str], ready: str, *, after: float = 0.5,
              cwd: Path | None = None) -> tuple[int, str, str]:
    """Run ``swkit argv`` in a session of its own, wait until its stderr shows ``ready`` (it
    is at work), then send SIGINT to its whole process group, as Ctrl-C at a terminal does.
    The slow notice comes after :data:`NOTICE_AFTER` seconds, so the work is still going on
    when the signal arrives. Returns (exit status, stdout, stderr); fails if anything of the
    group is left running."""
    child = subprocess.Popen([*SWKIT_QUICK_NOTICE, *argv], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE,
                             env=environment(), cwd=cwd, start_new_session=True,
                             preexec_fn=_default_sigint)
    err: list[bytes] = []
    seen = threading.Event()

    def read() -> None:  # in chunks: a progress bar redraws its line without ending it
        while chunk := os.read(child.stderr.fileno(), 4096):
            err.append(chunk)
            if ready.encode() in b"".join(err):
                seen.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert seen.wait(120), b"".join(err)
        time.sleep(after)
        os.killpg(child.pid, signal.SIGINT)
        child.wait(timeout=120)   # then read: a child that ignored the signal fails here
        out = child.stdout.read().decode()
        reader.join(timeout=10)
        deadline = time.monotonic() + 15  # helpers (the resource tracker) end after it
        while left := subprocess.run(["pgrep", "-a", "-s", str(child.pid)],
                                     capture_output=True, text=True).stdout.strip():
            assert time.monotonic() < deadline, f"processes left running: {left}"
            time.sleep(0.5)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    return child.returncode, out, b"".join(err).decode()


SLOW = {
    "odds deal": ["odds", "deal", "--cards", "7", "--editions", "4"],
    "odds hand --simulate": ["odds", "hand", "--hand", "B2 G7 Y9", "--tableau", "R4 R6 B8",
                             "--turns", "3", "--simulate", "1000000"],
    "odds hand": ["odds", "hand", "--hand", "B2 G7 Y9 R1 P9", "--tableau", "R4 R6 B8 G5 Y5",
                  "--discard", "G3 P5 Y4 B1 R9 R8 R7", "--others", "G1 G2 / Y1 Y2 / P1 P2",
                  "--figure", "--center", "blue-draw-two", "--scored", "6", "--turns", "3",
                  "--budget", "1000000000", "--editions", "3"],
}


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups (POSIX)")
@pytest.mark.parametrize("name", list(SLOW))
def test_ctrl_c_during_exact_work_is_one_line_and_exit_130(name):
    """`odds deal`, `odds hand` and `odds hand --simulate` printed a traceback of 70-100 lines
    on Ctrl-C."""
    status, out, err = interrupt(SLOW[name], "still working")
    assert status == 130, err
    assert out == ""
    no_traceback_one_line(err, f"swkit {name.split(' --')[0]}: interrupted: no answer shown; "
                               "nothing was written")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups (POSIX)")
@pytest.mark.parametrize("after", [1.5, 6.0])
def test_ctrl_c_in_a_dask_tournament_closes_the_cluster_without_worker_tracebacks(after):
    """`tournament --backend dask` printed the workers' tracebacks (and the nanny's error) on
    Ctrl-C. Sent while the cluster starts (1.5 s after the bar) and while it plays; nothing of
    the cluster is left running (interrupt checks the process group)."""
    pytest.importorskip("distributed")
    status, out, err = interrupt(["tournament", "--game", "dice", "--bots", "points,greedy",
                                  "--games", "1000000", "--backend", "dask", "--workers", "2",
                                  "--progress"], "0/1000000", after=after)
    assert status == 130, err
    assert out == ""
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert last == ("swkit tournament: interrupted: no figures (a tournament's figures need "
                    "all its games); no chart written"), err
    assert "Traceback" not in err and "ERROR" not in err and "KeyboardInterrupt" not in err


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups (POSIX)")
@pytest.mark.parametrize("after", [1.0, 5.0])
def test_ctrl_c_in_a_local_tournament_stops_its_workers_at_once(after):
    """`tournament --workers 2` (local processes): one line and exit 130, no worker's
    traceback, nothing left running; its workers start with SIGINT held back and are ended
    at once."""
    status, out, err = interrupt(["tournament", "--game", "dice", "--bots",
                                  "points,greedy,random", "--games", "300000", "--workers", "2",
                                  "--progress"], "0/300000", after=after)
    assert status == 130, err
    assert out == "" and "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.replace("\r", "\n").strip().splitlines()[-1].startswith(
        "swkit tournament: interrupted: no figures")


@pytest.mark.parametrize("entry", ["from swkit.cli import main; sys.exit(main(['--version']))",
                                   "import runpy; runpy.run_module('swkit', run_name='__main__')"])
def test_ctrl_c_while_the_command_loads_is_one_line_and_exit_130(entry):
    """A Ctrl-C while the command's modules load (before any command runs; a few tenths of a
    second on a busy computer), through the console script's import or ``python -m swkit``:
    one line and exit status 130, no traceback."""
    loader = ("import sys\nclass Interrupt:\n    def find_spec(self, name, path=None, "
              "target=None):\n        if name == 'swkit.cli.command':\n"
              "            raise KeyboardInterrupt\n"
              "sys.meta_path.insert(0, Interrupt())\n" + entry)
    done = subprocess.run([sys.executable, "-c", loader], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 130, done.stderr
    assert done.stderr == "swkit: interrupted: nothing was done\n" and done.stdout == ""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups (POSIX)")
def test_ctrl_c_during_a_site_build_leaves_nothing_behind(tmp_path):
    """`swkit site` printed a traceback on Ctrl-C; the build's temporary folder must go too."""
    from swkit.cli.site import missing_tools
    if missing_tools():
        pytest.skip("the site build tools are not installed")
    child = subprocess.Popen([*SWKIT, "site", "--out", "site"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=environment(),
                             cwd=tmp_path, start_new_session=True,
                             preexec_fn=_default_sigint)
    deadline = time.monotonic() + 120
    while not any(tmp_path.glob(".swkit-site-*/wheels/*.whl")):  # well into the build
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.2)
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 130, err
    no_traceback_one_line(err, "swkit site: interrupted: no site built, and nothing left behind")
    assert out == "" and list(tmp_path.iterdir()) == []


def test_ctrl_c_says_what_each_command_kept(monkeypatch, capsys, tmp_path):
    """Whatever the command, a KeyboardInterrupt becomes exit status 130 and one line saying
    what was kept (the lessons: each copied file is whole)."""
    def stop(*_args, **_kwargs):
        raise KeyboardInterrupt
    def run(argv):
        try:
            return main(argv)
        except KeyboardInterrupt:
            pytest.fail("KeyboardInterrupt escaped main()")

    monkeypatch.setattr(cli_command, "_run", stop)
    assert run(["play", "dice"]) == 130
    assert capsys.readouterr().err == ("swkit play dice: interrupted: no game shown; nothing "
                                       "was written\n")
    from swkit.cli import lessons_command
    monkeypatch.setattr(lessons_command, "copy_lessons", stop)
    assert run(["lessons", "--dir", str(tmp_path / "l"), "--no-open"]) == 130
    assert "swkit lessons: interrupted: each lesson copied so far is complete" in \
        capsys.readouterr().err


# --- a closed, full or broken stdout ---------------------------------------------------------

COMMANDS = [
    ["--version"], ["--help"], ["play", "dice"], ["play", "cards", "--json"],
    ["odds", "deal", "--cards", "3"], ["odds", "roll", "--dice", "Mickey Mickey C g p"],
    ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "2"],
    ["play", "dice", "--help"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_closed_stdout_is_one_line_and_exit_1(argv):
    """`swkit play dice >&-` gave "AttributeError: 'NoneType' object has no attribute
    'flush'" in every command tried."""
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *SWKIT, *argv],
                          capture_output=True, text=True, env=environment(), timeout=120)
    assert done.returncode == 1, done.stderr
    no_traceback_one_line(done.stderr, "error: the output (stdout) is closed")


def test_lessons_with_a_closed_stdout_copies_nothing(tmp_path):
    """Refused before any work: a file opened meanwhile would take the closed descriptor."""
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *SWKIT, "lessons", "--dir",
                           str(tmp_path / "l"), "--no-open"],
                          capture_output=True, text=True, env=environment(), timeout=120)
    assert done.returncode == 1
    no_traceback_one_line(done.stderr, "swkit: error: the output (stdout) is closed")
    assert not (tmp_path / "l").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_full_disk_is_one_line_and_never_exit_0(argv):
    """`swkit --version >/dev/full` exited 0."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([*SWKIT, *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                              env=environment(), timeout=120)
    assert done.returncode == 1, done.stderr
    no_traceback_one_line(done.stderr, "error: cannot write the output (stdout): No space left "
                                       "on device")


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_reader_that_has_gone_is_exit_1_and_no_traceback(argv):
    """`swkit ... | head` when head has already gone: exit status 1 (Python's recipe for
    SIGPIPE), nothing on stderr."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([*SWKIT, *argv], stdout=write, stderr=subprocess.PIPE,
                              text=True, env=environment(), timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 1, done.stderr
    assert all("still working" in line for line in done.stderr.splitlines()), done.stderr


def test_checked_output_turns_a_failed_write_into_output_error():
    from swkit.cli.guard import CheckedOutput, OutputError

    class Full:
        def write(self, text=""):
            raise OSError(errno.ENOSPC, "No space left on device")
        flush = write

    out = CheckedOutput(Full())
    for call in (lambda: out.write("x"), out.flush):
        with pytest.raises(OutputError, match="No space left on device") as caught:
            call()
        assert not isinstance(caught.value, OSError)  # no command's file handler takes it


# --- an ASCII terminal -----------------------------------------------------------------------

def help_pages() -> list[list[str]]:
    """Every help page: swkit's, and each command's and subcommand's."""
    import argparse
    pages = [[]]
    todo = [([], build_parser())]
    while todo:
        words, parser = todo.pop()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    pages.append([*words, name])
                    todo.append(([*words, name], sub))
    return sorted(pages)


def test_there_are_seventeen_help_pages():
    assert len(help_pages()) == 17


ASCII_TERMINALS = {"PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
                   "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}}


@pytest.mark.parametrize("terminal", list(ASCII_TERMINALS))
@pytest.mark.parametrize("words", help_pages(), ids=lambda w: " ".join(w) or "swkit")
def test_help_in_an_ascii_terminal(words, terminal):
    """`PYTHONIOENCODING=ascii swkit play --help` raised UnicodeEncodeError (the §) on 9 of 13
    help pages: the output's errors handler was set only after parsing. Under the C locale
    (no UTF-8 mode) stdout is ASCII with ``surrogateescape``, which failed on the § too."""
    env = environment(**ASCII_TERMINALS[terminal])
    if terminal == "C locale":
        env.pop("PYTHONIOENCODING", None)
    done = subprocess.run([*SWKIT, *words, "--help"], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout.isascii() and b"usage: swkit" in done.stdout
    if words[:1] == ["play"] and words[1:] in ([], ["cards"], ["dice"]):
        assert b"RULES.md \\xa7" in done.stdout  # the section sign, escaped


def test_a_report_with_a_section_sign_in_an_ascii_terminal():
    done = subprocess.run([*SWKIT, "tournament", "--game", "dice", "--bots", "points,greedy",
                           "--games", "2"], capture_output=True,
                          env=environment(PYTHONIOENCODING="ascii"), timeout=120)
    assert done.returncode == 0 and done.stderr == b""
    assert b"(RULES.md \\xa7B5)" in done.stdout


def test_a_file_name_not_utf8_still_goes_out_as_it_came_in_under_the_c_locale(tmp_path):
    """Under the C locale a name's undecodable bytes are written back as they were
    (``surrogateescape``), while a § the encoding cannot show is escaped."""
    folder = os.fsencode(tmp_path) + b"/caf\xe9"
    env = environment(LC_ALL="C", LANG="C", PYTHONUTF8="0")
    env.pop("PYTHONIOENCODING", None)
    done = subprocess.run([*SWKIT, "lessons", "--no-open", "--dir", folder],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"/caf\xe9\n" in done.stdout


# --- tournament --plot -----------------------------------------------------------------------

TOURNAMENT = ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "4",
              "--seed", "1", "--workers", "1"]


def refused_before_playing(monkeypatch, capsys, plot: str, *words: str) -> None:
    import swkit.tournament
    played = []
    monkeypatch.setattr(swkit.tournament, "run_tournament",
                        lambda *a, **k: played.append(a))
    assert main([*TOURNAMENT, "--plot", plot]) == 2
    out, err = capsys.readouterr()
    assert played == [] and out == ""
    no_traceback_one_line(err, f"--plot {show_name(plot)}", *words)


def test_plot_in_a_format_that_needs_latex_is_refused_before_playing(monkeypatch, capsys,
                                                                      tmp_path):
    """`--plot x.pgf` was accepted and failed after every game with a RuntimeError traceback
    (xelatex not found)."""
    monkeypatch.setenv("PATH", str(tmp_path))  # no LaTeX on it
    refused_before_playing(monkeypatch, capsys, str(tmp_path / "x.pgf"),
                           "matplotlib cannot write .pgf on this computer", "xelatex")


def test_plot_naming_a_folder_is_refused_before_playing(monkeypatch, capsys, tmp_path):
    """`--plot` naming a folder played every game, then exit 1 with no figures printed."""
    (tmp_path / "charts.png").mkdir()
    refused_before_playing(monkeypatch, capsys, str(tmp_path / "charts.png"), "is a folder")


def test_plot_with_a_name_too_long_is_refused_before_playing(monkeypatch, capsys, tmp_path):
    refused_before_playing(monkeypatch, capsys, str(tmp_path / ("w" * 250 + ".png")),
                           "cannot write there", "File name too long")


def test_the_figures_are_printed_before_a_chart_that_fails(monkeypatch, capsys, tmp_path):
    """A chart that cannot be written after the games (the disk filled meanwhile) loses no
    figure: they are printed first; then one line and exit status 1; no half chart."""
    from swkit.cli import lessons_copy

    def full(target, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(lessons_copy, "write_exclusive", full)
    chart = tmp_path / "wins.png"
    assert main([*TOURNAMENT, "--plot", str(chart)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("Clubhouse dice tournament: 4 games, seed 1") and "99%" in out
    assert "Chart saved" not in out
    no_traceback_one_line(err, "the figures are above, but the chart could not be written",
                          "No space left on device")
    assert list(tmp_path.iterdir()) == []


def test_a_chart_never_writes_through_a_link_nor_replaces_it(capsys, tmp_path):
    """A link at the chart's name is neither written through nor replaced: swkit did not make
    it, so the chart is refused in one line and both stay as they were."""
    target = tmp_path / "elsewhere.png"
    target.write_bytes(b"keep")
    (tmp_path / "wins.png").symlink_to(target)
    assert main([*TOURNAMENT, "--plot", str(tmp_path / "wins.png")]) == 2
    assert "already there" in capsys.readouterr().err
    assert target.read_bytes() == b"keep"
    assert (tmp_path / "wins.png").is_symlink()


# --- the replay seed -------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "bots"), [("dice", ("points", "greedy", "random")),
                                            ("cards", ("greedy", "random"))])
def test_the_documented_replay_seed_replays_the_game(game, bots, capsys):
    """The tournament's docstring says `swkit play dice --seed <game_seed(S, i)>` replays game
    i, but that seed has up to 78 digits and --seed took at most 50."""
    seed = 7
    longest = 0
    for index in range(4):
        replay = game_seed(seed, index)
        longest = max(longest, len(str(replay)))
        seated = ",".join(bots[entry] for entry in seating(len(bots), index))
        assert main(["play", game, "--players", str(len(bots)), "--seed", str(replay),
                     "--bots", seated, "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        winners, scores, _ = play_one(game, bots, seed, index)
        assert tuple(record["scores"]) == scores
        assert record["winner"] == (winners[0] if len(winners) == 1 else None)
    assert longest > 50


def test_a_seed_of_79_digits_is_still_refused(capsys):
    with pytest.raises(SystemExit):
        main(["play", "dice", "--seed", "1" * 79])
    assert "at most 78 digits" in capsys.readouterr().err


# --- the slow notice -------------------------------------------------------------------------

NOTICES = {
    ("play", "cards"): "the bots are playing a whole game of cards",
    ("play", "dice"): "the bots are playing a whole game of dice",
    ("odds", "deal", "--cards", "4"): "counting every deal of 4 cards exactly",
    ("odds", "hand", "--hand", "R1"): "an exact answer searches every draw",
    ("odds", "hand", "--hand", "R1", "--simulate", "500"): "playing 500 simulated games",
    ("odds", "roll"): "the best keeps over every roll",
    ("odds", "solo"): "solving the solo game exactly",
    ("odds", "duel", "--board", "/", "--dice", "Mickey Mickey C g p"):
        "each choice's chance to win",
}


@pytest.mark.parametrize("argv", list(NOTICES), ids=" ".join)
def test_each_slow_notice_speaks_of_its_own_command(argv, capsys):
    """`swkit odds deal --cards 4` and `play cards` said "an exact answer enumerates every
    case (odds hand ... --budget)"."""
    cli_command._still_working(build_parser().parse_args(list(argv)))
    line = capsys.readouterr().err
    assert line == f"swkit {argv[0]} {argv[1]}: still working: {line.split(': ', 2)[2]}"
    assert NOTICES[argv] in line
    if argv[1] != "hand":
        assert "--budget" not in line and "odds hand" not in line and "enumerates" not in line
    if "--simulate" in argv:
        assert "--budget" not in line and "exact" not in line


# --- the tournament chart --------------------------------------------------------------------

@pytest.mark.parametrize(("game", "bots"), [("dice", ["points", "greedy", "random", "points"]),
                                            ("cards", ["greedy", "random"])])
def test_the_tournament_chart_is_readable(game, bots):
    """Its axis labels were cramped and its title tiny (FONT_SIZE - 2): now the title is the
    largest text, every text is at least FONT_SIZE - 1, and no two texts overlap."""
    from matplotlib.text import Text

    from swkit.plots import FONT_SIZE
    from swkit.tournament import run_tournament
    result = run_tournament(game, bots, games=2 * len(bots), seed=1, workers=1)
    fig = result.plot()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()
             and t.get_window_extent(renderer).width > 0]
    sizes = {t.get_text(): t.get_fontsize() for t in texts}
    assert sizes[fig.get_suptitle()] == max(sizes.values()) >= FONT_SIZE + 4
    assert min(sizes.values()) >= FONT_SIZE - 1, sizes
    assert fig.get_suptitle() == f"{'Clubhouse dice' if game == 'dice' else 'Something Wild! cards'}: {result.games} games, seed 1"  # noqa: E501
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        assert not box_a.overlaps(box_b), (a, b)
    width, height = fig.bbox.width, fig.bbox.height
    for text, box in boxes:
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height, text


def test_an_interrupted_site_says_when_its_temporary_folder_was_left(tmp_path):
    """A second Ctrl-C 0.2 s after the first cut the build's clean-up short
    and left `.swkit-site-*` beside --out while the line said "nothing left behind"."""
    import argparse
    args = argparse.Namespace(command="site", out=str(tmp_path / "site"))
    started = time.time() - 1
    assert "nothing left behind" in cli_command._kept(args, started)
    (tmp_path / ".swkit-site-x1").mkdir()
    assert cli_command._kept(args, started) == (
        f"no new site; its temporary folder {tmp_path / '.swkit-site-x1'} was left behind: "
        "remove it")
