"""The record :func:`swkit.exercises.check` keeps in the notebook, and reading it back.

Each ``check()`` output carries, beside what the student sees (``text/html``, ``text/plain``),
the mime type :data:`MIME` whose value is ``{"swkit_check": 1, "lesson": 1, "log": [...]}``:
every record of that lesson this run of Python has made, oldest first, the last one this
check's. A re-run cell replaces its output, so only the newest outputs survive in a saved
notebook; the newest carries everything before it.

A record (:class:`Record`) says what the student typed and what the checker said, never who
they are: the exercise, the answer as text (:func:`answer_text`), the result, the attempt's
number, the time (UTC), swkit's version, the lesson's content digest (:func:`lesson_digest`),
a random id of the run of Python that made it (``session``: it names no one), and two
digests: ``prev``, the digest of the record before it (``""`` for a chain's first), and
``digest``, the SHA-256 of the record itself (:func:`record_digest`). So a record edited,
deleted or moved within a log is found by :func:`read_notebook`; a determined cheat who
recomputes every digest is not (no secret can live in a notebook or a static site).

A run of Python starts a new chain for a lesson (a kernel restart is a fresh Python: its
chain starts again at record 1 with a new ``session``), and so does a chain that reaches
:data:`CHAIN_LIMIT` records. A saved notebook can so hold several chains, each whole.
Decisions: docs/DECISIONS.md, "Lessons", "check() records".
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swkit import __version__
from swkit.errors import SwkitError

__all__ = ["ANSWER_LIMIT", "CHAIN_LIMIT", "FORMAT", "KEPT_CHAINS", "LOG", "MIME", "RESULTS", "Log",
           "NotANotebook", "NotebookRecords", "Record", "answer_text", "canonical",
           "keep", "kept", "lesson_digest", "lesson_of", "read_notebook", "record_digest",
           "result_word"]

MIME = "application/vnd.swkit.check+json"
"""The mime type of a check record in a ``display_data`` output."""

FORMAT = 1
"""The value of ``"swkit_check"`` in a record's output: the format's version."""

RESULTS = ("right", "not yet", "no answer")
"""A record's ``result``: what :func:`swkit.exercises.check` said."""

ANSWER_LIMIT = 200
"""Characters of an answer kept in a record; a longer one is cut and ends with "…"."""

CHAIN_LIMIT = 300
"""Records in one chain: a lesson's next check after that starts a new chain, so an output
(which carries its chain whole) stays small even when a cell checks in a loop."""

KEPT_CHAINS = 10
"""Chains of a lesson a :class:`Log` remembers (the current one and the 9 before it), so a
check in a loop cannot fill the memory; the outputs keep their own copies."""


class NotANotebook(SwkitError):
    """What :func:`read_notebook` was given is not a Jupyter notebook (nbformat 4 JSON)."""


@dataclass(frozen=True)
class Record:
    """One check, as kept in the notebook (see the module's docstring).

    ``n``: its place in its chain (1, 2, ...). ``exercise``: ``"1.2"``. ``answer``: the answer
    as text (:func:`answer_text`; ``""`` for no answer). ``result``: one of :data:`RESULTS`.
    ``attempt``: this exercise's attempt number in the chain. ``time``: UTC,
    ``"2026-12-06T10:15:03Z"``. ``swkit``: swkit's version. ``lesson_digest``: the lesson's
    content digest (:func:`lesson_digest`, ``""`` when unknown). ``prev``: the digest of the
    record before it (``""`` for a chain's first). ``digest``: :func:`record_digest` of the
    record. ``session``: a random id of the run of Python that made the chain (names no one).
    """

    n: int
    exercise: str
    answer: str
    result: str
    attempt: int
    time: str
    swkit: str
    lesson_digest: str
    prev: str
    digest: str
    session: str = ""

    def to_json(self) -> dict[str, Any]:
        """The record as the JSON object kept in the notebook."""
        return {"n": self.n, "exercise": self.exercise, "answer": self.answer,
                "result": self.result, "attempt": self.attempt, "time": self.time,
                "swkit": self.swkit, "lesson_digest": self.lesson_digest,
                "session": self.session, "prev": self.prev, "digest": self.digest}

    @property
    def lesson(self) -> int | None:
        """The lesson of its exercise (1 for ``"1.2"``), None when the key has none."""
        return lesson_of(self.exercise)


def lesson_of(exercise: str) -> int | None:
    """The lesson of an exercise key: ``lesson_of("1.2") == 1``; None when ``exercise`` does not
    start with a lesson number and a dot."""
    head, dot, _ = str(exercise).partition(".")
    return int(head) if dot and head.isascii() and head.isdigit() and len(head) < 5 else None


