"""The answer to a player's-odds question: ``player_odds`` and ``PlayerOdds``.

P(scoring within t turns) for t = 1..T (once 1, it stays 1 without a search), this turn's outs
with their unseen copies, the best play after every draw with its conditional probability,
and the Powers modelled or left out (RULES.md §C1). A draw with no card unseen comes uniformly
from the discard pile, shuffled into a new deck (``reshuffle`` answers every question where
that can happen). Over the work budget it raises ``WorkBudgetError`` with the
exact answers for fewer turns and an estimate of the budget needed. Checked: the recorded
answers (``tests/test_odds_cards_recorded_answers.py``), the game tree
(``tests/test_odds_cards.py``), the budget (``tests/test_odds_cards_budget.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from swkit.cards.notation import Card
from swkit.errors import WorkBudgetError
from swkit.odds.budget import BUDGET_UNIT, DEFAULT_BUDGET
from swkit.odds.cards.engine import Engine, reach_powers, start_search
from swkit.odds.cards.hands import Hand, insert
from swkit.odds.cards.position import NO_EFFECT_THIS_TURN, UNKNOWN_CENTER, Position
from swkit.odds.cards.words import PlanStep, best_plan, plan_words
from swkit.odds.cards.work import OverBudget


@dataclass(frozen=True)
class DrawPlan:
    """After drawing ``card`` (None: the draw is skipped): the best play and
    P(scoring within T | this draw). ``copies``: how many physical cards of this type the draw
    can bring; ``scores_now``: the play scores this turn; ``steps``: the best play as data, a
    tuple of ``PlanStep`` in the order of the turn (play, take the figure, use a Power and
    what it does, discard, score; empty when the last turn cannot score); ``play``: those
    steps in the library's words (``plan_words(steps)``, e.g. "play B2, use Power
    yellow-swap, swap B2 for P7 of tableau 2")."""

    card: Card | None
    copies: int
    play: str
    probability: Fraction
    scores_now: bool
    steps: tuple[PlanStep, ...] = ()


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


CENTER_UNKNOWN_NOTE = ("center Power not given (no --center): scoring still takes it, but its "
                       "effect is not counted and no card you play takes the figure by its "
                       "color")
"""The ``left_out`` note of a position whose center Power is unknown."""


