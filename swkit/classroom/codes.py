"""Short, typo-proof codes a student reads aloud or pastes: lesson 8's result codes and every
lesson's progress code.

**Result codes** (lesson 8). Each student runs the same experiment in their own notebook and gets
a **tally** (how many times each outcome happened, e.g. how many of 20 turns ended with a best
count of 1, 2, ..., 5). The notebook prints the tally as a short result code such as
``4C2-301-86H``; the teacher pastes everyone's codes into one cell, and :func:`pool_codes` adds
the tallies up.

**Progress codes** (every lesson). :func:`progress_code` writes which exercises of one
lesson a student got right, which they tried and which not yet, as a code such as ``84K-00C``; a
student who cannot upload a file pastes it into the school's form or chat, and
:func:`read_progress_code` reads it back for the teacher's report.

Both are written in a 31-symbol alphabet (the digits and the capital letters without I, L, O,
U and Z, which are easily misread); reading accepts lower case, ignores spaces and dashes, and
reads O as 0 and I or L as 1. A character is taken in its NFKC form (a full-width ``４`` is
``4``) only when that form is one character: the ligature ``ﬁ`` is refused, never read as
``F1``.

A result code's characters are:

- a **run tag** of 3 characters, from the seed of the student's run (:func:`run_tag`), so the
  teacher can tell the same run pasted twice from two runs that happened to tally the same;
- one character per tally entry (each entry 0..30);
- one **check character**: the sum of ``position * value`` over the other characters, modulo
  31. As 31 is prime and the weights 1..k are different, every single wrong character and every
  swap of two characters is caught (the code must have at most 29 characters before the check).

A result code does not say how many entries it holds, so it is read with the experiment's size
(``read_code(code, size=5)``): a code with a character dropped then has the wrong length. Read
without a size, such a code would be taken for a shorter tally, one time in 31.

A progress code's characters are the lesson, the number of exercises the lesson had when the
code was made, one character per three exercises (each 0 not tried, 1 tried, 2 right), zeros up
to a multiple of three characters, and a check character computed as above plus 1 (so no result
code passes as a progress code). Its length is always a multiple of 3 (6 characters for a lesson
of up to 9 exercises), so a dropped or added character is caught too.

Decisions (docs/DECISIONS.md, "Lessons 5-8" and "Lessons: progress codes"): everyone shares a
class seed, and each student's run is seeded by :func:`student_seed` from the class seed and
their name, so runs differ from student to student yet the teacher can replay any of them.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from swkit.errors import NotationError
from swkit.whole import as_whole

__all__ = ["ALPHABET", "MAX_VALUE", "ResultCode", "Pool", "run_tag", "make_code", "read_code",
           "pool_codes", "student_seed", "ProgressCode", "progress_code", "read_progress_code",
           "lesson_exercises"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
"""The 31 symbols of a code, worth 0..30 (no I, L, O, U, Z)."""

MAX_VALUE = len(ALPHABET) - 1
"""The largest tally entry a code can hold (30)."""

TAG_LENGTH = 3
"""Characters of the run tag at the start of a code."""

MAX_TALLY = len(ALPHABET) - 2 - TAG_LENGTH
"""The most tally entries one code can hold (26), so that the check catches every swap."""

MAX_SEED_DIGITS = 100
"""A seed (of a run, or a class) is a whole number of at most this many digits."""

MAX_NAME = 200
"""The most characters of a student's name in :func:`student_seed`."""

MAX_CODE_TEXT = 200
"""The most characters a code may be given in (with its spaces and dashes)."""

PROGRESS_KIND = 1
"""Added to a progress code's check character, so that a result code never reads as one."""

MAX_EXERCISES = MAX_VALUE
"""The most exercises a lesson may have for its progress code (30: one character counts them)."""

MAX_LISTED = 100_000
"""The most items ``right`` or ``tried`` may list (repeats allowed, e.g. one per attempt)."""

_BASE = len(ALPHABET)
_READ_AS = {"O": "0", "I": "1", "L": "1"}
_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_ACCEPTED = "the digits 0-9 and the letters A-Y except I, L, O, U and Z"
_SEPARATORS = frozenset("_.\u2212")     # with every space and every dash (Unicode Pd)
_STATES = 3                             # per exercise: not tried, tried, right
_PER_SYMBOL = 3                         # exercises per character (3**3 = 27 <= 31)


