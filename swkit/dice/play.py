"""Bots play a whole game of Clubhouse dice: a JSON-ready record and a readable transcript.

``swkit play dice --players N [--seed S] [--json]`` prints ``format_transcript(play_game(...))``
or ``json.dumps(play_game(...))``. The same arguments give the same output, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from swkit.dice.board import Scoreboard, seat_label, space_name
from swkit.dice.bots import DiceBot
from swkit.dice.faces import DEFAULT_CHARACTERS
from swkit.dice.game import CHANCE, DiceGame, points_text
from swkit.dice.scoring import PICTURE_COLUMN, TOP_SPACE
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.runner import make_bot, play_out

__all__ = [
    "format_transcript", "keep_line", "play_game", "roll_entry", "roll_line", "rolloff_lines",
    "score_entry", "score_line", "seat_name", "standings_lines", "turn_header",
]


def play_game(players: int = 2, seed: int = 0, bots: Sequence[str | DiceBot] = ("greedy",),
              characters: Sequence[str] = DEFAULT_CHARACTERS, turns: int | None = None
              ) -> dict[str, Any]:
    """Bots play one whole game; returns a JSON-ready record.

    ``players``: 1..4; ``seed``: the game's seed; ``bots``: bot names (``"greedy"``,
    ``"random"``, ``"points"``, ``"win"``: :func:`swkit.runner.make_bot`), one per seat or a
    single name for every seat, or bots already built for their seats
    (:class:`~swkit.dice.bots.DiceBot`); ``characters``, ``turns``: as for
    :class:`~swkit.dice.game.DiceGame`. Raises ConfigurationError for bad arguments.

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
    seats = [make_bot("dice", name, seat, seed) for seat, name in enumerate(names)]
    wrong = [(s, b.seat) for s, b in enumerate(seats) if b.seat != s]
    if wrong:
        raise ConfigurationError(f"the bot given for seat {wrong[0][0]} was built for seat "
                                 f"{wrong[0][1]}")
    record = _TurnRecords()
    play_out(game, seats, record)
    turns_record = record.turns
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


class _TurnRecords:
    """A :class:`~swkit.runner.Watcher` that writes the ``"turns"`` of a :func:`play_game`
    record as the game goes: each roll (:func:`roll_entry`), the keep after it, and the score
    that ends the turn (:func:`score_entry`) with the board after it."""

    def __init__(self) -> None:
        self.turns: list[dict[str, Any]] = []
        self.rolls: list[dict[str, Any]] = []

    def before(self, game: DiceGame, seat: int, action: Any) -> Any:
        if seat == CHANCE:  # a turn's roll, or a Clubhouse roll-off (RULES.md §B5)
            return (game.rerolling() > 0, game.kept, list(game.dice))
        if action.kind == "keep":
            return None
        return game.round, _score_facts(game, action)

    def after(self, game: DiceGame, seat: int, step: Any, note: Any) -> None:
        if seat == CHANCE:
            turn_roll, kept, before = note
            if turn_roll:
                self.rolls.append(roll_entry(game, before, kept))
        elif note is None:
            self.rolls[-1]["keep"] = str(step)
        else:
            round_number, score = note
            self.turns.append({
                "round": round_number,
                "seat": seat,
                "rolls": self.rolls,
                "score": _score_record(game, seat, score),
                "board": game.board.to_dict()["rows"],
                "totals": list(game.board.totals()),
            })
            self.rolls = []


