"""The card game's state: the phase as an enum that reads as its text (swkit.cards.state)."""

from __future__ import annotations

import json
import pickle

import pytest

from swkit.cards import moves, powers
from swkit.cards.checks import PositionError, Problem
from swkit.cards.game import CardGame
from swkit.cards.phases import CHANCE_PHASES, PHASES, POWER_STEPS, SKIP_TO, STEP_WORDS
from swkit.cards.state import CardState, Phase
from swkit.errors import ConfigurationError
from swkit.state import CHANCE


def test_the_phases_in_order_are_the_texts_saves_hold() -> None:
    assert [p.value for p in PHASES] == [
        "draw", "play", "figure", "power", "power_play", "power_discard", "power_draw",
        "power_swap", "pass", "score", "discard", "over"]
    assert tuple(powers.BY_PHASE) == POWER_STEPS  # each Power's step is its module's PHASE
    assert set(STEP_WORDS) == set(PHASES)
    assert {"draw", "power_draw"} == CHANCE_PHASES
    assert set(SKIP_TO) == set(PHASES) - CHANCE_PHASES - {Phase.DISCARD, Phase.OVER}


@pytest.mark.parametrize("phase", list(Phase))
def test_a_phase_reads_as_its_text(phase: Phase) -> None:
    text = phase.value
    assert phase == text and hash(phase) == hash(text)
    assert str(phase) == f"{phase}" == text and type(str(phase)) is str
    assert repr(phase) == repr(text)
    assert json.dumps({"phase": phase}) == json.dumps({"phase": text})
    assert Phase(text) is phase
    assert pickle.loads(pickle.dumps(phase)) is phase


@pytest.mark.parametrize("seed", [1, 7, 13])
def test_the_game_keeps_a_phase_member_that_saves_as_text(seed: int) -> None:
    game = CardGame(players=3, seed=seed)
    seen = set()
    while not game.is_terminal():  # the last action: "use Power ..." sorts after "skip Power"
        assert type(game.phase) is Phase  # also after a Power's rule set its step's text
        assert type(game.snapshot()["phase"]) is str
        assert type(game.view(0).to_dict()["phase"]) is str
        seen.add(game.phase)
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(game.legal_actions()[-1])
    assert game.phase is Phase.OVER and {Phase.DRAW, Phase.PLAY} <= seen
    assert seen & set(POWER_STEPS), seen
    assert CardGame.from_json(game.to_json()).phase is Phase.OVER


def test_the_phase_is_set_by_member_or_text_and_refuses_other_text() -> None:
    game = CardGame(players=2, seed=1)
    game.phase = "score"
    assert game.phase is Phase.SCORE
    with pytest.raises(ValueError, match="'scoring' is not a valid Phase"):
        game.phase = "scoring"
    assert game.phase is Phase.SCORE
    position = CardGame.from_position(hands=["R1 R2", "B1"], phase=Phase.DRAW)
    assert position.phase is Phase.DRAW
    assert CardGame.from_position(hands=["R1 R2", "B1"], phase="draw") == position


def test_the_game_holds_its_state_and_each_field_is_the_states() -> None:
    game = CardGame(players=3, seed=8, editions=2)
    state = game.state
    assert isinstance(state, CardState)
    for name in CardState.__slots__:
        assert getattr(game, name) is getattr(state, name), name
    game.hands = [["R1"], [], []]
    assert state.hands == [["R1"], [], []]
    assert not hasattr(state, "__dict__")  # a state holds its fields and nothing else


@pytest.mark.parametrize("seed", [2, 9])
def test_a_state_writes_and_reads_its_snapshot(seed: int) -> None:
    game = CardGame(players=4, seed=seed, editions=2)
    for _ in range(60):
        if game.is_terminal():
            break
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(game.legal_actions()[-1])
    snap = game.snapshot()
    again = CardState.from_snapshot(snap)
    assert again.snapshot() == snap
    assert json.dumps(again.snapshot()) == json.dumps(snap)
    assert again.phase is Phase(snap["phase"])


def test_legal_moves_are_the_legal_actions_read_only() -> None:
    game = CardGame(players=2, seed=3)
    assert game.current_player() == CHANCE
    assert dict(game.legal_moves()) == {}
    game.apply_chance()
    moves = game.legal_moves()
    assert sorted(moves) == game.legal_actions()
    assert all(move[0] == "play" and f"play {move[1]}" == text for text, move in moves.items())
    with pytest.raises(TypeError):
        moves["play R1"] = ("play",)  # type: ignore[index]


def _at_rest(**changes: object) -> CardGame:
    game = CardGame(players=2, seed=11)
    game.apply_chance()
    snap = {**game.snapshot(), **changes}
    return CardGame.from_snapshot(snap)


