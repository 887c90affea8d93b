"""Property tests over many seeded bot games (RULES.md §A3, §A5, §A8; the state API).

After every action: card and Power conservation (§A8). After every turn: every tableau holds at
most five cards (§A3 step 6). At the end: a winner holds exactly three Powers (§A5). At random
points: the JSON round trip gives an equal game that plays on identically, and an illegal
action raises IllegalActionError and leaves the state unchanged.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swkit.cards.game import CHANCE, TABLEAU_LIMIT, TERMINAL, WIN_POWERS, CardGame
from swkit.cards.notation import ALL_CARDS
from swkit.errors import IllegalActionError
from swkit.runner import make_bot

BOT_MIXES = [("greedy",), ("random",), ("greedy", "random"), ("random", "greedy")]

_WRONG = ([f"play {c}" for c in ALL_CARDS] + [f"discard {c}" for c in ALL_CARDS[::4]]
          + ["score R1 R2 R4", "score B5 G5 P5", "skip Power", "use Power yellow-swap",
             "use Power purple-wild", "take figure 9", "pass B5", "power play R3",
             "power swap R1 for B2 of seat 1", "score R3 R4 R5 center 3", "dance"])


def check_game(seed: int, players: int, mix: tuple[str, ...], editions: int,
               round_limit: int = 200) -> CardGame:
    """Play one bot game, checking the properties along the way; returns the final game."""
    game = CardGame(players, seed, editions, round_limit)
    kinds = [mix[s % len(mix)] for s in range(players)]
    bots = [make_bot("cards", k, s, seed) for s, k in enumerate(kinds)]
    probe = random.Random(seed * 7919 + players)  # the test's own stream
    turn = game.turn
    while True:
        assert game.conservation_problems() == []
        if game.turn != turn:
            turn = game.turn
            # every tableau but the new owner's (who may already have played, when the draw
            # and the play needed no choice) is back to at most five cards
            owner = game.turn_player
            assert all(len(t) <= TABLEAU_LIMIT for s, t in enumerate(game.tableaux)
                       if s != owner), game.tableaux
        who = game.current_player()
        if who == TERMINAL:
            break
        if probe.random() < 0.02:
            text = game.to_json()
            again = CardGame.from_json(text)
            assert again == game and again.to_json() == text
            game = again  # play on from the restored copy
        if who == CHANCE:
            game.apply_chance()
            continue
        legal = game.legal_actions()
        assert legal and legal == sorted(legal)
        if probe.random() < 0.05:
            wrong = [w for w in _WRONG if w not in legal]
            before = game.to_json()
            with pytest.raises(IllegalActionError):
                game.apply(probe.choice(wrong))
            assert game.to_json() == before
        action = bots[who].choose(game)
        assert action in legal
        game.apply(action)
    out = game.outcome()
    assert out is not None
    if out.winner is not None:
        assert len(game.scored[out.winner]) == WIN_POWERS
        assert all(len(s) < WIN_POWERS for i, s in enumerate(game.scored) if i != out.winner)
    else:
        assert "round limit" in out.reason
        assert all(len(s) < WIN_POWERS for s in game.scored)
    assert game.conservation_problems() == []
    return game


GAMES = dict(seed=st.integers(0, 2**31), players=st.integers(2, 4),
             mix=st.sampled_from(BOT_MIXES), editions=st.sampled_from([1, 1, 2]))


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_properties_of_a_few_bot_games_A3_A5_A8(seed, players, mix, editions) -> None:
    check_game(seed, players, mix, editions)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(**GAMES)
def test_properties_of_1000_bot_games_A3_A5_A8(seed, players, mix, editions) -> None:
    """RULES.md §A3, §A5, §A8 over 1,000 seeded games, 2-4 players, both bots, 1-2 editions."""
    check_game(seed, players, mix, editions)


def test_round_limit_games_keep_the_properties_A5() -> None:
    for seed in range(4):
        game = check_game(seed, 2 + seed % 3, ("random",), 1, round_limit=3)
        assert game.outcome() is not None
