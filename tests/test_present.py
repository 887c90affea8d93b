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
