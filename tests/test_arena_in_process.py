"""A student's bot as a function in this process (swkit.arena.in_process, what the lessons and
the browser site use) and swkit.arena.compare: the same forfeits in the same words as a bot
file in its own process, a view made of plain data, and compare's counts against a direct loop
over play_pair."""

from __future__ import annotations

import gc
import json
import time
from fractions import Fraction

import pytest

from swkit.arena.compare import compare
from swkit.arena.forfeits import Forfeit, Limits
from swkit.arena.in_process import FunctionEntrant, plain_view
from swkit.arena.intervals import paired95, variance, wilson95
from swkit.arena.matches import BuiltinEntrant, play_dice, play_pair
from swkit.dice.game import DiceGame
from swkit.errors import ConfigurationError
from swkit.state import substream_seed

QUICK = Limits(move_seconds=0.2, game_seconds=0.5)


def a_game() -> DiceGame:
    game = DiceGame(2, seed=3)
    game.apply_chance()
    return game


def crash(view):
    return {}["nothing"]


def illegal(view):
    return "score Nobody"


def number(view):
    return 5


def exits(view):
    exit(0)


def slow(view):
    time.sleep(0.3)
    return view.legal_moves[0]


# the same reasons, word for word, as tests/test_arena.py's bot files in their own process
REASONS = {
    crash: "choose(view) raised KeyError: 'nothing' (line 35)",
    illegal: "returned 'score Nobody' which is not a legal move",
    number: "returned '5' which is not a legal move",
    exits: "the bot called exit(0)",
    slow: "took more than 0.2 s for one move",
}


@pytest.mark.parametrize("bot", list(REASONS), ids=lambda f: f.__name__)
def test_every_way_to_break_the_rules_in_process_is_a_forfeit_in_words(bot):
    entrant = FunctionEntrant(bot, limits=QUICK)
    entrant.start_game(0, 1)
    with pytest.raises(Forfeit) as caught:
        entrant.move(a_game(), 0)
    reason = caught.value.reason
    if bot is crash:  # the line is the function's own line in this file
        assert reason == f"choose(view) raised KeyError: 'nothing' (line " \
                         f"{crash.__code__.co_firstlineno + 1})"
    else:
        assert reason == REASONS[bot]
    assert not caught.value.every_game


def test_the_forfeit_words_are_the_process_bots_words():
    """One home for the words: tests/test_arena.py's REASONS for the same faults."""
    from test_arena import REASONS as PROCESS
    assert PROCESS["illegal"] == REASONS[illegal]
    assert PROCESS["exits"] == REASONS[exits]
    assert PROCESS["crash"].split(" (line")[0] == REASONS[crash].split(" (line")[0]
    assert PROCESS["slow"].replace("1 s", "0.2 s") == REASONS[slow]


def test_a_slow_game_forfeits_once_its_moves_add_up():
    def slowish(view):
        time.sleep(0.15)
        return view.legal_moves[-1]

    # a move's own limit far above its 0.15 s (a loaded machine stretches a sleep), a game's below
    # four of them
    entrant = FunctionEntrant(slowish, limits=Limits(move_seconds=5.0, game_seconds=0.5))
    entrant.start_game(0, 1)
    game = a_game()
    with pytest.raises(Forfeit, match=r"took more than 0.5 s in one game"):
        for _ in range(10):
            game.apply(entrant.move(game, game.current_player()))
            while game.current_player() < 0 and not game.is_terminal():
                game.apply_chance()
    entrant.start_game(1, 2)          # a new game: its clock starts again
    assert entrant.move(a_game(), 0) == str(a_game().legal_actions()[-1])


def test_a_keyboard_interrupt_is_not_a_forfeit():
    def interrupted(view):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        FunctionEntrant(interrupted).move(a_game(), 0)


