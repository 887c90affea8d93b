"""The answers of ``swkit odds deal`` and ``swkit odds hand``: JSON-ready dicts and their text.

Each reads its notation into a question (:class:`~swkit.present.questions.DealQuestion`,
:class:`~swkit.present.questions.HandQuestion`) and answers it with
:func:`swkit.present.answers.solve`, as the odds explorer does; only ``--simulate`` asks
``mc_policy_odds`` itself (the explorer's estimate over the budget is the same twin).

Every probability is the exact value as ``str(Fraction)`` (``"25/2838"``) with ``"percent"``
beside it (:func:`~swkit.present.percent.percent_number`, as the dice answers give it; RULES.md
§C1); the text writes percentages with :func:`~swkit.present.percent.percent_text`.
Bad input raises NotationError or ConfigurationError naming the bad
part (the CLI turns it into exit status 2).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from swkit.errors import ConfigurationError
from swkit.odds.budget import DEFAULT_BUDGET
from swkit.odds.cards import MAX_TURNS, PlanStep, Position, make_position, step_words
from swkit.odds.deal import KINDS, MAX_CARDS, MIN_CARDS
from swkit.present.answers import solve
from swkit.present.formulas import formula_steps
from swkit.present.percent import percent_number, percent_text
from swkit.present.questions import DealQuestion, HandQuestion
from swkit.present.words import IF_NOBODY_MOVES

WIDTH = 78
"""Columns a line of ``format_hand``'s draws is wrapped at (a terminal of 80)."""


def deal_query(cards: int, editions: int = 1, wild_color: str | None = None,
               wild_number: int | None = None) -> dict[str, Any]:
    """P(K random cards contain a set or a run) for ``swkit odds deal`` (RULES.md §A4, §C1).

    Returns ``{"cards", "editions", "wilds", "probability" (set or run, "p/q"), "percent",
    "set", "run" (as "p/q"), "set_percent", "run_percent", "counts": {"set", "run", "either",
    "total"}, "formula": {"set", "run", "either", "total"} (sympy strings, None where no formula
    is given), "formula_note" (why no formula is given, in words, or None)}``: for K >= 4 one
    deal can hold two triples, so the counts come from enumeration and the formulas are None.
    Raises ConfigurationError (K outside 3..7, editions < 1, a number outside 1-9) or
    NotationError (an unknown color).
    """
    if isinstance(cards, bool) or not isinstance(cards, int) or \
            not MIN_CARDS <= cards <= MAX_CARDS:
        raise ConfigurationError(f"--cards must be {MIN_CARDS} to {MAX_CARDS}, got {cards!r}")
    r = solve(DealQuestion(cards, editions=editions, wild_color=wild_color,
                           wild_number=wild_number), quick=True).result
    formulas: dict[str, str | None] = {}
    for k in KINDS:
        f = r.formula(k)
        formulas[k] = None if f is None else str(f)
    formulas["total"] = str(r.total_formula())
    return {
        "cards": cards, "editions": r.deck.editions, "wilds": str(r.wilds),
        "probability": str(r.either), "percent": percent_number(r.either),
        "set": str(r.set), "run": str(r.run),
        "set_percent": percent_number(r.set), "run_percent": percent_number(r.run),
        "counts": {"set": r.counts["set"], "run": r.counts["run"],
                   "either": r.counts["either"], "total": r.total},
        "formula": formulas,
        "formula_note": r.no_formula_reason(),
    }


def format_deal(result: dict[str, Any]) -> str:
    """A short readable answer for ``deal_query``'s result."""
    c = result["counts"]

    def shown(key: str) -> str:
        return percent_text(Fraction(result[key]))

    lines = [
        f"{result['cards']} random cards ({result['editions']} edition"
        f"{'s' if result['editions'] != 1 else ''}, {result['wilds']}):",
        f"  a set or a run: {result['probability']} = {shown('probability')}"
        f"  ({c['either']} of {c['total']} deals)",
        f"  a set:          {result['set']} = {shown('set')}  ({c['set']} deals)",
        f"  a run:          {result['run']} = {shown('run')}  ({c['run']} deals)",
    ]
    f = result["formula"]
    if f.get("either"):
        lines += counted_lines(f)
    elif result.get("formula_note"):
        without = c["total"] - c["either"]
        lines += textwrap.wrap(f"({result['formula_note']}; for a set or a run, {c['total']} - "
                               f"{without} = {c['either']} deals)", width=90,
                               initial_indent="  ", subsequent_indent="   ")
    return "\n".join(lines)


COUNTED_NAMES = {"set": "sets", "run": "runs", "total": "all deals"}
"""The counts ``format_deal`` works out, by their key in ``deal_query``'s ``"formula"``."""


