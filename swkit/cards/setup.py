"""A card game built at a chosen position: the checks of ``CardGame.from_position``.

:func:`place` checks every field a caller gives (``hands``, ``tableaux``, ``deck``, ...) and
puts the cards and Powers into the state (:class:`~swkit.cards.state.CardState`) of a game just
configured (:mod:`swkit.cards.game`); a position no game reaches is refused with a
ConfigurationError naming the field (RULES.md §A2-§A9).
:func:`whole_field` and :func:`card_list` read one field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from swkit.cards.checks import PositionError, Problem, tableau_most
from swkit.cards.editions import Power, lookup_power
from swkit.cards.notation import (
    ALL_CARDS,
    COLORS,
    NUMBERS,
    Card,
    format_cards,
    parse_card,
    parse_cards,
)
from swkit.cards.phases import TABLEAU_LIMIT, WIN_POWERS
from swkit.cards.state import CardState, Phase
from swkit.cards.triples import Wilds
from swkit.errors import ConfigurationError, NotationError
from swkit.whole import as_whole, quoted

__all__ = ["card_list", "place", "whole_field"]

_START_PHASES = (Phase.DRAW, Phase.PLAY, Phase.POWER, Phase.SCORE, Phase.DISCARD)
"""The phases a position may be built at (``CardGame.from_position``)."""


def whole_field(name: str, value: Any, low: int | None = None, high: int | None = None,
           note: str = "") -> int:
    """``value`` as a Python int if it is a whole number of any integer type (not a bool) in
    ``low..high``, else ConfigurationError naming the field."""
    number = as_whole(value)
    if number is None or (low is not None and number < low) or (
            high is not None and number > high):
        if low is not None and high is not None:
            rng = f"{low} to {high}"
        elif low is not None:
            rng = f">= {low}"
        else:
            rng = "any"
        raise ConfigurationError(f"{name} is {quoted(value)}; accepted: a whole number "
                                 f"{rng}{note}")
    return number


def card_list(value: str | Iterable[str | Card] | None, name: str = "cards") -> list[Card]:
    """A card list from notation text or an iterable of texts/Cards; ConfigurationError naming
    ``name`` for an item that is not a card or text, NotationError (prefixed by ``name``) for
    unreadable text."""
    if value is None:
        return []
    if not isinstance(value, str):
        if not isinstance(value, Iterable):
            raise ConfigurationError(f"{name} is {quoted(value)}; accepted: cards in notation "
                                     "(a string like 'R7 B2' or a list of cards)")
        value = list(value)
        for item in value:
            if not isinstance(item, str | Card):
                raise ConfigurationError(f"{name} lists {quoted(item)}, not a card; accepted: "
                                         "cards in notation like 'R7' or Card objects")
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise NotationError(f"{name}: {exc}") from None


def place(game: CardState, *, hands: Sequence[str | Iterable[str | Card]],
          tableaux: Sequence[str | Iterable[str | Card]] | None,
          deck: str | Iterable[str | Card] | None, discard: str | Iterable[str | Card],
          centers: Sequence[str | int | None] | None, piles: Sequence[Sequence[str | int]] | None,
          figures: Sequence[int | None] | None,
          scored: Sequence[Sequence[str | tuple[int, str | int]]] | None, player: int,
          phase: Phase | str, turn: int | None, wilds: Wilds, power_used: bool,
          played: str | Card | None, exact_deck: bool) -> None:
    """Check the fields of ``CardGame.from_position`` (its docstring says what each means) and
    place the cards and Powers they give into ``game``, the state of a game just configured
    with the editions, the players and the stream: hands, tableaux, discard pile, deck (the cards
    placed nowhere shuffled by the game's stream under the given top), Powers, figures, turn,
    ``power_used`` and ``played``. Raises ConfigurationError naming the field, NotationError
    for unreadable card text (RULES.md §A2-§A9)."""
    players, n_ed = game.players, len(game.editions)
    if phase not in _START_PHASES:
        raise ConfigurationError(f"phase is {quoted(phase)}; accepted: draw, play, power, score, "
                                 "discard")
    player = whole_field("player", player, 0, players - 1)
    if turn is not None:   # at most the round limit's turn (check_position says more)
        turn = whole_field("turn", turn, 0, game.round_limit * players,
                           note=f" (turns played so far: {game.round_limit} rounds of "
                                f"{players} turns end at turn {game.round_limit * players})")
    if not isinstance(power_used, bool):
        raise ConfigurationError(f"power_used is {quoted(power_used)}; accepted: True or False")
    if not isinstance(exact_deck, bool):
        raise ConfigurationError(f"exact_deck is {quoted(exact_deck)}; accepted: True or False")
    if not isinstance(wilds, Wilds) or not (
            isinstance(wilds.colors, frozenset) and isinstance(wilds.numbers, frozenset)
            and all(isinstance(c, str) and c in COLORS for c in wilds.colors)
            and all(type(n) is int and n in NUMBERS for n in wilds.numbers)):
        raise ConfigurationError(
            f"wilds is {quoted(wilds)}; accepted: a swkit.cards.triples.Wilds whose colors "
            "are a frozenset of color letters and numbers a frozenset of numbers 1 to 9, e.g. "
            "Wilds(colors=frozenset('P')) (RULES.md §A4)")
    game.hands = [sorted(card_list(h, f"hands[{s}]")) for s, h in enumerate(hands)]
    if tableaux is not None and (isinstance(tableaux, str) or not isinstance(tableaux, Sequence)):
        raise ConfigurationError(f"tableaux is {quoted(tableaux)}; accepted: a list with one "
                                 "card list per seat, in order of play, or None (all empty)")
    tabs = [] if tableaux is None else list(tableaux)
    if len(tabs) > players:
        raise ConfigurationError(f"{len(tabs)} tableaux for {players} players (§A2)")
    game.tableaux = ([card_list(t, f"tableaux[{s}]") for s, t in enumerate(tabs)]
                     + [[] for _ in range(players - len(tabs))])
    game.discard = card_list(discard, "discard")
    most = tableau_most(game.editions)
    for seat, t in enumerate(game.tableaux):
        mover = seat == player
        if len(t) > TABLEAU_LIMIT and (not mover or phase in (Phase.DRAW, Phase.PLAY)):
            when = (f"at phase {quoted(phase)}" if mover else "outside their own turn")
            raise PositionError(Problem.TABLEAU_ABOVE_LIMIT, f"tableaux[{seat}]", seat=seat,
                                cards=len(t), when=when, limit=TABLEAU_LIMIT)
        if len(t) > most:
            raise PositionError(Problem.TABLEAU_ABOVE_MOST, f"tableaux[{seat}]", seat=seat,
                                cards=len(t), phase=phase, most=most, limit=TABLEAU_LIMIT)
    if power_used and phase not in (Phase.SCORE, Phase.DISCARD):
        raise PositionError(Problem.POWER_USED_TOO_EARLY, "power_used", phase=phase)
    if wilds and not power_used:
        raise PositionError(Problem.WILDS_WITHOUT_POWER, "wilds", wilds=wilds)
    # Powers
    placed: set[tuple[int, int]] = set()

    def power_ref(ref: Any, default_ed: int, name: str) -> tuple[int, Power]:
        ed = default_ed
        if isinstance(ref, tuple | list):
            if len(ref) != 2 or as_whole(ref[0]) is None:
                raise ConfigurationError(
                    f"{name} is {quoted(ref)}; accepted: a Power key or number, or an "
                    "(edition number, key) pair")
            ed, ref = as_whole(ref[0]) - 1, ref[1]
        if not isinstance(ref, str):
            if as_whole(ref) is None:
                raise ConfigurationError(
                    f"{name} is {quoted(ref)}; accepted: a Power key or number")
            ref = as_whole(ref)
        if not 0 <= ed < n_ed:
            raise ConfigurationError(f"{name}: edition {ed + 1} does not exist; accepted 1 "
                                     f"to {n_ed}")
        try:
            p = lookup_power(game.editions[ed], ref)
        except NotationError as exc:
            raise ConfigurationError(f"{name}: edition {ed + 1}: {exc}") from None
        if (ed, p.number) in placed:
            raise PositionError(Problem.POWER_PLACED_TWICE, name, key=p.key, edition=ed + 1)
        placed.add((ed, p.number))
        return ed, p

    def rows_of(value: Any, name: str, what: str) -> list[Any]:
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise ConfigurationError(f"{name} is {quoted(value)}; accepted: a list with one entry "
                                     f"per {what}")
        return list(value)

    rows = [] if scored is None else rows_of(scored, "scored", "seat")
    if len(rows) > players:
        raise ConfigurationError(f"{len(rows)} scored rows for {players} players")
    for seat, row in enumerate(rows):
        row = rows_of(row, f"scored[{seat}]", "scored Power")
        game.scored[seat] = [power_ref(r, 0, f"scored[{seat}]") for r in row]
    if centers is not None:
        centers = rows_of(centers, "centers", "edition")
        if len(centers) != n_ed:
            raise ConfigurationError(f"centers has {len(centers)} entries for {n_ed} editions")
        for e, ref in enumerate(centers):
            game.centers[e] = None if ref is None else power_ref(ref, e, f"centers[{e}]")[1]
    if piles is not None:
        piles = rows_of(piles, "piles", "edition")
        if len(piles) != n_ed:
            raise ConfigurationError(f"piles has {len(piles)} entries for {n_ed} editions")
        for e, pile in enumerate(piles):
            pile = rows_of(pile, f"piles[{e}]", "face-down Power (a list of Power keys "
                           "or numbers)")
            game.piles[e] = [power_ref(r, e, f"piles[{e}]")[1] for r in reversed(pile)]
    for e, ed in enumerate(game.editions):
        rest = [p for p in ed.powers if (e, p.number) not in placed]
        if centers is None and rest:
            game.centers[e] = rest.pop(0)
            placed.add((e, game.centers[e].number))
        if piles is None:
            game.piles[e] = list(reversed(rest))
            placed.update((e, p.number) for p in rest)
    missing = [f"{p.key} (edition {e + 1})"
               for e, ed in enumerate(game.editions) for p in ed.powers
               if (e, p.number) not in placed]
    if missing:
        raise PositionError(Problem.POWERS_PLACED_NOWHERE, "", powers=", ".join(missing))
    for e in range(n_ed):
        if game.centers[e] is None and game.piles[e]:
            raise PositionError(Problem.CENTER_EMPTY_BEFORE_PILE, f"centers[{e}]",
                                edition=e + 1, pile=len(game.piles[e]))
    won = [s for s, row in enumerate(game.scored) if len(row) >= WIN_POWERS]
    if won:
        raise PositionError(Problem.GAME_WON, f"scored[{won[0]}]", win=WIN_POWERS)
    figs = [None] * n_ed if figures is None else rows_of(figures, "figures", "edition")
    if len(figs) != n_ed or any(f is not None and (
            as_whole(f) is None or not 0 <= f < players) for f in figs):
        raise ConfigurationError(f"figures is {quoted(figs)}; accepted: {n_ed} holder(s), each a "
                                 f"seat 0 to {players - 1} or None (RULES.md §A9)")
    game.figures = [None if f is None else as_whole(f) for f in figs]
    # character cards (RULES.md §A8)
    used = Counter(c for h in game.hands for c in h)
    used.update(c for t in game.tableaux for c in t)
    used.update(game.discard)
    top = [] if deck is None else card_list(deck, "deck")
    used.update(top)
    too_many = [f"{c} x{used[c]}" for c in ALL_CARDS if used[c] > n_ed]
    if too_many:
        raise PositionError(Problem.TOO_MANY_COPIES, "", editions=n_ed,
                            copies=", ".join(too_many))
    rest_cards: list[Card] = []
    for c in ALL_CARDS:
        rest_cards.extend([c] * (n_ed - used[c]))
    if exact_deck and rest_cards:
        raise PositionError(Problem.CARDS_PLACED_NOWHERE, "deck",
                            cards=format_cards(rest_cards))
    game.rng.shuffle(rest_cards)
    game.deck = rest_cards + list(reversed(top))
    game.turn = player if turn is None else turn
    if game.turn % players != player:
        raise PositionError(Problem.TURN_OF_ANOTHER_SEAT, "turn", turn=game.turn,
                            owner=game.turn % players, player=player)
    game.power_used = power_used
    if played is not None:
        if not isinstance(played, str | Card):
            raise ConfigurationError(f"played is {quoted(played)}; accepted: a card like 'R7'")
        try:
            card = played if isinstance(played, Card) else parse_card(played)
        except NotationError as exc:
            raise NotationError(f"played: {exc}") from None
        if phase in (Phase.DRAW, Phase.PLAY):
            raise PositionError(Problem.PLAYED_BEFORE_PLAY, "played", played=card, phase=phase)
        if card not in game.tableaux[player]:
            raise PositionError(Problem.PLAYED_OUTSIDE_TABLEAU, "played", played=card,
                                seat=player,
                                tableau=format_cards(game.tableaux[player]) or "empty")
        game.played = card
