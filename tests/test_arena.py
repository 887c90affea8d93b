"""Students' bots (swkit/arena): each in its own process, with only its seat's view, limits and
forfeits in words; duplicate pairs; the class round robin and its 95% intervals."""

from __future__ import annotations

import random
import textwrap
import zipfile
from pathlib import Path

import pytest

from swkit.arena.bot_process import Forfeit, Limits, StudentBot
from swkit.arena.matches import duplicate_faces, make_entrant, play_dice, play_pair
from swkit.arena.round_robin import expand_entries, round_robin, wilson95
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError

FAST = Limits(move_seconds=1.0, game_seconds=30.0, memory_bytes=256 * 2**20,
              output_bytes=20_000)

BOTS = {
    "good": """
        def choose(view):
            scores = [m for m in view.legal_moves if m.startswith("score")]
            return scores[0] if scores else view.legal_moves[0]
        """,
    "slow": """
        import time
        def choose(view):
            time.sleep(30)
        """,
    "crash": """
        def choose(view):
            return {}["nothing"]
        """,
    "syntax": """
        def choose(view)
            return 1
        """,
    "badimport": """
        import no_such_module_here
        def choose(view):
            return view.legal_moves[0]
        """,
    "nochoose": """
        choose = 7
        """,
    "hog": """
        def choose(view):
            block = bytearray(1024 ** 3)
            return view.legal_moves[0]
        """,
    "chatty": """
        def choose(view):
            while True:
                print("hello " * 100)
        """,
    "illegal": """
        def choose(view):
            return "score Nobody"
        """,
    "dies": """
        import os
        def choose(view):
            os._exit(3)
        """,
    "exits": """
        def choose(view):
            exit(0)
        """,
    "spy": """
        import gc
        def choose(view):
            found = [o for o in gc.get_objects()
                     if type(o).__name__ in ("DiceGame", "CardGame", "Scoreboard")]
            if found:
                raise RuntimeError(f"found the game: {len(found)} objects")
            return view.legal_moves[0]
        """,
}

REASONS = {
    "slow": "took more than 1 s for one move",
    "crash": "choose(view) raised KeyError: 'nothing' (line 3)",
    "syntax": "its file did not load: SyntaxError: expected ':' (line 2)",
    "badimport": "its file did not load: ModuleNotFoundError: No module named "
                 "'no_such_module_here' (line 2)",
    "nochoose": "its file did not load: nochoose.py has no function choose(view)",
    "hog": "used more than 256 MB",
    "chatty": "printed more than 20,000 bytes",
    "illegal": "returned 'score Nobody' which is not a legal move",
    "dies": "its process ended (exit status 3)",
    "exits": "the bot called exit(0)",
}


