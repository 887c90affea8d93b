"""Pictures of the card game: a card, a row of cards, a Power card and a player's view of the
table (RULES.md §A)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from swkit.cards.notation import COLOR_NAMES, Card
from swkit.pictures.base import (
    INK,
    MUTED,
    label_width,
    svg_element,
    svg_group,
    svg_text,
    text_color,
    wrap_words,
)

__all__ = ["CARD_COLORS", "card_svg", "card_view_svg", "cards_svg", "power_svg"]

CARD_COLORS: dict[str, str] = {
    "B": "#0072B2",  # Okabe–Ito blue
    "G": "#009E73",  # bluish green
    "P": "#CC79A7",  # reddish purple
    "R": "#D55E00",  # vermillion
    "Y": "#F0E442",  # yellow
}
"""Card color letter -> fill (Okabe–Ito)."""

CARD_W, CARD_H, CARD_GAP = 56, 80, 8
POWER_W, POWER_H = 168, 100


def _card(card: Card, wild: bool = False) -> list[str]:
    """The parts of one card drawn at (0, 0), CARD_W x CARD_H."""
    fill = CARD_COLORS[card.color]
    ink = text_color(fill)
    parts = [
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" fill="{fill}" '
        f'stroke="{INK}" stroke-width="2"/>',
        svg_text(7, 18, card.color, size=15, fill=ink, weight="bold"),
        f'<circle cx="{CARD_W / 2:g}" cy="{CARD_H / 2 + 2:g}" r="17" fill="#FFFFFF" '
        f'stroke="{INK}" stroke-width="1.5"/>',
        svg_text(CARD_W / 2, CARD_H / 2 + 11, str(card.number), size=26, weight="bold",
              anchor="middle"),
        svg_text(CARD_W / 2, CARD_H - 7, COLOR_NAMES[card.color], size=10, fill=ink,
              anchor="middle", weight="bold"),
    ]
    if wild:
        parts.append(f'<rect x="-2" y="-2" width="{CARD_W + 4}" height="{CARD_H + 4}" rx="9" '
                     f'fill="none" stroke="{INK}" stroke-width="3" stroke-dasharray="6 3"/>')
        parts.append(svg_text(CARD_W - 6, 18, "★", size=14, fill=ink, anchor="end"))
    return parts


def card_svg(card: Card, *, wild: bool = False) -> str:
    """One character card: its color (Okabe–Ito), color letter, number and color name.
    ``wild``: framed with a dashed line and a star (a wild effect in force, RULES.md §A4)."""
    title = f"{card} ({COLOR_NAMES[card.color]} {card.number})" + (", wild" if wild else "")
    return svg_element(CARD_W + 4, CARD_H + 4, [svg_group(2, 2, _card(card, wild))], title)


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
        parts.append(svg_text(0, CARD_H / 2 + 5, f"+{hidden}", size=14, fill=MUTED, weight="bold"))
        x = 34.0
    if not shown:
        parts.append(f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="7" '
                     f'fill="none" stroke="{MUTED}" stroke-width="1.5" stroke-dasharray="4 3"/>')
        parts.append(svg_text(CARD_W / 2, CARD_H / 2 + 4, "empty", size=11, fill=MUTED,
                           anchor="middle"))
        return CARD_W, parts
    for card in shown:
        wild = bool(wilds) and (card.color in wilds.colors or card.number in wilds.numbers)
        parts.append(svg_group(x, 0, _card(card, wild)))
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
        body.append(svg_text(2, 17, heading, size=15, weight="bold"))
    body.append(svg_group(2, top, parts))
    words = " ".join(f"{c} (wild)" if wilds and (c.color in wilds.colors
                                                 or c.number in wilds.numbers) else str(c)
                     for c in cards) or "no cards"
    title = f"{label}: {words}" if label else words
    return svg_element(max(width + 4, 160 if label else 0, label_width(heading, 15) + 6),
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
        svg_text(8, 19, head, size=12, fill=ink, weight="bold"),
        svg_text(POWER_W - 8, 19, f"{power.color} {COLOR_NAMES[power.color]}", size=11, fill=ink,
              anchor="end", weight="bold"),
    ]
    lines = wrap_words(power.text, 24)  # 24 characters of 11 px text fit with room to spare
    if len(lines) > 5:
        lines = lines[:4] + [lines[4][:24] + "…"]
    for i, line in enumerate(lines):
        parts.append(svg_text(8, 43 + 13 * i, line, size=11))
    return parts


def power_svg(power: Any, *, edition: int | None = None) -> str:
    """One Power card (RULES.md §A7): a band in its color with its number, color letter and
    name, then its text. ``power``: a :class:`~swkit.cards.editions.Power`."""
    title = (f"Power {power.number} ({power.key}), {COLOR_NAMES[power.color]}: {power.text}")
    return svg_element(POWER_W + 4, POWER_H + 4, [svg_group(2, 2, _power(power, edition))], title)


def _power_chip(power: Any, x: float, y: float) -> tuple[float, str]:
    """A small colored label of a scored Power: (width, part)."""
    fill = CARD_COLORS[power.color]
    label = f"{power.number} {power.key}"
    w = 12 + 6.6 * len(label)
    return w, svg_group(x, y, [
        f'<rect width="{w:g}" height="20" rx="5" fill="{fill}" stroke="{INK}"/>',
        svg_text(w / 2, 14, label, size=11, fill=text_color(fill), anchor="middle", weight="bold"),
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
    body.append(svg_text(8, y, f"Seat {me}'s view · seat {view.turn_player}'s turn · step: "
                      f"{view.phase} · {mover}", size=15, weight="bold"))
    if view.wilds:
        y += 20
        body.append(svg_text(8, y, f"Wild this turn: {view.wilds}", size=13))
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
                     svg_text(POWER_W / 2, POWER_H / 2, "no center Power", size=12, fill=MUTED,
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
                         svg_text(8, 20, key, size=12, weight="bold")]
                center_words.append(f"center Power {key}; {fig}")
        body.append(svg_group(x, y + 18, parts))
        body.append(svg_text(x, y + 14, f"Center{f' {edition}' if edition else ''}"
                          f" · {view.pile_sizes[e]} Powers face down", size=12, fill=MUTED))
        body.append(svg_text(x, y + POWER_H + 36, fig, size=13, weight="bold"))
        x += POWER_W + 24
    # deck and discard beside the centers
    pile_x = x + 8
    body.append(svg_text(pile_x, y + 14, f"Deck: {view.deck_size} cards · discard pile: "
                      f"{len(view.discard)} (top on the right)", size=12, fill=MUTED))
    room = max(1, int((width - pile_x - 40) // (CARD_W + CARD_GAP)))
    _, pile = _card_row(view.discard, max_cards=room)
    body.append(svg_group(pile_x, y + 18, pile))
    y += POWER_H + 70
    # the hand, on a light panel
    body.append(f'<rect x="2" y="{y - 20:g}" width="{width - 4}" height="{CARD_H + 38}" rx="8" '
                f'fill="#EAF3FA" stroke="#0072B2" stroke-width="1.5"/>')
    body.append(svg_text(8, y, f"Your hand ({len(view.hand)} cards)", size=15, weight="bold"))
    hand_w, hand = _card_row(view.hand, view.wilds)
    body.append(svg_group(8, y + 8, hand))
    if view.my_pass:
        body.append(svg_text(hand_w + 24, y + 50, "passing: " + " ".join(map(str, view.my_pass)),
                          size=13, weight="bold"))
    y += CARD_H + 44
    # every seat's tableau, hand size and scored Powers
    seats = range(len(view.tableaux))
    for seat in seats:
        tableau = view.tableaux[seat]
        marker = " ◀ to move" if seat == view.to_move else ""
        body.append(svg_text(8, y, f"{_seat_name(seat, me)} · tableau ({len(tableau)}) · hand "
                          f"{view.hand_sizes[seat]} cards{marker}", size=14, weight="bold"))
        _, row = _card_row(tableau, view.wilds if seat == view.turn_player else None)
        body.append(svg_group(8, y + 8, row))
        cx = side_x
        body.append(svg_text(cx, y + 26, f"Scored Powers: {len(view.scored[seat])}", size=13))
        cy = y + 34
        chip_x = cx
        for e, key in view.scored[seat]:
            try:
                w, chip = _power_chip(view.power(key, e), chip_x, cy)
            except Exception:
                w, chip = 80, svg_group(chip_x, cy, [svg_text(0, 14, key, size=11)])
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
    return svg_element(width, y - 8, body, title)
