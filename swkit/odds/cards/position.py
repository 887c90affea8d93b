"""The odds question: one player's view before this turn's draw, read and checked.

``Position`` holds what a player sees (RULES.md §A6): their hand, tableau, the discard pile
bottom to top, the other tableaux, the center Power (known, ``UNKNOWN_CENTER`` or None), the
figure and their scored Powers; ``Position.unseen()`` = every physical card minus the hand,
every tableau and the discard pile (RULES.md §C1). ``make_position`` and ``parse_others`` read
card notation; ``check_position`` refuses every position no game reaches, as
``CardGame.from_position`` does. Checked: ``tests/test_odds_cards_positions.py`` (the refusals),
``tests/test_odds_cards_view.py`` (``Position.from_view`` against ``swkit odds hand``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swkit.cards.editions import Edition, Power, load_edition, lookup_power
from swkit.cards.notation import Card, format_cards, parse_cards
from swkit.entries import check_entries
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.deal import Deck

if TYPE_CHECKING:
    from swkit.cards.game import CardView

TABLEAU_LIMIT = 5
"""Cards a tableau keeps after the Discard step (RULES.md §A3 step 6)."""


MAX_TURNS = 3
"""The largest T we answer (RULES.md §C1 questions are T = 1..3)."""


NO_EFFECT_THIS_TURN = ("extra_draw", "pass", "take_from_discard")
"""Effect primitives that cannot help this turn's score (RULES.md §A7 decisions)."""


UNKNOWN_CENTER = "unknown"
"""``Position.center`` when a center Power is there but unknown (``--center`` left out): a score
is possible, no Power is in reach from the center and no play takes its figure."""


NO_CENTER_WORDS = ("none", "no", "empty")
"""``make_position(center=...)`` words for "no center Power at all" (nothing can be scored)."""


WIN_POWERS = 3
"""Scored Powers that win at once (RULES.md §A5): a position with this many is over."""


MAX_PLAYERS = 4
"""Players in a game of cards (RULES.md §A1): 2 to 4, so at most 3 other tableaux."""


@dataclass(frozen=True)
class Position:
    """One player's view at the start of their turn, before the draw (RULES.md §A6).

    ``hand``: their hand; ``tableau``: their tableau; ``discard``: the discard pile bottom to
    top; ``others``: the other players' tableaux (one tuple per player); ``center``: the center
    Power, ``UNKNOWN_CENTER`` (the default: a center Power is there but unknown, so none of its
    effect is in reach and no play takes its figure) or None (no center Power: nothing can be
    scored); ``figure``: True if they hold the figure; ``scored``: their scored Powers;
    ``deck``: the card types and editions (default the full deck, one edition).
    """

    hand: tuple[Card, ...]
    tableau: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()
    center: Power | str | None = UNKNOWN_CENTER
    figure: bool = False
    scored: tuple[Power, ...] = ()
    deck: Deck = field(default_factory=Deck)

    def __post_init__(self) -> None:
        check_position(self)

    @property
    def center_power(self) -> Power | None:
        """The center Power if it is known, else None (unknown or no center)."""
        return self.center if isinstance(self.center, Power) else None

    @property
    def has_center(self) -> bool:
        """True if a center Power is there (known or unknown): a score is possible."""
        return self.center is not None

    def unseen(self) -> Counter[Card]:
        """The unseen card types with their copies (RULES.md §C1): every physical card minus
        the hand, every tableau and the discard pile."""
        used = Counter(self.hand) + Counter(self.tableau) + Counter(self.discard)
        for t in self.others:
            used.update(t)
        e = self.deck.editions
        return Counter({c: e - used[c] for c in self.deck.types if e - used[c] > 0})

    @classmethod
    def from_view(cls, view: CardView) -> Position:
        """The odds question of what a player may see (a ``CardGame.view(seat)``, RULES.md §A6):
        their hand, tableau and scored Powers, the discard pile, the other tableaux (in seat
        order after theirs), the center Power and whether they hold its figure.

        The question starts at the Draw step of that player's own turn (RULES.md §C1), so the
        view must be taken then (``phase == "draw"`` and ``turn_player == player``), and of a
        one-edition game (a Position has one center and one figure). Raises ConfigurationError
        saying which, or naming a Power the view's editions do not hold.
        """
        me = view.player
        if len(view.centers) != 1:
            raise ConfigurationError(
                f"odds from a view need a one-edition game (one center Power and one figure), "
                f"this game has {len(view.centers)} editions (RULES.md §A9, §C1)")
        if view.phase != "draw" or view.turn_player != me:
            raise ConfigurationError(
                f"odds from a view start at the Draw step of the player's own turn (RULES.md "
                f"§C1): this is seat {me}'s view during seat {view.turn_player}'s turn, step "
                f"{view.phase!r}")
        key = view.centers[0]
        others = [view.tableaux[(me + k) % len(view.tableaux)]
                  for k in range(1, len(view.tableaux))]
        return cls(hand=tuple(view.hand), tableau=tuple(view.tableaux[me]),
                   discard=tuple(view.discard), others=tuple(tuple(t) for t in others),
                   center=None if key is None else view.power(key, 1),
                   figure=view.figures[0] == me,
                   scored=tuple(view.power(k, e) for e, k in view.scored[me]),
                   deck=Deck())


