"""The card table: a student plays Something Wild! against bots in a notebook cell.

A thin view over :class:`swkit.cards.game.CardGame`: the student is seat 0, and every string on
the page is built from ``game.view(0)`` (RULES.md §A6), the student's own legal actions
(``legal_actions(seat=0)``), the game's turn records written by
:func:`swkit.cards.play.turn_line` for seat 0 (another seat's draws and blind passes are
counted, never named), the library's refusals and the odds engine's answers. No other hand
reaches the page, not even hidden in the DOM.

Stable names for scripts and browser tests (CSS classes on the widgets, ``data-seat`` on the
seats inside the board):

=====================  =====================================================================
``swkit-cardtable``    the whole table (``CardTable``)
``swkit-seed``         the seed, players and bots (``seed_label``)
``swkit-status``       whose move it is, what to do, the end of the game (``status``)
``swkit-board``        centers, figures, deck, discard pile, every seat (``board``); inside
                       it ``.swkit-center``, ``.swkit-piles``, ``.swkit-seat[data-seat=N]``,
                       ``.swkit-tableau[data-seat=N]``, ``.swkit-scored[data-seat=N]``
``swkit-hand``         the student's hand (``hand``)
``swkit-actions``      the legal choices: one button per action, whose description is the
                       action text (``"play R7"``, ``"score R3 R4 R5"``; a Power by its name,
                       ``"use Power 7 (blue)"``, the action in ``choice_actions``); many choices
                       go to a dropdown (``choice_list``) and the "Do it" button (``choice_go``)
``swkit-typed``        the free-text move box (``typed``) and its "Try it" button
``swkit-hint``         the hint area (``hint``), shown while the "Hint" toggle is on
``swkit-log``          every move, newest first (``log_view``)
``swkit-seed-note``    under the table: what the seed replays and reveals (``seed_note``)
``swkit-message``      refusals in words and errors (``message``)
=====================  =====================================================================
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from swkit.cards.bots import BOTS, Bot
from swkit.cards.game import CHANCE, TERMINAL, CardGame, CardView
from swkit.cards.notation import COLOR_NAMES, parse_card
from swkit.cards.play import setup_line, turn_line
from swkit.errors import ConfigurationError, IllegalActionError, SwkitError, WorkBudgetError
from swkit.odds.cards import DrawPlan, PlayerOdds, Position, player_odds, step_words
from swkit.odds.montecarlo_cards import mc_policy_odds
from swkit.pictures import CARD_COLORS, INK, PLAYER_COLORS, cards_svg, power_svg
from swkit.present.percent import about
from swkit.present.words import IF_NOBODY_MOVES
from swkit.runner import make_bot
from swkit.widgets._base import WIDGET_CSS, SwkitWidget, escape, plain
from swkit.widgets._checks import (
    arguments,
    check_bot_delay,
    check_flag,
    check_keywords,
    check_seed,
)

__all__ = ["CardTable", "MAX_BUTTONS"]

MAX_BUTTONS = 12
"""Up to this many legal choices show as buttons; more go to a dropdown."""

DISCARD_SHOWN = 6
"""The top cards of the discard pile drawn on the board (the count says how many in all)."""

HINT_TURNS = 2
"""The hint's second question: P(scoring within this many of your turns)."""

HINT_GAMES = 1_000
"""Games of the quick estimate a hint shows for a question too large to count exactly."""

_FONT = "font-family:DejaVu Sans,Verdana,Arial,sans-serif;color:#1a1a1a;font-size:15px"

_PROMPTS = {
    "play": "Your turn! Play one card from your hand onto your tableau.",
    "figure": "Your card matches more than one center Power: which figure do you take?",
    "power": "You hold a figure: use one of your Powers now, or skip it.",
    "power_play": "Power: play one more card from your hand.",
    "power_discard": "Power: play a card from the top of the discard pile.",
    "power_swap": "Power: swap a card of your tableau for a card of another player's tableau.",
    "score": "You can score! Choose three cards of your tableau (a set or a run).",
}


# The Hint box: a checkbox (it says whether it is ticked), drawn as a button in the hint box's
# purple; ticked, white on purple (8:1), so on and off differ by far more than a tick alone.
_CSS = """<style>
.swkit-cardtable .swkit-hint-toggle label.widget-label-basic { display:flex; align-items:center;
  gap:6px; min-height:32px; box-sizing:border-box; padding:2px 10px; border:2px solid #5e3c99;
  border-radius:4px; background:#ffffff; color:#1a1a1a; font-weight:bold; cursor:pointer; }
.swkit-cardtable .swkit-hint-toggle input { width:20px; height:20px; margin:0;
  accent-color:#5e3c99; }
.swkit-cardtable .swkit-hint-toggle label:has(input:checked) { background:#5e3c99;
  color:#ffffff; }
.swkit-cardtable .swkit-hint-toggle label:has(input:checked) input { accent-color:#ffffff; }
.swkit-cardtable label:has(input:focus-visible) { outline:3px solid #004d80;
  outline-offset:2px; }
""" + WIDGET_CSS + "</style>"


