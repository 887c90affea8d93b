"""Clubhouse dice in words: whose move it is, and why a move is refused (RULES.md §B3-§B5).

Each function takes a :class:`~swkit.dice.game.DiceGame` (read through its public names) and
returns one sentence naming the dice, the rows or the seat, with the RULES.md section; the game
raises them as :class:`~swkit.errors.IllegalActionError`.
"""

from __future__ import annotations

from typing import Any

from swkit.dice.board import space_name
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.state import DICE, MAX_ROLLS, OVER, TIEBREAK, Action, sort_faces
from swkit.state import CHANCE, TERMINAL

__all__ = ["keep_refusal", "missing_dice", "no_chance", "not_your_move", "points_text",
           "score_refusal", "whose_move"]


def points_text(value: int) -> str:
    """``"1 point"``, ``"0 points"``, ``"3 points"``."""
    return f"{value} point{'' if value == 1 else 's'}"


def whose_move(game: Any) -> str:
    """Whose move it is in ``game``, in words."""
    who = game.current_player()
    if who == TERMINAL:
        return "the game is over"
    if who == CHANCE:
        return "chance moves next (the dice are rolled); call apply_chance()"
    return f"it is player {who}'s move (keep dice or score, RULES.md §B3)"


def _showing(game: Any) -> str:
    return " ".join(game.dice) if game.dice else "no dice"


def not_your_move(game: Any) -> str:
    """Why no player may act in ``game`` now: the game is over, a roll-off or a roll is next."""
    if game.phase == OVER:
        return "the game is over: all turns are played (RULES.md §B5)"
    if game.phase == TIEBREAK:
        return ("the turns are over and players " + ", ".join(str(s) for s in game.tied)
                + " are tied: the Clubhouse roll-off comes next, call apply_chance() "
                "(RULES.md §B5)")
    return (f"the dice must be rolled first: player {game.seat} "
            f"{'rolls all five dice' if game.roll_number == 0 else 'rerolls'}, call "
            f"apply_chance() (RULES.md §B3)")


def no_chance(game: Any) -> str:
    """Why ``game`` has no roll pending: it is over, or a player must keep or score."""
    if game.phase == OVER:
        return "the game is over: there is nothing to roll (RULES.md §B5)"
    return (f"no roll is pending: player {game.turn % game.players} must keep dice or "
            f"score (RULES.md §B3)")


def missing_dice(game: Any, verb: str, faces: tuple[str, ...]) -> str:
    """Why the dice showing cannot be ``verb``-ed as ``faces`` (a multiset in canonical order):
    the first face the dice show fewer of than asked."""
    have = game.multiset()
    for f in dict.fromkeys(faces):
        want = faces.count(f)
        got = have.count(f)
        if want > got:
            return (f"cannot {verb} {' '.join(faces)}: the dice show {got} {f} "
                    f"(dice: {_showing(game)}) (RULES.md §B3)")
    return f"cannot {verb} {' '.join(faces)} (dice: {_showing(game)}) (RULES.md §B3)"


def keep_refusal(game: Any, act: Action) -> str:
    """Why the keep ``act`` is not legal in ``game`` (no reroll left, an unknown face, all five
    dice, or dice the roll does not show)."""
    if game.roll_number >= MAX_ROLLS:
        return ("no more rerolls: after the third roll the player must score "
                "(RULES.md §B3)")
    if any(f not in game.faces for f in act.faces):
        return f"{act} names a face that is not on these dice's faces {list(game.faces)}"
    kept = sort_faces(act.faces, game.characters)
    if len(act.faces) >= DICE and kept == game.multiset():
        return ("keeping all five dice is not a reroll: pick up at least one die, or score "
                "(RULES.md §B3)")
    return missing_dice(game, "keep", kept)


def score_refusal(game: Any, act: Action) -> str:
    """Why the score ``act`` is not legal in ``game`` (the Clubhouse, an unknown row, or a
    character the player has already scored)."""
    name = " ".join(act.faces)
    if name == CLUBHOUSE:
        return ("the Clubhouse is wild, not a row of the scoreboard: score a character "
                "(RULES.md §B4)")
    if len(act.faces) != 1 or name not in game.characters:
        return (f"cannot score {name!r}: the rows are {', '.join(game.characters)} "
                f"(RULES.md §B4)")
    seat = game.turn % game.players
    value = game.board.scored(seat)[name]
    left = ", ".join(game.board.unscored(seat))
    return (f"player {seat} has already scored {name} (token on {space_name(value)}); "
            f"each character is scored once: choose one of {left} (RULES.md §B4)")
