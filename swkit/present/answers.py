"""The exact answer to an odds question, ready to show: the value, its headline, formula,
details and the values charted (:class:`Answer`, from :func:`solve`).

Every number comes from :mod:`swkit.odds` (``deal_odds``, ``player_odds``, ``optimal_value``,
``optimal_distribution``, ``keep_options``); every percentage from
:func:`swkit.present.percent.percent_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from swkit.cards.editions import Power, load_edition
from swkit.dice.scoring import space_for
from swkit.errors import ConfigurationError
from swkit.odds import (
    deal_odds,
    keep_options,
    optimal_distribution,
    optimal_value,
    player_odds,
)
from swkit.odds.budget import DEFAULT_BUDGET
from swkit.odds.cards import DrawPlan, plan_words
from swkit.odds.deal import MAX_CARDS, MIN_CARDS, DealOdds
from swkit.odds.dice import (
    DiceModel,
    KeepOption,
    Objective,
    check_dice,
    check_rolls_left,
)
from swkit.odds.solo import SoloAction, solo_action, solo_turn_values, solo_value
from swkit.present.percent import percent_text
from swkit.present.questions import (
    EVENT_WORDS,
    MODEL,
    DealQuestion,
    DuelQuestion,
    HandQuestion,
    OddsQuestion,
    RollQuestion,
    SoloQuestion,
)
from swkit.present.words import IF_NOBODY_MOVES, named_powers

if TYPE_CHECKING:
    from swkit.odds.duel import DuelBoard
    from swkit.plots import Trial
    from swkit.present.simulation import Simulated

__all__ = [
    "OTHER_TABLEAU",
    "SLOW_TURNS",
    "Answer",
    "DuelAnswer",
    "SoloAnswer",
    "caption_words",
    "duel_expected",
    "estimate_words",
    "is_slow",
    "known_words",
    "plan_in_words",
    "setting_line",
    "solve",
]

SLOW_TURNS = 2
"""From this many turns on, a hand question is answered in the background ("computing…")."""


@dataclass(frozen=True)
class SoloAnswer:
    """A solo question's own answer: ``per_turn[u]`` the expected points of a turn with ``u``
    characters not yet scored (``solo_turn_values``, u = 0..characters), ``action`` the best
    action in the state asked about (``solo_action``), or None when no state was given."""

    per_turn: tuple[Fraction, ...]
    action: SoloAction | None


@dataclass(frozen=True)
class DuelAnswer:
    """A duel question's own answer: the ``board`` read, the ``rolls_left`` in force and every
    choice (``KeepOption``, best first) with its expected points this turn."""

    board: DuelBoard
    rolls_left: int
    options: tuple[tuple[KeepOption, Fraction], ...]


@dataclass(frozen=True)
class Answer:
    """The exact answer to a question, ready to show.

    ``value``: a probability (Fraction in [0, 1]; a duel's chance to win from the solved
    table is a float) or expected points (Fraction), as ``is_probability`` says;
    ``headline``: what ``value`` is, in words; ``bars``: the values charted
    (``{x: Fraction}``) with ``is_distribution`` (sums to 1) and ``event`` (the keys
    highlighted); ``formula``: LaTeX of a sympy formula, or None with ``formula_note`` saying
    why there is none; ``details``: lines of explanation (best play, outs); ``result``: the
    library's own answer object (DealOdds, PlayerOdds, the list of every keep's KeepOption,
    best first, empty before the first roll, a :class:`SoloAnswer` or a :class:`DuelAnswer`).
    """

    question: OddsQuestion
    value: Fraction | float
    is_probability: bool
    headline: str
    bars: dict[int, Fraction]
    is_distribution: bool
    event: frozenset[int]
    chart_title: str
    xlabel: str
    event_label: str
    short: str
    formula: str | None
    formula_note: str
    details: tuple[str, ...]
    result: Any = field(compare=False, repr=False)

    def value_text(self) -> str:
        """``"25/2838 ≈ 0.88%"`` or ``"1234/300 ≈ 4.11 points"``."""
        if not isinstance(self.value, Fraction):
            return percent_text(self.value, exact=False)
        if self.is_probability:
            return f"{self.value} ≈ {percent_text(self.value)}"
        return f"{self.value} ≈ {float(self.value):.2f} points"


def _latex(expr: Any) -> str:
    import sympy
    return sympy.latex(expr)


def _no_formula_note(q: DealQuestion, odds: DealOdds) -> str:
    """Why a deal question has no short formula, and how the exact count is made instead, in
    words for a ten-year-old and their teacher (the numbers are the engine's counts)."""
    if q.cards != 3:
        if q.event == "set":
            why = ("one deal can hold several sets at once (R7 G7 B7 Y7 holds four sets: leave "
                   "out any one card), so “pick a set, then any other cards” would count it more "
                   "than once")
        else:
            why = ("one deal can hold two runs at once (R3 R4 R5 R6 holds R3 R4 R5 and "
                   "R4 R5 R6), so “pick a run, then any other cards” would count it twice")
        head = f"No short formula for {q.cards} cards: {why}."
    else:
        head = ("No short formula when a color and a number are both wild: the ways they mix "
                "overlap too much to count with one formula.")
    words = EVENT_WORDS[q.event]
    without = odds.total - odds.counts[q.event]
    return (f"{head} So the kit counts the other way round (the complement): all deals minus "
            f"the deals with no {words.removeprefix('a ').replace(' or a ', ' and no ')}, "
            f"{odds.total:,} − {without:,} = {odds.counts[q.event]:,} deals with {words}.")


def _solve_deal(q: DealQuestion, quick: bool = False) -> Answer:
    ks = [q.cards] if quick else list(range(MIN_CARDS, MAX_CARDS + 1))
    by_k = {k: deal_odds(k, editions=q.editions, wild_color=q.wild_color,
                         wild_number=q.wild_number) for k in ks}
    odds = by_k[q.cards]
    value = odds.probability(q.event)  # type: ignore[arg-type]
    formula = odds.formula(q.event)  # type: ignore[arg-type]
    if formula is not None:
        tex = (rf"P = \frac{{{_latex(formula)}}}{{{_latex(odds.total_formula())}}}"
               rf" = \frac{{{odds.counts[q.event]}}}{{{odds.total}}}"
               rf" = \frac{{{value.numerator}}}{{{value.denominator}}}")
        note = ("the deals holding the event over all equally likely deals of K of the "
                f"{odds.deck.size} cards (RULES.md §C1)")
    else:
        tex = None
        note = _no_formula_note(q, odds)
    details = (f"{odds.counts[q.event]:,} of {odds.total:,} equally likely deals "
               f"({odds.deck}); a set {percent_text(odds.set)}, a run {percent_text(odds.run)}, "
               f"either {percent_text(odds.either)}",)
    bars = {k: r.probability(q.event) for k, r in by_k.items()}  # type: ignore[arg-type]
    return Answer(q, value, True, q.text(), bars, False, frozenset({q.cards}),
                  f"P({EVENT_WORDS[q.event]} among K random cards), by K",
                  "K, the number of cards dealt", f"K = {q.cards}",
                  f"P({EVENT_WORDS[q.event]})", tex, note, details, odds)


OTHER_TABLEAU = "other tableau {n}"
"""How a plan names the n-th tableau of the "other tableaux:" field (1-based, in the order
typed there, as ``PlanStep.seat`` numbers them): "swap B2 for P7 of other tableau 2"."""


def plan_in_words(plan: DrawPlan, powers: Iterable[Power]) -> str:
    """A plan's steps in the explorer's words (``step_words``, as the card table words its
    hint): a Power as its card is headed ("use Power 9 (yellow)", RULES.md §A7), another
    tableau as the "other tableaux:" field numbers it (:data:`OTHER_TABLEAU`). In: a
    ``DrawPlan`` and the Powers of its edition; out: one line, the steps joined by ", " ("no
    play scores this turn" for a plan without steps)."""
    names = {p.key: p.name for p in powers}
    return plan_words(plan.steps, power_name=lambda key: names.get(key, f"Power {key}"),
                      seat_name=lambda n: OTHER_TABLEAU.format(n=n))


def _solve_hand(q: HandQuestion, budget: int | None = DEFAULT_BUDGET,
                progress: Callable[[int, int], None] | None = None,
                stop: Callable[[], bool] | None = None) -> Answer:
    # the budget is passed only when it is not player_odds's own default
    limit = {} if budget == DEFAULT_BUDGET else {"budget": budget}
    odds = player_odds(q.position(), q.turns, progress=progress, stop=stop, **limit)
    outs_copies = sum(odds.outs.values())
    tex, note = None, ""
    if q.turns == 1 and odds.draw_from == "unseen cards" \
            and Fraction(outs_copies, odds.unseen) == odds.probability:
        tex = (rf"P = \frac{{\text{{outs}}}}{{\text{{unseen cards}}}} = "
               rf"\frac{{{outs_copies}}}{{{odds.unseen}}}"
               + (rf" = \frac{{{odds.probability.numerator}}}{{{odds.probability.denominator}}}"
                  if odds.probability.denominator != odds.unseen else ""))
        note = "each unseen card is equally likely to be drawn (RULES.md §C1)"
    elif q.turns == 1:
        note = (f"no outs formula: the deck is empty, this turn's card comes from "
                f"{odds.draw_from} (RULES.md §C1)")
    else:
        note = (f"no closed formula within {q.turns} turns: what I play after each draw changes "
                "which later draws score, so the engine enumerates every sequence of draws "
                "with the best play after each (RULES.md §C1)")
    outs = ", ".join(f"{c} ×{n}" if n > 1 else str(c) for c, n in sorted(odds.outs.items()))
    details = [f"outs this turn: {outs or 'none'} (of {odds.unseen} unseen cards)"]
    powers = load_edition("mickey").powers
    for plan in odds.plans[:3]:
        drawn = "no draw" if plan.card is None else f"after drawing {plan.card}"
        details.append(f"{drawn}: {plan_in_words(plan, powers)} "
                       f"({percent_text(plan.probability)})")
    details += [named_powers(f"left out: {why}", powers) for why in odds.left_out]
    bars = {t: p for t, p in enumerate(odds.within, start=1)}
    within = "this turn" if q.turns == 1 else f"within {q.turns} turns"
    headline = f"P(I score {within}" + (f", {IF_NOBODY_MOVES})" if q.turns > 1 else ")")
    return Answer(q, odds.probability, True, headline, bars, False,
                  frozenset({q.turns}), f"P(I score within t of my turns), {IF_NOBODY_MOVES}",
                  "t, my turns from now", f"t = {q.turns}", f"P(score {within})", tex, note,
                  tuple(details), odds)


def _solve_roll(q: RollQuestion) -> Answer:
    model = q.model()
    objective = q.objective()
    dice = q.counts()
    value = optimal_value(model, objective, dice, q.rolls_left)
    dist = optimal_distribution(model, objective, dice, q.rolls_left)
    options = [] if dice is None else keep_options(model, objective, dice, q.rolls_left)
    details: list[str] = []
    if dice is not None:
        for option in options[:4]:
            v = (percent_text(option.value) if q.at_least is not None
                 else f"{float(option.value):.2f} points")
            details.append(f"{option.describe()}: {v}")
    if dice is not None and q.rolls_left == 0:
        note = "no reroll left: the value is read off the dice showing"
    else:
        note = ("no closed formula: the best play compares every keep after every roll "
                "(an expectimax over the dice multisets, RULES.md §C2); the exact Fraction "
                "comes from that enumeration")
    at = q.at_least
    if at is None:
        return Answer(q, value, False, "expected " + q.measured(), dist, True,
                      frozenset(dist), q.measured() + " (best play)", q.measured(),
                      "points", "expected points", None, note, tuple(details), options)
    return Answer(q, value, True, f"P({q.measured()} ≥ {at})", dist, True,
                  frozenset(x for x in dist if x >= at),
                  f"{q.measured()} at the end of the turn (best play)",
                  q.measured() + " at the end of the turn", f"count ≥ {at}",
                  f"P(count ≥ {at})", None, note, tuple(details), options)


def _solve_solo(q: SoloQuestion) -> Answer:
    model = q.model()
    total = solo_value(model, 0)
    turns = solo_turn_values(model)
    action = None
    if q.asks_action():
        done = [model.character_index(name) for name in q.scored]
        counts = None if q.dice is None else model.counts(list(q.dice))
        action = solo_action(counts, q.rolls_left, done, model)
    details = [f"a turn with {u} character{'s' if u > 1 else ''} not yet scored: "
               f"{float(turns[u]):.2f} points" for u in range(model.characters, 0, -1)]
    if action is not None:
        details.append(f"best action: {action.action} "
                       f"({float(action.value):.2f} points in the rest of the game)")
    note = ("no closed formula: the best play compares every keep after every roll, turn by "
            "turn (an expectimax over the dice multisets, RULES.md §B2, §C2)")
    bars = {u: turns[u] for u in range(1, model.characters + 1)}
    return Answer(q, total, False, "solo game: optimal expected total", bars, False,
                  frozenset(), "expected points of a turn, by the characters not yet scored",
                  "characters not yet scored", "points", "expected total", None, note,
                  tuple(details), SoloAnswer(turns, action))


def duel_expected(model: DiceModel, dice: tuple[int, ...], rolls_left: int,
                  scored: Iterable[str], taken: Mapping[str, list[int]],
                  options: Iterable[KeepOption]) -> list[Fraction]:
    """The expected points this turn of each duel choice (RULES.md §C2): a keep's is
    ``keep_options``'s with ``Objective.points`` on the board as it stands (the mover's
    ``scored`` characters, the spaces the other player holds as ``taken``, RULES.md §B4); a
    score choice's is the points that score earns now. In: ``dice`` as a count vector."""
    points = {o.counts: o.value for o in keep_options(model, Objective.points(scored, taken),
                                                      dice, rolls_left) if o.reroll > 0}

    def expected(o: KeepOption) -> Fraction:
        if o.reroll > 0:
            return points[o.counts]
        j = model.character_index(str(o.score))
        return Fraction(space_for(model.count_of(dice, j), taken.get(str(o.score), [])))

    return [expected(o) for o in options]


def _solve_duel(q: DuelQuestion) -> Answer:
    from swkit.odds.duel import DuelBoard, duel_options

    board = DuelBoard.parse(q.board, MODEL)
    counts = check_dice(MODEL, MODEL.counts(list(q.dice)))
    options = duel_options(board, counts, q.rolls_left, MODEL)
    t = check_rolls_left(MODEL, counts, q.rolls_left)
    seat, other = board.mover, 1 - board.mover
    scored = [MODEL.names[j] for j, row in enumerate(board.rows) if row[seat] >= 0]
    taken = {MODEL.names[j]: [row[other]] for j, row in enumerate(board.rows)
             if row[seat] < 0 and row[other] >= 1}
    expected = duel_expected(MODEL, counts, t, scored, taken, options)
    pairs = tuple(zip(options, expected, strict=True))
    details = tuple(f"{o.describe()}: {percent_text(o.value, exact=isinstance(o.value, Fraction))}"
                    f", {float(e):.3f} points expected" for o, e in pairs)
    note = ("no closed formula: both players' best play is compared after every roll to the "
            "end of the game (RULES.md §B5)")
    bars = {i: o.value for i, o in enumerate(options, start=1)}
    return Answer(q, options[0].value, True, f"P(seat {seat} wins), the best choice first",
                  bars, False, frozenset({1}), "chance to win of each choice, best first",
                  "choice, 1 = the best", "choice 1", "P(win)", None, note, details,
                  DuelAnswer(board, t, pairs))


def is_slow(question: OddsQuestion) -> bool:
    """True for a question a front end answers in the background (a deal, a hand for T >=
    :data:`SLOW_TURNS`): it may take seconds."""
    return (isinstance(question, DealQuestion)
            or (isinstance(question, HandQuestion) and question.turns >= SLOW_TURNS))


def solve(question: OddsQuestion, quick: bool = False,
          progress: Callable[[int, int], None] | None = None,
          budget: int | None = DEFAULT_BUDGET,
          stop: Callable[[], bool] | None = None) -> Answer:
    """The exact answer to ``question``, from :mod:`swkit.odds`. Raises the library's
    NotationError / ConfigurationError for a question it refuses, and WorkBudgetError for a
    hand question too large for ``budget``.

    ``quick``: for a deal question, chart only the asked K (the chart by K asks
    ``deal_odds`` for every K = 3..7, seconds with a wild number or several editions).
    ``progress(done, total)``: called as a long hand question goes (``player_odds``).
    ``budget``: the work a hand question may take, in memo entries (``player_odds``; None:
    no limit). ``stop()``: a hand question's cancel flag (``player_odds``): once it returns
    True the search raises SearchCancelled (a front end's question gone stale)."""
    if isinstance(question, DealQuestion):
        return _solve_deal(question, quick)
    if isinstance(question, HandQuestion):
        return _solve_hand(question, budget, progress, stop)
    if isinstance(question, RollQuestion):
        return _solve_roll(question)
    if isinstance(question, SoloQuestion):
        return _solve_solo(question)
    if isinstance(question, DuelQuestion):
        return _solve_duel(question)
    raise ConfigurationError(f"not an explorer question: {question!r}")



def setting_line(answer: Answer) -> str:
    """The line under an answer's headline: what the question is asked about (the hand, the
    dice showing), or "" when the headline already says it (a deal question's headline is the
    whole question: the line would repeat it word for word)."""
    setting = answer.question.setting()
    return "" if setting in answer.headline else setting


def caption_words(answer: Answer, sim: Simulated | None = None) -> str:
    """The numbers of an answer's chart in words, with the simulation's estimate after ``sim``
    trials if given: "Chart: P(a set or a run among K random cards), by K: 3: 5.41%, …"."""
    bars = ", ".join(f"{x}: {percent_text(p)}" for x, p in sorted(answer.bars.items()))
    text = f"Chart: {answer.chart_title}: {bars}."
    if sim is not None:
        t = sim.trial
        value = (f"{percent_text(t.estimate)} (99% interval {percent_text(t.low)} to "
                 f"{percent_text(t.high)})" if answer.is_probability else
                 f"{t.estimate:.3f} points (99% interval {t.low:.3f} to {t.high:.3f})")
        text += f" Simulated after {sim.n:,} trials: {value}."
    return text


def known_words(partial: Mapping[int, Fraction]) -> str:
    """The exact chances found before a search ran out of its work budget (``{turns: P}``),
    in words: "within 1 turn: 12.50%"; "" for none."""
    return ", ".join(f"within {t} turn{'s' if t > 1 else ''}: {percent_text(v)}"
                     for t, v in partial.items())


def estimate_words(known: str, trial: Trial, seed: str = "") -> str:
    """A hand question over the work budget, in words: the exact answers for fewer turns
    (``known``, from :func:`known_words`) and the simple strategy's simulated estimate
    (``trial``; ``seed``: ", seed 4" as shown, or "")."""
    return (f"Exact answers for fewer turns: {known or 'none yet'}. A simulated estimate "
            f"instead: about {percent_text(trial.estimate)} (99% interval "
            f"{percent_text(trial.low)} to {percent_text(trial.high)}, {trial.n:,} "
            f"games{seed}) for a simple strategy (each turn, the best play for the next turn "
            "only). Your best play does at least as well. Simulate runs more games.")