@pytest.mark.parametrize(("changes", "kind", "path", "words"), [
    ({"winner": 1}, Problem.END_BEFORE_OVER, "winner",
     "is set at phase 'play'; only a game that is over has one"),
    ({"power_used": True}, Problem.POWER_USED, "power_used",
     "is true at phase 'play'; a Power is used in step 4 (RULES.md §A3)"),
    ({"played": "B5"}, Problem.PLAYED_TOO_EARLY, "played",
     "is B5 before the card of step 2 is played (§A3)"),
    ({"pass_count": 1}, Problem.PASS_OUT_OF_STEP, "pass_order",
     "a Pass is under way at phase 'play' (RULES.md §A7)"),
    ({"turn": 400}, Problem.PAST_ROUND_LIMIT, "turn",
     "is 400, past the round limit (200 rounds of 2 turns end at turn 400, RULES.md §A5)"),
    ({"phase": "score"}, Problem.NOT_AT_REST, "phase",
     "is 'score', a step the game would not stop at here (the step has one or no legal "
     "choice, so it is made at once, RULES.md §A3 decisions)"),
])
def test_a_position_problem_is_typed_and_its_words_are_made_from_it(
        changes: dict[str, object], kind: Problem, path: str, words: str) -> None:
    problem = _at_rest(**changes).check_position()
    assert problem is not None
    assert (problem.kind, problem.path, problem.words) == (kind, path, words)
    with pytest.warns(DeprecationWarning, match="check_position"):
        assert _at_rest(**changes).position_problems() == (path, words)


def test_a_position_at_rest_has_no_problem() -> None:
    assert _at_rest().check_position() is None


@pytest.mark.parametrize(("kwargs", "kind", "path", "words"), [
    ({"hands": ["R1 R2", "B1"], "power_used": True, "phase": "draw"},
     Problem.POWER_USED_TOO_EARLY, "power_used",
     "power_used is True at phase 'draw'; a Power is used in step 4, so it can be True only "
     "at phase 'score' or 'discard' (RULES.md §A3)"),
    ({"hands": ["R1 R2", "B1"], "tableaux": ["", "R4 R5 R6 R7 R8 R9"]},
     Problem.TABLEAU_ABOVE_LIMIT, "tableaux[1]",
     "tableaux[1] holds 6 cards outside their own turn; a tableau is brought down to 5 at the "
     "end of each turn (RULES.md §A3 step 6)"),
    ({"hands": ["R1 R2", "B1"], "turn": 1}, Problem.TURN_OF_ANOTHER_SEAT, "turn",
     "turn 1 is seat 1's turn, not seat 0's"),
    ({"hands": ["R1 R2", "B1"], "phase": "score", "played": "Y9"},
     Problem.PLAYED_OUTSIDE_TABLEAU, "played",
     "played is Y9, which is not in seat 0's tableau (empty); the card played in step 2 stays "
     "in the tableau (RULES.md §A3 step 2)"),
    ({"hands": ["R1 R2", "B1"], "deck": "R1 R1"}, Problem.TOO_MANY_COPIES, "",
     "more copies than 1 edition(s) hold: R1 x3 (RULES.md §A8)"),
])
def test_from_position_refuses_a_position_with_a_typed_problem(
        kwargs: dict[str, object], kind: Problem, path: str, words: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        CardGame.from_position(**kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, PositionError)
    problem = caught.value.problem
    assert (problem.kind, problem.path, problem.words, str(caught.value)) == (
        kind, path, words, words)


def test_the_turn_machines_own_steps_read_their_moves_from_the_state() -> None:
    assert set(moves.BY_PHASE) | set(POWER_STEPS) == set(SKIP_TO) | CHANCE_PHASES \
        - {Phase.DRAW} | {Phase.DISCARD}
    game = CardGame(players=3, seed=13)
    seen = set()
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply_chance()
            continue
        if game.phase in moves.BY_PHASE:
            seen.add(game.phase)
            assert moves.BY_PHASE[game.phase](game.state) == dict(game.legal_moves())
        game.apply(game.legal_actions()[-1])
    assert {Phase.PLAY, Phase.POWER, Phase.DISCARD} <= seen, seen


def test_no_rule_sets_a_phase_by_its_text() -> None:
    """A phase has one home, the Phase enum: no module of the card game assigns a text to a
    `.phase` (nor names a step's text as its PHASE), so a renamed phase cannot leave a rule
    behind that still writes the old text."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "swkit" / "cards"
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Constant):
                continue
            if not isinstance(node.value.value, str):
                continue
            for target in node.targets:
                named = (target.attr if isinstance(target, ast.Attribute) else
                         target.id if isinstance(target, ast.Name) else "")
                if named in ("phase", "PHASE"):
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []
