"""The state of a game of Something Wild! (RULES.md §A): what is on the table, with no rules in it.

:class:`CardState` holds the piles, hands, tableaux, figures, scores and the turn under way;
:class:`Phase` names the phases of a turn (:mod:`swkit.cards.phases` says who moves in each and
its actions). The rules that change a state are the turn machine's
(:class:`swkit.cards.turn.TurnMachine`) and the Powers' (:mod:`swkit.cards.powers`).
"""

from __future__ import annotations

import json
import random
from enum import StrEnum
from operator import attrgetter
from typing import Any

from swkit.cards.editions import Edition, Power, edition_from_dict
from swkit.cards.notation import Card, parse_card
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.state import rng_from_json, rng_to_json

__all__ = ["CardState", "Phase", "state_property"]


class Phase(StrEnum):
    """A phase of a turn, in order (RULES.md §A3; the table of :mod:`swkit.cards.phases`).

    Each member is its text (``Phase.PLAY == "play"``, ``str(Phase.PLAY) == "play"``) and its
    ``repr`` is the text's (``'play'``), so a save, a transcript, a JSON output or a message
    that shows a phase reads as the text does. ``Phase("play")`` reads a phase's text; a text
    that is no phase raises ValueError."""

    DRAW = "draw"
    PLAY = "play"
    FIGURE = "figure"
    POWER = "power"
    POWER_PLAY = "power_play"
    POWER_DISCARD = "power_discard"
    POWER_DRAW = "power_draw"
    POWER_SWAP = "power_swap"
    PASS = "pass"
    SCORE = "score"
    DISCARD = "discard"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)


