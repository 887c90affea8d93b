"""The exact two-player dice game (RULES.md §B) against the brute force in
tests/oracles/duel_oracle.py (labelled boards, roll sequences, keep masks).

Small models are exact Fractions and must equal the oracle exactly; the numpy solve (floats)
must equal the exact pure-Python solve within its stated bound; the shipped table of
Clubhouse dice is recomputed on a random sample of boards near the end of the game.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
from fractions import Fraction
from math import comb

import pytest
from oracles.duel_oracle import DuelOracle

from swkit.dice.bots import GreedyBot
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.odds.dice import DiceModel
from swkit.odds.duel import (
    DuelBoard,
    WinBot,
    duel_board_value,
    duel_options,
    duel_value,
    table_error,
)
from swkit.odds.duel.core import (
    HAS,
    N_ROWS,
    ROWS,
    ExactGame,
    board_key,
    level_boards,
)

FAST = [(2, 2, 1, 3), (3, 2, 1, 3), (2, 2, 0, 2), (1, 2, 2, 1), (3, 2, 0, 3), (1, 3, 1, 3)]
SLOW = [(2, 3, 1, 3), (3, 3, 1, 3)]


@functools.cache
def oracle_for(spec) -> DuelOracle:
    """One oracle a model, shared by the tests (its memo is the expensive part)."""
    return DuelOracle(*spec)


def model_of(spec) -> DiceModel:
    n, c, w, r = spec
    return DiceModel(n=n, characters=c, wilds=w, rolls=r)


def oracle_board(board: DuelBoard):
    return tuple(tuple(None if p < 0 else p for p in row) for row in board.rows)


def duel_board(rows, model: DiceModel) -> DuelBoard:
    return DuelBoard(model.names, tuple(tuple(-1 if p is None else p for p in row)
                                        for row in rows))


def random_board(rng: random.Random, model: DiceModel, placed: int,
                 reachable: bool = True) -> DuelBoard:
    """A board with ``placed`` tokens in the turn order: random rows and spaces (spaces above
    the dice count are left out when ``reachable``)."""
    top = min(model.n, 5) if reachable else 5
    rows = [[-1, -1] for _ in range(model.characters)]
    for t in range(placed):
        seat = t % 2
        j = rng.choice([j for j, row in enumerate(rows) if row[seat] == -1])
        other = rows[j][1 - seat]
        rows[j][seat] = rng.choice([v for v in range(top + 1) if v == 0 or v != other])
    return DuelBoard(model.names, tuple(tuple(r) for r in rows))


# --------------------------------------------------------------------------------------------
# sizes


def test_a_row_has_44_states():
    assert len(ROWS) == N_ROWS == 44
    assert len(set(ROWS)) == 44
    assert all(not (p0 == p1 and p0 >= 1) for p0, p1 in ROWS)


def closed_form_counts() -> tuple[int, int, int]:
    """Boards of 5 rows with the turn order's token counts, counted by the kinds of row:
    i rows holding both tokens (31 states), j only seat 0's (6), k only seat 1's (6), l empty
    (1); multisets per kind (C(s + i - 1, i)), and labelled boards for comparison."""
    multisets = labelled = final = 0
    for i in range(6):
        for j in range(6 - i):
            for k in range(6 - i - j):
                a, b = i + j, i + k
                if a - b not in (0, 1):
                    continue
                multisets += comb(30 + i, i) * comb(5 + j, j) * comb(5 + k, k)
                labelled += (comb(5, i) * comb(5 - i, j) * comb(5 - i - j, k)
                             * 31 ** i * 6 ** j * 6 ** k)
                if i == 5:
                    final += comb(35, 5)
    return multisets, final, labelled


def test_board_counts_match_the_issue():
    """988,392 boards (324,632 final) against 96.6 million labelled ones."""
    assert closed_form_counts() == (988_392, 324_632, 96_562_112)


def test_the_solver_enumerates_those_boards():
    pytest.importorskip("numpy")
    from swkit.odds.duel.batch import level_arrays
    levels = level_arrays(5)
    sizes = [len(keys) for _, keys in levels]
    assert sum(sizes) == 988_392 and sizes[-1] == 324_632
    for m, (boards, keys) in enumerate(levels):
        assert (keys[1:] > keys[:-1]).all()          # sorted, no board twice
        has = [[HAS[x] for x in b] for b in boards[:50].tolist()]
        assert all(sum(h[0] for h in row) == (m + 1) // 2 and sum(h[1] for h in row) == m // 2
                   for row in has)


def test_pure_python_levels_agree_with_numpy_on_a_small_board():
    np = pytest.importorskip("numpy")
    from swkit.odds.duel.batch import level_arrays
    for m, (_, keys) in enumerate(level_arrays(2)):
        assert [board_key(b) for b in level_boards(2, m)] == keys.tolist()
    del np


# --------------------------------------------------------------------------------------------
# exact small models against the oracle


@pytest.mark.parametrize("spec", FAST)
def test_duel_value_equals_the_brute_force(spec):
    oracle = oracle_for(spec)
    value = duel_value(model_of(spec))
    assert isinstance(value, Fraction)
    assert value == oracle.game(oracle.start())


@pytest.mark.slow
@pytest.mark.parametrize("spec", SLOW)
def test_duel_value_equals_the_brute_force_three_by_three(spec):
    oracle = oracle_for(spec)
    assert duel_value(model_of(spec)) == oracle.game(oracle.start())


def test_a_published_small_value():
    """2 dice, 2 characters: the value in the docstring, seat 0 slightly favoured."""
    assert duel_value(DiceModel(n=2, characters=2)) == Fraction(49765261379, 94143178827)


def compare_options(spec, seed: int, boards: int) -> int:
    """Every option of duel_options against the oracle's, on random boards and dice."""
    model = model_of(spec)
    oracle = oracle_for(spec)
    rng = random.Random(seed)
    checked = 0
    for _ in range(boards):
        board = random_board(rng, model, rng.randrange(2 * model.characters))
        ob = oracle_board(board)
        seat = board.mover
        assert duel_board_value(board, model) == oracle.game(ob)
        dice = tuple(sorted(oracle.label(rng.randrange(oracle.F)) for _ in range(model.n)))
        left = rng.randrange(model.rolls)
        counts = tuple(dice.count(i) for i in range(model.characters + 1))
        got = duel_options(board, counts, left, model)
        want = {}
        for kind, what, v in oracle.options(ob, dice, left):
            mine = v if seat == 0 else 1 - v
            if kind == "score":
                want[("score", model.names[what])] = mine
            else:
                want[("keep", tuple(what.count(i) for i in range(model.characters + 1)))] = mine
        have = {(("score", o.score) if o.reroll == 0 else ("keep", o.counts)): o.value
                for o in got}
        assert have == want, (board, dice, left)
        assert [o.value for o in got] == sorted((o.value for o in got), reverse=True)
        checked += len(got)
    return checked


