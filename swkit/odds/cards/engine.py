"""One search's engine: the deck, the unseen copies and the Powers in reach, built from a Position.

``Engine`` composes the concepts (``triples``, ``moves``, ``outs``, ``search``, ``noextra``,
``extra``, ``chance``, ``batch``, ``blanks``); each base owns its methods and memo tables.
``_engine`` reads the Powers in reach (the center Power if known, then the scored ones; none
when no play can take a figure and none is held) by effect primitive, so an edited data file
works too;
``start_search`` is the common start of ``player_odds`` and its Monte Carlo twins (type indices, the
budget). Checked through every engine test, e.g. ``tests/test_odds_cards.py`` (game tree).
"""

from __future__ import annotations

from dataclasses import dataclass

from swkit.cards.editions import Power
from swkit.cards.notation import Card
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.errors import ConfigurationError
from swkit.odds.budget import BUDGET_UNIT
from swkit.odds.cards.batch import Batch
from swkit.odds.cards.blanks import Blanks
from swkit.odds.cards.chance import Chance
from swkit.odds.cards.extra import ExtraPlay
from swkit.odds.cards.hands import Hand
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.noextra import NoExtra
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import MAX_TURNS, Position
from swkit.odds.cards.search import Search
from swkit.odds.cards.triples import PAIR_MEMOS, Triples
from swkit.whole import as_whole


@dataclass
class Engine(Triples, Moves, Outs, Search, NoExtra, ExtraPlay, Chance, Batch, Blanks):
    """Exact search for one position (``_engine`` builds it): the deck, the unseen copies and
    the Powers in reach, with the concepts' methods and memo tables from its bases; the memo
    tables live as long as the engine."""

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
    center_mask: int = 0
    scorable: bool = True                   # a center Power is there (known or unknown)
    every: int = 0                          # bitmask of every card type


def reach_powers(pos: Position) -> list[Power]:
    """The Powers in reach: the center Power (if known) first, then the scored ones."""
    center = pos.center_power
    return ([center] if center is not None else []) + list(pos.scored)


def _engine(pos: Position, later: bool) -> Engine:
    types = pos.deck.types
    unseen = pos.unseen()
    base = [unseen.get(c, 0) for c in types]
    center = pos.center_power
    reach = reach_powers(pos)
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
    pair_memos = [PAIR_MEMOS.setdefault((types, w), {}) for w in wilds]
    center_mask = 0 if center is None else sum(
        1 << i for i, c in enumerate(types) if c.color == center.color)
    return Engine(pos, types, wilds, base, base_masks, sum(base),
                   center.color if center is not None else None,
                   used, ep, pfd, tfd, swap, draw_k, pass_n, pair_memos=pair_memos,
                   center_mask=center_mask, scorable=pos.has_center,
                   every=(1 << len(types)) - 1)


def check_turns(turns: int) -> None:
    """Raise ConfigurationError unless ``turns`` is a whole number from 1 to MAX_TURNS."""
    if as_whole(turns) is None or not 1 <= turns <= MAX_TURNS:
        raise ConfigurationError(f"turns must be a whole number from 1 to {MAX_TURNS}, "
                                 f"got {turns!r}")


def _check_budget(budget: int | None) -> int | None:
    """Raise ConfigurationError unless ``budget`` is None or a whole number >= 1."""
    if budget is not None and (as_whole(budget) is None or budget < 1):
        raise ConfigurationError(f"budget must be a whole number of {BUDGET_UNIT} >= 1 (or "
                                 f"None: no limit), got {budget!r}")
    return as_whole(budget)


def start_search(position: Position, turns: int, budget: int | None = None
                 ) -> tuple[Engine, Hand, Hand, Hand, Hand]:
    """The common start of ``player_odds`` and its Monte Carlo twin.

    Checks ``turns`` (``check_turns``) and ``budget`` (memo entries, None: no limit), builds
    the engine and returns ``(eng, hand, tableau,
    discard pile, others)`` as type indices (hand, tableau and others sorted; the discard pile
    in its order; others empty unless a swap is in reach). Raises ConfigurationError when
    T >= 2 draws need more cards than the unseen cards hold (RULES.md §C1).
    """
    check_turns(turns)
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