def format_transcript(record: dict[str, Any]) -> str:
    """A readable transcript of a :func:`play_game` record: each turn's rolls, keeps and score
    with the board after it, then the Clubhouse roll-off if any, the final standings and the
    winner. Each move's line comes from :func:`turn_header`, :func:`roll_line`,
    :func:`keep_line`, :func:`score_line` and :func:`rolloff_lines` (the widgets' logs use
    them too)."""
    lines = [
        f"Clubhouse dice: {record['players']} player{'s' if record['players'] > 1 else ''}, "
        f"seed {record['seed']}, {record['turns_per_player']} turn"
        f"{'' if record['turns_per_player'] == 1 else 's'} each",
        "Players, in the order they play: " + ", ".join(
            f"seat {s} ({b} bot)" for s, b in enumerate(record["bots"])),
        "Tokens on the board: " + ", ".join(
            f"{seat_label(s)} for seat {s}" for s in range(record["players"])),
        "Characters: " + ", ".join(record["characters"]) + "; the Clubhouse is wild",
        "Scoreboard: a row per character, spaces worth 1 to 5 (one token each) and a Picture",
        "Column worth 0 points for any number of tokens: a count of 0, or every space at or",
        "below the count taken (RULES.md §B4)",
    ]
    for turn in record["turns"]:
        lines += ["", turn_header(turn["round"], turn["seat"],
                                  f"{record['bots'][turn['seat']]} bot")]
        for roll in turn["rolls"]:
            lines.append("  " + roll_line(roll))
            if roll["keep"] is not None:
                lines.append("  " + keep_line(roll["keep"]))
        score = turn["score"]
        lines.append("  " + score_line(score, turn["board"][score["character"]]["spaces"]))
        board = Scoreboard.from_dict({"characters": record["characters"],
                                      "players": record["players"], "rows": turn["board"]})
        lines += ["    " + line for line in board.render().splitlines()]
    names = [f"{b} bot" for b in record["bots"]]
    for number, rnd in enumerate(record["tiebreak"], 1):
        lines += ["", *rolloff_lines(number, rnd, names)]
    lines += ["", *standings_lines(record["scores"], record["winners"], record["winner"],
                                   record["reason"], names)]
    return "\n".join(lines)


# -- one move at a time (the transcript's wording, shared with the widgets' logs) --------------

def roll_entry(game: DiceGame, before: Sequence[str], kept: Sequence[bool]) -> dict[str, Any]:
    """The record of a turn's roll just applied to ``game``: ``before`` is what the dice showed
    before it (empty for the first roll), ``kept`` the dice held back (per die). Returns the
    ``"rolls"`` entry of :func:`play_game` (``"keep"`` None until the player keeps)."""
    rerolled = [f for f, k in zip(game.dice, kept, strict=True) if not k]
    was = [f for f, k in zip(before, kept, strict=True) if not k] if before else []
    return {"roll": game.roll_number, "dice": list(game.dice), "rerolled": rerolled,
            "rerolled_from": was, "keep": None}


def score_entry(game: DiceGame, action: Any) -> dict[str, Any]:
    """Apply the score ``action`` (an Action or its text, e.g. ``"score Goofy"``) to ``game``
    and return its record: ``"character"``, ``"count"``, ``"space"`` (0 = Picture Column),
    ``"forced_zero"`` (the ``"score"`` entry of :func:`play_game`). Raises IllegalActionError
    (the game unchanged) when the action is not a legal score now."""
    seat = game.current_player()
    act = game.parse_action(action) if isinstance(action, str) else action
    if getattr(act, "kind", None) != "score":
        raise IllegalActionError(f"{action!s} is not a score: use 'score <character>'")
    facts = _score_facts(game, act)
    game.apply(act)
    return _score_record(game, seat, facts)


def _score_facts(game: DiceGame, act: Any) -> dict[str, Any]:
    """What a score action's record needs from before it is applied: the character, its count
    and whether the score is the forced zero."""
    character = act.faces[0]
    count = game.count(character) if character in game.characters else 0
    return {"character": character, "count": count, "forced_zero": game.forced_zero()}