def canonical(value: Any) -> bytes:
    """``value`` as canonical JSON, UTF-8: keys sorted, no spaces, characters as they are.

    >>> canonical({"b": 1, "a": "é"}).decode()
    '{"a":"é","b":1}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def record_digest(record: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of a record's JSON object without its ``"digest"`` (:func:`canonical`).

    Raises TypeError or ValueError when the record is not plain JSON."""
    return hashlib.sha256(canonical({k: v for k, v in record.items() if k != "digest"})
                          ).hexdigest()


def answer_text(value: Any) -> str:
    """A student's answer as a record keeps it: its ``repr`` (``420``, ``Fraction(14, 473)``,
    ``'7/2838'`` for a text), cut to :data:`ANSWER_LIMIT` characters; ``""`` for no answer
    (``...`` or ``None``: the student typed nothing). A value whose ``repr`` fails (an int of
    more than 4,300 digits) is named by its type: ``<int>``. Never raises."""
    if value is ... or value is None:
        return ""
    try:
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError("repr gave no text")
    except Exception:  # a student's strange value must not stop the lesson
        try:
            return f"<{type(value).__name__}>"[:ANSWER_LIMIT]
        except Exception:
            return "<?>"
    return text if len(text) <= ANSWER_LIMIT else text[:ANSWER_LIMIT - 1] + "…"


def result_word(right: bool | None) -> str:
    """A check's result as a record says it: True ``"right"``, False ``"not yet"``, None ``"no
    answer"``."""
    return "right" if right is True else "no answer" if right is None else "not yet"


def lesson_digest(lesson: int) -> str:
    """The content digest of lesson ``lesson`` as this Python can know it, or ``""``.

    With the kit's lessons installed (a checkout, a wheel, Colab): ``"cells:<sha256>"``, the
    fingerprint by which ``swkit lessons`` tells a change (its cells' content), of the kit's
    own lesson ``NN-*.ipynb``. In the browser site: ``"site:<folder>"``, the site's lessons
    folder the kernel works in, whose name is a digest of the lessons' content
    (``v0.1.0-3f2a9c81d0``). Anything else (the student's own folder in the site, no lesson
    file): ``""``. Never raises."""
    try:
        if sys.platform == "emscripten":
            from swkit.lite import lesson_place

            place = lesson_place(Path.cwd().as_posix())
            return f"site:{place[0]}" if place else ""
        from swkit.cli.lessons_copy import fingerprint, lessons_source

        files = sorted(lessons_source().glob(f"{int(lesson):02d}-*.ipynb"))
        if len(files) != 1:
            return ""
        return fingerprint(files[0].name, files[0].read_bytes())
    except Exception:  # no lessons here, an unreadable file: the digest is unknown
        return ""


def _utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _new_session() -> str:
    return secrets.token_hex(8)


@dataclass
class Log:
    """The records a run of Python has made, by lesson: one chain per lesson at a time.

    ``clock``: the time now as UTC text. ``new_session``: a new random chain id.
    ``digest_of``: the lesson's content digest (asked once per lesson). ``limit``: records in
    one chain (:data:`CHAIN_LIMIT`). Tests pass their own; :data:`LOG` is this Python's.
    """

    clock: Callable[[], str] = _utc_now
    new_session: Callable[[], str] = _new_session
    digest_of: Callable[[int], str] = lesson_digest
    limit: int = CHAIN_LIMIT
    _chains: dict[int, list[Record]] = field(default_factory=dict, repr=False)
    _earlier: dict[int, list[Record]] = field(default_factory=dict, repr=False)
    _digests: dict[int, str] = field(default_factory=dict, repr=False)
    _last: list[int] = field(default_factory=list, repr=False)

    def keep(self, exercise: str, answer: Any, right: bool | None) -> dict[str, Any]:
        """Record a check of ``exercise`` (``"1.2"``) with ``answer`` (any value; kept as
        :func:`answer_text`) and its result ``right`` (True, False, None: no answer); return
        the output's :data:`MIME` value: ``{"swkit_check": 1, "lesson": ..., "log": [...]}``.
        Raises ValueError for a key with no lesson number."""
        lesson = lesson_of(exercise)
        if lesson is None:
            raise ValueError(f"exercise {exercise!r} has no lesson number (such as '1.2')")
        chain = self._chains.setdefault(lesson, [])
        if len(chain) >= self.limit:
            earlier = self._earlier.setdefault(lesson, [])
            earlier.extend(chain)
            del earlier[:max(0, len(earlier) - (KEPT_CHAINS - 1) * self.limit)]
            chain = self._chains[lesson] = []
        if lesson not in self._digests:
            self._digests[lesson] = self.digest_of(lesson)
        last = chain[-1] if chain else None
        fields = {"n": len(chain) + 1, "exercise": str(exercise),
                  "answer": answer_text(answer), "result": result_word(right),
                  "attempt": 1 + sum(r.exercise == exercise for r in chain),
                  "time": self.clock(), "swkit": __version__,
                  "lesson_digest": self._digests[lesson],
                  "session": last.session if last else self.new_session(),
                  "prev": last.digest if last else ""}
        chain.append(Record(**fields, digest=record_digest(fields)))
        self._last[:] = [lesson]
        return {"swkit_check": FORMAT, "lesson": lesson, "log": [r.to_json() for r in chain]}

    def records(self, lesson: int) -> tuple[Record, ...]:
        """The records of ``lesson`` this log holds, oldest first: its current chain and the
        :data:`KEPT_CHAINS` - 1 before it."""
        return (*self._earlier.get(lesson, ()), *self._chains.get(lesson, ()))

    def last_lesson(self) -> int | None:
        """The lesson of the newest record, None when there is none."""
        return self._last[0] if self._last else None