@pytest.mark.parametrize("spec", FAST[:4])
def test_every_option_equals_the_brute_force(spec):
    assert compare_options(spec, seed=sum(spec), boards=25) > 25


@pytest.mark.slow
def test_every_option_equals_the_brute_force_three_by_three():
    assert compare_options((3, 3, 1, 3), seed=7, boards=40) > 40


def test_unreachable_boards_are_solved_too():
    """Spaces above the dice count cannot be reached with 2 dice, yet such a board has a value;
    the exact solve and the oracle agree there too."""
    spec = (2, 2, 1, 3)
    model, oracle = model_of(spec), oracle_for(spec)
    rng = random.Random(3)
    for _ in range(20):
        board = random_board(rng, model, rng.randrange(4), reachable=False)
        assert duel_board_value(board, model) == oracle.game(oracle_board(board))


# --------------------------------------------------------------------------------------------
# the numpy solve against the exact one


@pytest.mark.parametrize("spec", [(2, 2, 1, 3), (3, 2, 0, 3), (2, 3, 1, 3), (3, 3, 1, 3)])
def test_numpy_solve_equals_the_exact_solve_within_its_bound(spec):
    pytest.importorskip("numpy")
    from swkit.odds.duel.batch import error_bound, solve
    model = model_of(spec)
    solved = solve(model, chunk=500)  # several chunks a level
    game = ExactGame(model)
    from swkit.odds.duel.batch import level_arrays
    worst = 0.0
    for m, (boards, _) in enumerate(level_arrays(model.characters)):
        for b, v in zip(boards.tolist(), solved.values[m].tolist(), strict=True):
            worst = max(worst, abs(Fraction(v) - game.value(b)))
    assert worst <= error_bound(model)


