"""One search's engine, composed of parts, built from a Position.

``_engine`` reads the facts of the search (``facts.Facts``: the deck, the unseen copies and the
Powers in reach: the center Power if known, then the scored ones; none when no play can take a
figure and none is held) by effect primitive, so an edited data file works too. ``Engine``
builds the parts from them, each holding its own memo tables and given the parts it asks:
``triples`` (pair masks), ``moves`` (the plays, Powers and Discards), ``outs`` (the last turn),
``blanks``, ``noextra`` and ``extra`` (two turns to go), ``chance`` (draw two and pass),
``batch`` (the numpy batch), ``search`` (over turns), ``reshuffle`` (when the unseen cards
can run out: the discard pile shuffled in), with ``facts.Unseen`` (the unseen cards)
and ``work.Work`` (the budget). ``start_search`` is the common start of ``player_odds`` and its
Monte Carlo twins (type indices, the budget). Checked through every engine test, e.g.
``tests/test_odds_cards.py`` (game tree).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swkit.cards.editions import Power
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.errors import ConfigurationError
from swkit.odds.budget import BUDGET_UNIT
from swkit.odds.cards.batch import Batch
from swkit.odds.cards.blanks import Blanks
from swkit.odds.cards.chance import Chance
from swkit.odds.cards.extra import ExtraPlay
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import Hand
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.noextra import NoExtra
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import MAX_TURNS, Position
from swkit.odds.cards.reshuffle import Reshuffle
from swkit.odds.cards.search import Search
from swkit.odds.cards.triples import Triples
from swkit.odds.cards.work import Work
from swkit.whole import as_whole


class _Forward:
    """An attribute of the engine that is one of its parts': read and written through."""

    def __init__(self, part: str, name: str, doc: str) -> None:
        self.part, self.name, self.__doc__ = part, name, doc

    def __get__(self, engine: Engine | None, owner: type | None = None) -> Any:
        if engine is None:
            return self
        return getattr(getattr(engine, self.part), self.name)

    def __set__(self, engine: Engine, value: Any) -> None:
        setattr(getattr(engine, self.part), self.name, value)


