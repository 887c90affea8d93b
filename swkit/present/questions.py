"""The odds questions a student can ask, as frozen dataclasses: each says itself in words and
hands the odds engine its inputs (RULES.md §C).

- :class:`DealQuestion` -- P(K random cards hold a set / a run / either), RULES.md §A4, §C1;
- :class:`HandQuestion` -- P(scoring within T of my turns) from my view, RULES.md §A6, §C1;
- :class:`RollQuestion` -- P(a count >= k) or the expected points at the end of my dice turn
  under the best play, RULES.md §B3, §B4, §C2.

:func:`swkit.present.answers.solve` answers one exactly, :func:`swkit.present.simulation.simulation`
estimates it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from swkit.cards.notation import COLOR_NAMES, Card, format_cards, parse_color
from swkit.dice.faces import CLUBHOUSE
from swkit.odds import DiceModel, Objective, Position, make_position
from swkit.present.words import IF_NOBODY_MOVES

__all__ = ["EVENT_WORDS", "MODEL", "DealQuestion", "HandQuestion", "Question", "RollQuestion"]

MODEL = DiceModel()
"""Clubhouse dice: five dice, five characters and the Clubhouse, three rolls (RULES.md §B1)."""

EVENT_WORDS = {"either": "a set or a run", "set": "a set", "run": "a run"}
"""A deal question's event in words."""


@dataclass(frozen=True)
class DealQuestion:
    """P(``cards`` random cards hold ``event``) (``"either"``, ``"set"``, ``"run"``) with
    ``editions`` copies of each card and optional wild Powers in force (RULES.md §A4, §C1):
    ``wild_color`` a color letter or name, ``wild_number`` 1..9."""

    game: ClassVar[str] = "cards"
    name: ClassVar[str] = "deal"
    cards: int = 3
    event: str = "either"
    editions: int = 1
    wild_color: str | None = None
    wild_number: int | None = None

    def setting(self) -> str:
        """What the question is asked about, in words: "1 edition, no wilds"."""
        color = parse_color(self.wild_color) if self.wild_color else None
        wild = [f"{COLOR_NAMES[color or self.wild_color]} cards are any color"
                ] if self.wild_color else []
        wild += [f"{self.wild_number}s are any number"] if self.wild_number else []
        where = f"{self.editions} edition{'s' if self.editions > 1 else ''}"
        return where + (", " + " and ".join(wild) if wild else ", no wilds")

    def text(self) -> str:
        """The question in words."""
        return f"P({self.cards} random cards hold {EVENT_WORDS[self.event]}), {self.setting()}"


@dataclass(frozen=True)
class HandQuestion:
    """P(scoring within ``turns`` of my turns) from my view before this turn's draw (RULES.md
    §A6, §C1): cards as in notation, ``discard`` bottom to top, ``others`` one tableau per
    other player, ``center`` a Power key, ``"unknown"`` or ``"none"``, ``scored`` Power keys."""

    game: ClassVar[str] = "cards"
    name: ClassVar[str] = "hand"
    hand: tuple[Card, ...] = ()
    tableau: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()
    center: str = "unknown"
    figure: bool = False
    scored: tuple[str, ...] = ()
    turns: int = 1
    editions: int = 1

    @classmethod
    def from_position(cls, position: Position, turns: int = 1) -> HandQuestion:
        """The question about a Position already built and checked (``make_position``, e.g.
        from the command line's notation): its cards, its center as a key, ``"unknown"`` or
        ``"none"``, its scored Powers' keys and its deck's editions."""
        center = position.center
        return cls(hand=position.hand, tableau=position.tableau, discard=position.discard,
                   others=position.others,
                   center=("none" if center is None else
                           center if isinstance(center, str) else center.key),
                   figure=position.figure, scored=tuple(p.key for p in position.scored),
                   turns=turns, editions=position.deck.editions)

    def position(self) -> Position:
        """The odds engine's Position (``make_position``); raises its NotationError /
        ConfigurationError naming the bad part."""
        return make_position(self.hand, self.tableau, self.discard, self.others,
                             center=self.center, figure=self.figure, scored=list(self.scored),
                             editions=self.editions)

    def setting(self) -> str:
        """What the question is asked about, in words: "hand B2 G7 Y9, tableau R4 R6 B8"."""
        return (f"hand {format_cards(self.hand) or '(empty)'}, "
                f"tableau {format_cards(self.tableau) or '(empty)'}")

    def text(self) -> str:
        """The question in words."""
        within = ("this turn" if self.turns == 1
                  else f"within {self.turns} of my turns, {IF_NOBODY_MOVES}")
        return f"P(I score {within}), {self.setting()}"


@dataclass(frozen=True)
class RollQuestion:
    """My dice turn under the best play (RULES.md §B3, §B4, §C2): ``dice`` the five faces
    showing (None: before the first roll), ``rolls_left``, the characters I ``scored``, the
    ``taken`` numbered spaces of the scoreboard as (character, space) pairs, an optional
    ``target`` character, and ``at_least`` k (P(count >= k)) or None (expected points);
    ``characters`` and ``wilds`` the dice model's (``DiceModel``; default Clubhouse dice)."""

    game: ClassVar[str] = "dice"
    name: ClassVar[str] = "roll"
    dice: tuple[str, ...] | None = ("Mickey", "Mickey", CLUBHOUSE, "Goofy", "Pluto")
    rolls_left: int = 2
    scored: tuple[str, ...] = ()
    taken: tuple[tuple[str, int], ...] = ()
    target: str | None = None
    at_least: int | None = None
    characters: int = MODEL.characters
    wilds: int = MODEL.wilds

    def model(self) -> DiceModel:
        """The dice model asked about: :data:`MODEL` unless ``characters`` / ``wilds`` differ."""
        if (self.characters, self.wilds) == (MODEL.characters, MODEL.wilds):
            return MODEL
        return DiceModel(characters=self.characters, wilds=self.wilds)

    def objective(self) -> Objective:
        """The odds engine's Objective for this question."""
        if self.at_least is not None:
            return Objective.at_least(self.at_least, target=self.target, scored=self.scored)
        taken: dict[str, list[int]] = {}
        for name, space in self.taken:
            taken.setdefault(name, []).append(space)
        return Objective.points(scored=self.scored, taken=taken, target=self.target)

    def counts(self) -> tuple[int, ...] | None:
        """The dice showing as a count vector, or None before the first roll."""
        return None if self.dice is None else self.model().counts(list(self.dice))

    def measured(self) -> str:
        """What is measured at the end of the turn, in words."""
        if self.at_least is None:
            return ("points this turn" if self.target is None
                    else f"points this turn, scoring {self.target}")
        return f"{self.target}'s count" if self.target else "the best count"

    def setting(self) -> str:
        """What the question is asked about, in words: "Mickey Mickey Clubhouse Goofy Pluto,
        2 roll(s) left"."""
        showing = "before the first roll" if self.dice is None else " ".join(self.dice)
        return f"{showing}, {self.rolls_left} roll(s) left"

    def text(self) -> str:
        """The question in words."""
        ask = ("expected " + self.measured() if self.at_least is None
               else f"P({self.measured()} ≥ {self.at_least})")
        return f"{ask}, {self.setting()}"


Question = DealQuestion | HandQuestion | RollQuestion

