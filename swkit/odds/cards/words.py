"""The plans: the best play after each draw, as steps (data) and in words.

A plan is a short list of ``PlanStep``s in the order of a turn (RULES.md §A3 steps 2 to 6):
play a card, take the figure, use a Power and what it does (play a card too, play one from the
discard pile, take from it, swap, draw two, pass), discard, score. Each step names every choice
as data (cards, a Power key, the other player's tableau by its number among
``Position.others``, 1-based): never as text. ``step_words`` / ``plan_words`` say the steps in
the library's words ("play R5", "use Power green-extra-play", "swap B2 for P7 of tableau 2");
a front end words them its own way (the card table names Powers by their cards and tableaux by
seat). A discard after draw two or pass is chosen once the new cards are seen, so that step
names how many cards and what decides them, not the cards (``PlanStep.after``).

``best_plan`` = the best end of a turn after a draw and its conditional probability (1 and a
scoring play when the draw scores now). Checked: ``tests/test_odds_cards_recorded_answers.py`` (the
probability after every draw), ``tests/test_odds_cards_steps.py`` (the steps of pinned
positions, and ``DrawPlan.play == plan_words(DrawPlan.steps)`` on every plan),
``tests/test_odds_cards_exact_powers.py::test_the_best_play_names_draw_two``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from swkit.cards.editions import KEY_PATTERN, LIMITS
from swkit.cards.notation import Card, format_cards, parse_card
from swkit.cards.triples import NO_WILDS, Wilds, triple_kind
from swkit.errors import ConfigurationError
from swkit.odds.cards.engine import Engine
from swkit.odds.cards.hands import Hand, distinct, falling_factorial, insert, pool_net, remove
from swkit.odds.cards.position import TABLEAU_LIMIT, Position
from swkit.whole import as_whole

STEP_KINDS: dict[str, str] = {
    "play": "play the card of ``cards`` from your hand onto your tableau (no card: the hand "
            "is empty, nothing to play)",
    "take_figure": "take the figure (the card played has the center Power's color)",
    "use_power": "use the Power whose key is ``power`` (the center Power or a scored one)",
    "play_too": "play the cards of ``cards`` too (an extra play, Power 6)",
    "play_from_discard": "play the card of ``cards`` from the discard pile onto your tableau "
                         "(Power 3)",
    "take_from_discard": "take the cards of ``cards`` from the top of the discard pile into "
                         "your hand (Power 8)",
    "swap": "swap ``cards[0]`` of your tableau for ``cards[1]`` of the other tableau "
            "number ``seat`` (Power 9)",
    "draw": "draw ``count`` cards (Power 7); which cards come is chance",
    "pass": "pass the card of ``cards`` to the next player and receive a card (Power 10); "
            "which card comes is chance",
    "discard": "discard the cards of ``cards`` from your tableau, in this order (the last "
               "ends on top); or, when ``after`` is \"draw\" or \"pass\", ``count`` cards "
               "chosen once the cards of that step are seen",
    "score": "score the triple of ``cards``, a ``triple`` (\"set\" or \"run\")",
}
"""The kinds of a ``PlanStep``, each with what it means and the fields it uses."""


@dataclass(frozen=True)
class PlanStep:
    """One step of a plan (a turn after its draw, RULES.md §A3 steps 2 to 6), as data.

    ``kind``: one of ``STEP_KINDS`` (its value says what the step means and which fields it
    uses); ``cards``: the cards it names (``Card``s; see the kind); ``power``: the Power's key
    (``use_power``, as the data file and ``swkit odds hand`` spell it, e.g.
    ``"yellow-swap"``); ``seat``: the other tableau of a ``swap``, numbered 1, 2, ... in the
    order of ``Position.others`` (the command line's ``--others`` order; from a view, the
    seats after the viewer's); ``count``: cards drawn (``draw``) or discarded without being
    named (``discard`` with ``after``); ``triple``: ``"set"`` or ``"run"`` (``score``);
    ``after``: ``"draw"`` or ``"pass"`` for a discard chosen once that step's cards are seen.
    Raises ConfigurationError for an unknown kind, a field the kind does not use, a missing
    one, a value outside its range, or a number of cards the kind does not take.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    power: str | None = None
    seat: int | None = None
    count: int | None = None
    triple: str | None = None
    after: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in STEP_KINDS:
            raise ConfigurationError(f"a plan step's kind is {self.kind!r}; accepted: "
                                     f"{', '.join(STEP_KINDS)}")
        if not isinstance(self.cards, tuple) or \
                not all(isinstance(c, Card) for c in self.cards):
            raise ConfigurationError(f"a {self.kind} step's cards must be a tuple of Cards, "
                                     f"got {self.cards!r}")
        uses = _FIELDS[self.kind]
        for name in ("power", "seat", "count", "triple", "after"):
            value = getattr(self, name)
            if value is not None and name not in uses:
                raise ConfigurationError(f"a {self.kind} step has no {name} (got {value!r}); "
                                         f"its fields: {', '.join(uses) or 'none but cards'}")
        need = _NEEDS.get(self.kind, ())
        if self.kind == "discard" and self.after is None and self.count is not None:
            raise ConfigurationError(f"a discard step that names its cards has no count (got "
                                     f"{self.count!r}); count goes with after='draw' or 'pass'")
        if self.kind == "discard" and self.after is not None:
            need = ("count",)
            if self.after not in ("draw", "pass") or self.cards:
                raise ConfigurationError("a discard chosen later has after='draw' or 'pass' "
                                         f"and no cards, got after={self.after!r}, cards="
                                         f"{format_cards(self.cards)!r}")
        missing = [name for name in need if getattr(self, name) is None]
        if missing:
            raise ConfigurationError(f"a {self.kind} step needs {', '.join(missing)}")
        for name in ("seat", "count"):
            value = getattr(self, name)
            if value is not None and (as_whole(value) is None or value < 1):
                raise ConfigurationError(f"a {self.kind} step's {name} is a whole number "
                                         f">= 1, got {value!r}")
            object.__setattr__(self, name, as_whole(value))
        if self.triple is not None and self.triple not in ("set", "run"):
            raise ConfigurationError(f"a score step's triple is 'set' or 'run', got "
                                     f"{self.triple!r}")
        if self.power is not None and (not isinstance(self.power, str)
                                       or not KEY_PATTERN.match(self.power)
                                       or len(self.power) > LIMITS["key"]):
            raise ConfigurationError(f"a use_power step's power is a Power key like "
                                     f"'yellow-swap' (lower-case letters, digits and '-', at "
                                     f"most {LIMITS['key']} characters), got {self.power!r}")
        allowed = _CARD_COUNTS.get(self.kind)
        if self.after is not None:
            allowed = (0,)
        if len(self.cards) not in (allowed or range(1, len(self.cards) + 1)):
            took = " or ".join(map(str, allowed)) if allowed else "one or more"
            raise ConfigurationError(f"a {self.kind} step names {took} cards, got "
                                     f"{len(self.cards)} ({format_cards(self.cards) or 'none'})")

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON-ready data: ``{"kind", "cards": ["R5", ...]}`` and the other fields
        the step has (``power``, ``seat``, ``count``, ``triple``, ``after``)."""
        out: dict[str, Any] = {"kind": self.kind, "cards": [str(c) for c in self.cards]}
        for name in ("power", "seat", "count", "triple", "after"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlanStep:
        """The step of ``to_dict``'s data (``{"kind": "swap", "cards": ["B2", "P7"], "seat":
        2}``). Raises NotationError for a card that cannot be read and ConfigurationError for
        anything else that is not a step, naming the bad part."""
        if not isinstance(data, dict) or "kind" not in data:
            raise ConfigurationError(f"a plan step is an object with a 'kind', got {data!r}")
        unknown = sorted(set(data) - {"kind", "cards", "power", "seat", "count", "triple",
                                      "after"})
        if unknown:
            raise ConfigurationError(f"a plan step has no field {unknown[0]!r}; its fields: "
                                     "kind, cards, power, seat, count, triple, after")
        cards = data.get("cards", [])
        if not isinstance(cards, list):
            raise ConfigurationError(f"a plan step's cards are a list like ['R5'], got "
                                     f"{cards!r}")
        fields = {k: v for k, v in data.items() if k not in ("kind", "cards")}
        return cls(data["kind"], tuple(parse_card(str(c)) for c in cards), **fields)


_FIELDS: dict[str, tuple[str, ...]] = {
    "play": (), "take_figure": (), "use_power": ("power",), "play_too": (),
    "play_from_discard": (), "take_from_discard": (), "swap": ("seat",), "draw": ("count",),
    "pass": (), "discard": ("count", "after"), "score": ("triple",),
}
_CARD_COUNTS: dict[str, tuple[int, ...]] = {
    "play": (0, 1), "take_figure": (0,), "use_power": (0,), "play_from_discard": (1,),
    "swap": (2,), "draw": (0,), "pass": (1,), "score": (0, 3),
}
"""How many cards a step of each kind names (a kind not listed: one or more)."""
_NEEDS: dict[str, tuple[str, ...]] = {
    "use_power": ("power",), "swap": ("seat",), "draw": ("count",),
}

NO_SCORE_WORDS = "no play scores this turn"
"""The words of an empty plan: the last turn's draw cannot score, so no choice matters."""


