"""Saved games are checked completely before loading (swkit.saves).

``CardGame.from_json`` and ``DiceGame.from_json`` walk a schema (types, ranges, lengths),
check the position (RULES.md §A8 conservation, the phase's fields, tableau sizes, seats and
turns; for dice the phase against dice, rolls and tokens), then replay the history from the
start and refuse a save whose state is not what the history leads to. Every refusal is a
SaveError (a ConfigurationError, so a SwkitError) whose ``path`` names the field.

The fuzz: random mid-game saves of both games, corrupted by seeded random mutations (drop a
key, change a type, a number out of range, move or duplicate a card, truncate or edit the
history, ...). Every corruption is refused with a SaveError, or loads as a state that bots play
to its end within a bounded number of steps. A second fuzz corrupts positions (a save whose
history is empty, so the state is its own start) to exercise the position checks.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError, SwkitError
from swkit.runner import make_bot
from swkit.saves import MAX_DEPTH, SaveError
from swkit.state import CHANCE, TERMINAL

SAVES = Path(__file__).parent / "data" / "saves"
FIXTURES = sorted(SAVES.glob("*.json"))


def game_class(name: str) -> type[CardGame] | type[DiceGame]:
    return CardGame if name.startswith("cards") else DiceGame


def refusal(cls: type[CardGame] | type[DiceGame], data: Any) -> SaveError:
    """The SaveError that loading ``data`` (a dict, dumped to JSON, or text) raises."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(SaveError) as info:
        cls.from_json(text)
    return info.value


# -- saves written by main at b71b0a6 still load --------------------------------------------------

def test_there_are_fixtures_of_both_games() -> None:
    names = [f.stem for f in FIXTURES]
    assert sum(n.startswith("cards") for n in names) >= 4
    assert sum(n.startswith("dice") for n in names) >= 3


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_saves_of_main_load_and_play_to_the_end(path: Path) -> None:
    text = path.read_text(encoding="utf-8").strip()
    cls = game_class(path.stem)
    game = cls.from_json(text)
    assert game.to_json() == text  # nothing lost, nothing added
    assert cls.from_json(path.read_bytes()) == game
    undone = [game.undo() for _ in range(min(6, len(game.history)))]
    for step in reversed(undone):  # redo: the same game again, stream included
        if isinstance(game, DiceGame):
            game.apply_step(step)
        elif step[0] == CHANCE:
            game.apply_chance(step[1].split()[1])
        else:
            game.apply(step[1])
    assert game.to_json() == text
    play_out(game)


def test_a_dice_save_given_to_the_card_game_says_so() -> None:
    text = (SAVES / "dice-2p-keep.json").read_text(encoding="utf-8")
    err = refusal(CardGame, text)
    assert err.path == "game" and "DiceGame.from_json" in str(err)


# -- faults in a save, each refused with its field named ----------------------------------------

def card_save() -> dict[str, Any]:
    return json.loads((SAVES / "cards-3p-2editions-wilds.json").read_text(encoding="utf-8"))


def dice_save() -> dict[str, Any]:
    return json.loads((SAVES / "dice-3p-characters-undo.json").read_text(encoding="utf-8"))


def test_a_tableau_of_20_cards_is_refused() -> None:
    data = card_save()
    data["tableaux"][1] += data["deck"][:15]
    del data["deck"][:15]
    err = refusal(CardGame, data)
    assert err.path == "tableaux[1]" and "20 cards" in str(err) and "§A3 step 6" in str(err)


@pytest.mark.parametrize("turn", [10 ** 9, "+1"])
def test_a_turn_out_of_range_or_moved_on_is_refused(turn: Any) -> None:
    data = card_save()
    data["turn"] = data["turn"] + 1 if turn == "+1" else turn
    err = refusal(CardGame, data)
    assert err.path in ("turn", "tableaux[0]")  # +1: seat 0's tableau of 6 is then not its turn
    if turn != "+1":
        assert "from 0 to 600" in str(err)


