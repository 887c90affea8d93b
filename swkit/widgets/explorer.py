"""The odds explorer: build a card or dice question with pickers, see the exact answer, its
formula, a chart, and a simulation closing in on it.

A thin view: the questions, their exact answers, their words, charts and simulations are the
presentation layer's (:mod:`swkit.present`: :func:`~swkit.present.answers.solve`,
:func:`~swkit.present.simulation.simulation`, :func:`~swkit.present.charts.chart_html`); this
module holds the pickers, reads them into a question, and runs the slow work in the background.

``OddsExplorer().question`` is the question on screen (a frozen dataclass), ``.answer`` its
exact :class:`~swkit.present.answers.Answer` (None while a slow answer is computing).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets

from swkit.cards.editions import load_edition
from swkit.cards.notation import COLOR_NAMES, COLORS, NUMBERS, Card, parse_cards
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.scoring import TOP_SPACE
from swkit.errors import NotationError, SearchCancelled, SwkitError, WorkBudgetError
from swkit.odds.cards import parse_others
from swkit.odds.deal import KINDS, MAX_CARDS, MIN_CARDS
from swkit.odds.montecarlo_cards import mc_policy_odds
from swkit.plots import Trial
from swkit.present.answers import (
    Answer,
    caption_words,
    estimate_words,
    is_slow,
    known_words,
    setting_line,
    solve,
)
from swkit.present.charts import chart, chart_html
from swkit.present.questions import (
    EVENT_WORDS,
    MODEL,
    DealQuestion,
    HandQuestion,
    Question,
    RollQuestion,
)
from swkit.present.simulation import Simulated, simulation, trial_of
from swkit.present.words import named_powers
from swkit.widgets._base import WIDGET_CSS, SwkitWidget, escape
from swkit.widgets._checks import arguments, check_keywords

__all__ = [
    "Answer",
    "DealQuestion",
    "HandQuestion",
    "OddsExplorer",
    "RollQuestion",
    "Simulated",
    "chart",
    "chart_html",
    "simulation",
    "solve",
]

MAX_EDITIONS = 3
"""The most editions the editions picker offers."""
SIMULATED_GAMES = 2_000
"""Games of the quick estimate shown for a hand question too large to count exactly."""
NOTHING = ""
"""The pickers' value for "none" / "best" / "expected points": ipywidgets 8 shows a Dropdown
whose value is None as blank (and picking such an option in a browser blanks the picker), so
the "no choice" options carry this value and :meth:`OddsExplorer._read` turns it into None."""


_BIG = "font-size:1.25em;color:#1a1a1a"
_TEXT = "font-size:1.05em;color:#1a1a1a"


def option_labels(picker: widgets.Widget) -> list[str]:
    """The labels a picker (a Dropdown, ToggleButtons, ...) lists, in order, read from its
    public ``options`` as ipywidgets reads them: a mapping's keys; the first of each pair when
    every option is a (label, value) pair; else each value as text."""
    options = picker.options
    items = tuple(options.items()) if isinstance(options, Mapping) else tuple(options)
    if all(isinstance(o, (list, tuple)) and len(o) == 2 for o in items):
        return [str(label) for label, _value in items]
    return [str(o) for o in items]


def _wide(**more: str) -> widgets.Layout:
    """A wide picker's layout: 36em, or the page's width when that is narrower (a phone, a
    zoomed page: nothing is cut and nothing scrolls sideways). One per picker: a layout shared
    between widgets would be closed with the first of them, see ``SwkitWidget.close``."""
    return widgets.Layout(width="auto", max_width="36em", **more)
_STYLE = {"description_width": "11em"}
"""Wide enough for the longest label ("my scored Powers:", 17 characters of about 0.6 em):
at 9em JupyterLab clipped it to "my scored Pow…"."""

_STALE_CSS = """<style>
.swkit-explorer .swkit-stale { opacity:0.7; }
.swkit-explorer .widget-radio-box label { height:auto; min-height:28px; display:flex;
  align-items:center; flex-direction:row-reverse; justify-content:flex-end; gap:4px;
  margin-right:1em; cursor:pointer; }