def _tint(color: str, white: float = 0.62) -> str:
    """``color`` mixed with ``white`` parts of white: a light background for dark text (the
    tests check 7:1 contrast)."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02X}" for c in rgb)


def _chance(p: Fraction) -> str:
    """``"2757/182780 (about 1.5%)"``; a sure or impossible event exactly: ``"0 (0%)"``."""
    if p.denominator == 1:
        return f"{p.numerator} ({p.numerator * 100}%)"
    return f"{_fraction(p)} ({about(p)})"


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


class CardTable(SwkitWidget):
    """Play Something Wild! (RULES.md §A) against bots; the student is seat 0.

    ``players``: 2..4; ``seed``: the game's seed (None: a random one, shown on screen; the same
    seed deals the same cards, so a class can play "the same hand"); ``editions``: copies of
    Mickey and Friends or a list of editions (RULES.md §A9); ``bots``: ``"greedy"`` or
    ``"random"`` for every other seat, or one kind per other seat; ``bot_delay``: seconds of
    pause before each bot move, so a player can follow it (0 in tests); ``round_limit``: as in
    :class:`~swkit.cards.game.CardGame`.

    Chance (the draws) comes from the game's own stream. Bots move in the background (a worker
    thread, or inline on the event loop where no thread can start: ``backend``) with the
    choices disabled meanwhile (``busy``); ``wait_idle()`` waits for them and for the hint.
    Attributes: ``game`` (the :class:`CardGame` shown), ``bots`` (``None`` for seat 0, then a
    Bot per seat), ``errors`` (must stay empty), ``hint_position`` and ``hint_odds`` (the
    Position of seat 0's current turn at its Draw step and the ``PlayerOdds`` shown, by T).
    ``secret_bots``: deal the bots' hands from a stream the seed does not give
    (:class:`~swkit.cards.game.CardGame`'s ``secret_bots``): the seed then replays your own hand
    and the top half of the deck, and no longer shows anyone the bots' hands.

    Raises ConfigurationError, before anything is shown, for a bad argument (players, seed,
    editions, bots, bot_delay 0 to 10 seconds, round_limit, secret_bots) and for a keyword it
    does not take.
    """

    def __init__(self, players: int = 2, seed: int | None = None,
                 editions: int | Sequence[Any] = 1, bots: str | Sequence[str | Bot] = "greedy",
                 bot_delay: float = 0.5, round_limit: int = 200, secret_bots: bool = False,
                 **kwargs: Any) -> None:
        super().__init__()
        self.add_class("swkit-cardtable")
        self.players = players
        self.editions = editions
        self.bot_kinds = bots
        self.bot_delay = float(bot_delay)
        self.secret_bots = secret_bots
        self.round_limit = round_limit
        self.busy = False
        self._mutex = threading.RLock()
        self._epoch = 0
        self._positions: dict[int, Position | str] = {}
        self._odds: dict[tuple[int, int], PlayerOdds | str] = {}
        self._shown_actions: tuple[str, ...] | None = None
        self._told: list[str] = []      # the log's lines as last announced
        self._told_mine = False         # whether the student could move then
        self._build()
        self._new_game(seed)

    def __new__(cls, *args: Any, **kwargs: Any) -> CardTable:
        """Every argument is checked before the widget exists (ConfigurationError)."""
        given = arguments(cls, args, kwargs)
        check_keywords("CardTable", given.pop("kwargs"), given)
        check_seed(given["seed"])
        check_bot_delay(given["bot_delay"])
        check_flag("secret_bots", given["secret_bots"])
        seed = given["seed"]
        probe = CardGame(given["players"], 1 if seed is None else seed, given["editions"],
                         given["round_limit"])
        cls._bot_list(given["bots"], probe.players)
        return super().__new__(cls, *args, **kwargs)

    # -- the widgets ---------------------------------------------------------------------------
    def _build(self) -> None:
        layout = widgets.Layout
        self.seed_label = widgets.HTML().add_class("swkit-seed")
        self.new_button = widgets.Button(
            description="New game", icon="refresh",
            tooltip="Start a new game (a new seed, or the same seed if 'Same seed' is ticked)")
        self.same_seed = widgets.Checkbox(
            value=False, description="Same seed", indent=False, layout=layout(width="auto"),
            tooltip="Tick to deal the same cards again in the next new game")
        self.undo_button = widgets.Button(
            description="Undo", icon="undo",
            tooltip="Take back your last move and the bots' moves after it")
        self.hint_toggle = widgets.Checkbox(
            value=False, description="Hint", indent=False, layout=layout(width="auto"),
            tooltip="Show your exact chances of scoring and the best play"
        ).add_class("swkit-hint-toggle")
        self.new_button.on_click(self.guard(self._on_new, move=True))
        self.undo_button.on_click(self.guard(self._on_undo, move=True))
        self.hint_toggle.observe(self.guard(self._on_hint), names="value")
        top = widgets.HBox([self.seed_label, self.new_button, self.same_seed,
                            self.undo_button, self.hint_toggle],
                           layout=layout(flex_flow="row wrap", align_items="center",
                                         grid_gap="8px"))
        self.status = widgets.HTML().add_class("swkit-status")
        self.board = widgets.HTML().add_class("swkit-board")
        self.hand = widgets.HTML().add_class("swkit-hand")
        self.prompt = widgets.HTML()
        self.choice_buttons = [widgets.Button(layout=layout(display="none", width="auto"))
                               for _ in range(MAX_BUTTONS)]
        self.choice_actions: list[str | None] = [None] * MAX_BUTTONS
        """The action of each choice button (None: hidden); the button shows it in words."""
        for b in self.choice_buttons:
            b.add_class("swkit-choice")
            b.on_click(self.guard(self._on_choice, move=True))
        self.choice_list = widgets.Dropdown(options=[], description="Choose",
                                            layout=layout(display="none", width="auto"))
        self.choice_go = widgets.Button(description="Do it", button_style="primary",
                                        tooltip="Do the move chosen in the list",
                                        layout=layout(display="none"))
        self.choice_go.on_click(self.guard(self._on_go, move=True))
        self.actions = widgets.HBox(
            [*self.choice_buttons, self.choice_list, self.choice_go],
            layout=layout(flex_flow="row wrap", grid_gap="6px")).add_class("swkit-actions")
        self.typed = widgets.Text(
            description="Type a move", placeholder="e.g. play R7 or score R3 R4 R5",
            style={"description_width": "initial"}, layout=layout(width="26em", max_width="100%"))
        self.try_button = widgets.Button(description="Try it",
                                         tooltip="Try the move typed in the box")
        self.try_button.on_click(self.guard(self._on_try, move=True))
        typed = self._typed_box = widgets.HBox(
            [self.typed, self.try_button], layout=layout(flex_flow="row wrap")
        ).add_class("swkit-typed")
        self.hint = widgets.HTML(layout=layout(display="none")).add_class("swkit-hint")
        self.log_view = widgets.HTML().add_class("swkit-log")
        self.message.add_class("swkit-message")
        self.seed_note = widgets.HTML().add_class("swkit-seed-note")
        self.children = [widgets.HTML(_CSS), self.live, top, self.status, self.message, self.board,
                         self.hand, self.prompt, self.actions, typed, self.hint, self.log_view,
                         self.seed_note]

    # -- games ---------------------------------------------------------------------------------
    @staticmethod
    def _bot_list(kinds: Any, players: int) -> list[str | Bot]:
        """One bot kind per other seat (``kinds``: one kind for all, or one per seat). Raises
        ConfigurationError (a ValueError) for a wrong count or an unknown kind."""
        others = ([kinds] * (players - 1) if isinstance(kinds, str | Bot)
                  else list(kinds) if isinstance(kinds, list | tuple) else None)
        if others is None or len(others) != players - 1:
            need = "seats need" if players > 2 else "seat needs"
            raise ConfigurationError(
                f"bots is {kinds!r}: {players - 1} other {need}"
                " one kind for all (e.g. 'greedy') or one per other seat "
                f"(accepted kinds: {', '.join(BOTS)})")
        for kind in others:
            if not isinstance(kind, Bot) and kind not in BOTS:
                raise ConfigurationError(f"bots: unknown bot {kind!r}; accepted: "
                                         f"{', '.join(BOTS)}")
        return others

    def _new_game(self, seed: int | None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 100_000)
        game = CardGame(self.players, seed, self.editions, self.round_limit,
                        secret_bots=self.secret_bots)
        others = self._bot_list(self.bot_kinds, game.players)
        bots: list[Bot | None] = [None] + [make_bot("cards", k, s, seed)
                                           for s, k in enumerate(others, start=1)]
        view = game.view(0)
        with self._mutex:
            self._epoch += 1
            self.invalidate()
            self.game = game
            self.bots = bots
            self.busy = False
            self._setup = {"hands": [[str(c) for c in view.hand]]
                           + [["?"] * n for n in view.hand_sizes[1:]],
                           "centers": list(view.centers)}
            self._positions = {}
            self._odds = {}
        names = ", ".join(b.kind for b in bots if b is not None)
        self.seed_label.value = (
            f'<span style="{_FONT};font-size:16px"><b>Seed {seed}</b> · {game.players} players '
            f"· you are seat 0 · bots: {escape(names)}</span>")
        self.seed_note.value = (f'<div style="{_FONT};font-size:14px">'
                                f"{escape(self._seed_words(seed))}</div>")
        self.say("")
        self._continue()

    def _seed_words(self, seed: int) -> str:
        """What the seed on screen tells whoever knows it."""
        if self.secret_bots:
            return (f"Seed {seed} replays your own hand and the first draws. The bots' hands "
                    "are secret: they are dealt from a stream the seed does not give.")
        return (f"Seed {seed} replays this whole game: anyone who starts a table with seed "
                f"{seed} sees every hand, the bots' too. For bots' hands that stay secret: "
                "CardTable(..., secret_bots=True).")

    def _continue(self) -> None:
        """After a move of the student (or a new game, an undo): draw for whoever draws next,
        then let the bots move in the background (``in_steps``), or wait for the student."""
        with self._mutex:
            self._settle()
            bots_next = self._bot_to_move()
            self.busy = bots_next
            epoch = self._epoch
        self._refresh()
        if bots_next:
            self.in_steps(lambda: self._bot_step(epoch), self.bot_delay)
        else:
            self._show_hint()

    def _settle(self) -> None:
        """Apply the pending chance nodes from the game's stream; at seat 0's own Draw step,
        first keep the odds question of that moment (``Position.from_view``) for the hint."""
        game = self.game
        while game.current_player() == CHANCE:
            if game.phase == "draw" and game.turn_player == 0:
                try:
                    self._positions[game.turn] = Position.from_view(game.view(0))
                except SwkitError as refusal:
                    self._positions[game.turn] = str(refusal)
            game.apply_chance()

    def _bot_to_move(self) -> bool:
        who = self.game.current_player()
        return who not in (TERMINAL, CHANCE, 0)

    def _bot_step(self, epoch: int) -> float | None:
        """One bot move, shown at once; returns the pause before the next bot move, or None
        once it is the student's move (then the hint) or the game moved on (new game)."""
        try:
            with self._mutex:
                if epoch != self._epoch:
                    return None
                game = self.game
                who = game.current_player()
                bot = self.bots[who]
                assert bot is not None
                game.apply(bot.choose(game), seat=who)
                self._settle()
                more = self._bot_to_move()
                if not more:
                    self.busy = False
            self._refresh()
            if more:
                return self.bot_delay
            self._show_hint()
            return None
        except Exception as error:  # noqa: BLE001 - a bug: shown and recorded
            with self._mutex:
                self.busy = False
            self._record(error)
            return None

    # -- the student's moves -----------------------------------------------------------------
    def act(self, text: str) -> None:
        """Apply the student's move ``text`` (an action such as ``"play R7"``) as seat 0.

        Raises IllegalActionError in the library's words (the game unchanged) for an illegal
        move, while the bots move, or once the game is over. Callbacks call this through
        ``guard``, which shows the refusal."""
        with self._mutex:
            if self.busy:
                raise IllegalActionError(
                    f"wait a moment: seat {self.game.current_player()} is still playing")
            self.game.apply(text, seat=0)
        self.say("")
        self.typed.value = ""
        self._continue()

    def _on_choice(self, button: widgets.Button) -> None:
        action = self.choice_actions[self.choice_buttons.index(button)]
        if action is None:
            raise IllegalActionError("that choice is gone: choose one of the buttons shown")
        self.act(action)

    def _on_go(self, _button: widgets.Button) -> None:
        if not self.choice_list.value:
            raise IllegalActionError("choose a move in the list first")
        self.act(self.choice_list.value)

    def _on_try(self, _button: widgets.Button) -> None:
        text = self.typed.value.strip()
        if not text:
            raise IllegalActionError("type a move in the box first, e.g. 'play R7'")
        self.act(text)

    def _on_new(self, _button: widgets.Button) -> None:
        self._new_game(self.game.seed if self.same_seed.value else None)

    def _on_undo(self, _button: widgets.Button) -> None:
        """Take back the student's last move and every bot move and draw after it."""
        with self._mutex:
            game = self.game
            if not any(who == 0 for who, _ in game.history):
                raise IllegalActionError("nothing to undo: you have not made a move yet")
            self._epoch += 1
            self.busy = False
            while game.undo()[0] != 0:
                pass
            for turn in [t for t in self._positions if t > game.turn]:
                del self._positions[turn]
        self.say("Your last move was taken back.")
        self._continue()

    # -- drawing -------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Redraw everything from ``game.view(0)`` and seat 0's legal actions."""
        with self._mutex:
            game = self.game
            view = game.view(0)
            legal = () if self.busy else tuple(game.legal_actions(seat=0))
            lines = self._log_lines(view)
            outcome = game.outcome()
            can_undo = any(who == 0 for who, _ in game.history)
        self.status.value = self._status_html(view, legal, outcome)
        self.board.value = self._board_html(view)
        self.hand.value = self._hand_html(view)
        self.prompt.value = (f'<div style="{_FONT};font-weight:bold;margin-top:4px">'
                             f"{escape(self._prompt(view, legal))}</div>" if legal else "")
        self._show_actions(view, legal)
        self.log_view.value = self._log_html(lines)
        self._announce_events(lines, legal)
        self.undo_button.disabled = not can_undo
        self.typed.disabled = self.try_button.disabled = not legal
        self._typed_box.layout.display = "none" if outcome is not None else None

    def _announce_events(self, lines: Sequence[str], legal: Sequence[str]) -> None:
        """Announce the log's lines that are new or grew since the last announcement (a draw,
        a play, a bot's turn, a score, the end), then the status when the move has just come
        back to the student ("Your move. Round 2 · your turn.") or the game ended."""
        told = self._told
        parts = []
        for i, line in enumerate(lines):
            if i < len(told) and told[i] == line:
                continue
            if i < len(told) and told[i] and line.startswith(told[i]):
                # the turn under way grew: only what is new, and who did it
                seat = re.match(r"Turn \d+ \(round \d+\), seat (\d+)", line)
                who = ("" if seat is None else "You" if seat.group(1) == "0"
                       else f"Seat {seat.group(1)}")
                tail = line[len(told[i]):].strip(" ,.")
                if not tail:     # the turn ended: nothing new to say
                    continue
                line = f"{who}: {tail}"
            parts.append(line.rstrip("."))
        self._told = list(lines)
        mine = bool(legal)
        if mine and not self._told_mine:
            parts.append(plain(self.status.value).rstrip("."))
        self._told_mine = mine
        if parts:
            self.announce(". ".join(parts) + ".")

    def _status_html(self, view: CardView, legal: Sequence[str], outcome: Any) -> str:
        style = f"{_FONT};font-size:18px;padding:6px 10px;border-radius:6px"
        if outcome is not None:
            if outcome.winners == (0,):
                head = "Game over: you win!"
            elif outcome.winners:
                head = f"Game over: seat {outcome.winners[0]} wins."
            else:
                head = "Game over: nobody wins."
            scores = ", ".join(f"{'you' if s == 0 else f'seat {s}'} {n}"
                               for s, n in enumerate(outcome.scores))
            text = f"{head} {outcome.reason[:1].upper()}{outcome.reason[1:]}. Powers: {scores}."
            return (f'<div style="{style};background:#fff3c4;'
                    f'border:2px solid #8a6d00"><b>{escape(text)}</b></div>')
        if self.busy:
            text = f"Seat {view.to_move} is playing…"
        elif legal:
            text = "Your move."
        else:
            text = "Waiting…"
        whose = "your turn" if view.turn_player == 0 else f"seat {view.turn_player}'s turn"
        text += f" Round {self.game.round + 1} · {whose}."
        return (f'<div style="{style};background:#eef2f5">'
                f"{escape(text)}</div>")

    def _prompt(self, view: CardView, legal: Sequence[str]) -> str:
        phase = view.phase
        if phase == "pass":
            count = len(legal[0].split()) - 1 if legal else 1
            return (f"Power pass: choose {'a card' if count == 1 else f'{count} cards'} to pass "
                    f"to seat {(view.player + 1) % len(view.tableaux)} (a blind pass: only you "
                    "see what you give).")
        if phase == "discard":
            have = len(view.tableaux[0])
            need = have - 5
            order = "" if need == 1 else " The last card you name ends on top of the pile."
            return (f"Your tableau has {have} cards: discard {need} to keep 5.{order}")
        return _PROMPTS.get(phase, "Choose your move.")

    def _power_name(self, key: str, edition: int = 1) -> str:
        """The Power ``key`` of edition ``edition`` as the kit names it (``"Power 7 (blue)"``,
        :attr:`~swkit.cards.editions.Power.name`); the key itself if no edition holds it."""
        editions = self.game.editions
        if 1 <= edition <= len(editions):
            for p in editions[edition - 1].powers:
                if p.key == key:
                    return p.name
        return f"Power {key}"

    def _named_powers(self, text: str) -> str:
        """``text`` (the odds engine's words) with each "Power <key>" of the game's first
        edition written as the kit names it ("use Power 7 (blue)")."""
        names = {p.key: p.name for p in self.game.editions[0].powers}
        return re.sub(r"\bPower ([a-z0-9][a-z0-9-]*)",
                      lambda m: names.get(m.group(1), m.group(0)), text)

    def _power_named(self, view: CardView, key: str) -> Any:
        for ed in view.editions:
            for p in ed.powers:
                if p.key == key:
                    return p
        return None

    def _tooltip(self, view: CardView, action: str) -> str:
        words = action.split()
        if action.startswith("use Power"):
            power = self._power_named(view, words[2])
            if power is not None:
                return f"Use {power.name}: {power.text}"
        if action == "skip Power":
            return "Do not use a Power this turn"
        if action.startswith(("play ", "power play ")) and not action.endswith("discard"):
            card = parse_card(words[-1])
            return f"Play {card} ({COLOR_NAMES[card.color]} {card.number}) onto your tableau"
        if action.startswith("score "):
            return f"Score {' '.join(words[1:4])} and take the center Power"
        return action[:1].upper() + action[1:]

    def _show_actions(self, view: CardView, legal: Sequence[str]) -> None:
        if view.phase == "discard" and legal and len(legal[0].split()) > 2:
            # several cards: offer each choice once, in sorted order (the bots' rule); the
            # typed box accepts any order (RULES.md §A3 step 6: the last named ends on top)
            legal = [a for a in legal
                     if [parse_card(w) for w in a.split()[1:]]
                     == sorted(parse_card(w) for w in a.split()[1:])]
        key = tuple(legal)
        if key == self._shown_actions:
            return
        self._shown_actions = key
        as_buttons = len(legal) <= MAX_BUTTONS
        for i, button in enumerate(self.choice_buttons):
            if as_buttons and i < len(legal):
                action = legal[i]
                self.choice_actions[i] = action
                button.description = self._named_powers(action)
                button.tooltip = self._tooltip(view, action)
                color = "#E8E8E8"
                words = action.split()
                if (words[0] in ("play", "pass") and len(words) == 2) or (
                        words[:2] == ["power", "play"] and len(words) in (3, 5)):
                    # one card moves: the button takes that card's color
                    card = parse_card(words[2 if words[0] == "power" else 1])
                    color = _tint(CARD_COLORS[card.color])
                elif action.startswith("use Power"):
                    power = self._power_named(view, action.split()[2])
                    if power is not None:
                        color = _tint(CARD_COLORS[power.color])
                button.style.button_color = color
                button.style.text_color = INK
                button.style.font_weight = "bold"
                button.layout.display = None
            else:
                button.layout.display = "none"
                self.choice_actions[i] = None
                button.description = ""
                button.tooltip = ""
        many = not as_buttons
        self.choice_list.options = ([(self._named_powers(a), a) for a in legal] if many
                                    else [])
        self.choice_list.value = legal[0] if many else None
        self.choice_list.layout.display = None if many else "none"
        self.choice_go.layout.display = None if many else "none"

    def _seat_title(self, seat: int) -> str:
        if seat == 0:
            return "You (seat 0)"
        bot = self.bots[seat]
        return f"Seat {seat} ({bot.kind} bot)" if bot is not None else f"Seat {seat}"

    def _board_html(self, view: CardView) -> str:
        several = len(view.centers) > 1
        parts = [f'<div style="{_FONT}">']
        parts.append('<div style="display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start">')
        for e, key in enumerate(view.centers):
            holder = view.figures[e]
            who = ("nobody yet" if holder is None else "you" if holder == 0
                   else f"seat {holder}")
            name = f"Center Power {e + 1}" if several else "Center Power"
            if key is None:
                picture = "<div><i>no center Power: its pile is used up</i></div>"
            else:
                picture = power_svg(view.power(key, e + 1))  # the edition is in the label
            parts.append(
                f'<div class="swkit-center" data-edition="{e + 1}">'
                f"<div><b>{name}</b> · {view.pile_sizes[e]} face down</div>{picture}"
                f"<div><b>Figure{f' {e + 1}' if several else ''}: held by {who}</b></div></div>")
        top = view.discard[-DISCARD_SHOWN:]
        under = len(view.discard) - len(top)
        pile = cards_svg(top) if top else "<div><i>empty</i></div>"
        parts.append(
            f'<div class="swkit-piles"><div><b>Deck:</b> {view.deck_size} cards</div>'
            f"<div><b>Discard pile:</b> {len(view.discard)} cards"
            f"{f' (top {len(top)} shown, top on the right)' if under else ' (top on the right)'}"
            f"</div>{pile}</div>")
        parts.append("</div>")
        if view.wilds:
            parts.append(f"<div><b>Wild this turn: {escape(view.wilds)}</b> (wild cards have a "
                         "dashed frame and a star)</div>")
        parts.append('<div style="display:flex;flex-wrap:wrap;gap:10px;margin-top:8px">')
        for seat, tableau in enumerate(view.tableaux):
            moving = seat == view.to_move
            border = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            background = "#fffbe6" if moving else "#ffffff"
            flag = " · <b>playing now</b>" if moving else ""
            if view.to_move == TERMINAL and len(view.scored[seat]) >= 3:
                flag = " · <b>winner!</b>"
            n = view.hand_sizes[seat]
            chips = "".join(
                f'<span style="display:inline-block;margin:2px 4px 2px 0;padding:2px 6px;'
                f"border:1px solid {INK};border-radius:5px;"
                f'background:{_tint(CARD_COLORS[p.color])}">{escape(p.name)}'
                f"</span>" for p in (view.power(k, e) for e, k in view.scored[seat]))
            wilds = view.wilds if seat == view.turn_player else None
            parts.append(
                f'<div class="swkit-seat" data-seat="{seat}" style="border:3px solid {border};'
                f'border-radius:8px;padding:6px 8px;background:{background};flex:1 1 330px;'
                f'max-width:100%;box-sizing:border-box">'
                f"<div><b>{escape(self._seat_title(seat))}</b> · {n} card{'s' * (n != 1)} in "
                f"hand{flag}</div>"
                f'<div class="swkit-tableau" data-seat="{seat}">'
                f"{cards_svg(tableau, label='Tableau', wilds=wilds)}</div>"
                f'<div class="swkit-scored" data-seat="{seat}"><b>Scored Powers: '
                f"{len(view.scored[seat])} of 3</b> {chips}</div></div>")
        parts.append("</div></div>")
        return "".join(parts)

    def _hand_html(self, view: CardView) -> str:
        wilds = view.wilds if view.turn_player == 0 else None
        passing = ""
        if view.my_pass:
            passing = ("<div><b>You pass: " + " ".join(map(str, view.my_pass))
                       + "</b> (the cards move when everyone has chosen)</div>")
        return (f'<div style="{_FONT};background:#eaf3fa;border:2px solid #0072B2;'
                f'border-radius:8px;padding:6px 8px;margin-top:8px">'
                f"{cards_svg(view.hand, label='Your hand', wilds=wilds)}{passing}</div>")

    def _log_lines(self, view: CardView) -> list[str]:
        """The log's lines, oldest first: the setup, each turn (the one under way as far as it
        went), and the end."""
        game = self.game
        several = len(view.centers) > 1
        named = self._power_name
        lines = [setup_line(self._setup, viewer=0, power_name=named)]
        last = len(game.log) - 1
        for i, record in enumerate(game.log):
            t = {**record, "turn": record["turn"] + 1, "round": record["round"] + 1}
            partial = i == last and not game.is_terminal()
            if partial and not record.get("events"):
                continue
            lines.append(turn_line(t, game.players, several, viewer=0, partial=partial,
                                   power_name=named))
        outcome = game.outcome()
        if outcome is not None:
            lines.append(f"Game over: {outcome.reason}.")
        return lines

    def _log_html(self, lines: Sequence[str]) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines))
        # the log is a region a keyboard can reach and scroll (tabindex), holding a list
        return (f'<div style="{_FONT}"><b>What happened</b> (newest first; you are seat 0)'
                f'<div role="log" aria-label="What happened" tabindex="0" '
                f'style="max-height:15em;overflow-y:auto;margin:4px 0;border:1px solid #999;'
                f'background:#fafafa"><ol reversed style="margin:0;padding:4px 4px 4px 2.5em">'
                f"{items}</ol></div></div>")

    # -- the hint ------------------------------------------------------------------------------
    @property
    def hint_position(self) -> Position | None:
        """The odds question of seat 0's current turn, taken at its Draw step
        (``Position.from_view``), or None outside seat 0's turn or when it cannot be asked."""
        pos = self._positions.get(self.game.turn) if self.game.turn_player == 0 else None
        return pos if isinstance(pos, Position) else None

    @property
    def hint_odds(self) -> dict[int, PlayerOdds]:
        """The ``PlayerOdds`` computed for seat 0's current turn, by T (1 and 2)."""
        turn = self.game.turn
        return {t: o for (tu, t), o in self._odds.items()
                if tu == turn and isinstance(o, PlayerOdds)}

    def _on_hint(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        self.hint.layout.display = None if on else "none"
        self._show_hint()

    def _odds_for(self, turn: int, pos: Position, turns: int) -> PlayerOdds | str:
        key = (turn, turns)
        if key not in self._odds:
            try:
                self._odds[key] = player_odds(pos, turns)
            except WorkBudgetError:
                # too large for the work budget (a browser kernel cannot be interrupted): say
                # so, with a quick estimate of a simple strategy (a lower bound)
                sim = mc_policy_odds(pos, turns, n=HINT_GAMES, seed=0)
                share = about(Fraction(sim.estimate))
                self._odds[key] = (f"too much work to count exactly; {HINT_GAMES:,} simulated "
                                   f"games of a simple strategy score in {share} of "
                                   "them, and your best play does at least as well")
            except SwkitError as refusal:
                self._odds[key] = str(refusal)
        return self._odds[key]

    def _show_hint(self) -> None:
        """P(score this turn) at once (milliseconds); P(within two turns) in the background
        with "computing…" meanwhile (it can take seconds with many Powers in reach)."""
        if not self.hint_toggle.value:
            return
        with self._mutex:
            game = self.game
            turn = game.turn
            mine = game.turn_player == 0 and not game.is_terminal() and not self.busy
            pos = self._positions.get(turn) if mine else None
            record = game.log[-1] if game.log else {}
            drawn = record.get("draw") if record.get("player") == 0 else None
        if pos is None:
            self.invalidate()
            self.hint.value = self._hint_html(
                "The game is over." if game.is_terminal() else
                "The hint is for your own turn: it shows when you play.")
            return
        if isinstance(pos, str):
            self.invalidate()
            self.hint.value = self._hint_html(f"No hint for this game: {pos}")
            return
        first = self._odds_for(turn, pos, 1)

        def compute() -> PlayerOdds | str:
            return self._odds_for(turn, pos, HINT_TURNS)

        def show(second: PlayerOdds | str | None) -> None:
            self.hint.value = self._hint_html("", html=self._odds_words(first, second, drawn))

        self.in_background(compute, show, lambda: show(None))

    def _odds_words(self, first: PlayerOdds | str, second: PlayerOdds | str | None,
                    drawn: str | None) -> str:
        """The hint's body as HTML: the chances, then the best play for the card drawn, a
        plan of several steps as a numbered list (``_plan_html``)."""
        if isinstance(first, str):
            return escape(f"No hint now: {first}")
        rows = ["Your exact chances, counted from what you could see before your draw:",
                f"• score this turn: {_chance(first.this_turn)}"]
        if second is None:
            rows.append(f"• score within two of your turns, {IF_NOBODY_MOVES}: computing…")
        elif isinstance(second, str):
            rows.append(f"• score within two of your turns: not counted ({second})")
        else:
            rows.append(f"• score within two of your turns, {IF_NOBODY_MOVES}: "
                        f"{_chance(second.probability)}")
        lines = [escape(row) for row in rows]
        best = second if isinstance(second, PlayerOdds) else first
        card = None if drawn is None else parse_card(drawn)
        plan = next((p for p in best.plans if p.card == card), None)
        if plan is not None:
            where = ("this turn" if best is first
                     else f"within two of your turns ({IF_NOBODY_MOVES})")
            got = f"You drew {drawn}. " if drawn else "You drew nothing. "
            chance = (f"With it, your chance of scoring {where} is "
                      f"{_chance(plan.probability)}.")
            lines.append(self._plan_html(got, plan, chance))
        return "<br>".join(lines)

    def _step_texts(self, plan: DrawPlan) -> list[str]:
        """The steps of an odds plan in the table's words: Powers named as their cards and the
        buttons name them ("use Power 9 (yellow)"), another tableau by its seat as the buttons
        and the board do ("swap B2 for P7 of seat 1"; ``PlanStep.seat`` n is the n-th seat
        after yours, ``Position.from_view``). In: a ``DrawPlan`` of this table's hint; out: one
        text per step, in order."""
        names = {p.key: p.name for p in self.game.editions[0].powers}
        players = self.game.players
        return [step_words(step, power_name=lambda key: names.get(key, f"Power {key}"),
                           seat_name=lambda n: f"seat {n % players}")
                for step in plan.steps]

    def _plan_html(self, got: str, plan: DrawPlan, chance: str) -> str:
        steps = self._step_texts(plan)
        if len(steps) <= 1:
            # one step (or none: the last turn cannot score) reads as a sentence
            words = steps[0] if steps else plan.play
            return escape(f"{got}Best play: {words}. {chance}")
        items = "".join(f"<li>{escape(words)}</li>" for words in steps)
        return (f"{escape(got)}Best play, step by step:"
                f'<ol class="swkit-plan" style="margin:2px 0 2px 0;padding-left:1.8em">'
                f"{items}</ol>{escape(chance)}")

    def _hint_html(self, text: str, *, html: str | None = None) -> str:
        """The hint box around ``text`` (plain text, lines split at "\\n") or ``html``."""
        body = html if html is not None else "<br>".join(escape(line)
                                                          for line in text.split("\n"))
        return (f'<div style="{_FONT};background:#f3f0ff;border:2px solid #5e3c99;'
                f'border-radius:8px;padding:6px 10px;margin-top:6px">'
                f"<b>Hint</b><br>{body}</div>")