def test_the_view_is_plain_data_and_leads_nowhere_near_the_game():
    seen = []

    def spy(view):
        seen.append(view)
        assert not [o for o in gc.get_referents(view) if isinstance(o, DiceGame)]
        return view.legal_moves[0]

    game = a_game()
    FunctionEntrant(spy).move(game, 0)
    view = seen[0]
    fields = {k: v for k, v in vars(view).items() if k != "legal_moves"}
    assert json.loads(json.dumps(fields)) == fields       # only JSON's own kinds
    assert fields == json.loads(json.dumps(game.view(0).to_dict()))
    assert list(view.legal_moves) == [str(a) for a in game.legal_actions()]
    assert plain_view(game, 0).to_dict() == view.to_dict()


def test_a_bot_that_is_not_a_function_is_refused_in_words():
    with pytest.raises(ConfigurationError, match="a bot is a function choose"):
        FunctionEntrant("greedy")
    with pytest.raises(ConfigurationError, match="pairs must be a whole number"):
        compare(lambda view: view.legal_moves[0], pairs=0)
    with pytest.raises(ConfigurationError, match="a bot is a function choose"):
        compare(42)


def test_names():
    def choose(view):
        return view.legal_moves[0]

    def ana(view):
        return view.legal_moves[0]

    assert FunctionEntrant(choose).name == "your bot"
    assert FunctionEntrant(ana).name == "ana"
    assert FunctionEntrant(ana, name="Ana's bot").name == "Ana's bot"


def steady(view):
    """Keep the biggest count (with the Clubhouses) of the characters left; score it last."""
    def count(c):
        return view.dice.count(c) + view.dice.count("Clubhouse")

    best = max(view.unscored, key=count)
    keep = [best] * view.dice.count(best) + ["Clubhouse"] * view.dice.count("Clubhouse")
    move = "keep " + " ".join(keep) if keep else "keep nothing"
    return move if move in view.legal_moves else "score " + best


def test_compare_counts_what_a_direct_loop_over_play_pair_counts():
    pairs, seed = 6, 4
    found = compare(steady, against="greedy", pairs=pairs, seed=seed)
    mine, theirs = FunctionEntrant(steady), BuiltinEntrant("greedy")
    paired, unpaired = [], []
    for k in range(pairs):
        first, second = play_pair(mine, theirs, substream_seed(seed, f"compare/paired/{k}"))
        paired.append(Fraction(0 in first.winners, len(first.winners))
                      + Fraction(1 in second.winners, len(second.winners)))
        one = play_dice([mine, theirs], substream_seed(seed, f"compare/alone/{k}/0"))
        two = play_dice([theirs, mine], substream_seed(seed, f"compare/alone/{k}/1"))
        unpaired.append(Fraction(0 in one.winners, len(one.winners))
                        + Fraction(1 in two.winners, len(two.winners)))
    assert found.paired.pair_wins == paired and found.unpaired.pair_wins == unpaired
    assert found.paired.games == found.unpaired.games == 2 * pairs
    assert found.paired.wins == sum(paired) and found.unpaired.wins == sum(unpaired)
    assert found.paired.interval == paired95(paired)
    assert found.unpaired.interval == wilson95(float(sum(unpaired)), 2 * pairs)
    # the same seed, the same games; another seed, other dice
    again = compare(steady, against="greedy", pairs=pairs, seed=seed)
    assert again.paired.pair_wins == paired
    assert "steady against greedy" in str(found) and "95% interval" in found._repr_html_()
    words = found.chart().words()
    assert "paired" in words and "unpaired" in words and "50%" in words


def test_paired_games_give_each_seat_the_same_dice_in_process():
    one, two = play_pair(FunctionEntrant(steady), BuiltinEntrant("greedy"), 99)
    firsts = [[d for s, d in game.rolls if s == seat][:1] for game in (one, two)
              for seat in (0, 1)]
    assert firsts[0] == firsts[2] and firsts[1] == firsts[3]


def test_a_forfeit_in_compare_is_counted_with_its_reason():
    found = compare(illegal, against="random", pairs=2, seed=0)
    assert found.paired.wins == 0 and found.unpaired.wins == 0
    assert found.paired.forfeits == {REASONS[illegal]: 4}
    assert "forfeited 8 games: returned 'score Nobody'" in str(found)


