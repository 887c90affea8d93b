"""The library's doors: the public constructors of both games (``CardGame``,
``CardGame.from_position``, ``DiceGame``, ``DiceGame.replay``).

- What ``from_position`` accepts is a position its own ``check_position`` passes and its save
  loads back (a property over random positions): a turn past the round limit was built, then
  refused by its own loader.
- Every argument of the wrong type is refused in words (a SwkitError), never a TypeError from
  inside the kit (``tableaux=True`` was one).
- One limit for each size, in ``swkit.limits``: the library, its saves and the command line
  take the same editions (1 to 4), players and seeds (``editions=2**63`` was an OverflowError,
  ``editions=10**6`` accepted while the command line allowed 1 to 4).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swkit import limits
from swkit.cards.checks import PositionError, Problem
from swkit.cards.game import CardGame
from swkit.cards.notation import ALL_CARDS, format_cards
from swkit.cards.triples import Wilds
from swkit.cli.command import build_parser
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError, SwkitError

HANDS = ["R1 R2 R3 B4 B5 G6", "R4 R5 R6 B7 B8 G9"]


def loads_back(game: CardGame) -> None:
    """``game`` passes its own position check and its save loads back as the same game."""
    assert game.check_position() is None
    again = CardGame.from_json(game.to_json())
    assert again == game and again.to_json() == game.to_json()


# -- item 9: what from_position accepts, its loader accepts --------------------------------------

def short(value: int) -> str:
    """A test id for a whole number (Python cannot write one of over 4,300 digits)."""
    return "huge" if abs(value) > 10**100 else str(value)


@pytest.mark.parametrize("turn", [400, 401, 10**6, 2**63, 10**5000], ids=short)
def test_a_turn_at_or_past_the_round_limit_is_refused_in_words(turn):
    with pytest.raises(ConfigurationError, match=r"^turn") as caught:
        CardGame.from_position(hands=HANDS, turn=turn)
    assert "round limit" in str(caught.value) or "turns played" in str(caught.value)


def test_the_turn_of_the_round_limit_is_a_position_error_naming_the_rule():
    with pytest.raises(PositionError) as caught:
        CardGame.from_position(hands=HANDS, turn=8, round_limit=4)
    assert caught.value.problem.kind is Problem.PAST_ROUND_LIMIT
    assert str(caught.value).startswith("turn: is 8, past the round limit (4 rounds")
    loads_back(CardGame.from_position(hands=HANDS, turn=6, round_limit=4))  # the last round


def random_position(rng: random.Random) -> dict:
    """The arguments of a random ``from_position`` call: cards spread at random over hands,
    tableaux, discard and the top of the deck (some beyond what a game allows), a random
    phase, player, turn and round limit, Powers scored and figures held, wilds, a played
    card."""
    players, editions = rng.randint(2, 4), rng.choice([1, 1, 2])
    cards = [c for _ in range(editions) for c in ALL_CARDS]
    rng.shuffle(cards)

    def take(most: int) -> str:
        n = rng.randint(0, most)
        part = cards[:n]
        del cards[:n]
        return format_cards(sorted(part))

    hands = [take(7) for _ in range(players)]
    tableaux = [take(rng.choice([3, 5, 7])) for _ in range(players)]
    player = rng.randrange(players)
    round_limit = rng.choice([1, 2, 3, 200])
    kw: dict = dict(
        hands=hands, tableaux=tableaux, discard=take(6), deck=take(3), player=player,
        phase=rng.choice(["draw", "play", "power", "score", "discard"]),
        editions=editions, seed=rng.randrange(10**6), round_limit=round_limit,
        turn=rng.choice([None, player + players * rng.randint(0, round_limit + 1)]),
        power_used=rng.random() < 0.3,
    )
    if kw["power_used"] and rng.random() < 0.5:
        kw["wilds"] = rng.choice([Wilds(colors=frozenset("P")), Wilds(numbers=frozenset({1}))])
    mine = kw["tableaux"][player].split()
    if mine and rng.random() < 0.5:
        kw["played"] = rng.choice(mine)
    if rng.random() < 0.5:
        numbers = list(range(1, 11))
        rng.shuffle(numbers)
        kw["scored"] = [[numbers.pop() for _ in range(rng.randint(0, 2))]
                        for _ in range(players)]
    if rng.random() < 0.5:
        kw["figures"] = [rng.choice([None, *range(players)]) for _ in range(editions)]
    return kw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_every_position_from_position_accepts_passes_its_check_and_loads_back(seed):
    kw = random_position(random.Random(seed))
    try:
        game = CardGame.from_position(**kw)
    except ConfigurationError:
        return      # refused in words (PositionError is one)
    loads_back(game)
    # and a move on from there still loads back (its start is the position)
    if not game.is_terminal():
        if game.legal_actions():
            game.apply(game.legal_actions()[0])
        else:
            game.apply_chance()
        loads_back(game)


@pytest.mark.slow
def test_two_thousand_random_positions_are_refused_or_load_back():
    accepted = 0
    for seed in range(2000):
        kw = random_position(random.Random(seed))
        try:
            game = CardGame.from_position(**kw)
        except ConfigurationError:
            continue
        loads_back(game)
        accepted += 1
    assert accepted > 100    # the property is not about refusals alone


# -- item 10: a wrong type is refused in words ---------------------------------------------------

WRONG = [True, False, None, 1.5, float("nan"), "x", "", b"R1", object(), [], {}, (), 10**5000,
         -1, 2**63, 3, np.int64(1), Fraction(1, 2), {"a": 1}, [None], [[None]], ["R1"], [True],
         [[True]], "R1 R2", {1, 2}, "ZZ", [[1, 2, 3]], [("x", 1)]]
"""Values of the wrong type or out of range for some argument (each is right for a few)."""

POSITION_ARGS = ["hands", "tableaux", "deck", "discard", "centers", "piles", "figures", "scored",
                 "player", "phase", "turn", "editions", "seed", "round_limit", "wilds",
                 "power_used", "played", "exact_deck"]


def refused_in_words_or_sound(make, check) -> None:
    """``make()`` raises a SwkitError (refused in words), or builds what ``check`` accepts."""
    try:
        made = make()
    except SwkitError as exc:
        assert str(exc) and "Traceback" not in str(exc)
        return
    check(made)


@pytest.mark.parametrize("arg", POSITION_ARGS)
def test_every_argument_of_from_position_refuses_a_wrong_value_in_words(arg):
    for value in WRONG:
        refused_in_words_or_sound(
            lambda v=value: CardGame.from_position(**{"hands": HANDS, arg: v}), loads_back)
    refused_in_words_or_sound(lambda: CardGame.from_position(**{"hands": HANDS,
                                                                arg: iter([1])}), loads_back)


BAD_WILDS = [Wilds(colors=frozenset("Z")), Wilds(numbers=frozenset({0})),
             Wilds(colors="P"), Wilds(numbers=frozenset({True})), Wilds(colors=["P"]),
             Wilds(numbers=frozenset({10**5000})), Wilds(colors=frozenset({7}))]


@pytest.mark.parametrize("index", range(len(BAD_WILDS)))
def test_wilds_of_the_right_type_but_wrong_contents_are_refused_in_words(index):
    with pytest.raises(ConfigurationError, match="^wilds is .*accepted: a swkit.cards.triples"):
        CardGame.from_position(hands=HANDS, tableaux=["R7 R8 R9 B1", ""], played="R9",
                               phase="score", power_used=True, wilds=BAD_WILDS[index])


def test_tableaux_true_is_refused_in_words():
    with pytest.raises(ConfigurationError, match="^tableaux is True; accepted: a list"):
        CardGame.from_position(hands=HANDS, tableaux=True)


@pytest.mark.parametrize(("cls", "arg"), [
    *((CardGame, a) for a in ("players", "seed", "editions", "round_limit", "secret_bots")),
    *((DiceGame, a) for a in ("players", "seed", "characters", "turns"))])
def test_every_argument_of_a_new_game_refuses_a_wrong_value_in_words(cls, arg):
    def same_after_load(game):
        assert cls.from_json(game.to_json()) == game

    for value in WRONG:
        refused_in_words_or_sound(lambda v=value: cls(**{arg: v}), same_after_load)


@pytest.mark.parametrize("arg", ["history", "players", "seed", "characters", "turns"])
def test_every_argument_of_a_dice_replay_refuses_a_wrong_value_in_words(arg):
    for value in WRONG:
        kw = {"history": [], arg: value}
        refused_in_words_or_sound(lambda kw=kw: DiceGame.replay(**kw), lambda game: None)


def test_a_dice_replay_of_a_real_history_still_replays():
    game = DiceGame(players=2, seed=5)
    for _ in range(6):
        if game.current_player() < 0:
            game.apply_chance()
        else:
            game.apply(game.legal_actions()[0])
    steps = game.history
    assert DiceGame.replay(steps, players=2, seed=5) == game
    saved = json.loads(game.to_json())["history"]
    assert DiceGame.replay(saved, players=2, seed=5) == game


# -- item 11: one limit each, the library's and the command line's -------------------------------

def cli_accepts(argv: list[str], option: str) -> bool:
    """Whether the `swkit` parser takes ``argv`` (a refusal names ``option``)."""
    parser = build_parser()
    try:
        parser.parse_args(argv)
    except SystemExit:
        return False
    except argparse.ArgumentError as exc:   # pragma: no cover - the parser exits instead
        assert option in str(exc)
        return False
    return True


def library_accepts(make) -> bool:
    try:
        make()
    except ConfigurationError:
        return False
    return True


@pytest.mark.parametrize("editions", [0, 1, 2, 4, 5, 10**6])
def test_editions_one_limit_for_the_library_its_saves_and_the_command_line(editions, capsys):
    lib = library_accepts(lambda: CardGame(players=2, editions=editions))
    assert lib == (limits.MIN_EDITIONS <= editions <= limits.MAX_EDITIONS)
    assert lib == library_accepts(lambda: CardGame.from_position(hands=HANDS,
                                                                 editions=editions))
    for argv in (["play", "cards", "--editions", str(editions)],
                 ["odds", "deal", "--cards", "3", "--editions", str(editions)],
                 ["odds", "hand", "--hand", "R1 R2", "--editions", str(editions)]):
        assert cli_accepts(argv, "--editions") == lib, argv
    capsys.readouterr()


@pytest.mark.parametrize("editions", [2**63, 2**64, 10**5000, -(2**63)], ids=short)
def test_a_huge_count_of_editions_is_refused_in_words(editions):
    with pytest.raises(ConfigurationError, match="^editions is .*accepted: a whole number 1 to 4"):
        CardGame(players=2, editions=editions)


def test_a_list_of_more_editions_than_the_limit_is_refused_and_so_is_its_save():
    with pytest.raises(ConfigurationError, match="editions lists 5 editions"):
        CardGame(players=2, editions=["mickey"] * 5)
    data = json.loads(CardGame(players=2, editions=4).to_json())
    data["editions"].append(data["editions"][0])
    with pytest.raises(ConfigurationError, match="^not a valid saved card game: editions"):
        CardGame.from_json(json.dumps(data))


@pytest.mark.parametrize(("game", "low", "high"), [
    ("cards", limits.MIN_CARD_PLAYERS, limits.MAX_CARD_PLAYERS),
    ("dice", limits.MIN_DICE_PLAYERS, limits.MAX_DICE_PLAYERS)])
def test_players_one_limit_for_the_library_and_the_command_line(game, low, high, capsys):
    cls = CardGame if game == "cards" else DiceGame
    for players in range(low - 2, high + 3):
        lib = library_accepts(lambda p=players: cls(players=p))
        assert lib == (low <= players <= high)
        assert cli_accepts(["play", game, "--players", str(players)], "--players") == lib
    capsys.readouterr()


@pytest.mark.parametrize("seed", [10**78 - 1, -(10**78 - 1), 10**78, -(10**78), 10**5000],
                         ids=short)
def test_seeds_one_limit_for_the_games_their_saves_and_the_command_line(seed, capsys):
    fits = abs(seed) < 10**limits.SEED_DIGITS
    for cls in (CardGame, DiceGame):
        assert library_accepts(lambda c=cls: c(players=2, seed=seed)) == fits
        if fits:
            game = cls(players=2, seed=seed)
            assert cls.from_json(game.to_json()) == game
    if abs(seed) < 10**100:
        assert cli_accepts(["play", "cards", "--seed", str(seed)], "--seed") == fits
    capsys.readouterr()


def test_a_save_with_a_seed_over_the_limit_is_refused():
    for cls in (CardGame, DiceGame):
        data = json.loads(cls(players=2, seed=1).to_json())
        data["seed"] = 10**78
        with pytest.raises(ConfigurationError, match="seed"):
            cls.from_json(json.dumps(data))


@pytest.mark.parametrize("round_limit", [0, 1, limits.MAX_ROUND_LIMIT,
                                         limits.MAX_ROUND_LIMIT + 1, 2**70])
def test_the_round_limit_has_one_limit_for_the_game_and_its_save(round_limit):
    fits = 1 <= round_limit <= limits.MAX_ROUND_LIMIT
    assert library_accepts(lambda: CardGame(players=2, round_limit=round_limit)) == fits
    if fits:
        loads_back(CardGame(players=2, round_limit=round_limit))
    data = json.loads(CardGame(players=2).to_json())
    data["round_limit"] = data["start"]["round_limit"] = round_limit
    assert library_accepts(lambda: CardGame.from_json(json.dumps(data))) == fits


def test_two_wrong_values_at_once_are_refused_in_words():
    """Every combination of two wrong values in from_position is refused in words too."""
    pairs = list(itertools.combinations(["tableaux", "turn", "editions", "seed", "player",
                                         "round_limit"], 2))
    for (a, b), (va, vb) in itertools.product(pairs, [(True, 2**63), (None, 10**5000),
                                                       ("x", -1)]):
        refused_in_words_or_sound(
            lambda a=a, b=b, va=va, vb=vb: CardGame.from_position(
                **{"hands": HANDS, a: va, b: vb}), loads_back)
