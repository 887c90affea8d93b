"""Pictures of both games as SVG text: cards, Powers, dice, the scoreboard and players' views.

Pure Python (the standard library only), so the core can draw itself in Jupyter (``Card``,
``Hand``, ``Tableau``, ``Power``, ``Roll``, ``Scoreboard``, ``CardView`` and ``DiceView`` have
``_repr_svg_`` and ``_repr_html_``) and widgets and lessons reuse the same pictures
(``ipywidgets.HTML(value=svg)``, or ``display(HTML(svg))`` in a lesson). Every function
returns one complete ``<svg>`` element.

Design rules (issue 7, DESIGN.md "Pictures over text"):

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

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from swkit.cards.notation import COLOR_NAMES, Card
from swkit.dice.board import SPACE_VALUES, seat_label
from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS

__all__ = [
    "CARD_COLORS", "CLUBHOUSE_COLOR", "PLAYER_COLORS", "card_svg", "card_view_svg", "cards_svg",
    "contrast_ratio", "dice_svg", "dice_view_svg", "die_svg", "face_label", "power_svg",
    "scoreboard_svg", "text_color",
]

# -- the palette ----------------------------------------------------------------------------

CARD_COLORS: dict[str, str] = {
    "B": "#0072B2",  # Okabe–Ito blue
    "G": "#009E73",  # bluish green
    "P": "#CC79A7",  # reddish purple
    "R": "#D55E00",  # vermillion
    "Y": "#F0E442",  # yellow
}
"""Card color letter -> fill (Okabe–Ito)."""

PLAYER_COLORS: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
"""Token fill per seat 0..3 (Okabe–Ito orange, sky blue, bluish green, reddish purple)."""

CLUBHOUSE_COLOR = "#E69F00"
"""The fill of a Clubhouse (wild) die face (Okabe–Ito orange)."""

INK = "#1A1A1A"
"""Dark text and outlines."""

MUTED = "#595959"
"""Secondary text on white (7:1)."""

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

CARD_W, CARD_H, CARD_GAP = 56, 80, 8
POWER_W, POWER_H = 168, 100
DIE, DIE_GAP = 66, 12


def _luminance(color: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    channels = []
    for i in (1, 3, 5):
        c = int(color[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio (1 to 21) of two ``#RRGGBB`` colors; 4.5 reads as body text."""
    a, b = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def text_color(background: str) -> str:
    """Black-ish or white text, whichever contrasts more with ``background``."""
    return INK if contrast_ratio(INK, background) >= contrast_ratio("#FFFFFF", background) \
        else "#FFFFFF"


# -- SVG plumbing ---------------------------------------------------------------------------

def _svg(width: float, height: float, body: Iterable[str], title: str) -> str:
    """A complete, accessible ``<svg>`` element around ``body``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label={quoteattr(title)} '
            f'font-family={quoteattr(FONT)}><title>{escape(title)}</title>'
            + "".join(body) + "</svg>")


def _text(x: float, y: float, text: str, *, size: float = 14, fill: str = INK,
          anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(str(text))}</text>')


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is in bold at font ``size`` (DejaVu Sans: ~0.64 em a character),
    so a picture is made wide enough for its label."""
    return 0.64 * size * len(text)


def _group(x: float, y: float, parts: Iterable[str]) -> str:
    return f'<g transform="translate({x:g},{y:g})">' + "".join(parts) + "</g>"


def _wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


# -- cards ----------------------------------------------------------------------------------

def _card(card: Card, wild: bool = False) -> list[str]:
    """The parts of one card drawn at (0, 0), CARD_W x CARD_H."""
    fill = CARD_COLORS[card.color]
    ink = text_color(fill)
    parts = [
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" fill="{fill}" '
        f'stroke="{INK}" stroke-width="2"/>',
        _text(7, 18, card.color, size=15, fill=ink, weight="bold"),
        f'<circle cx="{CARD_W / 2:g}" cy="{CARD_H / 2 + 2:g}" r="17" fill="#FFFFFF" '
        f'stroke="{INK}" stroke-width="1.5"/>',
        _text(CARD_W / 2, CARD_H / 2 + 11, str(card.number), size=26, weight="bold",
              anchor="middle"),
        _text(CARD_W / 2, CARD_H - 7, COLOR_NAMES[card.color], size=10, fill=ink,
              anchor="middle", weight="bold"),
    ]
    if wild:
        parts.append(f'<rect x="-2" y="-2" width="{CARD_W + 4}" height="{CARD_H + 4}" rx="9" '
                     f'fill="none" stroke="{INK}" stroke-width="3" stroke-dasharray="6 3"/>')
        parts.append(_text(CARD_W - 6, 18, "★", size=14, fill=ink, anchor="end"))
    return parts