def _power_key(key: str) -> str:
    return f"Power {key}"


def _tableau_number(seat: int) -> str:
    return f"tableau {seat}"


def step_words(step: PlanStep, *, power_name: Callable[[str], str] = _power_key,
               seat_name: Callable[[int], str] = _tableau_number) -> str:
    """One step in words, lower case, no full stop: "play R5", "take the figure", "use Power
    green-extra-play", "play B2 too", "swap B2 for P7 of tableau 2", "draw 2 cards", "discard
    the card that helps you least, once you see the cards you drew".

    ``power_name(key)`` names a Power (default "Power <key>"); ``seat_name(n)`` names the other
    tableau number n (default "tableau <n>"), so a front end can say "Power 9 (yellow)" and
    "seat 1". In: a ``PlanStep``; out: text.
    """
    cards = format_cards(step.cards)
    kind = step.kind
    if kind == "play" and not step.cards:
        return "no card to play"
    if kind == "use_power":
        return f"use {power_name(step.power or '')}"
    if kind == "swap":
        mine, theirs = (format_cards(step.cards[:1]), format_cards(step.cards[1:]))
        return f"swap {mine} for {theirs} of {seat_name(step.seat or 0)}"
    if kind == "discard" and step.after is not None:
        n = step.count or 1
        which = "the card that helps" if n == 1 else f"the {n} cards that help"
        seen = "the card you get" if step.after == "pass" else "the cards you drew"
        return f"discard {which} you least, once you see {seen}"
    if kind == "score" and not step.cards:
        return "score"
    return _WORDS[kind].format(cards=cards, count=step.count, triple=step.triple)


