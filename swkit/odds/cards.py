"""A player's odds in the card game: scoring this turn and within T of their own turns.

Source: RULES.md §A3 (a turn), §A4 (sets and runs), §A6 (what a player sees), §A7 (Powers),
§C1 (the probability model).

**The question.** From one player's view (§A6: their hand before this turn's draw, their
tableau, the discard pile in order, the other tableaux, the center Power, whether they hold the
figure, their scored Powers): the probability of scoring this turn (draw, then the best play,
figure, Power use and score) and within T = 1..3 of their own turns; the best play after each
possible draw; and the **outs** (the unseen card types whose draw lets them score this turn,
with the unseen copies of each).

**The model** (RULES.md §C1). The **unseen cards** are every physical card minus the hand, every
tableau and the discard pile; each draw is uniform over them (memoryless: the other hands are
part of the unseen cards). When no card is unseen, this turn's draw comes uniformly from the
discard pile (it is shuffled into a new deck, so it is empty afterwards); if that is empty too
the draw is skipped. Over T turns the opponents change nothing; the center Power and the figure
stay as they are after your play; you stop at your first score; every play, Power use and
discard (which cards and their order) is the best one for the chance of scoring within T; a
question needing more draws than the unseen cards hold is an error.

**The center Power** has three states (``Position.center``): a known Power; ``UNKNOWN_CENTER``
(the default of ``make_position`` and of ``swkit odds hand`` without ``--center``): a center Power
is there but unknown, so a score is possible, no Power is in reach from the center and no play
takes its figure (the scored Powers still need the figure the player holds); ``None``
(``center="none"``): no center Power at all, so nothing can be scored (there is no Power to take:
RULES.md §A3 step 5, §A5, as the game does).

**Powers** (RULES.md §A7): usable if you hold the figure or this turn's play takes it (its color
is the center Power's color), one per turn, among the center Power and your scored Powers, by
effect primitive (so an edited data file works too):

- modelled: ``wild_color`` (1, 2) and ``wild_number`` (4, 5) via ``swkit.cards.triples``;
  ``play_from_discard`` (3: with the required number in your tableau, one of the top ``depth``
  discards into your tableau); ``extra_play`` (6); ``swap`` (9: any card of your tableau for any
  card of another tableau, which then changes for later swaps); ``take_from_discard`` (8: cannot
  help this turn's score; over T >= 2 turns the taken card can be played later).
- ``extra_draw`` (7) and ``pass`` (10) cannot help this turn's score (§A7 decisions); over
  T >= 2 turns they are modelled as chance after the play (RULES.md §C1): draw two takes its
  cards uniformly from the unseen cards, and is used only while they hold its cards and every
  later draw (the odds never reshuffle; ``PlayerOdds.left_out`` names it when that limit can
  apply, i.e. fewer than count·(T−1)+T unseen cards); pass gives the card of your hand you
  choose, which joins the unseen cards, and brings one card uniform over the unseen cards (the
  other hands are part of them; a pass of more than one card is left out). The best Discard
  is chosen knowing the cards that came.

**Method.** Exact enumeration over the unseen multiset of card types (each type weighted by its
unseen copies), memoised on the position, with integer numerators over U·(U−1)·… (U unseen
cards) and a Fraction at the end. Whether three card types form a triple is looked up in pair
masks filled on demand by calling ``swkit.cards.triples``. The last turn's outs of a position are
one bitmask over card types, computed from D = the types whose play scores (which depends on the
tableau, the discard pile's top, the other tableaux and the figure, not on the hand): every type
if the hand holds a type of D (or, with an extra play, a scoring pair), else D plus, with an
extra play, the cards completing a triple with each hand card. Before the last turn:

- without an extra play in reach the hand only decides "every type or D", so each play needs one
  hand-free table per (tableau after the play, discard pile, other tableaux, figure): the union
  and the maximal masks D over every Power choice and Discard that keeps the hand;
- with one, the play and Power choices are searched by branch and bound (equal bounds: fewest
  Discard choices first), the best masks over the Discard choices memoised per position before
  the Discard. A choice's bound is the outs before its Discard (the checks are monotone in the
  tableau), with the discard pile's key reduced to the old top cards that stay within Power 3's
  reach once the discarded cards lie on them: the discarded cards themselves need no place in
  it, since the bound keeps them in the tableau (``_bound_key``). With exactly one extra play and
  the figure, the outs of a hand holding the card just drawn are derived from the outs of the
  hand without it, shared by every draw (every type if that card is among them, else those plus
  the cards completing a triple with it).
- with exactly one extra play and two turns to go, the choices after each draw y are built
  once per position: those that keep y in the hand (``_keep_options``: their outs derive from
  the outs without y, as above) and those that play y (y itself, or y as the extra play).
  Without a swap or a wild (``_numerator2_batch``) the latter are built once for every y
  (``_play_new_templates``) and their outs derive from masks of the tableau without y that
  every draw shares: pm(tab + y) = plus(tab, y) and plus(tab + y, d) = plus(tab, y) |
  plus(tab, d) | pair(y, d). These derivations run in numpy over every draw y at once, and
  over every position the turn before can reach (``swkit.odds.draws``); the branch and bound
  goes in rounds over (position, draw) pairs. With a swap or a wild, ``_numerator2_extra``
  builds the choices that play y per draw.

Draw two and pass add chance nodes: before the last turn their outs are derived the same way
from the outs of the hand before the cards come (with no extra play, a closed form: every type
if a card that came is an out of some Discard choice, else the best Discard choice's outs).
With two turns to go and no extra play in reach, each draw's best choice (Discard, draw two,
pass) is read from a profile of masks memoised on the position without the cards drawn so far
(``_turn2_profile``), so the positions reached after different draws (e.g. every pair draw two
brings) share it; only the weights (unseen copies) are recomputed. Without draw two or pass
(``_turn2_shared``) that profile is built for every draw at once: the play of a card p of the
hand reads one hand-free table (``_keep_profile``) for all draws x (x only joins the hand after
the play), and only the play of x itself needs its own. A swap's outs come from per-other-
tableaux pair rows (``_swap_union``: every type, or the pairs of a tableau card with a card of
the other tableaux).

The discard pile is keyed by the part that can still matter (the sorted top cards for Power 3 in
the last turn; before it the top cards in order, as many as the Powers in reach can still reach).

**Speed** (``python bench/odds_cards.py``, an idle 2-core machine): T = 1 in milliseconds; T = 3
about 0.2 s on a mid-game position without the figure, about 1.5 s with the figure, a swap and
a wild color in reach (was about 20 s, then 4.1 s before ``_turn2_shared``: see below) and
about 1.1 s with the figure, an extra play and Powers 3 and 8 (was about 24 s). With the
figure, an extra play (6) and the card-moving Powers 3 and 8 in reach, T = 3 branches much
more: about 2,700 positions two turns before the end, all distinct (also without the draws they
came from), each with about 22 draws that do not score at once, each a branch and bound over
about 22 play and Power choices. With draw two or pass in reach and the figure, T = 2 takes
milliseconds and T = 3 some 15 s (pass) to 50 s (draw two: every pair of unseen cards, each
followed by a two-turn search) before the shared profiles; with them (CPU time, back to back)
pass 17.7 s -> 9.2 s, draw two 50 s -> 37 s.

Issue 6 item 9, on that extra-play position (CPU time ``time.process_time()`` of
``player_odds(pos, 3)`` in a fresh process, on a 2-core machine shared with other work, so
inflated; the answer 8797/12180 and every pinned answer unchanged at each step):

- 24.2 s before (back to back with the final code, four runs under the same load: 20.1 to
  23.9 s against 3.9 to 6.0 s, i.e. 4 to 5 times faster).
  The bound of a choice before its Discard was loose: it kept the discard pile's old top cards
  in Power 3's reach although the Discard covers them, so about 4.4 choices per draw were
  expanded into their Discard choices, most of them 21. Reducing the key (``_bound_key``)
  makes the bound nearly exact: it equals the best value after about 98 % of the draws, and
  1.04 choices per draw are expanded -> 13.9 s.
- Sharing the choices that keep the drawn card y across draws (the issue 6 experiment, no gain
  while the expansions dominated) -> 12.0 s; deriving the outs of the choices that play y, and
  of their Discard choices, from masks of the tableau without y (``_outs_plus``) -> 8.5 s;
  building those choices once per position with their y-free masks (``_play_new_templates``,
  ``_plus_prep``, ``_outs_prep``) -> about 4.2 s; leaving out "play, no Power" where taking
  the discard pile's top (8) does at least as well (``_take_beats_none``) -> about 4.0 s.

Issue 6 item 9, the swap position ("figure + yellow-swap, purple-wild scored", no extra play;
CPU time of ``player_odds(pos, 3)`` in a fresh process, back to back with the code before, on
the same shared 2-core machine, answer 277/310 unchanged): 5.2 to 5.5 s before -> 2.7 to 2.8 s
(about 1.9x; ``python bench/odds_cards.py``, T = 3 after T = 1 and 2 in one process: 4.1 s ->
1.8 s wall clock). The profile showed three costs: the maximal masks of each draw's profile
compared every pair of masks (now ``_maximal``: largest first, against the kept ones only; with
a first swap memo 5.2 -> 3.0 s); each draw's profile re-read the tables of the plays that do not
involve the drawn card and asked ``can_score`` per draw (``_turn2_shared``: -> 2.5 s); the swap
part of ``_outs_drawn`` looped over tableau card x other card per position (``_swap_union``) and
the pair masks called ``is_set`` and ``is_run`` apart (one ``triple_kind``): -> about 2.4 s.
What is left: about 0.5 s of a fresh process fills the pair masks (some 28,000 distinct triples
evaluated once by ``swkit.cards.triples``, cached there); the rest is about 140,000 end masks
read from memos keyed on nested tuples (``_keep_profile`` over the swap choices: about 6,700
distinct tables, about 33,000 distinct end masks). Tried without a measurable gain (left out):
keeping each triple's answer under its sorted type indices while filling the pair masks (the
cost is the first evaluation, which ``swkit.cards.triples`` already caches); returning a tableau
of five or fewer cards' single end state without the memo.

Issue 6 item 9, the extra-play position, second step (``_numerator2_batch``, numpy): the
Python work per draw was the cost (about 57,000 draws, some 70 µs each: the bounds of about 14
choices keeping y and 8 playing it, one Discard expansion), and bounding whole positions one
level up cuts little (after a draw at T = 3 about 112 next positions are searched, their values
a median of about 3 % of certainty below the best). So the same formulas now run on numpy
arrays over every draw y and every next position of a first draw at once (``swkit.odds.draws``;
a row is a choice of a position, given by three table indices: tableau, discard key, hand),
and the branch and bound goes in rounds: each position expands the choice with the highest
bound for most of its open draws. ``python bench/odds_cards.py``, back to back on an idle
machine: 4.3 s -> 1.1 s (the answer 8797/12180 and every pinned answer unchanged). Done per
position instead of per batch, numpy's call overhead made it slower (5.7 s); what is left is
Python: building each position's choices (``_keep_options``, ``_play_new_templates``) and
their Discard choices' keys.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, permutations
from math import factorial
from typing import TYPE_CHECKING, Any

import numpy as np

from swkit.cards.editions import Edition, Power, load_edition, lookup_power
from swkit.cards.notation import Card, format_cards, parse_cards
from swkit.cards.triples import NO_WILDS, Wilds, triple_kind
from swkit.errors import ConfigurationError, NotationError, WorkBudgetError
from swkit.odds.budget import BUDGET_UNIT, DEFAULT_BUDGET
from swkit.odds.deal import Deck
from swkit.odds.draws import DrawTables, bit, segment_max

if TYPE_CHECKING:
    from swkit.cards.game import CardView

TABLEAU_LIMIT = 5
"""Cards a tableau keeps after the Discard step (RULES.md §A3 step 6)."""

MAX_TURNS = 3
"""The largest T we answer (RULES.md §C1 questions are T = 1..3)."""

NO_EFFECT_THIS_TURN = ("extra_draw", "pass", "take_from_discard")
"""Effect primitives that cannot help this turn's score (RULES.md §A7 decisions)."""


Hand = tuple[int, ...]  # sorted positions in deck.types

UNKNOWN_CENTER = "unknown"
"""``Position.center`` when a center Power is there but unknown (``--center`` left out): a score
is possible, no Power is in reach from the center and no play takes its figure."""

NO_CENTER_WORDS = ("none", "no", "empty")
"""``make_position(center=...)`` words for "no center Power at all" (nothing can be scored)."""

WIN_POWERS = 3
"""Scored Powers that win at once (RULES.md §A5): a position with this many is over."""

MAX_PLAYERS = 4
"""Players in a game of cards (RULES.md §A1): 2 to 4, so at most 3 other tableaux."""


# --------------------------------------------------------------------------------------------
# The position
# --------------------------------------------------------------------------------------------

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
        scored_list: list[Any] = [s for s in scored.replace(",", " ").split() if s]
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


# --------------------------------------------------------------------------------------------
# The answer
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawPlan:
    """After drawing ``card`` (None: the draw is skipped): the best play and
    P(scoring within T | this draw). ``copies``: how many physical cards of this type the draw
    can bring; ``scores_now``: the play scores this turn."""

    card: Card | None
    copies: int
    play: str
    probability: Fraction
    scores_now: bool