def _modelled_and_left_out(pos: Position, turns: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    center = pos.center_power
    reach = reach_powers(pos)
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


def _large_because(eng: Engine, pos: Position, turns: int) -> str:
    """What makes a question large, in words (for the refusal of ``player_odds``)."""
    parts = []
    if eng.draw_k:
        parts.append(f"draw {eng.draw_k} (Power 7: every set of {eng.draw_k} cards it can "
                     "bring, each followed by a search of the turns after)")
    if eng.pass_n:
        parts.append("pass (Power 10: every card you can receive, each followed by a search "
                     "of the turns after)")
    if eng.extra_plays:
        parts.append("an extra play (Power 6)")
    if eng.swap:
        parts.append("a swap (Power 9: any card of your tableau for any card of another)")
    if eng.discard_play or eng.discard_take:
        parts.append("Powers that take from the discard pile (3, 8: its order matters)")
    if len(eng.wilds) > 1:
        parts.append("a wild Power")
    if pos.deck.editions > 1:
        parts.append(f"{pos.deck.editions} editions")
    held = "the figure held" if pos.figure else "the center Power's figure in reach"
    what = ", ".join(parts) if parts else "many cards in hand and tableau"
    return f"{turns} turns with {held} and {what}"


def _refuse_early(eng: Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool, turns: int, refuse: Callable[[int, bool], WorkBudgetError]
                  ) -> None:
    """Before a search of ``turns`` >= 3 turns: raise ``refuse(n, True)`` if the positions it must
    value two turns before the end (the distinct memo keys of the ends of every first draw
    that does not score, each at least one memo entry) already outnumber the budget."""
    n = 0
    for x in range(len(eng.types)):
        if eng.copies(x, ()) <= 0:
            continue
        h = insert(hand, x)
        if not eng.can_score(h, tab, disc, others, figure):
            n += len({eng.value_key(*nxt, (x,), turns - 1)
                      for _s, nxt in eng.ends(h, tab, disc, others, figure, turns - 1)})
    if eng.budget is not None and n > eng.budget:
        raise refuse(n, True)


def _until_certain(options: Iterator[tuple[Any, Fraction]]) -> Iterator[tuple[Any, Fraction]]:
    """The options up to the first that is certain (none after it can be better)."""
    for option in options:
        yield option
        if option[1] == 1:
            return


def _reshuffle_answer(eng: Engine, hand: Hand, tab: Hand, disc_full: Hand, others: Hand,
                      figure: bool, turns: int, values: list[Fraction], plans: list[DrawPlan],
                      notes: list[str], step: Callable[[int, int], None],
                      progress: Callable[[int, int], None] | None, share: list[float]
                      ) -> tuple[str, dict[Card, int], tuple[Fraction, ...]]:
    """``player_odds`` when the unseen cards can run out within ``turns`` turns
    (``Reshuffle.needed``): the values for t = 1..turns (added to ``values`` as they come, for
    a refusal's partial answers), this turn's outs and the plans (added to ``plans``) by
    ``eng.reshuffle``; returns (draw_from, outs, within). ``step(done, of)`` is called before
    each first draw of the last search, ``progress`` as the plans are written, ``share[1]``
    is the plans' share done (as in ``player_odds``)."""
    rs = eng.reshuffle
    state = rs.start(hand, tab, disc_full, others, figure)
    notes.append(f"{eng.unseen0} unseen card{'' if eng.unseen0 == 1 else 's'}: within "
                 f"{turns} turns the deck can run out, and then the discard pile is shuffled "
                 "into a new deck (RULES.md §A3, §C1)")
    draws = rs.draws(state[5], state[2])
    plan_turns = turns
    for t in range(1, turns + 1):
        if values and values[-1] == 1:
            notes.append(f"certain within {t - 1} turn{'s' if t > 2 else ''}, so "
                         f"certain within {turns}: not searched again")
            values += [Fraction(1)] * (turns - len(values))
            plan_turns = t - 1
            break
        if t < turns:
            values.append(rs.value(state, t))
            continue
        total = Fraction(0)          # the last search, first draw by first draw (``step``)
        for i, (x, u, n, pool, disc) in enumerate(draws):
            step(i, len(draws))
            h = hand if x is None else insert(hand, x)
            total += Fraction(u, n) * rs.after_draw((h, tab, disc, others, figure, pool), t)
        values.append(total)
    types = eng.types
    share[0] = 1.0
    share[2] = eng.spent()
    outs: dict[Card, int] = {}
    for i, (x, u, _n, pool, disc) in enumerate(draws):
        if progress is not None and turns >= 3:
            progress(len(draws) + i, 2 * len(draws))
        share[1] = max(i, 1) / len(draws)
        h = hand if x is None else insert(hand, x)
        after = (h, tab, disc, others, figure, pool)
        steps, p, now = best_plan(eng, h, tab, disc, others, figure, (), plan_turns,
                                  options=_until_certain(rs.options(after, plan_turns)))
        plans.append(DrawPlan(None if x is None else types[x], 0 if x is None else u,
                              plan_words(steps), p, now, steps))
        if now and x is not None:
            outs[types[x]] = u
    if draws[0][0] is None:
        draw_from = "nothing"
    else:
        draw_from = "unseen cards" if eng.unseen0 else "discard pile"
    return draw_from, outs, tuple(values)


def far_over(spent: int, budget: int, done: int, of: int) -> bool:
    """``player_odds``'s early refusal: the work ``spent`` (memo entries) on ``done`` of the
    last search's ``of`` first draws, extrapolated to all of them, is more than ten times
    the ``budget``, and ``spent`` is more than a tenth of it. Ten times: the first draws cost
    more than the later ones, which reuse their work (the bench's swap position needs about
    a fifth of what its first draws suggest)."""
    return spent > budget / 10 and spent * of > 10 * budget * done


def player_odds(position: Position, turns: int = 1, *, budget: int | None = DEFAULT_BUDGET,
                progress: Callable[[int, int], None] | None = None,
                stop: Callable[[], bool] | None = None) -> PlayerOdds:
    """P(the player scores this turn) and within ``turns`` of their own turns, exactly.

    Input: a ``Position`` (the player's view before this turn's draw, RULES.md §A6) and
    ``turns`` T in 1..3. Output: ``PlayerOdds`` with Fractions in [0, 1] (see its docstring):
    the probability, P within t turns for t = 1..T, the outs with unseen copies, the best play
    after each draw, and the Powers modelled or left out (module docstring, RULES.md §C1).
    Raises ConfigurationError for T outside 1..3. A draw with no card unseen comes from the
    discard pile shuffled into a new deck (RULES.md §C1, ``reshuffle``), so P(scoring within
    t turns) never falls as t grows.

    ``budget``: the work allowed, in memo entries (``DEFAULT_BUDGET``; None: no limit). A
    question that needs more raises ``WorkBudgetError`` (swkit.errors) saying what made it
    large, the exact answers found before (``partial``: P within t turns for the smaller t) and
    about how much budget it would need (``needed``, an estimate); early, when the first draws
    searched (or those before and the one being searched, counted as done) show it cannot fit
    (``far_over``). A probability already 1 within t turns is 1 within more: the search stops
    there and ``notes`` says so. ``progress(done, total)``: called as
    the work goes (T = 3: the draws searched, then the draws whose plans are written).
    ``stop()``: the caller's cancel flag, asked wherever the work budget is counted (every
    path of the search, a few times a millisecond at most); once it returns True the search
    raises ``SearchCancelled`` (swkit.errors) and answers nothing (a front end's stale question).

    >>> from swkit.odds.cards import make_position
    >>> pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", center="green-discard")
    >>> player_odds(pos).probability      # only R5 scores: 1 of 39 unseen cards
    Fraction(1, 39)
    """
    eng, hand, tab, disc_full, others = start_search(position, turns, budget, stop)
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

    at: list[tuple[int, int] | None] = [None]    # (first draw, of) the last search is at

    def step(x: int, n: int) -> None:
        # the top of the last search (before first draw x of n): its share done, progress,
        # and an early refusal when the draws searched show a need far over the budget
        # (``far_over``)
        share[0] = x / n
        at[0] = (x, n)
        if progress is not None:
            progress(x, 2 * n)
        if eng.budget is not None and x:
            spent = eng.spent()
            if far_over(spent, eng.budget, x, n):
                raise refuse(spent)

    def early(spent: int) -> bool:
        # within first draw x of the last search: step's rule with draw x counted as done,
        # so it refuses only what step would refuse at the next first draw (the work spent
        # by then is at least this), without searching the rest of draw x first
        if at[0] is None or share[0] >= 1 or eng.budget is None:
            return False
        x, n = at[0]
        return far_over(spent, eng.budget, x + 1, n)

    eng.early = early
    plans: list[DrawPlan] = []
    try:
        if eng.reshuffle.needed(turns):
            # the unseen cards can run out: the discard pile is shuffled in (RULES.md §C1)
            draw_from, outs, within = _reshuffle_answer(eng, hand, tab, disc_full, others,
                                                        figure, turns, values, plans, notes,
                                                        step, progress, share)
            probability = within[-1]
        elif eng.unseen0 > 0:
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
            share[0], share[2] = 1.0, eng.spent()
            pdisc = eng.disc_key(disc_full, plan_turns) if plan_turns >= 2 else disc_full
            for x in range(len(types)):
                if progress is not None and turns >= 3:
                    progress(len(types) + x, 2 * len(types))
                share[1] = max(x, 1) / len(types)
                if not eng.base[x]:
                    continue
                steps, p, now = best_plan(eng, insert(hand, x), tab, pdisc, others, figure,
                                           (x,), plan_turns)
                plans.append(DrawPlan(types[x], eng.base[x], plan_words(steps), p, now, steps))
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
                    steps, p, now = best_plan(eng, insert(hand, x), tab, (), others, figure, (),
                                               1)
                    plans.append(DrawPlan(types[x], pile[x], plan_words(steps), p, now, steps))
                    total += pile[x] * p
                    if now:
                        outs[types[x]] = pile[x]
                probability = total / n
            else:
                draw_from = "nothing"
                outs = {}
                steps, probability, now = best_plan(eng, hand, tab, (), others, figure, (), 1)
                plans.append(DrawPlan(None, 0, plan_words(steps), probability, now, steps))
            within = (probability,)
    except OverBudget as over:
        raise refuse(over.spent) from None
    if progress is not None and turns >= 3:
        progress(2 * len(types), 2 * len(types))
    plans.sort(key=lambda d: (-d.probability, -d.copies, str(d.card)))
    return PlayerOdds(position, turns, probability, within, outs, tuple(plans), eng.unseen0,
                      draw_from, modelled, left_out, tuple(notes))
