"""Self-check exercises for the lesson notebooks (``lessons/``).

A lesson's exercise cell looks like this::

    from swkit.exercises import check
    answer = ...            # replace ... with your answer, e.g. Fraction(25, 2838)
    check("1.2", answer)

``check`` shows friendly feedback (HTML in Jupyter, so lines wrap between words; printed
elsewhere) and returns a :class:`Feedback` whose ``right`` is ``True``
(right), ``False`` (not yet) or ``None`` (no answer yet); Jupyter does not echo it under the
message (``assert check(...).right`` works in a worked answer). It never raises because of a
student's answer, so "Run All" always reaches the end of a lesson. It never prints the expected
answer either (the worked answers are in ``lessons/solutions/``), except to show the exact form
of a value the student already has to float precision.

Each exercise wants a *kind* of answer (:data:`KINDS`): a count (a whole number), a probability
(an exact fraction from 0 to 1), an expected value, a text... A student's number is read in any
exact form (``Fraction(7, 2838)``, ``sympy.Rational``, ``"7 / 2838"``, ``"14,190"``); a decimal
is told apart, and an answer of the wrong kind (a probability for a count) is named as such.

Each lesson's exercises live in a module ``swkit.exercises.lessonNN`` (``NN`` = the lesson's
two-digit number) holding a list ``EXERCISES`` of :class:`Exercise`. An exercise's key is
``"<lesson>.<number>"``, e.g. ``"1.2"``. The expected answer is *computed* when checked (by the
library or a brute force), never typed in as a constant, so a changed engine shows up here too.
"""

from __future__ import annotations

import decimal
import html
import importlib
import math
import numbers
import pkgutil
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swkit.classroom import records
from swkit.errors import SwkitError

__all__ = ["Exercise", "Feedback", "Kind", "KINDS", "all_exercises", "assess", "check", "get",
           "hint", "read_number", "same"]


@dataclass(frozen=True)
class Kind:
    """The kind of answer an exercise wants.

    ``name``: the key in :data:`KINDS`. ``noun``: how a message names it ("a count").
    ``whole``: the answer is a whole number. ``low``/``high``: the range a right answer of
    this kind lies in (None: unbounded). ``number``: the answer is a number at all (not text).
    """

    name: str
    noun: str
    whole: bool = False
    low: Fraction | None = None
    high: Fraction | None = None
    number: bool = True

    @property
    def short(self) -> str:
        """The noun without its explanation: "a count"."""
        return self.noun.split(" (")[0]

    def holds(self, value: Fraction) -> bool:
        """Whether a number could be an answer of this kind (whole, within the range)."""
        return ((not self.whole or value.denominator == 1)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("count", "a count (how many: a whole number)", whole=True, low=Fraction(0)),
    Kind("whole number", "a whole number", whole=True),
    Kind("probability", "a probability (an exact fraction from 0 to 1)", low=Fraction(0),
         high=Fraction(1)),
    Kind("difference of probabilities", "a difference of two probabilities (an exact "
         "fraction from -1 to 1)", low=Fraction(-1), high=Fraction(1)),
    Kind("expected value", "an expected value (an exact fraction)"),
    Kind("text", "a text, in quotes", number=False),
)}
"""The kinds of answer, by name; an :class:`Exercise` names one (or it is read off its answer)."""


@dataclass(frozen=True)
class Exercise:
    """One self-check exercise.

    ``key``: ``"<lesson>.<number>"``. ``question``: one line, as in the notebook.
    ``answer``: a function of no arguments computing the expected answer (a Fraction, an int,
    a string, or a tuple/list of these). ``hint``: said when the answer is missing or wrong.
    ``wrong``: a plausible wrong answer (the tests check the checker refuses it).
    ``explain``: said after a right answer (optional). ``compare``: a custom test
    ``compare(expected, given) -> bool`` replacing :func:`same` (optional).
    ``kind``: a key of :data:`KINDS`; empty: read off the answer (an int is a count, a
    Fraction a probability, a string a text).
    """

    key: str
    question: str
    answer: Callable[[], Any]
    hint: str
    wrong: Any
    explain: str = ""
    compare: Callable[[Any, Any], bool] | None = field(default=None, compare=False)
    kind: str = ""

    def answer_kind(self, expected: Any = None) -> Kind | None:
        """The :class:`Kind` of this exercise's answer, or None for a tuple, list or set
        (compared item by item with :func:`same`). ``expected``: the computed answer, if
        already at hand. Raises ``SwkitError`` for an unknown ``kind``."""
        if self.kind:
            if self.kind not in KINDS:
                raise SwkitError(f"exercise {self.key}: kind {self.kind!r} is not one of "
                                 f"{', '.join(KINDS)}")
            return KINDS[self.kind]
        expected = self.answer() if expected is None else expected
        if isinstance(expected, str):
            return KINDS["text"]
        if isinstance(expected, numbers.Integral) and not isinstance(expected, bool):
            return KINDS["count"]
        if isinstance(expected, Fraction):
            return KINDS["probability"]
        return None