# --------------------------------------------------------------------------------------------
# the shipped table of Clubhouse dice


FULL = DiceModel()


def test_the_start_value_is_a_float_within_the_bound_of_the_table():
    value = duel_value()
    assert isinstance(value, float)
    assert 0.5 < value < 0.55          # seat 0 is favoured (recomputed below, not here)
    assert table_error() < 1e-12


@pytest.mark.parametrize("placed", [9, 8])
def test_shipped_table_recomputed_on_the_last_two_turns(placed):
    """Random boards of the last two turns: the table's float64 value against the exact
    pure-Python solve from the final totals (duel_board_value is exact there)."""
    from swkit.odds.duel import _float_value
    rng = random.Random(placed)
    game = ExactGame(FULL)
    bound = table_error()
    for _ in range(40 if placed == 9 else 8):
        board = random_board(rng, FULL, placed)
        exact = duel_board_value(board)
        assert isinstance(exact, Fraction)
        assert exact == game.value(board.codes)
        assert abs(Fraction(_float_value(FULL, tuple(sorted(board.codes)))) - exact) <= bound


def test_shipped_table_recomputed_three_turns_from_the_end():
    """A few boards with three turns to go, recomputed exactly (each takes 0.03 s)."""
    from swkit.odds.duel import _float_value
    rng = random.Random(7)
    game = ExactGame(FULL)
    for _ in range(5):
        board = random_board(rng, FULL, 7)
        exact = game.value(board.codes)
        assert abs(Fraction(_float_value(FULL, tuple(sorted(board.codes)))) - exact) \
            <= table_error()


@pytest.mark.slow
@pytest.mark.parametrize("placed", [6, 5, 4])
def test_shipped_table_recomputed_earlier_in_the_game(placed):
    """Boards with 4 to 6 turns to go, recomputed exactly in pure Python (about 0.1, 0.4 and
    2 s of CPU each). CI never starts the full solve: bench/duel.py compares a fresh one with
    the table."""
    from swkit.odds.duel import _float_value
    rng = random.Random(placed)
    game = ExactGame(FULL)
    for _ in range(2):
        board = random_board(rng, FULL, placed)
        exact = game.value(board.codes)
        assert abs(Fraction(_float_value(FULL, tuple(sorted(board.codes)))) - exact) \
            <= table_error()


