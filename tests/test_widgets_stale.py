"""Widgets under real timing: clicks during the bots' turn on the thread back end, a new
question during a slow search, and clicks that were made on a screen the student had not seen
yet (the page queues clicks while a cell runs and the kernel gets them in a burst).

- One thing at a time touches a widget's game: a click handled on the kernel's thread never
  runs while a worker thread is inside a bot's move (the hint once read a game half-way
  through the bots' turn: "() is not a count vector of 5 dice").
- A new question in the odds explorer stops the old search at once, whatever path it is on
  (the engine asks the explorer's cancel flag where it counts its work budget), a search that
  ends in "too much work" and reports no progress included; the answer shown is the engine's
  exact answer (or refusal) to the last question.
- A move (Roll, Score, a keep, a card choice) that arrives before the page has echoed the
  last state counted (``_drawn`` -> ``_seen``, through a ``jsdlink``) is dropped with a word;
  without a page (no echo ever) nothing is dropped. The real page is driven in
  tests/browser/test_stale_clicks.py.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
from random_play import click_at_random
from widget_backends import backend  # noqa: F401 - every test under both back ends

import swkit.present.answers
import swkit.widgets.explorer as explorer_module
from swkit.errors import WorkBudgetError
from swkit.odds import player_odds
from swkit.odds.montecarlo_cards import mc_policy_odds
from swkit.widgets import CardTable, DiceCup, OddsExplorer
from swkit.widgets.dice import DiceCup as DiceCupClass

STUDENT = 0


def page_echo(w: Any) -> None:
    """What the page does once it has drawn the widget's last state: echo its version."""
    w._seen.value = w._drawn.value