def check_position(pos: Position) -> None:
    """Raise NotationError/ConfigurationError naming the bad part of a position: a card outside
    the deck, a card listed more times than the deck holds (RULES.md §A8), a tableau (yours or
    another player's) of more than five cards, which cannot occur at the start of a turn
    (RULES.md §A3 step 6; a triple in your tableau can: an opponent's swap can hand you one),
    a Power both center and scored, or scored twice, three scored Powers (the player has
    already won, RULES.md §A5), more than three other tableaux (RULES.md §A1: 2 to 4 players).
    The same positions ``CardGame.from_position`` refuses, with the same kind of message."""
    types = set(pos.deck.types)
    places = [("hand", pos.hand), ("tableau", pos.tableau), ("discard", pos.discard)]
    places += [(f"others tableau {i + 1}", t) for i, t in enumerate(pos.others)]
    used: Counter[Card] = Counter()
    found: dict[Card, Counter[str]] = {}
    for where, cards in places:
        for c in cards:
            found.setdefault(c, Counter())[where] += 1
    for where, cards in places:
        for c in cards:
            if not isinstance(c, Card):
                raise NotationError(f"{where}: {c!r} is not a card")
            if c not in types:
                raise ConfigurationError(f"{where}: {c} is not in the deck ({pos.deck})")
        used.update(cards)
    for where, cards in places[1:2] + places[3:]:
        if len(cards) > TABLEAU_LIMIT:
            raise ConfigurationError(
                f"{where}: {len(cards)} cards ({format_cards(cards)}), but a tableau holds at "
                f"most {TABLEAU_LIMIT} at the start of a turn (RULES.md §A3 step 6: discard down "
                f"to {TABLEAU_LIMIT}; a swap exchanges one card for one)")
    e = pos.deck.editions
    over_cards = [c for c, n in sorted(used.items()) if n > e]
    if over_cards:
        # name where each card was given (the option to fix), and how many times in each
        # place when it was given in several places
        over = [f"{c} x{used[c]}" + ("" if len(found[c]) == 1 else " (" + ", ".join(
            f"{n} in {w}" for w, n in found[c].items()) + ")") for c in over_cards]
        wheres = list(dict.fromkeys(w for c in over_cards for w in found[c]))
        raise ConfigurationError(
            f"{' and '.join(wheres)}: "
            f"more copies than {e} edition{'s' if e != 1 else ''} of the game hold ({e} of "
            "each card): " + ", ".join(over) + " (RULES.md §A8; several editions shuffled "
            "together hold more copies, §A9)")
    if len(pos.others) > MAX_PLAYERS - 1:
        raise ConfigurationError(
            f"others: {len(pos.others)} other tableaux, but a game has 2 to {MAX_PLAYERS} "
            f"players, so at most {MAX_PLAYERS - 1} other tableaux (RULES.md §A1)")
    keys = [p.key for p in pos.scored]
    if len(keys) >= WIN_POWERS:
        raise ConfigurationError(
            f"scored: {len(keys)} Powers ({', '.join(keys)}): a player holding {WIN_POWERS} "
            "scored Powers has already won, so the game would be over (RULES.md §A5)")
    dup = sorted({k for k in keys if keys.count(k) > 1})
    if dup:
        raise ConfigurationError(f"Power(s) scored twice: {', '.join(dup)} (RULES.md §A8)")
    if pos.center is not None and not isinstance(pos.center, Power) \
            and pos.center != UNKNOWN_CENTER:
        raise ConfigurationError(
            f"center: {pos.center!r} is not a Power (use a Power, UNKNOWN_CENTER or None)")
    if isinstance(pos.center, Power) and pos.center.key in keys:
        raise ConfigurationError(
            f"Power {pos.center.key} is both the center Power and scored (RULES.md §A8)")


