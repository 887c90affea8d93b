"""The turn machine (swkit.cards.turn) on its own, and the game's doors to it."""

from __future__ import annotations

import random

import pytest
from random_play import play

from swkit.cards.game import CardGame
from swkit.cards.notation import parse_cards
from swkit.cards.state import Phase
from swkit.cards.turn import TurnMachine, deal, new_state, replay
from swkit.errors import ConfigurationError
from swkit.state import CHANCE


def _played(players: int, seed: int, steps: int) -> CardGame:
    """A game after ``steps`` steps (draws and actions), the actions chosen at random."""
    return play(CardGame(players=players, seed=seed), steps, random.Random(seed))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 20)])
def test_a_machine_on_a_dealt_state_starts_as_a_new_game(players: int, seed: int) -> None:
    state = new_state(players, seed, 1, 200)
    deal(state)
    machine = TurnMachine(state)
    machine.start_turn()
    machine.advance()
    assert state.snapshot() == CardGame(players=players, seed=seed).snapshot()


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 11)])
def test_the_machine_draws_and_moves_as_the_game_does(players: int, seed: int) -> None:
    """The machine alone, fed the game's history (a draw's card, an action's move), ends in
    the game's state, stream and turn records included."""
    game = _played(players, seed, 400)
    state = new_state(players, seed, 1, 200)
    deal(state)
    machine = TurnMachine(state)
    machine.start_turn()
    machine.advance()
    for who, text in game.history:
        if who == CHANCE:
            card = parse_cards(text.split()[1])[0]
            deck = state.deck
            del deck[max(i for i, c in enumerate(deck) if c == card)]
            machine.draw(card)
        else:
            machine.do(machine.moves()[text])
            machine.advance()
    assert state.snapshot() == game.snapshot()


def test_replay_applies_a_history_to_the_start() -> None:
    game = _played(3, 9, 80)
    again = CardGame.from_snapshot(CardGame(players=3, seed=9).snapshot())
    replay(again, game.history)
    assert again == game


def test_new_state_refuses_bad_settings_naming_them() -> None:
    with pytest.raises(ConfigurationError, match="players is 5; accepted: a whole number 2 to 4"):
        new_state(5, 0, 1, 200)
    with pytest.raises(ConfigurationError, match="round_limit is 0"):
        new_state(2, 0, 1, 0)
    with pytest.raises(ConfigurationError, match="seed is 1.5"):
        new_state(2, 1.5, 1, 200)  # type: ignore[arg-type]


def test_the_games_refill_deck_shuffles_the_discard_pile_by_its_stream() -> None:
    game = CardGame(players=2, seed=4)
    state = game.state
    pile = state.deck + state.discard
    state.deck, state.discard = [], list(pile)
    expected = list(pile)
    copy = random.Random()
    copy.setstate(state.rng.getstate())
    copy.shuffle(expected)
    before = state.log[-1]["reshuffles"]
    assert game.refill_deck() is True
    assert state.deck == expected and state.discard == []
    assert state.log[-1]["reshuffles"] == before + 1
    assert state.log[-1]["events"][-1] == {"event": "reshuffle", "cards": len(pile)}
    state.deck = []
    assert game.refill_deck() is False


def test_the_games_record_event_and_power_table_read_its_state() -> None:
    game = CardGame.from_position(hands=["R1 R2", "B3"], tableaux=["G4 G5", "Y6"],
                                  discard="P7 P8", deck="B1 B2")
    game.record_event("note", words="a test")
    assert game.log[-1]["events"][-1] == {"event": "note", "words": "a test"}
    table = game.power_table()
    assert (table.hand, table.tableau, set(table.numbers), table.discard, table.others) == \
        (2, 2, {4, 5}, 2, 1)
    assert game.phase is Phase.PLAY


def test_replay_names_the_first_entry_that_is_not_legal_where_it_stands() -> None:
    """One replay for the game and its saves: an entry by the wrong seat, a chance entry that
    is not 'draw CARD', an action that is not legal: each is a ReplayError naming the entry,
    with the game as the entries before it left it."""
    from swkit.cards.turn import ReplayError

    game = play(CardGame(players=2, seed=4), 12, random.Random(4))
    history = list(game.history)
    for index in (0, 5, 9):
        who, text = history[index]
        for bad in ((1 - who if who != CHANCE else 0, text), (CHANCE, "shuffle"),
                    (who, "play Z9") if who != CHANCE else (CHANCE, "draw Z9")):
            again = CardGame(players=2, seed=4)
            with pytest.raises(ReplayError) as caught:
                replay(again, [*history[:index], bad])
            assert caught.value.index == index and caught.value.text == bad[1]
            assert list(again.history) == history[:index]
