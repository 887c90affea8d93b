"""The shared scoreboard of Clubhouse dice (RULES.md sections B1 and B4).

One row per character. Each row has a Picture Column worth 0 points, which holds any number of
tokens, and numbered scoring spaces worth 1..5, each holding at most one token. A token is a
player's seat index. Where a token goes is decided by :func:`swkit.dice.scoring.space_for`, the
one home of the rule; this module only keeps the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from swkit.dice import scoring
from swkit.dice.faces import DEFAULT_CHARACTERS, check_characters
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.limits import MAX_DICE_PLAYERS
from swkit.whole import as_whole

SPACE_VALUES: tuple[int, ...] = tuple(range(1, scoring.TOP_SPACE + 1))
"""The values of the numbered scoring spaces of a row, left to right (1..5)."""

MAX_PLAYERS = MAX_DICE_PLAYERS
"""The most players a board (and a game) takes (RULES.md §B2)."""


def space_name(value: int) -> str:
    """Words for a space's value: ``"the Picture Column"`` for 0, ``"the 3 space"`` otherwise."""
    return "the Picture Column" if value == scoring.PICTURE_COLUMN else f"the {value} space"


def seat_label(seat: int) -> str:
    """How a token of ``seat`` is written on the rendered board: ``P0``, ``P1``, ..."""
    return f"P{seat}"


