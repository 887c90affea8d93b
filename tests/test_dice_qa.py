"""Regression tests for QA findings on the dice rules library, transcript and CLI
(RULES.md section B)."""

from __future__ import annotations

import json

import pytest

from swkit.cli import main
from swkit.dice.faces import check_characters
from swkit.dice.game import Action, DiceGame
from swkit.dice.play import format_transcript, play_game
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.odds.dice import DiceModel

# -- finding 1: character names with spaces --------------------------------------------------


@pytest.mark.parametrize("names", [
    ("Mickey Mouse", "Minnie Mouse", "Donald Duck", "Goofy", "Pluto"),
    ("Mickey", "Minnie", "Donald", "Goofy", "Pluto\tDog"),
])
def test_b1_character_names_with_whitespace_are_refused(names):
    """RULES.md §B1: actions are written with spaces between faces, so a name is one word."""
    with pytest.raises(ConfigurationError, match="one word") as info:
        DiceGame(2, 1, characters=names)
    assert "MickeyMouse" in str(info.value) or "PlutoDog" in str(info.value)
    with pytest.raises(ConfigurationError, match="one word"):
        check_characters(names)
    with pytest.raises(ConfigurationError, match="one word"):
        DiceModel(names=names)


def test_b1_one_word_names_round_trip_through_apply_undo_and_replay():
    names = ("MickeyMouse", "Minnie-Mouse", "Donald.Duck", "Goofy", "Pluto")
    g = DiceGame(2, 1, characters=names)
    for _ in range(12):
        if g.is_terminal():
            break
        if g.current_player() < 0:
            g.apply_chance()
        else:
            g.apply(str(g.legal_actions()[1 % len(g.legal_actions())]))
    again = DiceGame.replay(g.history, 2, 1, names)
    assert again == g
    before = g.to_json()
    g.apply_chance() if g.current_player() < 0 else g.apply(str(g.legal_actions()[0]))
    g.undo()
    assert g.to_json() == before


# -- finding 2: the view hides the seed ------------------------------------------------------


def test_b_view_does_not_reveal_the_seed_or_the_stream():
    """A view is the same whatever the seed, and does not say which rolls were drawn from the
    stream: nothing in it tells the seed (so nothing predicts the future rolls)."""
    seed = 987_654_321
    drawn = DiceGame(2, seed)
    drawn.apply_chance()
    drawn.apply("keep " + drawn.dice[0])
    drawn.apply_chance()
    for seat in (0, 1):
        view = drawn.view(seat).to_dict()
        assert str(seed) not in json.dumps(view)
        assert "seed" not in view and "rng" not in view
        assert all(len(step) == 3 for step in view["history"])  # kind, seat, value
    games = [DiceGame(2, s) for s in (1, seed)]
    for g in games:
        g.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
        g.apply("keep Mickey Clubhouse")
        g.apply_chance("Goofy Goofy Goofy")
    assert games[0].view(1) == games[1].view(1)
    assert games[0].to_dict() != games[1].to_dict()  # the full state does hold the seed


# -- finding 9: errors outside the contract ---------------------------------------------------


def test_b3_apply_chance_with_a_non_sequence_names_the_accepted_form():
    g = DiceGame(2, 0)
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="faces"):
        g.apply_chance(12345)
    assert g.to_json() == before


def test_tiebreak_apply_chance_with_a_non_sequence_is_illegal():
    g = DiceGame(2, 0, turns=1)
    g.apply_chance("Mickey Mickey Mickey Mickey Mickey")
    g.apply("score Mickey")
    g.apply_chance("Goofy Goofy Goofy Goofy Goofy")
    g.apply("score Goofy")
    with pytest.raises(IllegalActionError, match="roll-off"):
        g.apply_chance(3)


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


# -- finding 11: hand-built actions are validated by their faces ---------------------------


def test_b3_action_objects_validated_by_faces():
    g = DiceGame(2, 0)
    g.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
    g.apply(Action("keep", (), ("Mickey", "Mickey")))
    assert g.history[-1].value == "keep Mickey Mickey"
    assert g._kept == (True, True, False, False, False)
    g.apply_chance("Goofy Clubhouse Goofy")
    assert g.dice == ("Mickey", "Mickey", "Goofy", "Goofy", "Clubhouse")
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="0 Pluto"):
        g.apply(Action("keep", (), ("Pluto",)))
    with pytest.raises(IllegalActionError, match="Daisy"):
        g.apply(Action("keep", (), ("Daisy",)))
    with pytest.raises(IllegalActionError, match="not an action"):
        g.apply(("keep", "Mickey"))  # type: ignore[arg-type]
    assert g.to_json() == before
    g.apply(Action("keep", (99,), ("Clubhouse", "Mickey")))  # any order, any rank
    assert g.history[-1].value == "keep Mickey Clubhouse"
    g.apply_chance("Pluto Pluto Pluto")
    g.apply(Action("score", (), ("Mickey",)))
    assert g.board.scored(0) == {"Mickey": 2}