@dataclass(frozen=True)
class PlayerOdds:
    """The answer to a player's-odds question (RULES.md §C1).

    ``probability``: P(scoring within ``turns`` of your turns), exact, in [0, 1];
    ``within``: P(scoring within t turns) for t = 1..turns; ``outs``: this turn's outs, card
    type -> copies the draw can bring; ``plans``: one DrawPlan per possible draw, best first;
    ``unseen``: number of unseen cards; ``draw_from``: ``"unseen cards"``, ``"discard pile"``
    (empty deck, RULES.md §C1) or ``"nothing"``; ``modelled`` / ``left_out``: the Powers in
    reach (center and scored) modelled or left out, with a reason each; ``notes``: what the
    search says of itself (e.g. "certain within 2 turns, so certain within 3: not searched
    again").
    """

    position: Position
    turns: int
    probability: Fraction
    within: tuple[Fraction, ...]
    outs: dict[Card, int]
    plans: tuple[DrawPlan, ...]
    unseen: int
    draw_from: str
    modelled: tuple[str, ...]
    left_out: tuple[str, ...]
    notes: tuple[str, ...] = ()

    @property
    def this_turn(self) -> Fraction:
        """P(scoring this turn)."""
        return self.within[0]

    @property
    def best(self) -> DrawPlan:
        """The plan of the most likely best outcome: the first of ``plans`` (highest
        conditional probability, then most copies)."""
        return self.plans[0]


# --------------------------------------------------------------------------------------------
# The engine
# --------------------------------------------------------------------------------------------

def _ins(t: Hand, x: int) -> Hand:
    i = bisect_left(t, x)
    return t[:i] + (x,) + t[i:]


def _rem(t: Hand, x: int) -> Hand:
    i = t.index(x)
    return t[:i] + t[i + 1:]


def _without(t: Hand, cards: Iterable[int]) -> Hand:
    """``t`` with one copy of each of ``cards`` taken out."""
    for c in cards:
        t = _rem(t, c)
    return t


def _distinct(t: Iterable[int]) -> list[int]:
    return sorted(set(t))


def _bits(t: Iterable[int]) -> int:
    """The bitmask of the card types in ``t``."""
    out = 0
    for x in t:
        out |= 1 << x
    return out


def _maximal(masks: set[int]) -> tuple[int, ...]:
    """The maximal masks of a set of bitmasks (those inside no other). Going from the most
    bits down, a mask is compared with the maximal ones kept so far only: a mask inside a
    dropped one is inside the kept one that dropped it. The order of the result is not
    meaningful (callers take the largest weight)."""
    top: list[int] = []
    for m in sorted(masks, key=int.bit_count, reverse=True):
        for t in top:
            if m & t == m:
                break
        else:
            top.append(m)
    return tuple(top)


def _take(drawn: Hand, x: int) -> Hand:
    """The pool change ``drawn`` after a card of type x leaves the unseen cards. Entries are
    types taken out (x >= 0) or put in (``~x`` < 0: a card passed to an opponent, Power 10),
    sorted, never both for one type."""
    return _rem(drawn, ~x) if ~x in drawn else _ins(drawn, x)


def _give(drawn: Hand, x: int) -> Hand:
    """The pool change ``drawn`` after a card of type x joins the unseen cards."""
    return _rem(drawn, x) if x in drawn else _ins(drawn, ~x)


def _net(drawn: Hand) -> int:
    """Cards taken out of the unseen cards, net of those put in."""
    return sum(1 if d >= 0 else -1 for d in drawn)


class _OverBudget(Exception):
    """Raised inside the search when its memo tables pass the budget (``_Engine._tick``);
    ``player_odds`` turns it into a ``WorkBudgetError`` that says why and what to ask."""

    def __init__(self, spent: int) -> None:
        super().__init__(spent)
        self.spent = spent


