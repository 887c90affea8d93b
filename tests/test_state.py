"""swkit.state: both games follow the one GameState interface.

Checked three ways: the names exist (``isinstance``), every signature matches the Protocol's
(parameter names, kinds and defaults), and one driver that knows only the Protocol plays whole
games of both, checking undo, JSON round trips, the acting-seat rule and views on the way.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from fractions import Fraction
from typing import Any

import pytest

from swkit.cards.game import CardGame, CardView
from swkit.dice.game import DiceGame, DiceView
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.state import CHANCE, TERMINAL, GameState, Outcome, View

GAMES = {
    "cards": lambda seed: CardGame(players=3, seed=seed),
    "dice": lambda seed: DiceGame(players=3, seed=seed),
}

PROTOCOL_METHODS = sorted(
    name for name, value in vars(GameState).items()
    if not name.startswith("_") and (callable(value) or isinstance(value, classmethod)))


def _params(func: Any) -> list[tuple[str, Any, Any]]:
    sig = inspect.signature(func)
    return [(p.name, p.kind, p.default) for p in sig.parameters.values()
            if p.name not in ("self", "cls")]


def test_protocol_lists_the_contract() -> None:
    assert PROTOCOL_METHODS == [
        "apply", "apply_chance", "chance_outcomes", "copy", "current_player", "from_json",
        "is_terminal", "legal_actions", "outcome", "to_json", "undo", "view"]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_both_games_conform(kind: str) -> None:
    game = GAMES[kind](1)
    assert isinstance(game, GameState)
    for name in PROTOCOL_METHODS:
        assert _params(getattr(type(game), name)) == _params(getattr(GameState, name)), (
            f"{type(game).__name__}.{name} has another signature than GameState.{name}")
    assert not hasattr(game, "is_over")  # one name for one question
    view = game.view(0)
    assert isinstance(view, View)
    assert dataclasses.is_dataclass(view)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.player = 1  # type: ignore[misc]
    json.dumps(view.to_dict())


def test_view_types() -> None:
    assert isinstance(CardGame(seed=1).view(0), CardView)
    assert isinstance(DiceGame(seed=1).view(0), DiceView)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_views_and_seats_out_of_range_are_refused(kind: str) -> None:
    game = GAMES[kind](2)
    with pytest.raises(ConfigurationError):
        game.view(3)
    with pytest.raises(IllegalActionError, match="accepted: a seat 0 to 2"):
        game.legal_actions(seat=7)
    with pytest.raises(IllegalActionError, match="accepted: a seat 0 to 2"):
        game.apply("anything", seat=-1)


def _drive(game: Any, rng: random.Random) -> int:
    """Play ``game`` to the end through the GameState names only; returns the steps taken."""
    steps = 0
    while not game.is_terminal():
        who = game.current_player()
        assert who != TERMINAL
        if who == CHANCE:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) for _, p in outcomes)
            assert game.legal_actions() == []
            got = game.apply_chance()
            assert got in {o for o, _ in outcomes}
        else:
            actions = game.legal_actions()
            assert actions and actions == game.legal_actions()  # deterministic
            assert actions == game.legal_actions(seat=who)
            others = [s for s in range(game.players) if s != who]
            for s in others:
                assert game.legal_actions(seat=s) == []
            before = game.to_json()
            with pytest.raises(IllegalActionError, match=f"it is (seat|player) {who}'s move"):
                game.apply(actions[0], seat=others[0])
            assert game.to_json() == before  # nothing changed
            game.apply(rng.choice(actions), seat=who)
        steps += 1
        assert len(game.history) == steps
        if steps % 7 == 0:  # undo and redo the same step through the interface
            copy = game.copy()
            game.undo()
            assert len(game.history) == steps - 1
            again = type(game).from_json(copy.to_json())
            assert again == copy
            game = again
        view = game.view(steps % game.players)
        assert view.to_move == game.current_player()
    result = game.outcome()
    assert isinstance(result, Outcome) and result.reason
    assert game.current_player() == TERMINAL and game.legal_actions() == []
    return steps


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("seed", [0, 5])
def test_one_driver_plays_both_games(kind: str, seed: int) -> None:
    game = GAMES[kind](seed)
    if kind == "cards":
        game = CardGame(players=2, seed=seed, round_limit=6)
    assert _drive(game, random.Random(seed)) > 5


def test_dice_apply_chance_returns_the_outcome() -> None:
    game = DiceGame(players=1, seed=3)
    assert game.apply_chance("C Mickey mick goofy pluto") == (
        "Mickey", "Mickey", "Goofy", "Pluto", "Clubhouse")
    game.apply("keep Mickey Mickey")
    got = game.apply_chance()
    assert len(got) == 3 and got == game.history[-1].value


def test_dice_view_to_dict_is_the_json_of_the_state_without_the_stream() -> None:
    """DiceView.to_dict() holds what the dict view held: the public state, no seed or stream."""
    game = DiceGame(players=2, seed=11)
    game.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
    game.apply("keep Mickey Mickey Clubhouse")
    view = game.view(1)
    public = json.loads(game.to_json())
    del public["seed"], public["rng"]
    public["history"] = [step[:3] for step in public["history"]]
    expected = {**public, "player": 1, "to_move": CHANCE, "totals": [0, 0],
                "unscored": list(game.characters)}
    assert view.to_dict() == expected
    assert list(view.to_dict()) == list(expected)  # same key order, so the same JSON text
    assert view.kept == (True, True, False, False, True) and view.rolls_left == 2
    assert view.seat == 0 and view.board == game.board and view.board is not game.board
