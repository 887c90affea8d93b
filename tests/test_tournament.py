"""Tournaments (swkit.tournament, swkit tournament).

The figures must not depend on the backend, the worker count or the chunking; each game must be
the game ``swkit play`` plays with that seed and seating; the tallies must match a count made
from the games' own records; every refusal is one line and exit status 2.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import warnings

import pytest

from swkit.cards.play import play_game as play_cards
from swkit.cli import main
from swkit.dice.play import play_game as play_dice
from swkit.errors import ConfigurationError
from swkit.odds import dice_bots
from swkit.odds.montecarlo_dice import wilson
from swkit.runner import make_bot
from swkit.tournament import game_seed, play_one, run_tournament, seating


def _record(game: str, bots, seed: int, i: int) -> dict:
    """Game i of a tournament, played through the `swkit play` functions with its record."""
    sit = seating(len(bots), i)
    s = game_seed(seed, i)
    names = [bots[sit[seat]] for seat in range(len(bots))]
    if game == "dice":
        return play_dice(len(bots), s, bots=[make_bot("dice", n, seat, s)
                                             for seat, n in enumerate(names)])
    return play_cards(len(bots), s, bots=names)


@pytest.mark.parametrize("game,bots", [("dice", ("points", "greedy")),
                                       ("dice", ("random", "greedy", "points")),
                                       ("cards", ("greedy", "random"))])
def test_each_game_is_the_play_command_game(game, bots):
    for i in range(len(bots) * 2):
        rec = _record(game, bots, 11, i)
        winners, scores, tiebreak = play_one(game, bots, 11, i)
        assert list(scores) == rec["scores"]
        assert list(winners) == ([] if rec["winner"] is None and game == "cards"
                                 else rec.get("winners", [rec["winner"]]))
        assert tiebreak == bool(rec.get("tiebreak"))


def test_seats_rotate_so_each_bot_plays_each_seat_equally():
    assert [seating(3, i) for i in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    result = run_tournament("dice", ["greedy", "random", "greedy", "points"], games=8,
                            seed=2, workers=1)
    for entry in result.entries:
        assert entry.seat_games == (2, 2, 2, 2)
    assert result.bots == ("greedy", "random", "greedy", "points")


def test_small_seeded_dice_tournament_matches_the_records():
    """A small CI tournament: PointsBot against GreedyBot, seats alternating, tallied by hand
    from the games' records."""
    bots, seed, n = ("points", "greedy"), 2026, 40
    result = run_tournament("dice", bots, games=n, seed=seed, workers=1)
    wins, scores, seat_wins, ties = [0, 0], [0, 0], [0, 0], 0
    for i in range(n):
        rec = _record("dice", bots, seed, i)
        sit = seating(2, i)
        for seat in range(2):
            scores[sit[seat]] += rec["scores"][seat]
        assert rec["winner"] is not None  # a roll-off always decides 2 players here
        wins[sit[rec["winner"]]] += 1
        seat_wins[rec["winner"]] += 1
        ties += bool(rec["tiebreak"])
    assert [e.wins for e in result.entries] == wins
    assert sum(wins) == n and [e.shared for e in result.entries] == [0, 0]
    assert [e.score.estimate for e in result.entries] == [s / n for s in scores]
    assert [e.win_rate for e in result.entries] == [wilson(w, n) for w in wins]
    assert [sum(e.seat_wins[s] for e in result.entries) for s in range(2)] == seat_wins
    assert result.tiebreaks == ties
    for e in result.entries:
        assert e.win_rate.low <= e.win_rate.estimate <= e.win_rate.high
        assert e.score.low <= e.score.estimate <= e.score.high


def test_cards_tournament_counts_wins_and_round_limits():
    result = run_tournament("cards", ["greedy", "random"], games=6, seed=5, workers=1)
    decided = sum(e.wins for e in result.entries)
    assert decided + result.no_winner == 6
    assert "Powers" in result.format_text()