def test_the_table_reads_without_numpy():
    """The reader, the options and the bot use the standard library only."""
    code = ("import sys; sys.modules['numpy'] = None\n"
            "from swkit.odds.duel import duel_value, duel_options\n"
            "v = duel_value()\n"
            "o = duel_options('Mickey:3 / Minnie:5', 'Mickey Mickey C Goofy Pluto', 1)\n"
            "print(round(v, 6), o[0].describe())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == f"{duel_value():.6f}".rstrip("0")


# --------------------------------------------------------------------------------------------
# the options of a position


def test_options_shape_on_the_full_board():
    opts = duel_options("Mickey:3,Goofy:0 / Minnie:5", "Mickey Mickey C Goofy Pluto", 1)
    scores = [o for o in opts if o.reroll == 0]
    keeps = [o for o in opts if o.reroll > 0]
    # seat 1 (one token) moves: 4 characters left for it, every distinct keep but all five
    assert sorted(o.score for o in scores) == ["Donald", "Goofy", "Mickey", "Pluto"]
    assert len(keeps) == 3 * 2 * 2 * 2 - 1
    assert all(0 <= o.value <= 1 for o in opts)
    tol = table_error()
    assert all(a.value >= b.value - tol for a, b in zip(opts, opts[1:], strict=False))
    for a, b in zip(opts, opts[1:], strict=False):   # near-equal floats are tied: rule order
        if abs(a.value - b.value) <= tol:
            assert a.reroll <= b.reroll
    with_none = duel_options("Mickey:3,Goofy:0 / Minnie:5", "Mickey Mickey C Goofy Pluto", 0)
    assert all(o.reroll == 0 for o in with_none)
    assert {o.score: o.value for o in with_none} == {o.score: o.value for o in scores}


def test_last_turn_options_are_exact_and_agree_with_the_totals():
    """Seat 1's last turn: a 4-point lead is safe after any score, the options say so exactly."""
    board = "Mickey:0,Minnie:0,Donald:0,Goofy:0,Pluto:0 / Mickey:1,Minnie:1,Donald:1,Goofy:1"
    opts = duel_options(board, "Mickey Mickey Mickey Minnie Donald", 2)
    assert all(o.value == 1 for o in opts)
    assert isinstance(opts[0].value, Fraction)
    assert duel_board_value(board) == 0


def test_the_value_before_a_roll_is_the_average_of_the_best_options():
    """duel_board_value = the expectation over the first roll of the best option (a small
    model, exact): the two public answers are consistent."""
    model = DiceModel(n=2, characters=2)
    oracle = oracle_for((2, 2, 1, 3))
    board = DuelBoard.parse("Mickey:1 /", model)
    total = Fraction(0)
    seqs = oracle.sequences(2)
    for dice in seqs:
        counts = tuple(dice.count(i) for i in range(3))
        total += duel_options(board, counts, 2, model)[0].value
    assert 1 - total / len(seqs) == duel_board_value(board, model)   # seat 1 moves


def test_push_left_and_a_shared_tie_on_the_last_roll():
    """Seat 1's last character is Goofy, one point behind (15 to 14); seat 0 holds Goofy's 3
    space. Three Goofys are pushed to the 2 space: 16, a win. One Goofy: 15-15, a tie,
    shared (RULES.md §B5). No Goofy: a loss."""
    board = "Mickey:5,Minnie:2,Donald:1,Goofy:3,Pluto:4 / Mickey:4,Minnie:5,Donald:3,Pluto:2"
    for dice, value in [("Goofy Goofy Goofy Minnie Minnie", 1),
                        ("Minnie Minnie Minnie Minnie Goofy", Fraction(1, 2)),
                        ("Minnie Minnie Minnie Minnie Pluto", 0)]:
        opts = duel_options(board, dice, 0)
        assert [o.score for o in opts] == ["Goofy"]
        assert opts[0].value == value


# --------------------------------------------------------------------------------------------
# boards: notation and errors


def test_board_notation_round_trips():
    for text in ["", "Mickey:3", "Mickey:3,Goofy:0 / Minnie:5", "Mickey:0 / Mickey:0",
                 "Mickey:5,Minnie:4 / Mickey:4,Minnie:5"]:
        board = DuelBoard.parse(text)
        assert DuelBoard.parse(board.text()) == board
    assert DuelBoard.parse("/") == DuelBoard.parse("") == DuelBoard.empty()
    assert DuelBoard.parse("mick:3, g:0 /min:5") == DuelBoard.parse("Mickey:3,Goofy:0 / Minnie:5")


@pytest.mark.parametrize("text, error, words", [
    ("Mickey:3 / Minnie:5 / Goofy:1", NotationError, "'/'"),
    ("Mickey3", NotationError, "NAME:SPACE"),
    ("Mickey:x", NotationError, "whole number"),
    ("Mickey:6", ConfigurationError, "0 (the Picture Column) to 5"),
    ("Mickey:3,Mickey:2 / Minnie:1", NotationError, "listed twice"),
    ("Mickey:3 / Mickey:3", ConfigurationError, "holds one token"),
    ("/ Minnie:3", ConfigurationError, "as many tokens as seat 1 or one more"),
    ("Mickey:1,Minnie:1 /", ConfigurationError, "as many tokens as seat 1 or one more"),
    ("Zorro:1", NotationError, "Zorro"),
])
def test_bad_boards_are_refused_clearly(text, error, words):
    with pytest.raises(error, match=None) as info:
        DuelBoard.parse(text)
    assert words in str(info.value)


def test_bad_models_and_positions_are_refused():
    with pytest.raises(ConfigurationError, match="at most 5 dice and 5 characters"):
        duel_value(DiceModel(n=6))
    with pytest.raises(ConfigurationError, match="at most 5 dice and 5 characters"):
        duel_value(DiceModel(characters=6, wilds=0))
    full = "Mickey:0,Minnie:0,Donald:0,Goofy:0,Pluto:0 / Mickey:1,Minnie:1,Donald:1,Goofy:1,Pluto:1"
    with pytest.raises(ConfigurationError, match="game is over"):
        duel_options(full, "Mickey Mickey Mickey Minnie Donald", 2)
    assert duel_board_value(full) == 0
    with pytest.raises(ConfigurationError, match="rolls left must be from 0 to 2"):
        duel_options("", "Mickey Mickey Mickey Minnie Donald", 3)
    with pytest.raises(NotationError, match="exactly 5 dice"):
        duel_options("", "Mickey Mickey", 2)
    with pytest.raises(ConfigurationError, match="rows"):
        duel_options(DuelBoard.empty(DiceModel(characters=3)), "Mickey Mickey C Goofy Pluto")


def test_a_scoreboard_is_a_board():
    game = DiceGame(players=2, seed=4)
    for _ in range(3):
        game.apply_chance()
        game.apply(f"score {game.board.unscored(game.seat)[0]}")
    board = DuelBoard.from_scoreboard(game.board)
    assert board.mover == 1 and board.tokens == (2, 1)
    assert board.totals == game.board.totals()
    with pytest.raises(ConfigurationError, match="2 players"):
        DuelBoard.from_scoreboard(DiceGame(players=3).board)


# --------------------------------------------------------------------------------------------
# WinBot


def test_winbot_plays_whole_games_with_the_best_option():
    for seed in range(2):
        game = DiceGame(players=2, seed=seed)
        bots = [WinBot(0, seed), GreedyBot(1, seed)] if seed else [WinBot(0, seed),
                                                                   WinBot(1, seed)]
        while not game.is_terminal():
            seat = game.current_player()
            if seat < 0:
                game.apply_chance()
                continue
            action = bots[seat].choose(game)
            if isinstance(bots[seat], WinBot):
                best = duel_options(game.board, game.multiset(), 3 - game.roll_number)[0]
                assert str(action) == (f"score {best.score}" if best.reroll == 0 else
                                       "keep " + (" ".join(best.keep) or "nothing"))
            game.apply(action)
        assert game.board.tokens_placed(0) == game.board.tokens_placed(1) == 5


def test_winbot_refuses_other_games():
    with pytest.raises(ConfigurationError, match="two-player game only"):
        game = DiceGame(players=3, seed=1)
        game.apply_chance()
        WinBot(0, 1).choose(game)
    with pytest.raises(ConfigurationError, match="5 turns each"):
        game = DiceGame(players=2, seed=1, turns=3)
        game.apply_chance()
        WinBot(0, 1).choose(game)
    game = DiceGame(players=2, seed=1)
    game.apply_chance()
    with pytest.raises(IllegalActionError, match="not player 1's move"):
        WinBot(1, 1).choose(game)


def test_winbot_with_renamed_characters():
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    game = DiceGame(players=2, seed=3, characters=names)
    bot = WinBot(0, 3)
    game.apply_chance()
    action = bot.choose(game)
    game.apply(action)
    assert str(action).split()[0] in ("keep", "score")


@pytest.mark.parametrize("placed", [0, 3, 6])
def test_float_options_average_to_the_table_value(placed):
    """Early in the full game the options are floats (the pure-Python turn on the table's
    values): their best, averaged over the first roll, is the table's value of the board
    (the numpy solve's), within the bound."""
    from swkit.odds.dice import multiset_weight
    from swkit.odds.duel.core import turn_tables
    board = random_board(random.Random(placed), FULL, placed)
    tables = turn_tables(5, 5, 1)
    total = 0.0
    for s in tables.states:
        counts = tables.keeps[s]
        best = duel_options(board, counts, 2)[0]
        assert isinstance(best.value, float)
        total += best.value * multiset_weight(counts, FULL.face_weights) / 6 ** 5
    seat0 = total if board.mover == 0 else 1 - total
    assert abs(seat0 - duel_board_value(board)) <= 2 * table_error()


@pytest.mark.slow
def test_the_wheel_ships_the_table(tmp_path):
    """The built wheel holds the table, byte for byte (package data of swkit.odds.duel)."""
    import shutil
    import zipfile
    from pathlib import Path

    from swkit.odds.duel.table import shipped_path
    root = Path(__file__).resolve().parent.parent
    tree = tmp_path / "tree"
    shutil.copytree(root, tree, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis"))
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir",
                    str(tmp_path / "dist"), str(tree)], check=True, capture_output=True)
    wheel = next((tmp_path / "dist").glob("swkit-*.whl"))
    name = "swkit/odds/duel/data/" + shipped_path(5, 5, 1, 3).name
    with zipfile.ZipFile(wheel) as zf:
        assert zf.read(name) == shipped_path(5, 5, 1, 3).read_bytes()


