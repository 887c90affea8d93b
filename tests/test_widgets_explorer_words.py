"""What the odds explorer says, as a newcomer reads it: the question once, the same
account of the exact count as ``swkit odds deal``, and a plan's steps worded as the card
table words them, with the other tableaux numbered as the explorer's own field does."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from oracles.cards_oracle import count_deals_brute

from swkit.cards.notation import parse_cards
from swkit.cli.odds_cards import deal_query, format_deal
from swkit.odds.deal import COMPLEMENT_WORDS, Deck
from swkit.widgets.explorer import HandQuestion, OddsExplorer, solve


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def w():
    ex = OddsExplorer()
    ex.wait_idle()
    yield ex
    ex.wait_idle()
    assert ex.errors == []


def test_a_deal_question_is_printed_once(w):
    """The trial's screen read "P(3 random cards hold a set or a run), 1 edition, no wilds"
    twice in a row: the headline is the whole question, so no line repeats it."""
    shown = _text(w.headline.value)
    assert shown.count("P(3 random cards hold a set or a run)") == 1, shown
    assert shown.count("1 edition, no wilds") == 1, shown
    w.wild_color.value = "P"
    w.wait_idle()
    shown = _text(w.headline.value)
    assert shown.count("purple cards are any color") == 1, shown


def test_a_hand_question_says_the_hand_under_the_headline_not_the_question_again(w):
    w.kind.value = "hand"
    w.wait_idle()
    shown = _text(w.headline.value)
    assert shown.count("P(I score this turn)") == 1, shown
    assert "hand B2 G7 Y9, tableau R4 R6 B8" in shown


def test_the_explorer_and_the_command_line_tell_the_same_way_of_counting(w):
    """swkit odds deal --cards 4 said "the counts here come from checking every deal"; the
    explorer said it counts the complement. The engine counts the complement; both now say
    so, with the same three numbers, and the deals without a set or a run are counted here
    again by listing every deal."""
    w.cards.value = 4
    w.wait_idle()
    explorer = _text(w.formula.value)
    cli = " ".join(format_deal(deal_query(4)).split())
    for text in (explorer, cli):
        assert "checking every deal" not in text
        assert "the other way round" in text and "(the complement)" in text
    assert COMPLEMENT_WORDS in cli
    assert "all deals minus the deals with no set and no run" in explorer
    assert "148,995 − 143,910 = 5,085 deals with a set or a run" in explorer
    assert "for a set or a run, 148995 - 143910 = 5085 deals" in cli
    favorable, total = count_deals_brute(4, Deck())
    assert (total, total - favorable["either"], favorable["either"]) == (148_995, 143_910, 5085)
    assert w.answer.value == Fraction(5085, 148_995)


def _swap_question() -> HandQuestion:
    """Holding the figure with the swap Power in the center: R4 R6 in my tableau, R5 in the
    second of the other tableaux; every draw scores by swapping for it (RULES.md §A7 Power 9)."""
    def cards(text: str) -> tuple:
        return tuple(parse_cards(text))
    return HandQuestion(hand=cards("B2 G7 Y9"), tableau=cards("R4 R6 B8"),
                        discard=cards("G3 P5 Y4 B1"), others=(cards("G1 G2"), cards("Y5 R5")),
                        center="yellow-swap", figure=True, scored=("purple-wild",), turns=1)


def test_a_plan_is_worded_as_the_card_table_words_it_with_the_fields_numbers():
    """The card table's hint words DrawPlan.steps with step_words (a Power as its card is
    headed); the explorer does too, and names another tableau as its "other tableaux:" field
    numbers them, not as the command line's "tableau 2"."""
    answer = solve(_swap_question())
    assert answer.value == 1
    plans = [line for line in answer.details if line.startswith("after drawing")]
    assert plans
    for line in plans:
        assert "use Power 9 (yellow), swap B2 for R5 of other tableau 2" in line, line
        assert "of tableau" not in line and "yellow-swap" not in line
    odds = answer.result
    # the second other tableau is the one holding R5, as typed
    assert [str(c) for c in _swap_question().others[1]] == ["Y5", "R5"]
    assert all(step.seat == 2 for plan in odds.plans for step in plan.steps
               if step.kind == "swap")


def test_the_explorer_field_is_called_other_tableaux(w):
    """The word the plans use is the field's own."""
    assert w.others.description == "other tableaux:"
