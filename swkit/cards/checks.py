"""Whether a card game's state is one a game reaches (RULES.md §A3, §A5, §A8): the checks that
``CardGame.from_json`` (through :mod:`swkit.cards.saves`) and ``CardGame.position_problems`` run.

Each check takes the game (:class:`swkit.cards.game.CardGame`) as it stands and reads its
public state; a problem is said in words, with the JSON path of the field it is in.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from swkit.cards.editions import Edition
from swkit.cards.notation import ALL_CARDS, Card, format_cards
from swkit.cards.phases import POWER_STEPS, TABLEAU_LIMIT, WIN_POWERS
from swkit.cards.state import Phase

__all__ = ["conservation_problems", "extra_copy", "position_problems", "tableau_most"]

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


def conservation_problems(game: Any) -> list[str]:
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


def extra_copy(game: Any) -> str:
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


def position_problems(game: Any) -> tuple[str, str] | None:
    """The first reason why this state is not a position of a game at rest, as (JSON path,
    problem), or None. Checked: card conservation (RULES.md §A8), the phase's fields (who
    moves, wilds, the Power used, Pass choices), tableau sizes (§A3 step 6), scores and the
    end (§A5), turns against the round limit and the turn records. Whether every step with
    no choice has been run is checked by ``CardGame.position_problems``, which calls this
    first."""
    problems = conservation_problems(game)
    if problems:
        return extra_copy(game), (
            "card conservation broken (RULES.md §A8): " + "; ".join(problems[:4])
            + ("; ..." if len(problems) > 4 else ""))
    n, phase, me = game.players, game.phase, game.turn % game.players
    limit = game.round_limit * n
    over = phase == Phase.OVER
    if game.turn > limit or (game.turn == limit and not over):
        return "turn", (f"is {game.turn}, past the round limit ({game.round_limit} rounds "
                        f"of {n} turns end at turn {limit}, RULES.md §A5)")
    for s, h in enumerate(game.hands):
        if h != sorted(h):
            return f"hands[{s}]", "is not in sorted order, as the game keeps hands"
    most = tableau_most(game.editions)
    for s, t in enumerate(game.tableaux):
        mover = s == me and phase not in (Phase.DRAW, Phase.PLAY)
        if len(t) > (most if mover else TABLEAU_LIMIT):
            return f"tableaux[{s}]", (
                f"holds {len(t)} cards; a tableau is brought down to {TABLEAU_LIMIT} at the "
                "end of each turn (RULES.md §A3 step 6)"
                + (f" and grows to at most {most} in its owner's turn" if mover else ""))
    for s, row in enumerate(game.scored):
        if len(row) > WIN_POWERS or (len(row) == WIN_POWERS and game.winner != s):
            return f"scored[{s}]", (f"holds {len(row)} Powers; {WIN_POWERS} win at once "
                                    "(RULES.md §A5)")
    for e, c in enumerate(game.centers):
        if c is None and game.piles[e]:
            return f"centers[{e}]", ("is empty while its pile holds Powers; a center is "
                                     "empty only when its pile is (RULES.md §A5)")
    win = f"seat {game.winner} holds {WIN_POWERS} Powers and wins (RULES.md §A5)"
    stop = f"round limit: {game.round_limit} rounds with no winner (RULES.md §A5)"
    if over:
        if game.winner is None and (game.turn != limit or game.end_reason != stop):
            return "end_reason", f"is {game.end_reason!r}; accepted at the round limit: " \
                f"{stop!r}"
        if game.winner is not None and (len(game.scored[game.winner]) != WIN_POWERS
                                        or game.end_reason != win):
            return "winner", (f"is seat {game.winner}, which holds "
                              f"{len(game.scored[game.winner])} Powers; the winner holds "
                              f"{WIN_POWERS} and end_reason says so (RULES.md §A5)")
    elif game.winner is not None or game.end_reason:
        field_ = "winner" if game.winner is not None else "end_reason"
        return field_, f"is set at phase {phase!r}; only a game that is over has one"
    used = _POWER_USED.get(phase)
    if used is not None and game.power_used != used:
        return "power_used", (f"is {json.dumps(game.power_used)} at phase {phase!r}; a "
                              "Power is used in step 4 (RULES.md §A3)")
    if game.wilds and (phase not in (Phase.SCORE, Phase.DISCARD, Phase.OVER)
                       or not game.power_used):
        return "wilds", (f"are {game.wilds} at phase {phase!r}; wilds come from a Power "
                         "used in step 4 and last until Score (RULES.md §A3, §A7)")
    if game.played is not None and phase in (Phase.DRAW, Phase.PLAY):
        return "played", f"is {game.played} before the card of step 2 is played (§A3)"
    if phase == Phase.FIGURE and game.played not in game.tableaux[me]:
        return "played", (f"is {game.played}, not in seat {me}'s tableau; the figure is "
                          "taken by the card played in step 2 (RULES.md §A3 step 3)")
    if phase == Phase.PASS:
        if not game.pass_order or game.pass_count < 1:
            return "pass_order", "is empty during a Pass (RULES.md §A7)"
        for s, cards in game.pass_choices.items():
            k = min(game.pass_count, len(game.hands[s]))
            if s in game.pass_order or len(cards) != k or Counter(cards) - Counter(
                    game.hands[s]):
                return "pass_choices", (f"seat {s} chose {format_cards(cards)}; a seat "
                                        f"chooses {k} card(s) of its own hand, once "
                                        "(RULES.md §A7)")
    elif game.pass_order or game.pass_choices or game.pass_count:
        return "pass_order", f"a Pass is under way at phase {phase!r} (RULES.md §A7)"
    turns = [entry["turn"] for entry in game.log]
    for i, entry in enumerate(game.log):
        t = entry["turn"]
        if (i and t <= turns[i - 1]) or entry["player"] != t % n or entry["round"] != t // n:
            return f"log[{i}]", (f"records turn {t} of seat {entry['player']} in round "
                                 f"{entry['round']}; turn records follow the turns in order, "
                                 "turn t being seat t mod players' in round t // players")
    if not over and (not turns or turns[-1] != game.turn):
        return "log", f"does not end with the record of turn {game.turn}, the current turn"
    if over and (not turns or turns[-1] not in (game.turn, game.turn - 1)):
        return "log", f"does not end with the record of turn {game.turn} or the one before"
    if phase in POWER_STEPS and (
            game.log[-1]["power"] is None):
        return f"log[{len(turns) - 1}].power", (f"is null at phase {phase!r}; the turn "
                                                "record names the Power used")
    return None