def test_a_bot_that_forfeited_every_game_is_said_to_be_worse_and_why():
    """Lost every game by forfeit: not "cannot tell yet" (its interval at 2 pairs still holds
    50%), but worse, with the reason."""
    found = compare(illegal, against="random", pairs=2, seed=3)
    low, high = found.paired.interval
    assert low <= 0.5 <= high                       # the interval alone cannot tell
    assert found.verdict() == (
        "illegal is not as good as random: illegal forfeited every game, so random won them "
        f"all. Why: {REASONS[illegal]}. Fix illegal, then compare again.")
    mirrored = compare("random", against=illegal, pairs=2, seed=3)
    assert mirrored.verdict().startswith("illegal is not as good as random: illegal forfeited")


def test_a_bot_that_forfeited_some_games_gets_the_interval_verdict():
    moves = iter(range(10**6))

    def sometimes(view):
        return "score Nobody" if next(moves) == 0 else view.legal_moves[0]   # its first move
    found = compare(sometimes, against="random", pairs=3, seed=1)
    assert sum(found.paired.forfeits.values()) == 1
    assert "forfeited every game" not in found.verdict()
    assert found.verdict().split(":")[0] in ("Cannot tell yet", "sometimes is better than random",
                                             "sometimes is not as good as random")


def test_two_bots_whose_files_do_not_load_win_nothing_in_compare(tmp_path):
    from swkit.arena.matches import FileEntrant
    for name, code in (("dan", "def choose(view)\n    return 1\n"), ("zed", "choose = 7\n")):
        (tmp_path / f"{name}.py").write_text(code)
    dan, zed = (FileEntrant(str(tmp_path / f"{n}.py")) for n in ("dan", "zed"))
    found = compare(dan, against=zed, pairs=1, seed=0)
    assert found.paired.wins == 0 and found.unpaired.wins == 0
    assert found.paired.against_forfeits == {
        "its file did not load: zed.py has no function choose(view)": 2}
    assert found.verdict().startswith("Both bots forfeited every game, so neither won. Why: "
                                      "dan: its file did not load: SyntaxError")


def test_identical_bots_split_every_pair_and_the_interval_is_never_zero_wide():
    found = compare("greedy", against="greedy", pairs=5, seed=2)
    assert found.against == "greedy (the other)"
    assert found.paired.pair_wins == [1] * 5              # the same dice: each wins once
    assert found.variance_ratio is None
    low, high = found.paired.interval
    assert low < 0.5 < high and (low, high) == wilson95(2.5, 5)


def test_the_paired_interval_against_a_hand_count():
    wins = [Fraction(2), Fraction(1), Fraction(1), Fraction(0)]
    assert variance(wins) == Fraction(2, 3)
    low, high = paired95(wins)
    half = 1.959963984540054 * (2 / 3 / 4) ** 0.5 / 2
    assert low == pytest.approx(0.5 - half) and high == pytest.approx(0.5 + half)
    assert paired95([]) == (0.0, 1.0)


def test_the_summary_chart_shows_one_bot_against_each_with_its_interval():
    from swkit.arena.compare import summary_chart

    found = [compare(steady, against=other, pairs=2, seed=5, name="mine")
             for other in ("random", "greedy")]
    chart = summary_chart(found)
    assert chart.categories == ("random (4 games)", "greedy (4 games)")
    bars = chart.series[0]
    assert bars.values == tuple(c.paired.rate for c in found)
    assert bars.intervals == tuple(c.paired.interval for c in found)
    assert "mine" in chart.words() and "<svg" in chart.svg()
    with pytest.raises(ConfigurationError, match="at least one"):
        summary_chart([])
    with pytest.raises(ConfigurationError, match="one bot against others"):
        summary_chart([found[0], compare("greedy", against="random", pairs=1)])


def test_a_functions_own_randomness_never_moves_the_dice():
    import random

    def noisy(view):
        for _ in range(random.randrange(1, 50)):
            random.random()
        return steady(view)

    random.seed(1)
    quiet = play_pair(FunctionEntrant(steady), BuiltinEntrant("random"), 8)
    random.seed(2)
    loud = play_pair(FunctionEntrant(noisy), BuiltinEntrant("random"), 8)
    assert [g.rolls for g in quiet] == [g.rolls for g in loud]
    assert [g.winners for g in quiet] == [g.winners for g in loud]