@dataclass(frozen=True)
class Feedback:
    """What :func:`check` said: ``right`` is True (right), False (not yet) or None (no
    answer); ``message`` is the text printed. True in an ``if`` only when right.

    The message is shown when checking (as HTML that wraps between words in Jupyter, printed
    elsewhere), so Jupyter shows nothing more for this value
    (``_ipython_display_`` draws nothing: no ``Out[..]: True`` under the message).
    """

    key: str
    right: bool | None
    message: str

    def __bool__(self) -> bool:
        return self.right is True

    def _ipython_display_(self) -> None:
        """Already printed by :func:`check`: show nothing as the cell's value."""

    def __repr__(self) -> str:
        return f"Feedback({self.key!r}, right={self.right})"


class _Decimal(Exception):
    """A float was given where an exact value is expected."""


class _TooLong(ValueError):
    """A number typed as text has more digits than Python reads (``sys.get_int_max_str_digits``,
    4,300 by default)."""


class _Text:
    """Patterns a student may type a number as, inside quotes."""

    SPACES_AROUND_SLASH = re.compile(r"\s*/\s*")
    THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}(,\d{3})+")
    DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+")
    EXACT = re.compile(r"[+-]?\d+(/[+-]?\d+)?")
    FRACTION_CALL = re.compile(r"(?:Fraction|Rational)\(\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)")
    PERCENT = re.compile(r"(.+?)\s*%")


class _DecimalText(float):
    """A decimal typed as text ("0.0088"): a float that remembers how it was written."""

    text: str

    def __new__(cls, value: float, text: str) -> _DecimalText:
        made = super().__new__(cls, value)
        made.text = text
        return made

    def __repr__(self) -> str:
        return self.text


def _read_text(value: str) -> Fraction | float | None:
    """A number typed as text: a Fraction for an exact form ("7/2838", "7 / 2838", "14,190",
    "Fraction(7, 2838)"), a float (a :class:`_DecimalText`) for a decimal ("0.0088",
    "0.88%", or with a decimal comma "0,0088"; a comma is thousands only in groups of three
    after a first digit that is not 0), None for anything else."""
    text = _Text.SPACES_AROUND_SLASH.sub("/", value.strip())
    parts = text.split("/")
    if len(parts) <= 2 and all(_Text.THOUSANDS.fullmatch(part) for part in parts if "," in part):
        text = text.replace(",", "")
    if _Text.DECIMAL_COMMA.fullmatch(text):  # "0,125" or "1,5": a decimal comma, not thousands
        text = text.replace(",", ".")
    call = _Text.FRACTION_CALL.fullmatch(text)
    if call:
        text = f"{call[1]}/{call[2]}"
    if _Text.EXACT.fullmatch(text):
        try:
            return Fraction(text)
        except ZeroDivisionError:
            return None
        except ValueError:   # the only other failure of a matched text: too many digits
            raise _TooLong from None
    percent = _Text.PERCENT.fullmatch(text)
    try:
        number = float(percent[1]) / 100 if percent else float(text)
    except ValueError:
        return None
    return _DecimalText(number, value.strip()) if math.isfinite(number) else None


