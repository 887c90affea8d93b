"""The dice game's save module checks a save through the game's public API only."""

from __future__ import annotations

import ast
import inspect

import pytest

from swkit.dice import saves
from swkit.dice.game import DiceGame
from swkit.saves import SaveError


def test_the_save_module_reads_no_private_name_of_another_module():
    tree = ast.parse(inspect.getsource(saves))
    private = sorted({node.attr for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute) and node.attr.startswith("_")
                      and not node.attr.startswith("__")})
    imported = sorted(a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                      for a in node.names if a.name.startswith("_"))
    assert private == [] and imported == []
    assert "swkit.dice.game" not in {node.module for node in ast.walk(tree)
                                     if isinstance(node, ast.ImportFrom)}


def test_load_checked_builds_the_class_it_is_given():
    class Mine(DiceGame):
        pass
    game = DiceGame(3, seed=4)
    for _ in range(7):
        if game.current_player() < 0:
            game.apply_chance()
        else:
            game.apply(game.legal_actions()[-1])
    again = saves.load_checked(Mine, game.to_json())
    assert type(again) is Mine and again.to_dict() == game.to_dict()
    assert type(Mine.from_json(game.to_json())) is Mine


def test_a_state_no_game_reaches_is_refused_naming_the_field():
    data = DiceGame(2, seed=1).to_dict()
    data["phase"] = "over"  # a valid phase, but no turn is played yet
    problem = saves.state_problem(data, DiceGame(2, seed=1).board)
    assert problem is not None and problem[0] == "phase" and "0 of 10 turns" in problem[1]
    with pytest.raises(SaveError) as err:
        saves.load_checked(DiceGame, data)
    assert err.value.path == "phase"
