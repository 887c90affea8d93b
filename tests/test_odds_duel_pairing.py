"""The exact value of a pairing of fixed policies (swkit.odds.duel.pairing).

Checked against a brute-force game tree written here (ordered dice, every face of every die
enumerated, the board as a dict of places, push-left from the rules' own ``space_for``), the
policies against the bots' own ``choose`` at every decision of whole games, and a small seeded
tournament against the solve's exact value.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from swkit.dice.scoring import TOP_SPACE, space_for
from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel
from swkit.odds.duel import DuelBoard, duel_board_value, duel_value
from swkit.odds.duel.core import ROWS, tokens
from swkit.odds.duel.pairing import (
    DONE,
    POLICIES,
    pairing_state,
    pairing_state_counts,
    pairing_value,
)

SMALL = DiceModel(n=2, characters=2)


def brute_force(model: DiceModel, names: tuple[str, str]) -> Fraction:
    """Seat 0's P(win) + 1/2 P(tie) by walking the game tree: each roll is every ordered
    sequence of faces (F ** m, equally likely), each player's choice from its policy."""
    c = model.characters
    faces = list(range(c)) + [c] * model.wilds   # a character's index, or c: the Clubhouse
    pols = [POLICIES[n] for n in names]
    seen: dict[tuple[tuple[int, int], ...], Fraction] = {}

    def counts(dice: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(dice.count(j) for j in range(c + 1))

    def board_value(places: tuple[tuple[int, int], ...]) -> Fraction:
        if places in seen:
            return seen[places]
        a = sum(p[0] != -1 for p in places)
        b = sum(p[1] != -1 for p in places)
        if a == b == c:
            t0 = sum(max(p[0], 0) for p in places)
            t1 = sum(max(p[1], 0) for p in places)
            v = Fraction(1) if t0 > t1 else Fraction(1, 2) if t0 == t1 else Fraction(0)
        else:
            seat = 0 if a == b else 1
            board = DuelBoard(model.names, places)

            def play(kept: tuple[int, ...], left: int) -> Fraction:
                m = model.n - len(kept)
                total = Fraction(0)
                outs = list(product(faces, repeat=m))
                for out in outs:
                    dice = tuple(sorted(kept + out))
                    kind, arg = pols[seat](model, board, counts(dice), left)
                    if kind == "score":
                        other = places[arg][1 - seat]
                        x = min(dice.count(arg) + dice.count(c), TOP_SPACE)
                        space = space_for(x, {other} if other >= 1 else set())
                        row = (space, other) if seat == 0 else (other, space)
                        total += board_value(places[:arg] + (row,) + places[arg + 1:])
                    else:
                        keep = tuple(j for j in range(c + 1) for _ in range(arg[j]))
                        total += play(keep, left - 1)
                return total / len(outs)

            v = play((), model.rolls - 1)
        seen[places] = v
        return v

    return board_value(((-1, -1),) * c)


@pytest.mark.parametrize("names", [("win", "points"), ("points", "win"), ("win", "greedy"),
                                   ("greedy", "points"), ("greedy", "greedy")])
def test_pairing_matches_a_brute_force_game_tree(names: tuple[str, str]) -> None:
    assert pairing_value(list(names), SMALL) == brute_force(SMALL, names)


def test_pairing_on_three_dice_against_the_brute_force() -> None:
    model = DiceModel(n=3, characters=2, rolls=2)
    assert pairing_value(["win", "greedy"], model) == brute_force(model, ("win", "greedy"))


@pytest.mark.parametrize("model", [SMALL, DiceModel(n=3, characters=2),
                                   DiceModel(n=2, characters=3, rolls=2)])
def test_winbot_against_itself_is_the_solve(model: DiceModel) -> None:
    assert pairing_value(["win", "win"], model) == duel_value(model)


@pytest.mark.slow
def test_winbot_does_at_least_as_well_as_any_other_policy_against_the_same_opponent() -> None:
    model = DiceModel(n=2, characters=3, rolls=2)
    for other in ("points", "greedy"):
        assert pairing_value(["win", other], model) >= pairing_value(["points", other], model)
        assert pairing_value(["win", other], model) >= pairing_value(["greedy", other], model)


ALL_PAIRS = [(a, b) for a in POLICIES for b in POLICIES]


@pytest.mark.parametrize("names", ALL_PAIRS)
def test_values_by_state_are_the_values_by_labelled_board(names: tuple[str, str]) -> None:
    """Remembering values by pairing_state (finished rows folded into the points
    difference) gives the value of the labelled recursion, from fewer turns."""
    by_board: dict[int, int] = {}
    by_state: dict[int, int] = {}
    labelled = pairing_value(list(names), SMALL, by_state=False, visited=by_board)
    assert pairing_value(list(names), SMALL, visited=by_state) == labelled
    assert sum(by_state.values()) < sum(by_board.values())
    assert set(by_state) == set(range(2 * SMALL.characters))


def test_values_by_state_on_three_characters() -> None:
    model = DiceModel(n=2, characters=3, rolls=2)
    visited: dict[int, int] = {}
    value = pairing_value(["win", "points"], model, visited=visited)
    assert value == pairing_value(["win", "points"], model, by_state=False)
    counts = pairing_state_counts(3)
    assert all(visited[level] <= counts[level] for level in visited)


def test_a_relabelled_board_can_change_a_pairing_value() -> None:
    """Why the state keeps the board order: the bots break ties in row order, so the same
    board with its characters swapped is another game for them (not for the solve)."""
    board = DuelBoard(SMALL.names, ((2, -1), (-1, -1)))
    swapped = DuelBoard(SMALL.names, ((-1, -1), (2, -1)))
    assert duel_board_value(board, SMALL) == duel_board_value(swapped, SMALL)
    assert (pairing_value(["win", "greedy"], SMALL, board)
            != pairing_value(["win", "greedy"], SMALL, swapped))


def test_pairing_state_folds_finished_rows_into_the_difference() -> None:
    board = DuelBoard.parse("Mickey:3,Goofy:0 / Mickey:5,Minnie:2")
    rows, difference = pairing_state(board)
    assert rows[0] == DONE and difference == 3 - 5
    assert rows[1:] == board.rows[1:]


@pytest.mark.parametrize("characters", [1, 2, 3])
def test_pairing_state_counts_against_every_labelled_board(characters: int) -> None:
    model = DiceModel(n=2, characters=characters)
    found: dict[int, set[object]] = {}
    for rows in product(ROWS, repeat=characters):
        a, b = tokens([ROWS.index(r) for r in rows])
        if a in (b, b + 1):
            found.setdefault(a + b, set()).add(pairing_state(DuelBoard(model.names, rows)))
    assert pairing_state_counts(characters) == {lv: len(s) for lv, s in sorted(found.items())}
    with pytest.raises(ConfigurationError, match="1 to 5 characters"):
        pairing_state_counts(6)


def test_pairing_refuses_bad_policies() -> None:
    with pytest.raises(ConfigurationError, match="unknown policy 'best'"):
        pairing_value(["win", "best"], SMALL)
    with pytest.raises(ConfigurationError, match="2 policies"):
        pairing_value(["win"], SMALL)

    def cheat(model, board, dice, left):  # type: ignore[no-untyped-def]
        return ("score", 5)
    with pytest.raises(ConfigurationError, match="cheat scored row 5"):
        pairing_value([cheat, "win"], SMALL)


@pytest.mark.parametrize("bots", [("win", "points"), ("greedy", "win")])
def test_policies_choose_as_the_bots_do(bots: tuple[str, str]) -> None:
    """At every decision of whole games of Clubhouse dice, each policy's choice is the action
    its bot plays."""
    from swkit.dice.game import DiceGame
    from swkit.runner import make_bot
    from swkit.state import CHANCE, TERMINAL
    model = DiceModel()
    checked = 0
    for seed in range(3):
        game = DiceGame(2, seed)
        players = [make_bot("dice", b, s, seed) for s, b in enumerate(bots)]
        while (who := game.current_player()) != TERMINAL:
            if who == CHANCE:
                game.apply_chance()
                continue
            action = players[who].choose(game)
            board = DuelBoard.from_scoreboard(game.board)
            dice = model.counts(list(game.multiset()))
            kind, arg = POLICIES[bots[who]](model, board, dice, model.rolls - game.roll_number)
            text = (f"score {model.names[arg]}" if kind == "score"
                    else "keep " + (" ".join(model.faces_of(arg)) or "nothing"))
            assert game.parse_action(text) == action, (bots[who], board, dice)
            checked += 1
            game.apply(action)
    assert checked > 50


def test_a_seeded_tournament_of_winbot_against_itself_brackets_the_solve() -> None:
    """120 games of WinBot against WinBot: a fixed digest for the seed, and seat 0's 99%
    interval contains the exact value of the game (both players playing their best)."""
    from swkit.tournament import run_tournament
    result = run_tournament("dice", ["win", "win"], 120, seed=14, workers=1)
    seat0 = result.seat_win_rate[0]
    assert seat0.low <= float(duel_value()) <= seat0.high
    assert result.digest == DIGEST_WIN_WIN


def test_a_seeded_tournament_of_winbot_against_pointsbot() -> None:
    from swkit.tournament import run_tournament
    result = run_tournament("dice", ["win", "points"], 120, seed=14, workers=1)
    assert result.digest == DIGEST_WIN_POINTS
    assert sum(e.wins for e in result.entries) + result.entries[0].shared == 120


DIGEST_WIN_WIN = "73d94803e864ee08"
DIGEST_WIN_POINTS = "aa4ea67f32ebd8e9"
