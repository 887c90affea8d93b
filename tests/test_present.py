"""The presentation layer (swkit.present): one percentage formatter for every front end, and the
words the command line and the widgets share."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

import pytest

from swkit.present.percent import about, percent_number, percent_text


def _rounded(p: Fraction, digits: int) -> Decimal:
    """``p`` in percent rounded to ``digits`` decimals, exactly (no float on the way)."""
    exact = Decimal(p.numerator * 100) / Decimal(p.denominator)
    return exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)


@pytest.mark.parametrize("digits", [0, 1, 2, 3])
def test_a_percentage_is_the_rounded_value_unless_it_would_read_0_or_100(digits: int) -> None:
    rng = random.Random(digits)
    smallest = Decimal(1).scaleb(-digits)
    values = [Fraction(rng.randrange(1, 10**9), 10**9) for _ in range(2_000)]
    values += [Fraction(1, 10**k) for k in range(1, 12)] + [1 - Fraction(1, 10**k)
                                                          for k in range(1, 12)]
    for p in values:
        shown = _rounded(p, digits)
        text = percent_text(p, digits)
        if shown == 0:                      # possible, never "0%"
            assert text == f"<{smallest}%", (p, text)
        elif shown == 100:                  # not certain, never "100%"
            assert text == f">{Decimal(100) - smallest}%", (p, text)
        else:                               # a float may round a tie the other way
            assert abs(Decimal(text.rstrip("%")) - shown) <= smallest, (p, text)
    for sure in (0, 1, Fraction(0), Fraction(1)):
        assert percent_text(sure, digits) == f"{float(100 * sure):.{digits}f}%"


def test_words_and_a_float_near_the_true_chance() -> None:
    assert percent_text(Fraction(1, 10**7), words=True) == "under 0.01%"
    assert percent_text(1 - Fraction(1, 10**7), words=True) == "over 99.99%"
    # a solved table's float: 0 and 1 themselves are not promised either
    assert percent_text(1.0, 1, words=True, exact=False) == "over 99.9%"
    assert percent_text(0.0, 1, words=True, exact=False) == "under 0.1%"
    assert percent_text(1.0, 1) == "100.0%" and percent_text(0.0) == "0.00%"


def test_about_reads_beside_an_exact_value() -> None:
    assert about(Fraction(5, 9)) == "about 55.6%"
    assert about(Fraction(2757, 182780)) == "about 1.5%"
    assert about(Fraction(1, 10**5)) == "under 0.1%"
    assert about(0.531, exact=False) == "about 53.1%"
    assert about(0.9996, exact=False) == "over 99.9%"


def test_the_json_percent_is_rounded_to_four_decimals() -> None:
    assert percent_number(Fraction(1, 8)) == 12.5
    assert percent_number(Fraction(25, 2838)) == 0.8809
    assert percent_number(Fraction(2, 3)) == 66.6667


def test_the_command_line_and_the_widgets_say_one_condition() -> None:
    from swkit.present.cards import WITHIN_CONDITION
    from swkit.present.words import IF_NOBODY_MOVES
    assert WITHIN_CONDITION.startswith(IF_NOBODY_MOVES + ":")


def test_the_command_line_names_are_the_presentation_layers() -> None:
    import swkit.cli.odds_cards
    import swkit.cli.odds_dice
    import swkit.cli.odds_duel
    import swkit.present.cards
    import swkit.present.dice
    import swkit.present.duel
    for cli, present in ((swkit.cli.odds_cards, swkit.present.cards),
                         (swkit.cli.odds_dice, swkit.present.dice),
                         (swkit.cli.odds_duel, swkit.present.duel)):
        for name in cli.__all__:
            assert getattr(cli, name) is getattr(present, name), name


def test_the_explorer_and_the_command_line_give_one_exact_deal_answer() -> None:
    from swkit.present.answers import solve
    from swkit.present.cards import deal_query
    from swkit.present.questions import DealQuestion
    for cards in (3, 4):
        answer = solve(DealQuestion(cards=cards, event="either"), quick=True)
        assert str(answer.value) == deal_query(cards)["probability"]
        assert answer.value_text().endswith(percent_text(answer.value))


def test_every_odds_command_answers_a_question_through_solve(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import swkit.present.answers
    import swkit.present.cards
    import swkit.present.dice
    import swkit.present.duel
    from swkit.present import questions

    asked: list[type] = []

    def spy(question, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(type(question))
        return swkit.present.answers.solve(question, *args, **kwargs)

    for module in (swkit.present.cards, swkit.present.dice, swkit.present.duel):
        monkeypatch.setattr(module, "solve", spy)
    swkit.present.cards.deal_query(3)
    swkit.present.cards.hand_query("B2 G7 Y9", tableau="R4 R6 B8")
    swkit.present.dice.roll_query(dice="Mickey Mickey C Goofy Pluto", at_least=3)
    swkit.present.dice.solo_query()
    swkit.present.duel.duel_query("Mickey:3,Goofy:0,Minnie:2,Donald:4 / "
                                  "Minnie:5,Mickey:2,Goofy:1,Donald:0", "C C C Goofy Pluto", 0)
    assert asked == [questions.DealQuestion, questions.HandQuestion, questions.RollQuestion,
                     questions.SoloQuestion, questions.DuelQuestion]


@pytest.mark.parametrize("center", ["unknown", "3", "yellow-swap"])
def test_a_hand_question_from_a_position_asks_about_that_position(center: str) -> None:
    from swkit.odds.cards import make_position
    from swkit.present.questions import HandQuestion
    pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", discard="R9 B9", others="R1 R2 / B5",
                        center=center, figure=True, scored="1", editions=2)
    question = HandQuestion.from_position(pos, turns=2)
    assert question.position() == pos
    assert (question.turns, question.editions, question.scored) == (2, 2, ("purple-wild",))


def test_the_hand_answer_is_the_command_lines_with_its_budget() -> None:
    from swkit.errors import WorkBudgetError
    from swkit.present.cards import hand_query
    with pytest.raises(WorkBudgetError):
        hand_query("B2 G7 Y9", turns=3, budget=10)
    from swkit.odds.cards import make_position, player_odds
    exact = player_odds(make_position("B2 G7 Y9", tableau="R4 R6 B8"), 2).probability
    assert hand_query("B2 G7 Y9", tableau="R4 R6 B8", turns=2)["probability"] == str(exact)


def test_a_roll_answer_keeps_every_option_of_the_library_and_its_model() -> None:
    from swkit.odds import DiceModel, Objective, keep_options
    from swkit.present.answers import solve
    from swkit.present.questions import RollQuestion
    model = DiceModel(characters=3, wilds=2)
    question = RollQuestion(dice=("Mickey", "Mickey", "Clubhouse", "Minnie", "Donald"),
                            rolls_left=1, at_least=4, characters=3, wilds=2)
    assert question.model() == model
    answer = solve(question)
    assert answer.result == keep_options(model, Objective.at_least(4), question.counts(), 1)
    assert answer.value == answer.result[0].value
    assert sum(answer.bars.values()) == 1


def test_the_solo_total_is_the_sum_of_its_turns() -> None:
    from swkit.odds.solo import solo_action, solo_expected
    from swkit.present.answers import solve
    from swkit.present.questions import SoloQuestion
    answer = solve(SoloQuestion())
    assert answer.value == solo_expected() == sum(answer.result.per_turn)
    assert answer.result.action is None
    state = solve(SoloQuestion(dice=("Mickey", "Mickey", "Clubhouse", "Goofy", "Pluto"),
                               rolls_left=1, scored=("Goofy",)))
    assert state.result.action == solo_action((2, 0, 0, 1, 1, 1), 1, [3])


def test_a_duel_score_choice_expects_the_space_it_takes() -> None:
    from swkit.present.answers import solve
    from swkit.present.questions import DuelQuestion
    # seat 1 to move, every character but Pluto scored; three Clubhouses and a Pluto make a
    # count of 4, but seat 0 holds Pluto's 4: the token is pushed left to 3 (RULES.md §B4)
    answer = solve(DuelQuestion("Mickey:3,Goofy:0,Minnie:2,Donald:4,Pluto:4 / "
                                "Minnie:5,Mickey:2,Goofy:1,Donald:0",
                                ("Clubhouse", "Clubhouse", "Clubhouse", "Pluto", "Goofy"), 0))
    [(option, expected)] = answer.result.options
    assert (option.score, expected) == ("Pluto", 3)
    # seat 1 then has 2 + 1 + 0 + 5 + 3 = 11 points against seat 0's 13: a sure loss
    assert answer.value == 0 and answer.value_text() == "0 ≈ 0.00%"
