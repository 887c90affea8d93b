"""Whether a card game's state is one a game reaches (RULES.md §A3, §A5, §A8): the checks that
``CardGame.from_json`` (through :mod:`swkit.cards.saves`) and ``CardGame.check_position`` run.

Each check takes a game's state (:class:`swkit.cards.state.CardState`, or the game itself,
whose fields are its state's) as it stands. A problem is typed (:class:`PositionProblem`: a
:class:`Problem`, the JSON path of the field it is in and the facts it names), and its words
are made from it.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from swkit.cards.editions import Edition
from swkit.cards.notation import ALL_CARDS, Card, format_cards
from swkit.cards.phases import POWER_STEPS, TABLEAU_LIMIT, WIN_POWERS
from swkit.cards.state import CardState, Phase
from swkit.errors import ConfigurationError

__all__ = ["PositionError", "PositionProblem", "Problem", "conservation_problems", "extra_copy",
           "first_problem", "not_at_rest", "position_problems", "tableau_most"]

_POWER_USED = {Phase.DRAW: False, Phase.PLAY: False, Phase.FIGURE: False, Phase.POWER: False,
               **dict.fromkeys(POWER_STEPS, True)}
"""Whether a Power has been used this turn, for each phase that decides it (RULES.md §A3)."""


def tableau_most(editions: Sequence[Edition]) -> int:
    """The most cards a tableau holds in its owner's turn (RULES.md §A3, §A7): five after the
    last Discard, the card of step 2, and the most one Power of ``editions`` adds (an extra
    play of ``count`` cards, or one card played from the discard pile)."""
    return TABLEAU_LIMIT + 1 + max((p.params.get("count", 1) for ed in editions
                                    for p in ed.powers if p.effect in (
                                        "extra_play", "play_from_discard")), default=0)


def conservation_problems(game: CardState) -> list[str]:
    """Every breach of RULES.md §A8, in words (empty when each character card and each
    Power is in exactly one place)."""
    n_ed = len(game.editions)
    counts = Counter(game.deck)
    counts.update(game.discard)
    for h in game.hands:
        counts.update(h)
    for t in game.tableaux:
        counts.update(t)
    problems = [f"{c}: {counts[c]} copies in play, expected {n_ed}"
                for c in ALL_CARDS if counts[c] != n_ed]
    problems += [f"unknown card {c}" for c in counts if c not in set(ALL_CARDS)]
    places: Counter[tuple[int, int]] = Counter()
    for e, pile in enumerate(game.piles):
        places.update((e, p.number) for p in pile)
    for e, c in enumerate(game.centers):
        if c is not None:
            places[(e, c.number)] += 1
    for row in game.scored:
        places.update((e, p.number) for e, p in row)
    for e, ed in enumerate(game.editions):
        for p in ed.powers:
            if places[(e, p.number)] != 1:
                problems.append(f"Power {p.key} (edition {e + 1}) is in "
                                f"{places[(e, p.number)]} places, expected 1")
    if sum(places.values()) != sum(len(ed.powers) for ed in game.editions):
        problems.append("a Power not of these editions is in play")
    return problems


def extra_copy(game: CardState) -> str:
    """The JSON path of the first copy of a card beyond the editions' count (deck,
    discard pile, hands, tableaux, in that order), or of the first Power placed twice;
    ``""`` when copies are only missing."""
    n_ed = len(game.editions)
    seen: Counter[Card] = Counter()
    places = [("deck", game.deck), ("discard", game.discard)]
    places += [(f"hands[{s}]", h) for s, h in enumerate(game.hands)]
    places += [(f"tableaux[{s}]", t) for s, t in enumerate(game.tableaux)]
    for name, cards in places:
        for i, c in enumerate(cards):
            seen[c] += 1
            if seen[c] > n_ed:
                return f"{name}[{i}]"
    powers: Counter[tuple[int, int]] = Counter()
    ppl = [(f"piles[{e}]", [(e, p.number) for p in pile]) for e, pile in enumerate(game.piles)]
    ppl.append(("centers", [(e, c.number) for e, c in enumerate(game.centers)
                            if c is not None]))
    ppl += [(f"scored[{s}]", [(e, p.number) for e, p in row])
            for s, row in enumerate(game.scored)]
    for name, refs in ppl:
        for i, ref in enumerate(refs):
            powers[ref] += 1
            if powers[ref] > 1:
                return name if name == "centers" else f"{name}[{i}]"
    return ""


class Problem(Enum):
    """A kind of problem that makes a state one no game at rest reaches. The value is the
    problem's words, said after the field's JSON path (a save's check) or naming the field
    itself (the positions ``CardGame.from_position`` refuses); :class:`PositionProblem` fills
    in the ``{facts}`` (RULES.md sections named)."""

    CONSERVATION = "card conservation broken (RULES.md §A8): {breaches}"
    PAST_ROUND_LIMIT = ("is {turn}, past the round limit ({round_limit} rounds of {players} "
                        "turns end at turn {limit}, RULES.md §A5)")
    UNSORTED_HAND = "is not in sorted order, as the game keeps hands"
    TABLEAU_TOO_BIG = ("holds {cards} cards; a tableau is brought down to {limit} at the end "
                       "of each turn (RULES.md §A3 step 6)")
    MOVER_TABLEAU_TOO_BIG = (TABLEAU_TOO_BIG + " and grows to at most {most} in its owner's "
                             "turn")
    TOO_MANY_SCORED = "holds {powers} Powers; {win} win at once (RULES.md §A5)"
    EMPTY_CENTER = ("is empty while its pile holds Powers; a center is empty only when its "
                    "pile is (RULES.md §A5)")
    BAD_LIMIT_END = "is {end_reason!r}; accepted at the round limit: {stop!r}"
    BAD_WINNER = ("is seat {winner}, which holds {powers} Powers; the winner holds {win} and "
                  "end_reason says so (RULES.md §A5)")
    END_BEFORE_OVER = "is set at phase {phase!r}; only a game that is over has one"
    POWER_USED = "is {used} at phase {phase!r}; a Power is used in step 4 (RULES.md §A3)"
    WILDS = ("are {wilds} at phase {phase!r}; wilds come from a Power used in step 4 and last "
             "until Score (RULES.md §A3, §A7)")
    PLAYED_TOO_EARLY = "is {played} before the card of step 2 is played (§A3)"
    PLAYED_NOT_IN_TABLEAU = ("is {played}, not in seat {seat}'s tableau; the figure is taken "
                             "by the card played in step 2 (RULES.md §A3 step 3)")
    NO_PASS_ORDER = "is empty during a Pass (RULES.md §A7)"
    BAD_PASS_CHOICE = ("seat {seat} chose {cards}; a seat chooses {k} card(s) of its own "
                       "hand, once (RULES.md §A7)")
    PASS_OUT_OF_STEP = "a Pass is under way at phase {phase!r} (RULES.md §A7)"
    LOG_OUT_OF_ORDER = ("records turn {turn} of seat {player} in round {round}; turn records "
                        "follow the turns in order, turn t being seat t mod players' in "
                        "round t // players")
    LOG_WITHOUT_TURN = "does not end with the record of turn {turn}, the current turn"
    LOG_WITHOUT_END = "does not end with the record of turn {turn} or the one before"
    LOG_WITHOUT_POWER = "is null at phase {phase!r}; the turn record names the Power used"
    NOT_AT_REST = ("is {phase!r}, a step the game would not stop at here (the step has one or "
                   "no legal choice, so it is made at once, RULES.md §A3 decisions)")
    # the positions ``CardGame.from_position`` refuses: the words name the field themselves
    TABLEAU_ABOVE_LIMIT = ("tableaux[{seat}] holds {cards} cards {when}; a tableau is brought "
                           "down to {limit} at the end of each turn (RULES.md §A3 step 6)")
    TABLEAU_ABOVE_MOST = ("tableaux[{seat}] holds {cards} cards at phase {phase!r}; in its "
                          "owner's turn a tableau holds at most {most}: {limit} after the last "
                          "Discard, the card of step 2 and the most a Power of these editions "
                          "adds (RULES.md §A3, §A7)")
    POWER_USED_TOO_EARLY = ("power_used is True at phase {phase!r}; a Power is used in step 4, "
                            "so it can be True only at phase 'score' or 'discard' (RULES.md §A3)")
    WILDS_WITHOUT_POWER = ("wilds ({wilds}) given without a Power used this turn: wilds come "
                           "from a Power used in step 4; give power_used=True with phase "
                           "'score' or 'discard' (RULES.md §A3 step 4, §A7)")
    POWER_PLACED_TWICE = "Power {key} of edition {edition} is placed twice (RULES.md §A8)"
    POWERS_PLACED_NOWHERE = "Powers not placed anywhere: {powers} (RULES.md §A8)"
    CENTER_EMPTY_BEFORE_PILE = ("edition {edition} has no center Power but {pile} Powers in its "
                                "pile; a center is empty only when its pile is (RULES.md §A5)")
    GAME_WON = "a seat already holds {win} Powers: the game would be over (RULES.md §A5)"
    TOO_MANY_COPIES = "more copies than {editions} edition(s) hold: {copies} (RULES.md §A8)"
    CARDS_PLACED_NOWHERE = "cards placed nowhere (exact_deck=True): {cards} (RULES.md §A8)"
    TURN_OF_ANOTHER_SEAT = "turn {turn} is seat {owner}'s turn, not seat {player}'s"
    PLAYED_BEFORE_PLAY = ("played is {played} at phase {phase!r}: the card of step 2 is not "
                          "played yet; give played only at phase 'power', 'score' or "
                          "'discard' (RULES.md §A3)")
    PLAYED_OUTSIDE_TABLEAU = ("played is {played}, which is not in seat {seat}'s tableau "
                              "({tableau}); the card played in step 2 stays in the tableau "
                              "(RULES.md §A3 step 2)")


@dataclass(frozen=True)
class PositionProblem:
    """Why a state is not a position of a game at rest: the ``kind`` of problem, the JSON
    ``path`` of the field it is in (``"tableaux[1]"``, ``""`` for none) and the ``facts`` its
    words name, as ``(name, value)`` pairs. :attr:`words` makes the words from them."""

    kind: Problem
    path: str
    facts: tuple[tuple[str, Any], ...] = ()

    @property
    def words(self) -> str:
        """The problem in words, after the field's path: ``"holds 7 cards; a tableau is
        brought down to 5 at the end of each turn (RULES.md §A3 step 6)"``."""
        return self.kind.value.format(**dict(self.facts))


def _problem(kind: Problem, path: str, **facts: Any) -> PositionProblem:
    return PositionProblem(kind, path, tuple(facts.items()))


class PositionError(ConfigurationError):
    """A position that no game reaches, refused by ``CardGame.from_position``: ``problem`` (a
    :class:`PositionProblem`) says why; the message is its words."""

    def __init__(self, kind: Problem, path: str, **facts: Any) -> None:
        self.problem = _problem(kind, path, **facts)
        super().__init__(self.problem.words)

    @classmethod
    def of(cls, problem: PositionProblem) -> PositionError:
        """The error of a problem already found (``CardGame.check_position``); its message
        is the field's path, then the words (``turn: is 400, past the round limit ...``)."""
        error = cls(problem.kind, problem.path, **dict(problem.facts))
        if problem.path:
            error.args = (f"{problem.path}: {problem.words}",)
        return error


def first_problem(game: CardState) -> PositionProblem | None:
    """The first reason why this state is not a position of a game at rest, or None.
    Checked: card conservation (RULES.md §A8), the phase's fields (who moves, wilds, the
    Power used, Pass choices), tableau sizes (§A3 step 6), scores and the end (§A5), turns
    against the round limit and the turn records. Whether every step with no choice has been
    run is checked by ``CardGame.check_position``, which calls this first."""
    problems = conservation_problems(game)
    if problems:
        return _problem(Problem.CONSERVATION, extra_copy(game), breaches="; ".join(
            problems[:4]) + ("; ..." if len(problems) > 4 else ""))
    n, phase, me = game.players, game.phase, game.turn % game.players
    limit = game.round_limit * n
    over = phase == Phase.OVER
    if game.turn > limit or (game.turn == limit and not over):
        return _problem(Problem.PAST_ROUND_LIMIT, "turn", turn=game.turn,
                        round_limit=game.round_limit, players=n, limit=limit)
    for s, h in enumerate(game.hands):
        if h != sorted(h):
            return _problem(Problem.UNSORTED_HAND, f"hands[{s}]")
    most = tableau_most(game.editions)
    for s, t in enumerate(game.tableaux):
        mover = s == me and phase not in (Phase.DRAW, Phase.PLAY)
        if len(t) > (most if mover else TABLEAU_LIMIT):
            return _problem(Problem.MOVER_TABLEAU_TOO_BIG if mover else Problem.TABLEAU_TOO_BIG,
                            f"tableaux[{s}]", cards=len(t), limit=TABLEAU_LIMIT, most=most)
    for s, row in enumerate(game.scored):
        if len(row) > WIN_POWERS or (len(row) == WIN_POWERS and game.winner != s):
            return _problem(Problem.TOO_MANY_SCORED, f"scored[{s}]", powers=len(row),
                            win=WIN_POWERS)
    for e, c in enumerate(game.centers):
        if c is None and game.piles[e]:
            return _problem(Problem.EMPTY_CENTER, f"centers[{e}]")
    win = f"seat {game.winner} holds {WIN_POWERS} Powers and wins (RULES.md §A5)"
    stop = f"round limit: {game.round_limit} rounds with no winner (RULES.md §A5)"
    if over:
        if game.winner is None and (game.turn != limit or game.end_reason != stop):
            return _problem(Problem.BAD_LIMIT_END, "end_reason", end_reason=game.end_reason,
                            stop=stop)
        if game.winner is not None and (len(game.scored[game.winner]) != WIN_POWERS
                                        or game.end_reason != win):
            return _problem(Problem.BAD_WINNER, "winner", winner=game.winner,
                            powers=len(game.scored[game.winner]), win=WIN_POWERS)
    elif game.winner is not None or game.end_reason:
        return _problem(Problem.END_BEFORE_OVER,
                        "winner" if game.winner is not None else "end_reason", phase=phase)
    used = _POWER_USED.get(phase)
    if used is not None and game.power_used != used:
        return _problem(Problem.POWER_USED, "power_used", used=json.dumps(game.power_used),
                        phase=phase)
    if game.wilds and (phase not in (Phase.SCORE, Phase.DISCARD, Phase.OVER)
                       or not game.power_used):
        return _problem(Problem.WILDS, "wilds", wilds=game.wilds, phase=phase)
    if game.played is not None and phase in (Phase.DRAW, Phase.PLAY):
        return _problem(Problem.PLAYED_TOO_EARLY, "played", played=game.played)
    if phase == Phase.FIGURE and game.played not in game.tableaux[me]:
        return _problem(Problem.PLAYED_NOT_IN_TABLEAU, "played", played=game.played, seat=me)
    if phase == Phase.PASS:
        if not game.pass_order or game.pass_count < 1:
            return _problem(Problem.NO_PASS_ORDER, "pass_order")
        for s, cards in game.pass_choices.items():
            k = min(game.pass_count, len(game.hands[s]))
            if s in game.pass_order or len(cards) != k or Counter(cards) - Counter(
                    game.hands[s]):
                return _problem(Problem.BAD_PASS_CHOICE, "pass_choices", seat=s,
                                cards=format_cards(cards), k=k)
    elif game.pass_order or game.pass_choices or game.pass_count:
        return _problem(Problem.PASS_OUT_OF_STEP, "pass_order", phase=phase)
    turns = [entry["turn"] for entry in game.log]
    for i, entry in enumerate(game.log):
        t = entry["turn"]
        if (i and t <= turns[i - 1]) or entry["player"] != t % n or entry["round"] != t // n:
            return _problem(Problem.LOG_OUT_OF_ORDER, f"log[{i}]", turn=t,
                            player=entry["player"], round=entry["round"])
    if not over and (not turns or turns[-1] != game.turn):
        return _problem(Problem.LOG_WITHOUT_TURN, "log", turn=game.turn)
    if over and (not turns or turns[-1] not in (game.turn, game.turn - 1)):
        return _problem(Problem.LOG_WITHOUT_END, "log", turn=game.turn)
    if phase in POWER_STEPS and game.log[-1]["power"] is None:
        return _problem(Problem.LOG_WITHOUT_POWER, f"log[{len(turns) - 1}].power", phase=phase)
    return None


def not_at_rest(phase: Phase) -> PositionProblem:
    """The problem of a state at ``phase`` that the game would have run on from (a step with
    one or no legal choice is made at once, RULES.md §A3 decisions)."""
    return _problem(Problem.NOT_AT_REST, "phase", phase=phase)


def position_problems(game: CardState) -> tuple[str, str] | None:
    """Deprecated (warns): use :func:`first_problem`, whose typed problem has ``path`` and
    ``words``. The first problem as ``(JSON path, words)``, or None."""
    warnings.warn("swkit.cards.checks.position_problems is deprecated: use first_problem, "
                  "whose PositionProblem has path and words", DeprecationWarning, stacklevel=2)
    bad = first_problem(game)
    return None if bad is None else (bad.path, bad.words)