# -- findings 8 and 10: the transcript's words ------------------------------------------------


def _record_with(players, scores):
    """A play_game-like record, for format_transcript, from (seat, character, count) scores
    played on a real board."""
    from swkit.dice.board import Scoreboard
    board = Scoreboard(players=players)
    roll = [{"roll": 1, "dice": ["Mickey"] * 5, "rerolled": ["Mickey"] * 5, "keep": None}]
    turns = []
    for i, (seat, character, count) in enumerate(scores):
        space = board.place(seat, character, count)
        turns.append({"round": i // players + 1, "seat": seat, "rolls": roll,
                      "score": {"character": character, "count": count, "space": space,
                                "forced_zero": count == 0},
                      "board": board.to_dict()["rows"], "totals": list(board.totals())})
    return {"game": "dice", "players": players, "seed": 0,
            "characters": list(board.characters), "turns_per_player": 5,
            "bots": ["greedy"] * players, "turns": turns, "tiebreak": [],
            "scores": list(board.totals()), "winner": 0, "winners": [0],
            "reason": "player 0 has the highest total"}


def test_transcript_explains_pushes_picture_column_and_forced_zero():
    """RULES.md §B4: say why a token goes left of its count, or to the Picture Column."""
    text = format_transcript(_record_with(4, [
        (0, "Mickey", 4), (1, "Mickey", 4), (2, "Goofy", 1), (3, "Mickey", 5),
        (0, "Goofy", 2), (1, "Goofy", 2), (2, "Pluto", 0), (3, "Pluto", 5),
        (0, "Pluto", 5), (1, "Donald", 5), (2, "Donald", 4), (3, "Donald", 3),
        (0, "Donald", 5),
    ]))
    assert "count 4 -> the 4 space, 4 points\n" in text
    assert "count 4 -> the 3 space (the 4 space is taken), 3 points" in text
    assert "count 1 -> the 1 space, 1 point\n" in text
    assert ("count 2 -> the Picture Column (the 1 and 2 spaces are taken), 0 points"
            in text)
    assert ("count 0 -> the Picture Column (count 0), 0 points "
            "(forced zero: the dice show no unscored character and no Clubhouse)") in text
    assert "count 5 -> the 4 space (the 5 space is taken), 4 points" in text
    assert "count 5 -> the 2 space (the 5, 4 and 3 spaces are taken), 2 points" in text


def test_transcript_singular_plural_and_reroll_wording():
    rec = play_game(1, 0)
    rec["scores"] = [1]
    text = format_transcript(rec)
    assert "seat 0 (greedy bot): 1 point\n" in text
    for seed in range(20):
        text = format_transcript(play_game(2, seed, bots=("random",)))
        assert "reroll the rest" not in text.split("Keep nothing")[-1].split("\n")[0]
        if "Keep nothing" in text:
            assert "Keep nothing; reroll all dice" in text
            break
    else:
        pytest.fail("no game with 'keep nothing' in 20 seeds")


def test_transcript_shows_rerolled_faces_in_die_order():
    for seed in range(10):
        rec = play_game(2, seed)
        for turn in rec["turns"]:
            rolls = turn["rolls"]
            for before, after in zip(rolls, rolls[1:], strict=False):
                # the kept dice are the first ones showing the kept faces, in die order
                kept = before["keep"][len("keep "):].split() if before["keep"] != \
                    "keep nothing" else []
                mask, remaining = [], list(kept)
                for face in before["dice"]:
                    mask.append(face in remaining)
                    if face in remaining:
                        remaining.remove(face)
                want = [f for f, k in zip(after["dice"], mask, strict=True) if not k]
                assert after["rerolled"] == want


def test_outcome_reason_singular():
    g = DiceGame(1, 0, turns=1)
    g.apply_chance("Mickey Minnie Donald Goofy Pluto")
    g.apply("score Mickey")
    assert g.outcome().reason == "solo game over: 1 point"


def test_cli_bots_message_singular(capsys):
    assert main(["play", "dice", "--players", "1", "--bots", "greedy,random"]) == 2
    err = capsys.readouterr().err
    assert "2 bots for 1 player" in err and "1 players" not in err