def _score_record(game: DiceGame, seat: int, facts: dict[str, Any]) -> dict[str, Any]:
    """The ``"score"`` entry of :func:`play_game` once the score of :func:`_score_facts` is
    applied by ``seat``."""
    value = game.board.scored(seat)[facts["character"]]
    return {"character": facts["character"], "count": facts["count"], "space": value,
            "forced_zero": facts["forced_zero"]}


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat in words: ``"seat 1"``, or with ``names`` (one per seat, e.g. ``"win bot"`` or
    ``"you"``) ``"seat 1 (win bot)"``. Seats are numbered from 0 in the order they play
    (docs/DECISIONS.md, "One name for a seat")."""
    return f"seat {seat}" if not names else f"seat {seat} ({names[seat]})"


def turn_header(round_number: int, seat: int, name: str | None = None) -> str:
    """``"Round 2, seat 1"``, or with the seat's ``name`` ``"Round 2, seat 1 (win bot)"``:
    the line that opens a turn."""
    return f"Round {round_number}, seat {seat}" + (f" ({name})" if name else "")


def roll_line(roll: dict[str, Any]) -> str:
    """``"Roll 2: Mickey Goofy Pluto Donald Donald   (rerolled Goofy Goofy -> Mickey Goofy)"``
    for a :func:`roll_entry`."""
    rerolled = " ".join(roll["rerolled"])
    was = " ".join(roll.get("rerolled_from") or ())
    detail = ("" if roll["roll"] == 1 else f"   (rerolled {was} -> {rerolled})" if was
              else f"   (rerolled: {rerolled})")
    return f"Roll {roll['roll']}: {' '.join(roll['dice'])}{detail}"


def keep_line(keep: str) -> str:
    """``"Keep Mickey Clubhouse; reroll the rest"`` or ``"Keep nothing; reroll all dice"`` for
    a keep action's text (``"keep Mickey Clubhouse"``)."""
    kept = keep[len("keep "):] if keep.startswith("keep ") else "nothing"
    return ("Keep nothing; reroll all dice" if kept == "nothing"
            else f"Keep {kept}; reroll the rest")


def score_line(score: dict[str, Any], spaces_after: Sequence[int | None]) -> str:
    """``"Score Pluto: count 4 -> the 4 space, 4 points"`` (with why a token went left of its
    count, and the forced zero) for a :func:`score_entry`; ``spaces_after``: the row's numbered
    spaces 1..5 after the score (``Scoreboard.to_dict()["rows"][character]["spaces"]``)."""
    extra = (" (forced zero: the dice show no unscored character and no Clubhouse)"
             if score["forced_zero"] else "")
    why = _why_there(score, spaces_after)
    return (f"Score {score['character']}: count {score['count']} -> "
            f"{space_name(score['space'])}{why}, {points_text(score['space'])}{extra}")


def rolloff_lines(number: int, rnd: dict[str, Any],
                  names: Sequence[str] | None = None) -> list[str]:
    """The lines of roll-off round ``number`` (1-based): a heading, then each tied seat's dice
    and Clubhouses. ``rnd``: ``{"seats", "dice" (None when forced), "clubhouses"}``;
    ``names``: one per seat (:func:`seat_name`), or None."""
    lines = [f"Clubhouse roll-off, round {number}:"]
    for i, seat in enumerate(rnd["seats"]):
        dice = "" if rnd["dice"] is None else " ".join(rnd["dice"][i]) + ": "
        lines.append(f"  {seat_name(seat, names)}: {dice}{rnd['clubhouses'][i]} Clubhouse"
                     f"{'' if rnd['clubhouses'][i] == 1 else 's'}")
    return lines


def standings_lines(scores: Sequence[int], winners: Sequence[int], winner: int | None,
                    reason: str, names: Sequence[str] | None = None) -> list[str]:
    """The final standings (best first, a roll-off's winner before the others it tied with)
    and the winner line; the first four arguments are those of an
    :class:`~swkit.state.Outcome`, ``names`` one per seat (:func:`seat_name`) or None:
    ``"  1. seat 1 (win bot): 19 points"``, ``"Winner: seat 1 (win bot): seat 1 has the
    highest total, 19 points"``."""
    lines = ["Final standings:"]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s not in winners, s))
    for place, seat in enumerate(order, 1):
        lines.append(f"  {place}. {seat_name(seat, names)}: {points_text(scores[seat])}")
    if winner is not None:
        lines.append(f"Winner: {seat_name(winner, names)}: {reason}")
    else:
        lines.append(f"Winners, sharing the win: "
                     f"{', '.join(seat_name(s, names) for s in winners)}: {reason}")
    return lines


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