def _check_no_center(ed: Edition, editions: int, scored: int,
                     others: str | Sequence[Any] | None) -> None:
    """Refuse an empty center that no game reaches. A center is empty only when its pile is,
    so every Power of the edition has been scored (RULES.md §A5, §A8), each player holding at
    most WIN_POWERS - 1; and setup needs 2 x players + 1 Powers in all (RULES.md §A2)."""
    n = len(ed.powers)
    known = len(parse_others(others))
    counts = [known + 1] if known else list(range(2, MAX_PLAYERS + 1))
    most = WIN_POWERS - 1
    if any(n <= min(scored, most) + most * (p - 1) and n * editions >= 2 * p + 1
           for p in counts):
        return
    p = max(counts)
    raise ConfigurationError(
        f"center: no center Power means every Power of {ed.name} ({n}) has been scored, but "
        f"at most {min(scored, most) + most * (p - 1)} can be ({min(scored, most)} yours and "
        f"at most {most} per other player, {p} player{'s' if p != 1 else ''}; {WIN_POWERS} win "
        "at once): the game would have a center Power (RULES.md §A5); leave the center out "
        "for a center Power that does not matter")


def _group(text: str | Iterable[Any]) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def parse_others(text: str | Sequence[Any] | None) -> tuple[tuple[Card, ...], ...]:
    """Read the other players' tableaux: groups separated by ``/`` or ``;`` (one group per
    player, e.g. ``"R1 R2 / B5; G7"``), or a sequence of card lists. A blank group is a
    player with an empty tableau (``"R1 / / B5"``, ``"R1 / "``: the separators a ``" / "``
    join of the tableaux gives); blank text gives no tableaux. Raises NotationError naming the
    bad card and its group, or two separators with nothing between them (``"R1 R2 //"``: a
    typo, refused rather than read as an empty tableau)."""
    if text is None:
        return ()
    if isinstance(text, str):
        if not text.strip():
            return ()
        joined = text.replace(";", "/")
        if "//" in joined:
            raise NotationError(
                f"others: two separators with nothing between them in {text.strip()!r}: write "
                "one group of cards per other player, separated by \"/\", e.g. \"R1 R2 / "
                "B5\"; a player with an empty tableau is a blank between separators, e.g. "
                "\"R1 / / B5\"")
        groups = joined.split("/")
    else:
        groups = list(text)
    out = []
    for i, g in enumerate(groups):
        try:
            out.append(_group(g))
        except NotationError as exc:
            raise NotationError(f"others, tableau {i + 1}: {exc}") from None
    return tuple(out)


_SCORED_ENTRY = re.compile(r"power\s*[0-9]+|[^\s,]+", re.IGNORECASE)
"""One Power of a scored list: ``Power 7`` (the kit's name, one entry) or a number or key
(entries separated by commas or spaces)."""


def make_position(hand: str | Iterable[Any], tableau: str | Iterable[Any] = "",
                  discard: str | Iterable[Any] = "", others: str | Sequence[Any] | None = "",
                  center: str | int | Power | None = UNKNOWN_CENTER, figure: bool = False,
                  scored: str | Iterable[Any] = "", editions: int = 1,
                  edition: str | Edition = "mickey", deck: Deck | None = None) -> Position:
    """Build a Position from notation: cards as in RULES.md §A1, ``discard`` bottom to top,
    ``others`` groups separated by ``/`` or ``;``, Powers by number or key of ``edition``
    (``scored`` separated by commas or spaces). ``center`` left out (None, ``""`` or
    ``"unknown"``): a center Power is there but unknown (``UNKNOWN_CENTER``: no Power in reach
    from it, no play takes its figure); ``"none"``: no center Power at all, so nothing can be
    scored -- possible only when every Power of the edition can have been scored (never with
    the Mickey and Friends edition: 10 Powers, at most 2 per player and 4 players).
    Raises NotationError/ConfigurationError naming the bad part, and for every position no
    game reaches (see :func:`check_position`), as ``CardGame.from_position`` does."""
    ed = load_edition(edition)

    def power(x: str | int | Power) -> Power:
        return x if isinstance(x, Power) else lookup_power(ed, x)

    def read(name: str, text: str | Iterable[Any]) -> tuple[Card, ...]:
        try:
            return _group(text)
        except NotationError as exc:
            raise NotationError(f"{name}: {exc}") from None

    if isinstance(scored, str):
        check_entries(scored, "scored", '"1, 3" or "purple-wild,green-discard"')
        scored_list: list[Any] = _SCORED_ENTRY.findall(scored)
    else:
        scored_list = list(scored)
    cen: Power | str | None
    if center is None or (isinstance(center, str) and center.strip().lower()
                          in ("", UNKNOWN_CENTER)):
        cen = UNKNOWN_CENTER
    elif isinstance(center, str) and center.strip().lower() in NO_CENTER_WORDS:
        cen = None
        _check_no_center(ed, editions, len(scored_list), others)
    else:
        cen = power(center)
    return Position(
        hand=read("hand", hand), tableau=read("tableau", tableau),
        discard=read("discard", discard), others=parse_others(others), center=cen,
        figure=bool(figure), scored=tuple(power(s) for s in scored_list),
        deck=deck if deck is not None else Deck(editions=editions))
