"""The state API of Clubhouse dice (swkit.state contract, RULES.md §B), bots and play records."""

from __future__ import annotations

import doctest
import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

import swkit.dice.game
from swkit.dice.bots import GreedyBot, RandomBot, bot_from_dict
from swkit.dice.bots import make_bot as old_make_bot
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.game import (
    CHANCE,
    TERMINAL,
    Action,
    DiceGame,
    die_faces,
    roll_outcomes,
    sort_faces,
)
from swkit.dice.play import format_transcript, play_game
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.runner import make_bot
from swkit.state import Outcome


def bot_game(players: int, seed: int, bots: tuple[str, ...] = ("greedy",)) -> DiceGame:
    """Play a whole game with bots (one name for all seats, or one per seat)."""
    names = bots * players if len(bots) == 1 else bots
    game = DiceGame(players, seed)
    seats = [make_bot("dice", n, s, seed) for s, n in enumerate(names)]
    while game.current_player() != TERMINAL:
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(seats[game.current_player()].choose(game))
    return game


# -- chance ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(6))
def test_b3_roll_outcomes_match_brute_force(k: int) -> None:
    """RULES.md §B3 / DESIGN.md: multiset probabilities equal counting all 6**k sequences."""
    faces = die_faces()
    brute = Counter(sort_faces(seq) for seq in itertools.product(faces, repeat=k))
    exact = dict(roll_outcomes(k))
    assert exact == {m: Fraction(n, 6**k) for m, n in brute.items()}
    assert sum(exact.values()) == 1
    assert len(exact) == {0: 1, 1: 6, 2: 21, 3: 56, 4: 126, 5: 252}[k]


@pytest.mark.parametrize("keep", ["keep nothing", "keep Mickey", "keep Mickey Mickey C",
                                  "keep Mickey Mickey Goofy C"])
def test_b3_chance_outcomes_of_a_reroll(keep: str) -> None:
    """RULES.md §B3: chance_outcomes after a keep are the rerolled dice's multisets, sorted,
    with exact probabilities summing to 1."""
    game = DiceGame(players=2, seed=0)
    assert game.chance_outcomes() == roll_outcomes(5)
    game.apply_chance("Mickey Mickey Goofy C Pluto")
    with pytest.raises(IllegalActionError, match="no roll is pending"):
        game.chance_outcomes()
    game.apply(keep)
    outcomes = game.chance_outcomes()
    k = game.rerolling()
    assert outcomes == roll_outcomes(k)
    assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) for _, p in outcomes)
    assert [o for o, _ in outcomes] == sorted((o for o, _ in outcomes),
                                              key=lambda o: [die_faces().index(f) for f in o])
    assert all(len(o) == k for o, _ in outcomes)


def test_b3_sampled_rolls_follow_the_chance_outcomes() -> None:
    """RULES.md §B3: sampled first rolls show Clubhouses with the binomial frequencies."""
    counts: Counter[int] = Counter()
    n = 6000
    for seed in range(n):
        game = DiceGame(players=1, seed=seed)
        game.apply_chance()
        counts[game.dice.count(CLUBHOUSE)] += 1
    # exact P(0 Clubhouses) = (5/6)**5 ~ 0.402
    assert abs(counts[0] / n - (5 / 6) ** 5) < 0.03


def test_apply_chance_errors_leave_state_unchanged() -> None:
    """RULES.md §B3: a forced roll with the wrong number of faces, or at a decision, is refused."""
    game = DiceGame(players=2, seed=0)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="throws 5 dice, but 2"):
        game.apply_chance("Mickey Goofy")
    with pytest.raises(NotationError, match="'Daisy'"):
        game.apply_chance("Mickey Goofy Daisy C C")
    assert game.to_json() == before
    game.apply_chance()
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="must keep dice or score"):
        game.apply_chance()
    assert game.to_json() == before


# -- actions and their errors ---------------------------------------------------------------------


def test_legal_actions_sorted_readable_and_parseable() -> None:
    """RULES.md §B3/§B4, swkit.state: legal actions are sorted, deterministic, and their strings
    parse back."""
    game = DiceGame(players=3, seed=8)
    game.apply_chance()
    actions = game.legal_actions()
    assert actions == sorted(actions)
    assert actions == game.legal_actions()
    assert len(set(actions)) == len(actions)
    for action in actions:
        assert game.parse_action(str(action)) == action
    assert str(actions[0]) == "keep nothing"
    assert [str(a) for a in actions if a.kind == "score"] == [
        "score Mickey", "score Minnie", "score Donald", "score Goofy", "score Pluto"]


