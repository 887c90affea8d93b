"""The one runner (swkit.runner.play_out) and the one make_bot(game, name, seat, seed)."""

from __future__ import annotations

import pytest

from swkit.cards import bots as card_bots
from swkit.cards.game import CardGame
from swkit.dice import bots as dice_bots
from swkit.dice.game import DiceGame
from swkit.dice.play import play_game as play_dice
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.odds.dice_bots import PointsBot
from swkit.runner import GAMES, bot_names, make_bot, play_out
from swkit.state import CHANCE


class Steps:
    """A watcher that records every step it is shown, with the seat before and after."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str]] = []

    def before(self, game, seat, action):
        assert game.current_player() == seat
        assert (action is None) == (seat == CHANCE)
        return len(game.history)

    def after(self, game, seat, step, note):
        assert len(game.history) == note + 1  # exactly one step applied
        self.seen.append((seat, str(step)))


@pytest.mark.parametrize("game, new", [("dice", lambda: DiceGame(3, seed=8)),
                                        ("cards", lambda: CardGame(3, seed=8))])
def test_play_out_plays_to_the_end_and_shows_every_step(game, new):
    names = bot_names(game)
    bots = [make_bot(game, names[s % 2], s, 8) for s in range(3)]
    watcher = Steps()
    played = play_out(new(), bots, watcher)
    assert played.is_terminal() and played.outcome() is not None
    assert len(watcher.seen) == len(played.history)
    again = play_out(new(), [make_bot(game, names[s % 2], s, 8) for s in range(3)])
    assert again.to_json() == played.to_json()  # a watcher changes nothing


def test_make_bot_takes_the_seat_before_the_seed_in_both_games():
    dice = make_bot("dice", "random", 1, 9)
    assert isinstance(dice, dice_bots.RandomBot) and dice.seat == 1
    assert dice.rng.getstate() == dice_bots.RandomBot(1, 9).rng.getstate()
    cards = make_bot("cards", "random", 1, 9)
    assert isinstance(cards, card_bots.RandomBot) and cards.name == "random-1"
    assert cards.rng.getstate() == card_bots.RandomBot(9, "random-1").rng.getstate()
    assert isinstance(make_bot("dice", " Points ", 0, 2), PointsBot)
    built = card_bots.GreedyBot(3)
    assert make_bot("cards", built, 2, 5) is built


def test_make_bot_refuses_an_unknown_game_or_bot():
    with pytest.raises(ConfigurationError, match="unknown game 'chess': choose dice or cards"):
        make_bot("chess", "greedy")
    with pytest.raises(ConfigurationError, match="unknown dice bot 'smart'"):
        make_bot("dice", "smart")
    with pytest.raises(ValueError, match="unknown bot 'smart'; accepted: random, greedy"):
        make_bot("cards", "smart")
    assert GAMES == ("dice", "cards")


def test_the_old_make_dice_bot_warns():
    from swkit.odds.dice_bots import make_dice_bot
    with pytest.warns(DeprecationWarning, match="swkit.runner.make_bot"):
        bot = make_dice_bot("points", 1, 3)
    assert bot.rng.getstate() == make_bot("dice", "points", 1, 3).rng.getstate()


def test_dice_play_game_takes_every_registry_name():
    """The points bot by name plays the same game as the points bot built for its seat."""
    by_name = play_dice(2, 6, bots=["points", "greedy"])
    built = play_dice(2, 6, bots=[make_bot("dice", "points", 0, 6),
                                  make_bot("dice", "greedy", 1, 6)])
    assert by_name == built and by_name["bots"] == ["points", "greedy"]


def test_a_bot_error_leaves_the_game_as_it_was():
    game = DiceGame(2, seed=1)
    game.apply_chance()
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="not player 1's move"):
        play_out(game, [make_bot("dice", "greedy", 1, 1), make_bot("dice", "greedy", 1, 1)])
    assert game.to_json() == before
