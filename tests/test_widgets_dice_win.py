"""The dice cup against WinBot, and the hint's chance-to-win column, driven by
clicks under both widget back ends. Every chance shown is the value of the same choice in
:func:`swkit.odds.duel.duel_options` (whose values tests/test_odds_duel.py checks against a
brute force)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_widgets_dice import check, greedy_student, transcript_moves
from widget_backends import backend  # noqa: F401 - every test under both back ends

from swkit.dice.play import play_game
from swkit.errors import ConfigurationError
from swkit.odds import DiceModel
from swkit.odds.dice_bots import PointsBot
from swkit.odds.duel import WinBot, duel_options
from swkit.widgets import DiceCup
from swkit.widgets.dice import WIN_HEADING

STUDENT = 0


def wins_shown(w: DiceCup) -> None:
    """Every hint row's chance to win is duel_options' for the same choice, and is on screen."""
    game = w.game
    options = duel_options(game.board, game.multiset(), game.view(STUDENT).rolls_left,
                           DiceModel())
    keeps = {o.counts: o.value for o in options if o.reroll}
    scores = {o.score: o.value for o in options if not o.reroll}
    w.hint_all.value = True   # every row on screen
    table = w.hint.value
    assert WIN_HEADING[0].upper() + WIN_HEADING[1:] in table
    assert table.count('<td class="swkit-win">') == len(w.hint_rows)
    for row in w.hint_rows:
        o = row.option
        assert row.win == (keeps[o.counts] if o.reroll else scores[o.score])
    best = options[0].value
    if best > 0:
        assert "★ best to win" in table
    else:   # no star on a 0%: no choice can win
        assert "★" not in table and "No choice can win now" in table
    if isinstance(best, Fraction):
        shown = str(best) if best.denominator > 1 else f"{best.numerator} ("
        assert shown in table
    elif 0.0005 < best < 0.9995:
        assert f"about {best * 100:.1f}%" in table


def test_a_whole_game_against_the_win_bot(backend):  # noqa: F811
    seed = 5
    w = DiceCup(players=2, seed=seed, bots="win", bot_delay=0)
    check(w)
    assert "seat 0 (you), seat 1 (win bot)" in w.heading.value
    for _ in range(200):
        if w.game.is_terminal():
            break
        greedy_student(w, PointsBot)
        check(w)
    assert w.game.is_terminal()
    # the cup's game is the one PointsBot (seat 0) and WinBot (seat 1) play on their own
    record = play_game(2, seed, bots=[PointsBot(0, seed), WinBot(1, seed)])
    log = [line.replace("seat 0 (you)", "seat 0 (points bot)").strip() for line in w.log_lines]
    assert log == transcript_moves(record)
    assert list(w.game.outcome().scores) == record["scores"]


def test_the_hint_shows_the_chance_to_win_beside_the_points(backend):  # noqa: F811
    w = DiceCup(players=2, seed=1, bots="win", bot_delay=0)
    w.roll_button.click()
    w.hint_button.value = True   # a ToggleButton: pressed
    check(w)
    assert w.hint_button.value and w.hint_rows
    assert all(isinstance(r.win, float) for r in w.hint_rows)   # round 1: from the table
    wins_shown(w)
    assert "the win bot does" in w.hint.value
    assert "a percent from the solved two-player game" in w.hint.value
    # each row keeps its expected points
    assert all(isinstance(r.points, Fraction) for r in w.hint_rows)
    w.roll_button.click()
    check(w)
    wins_shown(w)


def test_on_the_last_turns_the_chance_to_win_is_an_exact_fraction(backend):  # noqa: F811
    w = DiceCup(players=2, seed=2, bot_delay=0)   # greedy P1: the column is there too
    while w.game.round < 5 or w.game.view(STUDENT).phase != "decide":
        if w.game.view(STUDENT).phase == "decide":
            w.roll_button.click() if w.game.view(STUDENT).rolls_left else next(
                iter(w.score_buttons.values())).click()
        else:
            w.roll_button.click()
        check(w)
    w.hint_button.value = True
    check(w)
    assert all(isinstance(r.win, Fraction) for r in w.hint_rows)
    wins_shown(w)
    assert "an exact fraction on the game's last two turns" in w.hint.value
    assert "the greedy bot may not" in w.hint.value


def test_no_win_column_with_three_players(backend):  # noqa: F811
    w = DiceCup(players=3, seed=1, bot_delay=0)
    w.roll_button.click()
    w.hint_button.value = True
    check(w)
    assert w.hint_rows and all(r.win is None for r in w.hint_rows)
    assert "swkit-win" not in w.hint.value and "to win" not in w.hint.value


@pytest.mark.parametrize("bots", ["win", ["greedy", "win"], ["win", "win", "points"]])
def test_the_win_bot_is_refused_for_three_or_four_players(bots):
    players = 3 if len(bots) != 3 else 4
    with pytest.raises(ConfigurationError, match="two-player game only.*play with 2 players"):
        DiceCup(players=players, bots=bots)


def test_points_bot_plays_in_the_cup(backend):  # noqa: F811
    w = DiceCup(players=3, seed=4, bots=["points", "greedy"], bot_delay=0)
    w.roll_button.click()
    next(iter(w.score_buttons.values())).click()
    check(w)
    assert "seat 1 (points bot), seat 2 (greedy bot)" in w.heading.value and w.game.round == 2


def test_a_better_score_for_winning_than_the_stop_row_is_named_under_the_table(
        backend):  # noqa: F811
    """Seed 2, rolling three times and scoring the first character left: in round 3 the stop
    row scores Donald (the most points), and scoring Pluto gives the better chance to win."""
    w = DiceCup(players=2, seed=2, bot_delay=0)
    w.hint_button.value = True
    for _ in range(100):
        if "swkit-win-note" in w.hint.value:
            break
        view = w.game.view(STUDENT)
        if view.phase == "decide" and view.rolls_left == 0:
            next(iter(w.score_buttons.values())).click()
        else:
            w.roll_button.click()
        check(w)
    game = w.game
    options = duel_options(game.board, game.multiset(), 0, DiceModel())
    best = options[0]
    assert best.reroll == 0 and best.score != w.hint_rows[0].option.score
    note = w.hint.value.split('class="swkit-win-note">')[1]
    assert note.startswith(f"Best chance to win: score {best.score} now "
                           f"({game.space_for(best.score)} point")


# -- what a child reads in the hint ---------------------------------------------------------------

def last_turn(seed: int) -> DiceCup:
    """A cup against the win bot at the student's last decision (round 5, no rolls left), the
    student playing as the points bot."""
    w = DiceCup(players=2, seed=seed, bots="win", bot_delay=0)
    while not (w.game.round == 5 and w.game.view(STUDENT).phase == "decide"
               and w.game.view(STUDENT).rolls_left == 0):
        greedy_student(w, PointsBot)
        w.wait_idle()
        check(w)
    w.hint_button.value = True
    check(w)
    assert len(w.hint_rows) == 1 and w.hint_rows[0].option.reroll == 0
    return w


def test_on_the_last_turn_the_starred_stop_reads_no_zero_percent(backend):  # noqa: F811
    """The trial's last turn (seed 3): the only row scores now; its chance column says so
    ("— (scores now)"), not "0 (0%)" beside "★ best to win"; one choice reads "The only
    choice", no rolls left in words."""
    w = last_turn(3)
    assert w.hint_rows[0].win == Fraction(1346048, 14348907)
    table = w.hint.value
    row = table.split("<tr class=")[-1]
    assert "1346048/14348907" in row and "★ best to win" in row and "— (scores now)" in row
    assert "(0%)" not in table
    assert "The only choice for these dice, with no rolls left." in table
    assert "All 1 choice" not in table


