"""The ``swkit`` command line: ``play`` and ``odds`` output, exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from swkit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run and catch argparse's SystemExit, returning its status."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game,players", [("dice", 1), ("dice", 2), ("dice", 4),
                                          ("cards", 2), ("cards", 3), ("cards", 4)])
def test_play_json_has_winner_scores_turns(capsys, game, players):
    code, out, _ = run(capsys, "play", game, "--players", str(players), "--seed", "3", "--json")
    assert code == 0
    record = json.loads(out)
    assert len(record["scores"]) == players
    assert record["turns"]
    winner = record["winner"]
    assert winner is None or 0 <= winner < players
    if winner is not None:
        assert record["scores"][winner] == max(record["scores"])


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_play_same_arguments_same_output(capsys, game):
    first = run(capsys, "play", game, "--players", "2", "--seed", "11")
    second = run(capsys, "play", game, "--players", "2", "--seed", "11")
    assert first == second
    other = run(capsys, "play", game, "--players", "2", "--seed", "12")
    assert other[1] != first[1]


def test_play_dice_transcript_is_readable(capsys):
    code, out, _ = run(capsys, "play", "dice", "--players", "2", "--seed", "7")
    assert code == 0
    assert "Mickey" in out and "winner" in out.lower()


def test_play_cards_transcript_is_readable(capsys):
    code, out, _ = run(capsys, "play", "cards", "--players", "2", "--seed", "7")
    assert code == 0
    assert "play" in out.lower() and "winner" in out.lower()


@pytest.mark.parametrize("argv,needle", [
    (("play", "dice", "--players", "9"), "1 to 4"),
    (("play", "cards", "--players", "1"), "2 to 4"),
    (("play", "cards", "--players", "two"), "whole number"),
    (("play", "dice", "--players", "2", "--bots", "smart"), "greedy, random"),
    (("odds", "deal", "--cards", "9"), "3 to 7"),
    (("odds", "roll", "--at-least", "7"), "1 to 5"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, needle):
    code, out, err = run_exit(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err


@pytest.mark.parametrize("argv,needle", [
    (("odds", "roll", "--dice", "Mickey Mickey Zorro Goofy Pluto"), "Zorro"),
    (("odds", "roll", "--dice", "m m m m m m"), "6"),
    (("odds", "hand", "--hand", "R3 Q7"), "Q7"),
    (("odds", "hand", "--hand", "R3 R3"), "R3"),
])
def test_bad_odds_input_exits_2_naming_the_bad_part(capsys, argv, needle):
    code, out, err = run_exit(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert needle in err


def test_odds_deal_json_matches_published_values(capsys):
    code, out, _ = run(capsys, "odds", "deal", "--cards", "3", "--json")
    assert code == 0
    result = json.loads(out)
    assert result["probability"] == "25/2838"
    assert result["set"] == "3/473" and result["run"] == "7/2838"
    code, out, _ = run(capsys, "odds", "deal", "--cards", "4", "--json")
    result = json.loads(out)
    assert result["probability"] == "113/3311"


def test_odds_roll_and_solo_json_are_exact_fractions(capsys):
    code, out, _ = run(capsys, "odds", "roll", "--target", "Mickey", "--at-least", "3", "--json")
    assert code == 0
    result = json.loads(out)
    p = Fraction(result["probability"])
    assert 0 < p < 1
    assert sum(Fraction(v) for v in result["distribution"].values()) == 1
    code, out, _ = run(capsys, "odds", "solo", "--json")
    assert code == 0
    assert Fraction(json.loads(out)["expected"]) > 0


def test_console_script_module_runs():
    done = subprocess.run([sys.executable, "-m", "swkit", "play", "dice", "--players", "2",
                           "--seed", "7", "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"]


def test_play_cards_with_an_edited_powers_file(capsys, tmp_path):
    """RULES.md §A7: a teacher's edited data file plays from the command line."""
    from importlib.resources import files

    data = json.loads((files("swkit.cards") / "data" / "mickey_and_friends.json").read_text())
    data["edition"] = "Our classroom box"
    data["powers"].append({"number": 11, "key": "green-3s-wild", "color": "G",
                           "text": "Treat 3s as any number this turn.",
                           "effect": "wild_number", "params": {"number": 3}})
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "play", "cards", "--players", "2", "--powers", str(path),
                       "--seed", "5")
    assert code == 0 and "Our classroom box" in out
    code, _, err = run(capsys, "play", "cards", "--players", "2", "--powers",
                       str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_play_has_two_players_by_default_and_says_so(capsys, game):
    # README examples always passed --players; a newcomer leaving it out got a usage error
    code, out, _ = run(capsys, "play", game, "--seed", "5", "--json")
    assert code == 0 and len(json.loads(out)["scores"]) == 2
    assert run(capsys, "play", game, "--players", "2", "--seed", "5", "--json")[1] == out
    with pytest.raises(SystemExit):
        main(["play", game, "--help"])
    assert "default 2" in " ".join(capsys.readouterr().out.split())
