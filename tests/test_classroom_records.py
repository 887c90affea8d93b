"""check() records (swkit.classroom.records): the record check() keeps in its output, the chain
of digests, and read_notebook finding an edited, deleted, moved, forged or copied record while
an honest student's re-runs and kernel restarts check out. One test runs real check() calls in
a real kernel (nbclient) and reads the saved notebook back."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import swkit.exercises as exercises
from swkit.classroom import records
from swkit.classroom.records import (
    ANSWER_LIMIT,
    MIME,
    Log,
    NotANotebook,
    NotebookRecords,
    Record,
    answer_text,
    canonical,
    lesson_digest,
    read_notebook,
    record_digest,
)
from swkit.errors import SwkitError


def fixed_log(session: str = "a1", start: int = 0, limit: int = records.CHAIN_LIMIT) -> Log:
    """A log with a clock ticking one second per record and a fixed chain id."""
    ticks = itertools.count(start)
    sessions = (f"{session}-{i}" if i else session for i in itertools.count())
    def clock() -> str:
        t = next(ticks)
        return f"2026-12-06T{10 + t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}Z"

    return Log(clock=clock,
               new_session=lambda: next(sessions), digest_of=lambda lesson: "cells:abc",
               limit=limit)


def output(payload: dict) -> dict:
    """A display_data output as check() makes one in a kernel."""
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/plain": "Exercise ...", "text/html": "<div>...</div>",
                     MIME: payload}}


def notebook(cells: list[list[dict]]) -> dict:
    """An nbformat 4 notebook whose code cells have these outputs, after a markdown cell."""
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
            "cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Lesson"}]
            + [{"cell_type": "code", "metadata": {}, "source": "check(...)",
                "execution_count": None, "outputs": outs} for outs in cells]}


def student(log: Log, checks: list[tuple[str, object, bool | None]]) -> dict:
    """A notebook with one cell per check, in order (each output carries the log so far)."""
    return notebook([[output(log.keep(*c))] for c in checks])


CHECKS = [("1.1", 1260, False), ("1.1", 420, True), ("1.2", ..., None),
          ("1.2", "1/25", False), ("1.2", Fraction(14, 473), True)]


# --- making records ----------------------------------------------------------------------

def test_a_record_holds_what_the_contract_says():
    payload = fixed_log().keep("1.2", Fraction(14, 473), True)
    assert payload["swkit_check"] == 1 and payload["lesson"] == 1
    (record,) = payload["log"]
    assert set(record) == {"n", "exercise", "answer", "result", "attempt", "time", "swkit",
                           "lesson_digest", "session", "prev", "digest"}
    assert record["n"] == 1 and record["attempt"] == 1 and record["prev"] == ""
    assert record["answer"] == "Fraction(14, 473)" and record["result"] == "right"
    assert record["lesson_digest"] == "cells:abc" and record["swkit"] == records.__version__
    expected = json.dumps({k: v for k, v in record.items() if k != "digest"}, sort_keys=True,
                          separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    import hashlib
    assert record["digest"] == hashlib.sha256(expected).hexdigest() == record_digest(record)


def test_records_chain_and_count_attempts_per_exercise():
    log = fixed_log()
    payloads = [log.keep(*c) for c in CHECKS]
    last = payloads[-1]["log"]
    assert [r["n"] for r in last] == [1, 2, 3, 4, 5]
    assert [r["attempt"] for r in last] == [1, 2, 1, 2, 3]
    assert [r["result"] for r in last] == ["not yet", "right", "no answer", "not yet", "right"]
    assert [r["answer"] for r in last] == ["1260", "420", "", "'1/25'", "Fraction(14, 473)"]
    assert all(b["prev"] == a["digest"] for a, b in itertools.pairwise(last))
    assert len({r["session"] for r in last}) == 1
    for earlier in payloads:  # each output carries the whole log so far, oldest first
        assert earlier["log"] == last[:len(earlier["log"])]
    assert [r.to_json() for r in log.records(1)] == last


def test_each_lesson_has_its_own_chain():
    log = fixed_log()
    log.keep("1.1", 1, False)
    payload = log.keep("2.1", 2, False)
    assert payload["lesson"] == 2 and [r["n"] for r in payload["log"]] == [1]
    assert log.last_lesson() == 2 and len(log.records(1)) == 1
    with pytest.raises(ValueError, match="lesson number"):
        log.keep("x", 1, True)


def test_a_check_in_a_loop_cannot_fill_the_memory():
    log = fixed_log(limit=2)
    for i in range(2 * records.KEPT_CHAINS + 3):
        log.keep("1.1", i, False)
    kept = log.records(1)
    assert len(kept) == 2 * (records.KEPT_CHAINS - 1) + 1
    assert kept[-1].answer == str(2 * records.KEPT_CHAINS + 2)


def test_a_long_chain_starts_a_new_one_and_keeps_every_record():
    log = fixed_log(limit=3)
    payloads = [log.keep("1.1", i, False) for i in range(7)]
    assert [len(p["log"]) for p in payloads] == [1, 2, 3, 1, 2, 3, 1]
    assert payloads[3]["log"][0]["prev"] == "" and payloads[3]["log"][0]["session"] == "a1-1"
    assert [r.answer for r in log.records(1)] == [str(i) for i in range(7)]
    result = read_notebook(notebook([[output(p)] for p in payloads]))
    assert result.intact and len(result.chains) == 3 and len(result.records) == 7


@pytest.mark.parametrize(("value", "text"), [
    (420, "420"), (Fraction(7, 2838), "Fraction(7, 2838)"), ("7 / 2838", "'7 / 2838'"),
    (0.0296, "0.0296"), (("Pluto", "Clubhouse"), "('Pluto', 'Clubhouse')"), (..., ""),
    (None, ""), (True, "True"), ("x" * 1000, "'" + "x" * 198 + "…"),
], ids=lambda v: str(v)[:20] if not isinstance(v, int) else type(v).__name__)
def test_an_answer_is_kept_as_text(value, text):
    assert answer_text(value) == text
    assert len(answer_text(value)) <= ANSWER_LIMIT


def test_an_int_too_long_to_write_is_named():
    assert answer_text(10**5000) == "<int>"


def test_a_broken_repr_does_not_stop_the_record():
    class Odd:
        def __repr__(self):
            raise RuntimeError("no")

    assert answer_text(Odd()) == "<Odd>"


def test_the_lesson_digest_is_the_kits_lesson_fingerprint():
    from swkit.cli.lessons_copy import fingerprint, lessons_source

    (path,) = lessons_source().glob("01-*.ipynb")
    assert lesson_digest(1) == fingerprint(path.name, path.read_bytes())
    assert lesson_digest(1).startswith("cells:")
    assert lesson_digest(0) == "" and lesson_digest(99) == ""


def test_in_the_site_the_lesson_digest_is_the_lessons_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(records.sys, "platform", "emscripten")
    monkeypatch.setattr(records.Path, "cwd", lambda: records.Path("/drive/v0.1.0-3f2a9c81d0"))
    assert lesson_digest(1) == "site:v0.1.0-3f2a9c81d0"
    monkeypatch.setattr(records.Path, "cwd", lambda: records.Path("/drive/my-work"))
    assert lesson_digest(1) == ""


# --- check() keeps them ------------------------------------------------------------------

class FakeKernelShell:
    kernel = object()


@pytest.fixture
def in_a_kernel(monkeypatch):
    """check() as in a Jupyter kernel, its display bundles caught; a fresh log."""
    import IPython
    import IPython.display

    shown: list[dict] = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: FakeKernelShell())
    monkeypatch.setattr(IPython.display, "display",
                        lambda bundle, raw=False: shown.append(bundle))
    monkeypatch.setattr(records, "LOG", fixed_log())
    return shown


def test_check_keeps_a_record_beside_the_unchanged_message(in_a_kernel):
    feedback = [exercises.check("0.1", Fraction(1, 36)), exercises.check("0.1", "1/6"),
                exercises.check("0.1", ...)]
    assert [f.right for f in feedback] == [False, True, None]
    for bundle, said in zip(in_a_kernel, feedback, strict=True):
        assert set(bundle) == {"text/html", "text/plain", MIME}
        assert bundle["text/plain"] == said.message  # what the student sees is unchanged
        assert json.loads(json.dumps(bundle[MIME])) == bundle[MIME]  # plain JSON
    log = in_a_kernel[-1][MIME]["log"]
    assert [(r["exercise"], r["answer"], r["result"]) for r in log] == [
        ("0.1", "Fraction(1, 36)", "not yet"), ("0.1", "'1/6'", "right"),
        ("0.1", "", "no answer")]
    result = read_notebook(notebook([[output(b[MIME])] for b in in_a_kernel]))
    assert result.intact and result.lesson == 0 and len(result.records) == 3


def test_a_mistyped_exercise_is_not_recorded(in_a_kernel):
    assert exercises.check("0.9", 1).right is None
    assert set(in_a_kernel[0]) == {"text/html", "text/plain"}
    assert records.kept(0) == ()


def test_check_never_raises_when_the_record_cannot_be_kept(in_a_kernel, monkeypatch):
    def broken(*args):
        raise RuntimeError("disk full")

    monkeypatch.setattr(records, "keep", broken)
    said = exercises.check("0.1", "1/6")
    assert said.right is True and set(in_a_kernel[0]) == {"text/html", "text/plain"}


def test_outside_a_kernel_check_prints_and_keeps_the_record_in_memory(monkeypatch, capsys):
    monkeypatch.setattr(records, "LOG", fixed_log())
    said = exercises.check("0.1", Fraction(1, 6))
    assert capsys.readouterr().out == said.message + "\n"
    (record,) = records.kept(0)
    assert record.answer == "Fraction(1, 6)" and record.result == "right"


# --- reading them back -------------------------------------------------------------------

def test_an_honest_notebook_is_intact():
    log = fixed_log()
    result = read_notebook(student(log, CHECKS))
    assert isinstance(result, NotebookRecords)
    assert result.intact and result.problems == () and result.lesson == 1
    assert result.records == log.records(1)
    assert result.chains == (log.records(1)[0].digest,)


@pytest.mark.parametrize("form", ["bytes", "str", "dict"])
def test_a_notebook_is_read_from_bytes_text_or_json(form):
    nb = student(fixed_log(), CHECKS)
    text = json.dumps(nb, indent=1)
    given = {"bytes": text.encode(), "str": text, "dict": nb}[form]
    assert read_notebook(given).records == read_notebook(nb).records


def test_a_notebook_with_no_records_is_intact_with_none():
    result = read_notebook(notebook([[{"output_type": "stream", "name": "stdout",
                                       "text": "hi"}], []]))
    assert result == NotebookRecords(None, (), True, (), ())


@pytest.mark.parametrize(("data", "words"), [
    (b"\xff\xfe", "not UTF-8"), ("{", "not JSON"), ("[]", "not list"), ("{}", "cells"),
    ({"cells": "x"}, "cells"), ({"worksheets": []}, "nbformat 3"), (42, "int"),
    ("[" * 100000 + "]" * 100000, "not JSON|deeply"),
])
def test_what_is_not_a_notebook_is_refused_by_name(data, words):
    with pytest.raises(NotANotebook, match=words) as caught:
        read_notebook(data)
    assert isinstance(caught.value, SwkitError)


def test_a_rerun_cell_replaces_its_output_and_stays_intact():
    log = fixed_log()
    first = [output(log.keep(*c)) for c in CHECKS[:3]]
    rerun = output(log.keep("1.1", 420, True))  # cell 1 run again: its old output is gone
    result = read_notebook(notebook([[rerun], [first[1]], [first[2]]]))
    assert result.intact and len(result.records) == 4
    assert [r.attempt for r in result.records if r.exercise == "1.1"] == [1, 2, 3]


def test_a_kernel_restart_starts_a_new_chain_and_stays_intact():
    before = fixed_log("old")
    outs = [output(before.keep(*c)) for c in CHECKS]
    after = fixed_log("new", start=600)  # a fresh Python: a fresh log
    outs[0] = output(after.keep("1.1", 420, True))
    outs[3] = output(after.keep("1.2", "14/473", True))
    result = read_notebook(notebook([[o] for o in outs]))
    assert result.intact, result.problems
    assert len(result.chains) == 2 and len(result.records) == 5 + 2
    assert result.chains[0] == before.records(1)[0].digest  # the older chain first



@pytest.mark.parametrize("session", [f"new{i}" for i in range(6)])
def test_chains_begun_in_the_same_second_come_in_the_notebooks_order(session):
    """A clock held still (or stepped back) between two kernels: the chain the notebook shows
    first comes first, whichever digest is smaller (the CI machine's failure at stop 31)."""
    before = fixed_log("old")
    outs = [output(before.keep(*c)) for c in CHECKS]
    after = fixed_log(session)  # the same second as the first chain's first record
    outs[1] = output(after.keep("1.1", 420, True))
    result = read_notebook(notebook([[o] for o in outs]))
    assert result.intact, result.problems
    assert result.chains == (before.records(1)[0].digest, after.records(1)[0].digest)

def test_outputs_of_several_lessons():
    log = fixed_log()
    result = read_notebook(student(log, [("1.1", 1, False), ("2.1", 2, False),
                                         ("1.1", 420, True)]))
    assert result.intact and result.lesson == 1 and len(result.chains) == 2


def _newest(nb: dict) -> list[dict]:
    return nb["cells"][-1]["outputs"][0]["data"][MIME]["log"]


def test_an_edited_record_is_found_and_named():
    nb = student(fixed_log(), CHECKS)
    _newest(nb)[1]["answer"] = "421"
    result = read_notebook(nb)
    assert not result.intact
    assert any("record 2 (exercise 1.1) was changed" in p for p in result.problems)
    assert any("different versions of record 2" in p for p in result.problems)


def test_an_edited_result_in_the_only_copy_is_found():
    nb = student(fixed_log(), CHECKS)
    _newest(nb)[-1]["result"] = "right" if _newest(nb)[-1]["result"] != "right" else "not yet"
    assert not read_notebook(nb).intact


def test_a_deleted_record_is_found():
    nb = student(fixed_log(), CHECKS)
    del _newest(nb)[2]
    result = read_notebook(nb)
    assert not result.intact
    assert any("record 4 (exercise 1.2) does not follow record 2" in p
               for p in result.problems), result.problems


def test_deleting_the_first_records_is_found():
    nb = student(fixed_log(), CHECKS)
    for cell in nb["cells"][1:]:
        del cell["outputs"][0]["data"][MIME]["log"][0]
    nb["cells"][1]["outputs"] = []
    result = read_notebook(nb)
    assert any("starts at record 2" in p for p in result.problems)


def test_a_reordered_log_is_found():
    nb = student(fixed_log(), CHECKS)
    log = _newest(nb)
    log[1], log[3] = log[3], log[1]
    result = read_notebook(nb)
    assert not result.intact
    assert any("does not follow" in p for p in result.problems)


def test_a_forged_digest_is_found():
    nb = student(fixed_log(), CHECKS)
    _newest(nb)[4]["digest"] = "0" * 64
    result = read_notebook(nb)
    assert any("record 5 (exercise 1.2) was changed" in p for p in result.problems)


def test_an_edit_with_its_digest_recomputed_breaks_the_chain_after_it():
    nb = student(fixed_log(), CHECKS)
    record = _newest(nb)[3]
    record["answer"], record["result"] = "Fraction(14, 473)", "right"
    record["digest"] = record_digest(record)
    for cell in nb["cells"][4:-1]:  # the older outputs agree with the forgery too
        cell["outputs"] = []
    result = read_notebook(nb)
    assert not result.intact
    assert any("record 5 (exercise 1.2) does not follow record 4" in p
               for p in result.problems), result.problems


def test_a_record_copied_from_another_students_log_is_found():
    mine, theirs = student(fixed_log("me"), CHECKS[:2]), student(fixed_log("you"), CHECKS)
    copied = dict(_newest(theirs)[4], n=3, attempt=1)
    copied["digest"] = record_digest(copied)
    _newest(mine).append(copied)
    result = read_notebook(mine)
    assert not result.intact
    assert any("record 3 (exercise 1.2) does not follow record 2" in p
               for p in result.problems), result.problems


def test_a_copied_notebook_shares_its_chain_and_two_students_never_do():
    same_answers_same_second = [fixed_log(s) for s in ("me", "you")]
    a, b = (student(log, CHECKS) for log in same_answers_same_second)
    assert read_notebook(a).chains != read_notebook(b).chains
    assert read_notebook(copy.deepcopy(a)).chains == read_notebook(a).chains
    real = [Log(digest_of=lambda lesson: "") for _ in range(2)]  # random chain ids
    chains = {read_notebook(student(log, CHECKS[:1])).chains for log in real}
    assert len(chains) == 2


@pytest.mark.parametrize(("change", "words"), [
    (lambda p: p.update(swkit_check=2), "format 2"),
    (lambda p: p.update(lesson="1"), "no lesson number"),
    (lambda p: p.update(lesson=2), "not an exercise of lesson 2"),
    (lambda p: p.update(log="x"), "cannot be read"),
    (lambda p: p["log"][0].update(n="1"), "'n' is missing or not int"),
    (lambda p: p["log"][0].update(result="wrong"), "not one of right"),
    (lambda p: p["log"][0].pop("time"), "'time' is missing"),
    (lambda p: p["log"].__setitem__(0, []), "not a JSON object"),
    (lambda p: p["log"][0].update(session=3), "session"),
])
def test_an_unreadable_record_is_named(change, words):
    nb = student(fixed_log(), CHECKS[:1])
    change(nb["cells"][1]["outputs"][0]["data"][MIME])
    result = read_notebook(nb)
    assert not result.intact and any(words in p for p in result.problems), result.problems


def test_a_record_stored_as_json_text_is_read():
    nb = student(fixed_log(), CHECKS)
    data = nb["cells"][-1]["outputs"][0]["data"]
    data[MIME] = json.dumps(data[MIME])
    assert read_notebook(nb).intact and len(read_notebook(nb).records) == 5


# --- every single change is found (property-style) ---------------------------------------

answers = st.one_of(st.integers(-10**6, 10**6), st.text(max_size=30),
                    st.fractions(max_denominator=10**4), st.just(...))
checks = st.lists(st.tuples(st.sampled_from(["1.1", "1.2", "1.3"]), answers,
                            st.sampled_from([True, False, None])), min_size=2, max_size=12)
values = st.one_of(st.integers(), st.text(max_size=5), st.none(), st.booleans())


@settings(max_examples=150, deadline=None)
@given(checks, st.data())
def test_any_change_to_any_field_of_any_record_is_found(made, data):
    nb = student(fixed_log(), made)
    assert read_notebook(nb).intact
    cell = data.draw(st.integers(1, len(made)))
    log = nb["cells"][cell]["outputs"][0]["data"][MIME]["log"]
    record = data.draw(st.sampled_from(log))
    name = data.draw(st.sampled_from(sorted(record)))
    value = data.draw(values.filter(lambda v: v != record[name] or type(v) is not type(
        record[name])))
    record[name] = value
    assert not read_notebook(nb).intact


@settings(max_examples=150, deadline=None)
@given(checks, st.data())
def test_deleting_or_moving_any_record_but_a_logs_last_is_found(made, data):
    nb = student(fixed_log(), made)
    log = _newest(nb)
    i = data.draw(st.integers(0, len(log) - 2))
    if data.draw(st.booleans()):
        del log[i]
    else:
        j = data.draw(st.integers(0, len(log) - 1).filter(lambda j: j != i))
        log.insert(j, log.pop(i))
    assert not read_notebook(nb).intact


@settings(max_examples=60, deadline=None)
@given(checks, st.lists(st.integers(0, 11), max_size=6))
def test_honest_reruns_stay_intact(made, reruns):
    """Cells re-run in any order (each replacing its output) never make a problem."""
    log = fixed_log()
    cells = [[output(log.keep(*c))] for c in made]
    for index in reruns:
        index %= len(made)
        cells[index] = [output(log.keep(*made[index]))]
    result = read_notebook(notebook(cells))
    assert result.intact, result.problems
    assert len(result.records) == max(len(c[0]["data"][MIME]["log"]) for c in cells)


def test_truncating_the_newest_log_at_its_end_looks_like_an_older_output():
    """What the chain cannot see, said plainly: the newest output's last records removed
    (or its output cleared) read as a notebook whose last check was not run."""
    nb = student(fixed_log(), CHECKS)
    del _newest(nb)[-1]
    assert read_notebook(nb).intact


def test_canonical_json_is_the_digest_form():
    assert canonical({"é": 1, "a": [1, 2]}) == '{"a":[1,2],"é":1}'.encode()
    record = Record(1, "1.1", "420", "right", 1, "t", "0.1.0", "", "", "d")
    assert record.lesson == 1 and record_digest(record.to_json()) != "d"


# --- a real kernel -------------------------------------------------------------------------

@pytest.mark.slow
def test_a_real_kernel_keeps_the_chain_in_the_saved_notebook(tmp_path):
    """check() in a real kernel (nbclient): the saved notebook reads back intact; a restarted
    kernel re-running one cell adds a second chain and stays intact; an edit is found."""
    import nbformat
    from nbclient import NotebookClient
    from nbrun import kernel_env, kernel_manager

    cells = ["from fractions import Fraction\nfrom swkit.exercises import check",
             'check("1.1", 1260)', 'check("1.1", 420)', 'check("1.2", ...)',
             'check("1.2", Fraction(14, 473))']
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])

    def run(only: int | None = None) -> None:
        km = kernel_manager()
        client = NotebookClient(nb, timeout=120, startup_timeout=120, km=km,
                                kernel_name="python3",
                                resources={"metadata": {"path": str(tmp_path)}})
        try:
            with client.setup_kernel(env=kernel_env()):
                for index, cell in enumerate(nb.cells):
                    if only is None or index in (0, only):
                        client.execute_cell(cell, index)
        finally:
            if km.has_kernel:
                km.shutdown_kernel(now=True)
            km.cleanup_resources()

    run()
    path = tmp_path / "saved.ipynb"
    nbformat.write(nb, path)
    first = read_notebook(path.read_bytes())
    assert first.intact and first.lesson == 1, first.problems
    assert [(r.exercise, r.answer, r.result, r.attempt) for r in first.records] == [
        ("1.1", "1260", "not yet", 1), ("1.1", "420", "right", 2),
        ("1.2", "", "no answer", 1), ("1.2", "Fraction(14, 473)", "right", 2)]
    assert all(r.time.endswith("Z") and r.lesson_digest.startswith("cells:")
               for r in first.records)
    shown = nb.cells[2].outputs[0]["data"]
    assert shown["text/plain"].startswith("Exercise 1.1: right!")

    run(only=2)  # a restarted kernel, one cell run again
    nbformat.write(nb, path)
    second = read_notebook(path.read_text())
    assert second.intact, second.problems
    assert len(second.chains) == 2 and second.chains[0] == first.chains[0]  # shown first
    assert len(second.records) == 5

    edited = json.loads(path.read_text())
    edited["cells"][4]["outputs"][0]["data"][MIME]["log"][1]["answer"] = "421"
    assert not read_notebook(edited).intact


@pytest.mark.slow
@pytest.mark.notebooks
def test_a_worked_answers_notebook_run_top_to_bottom_hands_in_every_exercise_right():
    """Lesson 1's worked answers as CI runs them (a real kernel): the saved notebook's records
    say every exercise right, intact, with the kit's lesson digest."""
    import nbformat
    from nbrun import LESSONS, execute

    from swkit.exercises import all_exercises

    ran, _ = execute(LESSONS / "solutions" / "01-counting-sets-and-runs-solution.ipynb")
    result = read_notebook(nbformat.writes(ran).encode())
    assert result.intact and result.lesson == 1, result.problems
    keys = [ex.key for ex in all_exercises() if ex.key.startswith("1.")]
    assert {r.exercise for r in result.records if r.result == "right"} == set(keys)
    assert {r.lesson_digest for r in result.records} == {lesson_digest(1)}