LOG = Log()
"""This run of Python's records (the kernel's); :func:`swkit.exercises.check` adds to it."""


def keep(exercise: str, answer: Any, right: bool | None) -> dict[str, Any]:
    """:meth:`Log.keep` on :data:`LOG`: record a check and return the output's record value."""
    return LOG.keep(exercise, answer, right)


def kept(lesson: int) -> tuple[Record, ...]:
    """The records of ``lesson`` in :data:`LOG`, oldest first."""
    return LOG.records(lesson)


# --- reading records back -------------------------------------------------------------------

@dataclass(frozen=True)
class NotebookRecords:
    """The check records of one saved notebook (:func:`read_notebook`).

    ``lesson``: the lesson the records are of (the one most records name when several), None
    when there are none. ``records``: every record once, chain by chain (the oldest chain
    first; chains begun in the same second in the order the notebook shows them), oldest
    first within a chain. ``intact``: every record's digest and every chain
    check out. ``problems``: why not, one line each, in words for a teacher (cells counted
    from 1, markdown cells too). ``chains``: one id per chain, its first record's digest: two
    notebooks sharing one hold a copy of the same work.
    """

    lesson: int | None
    records: tuple[Record, ...]
    intact: bool
    problems: tuple[str, ...]
    chains: tuple[str, ...]


_FIELDS: dict[str, type] = {"n": int, "exercise": str, "answer": str, "result": str,
                            "attempt": int, "time": str, "swkit": str, "lesson_digest": str,
                            "prev": str, "digest": str}


def _load(notebook: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """The notebook's JSON object; raises :class:`NotANotebook` saying why it is not one."""
    if isinstance(notebook, (bytes, bytearray, memoryview)):
        try:
            notebook = bytes(notebook).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise NotANotebook(f"not a notebook: it is not UTF-8 text (byte {error.start})"
                               ) from None
    if isinstance(notebook, str):
        try:
            notebook = json.loads(notebook)
        except ValueError as error:
            raise NotANotebook(f"not a notebook: it is not JSON ({error})") from None
        except RecursionError:
            raise NotANotebook("not a notebook: its JSON is nested too deeply") from None
    if not isinstance(notebook, dict):
        raise NotANotebook(f"not a notebook: a notebook is a JSON object with \"cells\", not "
                           f"{type(notebook).__name__}")
    if "cells" not in notebook and "worksheets" in notebook:
        raise NotANotebook("not a notebook swkit can read: an old format (nbformat 3); open "
                           "and save it in Jupyter to update it")
    if not isinstance(notebook.get("cells"), list):
        raise NotANotebook("not a notebook: it has no list of \"cells\" (nbformat 4 JSON)")
    return notebook


def _outputs(notebook: dict[str, Any]) -> Iterable[tuple[int, Any]]:
    """(cell number from 1, the :data:`MIME` value) of every output that has one."""
    for number, cell in enumerate(notebook["cells"], start=1):
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        for output in outputs if isinstance(outputs, list) else ():
            data = output.get("data") if isinstance(output, dict) else None
            if isinstance(data, dict) and MIME in data:
                yield number, data[MIME]


def _record(raw: Any) -> Record:
    """A record from its JSON object; raises ValueError naming what is wrong."""
    if not isinstance(raw, dict):
        raise ValueError("a record is not a JSON object")
    for name, kind in _FIELDS.items():
        value = raw.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"its {name!r} is missing or not {kind.__name__}")
    session = raw.get("session", "")
    if not isinstance(session, str):
        raise ValueError("its 'session' is not text")
    if raw["result"] not in RESULTS:
        raise ValueError(f"its result {raw['result']!r} is not one of {', '.join(RESULTS)}")
    return Record(**{name: raw[name] for name in _FIELDS}, session=session)