@pytest.mark.parametrize("field,value,accepted", [
    ("log", 5, "a list of turn records"),
    ("winner", "x", "null or a seat from 0 to 2"),
    ("power_used", "yes", "true or false"),
    ("wilds", [["Z"], [42]], "one of 'B', 'G', 'P', 'R', 'Y'"),
    ("turn", True, "a whole number"),
    ("remaining", -1, "from 0 to"),
])
def test_a_field_of_the_wrong_type_is_refused_by_name(field: str, value: Any,
                                                      accepted: str) -> None:
    data = card_save()
    data[field] = value
    err = refusal(CardGame, data)
    assert err.path.split("[")[0] == field and accepted in str(err)


def test_a_fourth_seat_on_a_three_player_dice_board_is_refused() -> None:
    data = dice_save()
    data["board"]["rows"]["Dewey"]["picture"].append(3)
    err = refusal(DiceGame, data)
    assert err.path == "board.rows.Dewey.picture[0]" and "a seat from 0 to 2" in str(err)
    data = dice_save()
    data["board"]["players"] = 4
    assert refusal(DiceGame, data).path == "board.players"


def test_a_hand_edited_card_history_is_refused_and_undo_cannot_rewrite_the_game() -> None:
    data = card_save()
    plays = [i for i, (who, text) in enumerate(data["history"]) if text.startswith("play ")]
    i = plays[3]
    data["history"][i][1] = "play R9"  # a card that seat does not hold there
    err = refusal(CardGame, data)
    assert err.path == f"history[{i}]" and "cannot be replayed" in str(err)
    data = card_save()
    del data["history"][-1]  # the state is then not where the history leads
    assert refusal(CardGame, data).path
    data = card_save()
    data["history"] = []  # a history that lost its moves
    assert refusal(CardGame, data).path


def test_a_hand_edited_dice_history_is_refused() -> None:
    data = dice_save()
    actions = [i for i, step in enumerate(data["history"]) if step[0] == "action"]
    data["history"][actions[0]][2] = "score Chip"
    assert refusal(DiceGame, data).path.startswith("history")
    data = dice_save()
    data["history"][0][1] = 2  # the first roll credited to another seat
    assert refusal(DiceGame, data).path


def test_a_state_edited_without_its_history_is_refused() -> None:
    data = card_save()
    data["deck"][0], data["deck"][1] = data["deck"][1], data["deck"][0]
    if data["deck"][0] != data["deck"][1]:
        assert refusal(CardGame, data).path in ("deck[0]", "deck[1]")
    data = dice_save()
    data["rng"][1][7] ^= 1
    assert refusal(DiceGame, data).path == "rng[1][7]"


@pytest.mark.parametrize("cls", [CardGame, DiceGame])
@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "[" * (MAX_DEPTH + 1)])
def test_deep_nesting_is_a_save_error_not_a_recursion_error(cls: type, text: str) -> None:
    err = refusal(cls, text)
    assert f"nested more than {MAX_DEPTH}" in str(err)


@pytest.mark.parametrize("cls", [CardGame, DiceGame])
def test_a_number_too_long_for_python_is_a_save_error(cls: type) -> None:
    """A 5,000-digit number in a save (over Python's 4,300-digit limit) is refused in words,
    without the interpreter's advice."""
    text = json.dumps(card_save() if cls is CardGame else dice_save())
    text = re.sub(r'"seed": ?-?[0-9]+', '"seed": ' + "9" * 5000, text, count=1)
    err = refusal(cls, text)
    assert "more than 4,300 digits" in str(err) and "sys." not in str(err)


@pytest.mark.parametrize("cls", [CardGame, DiceGame])
def test_a_deep_value_inside_a_save_is_refused_by_its_field(cls: type) -> None:
    data = card_save() if cls is CardGame else dice_save()
    data["turn"] = json.loads("[" * 20 + "]" * 20)
    err = refusal(cls, data)
    assert err.path == "turn" and "a list of 1 item" in str(err)


def test_an_unknown_or_missing_field_is_named() -> None:
    data = card_save()
    data["secret_bot"] = 1
    assert refusal(CardGame, data).path == "secret_bot"
    data = card_save()
    del data["start"]["pass_order"]
    err = refusal(CardGame, data)
    assert err.path == "start.pass_order" and "missing" in str(err)


def test_a_duplicated_card_names_where_the_extra_copy_is() -> None:
    data = card_save()
    data["hands"][2].append(data["hands"][0][0])
    data["hands"][2].sort()
    err = refusal(CardGame, data)
    assert err.path.startswith("hands[") and "conservation" in str(err) and "§A8" in str(err)