.swkit-explorer .widget-checkbox label { min-height:28px; }
""" + WIDGET_CSS + "</style>"
"""The old answer is greyed out while a refused input waits to be fixed (still 6:1 on white:
it can be read); a choice's words are
its target, at least 28 px tall (WCAG 2.5.8 asks 24)."""


def _rolls_left(counts: list[int]) -> list[tuple[str, int]]:
    """The rolls-left choices in words ("1 roll left"), each its count."""
    return [(f"{n} roll left" if n == 1 else f"{n} rolls left", n) for n in counts]


def _row(children: list[widgets.Widget]) -> widgets.HBox:
    """Widgets side by side that wrap onto the next line when the page is narrow."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap"))


class _Refused(SwkitError):
    """A picker or field the explorer cannot ask about: ``field`` is the widget to fix (its
    message is shown next to it)."""

    def __init__(self, field: widgets.Widget, message: str) -> None:
        super().__init__(message)
        self.field = field


def _tick(description: str, tooltip: str) -> widgets.Checkbox:
    """An on/off choice: a checkbox, whose name is its words and which says whether it is
    ticked (a ToggleButton exposes no pressed state to a screen reader)."""
    return widgets.Checkbox(value=False, description=description, tooltip=tooltip,
                            indent=False, layout=widgets.Layout(width="auto",
                                                                margin="0 1em 0 0"))


