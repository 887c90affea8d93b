"""What one player of a card game may see (RULES.md §A6): :class:`CardView`.

``CardGame.view(seat)`` (:mod:`swkit.cards.game`) makes it from the game's state
(:func:`view_of`); it draws itself in Jupyter
(:func:`swkit.pictures.card_view_svg`) and turns into JSON-ready data (``to_dict``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swkit.cards.editions import Edition, Power
from swkit.cards.notation import Card, DiscardPile, Hand, Tableau
from swkit.cards.state import CardState
from swkit.cards.triples import Wilds
from swkit.errors import ConfigurationError
from swkit.whole import as_whole

__all__ = ["CardView", "view_of"]


@dataclass(frozen=True)
class CardView:
    """What one player may see (RULES.md §A6).

    ``hand``: their own hand, sorted; ``tableaux``: every tableau in order of play;
    ``scored``: every player's scored Powers as ``(edition number, key)``; ``centers``: the key of
    each edition's center Power or None; ``figures``: each figure's holder seat or None;
    ``discard``: the discard pile, bottom to top; ``deck_size``; ``hand_sizes``; ``pile_sizes``:
    face-down Powers per edition; ``turn_player``, ``to_move`` (a seat, CHANCE or TERMINAL),
    ``phase``, ``wilds`` in force, ``power_used``; ``my_pass``: this player's blind Pass choice
    if made (others' choices are hidden); ``editions``: the game's editions (public: the Power
    cards of the box), so that :meth:`power` turns a key into its Power (color and text).

    ``hand``, each tableau and ``discard`` are tuples (``Hand``, ``Tableau``, ``DiscardPile``)
    that draw themselves in Jupyter, as does the whole view (``_repr_svg_``,
    :func:`swkit.pictures.card_view_svg`). ``to_dict()`` is JSON-ready (cards in notation).
    """

    player: int
    hand: tuple[Card, ...]
    tableaux: tuple[tuple[Card, ...], ...]
    scored: tuple[tuple[tuple[int, str], ...], ...]
    centers: tuple[str | None, ...]
    figures: tuple[int | None, ...]
    discard: tuple[Card, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    turn_player: int
    to_move: int
    phase: str
    wilds: Wilds
    power_used: bool
    my_pass: tuple[Card, ...] | None
    editions: tuple[Edition, ...] = field(default=(), repr=False)

    def power(self, key: str, edition: int = 1) -> Power:
        """The Power with ``key`` in edition number ``edition`` (1-based, as in ``scored``).
        Raises ConfigurationError naming the key when this view's editions have no such
        Power."""
        number = as_whole(edition)
        if number is not None and 1 <= number <= len(self.editions):
            for p in self.editions[number - 1].powers:
                if p.key == key:
                    return p
        raise ConfigurationError(
            f"no Power {key!r} in edition {edition!r} of this view (editions 1 to "
            f"{len(self.editions)})")

    def _repr_svg_(self) -> str:
        from swkit.pictures import card_view_svg
        return card_view_svg(self)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards in notation)."""
        return {
            "player": self.player, "hand": [str(c) for c in self.hand],
            "tableaux": [[str(c) for c in t] for t in self.tableaux],
            "scored": [[list(s) for s in row] for row in self.scored],
            "centers": list(self.centers), "figures": list(self.figures),
            "discard": [str(c) for c in self.discard], "deck_size": self.deck_size,
            "hand_sizes": list(self.hand_sizes), "pile_sizes": list(self.pile_sizes),
            "turn_player": self.turn_player, "to_move": self.to_move, "phase": str(self.phase),
            "wilds": str(self.wilds), "power_used": self.power_used,
            "my_pass": None if self.my_pass is None else [str(c) for c in self.my_pass],
        }


def view_of(state: CardState, player: int, to_move: int) -> CardView:
    """What seat ``player`` (a seat of ``state``) may see of ``state`` (RULES.md §A6): own hand,
    every tableau, every scored Power, the centers, the figure holders, the discard pile in
    order, the deck size and every hand size. ``to_move``: the game's ``current_player()``."""
    mine = state.pass_choices.get(player)
    return CardView(
        player=player, hand=Hand(state.hands[player]),
        tableaux=tuple(Tableau(t) for t in state.tableaux),
        scored=tuple(tuple((e + 1, p.key) for e, p in row) for row in state.scored),
        centers=tuple(None if c is None else c.key for c in state.centers),
        figures=tuple(state.figures), discard=DiscardPile(state.discard),
        deck_size=len(state.deck), hand_sizes=tuple(len(h) for h in state.hands),
        pile_sizes=tuple(len(p) for p in state.piles),
        turn_player=state.turn % state.players, to_move=to_move, phase=state.phase,
        wilds=state.wilds, power_used=state.power_used,
        my_pass=None if mine is None else tuple(mine), editions=state.editions)
