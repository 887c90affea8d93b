"""Whole card games played by bots, and their readable transcripts (RULES.md §A).

``play_game`` returns a JSON-ready record; ``format_transcript`` writes it for people. The same
arguments always give the same record (every shuffle and every bot choice comes from streams
seeded by ``seed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from swkit.cards.bots import Bot
from swkit.cards.editions import Edition
from swkit.cards.game import CardGame
from swkit.runner import make_bot, play_out

__all__ = ["format_transcript", "play_game", "run_game", "setup_line", "turn_line"]


def run_game(game: CardGame, bots: Sequence[Bot]) -> CardGame:
    """Play ``game`` to the end with one bot per seat (:func:`swkit.runner.play_out`, chance
    nodes from the game's stream); returns the same game, now over. Each turn's record in
    ``game.log`` gets a ``"tableau"``: the turn owner's tableau when the turn ends."""
    play_out(game, bots, _TableauStamps())
    _stamp_tableau(game, game.turn)
    return game


class _TableauStamps:
    """A :class:`~swkit.runner.Watcher` that stamps each turn's record with the turn owner's
    tableau when the turn ends."""

    def before(self, game: CardGame, seat: int, action: Any) -> int:
        return game.turn

    def after(self, game: CardGame, seat: int, step: Any, turn: int) -> None:
        if game.turn != turn:
            _stamp_tableau(game, turn)


def _stamp_tableau(game: CardGame, turn: int) -> None:
    for entry in reversed(game.log):
        if entry["turn"] == turn:
            entry["tableau"] = [str(c) for c in game.tableaux[entry["player"]]]
            return


def play_game(players: int = 2, seed: int = 0,
              editions: int | Sequence[Edition | str | Path] = 1,
              bots: str | Sequence[str | Bot] = "greedy", round_limit: int = 200) -> dict[str, Any]:
    """Bots play a whole game; returns the record as a JSON-ready dict.

    ``players``: 2..4; ``seed``: fixes every shuffle and bot stream; ``editions``: a number of
    Mickey and Friends copies or a list of editions (RULES.md §A9); ``bots``: one kind for all
    seats (``"greedy"``, ``"random"``) or one per seat (kinds or Bot objects).

    Keys: ``game`` ("cards"), ``players``, ``seed``, ``editions`` (names), ``bots`` (kinds),
    ``winner`` (seat or None at the round limit), ``reason``, ``scores`` (Powers per seat),
    ``scored`` (Power keys per seat), ``rounds``, ``round_limit``, ``setup`` (``hands``: each
    seat's starting hand; ``centers``: each edition's center Power key or None), ``turns`` (per
    turn: ``turn`` and ``round``, counted from 1 as in the transcript, ``player`` (seat),
    ``draw``, ``play``, ``figure`` (edition number) and ``figure_from`` (its previous holder or
    None), ``power`` (``key``, ``edition``, ``effect``, ``cards``), ``score`` (``cards``,
    ``kind``, ``wilds``, ``power``, ``center``, ``new_center``: the key turned up or None),
    ``discard``, ``reshuffles`` (how many), ``events``: everything above in the order it
    happened, reshuffles included (see :data:`swkit.cards.game.TURN_EVENTS`), ``tableau``: the
    turn owner's tableau at the end of the turn).
    Raises ConfigurationError for bad players/editions, ValueError for an unknown bot kind or a
    wrong number of bots.
    """
    game = CardGame(players, seed, editions, round_limit)
    setup = {"hands": [[str(c) for c in h] for h in game.hands],
             "centers": [None if c is None else c.key for c in game.centers]}
    kinds = [bots] * players if isinstance(bots, str | Bot) else list(bots)
    if len(kinds) != players:
        raise ValueError(f"{len(kinds)} bots for {players} players; give one per seat")
    seats = [make_bot("cards", k, s, seed) for s, k in enumerate(kinds)]
    run_game(game, seats)
    outcome = game.outcome()
    assert outcome is not None
    return {
        "game": "cards", "players": players, "seed": seed,
        "editions": [ed.name for ed in game.editions], "bots": [b.kind for b in seats],
        "winner": outcome.winner, "reason": outcome.reason, "scores": list(outcome.scores),
        "scored": [[p.key for _, p in row] for row in game.scored],
        "rounds": game.round + (0 if game.winner is None else 1), "round_limit": round_limit,
        "setup": setup,
        "turns": [{**t, "turn": t["turn"] + 1, "round": t["round"] + 1} for t in game.log],
    }


RESHUFFLE = "reshuffles the discard pile into the deck"


def _split_events(t: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    """The reshuffles before the turn's Power, and the events of the Power (its draws and
    reshuffles, in order). A record without ``events`` (older) puts every reshuffle first."""
    events = t.get("events")
    if events is None:
        return t.get("reshuffles", 0), []
    names = [e["event"] for e in events]
    start = names.index("power") if "power" in names else len(events)
    before = names[:start].count("reshuffle")
    during = [e for e in events[start + 1:] if e["event"] in ("reshuffle", "power_draw")]
    return before, during


def _count(n: int) -> str:
    """``a card``, ``2 cards``: cards another player may not see, counted (RULES.md §A6)."""
    return "a card" if n == 1 else f"{n} cards"


def _power_draws(during: list[dict[str, Any]], cards: list[str], hidden: bool = False) -> str:
    """``draws B9 B3``, with a reshuffle where it happened (``reshuffles ..., draws B9``);
    ``hidden``: the cards are counted, not named (``draws 2 cards``)."""
    if not any(e["event"] == "reshuffle" for e in during):
        return f"draws {_count(len(cards)) if hidden else ' '.join(cards)}"
    groups: list[Any] = []
    for e in during:
        if e["event"] == "reshuffle":
            groups.append(RESHUFFLE)
        elif groups and isinstance(groups[-1], list):
            groups[-1].append(e["card"])
        else:
            groups.append([e["card"]])
    return ", ".join(g if isinstance(g, str) else
                     f"draws {_count(len(g)) if hidden else ' '.join(g)}" for g in groups)


PowerName = Callable[[str, int], str]
"""``power_name(key, edition)`` -> the words naming a Power (edition 1-based), e.g. ``"Power 7
(blue)"`` from :attr:`swkit.cards.editions.Power.name`; without one a transcript names Powers by
key."""


def turn_line(t: dict[str, Any], players: int, several: bool = False, *,
              viewer: int | None = None, partial: bool = False,
              power_name: PowerName | None = None) -> str:
    """One turn of a record (a ``play_game`` turn, or a ``CardGame.log`` entry with ``turn``
    and ``round`` counted from 1) as a transcript line.

    ``several``: the game has several editions (Powers and centers are numbered).
    ``viewer``: write only what that seat may see (RULES.md §A6): another seat's draws are
    counted, not named ("draws a card"), and so are the blind passes that neither come from nor
    go to the viewer. ``partial``: the turn is still going on, so the draw and the play are left
    out until they happen (instead of "draws nothing", "plays nothing"). ``power_name``: names
    the Powers (``"uses Power 7 (blue)"``) instead of their keys (``"uses Power blue-draw-two"``).
    """
    hidden = viewer is not None and t["player"] != viewer
    parts = []
    if t["draw"]:
        parts.append("draws a card" if hidden else f"draws {t['draw']}")
    elif not (partial and not t["play"]):
        parts.append("draws nothing")
    before, during = _split_events(t)
    if before:
        parts.insert(0, RESHUFFLE)
    if t["play"] or not partial:
        parts.append(f"plays {t['play']}" if t["play"] else "plays nothing")
    if t["figure"]:
        before = t.get("figure_from")
        text = f"takes figure {t['figure']}"
        if before == t["player"]:
            text += " (already theirs)"
        elif before is not None:
            text += f" from seat {before}"
        parts.append(text)
    power = t["power"]
    if power:
        text = f"uses {_power_words(power['key'], power.get('edition', 1), power_name)}"
        if several:
            text += f" of edition {power['edition']}"
        cards = power["cards"]
        effect = power["effect"]
        if effect == "extra_draw" and (cards or during):
            text += f" ({_power_draws(during, cards, hidden)})"
        elif effect == "take_from_discard" and cards:
            text += f" (takes {' '.join(cards)} from the discard pile)"
        elif effect == "play_from_discard" and cards:
            text += f" (plays {' '.join(cards)} from the discard pile)"
        elif effect == "extra_play" and cards:
            text += f" (plays {' '.join(cards)})"
        elif effect == "swap" and cards:
            text += f" (swaps {cards[0]} for {cards[1]} of seat {cards[2]})"
        elif effect == "pass" and cards:
            text += " (" + ", ".join(
                f"seat {s} passes "
                + (_count(len(c.split())) if viewer not in (None, s, (s + 1) % players) else c)
                + f" to seat {(s + 1) % players}" for s, c in cards) + ")"
        parts.append(text)
    score = t["score"]
    if score:
        wild = "" if score["wilds"] == "no wilds" else f" ({score['wilds']})"
        center = f" from center {score['center']}" if several else ""
        text = (f"scores the {score['kind']} {score['cards']}{wild} and takes "
                f"{_power_words(score['power'], score.get('center', 1), power_name)}{center}")
        if "new_center" in score:
            new = score["new_center"]
            if new is not None and power_name is not None:
                new = power_name(new, score.get("center", 1))
            text += (f"; the new center{center and ' ' + str(score['center'])} is {new}"
                     if new is not None else
                     f"; the pile{center and ' ' + str(score['center'])} is empty, no new "
                     "center")
        parts.append(text)
    if t["discard"]:
        parts.append(f"discards {' '.join(t['discard'])}")
    line = f"Turn {t['turn']} (round {t['round']}), seat {t['player']}: " + \
        (", ".join(parts) or "…") + ("" if partial and not t["score"] and not t["discard"]
                                     else ".")
    if "tableau" in t:
        line += f" Tableau: {' '.join(t['tableau']) or 'empty'}."
    return line


def _editions_title(names: Sequence[str]) -> str:
    """``"Mickey and Friends x4"``; different editions joined by `` + `` in order."""
    groups: list[list[Any]] = []
    for name in names:
        if groups and groups[-1][0] == name:
            groups[-1][1] += 1
        else:
            groups.append([name, 1])
    return " + ".join(name if n == 1 else f"{name} x{n}" for name, n in groups)


def _setup_lines(record: dict[str, Any]) -> list[str]:
    setup = record.get("setup")
    if not setup:
        return []
    return [setup_line(setup)]


def _power_words(key: str, edition: int, power_name: PowerName | None) -> str:
    """``"Power <key>"``, or the Power's name from ``power_name``."""
    return f"Power {key}" if power_name is None else power_name(key, edition)


def setup_line(setup: dict[str, Any], *, viewer: int | None = None,
               power_name: PowerName | None = None) -> str:
    """The setup of a record (``hands``: each seat's starting hand in notation; ``centers``:
    each edition's center Power key or None) as a transcript line. ``viewer``: only that seat's
    hand is named; the others are counted (RULES.md §A6). ``power_name``: as in
    :func:`turn_line`."""
    centers = setup["centers"]
    shown = [c if c is not None else "none (empty pile)" for c in centers]
    if power_name is not None:
        shown = [power_name(c, e + 1) if c is not None else "none (its pile is empty)"
                 for e, c in enumerate(centers)]
        line = "Setup: center " + (shown[0] if len(shown) == 1 else ", ".join(
            f"{c} (edition {e + 1})" for e, c in enumerate(shown)))
    elif len(centers) == 1:
        line = f"Setup: center Power {shown[0]}"
    else:
        line = "Setup: center Powers " + ", ".join(f"{e + 1} {c}" for e, c in enumerate(shown))
    hands = "; ".join(f"seat {s} " + (_count(len(h)) if viewer not in (None, s) else
                                       " ".join(h) or "nothing")
                      for s, h in enumerate(setup["hands"]))
    return f"{line}; starting hands: {hands}."


def format_transcript(record: dict[str, Any]) -> str:
    """A readable transcript of a ``play_game`` record: the setup (center Powers and starting
    hands), each turn's draw, play, figure (and from whom), Power (and its edition when there
    are several), score (and the new center) and discard, in the order they happened (a
    reshuffle of the discard pile where it happened: before the turn's draw or among a Power's
    draws), then the final standings and the winner."""
    lines = [f"Something Wild! {_editions_title(record['editions'])}: {record['players']} "
             f"players, seed {record['seed']}, bots {', '.join(record['bots'])}"]
    lines += _setup_lines(record)
    several = len(record["editions"]) > 1
    lines += [turn_line(t, record["players"], several) for t in record["turns"]]
    lines.append("")
    lines.append("Final standings:")
    order = sorted(range(record["players"]), key=lambda s: (-record["scores"][s], s))
    for s in order:
        keys = ", ".join(record["scored"][s]) or "none"
        n = record["scores"][s]
        lines.append(f"  seat {s}: {n} Power{'' if n == 1 else 's'} ({keys})")
    winner = record["winner"]
    if winner is not None:
        lines.append(f"Winner: seat {winner}.")
    else:
        limit = record.get("round_limit", record.get("rounds"))
        lines.append(f"No winner: the round limit ({limit} round{'' if limit == 1 else 's'}) "
                     "was reached (RULES.md §A5).")
    return "\n".join(lines)
