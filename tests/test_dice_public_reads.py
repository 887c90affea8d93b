"""What a bot reads of a Clubhouse dice game, through public members only (RULES.md §B3, §B4):
the counts of the dice showing (``DiceGame.roll_counts``), the action that scores a character
(``DiceGame.score_action``) and the taken scoring spaces of every row
(``Scoreboard.row_masks``). Each is checked against the rule worked out again from the dice
and the board, at every decision of many seeded games, and the greedy bot against a slow
greedy bot written with the board's own words (``space_for``, ``best_space``)."""

from __future__ import annotations

import random

import pytest

from swkit.dice.board import SPACE_VALUES, Scoreboard
from swkit.dice.bots import GreedyBot, RandomBot
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.game import MAX_ROLLS, Action, DiceGame, canonical_action
from swkit.errors import NotationError
from swkit.state import CHANCE, TERMINAL


def decisions(players: int, seed: int):
    """Every decision of a seeded game of random bots: the game, just before each move."""
    game = DiceGame(players=players, seed=seed)
    bots = [RandomBot(s, seed) for s in range(players)]
    while (to_move := game.current_player()) != TERMINAL:
        if to_move == CHANCE:
            game.apply_chance()
            continue
        yield game
        game.apply(bots[to_move].choose(game))


def slow_greedy(game: DiceGame, seat: int) -> Action:
    """GreedyBot's rule (its docstring) from the board's words, a row at a time: no cache,
    no mask, no table."""
    board = game.board
    keep, keep_key, score, score_key = "", (-1, -1, -1), "", (-1, 0)
    for character in board.unscored(seat):
        n = game.dice.count(character) + game.dice.count(CLUBHOUSE)
        value, cap = board.space_for(character, n), board.best_space(character)
        if (value, cap, n) > keep_key:
            keep, keep_key = character, (value, cap, n)
        if (value, -cap) > score_key:
            score, score_key = character, (value, -cap)
    if game.roll_number >= MAX_ROLLS or keep_key[0] >= keep_key[1]:
        return canonical_action(game.characters, "score", (score,))
    kept = (keep,) * game.dice.count(keep) + (CLUBHOUSE,) * game.dice.count(CLUBHOUSE)
    return canonical_action(game.characters, "keep", kept)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_what_a_bot_reads_matches_the_rule_at_every_decision(players: int) -> None:
    seen = 0
    for seed in range(25):
        for game in decisions(players, seed):
            seen += 1
            seat = game.current_player()
            assert dict(game.roll_counts) == game.counts() == {
                c: game.dice.count(c) + game.dice.count(CLUBHOUSE) for c in game.characters}
            legal = game.legal_actions()
            for character in game.board.unscored(seat):
                action = game.score_action(character)
                assert str(action) == f"score {character}"
                assert any(a is action for a in legal)      # the very object listed
            for character in game.characters:
                taken = game.board.taken(character)
                mask = sum(1 << (v - 1) for v in taken)
                assert game.board.row_masks[character] == game.board.row_mask(character) == mask
            assert list(game.board.row_masks) == list(game.characters)
            assert GreedyBot(seat, seed).choose(game) == slow_greedy(game, seat)
    assert seen > 25 * players * 5


def test_roll_counts_before_a_roll_and_read_only() -> None:
    game = DiceGame(players=2, seed=3)
    assert dict(game.roll_counts) == dict.fromkeys(game.characters, 0) == game.counts()
    game.apply_chance("Goofy Goofy C Pluto Minnie")
    counts = game.roll_counts
    assert counts == {"Mickey": 1, "Minnie": 2, "Donald": 1, "Goofy": 3, "Pluto": 2}
    with pytest.raises(TypeError):
        counts["Goofy"] = 5  # type: ignore[index]
    with pytest.raises(TypeError):
        game.roll_counts["Mickey"] = 5  # type: ignore[index]
    assert game.count("Goofy") == 3 and game.roll_counts["Goofy"] == 3


def test_score_action_refuses_a_name_that_is_not_a_character() -> None:
    game = DiceGame(players=2, seed=3)
    for bad in ("goofy", "Goo", "Clubhouse", "", None, ["Goofy"]):
        with pytest.raises(NotationError, match="score one of Mickey, Minnie, Donald, Goofy, "
                                                "Pluto"):
            game.score_action(bad)  # type: ignore[arg-type]
    assert game.score_action("Goofy") is game.score_action("Goofy")


def test_row_masks_follow_the_board_and_a_copy_keeps_its_own() -> None:
    board = Scoreboard(players=2)
    masks = board.row_masks
    assert dict(masks) == dict.fromkeys(board.characters, 0)
    board.place(0, "Mickey", 5)
    board.place(1, "Mickey", 5)          # the 5 space is taken: the 4 space
    copy = board.copy()
    board.place(0, "Goofy", 2)
    assert masks["Mickey"] == 0b11000 and masks["Goofy"] == 0b00010
    assert copy.row_masks["Mickey"] == 0b11000 and copy.row_masks["Goofy"] == 0
    again = Scoreboard.from_dict(board.to_dict())
    assert again.row_masks == masks
    with pytest.raises(TypeError):
        masks["Mickey"] = 0  # type: ignore[index]
    rng = random.Random(5)
    for _ in range(200):                 # random boards: the mask is the taken spaces
        b = Scoreboard(players=4)
        for seat in range(4):
            for character in b.characters:
                if rng.random() < 0.6:
                    b.place(seat, character, rng.randint(0, 5))
        for character in b.characters:
            assert b.row_masks[character] == sum(
                1 << (v - 1) for v in SPACE_VALUES if b.owner(character, v) is not None)