@dataclass
class _Reading:
    """What :func:`read_notebook` gathers, output by output."""

    problems: list[str] = field(default_factory=list)
    chains: dict[str, dict[int, tuple[Record, bytes, int]]] = field(default_factory=dict)
    lessons: Counter[int] = field(default_factory=Counter)

    def say(self, line: str) -> None:
        if line not in self.problems:
            self.problems.append(line)

    def read_output(self, cell: int, value: Any) -> None:
        """Check one output's log and add its records to their chain."""
        if isinstance(value, str):  # a tool that stored the JSON as text
            try:
                value = json.loads(value)
            except (ValueError, RecursionError):
                value = None
        if not isinstance(value, dict) or not isinstance(value.get("log"), list):
            self.say(f"cell {cell}: a check record that cannot be read (not a log)")
            return
        version, lesson = value.get("swkit_check"), value.get("lesson")
        if version != FORMAT:
            self.say(f"cell {cell}: a check record of format {version!r}, not {FORMAT} "
                     f"(made by another swkit version)")
            return
        if not isinstance(lesson, int) or isinstance(lesson, bool):
            self.say(f"cell {cell}: a check record with no lesson number")
            return
        log: list[tuple[Record, Any]] = []
        for place, raw in enumerate(value["log"], start=1):
            try:
                log.append((_record(raw), raw))
            except ValueError as error:
                self.say(f"cell {cell}: record {place} of its log cannot be read: {error}")
                return
        if log:
            self.lessons[lesson] += len(log)
            self.check_log(cell, lesson, log)

    def check_log(self, cell: int, lesson: int, log: list[tuple[Record, Any]]) -> None:
        """Digests, order, chain, attempts and lesson of one output's log."""
        attempts: Counter[str] = Counter()
        before: Record | None = None
        first = log[0][0]
        if first.prev or first.n != 1:
            self.say(f"cell {cell}: its log starts at record {first.n}, not at the chain's "
                     f"first: records before it were deleted")
        for record, raw in log:
            name = f"cell {cell}: record {record.n} (exercise {record.exercise})"
            try:
                content = canonical(raw)
                sound = record_digest(raw) == record.digest
            except (TypeError, ValueError, RecursionError):
                content, sound = repr(raw).encode(), False
            if not sound:
                self.say(f"{name} was changed after it was made: its content does not match "
                          f"its digest")
            if before is not None and (record.prev != before.digest
                                       or record.n != before.n + 1
                                       or record.session != before.session):
                self.say(f"{name} does not follow record {before.n} in its log: a record "
                          f"was deleted, added or moved")
            attempts[record.exercise] += 1
            if record.attempt != attempts[record.exercise]:
                self.say(f"{name} says attempt {record.attempt}, but the log holds "
                          f"{attempts[record.exercise]} for that exercise: a record was "
                          f"deleted, added or changed")
            if lesson_of(record.exercise) != lesson:
                self.say(f"{name} is not an exercise of lesson {lesson}, the lesson its "
                          f"output names")
            chain = self.chains.setdefault(first.digest, {})
            seen = chain.get(record.n)
            if seen is None:
                chain[record.n] = (record, content, cell)
            elif seen[1] != content:
                self.say(f"cells {seen[2]} and {cell} hold different versions of record "
                          f"{record.n} (exercise {record.exercise}): one was changed")
            before = record

    def result(self) -> NotebookRecords:
        # Earliest first; chains begun in the same second (the time is to the second, and a
        # machine's clock may be held or stepped back) in the order the notebook shows them.
        ordered = sorted(self.chains.items(), key=lambda item: (
            min(r.time for r, _, _ in item[1].values()),
            min(cell for _, _, cell in item[1].values()), item[0]))
        records = tuple(chain[n][0] for _, chain in ordered for n in sorted(chain))
        lesson = (min(self.lessons, key=lambda k: (-self.lessons[k], k))
                  if self.lessons else None)
        return NotebookRecords(lesson=lesson, records=records, intact=not self.problems,
                               problems=tuple(self.problems),
                               chains=tuple(key for key, _ in ordered))


def read_notebook(notebook: bytes | str | dict[str, Any]) -> NotebookRecords:
    """The check records a saved notebook carries, with their digests and chains verified.

    ``notebook``: the ``.ipynb`` file's bytes, its text, or its parsed JSON object. Every
    output carrying :data:`MIME` is read; a record changed (its digest does not match), a
    record deleted or moved (a chain broken, a wrong attempt number), two outputs disagreeing
    on one record, or an unreadable record each add a line to ``problems`` and make the
    notebook not ``intact``. A notebook with no records gives ``records=()``, ``intact=True``.
    Several chains (a kernel restarted, a notebook re-run) are each checked on their own and
    are not a problem. Raises :class:`NotANotebook` when it is not nbformat 4 JSON.
    """
    reading = _Reading()
    for cell, value in _outputs(_load(notebook)):
        reading.read_output(cell, value)
    return reading.result()