@dataclass
class _Engine:
    """Exact search for one position; caches live as long as the engine."""

    pos: Position
    types: tuple[Card, ...]
    wilds: list[Wilds]                      # index 0 = no wilds
    base: list[int]                         # unseen copies per type
    base_masks: list[tuple[int, int]]       # (k, bitmask of types with k unseen copies)
    unseen0: int
    center_color: str | None
    powers: list[Power]                     # center + scored, modelled in the search
    ep: int = 0                             # extra_play count (0: not in reach)
    pfd: tuple[int | None, int] | None = None   # (requires_number, depth)
    tfd: int = 0                            # take_from_discard count
    swap: bool = False
    draw_k: int = 0                         # extra_draw count (0: not in reach or T = 1)
    pass_n: int = 0                         # pass count (0: not in reach or T = 1)
    has_memo: dict[tuple[Hand, int], bool] = field(default_factory=dict)
    pair_memos: list[dict[int, int]] = field(default_factory=list)
    pm_memo: dict[tuple[Hand, int], int] = field(default_factory=dict)
    outs_memo: dict[Any, int] = field(default_factory=dict)
    value_memo: dict[Any, Fraction] = field(default_factory=dict)
    score_memo: dict[Any, bool] = field(default_factory=dict)
    options_memo: dict[Any, list[list[Any]]] = field(default_factory=dict)
    power_memo: dict[Any, bool] = field(default_factory=dict)
    drawn_memo: dict[Any, int] = field(default_factory=dict)
    plus_memo: dict[Any, int] = field(default_factory=dict)
    orow_memo: dict[int, list[int | None]] = field(default_factory=dict)  # _others_rows
    center_mask: int = 0
    scorable: bool = True                   # a center Power is there (known or unknown)
    every: int = 0                          # bitmask of every card type
    end_memo: dict[Any, list[tuple[Hand, Hand]]] = field(default_factory=dict)
    keep_memo: dict[Any, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    discard_memo: dict[Any, list[int]] = field(default_factory=dict)
    dk1_memo: dict[Hand, Hand] = field(default_factory=dict)
    last2_memo: dict[Any, tuple[Any, ...]] = field(default_factory=dict)
    turn2_memo: dict[Any, list[tuple[int, tuple[Any, ...] | None]]] = field(
        default_factory=dict)
    number_masks: dict[int, int] = field(default_factory=dict)   # number -> its types' bits
    pair_rows: dict[int, list[int]] = field(default_factory=dict)  # y -> pair(0, y, c) per c
    keep1_memo: dict[Any, list[list[Any]]] = field(default_factory=dict)
    levels_memo: dict[Hand, list[tuple[int, int]]] = field(default_factory=dict)
    tables: DrawTables | None = None        # see _numerator2_batch
    budget: int | None = None               # memo entries allowed (None: no limit)
    ticks: int = 0                          # work steps since the start (see _tick)
    progress: Callable[[int, int], None] | None = None   # (first draws done, of) at the top

    # ---- the work budget (counted in memo entries, the same on every path) ----
    def memo_entries(self) -> int:
        """The entries of every memo table this search holds (its dicts, and the row tables
        of the numpy batch): the unit of the work budget. The triple lookups shared by every
        question (``_PAIRS``) are not counted."""
        n = 0
        for v in self.__dict__.values():
            if isinstance(v, dict):
                n += len(v)
        if self.tables is not None:
            n += len(self.tables.tabs.of) + len(self.tables.keys.of) + len(self.tables.hands.of)
        return n

    def _tick(self) -> None:
        """One step of work (a position valued over two or more turns, a chance outcome):
        every 16th step, raise ``_OverBudget`` once the memo tables hold more entries than
        ``budget``."""
        self.ticks += 1
        if not self.ticks & 15:
            self.check_budget()

    def check_budget(self) -> None:
        """Raise ``_OverBudget`` if the memo tables hold more entries than ``budget``."""
        if self.budget is not None:
            spent = self.memo_entries()
            if spent > self.budget:
                raise _OverBudget(spent)

    # ---- triple lookups (tables filled by swkit.cards.triples) ----
    def pair(self, w: int, a: int, b: int) -> int:
        """Bitmask of the types c such that a, b, c form a set or a run under wilds ``w``,
        filled on demand by calling ``swkit.cards.triples`` (shared by every question on the
        same deck and wilds)."""
        memo = self.pair_memos[w]
        key = (a << 16 | b) if a <= b else (b << 16 | a)
        hit = memo.get(key)
        if hit is None:
            ta, tb, wild = self.types[a], self.types[b], self.wilds[w]
            hit = 0
            for c, tc in enumerate(self.types):
                if triple_kind((ta, tb, tc), wild) is not None:   # a set or a run
                    hit |= 1 << c
            memo[key] = hit
        return hit

    def pm(self, tab: Hand, w: int = 0) -> int:
        """Bitmask of types completing a triple with two cards of ``tab``."""
        key = (tab, w)
        hit = self.pm_memo.get(key)
        if hit is None:
            hit = 0
            for i in range(len(tab)):
                for j in range(i + 1, len(tab)):
                    hit |= self.pair(w, tab[i], tab[j])
            self.pm_memo[key] = hit
        return hit

    def has(self, tab: Hand, w: int = 0) -> bool:
        """True if three cards of ``tab`` form a set or a run under wilds ``w``."""
        key = (tab, w)
        hit = self.has_memo.get(key)
        if hit is None:
            hit = len(tab) >= 3 and (self.has(tab[:-1], w)
                                     or bool(self.pm(tab[:-1], w) >> tab[-1] & 1))
            self.has_memo[key] = hit
        return hit

    def has_plus(self, tab: Hand, x: int, w: int = 0) -> bool:
        return self.has(tab, w) or bool(self.pm(tab, w) >> x & 1)

    def access(self, p: int | None, figure: bool) -> bool:
        return figure or (p is not None and self.center_color is not None
                          and self.types[p].color == self.center_color)

    def plays(self, hand: Hand, tab: Hand, figure: bool
              ) -> Iterator[tuple[int | None, Hand, Hand, bool]]:
        """Each play of a turn after the draw (RULES.md §A3 step 2): (the card type played, or
        None for an empty hand; the tableau after it; the hand after it; True if a Power is
        usable: the figure is held or this play takes it)."""
        for p in _distinct(hand) or [None]:
            if p is None:
                yield None, tab, hand, figure
            else:
                yield p, _ins(tab, p), _rem(hand, p), self.access(p, figure)

    def _taken_masks(self, hm: int, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                     ) -> list[int] | None:
        """Without an extra play: after taking the top of the discard pile (Power 8) with the
        hand ``hm`` (bitmask), the end masks of the Discard choices (see ``_end_mask``), or
        None if one of them holds a card of the hand (the last turn then scores whatever
        comes). Empty if take-discard is out of reach."""
        if not (fig1 and self.tfd and disc):
            return []
        k = min(self.tfd, len(disc))
        for c in disc[len(disc) - k:]:
            hm |= 1 << c
        masks = []
        for t3, dk3 in self._end_states(tab1, disc[:len(disc) - k]):
            m = self._end_mask(t3, dk3, others, fig1)
            if hm & m:
                return None
            masks.append(m)
        return masks

    # ---- this turn ----
    def _power_scores(self, hand1: Hand, tab1: Hand, disc: Hand,
                      others: Hand) -> bool:
        """With a Power usable after the play: can one make a triple?"""
        if self.ep == 1:
            for q in hand1:
                if self.has_plus(tab1, q):
                    return True
        return self._power_scores_rest(hand1 if self.ep > 1 else (), tab1, disc, others)

    def _power_scores_rest(self, hand1: Hand, tab1: Hand, disc: Hand, others: Hand) -> bool:
        """``_power_scores`` without a single extra play (memoised)."""
        key = (hand1, tab1, disc, others)
        hit = self.power_memo.get(key)
        if hit is not None:
            return hit
        hit = self.power_memo[key] = self._power_scores_uncached(hand1, tab1, disc, others)
        return hit

    def _power_scores_uncached(self, hand1: Hand, tab1: Hand, disc: Hand,
                               others: Hand) -> bool:
        for w in range(1, len(self.wilds)):
            if self.has(tab1, w):
                return True
        if self.ep > 1 and hand1:
            k = min(self.ep, len(hand1))
            for qs in set(combinations(hand1, k)):
                t = tab1
                for q in qs:
                    t = _ins(t, q)
                if self.has(t):
                    return True
        if self.pfd and disc:
            need, depth = self.pfd
            if need is None or any(self.types[c].number == need for c in tab1):
                for d in _distinct(disc[-depth:]):
                    if self.has_plus(tab1, d):
                        return True
        if self.swap and tab1:
            theirs = _distinct(others)
            for t in _distinct(tab1):
                tab2 = _rem(tab1, t)
                for o in theirs:
                    if self.has_plus(tab2, o):
                        return True
        return False

    def can_score(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> bool:
        """After the draw: can some play (and Power) make a triple this turn?"""
        if not self.scorable:
            return False
        key = (hand, tab, disc, others, figure)
        hit = self.score_memo.get(key)
        if hit is not None:
            return hit
        if self.ep == 0 and hand:
            # without an extra play, a play scores alone: has the hand a type whose play
            # scores (the drawn-card mask of ``_outs_drawn``)?
            hm = _bits(hand)
            hit = self.has(tab) or bool(hm & self._outs_drawn(tab, disc, others, figure))
        else:
            hit = self._can_score(hand, tab, disc, others, figure)
        self.score_memo[key] = hit
        return hit

    def _can_score(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                   figure: bool) -> bool:
        if self.has(tab):
            return True
        plays: list[int | None] = list(_distinct(hand)) or [None]
        pm0 = self.pm(tab)
        for p in plays:
            if p is not None and pm0 >> p & 1:
                return True
        for p in plays:
            if not self.access(p, figure):
                continue
            tab1 = tab if p is None else _ins(tab, p)
            hand1 = hand if p is None else _rem(hand, p)
            if self._power_scores(hand1, tab1, disc, others):
                return True
        return False

    def outs_mask(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> int:
        """Bitmask of the types x such that drawing x lets the player score this turn."""
        key = (hand, tab, disc, others, figure)
        hit = self.outs_memo.get(key)
        if hit is None:
            if self.ep > 1:
                hit = sum(1 << x for x in range(len(self.types))
                          if self.can_score(_ins(hand, x), tab, disc, others, figure))
            else:
                hit = self._outs_fast(hand, tab, disc, others, figure)
            self.outs_memo[key] = hit
        return hit

    def _outs_fast(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                   figure: bool) -> int:
        """``outs_mask`` with at most one extra play. D = the types whose play scores (with a
        Power if the play takes the figure or it is held; ``_outs_drawn``). Every type is an
        out if the tableau holds a triple, a card q of the hand is in D, or (extra play) q
        played with the figure and another card r of the hand scores (r in plus(q) = the x
        with tab + q + x a triple). Else the outs are D, and with an extra play also
        plus(q) for each q of the hand (the drawn card and q both played; only the part of
        the drawn cards that can take the figure when q cannot)."""
        every = self.every
        if not self.scorable:
            return 0
        if self.has(tab):
            return every
        drawn = res = self._outs_drawn(tab, disc, others, figure)
        if not hand:
            return res
        for q in hand:
            if drawn >> q & 1:
                return every
        if not self.ep:
            return res
        acc = every if figure else self.center_mask
        prev = -1
        for i, q in enumerate(hand):
            if q == prev:
                continue
            prev = q
            pq = self.plus_memo.get((tab, q))
            if pq is None:
                pq = self._plus_mask(tab, q)
            if figure or acc >> q & 1:      # q takes the figure or it is held
                other = 0
                for j, r in enumerate(hand):
                    if j != i:
                        other |= 1 << r
                if pq & other:
                    return every
                res |= pq
            else:
                res |= acc & pq
        return res

    def _plus_mask(self, tab: Hand, q: int) -> int:
        """The x such that tab + q + x holds a triple."""
        key = (tab, q)
        hit = self.plus_memo.get(key)
        if hit is None:
            # pm(tab + q) = pm(tab) plus the pairs (a, q), a in tab
            hit = self.pm(tab)
            if hit >> q & 1 or self.has(tab):
                hit = self.every
            else:
                memo = self.pair_memos[0]
                for a in tab:
                    pa = memo.get((a << 16 | q) if a <= q else (q << 16 | a))
                    hit |= self.pair(0, a, q) if pa is None else pa
            self.plus_memo[key] = hit
        return hit

    def _outs_drawn(self, tab: Hand, disc: Hand, others: Hand, figure: bool) -> int:
        """The outs that come from playing the drawn card x itself (with a Power if x takes
        the figure or the figure is held), apart from an extra play."""
        key = (tab, disc, others, figure)
        hit = self.drawn_memo.get(key)
        if hit is not None:
            return hit
        every = (1 << len(self.types)) - 1
        res = self.pm(tab)                          # the drawn card completes a triple
        acc = every if figure else self.center_mask
        if acc:
            for w in range(1, len(self.wilds)):
                res |= acc & (every if self.has(tab, w) else self.pm(tab, w))
            if self.pfd and disc:
                need, depth = self.pfd
                if need is None or any(self.types[c].number == need for c in tab):
                    gate = acc
                else:
                    gate = acc & sum(1 << i for i, c in enumerate(self.types) if c.number == need)
                for d in _distinct(disc[-depth:]):
                    res |= gate & self._plus_mask(tab, d)
            if self.swap and others:
                res |= acc & self._swap_union(tab, others)
        self.drawn_memo[key] = res
        return res

    def _swap_union(self, tab: Hand, others: Hand) -> int:
        """The drawn cards x that score by a swap with another tableau once x is played into
        ``tab`` (no wilds; the caller masks by access to a Power). A swap gives away x itself
        (tab + o must hold a triple: then every x) or a card t of ``tab`` (tab - t + o + x).
        With two or more cards in ``tab`` the second is the x completing a triple with o and
        a card of ``tab``, or with two cards of ``tab`` (those already score without the swap,
        ``pm(tab)``, so they are left to the caller), or every x if o completes a pair of
        ``tab`` or ``tab`` holds a triple; with fewer cards no swap makes a triple. So the
        union is every type or the pairs of ``tab``'s cards with the other tableaux' cards,
        read from ``_others_rows``."""
        if len(tab) < 2 or not others:
            return 0
        rows = self._others_rows(others)
        if self.has(tab) or self.pm(tab) & rows[-1]:
            return self.every
        res = 0
        for a in tab:
            r = rows[a]
            if r is None:
                r = rows[a] = self._others_row(a, rows[-1])
            res |= r
        return res

    def _others_rows(self, others: Hand) -> list[int | None]:
        """Per card type a (filled on demand by ``_swap_union``): the x with a, o, x a triple
        for some card o of the other tableaux, None until needed; the last entry is the
        bitmask of the other tableaux' types. Memoised per bitmask of those types."""
        obits = _bits(others)
        rows = self.orow_memo.get(obits)
        if rows is None:
            rows = self.orow_memo[obits] = [None] * len(self.types) + [obits]
        return rows

    def _others_row(self, a: int, obits: int) -> int:
        """The x completing a triple (no wilds) with type a and some type of ``obits``."""
        res = 0
        o = 0
        while obits:
            if obits & 1:
                res |= self.pair(0, a, o)
            obits >>= 1
            o += 1
        return res

    # ---- later turns ----
    def order_matters(self) -> bool:
        return bool(self.pfd or self.tfd)

    def disc_key(self, disc: Hand, turns: int) -> Hand:
        """The part of the discard pile that can matter within ``turns`` more turns."""
        if turns <= 1:   # the last turn: only the set of the top cards for Power 3
            if not self.pfd:
                return ()
            hit = self.dk1_memo.get(disc)
            if hit is None:
                hit = self.dk1_memo[disc] = tuple(sorted(disc[-self.pfd[1]:]))
            return hit
        if not self.order_matters():
            return ()
        # a turn removes at most ``per`` cards (one Power), all from the top ``look``; the
        # cards discarded on top are known, so the next turns need the old top
        # max(look, per + need(turns - 1)), need(1) = the Power 3 depth.
        look = max(self.pfd[1] if self.pfd else 0, self.tfd)
        per = max(1 if self.pfd else 0, self.tfd)
        keep = self.pfd[1] if self.pfd else 0
        for _ in range(turns - 1):
            keep = max(look, per + keep)
        return disc[-keep:] if keep else ()

    def ends(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
             turns_after: int) -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        """Every way to finish a non-scoring turn after the draw: (steps, next position) with
        the next position = (hand, tableau, discard key, others, figure)."""
        for p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
            step0: tuple[Any, ...] = ("play", p, fig1 and not figure)
            for steps, h2, t2, d2, o2 in self._powers_then(hand1, tab1, disc, others, fig1):
                for dsteps, t3, d3 in self._discards(t2, d2, turns_after):
                    yield ((step0, *steps, *dsteps),
                           (h2, t3, self.disc_key(d3, turns_after), o2, fig1))

    def _powers_then(self, hand1: Hand, tab1: Hand, disc: Hand, others: Hand,
                     fig1: bool) -> Iterator[tuple[tuple[Any, ...], Hand, Hand, Hand,
                                                   tuple[Hand, ...]]]:
        yield (), hand1, tab1, disc, others
        if not fig1:
            return
        if self.ep and hand1:
            k = min(self.ep, len(hand1))
            for qs in sorted(set(combinations(hand1, k))):
                t, h = tab1, hand1
                for q in qs:
                    t, h = _ins(t, q), _rem(h, q)
                yield (("extra", qs),), h, t, disc, others
        if self.pfd and disc:
            need, depth = self.pfd
            if need is None or any(self.types[c].number == need for c in tab1):
                seen = set()
                for i in range(max(0, len(disc) - depth), len(disc)):
                    d2 = disc[:i] + disc[i + 1:]
                    if (disc[i], d2) in seen:
                        continue
                    seen.add((disc[i], d2))
                    yield (("from_discard", disc[i]),), hand1, _ins(tab1, disc[i]), d2, others
        if self.tfd and disc:
            k = min(self.tfd, len(disc))
            h = hand1
            for c in disc[len(disc) - k:]:
                h = _ins(h, c)
            yield (("take", disc[len(disc) - k:]),), h, tab1, disc[:len(disc) - k], others
        if self.swap and tab1:
            for o in _distinct(others):
                for t in _distinct(tab1):
                    yield ((("swap", t, o),), hand1, _ins(_rem(tab1, t), o), disc,
                           _ins(_rem(others, o), t))

    def _discards(self, tab: Hand, disc: Hand, turns_after: int
                  ) -> Iterator[tuple[tuple[Any, ...], Hand, Hand]]:
        need = len(tab) - TABLEAU_LIMIT
        if need <= 0:
            yield (), tab, disc
            return
        for combo in sorted(set(combinations(tab, need))):
            rest = _without(tab, combo)
            orders = sorted(set(permutations(combo))) \
                if self.order_matters() and turns_after >= 2 else [combo]
            for order in orders:
                yield (("discard", order),), rest, disc + order

    def weighted(self, mask: int, drawn: Hand) -> int:
        """Unseen copies (after ``drawn``) of the types in ``mask``."""
        total = 0
        for k, kmask in self.base_masks:
            total += k * (mask & kmask).bit_count()
        for d in drawn:
            if d >= 0:
                total -= mask >> d & 1
            else:
                total += mask >> ~d & 1
        return total

    def copies(self, x: int, drawn: Hand) -> int:
        """Unseen copies of type x after the pool change ``drawn``."""
        return self.base[x] - drawn.count(x) + drawn.count(~x)

    def numerator(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int) -> int:
        """P(score within ``turns`` turns) from the start of a turn (before the draw) times
        U·(U−1)·…·(U−turns+1), U = the unseen cards (the initial ones minus ``drawn``)."""
        if turns == 1:
            return self.weighted(self.outs_mask(hand, tab, disc, others, figure), drawn)
        key = (hand, tab, disc, others, figure, drawn, turns)
        hit = self.value_memo.get(key)
        if hit is not None:
            return hit
        self._tick()
        if turns == 2 and self.ep == 0 and self.unseen0 - _net(drawn) > 1:
            hit = self.value_memo[key] = self._numerator2(hand, tab, disc, others, figure, drawn)
            return hit
        if turns == 2 and self._batched():
            hit = self.value_memo[key] = self._numerator2_batch(
                [(hand, tab, disc, others, figure)], drawn)[0]
            return hit
        if turns == 2 and self.ep == 1:
            hit = self.value_memo[key] = self._numerator2_extra(hand, tab, disc, others, figure,
                                                                drawn)
            return hit
        u_total = self.unseen0 - _net(drawn)
        full = _falling(u_total - 1, turns - 1)
        total = 0
        top = self.progress if not drawn else None      # the question's own first draws
        for x in range(len(self.types)):
            if top is not None:
                top(x, len(self.types))
            u = self.copies(x, drawn)
            if u <= 0:
                continue
            h = _ins(hand, x)
            if self.can_score(h, tab, disc, others, figure):
                total += u * full
            else:
                total += u * self.best_next(h, tab, disc, others, figure, _take(drawn, x), turns,
                                            full, x)
        self.value_memo[key] = total
        return total

    # ---- two turns to go, one extra play: the choices that keep the drawn card, shared ----
    def _derive1(self, m: int, tab: Hand, y: int, fig1: bool) -> int:
        """With exactly one extra play in reach: the last turn's outs of a hand plus card y
        from the outs ``m`` of the hand (``_outs_fast``): every type if m is, or if y is in m
        (y scores with the hand: a pair completes with it, by symmetry of ``_plus_mask``),
        else m plus the x with tableau + y + x a triple (only the part of them that can take
        the figure when it is not held and y cannot take it)."""
        if m == self.every or m >> y & 1:
            return self.every
        pq = self.plus_memo.get((tab, y))
        if pq is None:
            pq = self._plus_mask(tab, y)
        if fig1 or self.center_mask >> y & 1:
            return m | pq
        return m | (self.center_mask & pq)

    def _keep_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                      bounds: bool = True) -> list[list[Any]]:
        """The play and Power choices after this turn's draw that leave the drawn card in the
        hand (one extra play in reach), drawn-free: [outs before the Discard of the hand
        without the drawn card (None if not ``bounds``: ``_numerator2_batch``, the only caller
        then, computes them all at once; an engine takes that path or ``_numerator2_extra``
        for good, ``_batched``), tableau, tableau size, position before the Discard
        without the drawn card, its Discard choices' (tableau, outs) or None until needed,
        the discard key of the outs before the Discard]. Shared by every draw (memoised per
        position)."""
        key = (hand, tab, disc, others, figure)
        hit = self.keep1_memo.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[Any, ...], list[Any]] = {}
        for p in _distinct(hand):
            tab1 = _ins(tab, p)
            hand1 = _rem(hand, p)
            fig1 = self.access(p, figure)
            skip_none = self._take_beats_none(fig1, disc)
            for steps, h2, t2, d2, o2 in self._powers_then(hand1, tab1, disc, others, fig1):
                if skip_none and not steps:
                    continue
                pre = (h2, t2, d2, o2, fig1)
                if pre not in found:
                    bkey = self._bound_key(d2, len(t2))
                    bound = self.outs_mask(h2, t2, bkey, o2, fig1) if bounds else None
                    found[pre] = [bound, t2, len(t2), pre, None, bkey]
        hit = self.keep1_memo[key] = list(found.values())
        return hit

    def _keep_ends(self, opt: list[Any]) -> list[tuple[Hand, int]]:
        """The Discard choices of a ``_keep_options`` entry as (tableau, outs of the hand
        without the drawn card), every type alone if one of them has every type."""
        if opt[4] is None:
            h2, t2, d2, o2, fig1 = opt[3]
            ends: dict[tuple[Hand, int], None] = {}
            for t3, dk3 in self._end_states(t2, d2):
                m = self.outs_mask(h2, t3, dk3, o2, fig1)
                if m == self.every:
                    ends = {(t3, m): None}
                    break
                ends[(t3, m)] = None
            opt[4] = list(ends)
        return opt[4]

    def _levels(self, drawn: Hand) -> list[tuple[int, int]]:
        """The unseen cards after the pool change ``drawn`` as [(copies k, bitmask of the
        types with k unseen copies)], so ``weighted(m, drawn)`` = sum of k · |m ∩ mask|
        (memoised per ``drawn``)."""
        hit = self.levels_memo.get(drawn)
        if hit is None:
            by: dict[int, int] = {}
            for x in range(len(self.types)):
                c = self.copies(x, drawn)
                if c > 0:
                    by[c] = by.get(c, 0) | 1 << x
            hit = self.levels_memo[drawn] = sorted(by.items())
        return hit

    def _numerator2_extra(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                          figure: bool, drawn: Hand) -> int | Fraction:
        """``numerator`` for two turns to go with exactly one extra play and a swap or a wild
        in reach (without them: ``_numerator2_batch``). The choices that leave the drawn card
        y in the hand are built once per position (``_keep_options``) and their outs derived
        per draw (``_derive1``); the choices that play y (play y, or play a card and y as the
        extra play) are built per draw (``_play_new_options``). Then, per draw, the same branch
        and bound as ``_best_last`` (bounds: the outs before the Discard, ``_bound_key``)."""
        n0 = self.unseen0 - _net(drawn)
        full = n0 - 1
        if not self.scorable:
            return 0
        scores = self.outs_mask(hand, tab, disc, others, figure)   # draws that score now
        keep = self._keep_options(hand, tab, disc, others, figure) if hand else []
        every = self.every
        center = self.center_mask
        # per choice: pm(tableau), or None if it holds a triple (plus(tableau, y) below)
        keep_b = [(opt[0], opt[1], opt[2] <= TABLEAU_LIMIT, opt[3][4], opt,
                   None if self.has(opt[1]) else self.pm(opt[1])) for opt in keep]
        rows = self.pair_rows
        total: int | Fraction = 0
        for y in range(len(self.types)):
            u = self.copies(y, drawn)
            if u <= 0:
                continue
            if scores >> y & 1:
                total += u * full
                continue
            d2 = _take(drawn, y)
            h = _ins(hand, y)
            levels = self._levels(d2)
            if len(levels) == 1 and levels[0][0] == 1:
                live = levels[0][1]

                def w(m: int, live: int = live) -> int:
                    return (m & live).bit_count()
            else:
                def w(m: int, levels: list[tuple[int, int]] = levels) -> int:
                    return sum(k * (m & lm).bit_count() for k, lm in levels)
            cands: list[tuple[int, int, int, int, Any]] = []
            best = 0
            row = rows.get(y)
            if row is None:
                row = rows[y] = [self.pair(0, y, c) for c in range(len(self.types))]
            for b0, t2, small, fig1, opt, pmt in keep_b:
                if b0 == every or b0 >> y & 1:
                    if small:
                        best = full
                        break
                    b = every
                else:
                    # plus(t2, y) (``_plus_mask``) from the pairs of y
                    if pmt is None or pmt >> y & 1:
                        pq = every
                    else:
                        pq = pmt
                        for a in t2:
                            pq |= row[a]
                    b = b0 | (pq if fig1 or center >> y & 1 else center & pq)
                bw = w(b)
                if small:
                    if bw > best:
                        best = bw
                else:
                    cands.append((bw, -opt[2], 0, len(cands), opt))
            if best < full:
                for pre, size, b in self._play_new_options(hand, tab, disc, others, figure, y):
                    bw = w(b)
                    if size <= TABLEAU_LIMIT:
                        if bw > best:
                            best = bw
                    else:
                        cands.append((bw, -size, 1, len(cands), pre))
                cands.sort(reverse=True)
                for bw, _size, kind, _i, data in cands:
                    if bw <= best:
                        break
                    if kind == 0:
                        fig1 = data[3][4]
                        for t3, m in self._keep_ends(data):
                            v = w(self._derive1(m, t3, y, fig1))
                            if v > best:
                                best = v
                                if best == bw:
                                    break
                    else:
                        h2, t2, pile2, o2, fig1 = data
                        for t3, dk3 in self._end_states(t2, pile2):
                            v = w(self.outs_mask(h2, t3, dk3, o2, fig1))
                            if v > best:
                                best = v
                                if best == bw:
                                    break
            total += u * self._with_chance(best, h, tab, disc, others, figure, d2, 2)
        return total

    def _batched(self) -> bool:
        """Two-turn values go through ``_numerator2_batch``: exactly one extra play in reach,
        and neither a swap nor a wild (whose outs it does not derive)."""
        return self.ep == 1 and not self.swap and len(self.wilds) == 1

    def _draw_tables(self) -> DrawTables:
        """The numpy tables of ``_numerator2_batch`` (built once per search)."""
        if self.tables is None:
            need = self.pfd[0] if self.pfd else None
            self.tables = DrawTables(len(self.types), lambda a, b: self.pair(0, a, b), self.pm,
                                     self.has, self.center_mask,
                                     None if need is None else self._need_mask(),
                                     bool(self.pfd))
        return self.tables

    def _numerator2_batch(self, positions: Sequence[tuple[Hand, Hand, Hand, Hand, bool]],
                          drawn: Hand) -> list[int | Fraction]:
        """``numerator(..., turns=2)`` of each position (hand, tableau, discard key, others,
        figure), all after the same pool change ``drawn``, with exactly one extra play and
        neither a swap nor a wild in reach: ``_numerator2_extra`` for many positions and every
        draw y at once. Rows are the choices after the draw (keep y: ``_keep_options``; play
        y: ``_play_new_templates``) of every position, columns the draws y; their bounds (the
        outs before the Discard) are numpy arrays (``swkit.odds.draws``). The branch and bound
        then goes in rounds: each (position, draw) whose best value so far is below the bound
        of an unexpanded choice has its highest such choice expanded into its Discard choices
        (``_expansions``), for every draw at once."""
        n0 = self.unseen0 - _net(drawn)
        full = n0 - 1
        if not self.scorable:
            return [0] * len(positions)
        tables = self._draw_tables()
        levels = self._levels(drawn)
        live = 0
        for _k, lm in levels:
            live |= lm
        yi = np.array([y for y in range(len(self.types)) if live >> y & 1], dtype=np.intp)
        ys = yi.astype(np.uint64)
        ny = len(yi)
        fig_y = tables.center_bit[yi]                       # playing y takes the figure
        keep_rows: list[tuple[int, list[Any]]] = []         # (position, _keep_options entry)
        play_rows: list[tuple[int, tuple[Any, ...]]] = []   # (position, template)
        # per play row: (figure held: 0 no, 1 yes, 2 if y takes it; needs the figure y takes;
        # left out when the figure is held (taking does better); needs y's number for Power 3)
        play_flags: list[tuple[int, bool, bool, bool]] = []
        scoring = np.zeros((len(positions), ny), dtype=bool)
        totals: list[int | Fraction] = []
        need = self.pfd[0] if self.pfd else None
        for i, (hand, tab, disc, others, figure) in enumerate(positions):
            scores = self.outs_mask(hand, tab, disc, others, figure)   # draws that score now
            totals.append(full * self.weighted(scores, drawn))
            scoring[i] = bit(np.uint64(scores), ys)
            if scores & live == live:
                continue
            if hand:
                keep_rows += [(i, opt) for opt in self._keep_options(hand, tab, disc, others,
                                                                     figure, bounds=False)]
            need_y = need is not None and not any(self.types[c].number == need for c in tab)
            take = self._take_beats_none(True, disc)       # once the figure is held
            for t in self._play_new_templates(hand, tab, disc, figure):
                h2, base, d2, _bkey, fig, fd = t
                same = h2 == hand and d2 == disc
                play_rows.append((i, t))
                play_flags.append((2 if fig is None else int(fig),
                                   fig is None and (fd or not same),   # a Power after y
                                   take and same and base == tab,      # y alone
                                   fd and need_y))
        nk = len(keep_rows)
        todo = [opt for _i, opt in keep_rows if opt[0] is None]
        if todo:                # the outs before the Discard of the hand without y
            masks = tables.outs_rows([o[1] for o in todo], [o[5] for o in todo],
                                     [o[3][0] for o in todo],
                                     np.array([o[3][4] for o in todo], dtype=bool))
            for opt, m in zip(todo, masks.tolist(), strict=True):
                opt[0] = m
        blocks = []
        if keep_rows:
            blocks.append(tables.derive([o[0] for _i, o in keep_rows],
                                        [o[1] for _i, o in keep_rows],
                                        [o[3][4] for _i, o in keep_rows], ys, yi))
        flags = np.array(play_flags, dtype=np.intp).reshape(len(play_rows), 4)
        figs = np.where(flags[:, :1] == 2, fig_y[None, :], flags[:, :1] == 1)
        if play_rows:
            blocks.append(tables.outs_plus([t[1] for _i, t in play_rows],
                                           [t[3] for _i, t in play_rows],
                                           [t[0] for _i, t in play_rows], figs, yi))
        best = np.where(scoring, full, 0)
        if blocks:
            bw = tables.weights(np.concatenate(blocks), levels, ys)
            valid = np.ones(bw.shape, dtype=bool)
            if play_rows:
                valid[nk:] = ~((flags[:, 1:2] == 1) & ~fig_y[None, :]) & \
                    ~((flags[:, 2:3] == 1) & figs) & \
                    ~((flags[:, 3:4] == 1) & ~tables.need_bit[yi][None, :])
            bw[~valid] = -1
            owner = np.array([i for i, _o in keep_rows] + [i for i, _t in play_rows],
                             dtype=np.intp)
            sizes = np.array([o[2] for _i, o in keep_rows] +
                             [len(t[1]) + 1 for _i, t in play_rows])
            done = sizes <= TABLEAU_LIMIT                   # no Discard: the bound is exact
            best = np.maximum(best, segment_max(bw[done], owner[done], len(positions)))
            while True:
                open_bw = np.where(done[:, None], -1, bw)
                top = segment_max(open_bw, owner, len(positions))
                wanted = top > best
                if not wanted.any():
                    break
                # per position, the choice with the highest bound for the most draws
                # still open (ties: the fewest Discard choices)
                votes = ((open_bw == top[owner]) & wanted[owner]).sum(axis=1)
                order = np.lexsort((sizes, -votes, owner))
                first = np.ones(len(order), dtype=bool)
                first[1:] = owner[order[1:]] != owner[order[:-1]]
                pick = order[first & (votes[order] > 0)]
                exact = self._expansions(pick, nk, keep_rows, play_rows, figs, levels, ys, yi,
                                         drawn)
                exact[~valid[pick]] = -1
                best = np.maximum(best, segment_max(exact, owner[pick], len(positions)))
                done[pick] = True
        best = np.where(scoring, 0, best)
        if not (self.draw_k or self.pass_n):
            u = np.array([self.copies(int(y), drawn) for y in yi], dtype=np.int64)
            return [t + int(v) for t, v in zip(totals, best @ u, strict=True)]
        for i, (hand, tab, disc, others, figure) in enumerate(positions):
            for j, y in enumerate(yi.tolist()):
                if not scoring[i, j]:
                    totals[i] += self.copies(y, drawn) * self._with_chance(
                        int(best[i, j]), _ins(hand, y), tab, disc, others, figure,
                        _take(drawn, y), 2)
        return totals

    def _expansions(self, pick: np.ndarray, nk: int, keep_rows: list[tuple[int, list[Any]]],
                    play_rows: list[tuple[int, tuple[Any, ...]]], figs: np.ndarray,
                    levels: list[tuple[int, int]], ys: np.ndarray, yi: np.ndarray,
                    drawn: Hand) -> np.ndarray:
        """The exact values (rows: the choices ``pick`` of ``_numerator2_batch``, row indices
        below ``nk`` keep y, the others play y; columns: the draws ``yi``) as the best over
        their Discard choices. A choice keeping y: the outs of its Discard choices without y
        (``_end_states``, ``DrawTables.outs_rows``) plus y (``DrawTables.derive``). A choice
        playing y, the tableau
        base + y keeping 5 cards: discarding cards C of base leaves base - C + y and puts C on
        the pile (``DrawTables.outs_plus``); discarding y and C' of
        base leaves base - C' and puts C' and y on the pile, so y joins Power 3's key
        (``DrawTables.outs_pile``); with more cards discarded than Power 3's
        depth (the key then depends on the order of y among them), card by card
        (``_end_states``, ``outs_mask``)."""
        tables = self._draw_tables()
        depth = self.pfd[1] if self.pfd else 0
        k_rows: list[tuple[Hand, Hand, Hand]] = []         # (tableau, key, hand)
        k_figs: list[bool] = []
        k_own: list[int] = []
        p_rows: list[tuple[Hand, Hand, Hand]] = []
        p_own: list[int] = []
        s_rows: list[tuple[Hand, Hand, Hand]] = []
        s_own: list[int] = []
        s_flag: list[bool] = []
        direct: list[tuple[int, np.ndarray]] = []
        for r, c in enumerate(pick.tolist()):
            if c < nk:
                h2, t2, d2, _o2, fig1 = keep_rows[c][1][3]
                for t3, dk3 in self._end_states(t2, d2):
                    k_rows.append((t3, dk3, h2))
                    k_figs.append(fig1)
                    k_own.append(r)
                continue
            h2, base, d2, _bkey, _fig, _fd = play_rows[c - nk][1]
            fig = figs[c - nk]
            need = len(base) + 1 - TABLEAU_LIMIT
            if self.pfd and need > depth:
                direct.append((r, self._play_ends_direct(h2, base, d2, fig, yi, drawn)))
                continue
            for combo in sorted(set(combinations(base, need))):
                p_rows.append((_without(base, combo), self.disc_key(d2 + combo, 1), h2))
                p_own.append(r)
            for flag in sorted(set(fig.tolist())):
                for combo in sorted(set(combinations(base, need - 1))):
                    pile = d2 + combo
                    kept = pile[max(0, len(pile) - (depth - 1)):] if depth > 1 else ()
                    s_rows.append((_without(base, combo), tuple(sorted(kept)), h2))
                    s_own.append(r)
                    s_flag.append(flag)
        masks = []
        owners: list[int] = []
        if k_rows:          # the outs without y, then y joins the hand
            tabs, keys, hands = zip(*k_rows, strict=True)
            k_ms = tables.outs_rows(tabs, keys, hands, np.array(k_figs, dtype=bool))
            masks.append(tables.derive(k_ms, tabs, k_figs, ys, yi))
            owners += k_own
        if p_rows:
            p_fig = figs[np.array([pick[r] for r in p_own]) - nk]
            tabs, keys, hands = zip(*p_rows, strict=True)
            masks.append(tables.outs_plus(tabs, keys, hands, p_fig, yi))
            owners += p_own
        if s_rows:
            tabs, keys, hands = zip(*s_rows, strict=True)
            s_masks = tables.outs_pile(tabs, keys, hands, np.array(s_flag), yi)
            s_fig = figs[np.array([pick[r] for r in s_own]) - nk]
            masks.append(np.where(s_fig == np.array(s_flag)[:, None], s_masks, np.uint64(0)))
            owners += s_own
        for r, row in direct:
            masks.append(row[None, :])
            owners.append(r)
        return segment_max(tables.weights(np.concatenate(masks), levels, ys),
                           np.array(owners, dtype=np.intp), len(pick))

    def _play_ends_direct(self, hand: Hand, base: Hand, pile: Hand, fig: np.ndarray,
                          yi: np.ndarray, drawn: Hand) -> np.ndarray:
        """For ``_expansions``, more cards to discard than Power 3's depth: per draw y, the
        best outs over the Discard choices of base + y, one by one (``_end_states``)."""
        out = np.zeros(len(yi), dtype=np.uint64)
        for j, (y, f1) in enumerate(zip(yi.tolist(), fig.tolist(), strict=True)):
            d3 = _take(drawn, y)
            best = -1
            for t3, dk3 in self._end_states(_ins(base, y), pile):
                m = self.outs_mask(hand, t3, dk3, (), f1)
                if self.weighted(m, d3) > best:
                    out[j], best = m, self.weighted(m, d3)
        return out

    def _take_beats_none(self, fig1: bool, disc: Hand) -> bool:
        """With two turns to go and exactly one extra play in reach: True if, after a play
        that takes or keeps the figure (``fig1``), using Power 8 (take the top of the discard
        pile ``disc``) is at least as good as using no Power, so the choice without a Power can
        be left out. Both keep the same tableau and Discard choices; with the figure and an
        extra play in the last turn a card in the hand does all a card within Power 3's reach
        does (play the drawn card, then it as the extra play; ``_outs_fast``), and the cards
        under it come within reach. So every last-turn out of no Power is an out of the take."""
        return bool(fig1 and self.tfd and disc and self.ep == 1)

    def _play_new_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                          figure: bool, y: int) -> list[tuple[tuple[Any, ...], int, int]]:
        """The play and Power choices after drawing y that play y (y itself, or another card
        and y as the one extra play), as (position before the Discard, its tableau size, its
        outs). With a
        swap or a wild in reach; else ``_play_new_templates`` shares their building."""
        found: dict[tuple[Any, ...], int] = {}
        tab1 = _ins(tab, y)
        fig1 = self.access(y, figure)
        for _steps, h2, t2, d2, o2 in self._powers_then(hand, tab1, disc, others, fig1):
            pre = (h2, t2, d2, o2, fig1)
            if pre not in found:
                found[pre] = self.outs_mask(h2, t2, self._bound_key(d2, len(t2)), o2, fig1)
        for p in _distinct(hand):
            f1 = self.access(p, figure)
            if not f1:
                continue
            pre = (_rem(hand, p), _ins(_ins(tab, p), y), disc, others, f1)
            if pre not in found:
                found[pre] = self.outs_mask(pre[0], pre[1], self._bound_key(disc, len(pre[1])),
                                            others, f1)
        return [(pre, len(pre[1]), b) for pre, b in found.items()]

    def _play_new_templates(self, hand: Hand, tab: Hand, disc: Hand, figure: bool
                            ) -> list[tuple[Any, ...]]:
        """The choices of ``_play_new_options`` without a swap or a wild in reach, built once
        for every draw y: (hand, tableau without y, discard pile, bound's discard key, fig,
        fd) each, where the tableau before the Discard is that tableau plus y; ``fig`` None
        means the figure comes from playing y (``access(y, figure)``), a bool is fixed; the
        choices needing a Power (extra play, Power 3, Power 8) after playing y are listed only
        if ``figure`` is held or y could take it (checked per draw: ``fig`` None and a hand
        change or ``fd``). ``fd``: Power 3, usable if tableau + y holds its number."""
        found: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        yfig: bool | None = True if figure else None

        def add(h2: Hand, base: Hand, d2: Hand, fig: bool | None, fd: bool) -> None:
            key = (h2, base, d2, fig, fd)
            if key not in found:
                bkey = self._bound_key(d2, len(base) + 1)
                found[key] = (h2, base, d2, bkey, fig, fd)

        add(hand, tab, disc, yfig, False)                       # play y, no Power
        if self.ep and hand:                                    # play y, extra play q
            for q in _distinct(hand):
                add(_rem(hand, q), _ins(tab, q), disc, yfig, False)
        if self.pfd and disc:                                   # play y, Power 3
            depth = self.pfd[1]
            seen = set()
            for i in range(max(0, len(disc) - depth), len(disc)):
                d2 = disc[:i] + disc[i + 1:]
                if (disc[i], d2) not in seen:
                    seen.add((disc[i], d2))
                    add(hand, _ins(tab, disc[i]), d2, yfig, True)
        if self.tfd and disc:                                   # play y, Power 8
            k = min(self.tfd, len(disc))
            h = hand
            for c in disc[len(disc) - k:]:
                h = _ins(h, c)
            add(h, tab, disc[:len(disc) - k], yfig, False)
        if self.ep:
            for p in _distinct(hand):                           # play p, extra play y
                if self.access(p, figure):
                    add(_rem(hand, p), _ins(tab, p), disc, True, False)
        return list(found.values())

    def _need_mask(self) -> int:
        """Bitmask of the card types showing Power 3's required number (0 if none)."""
        need = self.pfd[0] if self.pfd else None
        if need is None:
            return 0
        nm = self.number_masks.get(need)
        if nm is None:
            nm = self.number_masks[need] = sum(
                1 << i for i, c in enumerate(self.types) if c.number == need)
        return nm

    # ---- two turns to go, no extra play: the draw-free profile of each draw ----
    def _numerator2(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                    drawn: Hand) -> int | Fraction:
        """``numerator`` for two turns to go without an extra play in reach, from the
        draw-free ``_turn2_profile`` of the position (so positions reached after different
        draws share it; only the weights, i.e. the unseen copies, depend on ``drawn``). Needs
        at least two unseen cards (the pass closed form of ``_pass_value`` needs one after
        this turn's draw)."""
        n0 = self.unseen0 - _net(drawn)
        full = n0 - 1                                  # _falling(n0 - 1, 1)
        copies = dict(enumerate(self.base))
        for d in drawn:
            if d >= 0:
                copies[d] -= 1
            else:
                copies[~d] += 1
        total: int | Fraction = 0
        for x, prof in self._turn2_profile(hand, tab, disc, others, figure):
            u = copies[x]
            if u <= 0:
                continue
            if prof is None:
                total += u * full
            else:
                total += u * self._eval_last2(prof, hand, _take(drawn, x), full)
        return total

    def _turn2_profile(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                       ) -> list[tuple[int, tuple[Any, ...] | None]]:
        """For each card type x: None if drawing x scores this turn, else the draw-free
        ``_last2_profile`` of the hand holding x (memoised per position)."""
        key = (hand, tab, disc, others, figure)
        hit = self.turn2_memo.get(key)
        if hit is None and self.scorable and not (self.ep or self.draw_k or self.pass_n):
            hit = self.turn2_memo[key] = self._turn2_shared(hand, tab, disc, others, figure)
        if hit is None:
            hit = []
            for x in range(len(self.types)):
                h = _ins(hand, x)
                if self.can_score(h, tab, disc, others, figure):
                    hit.append((x, None))
                else:
                    hit.append((x, self._last2_profile(h, tab, disc, others, figure)))
            self.turn2_memo[key] = hit
        return hit

    def _turn2_shared(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                      ) -> list[tuple[int, tuple[Any, ...] | None]]:
        """``_turn2_profile`` without draw two or pass in reach (and a center Power there),
        sharing across the draws x the work that does not involve x: whether x scores is
        has(tab) or the hand plus x meets the drawn-card mask D (``can_score`` without an
        extra play), and the plays of a card p of the hand read one ``_keep_profile`` for
        every x (x only joins the hand: the hand after the play is hand - p + x); only the
        play of x itself needs its own. The profiles are those of ``_last2_profile``."""
        n = len(self.types)
        if self.has(tab):
            return [(x, None) for x in range(n)]
        drawn_mask = self._outs_drawn(tab, disc, others, figure)
        hand_bits = _bits(hand)
        if hand_bits & drawn_mask:
            return [(x, None) for x in range(n)]
        shared = []             # per card p of the hand: (p, bits of hand - p, tab + p, ...)
        for p in _distinct(hand):
            tab1, hand1, fig1 = _ins(tab, p), _rem(hand, p), self.access(p, figure)
            union, top = self._keep_profile(tab1, disc, others, fig1)
            shared.append((p, _bits(hand1), tab1, fig1, union, top))
        out: list[tuple[int, tuple[Any, ...] | None]] = []
        for x in range(n):
            if drawn_mask >> x & 1:
                out.append((x, None))
                continue
            xb = 1 << x
            full = False
            found: set[int] = set()
            for p, hm, tab1, fig1, union, top in shared:
                if p == x:
                    continue            # the play of x itself comes below (once)
                hm |= xb                # the hand after the play: hand - p + x
                if hm & union:
                    full = True
                    break
                found.update(top)
                if self.tfd:
                    taken = self._taken_masks(hm, tab1, disc, others, fig1)
                    if taken is None:
                        full = True
                        break
                    found.update(taken)
            if not full:                # play x: the hand stays as it was
                tab1, fig1 = _ins(tab, x), self.access(x, figure)
                union, top = self._keep_profile(tab1, disc, others, fig1)
                if hand_bits & union:
                    full = True
                else:
                    found.update(top)
                    if self.tfd:
                        taken = self._taken_masks(hand_bits, tab1, disc, others, fig1)
                        if taken is None:
                            full = True
                        else:
                            found.update(taken)
            out.append((x, (True, (), (), ()) if full else (False, _maximal(found), (), ())))
        return out

    def _last2_profile(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool
                       ) -> tuple[Any, ...]:
        """The draw-free part of ``best_next`` with two turns to go and no extra play in
        reach, after a non-scoring draw: (full, masks, draws, passes). ``full``: some choice
        makes every type an out (``_best_last_no_extra`` returns every unseen card); else
        its value is the largest weight of ``masks`` (the maximal end masks). ``draws``: per
        play taking or holding the figure, (union, masks) of the Discard choices' outs for
        draw two's closed form in ``_draw_value``; ``passes``: (q, union, masks) per card q
        passed, for the closed form in ``_pass_value``."""
        key = (hand, tab, disc, others, figure)
        hit = self.last2_memo.get(key)
        if hit is not None:
            return hit
        full = False
        found: set[int] = set()
        draws: list[tuple[int, tuple[int, ...]]] = []
        passes: list[tuple[int, int, tuple[int, ...]]] = []
        if self.scorable:
            for _p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
                hm = _bits(hand1)
                union, top = self._keep_profile(tab1, disc, others, fig1)
                taken = None if hm & union else self._taken_masks(hm, tab1, disc, others, fig1)
                if taken is None:
                    full = True
                    break
                found.update(top)
                found.update(taken)
        masks = _maximal(found)
        if not full and self.scorable and (self.draw_k or self.pass_n):
            for _p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
                if not fig1:
                    continue
                # without an extra play, the last turn's outs of a hand are every type if
                # the hand holds a type of the end mask, else the end mask (``_outs_fast``)
                ems = [self._end_mask(t3, dk3, others, fig1)
                       for t3, dk3 in self._end_states(tab1, disc)]
                every = self.every
                if self.draw_k:
                    hm = _bits(hand1)
                    ms = tuple(every if hm & e else e for e in ems)
                    union = 0
                    for m in ms:
                        union |= m
                    draws.append((union, ms))
                if self.pass_n and hand1:
                    for q in _distinct(hand1):
                        hm = _bits(_rem(hand1, q))
                        ms = tuple(every if hm & e else e for e in ems)
                        union = 0
                        for m in ms:
                            union |= m
                        passes.append((q, union, ms))
        hit = self.last2_memo[key] = (full, masks, tuple(draws), tuple(passes))
        return hit

    def _eval_last2(self, prof: tuple[Any, ...], hand: Hand, drawn: Hand, n: int
                    ) -> int | Fraction:
        """``best_next(..., turns=2)`` (no extra play) from its ``_last2_profile``: ``drawn``
        includes this turn's draw, ``n`` >= 1 = the unseen cards now. The same value as
        ``_best_last_no_extra`` then ``_with_chance`` (the best of all choices is the same in
        any order)."""
        full, masks, draws, passes = prof
        if full:
            return n
        w = self.weighted
        best: int | Fraction = 0
        for m in masks:
            v = w(m, drawn)
            if v > best:
                best = v
        if best >= n:
            return best
        # the best so far as num / den (integers; a Fraction only at the end)
        num, den = best, 1
        k = self.draw_k
        if draws and n >= k + 1:
            fk = _falling(n, k)
            denom = fk * (n - k)
            for union, ms in draws:
                miss = _falling(n - w(union, drawn), k)
                w_best = max(w(m, drawn) for m in ms)
                acc = (fk - miss) * (n - k) + miss * w_best
                if acc * n * den > num * denom:
                    num, den = acc * n, denom
        for q, union, ms in passes:
            w_best = max(w(m, drawn) + (m >> q & 1) for m in ms)
            hit = w(union, drawn)
            acc = hit * n + (n - hit) * w_best
            if acc * den > num * n:
                num, den = acc, n
        return num if den == 1 else Fraction(num, den)

    def best_next(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int, full: int, new: int | None = None) -> int:
        """The best numerator of the next turns after a non-scoring turn (``turns`` >= 2);
        ``new``: the card just drawn (in ``hand``), if known (see ``_outs_new``)."""
        if turns == 2:
            if self.ep == 0:
                best = self._best_last_no_extra(hand, tab, disc, others, figure, drawn)
            else:
                best = self._best_last(hand, tab, disc, others, figure, drawn, new)
            return self._with_chance(best, hand, tab, disc, others, figure, drawn, turns)
        nexts = list(dict.fromkeys(
            nxt for _steps, nxt in self.ends(hand, tab, disc, others, figure, turns - 1)))
        if turns == 3 and self._batched():
            # the next positions' two-turn values in one batch (``_numerator2_batch``)
            todo = [nxt for nxt in nexts if (*nxt, drawn, 2) not in self.value_memo]
            self.check_budget()
            for nxt, v in zip(todo, self._numerator2_batch(todo, drawn), strict=True):
                self.value_memo[(*nxt, drawn, 2)] = v
        best = 0
        for nxt in nexts:
            v = self.numerator(*nxt, drawn, turns - 1)
            if v > best:
                best = v
                if best == full:
                    break
        return self._with_chance(best, hand, tab, disc, others, figure, drawn, turns)

    # ---- draw two (7) and pass (10): Powers whose cards come by chance ----
    def _with_chance(self, best: int | Fraction, hand: Hand, tab: Hand, disc: Hand,
                     others: Hand, figure: bool, drawn: Hand, turns: int) -> int | Fraction:
        """``best`` or, if higher, the best value of using draw two or pass this turn."""
        if not (self.draw_k or self.pass_n) or not self.scorable:
            return best
        full = _falling(self.unseen0 - _net(drawn), turns - 1)
        if best >= full:
            return best
        for _steps, v in self.chance_options(hand, tab, disc, others, figure, drawn, turns,
                                             beat=best):
            if v > best:
                best = v
                if best >= full:
                    break
        return best

    def chance_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                       drawn: Hand, turns: int, beat: int | Fraction | None = None
                       ) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        """After the draw of a non-scoring turn with ``turns`` >= 2 turns to go (this one
        included): each play followed by draw two (7) or pass (10), as (steps, numerator of
        the next turns on the scale of ``numerator``, i.e. times (N)(N-1)...(N-turns+2) with N
        the unseen cards now). The cards come by chance (RULES.md §C1): draw two takes k cards
        uniformly from the unseen cards, used only while they hold k cards and every later
        draw (the odds never reshuffle); pass gives a chosen card of the hand, which joins the
        unseen cards, and receives one card uniform over the unseen cards (the other hands
        are part of them; none if they are empty). Then the best Discard, knowing the cards.
        ``beat``: leave out the options whose value cannot exceed it (their sum is abandoned as
        soon as even certainty for the outcomes left could not lift it above ``beat``)."""
        after = turns - 1
        n = self.unseen0 - _net(drawn)
        scale = _falling(n, after)
        pool = [(x, self.copies(x, drawn)) for x in range(len(self.types))]
        pool = [(x, u) for x, u in pool if u > 0]
        for p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
            if not fig1:
                continue
            step0 = ("play", p, not figure)
            k = self.draw_k
            if k and n >= k + after:
                ends = list(dict.fromkeys(
                    (t3, self.disc_key(d3, after)) for _d, t3, d3 in self._discards(tab1, disc,
                                                                                    after)))
                denom = _falling(n, k) * _falling(n - k, after)
                need = None if beat is None else Fraction(beat * denom, scale)
                acc = self._draw_value(hand1, ends, others, fig1, drawn, after, k, pool, n, need)
                if acc is not None:
                    yield (step0, ("draw", k, len(tab1) > TABLEAU_LIMIT)), \
                        Fraction(acc * scale, denom)
            if self.pass_n and hand1:
                ends = list(dict.fromkeys(
                    (t3, self.disc_key(d3, after)) for _d, t3, d3 in self._discards(tab1, disc,
                                                                                    after)))
                for q in _distinct(hand1):
                    need = None if beat is None else beat * max(n, 1)
                    acc = self._pass_value(_rem(hand1, q), q, ends, others, fig1, drawn, after,
                                           pool, need)
                    if acc is not None:
                        yield ((step0, ("pass", q, len(tab1) > TABLEAU_LIMIT)),
                               Fraction(acc, n) if n else Fraction(acc))

    def _derive(self, m: int, tab: Hand, x: int) -> int:
        """The last-turn outs of a hand plus x from the outs ``m`` of the hand (figure held,
        one extra play; see ``_outs_new``)."""
        if m == self.every or m >> x & 1:
            return self.every
        pq = self.plus_memo.get((tab, x))
        return m | (self._plus_mask(tab, x) if pq is None else pq)

    def _derivable(self, fig1: bool) -> bool:
        """The last turn's outs of a hand plus some cards derive from the outs of the hand."""
        return self.ep == 0 or (self.ep == 1 and fig1)

    def _outs_with(self, m: int, tab: Hand, cards: Iterable[int]) -> int:
        """The last-turn outs of a hand plus ``cards`` from the outs ``m`` of the hand: with
        no extra play in reach every type if a card is in m, else m (``_outs_fast``); with
        one and the figure, ``_derive`` card by card."""
        if self.ep == 0:
            for c in cards:
                if m >> c & 1:
                    return self.every
            return m
        for c in cards:
            m = self._derive(m, tab, c)
        return m

    def _draw_value(self, hand1: Hand, ends: list[tuple[Hand, Hand]], others: Hand,
                    fig1: bool, drawn: Hand, after: int, k: int, pool: list[tuple[int, int]],
                    n: int, need: int | Fraction | None = None) -> int | None:
        """Sum over the ordered k-card draws of the best next numerator (after the Discard);
        None as soon as it cannot exceed ``need``."""
        if after == 1 and self.ep == 0:
            # closed form: every type if a drawn card is an out of some end, else the best end
            masks = [self.outs_mask(hand1, t3, dk3, others, fig1) for t3, dk3 in ends]
            union = 0
            for m in masks:
                union |= m
            w_best = max(self.weighted(m, drawn) for m in masks)
            miss = _falling(n - self.weighted(union, drawn), k)
            return (_falling(n, k) - miss) * (n - k) + miss * w_best
        if after == 1 and self._derivable(fig1):
            masks = [(t3, self.outs_mask(hand1, t3, dk3, others, fig1)) for t3, dk3 in ends]
        total = 0
        left = _falling(n, k)               # ordered draws not summed yet
        top = _falling(n - k, after)        # the most one of them can add
        for combo in _multisets(pool, k):
            self._tick()
            ways = 1
            for x, m in Counter(combo).items():
                ways *= _falling(self.copies(x, drawn), m)
            ways *= _orders(combo)
            d2 = drawn
            for x in combo:
                d2 = _take(d2, x)
            if after == 1 and self._derivable(fig1):
                v = max(self.weighted(self._outs_with(m, t3, combo), d2) for t3, m in masks)
            else:
                h2 = hand1
                for x in combo:
                    h2 = _ins(h2, x)
                v = max(self.numerator(h2, t3, dk3, others, fig1, d2, after)
                        for t3, dk3 in ends)
            total += ways * v
            left -= ways
            if need is not None and total + left * top <= need:
                return None
        return total

    def _pass_value(self, hand2: Hand, q: int, ends: list[tuple[Hand, Hand]], others: Hand,
                    fig1: bool, drawn: Hand, after: int, pool: list[tuple[int, int]],
                    need: int | Fraction | None = None) -> int | None:
        """Sum over the received card (copies as weights) of the best next numerator after
        passing q (``hand2`` = the hand without q); None as soon as it cannot exceed ``need``."""
        if not pool:
            d2 = _give(drawn, q)
            v = max(self.numerator(hand2, t3, dk3, others, fig1, d2, after) for t3, dk3 in ends)
            return None if need is not None and v <= need else v
        n = self.unseen0 - _net(drawn)
        if after == 1 and self.ep == 0:
            # closed form: every type if the card received is an out of some Discard choice,
            # else the best choice's outs (the received card is not among them; q joins the
            # unseen cards)
            masks = [self.outs_mask(hand2, t3, dk3, others, fig1) for t3, dk3 in ends]
            union = 0
            for m in masks:
                union |= m
            w_best = max(self.weighted(m, drawn) + (m >> q & 1) for m in masks)
            hit = self.weighted(union, drawn)
            return hit * n + (n - hit) * w_best
        derive = after == 1 and self._derivable(fig1)
        if derive:
            masks = [(t3, self.outs_mask(hand2, t3, dk3, others, fig1)) for t3, dk3 in ends]
        total = 0
        left = sum(u for _c, u in pool)
        top = _falling(self.unseen0 - _net(drawn), after)
        for c, u in pool:
            self._tick()
            d2 = _give(_take(drawn, c), q)
            if derive:
                v = max(self.weighted(self._outs_with(m, t3, (c,)), d2) for t3, m in masks)
            else:
                v = max(self.numerator(_ins(hand2, c), t3, dk3, others, fig1, d2, after)
                        for t3, dk3 in ends)
            total += u * v
            left -= u
            if need is not None and total + left * top <= need:
                return None
        return total

    # ---- before the last turn, without an extra play: hand-free tables ----
    def _end_mask(self, tab: Hand, dkey: Hand, others: Hand, figure: bool) -> int:
        """Without an extra play in reach, the last turn's outs of an end state are every type
        if the hand holds one of this mask (or it is every type), else this mask: the types
        whose play scores (the drawn card or a card of the hand scores the same way)."""
        if self.has(tab):
            return self.every
        return self._outs_drawn(tab, dkey, others, figure)

    def _end_states(self, tab: Hand, disc: Hand) -> list[tuple[Hand, Hand]]:
        """After a non-scoring turn's Power: the (tableau, last turn's discard key) after each
        Discard choice, without repeats."""
        key = (tab, disc)
        hit = self.end_memo.get(key)
        if hit is None:
            hit = self.end_memo[key] = list(dict.fromkeys(
                (t3, self.disc_key(d3, 1)) for _ds, t3, d3 in self._discards(tab, disc, 1)))
        return hit

    def _keep_moves(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                    ) -> Iterator[tuple[Hand, Hand, Hand]]:
        """The Power choices of ``_powers_then`` that leave the hand as it is (none, play from
        discard, swap), as (tableau, discard pile, others)."""
        yield tab1, disc, others
        if not fig1:
            return
        if self.pfd and disc:
            need, depth = self.pfd
            if need is None or any(self.types[c].number == need for c in tab1):
                for i in range(max(0, len(disc) - depth), len(disc)):
                    yield _ins(tab1, disc[i]), disc[:i] + disc[i + 1:], others
        if self.swap and tab1:
            for o in _distinct(others):
                for t in _distinct(tab1):
                    yield _ins(_rem(tab1, t), o), disc, _ins(_rem(others, o), t)

    def _keep_profile(self, tab1: Hand, disc: Hand, others: Hand, fig1: bool
                      ) -> tuple[int, tuple[int, ...]]:
        """Over every hand-keeping Power choice and Discard after playing into ``tab1``: the
        union of the end masks and the maximal end masks (no extra play in reach)."""
        key = (tab1, disc, others, fig1)
        hit = self.keep_memo.get(key)
        if hit is not None:
            return hit
        masks = set()
        for t2, d2, o2 in self._keep_moves(tab1, disc, others, fig1):
            for t3, dk3 in self._end_states(t2, d2):
                masks.add(self._end_mask(t3, dk3, o2, fig1))
        union = 0
        for m in masks:
            union |= m
        top = _maximal(masks)
        hit = self.keep_memo[key] = (union, top)
        return hit

    def _best_last_no_extra(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                            figure: bool, drawn: Hand) -> int:
        """``_best_last`` when no extra play is in reach: the last turn's outs are every type
        if the hand holds an end mask's type, else that end mask, so each play needs only the
        hand-free ``_keep_profile`` (and the cards taken from the discard pile, if any)."""
        if not self.scorable:
            return 0
        every = self.every
        full = self.weighted(every, drawn)
        best = 0
        for _p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
            hm = _bits(hand1)
            union, top = self._keep_profile(tab1, disc, others, fig1)
            taken = None if hm & union else self._taken_masks(hm, tab1, disc, others, fig1)
            if taken is None:
                return full
            for m in (*top, *taken):
                v = self.weighted(m, drawn)
                if v > best:
                    best = v
        return best

    def _outs_new(self, hand: Hand, tab: Hand, dkey: Hand, others: Hand, figure: bool,
                  new: int | None) -> int:
        """``outs_mask(hand, ...)`` for a hand holding ``new`` (the card just drawn), derived
        from the outs M of the hand without it, which is shared by every draw: with exactly
        one extra play in reach and the figure (``_outs_fast``), the outs are every type if M
        is, or if ``new`` is in M (a type of D in the hand, or new + q with q in the hand
        complete a triple: symmetric), else M plus the x with tableau + new + x a triple."""
        if new is None or not figure or self.ep != 1 or not self.scorable or new not in hand:
            return self.outs_mask(hand, tab, dkey, others, figure)
        rest = _rem(hand, new)
        m = self.outs_memo.get((rest, tab, dkey, others, figure))
        if m is None:
            m = self.outs_mask(rest, tab, dkey, others, figure)
        if m == self.every or m >> new & 1:
            return self.every
        pq = self.plus_memo.get((tab, new))
        return m | (self._plus_mask(tab, new) if pq is None else pq)

    def _last_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                      new: int | None = None) -> list[list[Any]]:
        """Before the last turn: each play and Power choice as [bound mask, tableau size,
        position before the discard, end masks or None]. The bound is the outs of the position
        before the discard: discarding never adds an out (checks are monotone in the tableau)."""
        key = (hand, tab, disc, others, figure)
        hit = self.options_memo.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[Any, ...], list[Any]] = {}
        for _p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
            for _steps, h2, t2, d2, o2 in self._powers_then(hand1, tab1, disc, others, fig1):
                pre = (h2, t2, d2, o2, fig1)
                if pre in found:
                    continue
                bound = self._outs_new(h2, t2, self._bound_key(d2, len(t2)), o2, fig1, new)
                found[pre] = [bound, len(t2), pre, None]
        hit = list(found.values())
        self.options_memo[key] = hit
        return hit

    def _bound_key(self, disc: Hand, size: int) -> Hand:
        """The last turn's discard key for the bound of a choice before its Discard
        (``_last_options``), the tableau holding ``size`` cards: with nothing to discard, the
        exact key; else only the old top cards that stay within Power 3's reach once the
        ``size`` - 5 discarded cards lie on them. The discarded cards need no place in it: the
        bound keeps them in the tableau, which gives at least what playing one back from
        the discard pile gives (the checks are monotone in the tableau)."""
        need = size - TABLEAU_LIMIT
        if need <= 0 or not self.pfd:
            return self.disc_key(disc, 1)
        keep = self.pfd[1] - need
        if keep <= 0:
            return ()
        return tuple(sorted(disc[max(0, len(disc) - keep):]))

    def _discard_masks(self, pre: tuple[Any, ...], new: int | None = None) -> list[int]:
        """The maximal last-turn outs masks over the Discard choices of ``pre`` = (hand,
        tableau, discard pile, others, figure) before the Discard step (memoised: weights are
        never negative, so a mask inside another never wins). ``new``: see ``_outs_new``."""
        hit = self.discard_memo.get(pre)
        if hit is None:
            h2, t2, d2, o2, fig1 = pre
            every = self.every
            masks = set()
            for t3, dk3 in self._end_states(t2, d2):
                m = self._outs_new(h2, t3, dk3, o2, fig1, new)
                if m == every:
                    masks = {every}
                    break
                masks.add(m)
            hit = self.discard_memo[pre] = list(_maximal(masks))
        return hit

    def _best_last(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                   drawn: Hand, new: int | None = None) -> int:
        """max over the ends of this turn of the last turn's numerator (branch and bound);
        ``new``: the card just drawn (in ``hand``), if known (see ``_outs_new``)."""
        opts = self._last_options(hand, tab, disc, others, figure, new)
        # highest bound first; among equal bounds, the fewest Discard choices first
        ranked = sorted(((self.weighted(o[0], drawn), -o[1], i) for i, o in enumerate(opts)),
                        reverse=True)
        best = 0        # first the exact values of the choices needing no Discard
        for bound, _size, i in ranked:
            if opts[i][1] <= TABLEAU_LIMIT:
                best = bound
                break
        for bound, _size, i in ranked:
            if bound <= best:
                break
            opt = opts[i]
            if opt[1] <= TABLEAU_LIMIT:
                continue
            if opt[3] is None:
                opt[3] = self._discard_masks(opt[2], new)
            for m in opt[3]:
                v = self.weighted(m, drawn)
                if v > best:
                    best = v
                    if best == bound:
                        break
        return best

    def value(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
              drawn: Hand, turns: int) -> Fraction:
        """P(score within ``turns`` turns) from the start of a turn, as a Fraction."""
        u_total = self.unseen0 - _net(drawn)
        return Fraction(self.numerator(hand, tab, disc, others, figure, drawn, turns),
                        _falling(u_total, turns))