@pytest.mark.parametrize("seed,words", [
    (5, "No choice can win now, if seat 1 (win bot) plays its best"),
    (2, "1 (100%)</span> (a sure win, whatever the other seat rolls) ★ best to win")])
def test_a_lost_or_won_last_turn_says_so(backend, seed, words):  # noqa: F811
    """No star on a 0% "best to win"; a 100% says its condition."""
    w = last_turn(seed)
    assert words in w.hint.value
    if seed == 5:
        assert "★" not in w.hint.value


def test_the_first_roll_shows_the_top_rows_and_a_show_all(backend):  # noqa: F811
    w = DiceCup(players=2, seed=8, bots="win", bot_delay=0)
    w.roll_button.click()
    w.hint_button.value = True
    check(w)
    n = len(w.hint_rows)
    assert n == 18
    short = w.hint.value
    assert short.count("<tr class=") == 5 and "The top 5 of 18 choices" in short
    assert w.hint_all.layout.display is None and w.hint_all.description == "Show all 18 choices"
    # the short line for the child, the details (the rules' section, the solve) behind a fold
    words = short.split('<div class="swkit-hint-words">')[1].split("</div>")[0]
    assert "RULES.md" not in words and "solved" not in words and len(words) < 300
    assert "<details" in short and "RULES.md §C2" in short.split("<details")[1]
    w.hint_all.value = True
    assert w.hint.value.count("<tr class=") == n and "All 18 choices" in w.hint.value
    w.hint_all.value = False
    assert w.hint.value.count("<tr class=") == 5


def test_your_choice_is_marked_only_once_a_die_is_kept(backend):  # noqa: F811
    w = DiceCup(players=2, seed=8, bots="win", bot_delay=0)
    w.roll_button.click()
    w.hint_button.value = True
    check(w)
    assert "your choice" not in w.hint.value     # nothing chosen yet: "reroll all 5" unmarked
    w.dice_buttons[0].value = True
    check(w)
    assert w.hint.value.count("← your choice") == 1
    # a keep outside the top five is drawn too, marked
    mine = w._keep_counts()
    number = next(i for i, r in enumerate(w.hint_rows, 1) if r.option.counts == mine)
    assert f"{number}. " in w.hint.value
