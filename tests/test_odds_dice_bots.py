"""PointsBot and the dice bot registry (swkit.odds.dice_bots).

PointsBot's choices are checked against an independent brute force written here: an
expectimax over the game's own rule functions (``scoring.count``, ``Scoreboard.space_for``)
and labelled dice (every roll of m dice as one of 6**m equally likely sequences), sharing no
code with the odds engine's lumped states.
"""

from __future__ import annotations

import importlib.util
import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from swkit.cli import main
from swkit.cli.command import DICE_BOTS
from swkit.dice import scoring
from swkit.dice.bots import GreedyBot, RandomBot
from swkit.dice.game import CHANCE, MAX_ROLLS, TERMINAL, DiceGame, die_faces
from swkit.dice.play import play_game
from swkit.errors import ConfigurationError
from swkit.odds import dice_bots
from swkit.odds.dice import DiceModel, Objective, keep_options
from swkit.odds.dice_bots import (
    DICE_BOT_NAMES,
    PointsBot,
    available_dice_bots,
    bot_from_dict,
    dice_bot_factory,
    make_dice_bot,
)
from swkit.runner import make_bot


@cache
def _rolls(characters: tuple[str, ...], m: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every sorted outcome of m labelled dice with the number of sequences giving it."""
    faces = die_faces(characters)
    counter = Counter(tuple(sorted(seq)) for seq in itertools.product(faces, repeat=m))
    return tuple(counter.items())


def _brute(game: DiceGame):
    """The brute-force expected points this turn of every legal action of ``game`` (at a
    decision), as {action text: Fraction}, playing best afterwards (RULES.md §B3, §B4)."""
    seat = game.current_player()
    board = game.board
    unscored = board.unscored(seat)
    characters = game.characters

    def points(dice: tuple[str, ...], character: str) -> int:
        return board.space_for(character, scoring.count(dice, character))

    @cache
    def stop(dice: tuple[str, ...]) -> int:
        return max(points(dice, c) for c in unscored)

    @cache
    def keep_value(kept: tuple[str, ...], left: int) -> Fraction:
        m = len(dice_now) - len(kept)
        total = 6 ** m
        return sum((Fraction(w, total) * value(tuple(sorted(kept + out)), left - 1)
                    for out, w in _rolls(characters, m)), Fraction(0))

    @cache
    def value(dice: tuple[str, ...], left: int) -> Fraction:
        best = Fraction(stop(dice))
        if left == 0:
            return best
        for r in range(len(dice)):
            for kept in set(itertools.combinations(dice, r)):
                best = max(best, keep_value(kept, left))
        return best

    dice_now = tuple(sorted(game.dice))
    left = MAX_ROLLS - game.roll_number
    out = {}
    for action in game.legal_actions():
        if action.kind == "score":
            out[str(action)] = Fraction(points(dice_now, action.faces[0]))
        else:
            out[str(action)] = keep_value(tuple(sorted(action.faces)), left)
    return out


def _decisions(seed: int, max_left: int):
    """Play a 2-player game, PointsBot (seat 0) against GreedyBot; yield (game, action) at
    each of PointsBot's decisions with at most ``max_left`` rolls left, before it applies."""
    game = DiceGame(2, seed)
    bots = [PointsBot(0, seed), GreedyBot(1, seed)]
    while (who := game.current_player()) != TERMINAL:
        if who == CHANCE:
            game.apply_chance()
            continue
        action = bots[who].choose(game)
        if who == 0 and MAX_ROLLS - game.roll_number <= max_left:
            yield game.copy(), action
        game.apply(action)


@pytest.mark.parametrize("seed", [0, 1])
def test_points_bot_takes_a_best_action_at_every_decision(seed):
    checked = []
    for game, action in _decisions(seed, max_left=2):
        values = _brute(game)
        assert values[str(action)] == max(values.values()), (seed, game.dice, action)
        checked.append(MAX_ROLLS - game.roll_number)
    assert checked.count(2) == 5  # every turn's first roll, and the later ones


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 10))
def test_points_bot_every_decision_more_games(seed):
    for game, action in _decisions(seed, max_left=2):
        values = _brute(game)
        assert values[str(action)] == max(values.values()), (seed, game.dice, action)