def test_a_model_without_a_table_is_solved_with_numpy_on_first_use():
    """4 dice, 3 characters: not small (floats), no table: the numpy solve, within its bound
    of the exact value."""
    pytest.importorskip("numpy")
    from swkit.odds.duel.batch import error_bound
    model = DiceModel(n=4, characters=3)
    value = duel_value(model)
    assert isinstance(value, float)
    exact = ExactGame(model).value((0, 0, 0))
    assert abs(Fraction(value) - exact) <= error_bound(model) == table_error(model)


def test_a_missing_shipped_table_is_an_error_not_a_solve(monkeypatch, tmp_path):
    """Lessons and CI never start the full solve: without its file the table is refused with
    the command that builds it."""
    import swkit.odds.duel as duel
    import swkit.odds.duel.table as table
    monkeypatch.setattr(table, "shipped_path", lambda *spec: tmp_path / "none.bin")
    duel._table.cache_clear()
    try:
        with pytest.raises(ConfigurationError, match="python -m swkit.odds.duel build"):
            duel._table(FULL)
    finally:
        duel._table.cache_clear()


def test_symmetric_options_are_tied_and_ranked_by_the_rule():
    """On the empty board every character is alike: keeping one Mickey or one Minnie has the
    same chance (equal up to the float error), and tied options come score choices first,
    then fewer dice rerolled, then the listed order."""
    opts = duel_options("", "Mickey Minnie Donald Goofy Pluto", 2)
    singles = {o.keep[0]: o.value for o in opts if o.reroll == 4}
    assert len(singles) == 5
    assert max(singles.values()) - min(singles.values()) <= table_error()
    ranks = [i for i, o in enumerate(opts) if o.reroll == 4]
    assert ranks == list(range(ranks[0], ranks[0] + 5))          # one tied group, together
    assert [opts[i].keep[0] for i in ranks] == ["Mickey", "Minnie", "Donald", "Goofy", "Pluto"]