def until(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


# -- one thing at a time (thread back end) --------------------------------------------------

def threads_only(backend: str) -> None:  # noqa: F811
    if backend != "thread":
        pytest.skip("inline work runs between callbacks: nothing can overlap a click there")


def test_a_click_never_runs_inside_a_bots_move(backend, monkeypatch):  # noqa: F811
    """The student clicks while the bots play and the moment they finish: no click's callback
    may run while the worker is inside a bot's move or redraws the table after it (the hint
    of the last redraw once read the game the student's next clicks were changing)."""
    threads_only(backend)
    worker_inside = [0]
    overlaps: list[str] = []
    steps = [0]

    def on_worker(name: str) -> None:
        method = getattr(DiceCupClass, name)

        def wrapped(self, *args):
            if threading.current_thread() is threading.main_thread():
                return method(self, *args)
            worker_inside[0] += 1
            steps[0] += 1
            try:
                time.sleep(0.005)       # the worker thinking: a window for a click
                return method(self, *args)
            finally:
                worker_inside[0] -= 1

        monkeypatch.setattr(DiceCupClass, name, wrapped)

    def on_main(name: str) -> None:
        method = getattr(DiceCupClass, name)

        def wrapped(self, *args):
            if worker_inside[0] and threading.current_thread() is threading.main_thread():
                overlaps.append(f"{name} ran while the worker was inside the game")
            return method(self, *args)

        monkeypatch.setattr(DiceCupClass, name, wrapped)

    for name in ("_bot_step", "_refresh"):
        on_worker(name)
    for name in ("_on_roll", "_on_score", "_show_hint", "_on_toggle"):
        on_main(name)
    w = DiceCup(players=3, seed=11, bots="greedy", bot_delay=0)
    w.hint_button.value = True
    for _turn in range(4):
        w.wait_idle()
        w.roll_button.click()
        next(iter(w.score_buttons.values())).click()      # the bots' turn starts
        deadline = time.monotonic() + 20
        while w._busy and time.monotonic() < deadline:   # clicks during the bots' turn
            w.hint_button.value = not w.hint_button.value
            w.dice_buttons[0].value = not w.dice_buttons[0].value
            w.roll_button.click()
            time.sleep(0.001)
        w.roll_button.click()                  # ... and the moment it ends
        w.hint_button.value = True
        w.wait_idle()
        if w.game.current_player() == STUDENT:
            next(iter(w.score_buttons.values())).click()
            w.wait_idle()
    assert steps[0] >= 8
    assert overlaps == [] and w.errors == []


@pytest.mark.slow
def test_random_clicks_during_the_win_bots_turn_never_break_the_hint(backend):  # noqa: F811
    """The reported race: two players, the win bot, no pause, the hint on, and a student who
    clicks everything at any time, on the thread back end."""
    threads_only(backend)
    errors: list[Any] = []
    for seed in range(12):
        chooser = random.Random(seed)
        w = DiceCup(players=2, seed=seed, bots="win", bot_delay=0)
        w.hint_button.value = True
        for _ in range(400):
            if w.game.is_terminal():
                break
            click_at_random(w, chooser)
            w.hint_button.value = True
            if chooser.random() < 0.3:
                time.sleep(0.001)
        w.wait_idle()
        errors += w.errors
        w.close()
    assert errors == []


# -- a new question stops the old search (thread back end) -----------------------------------

@pytest.mark.slow
def test_a_new_question_stops_the_old_search(backend, monkeypatch):  # noqa: F811
    """Five slow three-turn questions in a row: the four stale searches stop at once
    instead of running on beside the new one, and the answer shown is the
    engine's exact answer to the last question. The engine is the real one; each progress
    call pauses 20 ms so that a search outlasts the edits."""
    threads_only(backend)
    active = [0]
    most_after_edits = [0]
    edits_done = threading.Event()
    finished: list[str] = []

    def slowed(position, turns=1, *, progress=None, **kwargs):
        def paused(done: int, total: int) -> None:
            time.sleep(0.02)
            if edits_done.is_set():
                most_after_edits[0] = max(most_after_edits[0], active[0])
            if progress is not None:
                progress(done, total)

        active[0] += 1
        try:
            result = player_odds(position, turns, progress=paused, **kwargs)
            if turns == 3:
                finished.append(" ".join(str(c) for c in position.hand))
            return result
        finally:
            active[0] -= 1

    monkeypatch.setattr(swkit.present.answers, "player_odds", slowed)
    w = OddsExplorer()
    w.wait_idle()
    w.kind.value = "hand"
    w.wait_idle()
    hands = ["B2 G7 Y9", "B2 G7 Y8", "B3 G7 Y9", "B2 G6 Y9", "B2 G7 P9"]
    w.turns.value = 3
    for hand in hands:
        time.sleep(0.1)
        w.hand.value = hand
    edits_done.set()
    assert until(lambda: active[0] <= 1, timeout=5.0), f"{active[0]} searches still run"
    w.wait_idle()
    assert w.errors == []
    assert finished == [hands[-1]]             # only the last question's search ran to its end
    assert most_after_edits[0] <= 2
    exact = player_odds(w.question.position(), 3)
    assert w.question.turns == 3 and w.answer.question == w.question
    assert w.answer.value == exact.probability


REFUSED = dict(tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
               center="green-extra-play", scored=("purple-pass",))
"""With the figure held and each hand below, T = 3 is refused over the default budget after
about 5 s of CPU, with no progress call in its last seconds (then the over-budget estimate
simulates 2,000 games for seconds more)."""
REFUSED_HANDS = ["B2 G7 Y9", "B2 G7 Y8", "B2 G6 Y9", "B2 G7 P9", "B3 G7 Y9"]


@pytest.mark.slow
def test_edits_during_a_refused_question_leave_one_search(backend, monkeypatch):  # noqa: F811
    """Five edits during a question the engine refuses ("too much work", no progress call to
    stop it from): the stale searches stop at once, on either back end at most one search
    (or its estimate) is alive, and what is shown is the last question's refusal and
    estimate. The engine and the estimate are the real ones, counted as they run."""
    alive = [0]
    ended: list[tuple[str, str]] = []
    lock = threading.Lock()

    def counted(run):
        def wrapper(position, turns=1, **kwargs):
            with lock:
                alive[0] += 1
            how = "answered"
            try:
                return run(position, turns, **kwargs)
            except Exception as exc:
                how = type(exc).__name__
                raise
            finally:
                with lock:
                    alive[0] -= 1
                    if turns == 3:
                        ended.append((" ".join(map(str, position.hand)), how))
        return wrapper

    monkeypatch.setattr(swkit.present.answers, "player_odds", counted(player_odds))
    monkeypatch.setattr(explorer_module, "mc_policy_odds", counted(mc_policy_odds))
    w = OddsExplorer()
    w.wait_idle()
    w.kind.value = "hand"
    w.others.value = REFUSED["others"]
    w.center.value = REFUSED["center"]
    w.figure_held.value = True
    w.scored_powers.value = REFUSED["scored"]
    w.hand.value = REFUSED_HANDS[0]
    w.wait_idle()
    ended.clear()
    w.turns.value = 3                            # the first slow question
    for hand in REFUSED_HANDS[1:]:               # four edits while it runs
        time.sleep(0.3)
        w.hand.value = hand
    searches_ended = threads_ended = True
    if backend == "thread":
        # the stale searches end within a fraction of a second (3 s: a loaded machine), not
        # after the 5 s of CPU each needs to its refusal; then their threads end
        searches_ended = until(lambda: alive[0] <= 1, timeout=3.0)
        threads_ended = until(lambda: sum(t.name == "OddsExplorer-worker" and t.is_alive()
                                          for t in threading.enumerate()) <= 1, timeout=3.0)
    w.wait_idle(timeout=300)         # first: nothing of this test runs on into the next
    assert searches_ended, "the stale searches ran on"
    assert threads_ended, "more than one worker thread stayed alive"
    assert w.errors == []
    assert alive[0] == 0
    last = REFUSED_HANDS[-1]
    stale = [how for hand, how in ended if hand != last]
    assert set(stale) <= {"SearchCancelled"}     # none ran on to its refusal
    assert [how for hand, how in ended if hand == last] == ["WorkBudgetError", "answered"]
    assert " ".join(map(str, w.question.hand)) == last and w.question.turns == 3
    assert w.answer is None and w._estimate == w.question      # its estimate, no other's
    assert "too much work" in w.headline.value
    with pytest.raises(WorkBudgetError):
        player_odds(w.question.position(), 3)


# -- clicks on a screen the student has not seen -----------------------------------------------

def test_a_roll_before_the_last_roll_showed_is_dropped(backend):  # noqa: F811
    w = DiceCup(players=1, seed=3, bot_delay=0)
    page_echo(w)                                 # a page is there and has drawn the cup
    w.roll_button.click()
    first = w.shown_dice()
    assert w.game.view(STUDENT).rolls_left == 2 and w.errors == []
    for _ in range(2):                           # two more clicks queued before the echo
        w.roll_button.click()
    assert w.game.view(STUDENT).rolls_left == 2 and w.shown_dice() == first
    assert "before the screen showed your last move" in w.message.value
    w.dice_buttons[0].value = True               # a keep clicked on the old screen: undone
    assert w.kept() == [False] * 5 and w.game.view(STUDENT).rolls_left == 2
    next(iter(w.score_buttons.values())).click()   # so is a score
    assert w.game.board.tokens_placed(STUDENT) == 0
    page_echo(w)                                 # the page draws roll 1: clicks count again
    w.dice_buttons[0].value = True
    assert w.kept()[0]
    w.roll_button.click()
    assert w.game.view(STUDENT).rolls_left == 1 and w.errors == []
    assert "before the screen" not in w.message.value


def test_without_a_page_no_click_is_dropped(backend):  # noqa: F811
    w = DiceCup(players=1, seed=3, bot_delay=0)
    for left in (2, 1, 0):
        w.roll_button.click()
        assert w.game.view(STUDENT).rolls_left == left
    assert w._seen.value == -1 and w.errors == []


def test_the_bots_moves_count_as_moves_the_page_must_show(backend):  # noqa: F811
    w = DiceCup(players=2, seed=4, bots="greedy", bot_delay=0)
    page_echo(w)
    w.roll_button.click()
    page_echo(w)
    next(iter(w.score_buttons.values())).click()
    w.wait_idle()                                # the bot played: the page has not drawn it
    assert w.game.view(STUDENT).seat == STUDENT and w.game.view(STUDENT).roll_number == 0
    w.roll_button.click()
    assert w.game.view(STUDENT).roll_number == 0
    page_echo(w)
    w.roll_button.click()
    assert w.game.view(STUDENT).roll_number == 1 and w.errors == []


def test_a_card_move_before_the_last_move_showed_is_dropped(backend):  # noqa: F811
    w = CardTable(players=2, seed=8, bot_delay=0)
    w.wait_idle()
    page_echo(w)
    before = len(w.game.history)
    first = next(b for b, a in zip(w.choice_buttons, w.choice_actions, strict=True) if a)
    first.click()
    w.wait_idle()
    moved = len(w.game.history)
    assert moved > before and w.errors == []
    again = next((b for b, a in zip(w.choice_buttons, w.choice_actions, strict=True) if a),
                 None)
    if again is not None:
        again.click()
        assert len(w.game.history) == moved
        assert "before the screen showed your last move" in w.message.value
    page_echo(w)
    assert w.errors == []