def read_number(value: Any) -> Fraction | float | None:
    """A student's answer as a number: a Fraction when exact (int, Fraction, sympy Rational,
    numpy integer, exact text), a float when a decimal (float, numpy float, sympy Float,
    Decimal, decimal text), None when it is not a number (text, a list, ``True``...). Raises
    ValueError for an exact text of more digits than Python reads (4,300 by default)."""
    if isinstance(value, bool):
        return None
    # Python's int first: a numpy integer's arithmetic overflows at 64 bits and wraps round,
    # so a Fraction built on one (Fraction(np.int64(1))) compares and subtracts wrongly.
    if isinstance(value, numbers.Integral):  # int, numpy integers, sympy-free integer types
        return Fraction(int(value))
    if isinstance(value, numbers.Rational):  # Fraction and other exact ratios
        return Fraction(int(value.numerator), int(value.denominator))
    if type(value).__module__.startswith("sympy"):
        if hasattr(value, "doit"):
            value = value.doit()
        if getattr(value, "is_Rational", False):
            return Fraction(int(value.p), int(value.q))
        if getattr(value, "is_Float", False):
            return float(value)
        return None
    if isinstance(value, (numbers.Real, decimal.Decimal)):
        return float(value)
    if isinstance(value, str):
        return _read_text(value)
    return None


def _exact(value: Any) -> Fraction | Any:
    """A number as a Fraction (ints, Fractions, sympy Rationals, "25/2838"); other values as is.

    Raises ``_Decimal`` for a decimal (a probability here is exact).
    """
    number = read_number(value)
    if isinstance(number, float):
        raise _Decimal
    return value if number is None else number


def same(expected: Any, given: Any) -> bool:
    """Whether ``given`` equals ``expected`` exactly.

    Numbers compare as Fractions (``Fraction(1, 3)``, ``sympy.Rational(1, 3)``, ``"1/3"`` and
    ``"1 / 3"`` are the same); strings ignore case and extra spaces; tuples, lists and sets
    compare item by item (sets in any order). Raises ``_Decimal`` when a decimal stands where a
    number is due.
    """
    if isinstance(expected, (set, frozenset)):
        if not isinstance(given, (set, frozenset, list, tuple)):
            return False
        given_items = list(given)
        if len(given_items) != len(expected):
            return False
        pool = list(expected)
        for item in given_items:
            match = next((i for i, e in enumerate(pool) if same(e, item)), None)
            if match is None:
                return False
            pool.pop(match)
        return True
    if isinstance(expected, (tuple, list)):
        if not isinstance(given, (tuple, list)) or len(given) != len(expected):
            return False
        return all(same(e, g) for e, g in zip(expected, given, strict=True))
    if isinstance(expected, str):
        return isinstance(given, str) and " ".join(given.split()).lower() == " ".join(
            expected.split()).lower()
    exp = _exact(expected)
    got = _exact(given)
    if isinstance(exp, Fraction) and isinstance(got, Fraction):
        return exp == got
    return bool(exp == got)


def _lesson_module(lesson: int) -> Any:
    return importlib.import_module(f"swkit.exercises.lesson{lesson:02d}")


def get(key: str) -> Exercise:
    """The exercise with this key (``"1.2"``). Raises ``SwkitError`` naming the known keys."""
    lesson_text, _, _ = str(key).partition(".")
    try:
        module = _lesson_module(int(lesson_text))
    except (ValueError, ModuleNotFoundError):
        known = ", ".join(ex.key for ex in all_exercises())
        raise SwkitError(f"no exercise {key!r}: the exercises are {known}") from None
    for exercise in module.EXERCISES:
        if exercise.key == key:
            return exercise
    known = ", ".join(ex.key for ex in module.EXERCISES) or "no exercises"
    raise SwkitError(f"no exercise {key!r}: lesson {int(lesson_text)} has {known}")


def all_exercises() -> Iterator[Exercise]:
    """Every exercise of every lesson, in lesson order."""
    package = importlib.import_module(__name__)
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                   if m.name.startswith("lesson"))
    for name in names:
        yield from importlib.import_module(f"{__name__}.{name}").EXERCISES


def _show(value: Any) -> str:
    """A student's answer as a message shows it: its repr (a text in quotes), cut to 60
    characters. A value Python will not write out (an int of more than 4,300 digits) or whose
    repr fails is named by its type."""
    try:
        text = repr(value) if not isinstance(value, str) else f'"{value}"'
    except Exception:  # a repr that fails must not stop the lesson
        what = "whole number" if isinstance(value, numbers.Integral) else (
            "fraction" if isinstance(value, numbers.Rational) else type(value).__name__)
        return f"a {what} too long to write out"
    return text if len(text) <= 60 else text[:57] + "..."


