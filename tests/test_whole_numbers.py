"""Counts of any integer type: where the kit takes a whole number (players, seeds, seats, turns,
editions, limits, samples), a NumPy integer or a sympy Integer is the number it holds, stored
as a Python ``int`` (so a save is still JSON), and the answer is the same as for the ``int``.
What is not a whole number (a float, a bool, a text, None) gets the same clear error as
before, and a character list that is not a list of names gets one too."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy

from swkit.cards.game import CardGame
from swkit.classroom import make_code
from swkit.dice.board import Scoreboard
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.odds.deal import Deck, count_deals, deal_odds
from swkit.odds.dice import DiceModel, Objective, optimal_value
from swkit.odds.montecarlo_cards import mc_deal
from swkit.odds.montecarlo_dice import mc_optimal, mc_solo
from swkit.tournament import run_tournament
from swkit.whole import as_whole

KINDS_OF_TWO = [np.int8(2), np.int16(2), np.int32(2), np.int64(2), np.uint8(2), np.uint64(2),
                sympy.Integer(2)]
NOT_WHOLE = [2.0, np.float64(2.0), True, np.bool_(True), "2", None, Fraction(2), 2 + 0j]


def ids(values: list[Any]) -> list[str]:
    return [f"{type(v).__module__}.{type(v).__name__}" for v in values]


@pytest.mark.parametrize("two", KINDS_OF_TWO, ids=ids(KINDS_OF_TWO))
def test_as_whole_reads_every_integer_type_as_an_int(two: Any) -> None:
    assert as_whole(two) == 2 and type(as_whole(two)) is int
    assert as_whole(-(10**40)) == -(10**40)


@pytest.mark.parametrize("value", NOT_WHOLE, ids=ids(NOT_WHOLE))
def test_as_whole_refuses_what_is_not_a_whole_number(value: Any) -> None:
    assert as_whole(value) is None


@pytest.mark.parametrize("two", KINDS_OF_TWO, ids=ids(KINDS_OF_TWO))
def test_the_card_game_takes_any_integer_type(two: Any) -> None:
    game = CardGame(players=two, seed=two + 5, editions=two - 1, round_limit=two * 10)
    plain = CardGame(players=2, seed=7, editions=1, round_limit=20)
    assert game == plain and game.to_json() == plain.to_json()
    assert all(type(x) is int for x in (game.players, game.seed, game.round_limit))
    assert game.view(two - 2) == plain.view(0)
    assert game.legal_actions(two - 2) == plain.legal_actions(0)
    view = game.view(two - 2)
    assert type(view.player) is int and view.power(view.centers[0], two - 1)
    json.dumps(view.to_dict())
    position = CardGame.from_position(hands=["R1 R2 B5", "P1 P2 P3"], player=two - 1,
                                      turn=two + 1, figures=[two - 1], phase="draw",
                                      scored=[[], [two + 2]])
    assert position.turn == 3 and position.figures == [1] and type(position.figures[0]) is int
    CardGame.from_json(position.to_json())


@pytest.mark.parametrize("two", KINDS_OF_TWO, ids=ids(KINDS_OF_TWO))
def test_the_dice_game_takes_any_integer_type(two: Any) -> None:
    game = DiceGame(players=two, seed=two + 5, turns=two + 1)
    plain = DiceGame(players=2, seed=7, turns=3)
    assert game == plain and game.to_json() == plain.to_json()
    assert all(type(x) is int for x in (game.players, game.seed, game.turns))
    assert game.view(two - 1) == plain.view(1) and type(game.view(two - 1).player) is int
    game.apply_chance()
    plain.apply_chance()
    action = plain.legal_actions()[0]
    game.apply(action, seat=two - 2)
    plain.apply(action, seat=0)
    assert DiceGame.from_json(game.to_json()) == plain
    board, twin = Scoreboard(players=two), Scoreboard(players=2)
    assert board.place(two - 1, "Mickey", two + 1) == twin.place(1, "Mickey", 3)
    assert type(board.players) is int and board.to_dict() == twin.to_dict()
    assert board.scored(two - 1) == twin.scored(1) and board.total(two - 1) == twin.total(1)
    json.dumps(board.to_dict())


@pytest.mark.parametrize("two", KINDS_OF_TWO, ids=ids(KINDS_OF_TWO))
def test_the_odds_take_any_integer_type(two: Any) -> None:
    assert count_deals(two + 1, "set") == count_deals(3, "set") == 90
    assert deal_odds(two + 1, editions=two - 1).total == deal_odds(3).total
    assert Deck(editions=two).editions == 2 and type(Deck(editions=two).editions) is int
    model = DiceModel(n=two + 1, characters=two + 1, wilds=two - 1, rolls=two)
    assert model == DiceModel(n=3, characters=3, wilds=1, rolls=2)
    assert type(model.n) is int
    objective = Objective.at_least(0, 2)
    assert optimal_value(model, objective, rolls_left=two) == optimal_value(
        model, objective, rolls_left=2)
    assert mc_deal(two + 1, n=two * 50, seed=two).estimate == mc_deal(3, n=100, seed=2).estimate
    assert mc_optimal(model, objective, n=two * 50, seed=two) == mc_optimal(
        model, objective, n=100, seed=2)
    assert mc_solo(n=two * 5, seed=two) == mc_solo(n=10, seed=2)
    assert make_code([two, np.int64(0)], seed=two) == make_code([2, 0], seed=2)


def test_a_tournament_takes_any_integer_type() -> None:
    result = run_tournament("dice", ["points", "greedy"], games=np.int64(4), seed=np.uint8(1),
                            workers=np.int32(1), chunk_size=sympy.Integer(2))
    plain = run_tournament("dice", ["points", "greedy"], games=4, seed=1, workers=1,
                           chunk_size=2)
    data, twin = result.to_dict(), plain.to_dict()
    assert data["entries"] == twin["entries"] and data["games"] == 4 and data["seed"] == 1
    assert type(data["games"]) is int and type(data["seed"]) is int
    json.dumps(data)


@pytest.mark.parametrize("value", NOT_WHOLE, ids=ids(NOT_WHOLE))
def test_what_is_not_a_whole_number_is_refused_naming_the_field(value: Any) -> None:
    with pytest.raises(ConfigurationError, match="players is"):
        CardGame(players=value)
    with pytest.raises(ConfigurationError, match="players"):
        DiceGame(players=value)
    if value is not None:
        with pytest.raises(ConfigurationError, match="seed"):
            DiceGame(seed=value)
        with pytest.raises(ConfigurationError, match="seed"):
            CardGame(seed=value)
        with pytest.raises(ConfigurationError, match="seed"):
            run_tournament("dice", ["points", "greedy"], games=2, seed=value, workers=1)
    if value is not None:  # seat=None: no seat named
        with pytest.raises(IllegalActionError, match="seat is"):
            DiceGame(2).legal_actions(seat=value)
        with pytest.raises(IllegalActionError, match="seat is"):
            CardGame(2).legal_actions(seat=value)
        with pytest.raises(ConfigurationError, match="seed is"):
            mc_deal(3, n=10, seed=value)
        with pytest.raises(ConfigurationError, match="seed is"):
            mc_solo(n=10, seed=value)
    with pytest.raises(ConfigurationError, match="at least one sample"):
        mc_deal(3, n=value)
    with pytest.raises(ConfigurationError, match="number of cards"):
        count_deals(value, "set")
    with pytest.raises(NotationError, match="count number 1"):
        make_code([value], seed=1)


@pytest.mark.parametrize("characters", [None, 5, "Mickey", object(), [1, 2, 3, 4, 5],
                                        ["Mickey", None, "Donald", "Goofy", "Pluto"]])
def test_characters_that_are_not_a_list_of_names_are_refused_in_words(characters: Any) -> None:
    with pytest.raises(ConfigurationError, match=r"characters (is|lists) .*accepted: a list "
                                                 r"of character names \(5 of them\)"):
        DiceGame(characters=characters)


def test_the_reported_cases() -> None:
    assert CardGame(players=np.int64(2)).players == 2
    with pytest.raises(ConfigurationError, match=r"characters is None; accepted: a list"):
        DiceGame(characters=None)
