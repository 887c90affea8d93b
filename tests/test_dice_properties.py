"""Property tests of Clubhouse dice over many seeded bot games (RULES.md §B, swkit.state).

The slow tier plays well over 1,000 seeded games spread over 1-4 players and both bots; the
fast tier plays a sample of them.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swkit.dice import scoring
from swkit.dice.board import SPACE_VALUES, Scoreboard
from swkit.dice.bots import BOTS
from swkit.dice.faces import DEFAULT_CHARACTERS
from swkit.dice.game import CHANCE, TERMINAL, DiceGame
from swkit.errors import IllegalActionError, NotationError
from swkit.runner import make_bot

BOT_NAMES = sorted(BOTS)


def check_board(game: DiceGame) -> None:
    """RULES.md §B4/§B5 invariants, read from the JSON form of the board:
    one token per numbered space, each player scores each character at most once, totals equal
    the sum of the values of the spaces holding a player's tokens, one token per scored turn."""
    data = game.to_dict()
    rows = data["board"]["rows"]
    totals = [0] * game.players
    tokens = [0] * game.players
    for character in game.characters:
        row = rows[character]
        assert len(row["spaces"]) == len(SPACE_VALUES)
        seen = []
        for value, seat in zip(SPACE_VALUES, row["spaces"], strict=True):
            if seat is not None:  # a numbered space holds at most one token, by construction
                assert 0 <= seat < game.players
                seen.append(seat)
                totals[seat] += value
        seen += row["picture"]
        assert len(seen) == len(set(seen)), f"a player scored {character} twice"
        for seat in seen:
            tokens[seat] += 1
    assert tuple(totals) == game.board.totals()
    scores = [0] * game.players
    for step in game.history:
        if step.kind == "action" and str(step.value).startswith("score "):
            scores[step.seat] += 1
    assert tokens == scores
    finished = min(game.turn, game.players * game.turns)
    assert sum(tokens) == finished
    for seat in range(game.players):
        assert tokens[seat] == finished // game.players + (seat < finished % game.players)


def an_illegal_action(game: DiceGame) -> str:
    """Some action that is illegal now, to check that it is refused (RULES.md §B3/§B4)."""
    if game.current_player() == CHANCE:
        return "score Mickey"
    seat = game.current_player()
    scored = list(game.board.scored(seat))
    if scored:
        return f"score {scored[0]}"
    if game.roll_number == 3:
        return "keep nothing"
    if len(set(game.dice)) < 5:
        return "keep " + " ".join(game.dice)  # all five
    missing = next(c for c in game.faces if c not in game.dice)
    return f"keep {missing}"


def play_checked(players: int, seed: int, bots: tuple[str, ...], round_trip_at: int,
                 illegal_at: int) -> DiceGame:
    """Play a whole bot game, checking the invariants after every step, a JSON round trip at
    step ``round_trip_at`` (the copy then plays on) and an illegal action at ``illegal_at``."""
    game = DiceGame(players, seed)
    seats = [make_bot("dice", name, seat, seed) for seat, name in enumerate(bots)]
    step = 0
    while game.current_player() != TERMINAL:
        if step == round_trip_at:
            copy = DiceGame.from_json(game.to_json())
            assert copy == game
            game = copy
        if step == illegal_at:
            before = game.to_json()
            with pytest.raises((IllegalActionError, NotationError)):
                game.apply(an_illegal_action(game))
            assert game.to_json() == before
        if game.current_player() == CHANCE:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            game.apply_chance()
        else:
            actions = game.legal_actions()
            assert actions == sorted(actions)
            action = seats[game.current_player()].choose(game)
            assert action in actions
            game.apply(action)
        check_board(game)
        step += 1
    result = game.outcome()
    assert result is not None and result.scores == game.board.totals()
    best = max(result.scores)
    assert all(result.scores[w] == best for w in result.winners)
    return game