@pytest.fixture(scope="module")
def bots(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bots")
    paths = {}
    for name, code in BOTS.items():
        paths[name] = folder / f"{name}.py"
        paths[name].write_text(textwrap.dedent(code))
    return paths


def a_view() -> tuple[dict, list[str]]:
    game = DiceGame(2, seed=3)
    game.apply_chance()
    return game.view(0).to_dict(), [str(a) for a in game.legal_actions()]


@pytest.mark.parametrize("name", sorted(REASONS))
def test_every_way_to_break_the_rules_is_a_forfeit_in_words(bots, name):
    view, legal = a_view()
    with StudentBot(bots[name], FAST) as bot:
        with pytest.raises(Forfeit) as caught:
            bot.choose(view, legal)
        assert caught.value.reason == REASONS[name]
        assert caught.value.every_game == REASONS[name].startswith("its file did not load")


def test_a_good_bot_answers_and_sees_no_game_object(bots):
    view, legal = a_view()
    for name in ("good", "spy"):
        with StudentBot(bots[name], FAST) as bot:
            move = bot.choose(view, legal)
            assert move in legal
            assert bot.choose(view, legal) == move   # the same process answers again


def test_a_forfeit_ends_the_process_and_the_next_game_starts_a_fresh_one(bots):
    view, legal = a_view()
    with StudentBot(bots["crash"], FAST) as bot:
        for _ in range(2):
            with pytest.raises(Forfeit):
                bot.choose(view, legal)
    with StudentBot(bots["syntax"], FAST) as bot:   # a file that does not load: never again
        with pytest.raises(Forfeit):
            bot.choose(view, legal)
        assert bot.load_error is not None
        with pytest.raises(Forfeit, match="did not load"):
            bot.choose(view, legal)


def test_a_missing_bot_file_is_refused_in_words(tmp_path):
    with pytest.raises(ConfigurationError, match="is not a file"):
        StudentBot(tmp_path / "nobody.py")
    with pytest.raises(ConfigurationError, match="unknown|choose"):
        make_entrant("nosuchbot")


def test_duplicate_pairs_give_each_seat_the_same_dice():
    """Whoever sits in a seat meets the same dice on each turn's first roll in both games of a
    pair, whatever the bots keep, and those dice are duplicate_faces'."""
    first, second = make_entrant("random"), make_entrant("greedy")
    for seed in range(5):
        one, two = play_pair(first, second, seed)
        faces = DiceGame(2, seed).faces

        def openings(result):
            out, last = [], None
            for seat, dice in result.rolls:
                if seat != last:
                    out.append((seat, dice))
                last = seat
            return out
        assert openings(one) == openings(two)
        for turn, (seat, dice) in enumerate(openings(one)):
            assert sorted(dice) == sorted(duplicate_faces(seed, seat, turn, 1, faces))
        assert one.names == ("random", "greedy") and two.names == ("greedy", "random")


def test_a_bots_own_randomness_never_moves_the_dice(bots, tmp_path):
    noisy = tmp_path / "noisy.py"
    noisy.write_text(textwrap.dedent("""
        import random
        def choose(view):
            for _ in range(random.randrange(1000)):
                random.random()
            scores = [m for m in view.legal_moves if m.startswith("score")]
            return scores[0] if scores else view.legal_moves[0]
        """))
    runs = []
    for path in (bots["good"], noisy):
        entrant = make_entrant(str(path), FAST)
        runs.append(play_dice([entrant, make_entrant("greedy")], seed=11))
        entrant.close()
    assert runs[0].rolls == runs[1].rolls and runs[0].scores == runs[1].scores


def test_a_forfeited_game_is_won_by_the_other_seat(bots):
    entrant = make_entrant(str(bots["illegal"]), FAST)
    result = play_dice([make_entrant("greedy"), entrant], seed=2)
    entrant.close()
    assert result.winners == (0,) and result.forfeit == (1, REASONS["illegal"])


def test_the_round_robin_always_finishes_and_counts_every_game(bots):
    entries = ["greedy", "random", str(bots["good"]), str(bots["crash"]),
               str(bots["syntax"]), str(bots["illegal"])]
    result = round_robin(entries, pairs=2, seed=1, limits=FAST, workers=1)
    pairings = len(entries) * (len(entries) - 1) // 2
    assert result.games == pairings * 2 * 2
    assert sum(s.games for s in result.standings) == 2 * result.games
    assert sum(s.wins for s in result.standings) == result.games
    by_name = {s.name: s for s in result.standings}
    for name in ("crash", "syntax", "illegal"):
        assert sum(by_name[name].forfeits.values()) >= 2 * 2 * 3  # every game vs a good bot
        assert set(by_name[name].forfeits) == {REASONS[name]}
    text = "\n".join(result.lines())
    assert REASONS["syntax"] in text and "Traceback" not in text
    data = result.to_json()
    assert data["games"] == result.games
    assert len(data["standings"]) + len(data["did_not_play"]) == len(entries)
    assert [d["name"] for d in data["did_not_play"]] == ["syntax"]   # listed, not ranked


def test_a_bot_whose_file_does_not_load_loses_every_game_before_any_move(bots):
    """Two unloadable bots and one that times out: the unloadable ones win nothing, not even
    against the bot that times out at its first move (the game is lost before any move), and
    a game between the two unloadable ones is a win for neither."""
    entries = [str(bots["syntax"]), str(bots["slow"]), str(bots["badimport"])]
    limits = Limits(move_seconds=0.2, game_seconds=30.0, memory_bytes=256 * 2**20,
                    output_bytes=20_000)
    result = round_robin(entries, pairs=1, seed=4, limits=limits, workers=1)
    by_name = {s.name: s for s in result.standings}
    assert by_name["syntax"].wins == 0 and by_name["badimport"].wins == 0
    assert by_name["slow"].wins == 4 and by_name["slow"].forfeits == {}   # never had to move
    for name in ("syntax", "badimport"):
        assert by_name[name].forfeits == {REASONS[name]: 4} and by_name[name].did_not_play
    assert sum(s.wins for s in result.standings) == result.games - 2   # 2 games won by neither
    assert [s.name for s in result.ranked] == ["slow"]
    assert {s.name for s in result.not_played} == {"syntax", "badimport"}
    assert result.ties() == []
    lines = result.lines()
    rows = {line.split()[1]: line.split()[0] for line in lines[2:5]}
    assert rows == {"slow": "1", "syntax": "-", "badimport": "-"}   # not ranked among the bots
    assert all(line.endswith("did not play: its file did not load (it lost all its 4 games)")
               for line in lines[3:5])
    assert result.chart().categories == ("slow",)            # the ranked bots only
    nobody = round_robin([str(bots["syntax"]), str(bots["nochoose"])], pairs=1, limits=limits,
                         workers=1)
    assert nobody.ranked == [] and nobody.chart().categories == ("nochoose", "syntax")
    assert "a game where neither bot's file loaded was won by neither" in "\n".join(
        nobody.lines())


def test_an_unloadable_bot_loses_whichever_seat_it_is_in(bots):
    bad, slow = (make_entrant(str(bots[n]), FAST) for n in ("syntax", "slow"))
    try:
        for seats in ((bad, slow), (slow, bad)):
            result = play_dice(list(seats), seed=9)
            lost = seats.index(bad)
            assert result.winners == (1 - lost,) and result.unplayed == (lost,)
            assert result.forfeit == (lost, REASONS["syntax"]) and result.rolls == ()
        both = play_dice([bad, make_entrant(str(bots["nochoose"]), FAST)], seed=9)
        assert both.winners == () and both.unplayed == (0, 1)
        assert both.forfeits == ((0, REASONS["syntax"]), (1, REASONS["nochoose"]))
    finally:
        bad.close()
        slow.close()


def test_a_bot_named_twice_enters_once(bots, tmp_path):
    """The same file through a file and its folder, or a copy of it (same name, same text),
    enters once with one line saying so; different files named alike both enter."""
    folder = bots["good"].parent
    copy = tmp_path / "good.py"
    copy.write_text(bots["good"].read_text())
    other = tmp_path / "other" / "good.py"
    other.parent.mkdir()
    other.write_text(bots["good"].read_text() + "\n# my own change\n")
    said: list[str] = []
    found = expand_entries(["greedy", str(bots["good"]), str(folder), str(copy), str(folder),
                            str(other)], tmp_path / "unpack", notice=said.append)
    assert found.count(str(bots["good"])) == 1 and str(copy) not in found
    assert str(other) in found                       # a different file of the same name
    assert len(found) == 1 + len(BOTS) + 1
    assert said == [f"{folder / 'good.py'} is entered once (named twice)",
                    f"{copy} is left out: the same bot as {bots['good']} (same name, same "
                    f"text)",
                    f"{folder} is entered once (named twice)"]
    twin = tmp_path / "twin.py"                       # the same text, another name: enters
    twin.write_text(bots["good"].read_text())
    assert str(twin) in expand_entries([str(bots["good"]), str(twin)], tmp_path / "u")


def test_the_round_robin_is_the_same_with_two_workers(bots):
    entries = ["greedy", "random", str(bots["good"])]
    one = round_robin(entries, pairs=2, seed=5, limits=FAST, workers=1).to_json()
    two = round_robin(entries, pairs=2, seed=5, limits=FAST, workers=2).to_json()
    assert one["standings"] == two["standings"]


def test_folders_and_zips_enter_every_bot_file_and_never_write_outside(bots, tmp_path):
    archive = tmp_path / "hand-ins.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("ana_123_456_bot.py", BOTS["good"])
        z.writestr("../../escape.py", BOTS["good"])
        z.writestr("/abs/ben.py", BOTS["good"])
        z.writestr("notes.txt", "not a bot")
    unpack = tmp_path / "unpack"
    found = expand_entries(["greedy", str(bots["good"].parent), str(archive)], unpack)
    assert found[0] == "greedy"
    assert len([f for f in found if f.startswith(str(bots["good"].parent))]) == len(BOTS)
    unpacked = [Path(f) for f in found if f.startswith(str(unpack))]
    assert sorted(p.stem for p in unpacked) == ["ana", "ben"]  # LMS names; no "../" names
    assert all(unpack in p.parents for p in unpacked)
    assert not (tmp_path.parent / "escape.py").exists()
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigurationError, match="no bot files"):
        expand_entries([str(tmp_path / "empty")], tmp_path / "u2")
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ConfigurationError, match="not a zip"):
        expand_entries([str(bad)], tmp_path / "u3")