def card_svg(card: Card, *, wild: bool = False) -> str:
    """One character card: its color (Okabe–Ito), color letter, number and color name.
    ``wild``: framed with a dashed line and a star (a wild effect in force, RULES.md §A4)."""
    title = f"{card} ({COLOR_NAMES[card.color]} {card.number})" + (", wild" if wild else "")
    return _svg(CARD_W + 4, CARD_H + 4, [_group(2, 2, _card(card, wild))], title)


def _card_row(cards: Sequence[Card], wilds: Any = None, max_cards: int | None = None
              ) -> tuple[float, list[str]]:
    """A row of cards at (0, 0): (width, parts). Past ``max_cards`` only the last ones show,
    after a "+N" note."""
    shown = list(cards)
    parts: list[str] = []
    x = 0.0
    if max_cards is not None and len(shown) > max_cards:
        hidden = len(shown) - max_cards
        shown = shown[-max_cards:]
        parts.append(_text(0, CARD_H / 2 + 5, f"+{hidden}", size=14, fill=MUTED, weight="bold"))
        x = 34.0
    if not shown:
        parts.append(f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" '
                     f'fill="none" stroke="{MUTED}" stroke-width="1.5" stroke-dasharray="4 3"/>')
        parts.append(_text(CARD_W / 2, CARD_H / 2 + 4, "empty", size=11, fill=MUTED,
                           anchor="middle"))
        return CARD_W, parts
    for card in shown:
        wild = bool(wilds) and (card.color in wilds.colors or card.number in wilds.numbers)
        parts.append(_group(x, 0, _card(card, wild)))
        x += CARD_W + CARD_GAP
    return x - CARD_GAP, parts


def cards_svg(cards: Sequence[Card], *, label: str | None = None, wilds: Any = None,
              count: bool = True) -> str:
    """A row of cards in the order given (a hand, a tableau, the discard pile bottom to top),
    with ``label`` and (when ``count``) the number of cards written above: "hand (3 cards)".
    ``count=False`` for a label that is a sentence ("a set: one number, any colors").
    ``wilds``: a :class:`~swkit.cards.triples.Wilds` whose wild cards are framed."""
    cards = list(cards)
    top = 24 if label else 2
    width, parts = _card_row(cards, wilds)
    body = []
    heading = label or ""
    if label and count:
        heading = f"{label} ({len(cards)} card{'' if len(cards) == 1 else 's'})"
    if label:
        body.append(_text(2, 17, heading, size=15, weight="bold"))
    body.append(_group(2, top, parts))
    words = " ".join(f"{c} (wild)" if wilds and (c.color in wilds.colors
                                                 or c.number in wilds.numbers) else str(c)
                     for c in cards) or "no cards"
    title = f"{label}: {words}" if label else words
    return _svg(max(width + 4, 160 if label else 0, _text_width(heading, 15) + 6),
                top + CARD_H + 4, body, title)


# -- Powers ---------------------------------------------------------------------------------

