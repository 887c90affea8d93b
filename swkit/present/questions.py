"""The odds questions a student can ask, as frozen dataclasses: each says itself in words and
hands the odds engine its inputs (RULES.md §C).

- :class:`DealQuestion` -- P(K random cards hold a set / a run / either), RULES.md §A4, §C1;
- :class:`HandQuestion` -- P(scoring within T of my turns) from my view, RULES.md §A6, §C1;
- :class:`RollQuestion` -- P(a count >= k) or the expected points at the end of my dice turn
  under the best play, RULES.md §B3, §B4, §C2;
- :class:`SoloQuestion` -- the solo game's expected total and best action, RULES.md §B2;
- :class:`DuelQuestion` -- each choice's chance to win a two-player game, RULES.md §B5.

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

__all__ = ["EVENT_WORDS", "MODEL", "DealQuestion", "DuelQuestion", "HandQuestion", "OddsQuestion",
           "Question", "RollQuestion", "SoloQuestion"]

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


@dataclass(frozen=True)
class SoloQuestion:
    """The solo game under the best play (RULES.md §B2): its expected total, each turn's
    expected points by the characters not yet scored, and with ``dice`` (the faces showing) or
    ``scored`` (names) the best action in that state, valued as the expected points of the
    rest of the game; ``rolls_left`` None for the default (RULES.md §B3); ``characters`` and
    ``wilds`` the dice model's."""

    game: ClassVar[str] = "dice"
    name: ClassVar[str] = "solo"
    characters: int = MODEL.characters
    wilds: int = MODEL.wilds
    dice: tuple[str, ...] | None = None
    rolls_left: int | None = None
    scored: tuple[str, ...] = ()

    def model(self) -> DiceModel:
        """The dice model asked about: :data:`MODEL` unless ``characters`` / ``wilds`` differ."""
        return RollQuestion(characters=self.characters, wilds=self.wilds).model()

    def asks_action(self) -> bool:
        """True when the question asks the best action in a state (``dice`` or ``scored``)."""
        return self.dice is not None or bool(self.scored)

    def setting(self) -> str:
        """What the question is asked about, in words: "5 characters, 1 wild die face"."""
        state = ("" if not self.asks_action() else
                 f"; {' '.join(self.dice) if self.dice is not None else 'before the roll'}, "
                 f"scored {', '.join(self.scored) or 'none'}")
        return (f"{self.characters} characters, {self.wilds} wild die "
                f"face{'s' if self.wilds != 1 else ''}{state}")

    def text(self) -> str:
        """The question in words."""
        return f"solo game: optimal expected total, {self.setting()}"


@dataclass(frozen=True)
class DuelQuestion:
    """The chance to win (P(win) + 1/2 P(tie), RULES.md §B5) of every keep and score choice of
    the player to move in a two-player dice game, if they play it and then play their best
    against the other's best, beside this turn's expected points of the same choice (RULES.md
    §C2): ``board`` the board notation ("Mickey:3,Goofy:0 / Minnie:5", the mover follows from
    the token counts), ``dice`` the faces showing, ``rolls_left`` None for the default."""

    game: ClassVar[str] = "dice"
    name: ClassVar[str] = "duel"
    board: str = ""
    dice: tuple[str, ...] = ("Mickey", "Mickey", CLUBHOUSE, "Goofy", "Pluto")
    rolls_left: int | None = None

    def setting(self) -> str:
        """What the question is asked about, in words: "board (empty), Mickey Mickey …"."""
        rolls = "" if self.rolls_left is None else f", {self.rolls_left} roll(s) left"
        return f"board {self.board.strip() or '(empty)'}, {' '.join(self.dice)}{rolls}"

    def text(self) -> str:
        """The question in words."""
        return f"chance to win of each choice, {self.setting()}"


Question = DealQuestion | HandQuestion | RollQuestion
"""A question the odds explorer asks: answered exactly, simulated and charted."""

OddsQuestion = Question | SoloQuestion | DuelQuestion
"""Every question :func:`swkit.present.answers.solve` answers (``swkit odds`` asks them all)."""