def _hint_action(game: DiceGame) -> str:
    """The dice cup hint's first choice (keep_options on the real board, no relabelling), as
    action text."""
    seat = game.current_player()
    board = game.board
    model = DiceModel(names=game.characters)
    unscored = board.unscored(seat)
    scored = [c for c in game.characters if c not in unscored]
    taken = {c: sorted(board.taken(c)) for c in game.characters if board.taken(c)}
    first = keep_options(model, Objective.points(scored, taken), model.counts(game.dice),
                         MAX_ROLLS - game.roll_number)[0]
    if first.reroll == 0:
        return f"score {first.score}"
    return "keep " + " ".join(first.keep)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_bot_plays_the_hints_first_choice(players):
    """The fast path (canonical relabelling of the rows) picks what the hint lists first,
    ties included, in games where the other seats play at random (varied boards)."""
    checked = 0
    for seed in range(3 if players == 2 else 2):
        game = DiceGame(players, seed)
        bots = [PointsBot(0, seed)] + [RandomBot(s, seed) for s in range(1, players)]
        while (who := game.current_player()) != TERMINAL:
            if who == CHANCE:
                game.apply_chance()
                continue
            action = bots[who].choose(game)
            if who == 0:
                assert str(action) == _hint_action(game), (players, seed, game.dice)
                checked += 1
            game.apply(action)
    assert checked >= 10


def test_points_bot_differs_from_greedy_somewhere():
    """The two bots are different policies (else a tournament between them says nothing)."""
    differ = 0
    for seed in range(3):
        for game, action in _decisions(seed, max_left=2):
            if GreedyBot(0, seed).choose(game) != action:
                differ += 1
    assert differ > 0


def test_points_bot_refuses_when_not_its_move():
    game = DiceGame(2, 0)
    game.apply_chance()
    with pytest.raises(Exception, match="not player 1's move"):
        PointsBot(1, 0).choose(game)


def test_points_bot_plays_three_and_four_player_games():
    for players in (3, 4):
        record = play_game(players, 5, bots=[make_bot("dice", "points", s, 5)
                                             for s in range(players)])
        assert record["bots"] == ["points"] * players
        assert len(record["turns"]) == players * record["turns_per_player"]


def test_registry_names_and_factories():
    assert DICE_BOT_NAMES == DICE_BOTS  # the CLI's light copy of the list
    assert dice_bot_factory("greedy") is GreedyBot
    assert dice_bot_factory(" Random ") is RandomBot
    assert dice_bot_factory("POINTS") is PointsBot
    with pytest.warns(DeprecationWarning, match="swkit.runner.make_bot"):
        bot = make_dice_bot("points", 1, 7)
    assert bot.rng.getstate() == make_bot("dice", "points", 1, 7).rng.getstate()
    assert isinstance(bot, PointsBot) and bot.seat == 1
    again = bot_from_dict(bot.to_dict())
    assert isinstance(again, PointsBot) and again.seat == 1
    assert again.rng.getstate() == bot.rng.getstate()
    with pytest.raises(ConfigurationError, match="unknown dice bot 'smart': choose one of "
                                                 "greedy, random, points, win"):
        dice_bot_factory("smart")


def test_win_bot_resolves_lazily_or_says_it_is_missing():
    if importlib.util.find_spec("swkit.odds.duel") is not None:
        from swkit.odds.duel import WinBot
        assert dice_bot_factory("win") is WinBot
        assert "win" in available_dice_bots()
        return
    with pytest.raises(ConfigurationError, match="dice bot 'win' is not available") as err:
        dice_bot_factory("win")
    assert "\n" not in str(err.value)
    assert available_dice_bots() == ("greedy", "random", "points")


def test_lazy_bot_import_both_ways(monkeypatch):
    monkeypatch.setitem(dice_bots.LAZY_BOTS, "win", ("swkit.odds.no_such_module", "WinBot"))
    with pytest.raises(ConfigurationError, match="needs swkit.odds.no_such_module.WinBot"):
        make_bot("dice", "win", 0)
    monkeypatch.setitem(dice_bots.LAZY_BOTS, "win", ("swkit.odds.dice_bots", "PointsBot"))
    assert isinstance(make_bot("dice", "win", 0), PointsBot)
    assert "win" in available_dice_bots()


def test_play_dice_cli_with_points(capsys):
    assert main(["play", "dice", "--bots", "points,greedy", "--seed", "4", "--json"]) == 0
    import json
    record = json.loads(capsys.readouterr().out)
    assert record["bots"] == ["points", "greedy"]
    same = play_game(2, 4, bots=[PointsBot(0, 4), GreedyBot(1, 4)])
    assert record == same


def test_play_dice_cli_win_is_one_clear_line(capsys, monkeypatch):
    monkeypatch.setitem(dice_bots.LAZY_BOTS, "win", ("swkit.odds.no_such_module", "WinBot"))
    assert main(["play", "dice", "--bots", "win"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("swkit play dice: error: dice bot 'win' is not available")
