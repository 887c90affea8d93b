"""Write the saved-game fixtures ``tests/data/saves/*.json``.

These files were written by main at b71b0a6 (before ``from_json`` validated saves) so that
``tests/test_saves.py`` can prove that saves made by that version still load. Run again only
to add a fixture: ``python tests/data/make_saves.py`` (it overwrites the files).

Each save is taken mid-game from bot games, at the first state that shows a feature:
editions, a used Power with wilds in force, a blind Pass half-chosen, an undo, a position
built by ``from_position``, a dice keep, renamed characters, a roll-off.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from swkit.cards.game import CardGame
from swkit.dice.game import DiceGame
from swkit.runner import make_bot
from swkit.state import CHANCE, TERMINAL

OUT = Path(__file__).parent / "saves"


def card_save(players: int, seed: int, editions: int, kinds: tuple[str, ...],
              when: Callable[[CardGame], bool], undo: bool = False,
              game: CardGame | None = None) -> str:
    """The first state of a bot game for which ``when`` holds, as JSON."""
    game = game or CardGame(players, seed, editions)
    bots = [make_bot("cards", kinds[s % len(kinds)], s, seed) for s in range(game.players)]
    steps = 0
    while game.current_player() != TERMINAL:
        if steps > 4 and when(game):
            if undo:
                game.undo()
                game.undo()
                game.undo()
            return game.to_json()
        who = game.current_player()
        if who == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[who].choose(game))
        steps += 1
    raise SystemExit(f"no state found for seed {seed}")


def dice_save(players: int, seed: int, when: Callable[[DiceGame], bool],
              characters: tuple[str, ...] | None = None, undo: bool = False) -> str:
    game = DiceGame(players, seed) if characters is None else DiceGame(players, seed, characters)
    bots = [make_bot("dice", "greedy" if s % 2 else "random", s, seed) for s in range(players)]
    while True:
        if game.history and when(game):
            if undo:
                game.undo()
                game.undo()
            return game.to_json()
        if game.current_player() == TERMINAL:
            raise SystemExit(f"no dice state found for seed {seed}")
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(bots[game.current_player()].choose(game))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    saves = {
        "cards-2p-midgame": card_save(2, 11, 1, ("greedy",), lambda g: g.turn >= 12),
        "cards-3p-2editions-wilds": card_save(
            3, 5, 2, ("greedy", "random"),
            lambda g: bool(g.wilds) and g.current_player() >= 0),
        "cards-3p-pass": card_save(3, 0, 1, ("random",), lambda g: g.phase == "pass"
                                   and g.current_player() != g.turn_player),
        "cards-4p-undo": card_save(4, 8, 1, ("greedy", "random"), lambda g: g.turn >= 20,
                                   undo=True),
        "cards-position": card_save(
            2, 0, 1, ("greedy",), lambda g: g.turn >= 3,
            game=CardGame.from_position(hands=["R1 B2 P4", "G1 G2 G3"], tableaux=["R2 R3"],
                                        centers=["purple-wild"], figures=[0], seed=4)),
        "dice-2p-keep": dice_save(2, 3, lambda g: g.turn >= 3 and g.rerolling() not in (0, 5)),
        "dice-3p-characters-undo": dice_save(
            3, 9, lambda g: g.turn >= 5, ("Huey", "Dewey", "Louie", "Daisy", "Chip"),
            undo=True),
        "dice-2p-over": dice_save(2, 4, lambda g: g.current_player() == TERMINAL),
    }
    for name, text in saves.items():
        (OUT / f"{name}.json").write_text(text + "\n", encoding="utf-8")
        print(name, len(text))


if __name__ == "__main__":
    main()
