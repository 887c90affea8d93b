"""Reading and explaining a card game's actions (RULES.md §A3, §A7, §A9).

:func:`read_action` reads an action as typed (verbs in any case, cards in any accepted notation,
Power numbers) into its canonical text; :func:`explain` says in words why an action is not legal
now, naming the cards and the RULES.md section, listing no hand but the acting seat's own
(§A6); :func:`legal_tail` lists the first legal actions. Each takes the game
(:class:`swkit.cards.game.CardGame`) as it stands; the Powers' own steps are explained by their
modules (:mod:`swkit.cards.powers`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from swkit.cards import powers
from swkit.cards.explain import missing_words
from swkit.cards.notation import COLOR_NAMES, Card, format_cards, parse_cards
from swkit.cards.phases import POWER_STEPS, STEP_WORDS, TABLEAU_LIMIT
from swkit.cards.powers import passing, refusal_words
from swkit.cards.state import Phase
from swkit.cards.triples import explain_not_triple
from swkit.errors import IllegalActionError

__all__ = ["explain", "legal_tail", "read_action"]

_KEYWORD = re.compile(r"(?<![\w-])(play|take|figure|use|power|skip|score|center|discard|pass|"
                      r"from|for|of|seat|swap)(?![\w-])", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+$", re.ASCII)
_TARGET_STEPS = frozenset(POWER_STEPS) - {Phase.PASS}  # a Power's step whose moves say "power"
_SHOW_LEGAL = 8
"""How many legal actions an error message lists before "… and N more"."""


def read_action(game: Any, text: str) -> tuple[str, list[Card]]:
    """Read an action as typed: its canonical text (verbs lower case, cards in notation,
    Power numbers as keys) and its first card list in the order typed. Each card list is
    read by ``parse_cards`` as a whole (``score Red 5, Red 7, Blue 8``). Raises
    NotationError for an unreadable card, IllegalActionError for an ambiguous Power number.
    """
    words = text.replace(",", " ").split()
    if not words:
        return "", []
    low = [w.lower() for w in words]
    if low[:2] == ["use", "power"] and len(low) == 3:
        return f"use Power {_power_key(game, low[2])}", []
    if low == ["skip", "power"]:
        return "skip Power", []
    parts = _KEYWORD.split(text)
    verb = parts[1].lower() if len(parts) > 1 else ""
    out: list[str] = []
    args: list[Card] | None = None
    segments = [("", parts[0])] + [(parts[i].lower(), parts[i + 1])
                                   for i in range(1, len(parts), 2)]
    for keyword, segment in segments:
        if keyword:
            out.append(keyword)
        if not segment.strip():
            continue
        if keyword in ("figure", "center", "seat"):
            out.extend(segment.replace(",", " ").lower().split())
            continue
        cards = parse_cards(segment)
        if args is None:
            args = list(cards)
        if verb in ("score", "pass"):
            cards = sorted(cards)
        out.extend(str(c) for c in cards)
    return " ".join(out), args or []

def _power_key(game: Any, token: str) -> str:
    """The key a Power number means for the player to move: among the Powers they can use
    now, else among every edition's Powers (RULES.md §A9); a key is returned as is."""
    if not _NUMBER.match(token):
        return token
    number = int(token)
    usable = sorted({p.key for _, p in game.usable_powers() if p.number == number})
    if len(usable) == 1:
        return usable[0]
    every = sorted({p.key for ed in game.editions for p in ed.powers if p.number == number})
    keys = usable or every
    if len(keys) > 1:
        raise IllegalActionError(
            f"cannot use Power {number}: Power {number} is " + " or ".join(keys)
            + " in these editions; write its key, e.g. 'use Power " + keys[0] + "' "
            "(RULES.md §A9)" + "; " + legal_tail(game))
    return keys[0] if keys else token

