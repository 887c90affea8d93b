"""Pictures of the dice game: a die, a roll, the scoreboard and a player's view of the table
(RULES.md §B)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from swkit.dice.board import SPACE_VALUES, seat_label
from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS
from swkit.pictures.base import (
    CLUBHOUSE_COLOR,
    INK,
    MUTED,
    PLAYER_COLORS,
    label_width,
    svg_element,
    svg_group,
    svg_text,
    text_color,
)

__all__ = ["dice_svg", "dice_view_svg", "die_svg", "face_label", "scoreboard_svg"]

DIE, DIE_GAP = 66, 12


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
        parts.append(svg_text(DIE / 2, DIE - 18, face_label(face, characters), size=18,
                           weight="bold", anchor="middle"))
        parts.append(svg_text(DIE / 2, DIE - 6, "wild", size=11, weight="bold", anchor="middle"))
    else:
        size = 14 if len(face) <= 6 else max(9, 84 / len(face))
        big = face_label(face, characters)
        parts.append(svg_text(DIE / 2, DIE / 2 - 2, big, size=min(22, 52 / (0.68 * len(big))),
                           weight="bold", anchor="middle"))
        parts.append(svg_text(DIE / 2, DIE - 12, face, size=size, weight="bold", anchor="middle"))
    if kept:
        parts.append(f'<rect x="{DIE / 2 - 22:g}" y="{DIE + 5}" width="44" height="18" rx="4" '
                     f'fill="{INK}"/>')
        parts.append(svg_text(DIE / 2, DIE + 18, "KEPT", size=12, fill="#FFFFFF", weight="bold",
                           anchor="middle"))
    return parts


def _dice_row(faces: Sequence[str], kept: Sequence[bool],
              characters: Sequence[str] = DEFAULT_CHARACTERS) -> tuple[float, list[str]]:
    parts = []
    for i, face in enumerate(faces):
        parts.append(svg_group(i * (DIE + DIE_GAP), 0, _die(face, bool(kept[i]), characters)))
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
    body = [svg_text(2, 17, label, size=15, weight="bold")] if label else []
    if faces:
        body.append(svg_group(2, top, parts))
    else:
        body.append(svg_text(2, top + 20, "no dice rolled yet", size=14, fill=MUTED))
    words = _dice_words(faces, mask) if faces else "no dice rolled yet"
    title = f"{label}: {words}" if label else f"Dice: {words}"
    return svg_element(max(width + 4, 180, label_width(label or "", 15) + 6), top + DIE + 26, body,
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
                svg_text(DIE / 2 + 2, DIE / 2 + 12, "?", size=32, fill=MUTED, weight="bold",
                      anchor="middle")]
        return svg_element(DIE + 4, DIE + 28, body, "a die not rolled yet")
    words = f"{face} (wild)" if face == CLUBHOUSE else face
    return svg_element(DIE + 4, DIE + 28, [svg_group(2, 2, _die(face, kept, characters))],
                f"die: {words}{', kept' if kept else ''}")


# -- the scoreboard -------------------------------------------------------------------------

PICTURE_W, SPACE_W, ROW_H, HEAD_H = 236, 58, 48, 34
BOARD_X = 6


def _token(seat: int, cx: float, cy: float, r: float = 15) -> str:
    fill = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{INK}" '
            f'stroke-width="2"/>'
            + svg_text(cx, cy + r * 0.33, seat_label(seat), size=r * 0.8, fill=text_color(fill),
                    anchor="middle", weight="bold"))


def scoreboard_svg(board: Any, *, highlight: Mapping[str, int] | None = None) -> str:
    """The shared scoreboard as the rulebook's grid (RULES.md §B1, §B4): one row per
    character; first the Picture Column (the character's name, worth 0, holding any number of
    tokens), then the numbered scoring spaces 1..5, each holding at most one token. Tokens are
    circles in the player's color with the seat printed (``P0``); the totals follow.
    ``highlight``: character -> space value (0 = Picture Column) to outline, e.g. where a score
    would go now. ``board``: a :class:`~swkit.dice.board.Scoreboard`."""
    width, height, body, title = _scoreboard(board, highlight)
    return svg_element(width, height, body, title)


def _scoreboard(board: Any, highlight: Mapping[str, int] | None
                ) -> tuple[float, float, list[str], str]:
    """The scoreboard's (width, height, parts, title) at (0, 0)."""
    highlight = dict(highlight or {})
    width = 2 * BOARD_X + PICTURE_W + SPACE_W * len(SPACE_VALUES)
    body = [svg_text(BOARD_X + PICTURE_W / 2, 22, "Picture Column (0 pts)", size=13, weight="bold",
                  anchor="middle")]
    for i, v in enumerate(SPACE_VALUES):
        body.append(svg_text(BOARD_X + PICTURE_W + SPACE_W * (i + 0.5), 22,
                          f"{v} pt{'s' if v > 1 else ''}", size=13, weight="bold",
                          anchor="middle"))
    words = []
    for r, c in enumerate(board.characters):
        top = HEAD_H + r * ROW_H
        body.append(f'<rect x="{BOARD_X}" y="{top}" width="{PICTURE_W}" height="{ROW_H}" '
                    f'fill="#F2F2F2" stroke="{INK}" stroke-width="1.5"/>')
        body.append(svg_text(BOARD_X + 10, top + ROW_H / 2 + 6, c, weight="bold",
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
                body.append(svg_text(x + SPACE_W / 2, top + ROW_H / 2 + 8, str(v), size=22,
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
        body.append(svg_text(x + 34, y, label, size=14, weight="bold"))
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
    body = [svg_text(2, 20, head, size=16, weight="bold")]
    if dice:
        body.append(svg_group(2, 32, dice_parts))
    else:
        body.append(svg_text(2, 60, "no dice rolled yet", size=14, fill=MUTED))
    dice_h = 32 + DIE + 30
    body.append(svg_group(0, dice_h, board))
    title = f"{head}. Dice: " + (_dice_words(dice, mask) if dice else "none") + ". " + board_title
    return svg_element(max(board_w, dice_w + 4), dice_h + board_h, body, title)
