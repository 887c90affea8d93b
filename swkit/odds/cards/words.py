"""The plans put into words: the best play after each draw, as a reader would say it.

``_best_plan`` = the best end of a turn after a draw and its conditional probability (1 and a
scoring play when the draw scores now); ``_describe`` turns its steps into words ("play R5,
take the figure, use Power green-extra-play, play B2 too, discard G7"), naming the Power used
by its key. Checked: ``tests/test_odds_cards_pinned.py`` (the probability after every draw),
``tests/test_odds_cards_exact_powers.py::test_the_best_play_names_draw_two``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from swkit.cards.notation import Card, format_cards
from swkit.cards.triples import NO_WILDS, Wilds, triple_kind
from swkit.odds.cards.engine import _Engine
from swkit.odds.cards.hands import Hand, _distinct, _falling, _ins, _net, _rem
from swkit.odds.cards.position import Position


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