def test_action_strings() -> None:
    """RULES.md §B1/§B3, swkit.state: readable strings; keeps are multisets in canonical order
    (Clubhouse last)."""
    game = DiceGame(players=1)
    game.apply_chance("C Mickey Goofy Mickey Pluto")
    assert str(game.parse_action("keep c mick MICKEY")) == "keep Mickey Mickey Clubhouse"
    assert str(game.parse_action("reroll goofy pluto")) == "keep Mickey Mickey Clubhouse"
    assert str(game.parse_action("reroll all")) == "keep nothing"
    assert str(game.parse_action("keep")) == "keep nothing"
    assert str(game.parse_action("score g")) == "score Goofy"
    assert repr(game.parse_action("score g")) == "Action('score Goofy')"
    with pytest.raises(NotationError, match="unknown action"):
        game.parse_action("stop")
    with pytest.raises(NotationError, match="one character"):
        game.parse_action("score Goofy Pluto")


ILLEGAL = [
    ("keep Goofy Goofy", r"show 1 Goofy.*§B3"),
    ("keep Donald", r"show 0 Donald.*§B3"),
    ("reroll Donald", r"show 0 Donald.*§B3"),
    ("keep Mickey Mickey Goofy Pluto C", r"all five.*§B3"),
    ("score Clubhouse", r"wild.*§B4"),
    ("score Mickey", r"already scored Mickey.*the 5 space.*§B4"),
    ("score Daisy", r"unknown die face 'Daisy'"),
    ("jump", r"unknown action 'jump'"),
]


@pytest.mark.parametrize(("text", "why"), ILLEGAL)
def test_illegal_actions_explained_and_state_unchanged(text: str, why: str) -> None:
    """swkit.state / RULES.md §B3, §B4: an illegal action raises an error that says why and
    names the section; the state is unchanged."""
    game = DiceGame(players=1, seed=4)
    game.apply_chance("Mickey Mickey Mickey Mickey Mickey")
    game.apply("score Mickey")
    game.apply_chance("Mickey Mickey Goofy C Pluto")
    before = game.to_json()
    with pytest.raises((IllegalActionError, NotationError), match=why):
        game.apply(text)
    assert game.to_json() == before


def test_apply_at_chance_and_terminal_nodes_is_refused() -> None:
    """RULES.md §B3/§B5, swkit.state: no player action at a chance node or after the end."""
    game = DiceGame(players=1, seed=0, turns=1)
    with pytest.raises(IllegalActionError, match="rolled first.*§B3"):
        game.apply("score Mickey")
    assert game.legal_actions() == []
    game.apply_chance()
    game.apply("score Mickey")
    assert game.current_player() == TERMINAL and game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply("score Goofy")
    with pytest.raises(IllegalActionError, match="game is over"):
        game.apply_chance()
    with pytest.raises(IllegalActionError, match="no action or roll"):
        DiceGame().undo()


def test_action_objects_are_accepted() -> None:
    """RULES.md §B3/§B4, swkit.state: apply accepts the Action or its string alike."""
    a, b = DiceGame(players=2, seed=3), DiceGame(players=2, seed=3)
    a.apply_chance()
    b.apply_chance()
    for action in a.legal_actions():
        if action.kind == "keep":
            continue
        x, y = a.copy(), b.copy()
        x.apply(action)
        y.apply(str(action))
        assert x == y
    assert isinstance(a.legal_actions()[0], Action)


# -- replay, JSON, undo ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seed_replays_a_whole_game(players: int) -> None:
    """RULES.md §B3 decision, swkit.state: the same seed and bots replay a whole game, byte for
    byte."""
    a = bot_game(players, 77, ("random",))
    b = bot_game(players, 77, ("random",))
    assert a == b and a.to_json() == b.to_json()
    assert bot_game(players, 78, ("random",)) != a
    assert play_game(players, 5) == play_game(players, 5)


def test_replay_independent_of_pythonhashseed() -> None:
    """RULES.md §B3 decision, swkit.state: a seed replays the same game, any PYTHONHASHSEED."""
    code = ("import json; from swkit.dice.play import play_game, format_transcript; "
            "r = play_game(3, 11, ('random', 'greedy', 'greedy')); "
            "print(json.dumps(r)); print(format_transcript(r))")
    outputs = set()
    for hashseed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_json_round_trip_at_every_step() -> None:
    """RULES.md §B, swkit.state: to_json/from_json round-trip a game in progress, RNG included; the
    copy then plays on exactly like the original."""
    game = DiceGame(players=3, seed=21)
    bots = [GreedyBot(s, 21) for s in range(3)]
    steps = 0
    while game.current_player() != TERMINAL:
        copy = DiceGame.from_json(game.to_json())
        assert copy == game and copy.to_json() == game.to_json()
        if game.current_player() == CHANCE:
            game.apply_chance()
            copy.apply_chance()
        else:
            action = bots[game.current_player()].choose(game)
            game.apply(action)
            copy.apply(action)
        assert copy == game
        steps += 1
    assert DiceGame.from_json(game.to_json()).outcome() == game.outcome()
    assert steps > 12


