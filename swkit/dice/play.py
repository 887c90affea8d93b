"""Bots play a whole game of Clubhouse dice: a JSON-ready record and a readable transcript.

``swkit play dice --players N [--seed S] [--json]`` prints ``format_transcript(play_game(...))``
or ``json.dumps(play_game(...))``. The same arguments give the same output, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from swkit.dice.board import Scoreboard, seat_label, space_name
from swkit.dice.bots import make_bot
from swkit.dice.faces import DEFAULT_CHARACTERS
from swkit.dice.game import CHANCE, TERMINAL, DiceGame, points_text
from swkit.dice.scoring import PICTURE_COLUMN, TOP_SPACE
from swkit.errors import ConfigurationError

__all__ = ["format_transcript", "play_game"]


def play_game(players: int = 2, seed: int = 0, bots: Sequence[str] = ("greedy",),
              characters: Sequence[str] = DEFAULT_CHARACTERS, turns: int | None = None
              ) -> dict[str, Any]:
    """Bots play one whole game; returns a JSON-ready record.

    ``players``: 1..4; ``seed``: the game's seed; ``bots``: bot names (``"greedy"``,
    ``"random"``), one per seat or a single name for every seat; ``characters``, ``turns``: as
    for :class:`~swkit.dice.game.DiceGame`. Raises ConfigurationError for bad arguments.

    The record holds ``"game"``, ``"players"``, ``"seed"``, ``"characters"``,
    ``"turns_per_player"``, ``"bots"``; ``"turns"``: one entry per turn with ``"round"``,
    ``"seat"``, ``"rolls"`` (each: ``"roll"`` number, ``"dice"`` in die order, ``"rerolled"``:
    the new faces of the rerolled dice in die order, ``"rerolled_from"``: what those dice showed
    before (empty for the first roll), and the ``"keep"`` that followed, or None),
    ``"score"`` (``"character"``, ``"count"``, ``"space"`` value with 0 = Picture Column,
    ``"forced_zero"``), ``"board"`` after the score and ``"totals"``; ``"tiebreak"`` (the
    Clubhouse roll-off rounds);
    ``"scores"`` (points per seat), ``"winner"`` (seat, or None for a shared win),
    ``"winners"`` and ``"reason"``.
    """
    game = DiceGame(players, seed, characters, turns)
    names = [bots] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ConfigurationError(
            f"give one bot name or one per player ({players}), got {len(names)}: {names}")
    seats = [make_bot(name, seat, seed) for seat, name in enumerate(names)]
    turns_record: list[dict[str, Any]] = []
    rolls: list[dict[str, Any]] = []
    while True:
        to_move = game.current_player()
        if to_move == TERMINAL:
            break
        if to_move == CHANCE:
            turn_roll = game.rerolling() > 0  # else a Clubhouse roll-off (RULES.md §B5)
            kept = game._kept
            before = list(game.dice)
            game.apply_chance()
            if turn_roll:
                rerolled = [f for f, k in zip(game.dice, kept, strict=True) if not k]
                was = [f for f, k in zip(before, kept, strict=True) if not k] if before else []
                rolls.append({"roll": game.roll_number, "dice": list(game.dice),
                              "rerolled": rerolled, "rerolled_from": was, "keep": None})
            continue
        action = seats[to_move].choose(game)
        if action.kind == "keep":
            game.apply(action)
            rolls[-1]["keep"] = str(action)
            continue
        character = action.faces[0]
        count = game.count(character)
        forced = game.forced_zero()
        round_number = game.round
        game.apply(action)
        value = game.board.scored(to_move)[character]
        turns_record.append({
            "round": round_number,
            "seat": to_move,
            "rolls": rolls,
            "score": {"character": character, "count": count, "space": value,
                      "forced_zero": forced},
            "board": game.board.to_dict()["rows"],
            "totals": list(game.board.totals()),
        })
        rolls = []
    result = game.outcome()
    assert result is not None
    return {
        "game": "dice",
        "players": players,
        "seed": seed,
        "characters": list(game.characters),
        "turns_per_player": game.turns,
        "bots": [b.name for b in seats],
        "turns": turns_record,
        "tiebreak": game.tiebreak_rounds,
        "scores": list(result.scores),
        "winner": result.winner,
        "winners": list(result.winners),
        "reason": result.reason,
    }


def format_transcript(record: dict[str, Any]) -> str:
    """A readable transcript of a :func:`play_game` record: each turn's rolls, keeps and score
    with the board after it, then the Clubhouse roll-off if any, the final standings and the
    winner."""
    lines = [
        f"Clubhouse dice: {record['players']} player{'s' if record['players'] > 1 else ''}, "
        f"seed {record['seed']}, {record['turns_per_player']} turn"
        f"{'' if record['turns_per_player'] == 1 else 's'} each",
        "Players: " + ", ".join(f"{seat_label(s)} ({b} bot)" for s, b in enumerate(record["bots"])),
        "Characters: " + ", ".join(record["characters"]) + "; the Clubhouse is wild",
        "Scoreboard: a row per character, spaces worth 1 to 5 (one token each) and a Picture",
        "Column worth 0 points for any number of tokens: a count of 0, or every space at or",
        "below the count taken (RULES.md §B4)",
    ]
    for turn in record["turns"]:
        seat = turn["seat"]
        lines += ["", f"Round {turn['round']}, player {seat} ({seat_label(seat)})"]
        for roll in turn["rolls"]:
            rerolled = " ".join(roll["rerolled"])
            was = " ".join(roll.get("rerolled_from") or ())
            detail = ("" if roll["roll"] == 1 else f"   (rerolled {was} -> {rerolled})" if was
                      else f"   (rerolled: {rerolled})")
            lines.append(f"  Roll {roll['roll']}: {' '.join(roll['dice'])}{detail}")
            if roll["keep"] is not None:
                kept = roll["keep"][len("keep "):]
                lines.append("  Keep nothing; reroll all dice" if kept == "nothing"
                             else f"  Keep {kept}; reroll the rest")
        score = turn["score"]
        extra = (" (forced zero: the dice show no unscored character and no Clubhouse)"
                 if score["forced_zero"] else "")
        why = _why_there(score, turn["board"][score["character"]]["spaces"])
        lines.append(f"  Score {score['character']}: count {score['count']} -> "
                     f"{space_name(score['space'])}{why}, {points_text(score['space'])}{extra}")
        board = Scoreboard.from_dict({"characters": record["characters"],
                                      "players": record["players"], "rows": turn["board"]})
        lines += ["    " + line for line in board.render().splitlines()]
    for number, rnd in enumerate(record["tiebreak"], 1):
        lines += ["", f"Clubhouse roll-off, round {number}:"]
        for i, seat in enumerate(rnd["seats"]):
            dice = "" if rnd["dice"] is None else " ".join(rnd["dice"][i]) + ": "
            lines.append(f"  player {seat}: {dice}{rnd['clubhouses'][i]} Clubhouse"
                         f"{'' if rnd['clubhouses'][i] == 1 else 's'}")
    lines += ["", "Final standings:"]
    order = sorted(range(record["players"]),
                   key=lambda s: (-record["scores"][s], s not in record["winners"], s))
    for place, seat in enumerate(order, 1):
        lines.append(f"  {place}. player {seat} ({seat_label(seat)}): "
                     f"{points_text(record['scores'][seat])}")
    if record["winner"] is not None:
        lines.append(f"Winner: player {record['winner']} ({record['reason']})")
    else:
        lines.append(f"Winners, sharing the win: players "
                     f"{', '.join(map(str, record['winners']))} ({record['reason']})")
    return "\n".join(lines)


def _why_there(score: dict[str, Any], spaces_after: Sequence[int | None]) -> str:
    """Why a token went left of its count (RULES.md §B4), as `` (the 4 space is taken)``,
    `` (count 0)`` or `` (the 1 and 2 spaces are taken)``; empty when it took its count's
    space. ``spaces_after``: the row's numbered spaces 1..5 after the score."""
    count, space = min(score["count"], TOP_SPACE), score["space"]
    if count == 0:
        return " (count 0)"
    if space == count:
        return ""
    # The spaces above the token's, up to the count, were taken before this score.
    taken = [v for v in range(count, space, -1) if spaces_after[v - 1] is not None]
    if space == PICTURE_COLUMN:
        taken.sort()
    names = [str(v) for v in taken]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f" (the {listed} space{' is' if len(names) == 1 else 's are'} taken)"