def _power(power: Any, edition: int | None = None) -> list[str]:
    """The parts of one Power card at (0, 0), POWER_W x POWER_H."""
    fill = CARD_COLORS[power.color]
    ink = text_color(fill)
    head = f"Power {power.number}" + (f" · edition {edition}" if edition else "")
    parts = [
        f'<rect x="1" y="1" width="{POWER_W - 2}" height="{POWER_H - 2}" rx="8" '
        f'fill="#FFFFFF" stroke="{INK}" stroke-width="2"/>',
        f'<path d="M1 27 V9 a8 8 0 0 1 8 -8 H{POWER_W - 9} a8 8 0 0 1 8 8 V27 Z" '
        f'fill="{fill}" stroke="{INK}" stroke-width="2"/>',
        _text(8, 19, head, size=12, fill=ink, weight="bold"),
        _text(POWER_W - 8, 19, f"{power.color} {COLOR_NAMES[power.color]}", size=11, fill=ink,
              anchor="end", weight="bold"),
    ]
    lines = _wrap(power.text, 24)  # 24 characters of 11 px text fit the card with room to spare
    if len(lines) > 5:
        lines = lines[:4] + [lines[4][:24] + "…"]
    for i, line in enumerate(lines):
        parts.append(_text(8, 43 + 13 * i, line, size=11))
    return parts


def power_svg(power: Any, *, edition: int | None = None) -> str:
    """One Power card (RULES.md §A7): a band in its color with its number, color letter and
    name, then its text. ``power``: a :class:`~swkit.cards.editions.Power`."""
    title = (f"Power {power.number} ({power.key}), {COLOR_NAMES[power.color]}: {power.text}")
    return _svg(POWER_W + 4, POWER_H + 4, [_group(2, 2, _power(power, edition))], title)


def _power_chip(power: Any, x: float, y: float) -> tuple[float, str]:
    """A small colored label of a scored Power: (width, part)."""
    fill = CARD_COLORS[power.color]
    label = f"{power.number} {power.key}"
    w = 12 + 6.6 * len(label)
    return w, _group(x, y, [
        f'<rect width="{w:g}" height="20" rx="5" fill="{fill}" stroke="{INK}"/>',
        _text(w / 2, 14, label, size=11, fill=text_color(fill), anchor="middle", weight="bold"),
    ])


# -- a player's view of the card game -------------------------------------------------------

def _seat_name(seat: int, me: int) -> str:
    return f"Seat {seat} (you)" if seat == me else f"Seat {seat}"