def test_the_build_command_writes_a_table_that_reads_back(tmp_path, capsys):
    """`python -m swkit.odds.duel build` on a small model: the file reads back (standard
    library) with every board before the end, values within the bound of the exact ones."""
    pytest.importorskip("numpy")
    from swkit.odds.duel.__main__ import main
    from swkit.odds.duel.table import read_table
    out = tmp_path / "t.bin"
    assert main(["build", "--dice", "2", "--characters", "2", "--out", str(out)]) == 0
    assert "boards" in capsys.readouterr().out
    table = read_table(out)
    model = DiceModel(n=2, characters=2)
    game = ExactGame(model)
    boards = [b for m in range(4) for b in level_boards(2, m)]
    assert list(table.keys) == sorted(board_key(b) for b in boards)
    for b in boards:
        assert abs(Fraction(table.get(board_key(b))) - game.value(b)) <= table.error
    assert table.get(board_key(level_boards(2, 4)[0])) is None      # final boards: not stored
    with pytest.raises(SystemExit):
        main(["build", "--dice", "6", "--out", str(out)])
    assert "argument --dice: must be from 1 to 5, got 6" in capsys.readouterr().err
    # a number it cannot read is named with its option and the accepted form (kit's argparse
    # types, swkit.argtypes), not argparse's "invalid int value"
    for bad in ("x", "0", "+", "٣"):
        with pytest.raises(SystemExit):
            main(["build", "--dice", bad, "--out", str(out)])
        err = capsys.readouterr().err
        assert "argument --dice: must be" in err and "1 to" in err and "invalid int" not in err
    out.write_bytes(b"nonsense")
    with pytest.raises(ConfigurationError, match="not a swkit duel table"):
        read_table(out)