def test_a_start_that_is_not_at_rest_is_refused() -> None:
    """A phase whose step has one legal choice is never saved: the game makes it at once."""
    game = CardGame.from_position(hands=["R1 R1", "G1 G2 G3"], editions=2, seed=3,
                                  phase="draw")
    data = json.loads(game.to_json())
    for key in ("start", None):
        part = data if key is None else data[key]
        part["phase"] = "figure"
    err = refusal(CardGame, data)
    assert err.path == "start.played"  # figure step with no card played


# -- the fuzz ------------------------------------------------------------------------------------

def bot_card_game(rng: random.Random) -> CardGame:
    """A card game stopped at a random point of a bot game (editions, kinds and seed vary)."""
    players = rng.choice((2, 3, 4))
    game = CardGame(players, rng.randrange(10 ** 6), rng.choice((1, 1, 2)))
    kinds = [rng.choice(("greedy", "random")) for _ in range(players)]
    bots = [make_bot("cards", k, s, game.seed) for s, k in enumerate(kinds)]
    for _ in range(rng.randrange(1, 150)):
        who = game.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[who].choose(game))
        if game.history and rng.random() < 0.03:
            game.undo()
    return game


def bot_dice_game(rng: random.Random) -> DiceGame:
    players = rng.choice((1, 2, 3, 4))
    chars = rng.choice((None, ("Huey", "Dewey", "Louie", "Daisy", "Chip")))
    game = DiceGame(players, rng.randrange(10 ** 6)) if chars is None else DiceGame(
        players, rng.randrange(10 ** 6), chars)
    bots = [make_bot("dice", rng.choice(("greedy", "random")), s, game.seed)
            for s in range(players)]
    for _ in range(rng.randrange(1, 60)):
        who = game.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[who].choose(game))
        if game.history and rng.random() < 0.05:
            game.undo()
    return game


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (the root excluded)."""
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            found.append((*path, k))
            found += paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.append((*path, i))
            found += paths(v, (*path, i))
    return found


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


_OTHER_VALUES = [None, True, False, 0, -1, 1, 2, 3, 5, 9, 10 ** 9, -(10 ** 12), 2 ** 40, 0.5,
                 "", "x", "R7", "Z9", "draw", "over", "Mickey", [], [0], ["R1"], {}, {"a": 1},
                 [[]], 1e308]


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """Corrupt ``data`` in place in one random way; returns what was done, for the message."""
    all_paths = paths(data)
    path = rng.choice(all_paths)
    parent, key = at(data, path[:-1]), path[-1]
    kind = rng.choice(("drop", "type", "number", "card", "list", "history"))
    if kind == "drop":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif kind == "type":
        parent[key] = rng.choice(_OTHER_VALUES)
    elif kind == "number":
        ints = [p for p in all_paths if isinstance(at(data, p), int)
                and not isinstance(at(data, p), bool)]
        path = rng.choice(ints)
        parent, key = at(data, path[:-1]), path[-1]
        parent[key] = rng.choice((parent[key] + 1, parent[key] - 1, -parent[key] - 1,
                                  parent[key] * 1000 + 7, rng.randrange(-5, 50)))
    elif kind == "card":  # move or duplicate a card (or a die face) between two lists
        lists = [p for p in all_paths if isinstance(at(data, p), list) and at(data, p)
                 and all(isinstance(x, str) for x in at(data, p))]
        if not lists:
            return "nothing"
        src, dst = at(data, rng.choice(lists)), at(data, rng.choice(lists))
        item = rng.choice(src)
        if rng.random() < 0.5:
            src.remove(item)
            kind = "move"
        dst.insert(rng.randrange(len(dst) + 1), item)
        path = ()
    elif kind == "list":
        lists = [p for p in all_paths if isinstance(at(data, p), list) and len(at(data, p)) > 1]
        if not lists:
            return "nothing"
        path = rng.choice(lists)
        items = at(data, path)
        i, j = rng.randrange(len(items)), rng.randrange(len(items))
        op = rng.choice(("swap", "append", "truncate"))
        if op == "swap":
            items[i], items[j] = items[j], items[i]
        elif op == "append":
            items.append(copy.deepcopy(items[i]))
        else:
            del items[i:]
        kind = f"list {op}"
    else:  # edit or cut the history
        history = data.get("history")
        if not isinstance(history, list) or not history:
            return "nothing"
        i = rng.randrange(len(history))
        op = rng.choice(("truncate", "edit", "drop", "repeat"))
        if op == "truncate":
            del history[i:]
        elif op == "drop":
            del history[i]
        elif op == "repeat":
            history.insert(i, copy.deepcopy(history[i]))
        else:
            other = copy.deepcopy(history[rng.randrange(len(history))])
            history[i] = other
        kind = f"history {op} at {i}"
        path = ()
    return f"{kind} at {list(path)}"


def play_out(game: CardGame | DiceGame) -> None:
    """Bots play ``game`` to its end within a bounded number of steps, the state staying
    legal (conservation for cards) and saving and loading again at the end."""
    if isinstance(game, CardGame):
        bots: list[Any] = [make_bot("cards", "random", s, game.seed) for s in range(game.players)]
        turns_left = game.round_limit * game.players - game.turn
        bound = 60 * (turns_left + 1)
    else:
        bots = [make_bot("dice", "random", s, game.seed) for s in range(game.players)]
        bound = 10 * game.players * game.turns + 200
    for _ in range(bound):
        who = game.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            game.apply_chance()
        else:
            legal = game.legal_actions()
            assert legal, "a seat to move with no legal action"
            game.apply(bots[who].choose(game))
        if isinstance(game, CardGame):
            assert game.conservation_problems() == []
    assert game.is_terminal(), f"not over after {bound} steps"
    assert game.outcome() is not None
    assert type(game).from_json(game.to_json()) == game


def check_corruption(cls: type, data: dict[str, Any], done: str, original: str) -> str:
    """Load a corrupted save: refused with a SaveError, or loaded and played to its end.
    Returns "refused", "loaded" or "unchanged" (the mutation changed nothing: swapped an item
    with itself, moved a card to where it was; the save then loads as it was)."""
    text = json.dumps(data, separators=(",", ":"))
    if text == original:
        assert cls.from_json(text).to_json() == original, done
        return "unchanged"
    try:
        game = cls.from_json(text)
    except SaveError as exc:
        assert str(exc).startswith(f"not a valid saved {'card' if cls is CardGame else 'dice'}")
        return "refused"
    except SwkitError as exc:  # pragma: no cover - every refusal is a SaveError
        raise AssertionError(f"{done}: {type(exc).__name__} instead of SaveError: {exc}") from exc
    except Exception as exc:  # pragma: no cover - the point of the test
        raise AssertionError(f"{done}: {type(exc).__name__}: {exc}") from exc
    play_out(game)
    return "loaded"


def run_fuzz(seed: int, cases: int) -> dict[str, int]:
    rng = random.Random(seed)
    counts = {"refused": 0, "loaded": 0, "unchanged": 0}
    for case in range(cases):
        game: CardGame | DiceGame = bot_card_game(rng) if case % 2 else bot_dice_game(rng)
        original = game.to_json()
        data = json.loads(original)
        done = mutate(data, rng)
        result = check_corruption(type(game), data, f"case {case}: {done}", original)
        counts[result] += 1
    return counts


def position_save(game: CardGame, rng: random.Random) -> dict[str, Any]:
    """A save whose history is empty: the state is its own start (as ``from_position`` makes
    one), corrupted once in the state and identically in the start, with a round limit a few
    rounds ahead so that bots finish it quickly."""
    snap = json.loads(game.to_json())
    state = {k: v for k, v in snap.items() if k not in ("history", "start")}
    state["round_limit"] = state["turn"] // state["players"] + rng.randrange(1, 4)
    if state["phase"] == "over":
        state["round_limit"] = max(state["round_limit"], 200)
    return state


def run_position_fuzz(seed: int, cases: int) -> dict[str, int]:
    rng = random.Random(seed)
    counts = {"refused": 0, "loaded": 0, "unchanged": 0}
    for case in range(cases):
        game = bot_card_game(rng)
        state = position_save(game, rng)
        done = mutate(state, rng) if case % 5 else "none"
        data = {**copy.deepcopy(state), "history": [], "start": state}
        counts[check_corruption(CardGame, data, f"position case {case}: {done}", "")] += 1
    return counts


def test_corrupted_saves_are_refused_or_play_to_the_end() -> None:
    counts = run_fuzz(seed=15, cases=120)
    assert counts["refused"] > 100 and sum(counts.values()) == 120


def test_corrupted_positions_are_refused_or_play_to_the_end() -> None:
    counts = run_position_fuzz(seed=15, cases=60)
    assert counts["refused"] > 10 and counts["loaded"] > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_corrupted_saves_long_run(seed: int) -> None:
    counts = run_fuzz(seed=1000 + seed, cases=600)
    assert sum(counts.values()) == 600
    counts = run_position_fuzz(seed=2000 + seed, cases=300)
    assert counts["loaded"] > 0


def test_from_position_refuses_a_tableau_no_turn_reaches() -> None:
    """The same bound as a save's: in its owner's turn a tableau holds at most 5 + 1 + the
    most one Power adds (7 with Mickey and Friends); 20 cards made legal_actions() hang."""
    with pytest.raises(SwkitError, match=r"tableaux\[0\] holds 8 cards .* at most 7"):
        CardGame.from_position(hands=["R1", "G1"], tableaux=["R2 R3 R4 R5 R6 R7 R8 B9"],
                               phase="discard")
    game = CardGame.from_position(hands=["R1", "G1"], tableaux=["B2 R3 Y4 G5 P6 R7 R8"],
                                  phase="discard")
    assert len(game.legal_actions()) == 7 * 6  # two to discard, in order
    assert CardGame.from_json(game.to_json()) == game


# -- a card save whose state is corrupted (RULES.md §A8) ---------------------------------------

def test_from_json_rejects_corrupted_saves_A8() -> None:
    g = CardGame(2, seed=3)
    g.apply_chance()
    data = json.loads(g.to_json())
    bogus = {**data, "phase": "bogus"}
    with pytest.raises(ConfigurationError, match="phase"):
        CardGame.from_json(json.dumps(bogus))
    duplicated = {**data, "hands": [data["hands"][0] + [data["hands"][1][0]], data["hands"][1]]}
    with pytest.raises(ConfigurationError, match="conservation|copies"):
        CardGame.from_json(json.dumps(duplicated))
    start = {**data, "start": {**data["start"], "phase": "bogus"}}
    with pytest.raises(ConfigurationError, match="phase"):
        CardGame.from_json(json.dumps(start))
    assert CardGame.from_json(g.to_json()) == g



# -- a dice save whose state is not one a game reaches -----------------------------------------

@pytest.mark.parametrize("text", ["nope", "", "[1, 2]", "{\"game\": \"dice\"}"])
def test_from_json_of_garbage_is_a_configuration_error(text):
    with pytest.raises(ConfigurationError):
        DiceGame.from_json(text)


def _state(**changes):
    g = DiceGame(2, 3)
    g.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
    data = g.to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize("changes,part", [
    ({"phase": "over"}, "over"),
    ({"phase": "tiebreak"}, "tiebreak"),
    ({"phase": "roll", "roll_number": 0}, "dice"),
    ({"dice": []}, "dice"),
    ({"roll_number": 0}, "roll"),
    ({"roll_number": 4}, "roll"),
    ({"turn": 10}, "turn"),
    ({"kept": [True] * 5}, "kept"),
])
def test_from_json_checks_the_consistency_of_the_state(changes, part):
    DiceGame.from_json(_state())  # the unchanged state is fine
    with pytest.raises(ConfigurationError, match=part):
        DiceGame.from_json(_state(**changes))


def test_from_json_checks_tokens_against_turns():
    data = _state()
    data["turn"] = 1  # player 0 has taken a turn, but has no token on the board
    data["phase"], data["dice"], data["roll_number"] = "roll", [], 0
    with pytest.raises(ConfigurationError, match="token"):
        DiceGame.from_json(data)


def test_from_json_accepts_every_state_of_real_games():
    for seed in range(5):
        for players in (1, 2, 3):
            g = DiceGame(players, seed)
            while not g.is_terminal():
                assert DiceGame.from_json(g.to_json()) == g
                if g.current_player() < 0:
                    g.apply_chance()
                else:
                    g.apply(g.legal_actions()[seed % len(g.legal_actions())])
            assert DiceGame.from_json(g.to_json()) == g