class Scoreboard:
    """The shared scoreboard: who holds which space of which character's row.

    ``characters``: the edition's five characters (row order); ``players``: 1..4 seats.
    Raises ConfigurationError for a bad character list or player count.
    """

    __slots__ = ("characters", "players", "_spaces", "_taken", "_picture", "_values",
                 "_unscored", "_totals", "_masks", "_mask_view")

    def __init__(self, characters: Sequence[str] = DEFAULT_CHARACTERS, players: int = 2) -> None:
        self.characters: tuple[str, ...] = check_characters(characters)
        if as_whole(players) is None or not 1 <= players <= MAX_PLAYERS:
            raise ConfigurationError(
                f"a scoreboard takes 1 to {MAX_PLAYERS} players, got {players!r} (RULES.md §B2)")
        self.players: int = int(players)
        # _spaces[c][v] is the seat on the space worth v (index 0 unused), or None.
        self._spaces: dict[str, list[int | None]] = {
            c: [None] * (scoring.TOP_SPACE + 1) for c in self.characters}
        self._taken: dict[str, set[int]] = {c: set() for c in self.characters}
        self._picture: dict[str, list[int]] = {c: [] for c in self.characters}
        # _values[seat][c]: the value of the space holding seat's token in row c.
        self._values: list[dict[str, int]] = [{} for _ in range(players)]
        self._unscored: list[tuple[str, ...]] = [self.characters] * players
        self._totals: list[int] = [0] * players
        # Which numbered spaces are taken, one bitmask per row (bit v-1 for the space worth v):
        # a hashable summary of a row for caches keyed on it (see ``row_mask``).
        self._masks: dict[str, int] = dict.fromkeys(self.characters, 0)
        self._mask_view: Mapping[str, int] = MappingProxyType(self._masks)

    # -- reading -------------------------------------------------------------------------------

    def taken(self, character: str) -> frozenset[int]:
        """The values of the numbered spaces of ``character``'s row that hold a token."""
        return frozenset(self._taken[self._row(character)])

    def row_mask(self, character: str) -> int:
        """The taken numbered spaces of ``character``'s row as a bitmask: bit ``v - 1`` is set
        when the space worth ``v`` holds a token (a hashable summary of the row)."""
        return self._masks[self._row(character)]

    @property
    def row_masks(self) -> Mapping[str, int]:
        """Every row's :meth:`row_mask`, by character in row order: a read-only live view (it
        follows the board as tokens are placed), for a bot that reads every row each move."""
        return self._mask_view

    def __getstate__(self) -> dict[str, Any]:
        """The board's fields without the masks' view (a view does not pickle or deep-copy;
        :meth:`__setstate__` makes it again)."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_mask_view"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._mask_view = MappingProxyType(self._masks)

    def owner(self, character: str, value: int) -> int | None:
        """The seat whose token is on the space worth ``value`` (1..5) of ``character``'s row,
        or None when it is open. Raises ValueError for a value outside 1..5."""
        if value not in SPACE_VALUES:
            raise ValueError(f"numbered spaces are worth 1..5, got {value!r}")
        return self._spaces[self._row(character)][value]

    def picture_column(self, character: str) -> tuple[int, ...]:
        """The seats with a token in ``character``'s Picture Column, in the order placed."""
        return tuple(self._picture[self._row(character)])

    def space_for(self, character: str, count: int) -> int:
        """The value of the space a token for ``count`` would take in ``character``'s row now:
        the nearest open numbered space at or left of the count, else 0 = Picture Column
        (RULES.md §B4, via :func:`swkit.dice.scoring.space_for`)."""
        return scoring.space_for(count, self._taken[character])

    def best_space(self, character: str) -> int:
        """The best value still reachable in ``character``'s row (a count of 5 there)."""
        return scoring.space_for(scoring.TOP_SPACE, self._taken[character])

    def scored(self, seat: int) -> dict[str, int]:
        """The characters ``seat`` has scored, in row order, each with its space's value
        (0 for the Picture Column)."""
        values = self._values[self._seat(seat)]
        return {c: values[c] for c in self.characters if c in values}

    def unscored(self, seat: int) -> tuple[str, ...]:
        """The characters ``seat`` has not scored yet, in row order (RULES.md §B4)."""
        return self._unscored[seat]

    def total(self, seat: int) -> int:
        """``seat``'s total: the sum of the values of the spaces holding its tokens (§B5)."""
        return self._totals[self._seat(seat)]

    def totals(self) -> tuple[int, ...]:
        """Every seat's total, in seat order (RULES.md §B5)."""
        return tuple(self._totals)

    def tokens_placed(self, seat: int) -> int:
        """How many of ``seat``'s tokens are on the board."""
        return len(self._values[self._seat(seat)])

    # -- changing ------------------------------------------------------------------------------

    def place(self, seat: int, character: str, count: int) -> int:
        """Put ``seat``'s token in ``character``'s row for a ``count`` (0..5) and return the
        value of the space it took (0 = Picture Column), RULES.md §B4.

        Raises IllegalActionError when ``seat`` has already scored ``character`` and ValueError
        for an unknown seat, row or a count outside 0..5; the board is then unchanged.
        """
        seat = self._seat(seat)
        character = self._row(character)
        if as_whole(count) is None or not 0 <= count <= scoring.TOP_SPACE:
            raise ValueError(f"a count is 0..5 with five dice, got {count!r}")
        count = int(count)
        values = self._values[seat]
        if character in values:
            raise IllegalActionError(
                f"player {seat} has already scored {character} (token on "
                f"{space_name(values[character])}); each character is scored once "
                f"(RULES.md §B4)")
        value = scoring.space_for(count, self._taken[character])
        self._put(seat, character, value)
        return value

    def copy(self) -> Scoreboard:
        """An independent copy of this board."""
        new = Scoreboard.__new__(Scoreboard)
        new.characters = self.characters
        new.players = self.players
        new._spaces = {c: list(v) for c, v in self._spaces.items()}
        new._taken = {c: set(v) for c, v in self._taken.items()}
        new._picture = {c: list(v) for c, v in self._picture.items()}
        new._values = [dict(v) for v in self._values]
        new._unscored = list(self._unscored)
        new._totals = list(self._totals)
        new._masks = dict(self._masks)
        new._mask_view = MappingProxyType(new._masks)
        return new

    # -- JSON and text -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: characters, players and per row the five numbered spaces (seat or
        None, for values 1..5) and the Picture Column (seats in the order placed)."""
        return {
            "characters": list(self.characters),
            "players": self.players,
            "rows": {c: {"spaces": self._spaces[c][1:], "picture": list(self._picture[c])}
                     for c in self.characters},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scoreboard:
        """The inverse of :meth:`to_dict`. Raises ConfigurationError for an inconsistent board
        (an unknown seat, a player scoring a character twice)."""
        board = cls(data["characters"], data["players"])
        for c in board.characters:
            row = data["rows"][c]
            spaces = list(row["spaces"])
            if len(spaces) != scoring.TOP_SPACE:
                raise ConfigurationError(f"row {c} needs {scoring.TOP_SPACE} numbered spaces")
            tokens = [(s, v) for v, s in zip(SPACE_VALUES, spaces, strict=True) if s is not None]
            tokens += [(s, scoring.PICTURE_COLUMN) for s in row["picture"]]
            for seat, value in tokens:
                if not isinstance(seat, int) or not 0 <= seat < board.players:
                    raise ConfigurationError(f"row {c} holds a token of unknown seat {seat!r}")
                if c in board._values[seat]:
                    raise ConfigurationError(f"player {seat} has two tokens in row {c}")
                board._put(seat, c, value)
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scoreboard):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def render(self) -> str:
        """The board as a text grid: one line per row, the Picture Column then spaces 1..5,
        each cell the token(s) there (``P0``..``P3``) or ``.``; then a line of totals."""
        header = ["", "Picture", *[str(v) for v in SPACE_VALUES]]
        lines = [header]
        for c in self.characters:
            picture = " ".join(seat_label(s) for s in self._picture[c]) or "."
            cells = [seat_label(s) if s is not None else "." for s in self._spaces[c][1:]]
            lines.append([c, picture, *cells])
        widths = [max(len(row[i]) for row in lines) for i in range(len(header))]
        text = [" | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                for row in lines]
        text.append("Totals: " + ", ".join(
            f"{seat_label(s)} {t}" for s, t in enumerate(self._totals)))
        return "\n".join(text)

    def __str__(self) -> str:
        return self.render()

    def _repr_svg_(self) -> str:
        """The board drawn as the rulebook's grid, for Jupyter
        (:func:`swkit.pictures.scoreboard_svg`)."""
        from swkit.pictures import scoreboard_svg
        return scoreboard_svg(self)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt

    def __repr__(self) -> str:
        return f"Scoreboard(players={self.players}, totals={self.totals()})"

    # -- helpers -------------------------------------------------------------------------------

    def _put(self, seat: int, character: str, value: int) -> None:
        """Put ``seat``'s token on the space worth ``value`` (0 = Picture Column) of
        ``character``'s row and update every cached field (spaces, taken, masks, values,
        unscored, totals). The caller has checked the seat, the row and that ``seat`` has not
        scored ``character``; a numbered space must be open."""
        if value == scoring.PICTURE_COLUMN:
            self._picture[character].append(seat)
        else:
            self._spaces[character][value] = seat
            self._taken[character].add(value)
            self._masks[character] |= 1 << (value - 1)
        self._values[seat][character] = value
        self._unscored[seat] = tuple(c for c in self._unscored[seat] if c != character)
        self._totals[seat] += value

    def _row(self, character: str) -> str:
        if character not in self._spaces:
            raise ValueError(f"no row for {character!r}: rows are {', '.join(self.characters)}")
        return character

    def _seat(self, seat: int) -> int:
        if as_whole(seat) is None or not 0 <= seat < self.players:
            raise ValueError(f"seat {seat!r} is not at this board: seats are 0..{self.players - 1}")
        return int(seat)
