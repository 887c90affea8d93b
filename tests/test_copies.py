"""Copies of a game in progress, as a notebook user makes them: ``copy.copy``,
``copy.deepcopy``, a ``pickle`` round trip (every protocol) and ``game.copy()``, for both games
mid-game. Each copy equals the original, shares nothing with it (playing the copy to the end
leaves the original and its save untouched), and carries the random stream (both go on alike).
What a game hands out (``history``, views) cannot change it."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from random_play import play

from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame

GAMES: dict[str, Callable[[int], Any]] = {
    "cards": lambda seed: CardGame(players=3, seed=seed),
    "cards-secret": lambda seed: CardGame(players=2, seed=seed, secret_bots=True),
    "cards-2-editions": lambda seed: CardGame(players=4, seed=seed, editions=2),
    "dice": lambda seed: DiceGame(players=3, seed=seed),
    "dice-solo": lambda seed: DiceGame(players=1, seed=seed),
}

COPIERS: dict[str, Callable[[Any], Any]] = {
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
    "game.copy": lambda game: game.copy(),
    **{f"pickle-{protocol}": (lambda game, p=protocol: pickle.loads(pickle.dumps(game, p)))
       for protocol in range(pickle.HIGHEST_PROTOCOL + 1)},
}


def step(game: Any, chooser: random.Random) -> None:
    """One step of play (see :func:`random_play.play`)."""
    play(game, 1, chooser)


@pytest.mark.parametrize("copier", sorted(COPIERS))
@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_copy_mid_game_is_equal_independent_and_goes_on_alike(kind: str, copier: str) -> None:
    for seed in (1, 7):
        game = play(GAMES[kind](seed), 6 + seed, random.Random(seed))
        assert not game.is_terminal() and game.history
        save = game.to_json()
        twin = COPIERS[copier](game)
        assert type(twin) is type(game) and twin is not game
        assert twin == game and twin.to_json() == save
        play(twin, 10_000, random.Random(99))  # the copy to the end
        assert twin.is_terminal()
        assert game.to_json() == save  # the original untouched ...
        assert type(game).from_json(save) == game  # ... and its save still loads
        again = COPIERS[copier](game)  # the stream travels: the same choices, the same game
        play(game, 40, random.Random(3))
        play(again, 40, random.Random(3))
        assert again == game and again.to_json() == game.to_json()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_undo_after_a_copy_rewinds_only_that_game(kind: str) -> None:
    game = play(GAMES[kind](5), 15, random.Random(5))
    save = game.to_json()
    twin = copy.copy(game)
    twin.undo()
    twin.undo()
    assert game.to_json() == save and len(twin.history) == len(game.history) - 2


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_history_is_a_tuple_that_cannot_change_the_game(kind: str) -> None:
    game = play(GAMES[kind](2), 10, random.Random(2))
    save = game.to_json()
    history = game.history
    assert isinstance(history, tuple) and len(history) >= 10
    with pytest.raises(AttributeError):
        history.pop()  # type: ignore[attr-defined]
    entries = list(game.history)
    entries.pop()
    entries.clear()
    assert game.history == history and game.to_json() == save
    assert type(game).from_json(save) == game
    step(game, random.Random(0))
    assert len(history) == len(game.history) - 1  # an earlier tuple stays as it was


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_view_deep_copies_and_pickles(kind: str) -> None:
    game = play(GAMES[kind](4), 9, random.Random(4))
    view = game.view(0)
    for twin in (copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert twin == view and twin.to_dict() == view.to_dict()
    assert game.view(0) == view


def test_a_deep_copied_power_keeps_read_only_params() -> None:
    game = CardGame(players=2, seed=1)
    for power in game.editions[0].powers:
        twin = pickle.loads(pickle.dumps(power))
        assert twin == power and dict(twin.params) == dict(power.params)
        with pytest.raises(TypeError):
            twin.params["count"] = 9  # type: ignore[index]