def _shown(value: object) -> str:
    """A value as a message quotes it: its repr (escaping odd characters), cut to 40; a huge
    whole number by its number of digits; a value whose repr fails by its type."""
    if isinstance(value, int) and abs(value) >= 10**20:
        return f"a whole number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value.strip() if isinstance(value, str) else value)
    except Exception:  # a repr that fails must not hide the message
        return f"a {type(value).__name__} too long to write out"
    return text if len(text) <= 40 else text[:37] + "..."


def _char_name(ch: str) -> str:
    """``'x'`` for a plain character, ``'ﬁ' (U+FB01)`` for any other."""
    return repr(ch) if ch.isascii() and ch.isprintable() else f"{ch!r} (U+{ord(ch):04X})"


def _whole(value: object, what: str, low: int, high: int, accepted: str) -> int:
    """``value`` as an int from ``low`` to ``high``, else NotationError naming ``what``."""
    number = as_whole(value)
    if number is None or not low <= number <= high:
        raise NotationError(f"{what} is {_shown(value)}; accepted: {accepted}")
    return number


def _seed(value: object, what: str = "the seed") -> int:
    return _whole(value, what, -(10**MAX_SEED_DIGITS) + 1, 10**MAX_SEED_DIGITS - 1,
                  f"a whole number such as 2024 (at most {MAX_SEED_DIGITS} digits)")


def _symbols(code: object, kind: str, example: str) -> list[int]:
    """The values of a code's symbols, read forgivingly (case, spaces, dashes, O, I and L,
    NFKC forms of one character). Raises NotationError naming the bad character."""
    if not isinstance(code, str):
        raise NotationError(f"a {kind} is text such as {example!r}, got {_shown(code)}")
    if len(code) > MAX_CODE_TEXT:
        raise NotationError(f"a {kind} is short, such as {example!r}; this text has "
                            f"{len(code)} characters")
    values = []
    for ch in code:
        if ch.isspace() or ch in _SEPARATORS or unicodedata.category(ch) == "Pd":
            continue
        form = unicodedata.normalize("NFKC", ch)
        symbol = _READ_AS.get(form.upper(), form.upper()) if form.isascii() else ""
        if len(form) != 1 or symbol not in _VALUE:
            raise NotationError(f"{kind} {_shown(code)}: {_char_name(ch)} is never used in "
                                f"codes (they use {_ACCEPTED}); read it again")
        values.append(_VALUE[symbol])
    return values


def _check_value(values: Sequence[int]) -> int:
    return sum(i * v for i, v in enumerate(values, start=1)) % _BASE


def _grouped(values: Sequence[int]) -> str:
    symbols = "".join(ALPHABET[v] for v in values)
    return "-".join(symbols[i:i + 3] for i in range(0, len(symbols), 3))


# ----------------------------------------------------------------------------- result codes

@dataclass(frozen=True)
class ResultCode:
    """A read result code: ``tag`` (0..31**3 - 1, from the run's seed), ``tally`` (counts,
    one per outcome, each 0..30) and ``code`` (the code in its standard form, ``4C2-301-86H``)."""

    tag: int
    tally: tuple[int, ...]
    code: str


def run_tag(seed: int) -> int:
    """The run tag of a seed (a whole number of at most 100 digits): a number in
    0..31**3 - 1 (29790), the same on every computer (SHA-256 of the seed's decimal text, not
    ``hash()``). Raises NotationError for a seed that is not such a whole number."""
    digest = hashlib.sha256(str(_seed(seed)).encode()).digest()
    return int.from_bytes(digest, "big") % _BASE ** TAG_LENGTH


def _size(size: object) -> int:
    if size is None:
        raise NotationError("say how many counts the code holds, e.g. read_code(code, size=5): "
                            "without it, a code with a character missing could be read as a "
                            "shorter tally")
    return _whole(size, "the size (counts per code)", 1, MAX_TALLY,
                  f"a whole number from 1 to {MAX_TALLY}, such as 5")