def counted_lines(formulas: dict[str, str | None]) -> list[str]:
    """How the deals were counted, as the lessons write it (``C(n, k)``, ``·``, one step of
    arithmetic a line: :func:`swkit.present.formulas.formula_steps`), from ``deal_query``'s
    ``"formula"`` (sympy's text, which ``--json`` keeps): the sets, the runs, all deals."""
    width = max(len(name) for name in COUNTED_NAMES.values())
    lines = ["  counted as (C(n, k) is the number of ways to choose k cards of n):"]
    for key, name in COUNTED_NAMES.items():
        for i, step in enumerate(formula_steps(formulas[key] or "")):
            lines.append(f"    {name if i == 0 else '':{width}} = {step}")
    return lines


def hand_query(hand: str, tableau: str = "", discard: str = "", others: str = "",
               center: str | int | None = None, figure: bool = False, scored: str = "",
               turns: int = 1, editions: int = 1, budget: int | None = DEFAULT_BUDGET,
               simulate: int | None = None, seed: int = 0,
               progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """A player's odds for ``swkit odds hand`` (RULES.md §A6, §C1).

    Inputs in card notation (RULES.md §A1): ``hand`` before this turn's draw; ``tableau``;
    ``discard`` bottom to top; ``others`` the other players' tableaux, one group per player
    separated by ``/`` (or ``;``), e.g. ``"R1 R2 / B5"``; ``center`` and ``scored`` Powers by
    number or key (``scored`` separated by commas); ``figure`` True if you hold it; ``turns``
    T in 1..3. ``center`` left out (None): a center Power is there but unknown, so a score is
    possible but no Power is in reach from the center and no play takes its figure (the scored
    Powers still need ``figure``); the answer's ``left_out`` says so. ``center="none"``: no
    center Power at all, so nothing can be scored (RULES.md §A3 step 5).

    Returns ``{"probability" (within T turns, "p/q"), "percent", "turns", "within"
    ({t: "p/q"}), "this_turn", "best" (the play after the likeliest best draw: "draw",
    "play", "steps" and "probability", as in "plays"), "plays" (per drawn card: "draw",
    "copies", "play" (the plan in words),
    "steps" (the plan as data: a list of ``PlanStep.to_dict`` objects, each with "kind" and
    "cards" and the fields of its kind: "power", "seat", "count", "triple", "after"),
    "probability", "scores_now"), "outs" ({card: copies}), "unseen", "draw_from",
    "modelled", "left_out", "notes"}``.
    ``budget``: the work allowed, in memo entries (``player_odds``); ``progress(done, total)``
    is called as the work goes. Raises NotationError/ConfigurationError naming the bad part,
    and WorkBudgetError (swkit.errors) for a question too large for ``budget``.

    ``simulate`` = N: no exact search; instead N games seeded with ``seed``, each turn's
    choice the best for the next turn alone (``mc_policy_odds``): ``{"simulated": N, "seed",
    "turns", "estimate", "interval" ([low, high], 99%), "hits", "strategy" (in words),
    "lower_bound"}``, numbers in [0, 1]. At T = 1 that strategy is the best play.
    """
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise ConfigurationError(f"--turns must be 1 to {MAX_TURNS}, got {turns!r}")
    pos = make_position(hand, tableau=tableau, discard=discard, others=others,
                        center=center, figure=figure, scored=scored, editions=editions)
    if simulate is not None:
        return simulate_query(pos, turns, simulate, seed)
    r = solve(HandQuestion.from_position(pos, turns), budget=budget, progress=progress).result
    best = r.best
    return {
        "probability": str(r.probability), "percent": percent_number(r.probability),
        "turns": turns,
        "within": {str(t + 1): str(p) for t, p in enumerate(r.within)},
        "this_turn": str(r.this_turn),
        "best": {"draw": None if best.card is None else str(best.card),
                 "play": best.play, "steps": [s.to_dict() for s in best.steps],
                 "probability": str(best.probability)},
        "plays": [{"draw": None if d.card is None else str(d.card), "copies": d.copies,
                   "play": d.play, "steps": [s.to_dict() for s in d.steps],
                   "probability": str(d.probability), "scores_now": d.scores_now}
                  for d in r.plans],
        "outs": {str(c): n for c, n in sorted(r.outs.items())},
        "unseen": r.unseen, "draw_from": r.draw_from,
        "modelled": list(r.modelled), "left_out": list(r.left_out),
        "notes": list(r.notes),
    }


WITHIN_CONDITION = (f"{IF_NOBODY_MOVES}: the odds assume the other players change nothing you "
                    "need before your turns (RULES.md §C1)")
"""The condition of a chance within several turns, as ``swkit odds hand`` says it."""
STRATEGY = ("each turn that does not score ends the way that is best for scoring in the next "
            "turn alone")
"""The simulated strategy of ``--simulate`` in words (``mc_policy_odds``)."""


def simulate_query(pos: Position, turns: int, n: int, seed: int = 0) -> dict[str, Any]:
    """``hand_query(..., simulate=n)``: the estimate of ``mc_policy_odds`` for ``pos`` within
    ``turns`` turns, from ``n`` >= 1 games seeded with ``seed`` (see ``hand_query``). Raises
    ConfigurationError for n < 1 or bad turns."""
    from swkit.odds.montecarlo_cards import mc_policy_odds

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ConfigurationError(f"--simulate must be a whole number of games >= 1, got {n!r}")
    r = mc_policy_odds(pos, turns, n=n, seed=seed)
    return {"simulated": n, "seed": seed, "turns": turns, "estimate": r.estimate,
            "interval": [r.low, r.high], "hits": round(r.estimate * n),
            "strategy": STRATEGY, "lower_bound": turns > 1}


def format_simulated(result: dict[str, Any]) -> str:
    """A short readable answer for ``simulate_query``'s result."""
    t = result["turns"]
    when = "this turn" if t == 1 else f"within {t} of your turns"
    low, high = result["interval"]
    low, high, estimate = (percent_text(p, words=True)
                           for p in (low, high, result["estimate"]))
    lines = [f"Simulated: P(you score {when}) is about {estimate} "
             f"(99% interval {low} to {high}; {result['hits']} of "
             f"{result['simulated']} games, seed {result['seed']})"]
    if t > 1:
        lines.append(f"  {WITHIN_CONDITION}")
        lines.append(f"  Strategy: {STRATEGY}. The best play does at least as well, so this "
                     "estimates a lower bound on your best chance, not the exact answer.")
    else:
        lines.append("  With one turn no choice is left after a draw that does not score, so "
                     "this estimates the exact answer (the same command without --simulate).")
    return "\n".join(lines)


def plan_step_words(steps: list[dict[str, Any]]) -> list[str]:
    """The words of each step of a plan given as ``hand_query``'s JSON (``"steps"``: objects
    with ``"kind"`` and the fields of ``PlanStep.to_dict``), in the library's wording
    (``swkit.odds.cards.step_words``: Powers by key, tableaux by their ``--others`` number)."""
    return [step_words(PlanStep.from_dict(s)) for s in steps]


def format_hand(result: dict[str, Any]) -> str:
    """A short readable answer for ``hand_query``'s result: the chances, the outs, then the best
    play after each draw as a numbered list of steps (draws with the same plan and chance
    together, at most 8 plans), and the Powers modelled or left out."""
    t = result["turns"]
    when = "this turn" if t == 1 else f"within {t} of your turns"
    lines = [f"P(you score {when}) = {result['probability']} = "
             f"{percent_text(Fraction(result['probability']))}"]
    if t > 1:
        lines.append("  by turn: " + ", ".join(f"{k}: {v}" for k, v in result["within"].items()))
        lines.append(f"  {WITHIN_CONDITION}")
    outs = result["outs"]
    if outs:
        lines.append("Outs this turn: " + ", ".join(
            f"{c}" + (f" x{n}" if n > 1 else "") for c, n in outs.items())
            + f"  ({sum(outs.values())} of {result['unseen']} unseen cards)")
    else:
        lines.append(f"Outs this turn: none ({result['unseen']} unseen cards)")
    if result["draw_from"] != "unseen cards":
        lines.append(f"The deck is empty: the draw comes from {result['draw_from']}.")
    # group draws by their best play and probability; each plan as a numbered list of steps
    groups: dict[tuple[str, str], tuple[list[str], list[dict[str, Any]]]] = {}
    for d in result["plays"]:
        groups.setdefault((d["play"], d["probability"]), ([], d["steps"]))[0].append(
            d["draw"] if d["draw"] is not None else "(no draw)")
    lines.append(f"Best play after each draw, and P = the chance you score {when} after "
                 "that draw:")
    for shown, ((play, prob), (draws, steps)) in enumerate(groups.items()):
        if shown == 8:
            lines.append(f"  ... and {len(groups) - shown} more")
            break
        # up to 45 drawn cards: wrapped at WIDTH columns, the cards indented under the first,
        # P last; then the steps, numbered (a plan with no step: its words, unnumbered)
        lines += textwrap.wrap(f"draw {' '.join(draws)} (P = {prob}):", width=WIDTH,
                               initial_indent="  ", subsequent_indent=" " * 7,
                               break_long_words=False)
        for i, words in enumerate(plan_step_words(steps) or [play]):
            lines += textwrap.wrap(f"{i + 1}. {words}" if steps else words, width=WIDTH,
                                   initial_indent=" " * 4, subsequent_indent=" " * 7,
                                   break_long_words=False)
    for note in result["modelled"]:
        lines.append(f"Power {note}")
    for note in result["left_out"]:
        lines.append(f"Note: {note}" if note.startswith("center") else
                     f"Left out: Power {note}")
    for note in result.get("notes", ()):
        lines.append(f"Note: {note}.")
    return "\n".join(lines)