def test_chunking_and_worker_count_change_no_figure():
    args = ("dice", ["points", "random", "greedy"], 18)
    one = run_tournament(*args, seed=9, workers=1, chunk_size=18)
    for workers, chunk in ((1, 1), (2, 4), (2, 7), (3, 5)):
        other = run_tournament(*args, seed=9, workers=workers, chunk_size=chunk)
        assert other.figures() == one.figures(), (workers, chunk)
        assert other.workers == workers and other.chunk_size == chunk
    assert run_tournament(*args, seed=10, workers=1).digest != one.digest


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        local_cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                                 dashboard_address=None,
                                                 silence_logs=logging.ERROR)
    with local_cluster:
        yield local_cluster


def test_dask_cluster_gives_the_local_figures(cluster):
    """A real LocalCluster of 2 worker processes, reached by its scheduler's address."""
    local = run_tournament("dice", ["points", "greedy"], games=16, seed=4, workers=2,
                           chunk_size=3)
    dask = run_tournament("dice", ["points", "greedy"], games=16, seed=4, backend="dask",
                          scheduler=cluster.scheduler_address, chunk_size=5)
    assert dask.figures() == local.figures()
    assert dask.backend == "dask" and dask.workers == 2
    cards = dict(game="cards", bots=["random", "greedy"], games=4, seed=1)
    assert (run_tournament(**cards, backend="dask", scheduler=cluster.scheduler_address)
            .figures() == run_tournament(**cards, workers=1).figures())