def legal_tail(game: Any) -> str:
    """``"legal now: ..."``, the first few legal actions and how many more."""
    legal = game.legal_actions()
    if not legal:
        return "no action is legal now"
    shown = ", ".join(legal[:_SHOW_LEGAL])
    if len(legal) > _SHOW_LEGAL:
        shown += f", … and {len(legal) - _SHOW_LEGAL} more"
    return f"legal now: {shown}"

def _why_not_power(game: Any, key: str) -> str:
    """Why seat to move cannot use the Power ``key`` now (RULES.md §A3 step 4, §A7, §A9)."""
    me = game.turn % game.players
    found = [p for ed in game.editions for p in ed.powers if p.key == key]
    if not found:
        numbers = sorted({p.number for ed in game.editions for p in ed.powers})
        keys = list(dict.fromkeys(p.key for ed in game.editions for p in ed.powers))
        return (f"no such Power {key!r}: write a Power's number ("
                f"{', '.join(map(str, numbers))}) or key ({', '.join(keys)}) (RULES.md §A7)")
    power = found[0]
    places = [e for e, c in enumerate(game.centers) if c is not None and c.key == key]
    places += [e for e, p in game.scored[me] if p.key == key]
    if not places:
        return (f"seat {me} does not hold Power {key}: it is neither a center Power nor one "
                "of your scored Powers (RULES.md §A3 step 4)")
    if all(game.figures[e] != me for e in places):
        needed = ", ".join(str(e + 1) for e in sorted(set(places)))
        holders = "; ".join(
            f"figure {e + 1} is held by "
            + ("nobody" if game.figures[e] is None else f"seat {game.figures[e]}")
            for e in sorted(set(places)))
        return (f"seat {me} does not hold the figure of Power {key}'s edition (figure "
                f"{needed}; {holders}): a Power is used only by the holder of its "
                "edition's figure (RULES.md §A3 step 4, §A9)")
    refusal = powers.refusal(power, game.power_table())
    words = "" if refusal is None else refusal_words(refusal, power, game.tableaux[me])
    return words + " (RULES.md §A7 decisions)"

