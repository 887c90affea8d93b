"""The exercises' answers against an enumeration from the rules alone; fast tier.

Each rewritten exercise's answer is checked against an enumeration written here from
docs/RULES.md alone (cards as (color, number) pairs, dice as face names), never with swkit's
rule helpers nor the exercise's own code; then the checker is tried on the forms a student
writes that the first round of tests missed.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from swkit.exercises import Exercise, assess, get

# --- cards (RULES.md §A1, §A4, §A9) -------------------------------------------------------------

COLORS = "BGPRY"
CARDS = [(color, number) for color in COLORS for number in range(1, 10)]


def is_run(cards) -> bool:
    """One color, three consecutive numbers, no wrap-around."""
    numbers = sorted(n for _, n in cards)
    return (len({c for c, _ in cards}) == 1
            and numbers[1] == numbers[0] + 1 and numbers[2] == numbers[1] + 1)


def is_run_wild(cards, wild_color: str | None = None, wild_number: int | None = None) -> bool:
    """A run when a wild color card may be any color and a wild number card any number 1..9
    (keeping its color): some choice of stand-ins is a run."""
    def stand_ins(card):
        color, number = card
        colors = COLORS if color == wild_color else color
        numbers = range(1, 10) if number == wild_number else [number]
        return [(c, n) for c in colors for n in numbers]
    return any(is_run(choice) for choice in product(*map(stand_ins, cards)))


def test_lesson_1_one_color_hands_and_four_card_sets_and_runs():
    hands = list(combinations(CARDS, 3))
    one_color = sum(1 for hand in hands if len({c for c, _ in hand}) == 1)
    assert get("1.1").answer() == one_color == 420
    assert get("1.2").answer() == Fraction(one_color, len(hands)) == Fraction(14, 473)
    hands4 = list(combinations(CARDS, 4))
    sets4 = sum(1 for h in hands4 if any(len({n for _, n in t}) == 1 for t in combinations(h, 3)))
    runs4 = sum(1 for h in hands4 if any(is_run(t) for t in combinations(h, 3)))
    assert (get("1.3").answer(), get("1.4").answer()) == (sets4, runs4) == (3645, 1440)


def test_lesson_3_runs_with_5s_wild_and_runs_made_only_by_purple():
    hands = list(combinations(CARDS, 3))
    assert get("3.1").answer() == sum(1 for h in hands if is_run_wild(h, wild_number=5)) == 75
    only_purple = sum(1 for h in hands if is_run_wild(h, wild_color="P") and not is_run(h))
    assert get("3.2").answer() == only_purple == 168


def test_lesson_4_deals_of_physical_cards():
    four = [(card, copy) for card in CARDS for copy in range(4)]
    deals = sets = 0
    for deal in combinations(four, 3):
        deals += 1
        sets += deal[0][0][1] == deal[1][0][1] == deal[2][0][1]
    assert (get("4.1").answer(), get("4.2").answer()) == (deals, sets) == (955860, 10260)
    two = [(card, copy) for card in CARDS for copy in range(2)]
    pairs = scoring = runs = 0
    for deal in combinations(two, 3):
        faces = [card for card, _ in deal]
        pairs += len(set(faces)) == 2
        scoring += len({n for _, n in faces}) == 1 or is_run(faces)
        runs += is_run(faces)
    assert get("4.3").answer() == pairs == 3960
    assert get("4.4").answer() == Fraction(runs, scoring) == Fraction(7, 34)


# --- dice (RULES.md §B3, §B4, §C2) --------------------------------------------------------------

CHARACTERS = ("Mickey", "Minnie", "Donald", "Goofy", "Pluto")
WILD = "Clubhouse"
FACES = CHARACTERS + (WILD,)


def count(dice, character) -> int:
    return dice.count(character) + dice.count(WILD)


def test_lesson_5_goofy_after_keeping_one_and_the_best_count_without_the_wild():
    # 5.1: the first die is the kept Goofy; the other four are every equally likely reroll
    rerolls = [("Goofy", *rest) for rest in product(FACES, repeat=4)]
    hits = sum(1 for dice in rerolls if count(dice, "Goofy") >= 4)
    assert get("5.1").answer() == Fraction(hits, len(rerolls)) == Fraction(1, 9)
    # 5.3: the Clubhouse counts for nobody: some character on 3 or more of the five dice
    rolls = list(product(FACES, repeat=5))
    three = sum(1 for roll in rolls if any(roll.count(c) >= 3 for c in CHARACTERS))
    assert get("5.3").answer() == Fraction(three, len(rolls)) == Fraction(115, 648)
    # 5.4: faces A B C D and two wild faces W; five of a kind is one letter and the Ws only
    home = list(product("ABCDWW", repeat=5))
    five = sum(1 for roll in home if any(set(roll) <= {c, "W"} for c in "ABCD"))
    assert get("5.4").answer() == Fraction(five, len(home)) == Fraction(73, 648)


def test_lesson_6_mickey_at_least_four_after_two_rolls():
    # every first roll; its misses are rerolled once (every second roll of them equally likely)
    # (second rolls of m dice are tallied once by their hits: how many of the 6**m give j)
    seconds = {m: Counter(sum(1 for die in second if count((die,), "Mickey"))
                          for second in product(FACES, repeat=m)) for m in range(6)}
    total = Fraction(0)
    for first in product(FACES, repeat=5):
        hits = sum(1 for die in first if count((die,), "Mickey"))
        again = seconds[5 - hits]
        good = sum(n for more, n in again.items() if hits + more >= 4)
        total += Fraction(good, 6 ** (5 - hits) * 6**5)
    assert get("6.3").answer() == total == Fraction(15625, 59049)


def test_lesson_6_two_rolls_from_three_and_the_pair_against_the_clubhouse():
    total = Fraction(0)          # every first and second roll of the two free dice
    for first in product(FACES, repeat=2):
        free = [d for d in first if count((d,), "Mickey") == 0]
        for second in product(FACES, repeat=len(free)):
            if all(count((d,), "Mickey") for d in second):
                total += Fraction(1, 36 * 6 ** len(free))
    assert get("6.1").answer() == total == Fraction(25, 81)

    def p_four(kept):
        rolls = list(product(FACES, repeat=5 - len(kept)))
        return Fraction(sum(1 for new in rolls
                            if max(count(kept + new, c) for c in CHARACTERS) >= 4), len(rolls))
    difference = p_four(("Mickey", "Mickey", WILD)) - p_four((WILD,))
    assert get("6.4").answer() == difference == Fraction(17, 108)


def _space(count_: int, taken) -> int:
    value = min(count_, 5)
    while value and value in taken:
        value -= 1
    return value


@cache
def _rolls(m: int):
    tally = Counter(tuple(sorted(r)) for r in product(FACES, repeat=m))
    return tuple((dice, Fraction(n, 6**m)) for dice, n in tally.items())


@cache
def _value(dice, left, alive, board):
    """Expectimax over a turn: stop and score the best space, or keep and reroll."""
    now = Fraction(max(_space(count(dice, c), dict(board).get(c, ())) for c in alive))
    if not left:
        return now
    keeps = {tuple(sorted(k)) for r in range(5) for k in combinations(dice, r)}
    return max([now] + [_keep_value(k, left, alive, board) for k in keeps])


@cache
def _keep_value(kept, left, alive, board):
    return sum(p * _value(tuple(sorted(kept + new)), left - 1, alive, board)
               for new, p in _rolls(5 - len(kept)))


def test_lesson_7_two_characters_left_and_the_crowded_board():
    for alive in (("Mickey", "Pluto"), ("Minnie", "Goofy")):   # any two are alike
        turn = sum(p * _value(dice, 2, alive, ()) for dice, p in _rolls(5))
        assert get("7.3").answer() == turn == Fraction(136778525, 35831808)
    board = (("Goofy", (4, 5)), ("Mickey", (4, 5)))
    dice = tuple(sorted(("Mickey", "Mickey", WILD, "Goofy", "Pluto")))
    options = {k: _keep_value(k, 2, CHARACTERS, board)
               for k in {tuple(sorted(k)) for r in range(5) for k in combinations(dice, r)}}
    ranked = sorted(options, key=options.get, reverse=True)
    assert ranked[0] == ("Clubhouse", "Pluto") and options[ranked[0]] > options[ranked[1]]
    assert options[ranked[0]] > 3                       # better than stopping (a 3 for Mickey)
    assert assess(get("7.4"), "keep " + " ".join(ranked[0]))[0] is True


# --- the checker, as a student writes ------------------------------------------------------------

@pytest.mark.parametrize("given", [
    "keep Pluto and the Clubhouse", "Pluto and Clubhouse", "keep only Pluto and the Clubhouse",
    ("Clubhouse", "Pluto"), ["Pluto", "Clubhouse"],      # the lesson's keep_value keys are tuples
])
def test_a_keep_in_a_childs_words_or_as_the_lessons_tuple_is_right(given):
    assert assess(get("7.4"), given)[0] is True


@pytest.mark.parametrize("given", [
    "keep Pluto and Clubhouse and Clubhouse", ("Clubhouse",), "keep the Clubhouse", "and", "",
    ("Pluto", 3),
])
def test_a_wrong_keep_in_any_words_is_still_wrong(given):
    assert assess(get("7.4"), given)[0] is False


def test_a_leading_zero_group_is_not_a_thousands_comma():
    """"0,420" is a decimal comma (0.42), never 420; "0,125" is a decimal, not a count."""
    right, message = assess(get("1.1"), "0,420")
    assert right is False and "looks like a probability" in message
    right, message = assess(get("1.2"), "0,0296")
    assert right is False and "decimal" in message
    right, message = assess(get("0.1"), "0,125")
    assert right is False and "decimal" in message and "count" not in message
    assert assess(get("1.4"), "1,440")[0] is True            # a real thousands comma


def test_a_percentage_is_never_a_count():
    for given in ("42000%", "42000 %", "420%"):
        right, message = assess(get("1.1"), given)
        assert right is False and "percent" in message, given


def test_a_wrong_exact_fraction_close_to_the_answer_does_not_get_the_answer_shown():
    """Only a Fraction made from a decimal (its denominator a power of 2 or of 10) is told the
    exact form: another exact fraction near the answer is a wrong answer like any other."""
    for key in ("1.2", "7.3"):
        answer = get(key).answer()
        p, q = answer.numerator, answer.denominator
        near = answer + Fraction(1, 10**20 * q)
        right, message = assess(get(key), near)
        assert right is False and f"{p}, {q}" not in message and f"{p}/{q}" not in message
        made = Fraction(p / q)
        assert f"Fraction({p}, {q})" in assess(get(key), made)[1]


def test_the_example_of_a_whole_number_is_never_the_answer():
    twelve = Exercise(key="0.12", question="How many?", answer=lambda: 12, hint="Count.",
                      wrong=11)
    right, message = assess(twelve, "twelve")
    assert right is False and "whole number" in message and "12" not in message.split("0.12")[1]


# --- the lessons' answer scan ---------------------------------------------------------------------

def _notebook(*sources: str):
    import nbformat
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])


def test_the_scan_flags_a_probability_whose_count_and_total_are_both_shown(monkeypatch):
    from nbrun import answer_leaks

    import swkit.exercises
    set_or_run = Exercise(key="4.4", question="Two boxes: P(set or run)?", hint="Add.",
                          answer=lambda: Fraction(34, 2937), wrong=Fraction(25, 2838))
    monkeypatch.setattr(swkit.exercises, "get", lambda key: set_or_run)
    shown = _notebook('assert counts == {"set": 1080, "run": 280, "either": 1360}',
                      "deals2 = 117480", 'check("4.4", answer)')
    assert answer_leaks(shown) == [
        "exercise 4.4: its answer 34/2937 is 1360/117480, and both numbers are shown above it"]
    assert answer_leaks(_notebook("deals2 = 117480", 'check("4.4", answer)')) == []
    assert answer_leaks(_notebook("sets, runs = 1080, 280", "deals2 = 117,480",
                                  'check("4.4", answer)')) == []
