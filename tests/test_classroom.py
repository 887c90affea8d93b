"""Result codes for class experiments (swkit.classroom): round trips, every single typo and
every swap caught, clear errors, pooling with bad codes and repeats, student seeds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swkit.classroom.codes import (
    ALPHABET,
    MAX_TALLY,
    MAX_VALUE,
    make_code,
    pool_codes,
    read_code,
    run_tag,
    student_seed,
)
from swkit.errors import NotationError

tallies = st.lists(st.integers(0, MAX_VALUE), min_size=1, max_size=MAX_TALLY)


@given(tallies, st.integers(-10**12, 10**12))
def test_a_code_reads_back(tally, seed):
    code = make_code(tally, seed)
    result = read_code(code, size=len(tally))
    assert result.tally == tuple(tally)
    assert result.tag == run_tag(seed)
    assert result.code == code
    assert read_code(code.lower().replace("-", " "), size=len(tally)) == result


def test_the_alphabet_avoids_look_alikes():
    assert len(ALPHABET) == 31 and len(set(ALPHABET)) == 31
    assert not set("ILOUZ") & set(ALPHABET)
    code = make_code([10, 11, 0, 1, 1], seed=3)
    look_alike = code.replace("0", "o").replace("1", "l")
    assert read_code(look_alike, size=5).tally == (10, 11, 0, 1, 1)


def _symbols(code):
    return code.replace("-", "")


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_every_single_wrong_character_is_caught(seed):
    symbols = _symbols(make_code([3, 7, 5, 4, 1], seed))
    for i, right in enumerate(symbols):
        for wrong in ALPHABET:
            if wrong != right:
                typo = symbols[:i] + wrong + symbols[i + 1:]
                with pytest.raises(NotationError, match="typo"):
                    read_code(typo, size=5)


@pytest.mark.parametrize("tally", [[3, 7, 5, 4, 1], [0, 0, 20, 0, 0], list(range(26))])
def test_every_swap_of_two_different_characters_is_caught(tally):
    symbols = _symbols(make_code(tally, 11))
    for i in range(len(symbols)):
        for j in range(i + 1, len(symbols)):
            if symbols[i] != symbols[j]:
                s = list(symbols)
                s[i], s[j] = s[j], s[i]
                with pytest.raises(NotationError, match="typo"):
                    read_code("".join(s), size=len(tally))


def test_errors_name_the_bad_part():
    code = make_code([1, 2, 3, 4, 5], 1)
    with pytest.raises(NotationError, match=r"'U' is never used.*except I, L, O, U and Z"):
        read_code(code[:-1] + "U", size=5)
    with pytest.raises(NotationError, match=r"has 4 characters; a code of this experiment has 9"):
        read_code(code[:5], size=5)
    with pytest.raises(NotationError, match="has 1 characters; a code of this experiment has 9"):
        read_code("A", size=5)
    with pytest.raises(NotationError, match="text such as"):
        read_code(12345)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="count number 2 of the tally is 31"):
        make_code([1, 31], 0)
    with pytest.raises(NotationError, match="count number 1 of the tally is -1"):
        make_code([-1], 0)
    with pytest.raises(NotationError, match="1 to 26 counts, got 0"):
        make_code([], 0)


def test_pool_adds_tallies_and_reports_bad_codes_and_repeats():
    a = make_code([1, 4, 9, 5, 1], student_seed(2024, "Ada"))
    b = make_code([0, 5, 8, 6, 1], student_seed(2024, "Grace"))
    other = make_code([1, 1, 1, 1, 1], 5)                     # 5 turns, not 20
    typo = a[:-1] + ("0" if a[-1] != "0" else "1")
    pool = pool_codes(f"{a}\n{b.lower()}, {a}\n\n{typo}; {other}", size=5, turns=20)
    assert pool.runs == 2
    assert pool.tally == (1, 9, 17, 11, 2)
    assert pool.repeats == (a,)
    assert [code for code, _ in pool.bad] == [typo, other]
    assert "typo" in pool.bad[0][1] and "another experiment" in pool.bad[1][1]
    report = pool.report()
    assert "2 runs pooled, 40 outcomes" in report and "counted once" in report


def test_the_same_tally_from_two_runs_counts_twice():
    tally = [0, 6, 9, 4, 1]
    codes = [make_code(tally, student_seed(1, name)) for name in ("Ada", "Alan")]
    assert codes[0] != codes[1]
    pool = pool_codes(codes, size=5)
    assert pool.runs == 2 and pool.tally == tuple(2 * n for n in tally)


def test_an_empty_pool():
    pool = pool_codes("", size=5)
    assert pool.runs == 0 and pool.tally == () and "0 runs pooled" in pool.report()


def test_student_seeds_are_stable_per_name_and_differ_between_names():
    assert student_seed(2024, "Ada") == student_seed(2024, "  ada ")
    assert student_seed(2024, "Ada Lovelace") == student_seed(2024, "ada   LOVELACE")
    seeds = {student_seed(2024, f"student {i}") for i in range(200)}
    assert len(seeds) == 200
    assert student_seed(2024, "Ada") != student_seed(2025, "Ada")
    assert 0 <= student_seed(2024, "Ada") < 2**32
    with pytest.raises(NotationError, match="write your name"):
        student_seed(2024, "   ")
