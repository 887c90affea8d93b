"""Lesson 11's exercises against counts that share no code with their answers: the legal moves
of a roll listed from the dice's positions, the interval rule solved by a loop over n, and the
pairing ratio from a direct loop over the arena's games."""

from __future__ import annotations

import statistics
from fractions import Fraction
from itertools import combinations

import pytest

from swkit.arena.matches import BuiltinEntrant, play_dice, play_pair
from swkit.dice.game import DiceGame
from swkit.exercises import assess, get
from swkit.exercises.lesson11 import EDGE, MEASURE, UNPAIRED_GAMES, VIEW_SEED, games_needed
from swkit.state import substream_seed


def test_11_1_every_keep_of_some_dice_and_every_score():
    game = DiceGame(2, VIEW_SEED)
    game.apply_chance()
    dice = list(game.dice)
    keeps = {tuple(sorted(dice[i] for i in chosen)) for size in range(5)
             for chosen in combinations(range(5), size)}          # never all five
    assert get("11.1").answer() == len(keeps) + 5                  # + a score per character


def test_11_2_and_the_lessons_55_percent_by_a_loop_over_n():
    def loop(edge: Fraction) -> int:
        n = 1
        while (Fraction(98, 100) ** 2) > edge ** 2 * n:   # 0.98/sqrt(n) > edge
            n += 1
        return n

    assert get("11.2").answer() == loop(EDGE) == 97
    assert games_needed(Fraction(5, 100)) == loop(Fraction(5, 100)) == 385   # "about 400"
    with pytest.raises(ValueError):
        games_needed(Fraction(0))


@pytest.mark.slow
def test_11_3_from_a_direct_loop_over_the_games():
    points, greedy = BuiltinEntrant(MEASURE["choose"]), BuiltinEntrant(MEASURE["against"])
    seed, paired, unpaired = MEASURE["seed"], [], []

    def won(result, seat):
        return 1 / len(result.winners) if seat in result.winners else 0

    for k in range(MEASURE["pairs"]):
        one, two = play_pair(points, greedy, substream_seed(seed, f"compare/paired/{k}"))
        paired.append(won(one, 0) + won(two, 1))
        one = play_dice([points, greedy], substream_seed(seed, f"compare/alone/{k}/0"))
        two = play_dice([greedy, points], substream_seed(seed, f"compare/alone/{k}/1"))
        unpaired.append(won(one, 0) + won(two, 1))
    ratio = statistics.variance(unpaired) / statistics.variance(paired)
    assert ratio > 1                                # pairing helps
    assert get("11.3").answer() == round(UNPAIRED_GAMES / ratio)


def test_11_3_takes_answers_within_five_percent():
    exercise = get("11.3")
    answer = exercise.answer()
    for given, right in ((answer, True), (round(answer * 1.04), True), (str(answer), True),
                         (round(answer * 0.94), False), (UNPAIRED_GAMES, False),
                         ("many", False)):
        assert assess(exercise, given)[0] is right, given


def test_11_4_the_other_hand_and_the_deck_are_what_the_card_view_hides():
    from swkit.cards.game import CardGame
    from swkit.exercises.lesson11 import CARD_SEED
    game = CardGame(2, CARD_SEED)
    game.apply_chance()
    hidden = len(game.hands[1]) + len(game.deck)
    assert get("11.4").answer() == hidden == 45 - 4 == 41
