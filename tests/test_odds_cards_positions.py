"""The positions ``make_position`` and ``swkit odds hand`` accept, and the ones they refuse
(RULES.md §A1, §A3, §A5, §A8).

Every position the card game refuses (``CardGame.from_position``), the odds refuse too, with the
same RULES.md section; a refused option is named in one line on stderr.
"""

from __future__ import annotations

import json

import pytest

from swkit.cards.game import CardGame
from swkit.cli import main
from swkit.cli.odds_cards import hand_query
from swkit.errors import ConfigurationError
from swkit.odds.cards import make_position

# -- every position the game refuses, the odds refuse too ---------------------------------------

# (make_position arguments, the same table for CardGame.from_position, words in both messages)
IMPOSSIBLE = [
    (dict(hand="R3", tableau="R4 R5", scored="1,2,3"),
     dict(hands=["R3", "B1"], tableaux=["R4 R5"], scored=[[1, 2, 3], []]),
     "RULES.md §A5"),
    (dict(hand="R3", others="R1 / R2 / R4 / R5"),
     dict(hands=["R3", "B1", "B2", "B3", "B4"], tableaux=["", "R1", "R2", "R4", "R5"]),
     "RULES.md §A1"),
    (dict(hand="R3", tableau="R4 R5", center="none"),
     dict(hands=["R3", "B1"], tableaux=["R4 R5"], centers=[None]),
     "RULES.md §A5"),
    (dict(hand="R3", tableau="B1 B2 B3 B4 B5 B6"),
     dict(hands=["R3", "B9"], tableaux=["", "B1 B2 B3 B4 B5 B6"]),
     "RULES.md §A3 step 6"),
    (dict(hand="R3 R3"),
     dict(hands=["R3 R3", "B1"]),
     "RULES.md §A8"),
    (dict(hand="R3", center="1", scored="1"),
     dict(hands=["R3", "B1"], centers=[1], scored=[[1], []]),
     "RULES.md §A8"),
]


@pytest.mark.parametrize("odds,game,words", IMPOSSIBLE, ids=lambda x: str(x)[:40])
def test_a_position_no_game_reaches_is_refused_like_the_game_does(odds, game, words):
    with pytest.raises(ConfigurationError) as by_game:
        CardGame.from_position(**game)
    with pytest.raises(ConfigurationError) as by_odds:
        make_position(**odds)
    assert words in str(by_game.value), str(by_game.value)
    assert words in str(by_odds.value), str(by_odds.value)


@pytest.mark.parametrize("odds,game,words", IMPOSSIBLE, ids=lambda x: str(x)[:40])
def test_the_odds_command_refuses_them_with_one_line(odds, game, words, capsys):
    argv = ["odds", "hand"]
    for key, value in odds.items():
        argv += [f"--{key}", value]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err


def test_two_scored_powers_and_an_empty_center_where_a_game_reaches_them():
    assert make_position("R3", scored="1,2").scored
    # an empty center is reachable with a small edition shuffled twice (every Power scored)
    from swkit.cards.editions import edition_from_dict
    small = edition_from_dict({"edition": "Three", "key": "three", "powers": [
        {"number": n, "key": k, "color": c, "text": "t", "effect": "wild_color",
         "params": {"color": c}} for n, k, c in ((1, "p-wild", "P"), (2, "y-wild", "Y"),
                                                 (3, "g-wild", "G"))]})
    pos = make_position("R3", others="B1", scored="1", center="none", edition=small,
                        editions=2)
    assert pos.center is None
    with pytest.raises(ConfigurationError, match="every Power of Three"):
        make_position("R3", others="B1", center="none", edition=small, editions=2)


# -- --editions, doubled cards and the other players' tableaux ----------------------------------

def test_odds_hand_takes_editions(capsys):
    assert main(["odds", "hand", "--hand", "R3 R3", "--tableau", "R4", "--editions", "2",
                 "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert two == hand_query("R3 R3", tableau="R4", editions=2)
    assert two["unseen"] == 90 - 3
    assert main(["odds", "hand", "--hand", "R3 R3"]) == 2
    err = capsys.readouterr().err
    assert "R3 x2" in err


@pytest.mark.parametrize("args, where", [
    (["--hand", "R5 R5 B2"], "hand: "),
    (["--hand", "R5", "--tableau", "B3 B3"], "tableau: "),
    (["--hand", "R5", "--discard", "G2 G2"], "discard: "),
    (["--hand", "R5", "--others", "Y1 / Y1"], "others tableau 1 and others tableau 2: "),
    (["--hand", "R5 B2", "--discard", "R5"], "hand and discard: "),
])
def test_odds_hand_names_the_option_holding_a_doubled_card(capsys, args, where):
    assert main(["odds", "hand", *args]) == 2
    err = capsys.readouterr().err
    assert f"error: {where}more copies than 1 edition" in err


@pytest.mark.parametrize("others", ["R1 R2 //", "R1 // R2", "R1 ;/ R2", "//"])
def test_others_refuses_two_separators_with_nothing_between(capsys, others):
    assert main(["odds", "hand", "--hand", "R5", "--others", others]) == 2
    err = capsys.readouterr().err
    assert "others: two separators with nothing between them" in err and '"R1 / / B5"' in err


def test_others_keeps_an_empty_tableau_as_a_blank_and_says_so_in_help(capsys):
    from swkit.odds.cards import parse_others
    r1, r2 = parse_others("R1")[0], parse_others("R2")[0]
    assert parse_others("R1 / / R2") == (r1, (), r2)
    assert parse_others("R1 / ") == (r1, ()) and parse_others(" / R1") == ((), r1)
    assert main(["odds", "hand", "--hand", "R5", "--others", "R1 / / R2"]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["odds", "hand", "--help"])
    assert '"R1 / / B5"' in " ".join(capsys.readouterr().out.split())