_PAIRS: dict[tuple[tuple[Card, ...], Wilds], dict[int, int]] = {}
"""Pair completion masks per (deck types, wilds), filled on demand (see ``_Engine.pair``)."""


def _multisets(pool: list[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    """Every sorted k-multiset of types x with at most u copies each, ``pool`` = [(x, u)]."""
    if k == 0:
        yield ()
        return
    for i, (x, u) in enumerate(pool):
        for m in range(1, min(u, k) + 1):
            for rest in _multisets(pool[i + 1:], k - m):
                yield (x,) * m + rest


def _orders(combo: tuple[int, ...]) -> int:
    """The distinct orders of a multiset: k! over the factorials of the repeats."""
    out = factorial(len(combo))
    for m in Counter(combo).values():
        out //= factorial(m)
    return out


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _reach(pos: Position) -> list[Power]:
    """The Powers in reach: the center Power (if known) first, then the scored ones."""
    center = pos.center_power
    return ([center] if center is not None else []) + list(pos.scored)


def _engine(pos: Position, later: bool) -> _Engine:
    types = pos.deck.types
    unseen = pos.unseen()
    base = [unseen.get(c, 0) for c in types]
    center = pos.center_power
    reach = _reach(pos)
    if center is None and not pos.figure:     # no play can take a figure: only one held counts
        reach = []
    wilds = [NO_WILDS]
    ep, pfd, tfd, swap, draw_k, pass_n = 0, None, 0, False, 0, 0
    used: list[Power] = []
    for p in reach:
        if p.is_wild:
            if p.wilds not in wilds:
                wilds.append(p.wilds)
        elif p.effect == "extra_play":
            ep = max(ep, int(p.params["count"]))
        elif p.effect == "play_from_discard":
            pfd = (p.params["requires_number"], int(p.params["depth"]))
        elif p.effect == "take_from_discard":
            if not later:
                continue
            tfd = max(tfd, int(p.params["count"]))
        elif p.effect == "swap":
            swap = True
        elif p.effect == "extra_draw" and later:
            draw_k = max(draw_k, int(p.params["count"]))
        elif p.effect == "pass" and later and int(p.params["count"]) == 1:
            pass_n = 1
        else:
            continue
        used.append(p)
    kinds = sorted(set(base) - {0})
    base_masks = [(k, sum(1 << i for i, b in enumerate(base) if b == k)) for k in kinds]
    pair_memos = [_PAIRS.setdefault((types, w), {}) for w in wilds]
    center_mask = 0 if center is None else sum(
        1 << i for i, c in enumerate(types) if c.color == center.color)
    return _Engine(pos, types, wilds, base, base_masks, sum(base),
                   center.color if center is not None else None,
                   used, ep, pfd, tfd, swap, draw_k, pass_n, pair_memos=pair_memos,
                   center_mask=center_mask, scorable=pos.has_center,
                   every=(1 << len(types)) - 1)


def _describe(steps: tuple[Any, ...], types: tuple[Card, ...], pos: Position,
              score: str | None) -> str:
    words = []
    for step in steps:
        kind = step[0]
        if kind == "play":
            if step[1] is None:
                words.append("no card to play")
            else:
                words.append(f"play {types[step[1]]}")
            if step[2]:
                words.append("take the figure")
        elif kind == "power":
            words.append(f"use Power {step[1]}")
        elif kind == "extra":
            words.append(f"play {format_cards(types[q] for q in step[1])} too")
        elif kind == "from_discard":
            words.append(f"play {types[step[1]]} from the discard pile")
        elif kind == "take":
            words.append(f"take {format_cards(types[q] for q in step[1])} from the discard pile")
        elif kind == "swap":
            card = types[step[2]]
            seat = next((i + 1 for i, t in enumerate(pos.others) if card in t), 0)
            words.append(f"swap {types[step[1]]} for {card} of tableau {seat}")
        elif kind == "draw":
            words.append(f"draw {step[1]} cards" + (", then discard the best for them"
                                                     if step[2] else ""))
        elif kind == "pass":
            words.append(f"pass {types[step[1]]}" + (", then discard the best for the card "
                                                     "received" if step[2] else ""))
        elif kind == "discard":
            words.append(f"discard {format_cards(types[q] for q in step[1])}")
    if score:
        words.append(score)
    return ", ".join(words)


def _power_for(eng: _Engine, effect: str, wild: Wilds | None = None) -> str:
    for p in eng.powers:
        if p.effect == effect and (wild is None or p.wilds == wild):
            return p.key
    return effect


def _scoring_play(eng: _Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> str:
    """Describe one play that scores (the first found, simplest first)."""
    types = eng.types

    def triple_text(t: Hand, w: Wilds) -> str:
        cards = [types[i] for i in t]
        for trip in combinations(sorted(cards), 3):
            kind = triple_kind(trip, w)
            if kind:
                return f"score {format_cards(trip)} ({kind})"
        return "score"

    plays: list[int | None] = list(_distinct(hand)) or [None]
    for p in plays:
        tab1 = tab if p is None else _ins(tab, p)
        fig_new = eng.access(p, figure) and not figure
        if eng.has(tab1):
            return _describe((("play", p, fig_new),), types, eng.pos, triple_text(tab1, NO_WILDS))
    for p in plays:
        if not eng.access(p, figure):
            continue
        tab1 = tab if p is None else _ins(tab, p)
        hand1 = hand if p is None else _rem(hand, p)
        fig_new = not figure
        s0 = ("play", p, fig_new)
        for w in range(1, len(eng.wilds)):
            if eng.has(tab1, w):
                key = next(pp.key for pp in eng.powers if pp.wilds == eng.wilds[w])
                return _describe((s0, ("power", key)), types, eng.pos,
                                 triple_text(tab1, eng.wilds[w]))
        for steps, _h2, t2, _d2, _o2 in eng._powers_then(hand1, tab1, disc, others, True):
            if steps and steps[0][0] != "take" and eng.has(t2):
                effect = {"extra": "extra_play", "from_discard": "play_from_discard",
                          "swap": "swap"}[steps[0][0]]
                return _describe((s0, ("power", _power_for(eng, effect)), *steps), types,
                                 eng.pos, triple_text(t2, NO_WILDS))
    return "score"  # pragma: no cover - only called when a score exists


def _best_plan(eng: _Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
               figure: bool, drawn: Hand, turns: int) -> tuple[str, Fraction, bool]:
    if eng.can_score(hand, tab, disc, others, figure):
        return _scoring_play(eng, hand, tab, disc, others, figure), Fraction(1), True
    best: tuple[Fraction, str] | None = None
    types = eng.types
    for steps, nxt in eng.ends(hand, tab, disc, others, figure, turns - 1):
        v = eng.value(*nxt, drawn, turns - 1) if turns > 1 else Fraction(0)
        if turns == 1:
            return "no play scores this turn", Fraction(0), False
        if best is None or v > best[0]:
            # name the Power used, if any
            named = []
            for s in steps:
                if s[0] in ("extra", "from_discard", "take", "swap"):
                    effect = {"extra": "extra_play", "from_discard": "play_from_discard",
                              "take": "take_from_discard", "swap": "swap"}[s[0]]
                    named.append(("power", _power_for(eng, effect)))
                named.append(s)
            best = (v, _describe(tuple(named), types, eng.pos, None))
    if turns > 1:
        scale = _falling(eng.unseen0 - _net(drawn), turns - 1)
        for steps, num in eng.chance_options(hand, tab, disc, others, figure, drawn, turns):
            v = Fraction(num, scale)
            if best is None or v > best[0]:
                effect = "extra_draw" if steps[1][0] == "draw" else "pass"
                best = (v, _describe((steps[0], ("power", _power_for(eng, effect)), steps[1]),
                                     types, eng.pos, None))
    assert best is not None
    return best[1], best[0], False


CENTER_UNKNOWN_NOTE = ("center Power not given (no --center): scoring still takes it, but its "
                       "effect is not counted and no card you play takes the figure by its "
                       "color")
"""The ``left_out`` note of a position whose center Power is unknown."""


def _modelled_and_left_out(pos: Position, turns: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    center = pos.center_power
    reach = _reach(pos)
    unseen = sum(pos.unseen().values())
    modelled, left = [], []
    if pos.center == UNKNOWN_CENTER:
        left.append(CENTER_UNKNOWN_NOTE)
    for p in reach:
        label = f"{p.number} {p.key}"
        if not pos.figure and center is None:
            why = "the center Power is not given" if pos.has_center else "no center Power"
            modelled.append(f"{label}: out of reach (you do not hold the figure and no card "
                            f"you play can take it: {why})")
        elif p.effect == "pass" and turns >= 2 and int(p.params["count"]) != 1:
            left.append(f"{label}: cannot help this turn's score; a pass of "
                        f"{p.params['count']} cards is left out for later turns")
        elif p.effect == "extra_draw" and turns >= 2 and \
                unseen < int(p.params["count"]) * (turns - 1) + turns:
            left.append(f"{label}: cannot help this turn's score; used for later turns only "
                        f"while the unseen cards hold its {p.params['count']} cards and every "
                        f"later draw ({unseen} unseen: the odds never reshuffle the discard pile)")
        elif p.effect == "extra_draw" and turns >= 2:
            modelled.append(f"{label}: cannot help this turn's score; counted: the drawn cards "
                            "can be played in a later turn")
        elif p.effect == "pass" and turns >= 2:
            modelled.append(f"{label}: cannot help this turn's score; counted: you choose the "
                            "card you pass and receive one unseen card at random")
        elif p.effect in NO_EFFECT_THIS_TURN:
            why = "cannot help this turn's score" if turns == 1 else \
                "counted: the taken card can be played in a later turn"
            modelled.append(f"{label}: {why}")
        else:
            modelled.append(f"{label}: counted (used whenever it helps)")
    return tuple(modelled), tuple(left)


def _check_turns(turns: int) -> None:
    """Raise ConfigurationError unless ``turns`` is a whole number from 1 to MAX_TURNS."""
    if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS:
        raise ConfigurationError(f"turns must be a whole number from 1 to {MAX_TURNS}, "
                                 f"got {turns!r}")


def _start(position: Position, turns: int, budget: int | None = None
           ) -> tuple[_Engine, Hand, Hand, Hand, Hand]:
    """The common start of ``player_odds`` and its Monte Carlo twin.

    Checks ``turns`` (``_check_turns``) and ``budget`` (memo entries, None: no limit), builds
    the engine and returns ``(eng, hand, tableau,
    discard pile, others)`` as type indices (hand, tableau and others sorted; the discard pile
    in its order; others empty unless a swap is in reach). Raises ConfigurationError when
    T >= 2 draws need more cards than the unseen cards hold (RULES.md §C1).
    """
    _check_turns(turns)
    eng = _engine(position, later=turns >= 2)
    eng.budget = _check_budget(budget)
    index = {c: i for i, c in enumerate(eng.types)}
    hand = tuple(sorted(index[c] for c in position.hand))
    tab = tuple(sorted(index[c] for c in position.tableau))
    disc_full = tuple(index[c] for c in position.discard)
    others = tuple(sorted(index[c] for t in position.others for c in t)) if eng.swap else ()
    if turns >= 2 and eng.unseen0 < turns:
        raise ConfigurationError(
            f"{turns} turns need {turns} draws but only {eng.unseen0} card(s) are unseen "
            "(RULES.md §C1)")
    return eng, hand, tab, disc_full, others


def _check_budget(budget: int | None) -> int | None:
    """Raise ConfigurationError unless ``budget`` is None or a whole number >= 1."""
    if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool)
                               or budget < 1):
        raise ConfigurationError(f"budget must be a whole number of {BUDGET_UNIT} >= 1 (or "
                                 f"None: no limit), got {budget!r}")
    return budget


def _large_because(eng: _Engine, pos: Position, turns: int) -> str:
    """What makes a question large, in words (for the refusal of ``player_odds``)."""
    parts = []
    if eng.draw_k:
        parts.append(f"draw {eng.draw_k} (Power 7: every set of {eng.draw_k} cards it can "
                     "bring, each followed by a search of the turns after)")
    if eng.pass_n:
        parts.append("pass (Power 10: every card you can receive, each followed by a search "
                     "of the turns after)")
    if eng.ep:
        parts.append("an extra play (Power 6)")
    if eng.swap:
        parts.append("a swap (Power 9: any card of your tableau for any card of another)")
    if eng.pfd or eng.tfd:
        parts.append("Powers that take from the discard pile (3, 8: its order matters)")
    if len(eng.wilds) > 1:
        parts.append("a wild Power")
    if pos.deck.editions > 1:
        parts.append(f"{pos.deck.editions} editions")
    held = "the figure held" if pos.figure else "the center Power's figure in reach"
    what = ", ".join(parts) if parts else "many cards in hand and tableau"
    return f"{turns} turns with {held} and {what}"


def _refuse_early(eng: _Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool, turns: int, refuse: Callable[[int, bool], WorkBudgetError]
                  ) -> None:
    """Before a search of ``turns`` >= 3 turns: raise ``refuse(n, True)`` if the positions it must
    value two turns before the end (the distinct ends of every first draw that does not
    score, each at least one memo entry) already outnumber the budget."""
    n = 0
    for x in range(len(eng.types)):
        if eng.copies(x, ()) <= 0:
            continue
        h = _ins(hand, x)
        if not eng.can_score(h, tab, disc, others, figure):
            n += len({nxt for _s, nxt in eng.ends(h, tab, disc, others, figure, turns - 1)})
    if eng.budget is not None and n > eng.budget:
        raise refuse(n, True)


def player_odds(position: Position, turns: int = 1, *, budget: int | None = DEFAULT_BUDGET,
                progress: Callable[[int, int], None] | None = None) -> PlayerOdds:
    """P(the player scores this turn) and within ``turns`` of their own turns, exactly.

    Input: a ``Position`` (the player's view before this turn's draw, RULES.md §A6) and
    ``turns`` T in 1..3. Output: ``PlayerOdds`` with Fractions in [0, 1] (see its docstring):
    the probability, P within t turns for t = 1..T, the outs with unseen copies, the best play
    after each draw, and the Powers modelled or left out (module docstring, RULES.md §C1).
    Raises ConfigurationError for T outside 1..3 or when the T draws need more cards than the
    unseen cards hold (T >= 2; for T = 1 an empty deck draws from the discard pile).

    ``budget``: the work allowed, in memo entries (``DEFAULT_BUDGET``; None: no limit). A
    question that needs more raises ``WorkBudgetError`` (swkit.errors) saying what made it
    large, the exact answers found before (``partial``: P within t turns for the smaller t) and
    about how much budget it would need (``needed``, an estimate); early, from the first draws
    searched, when they show it cannot fit. A probability already 1 within t turns is 1 within
    more: the search stops there and ``notes`` says so. ``progress(done, total)``: called as
    the work goes (T = 3: the draws searched, then the draws whose plans are written).

    >>> from swkit.odds.cards import make_position
    >>> pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", center="green-discard")
    >>> player_odds(pos).probability      # only R5 scores: 1 of 39 unseen cards
    Fraction(1, 39)
    """
    eng, hand, tab, disc_full, others = _start(position, turns, budget)
    types = eng.types
    figure = position.figure
    modelled, left_out = _modelled_and_left_out(position, turns)
    notes: list[str] = []
    values: list[Fraction] = []
    share = [0.0, 0.0, 0]       # the last search's share done, the plans' share, entries then

    def refuse(spent: int, lower: bool = False) -> WorkBudgetError:
        # the work needed, extrapolated from the share done (the last search, then the plans);
        # ``lower``: ``spent`` is a count made before the search, a lower bound
        if lower:
            needed = spent
        elif share[1]:
            needed = share[2] + round((spent - share[2]) / share[1])
        else:
            needed = round(spent / max(share[0], 1 / len(types)))
        needed = max(needed, spent + (not lower))
        how = ("at least, counted before the search" if lower else "an estimate from the "
               "share searched; later draws often reuse earlier work, so it can be less")
        partial = {t + 1: v for t, v in enumerate(values)}
        known = "; ".join(f"within {t} turn{'s' if t > 1 else ''} it is exactly {v} = "
                          f"{float(v) * 100:.2f}%" for t, v in partial.items())
        return WorkBudgetError(
            f"too large to answer exactly within the work budget: "
            f"{_large_because(eng, position, turns)}; it needs about {needed:,} {BUDGET_UNIT} "
            f"({how}), more than the budget of {eng.budget:,}. Ask for fewer turns"
            f"{' (' + known + ')' if known else ''}, a simulated estimate, or a larger budget "
            f"({'more than' if lower else 'about'} {needed:,})", needed=needed,
            budget=eng.budget or 0, unit=BUDGET_UNIT, partial=partial)

    def step(x: int, n: int) -> None:
        # the top of the last search (before first draw x of n): its share done, progress,
        # and an early refusal when the draws searched show a need far over the budget (ten
        # times: the first draws cost more than the later ones, which reuse their work; the
        # bench's swap position needs about a fifth of what its first draws suggest)
        share[0] = x / n
        if progress is not None:
            progress(x, 2 * n)
        if eng.budget is not None and x:
            spent = eng.memo_entries()
            if spent > eng.budget / 10 and spent / share[0] > 10 * eng.budget:
                raise refuse(spent)

    plans: list[DrawPlan] = []
    try:
        if eng.unseen0 > 0:
            draw_from = "unseen cards"
            disc = eng.disc_key(disc_full, turns) if turns >= 2 else disc_full
            plan_turns = turns
            for t in range(1, turns + 1):     # once certain, more turns stay certain
                if values and values[-1] == 1:
                    notes.append(f"certain within {t - 1} turn{'s' if t > 2 else ''}, so "
                                 f"certain within {turns}: not searched again")
                    values += [Fraction(1)] * (turns - len(values))
                    plan_turns = t - 1
                    break
                eng.progress = step if t == turns else None
                if t >= 3 and eng.budget is not None:
                    _refuse_early(eng, hand, tab, disc, others, figure, t, refuse)
                values.append(eng.value(hand, tab, disc, others, figure, (), t))
            eng.progress = None
            within = tuple(values)
            mask = eng.outs_mask(hand, tab, disc_full, others, figure)
            outs = {types[x]: eng.base[x] for x in range(len(types))
                    if mask >> x & 1 and eng.base[x]}
            share[0], share[2] = 1.0, eng.memo_entries()
            pdisc = eng.disc_key(disc_full, plan_turns) if plan_turns >= 2 else disc_full
            for x in range(len(types)):
                if progress is not None and turns >= 3:
                    progress(len(types) + x, 2 * len(types))
                share[1] = max(x, 1) / len(types)
                if not eng.base[x]:
                    continue
                play, p, now = _best_plan(eng, _ins(hand, x), tab, pdisc, others, figure,
                                          (x,), plan_turns)
                plans.append(DrawPlan(types[x], eng.base[x], play, p, now))
            probability = within[-1]
        else:
            # empty deck: this turn's draw comes from the discard pile (RULES.md §C1, §A3)
            pile = Counter(disc_full)
            n = len(disc_full)
            if n:
                draw_from = "discard pile"
                total = Fraction(0)
                outs = {}
                for x in sorted(pile):
                    play, p, now = _best_plan(eng, _ins(hand, x), tab, (), others, figure, (), 1)
                    plans.append(DrawPlan(types[x], pile[x], play, p, now))
                    total += pile[x] * p
                    if now:
                        outs[types[x]] = pile[x]
                probability = total / n
            else:
                draw_from = "nothing"
                outs = {}
                play, probability, now = _best_plan(eng, hand, tab, (), others, figure, (), 1)
                plans.append(DrawPlan(None, 0, play, probability, now))
            within = (probability,)
    except _OverBudget as over:
        raise refuse(over.spent) from None
    if progress is not None and turns >= 3:
        progress(2 * len(types), 2 * len(types))
    plans.sort(key=lambda d: (-d.probability, -d.copies, str(d.card)))
    return PlayerOdds(position, turns, probability, within, outs, tuple(plans), eng.unseen0,
                      draw_from, modelled, left_out, tuple(notes))
