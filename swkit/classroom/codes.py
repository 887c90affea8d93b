"""Result codes for class experiments (lesson 8): short, typo-resistant, pooled by the teacher.

Each student runs the same experiment in their own notebook and gets a **tally** (how many
times each outcome happened, e.g. how many of 20 turns ended with a best count of 1, 2, ..., 5).
The notebook prints the tally as a short **result code** such as ``4C2-301-86H``; the teacher
pastes everyone's codes into one cell, and :func:`pool_codes` adds the tallies up.

A code is written in a 31-symbol alphabet (the digits and the capital letters without I, L, O,
U and Z, which are easily misread); reading accepts lower case, ignores spaces and dashes, and
reads O as 0 and I or L as 1. Its characters are:

- a **run tag** of 3 characters, from the seed of the student's run (:func:`run_tag`), so the
  teacher can tell the same run pasted twice from two runs that happened to tally the same;
- one character per tally entry (each entry 0..30);
- one **check character**: the sum of ``position * value`` over the other characters, modulo
  31. As 31 is prime and the weights 1..k are different, every single wrong character and every
  swap of two characters is caught (the code must have at most 29 characters before the check).

Decisions (docs/DECISIONS.md, "Lessons 5-8"): everyone shares a class seed, and each student's
run is seeded by :func:`student_seed` from the class seed and their name, so runs differ from
student to student yet the teacher can replay any of them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from swkit.errors import NotationError
from swkit.whole import as_whole

__all__ = ["ALPHABET", "MAX_VALUE", "ResultCode", "Pool", "run_tag", "make_code", "read_code",
           "pool_codes", "student_seed"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
"""The 31 symbols of a result code, worth 0..30 (no I, L, O, U, Z)."""

MAX_VALUE = len(ALPHABET) - 1
"""The largest tally entry a code can hold (30)."""

TAG_LENGTH = 3
"""Characters of the run tag at the start of a code."""

MAX_TALLY = len(ALPHABET) - 2 - TAG_LENGTH
"""The most tally entries one code can hold (26), so that the check catches every swap."""

_READ_AS = {"O": "0", "I": "1", "L": "1"}
_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_ACCEPTED = "the digits 0-9 and the letters A-Y except I, L, O, U and Z"


@dataclass(frozen=True)
class ResultCode:
    """A read result code: ``tag`` (0..31**3 - 1, from the run's seed), ``tally`` (counts,
    one per outcome, each 0..30) and ``code`` (the code in its standard form, ``4C2-301-86H``)."""

    tag: int
    tally: tuple[int, ...]
    code: str


def run_tag(seed: int) -> int:
    """The run tag of a seed: a number in 0..31**3 - 1 (29790), the same on every computer
    (SHA-256 of the seed's decimal text, not ``hash()``)."""
    digest = hashlib.sha256(str(int(seed)).encode()).digest()
    return int.from_bytes(digest, "big") % len(ALPHABET) ** TAG_LENGTH


def _check_symbol(values: Sequence[int]) -> str:
    return ALPHABET[sum(i * v for i, v in enumerate(values, start=1)) % len(ALPHABET)]


def _grouped(symbols: str) -> str:
    return "-".join(symbols[i:i + 3] for i in range(0, len(symbols), 3))


def make_code(tally: Sequence[int], seed: int) -> str:
    """The result code of a run with this ``seed`` and ``tally`` (1..26 counts, each 0..30),
    grouped by threes with dashes, e.g. ``make_code([0, 2, 9, 6, 3], seed=7)``.

    Raises NotationError naming the bad entry if a count is not a whole number from 0 to 30,
    or if there are no counts or more than 26.
    """
    counts = list(tally)
    if not 1 <= len(counts) <= MAX_TALLY:
        raise NotationError(f"a result code holds 1 to {MAX_TALLY} counts, got {len(counts)}")
    for i, n in enumerate(counts):
        if as_whole(n) is None or not 0 <= n <= MAX_VALUE:
            raise NotationError(f"count number {i + 1} of the tally is {n!r}: each count must "
                                f"be a whole number from 0 to {MAX_VALUE}")
    counts = [int(n) for n in counts]
    tag = run_tag(seed)
    values = [tag // 31 ** 2, tag // 31 % 31, tag % 31, *counts]
    symbols = "".join(ALPHABET[v] for v in values)
    return _grouped(symbols + _check_symbol(values))


def read_code(code: str, size: int | None = None) -> ResultCode:
    """Read a result code written by :func:`make_code`, forgiving case, spaces, dashes and the
    look-alikes O (read 0) and I, L (read 1).

    ``size``: the number of counts expected (None: any). Raises NotationError naming the code
    and what is wrong: a character not used in codes, a wrong length, or a typo (the check
    character does not match).
    """
    if not isinstance(code, str):
        raise NotationError(f"a result code is text such as '4C2-301-86H', got {code!r}")
    text = re.sub(r"[\s\-_.]", "", code).upper()
    text = "".join(_READ_AS.get(ch, ch) for ch in text)
    for ch in text:
        if ch not in _VALUE:
            raise NotationError(f"result code {code.strip()!r}: {ch!r} is never used in result "
                                f"codes (they use {_ACCEPTED}); read it again")
    want = None if size is None else TAG_LENGTH + size + 1
    if want is not None and len(text) != want:
        raise NotationError(f"result code {code.strip()!r} has {len(text)} characters; a code "
                            f"of this experiment has {want} (like "
                            f"{make_code([0] * size, 0)!r})")
    if not TAG_LENGTH + 2 <= len(text) <= TAG_LENGTH + MAX_TALLY + 1:
        raise NotationError(f"result code {code.strip()!r} has {len(text)} characters; a code "
                            f"has {TAG_LENGTH + 2} to {TAG_LENGTH + MAX_TALLY + 1}")
    values = [_VALUE[ch] for ch in text[:-1]]
    if _check_symbol(values) != text[-1]:
        raise NotationError(f"result code {code.strip()!r} has a typo: its last character does "
                            "not match the others; copy it again from the student's screen")
    tag = values[0] * 31 ** 2 + values[1] * 31 + values[2]
    return ResultCode(tag, tuple(values[TAG_LENGTH:]), _grouped(text))


@dataclass(frozen=True)
class Pool:
    """Codes pooled by :func:`pool_codes`.

    ``results``: the codes read, each counted once, in the order pasted; ``bad``: ``(code,
    message)`` for every code that could not be used; ``repeats``: codes pasted again (the
    same run tag and tally: the same run), counted once.
    """

    results: tuple[ResultCode, ...]
    bad: tuple[tuple[str, str], ...] = ()
    repeats: tuple[str, ...] = field(default=())

    @property
    def tally(self) -> tuple[int, ...]:
        """The counts of every run added up, entry by entry (empty if no code was read)."""
        if not self.results:
            return ()
        return tuple(sum(col) for col in zip(*(r.tally for r in self.results), strict=True))

    @property
    def runs(self) -> int:
        """How many different runs were pooled."""
        return len(self.results)

    def report(self) -> str:
        """A few lines for the teacher: runs pooled, codes refused and why, repeats."""
        lines = [f"{self.runs} runs pooled, {sum(self.tally)} outcomes in all."]
        lines += [f"  refused: {message}" for _, message in self.bad]
        if self.repeats:
            lines.append(f"  counted once: {', '.join(self.repeats)} (pasted more than once: "
                         "the same run gives the same dice, so a copy adds no information)")
        return "\n".join(lines)


def pool_codes(codes: str | Iterable[str], size: int, turns: int | None = None) -> Pool:
    """Read and pool result codes pasted by a teacher.

    ``codes``: text with codes separated by new lines, commas or semicolons (a code may hold
    spaces and dashes), or an iterable of codes; ``size``: the counts per code; ``turns``: if
    given, each code's counts must add up to it (else the code is refused as coming from
    another experiment). A code that cannot be read is listed in ``bad`` with the reason,
    never raised, so one typo does not stop the class's histogram.
    """
    items = re.split(r"[\n,;]+", codes) if isinstance(codes, str) else list(codes)
    results: list[ResultCode] = []
    bad: list[tuple[str, str]] = []
    repeats: list[str] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()
    for item in items:
        if not str(item).strip():
            continue
        try:
            result = read_code(str(item), size)
        except NotationError as error:
            bad.append((str(item).strip(), str(error)))
            continue
        if turns is not None and sum(result.tally) != turns:
            bad.append((result.code, f"result code {result.code!r} counts "
                                     f"{sum(result.tally)} outcomes, not {turns}: it comes "
                                     "from another experiment"))
            continue
        key = (result.tag, result.tally)
        if key in seen:
            repeats.append(result.code)
            continue
        seen.add(key)
        results.append(result)
    return Pool(tuple(results), tuple(bad), tuple(repeats))


def student_seed(class_seed: int, name: str) -> int:
    """The seed of one student's run: made from the class seed and the student's name, so each
    student's dice differ but anyone can replay them. Names ignore case and extra spaces
    (``" Ada  Lovelace"`` is ``"ada lovelace"``). A number in 0..2**32 - 1.

    Raises NotationError for an empty name.
    """
    words = str(name).casefold().split()
    if not words:
        raise NotationError("write your name between the quotes (any name, the same each "
                            "time): it makes your own dice")
    text = f"{int(class_seed)}/student/{' '.join(words)}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")