def test_from_json_rejects_other_data() -> None:
    """RULES.md §B, swkit.state: from_json refuses what is not a dice state."""
    with pytest.raises(ConfigurationError, match="not a Clubhouse dice state"):
        DiceGame.from_json('{"game": "cards"}')
    data = json.loads(DiceGame().to_json())
    data["dice"] = ["Daisy"] * 5
    with pytest.raises(ConfigurationError, match="not a valid"):
        DiceGame.from_json(json.dumps(data))


def test_undo_takes_back_actions_and_rolls() -> None:
    """RULES.md §B3, swkit.state: undo takes back the last step, stream included, so the same roll
    comes again; history replays the game."""
    game = DiceGame(players=2, seed=31)
    bots = [RandomBot(s, 31) for s in range(2)]
    snapshots = []
    while game.current_player() != TERMINAL:
        snapshots.append(game.to_json())
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[game.current_player()].choose(game))
    final = game.to_json()
    assert DiceGame.replay(game.history, 2, 31).to_json() == final
    for snapshot in reversed(snapshots[-8:]):
        game.undo()
        assert game.to_json() == snapshot
    game.apply_chance()
    again = DiceGame.from_json(snapshots[-8])
    again.apply_chance()
    assert game == again


def test_forced_steps_replay_and_undo() -> None:
    """RULES.md §B3, swkit.state: forced chance outcomes are recorded as forced and replayed as
    such."""
    game = DiceGame(players=1, seed=0, turns=1)
    game.apply_chance("Goofy Goofy C Pluto Mickey")
    game.apply("keep Goofy Goofy C")
    game.apply_chance()
    assert [s.sampled for s in game.history] == [False, False, True]
    assert game.history[0].value == ("Mickey", "Goofy", "Goofy", "Pluto", CLUBHOUSE)
    dice = game.dice
    game.undo()
    assert game.rerolling() == 2
    game.apply_chance()
    assert game.dice == dice


def test_view_is_public_but_hides_the_stream() -> None:
    """RULES.md §B: every part of the dice game is public; the view leaves out the random
    stream (future rolls)."""
    game = DiceGame(players=2, seed=0)
    game.apply_chance()
    view = game.view(1).to_dict()
    assert view["dice"] == list(game.dice) and view["player"] == 1 and view["to_move"] == 0
    assert "rng" not in view and json.loads(json.dumps(view)) == view
    with pytest.raises(ValueError, match="seats are 0..1"):
        game.view(2)


def test_outcome_type() -> None:
    """RULES.md §B5, swkit.state: outcome() is None until the end, then an Outcome with points per
    seat."""
    game = bot_game(2, 3)
    result = game.outcome()
    assert isinstance(result, Outcome)
    assert result.scores == game.board.totals()
    assert DiceGame().outcome() is None


# -- bots and play records ------------------------------------------------------------------------


def test_greedy_bot_beats_random_bot_on_mean_total() -> None:
    """RULES.md §B: GreedyBot has a higher mean total than RandomBot."""
    greedy = [bot_game(1, s, ("greedy",)).board.total(0) for s in range(150)]
    random_ = [bot_game(1, s, ("random",)).board.total(0) for s in range(150)]
    assert sum(greedy) / 150 > sum(random_) / 150 + 3


@pytest.mark.slow
def test_greedy_bot_beats_random_bot_head_to_head() -> None:
    """RULES.md §B: in 500 two-player games, seats swapped, greedy's mean total is
    higher and it wins most games."""
    greedy_points = random_points = greedy_wins = 0
    for seed in range(250):
        for bots, g in ((("greedy", "random"), 0), (("random", "greedy"), 1)):
            game = bot_game(2, seed, bots)
            greedy_points += game.board.total(g)
            random_points += game.board.total(1 - g)
            greedy_wins += game.outcome().winners == (g,)
    assert greedy_points > random_points
    assert greedy_wins > 350


def test_bots_must_be_on_move_and_named() -> None:
    """Bots refuse to move for another seat; unknown bot names are refused."""
    game = DiceGame(players=2, seed=0)
    game.apply_chance()
    with pytest.raises(IllegalActionError, match="not player 1's move"):
        GreedyBot(1, 0).choose(game)
    with pytest.warns(DeprecationWarning, match="swkit.runner.make_bot"), \
            pytest.raises(ConfigurationError, match="greedy, random"):
        old_make_bot("clever", 0)
    with pytest.raises(ConfigurationError, match="greedy, random"):
        make_bot("dice", "clever", 0)


