"""Result codes (swkit.classroom) refuse every bad input in words: sizes, seeds, tallies, codes
and names of the wrong kind or size, odd Unicode; and a code with a character dropped, added,
changed or two neighbours swapped is never read as another tally."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swkit.classroom import ALPHABET, make_code, pool_codes, read_code, run_tag, student_seed
from swkit.classroom.codes import MAX_TALLY, MAX_VALUE
from swkit.errors import NotationError

CODE = make_code([1, 2, 3, 4, 5], 2024)


def refusal(call: Any, *args: Any, **kwargs: Any) -> str:
    """The message of the NotationError ``call`` raises (it must raise one, in writable text)."""
    with pytest.raises(NotationError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    message.encode("utf-8")            # no lone surrogate: the message can be printed
    assert len(message) < 400
    return message


def test_the_inputs_the_fuzz_found_are_refused_in_words():
    assert "the codes are None; accepted: the pasted text" in refusal(pool_codes, None, 5)
    assert "the size (counts per code) is '5'; accepted: a whole number from 1 to 26" \
        in refusal(read_code, CODE, "5")
    assert "the size (counts per code) is a whole number of about 101 digits" \
        in refusal(read_code, CODE, 10**100)
    assert "the seed is None; accepted: a whole number such as 2024" \
        in refusal(make_code, [1], None)
    assert "the class seed is None" in refusal(student_seed, None, "a")
    assert r"holds '\ud800' (U+D800), which is not a letter" \
        in refusal(student_seed, 1, "\ud800")


BAD_SIZES = [True, False, 5.0, "5", -1, 0, MAX_TALLY + 1, 10**100, -(10**100), 2**63, 1.5,
             float("nan"), [5], object()]


@pytest.mark.parametrize("size", BAD_SIZES, ids=[repr(s)[:12] for s in BAD_SIZES])
def test_a_bad_size_is_refused_in_words(size: Any):
    assert "the size (counts per code) is" in refusal(read_code, CODE, size)
    assert "accepted: a whole number from 1 to 26" in refusal(pool_codes, [CODE], size)


def test_a_missing_size_is_refused_in_words():
    assert "say how many counts the code holds, e.g. read_code(code, size=5)" \
        in refusal(read_code, CODE)
    assert "say how many counts" in refusal(pool_codes, [CODE], None)


BAD_SEEDS = [None, True, 1.5, 7.0, "7", 10**100, -(10**100), 10**5000, [7], b"7"]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=[str(i) for i in range(len(BAD_SEEDS))])
def test_a_bad_seed_is_refused_in_words(seed: Any):
    assert "the seed is" in refusal(make_code, [1, 2], seed)
    assert "accepted: a whole number such as 2024 (at most 100 digits)" \
        in refusal(run_tag, seed)
    assert "the class seed is" in refusal(student_seed, seed, "Ada")


def test_seeds_of_any_integer_type_and_sign_still_work():
    np = pytest.importorskip("numpy")
    assert make_code([1], np.int64(7)) == make_code([1], 7)
    assert make_code([1], -7) != make_code([1], 7)
    assert run_tag(10**99) == run_tag(int("9" * 99) + 1)


@pytest.mark.parametrize(("tally", "words"), [
    (None, "the tally is None; accepted: a list of counts"),
    (5, "the tally is 5"),
    ("12345", "the tally is '12345'"),
    (b"\x01\x02", "the tally is b"),
    ({1, 2}, "the tally is"),
    ({1: 2}, "the tally is"),
    ([1.0], "count number 1 of the tally is 1.0"),
    ([True], "count number 1 of the tally is True"),
    ([1, None], "count number 2 of the tally is None"),
    ([1, 10**100], "count number 2 of the tally is a whole number of about 101 digits"),
    ([0] * (MAX_TALLY + 1), "a result code holds 1 to 26 counts, got more"),
    (itertools.count(), "a result code holds 1 to 26 counts, got more"),   # never ends
])
def test_a_bad_tally_is_refused_in_words(tally: Any, words: str):
    assert words in refusal(make_code, tally, 7)


@pytest.mark.parametrize("code", [None, 12345, b"V0J-123-45T", ["V0J-123-45T"], 4.5])
def test_a_code_that_is_not_text_is_refused_in_words(code: Any):
    assert "a result code is text such as '4C2-301-86H'" in refusal(read_code, code, 5)


def _with(symbols: str, pair: str, one: str) -> str:
    return symbols.replace(pair, one, 1)


@given(st.lists(st.integers(0, MAX_VALUE), min_size=1, max_size=MAX_TALLY),
       st.integers(0, 2**32 - 1))
def test_a_character_that_stands_for_two_never_passes(tally, seed):
    # str.upper() made the ligature fi "FI" (read F1) and sharp s "SS": one character passed as
    # two. Each is refused by name; a full-width digit or letter is read as itself.
    symbols = make_code(tally, seed).replace("-", "")
    for pair, one in (("F1", "\ufb01"), ("SS", "\u00df"), ("FF", "\ufb00")):
        if pair in symbols:
            assert f"{one!r} (U+{ord(one):04X}) is never used" in refusal(
                read_code, _with(symbols, pair, one), len(tally))
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in symbols)
    assert read_code(wide, len(tally)) == read_code(symbols, len(tally))


def test_the_ligature_fi_in_a_code_is_refused():
    code = make_code([15, 1, 0, 0, 0], 7).replace("-", "")
    assert "F1" in code
    assert "'ﬁ' (U+FB01) is never used in codes" in refusal(read_code, code.replace("F1", "ﬁ"), 5)


@pytest.mark.parametrize("odd", ["\ud800", "\x00", "\u200b", "\u0130", "\u00bd"])
def test_odd_characters_in_a_code_are_refused_by_name(odd: str):
    assert "is never used in codes" in refusal(read_code, CODE[:4] + odd + CODE[4:], 5)


def test_separators_a_user_may_type_are_ignored():
    for dash in ("\u2013", "\u2010", "\u2212", "_", ".", "\u00a0", "\t"):
        assert read_code(CODE.replace("-", dash), 5).code == CODE


def test_a_huge_text_is_refused_at_once():
    assert "this text has 1000000 characters" in refusal(read_code, "0" * 10**6, 5)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, MAX_VALUE), min_size=1, max_size=MAX_TALLY),
       st.integers(-10**12, 10**12))
def test_every_single_character_error_and_adjacent_swap_is_refused(tally, seed):
    symbols = make_code(tally, seed).replace("-", "")
    size = len(tally)
    wrong = []
    for i in range(len(symbols)):
        wrong.append(symbols[:i] + symbols[i + 1:])                           # dropped
        wrong += [symbols[:i] + ch + symbols[i + 1:] for ch in ALPHABET if ch != symbols[i]]
        if i + 1 < len(symbols) and symbols[i] != symbols[i + 1]:             # swapped
            wrong.append(symbols[:i] + symbols[i + 1] + symbols[i] + symbols[i + 2:])
    wrong += [symbols[:i] + ch + symbols[i:] for i in range(len(symbols) + 1)
              for ch in ALPHABET]                                             # added
    for text in wrong:
        with pytest.raises(NotationError):
            read_code(text, size)
        with pytest.raises(NotationError):          # without a size: never another tally
            read_code(text)


def test_pool_codes_refuses_what_is_not_codes_in_words():
    for codes in (None, 5, b"V0J-123-45T", {"V0J": 1}, 4.5):
        assert "accepted: the pasted text (one code a line) or a list of codes" \
            in refusal(pool_codes, codes, 5)


def test_pool_codes_lists_items_that_are_not_text_as_bad_and_counts_the_rest():
    pool = pool_codes([CODE, None, 7, b"x", "", "  "], size=5)
    assert pool.runs == 1
    assert [code for code, _ in pool.bad] == ["None", "7", "b'x'"]
    assert all("a result code is text" in why for _, why in pool.bad)


@pytest.mark.parametrize("turns", [True, -1, 1.5, "20", 10**100, 5 * MAX_VALUE + 1],
                         ids=["True", "-1", "1.5", "'20'", "10**100", "151"])
def test_a_bad_turns_is_refused_in_words(turns: Any):
    assert "turns (outcomes per code) is" in refusal(pool_codes, [CODE], 5, turns)
    assert "accepted: a whole number from 0 to 150" in refusal(pool_codes, [CODE], 5, turns)


@pytest.mark.parametrize(("name", "words"), [
    (None, "the name is None; accepted: your name as text"),
    (5, "the name is 5"),
    (b"Ada", "the name is b'Ada'"),
    (["Ada"], "the name is ['Ada']"),
    ("A" * 201, "the name has 201 characters; accepted: a name of at most 200"),
    ("Ada\ud83d", r"holds '\ud83d' (U+D83D), which is not a letter"),
    ("Ada\x00", r"holds '\x00' (U+0000), which is not a letter"),
    ("Ada\x1b[2J", r"holds '\x1b' (U+001B)"),
])
def test_a_bad_name_is_refused_in_words(name: Any, words: str):
    assert words in refusal(student_seed, 2024, name)


def test_names_keep_their_seeds_and_keyboards_do_not_matter():
    # the seeds of ASCII names are the ones lesson 8's classes already used
    assert student_seed(2024, "Ada") == 1721189602
    assert make_code([1, 2, 3, 4, 5], 2024) == "V0J-123-45T"
    assert student_seed(2024, "Ｇｒａｃｅ") == student_seed(2024, "Grace")       # full width
    assert student_seed(2024, "Zo\u00e9") == student_seed(2024, "Zoe\u0301")    # é composed or not
    assert student_seed(2024, "Ada\tLovelace\n") == student_seed(2024, "ada lovelace")
    assert student_seed(2024, "😀 Ada") != student_seed(2024, "Ada")