_WORDS = {
    "play": "play {cards}", "take_figure": "take the figure", "play_too": "play {cards} too",
    "play_from_discard": "play {cards} from the discard pile",
    "take_from_discard": "take {cards} from the discard pile", "draw": "draw {count} cards",
    "pass": "pass {cards}", "discard": "discard {cards}", "score": "score {cards} ({triple})",
}
"""The words of the steps that name only their cards, count or triple (``step_words``)."""


def plan_words(steps: Iterable[PlanStep], *, power_name: Callable[[str], str] = _power_key,
               seat_name: Callable[[int], str] = _tableau_number) -> str:
    """A plan in one line: its steps' words (``step_words``) joined by ", "; an empty plan is
    ``NO_SCORE_WORDS``. This is ``DrawPlan.play``."""
    words = [step_words(s, power_name=power_name, seat_name=seat_name) for s in steps]
    return ", ".join(words) if words else NO_SCORE_WORDS


def _plan_steps(raw: Iterable[tuple[Any, ...]], types: tuple[Card, ...], pos: Position,
                tab: Hand) -> tuple[PlanStep, ...]:
    """The engine's step tuples (``Moves.ends``, ``Chance.chance_options``, ``("power", key)``,
    ``("score", triple, kind)``) as ``PlanStep``s; ``tab``: the tableau before the play (it
    gives how many cards a discard after draw two or pass takes)."""
    out: list[PlanStep] = []
    size = len(tab)
    for step in raw:
        kind = step[0]
        if kind == "play":
            if step[1] is None:
                out.append(PlanStep("play"))
            else:
                out.append(PlanStep("play", (types[step[1]],)))
                size += 1
            if step[2]:
                out.append(PlanStep("take_figure"))
        elif kind == "power":
            out.append(PlanStep("use_power", power=step[1]))
        elif kind == "extra":
            out.append(PlanStep("play_too", tuple(types[q] for q in step[1])))
        elif kind == "from_discard":
            out.append(PlanStep("play_from_discard", (types[step[1]],)))
        elif kind == "take":
            out.append(PlanStep("take_from_discard", tuple(types[q] for q in step[1])))
        elif kind == "swap":
            mine, theirs = types[step[1]], types[step[2]]
            seat = next(i + 1 for i, t in enumerate(pos.others) if theirs in t)
            out.append(PlanStep("swap", (mine, theirs), seat=seat))
        elif kind in ("draw", "pass"):
            out.append(PlanStep("draw", count=step[1]) if kind == "draw"
                       else PlanStep("pass", (types[step[1]],)))
            if step[2]:
                out.append(PlanStep("discard", count=size - TABLEAU_LIMIT, after=kind))
        elif kind == "discard":
            out.append(PlanStep("discard", tuple(types[q] for q in step[1])))
        elif kind == "score":
            out.append(PlanStep("score", step[1], triple=step[2]) if step[1]
                       else PlanStep("score"))
    return tuple(out)