class OddsExplorer(SwkitWidget):
    """Pick a game and a question; see the exact answer, its formula, a chart and a
    simulation converging to it.

    ``question``: the question on screen (:class:`DealQuestion`, :class:`HandQuestion` or
    :class:`RollQuestion`); ``answer``: its exact :class:`Answer` (None while computing, and
    for a hand question over the work budget, whose Simulate runs the simple strategy's
    estimate instead); ``trials``: the running simulation's points. A bad input (a card like
    ``R0``, a picker with no selection) shows the library's message next to its field and
    changes neither the question nor the answer (greyed out until the input is fixed). Takes
    no arguments: any keyword raises ConfigurationError.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> OddsExplorer:
        """Any argument is refused before the widget exists (ConfigurationError)."""
        check_keywords("OddsExplorer", arguments(cls, args, kwargs)["kwargs"], ())
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__()
        self.question: Question = DealQuestion()
        self.answer: Answer | None = None
        self._sim_refused = False       # the message sits under the trials picker
        self._input_refused = False     # an input is refused: the answer shown is stale
        self._estimate: HandQuestion | None = None   # over the work budget: Simulate estimates
        self._known = ""                # its exact answers for fewer turns, in words
        self.trials: list[Trial] = []
        self.simulated: Simulated | None = None
        self._quiet = 0
        self._token = 0
        self._sim_run = 0              # the Simulate run whose steps may still draw
        self._unanswered = False       # the engine refused the question on screen
        self._view_lock = threading.Lock()
        self.add_class("swkit-explorer")
        self._build()
        self._refresh()

    # -- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        on = self.guard(self._on_input)
        # choices of one among a few: radio buttons, which say which one is checked
        self.game = widgets.RadioButtons(
            options=[("Cards (Something Wild!)", "cards"), ("Dice (Clubhouse)", "dice")],
            value="cards", description="game:", style=_STYLE, orientation="horizontal",
            layout=widgets.Layout(width="auto"))
        self.kind = widgets.Dropdown(
            options=self._kinds("cards"), value="deal", description="question:", style=_STYLE,
            layout=_wide())
        # cards: K random cards
        self.cards = widgets.Dropdown(options=list(range(MIN_CARDS, MAX_CARDS + 1)), value=3,
                                      description="K cards:", style=_STYLE,
                                      tooltip="how many random cards are dealt")
        self.event = widgets.Dropdown(options=[(EVENT_WORDS[k], k) for k in KINDS],
                                      value="either", description="they hold:", style=_STYLE)
        self.editions = widgets.Dropdown(options=list(range(1, MAX_EDITIONS + 1)), value=1,
                                         description="editions:", style=_STYLE,
                                         tooltip="copies of each card in the deck")
        self.wild_color = widgets.Dropdown(
            options=[("none", NOTHING)] + [(f"{COLOR_NAMES[c]} ({c})", c) for c in COLORS],
            value=NOTHING, description="wild color:", style=_STYLE,
            tooltip="a wild-color Power in force: cards of this color are any color")
        self.wild_number = widgets.Dropdown(
            options=[("none", NOTHING)] + [(str(n), n) for n in NUMBERS], value=NOTHING,
            description="wild number:", style=_STYLE,
            tooltip="a wild-number Power in force: cards of this number are any number")
        self.deal_box = widgets.VBox([self.cards, self.event, self.editions, self.wild_color,
                                      self.wild_number])
        # cards: my hand
        edition = load_edition("mickey")
        powers = [(f"{p.name}: {p.text}", p.key) for p in edition.powers]
        self.hand = widgets.Text(value="B2 G7 Y9", description="my hand:", style=_STYLE,
                                 layout=_wide(), continuous_update=False,
                                 placeholder="cards like R5 B7 (before this turn's draw)")
        self.tableau = widgets.Text(value="R4 R6 B8", description="my tableau:", style=_STYLE,
                                    layout=_wide(), continuous_update=False,
                                    placeholder="cards like R4 R6")
        self.discard = widgets.Text(value="G3 P5 Y4 B1", description="discard pile:",
                                    style=_STYLE, layout=_wide(), continuous_update=False,
                                    placeholder="bottom to top, e.g. G3 P5 (top last)")
        self.others = widgets.Text(value="", description="other tableaux:", style=_STYLE,
                                   layout=_wide(), continuous_update=False,
                                   placeholder="one per player, separated by /: R1 R2 / B5")
        self.center = widgets.Dropdown(
            options=[("unknown (face down to me)", "unknown"), ("none", "none")] + powers,
            value="green-discard", description="center Power:", style=_STYLE, layout=_wide())
        self.figure_held = widgets.Checkbox(value=False, description="I hold the figure",
                                            indent=False)
        self.scored_powers = widgets.SelectMultiple(
            options=powers, value=(), description="my scored Powers:", style=_STYLE,
            rows=6, layout=_wide(),
            tooltip="hold Ctrl (or Shift) to choose several")
        self.turns = widgets.RadioButtons(
            options=[("I score this turn", 1), ("I score within 2 turns", 2),
                     ("I score within 3 turns", 3)], value=1, description="when:",
            style=_STYLE, orientation="horizontal", layout=widgets.Layout(width="auto"))
        self.hand_box = widgets.VBox([self.hand, self.tableau, self.discard, self.others,
                                      self.center, self.figure_held, self.scored_powers,
                                      self.turns])
        # dice
        faces = list(MODEL.names) + [CLUBHOUSE]
        start = RollQuestion().dice or ()
        self.dice = [widgets.Dropdown(options=faces, value=start[i], description=f"die {i + 1}:",
                                      layout=widgets.Layout(width="13em"),
                                      style={"description_width": "4em"})
                     for i in range(MODEL.n)]
        self.unrolled = widgets.Checkbox(value=False, indent=False,
                                         description="before the first roll (no dice showing)")
        self.rolls_left = widgets.RadioButtons(
            options=_rolls_left([0, 1, 2]), value=2, description="rolls left:", style=_STYLE,
            orientation="horizontal", layout=widgets.Layout(width="auto"))
        self.scored_chars = [_tick(f"I scored {name}", "each character is scored once")
                             for name in MODEL.names]
        self.taken = {(name, space): _tick(f"{name} {space}",
                                           f"{name}'s space {space} holds another token")
                      for name in MODEL.names for space in range(1, TOP_SPACE + 1)}
        self.target = widgets.Dropdown(options=self._targets(()), value=NOTHING,
                                       description="character:", style=_STYLE)
        self.measure = widgets.Dropdown(
            options=[("expected points this turn", NOTHING)]
            + [(f"P(count ≥ {k})", k) for k in range(1, MODEL.n + 1)],
            value=4, description="ask:", style=_STYLE)
        board_rows = [_row([self.taken[(name, s)] for s in range(1, TOP_SPACE + 1)])
                      for name in MODEL.names]
        self.dice_box = widgets.VBox([
            _row(self.dice), self.unrolled,
            self.rolls_left, self.measure, self.target, _row(self.scored_chars),
            widgets.HTML(f'<div style="{_TEXT}">scoreboard: the numbered spaces holding other '
                         "players' tokens (tick the taken ones)</div>"),
            *board_rows])
        # answer
        self.headline = widgets.HTML(layout=widgets.Layout(min_height="2em"))
        self.formula = widgets.HTMLMath(layout=widgets.Layout(min_height="2em"))
        self.details = widgets.HTML()
        # the chart: an <img> with its words as alt (matplotlib) or an SVG with a <title> and
        # <desc> (a browser kernel); hidden while it has none; the caption under it says the
        # numbers on screen
        self.chart = widgets.HTML(layout=widgets.Layout(max_width="100%", display="none"))
        self.chart.add_class("swkit-chart")
        self.stale_note = widgets.HTML()
        self.chart_caption = widgets.HTML()
        self.chart_caption.add_class("swkit-chart-caption")
        # simulation
        self.sim_n = widgets.Dropdown(options=[("1,000", 1000), ("10,000", 10_000),
                                               ("100,000", 100_000)], value=10_000,
                                      description="simulate:", style=_STYLE,
                                      tooltip="how many random trials")
        self.sim_seed = widgets.BoundedIntText(value=0, min=0, max=2**31 - 1,
                                               description="seed:",
                                               tooltip="the simulation's seed: same seed, "
                                                       "same run",
                                               layout=widgets.Layout(width="12em"))
        self.simulate = widgets.Button(description="Simulate", button_style="primary",
                                       icon="play",
                                       tooltip="run the simulation and draw it on the chart")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="trials:",
                                            bar_style="info")
        self.progress_text = widgets.HTML()
        self.simulate.on_click(self.guard(self._on_simulate))

        for w in [self.game, self.kind, self.cards, self.event, self.editions, self.wild_color,
                  self.wild_number, self.hand, self.tableau, self.discard, self.others,
                  self.center, self.figure_held, self.scored_powers, self.turns, *self.dice,
                  self.unrolled, self.rolls_left, self.measure, self.target,
                  *self.scored_chars, *self.taken.values()]:
            w.observe(on, names="value")
        self.children = [
            widgets.HTML(_STALE_CSS + f'<h3 style="{_BIG};margin:0">Odds explorer</h3>'),
            self.live,
            self.game, self.kind, self.deal_box, self.hand_box, self.dice_box,
            self.stale_note, self.headline, self.formula, self.details, self.message,
            self.chart, self.chart_caption,
            _row([self.sim_n, self.sim_seed, self.simulate]),
            _row([self.progress, self.progress_text]),
        ]

    def _scored(self) -> tuple[str, ...]:
        """The characters ticked as scored, in row order."""
        return tuple(name for name, box in zip(MODEL.names, self.scored_chars, strict=True)
                     if box.value)

    @staticmethod
    def _kinds(game: str) -> list[tuple[str, str]]:
        if game == "cards":
            return [("K random cards: a set or a run?", "deal"),
                    ("my hand: will I score?", "hand")]
        return [("my roll: best play, count or points", "roll")]

    @staticmethod
    def _targets(scored: tuple[str, ...]) -> list[tuple[str, str]]:
        return [("best unscored character", NOTHING)] + [(n, n) for n in MODEL.names
                                                      if n not in scored]

    @contextmanager
    def _holding(self) -> Iterator[None]:
        """Change pickers (their options too) without a computation per change: observers
        return at once while held, and the caller asks the finished question once after.
        (Not ``hold_trait_notifications``: it defers the Dropdown's own options observer, so
        the new value is then checked against the OLD options and refused.)"""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    # -- reading the pickers ----------------------------------------------------------------
    def _picked(self, *pickers: widgets.Widget) -> None:
        """Refuse a picker showing no choice (``index: None``, which a page may send)."""
        for picker in pickers:
            if picker.value is None:
                labels = option_labels(picker)
                name = picker.description.rstrip(":") or "this picker"
                raise _Refused(picker, f"{name}: nothing is picked; pick one of "
                                       f"{', '.join(labels)}")

    def _read(self) -> Question:
        """The question the pickers show. Raises ``_Refused`` (a SwkitError) naming the field to
        fix, before anything changes."""
        self._picked(self.game, self.kind)
        kind = self.kind.value
        if kind == "deal":
            self._picked(self.cards, self.event, self.editions, self.wild_color,
                         self.wild_number)
            return DealQuestion(self.cards.value, self.event.value, self.editions.value,
                                self.wild_color.value or None, self.wild_number.value or None)
        if kind == "hand":
            self._picked(self.center, self.turns)

            def cards(field: widgets.Text) -> tuple[Card, ...]:
                try:
                    return tuple(parse_cards(field.value))
                except NotationError as exc:
                    raise _Refused(field, f"{field.description.rstrip(':')}: {exc}") from None
            try:
                others = parse_others(self.others.value)
            except SwkitError as exc:
                raise _Refused(self.others, str(exc)) from None
            question = HandQuestion(
                cards(self.hand), cards(self.tableau), cards(self.discard), others,
                self.center.value, self.figure_held.value, tuple(self.scored_powers.value),
                self.turns.value)
            try:
                question.position()  # the engine checks it now: a bad position changes nothing
            except SwkitError as exc:
                raise _Refused(self._field_named(str(exc)), str(exc)) from None
            return question
        self._picked(*self.dice, self.rolls_left, self.measure, self.target)
        scored = self._scored()
        taken = tuple(key for key, b in self.taken.items() if b.value)
        dice = None if self.unrolled.value else tuple(d.value for d in self.dice)
        question = RollQuestion(dice, self.rolls_left.value, scored, taken,
                                self.target.value or None, self.measure.value or None)
        try:
            question.objective().resolve(MODEL).check(MODEL)
        except SwkitError as exc:
            raise _Refused(self.measure, str(exc)) from None
        return question

    def _field_named(self, text: str) -> widgets.Widget:
        """The hand field a position error speaks of first ("hand: ...", "discard: ...")."""
        fields = [("hand", self.hand), ("tableau", self.tableau), ("discard", self.discard),
                  ("others", self.others), ("center", self.center),
                  ("scored", self.scored_powers), ("figure", self.figure_held)]
        at = {field: text.find(word) for word, field in fields if word in text}
        return min(at, key=at.__getitem__) if at else self.turns

    # -- refusals -----------------------------------------------------------------------------
    def _place_message(self, field: widgets.Widget | None) -> None:
        """Move the message area under ``field`` (under its row of pickers), or back to its
        place under the answer when ``field`` is None."""
        def remove(box: widgets.Box) -> None:
            if self.message in box.children:
                box.children = tuple(c for c in box.children if c is not self.message)
            for child in box.children:
                if isinstance(child, widgets.Box):
                    remove(child)

        def parent(box: widgets.Box, target: widgets.Widget) -> widgets.Box | None:
            for child in box.children:
                if child is target:
                    return box
                if isinstance(child, widgets.Box):
                    found = parent(child, target)
                    if found is not None:
                        return found
            return None

        remove(self)
        target: widgets.Widget = self.details if field is None else field
        box = parent(self, target)
        while box is not None and isinstance(box, widgets.HBox):   # below the row, not in it
            target, box = box, parent(self, box)
        if box is None:
            box, target = self, self.details
        children = list(box.children)
        children.insert(children.index(target) + 1, self.message)
        box.children = tuple(children)

    def _refuse(self, refusal: SwkitError) -> None:
        """Show ``refusal`` next to the field to fix; the question and its answer stay, the
        answer greyed out and marked as the previous question's."""
        field = getattr(refusal, "field", None)
        self._place_message(field)
        self.say(named_powers(str(refusal), load_edition("mickey").powers), "refused")
        self._stale(True)

    def _stale(self, stale: bool) -> None:
        self._input_refused = stale
        if stale:                        # the greyed answer is not the question on screen
            self.simulate.disabled = True
        for part in (self.headline, self.formula, self.details, self.chart, self.chart_caption):
            if stale:
                part.add_class("swkit-stale")
            else:
                part.remove_class("swkit-stale")
        self.stale_note.value = (
            f'<div style="{_TEXT}"><i>Not answered: fix the input marked above. Greyed out: '
            "the answer to the question before your change.</i></div>"
            if stale and self.answer is not None else "")

    # -- reacting ---------------------------------------------------------------------------
    def _on_input(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        owner = change.get("owner")
        if owner is self.game:
            with self._holding():
                self.kind.options = self._kinds(self.game.value)
                self.kind.value = self.kind.options[0][1]
        elif owner is self.unrolled:
            with self._holding():
                before = self.rolls_left.value
                if before is None:        # a picker showing no choice: start from the middle
                    before = 2 if self.unrolled.value else 1
                counts = [1, 2, 3] if self.unrolled.value else [0, 1, 2]
                self.rolls_left.options = _rolls_left(counts)
                self.rolls_left.value = min(max(before + (1 if self.unrolled.value else -1),
                                                counts[0]), counts[-1])
        elif owner in self.scored_chars:
            scored = self._scored()
            with self._holding():
                keep = self.target.value if self.target.value not in scored else NOTHING
                self.target.options = self._targets(scored)
                self.target.value = keep
        self._refresh()

    def _refresh(self) -> None:
        """Read the pickers, show the right panel, and answer the question on screen."""
        kind = self.kind.value
        self.deal_box.layout.display = "" if kind == "deal" else "none"
        self.hand_box.layout.display = "" if kind == "hand" else "none"
        self.dice_box.layout.display = "" if kind == "roll" else "none"
        for d in self.dice:
            d.disabled = self.unrolled.value
        try:
            question = self._read()
            answer = None if is_slow(question) else solve(question)
        except SwkitError as refusal:    # the question and its answer stay as they were
            self._refuse(refusal)
            return
        self._place_message(None)
        self.say("")
        self._stale(False)
        self._ask(question, answer)

    def _ask(self, question: Question, answer_now: Answer | None = None) -> None:
        """Show ``question`` with its answer: ``answer_now`` (a fast question, solved by the
        caller) or computed in the background."""
        with self._view_lock:
            self._token += 1
            token = self._token
            self.question = question
            self.answer = None
            self._estimate = None
            self._unanswered = False
            self.trials = []
            self.simulated = None
        self.invalidate()                # drops a slow answer or a simulation still running
        self.simulate.disabled = True
        self.progress.value = 0
        self.progress_text.value = ""
        if answer_now is not None:
            # the answer at once; the chart (a PNG, slower to draw) from a worker
            answer = answer_now
            self._show(token, answer)
            self.in_background(lambda: chart_html(answer),
                               lambda html: self._set_chart(token, answer, html, None))
            return

        def placeholder() -> None:
            self.headline.value = (f'<div style="{_BIG}">'
                                   f"{escape(question.text())}: <b>computing…</b></div>")
            self.formula.value = ""
            self.details.value = ""
            self._clear_chart()
            self.chart_caption.value = ""

        def stale() -> bool:
            # the search's cancel flag: the engine asks it wherever it counts its work (every
            # path, the refusals' too), so a new question stops the old search at once. On
            # the inline back end (Pyodide) a search holds the kernel until it ends, so no
            # new question can arrive meanwhile, and a stale job not started is skipped.
            return token != self._token

        def progress(done: int, total: int) -> None:
            with self._view_lock:
                if token != self._token:   # a new question: its search shows the progress
                    return
                self.headline.value = (f'<div style="{_BIG}">'
                                       f"{escape(question.text())}: <b>computing… "
                                       f"{round(100 * done / max(total, 1))}%</b></div>")

        def compute() -> tuple[Answer, str] | SwkitError | None:
            try:
                if stale():                 # a newer question came before this one started
                    return None
                if isinstance(question, DealQuestion):  # the answer first, the chart by K after
                    self._show(token, solve(question, quick=True), drawing="all K")
                answer = (solve(question, progress=progress, stop=stale)
                          if isinstance(question, HandQuestion) else solve(question))
                if stale():
                    return None
            except SearchCancelled:         # another question is on screen: nothing to show
                return None
            except WorkBudgetError as refusal:   # too large: the reason and an estimate
                self._too_large(token, question, refusal, stale)
                return None
            except SwkitError as refusal:   # the engine's refusal, in its words: not a bug
                return refusal
            return answer, chart_html(answer)

        def show(result: tuple[Answer, str] | SwkitError | None) -> None:
            if isinstance(result, SwkitError):
                with self._view_lock:
                    if token != self._token:
                        return
                    self._unanswered = True
                    self.headline.value = (f'<div style="{_BIG}">{escape(question.text())}: '
                                           "<b>not answered</b></div>")
                self.say(named_powers(str(result), load_edition("mickey").powers), "refused")
                return
            if result is None:
                return
            self._show(token, result[0])
            self._set_chart(token, result[0], result[1], None)

        self.in_background(compute, show, placeholder)

    def _too_large(self, token: int, question: Question, refusal: WorkBudgetError,
                   stop: Callable[[], bool]) -> None:
        """A hand question over the work budget: the refusal in words, then a quick
        simulated estimate of a simple strategy (``mc_policy_odds``, a lower bound), which
        stops as soon as ``stop()`` says the question is stale."""
        words = str(refusal).split(";")[0]
        known = known_words(refusal.partial)
        with self._view_lock:
            if token != self._token:
                return
            self.headline.value = (f'<div style="{_BIG}">'
                                   f"{escape(question.text())}: <b>too much work to count "
                                   "exactly</b></div>")
            self.announce(f"{question.text()}: too much work to count exactly")
            self.formula.value = f'<div style="{_TEXT}">{escape(words)}.</div>'
            self.details.value = (f'<div style="{_TEXT}">Exact answers for fewer turns: '
                                  f"{escape(known or 'none yet')}. Simulating an estimate…</div>")
        assert isinstance(question, HandQuestion)
        try:
            sim = mc_policy_odds(question.position(), question.turns, n=SIMULATED_GAMES,
                                 seed=0, stop=stop)
        except SearchCancelled:            # another question came during the estimate
            return
        with self._view_lock:
            if token != self._token:
                return
            self._known = known
            self._estimate = question      # Simulate runs this estimate with its trials, seed
            self.details.value = self._estimate_text(trial_of(sim), "")
            self.simulate.disabled = self._input_refused

    def _estimate_text(self, trial: Trial, seed: str) -> str:
        """The over-budget question's details (:func:`~swkit.present.answers.estimate_words`)
        as HTML: ``trial`` the simple strategy's estimate, ``seed`` as shown or ""."""
        return f'<div style="{_TEXT}">{escape(estimate_words(self._known, trial, seed))}</div>'

    def _show(self, token: int, answer: Answer, drawing: str = "") -> None:
        """Show ``answer``'s words (the chart follows) unless the question moved on."""
        with self._view_lock:
            if token != self._token:
                return
            self.answer = answer
            self.headline.value = (
                f'<div style="{_BIG}">'
                f"{escape(answer.headline)} = <b>{escape(answer.value_text())}</b></div>"
                + (f'<div style="{_TEXT}">{escape(line)}</div>'
                   if (line := setting_line(answer)) else ""))
            said = f"{answer.headline} = {answer.value_text()}"
            if not self.announced or self.announced[-1] != said:  # a deal's answer comes twice
                self.announce(said)
            if answer.formula:
                self.formula.value = (f'<div style="{_TEXT}">${answer.formula}$<br>'
                                      f"({escape(answer.formula_note)})</div>")
            else:
                self.formula.value = f'<div style="{_TEXT}">{escape(answer.formula_note)}</div>'
            self.details.value = ("<ul style='margin:0;" + _TEXT + "'>"
                                  + "".join(f"<li>{escape(line)}</li>" for line in answer.details)
                                  + "</ul>")
            self._clear_chart()
            self.chart_caption.value = (f'<div style="{_TEXT}">drawing the chart'
                                        f"{' for ' + drawing if drawing else ''}…</div>")
            self.simulate.disabled = self._input_refused

    def _set_chart(self, token: int, answer: Answer, html: str,
                   sim: Simulated | None) -> None:
        """Show the chart (``html``, from :func:`chart_html`) unless the question moved on
        (one chart, never a stale one), and under it the numbers in words."""
        with self._view_lock:
            if token != self._token:
                return
            self.chart.value = html
            self.chart.layout.display = ""
            self.chart_caption.value = self._caption(answer, sim)

    def _clear_chart(self) -> None:
        """No chart for now: hidden, and emptied."""
        self.chart.layout.display = "none"
        self.chart.value = ""

    def _caption(self, answer: Answer, sim: Simulated | None) -> str:
        return f'<div style="{_TEXT}">{escape(caption_words(answer, sim))}</div>'

    # -- simulating -------------------------------------------------------------------------
    def _on_simulate(self, _button: Any = None) -> None:
        """Simulate the answer's question, drawing it against the exact value; over the work
        budget (no exact answer), the simple strategy's estimate, in words."""
        answer, estimate = self.answer, self._estimate
        # A click can arrive while the button is disabled (a page sends it before the
        # disabled state reaches it, or code calls click()). After a refused input or an
        # unanswered question it does what a disabled button does: nothing, and the refusal
        # on screen (what to fix) stays; it never simulates the greyed, older question.
        if self._input_refused or (answer is None and estimate is None and self._unanswered):
            return
        if answer is None and estimate is None:
            self.say("Wait for the exact answer first (it is computing).", "refused")
            return
        try:
            self._picked(self.sim_n)     # a page may send index None for the trials picker
        except _Refused as refusal:
            self._place_message(refusal.field)
            self.say(str(refusal), "refused")
            self._sim_refused = True
            return
        if self._sim_refused:            # the trials picker is fixed: its refusal goes
            self._sim_refused = False
            self._place_message(None)
            self.say("")
        total, seed = self.sim_n.value, self.sim_seed.value
        with self._view_lock:
            token = self._token
            self._sim_run += 1           # a second click starts over: the first run stops
            run = self._sim_run
            self.trials = []
            self.simulated = None
        self.progress.max = total
        self.progress.value = 0
        self.simulate.disabled = True
        self.invalidate()                # a chart still drawing for the answer is dropped
        question = answer.question if answer is not None else estimate
        assert question is not None
        sims = simulation(question, total, seed, simple=answer is None)
        last: dict[str, Any] = {"drawn": 0.0, "sim": None}

        def step() -> float | None:
            """One batch of trials (each its own job inline, so the page stays live)."""
            with self._view_lock:
                if token != self._token or run != self._sim_run:
                    return None
            sim = next(sims, None)
            with self._view_lock:
                if token != self._token or run != self._sim_run:
                    return None
                if sim is not None:
                    last["sim"] = sim
                    self.trials.append(sim.trial)
                    self.simulated = sim
                    trials = list(self.trials)
                    self.progress.value = sim.n
                    self.progress_text.value = (f'<span style="{_TEXT}">{sim.n:,} of '
                                                f"{total:,} trials</span>")
                    if answer is None:   # no exact value to draw against: the words
                        self.details.value = self._estimate_text(sim.trial, f", seed {seed}")
            if sim is None:
                if last["sim"] is not None and answer is not None:
                    self._draw(token, answer, list(self.trials), last["sim"])
                with self._view_lock:
                    if token == self._token and run == self._sim_run:
                        self.simulate.disabled = self._input_refused
                return None
            if answer is None:
                return 0.0
            if time.perf_counter() - last["drawn"] > 0.4 and sim.n < total:
                self._draw(token, answer, trials, sim)
                last["drawn"] = time.perf_counter()
            return 0.0

        self.in_steps(step, 0.0, moves=False)   # its own lock: a click never waits a batch

    def _draw(self, token: int, answer: Answer, trials: list[Trial], sim: Simulated) -> None:
        self._set_chart(token, answer, chart_html(answer, trials, sim), sim)