class Engine:
    """Exact search for one position (``_engine`` builds it): the parts, each with its memo
    tables (they live as long as the engine), and the search's methods that ``player_odds``,
    the plans and the Monte Carlo twin call. The facts (``types``, ``base``, ``unseen0``, the
    Powers in reach ...) read as attributes of the engine too."""

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self.unseen = unseen = Unseen(facts)
        self.work = work = Work()
        self.triples = triples = Triples(facts)
        self.moves = moves = Moves(facts)
        self.outs = outs = Outs(facts, triples, moves)
        self.blanks = blanks = Blanks(facts, triples)
        self.noextra = noextra = NoExtra(facts, unseen, triples, moves, outs, blanks)
        self.chance = chance = Chance(facts, unseen, work, moves, outs, blanks)
        self.extra = extra = ExtraPlay(facts, unseen, triples, moves, outs, noextra, chance)
        self.batch = batch = Batch(facts, unseen, work, triples, moves, outs, noextra, extra,
                                   chance)
        self.search = search = Search(facts, unseen, work, moves, outs, blanks, noextra, extra,
                                      chance, batch)
        chance.search = search      # the one loop: chance values the later turns by the search
        self.reshuffle = reshuffle = Reshuffle(facts, work, moves, outs)
        work.watch([unseen, triples, moves, outs, blanks, noextra, extra, chance, batch,
                    search, reshuffle], batch.row_entries)
        # the engine's own methods, read from the parts that own them
        self.numerator, self.value = search.numerator, search.value
        self.value_key, self.best_next = search.value_key, search.best_next
        self.can_score, self.outs_mask = outs.can_score, outs.outs_mask
        self.access, self.plays, self.ends = moves.access, moves.plays, moves.ends
        self.disc_key, self.discards = moves.disc_key, moves.discards
        self.powers_then, self.has = moves.powers_then, triples.has
        self.copies, self.weighted = unseen.copies, unseen.weighted
        self.chance_options = chance.chance_options
        self.blank_classes = blanks.blank_classes
        self.memo_entries, self.spent = work.memo_entries, work.spent
        self.outcome, self.check_budget = work.outcome, work.check_budget
        # the paths compared with each other by tests/test_odds_cards_fast_paths.py
        self._can_score, self._outs_fast = outs._can_score, outs._outs_fast
        self._outs_new = outs.outs_new
        self._best_last, self._best_last_no_extra = extra.best_last, noextra.best_last_no_extra

    def __getattr__(self, name: str) -> Any:
        """The facts of the search (``facts.Facts``) read as the engine's attributes."""
        if name == "facts":
            raise AttributeError(name)
        return getattr(self.facts, name)

    budget = _Forward("work", "budget", "Memo entries allowed (None: no limit; ``work.Work``).")
    stop = _Forward("work", "stop", "The caller's cancel flag: a search raises SearchCancelled "
                    "once ``stop()`` is True (None: never; ``work.Work.check_stop``).")
    early = _Forward("work", "early", "The caller's early refusal: called with the work spent "
                     "at each budget check, True refuses as over the budget (None: never; "
                     "``work.Work.check_budget``).")
    outcomes = _Forward("work", "outcomes", "The chance outcomes valued so far (``Work.outcome``).")
    progress = _Forward("search", "progress",
                        "Called with (first draws done, of) at the top of the search, or None.")
    lumping = _Forward("blanks", "lumping",
                       "False: the plain search, without the blanks lumped (``blanks``).")
    read_masks = _Forward("chance", "read_masks",
                          "False: every chance outcome valued through the search (``chance``).")
    value_memo = _Forward("search", "value_memo",
                          "The search's memo of values over two or more turns.")


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
    wilds: list[Wilds] = [NO_WILDS]
    extra_plays, discard_play, discard_take, swap, draw_k, pass_n = 0, None, 0, False, 0, 0
    used: list[Power] = []
    for p in reach:
        if p.is_wild:
            if p.wilds not in wilds:
                wilds.append(p.wilds)
        elif p.effect == "extra_play":
            extra_plays = max(extra_plays, int(p.params["count"]))
        elif p.effect == "play_from_discard":
            discard_play = (p.params["requires_number"], int(p.params["depth"]))
        elif p.effect == "take_from_discard":
            if not later:
                continue
            discard_take = max(discard_take, int(p.params["count"]))
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
    base_masks = tuple((k, sum(1 << i for i, b in enumerate(base) if b == k)) for k in kinds)
    center_mask = 0 if center is None else sum(
        1 << i for i, c in enumerate(types) if c.color == center.color)
    return Engine(Facts(pos, types, tuple(wilds), tuple(base), base_masks, sum(base),
                        center.color if center is not None else None,
                        tuple(used), extra_plays, discard_play, discard_take, swap, draw_k, pass_n,
                        center_mask=center_mask, scorable=pos.has_center,
                        every=(1 << len(types)) - 1))


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


def start_search(position: Position, turns: int, budget: int | None = None,
                 stop: Callable[[], bool] | None = None
                 ) -> tuple[Engine, Hand, Hand, Hand, Hand]:
    """The common start of ``player_odds`` and its Monte Carlo twin.

    Checks ``turns`` (``check_turns``) and ``budget`` (memo entries, None: no limit), builds
    the engine (``stop``: its cancel flag, ``work.Work.check_stop``) and returns ``(eng, hand,
    tableau, discard pile, others)`` as type indices (hand, tableau and others sorted; the
    discard pile in its order; others empty unless a swap is in reach). Draws beyond the unseen
    cards come from the discard pile shuffled in (RULES.md §C1: ``eng.reshuffle``), so any T is
    answered.
    """
    check_turns(turns)
    eng = _engine(position, later=turns >= 2)
    eng.budget = _check_budget(budget)
    eng.stop = stop
    index = {c: i for i, c in enumerate(eng.types)}
    hand = tuple(sorted(index[c] for c in position.hand))
    tab = tuple(sorted(index[c] for c in position.tableau))
    disc_full = tuple(index[c] for c in position.discard)
    others = tuple(sorted(index[c] for t in position.others for c in t)) if eng.swap else ()
    return eng, hand, tab, disc_full, others