setups = st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.just(n),
    st.integers(0, 2**63),
    st.tuples(*[st.sampled_from(BOT_NAMES)] * n),
    st.integers(0, 80),
    st.integers(0, 80),
))


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(setups)
def test_bot_games_keep_the_invariants(setup: tuple[Any, ...]) -> None:
    """RULES.md §B3-§B5 over 1,000 seeded bot games (1-4 players, both bots): one token per
    numbered space, each character scored at most once per player, totals = sum of space
    values, JSON round trip equality at a random point, an illegal action leaves the state
    unchanged."""
    play_checked(*setup)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(setups)
def test_bot_games_keep_the_invariants_fast(setup: tuple[Any, ...]) -> None:
    """RULES.md §B3-§B5: the fast tier's sample of the slow property test."""
    play_checked(*setup)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("bot", BOT_NAMES)
def test_sweep_of_seeded_games(players: int, bot: str) -> None:
    """RULES.md §B: 8 x 150 = 1,200 more seeded games spread evenly over player counts and
    bots, each checked after every step; the same seed replays the same game."""
    for seed in range(150):
        game = play_checked(players, seed, (bot,) * players, seed % 40, (seed * 7) % 40)
        if seed % 50 == 0:
            again = play_checked(players, seed, (bot,) * players, -1, -1)
            assert again.to_json() == game.to_json()


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(DEFAULT_CHARACTERS),
                          st.integers(0, 5)), max_size=30))
def test_b4_placement_property(placements: list[tuple[int, str, int]]) -> None:
    """RULES.md §B4: a token goes to the highest open numbered space at or below the count;
    the spaces between it and the count were all taken; else the Picture Column."""
    board = Scoreboard(players=4)
    for seat, character, count in placements:
        if character in board.scored(seat):
            before = board.to_dict()
            with pytest.raises(IllegalActionError):
                board.place(seat, character, count)
            assert board.to_dict() == before
            continue
        taken = board.taken(character)
        value = board.place(seat, character, count)
        assert value == scoring.space_for(count, taken)
        if value:
            assert value <= count and value not in taken and board.owner(character, value) == seat
        else:
            assert seat in board.picture_column(character)
        assert all(v in taken for v in range(value + 1, min(count, 5) + 1))
    assert Scoreboard.from_dict(board.to_dict()) == board


def random_walk(data: st.DataObject, players: int, seed: int) -> None:
    """Walk a game with actions and forced chance outcomes chosen by hypothesis; after every
    step, undo must give back the state before it, and redoing the step the state after it."""
    game = DiceGame(players, seed)
    while game.current_player() != TERMINAL:
        before = game.to_json()
        if game.current_player() == CHANCE:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            choice = data.draw(st.sampled_from([None, *[o for o, _ in outcomes]]))
            if choice is None:
                game.apply_chance()
            else:
                game.apply_chance(choice)
                if game.history[-1].kind == "roll":
                    assert game.history[-1].value == choice
        else:
            game.apply(data.draw(st.sampled_from(game.legal_actions())))
        after = game.to_json()
        check_board(game)
        step = game.undo()
        assert game.to_json() == before
        game.apply_step(step)
        assert game.to_json() == after
    assert game.outcome() is not None


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.data(), st.integers(1, 4), st.integers(0, 10**6))
def test_undo_redo_random_walk_fast(data: st.DataObject, players: int, seed: int) -> None:
    """swkit.state: undo restores the previous state (RNG included) at every step of games
    walked with random legal actions and random forced or sampled rolls (RULES.md §B3-§B5)."""
    random_walk(data, players, seed)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.data(), st.integers(1, 4), st.integers(0, 10**6))
def test_undo_redo_random_walk(data: st.DataObject, players: int, seed: int) -> None:
    """RULES.md §B3-§B5, swkit.state: the slow tier of the undo/redo random walk (300 games)."""
    random_walk(data, players, seed)