class CardState:
    """What is on the table in a game of Something Wild! (RULES.md §A2-§A9), with no rules in
    it: the turn machine (:class:`swkit.cards.turn.TurnMachine`) holds one and changes it.

    The game's settings: ``players`` (2..4), ``seed``, ``round_limit``, ``editions`` (a tuple of
    :class:`~swkit.cards.editions.Edition`) and ``rng``, the stream that shuffles. The cards
    (:class:`~swkit.cards.notation.Card`; lists end with the top): ``deck``, ``discard``,
    ``hands`` (each sorted) and ``tableaux`` (in order of play) per seat. The Powers
    (:class:`~swkit.cards.editions.Power`), per edition: ``piles`` (face down, next last),
    ``centers`` (None when used up) and ``figures`` (the holder seat or None); ``scored``
    per seat as ``(edition index, Power)``. The turn: ``turn`` (turns played so far), ``phase``
    (a :class:`Phase`), ``wilds`` in force, ``power_used``, ``played`` (the card of step 2),
    the Power step's ``remaining`` count and the Pass under way (``pass_count``,
    ``pass_order``, ``pass_choices``). The end: ``winner`` (a seat or None) and
    ``end_reason``. ``log``: one record per turn (``swkit.cards.phases.TURN_EVENTS``).

    A new state holds no card and no Power: the game deals (``CardGame``) or places them
    (``CardGame.from_position``). :meth:`snapshot` and :meth:`from_snapshot` write and read
    it as the JSON-ready dict of a save (:data:`swkit.cards.saves.STATE_FIELDS`).
    """

    __slots__ = ("centers", "deck", "discard", "editions", "end_reason", "figures", "hands",
                 "log", "pass_choices", "pass_count", "pass_order", "phase", "piles", "played",
                 "players", "power_used", "remaining", "rng", "round_limit", "scored", "seed",
                 "tableaux", "turn", "wilds", "winner")

    def __init__(self, players: int, seed: int, editions: tuple[Edition, ...],
                 round_limit: int, rng: random.Random) -> None:
        n_ed = len(editions)
        self.players = players
        self.seed = seed
        self.round_limit = round_limit
        self.editions = editions
        self.rng = rng
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.tableaux: list[list[Card]] = [[] for _ in range(players)]
        self.piles: list[list[Power]] = [[] for _ in range(n_ed)]
        self.centers: list[Power | None] = [None] * n_ed
        self.figures: list[int | None] = [None] * n_ed
        self.scored: list[list[tuple[int, Power]]] = [[] for _ in range(players)]
        self.turn = 0
        self.phase = Phase.DRAW
        self.wilds: Wilds = NO_WILDS
        self.power_used = False
        self.played: Card | None = None
        self.remaining = 0
        self.pass_count = 0
        self.pass_order: list[int] = []
        self.pass_choices: dict[int, list[Card]] = {}
        self.winner: int | None = None
        self.end_reason = ""
        self.log: list[dict[str, Any]] = []

    def record_event(self, event: str, **data: Any) -> None:
        """Add an event to this turn's record (``log[-1]["events"]``), in the order it
        happens: ``{"event": event, **data}`` (see ``swkit.cards.phases.TURN_EVENTS``)."""
        self.log[-1].setdefault("events", []).append({"event": event, **data})

    def snapshot(self) -> dict[str, Any]:
        """The state as a JSON-ready dict: the fields of a save
        (:data:`swkit.cards.saves.STATE_FIELDS`) without its history and start."""
        return {
            "players": self.players, "seed": self.seed, "round_limit": self.round_limit,
            "editions": [ed.to_dict() for ed in self.editions],
            "rng": rng_to_json(self.rng),
            "deck": [str(c) for c in self.deck], "discard": [str(c) for c in self.discard],
            "hands": [[str(c) for c in h] for h in self.hands],
            "tableaux": [[str(c) for c in t] for t in self.tableaux],
            "piles": [[p.number for p in pile] for pile in self.piles],
            "centers": [None if c is None else c.number for c in self.centers],
            "figures": list(self.figures),
            "scored": [[[e, p.number] for e, p in row] for row in self.scored],
            "turn": self.turn, "phase": Phase(self.phase).value,
            "wilds": [sorted(self.wilds.colors), sorted(self.wilds.numbers)],
            "power_used": self.power_used,
            "played": None if self.played is None else str(self.played),
            "remaining": self.remaining, "pass_count": self.pass_count,
            "pass_order": list(self.pass_order),
            "pass_choices": [[s, [str(c) for c in cs]] for s, cs in
                             sorted(self.pass_choices.items())],
            "winner": self.winner, "end_reason": self.end_reason,
            "log": json.loads(json.dumps(self.log)),
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], editions: tuple[Edition, ...] | None = None
                      ) -> CardState:
        """The state whose :meth:`snapshot` is ``data``. The data is trusted, not checked (a
        save is checked by ``CardGame.from_json``). ``editions``: the editions already read
        from ``data["editions"]`` (default: read them here)."""
        if editions is None:
            editions = tuple(edition_from_dict(d, "JSON edition") for d in data["editions"])
        state = cls(data["players"], data["seed"], editions, data["round_limit"],
                    rng_from_json(data["rng"]))
        state.deck = [parse_card(c) for c in data["deck"]]
        state.discard = [parse_card(c) for c in data["discard"]]
        state.hands = [[parse_card(c) for c in h] for h in data["hands"]]
        state.tableaux = [[parse_card(c) for c in t] for t in data["tableaux"]]
        by_number = [{p.number: p for p in ed.powers} for ed in editions]
        state.piles = [[by_number[e][n] for n in pile] for e, pile in enumerate(data["piles"])]
        state.centers = [None if n is None else by_number[e][n]
                         for e, n in enumerate(data["centers"])]
        state.figures = list(data["figures"])
        state.scored = [[(e, by_number[e][n]) for e, n in row] for row in data["scored"]]
        state.turn = data["turn"]
        state.phase = Phase(data["phase"])
        state.wilds = Wilds(frozenset(data["wilds"][0]), frozenset(data["wilds"][1]))
        state.power_used = data["power_used"]
        state.played = None if data["played"] is None else parse_card(data["played"])
        state.remaining = data["remaining"]
        state.pass_count = data["pass_count"]
        state.pass_order = list(data["pass_order"])
        state.pass_choices = {s: [parse_card(c) for c in cs] for s, cs in data["pass_choices"]}
        state.winner = data["winner"]
        state.end_reason = data["end_reason"]
        state.log = json.loads(json.dumps(data["log"]))
        return state


def state_property(name: str) -> property:
    """A property that reads and sets the field ``name`` of an object's ``state`` (a
    :class:`CardState`): ``game.hands`` is ``game.state.hands``. Setting ``phase`` takes a
    :class:`Phase` or a phase's text (ValueError for a text that is no phase)."""

    def set_field(owner: Any, value: Any) -> None:
        setattr(owner.state, name, Phase(value) if name == "phase" else value)

    return property(attrgetter("state." + name), set_field,
                    doc=f"The state's ``{name}`` (:class:`~swkit.cards.state.CardState`).")
