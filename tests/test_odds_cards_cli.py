"""``swkit odds deal`` / ``swkit odds hand`` helpers (swkit.cli.odds_cards)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from swkit.cli import main
from swkit.cli.odds_cards import deal_query, format_deal, format_hand, hand_query
from swkit.errors import ConfigurationError, NotationError


def test_deal_query_known_values() -> None:
    r = deal_query(3)
    assert (r["probability"], r["set"], r["run"]) == ("25/2838", "3/473", "7/2838")
    assert r["counts"] == {"set": 90, "run": 35, "either": 125, "total": 14190}
    assert r["formula"]["set"] == "9*binomial(5, 3)"
    assert r["percent"] == 0.8809
    json.dumps(r)
    r4 = deal_query(4)
    assert (r4["probability"], r4["set"], r4["run"]) == ("113/3311", "81/3311", "32/3311")
    assert r4["formula"]["set"] is None
    text = format_deal(r)
    assert "25/2838" in text and "3/473" in text


def test_deal_query_wilds_and_editions() -> None:
    r = deal_query(3, editions=2, wild_color="purple", wild_number=None)
    assert Fraction(r["probability"]) == Fraction(r["counts"]["either"], r["counts"]["total"])
    assert "P cards are any color" in r["wilds"]


@pytest.mark.parametrize("bad", [2, 8, True, "3"])
def test_deal_query_rejects_bad_card_counts(bad: object) -> None:
    with pytest.raises(ConfigurationError, match="--cards"):
        deal_query(bad)  # type: ignore[arg-type]


def test_hand_query_json_fields() -> None:
    r = hand_query("B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                   others="G1 G2 / Y5 P7", center="3", turns=2)
    json.dumps(r)
    assert r["this_turn"] == "1/31" and r["outs"] == {"R5": 1}
    assert Fraction(r["probability"]) >= Fraction(r["this_turn"])
    assert r["best"]["draw"] == "R5" and r["best"]["probability"] == "1"
    assert r["within"]["1"] == "1/31"
    assert sum(p["copies"] for p in r["plays"]) == r["unseen"] == 31
    assert r["left_out"] == [] and r["modelled"]
    text = format_hand(r)
    assert "R5" in text and "within 2" in text
    # a within-T number says its condition (RULES.md §C1)
    assert "if nobody else moves first" in text
    one = format_hand(hand_query("B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                                 others="G1 G2 / Y5 P7", center="3", turns=1))
    assert "nobody else" not in one


def test_hand_query_names_left_out_powers() -> None:
    r = hand_query("B2 G7", tableau="R4", center="blue-draw-two", scored="10", figure=True,
                   turns=2)
    # draw two and pass are modelled over later turns: nothing is left out
    assert r["left_out"] == [] or r["left_out"] == ()
    assert "blue-draw-two" in " ".join(r["modelled"]) and "purple-pass" in " ".join(r["modelled"])
    unknown = hand_query("B2 G7", tableau="R4", turns=2)
    assert unknown["left_out"] and "Note: center Power not given" in format_hand(unknown)


@pytest.mark.parametrize(("kwargs", "error", "part"), [
    (dict(hand="R3 Q7"), NotationError, "Q7"),
    (dict(hand="R3 R3"), ConfigurationError, "R3 x2"),
    (dict(hand="R3", tableau="R3"), ConfigurationError, "R3 x2"),
    (dict(hand="R3", others="B1 / Z2"), NotationError, "Z2"),
    (dict(hand="R3", center="11"), NotationError, "11"),
    (dict(hand="R3", scored="purple-wild,zzz"), NotationError, "zzz"),
    (dict(hand="R3", turns=4), ConfigurationError, "--turns"),
])
def test_hand_query_bad_input(kwargs: dict, error: type, part: str) -> None:
    with pytest.raises(error, match=part):
        hand_query(**kwargs)


def test_cli_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "deal", "--cards", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["probability"] == "25/2838"
    assert main(["odds", "hand", "--hand", "B2 G7 Y9", "--tableau", "R4 R6 B8",
                 "--center", "green-discard"]) == 0
    assert "1/39" in capsys.readouterr().out
    code = main(["odds", "hand", "--hand", "R3 R3"])
    assert code == 2


def test_cli_refuses_a_tableau_of_more_than_five(capsys: pytest.CaptureFixture[str]) -> None:
    """A tableau of 7 cards cannot occur at the start of a turn (RULES.md §A3 step 6): exit 2
    with a message naming the tableau and the rule."""
    code = main(["odds", "hand", "--hand", "R3 R4", "--tableau", "B1 B2 B3 B4 B5 B6 B7",
                 "--center", "7"])
    assert code == 2
    err = capsys.readouterr().err
    assert "tableau: 7 cards (B1 B2 B3 B4 B5 B6 B7)" in err and "§A3" in err
    code = main(["odds", "hand", "--hand", "R3", "--others", "R1 / G1 G2 G3 G4 G5 G6",
                 "--json"])
    assert code == 2
    assert "others tableau 2: 6 cards" in capsys.readouterr().err
    with pytest.raises(ConfigurationError, match="tableau: 6 cards"):
        hand_query("R3", tableau="B1 B2 B3 B4 B5 B6")


def test_center_left_out_is_unknown_not_absent(capsys: pytest.CaptureFixture[str]) -> None:
    """No --center: a center Power is there but not given, so playing R3 scores R3 R4 R5;
    ``--center none`` (no center Power) is a table no game of Mickey and Friends reaches: its
    ten Powers cannot all be scored."""
    r = hand_query("R3 B7 G5", tableau="R4 R5")
    assert Fraction(r["probability"]) == 1 and r["best"]["play"].endswith("score R3 R4 R5 (run)")
    assert any("not given" in note for note in r["left_out"])
    assert "Note: center Power not given" in format_hand(r)
    with pytest.raises(ConfigurationError, match="every Power of Mickey and Friends"):
        hand_query("R3 B7 G5", tableau="R4 R5", center="none")
    assert main(["odds", "hand", "--hand", "R3 B7 G5", "--tableau", "R4 R5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert Fraction(out["probability"]) > 0
    assert main(["odds", "hand", "--hand", "R3 B7 G5", "--tableau", "R4 R5", "--center", "none",
                 "--json"]) == 2
    assert "§A5" in capsys.readouterr().err
    assert main(["odds", "hand", "--hand", "R3 B7 G5", "--tableau", "R4 R5"]) == 0
    assert "not given" in capsys.readouterr().out


def test_odds_hand_help_says_which_power_each_number_is(capsys: pytest.CaptureFixture[str]) -> None:
    from swkit.cards.editions import load_edition
    with pytest.raises(SystemExit):
        main(["odds", "hand", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for p in load_edition().powers:          # "7 blue-draw-two": the data file's numbers
        assert f"{p.number} {p.key}" in text, p.key


@pytest.mark.parametrize("center", ["7", "Power 7", "blue-draw-two"])
def test_odds_hand_takes_a_power_as_the_kit_prints_it(capsys: pytest.CaptureFixture[str],
                                                      center: str) -> None:
    assert main(["odds", "hand", "--hand", "B2 G7 Y9", "--center", center, "--figure",
                 "--scored", "Power 3", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert "blue-draw-two" in json.dumps(got) and "green-discard" in json.dumps(got)


def test_the_written_out_power_list_is_the_data_files() -> None:
    from swkit.cards.editions import load_edition, power_list
    from swkit.cli.command import POWER_LIST
    assert power_list(load_edition()) == POWER_LIST


def test_a_simulated_interval_end_near_0_or_1_is_not_rounded_to_a_promise() -> None:
    from swkit.cli.odds_cards import format_simulated
    base = dict(turns=1, simulated=1_000_000, seed=0)
    none = format_simulated(dict(base, estimate=0.0, interval=[0.0, 6.6e-6], hits=0))
    assert "interval 0.00% to under 0.01%" in none and "about 0.00%" in none
    every = format_simulated(dict(base, estimate=1.0, interval=[0.999993, 1.0], hits=1_000_000))
    assert "interval over 99.99% to 100.00%" in every
    mid = format_simulated(dict(base, estimate=0.25, interval=[0.2489, 0.2511], hits=250_000))
    assert "25.00% (99% interval 24.89% to 25.11%" in mid