def test_the_95_percent_interval_covers_a_known_win_rate_95_times_in_100():
    """Simulated bots with known win rates: the Wilson interval holds the true rate in about
    95% of tournaments (4,000 simulated tournaments per rate; a seeded stream; a count's
    coverage swings a little around 95% with n, as any interval's for whole numbers does)."""
    rng = random.Random(2026)
    for p, games in ((0.5, 100), (0.55, 400), (0.8, 40), (0.3, 1000)):
        covered = 0
        for _ in range(4000):
            wins = sum(rng.random() < p for _ in range(games))
            low, high = wilson95(wins, games)
            covered += low <= p <= high
        assert 0.92 <= covered / 4000 <= 0.98, (p, games, covered)
    low, high = wilson95(50, 100)   # the lesson's rule of thumb: about +-0.98/sqrt(n)
    assert abs((high - low) / 2 - 0.098) < 0.002


# --- the command line ----------------------------------------------------------------------------

def cli(capsys, *argv: str, game: str = "dice") -> tuple[int, str, str]:
    """``swkit tournament --game GAME ARGV...``: its exit status, standard output and error."""
    from swkit.cli.command import main
    try:
        status = main(["tournament", "--game", game, *argv])
    except SystemExit as exc:
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_plays_bot_files_folders_and_zips(bots, capsys, tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("good", "crash"):
        (folder / f"{name}.py").write_text(bots[name].read_text())
    archive = tmp_path / "more.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("Ben Smith_1234_assignsubmission_file_/bot.py",
                   textwrap.dedent(BOTS["illegal"]))
        z.writestr("smithana_4321_9876_mybot.py", textwrap.dedent(BOTS["good"]))
    page, chart = tmp_path / "board.html", tmp_path / "board.png"
    status, out, err = cli(capsys, "--bots", f"greedy,{folder},{archive}", "--pairs", "1",
                            "--move-seconds", "1", "--html", str(page), "--plot", str(chart),
                            "--workers", "1")
    assert status == 0, err
    assert "Traceback" not in out + err
    assert "good" in out and "crash" in out and "Forfeits" in out
    assert f"Ben Smith: 7 games: {REASONS['illegal']}" in out   # named as Moodle names them
    assert "smithana" in out                                      # ... and as Canvas does
    board = page.read_text()
    assert ("<svg" in board or "data:image/png;base64" in board) and "greedy" in board
    assert chart.stat().st_size > 1000
    status, out, err = cli(capsys, "--bots", f"greedy,{bots['good']}", "--pairs", "1", "--json",
                            "--workers", "1")
    assert status == 0 and json_loads(out)["games"] == 2


