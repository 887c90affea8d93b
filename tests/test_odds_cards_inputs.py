"""``swkit odds hand`` and ``make_position``: impossible positions, --editions, readable output
(issue 6 items 3, 4 and 5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from swkit.cards.game import CardGame
from swkit.cli import build_parser, main
from swkit.cli.odds_cards import deal_query, format_deal, format_hand, hand_query
from swkit.errors import ConfigurationError
from swkit.odds.cards import make_position

# -- item 3: every position the game refuses, the odds refuse too ------------------------------

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


# -- item 4: --editions, and messages name only options that exist -----------------------------

def test_odds_hand_takes_editions(capsys):
    assert main(["odds", "hand", "--hand", "R3 R3", "--tableau", "R4", "--editions", "2",
                 "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert two == hand_query("R3 R3", tableau="R4", editions=2)
    assert two["unseen"] == 90 - 3
    assert main(["odds", "hand", "--hand", "R3 R3"]) == 2
    err = capsys.readouterr().err
    assert "R3 x2" in err


def _options() -> dict[str, set[str]]:
    """Every command's options, by the command's name (``"odds hand"``)."""
    out: dict[str, set[str]] = {}

    def walk(parser, path):
        import argparse
        out[" ".join(path)] = {o for a in parser._actions for o in a.option_strings}
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                for name, sub in a.choices.items():
                    walk(sub, path + (name,))
    walk(build_parser(), ())
    return out


# which commands a module's messages reach
SERVES = {
    "odds/cards.py": ["odds hand"], "odds/deal.py": ["odds deal"],
    "odds/dice.py": ["odds roll"], "odds/solo.py": ["odds solo"],
    "present/cards.py": ["odds deal", "odds hand"], "present/dice.py": ["odds roll", "odds solo"],
    "cards/editions.py": ["play cards"], "cards/play.py": ["play cards"],
    "dice/play.py": ["play dice"], "cli/lessons.py": ["lessons"], "cli/site.py": ["site"],
    "cli/lessons_copy.py": ["lessons"], "cli/lessons_launch.py": ["lessons"],
    "cli/lessons_command.py": ["lessons"],
}

# options of another program that a module passes on (JupyterLab's, started by swkit lessons;
# jupyter lite build's, run by swkit site; python -m http.server's, which swkit site prints;
# npm pack's and pip download's, which fetch the site's copy of Pyodide; a CSS variable of
# ipywidgets' that the widgets' style reads), or of a command of its own (the duel table's
# builder, python -m swkit.odds.duel build; bench/duel.py --exact, which core.py cites)
FOREIGN = {"cli/lessons_launch.py": {"--allow-root", "--no-browser"},
           "cli/site.py": {"--bind", "--contents", "--lite-dir", "--no-sourcemaps", "--output-dir",
                           "--piplite-wheels"},
           "cli/pyodide.py": {"--abi", "--dest", "--implementation", "--no-deps",
                              "--only-binary", "--pack-destination", "--platform",
                              "--python-version", "--quiet", "--silent"},
           "widgets/_base.py": {"--jp-widgets-inline-height"},
           "odds/duel/__main__.py": {"--out", "--dice", "--characters", "--wilds", "--rolls"},
           "odds/duel/core.py": {"--exact"}}


def test_every_option_a_message_names_exists():
    options = _options()
    every = set().union(*options.values())
    root = Path(__file__).resolve().parent.parent / "swkit"
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).as_posix()
        allowed = set().union(*(options[c] for c in SERVES[rel])) if rel in SERVES else every
        named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", path.read_text(encoding="utf-8")))
        named -= FOREIGN.get(rel, set())
        assert named <= allowed, f"{rel} names {sorted(named - allowed)}"


# -- item 5: readable output ---------------------------------------------------------------

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


def test_dice_transcript_explains_the_picture_column_and_the_rerolls():
    from swkit.dice.play import format_transcript, play_game
    record = play_game(2, 7)
    text = format_transcript(record)
    assert "Picture" in text.split("Round 1")[0] and "0 points" in text.split("Round 1")[0]
    lines = text.splitlines()
    turn = record["turns"][0]
    first, second = turn["rolls"][0], turn["rolls"][1]
    kept = second and first["keep"][len("keep "):].split()
    was = list(first["dice"])
    for face in kept:
        was.remove(face)
    assert sorted(second["rerolled_from"]) == sorted(was)
    line = next(x for x in lines if x.startswith("  Roll 2: "))
    assert f"(rerolled {' '.join(second['rerolled_from'])} -> {' '.join(second['rerolled'])})" \
        in line


# -- newcomer trial (nits3) ----------------------------------------------------------------------

def test_odds_hand_wraps_a_long_list_of_draws():
    # 43 draws with no scoring play used to be one line of over 170 columns
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
