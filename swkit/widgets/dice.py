"""The dice cup: a student plays Clubhouse dice against friendly bots in a notebook cell.

``DiceCup(players=1..4, seed=None, bots="greedy")`` (RULES.md §B; ``bots="win"``,
the exact two-player solve). The student is seat 0 ("you" on screen, its tokens
marked ``P0``); the bots play the other seats, each named by its bot ("seat 1 (win bot)").
Seats are numbered from 0 in the order they play, as the card table and ``swkit tournament``
number them (docs/DECISIONS.md, "One name for a seat"). A thin view: every rule comes from
:class:`swkit.dice.game.DiceGame` (through the :mod:`swkit.state` interface), every move's words
from :mod:`swkit.dice.play` (the transcript's wording), every number of the hint from
:func:`swkit.odds.keep_options`, every picture from :mod:`swkit.pictures`.

What is on screen, top to bottom, with the CSS class a browser test can find it by:

- the title with the seed (``swkit-seed``) and a status line: whose turn, the round, the roll,
  and at the end the winner (``swkit-status``); the rulebook's call after every roll
  (``swkit-call``: "Meeska, Mooska, Mickey Mouse!");
- five dice drawn as faces (``swkit-die-face``), each with a keep checkbox under it
  (``swkit-die``, named by its die and face: "keep die 2: Mickey"); a kept die is drawn framed
  with a KEPT tag;
- the "Roll (2 left)" button (``swkit-roll``): the first roll of a turn, or keep the ticked dice
  and reroll the others; during a roll-off the student is in, "Roll for the roll-off"; during a
  bot's turn, disabled and saying so ("Seat 1 is rolling…", as the status says "Seat 1
  (greedy bot) is playing"); beside it the "Hint" checkbox (``swkit-hint``);
- one score button per character the student has not scored (``swkit-score``), each showing the
  points a score there earns now (``Score Goofy: 3 points``; ``Score Pluto: 0 points (Picture
  Column)`` for a zero);
- the message area (refusals in the library's words);
- with Hint ticked, every keep of the dice showing with its expected points on this board
  and its chance of reaching a count ("— (scores now)" for a choice that scores now), best
  first (``swkit-hint-table``): the top five, "Show all N choices" (``swkit-hint-all``) for
  the rest, one short line on the columns and the details behind a fold for the teacher
  (``swkit-hint-details``); "← your choice" once a die is kept; with 2 players also
  the chance to win of each choice, "if you play this, then play your best"
  (``swkit-win``, from :func:`swkit.odds.duel.duel_options`; the best marked
  ``swkit-best-win``); the dice, Roll and the hint's best rows fit a 1366x768 screen together;
- the shared scoreboard (``swkit-board``), with a dashed frame where each of those scores
  would land, and the totals under it;
- "Undo" (``swkit-undo``: takes back the student's last move, and the bots' moves after it),
  "New game" (``swkit-new-game``) and "Same seed" (``swkit-same-seed``);
- the log of every move (``swkit-log``), newest turn first (as the card table's), each turn's
  moves in order;
- the live region (``swkit-live``, not drawn) telling a screen reader each event.

Bots play in the background (a worker thread, or inline on the kernel's event loop where no
thread can start: see :mod:`swkit.widgets`) with every control disabled, one move every
``bot_delay`` seconds (0 in tests; call :meth:`~swkit.widgets._base.SwkitWidget.wait_idle`
after a move that hands over to them).

Many games in a loop: one cup plays game after game ("New game"), or close each cup made in
the loop (``with DiceCup(...) as cup:``): a cup is many widget models, and Voilà loads every
model still open before it draws the page. Games with no one watching need no widget at all:
:func:`swkit.dice.play.play_game`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from swkit.dice.board import seat_label, space_name
from swkit.dice.bots import DiceBot
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.game import CHANCE, TERMINAL, DiceGame, points_text
from swkit.dice.play import (
    keep_line,
    roll_entry,
    roll_line,
    rolloff_lines,
    score_entry,
    score_line,
    seat_name,
    standings_lines,
    turn_header,
)
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.odds.dice import DiceModel, KeepOption
from swkit.odds.dice_bots import (
    bot_from_dict,
    check_win_bot,
    dice_bot_factory,
)
from swkit.pictures import PLAYER_COLORS, die_svg, scoreboard_svg, text_color
from swkit.present.hint import HINT_TOP, WIN_HEADING, HintRow, dice_hint, hint_html
from swkit.runner import make_bot
from swkit.whole import as_whole
from swkit.widgets._base import SwkitWidget, escape
from swkit.widgets._checks import arguments, check_bot_delay, check_keywords, check_seed
from swkit.widgets._dice_css import DICE_CUP_CSS

__all__ = ["CALL", "WIN_HEADING", "DiceCup", "HintRow"]

CALL = "Meeska, Mooska, Mickey Mouse!"
"""What the table calls out with every roll (RULES.md does not give the words)."""

STUDENT = 0
"""The student's seat."""

