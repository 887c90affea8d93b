"""The dice cup widget driven by clicks, headless: whole games, the forced zero, the roll-off,
refusals, the hint against the odds engine, undo, new game. After every action the widget has
no errors and shows what the game holds (dice, kept marks, rolls left, score buttons' points,
board tokens and totals, the winner)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from widget_backends import backend  # noqa: F401 - every test under both back ends

from swkit.dice.board import seat_label
from swkit.dice.bots import GreedyBot
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.game import points_text
from swkit.dice.play import format_transcript, play_game
from swkit.errors import ConfigurationError
from swkit.odds import DiceModel, Objective, keep_options
from swkit.widgets import DiceCup
from swkit.widgets._dice_css import DICE_CUP_CSS as CSS
from swkit.widgets.dice import CALL

STUDENT = 0


def title(svg: str) -> str:
    match = re.search(r"<title>(.*?)</title>", svg, re.S)
    assert match, svg[:200]
    return html.unescape(match.group(1))


def check(w: DiceCup) -> None:
    """No error, and what is displayed is what the game holds."""
    w.wait_idle()
    assert w.errors == []
    game = w.game
    view = game.view(STUDENT)
    shown = w.shown_dice()
    # dice and kept marks (the student's roll-off dice while no turn's dice are out)
    assert sorted(shown) == sorted(game.dice)
    rolloff = w.rolloff_dice()
    if rolloff:
        assert not shown and STUDENT in view.tiebreak_rounds[-1].seats
        assert [title(p.value) for p in w.die_pictures] == [
            "die: " + (f"{f} (wild)" if f == CLUBHOUSE else f) for f in rolloff]
        shown = rolloff
    for slot, picture in enumerate(w.die_pictures):
        words = title(picture.value)
        if not shown:
            assert words == "a die not rolled yet"
            continue
        face = shown[slot]
        assert words.startswith(f"die: {face}")
        kept = w.dice_buttons[slot].value
        assert ("kept" in words.split(",")[-1]) == kept
        assert ("KEPT" in picture.value) == kept
        # the keep box's name says the die and its face; the box itself says if it is ticked
        assert w.dice_buttons[slot].description == (
            f"keep die {slot + 1}: " + ("Clubhouse (wild)" if face == CLUBHOUSE else face))
        name = "a Clubhouse (wild)" if face == CLUBHOUSE else face
        assert name in w.dice_buttons[slot].tooltip
    # rolls left
    if view.phase in ("roll", "decide") and view.seat == STUDENT:
        assert w.roll_button.description == f"Roll ({view.rolls_left} left)"
    # score buttons: one per unscored character, with the points a score earns now
    assert list(w.score_buttons) == list(game.board.unscored(STUDENT))
    assert list(w.score_box.children) == list(w.score_buttons.values())
    for character, button in w.score_buttons.items():
        if game.current_player() == STUDENT:
            value = game.space_for(character)
            assert button.description.startswith(f"Score {character}: {points_text(value)}")
            assert ("Picture Column" in button.description) == (value == 0)
            assert not button.disabled
        else:
            assert button.disabled
    # the board: every token, and the totals
    words = title(w.board.value)
    for seat in range(game.players):
        for character, value in game.board.scored(seat).items():
            spot = (f"{seat_label(seat)} in the Picture Column" if value == 0
                    else f"{seat_label(seat)} on {value}")
            row = words.split(f"{character}: ", 1)[1].split(".")[0]
            assert spot in row
    totals = ", ".join(f"{seat_label(s)} {t}" for s, t in enumerate(game.board.totals()))
    assert f"Totals: {totals}." in words
    # the end
    if game.is_terminal():
        result = game.outcome()
        status = html.unescape(w.status.value)
        assert result.reason[1:] in status
        if game.players > 1 and result.winner == STUDENT:
            assert "You win" in status
        elif result.winner is not None and game.players > 1:
            assert f"Seat {result.winner} ({w.seat_names()[result.winner]}) wins" in status
        assert w.log_lines[-1].startswith(("Winner", "Winners"))


def greedy_student(w: DiceCup, bot: Callable[[int, int], Any] = GreedyBot) -> None:
    """Make the student's next move by clicks, choosing what ``bot`` (a dice bot class, made
    with the seat and the seed; the greedy bot by default) would choose."""
    game = w.game
    view = game.view(STUDENT)
    if view.phase != "decide":
        w.roll_button.click()
        return
    action = bot(STUDENT, w.seed).choose(game)
    if action.kind == "score":
        w.score_buttons[action.faces[0]].click()
        return
    wanted = list(action.faces)
    for slot, face in enumerate(w.shown_dice()):
        keep = face in wanted
        if keep:
            wanted.remove(face)
        if w.dice_buttons[slot].value != keep:
            w.dice_buttons[slot].value = keep
            check(w)
    w.roll_button.click()


def first_student(w: DiceCup) -> None:
    """Roll three times keeping nothing, then score the first character left (row order)."""
    view = w.game.view(STUDENT)
    if view.phase == "decide" and view.rolls_left == 0:
        next(iter(w.score_buttons.values())).click()
    else:
        w.roll_button.click()


def play_out(w: DiceCup, student=greedy_student, limit: int = 500) -> None:
    for _ in range(limit):
        if w.game.is_terminal():
            return
        student(w)
        check(w)
    raise AssertionError("the game did not end")


def transcript_moves(record) -> list[str]:
    """The transcript's move lines (no heading, no board)."""
    lines = []
    for line in format_transcript(record).splitlines()[7:]:
        text = line.strip()
        if text and not line.startswith("    ") and not text.startswith("|"):
            lines.append(text)
    return lines