def explain(game: Any, text: str, args: Sequence[Card] = ()) -> str:
    """Why ``text`` (normalized; ``args`` its cards as typed) is not legal now, in words
    (RULES.md sections named). It lists no hand but the acting seat's own."""
    me = game.turn % game.players
    who = game.current_player()
    step = STEP_WORDS[game.phase]
    tail = "; " + legal_tail(game)
    words = text.split()
    verb = words[0] if words else ""
    shown = format_cards(args)
    n_ed = len(game.editions)
    where = f"it is {step} of seat {me}'s turn"
    if game.phase == Phase.PASS:
        where = f"it is seat {who}'s blind Pass choice in seat {me}'s turn"
    if game.phase == Phase.PLAY and verb == "play":
        if len(args) != 1:
            return (f"cannot {text}: play exactly one card from your hand (RULES.md §A3 "
                    f"step 2){tail}")
        hand = format_cards(game.hands[me]) or "empty"
        return (f"cannot play {args[0]}: {args[0]} is not in seat {me}'s hand ({hand}) "
                f"(RULES.md §A3 step 2){tail}")
    if game.phase == Phase.FIGURE and verb == "take" and game.played is not None:
        accepted = ", ".join(game.legal_actions())
        number = words[2] if len(words) == 3 and words[1] == "figure" else ""
        if _NUMBER.match(number) and not 1 <= int(number) <= n_ed:
            why = (f"there is no figure {number}: the figures are numbered 1 to {n_ed} "
                   "(RULES.md §A9)")
        else:
            why = (f"the card played, {game.played}, is {COLOR_NAMES[game.played.color]}; "
                   "only a figure whose center Power has that color can be taken "
                   "(RULES.md §A3 step 3, §A9)")
        return f"cannot {text}: {why}; accepted: {accepted}"
    if verb == "use" and game.phase == Phase.POWER:
        if len(words) != 3 or words[1].lower() != "power":
            return (f"cannot {text}: write 'use Power' and a Power's key or number "
                    f"(RULES.md §A3 step 4){tail}")
        return f"cannot use Power {words[2]}: {_why_not_power(game, words[2])}{tail}"
    if verb == "use" and game.power_used:
        return (f"cannot {text}: seat {me} has already used a Power this turn; a Power is "
                f"used at most once per turn (RULES.md §A3 step 4, §A9){tail}")
    if verb == "score" and game.phase == Phase.SCORE:
        typed = " ".join(["score", shown, *words[1 + len(args):]]) if args else text
        return f"cannot {typed}: {_why_not_score(game, words, args)}{tail}"
    if verb == "score":
        return f"cannot {text}: {where}, not step 5 (RULES.md §A3){tail}"
    if game.phase == Phase.SCORE:
        return (f"cannot {text}: scoring is mandatory when your tableau holds a set or a "
                f"run (RULES.md §A3 step 5 decision){tail}")
    if verb == "discard" and game.phase == Phase.DISCARD:
        tab = game.tableaux[me]
        need = len(tab) - TABLEAU_LIMIT
        missing = missing_words(args, tab, f"seat {me}'s tableau ({format_cards(tab)})")
        if missing:
            return f"cannot discard {shown}: {missing} (RULES.md §A3 step 6){tail}"
        return (f"cannot {text}: discard exactly {need} card(s) to bring the tableau "
                f"({format_cards(tab)}) down to {TABLEAU_LIMIT} (RULES.md §A3 step 6)"
                f"{tail}")
    if verb == "pass" and game.phase == Phase.PASS:
        return f"cannot {text}: {passing.why_not(game, words, args)}{tail}"
    if verb == "power" and game.phase in _TARGET_STEPS:
        return f"cannot {text}: {_why_not_target(game, words, args)}{tail}"
    return f"cannot {text!r}: {where} (RULES.md §A3){tail}"

def _why_not_score(game: Any, words: Sequence[str], args: Sequence[Card]) -> str:
    me = game.turn % game.players
    tab = game.tableaux[me]
    n_ed = len(game.editions)
    missing = missing_words(args, tab, f"seat {me}'s tableau ({format_cards(tab)})")
    if missing:
        return f"{missing} (RULES.md §A3 step 5)"
    if len(args) != 3:
        return ("a score names exactly three cards of your tableau that form a set or a run "
                "(RULES.md §A3 step 5, §A4)")
    why = explain_not_triple(args, game.wilds)
    if why:
        return why
    open_centers = [str(e + 1) for e, c in enumerate(game.centers) if c is not None]
    if "center" in words:
        number = words[words.index("center") + 1] if words[-1] != "center" else ""
        if n_ed == 1:
            return ("with one edition a score names no center: write "
                    f"'score {format_cards(sorted(args))}' (RULES.md §A3 step 5)")
        if not _NUMBER.match(number) or not 1 <= int(number) <= n_ed:
            return (f"there is no center {number}: the centers are numbered 1 to {n_ed} "
                    "(RULES.md §A9)")
        if game.centers[int(number) - 1] is None:
            return (f"center {number} is empty (its pile is used up); take a non-empty "
                    f"center: {', '.join(open_centers)} (RULES.md §A5, §A9)")
    elif n_ed > 1:
        return (f"name the center Power to take, e.g. 'score {format_cards(sorted(args))} "
                f"center {open_centers[0] if open_centers else 1}' (RULES.md §A9)")
    return "name three tableau cards and a non-empty center (RULES.md §A3 step 5, §A9)"

def _why_not_target(game: Any, words: Sequence[str], args: Sequence[Card]) -> str:
    why = powers.BY_PHASE[game.phase].why_not(game, words, args)
    return why or "not a legal target of this Power (RULES.md §A7 decisions)"