_LOG_HEADINGS = ("Round ", "Clubhouse", "Final", "Winner")
"""A log line starting with one of these begins a block (a turn, a roll-off round, the end)."""



@dataclass
class _Snapshot:
    """What undo restores: the game's history length, the bots' streams, the log, the dice
    layout on screen and the keep toggles, from just before one of the student's moves."""

    steps: int
    bots: list[dict[str, Any] | None]
    log: int
    slots: list[int]
    toggles: list[bool]
    call: str


def _upper(text: str) -> str:
    """``text`` with a capital first letter (``"seat 1 (win bot)"`` -> ``"Seat 1 (win bot)"``)."""
    return text[:1].upper() + text[1:]


def _random_seed() -> int:
    """A fresh seed of at most six digits, easy to read out to a class."""
    return random.SystemRandom().randrange(1, 1_000_000)


class DiceCup(SwkitWidget):
    """Clubhouse dice in a notebook cell: the student (seat 0) against bots (RULES.md §B).

    ``players``: 1..4 (1 = solo, no bots); ``seed``: the game's seed (None: a random one, shown
    on screen; "New game" keeps it when "Same seed" is ticked); ``bots``: a bot name
    (``"greedy"``, ``"random"``, ``"points"`` or ``"win"``, :mod:`swkit.odds.dice_bots`; ``"win"``
    only with 2 players) for every other seat, or one name per seat 1..players-1; with 2
    players the hint gains the chance to win of every choice (:attr:`HintRow.win`);
    ``bot_delay``: seconds between two bot moves (a visible pause, 0 to 10; 0 in tests).
    Raises ConfigurationError, before anything is shown, for a bad player count, seed, bot
    name or delay, and for a keyword it does not take (a misspelt ``bot_dealy``).

    Attributes: ``game`` (the :class:`~swkit.dice.game.DiceGame` on screen), ``seed``,
    ``bots`` (per seat, None for the student), ``log_lines`` (the log's lines, oldest first),
    ``dice_buttons`` (the keep toggles, left to right), ``roll_button``, ``score_buttons``
    (character -> Button, only the characters the student has not scored), ``hint_button``,
    ``hint_rows`` (the hint's :class:`HintRow` list, best first, while the hint is shown;
    every row is computed, the top :data:`HINT_TOP` are drawn until ``hint_all`` is pressed),
    ``hint_all`` (the "Show all N choices" ToggleButton),
    ``undo_button``, ``new_game_button``, ``same_seed``, ``heading``, ``status``, ``call``,
    ``board``, ``log_view``. :meth:`shown_dice` and :meth:`kept` give the dice left to right,
    as drawn.
    """

    def __init__(self, players: int = 1, seed: int | None = None,
                 bots: str | Sequence[str] = "greedy", *, bot_delay: float = 0.35,
                 **kwargs: Any) -> None:
        super().__init__()
        self.players = players
        self.bot_names = self._bot_names(players, bots)
        self.bot_delay = float(bot_delay)
        self.seed: int = _random_seed() if seed is None else seed
        self.game = DiceGame(players, self.seed)
        self.bots: list[DiceBot | None] = []
        self.log_lines: list[str] = []
        self.hint_rows: list[HintRow] = []
        self._hint_key: tuple[Any, ...] | None = None
        self._win_best: KeepOption | None = None
        self._slots = list(range(5))  # screen slot -> die index in game.dice
        self._undo: list[_Snapshot] = []
        self._busy = False
        self._syncing = False
        self._last_bot_score = ""
        self._last_score = ""
        self._told = 0            # the log lines announced so far
        self._told_mine = False   # whether the last announcement left the move to the student
        self._build()
        self._start()

    def __new__(cls, *args: Any, **kwargs: Any) -> DiceCup:
        """Every argument is checked before the widget exists (ConfigurationError)."""
        given = arguments(cls, args, kwargs)
        check_keywords("DiceCup", given.pop("kwargs"), given)
        check_seed(given["seed"])
        cls._bot_names(given["players"], given["bots"])
        check_bot_delay(given["bot_delay"])
        return super().__new__(cls, *args, **kwargs)

    # -- building ---------------------------------------------------------------------------
    @staticmethod
    def _bot_names(players: int, bots: str | Sequence[str]) -> list[str]:
        if as_whole(players) is None or not 1 <= players <= 4:
            raise ConfigurationError(
                f"Clubhouse dice takes 1 to 4 players, got {players!r} (RULES.md §B2)")
        if not isinstance(bots, str | list | tuple):
            raise ConfigurationError(
                f"bots is {bots!r}; accepted: a bot name (greedy, random, points or win) for "
                "every bot seat, or a list of one name per bot seat")
        names = [bots] * (players - 1) if isinstance(bots, str) else list(bots)
        if len(names) != players - 1:
            raise ConfigurationError(
                f"give one bot name, or one per bot seat (players - 1 = {players - 1}), got "
                f"{len(names)}: {names}")
        for name in names:
            dice_bot_factory(name)  # raises ConfigurationError for an unknown name
        check_win_bot(names, players)
        return names

    def _build(self) -> None:
        self.add_class("swkit-dicecup")
        self.heading = widgets.HTML()
        self.heading.add_class("swkit-seed")
        self.status = widgets.HTML()
        self.status.add_class("swkit-status")
        self.call = widgets.HTML(layout=widgets.Layout(min_height="1.8em"))
        self.call.add_class("swkit-call")
        self.die_pictures = [widgets.HTML() for _ in range(5)]
        self.dice_buttons = []
        columns = []
        for i, picture in enumerate(self.die_pictures):
            picture.add_class("swkit-die-face")
            # a checkbox: its name says the die and its face, and it says whether it is ticked
            toggle = widgets.Checkbox(value=False, description=f"keep die {i + 1}",
                                      indent=False, layout=widgets.Layout(width="auto"))
            toggle.add_class("swkit-die")
            toggle.observe(self.guard(lambda change, i=i: self._on_toggle(i, change)), "value")
            self.dice_buttons.append(toggle)
            columns.append(widgets.VBox([picture, toggle],
                                        layout=widgets.Layout(align_items="center",
                                                              width="94px",
                                                              overflow="visible")))
        self.dice_row = widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap",
                                                                    overflow="visible"))
        self.roll_button = widgets.Button(description="Roll (3 left)",
                                          layout=widgets.Layout(width="190px", height="48px"))
        self.roll_button.add_class("swkit-roll")
        self.roll_button.on_click(self.guard(self._on_roll, move=True))
        self._all_score_buttons: dict[str, widgets.Button] = {}
        for character in self.game.characters:
            button = widgets.Button(description=character,
                                    layout=widgets.Layout(width="auto", min_width="150px"))
            button.add_class("swkit-score")
            button.on_click(self.guard(lambda _b, c=character: self._on_score(c), move=True))
            self._all_score_buttons[character] = button
        self.score_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.score_label = widgets.HTML()
        self.board = widgets.HTML()
        self.board.add_class("swkit-board")
        self.legend = widgets.HTML()
        self.hint_button = widgets.Checkbox(
            value=False, description="Hint", indent=False, layout=widgets.Layout(width="auto"),
            tooltip="Show every keep with its expected points and its chances")
        self.hint_button.add_class("swkit-hint")
        self.hint_button.observe(self.guard(lambda _c: self._show_hint()), "value")
        self.hint = widgets.HTML()
        self.hint.add_class("swkit-hint-table")
        self.hint_all = widgets.ToggleButton(
            value=False, description="Show all choices",
            tooltip="Show every choice of the hint, not only the top ones",
            layout=widgets.Layout(display="none", width="auto"))
        self.hint_all.add_class("swkit-hint-all")
        self.hint_all.observe(self.guard(lambda _c: self._show_hint()), "value")
        self.undo_button = widgets.Button(description="Undo",
                                          tooltip="Take back your last move")
        self.undo_button.add_class("swkit-undo")
        self.undo_button.on_click(self.guard(self._on_undo, move=True))
        self.new_game_button = widgets.Button(description="New game",
                                              tooltip="Start a new game")
        self.new_game_button.add_class("swkit-new-game")
        self.new_game_button.on_click(self.guard(self._on_new_game, move=True))
        self.same_seed = widgets.Checkbox(value=True, description="Same seed (same dice)",
                                          indent=False,
                                          tooltip="New game replays the same dice")
        self.same_seed.add_class("swkit-same-seed")
        self.log_view = widgets.HTML()
        self.log_view.add_class("swkit-log")
        # the dice, Roll, the scores and the hint's best rows fit one laptop screen (1366x768)
        # together: the board, the game's buttons and the log come after them
        self.children = [
            widgets.HTML(DICE_CUP_CSS), self.live, self.heading, self.status, self.call,
            self.dice_row,
            widgets.HBox([self.roll_button, self.hint_button],
                         layout=widgets.Layout(margin="6px 0", align_items="center",
                                               flex_flow="row wrap", grid_gap="6px 16px")),
            self.score_label, self.score_box, self.message, self.hint, self.hint_all,
            self.legend, self.board,
            widgets.HBox([self.undo_button, self.new_game_button, self.same_seed],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>What happened</b> (newest turn first; you are seat 0)"),
            self.log_view,
        ]

    def _start(self) -> None:
        """Set up a new game with ``self.seed`` (bots, log, undo, screen)."""
        self.invalidate()
        self.game = DiceGame(self.players, self.seed)
        self.bots = [None] + [make_bot("dice", name, seat, self.seed)
                              for seat, name in enumerate(self.bot_names, 1)]
        self.log_lines = []
        self._told = 0
        self._told_mine = False
        self._undo = []
        self._slots = list(range(5))
        self._hint_key = None
        self._last_score = ""
        self.call.value = ""
        self.say("")
        self._set_toggles([False] * 5)
        who = ", ".join(seat_name(s, self.seat_names()) for s in range(self.players))
        turns = self.game.turns
        self.heading.value = (
            f'<div style="font-size:1.25em;font-weight:bold">Clubhouse dice · seed '
            f'{self.seed}</div><div>Players, in the order they play: {escape(who)} · {turns} turn'
            f'{"" if turns == 1 else "s"} each · the Clubhouse is wild</div>')
        self.legend.value = self._legend_html()
        self._refresh()

    # -- what is shown -----------------------------------------------------------------------
    def seat_names(self) -> list[str]:
        """Each seat's name, seat 0 first: ``["you", "win bot"]`` (the words beside a seat's
        number on screen and in the log: "seat 1 (win bot)")."""
        return ["you"] + [f"{name.strip().lower()} bot" for name in self.bot_names]

    def _who(self, seat: int) -> str:
        """``"you"`` for the student, else ``"seat 1 (win bot)"``."""
        return "you" if seat == STUDENT else seat_name(seat, self.seat_names())

    def shown_dice(self) -> list[str]:
        """The faces drawn left to right (empty before a turn's first roll): the game's dice,
        in the order that keeps each kept die in its place on screen."""
        dice = self.game.dice
        return [dice[i] for i in self._slots] if dice else []

    def rolloff_dice(self) -> list[str]:
        """The student's five dice of the last Clubhouse roll-off round they rolled in (drawn
        while no turn's dice are on the table), else empty (RULES.md §B5)."""
        view = self.game.view(STUDENT)
        if view.dice or not view.tiebreak_rounds:
            return []
        last = view.tiebreak_rounds[-1]
        if STUDENT not in last.seats or last.dice is None:
            return []
        return list(last.dice[last.seats.index(STUDENT)])

    def kept(self) -> list[bool]:
        """The keep toggles, left to right (the dice the next Roll keeps)."""
        return [b.value for b in self.dice_buttons]

    @property
    def score_buttons(self) -> dict[str, widgets.Button]:
        """Character -> its score button, for the characters the student has not scored."""
        return {c: self._all_score_buttons[c]
                for c in self.game.board.unscored(STUDENT)}

    def _student_moves(self) -> bool:
        """True when the next move is the student's (a roll, a keep or score, a roll-off)."""
        game = self.game
        who = game.current_player()
        if who == STUDENT:
            return True
        if who != CHANCE:
            return False
        view = game.view(STUDENT)
        if view.phase == "tiebreak":
            return STUDENT in view.tied
        return game.seat == STUDENT

    def _deciding(self) -> bool:
        return self.game.current_player() == STUDENT

    def _refresh(self) -> None:
        """Draw everything from the game (``view(0)``) and the toggles."""
        game = self.game
        view = game.view(STUDENT)
        busy = self._busy
        mine = not busy and self._student_moves()
        deciding = not busy and self._deciding()
        # status
        if view.phase == "over":
            self.status.value = self._end_words()
        elif view.phase == "tiebreak":
            tied = ", ".join(self._who(s) for s in view.tied)
            self.status.value = self._big(
                f"Tie for first place ({tied}): the Clubhouse roll-off! Each tied player rolls "
                f"all five dice; the most Clubhouses wins."
                + (" Press Roll." if STUDENT in view.tied else ""))
        else:
            who = ("Your turn" if view.seat == STUDENT
                   else f"{_upper(self._who(view.seat))} is playing")
            roll = (f"roll {view.roll_number} of 3" if view.roll_number else
                    "press Roll" if view.seat == STUDENT else "rolling")
            self.status.value = self._big(
                f"{who} · round {game.round} of {view.turns_per_player} · {roll}")
        # dice
        shown = self.shown_dice() or self.rolloff_dice()
        if view.phase == "over" and not shown:
            # no dice on the table any more: no row of "?" dice under "Seat 1 rolled: ..."
            self.dice_row.layout.display = "none"
            self.call.value = self._over_html()
        else:
            self.dice_row.layout.display = None
        self._syncing = True
        try:
            for slot, (picture, toggle) in enumerate(zip(self.die_pictures, self.dice_buttons,
                                                         strict=True)):
                face = shown[slot] if shown else None
                picture.value = die_svg(face, kept=toggle.value and face is not None,
                                        characters=game.characters)
                self._label_toggle(slot, face)
                toggle.disabled = not (deciding and view.rolls_left > 0)
        finally:
            self._syncing = False
        # roll
        if view.phase == "tiebreak":
            self.roll_button.description = "Roll for the roll-off"
            self.roll_button.tooltip = "Roll all five dice: the most Clubhouses wins"
            self.roll_button.disabled = not mine
        elif view.phase != "over" and view.seat != STUDENT:
            # a bot's turn: the button says whose turn it is, as the status does
            self.roll_button.description = f"Seat {view.seat} is rolling…"
            self.roll_button.tooltip = f"Wait: {self._who(view.seat)} is playing its turn"
            self.roll_button.disabled = True
        else:
            left = view.rolls_left
            self.roll_button.description = ("Game over" if view.phase == "over"
                                            else f"Roll ({left} left)")
            self.roll_button.disabled = not (mine and left > 0)
            n = self.kept().count(False)
            self.roll_button.tooltip = (
                "Roll all five dice" if view.roll_number == 0 else
                f"Reroll the {n} dice not kept ({left} roll{'' if left == 1 else 's'} left)"
                if left else "No rolls left: score a character")
        # score buttons
        unscored = game.board.unscored(STUDENT)
        highlight = {}
        for character in unscored:
            button = self._all_score_buttons[character]
            button.disabled = not deciding
            button.remove_class("swkit-zero")
            if deciding:
                count = game.count(character)
                value = game.space_for(character)
                highlight[character] = value
                zero = " (Picture Column)" if value == 0 else ""
                button.description = f"Score {character}: {points_text(value)}{zero}"
                button.tooltip = (f"Score {character}: count {count} -> {space_name(value)}, "
                                  f"{points_text(value)}")
                if value == 0:
                    button.add_class("swkit-zero")
            else:
                button.description = f"Score {character}"
                button.tooltip = f"Score {character} (after a roll, on your turn)"
        self.score_box.children = [self._all_score_buttons[c] for c in unscored]
        if deciding and game.forced_zero():
            words = ("Forced zero: the dice show only characters you have scored and no "
                     "Clubhouse. Put one token in its Picture Column (0 points).")
        elif deciding:
            words = "Score a character (the points it earns now are on its button):"
        elif unscored:
            words = "Your characters still to score:"
        else:
            words = "You have scored all your turns."
        self.score_label.value = f'<div style="margin-top:4px">{escape(words)}</div>'
        # board (the totals are drawn under it)
        self.board.value = scoreboard_svg(game.board, highlight=highlight)
        # the rest
        self.hint_button.disabled = busy
        self.undo_button.disabled = busy or not self._undo
        self.new_game_button.disabled = busy
        self.same_seed.disabled = busy
        self._show_hint()
        self._show_log()
        self._announce_events()

    def _announce_events(self) -> None:
        """Announce the log's lines not yet announced, each naming who moved ("Seat 1 (win
        bot): Roll 2: ..."), then "Your turn" when the move has just come back to the student
        (one announcement per redraw: a bot's move, the student's roll or score, the end)."""
        lines = self.log_lines
        self._told = min(self._told, len(lines))
        heading = next((line for line in reversed(lines[:self._told])
                        if line.startswith(_LOG_HEADINGS)), "")
        parts = []
        for line in lines[self._told:]:
            if line.startswith(_LOG_HEADINGS):
                heading = line
                parts.append(line)
                continue
            turn = re.match(r"Round \d+, seat (\d+)", heading)
            who = ("" if turn is None else "You: " if int(turn.group(1)) == STUDENT
                   else f"{_upper(self._who(int(turn.group(1))))}: ")
            parts.append(who + line.replace(" -> ", " to "))
        self._told = len(lines)
        view = self.game.view(STUDENT)
        mine = not self._busy and self._student_moves() and not self.game.is_terminal()
        if mine and not self._told_mine:
            parts.append("Your roll in the roll-off: press Roll." if view.phase == "tiebreak"
                         else "Your turn: press Roll.")
        self._told_mine = mine
        if parts:
            self.announce(" ".join(p.rstrip(":") + ("" if p.endswith((".", "!")) else ".")
                                   for p in parts))

    @staticmethod
    def _big(text: str) -> str:
        return f'<div style="font-size:1.2em;font-weight:bold">{escape(text)}</div>'

    def _label_toggle(self, slot: int, face: str | None) -> None:
        """The keep box's words, its accessible name too: "keep die 2: Clubhouse (wild)"
        (ticked or not, the box says which), "die 2: not rolled yet"."""
        toggle = self.dice_buttons[slot]
        if face is None:
            toggle.description = f"die {slot + 1}: not rolled yet"
            toggle.tooltip = f"Die {slot + 1}: not rolled yet"
            return
        toggle.description = f"keep die {slot + 1}: " + ("Clubhouse (wild)" if face == CLUBHOUSE
                                                          else face)
        name = "a Clubhouse (wild)" if face == CLUBHOUSE else face
        toggle.tooltip = (f"Die {slot + 1} shows {name}: kept, press to reroll it"
                          if toggle.value else
                          f"Die {slot + 1} shows {name}: press to keep it")

    def _legend_html(self) -> str:
        """Whose tokens are whose (the totals are drawn under the board)."""
        chips = []
        for seat in range(self.players):
            fill = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
            name = seat_name(seat, self.seat_names())
            chips.append(
                f'<span style="display:inline-block;margin-right:14px">'
                f'<span style="background:{fill};color:{text_color(fill)};border:2px solid '
                f'#1a1a1a;border-radius:1em;padding:1px 8px;font-weight:bold">'
                f'{escape(seat_label(seat))}</span> {escape(name)}</span>')
        return '<div>Tokens: ' + "".join(chips) + "</div>"

    def _end_words(self) -> str:
        result = self.game.outcome()
        assert result is not None
        total = result.scores[STUDENT]
        if self.players == 1:
            head = f"Game over: you scored {points_text(total)}!"
        elif result.winner == STUDENT:
            head = f"You win with {points_text(total)}!"
        elif result.winner is not None:
            head = (f"{_upper(self._who(result.winner))} wins with "
                    f"{points_text(result.scores[result.winner])}. You scored "
                    f"{points_text(total)}.")
        else:
            names = ", ".join(self._who(s) for s in result.winners)
            head = f"A shared win: {names}."
        return (self._big(head) + f'<div>{escape(result.reason[0].upper() + result.reason[1:])}.'
                " Press New game to play again.</div>")

    def _show_log(self) -> None:
        """The log, newest turn first (as the card table's): each turn (or roll-off round, or
        the standings) under its bold heading line, its moves in the order played."""
        blocks: list[list[str]] = []
        for line in self.log_lines:
            if line.startswith(_LOG_HEADINGS) or not blocks:
                blocks.append([])
            style = ("font-weight:bold;margin-top:6px" if line.startswith(_LOG_HEADINGS)
                     else "padding-left:1.2em")
            blocks[-1].append(f'<div style="{style}">{escape(line)}</div>')
        rows = [row for block in reversed(blocks) for row in block]
        empty = ("<div><i>Nothing yet. Press Roll to start: every roll, keep and score will "
                 "be written here.</i></div>")
        self.log_view.value = ('<div class="swkit-log-box" role="log" aria-label="What happened" '
                               'tabindex="0">'
                               f'<div>{"".join(rows) or empty}</div></div>')

    # -- the hint ------------------------------------------------------------------------------
    def _show_hint(self) -> None:
        """Draw the hint: the top :data:`HINT_TOP` rows (and the row the toggled dice choose,
        and the best-to-win row, where they are further down), every row with "Show all"; one
        short line on what the columns mean, the details behind a fold for the teacher."""
        if not self.hint_button.value:
            self.hint.value = ""
            self.hint_rows = []
            self.hint_all.layout.display = "none"
            return
        view = self.game.view(STUDENT)
        if self._busy or not self._deciding():
            self.hint_rows = []
            self.hint_all.layout.display = "none"
            self.hint.value = (
                "<div>The game is over: no keeps to choose. Press New game to play again.</div>"
                if self.game.is_terminal() else
                "<div>The hint shows your keeps and their chances after you roll, on your "
                "turn.</div>")
            return
        key = (id(self.game), len(self.game.history))
        if key != self._hint_key:
            self.hint_rows = self.compute_hint()
            self._hint_key = key
        # "your choice" only once the child has kept a die (no toggle on: nothing chosen yet)
        mine = self._keep_counts() if any(self.kept()) else None
        n = len(self.hint_rows)
        every = self.hint_all.value or n <= HINT_TOP
        self.hint_all.layout.display = None if n > HINT_TOP else "none"
        self.hint_all.description = ("Show the top choices only" if self.hint_all.value
                                     else f"Show all {n} choices")
        self.hint.value = hint_html(
            self.hint_rows, mine=mine, every=every, players=self.players,
            win_best=self._win_best, rival=self.bot_names[0] if self.bot_names else "",
            other=self._who(1) if self.players > 1 else "", rolls_left=view.rolls_left,
            space_for=self.game.space_for)

    def compute_hint(self) -> list[HintRow]:
        """The hint for the student's dice now (:func:`swkit.present.hint.dice_hint`): every
        keep with its expected points and P(count >= k), best first; with 2 players each
        choice's chance to win. Empty when it is not the student's decision."""
        if not self._deciding():
            self._win_best = None
            return []
        rows, self._win_best = dice_hint(self.game, STUDENT, self.players)
        return rows

    def _model(self) -> DiceModel:
        return DiceModel(names=self.game.characters)

    def _keep_counts(self) -> tuple[int, ...]:
        """The toggled dice as a count vector (the keep the next Roll makes)."""
        shown = self.shown_dice()
        if not shown:
            return ()
        return self._model().counts([f for f, k in zip(shown, self.kept(), strict=True) if k],
                                    exact=False)

    # -- the student's moves -----------------------------------------------------------------
    def _check_not_busy(self) -> None:
        if self._busy:
            raise IllegalActionError("wait a moment: the other players are taking their turns")

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(len(self.game.history),
                         [None if b is None else b.to_dict() for b in self.bots],
                         len(self.log_lines), list(self._slots), self.kept(), self.call.value)

    def _on_toggle(self, slot: int, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self.check_seen()           # a keep clicked on dice the page had not shown yet
            self._check_not_busy()
            if not self._deciding():
                raise IllegalActionError(
                    "roll first: you keep dice after a roll, on your turn (RULES.md §B3)"
                    if not self.game.is_terminal() else "the game is over: press New game")
            if self.game.view(STUDENT).rolls_left == 0:
                raise IllegalActionError(
                    "no more rerolls: after the third roll you must score (RULES.md §B3)")
        except IllegalActionError:
            self._set_toggles([*self.kept()[:slot], bool(change["old"]),
                               *self.kept()[slot + 1:]])
            raise
        self.say("")
        face = self.shown_dice()[slot]
        self._syncing = True
        try:
            self.die_pictures[slot].value = die_svg(face, kept=bool(change["new"]),
                                                     characters=self.game.characters)
            self._label_toggle(slot, face)
        finally:
            self._syncing = False
        n = self.kept().count(False)
        left = self.game.view(STUDENT).rolls_left
        self.roll_button.tooltip = (
            f"Reroll the {n} dice not kept ({left} roll{'' if left == 1 else 's'} left)")
        self._show_hint()

    def _set_toggles(self, values: Sequence[bool]) -> None:
        self._syncing = True
        try:
            for toggle, value in zip(self.dice_buttons, values, strict=True):
                toggle.value = bool(value)
        finally:
            self._syncing = False

    def _on_roll(self, _button: Any = None) -> None:
        self._check_not_busy()
        game = self.game
        if game.is_terminal():
            raise IllegalActionError("the game is over: press New game to play again")
        if not self._student_moves():
            raise IllegalActionError(f"wait: it is {self._who(game.seat)}'s turn")
        snapshot = self._snapshot()
        view = game.view(STUDENT)
        if view.phase == "tiebreak":
            game.apply_chance()
            self._log_rolloff()
            self.call.value = self._call_html(self._rolloff_words())
        else:
            if view.phase == "decide":
                shown = self.shown_dice()
                keep = [f for f, k in zip(shown, self.kept(), strict=True) if k]
                action = game.parse_action("keep " + (" ".join(keep) if keep else "nothing"))
                game.apply(action, seat=STUDENT)  # a refusal leaves everything unchanged
                self._log(keep_line(str(action)))
                self._follow_keep(shown)
            self._turn_roll()
        self._undo.append(snapshot)
        self.say("")
        self._after_student()

    def _follow_keep(self, shown: Sequence[str]) -> None:
        """After a keep: the screen slots the student kept point at the dice the game holds
        back (the same faces), so that no kept die moves on screen when the others change."""
        held = [i for i, k in enumerate(self.game.view(STUDENT).kept) if k]
        loose = [i for i in range(5) if i not in held]
        slots = []
        for slot, kept in enumerate(self.kept()):
            if kept:
                die = next(i for i in held if self.game.dice[i] == shown[slot])
                held.remove(die)
            else:
                die = loose.pop(0)
            slots.append(die)
        self._slots = slots

    def _turn_roll(self) -> None:
        """Roll the dice of the turn under way (the first roll or a reroll) and log it."""
        game = self.game
        seat = game.seat
        if game.roll_number == 0:
            self._log(turn_header(game.round, seat, self.seat_names()[seat]))
            self._slots = list(range(5))
        kept = game.view(STUDENT).kept
        before = list(game.dice)
        game.apply_chance()
        self._log(roll_line(roll_entry(game, before, kept)))
        who = "You" if seat == STUDENT else f"Seat {seat}"
        self.call.value = self._call_html(
            f"{who} rolled: {', '.join(self.shown_dice())} (roll {game.roll_number} of 3).")

    def _your_turn_html(self) -> str:
        """The last bot's score, then "your turn" (the bots' dice are cleared by then)."""
        before = f"{self._last_bot_score}. " if self._last_bot_score else ""
        return (f'<div style="font-size:1.2em">'
                f'{escape(before)}<b>Your turn: press Roll!</b></div>')

    def _over_html(self) -> str:
        """The call line at the end: the last score, and that the game is over."""
        last = f"{self._last_score}. " if self._last_score else ""
        return (f'<div style="font-size:1.2em">'
                f"{escape(last)}<b>That was the last turn: the game is over.</b></div>")

    def _call_html(self, text: str) -> str:
        return (f'<div style="font-size:1.2em;'
                f'color:#7a2e00;font-weight:bold">{escape(CALL)} '
                f'<span style="color:#1a1a1a;font-weight:normal">{escape(text)}</span></div>')

    def _rolloff_words(self) -> str:
        """``"Roll-off: you: 1 Clubhouse, seat 1 (greedy bot): 0 Clubhouses."`` and who is
        still tied."""
        view = self.game.view(STUDENT)
        last = view.tiebreak_rounds[-1]
        parts = [f"{self._who(seat)}: {n} Clubhouse"
                 f"{'' if n == 1 else 's'}" for seat, n in zip(last.seats, last.clubhouses,
                                                              strict=True)]
        after = (" Still tied: roll again." if view.phase == "tiebreak" and STUDENT in view.tied
                 else " Still tied: they roll again." if view.phase == "tiebreak" else "")
        return "Roll-off: " + ", ".join(parts) + "." + after

    def _log_rolloff(self) -> None:
        rounds = self.game.tiebreak_rounds
        self.log_lines.extend(rolloff_lines(len(rounds), rounds[-1], self.seat_names()))
        if self.game.is_terminal():
            self._log_end()

    def _on_score(self, character: str) -> None:
        self._check_not_busy()
        game = self.game
        if game.current_player() != STUDENT:
            raise IllegalActionError(
                "roll first: you score after a roll, on your turn (RULES.md §B3)"
                if not game.is_terminal() else "the game is over: press New game")
        snapshot = self._snapshot()
        score = score_entry(game, f"score {character}")
        self._last_score = f"You scored {character}: {points_text(score['space'])}"
        self._log_score(score)
        self._undo.append(snapshot)
        self.say("")
        self._set_toggles([False] * 5)
        self._after_student()
        self._focus_roll()

    def _focus_roll(self) -> None:
        """Put the keyboard's focus on Roll when the student may press it: the score button
        just pressed is gone, and focus must not fall back to the top of the page."""
        if not self.roll_button.disabled:
            self.roll_button.focus()

    def _log_score(self, score: dict[str, Any]) -> None:
        spaces = self.game.board.to_dict()["rows"][score["character"]]["spaces"]
        self._log(score_line(score, spaces))
        if self.game.is_terminal():
            self._log_end()

    def _log_end(self) -> None:
        result = self.game.outcome()
        assert result is not None
        self.log_lines.extend(standings_lines(result.scores, result.winners, result.winner,
                                              result.reason, self.seat_names()))

    def _log(self, line: str) -> None:
        self.log_lines.append(line)

    def _after_student(self) -> None:
        """After a move of the student: the bots play if it is their turn, else redraw."""
        if self.game.is_terminal() or self._student_moves():
            self._refresh()
            return
        self._run_bots()

    # -- the bots ------------------------------------------------------------------------------
    def _run_bots(self) -> None:
        """Let the bots play (and roll-offs the student is not in) in the background
        (``in_steps``: a worker thread, or inline on the event loop), with every control
        disabled, until it is the student's move or the game is over."""
        self._busy = True
        self._last_bot_score = ""
        self._refresh()
        game = self.game

        def step() -> float | None:
            if game is not self.game or game.is_terminal() or self._student_moves():
                return None
            self._bot_step()
            self._refresh()
            more = game is self.game and not game.is_terminal() and not self._student_moves()
            return self.bot_delay if more else None

        def finish() -> None:
            self._busy = False
            if game.current_player() != TERMINAL and self._student_moves():
                self._set_toggles([False] * 5)
                self._slots = list(range(5))
                self.call.value = self._your_turn_html()
            self._refresh()
            self._focus_roll()

        self.in_steps(step, self.bot_delay, finish)

    def _bot_step(self) -> None:
        """One move of the table that is not the student's: a bot's roll, keep or score, or a
        roll-off roll."""
        game = self.game
        who = game.current_player()
        if who == CHANCE:
            if game.view(STUDENT).phase == "tiebreak":
                game.apply_chance()
                self._log_rolloff()
                self.call.value = self._call_html(self._rolloff_words())
            else:
                self._turn_roll()
            return
        bot = self.bots[who]
        assert bot is not None
        action = bot.choose(game)
        if action.kind == "keep":
            game.apply(action, seat=who)
            self._log(keep_line(str(action)))
        else:
            score = score_entry(game, action)
            self._last_bot_score = self._last_score = (
                f"{_upper(self._who(who))} scored {score['character']}: "
                f"{points_text(score['space'])}")
            self._log_score(score)

    # -- undo and new game ---------------------------------------------------------------------
    def _on_undo(self, _button: Any = None) -> None:
        self._check_not_busy()
        if not self._undo:
            raise IllegalActionError("nothing to undo: you have not moved yet in this game")
        snapshot = self._undo.pop()
        self.invalidate()
        while len(self.game.history) > snapshot.steps:
            self.game.undo()
        self.bots = [None if data is None else bot_from_dict(data) for data in snapshot.bots]
        del self.log_lines[snapshot.log:]
        self._slots = snapshot.slots
        self._set_toggles(snapshot.toggles)
        self.call.value = snapshot.call
        self._hint_key = None
        self.say("Undone: your last move is taken back.")
        self._refresh()

    def _on_new_game(self, _button: Any = None) -> None:
        self._check_not_busy()
        if not self.same_seed.value:
            self.seed = _random_seed()
        self._start()
        self.say(f"New game, seed {self.seed}.")
