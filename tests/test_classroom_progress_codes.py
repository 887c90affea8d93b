"""Progress codes (swkit.classroom): every code of every lesson reads back, and every single wrong
character, every swap of two characters, every dropped and every added character is refused,
proved over all of them; bad input refused in words."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swkit.classroom import ProgressCode, progress_code, read_progress_code
from swkit.classroom.codes import ALPHABET, lesson_exercises, make_code
from swkit.errors import NotationError
from swkit.exercises import all_exercises

LESSONS = sorted({int(ex.key.partition(".")[0]) for ex in all_exercises()} | {9})


def every_progress() -> list[tuple[int, frozenset[str], frozenset[str]]]:
    """Every (lesson, right, tried) there is: each exercise of each lesson right, tried or not."""
    found = []
    for lesson in LESSONS:
        keys = lesson_exercises(lesson)
        for states in itertools.product((0, 1, 2), repeat=len(keys)):
            right = frozenset(k for k, s in zip(keys, states, strict=True) if s == 2)
            tried = frozenset(k for k, s in zip(keys, states, strict=True) if s >= 1)
            found.append((lesson, right, tried))
    return found


EVERY = every_progress()
CODES = [progress_code(*progress) for progress in EVERY]


def refused(text: str) -> bool:
    try:
        read_progress_code(text)
    except NotationError:
        return True
    return False


def test_the_lessons_exercises_are_numbered_in_order_as_the_codes_assume():
    # A code says how many exercises its lesson had; the n-th is "<lesson>.<n>". That holds
    # only while a lesson's exercises are numbered 1, 2, 3... in order (new ones appended).
    for lesson in LESSONS:
        keys = lesson_exercises(lesson)
        assert keys == tuple(f"{lesson}.{n}" for n in range(1, len(keys) + 1))


def test_every_code_of_every_lesson_reads_back():
    assert len(set(CODES)) == len(CODES) > 600
    for (lesson, right, tried), code in zip(EVERY, CODES, strict=True):
        read = read_progress_code(code)
        assert read == ProgressCode(lesson, right, tried, code, lesson_exercises(lesson))
        assert read_progress_code(code.lower().replace("-", " ")) == read
        assert len(code.replace("-", "")) == 6 and code[3] == "-"
        assert set(code.replace("-", "")) <= set(ALPHABET)


def test_a_code_is_stable():
    # Codes handed in must read the same next year: the format is a contract.
    assert progress_code(8, ["8.1"], ["8.1", "8.3"]) == "84K-00C"
    assert progress_code(9, [], []) == "900-00A"


def test_every_single_wrong_character_is_refused_over_every_code():
    for code in CODES:
        symbols = code.replace("-", "")
        for i, right in enumerate(symbols):
            for wrong in ALPHABET:
                if wrong != right:
                    assert refused(symbols[:i] + wrong + symbols[i + 1:]), (code, i, wrong)


def test_every_swap_of_two_different_characters_is_refused_over_every_code():
    # adjacent or not
    for code in CODES:
        symbols = list(code.replace("-", ""))
        for i, j in itertools.combinations(range(len(symbols)), 2):
            if symbols[i] != symbols[j]:
                swapped = symbols.copy()
                swapped[i], swapped[j] = swapped[j], swapped[i]
                assert refused("".join(swapped)), (code, i, j)


def test_every_dropped_or_added_character_is_refused_over_every_code():
    for code in CODES:
        symbols = code.replace("-", "")
        for i in range(len(symbols)):
            assert refused(symbols[:i] + symbols[i + 1:]), (code, i)
        for i in range(len(symbols) + 1):
            for extra in ALPHABET:
                assert refused(symbols[:i] + extra + symbols[i:]), (code, i, extra)


def test_a_typo_is_named_as_such():
    code = progress_code(1, ["1.2"], ["1.2", "1.3"])
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(NotationError, match="has a typo: its last character does not match"):
        read_progress_code(typo)
    with pytest.raises(NotationError, match="has 5 characters.*a character is missing"):
        read_progress_code(code[1:])
    with pytest.raises(NotationError, match="has 7 characters.*one too many"):
        read_progress_code(code + "0")


@given(st.lists(st.integers(0, 30), min_size=2, max_size=2) | st.lists(
    st.integers(0, 30), min_size=5, max_size=5), st.integers(0, 10**6))
def test_no_result_code_reads_as_a_progress_code(tally, seed):
    with pytest.raises(NotationError):
        read_progress_code(make_code(tally, seed))


def test_the_result_codes_check_never_passes_a_progress_code():
    # the same characters with a result code's check character (no + 1) are refused
    for code in CODES:
        values = [ALPHABET.index(ch) for ch in code.replace("-", "")[:-1]]
        check = sum(i * v for i, v in enumerate(values, start=1)) % 31
        with pytest.raises(NotationError, match="typo"):
            read_progress_code(code.replace("-", "")[:-1] + ALPHABET[check])


def test_reading_forgives_case_spaces_dashes_and_look_alikes():
    code = progress_code(10, ["10.1"], ["10.1", "10.2"])
    read = read_progress_code(code)
    assert read.lesson == 10 and read.right == {"10.1"} and read.tried == {"10.1", "10.2"}
    assert read_progress_code(f"  {code.lower()}\n") == read
    assert read_progress_code(code.replace("-", " \u2013 ")) == read          # an en dash
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in code.replace("-", ""))   # full-width forms
    assert read_progress_code(wide) == read
    zeros = progress_code(9, [], [])
    assert read_progress_code(zeros.replace("0", "o")) == read_progress_code(zeros)


def test_odd_characters_are_refused_by_name():
    code = progress_code(1, [], [])
    with pytest.raises(NotationError, match=r"'U' is never used"):
        read_progress_code(code[:-1] + "U")
    with pytest.raises(NotationError, match=r"'ﬁ' \(U\+FB01\) is never used"):
        read_progress_code(code[:-2] + "ﬁ")
    with pytest.raises(NotationError, match=r"'\\ud800' \(U\+D800\) is never used"):
        read_progress_code(code + "\ud800")
    with pytest.raises(NotationError, match="has 1000 characters"):
        read_progress_code("0" * 1000)


@pytest.mark.parametrize("text", [None, 840, b"84K-00C", ["84K-00C"], object()])
def test_a_code_that_is_not_text_is_refused_in_words(text: Any):
    with pytest.raises(NotationError, match="a progress code is text such as '84K-00C'"):
        read_progress_code(text)


def _raw_code(values: list[int]) -> str:
    """A code with these characters before its check (the documented check: the sum of
    position * value, plus 1, modulo 31)."""
    check = (sum(i * v for i, v in enumerate(values, start=1)) + 1) % 31
    return "".join(ALPHABET[v] for v in [*values, check])


def test_a_code_from_a_newer_swkit_with_more_exercises_is_refused_in_words():
    # lesson 8 with 5 exercises: the fifth right
    with pytest.raises(NotationError, match=r"lesson 8 with 5 exercises, but this swkit's "
                                            r"lesson 8 has 4: it was made by a newer swkit"):
        read_progress_code(_raw_code([8, 5, 0, 2 * 9, 0]))


def test_an_older_code_reads_when_its_lesson_gained_an_exercise():
    # made when lesson 1 had 3 exercises: 1.4 is simply not tried
    read = read_progress_code(_raw_code([1, 3, 2 * 9 + 1 * 3, 0, 0]))
    assert read.right == {"1.1"} and read.tried == {"1.1", "1.2"}
    assert read.exercises == ("1.1", "1.2", "1.3")


@pytest.mark.parametrize(("values", "words"), [
    ([12, 0, 0, 0, 0], "there is no lesson 12"),
    ([8, 4, 27, 0, 0], "holds a character no progress code has"),
    ([8, 4, 0, 0, 5], "holds a character no progress code has"),
    ([8, 1, 1, 0, 0], "marks more exercises than its 1"),
    ([8, 13, 0, 0, 0], "says 13 exercises but has 6 characters"),
])
def test_codes_that_check_out_but_mean_nothing_are_refused(values, words):
    with pytest.raises(NotationError, match=words):
        read_progress_code(_raw_code(values))


@pytest.mark.parametrize("lesson", [None, True, 1.0, "8", -1, 31, 10**100, 11, 2**63])
def test_a_bad_lesson_is_refused_in_words(lesson: Any):
    with pytest.raises(NotationError, match="lesson"):
        progress_code(lesson, [], [])


@pytest.mark.parametrize(("right", "tried", "words"), [
    ([], ["8.5"], r"tried holds exercise '8.5', which is not in lesson 8: lesson 8 has 8.1, "
                  r"8.2, 8.3, 8.4"),
    (["1.1"], ["1.1"], "right holds exercise '1.1', which is not in lesson 8"),
    (["8.1", "8.2"], ["8.1"], "right holds 8.2 but tried does not"),
    ("8.1", ["8.1"], "right is '8.1'; accepted: a list of exercises such as"),
    ([], None, "tried is None; accepted: a list of exercises"),
    ([], [8.1], "tried holds 8.1; accepted: exercises named as text"),
    ([], 7, "tried is 7; accepted"),
])
def test_bad_exercises_are_refused_in_words(right: Any, tried: Any, words: str):
    with pytest.raises(NotationError, match=words):
        progress_code(8, right, tried)


def test_a_lesson_without_exercises_has_a_code_too():
    read = read_progress_code(progress_code(9, [], []))
    assert read.lesson == 9 and read.right == read.tried == frozenset() and read.exercises == ()
    with pytest.raises(NotationError, match="lesson 9 has no exercises"):
        progress_code(9, [], ["9.1"])


def test_any_iterable_of_exercises_and_numpy_lessons_are_read():
    np = pytest.importorskip("numpy")
    code = progress_code(np.int64(2), iter(["2.1"]), ("2.1", "2.1", "2.4"))
    assert code == progress_code(2, {"2.1"}, {"2.1", "2.4"})


def test_long_lists_with_repeats_are_read_and_endless_ones_refused():
    # one item per attempt is a natural way to list what was tried
    assert progress_code(8, ["8.1"] * 500, ["8.1", "8.2"] * 5000) == \
        progress_code(8, ["8.1"], ["8.1", "8.2"])
    with pytest.raises(NotationError, match="tried lists more than 100,000 exercises"):
        progress_code(8, [], itertools.repeat("8.1"))


def test_a_code_for_a_lesson_swkit_lacks_says_so():
    with pytest.raises(NotationError, match=r"progress code 'C00-0..' is for lesson 12: there "
                                            r"is no lesson 12; the lessons with exercises are "
                                            r"0, 1, 2, 3, 4, 5, 6, 7, 8, 10"):
        read_progress_code(_raw_code([12, 0, 0, 0, 0]))
