"""swkit.pictures: the SVG pictures of both games.

Each picture is parsed as XML and checked for what a player (or a screen reader) must find in
it: the card letters and numbers, the WILD faces and KEPT marks, one token per placed score, the
title, and text contrast of at least 4.5:1 on its background.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from swkit import pictures
from swkit.cards.editions import load_edition
from swkit.cards.game import CardGame
from swkit.cards.notation import ALL_CARDS, COLOR_NAMES, Card, Hand, Tableau, parse_cards
from swkit.dice.board import Scoreboard
from swkit.dice.faces import Roll
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.state import CHANCE

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img" and root.get("aria-label")
    title = root.find(f"{NS}title")
    assert title is not None and title.text == root.get("aria-label")
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def title(root: ET.Element) -> str:
    return root.get("aria-label") or ""


def tokens(root: ET.Element) -> list[str]:
    """The seat labels printed on circles (tokens)."""
    labels = []
    for g in [root, *root.iter(f"{NS}g")]:
        children = list(g)
        for a, b in zip(children, children[1:], strict=False):
            if (a.tag == f"{NS}circle" and b.tag == f"{NS}text"
                    and re.fullmatch(r"P\d", b.text or "")):
                labels.append(b.text or "")
    return labels


@pytest.mark.parametrize("card", ALL_CARDS)
def test_every_card_prints_letter_number_and_color_name(card: Card) -> None:
    root = parse(card._repr_svg_())
    words = texts(root)
    assert card.color in words and str(card.number) in words and COLOR_NAMES[card.color] in words
    assert title(root).startswith(str(card))


def test_palette_is_okabe_ito_and_every_text_reads_on_its_background() -> None:
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert set(pictures.CARD_COLORS.values()) <= okabe_ito
    assert set(pictures.PLAYER_COLORS) <= okabe_ito and pictures.CLUBHOUSE_COLOR in okabe_ito
    for fill in [*pictures.CARD_COLORS.values(), *pictures.PLAYER_COLORS, "#FFFFFF", "#F2F2F2",
                 "#EAF3FA"]:
        assert pictures.contrast_ratio(pictures.text_color(fill), fill) >= 4.5, fill
    assert pictures.contrast_ratio(pictures.MUTED, "#FFFFFF") >= 4.5
    assert pictures.contrast_ratio("#767676", "#FFFFFF") >= 4.5  # the open spaces' numbers
    assert round(pictures.contrast_ratio("#000000", "#FFFFFF"), 2) == 21.0


def test_hand_and_tableau_draw_their_cards_in_order() -> None:
    hand = Hand(parse_cards("B2 G7 Y9"))
    assert hand == tuple(parse_cards("B2 G7 Y9")) and repr(hand) == repr(tuple(hand))
    root = parse(hand._repr_svg_())
    words = texts(root)
    assert "hand (3 cards)" in words
    assert [w for w in words if w in "BGPRY" and w] == ["B", "G", "Y"]
    assert title(root) == "hand: B2 G7 Y9"
    empty = parse(Tableau(())._repr_svg_())
    assert "empty" in texts(empty) and title(empty) == "tableau: no cards"


def test_wild_cards_are_framed() -> None:
    from swkit.cards.triples import Wilds
    svg = pictures.cards_svg(parse_cards("P1 R1 P5"), wilds=Wilds(colors=frozenset({"P"})))
    assert svg.count("★") == 2 and "P1 (wild) R1 P5 (wild)" in svg
    assert "purple 1), wild" in pictures.card_svg(Card("P", 1), wild=True)


def test_power_shows_color_and_text() -> None:
    power = load_edition("mickey").powers[2]
    root = parse(power._repr_svg_())
    words = " ".join(texts(root))
    assert "Power 3" in words and "G green" in words and "discard pile" in words
    assert power.text in title(root)


def test_every_power_text_fits_inside_its_card() -> None:
    # each line measured with the real font (matplotlib ships DejaVu Sans), with a tenth of the
    # card's inner width to spare: some renderers draw small text a little wider
    from matplotlib import font_manager
    from PIL import ImageFont
    regular = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans"))
    font = ImageFont.truetype(regular, 11)
    for power in load_edition("mickey").powers:
        lines = [t for t in texts(parse(pictures.power_svg(power)))[2:]]
        assert lines and " ".join(lines).rstrip("…") in power.text
        for line in lines:
            assert font.getlength(line) <= 0.9 * (pictures.POWER_W - 16), (power.key, line)


def test_roll_marks_wild_and_kept_dice() -> None:
    roll = Roll(("Mickey", "Clubhouse", "Goofy", "Clubhouse", "Pluto"),
                kept=(True, True, False, False, False))
    root = parse(roll._repr_svg_())
    words = texts(root)
    assert words.count("Club") == 2 and words.count("wild") == 2 and words.count("KEPT") == 2
    assert {"Mickey", "Goofy", "Pluto"} <= set(words)
    assert "kept: Mickey Clubhouse" in title(root) and "Clubhouse (wild)" in title(root)
    assert roll.held() == ("Mickey", "Clubhouse")
    with pytest.raises(ConfigurationError, match="one flag per die"):
        Roll(("Mickey",), kept=(True, False))
    with pytest.raises(ValueError, match="one flag per die"):
        pictures.dice_svg(["Mickey"], kept=[True, True])
    assert "no dice rolled yet" in texts(parse(pictures.dice_svg([])))


def test_every_die_face_has_its_own_big_label_and_it_fits_the_die() -> None:
    # Mickey and Minnie used to print the same "M"; the labels are measured with the real
    # font (matplotlib ships DejaVu Sans Bold)
    from matplotlib import font_manager
    from PIL import ImageFont
    bold = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans",
                                                             weight="bold"))
    faces = [*DiceGame(1, 1).characters, "Clubhouse"]
    big = {}
    for face in faces:
        root = parse(pictures.die_svg(face))
        first = next(t for t in root.iter(f"{NS}text"))
        size = float(first.get("font-size"))
        assert size >= 18, (face, size)  # readable across a classroom
        big[face] = first.text
        assert ImageFont.truetype(bold, round(size)).getlength(first.text) <= pictures.DIE - 12
    assert big == {"Mickey": "Mic", "Minnie": "Min", "Donald": "D", "Goofy": "G", "Pluto": "P",
                   "Clubhouse": "Club"}
    assert len(set(big.values())) == len(faces)
    # the Clubhouse face is named as the lessons name it, and says it is wild (smaller, under it)
    words = texts(parse(pictures.die_svg("Clubhouse")))
    assert words == ["Club", "wild"] and "WILD" not in pictures.die_svg("Clubhouse")
    assert pictures.face_label("Clubhouse") == "Club"
    # a game of other characters: the labels tell them apart too, whatever the names
    names = ("Chip", "Chuck", "Daisy", "Dale", "Ch")
    labels = [pictures.face_label(n, names) for n in names]
    assert labels == ["Chi", "Chu", "Dai", "Dal", "Ch"] and len(set(labels)) == 5
    svg = pictures.dice_svg(["Chip", "Chuck"], characters=names)
    assert ">Chi<" in svg and ">Chu<" in svg


def test_a_long_label_widens_the_picture_so_it_is_not_cut_off() -> None:
    # the label's width measured with the real font (matplotlib ships DejaVu Sans Bold)
    from matplotlib import font_manager
    from PIL import ImageFont
    bold = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans",
                                                             weight="bold"))
    font = ImageFont.truetype(bold, 15)
    label = "Keep Mickey, Mickey, Clubhouse: WILD counts for every character"
    cards = pictures.cards_svg(parse_cards("R4 P5"), label=label)
    dice = pictures.dice_svg(["Mickey", "Clubhouse"], label=label)
    for svg, heading in ((cards, f"{label} (2 cards)"), (dice, label)):
        root = parse(svg)
        assert heading in texts(root)
        assert float(root.get("width")) >= 2 + font.getlength(heading)
    # short labels keep the pictures as wide as before
    assert parse(pictures.cards_svg(parse_cards("R4"), label="hand")).get("width") == "160"
    assert parse(pictures.dice_svg(["Mickey"], label="roll 1")).get("width") == "180"
    assert parse(pictures.dice_svg(["Mickey"] * 5, label="roll 1")).get("width") == "382"


def test_scoreboard_grid_tokens_and_totals() -> None:
    board = Scoreboard(players=4)
    board.place(0, "Mickey", 5)
    board.place(1, "Mickey", 5)  # pushed left to the 4 space
    board.place(2, "Goofy", 0)   # Picture Column
    board.place(3, "Goofy", 0)
    board.place(1, "Goofy", 2)
    root = parse(board._repr_svg_())
    words = texts(root)
    assert "Picture Column (0 pts)" in words
    assert all(c in words for c in board.characters)
    # 5 placed tokens + 4 in the totals line
    assert sorted(tokens(root)) == sorted(["P0", "P1", "P2", "P3", "P1", "P0", "P1", "P2", "P3"])
    assert "Mickey: P1 on 4, P0 on 5" in title(root)  # left to right
    assert "Goofy: P2 in the Picture Column, P3 in the Picture Column, P1 on 2" in title(root)
    assert "Totals: P0 5, P1 6, P2 0, P3 0" in title(root)
    # open numbered spaces print their value: 25 spaces minus 3 taken
    assert sum(w in {"1", "2", "3", "4", "5"} for w in words) == 22
    marked = parse(pictures.scoreboard_svg(board, highlight={"Minnie": 3}))
    assert len(marked.findall(f".//{NS}rect[@stroke-dasharray]")) == 1


def test_card_view_shows_only_what_the_player_may_see() -> None:
    game = CardGame.from_position(
        hands=["B1 B2 B3", "R7 R8 R9"], tableaux=["G4", "Y5 Y6"], discard="P1 P2",
        centers=["green-discard"], figures=[1], scored=[["purple-wild"], []],
        player=0, phase="play")
    view = game.view(0)
    svg = view._repr_svg_()
    root = parse(svg)
    words = texts(root)
    assert "Your hand (3 cards)" in words and "Power 3" in words
    assert "Figure: seat 1" in words and "1 purple-wild" in words
    assert "R7" not in title(root) and not {"7", "8"} & set(words)  # seat 1's hand is secret
    assert "Your hand: B1 B2 B3" in title(root) and "If you have a 5" in title(root)
    assert "Seat 1: tableau Y5 Y6, 3 cards in hand" in title(root)


def test_dice_view_draws_dice_and_board() -> None:
    game = DiceGame(players=2, seed=1)
    game.apply_chance("Mickey Mickey Goofy Clubhouse Pluto")
    game.apply("score Mickey")
    game.apply_chance("Minnie Minnie Minnie C C")
    game.apply("keep Minnie Minnie Minnie")
    view = game.view(0)
    root = parse(view._repr_svg_())
    words = texts(root)
    assert words.count("KEPT") == 3 and words.count("Club") == 2 and words.count("wild") == 2
    assert "P1's turn · round 1 of 5 · roll 1 of 3" in words
    assert "Mickey: P0 on 3" in title(root) and tokens(root).count("P0") == 2
    assert parse(view.roll._repr_svg_()) is not None


def test_pictures_need_no_third_party_module() -> None:
    code = ("import sys, swkit.pictures; "
            "print(sorted(m.split('.')[0] for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'matplotlib', 'IPython', 'numpy', 'sympy')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("editions", [1, 2])
def test_every_view_of_whole_games_draws(editions: int) -> None:
    """Every seat's view at every step of a bots' game (and of a dice game) is valid SVG that
    names no card of another seat's hand in its words."""
    import random

    game = CardGame(players=4, seed=editions, editions=editions, round_limit=8)
    rng = random.Random(editions)
    while not game.is_terminal():
        for seat in range(game.players):
            view = game.view(seat)
            root = parse(view._repr_svg_())
            secret = {str(c) for s, h in enumerate(game.hands) if s != seat for c in h}
            visible = {str(c) for t in view.tableaux for c in t} | {str(c) for c in view.discard}
            visible |= {str(c) for c in view.hand}
            named = set(re.findall(r"\b[BGPRY][1-9]\b", title(root)))
            assert named <= visible and not (named & secret) - visible
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    dice = DiceGame(players=4, seed=editions)
    while not dice.is_terminal():
        parse(dice.view(0)._repr_svg_())
        if dice.current_player() == CHANCE:
            dice.apply_chance()
        else:
            dice.apply(rng.choice(dice.legal_actions()))
    assert "The game is over" in texts(parse(dice.view(1)._repr_svg_()))