@pytest.fixture
def cup():
    made = []

    def make(players=2, seed=1, **kwargs):
        w = DiceCup(players=players, seed=seed, bot_delay=0, **kwargs)
        made.append(w)
        check(w)
        return w

    yield make
    for w in made:
        w.wait_idle()
        assert w.errors == []


# -- whole games ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2])
def test_a_student_playing_like_the_greedy_bot_logs_the_transcript_of_the_bots_game(
        cup, players):
    seed = 11
    w = cup(players, seed)
    play_out(w)
    record = play_game(players, seed)
    # the student plays seat 0 as the greedy bot would: "seat 0 (you)" is its "seat 0 (greedy bot)"
    log = [line.replace("seat 0 (you)", "seat 0 (greedy bot)").strip() for line in w.log_lines]
    assert log == transcript_moves(record)
    assert list(w.game.outcome().scores) == record["scores"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_whole_games_for_every_player_count(cup, players):
    for seed in (3, 4):
        w = cup(players, seed)
        play_out(w, first_student)
        assert w.game.is_terminal()
        record = play_game(players, seed)
        assert len([x for x in w.log_lines if x.startswith("Round ")]) == len(record["turns"])


def test_a_solo_game_to_the_end(cup):
    w = cup(1, 5)
    play_out(w, first_student)
    assert "Game over: you scored" in w.status.value
    assert w.roll_button.disabled and all(b.disabled for b in w.dice_buttons)


def test_random_bots_play_too(cup):
    w = cup(3, 2, bots=["random", "greedy"])
    play_out(w, first_student)
    assert "random bot" in w.heading.value


def test_a_forced_zero_shows_zero_on_every_button_and_is_logged(cup):
    for seed in range(100):
        w = cup(1, seed)
        while not w.game.is_terminal():
            if w.game.forced_zero():
                break
            first_student(w)
            check(w)
        if w.game.forced_zero():
            break
    else:
        pytest.fail("no forced zero in 100 solo games")
    assert all(b.description.endswith("0 points (Picture Column)")
               for b in w.score_buttons.values())
    assert "Forced zero" in w.score_label.value
    character = next(iter(w.score_buttons))
    w.score_buttons[character].click()
    check(w)
    assert w.game.board.scored(STUDENT)[character] == 0
    assert "(forced zero:" in next(x for x in reversed(w.log_lines) if x.startswith("Score"))
    assert "P0 in the Picture Column" in title(w.board.value)


def test_a_tie_break_the_student_rolls_for(cup):
    for seed in range(200):
        w = cup(2, seed)
        while not w.game.is_terminal():
            view = w.game.view(STUDENT)
            if view.phase == "tiebreak":
                break
            greedy_student(w)
            check(w)
        if w.game.view(STUDENT).phase == "tiebreak":
            break
    else:
        pytest.fail("no tie in 200 two-player games")
    assert "roll-off" in w.status.value
    assert w.roll_button.description == "Roll for the roll-off" and not w.roll_button.disabled
    while not w.game.is_terminal():
        w.roll_button.click()
        check(w)
        assert CALL in w.call.value
        last = w.game.tiebreak_rounds[-1]
        assert f"you: {last['clubhouses'][0]} Clubhouse" in w.call.value
        assert w.rolloff_dice() == last["dice"][0]
    assert w.roll_button.description == "Game over" and w.roll_button.disabled
    assert any(x.startswith("Clubhouse roll-off, round 1:") for x in w.log_lines)
    assert "Clubhouse roll-off" in w.game.outcome().reason


def test_bots_break_their_own_tie_without_the_student(cup):
    for seed in range(300):
        record = play_game(3, seed, ("greedy",))
        if record["tiebreak"] and 0 not in record["tiebreak"][0]["seats"]:
            break
    else:
        pytest.fail("no tie between the two bots in 300 games")
    w = cup(3, seed)
    play_out(w)  # the student plays like seat 0's greedy bot: the same game
    assert [x for x in w.log_lines if x.startswith("Clubhouse roll-off")]
    assert list(w.game.outcome().winners) == record["winners"]


# -- the student's moves --------------------------------------------------------------------------

def test_a_roll_announces_itself_and_counts_down(cup):
    w = cup(2, 3)
    assert w.roll_button.description == "Roll (3 left)"
    assert all(b.disabled for b in w.dice_buttons)
    # before the first roll the log says what it is for, in a box as tall as its lines
    assert "Nothing yet. Press Roll to start" in w.log_view.value
    assert "max-height:11em" in CSS and not re.search(r"[^-]height:11em", CSS)
    w.roll_button.click()
    check(w)
    assert CALL == "Meeska, Mooska, Mickey Mouse!"
    assert CALL in html.unescape(w.call.value)
    assert w.roll_button.description == "Roll (2 left)"
    assert w.log_lines[0] == "Round 1, seat 0 (you)"
    assert w.log_lines[1].startswith("Roll 1: ")


def test_kept_dice_stay_in_place_on_screen(cup):
    w = cup(1, 21)
    w.roll_button.click()
    before = w.shown_dice()
    keep = [2, 4]
    for slot in keep:
        w.dice_buttons[slot].value = True
        check(w)
    w.roll_button.click()
    check(w)
    after = w.shown_dice()
    assert [after[s] for s in keep] == [before[s] for s in keep]
    assert w.kept() == [s in keep for s in range(5)]  # the toggles stay for the next roll
    kept = sorted(before[s] for s in keep)
    line = w.log_lines[2]
    assert line.startswith("Keep ") and line.endswith("; reroll the rest")
    assert sorted(line[len("Keep "):-len("; reroll the rest")].split()) == kept


def test_the_score_buttons_show_the_scoreboard_rule_with_others_tokens(cup):
    w = cup(2, 6)
    while w.game.turn < 4:
        greedy_student(w)
        check(w)
    w.roll_button.click()
    check(w)
    for character, button in w.score_buttons.items():
        count = w.game.count(character)
        value = w.game.board.space_for(character, count)
        assert f"count {count}" in button.tooltip
        assert button.description.startswith(f"Score {character}: {points_text(value)}")
        assert 'stroke-dasharray="6 3"' in w.board.value


# -- bad input changes nothing and says why -------------------------------------------------------

def test_keeping_all_five_is_refused_and_changes_nothing(cup):
    w = cup(2, 1)
    w.roll_button.click()
    for b in w.dice_buttons:
        b.value = True
    before = w.game.to_json()
    log = list(w.log_lines)
    w.roll_button.click()
    check(w)
    assert "keeping all five dice is not a reroll" in w.message.value
    assert w.game.to_json() == before and w.log_lines == log


def test_keeping_before_a_roll_or_after_the_third_is_refused(cup):
    w = cup(2, 1)
    w.dice_buttons[0].value = True
    check(w)
    assert w.dice_buttons[0].value is False
    assert "roll first" in w.message.value
    for _ in range(3):
        w.roll_button.click()
    before = w.game.to_json()
    w.dice_buttons[1].value = True
    check(w)
    assert w.dice_buttons[1].value is False and "no more rerolls" in w.message.value
    assert w.roll_button.disabled and w.roll_button.description == "Roll (0 left)"
    w.roll_button.click()  # a click that reaches it anyway is refused by the rules
    check(w)
    assert "no more rerolls" in w.message.value and w.game.to_json() == before


def test_scoring_before_rolling_is_refused(cup):
    w = cup(2, 1)
    before = w.game.to_json()
    w._all_score_buttons["Goofy"].click()
    check(w)
    assert "roll first" in w.message.value and w.game.to_json() == before


def test_clicks_while_the_bots_play_are_refused(cup):
    w = cup(2, 1)
    w.bot_delay = 0.1
    w.roll_button.click()
    next(iter(w.score_buttons.values())).click()
    assert w.roll_button.disabled and w.undo_button.disabled and w.new_game_button.disabled
    w.new_game_button.click()
    assert "wait a moment" in w.message.value
    w.wait_idle()
    check(w)
    assert w.game.turn == 2 and not w.roll_button.disabled
    assert "Your turn: press Roll!" in w.call.value


def test_bad_arguments_are_refused():
    with pytest.raises(ConfigurationError, match="1 to 4 players"):
        DiceCup(players=5)
    with pytest.raises(ConfigurationError, match="unknown dice bot"):
        DiceCup(players=2, bots="clever")
    with pytest.raises(ConfigurationError, match="one per bot seat"):
        DiceCup(players=3, bots=["greedy"])
    with pytest.raises(ConfigurationError, match="seed"):
        DiceCup(seed="7")


# -- the hint ------------------------------------------------------------------------------------

def test_the_hint_lists_every_keep_with_the_engines_values(cup):
    w = cup(2, 6)
    while w.game.turn < 2:
        greedy_student(w)
        check(w)
    w.roll_button.click()
    w.hint_button.value = True
    check(w)
    game = w.game
    model = DiceModel()
    dice = model.counts(game.dice)
    unscored = game.board.unscored(STUDENT)
    scored = [c for c in game.characters if c not in unscored]
    taken = {c: game.board.taken(c) for c in game.characters}
    assert scored and any(taken.values())
    options = keep_options(model, Objective.points(scored, taken), dice, 2)
    assert [(r.option.counts, r.points) for r in w.hint_rows] == [
        (o.counts, o.value) for o in options]
    k = min(5, max(game.count(c) for c in unscored) + 1)
    for row in w.hint_rows:
        assert row.k == k
        chances = keep_options(model, Objective.at_least(k, row.target, scored), dice, 2)
        assert row.p_at_least == next(o.value for o in chances if o.counts == row.option.counts)
        if row.target is not None and row.option.reroll:
            assert row.target in row.option.keep and row.target in unscored
    w.hint_all.value = len(options) > 5   # "Show all": every row on screen
    table = w.hint.value
    assert table.count("<tr class=") == len(options)
    # every row is on screen (no box that cuts the table off), with its exact values visible
    assert "max-height" not in table and "overflow" not in table
    assert f"All {len(options)} choices" in table
    best = w.hint_rows[0]
    assert f"{float(best.points):.2f}" in table and "swkit-best" in table
    for row in w.hint_rows:
        # a stop scores now: no chance of a count is shown for it
        for value in (row.points, row.p_at_least)[:1 if row.option.reroll == 0 else 2]:
            shown = str(value) if value.denominator > 1 else f"{value.numerator}"
            assert f'<td><span class="swkit-exact">{shown}' in table, (shown, row)
    assert table.count("— (scores now)") == sum(r.option.reroll == 0 for r in w.hint_rows)
    assert "title=" not in table  # nothing exact hides in a tooltip
    # the keep toggled now is marked
    w.dice_buttons[0].value = True
    check(w)
    assert "your choice" in w.hint.value
    # off, and during the bots' turns, no hint
    w.hint_button.value = False
    assert w.hint.value == "" and w.hint_rows == []


def test_the_hint_after_the_third_roll_is_the_stop(cup):
    w = cup(1, 3)
    w.hint_button.value = True
    assert "after you roll" in w.hint.value
    for _ in range(3):
        w.roll_button.click()
    check(w)
    assert len(w.hint_rows) == 1 and w.hint_rows[0].option.reroll == 0


def test_the_hint_after_the_end_says_the_game_is_over(cup):
    """fuzz 13: once the game was over the hint still said it shows the keeps "after you
    roll, on your turn", a turn that never comes; Show all clicked there changes nothing."""
    w = cup(2, 3, bots="win")
    w.hint_button.value = True
    play_out(w, first_student)
    assert "The game is over" in w.hint.value and "on your turn" not in w.hint.value
    for _ in range(2):
        w.hint_all.value = not w.hint_all.value
        check(w)
        assert w.hint_all.layout.display == "none" and "The game is over" in w.hint.value
    w.new_game_button.click()
    check(w)
    assert "after you roll" in w.hint.value


# -- undo and new game ---------------------------------------------------------------------------

def test_undo_takes_back_a_roll_and_the_same_dice_come_again(cup):
    w = cup(2, 4)
    w.roll_button.click()
    first = w.shown_dice()
    w.dice_buttons[0].value = True
    w.roll_button.click()
    second = w.shown_dice()
    steps = len(w.game.history)
    w.undo_button.click()
    check(w)
    assert w.shown_dice() == first and w.kept()[0] and len(w.game.history) == steps - 2
    assert w.roll_button.description == "Roll (2 left)"
    w.roll_button.click()
    check(w)
    assert w.shown_dice() == second


def test_undo_takes_back_a_score_and_the_bots_turn_after_it(cup):
    w = cup(3, 8)
    w.roll_button.click()
    dice = w.shown_dice()
    before = w.game.to_json()
    log = list(w.log_lines)
    w.score_buttons["Goofy"].click()
    check(w)
    assert w.game.turn == 3
    w.undo_button.click()
    check(w)
    assert w.game.to_json() == before and w.log_lines == log and w.shown_dice() == dice
    w.score_buttons["Pluto"].click()
    check(w)
    assert w.game.board.scored(STUDENT) == {"Pluto": w.game.board.scored(STUDENT)["Pluto"]}
    w.undo_button.click()
    w.undo_button.click()
    check(w)
    assert w.game.history == () and w.undo_button.disabled
    w.undo_button.click()
    assert "nothing to undo" in w.message.value


def test_new_game_with_the_same_seed_replays_the_same_dice(cup):
    w = cup(2, 123)
    assert "seed 123" in w.heading.value
    dice = []
    for _ in range(3):
        w.roll_button.click()
        dice.append(w.shown_dice())
    w.new_game_button.click()
    check(w)
    assert w.game.history == () and w.log_lines == [] and w.seed == 123
    for expected in dice:
        w.roll_button.click()
        assert w.shown_dice() == expected
    w.same_seed.value = False
    w.new_game_button.click()
    check(w)
    assert f"seed {w.seed}" in w.heading.value


def test_a_random_seed_is_shown():
    w = DiceCup(players=2, bot_delay=0)
    assert isinstance(w.seed, int) and f"seed {w.seed}" in w.heading.value


def test_every_control_can_be_read_and_found():
    w = DiceCup(players=2, seed=1, bot_delay=0)
    controls = [*w.dice_buttons, w.roll_button, *w._all_score_buttons.values(), w.hint_button,
                w.undo_button, w.new_game_button, w.same_seed]
    assert all(c.description for c in controls)
    assert all(c.tooltip for c in controls if c is not w.same_seed)
    assert all("swkit-die" in b._dom_classes for b in w.dice_buttons)
    assert "swkit-roll" in w.roll_button._dom_classes
    assert "swkit-dicecup" in w._dom_classes


# -- what the buttons say during a bot's turn -----------------------------------------------------

def test_during_a_bots_turn_the_roll_button_says_whose_turn_it_is(cup):
    # the status said "P1 is playing · roll 1 of 3" while the button said "Roll (0 left)"
    w = cup(2, 1)
    w.bot_delay = 0.05
    seen = []
    refresh = w._refresh

    def record():
        refresh()
        seen.append((w.game.view(STUDENT).seat, w.game.view(STUDENT).phase,
                     w.status.value, w.roll_button.description, w.roll_button.disabled))

    w._refresh = record
    w.roll_button.click()
    next(iter(w.score_buttons.values())).click()
    w.wait_idle()
    bot_states = [s for s in seen if s[0] != STUDENT and s[1] in ("roll", "decide")]
    assert len(bot_states) >= 3
    for _seat, _phase, status, description, disabled in bot_states:
        assert "Seat 1 (greedy bot) is playing" in status, status
        assert description == "Seat 1 is rolling…" and disabled
    assert w.roll_button.description == "Roll (3 left)" and not w.roll_button.disabled


def test_the_goal_of_all_five_dice_has_no_plus():
    from swkit.widgets.dice import HintRow
    option = keep_options(DiceModel(), Objective.points([], {}), DiceModel().counts(
        ["Mickey"] * 4 + ["Goofy"]), 1)[0]
    assert HintRow(option, "Mickey", 5, Fraction(1, 3)).goal() == "5 Mickey"
    assert HintRow(option, "Mickey", 4, Fraction(1, 3)).goal() == "4+ Mickey"
    assert HintRow(option, None, 5, Fraction(1, 3)).goal() == "5 of a kind"


def test_the_log_shows_the_newest_turn_first_as_the_card_table(cup):
    w = cup(2, 1)
    assert "newest turn first" in w.children[w.children.index(w.log_view) - 1].value
    w.roll_button.click()
    next(iter(w.score_buttons.values())).click()
    check(w)
    w.roll_button.click()
    check(w)
    shown = [html.unescape(t) for t in re.findall(r"<div style=[^>]*>(.*?)</div>",
                                                  w.log_view.value)]
    headings = [t for t in shown if t.startswith("Round ")]
    assert headings == ["Round 2, seat 0 (you)", "Round 1, seat 1 (greedy bot)",
                        "Round 1, seat 0 (you)"]
    # each turn's moves follow its heading in the order played
    assert shown[:2] == ["Round 2, seat 0 (you)", w.log_lines[-1]]
    assert shown[-3].startswith("Round 1, seat 0") and shown[-2].startswith("Roll 1: ")
    assert sorted(shown) == sorted(w.log_lines)
    assert "column-reverse" not in CSS


# -- the cup's settings refused in words ----------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"players": 2, "bot_delay": -1}, "bot_delay is -1"),
    ({"players": 2, "bot_delay": float("nan")}, "bot_delay is nan"),
    ({"players": 2, "bot_delay": 1e9}, "from 0 to 10"),
    ({"players": 2, "bot_delay": "fast"}, "bot_delay is 'fast'"),
    ({"players": 2, "bot_dealy": 0}, "did you mean 'bot_delay'"),
    ({"players": 2, "layout": None}, "does not take the keyword 'layout'"),
    ({"players": True}, "1 to 4 players"),
    ({"players": 2, "bots": 11}, "bots is 11"),
    ({"players": 2, "bots": None}, "bots is None"),
    ({"players": 2, "bots": [7]}, "unknown dice bot 7"),
])
def test_every_argument_is_checked_up_front(kwargs, words, recwarn):
    with pytest.raises(ConfigurationError, match=re.escape(words)):
        DiceCup(**kwargs)
    import gc
    gc.collect()            # a half-built widget would fail in its __del__ (a warning here)
    assert not [w for w in recwarn.list if "Unraisable" in type(w.message).__name__]


