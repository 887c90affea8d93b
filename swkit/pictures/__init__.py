"""Pictures of both games as SVG text: cards, Powers, dice, the scoreboard and players' views.

Pure Python (the standard library only), so the core can draw itself in Jupyter (``Card``,
``Hand``, ``Tableau``, ``Power``, ``Roll``, ``Scoreboard``, ``CardView`` and ``DiceView`` have
``_repr_svg_`` and ``_repr_html_``) and widgets and lessons reuse the same pictures
(``ipywidgets.HTML(value=svg)``, or ``display(HTML(svg))`` in a lesson). Every function
returns one complete ``<svg>`` element. The cards are drawn in :mod:`swkit.pictures.cards`, the
dice and the scoreboard in :mod:`swkit.pictures.dice`, with the palette and the SVG plumbing of
:mod:`swkit.pictures.base`.

Design rules (DESIGN.md "Pictures over text"):

- Colors come from the Okabe–Ito palette, which stays distinct for the common color
  blindnesses, and color is never the only cue: a card prints its color letter, its number and
  its color name; a token prints its seat (``P0``); a Clubhouse face has a house and says Club
  and wild; a kept die is framed and labelled KEPT.
- Text is dark on light or light on dark, chosen by the WCAG contrast ratio
  (:func:`contrast_ratio`), and every text on its background reaches at least 4.5:1, so it reads
  on a projector.
- Every picture has ``role="img"``, an ``aria-label`` and a ``<title>`` saying in words what it
  shows (the cards in notation, the dice, every token on the board), for screen readers. In
  Jupyter a picture shows itself as HTML, the ``<svg>`` inline: JupyterLab draws an
  ``image/svg+xml`` output as an ``<img>`` with no text alternative, which hides those words.

>>> from swkit.cards.notation import Card
>>> svg = card_svg(Card("R", 7))
>>> svg.startswith("<svg") and ">R<" in svg and ">7<" in svg and "<title>R7" in svg
True
"""

from swkit.pictures.base import (
    CLUBHOUSE_COLOR,
    FONT,
    INK,
    MUTED,
    PLAYER_COLORS,
    contrast_ratio,
    text_color,
)
from swkit.pictures.cards import (
    CARD_COLORS,
    CARD_GAP,
    CARD_H,
    CARD_W,
    POWER_H,
    POWER_W,
    card_svg,
    card_view_svg,
    cards_svg,
    power_svg,
)
from swkit.pictures.dice import (
    DIE,
    DIE_GAP,
    dice_svg,
    dice_view_svg,
    die_svg,
    face_label,
    scoreboard_svg,
)

__all__ = [
    "CARD_COLORS", "CARD_GAP", "CARD_H", "CARD_W", "CLUBHOUSE_COLOR", "DIE", "DIE_GAP",
    "POWER_H", "POWER_W", "FONT", "INK", "MUTED", "PLAYER_COLORS", "card_svg",
    "card_view_svg", "cards_svg", "contrast_ratio", "dice_svg", "dice_view_svg", "die_svg",
    "face_label", "power_svg", "scoreboard_svg", "text_color",
]