def card_view_svg(view: Any) -> str:
    """What one player sees of the card game (a :class:`~swkit.cards.game.CardView`, RULES.md
    §A6): whose turn and step it is, the center Power of each edition with who holds its
    figure, the player's hand, every tableau with each seat's hand size and scored Powers, the
    deck size and the discard pile (its top cards). No other hand is drawn: the view holds none.
    """
    me = view.player
    longest = max([5, len(view.hand), *(len(t) for t in view.tableaux)])
    side_x = 8 + longest * (CARD_W + CARD_GAP) + 16
    width = max(760, side_x + 250)
    body: list[str] = []
    y = 22.0
    if view.to_move == -2:
        mover = "the game is over"
    elif view.to_move == -1:
        mover = "a card is drawn next"
    else:
        mover = f"seat {view.to_move} to move"
    body.append(_text(8, y, f"Seat {me}'s view · seat {view.turn_player}'s turn · step: "
                      f"{view.phase} · {mover}", size=15, weight="bold"))
    if view.wilds:
        y += 20
        body.append(_text(8, y, f"Wild this turn: {view.wilds}", size=13))
    y += 14
    # the centers and figures
    x = 8.0
    center_words = []
    for e, key in enumerate(view.centers):
        edition = e + 1 if len(view.centers) > 1 else None
        holder = view.figures[e]
        who = "in the center" if holder is None else _seat_name(holder, me).lower()
        fig = f"Figure {e + 1}: {who}" if edition else f"Figure: {who}"
        if key is None:
            parts = [f'<rect x="1" y="1" width="{POWER_W - 2}" height="{POWER_H - 2}" rx="8" '
                     f'fill="none" stroke="{MUTED}" stroke-dasharray="4 3"/>',
                     _text(POWER_W / 2, POWER_H / 2, "no center Power", size=12, fill=MUTED,
                           anchor="middle")]
            center_words.append(f"edition {e + 1}: no center Power, {fig}")
        else:
            try:
                power = view.power(key, e + 1)
                parts = _power(power)  # the edition is in the label above
                center_words.append(f"center Power {power.number} {key} "
                                    f"({COLOR_NAMES[power.color]}): {power.text}; {fig}")
            except Exception:  # a view without its editions: show the key only
                parts = [f'<rect x="1" y="1" width="{POWER_W - 2}" height="{POWER_H - 2}" '
                         f'rx="8" fill="#FFFFFF" stroke="{INK}"/>',
                         _text(8, 20, key, size=12, weight="bold")]
                center_words.append(f"center Power {key}; {fig}")
        body.append(_group(x, y + 18, parts))
        body.append(_text(x, y + 14, f"Center{f' {edition}' if edition else ''}"
                          f" · {view.pile_sizes[e]} Powers face down", size=12, fill=MUTED))
        body.append(_text(x, y + POWER_H + 36, fig, size=13, weight="bold"))
        x += POWER_W + 24
    # deck and discard beside the centers
    pile_x = x + 8
    body.append(_text(pile_x, y + 14, f"Deck: {view.deck_size} cards · discard pile: "
                      f"{len(view.discard)} (top on the right)", size=12, fill=MUTED))
    room = max(1, int((width - pile_x - 40) // (CARD_W + CARD_GAP)))
    _, pile = _card_row(view.discard, max_cards=room)
    body.append(_group(pile_x, y + 18, pile))
    y += POWER_H + 70
    # the hand, on a light panel
    body.append(f'<rect x="2" y="{y - 20:g}" width="{width - 4}" height="{CARD_H + 38}" rx="8" '
                f'fill="#EAF3FA" stroke="#0072B2" stroke-width="1.5"/>')
    body.append(_text(8, y, f"Your hand ({len(view.hand)} cards)", size=15, weight="bold"))
    hand_w, hand = _card_row(view.hand, view.wilds)
    body.append(_group(8, y + 8, hand))
    if view.my_pass:
        body.append(_text(hand_w + 24, y + 50, "passing: " + " ".join(map(str, view.my_pass)),
                          size=13, weight="bold"))
    y += CARD_H + 44
    # every seat's tableau, hand size and scored Powers
    seats = range(len(view.tableaux))
    for seat in seats:
        tableau = view.tableaux[seat]
        marker = " ◀ to move" if seat == view.to_move else ""
        body.append(_text(8, y, f"{_seat_name(seat, me)} · tableau ({len(tableau)}) · hand "
                          f"{view.hand_sizes[seat]} cards{marker}", size=14, weight="bold"))
        _, row = _card_row(tableau, view.wilds if seat == view.turn_player else None)
        body.append(_group(8, y + 8, row))
        cx = side_x
        body.append(_text(cx, y + 26, f"Scored Powers: {len(view.scored[seat])}", size=13))
        cy = y + 34
        chip_x = cx
        for e, key in view.scored[seat]:
            try:
                w, chip = _power_chip(view.power(key, e), chip_x, cy)
            except Exception:
                w, chip = 80, _group(chip_x, cy, [_text(0, 14, key, size=11)])
            body.append(chip)
            chip_x += w + 6
        y += CARD_H + 34
    title = (f"Seat {me}'s view of the card game, seat {view.turn_player}'s turn, step "
             f"{view.phase}. " + "; ".join(center_words) + ". Your hand: "
             + (" ".join(map(str, view.hand)) or "empty") + ". "
             + ". ".join(f"{_seat_name(s, me)}: tableau "
                         f"{' '.join(map(str, view.tableaux[s])) or 'empty'}, "
                         f"{view.hand_sizes[s]} cards in hand, scored "
                         f"{', '.join(k for _, k in view.scored[s]) or 'no Powers'}"
                         for s in seats)
             + f". Deck {view.deck_size} cards; discard pile "
             + (" ".join(map(str, view.discard)) or "empty") + ".")
    return _svg(width, y - 8, body, title)


# -- dice -----------------------------------------------------------------------------------

def _house(cx: float, top: float) -> str:
    """A small house (the Clubhouse) outline centred on ``cx``."""
    return (f'<path d="M{cx - 15:g} {top + 14:g} L{cx:g} {top:g} L{cx + 15:g} {top + 14:g} '
            f'M{cx - 11:g} {top + 11:g} V{top + 26:g} H{cx + 11:g} V{top + 11:g} '
            f'M{cx - 4:g} {top + 26:g} V{top + 18:g} H{cx + 4:g} V{top + 26:g}" fill="none" '
            f'stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/>')


def face_label(face: str, characters: Sequence[str] = DEFAULT_CHARACTERS) -> str:
    """The big letters printed on a die face: the fewest first letters of ``face`` that no
    other character of ``characters`` starts with, so no two faces of a game look alike at a
    glance (Mickey ``"Mic"``, Minnie ``"Min"``, Donald ``"D"``, Goofy ``"G"``, Pluto ``"P"``);
    the whole name when it starts another one; ``"Club"`` for the Clubhouse (drawn with a house
    and "wild" under it). ``face``: a
    canonical face name (RULES.md §B1), in ``characters`` or not."""
    if face == CLUBHOUSE:
        return "Club"
    others = [c.casefold() for c in characters if c != face]
    name = face.casefold()
    for n in range(1, len(face)):
        if not any(other.startswith(name[:n]) for other in others):
            return face[:n]
    return face


def _die(face: str, kept: bool, characters: Sequence[str] = DEFAULT_CHARACTERS) -> list[str]:
    """One die at (0, 0), DIE x DIE (plus the KEPT label under it)."""
    wild = face == CLUBHOUSE
    fill = CLUBHOUSE_COLOR if wild else "#FFFFFF"
    parts = [f'<rect x="2" y="2" width="{DIE - 4}" height="{DIE - 4}" rx="10" fill="{fill}" '
             f'stroke="{INK}" stroke-width="{5 if kept else 2}"/>']
    if wild:
        parts.append(_house(DIE / 2, 5))
        parts.append(_text(DIE / 2, DIE - 18, face_label(face, characters), size=18,
                           weight="bold", anchor="middle"))
        parts.append(_text(DIE / 2, DIE - 6, "wild", size=11, weight="bold", anchor="middle"))
    else:
        size = 14 if len(face) <= 6 else max(9, 84 / len(face))
        big = face_label(face, characters)
        parts.append(_text(DIE / 2, DIE / 2 - 2, big, size=min(22, 52 / (0.68 * len(big))),
                           weight="bold", anchor="middle"))
        parts.append(_text(DIE / 2, DIE - 12, face, size=size, weight="bold", anchor="middle"))
    if kept:
        parts.append(f'<rect x="{DIE / 2 - 22:g}" y="{DIE + 5}" width="44" height="18" rx="4" '
                     f'fill="{INK}"/>')
        parts.append(_text(DIE / 2, DIE + 18, "KEPT", size=12, fill="#FFFFFF", weight="bold",
                           anchor="middle"))
    return parts


def _dice_row(faces: Sequence[str], kept: Sequence[bool],
              characters: Sequence[str] = DEFAULT_CHARACTERS) -> tuple[float, list[str]]:
    parts = []
    for i, face in enumerate(faces):
        parts.append(_group(i * (DIE + DIE_GAP), 0, _die(face, bool(kept[i]), characters)))
    return max(0, len(faces) * (DIE + DIE_GAP) - DIE_GAP), parts


def _kept_mask(faces: Sequence[str], kept: Sequence[bool] | None) -> list[bool]:
    mask = [False] * len(faces) if kept is None else [bool(k) for k in kept]
    if len(mask) != len(faces):
        raise ValueError(f"kept needs one flag per die: {len(faces)} dice, {len(mask)} flags")
    return mask


def _dice_words(faces: Sequence[str], kept: Sequence[bool]) -> str:
    return ", ".join(f"{f} (wild)" if f == CLUBHOUSE else f for f in faces) + (
        "; kept: " + " ".join(f for f, k in zip(faces, kept, strict=True) if k)
        if any(kept) else "")


def dice_svg(faces: Sequence[str], *, kept: Sequence[bool] | None = None,
             label: str | None = None, characters: Sequence[str] = DEFAULT_CHARACTERS) -> str:
    """Dice in die order (RULES.md §B1): a character face shows its :func:`face_label` big
    and its name under it, the Clubhouse face is orange with a house, Club and wild; a kept die
    (``kept[i]`` True) has a thick frame and a KEPT tag. ``label``: words written above;
    ``characters``: the game's characters (row order), which the face labels tell apart.
    Raises ValueError when ``kept`` does not give one flag per die."""
    faces = list(faces)
    mask = _kept_mask(faces, kept)
    top = 24 if label else 2
    width, parts = _dice_row(faces, mask, characters)
    body = [_text(2, 17, label, size=15, weight="bold")] if label else []
    if faces:
        body.append(_group(2, top, parts))
    else:
        body.append(_text(2, top + 20, "no dice rolled yet", size=14, fill=MUTED))
    words = _dice_words(faces, mask) if faces else "no dice rolled yet"
    title = f"{label}: {words}" if label else f"Dice: {words}"
    return _svg(max(width + 4, 180, _text_width(label or "", 15) + 6), top + DIE + 26, body,
                title)


def die_svg(face: str | None, *, kept: bool = False,
            characters: Sequence[str] = DEFAULT_CHARACTERS) -> str:
    """One die as drawn by :func:`dice_svg` (a kept die framed and tagged KEPT), or, for
    ``face`` None, a blank die with a question mark (not rolled yet). The picture is always
    ``DIE + 4`` wide and ``DIE + 28`` high, so a row of dice with controls under them lines up
    whatever they show (the dice cup widget draws each die on its own)."""
    if face is None:
        body = [f'<rect x="4" y="4" width="{DIE - 4}" height="{DIE - 4}" rx="10" '
                f'fill="#F2F2F2" stroke="{MUTED}" stroke-width="2" stroke-dasharray="6 4"/>',
                _text(DIE / 2 + 2, DIE / 2 + 12, "?", size=32, fill=MUTED, weight="bold",
                      anchor="middle")]
        return _svg(DIE + 4, DIE + 28, body, "a die not rolled yet")
    words = f"{face} (wild)" if face == CLUBHOUSE else face
    return _svg(DIE + 4, DIE + 28, [_group(2, 2, _die(face, kept, characters))],
                f"die: {words}{', kept' if kept else ''}")


# -- the scoreboard -------------------------------------------------------------------------

PICTURE_W, SPACE_W, ROW_H, HEAD_H = 236, 58, 48, 34
BOARD_X = 6


def _token(seat: int, cx: float, cy: float, r: float = 15) -> str:
    fill = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{INK}" '
            f'stroke-width="2"/>'
            + _text(cx, cy + r * 0.33, seat_label(seat), size=r * 0.8, fill=text_color(fill),
                    anchor="middle", weight="bold"))


def scoreboard_svg(board: Any, *, highlight: Mapping[str, int] | None = None) -> str:
    """The shared scoreboard as the rulebook's grid (RULES.md §B1, §B4): one row per
    character; first the Picture Column (the character's name, worth 0, holding any number of
    tokens), then the numbered scoring spaces 1..5, each holding at most one token. Tokens are
    circles in the player's color with the seat printed (``P0``); the totals follow.
    ``highlight``: character -> space value (0 = Picture Column) to outline, e.g. where a score
    would go now. ``board``: a :class:`~swkit.dice.board.Scoreboard`."""
    width, height, body, title = _scoreboard(board, highlight)
    return _svg(width, height, body, title)


def _scoreboard(board: Any, highlight: Mapping[str, int] | None
                ) -> tuple[float, float, list[str], str]:
    """The scoreboard's (width, height, parts, title) at (0, 0)."""
    highlight = dict(highlight or {})
    width = 2 * BOARD_X + PICTURE_W + SPACE_W * len(SPACE_VALUES)
    body = [_text(BOARD_X + PICTURE_W / 2, 22, "Picture Column (0 pts)", size=13, weight="bold",
                  anchor="middle")]
    for i, v in enumerate(SPACE_VALUES):
        body.append(_text(BOARD_X + PICTURE_W + SPACE_W * (i + 0.5), 22,
                          f"{v} pt{'s' if v > 1 else ''}", size=13, weight="bold",
                          anchor="middle"))
    words = []
    for r, c in enumerate(board.characters):
        top = HEAD_H + r * ROW_H
        body.append(f'<rect x="{BOARD_X}" y="{top}" width="{PICTURE_W}" height="{ROW_H}" '
                    f'fill="#F2F2F2" stroke="{INK}" stroke-width="1.5"/>')
        body.append(_text(BOARD_X + 10, top + ROW_H / 2 + 6, c, weight="bold",
                          size=min(16.0, 90 / (0.62 * max(1, len(c))))))
        picture = board.picture_column(c)
        for k, seat in enumerate(picture):
            body.append(_token(seat, BOARD_X + PICTURE_W - 20 - 31 * (len(picture) - 1 - k),
                               top + ROW_H / 2, 14))
        spots = [f"{seat_label(s)} in the Picture Column" for s in picture]
        for i, v in enumerate(SPACE_VALUES):
            x = BOARD_X + PICTURE_W + SPACE_W * i
            body.append(f'<rect x="{x}" y="{top}" width="{SPACE_W}" height="{ROW_H}" '
                        f'fill="#FFFFFF" stroke="{INK}" stroke-width="1.5"/>')
            seat = board.owner(c, v)
            if seat is None:
                body.append(_text(x + SPACE_W / 2, top + ROW_H / 2 + 8, str(v), size=22,
                                  fill="#767676", anchor="middle"))
            else:
                body.append(_token(seat, x + SPACE_W / 2, top + ROW_H / 2))
                spots.append(f"{seat_label(seat)} on {v}")
        if c in highlight:
            v = highlight[c]
            x = BOARD_X if v == 0 else BOARD_X + PICTURE_W + SPACE_W * (v - 1)
            w = PICTURE_W if v == 0 else SPACE_W
            body.append(f'<rect x="{x + 3}" y="{top + 3}" width="{w - 6}" height="{ROW_H - 6}" '
                        f'fill="none" stroke="{INK}" stroke-width="3" stroke-dasharray="6 3"/>')
        words.append(f"{c}: " + (", ".join(spots) if spots else "no tokens"))
    y = HEAD_H + ROW_H * len(board.characters) + 28
    x = float(BOARD_X)
    totals = board.totals()
    for seat, total in enumerate(totals):
        body.append(_token(seat, x + 14, y - 5, 14))
        label = f"{total} point{'' if total == 1 else 's'}"
        body.append(_text(x + 34, y, label, size=14, weight="bold"))
        x += 40 + 8.5 * len(label) + 16
    title = ("Clubhouse dice scoreboard. " + ". ".join(words) + ". Totals: "
             + ", ".join(f"{seat_label(s)} {t}" for s, t in enumerate(totals)) + ".")
    return width, y + 10, body, title


# -- a player's view of the dice game -------------------------------------------------------

def dice_view_svg(view: Any) -> str:
    """What a player sees of Clubhouse dice (a :class:`~swkit.dice.game.DiceView`): whose turn,
    the roll number, the dice (kept ones marked) and the scoreboard."""
    if view.phase == "over":
        head = "The game is over"
    elif view.phase == "tiebreak":
        head = "Clubhouse roll-off: " + ", ".join(seat_label(s) for s in view.tied) + " tied"
    else:
        head = (f"{seat_label(view.seat)}'s turn · round {view.turn // view.players + 1} of "
                f"{view.turns_per_player} · roll {view.roll_number} of 3")
    dice = list(view.dice)
    mask = _kept_mask(dice, view.kept if dice else None)
    dice_w, dice_parts = _dice_row(dice, mask, view.characters)
    board_w, board_h, board, board_title = _scoreboard(view.board, None)
    body = [_text(2, 20, head, size=16, weight="bold")]
    if dice:
        body.append(_group(2, 32, dice_parts))
    else:
        body.append(_text(2, 60, "no dice rolled yet", size=14, fill=MUTED))
    dice_h = 32 + DIE + 30
    body.append(_group(0, dice_h, board))
    title = f"{head}. Dice: " + (_dice_words(dice, mask) if dice else "none") + ". " + board_title
    return _svg(max(board_w, dice_w + 4), dice_h + board_h, body, title)