def make_code(tally: Sequence[int], seed: int) -> str:
    """The result code of a run with this ``seed`` (a whole number, see :func:`run_tag`) and
    ``tally`` (a list of 1..26 counts, each 0..30), grouped by threes with dashes, e.g.
    ``make_code([0, 2, 9, 6, 3], seed=7)``.

    Raises NotationError naming the bad part if the tally is not a list of counts, a count is
    not a whole number from 0 to 30, there are no counts or more than 26, or the seed is not a
    whole number.
    """
    if isinstance(tally, str | bytes | bytearray | dict | set | frozenset) \
            or not isinstance(tally, Iterable):
        raise NotationError(f"the tally is {_shown(tally)}; accepted: a list of counts such "
                            "as [0, 2, 9, 6, 3]")
    counts = list(itertools.islice(tally, MAX_TALLY + 1))
    if not 1 <= len(counts) <= MAX_TALLY:
        got = "more" if len(counts) > MAX_TALLY else len(counts)
        raise NotationError(f"a result code holds 1 to {MAX_TALLY} counts, got {got}")
    whole = [_whole(n, f"count number {i} of the tally", 0, MAX_VALUE,
                    f"a whole number from 0 to {MAX_VALUE} (each count)")
             for i, n in enumerate(counts, start=1)]
    tag = run_tag(seed)
    values = [tag // _BASE ** 2, tag // _BASE % _BASE, tag % _BASE, *whole]
    return _grouped([*values, _check_value(values)])


def read_code(code: str, size: int | None = None) -> ResultCode:
    """Read a result code written by :func:`make_code`, forgiving case, spaces, dashes and the
    look-alikes O (read 0) and I, L (read 1).

    ``size``: the number of counts the code holds (1..26; the experiment's, e.g. 5). It is
    needed: a code does not say its own length, so a code with a character dropped could
    otherwise be read as a shorter tally. Raises NotationError naming the code and what is
    wrong: not text, a character not used in codes, a wrong length, a typo (the check
    character does not match), or a missing or bad size.
    """
    values = _symbols(code, "result code", "4C2-301-86H")
    want = TAG_LENGTH + _size(size) + 1
    if len(values) != want:
        raise NotationError(f"result code {_shown(code)} has {len(values)} characters; a code "
                            f"of this experiment has {want} (like "
                            f"{make_code([0] * (want - TAG_LENGTH - 1), 0)!r})")
    if _check_value(values[:-1]) != values[-1]:
        raise NotationError(f"result code {_shown(code)} has a typo: its last character does "
                            "not match the others; copy it again from the student's screen")
    tag = values[0] * _BASE ** 2 + values[1] * _BASE + values[2]
    return ResultCode(tag, tuple(values[TAG_LENGTH:-1]), _grouped(values))


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
    spaces and dashes), or a list of codes (texts); ``size``: the counts per code (1..26);
    ``turns``: if given, each code's counts must add up to it (else the code is refused as
    coming from another experiment), a whole number from 0 to ``30 * size``. A code that cannot
    be read (a typo, or an item that is not text) is listed in ``bad`` with the reason, never
    raised, so one typo does not stop the class's histogram.

    Raises NotationError when ``codes`` is neither text nor a list, or ``size`` or ``turns``
    is bad.
    """
    if isinstance(codes, bytes | bytearray | dict) or not isinstance(codes, str | Iterable):
        raise NotationError(f"the codes are {_shown(codes)}; accepted: the pasted text (one "
                            "code a line) or a list of codes such as ['4C2-301-86H']")
    count = _size(size)
    if turns is not None:
        turns = _whole(turns, "turns (outcomes per code)", 0, MAX_VALUE * count,
                       f"a whole number from 0 to {MAX_VALUE * count} (what {count} counts "
                       "can add up to), such as 20")
    items = re.split(r"[\n,;]+", codes) if isinstance(codes, str) else list(codes)
    results: list[ResultCode] = []
    bad: list[tuple[str, str]] = []
    repeats: list[str] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()
    for item in items:
        if isinstance(item, str) and not item.strip():
            continue
        try:
            result = read_code(item, count)
        except NotationError as error:
            bad.append((item.strip() if isinstance(item, str) else _shown(item), str(error)))
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
    """The seed of one student's run: made from the class seed (a whole number of at most 100
    digits) and the student's name (text), so each student's dice differ but anyone can replay
    them. Names ignore case, extra spaces and how a keyboard composes a letter (NFKC: ``é``
    typed as one character or as ``e`` and an accent is the same name). A number in
    0..2**32 - 1.

    Raises NotationError for a class seed that is not a whole number, a name that is not text,
    is empty, is longer than 200 characters or holds a character that is not a letter, digit,
    sign or space (a control character, half of a surrogate pair).
    """
    seed = _seed(class_seed, "the class seed")
    if not isinstance(name, str):
        raise NotationError(f"the name is {_shown(name)}; accepted: your name as text, between "
                            "quotes, such as \"Ada\"")
    if len(name) > MAX_NAME:
        raise NotationError(f"the name has {len(name)} characters; accepted: a name of at most "
                            f"{MAX_NAME}")
    for ch in name:
        if unicodedata.category(ch) in ("Cs", "Cc") and not ch.isspace():
            raise NotationError(f"the name {_shown(name)} holds {_char_name(ch)}, which is not "
                                "a letter; write your name with letters, digits and spaces")
    words = unicodedata.normalize("NFKC", name).casefold().split()
    if not words:
        raise NotationError("write your name between the quotes (any name, the same each "
                            "time): it makes your own dice")
    text = f"{seed}/student/{' '.join(words)}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


# --------------------------------------------------------------------------- progress codes

@dataclass(frozen=True)
class ProgressCode:
    """A read progress code: ``lesson`` (its number), ``right`` and ``tried`` (exercise keys
    such as ``"1.2"``; every right one is also tried), ``code`` (the code in its standard form,
    ``84K-00C``) and ``exercises`` (the lesson's exercises when the code was made, in order:
    those neither right nor tried are not tried yet)."""

    lesson: int
    right: frozenset[str]
    tried: frozenset[str]
    code: str
    exercises: tuple[str, ...] = ()


def lesson_exercises(lesson: int) -> tuple[str, ...]:
    """The keys of a lesson's exercises, in order (``("1.1", "1.2", ...)``; empty for a
    lesson without exercises). Raises NotationError for a lesson swkit does not have."""
    from swkit.exercises import all_exercises

    number = _whole(lesson, "the lesson", 0, MAX_VALUE, "a lesson number such as 1")
    try:
        module = importlib.import_module(f"swkit.exercises.lesson{number:02d}")
    except ModuleNotFoundError:
        known = sorted({int(ex.key.partition(".")[0]) for ex in all_exercises()})
        raise NotationError(f"there is no lesson {number}; the lessons with exercises are "
                            f"{', '.join(map(str, known))}") from None
    keys = tuple(ex.key for ex in module.EXERCISES)
    if len(keys) > MAX_EXERCISES:
        raise NotationError(f"lesson {number} has {len(keys)} exercises; a progress code holds "
                            f"at most {MAX_EXERCISES}")
    return keys


def _exercise_set(given: object, what: str, lesson: int, keys: tuple[str, ...]) -> frozenset[str]:
    example = f"['{lesson}.1', '{lesson}.2']"
    if isinstance(given, str | bytes | bytearray) or not isinstance(given, Iterable):
        raise NotationError(f"{what} is {_shown(given)}; accepted: a list of exercises such "
                            f"as {example}")
    found = set()
    for n, key in enumerate(given):
        if n >= MAX_LISTED:
            raise NotationError(f"{what} lists more than {MAX_LISTED:,} exercises; accepted: "
                                f"a list of exercises such as {example}")
        if not isinstance(key, str):
            raise NotationError(f"{what} holds {_shown(key)}; accepted: exercises named as "
                                f"text, such as {example}")
        if key not in keys:
            listed = ", ".join(keys) if keys else "no exercises"
            raise NotationError(f"{what} holds exercise {_shown(key)}, which is not in lesson "
                                f"{lesson}: lesson {lesson} has {listed}")
        found.add(key)
    return frozenset(found)


def _progress_length(count: int) -> int:
    """Characters of a progress code for a lesson of ``count`` exercises: a multiple of 3,
    at least 6 (lesson, count, the exercises' characters, zeros, check)."""
    return max(6, -(-(2 + -(-count // _PER_SYMBOL) + 1) // 3) * 3)


def progress_code(lesson: int, right: Iterable[str], tried: Iterable[str]) -> str:
    """The progress code of one lesson: which of its exercises are ``right`` and which
    ``tried`` (lists of keys such as ``"1.2"``; every right exercise is also tried), e.g.
    ``progress_code(8, right=["8.1"], tried=["8.1", "8.3"])`` gives ``84K-00C``.

    Six characters for a lesson of up to 9 exercises, grouped by three. Raises NotationError
    naming the bad part: a lesson swkit does not have, an exercise not in the lesson, a right
    exercise that is not in ``tried``, or lists that are not lists of texts.
    """
    keys = lesson_exercises(lesson)
    number = int(lesson)  # a whole number: lesson_exercises read it
    right_set = _exercise_set(right, "right", number, keys)
    tried_set = _exercise_set(tried, "tried", number, keys)
    if not right_set <= tried_set:
        missing = ", ".join(k for k in keys if k in right_set - tried_set)
        raise NotationError(f"right holds {missing} but tried does not: a right exercise was "
                            "tried too, so give it in both")
    states = [2 if k in right_set else 1 if k in tried_set else 0 for k in keys]
    states += [0] * (-len(states) % _PER_SYMBOL)
    values = [number, len(keys)]
    values += [a * 9 + b * 3 + c for a, b, c in zip(*[iter(states)] * _PER_SYMBOL, strict=True)]
    values += [0] * (_progress_length(len(keys)) - 1 - len(values))
    return _grouped([*values, (_check_value(values) + PROGRESS_KIND) % _BASE])


def read_progress_code(text: str) -> ProgressCode:
    """Read a progress code written by :func:`progress_code`, forgiving case, spaces, dashes
    and the look-alikes O (read 0) and I, L (read 1).

    Raises NotationError naming the code and what is wrong: not text, a character not used in
    codes, a character missing or one too many, a typo (the check character does not match),
    a lesson swkit does not have, or a code made for more exercises than this swkit's lesson
    has (a newer swkit made it).
    """
    values = _symbols(text, "progress code", "84K-00C")
    if len(values) < 6 or len(values) % 3:
        raise NotationError(f"progress code {_shown(text)} has {len(values)} characters; a "
                            "progress code has 6 (or 9, 12...): a character is missing or one "
                            "too many; copy it again")
    if (_check_value(values[:-1]) + PROGRESS_KIND) % _BASE != values[-1]:
        raise NotationError(f"progress code {_shown(text)} has a typo: its last character does "
                            "not match the others; copy it again from the student's screen")
    lesson, count = values[0], values[1]
    code = _grouped(values)
    if len(values) != _progress_length(count):
        raise NotationError(f"progress code {code!r} says {count} exercises but has "
                            f"{len(values)} characters: it is not a progress code")
    try:
        keys = lesson_exercises(lesson)
    except NotationError as error:
        raise NotationError(f"progress code {code!r} is for lesson {lesson}: {error}") from None
    if count > len(keys):
        raise NotationError(f"progress code {code!r} is for lesson {lesson} with {count} "
                            f"exercises, but this swkit's lesson {lesson} has {len(keys)}: "
                            "it was made by a newer swkit (update swkit to read it)")
    symbols = values[2:2 + -(-count // _PER_SYMBOL)]
    padding = values[2 + len(symbols):-1]
    if any(v >= _STATES ** _PER_SYMBOL for v in symbols) or any(padding):
        raise NotationError(f"progress code {code!r} holds a character no progress code has: "
                            "it is not a progress code")
    states = [d for v in symbols for d in (v // 9, v // 3 % 3, v % 3)]
    if any(states[count:]):
        raise NotationError(f"progress code {code!r} marks more exercises than its {count}: it "
                            "is not a progress code")
    covered = keys[:count]
    right = frozenset(k for k, s in zip(covered, states, strict=False) if s == 2)
    tried = frozenset(k for k, s in zip(covered, states, strict=False) if s >= 1)
    return ProgressCode(lesson, right, tried, code, covered)
