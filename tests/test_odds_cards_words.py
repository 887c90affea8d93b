"""What a teacher reads from ``swkit odds hand`` and ``swkit odds deal``: each probability
labelled, plain words, lines that fit in 78 columns, and why a deal shows no formula."""

from __future__ import annotations

import re

from swkit.cli.odds_cards import deal_query, format_deal, format_hand, hand_query


def test_odds_hand_text_labels_each_probability_and_uses_plain_words():
    for kwargs in (dict(hand="B2 G7 Y9", tableau="R4 R6 B8", center="green-discard", turns=2),
                   dict(hand="B2 G7 Y9", tableau="R4 R6 B8", scored="7,1"),
                   dict(hand="B2", tableau="R4 R6 B8", scored="7,1", figure=True, turns=2),
                   dict(hand="B1 G9", tableau="Y4 Y6")):
        text = format_hand(hand_query(**kwargs))
        assert "modelled" not in text.lower()
        assert re.search(r"P = the chance you score (this turn|within \d of your turns) after "
                         "that draw", text)
        # a draw's line may run on over lines indented under its first and ends with P; then
        # the plan's steps, numbered, each indented by 4 (run-on lines by 7)
        plays = re.findall(r"^  draw .*(?:\n {7}.*)*", text, re.M)
        assert plays and all(re.search(r"\(P = [0-9/]+\):$", x) for x in plays)
        steps = re.findall(r"^    \S.*(?:\n {7}.*)*", text, re.M)
        assert steps and all(re.match(r"    (\d+\. |no play scores this turn$)", x) for x in steps)
        assert all(len(line) <= 78 for x in plays + steps for line in x.splitlines())
        assert "a score is possible" not in text  # read as a contradiction next to P = 0


def test_deal_text_and_json_say_why_there_is_no_formula():
    for k in (4, 5):
        r = deal_query(k)
        assert r["formula"]["either"] is None and "several triples" in r["formula_note"]
        text = format_deal(r)
        assert "no formula shown" in text
        # lesson 1 counts 4 cards by formula (inclusion-exclusion): the text must not deny one
        assert "no short formula" not in text and "inclusion-exclusion" in r["formula_note"]
        assert "lesson 1" in r["formula_note"]
    three = deal_query(3)
    assert three["formula_note"] is None and "counted as" in format_deal(three)


def test_odds_hand_wraps_a_long_list_of_draws():
    # 43 draws with no scoring play: wrapped, not one line of over 170 columns
    result = hand_query("R5 B2")
    text = format_hand(result)
    entry = re.search(r"^  draw B1 .*(?:\n {7}.*)*", text, re.M).group(0)
    lines = entry.splitlines()
    assert len(lines) >= 2 and all(len(line) <= 78 for line in lines)
    assert all(line.startswith(" " * 7) and line[7] != " " for line in lines[1:])
    assert lines[-1].endswith("(P = 0):")
    assert text.split(entry)[1].startswith("\n    no play scores this turn\n")
    # every card is still listed, in order, none cut
    assert entry.split(" (P =")[0].split()[1:] == [d["draw"] for d in result["plays"]]
    assert len(result["plays"]) == 43