def test_the_build_command_refuses_a_bad_out_in_one_line(tmp_path, capsys):
    """fuzz 13: --out "" wrote into the package's data folder, a folder or a name too long
    ended in a traceback, a failed write left a cut file, and --dic was taken as --dice."""
    pytest.importorskip("numpy")
    from swkit.odds.duel.__main__ import main
    small = ["build", "--dice", "1", "--characters", "1", "--wilds", "0", "--rolls", "1"]
    for out in ("", "  ", str(tmp_path)):
        with pytest.raises(SystemExit) as info:
            main(small + ["--out", out])
        assert info.value.code == 2
        assert "argument --out: a file name to write" in capsys.readouterr().err
    for out in (tmp_path / ("x" * 300), tmp_path / "f" / "t.bin"):
        if out.name == "t.bin":
            (tmp_path / "f").write_text("a file, not a folder")
        assert main(small + ["--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("python -m swkit.odds.duel build: error: cannot write ") and \
            err.count("\n") == 1 and "Traceback" not in err, err
    kept = tmp_path / "kept.bin"
    kept.write_bytes(b"old table")
    (tmp_path / "link.bin").symlink_to(kept)
    assert main(small + ["--out", str(tmp_path / "link.bin")]) == 0
    assert kept.read_bytes() == b"old table"            # a symlink is replaced, not written through
    assert not list(tmp_path.glob(".*partial"))
    with pytest.raises(SystemExit):
        main(small + ["--dic", "2", "--out", str(tmp_path / "t.bin")])
    assert "unrecognized arguments: --dic" in capsys.readouterr().err


def test_a_renamed_scoreboard_names_the_options():
    names = ("Ann", "Bob", "Cat", "Dan", "Eve")
    game = DiceGame(players=2, seed=3, characters=names)
    opts = duel_options(game.board, "Ann Ann C Bob Cat", 2)
    assert {o.score for o in opts if o.reroll == 0} == set(names)
    assert any(o.keep == ("Ann", "Ann", "Clubhouse") for o in opts)
    same = duel_options("", "Mickey Mickey C Minnie Donald", 2)
    assert [o.value for o in opts] == [o.value for o in same]