def test_the_end_of_the_game_shows_no_unrolled_dice_under_an_old_roll(cup):
    w = cup(players=2, seed=8)
    play_out(w)
    assert w.game.is_terminal() and not w.rolloff_dice()
    assert w.dice_row.layout.display == "none"
    assert "rolled" not in w.call.value and "the game is over" in w.call.value
    assert "scored" in w.call.value                  # the last score, in words
    w.new_game_button.click()
    assert w.dice_row.layout.display is None and "game is over" not in w.call.value


# -- one name for a seat --------------------------------------------------------------------------

def test_the_end_screen_and_the_log_name_seats_as_the_card_table_does(cup):
    """Lesson 9's seed 8: the bot (seat 1, moves second) wins. The end screen and the log call
    it "seat 1 (greedy bot)", the student "you" / "seat 0 (you)": never "P1" or "player 1"."""
    w = cup(players=2, seed=8)
    play_out(w)
    result = w.game.outcome()
    assert result.winner == 1
    end = html.unescape(w.status.value)
    mine, total = result.scores
    assert (f"Seat 1 (greedy bot) wins with {total} points. You scored {mine} points." in end)
    assert f"Seat 1 has the highest total, {total} points." in end
    log = "\n".join(w.log_lines)
    assert f"Winner: seat 1 (greedy bot): seat 1 has the highest total, {total} points" in log
    assert f"2. seat 0 (you): {mine} points" in log
    words = end + log + html.unescape(w.heading.value + w.legend.value + w.call.value)
    assert not re.search(r"\bplayer \d|\bP\d\b(?! for)", re.sub(r">P\d<", "><", words)), words
    assert "Players, in the order they play: seat 0 (you), seat 1 (greedy bot)" in html.unescape(
        w.heading.value)


def test_the_call_names_the_dice_rolled(cup):
    w = cup(players=1, seed=3)
    w.roll_button.click()
    call = html.unescape(w.call.value)
    assert f"You rolled: {', '.join(w.shown_dice())} (roll 1 of 3)." in call