def _power_for(eng: Engine, effect: str, wild: Wilds | None = None) -> str:
    for p in eng.powers:
        if p.effect == effect and (wild is None or p.wilds == wild):
            return p.key
    return effect


_EFFECT = {"extra": "extra_play", "from_discard": "play_from_discard",
           "take": "take_from_discard", "swap": "swap", "draw": "extra_draw", "pass": "pass"}
"""The engine's step of a Power that moves cards -> the Power's effect primitive."""


def _scoring_play(eng: Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> tuple[tuple[Any, ...], ...]:
    """One play that scores (the first found, simplest first), as the engine's step tuples
    ending in ``("score", triple, kind)``."""
    types = eng.types

    def score(t: Hand, w: Wilds) -> tuple[Any, ...]:
        cards = [types[i] for i in t]
        for trip in combinations(sorted(cards), 3):
            kind = triple_kind(trip, w)
            if kind:
                return ("score", tuple(trip), kind)
        return ("score", (), None)  # pragma: no cover - a triple is found when one scores

    plays: list[int | None] = list(distinct(hand)) or [None]
    for p in plays:
        tab1 = tab if p is None else insert(tab, p)
        fig_new = eng.access(p, figure) and not figure
        if eng.has(tab1):
            return (("play", p, fig_new), score(tab1, NO_WILDS))
    for p in plays:
        if not eng.access(p, figure):
            continue
        tab1 = tab if p is None else insert(tab, p)
        hand1 = hand if p is None else remove(hand, p)
        s0 = ("play", p, not figure)
        for w in range(1, len(eng.wilds)):
            if eng.has(tab1, w):
                key = next(pp.key for pp in eng.powers if pp.wilds == eng.wilds[w])
                return (s0, ("power", key), score(tab1, eng.wilds[w]))
        for steps, _h2, t2, _d2, _o2 in eng.powers_then(hand1, tab1, disc, others, True):
            if steps and steps[0][0] != "take" and eng.has(t2):
                return (s0, ("power", _power_for(eng, _EFFECT[steps[0][0]])), *steps,
                        score(t2, NO_WILDS))
    return (("score", (), None),)  # pragma: no cover - only called when a score exists


def best_plan(eng: Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
               figure: bool, drawn: Hand, turns: int,
               options: Iterable[tuple[tuple[Any, ...], Fraction]] | None = None
               ) -> tuple[tuple[PlanStep, ...], Fraction, bool]:
    """After a draw (``hand`` holds it): the best plan as steps, P(scoring within ``turns``
    turns | this draw), and whether it scores now. The empty plan: the last turn cannot
    score. ``options``: each end of the turn as (the engine's steps, P(scoring within the
    next turns)), when they do not come from the engine's integer search (the discard pile
    shuffled in, ``reshuffle``); by default the engine's ends, then draw two and pass."""
    def steps_of(raw: Iterable[tuple[Any, ...]]) -> tuple[PlanStep, ...]:
        return _plan_steps(raw, eng.types, eng.pos, tab)

    if eng.can_score(hand, tab, disc, others, figure):
        return steps_of(_scoring_play(eng, hand, tab, disc, others, figure)), Fraction(1), True
    if turns == 1:
        return (), Fraction(0), False
    if options is None:
        options = _engine_options(eng, hand, tab, disc, others, figure, drawn, turns)
    best: tuple[Fraction, tuple[tuple[Any, ...], ...]] | None = None
    for steps, v in options:
        if best is None or v > best[0]:
            # name the Power used, if any
            named: list[tuple[Any, ...]] = []
            for s in steps:
                if s[0] in _EFFECT:
                    named.append(("power", _power_for(eng, _EFFECT[s[0]])))
                named.append(s)
            best = (v, tuple(named))
    assert best is not None
    return steps_of(best[1]), best[0], False


def _engine_options(eng: Engine, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                    figure: bool, drawn: Hand, turns: int
                    ) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
    """The engine's ends of a turn with their values, then draw two and pass."""
    for steps, nxt in eng.ends(hand, tab, disc, others, figure, turns - 1):
        yield steps, eng.value(*nxt, drawn, turns - 1)
    scale = falling_factorial(eng.unseen0 - pool_net(drawn), turns - 1)
    for steps, num in eng.chance_options(hand, tab, disc, others, figure, drawn, turns):
        yield steps, Fraction(num, scale)