def test_the_old_dice_make_bot_warns_and_builds_the_same_bot() -> None:
    """``swkit.dice.bots.make_bot(name, seat, seed)`` is kept as a deprecated alias."""
    with pytest.warns(DeprecationWarning, match="swkit.runner.make_bot"):
        old = old_make_bot("Random", 1, 9)
    new = make_bot("dice", "random", 1, 9)
    assert type(old) is type(new) is RandomBot and old.seat == new.seat == 1
    assert old.rng.getstate() == new.rng.getstate()


def test_greedy_bot_choices() -> None:
    """RULES.md §B3/§B4: GreedyBot keeps its best character plus Clubhouses, stops at the best
    reachable space, and scores the best available space."""
    game = DiceGame(players=2, seed=0)
    bot = GreedyBot(0, 0)
    game.apply_chance("Goofy Goofy Goofy C Pluto")
    assert str(bot.choose(game)) == "keep Goofy Goofy Goofy Clubhouse"
    game.apply("keep Goofy Goofy Goofy C")
    game.apply_chance("Goofy")
    assert str(bot.choose(game)) == "score Goofy"  # five of a kind: stop
    game.apply("score Goofy")
    game.apply_chance("Goofy Goofy Goofy C Pluto")
    # Goofy's 5 is taken: a count of 4 already reaches the best space left in that row.
    assert str(GreedyBot(1, 0).choose(game)) == "score Goofy"
    game.apply("keep nothing")
    game.apply_chance("Pluto Pluto Minnie Minnie Donald")
    # Minnie and Pluto tie (2 each, row open): the first in sorted order is kept.
    assert str(GreedyBot(1, 0).choose(game)) == "keep Minnie Minnie"


def test_play_game_record() -> None:
    """RULES.md §B2-§B5: play_game gives a JSON-ready record with winner, scores and the
    full turns."""
    record = play_game(3, 7, ("greedy", "random", "greedy"))
    assert json.loads(json.dumps(record)) == record
    assert record["bots"] == ["greedy", "random", "greedy"]
    assert len(record["turns"]) == 3 * 4
    assert record["scores"] == record["turns"][-1]["totals"]
    for turn in record["turns"]:
        assert 1 <= len(turn["rolls"]) <= 3
        assert all(r["keep"] is not None for r in turn["rolls"][:-1])
        assert turn["rolls"][-1]["keep"] is None
        assert 0 <= turn["score"]["space"] <= turn["score"]["count"]
    assert record["winner"] in (0, 1, 2, None)
    text = format_transcript(record)
    assert "Roll 1:" in text and "Final standings:" in text and "Score " in text
    assert ("Winner: seat" in text) or ("sharing the win" in text)
    assert text == format_transcript(play_game(3, 7, ("greedy", "random", "greedy")))
    with pytest.raises(ConfigurationError, match="one bot name or one per player"):
        play_game(3, 7, ("greedy", "random"))
    with pytest.raises(ConfigurationError, match="1 to 4 players"):
        play_game(9, 7)


def test_play_game_tie_break_record() -> None:
    """RULES.md §B5: a game ending in a tie records and prints the roll-off."""
    for seed in range(400):
        record = play_game(2, seed, ("random",))
        if record["tiebreak"]:
            break
    else:  # pragma: no cover - ties are common enough
        pytest.fail("no tie in 400 games")
    text = format_transcript(record)
    assert "Clubhouse roll-off, round 1:" in text
    assert record["winner"] is not None and record["scores"][0] == record["scores"][1]


def test_bot_state_round_trip() -> None:
    """swkit.state: a bot's stream travels in JSON, so a saved game resumes with its bots."""
    game = DiceGame(players=2, seed=12)
    bots = [RandomBot(0, 12), RandomBot(1, 12)]
    for _ in range(9):
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[game.current_player()].choose(game))
    saved = json.dumps([game.to_dict(), [b.to_dict() for b in bots]])
    game_data, bot_data = json.loads(saved)
    copy, copy_bots = DiceGame.from_json(game_data), [bot_from_dict(b) for b in bot_data]
    for g, b in ((game, bots), (copy, copy_bots)):
        while g.current_player() != TERMINAL:
            if g.current_player() == CHANCE:
                g.apply_chance()
            else:
                g.apply(b[g.current_player()].choose(g))
    assert copy == game


def test_game_doctests() -> None:
    """RULES.md §B3: the examples in swkit.dice.game's docstrings run."""
    assert doctest.testmod(swkit.dice.game).failed == 0