def test_a_sentence_label_can_leave_out_the_card_count():
    label = "a set: one number, any colors"
    root = parse(pictures.cards_svg(parse_cards("R7 B7 G7"), label=label, count=False))
    assert label in texts(root) and "(3 cards)" not in " ".join(texts(root))


def test_in_jupyter_every_picture_is_html_with_its_words() -> None:
    """What IPython sends the front end: the ``<svg>`` inline as text/html, the format
    JupyterLab prefers, where its role, label and title reach a screen reader (an
    ``image/svg+xml`` output is drawn as an ``<img>`` without alt)."""
    from IPython.core.formatters import DisplayFormatter

    dice = DiceGame(players=2, seed=1)
    dice.apply_chance("Mickey Mickey Goofy Clubhouse Pluto")
    cards = CardGame(players=2, seed=3)
    shown = [Card("R", 7), Tableau(parse_cards("B1 B2")), Hand(parse_cards("G3 Y4")), Tableau(()),
             load_edition("mickey").powers[0], Roll(("Mickey", "Clubhouse")), dice.board,
             dice.view(0), cards.view(0)]
    for thing in shown:
        data, _ = DisplayFormatter().format(thing)
        assert data["text/html"] == data["image/svg+xml"] == thing._repr_svg_(), type(thing)
        parse(data["text/html"])


def _pairs(svg: str) -> list[tuple[str, str, str, float]]:
    """(text, its fill, the fill under it, font size) for every ``<text>`` of a picture. The
    fill under a text is the last filled shape drawn before it (rect, circle, or a path's box
    from its absolute points) containing the middle of its first letters, else white."""
    shapes: list[tuple[float, float, float, float, str]] = []
    found = []

    def walk(node: ET.Element, dx: float, dy: float) -> None:
        for child in node:
            tag = child.tag.removeprefix(NS)
            fill = child.get("fill", "#000000")
            if tag == "g":
                move = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)",
                                    child.get("transform", "translate(0,0)"))
                walk(child, dx + float(move.group(1)), dy + float(move.group(2)))
            elif tag == "rect" and fill != "none":
                x, y = dx + float(child.get("x", 0)), dy + float(child.get("y", 0))
                shapes.append((x, y, x + float(child.get("width")),
                               y + float(child.get("height")), fill))
            elif tag == "circle" and fill != "none":
                cx, cy, r = (float(child.get(k)) for k in ("cx", "cy", "r"))
                shapes.append((dx + cx - r, dy + cy - r, dx + cx + r, dy + cy + r, fill))
            elif tag == "path" and fill != "none":
                xs, ys = [], []
                for op, args in re.findall(r"([MLHV])\s*([-\d.\s]+)", child.get("d")):
                    nums = [float(v) for v in args.split()]
                    if op in "ML":
                        xs += nums[0::2]
                        ys += nums[1::2]
                    else:
                        (xs if op == "H" else ys).extend(nums)
                shapes.append((dx + min(xs), dy + min(ys), dx + max(xs), dy + max(ys), fill))
            elif tag == "text":
                size = float(child.get("font-size"))
                shift = {"start": size * 0.3, "end": -size * 0.3}.get(child.get("text-anchor"), 0)
                x = dx + float(child.get("x")) + shift
                y = dy + float(child.get("y")) - size * 0.35
                under = [s[4] for s in shapes if s[0] <= x <= s[2] and s[1] <= y <= s[3]]
                found.append((child.text or "", fill, under[-1] if under else "#FFFFFF", size))

    walk(ET.fromstring(svg), 0, 0)
    return found


def _every_picture() -> list[str]:
    """Every kind of picture the kit draws, in every color it can take."""
    board = Scoreboard(players=4)
    for seat, (name, space) in enumerate([("Mickey", 5), ("Goofy", 0), ("Pluto", 3),
                                          ("Donald", 4)]):
        board.place(seat, name, space)
    dice = DiceGame(players=2, seed=1)
    dice.apply_chance("Mickey Mickey Goofy Clubhouse Pluto")
    dice.apply("keep Mickey Mickey")
    cards = CardGame(players=3, seed=53)
    return ([pictures.card_svg(c, wild=w) for c in ALL_CARDS for w in (False, True)]
            + [pictures.power_svg(p) for p in load_edition("mickey").powers]
            + [pictures.dice_svg(["Mickey", "Clubhouse", "Donald", "Minnie", "Goofy"],
                                 kept=[True, False, True, False, False], label="a roll")]
            + [pictures.scoreboard_svg(board, highlight={"Minnie": 3}),
               dice.view(0)._repr_svg_(), dice.view(1)._repr_svg_(),
               cards.view(0)._repr_svg_(), cards.view(1)._repr_svg_()])


def test_every_text_in_every_picture_has_contrast_on_what_is_under_it() -> None:
    """WCAG 1.4.3, by :func:`swkit.pictures.contrast_ratio`: 4.5:1, or 3:1 for large text
    (24 px, or 18.66 px bold), on the fill each text sits on."""
    checked = set()
    for svg in _every_picture():
        for text, fill, under, size in _pairs(svg):
            need = 3 if size >= 24 else 4.5
            ratio = pictures.contrast_ratio(fill, under)
            assert ratio >= need, f"{text!r}: {fill} on {under} is {ratio:.2f}:1"
            checked.add((fill, under))
    # the pairs really met: dark on the light card colors, white on the dark ones, on tokens
    assert {(pictures.INK, "#F0E442"), ("#FFFFFF", "#0072B2"), (pictures.INK, "#FFFFFF"),
            ("#FFFFFF", pictures.INK)} <= checked, checked
    assert len(checked) >= 10, checked


def test_shapes_that_carry_meaning_are_outlined_at_3_to_1() -> None:
    """WCAG 1.4.11: a card, die, token or board space with a pale fill (yellow, orange) is
    told from the white page by its dark outline."""
    for svg in _every_picture():
        root = ET.fromstring(svg)
        for shape in root.iter():
            tag = shape.tag.removeprefix(NS)
            fill = shape.get("fill", "none")
            if tag not in ("rect", "circle") or fill in ("none", "#FFFFFF"):
                continue
            if pictures.contrast_ratio(fill, "#FFFFFF") < 3:
                stroke = shape.get("stroke", "none")
                assert stroke != "none" and pictures.contrast_ratio(stroke, "#FFFFFF") >= 3, (
                    tag, fill, stroke)
