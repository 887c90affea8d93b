"""``Position.from_view``: the odds question of what a player may see.

A hint in the card table asks the odds engine about ``CardGame.view(seat)``. These tests take
views from real games (greedy bots, seeded) at seat 0's Draw step and check that the Position
built from the view gives the same answer as ``swkit odds hand`` typed with the same cards, and
that its unseen cards are exactly the deck plus the other hands (RULES.md §C1).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from swkit.cards.bots import GreedyBot
from swkit.cards.game import CardGame, CardView
from swkit.errors import ConfigurationError
from swkit.odds.cards import Position, player_odds
from swkit.state import CHANCE


def views_at_my_draw(seed: int, players: int = 3, limit: int = 40) -> Iterator[CardView]:
    """Seat 0's view at each of its Draw steps in a greedy bots' game."""
    game = CardGame(players=players, seed=seed)
    bots = [GreedyBot(seed=seed * 10 + s) for s in range(players)]
    while not game.is_terminal() and game.turn < limit:
        if game.current_player() == CHANCE:
            if game.phase == "draw" and game.turn_player == 0:
                yield game.view(0)
            game.apply_chance()
        else:
            game.apply(bots[game.current_player()].choose(game))


# (seed, turn): mid-game positions with a discard pile, scored Powers, the figure held, ...
CASES = [(0, 9), (0, 12), (1, 18), (1, 30), (2, 21), (3, 27)]


def positions() -> list[tuple[int, int, CardView]]:
    """(seed, turn, view) for CASES; seat 0's k-th Draw step is at turn 3k with 3 players."""
    found = []
    for seed in sorted({s for s, _ in CASES}):
        for k, view in enumerate(views_at_my_draw(seed)):
            if (seed, 3 * k) in CASES:
                found.append((seed, 3 * k, view))
    return found


POSITIONS = positions()


def test_the_cases_cover_the_interesting_parts() -> None:
    assert len(POSITIONS) == len(CASES)
    pos = [Position.from_view(v) for _, _, v in POSITIONS]
    assert any(p.figure for p in pos) and any(len(p.scored) >= 2 for p in pos)
    assert sum(bool(p.discard) for p in pos) >= 4 and all(len(p.others) == 2 for p in pos)
    assert len({p.center.key for p in pos if p.center}) >= 4


@pytest.mark.parametrize("seed,turn,view", POSITIONS, ids=[f"{s}-{t}" for s, t, _ in POSITIONS])
def test_from_view_agrees_with_the_cli(seed: int, turn: int, view: CardView) -> None:
    pos = Position.from_view(view)
    assert pos.hand == view.hand and pos.tableau == view.tableaux[0]
    assert pos.others == (view.tableaux[1], view.tableaux[2])
    # RULES.md §C1: the unseen cards are the deck and the other hands, nothing else
    assert sum(pos.unseen().values()) == view.deck_size + sum(view.hand_sizes[1:])
    args = ["--hand=" + " ".join(map(str, view.hand)),
            "--tableau=" + " ".join(map(str, view.tableaux[0])),
            "--discard=" + " ".join(map(str, view.discard)),
            "--others=" + " / ".join(" ".join(map(str, t)) for t in view.tableaux[1:]),
            "--center=" + (view.centers[0] or "none"),
            "--scored=" + ",".join(k for _, k in view.scored[0]),
            "--turns=2", "--json"]
    if view.figures[0] == 0:
        args.append("--figure")
    done = subprocess.run([sys.executable, "-m", "swkit", "odds", "hand", *args],
                          capture_output=True, text=True, check=True)
    cli = json.loads(done.stdout)
    odds = player_odds(pos, 2)
    assert cli["within"] == {"1": str(odds.within[0]), "2": str(odds.within[1])}
    assert cli["outs"] == {str(c): n for c, n in sorted(odds.outs.items())}
    assert cli["unseen"] == odds.unseen
    assert player_odds(pos, 1).probability == odds.within[0]


def test_from_view_is_refused_outside_the_players_draw_step() -> None:
    game = CardGame(players=2, seed=4)
    with pytest.raises(ConfigurationError, match="seat 1's view during seat 0's turn"):
        Position.from_view(game.view(1))
    game.apply_chance()
    with pytest.raises(ConfigurationError, match="step 'play'"):
        Position.from_view(game.view(0))


def test_from_view_needs_one_edition() -> None:
    game = CardGame(players=2, seed=4, editions=2)
    with pytest.raises(ConfigurationError, match="one-edition game"):
        Position.from_view(game.view(0))


def test_from_view_at_the_start_of_the_game() -> None:
    game = CardGame(players=2, seed=4)
    view = game.view(0)
    pos = Position.from_view(view)
    assert pos.hand == view.hand and pos.tableau == () and pos.discard == ()
    assert pos.center is not None and pos.center.key == view.centers[0] and not pos.figure
    assert sum(pos.unseen().values()) == 45 - 3