def json_loads(text: str) -> dict:
    import json
    return json.loads(text)


@pytest.mark.parametrize("argv, words", [
    (["--bots", "greedy,nobody.py"], "no such bot file"),
    (["--bots", "greedy,x.py", "--games", "4"], "give --pairs"),
    (["--bots", "greedy,points", "--pairs", "3", "--games", "4"], "--pairs is for a class"),
    (["--bots", "greedy,points"], "required: --games"),
    (["--bots", "greedy,bad.zip"], "no such zip file"),
])
def test_the_command_refuses_in_one_line(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.py").write_text("def choose(view):\n    return view.legal_moves[0]\n")
    status, out, err = cli(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert words in err


@pytest.mark.slow
def test_dask_plays_bot_files_with_the_same_results(bots):
    """--backend dask carries students' bots too: each task carries the files' text."""
    pytest.importorskip("distributed")
    entries = ["greedy", str(bots["good"]), str(bots["crash"])]
    local = round_robin(entries, pairs=1, seed=3, limits=FAST, workers=1).to_json()
    dask = round_robin(entries, pairs=1, seed=3, limits=FAST, workers=2,
                       backend="dask").to_json()
    assert local["standings"] == dask["standings"]


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped is not running)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_bot_process_ends_when_the_process_that_started_it_is_gone(tmp_path):
    """A bot in an endless loop whose game's process is killed (a worker ended at a Ctrl-C)
    ends too, within a second, instead of running on."""
    import os
    import signal
    import subprocess
    import sys
    import time
    bot = ("import os, sys, time\nfrom swkit.arena.child import watch_parent\n"
           "watch_parent(os.getppid(), 0.1)\nwhile True:\n    pass\n")
    starter = subprocess.Popen(
        [sys.executable, "-c", "import subprocess, sys, time\n"
         f"p = subprocess.Popen([sys.executable, '-c', {bot!r}], start_new_session=True)\n"
         "print(p.pid, flush=True)\ntime.sleep(60)\n"], stdout=subprocess.PIPE, text=True)
    child = int(starter.stdout.readline())
    try:
        time.sleep(0.5)
        assert _alive(child)
        starter.send_signal(signal.SIGKILL)
        starter.wait()
        deadline = time.monotonic() + 10
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(child)
    finally:
        if _alive(child):
            os.kill(child, signal.SIGKILL)


@pytest.mark.slow
def test_ctrl_c_ends_a_round_robin_on_two_workers_at_once(bots):
    """Ctrl-C during a class tournament on two workers ends it within seconds (the workers
    ended at once, not after every pairing still queued) and leaves no bot process running."""
    import signal
    import subprocess
    import time

    def interrupt(_signum, _frame):
        raise KeyboardInterrupt
    previous = signal.signal(signal.SIGALRM, interrupt)
    slow = str(bots["slow"])
    entries = [slow, str(bots["good"]), "greedy", "random"]
    started = time.monotonic()
    try:
        signal.setitimer(signal.ITIMER_REAL, 3.0)
        with pytest.raises(KeyboardInterrupt):
            round_robin(entries, pairs=3, limits=Limits(move_seconds=20.0), workers=2)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.monotonic() - started < 15
    time.sleep(1.5)
    left = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert f"--bot {slow}" not in left
