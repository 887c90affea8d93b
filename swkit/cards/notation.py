"""Character cards and their notation (RULES.md section A1).

A card is a color letter and a number: ``G1`` ... ``Y9``. Colors: B blue, G green, P purple,
R red, Y yellow. Parsers also accept lower case and full names (``r7``, ``red7``, ``Red 7``);
in a list, cards are separated by spaces or commas, and a color word followed by a number (with
only spaces between them, never a comma) is one card. Numbers are ASCII digits only.

The canonical color order is alphabetical by letter (B, G, P, R, Y), so sorting cards sorts
their notation: ``sorted(cards)`` and ``sorted(map(str, cards))`` agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from swkit.entries import check_entries
from swkit.errors import NotationError

COLORS: tuple[str, ...] = ("B", "G", "P", "R", "Y")
"""The five color letters in canonical (sorted) order."""

COLOR_NAMES: dict[str, str] = {
    "B": "blue", "G": "green", "P": "purple", "R": "red", "Y": "yellow",
}
"""Color letter -> full lower-case name."""

NUMBERS: tuple[int, ...] = tuple(range(1, 10))
"""The card numbers, 1..9."""

_COLOR_WORDS: dict[str, str] = {**{c.lower(): c for c in COLORS},
                                **{name: c for c, name in COLOR_NAMES.items()}}

ACCEPTED_COLORS = "B blue, G green, P purple, R red, Y yellow"
"""The accepted color letters and names, for messages."""


def parse_color(text: str) -> str | None:
    """The color letter of a color letter or name in any case (``"p"``, ``"Purple"`` -> ``"P"``),
    or None when ``text`` names no color."""
    return _COLOR_WORDS.get(text.strip().lower()) if isinstance(text, str) else None


ACCEPTED_CARD_FORMS = (
    "a color letter or name followed by a number 1-9, e.g. R7, r7, red7, 'Red 7' "
    f"(colors: {ACCEPTED_COLORS})"
)


class Card(NamedTuple):
    """One character card type: ``color`` is a letter of COLORS, ``number`` is 1..9.

    Physical cards of several editions (RULES.md §A9) share a type; the game counts copies.
    """

    color: str
    number: int

    def __str__(self) -> str:
        return f"{self.color}{self.number}"

    def __repr__(self) -> str:
        return f"Card('{self.color}{self.number}')"

    @property
    def index(self) -> int:
        """Position 0..44 of this card type in sorted order (``ALL_CARDS[card.index] == card``)."""
        return COLORS.index(self.color) * 9 + self.number - 1


    def _repr_svg_(self) -> str:
        """The card drawn as SVG, for Jupyter (:func:`swkit.pictures.card_svg`)."""
        from swkit.pictures import card_svg
        return card_svg(self)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt


class CardRow(tuple[Card, ...]):
    """Cards in a row that draw themselves in Jupyter (``_repr_svg_``). A plain tuple otherwise:
    equal to (and hashed like) the tuple of the same cards, and printed the same way."""

    __slots__ = ()
    label = "cards"
    """The words written above the picture."""

    def _repr_svg_(self) -> str:
        from swkit.pictures import cards_svg
        return cards_svg(self, label=self.label)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt


class Hand(CardRow):
    """A player's hand, sorted (RULES.md §A3)."""

    __slots__ = ()
    label = "hand"


class Tableau(CardRow):
    """A player's tableau, in order of play (RULES.md §A3)."""

    __slots__ = ()
    label = "tableau"


class DiscardPile(CardRow):
    """The discard pile, bottom to top (RULES.md §A3)."""

    __slots__ = ()
    label = "discard pile"


ALL_CARDS: tuple[Card, ...] = tuple(Card(c, n) for c in COLORS for n in NUMBERS)
"""The 45 card types of one edition, sorted."""

_BY_TEXT: dict[str, Card] = {str(c): c for c in ALL_CARDS}

_TOKEN = re.compile(r"([A-Za-z]+)\s*([0-9]+)$", re.ASCII)
_DIGITS = re.compile(r"[0-9]+$", re.ASCII)
_PIECE = re.compile(r"[^\s,]+|,")  # a token, or a comma (which separates cards)


def _bad(token: str, why: str = "") -> NotationError:
    why = f" ({why})" if why else ""
    return NotationError(f"cannot read card {token!r}{why}: write {ACCEPTED_CARD_FORMS}")


def parse_card(text: str) -> Card:
    """Read one card (``R7``, ``r7``, ``red7``, ``Red 7``) and return its Card.

    Raises NotationError naming the text as typed and the accepted forms.
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read card {text!r} (not text): write {ACCEPTED_CARD_FORMS}")
    token = text.strip()
    hit = _BY_TEXT.get(token)
    if hit is not None:
        return hit
    m = _TOKEN.match(token)
    if not m:
        why = ""
        if token.lower() in _COLOR_WORDS:
            why = "a color needs its number, joined by nothing or a space; a comma separates cards"
        elif any(ch.isdigit() and not ch.isascii() for ch in token):
            why = "write the number with the digits 0-9"
        raise _bad(token or text, why)
    word, digits = m.group(1).lower(), m.group(2)
    color = _COLOR_WORDS.get(word)
    if color is None:
        raise _bad(token, f"unknown color {m.group(1)!r}")
    number = int(digits)
    if not 1 <= number <= 9:
        raise _bad(token, f"number {number} is outside 1-9")
    return Card(color, number)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read a list of cards separated by spaces or commas, in the order given.

    A color word followed by a separate number with only spaces between them (``Red 7``) is
    one card; a comma always separates cards, so ``red,7`` is an error. An empty or blank
    string gives an empty list; an empty entry between commas (``"R1,,R2"``, ``"R1,"``) is
    refused as a typo (:func:`swkit.entries.check_entries`). An iterable of strings or Cards is
    read item by item. Raises NotationError naming the first bad token as typed
    (``'Green 10'``) or the empty entry.
    """
    if not isinstance(text, str):
        return [c if isinstance(c, Card) else parse_card(c) for c in text]
    check_entries(text, "", '"R1, R2" or "R1 R2"')
    pieces = [(m.group(), m.start(), m.end()) for m in _PIECE.finditer(text)]
    cards: list[Card] = []
    i = 0
    while i < len(pieces):
        tok, start, end = pieces[i]
        if tok == ",":
            i += 1
            continue
        if (tok.lower() in _COLOR_WORDS and i + 1 < len(pieces)
                and _DIGITS.match(pieces[i + 1][0])):
            cards.append(parse_card(text[start:pieces[i + 1][2]]))
            i += 2
            continue
        cards.append(parse_card(tok))
        i += 1
    return cards


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Write cards in notation, in the order given: ``format_cards([R3, B7]) == "R3 B7"``."""
    return sep.join(str(c) for c in cards)