@pytest.mark.slow
def test_a_scheduler_and_a_worker_started_by_the_dask_command(tmp_path, capsys):
    """The setup of docs/tournaments.md: `dask scheduler` and `dask worker` processes, and
    `swkit tournament --scheduler ADDRESS` gives the local figures."""
    pytest.importorskip("distributed")
    import shutil
    import subprocess
    import time
    dask_cmd = shutil.which("dask") or pytest.skip("no dask command on PATH")
    info = tmp_path / "scheduler.json"
    common = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                  start_new_session=True)
    procs = [subprocess.Popen([dask_cmd, "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--no-dashboard", "--scheduler-file", str(info)], **common)]
    try:
        procs.append(subprocess.Popen([dask_cmd, "worker", "--scheduler-file", str(info),
                                       "--nthreads", "1", "--nworkers", "2",
                                       "--no-dashboard"], **common))
        deadline = time.monotonic() + 60
        while not info.exists() or not info.read_text().strip():
            assert time.monotonic() < deadline, "dask scheduler did not start"
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        argv = ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "8",
                "--seed", "21", "--json"]
        assert main([*argv, "--backend", "dask", "--scheduler", address,
                     "--connect-timeout", "60"]) == 0
        remote = json.loads(capsys.readouterr().out)
        assert main([*argv, "--workers", "1"]) == 0
        local = json.loads(capsys.readouterr().out)
        assert remote["backend"] == "dask" and remote["workers"] >= 1
        for key in ("backend", "workers", "chunk_size", "cpu_seconds"):
            remote.pop(key), local.pop(key)
        assert remote == local
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.mark.slow
def test_cli_dask_starts_its_own_local_cluster(capsys):
    argv = ["tournament", "--game", "dice", "--bots", "greedy,points", "--games", "6",
            "--seed", "3", "--json"]
    assert main([*argv, "--backend", "dask", "--workers", "2"]) == 0
    dask = json.loads(capsys.readouterr().out)
    assert main([*argv, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert dask["backend"] == "dask" and dask["workers"] == 2
    for key in ("backend", "workers", "chunk_size", "cpu_seconds"):
        dask.pop(key), local.pop(key)
    assert dask == local


def test_cli_text_json_plot_and_progress(capsys, tmp_path):
    chart = tmp_path / "wins.png"
    argv = ["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "4",
            "--seed", "1", "--workers", "1"]
    assert main([*argv, "--plot", str(chart), "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Clubhouse dice tournament: 4 games, seed 1; seats rotate: 2 games "
                          "per bot per seat")
    assert "99%" in out and f"Chart saved: {chart}" in out
    assert "4/4" in err  # the progress bar, on stderr
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main([*argv, "--json", "--plot", str(tmp_path / "wins.svg")]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""  # no bar when stderr is not a terminal
    assert data["games"] == 4 and [e["bot"] for e in data["entries"]] == ["points", "greedy"]
    assert sum(e["wins"] for e in data["entries"]) == 4
    assert (tmp_path / "wins.svg").read_text().lstrip().startswith("<?xml")


def _one_error_line(capsys, argv, *parts):
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's refusals exit from the parser
        status = stop.code
    assert status == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


BASE = ["tournament", "--game", "dice", "--games", "4"]


@pytest.mark.parametrize("extra,parts", [
    (["--bots", "points,smart"], ["unknown dice bot 'smart'", "greedy, random, points, win"]),
    (["--bots", "points"], ["2 to 4 bots", "got 1"]),
    (["--bots", "a,b,c,d,e"], ["2 to 4 bots"]),
    (["--bots", "points,,greedy"], ["argument --bots"]),
    (["--bots", "points,greedy,random"], ["multiple of 3", "try 6 or 3"]),
    (["--bots", "points,greedy", "--plot", "chart.txt"], [".png, .svg or .pdf"]),
    (["--bots", "points,greedy", "--plot", "/no/such/folder/c.png"], ["does not exist"]),
    (["--bots", "points,greedy", "--scheduler", "tcp://127.0.0.1:1"], ["needs --backend dask"]),
    (["--bots", "points,greedy", "--workers", "0"], ["argument --workers"]),
    (["--bots", "points,greedy", "--backend", "spark"], ["argument --backend", "local or dask"]),
    (["--bots", "points,greedy", "--plot", ""], ["argument --plot", "an empty value"]),
])
def test_cli_refusals_are_one_line(capsys, extra, parts):
    _one_error_line(capsys, [*BASE, *extra], *parts)


def test_cli_refuses_card_bots_it_does_not_have(capsys):
    _one_error_line(capsys, ["tournament", "--game", "cards", "--bots", "greedy,points",
                             "--games", "2"], "unknown card bot 'points'", "random, greedy")


def test_win_bot_missing_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(dice_bots.LAZY_BOTS, "win", ("swkit.odds.no_such_module", "WinBot"))
    _one_error_line(capsys, [*BASE, "--bots", "win,points"], "dice bot 'win' is not available")


def test_missing_dask_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    _one_error_line(capsys, [*BASE, "--bots", "points,greedy", "--backend", "dask"],
                    'pip install "swkit[cluster]"')


@pytest.mark.parametrize("backend", ["local", "dask"])
def test_connect_timeout_without_a_scheduler_is_refused(capsys, backend):
    # it times reaching a scheduler at an address; without one it would do nothing, silently
    line = _one_error_line(capsys, [*BASE, "--bots", "points,greedy", "--backend", backend,
                                    "--connect-timeout", "5"],
                           "--connect-timeout needs --scheduler", "leave --connect-timeout out")
    assert line.startswith("swkit tournament: error: ")


def test_unreachable_scheduler_is_one_line(capsys):
    pytest.importorskip("distributed")
    line = _one_error_line(capsys, [*BASE, "--bots", "points,greedy", "--backend", "dask",
                                    "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout",
                                    "1"], "cannot reach the Dask scheduler", "tcp://127.0.0.1:9")
    assert line.startswith("swkit tournament: error: ")


def test_scheduler_without_workers_is_one_line(capsys):
    distributed = pytest.importorskip("distributed")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        empty = distributed.LocalCluster(n_workers=0, dashboard_address=None,
                                         silence_logs=logging.ERROR)
    with empty:
        _one_error_line(capsys, [*BASE, "--bots", "points,greedy", "--backend", "dask",
                                 "--scheduler", empty.scheduler_address, "--connect-timeout",
                                 "1"], "has no workers", "dask worker")


def test_api_refusals():
    with pytest.raises(ConfigurationError, match="unknown game 'chess'"):
        run_tournament("chess", ["a", "b"], 2)
    with pytest.raises(ConfigurationError, match="with --scheduler the cluster's own workers"):
        run_tournament("dice", ["points", "greedy"], 2, backend="dask",
                       scheduler="tcp://127.0.0.1:9", workers=2)
    with pytest.raises(ConfigurationError, match="games must be a whole number"):
        run_tournament("dice", ["points", "greedy"], 0)


def test_the_report_and_the_chart_say_what_a_win_counts():
    """A dice game tied on points goes to the Clubhouse roll-off's winner: the heading and the
    chart's axis say so (not "won alone"), and the roll-off line says where those games are
    counted; the wins and the roll-offs add up to the games (no shared win at this seed)."""
    result = run_tournament("dice", ["greedy", "greedy"], games=40, seed=1, workers=1)
    text = result.format_text()
    assert "alone" not in text
    assert "Games won, Clubhouse roll-offs included (shared wins apart)" in text
    assert result.tiebreaks > 0
    assert "(each counted above as a win for its roll-off's winner)" in text
    assert sum(e.wins for e in result.entries) == result.games and not any(
        e.shared for e in result.entries)
    fig = result.plot()
    assert [ax.get_ylabel() for ax in fig.axes] == [
        "% of games won\n(Clubhouse roll-offs included)"] * 2
    cards = run_tournament("cards", ["greedy", "random"], games=2, seed=1, workers=1)
    assert "Games won (games with no winner apart)" in cards.format_text()


def test_workers_are_bounded_and_reported_as_used(monkeypatch) -> None:
    """fuzz 13: --workers 10000 was taken (a process per task, up to 10,000) and the report
    said 10000 workers for 2 games played by at most 2."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    with pytest.raises(ConfigurationError, match=r"--workers 9: this computer has 2 CPU cores; "
                                                  r"give at most 8"):
        run_tournament("dice", ["points", "greedy"], games=2, workers=9)
    result = run_tournament("dice", ["points", "greedy"], games=2, workers=8)
    assert result.workers == 2 and result.chunk_size == 1
    assert result.to_dict()["workers"] == 2


def test_one_game_per_seat_is_said_in_the_singular() -> None:
    # fuzz 13: "2 games, seed 0; seats rotate: 1 games per bot per seat"
    text = run_tournament("dice", ["points", "greedy"], games=2, workers=1).format_text()
    assert "seats rotate: 1 game per bot per seat" in text.splitlines()[0], text


def test_the_help_says_which_interval_each_kind_of_tournament_prints(capsys, tmp_path):
    """The plain tournament prints 99% intervals, the class tournament (bot files) 95%: the
    help says both, and each kind prints what the help says."""
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "win rate with its 99% interval (Wilson)" in words
    assert "With bot files in --bots (a class tournament)" in words
    assert "comes with its 95% interval (as bot tournaments give it), not 99%." in words
    assert "with their 99% intervals, 95% with bot files" in words
    assert main(["tournament", "--game", "dice", "--bots", "points,greedy", "--games", "2",
                 "--workers", "1", "--no-progress"]) == 0
    plain = capsys.readouterr().out
    assert "99%" in plain and "95%" not in plain
    bot = tmp_path / "first.py"
    bot.write_text("def choose(view):\n    return view.legal_moves[0]\n")
    assert main(["tournament", "--game", "dice", "--bots", f"greedy,{bot}", "--pairs", "1",
                 "--workers", "1", "--no-progress"]) == 0
    arena = capsys.readouterr().out
    assert "95% interval" in arena and "99%" not in arena