ROUNDING = Fraction(1, 10**12)
"""How close (relative) a decimal or a decimal-made Fraction must be to the exact answer to
count as "the right value, rounded": a float carries about 16 digits, and a few operations
lose a few of them."""


def _rounded_equal(value: Fraction, exact: Fraction) -> bool:
    """Whether ``value`` is ``exact`` up to float rounding."""
    return abs(value - exact) <= abs(exact) * ROUNDING if exact else abs(value) < ROUNDING**2


def _exact_forms(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f'Fraction({value.numerator}, {value.denominator}) or "{value}"'


def _example(expected: Any) -> tuple[str, str]:
    """An exact fraction to show as an example of the form, never the expected answer."""
    for example in (Fraction(2, 7), Fraction(3, 8)):
        if example != expected:
            return f"Fraction({example.numerator}, {example.denominator})", f'"{example}"'
    raise AssertionError("unreachable: two different examples")


def _whole_example(expected: Any) -> str:
    """A whole number to show as an example of the form, never the expected answer."""
    return "7" if expected == 12 else "12"


def _made_from_a_decimal(value: Fraction) -> bool:
    """Whether a Fraction may have been made from a decimal (``Fraction(0.1)``,
    ``Fraction(Decimal(...))``): its denominator has no prime factor but 2 and 5."""
    q = value.denominator
    for prime in (2, 5):
        while q % prime == 0:
            q //= prime
    return q == 1


def _looks_like(kind: Kind, value: Fraction) -> str:
    """Which kind of answer ``value`` looks like instead (for a kind it cannot be), in words."""
    if kind.whole and 0 < value < 1:
        return "a probability"
    if not kind.whole and value.denominator == 1 and abs(value) > 1:
        return "a count"
    return ""


def _wrong_kind(key: str, kind: Kind, shown: str, value: Fraction) -> str:
    """The message for a number that cannot be an answer of this kind, saying which is wanted."""
    like = _looks_like(kind, value)
    if like == "a probability":
        wanted = (f"{kind.short}, a whole number: how many, not how likely"
                  if kind.name == "count" else f"{kind.short}, not a probability")
        return (f"Exercise {key}: you gave {shown}, which looks like a probability, but this "
                f"exercise asks for {wanted}.")
    if like == "a count":
        return (f"Exercise {key}: you gave {shown}, a whole number like a count, but this "
                f"exercise asks for {kind.noun}. A probability divides: the outcomes in the "
                f"event over all the outcomes.")
    if kind.whole and value.denominator != 1:
        return f"Exercise {key}: you gave {shown}, but {kind.short} is a whole number."
    low, high = kind.low, kind.high
    span = f"from {low} to {high}" if low is not None and high is not None else (
        f"at least {low}" if low is not None else f"at most {high}")
    return f"Exercise {key}: you gave {shown}, but {kind.short} is {span}."


def _rounding(number: float) -> tuple[Fraction, int, int] | None:
    """How a decimal was written: ``(its value, decimal places, significant digits)``, the
    value and places as a fraction of 1 (``"13.89%"`` is 1389/10000 to 4 places, 4 digits);
    None when it is not written as a plain decimal."""
    text = number.text if isinstance(number, _DecimalText) else repr(number)
    text = text.strip().replace(",", ".")
    percent = text.endswith("%")
    digits = text.rstrip("%").strip().lstrip("+-")
    if not re.fullmatch(r"\d*\.?\d+|\d+\.", digits):
        return None
    places = len(digits.partition(".")[2]) + (2 if percent else 0)
    significant = len(digits.replace(".", "").lstrip("0"))
    value = Fraction(decimal.Decimal(digits)) / (100 if percent else 1)
    return (-value if text.lstrip().startswith("-") else value), places, significant


def _rounded_correctly(number: float, exact: Fraction) -> int | None:
    """The decimal places ``number`` is written with (a percentage's as written: 2 for
    ``13.89%``) when it is ``exact`` correctly rounded and not 0 (``0.0296`` for 14/473,
    ``13.89%`` for 5/36, ``2.83`` for 1375/486), else None."""
    written = _rounding(number)
    if written is None:
        return None
    value, places, significant = written
    if significant < 1 or abs(value - exact) > Fraction(1, 2 * 10**places):
        return None
    percent = str(getattr(number, "text", "")).strip().endswith("%")
    return places - 2 if percent else places


def _assess_number(exercise: Exercise, kind: Kind, expected: Any,
                   given: Any) -> tuple[bool, str]:
    """Judge a number for an exercise whose answer is a number (see :func:`assess`):
    ``(right, note)``; an empty note on a wrong answer means a plain "not yet"."""
    key = exercise.key
    exact = Fraction(expected)
    number = read_number(given)
    if number is None:
        form = f"a whole number, such as {_whole_example(exact)}" if kind.whole else (
            "an exact fraction, such as {} or the text {}".format(*_example(exact)))
        return False, (f"Exercise {key}: I could not read {_show(given)} as a number. This "
                       f"exercise asks for {kind.noun}: write {form}.")
    if isinstance(number, float):
        shown = _show(number)
        if not math.isfinite(number):
            return False, f"Exercise {key}: you gave {shown}, which is not a number I can check."
        value = Fraction(number)
        if kind.whole:
            if isinstance(number, _DecimalText) and number.text.endswith("%"):
                return False, (f"Exercise {key}: you gave {shown}, a percentage, but this "
                               f"exercise asks for {kind.noun}: write it without %, such as "
                               f"{_whole_example(exact)}.")
            if number.is_integer():
                if value != exact:
                    return False, ""
                what = "count" if kind.name == "count" else "whole number asked for"
                return True, (f"\n  (You gave {shown}, a decimal that is exactly the {what}. In "
                              f"Python / always gives a decimal; // keeps a division of whole "
                              f"numbers whole: 12 // 3 is 4, where 12 / 3 is 4.0.)")
            near = round(number)
            if near != 0 and _rounded_equal(value, Fraction(near)):
                return False, (f"Exercise {key}: you gave {shown}, almost the whole number "
                               f"{near} but with a rounding error from decimals. "
                               f"{kind.short.capitalize()} is a whole number: work with whole "
                               f"numbers (// divides them and keeps them whole) or round it "
                               f"with round().")
            return False, _wrong_kind(key, kind, shown, value)
        if _rounded_equal(value, exact):
            return False, (f"Exercise {key}: right value, but write it exactly: "
                           f"{_exact_forms(exact)}. {shown} is a decimal, rounded to about 16 "
                           f"digits; in these lessons {kind.short} is exact.")
        places = _rounded_correctly(number, exact)
        if places is not None:
            example, text = _example(exact)
            to = (f"{places} decimal place{'s' * (places != 1)}" if places else
                  "a whole number")
            return False, (f"Exercise {key}: right, rounded: {shown} is the answer rounded to "
                           f"{to}. Now write it exactly:"
                           " "
                           f"in these lessons {kind.short} is an exact fraction, such as "
                           f"{example} or the text {text}.")
        if not kind.holds(value):
            return False, _wrong_kind(key, kind, shown, value)
        example, text = _example(exact)
        return False, (f"Exercise {key}: not yet. You gave {shown}, a decimal, and it is not "
                       f"the answer. When you find it, write it exactly: in these lessons "
                       f"{kind.short} is an exact fraction, such as {example} or the text "
                       f"{text}.")
    if number == exact:
        return True, ""
    if not kind.whole and _made_from_a_decimal(number) and _rounded_equal(number, exact):
        p, q = exact.numerator, exact.denominator
        return False, (f"Exercise {key}: very close, but not exact: {_show(given)} has a huge "
                       f"denominator. Fraction({p}/{q}) goes through a decimal first: {p}/{q} "
                       f"is worked out as a rounded decimal, and then that decimal becomes a "
                       f"fraction. Write Fraction({p}, {q}): two whole numbers with a comma.")
    if not kind.holds(number):
        return False, _wrong_kind(key, kind, _show(given), number)
    return False, ""


def assess(exercise: Exercise, given: Any) -> tuple[bool | None, str]:
    """Judge ``given`` as an answer to ``exercise``: ``(right, message)``.

    ``right`` is True, False, or None for no answer (``...`` or ``None``). ``message`` is the
    friendly feedback :func:`check` prints. Never raises because of ``given``; the expected
    answer appears in the message only when ``given`` already equals it up to float rounding
    (to show its exact form).
    """
    key = exercise.key
    if given is ... or given is None:
        return None, (f"Exercise {key}: no answer yet. Replace the ... with your answer and run "
                      f"the cell again. If it is not right yet, I will give you a hint then "
                      f"(or now: from swkit.exercises import hint; hint(\"{key}\")).")
    expected = exercise.answer()
    kind = exercise.answer_kind(expected)
    explain = exercise.explain or "Well done."
    try:
        if kind is not None and kind.number and exercise.compare is None:
            right, note = _assess_number(exercise, kind, expected, given)
            if right:
                return True, f"Exercise {key}: right! {explain}{note}"
            if note:
                return False, f"{note}\n  Hint: {exercise.hint}"
        else:
            right = (exercise.compare or same)(expected, given)
            if right:
                return True, f"Exercise {key}: right! {explain}"
    except _Decimal:
        example, text = _example(expected)
        return False, (f"Exercise {key}: you gave a decimal ({_show(given)}). In these lessons "
                       f"a probability is exact: write a fraction, such as {example} or the "
                       f"text {text}.")
    except _TooLong:
        digits = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
        return False, (f"Exercise {key}: you gave {_show(given)}, a number of more than "
                       f"{digits:,} digits: no answer here is that long. Check it.\n"
                       f"  Hint: {exercise.hint}")
    except Exception as error:  # a strange answer must never stop the lesson
        return False, (f"Exercise {key}: I could not compare {_show(given)} with the answer "
                       f"({type(error).__name__}). Check its form.\n  Hint: {exercise.hint}")
    return False, f"Exercise {key}: not yet. You gave {_show(given)}.\n  Hint: {exercise.hint}"


def _html(message: str) -> str:
    """``message`` as HTML that wraps between words (a printed stream wraps mid-word in
    JupyterLab: "exa / ctly"); each line of the message a line of its own."""
    lines = [html.escape(line.strip()) for line in message.split("\n")]
    return ('<div class="swkit-feedback" style="white-space:normal;word-break:normal;'
            'overflow-wrap:break-word;max-width:48em;line-height:1.45">'
            + "<br>".join(lines) + "</div>")


def _say(message: str, record: dict[str, Any] | None = None) -> None:
    """Show ``message``: as HTML (with the plain text beside it) in a Jupyter kernel, printed
    anywhere else (a script, a test). ``record``: a check record
    (:func:`swkit.classroom.records.keep`) the output carries beside them, unseen, as
    :data:`~swkit.classroom.records.MIME`."""
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        shell = None
    if shell is None or getattr(shell, "kernel", None) is None:
        print(message)
        return
    from IPython.display import display
    bundle: dict[str, Any] = {"text/html": _html(message), "text/plain": message}
    if record is not None:
        bundle[records.MIME] = record
    display(bundle, raw=True)


def check(key: str, answer: Any) -> Feedback:
    """Check a student's answer to exercise ``key`` and print friendly feedback.

    Returns a :class:`Feedback`: ``.right`` is True when the answer is right, False when it is
    not (yet), None when there is no answer yet (``...`` or ``None``); Jupyter shows nothing
    for it under the printed message. Never raises: an unknown ``key`` (a typo in the cell)
    prints one line naming the exercises there are and gives ``.right`` None.

    Each check of a known exercise is recorded (:func:`swkit.classroom.records.keep`: the
    answer as text, the result, the time; no name): in a kernel its output carries the
    lesson's whole log, unseen, for the saved notebook to hand in; elsewhere it is kept in
    memory only (:func:`swkit.classroom.records.kept`).
    """
    try:
        exercise = get(key)
    except SwkitError as error:
        message = f"{str(error)[0].upper()}{str(error)[1:]}. Check the number in check(...)."
        _say(message)
        return Feedback(str(key), None, message)
    right, message = assess(exercise, answer)
    try:
        record = records.keep(exercise.key, answer, right)
    except Exception:  # keeping the record must never stop the lesson
        record = None
    _say(message, record)
    return Feedback(key, right, message)


def hint(key: str) -> str:
    """Print the hint of exercise ``key`` (``"1.2"``) and return it: a direction to think in,
    not the answer. An unknown ``key`` prints one line naming the exercises there are."""
    try:
        text = f"Exercise {key}: hint: {get(key).hint}"
    except SwkitError as error:
        text = f"{str(error)[0].upper()}{str(error)[1:]}."
    _say(text)
    return text
