"""The card odds engine is bounded on every question.

Every question answers or refuses within its work budget (memo entries, ``DEFAULT_BUDGET``):
a refusal is a ``WorkBudgetError`` naming what made it large, the exact answers for fewer turns
and about how much budget it needs; an answer certain within T - 1 turns is certain within T
without a search; ``mc_policy_odds`` (``--simulate N``) estimates a lower bound on any position,
and at T = 1 (where it is the best play) its interval holds the exact answer. One question runs
in a subprocess under a 1 GB address-space limit (``resource.setrlimit``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from swkit.cli.command import main
from swkit.errors import ConfigurationError, WorkBudgetError
from swkit.odds import accel
from swkit.odds.budget import BUDGET_UNIT, DEFAULT_BUDGET
from swkit.odds.cards import make_position, player_odds
from swkit.odds.cards.engine import start_search
from swkit.odds.montecarlo_cards import mc_player_odds, mc_policy_odds

H = dict(hand="B2 G7 Y9 R1 P9", tableau="R4 R6 B8 G5 Y5", discard="G3 P5 Y4 B1 R9 R8 R7",
         others="G1 G2 / Y1 Y2 / P1 P2", figure=True)
"""The issue's position H (every card of it seen, the figure held)."""

HEAVY = {
    "draw two": dict(H, center="blue-draw-two", scored="9,6"),
    "swap": dict(H, center="yellow-swap", scored="7,8"),
    "pass": dict(H, center="purple-pass", editions=4),
}
"""Three T = 3 questions that once outgrew the machine: one grew to 5.4 GB, one took 1.6 GB,
one ran on."""

SWAP = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
            center="yellow-swap", figure=True, scored="purple-wild")
"""The bench's swap position: 277/310 within 3 turns."""

EXTRA = dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1",
             others="G1 G2 / Y5 P7", center="red-take-discard", figure=True,
             scored="green-discard,green-extra-play")
"""The bench's extra-play position (the numpy batch path): 8797/12180 within 3 turns."""

PINNED = json.loads((Path(__file__).parent / "data" / "odds_cards_pinned.json")
                    .read_text(encoding="utf-8"))


def hand_args(spec: dict, turns: int) -> list[str]:
    args = ["odds", "hand", "--turns", str(turns)]
    for key, value in spec.items():
        if key == "figure":
            args += ["--figure"] if value else []
        else:
            args += [f"--{key}", str(value)]
    return args


# ---- certain within T - 1 turns: certain within T, said, not searched -------------------------

@pytest.mark.parametrize("name", ["draw two", "swap"])
def test_certain_before_the_last_turn_is_not_searched_again(name: str) -> None:
    two = player_odds(make_position(**HEAVY[name]), 2)
    three = player_odds(make_position(**HEAVY[name]), 3)
    assert two.probability == 1 and three.within == (two.within[0], 1, 1)
    assert three.notes == ("certain within 2 turns, so certain within 3: not searched again",)
    assert all(p.probability == 1 for p in three.plans)
    assert [(p.card, p.play) for p in three.plans] == [(p.card, p.play) for p in two.plans]
    assert two.notes == ()


def test_the_command_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(hand_args(HEAVY["draw two"], 3)) == 0
    out = capsys.readouterr().out
    assert "= 1 = 100.00%" in out.splitlines()[0]
    assert "Note: certain within 2 turns, so certain within 3: not searched again." in out


# ---- the refusal ------------------------------------------------------------------------------

def test_a_small_budget_refuses_with_the_reason_the_partial_answers_and_the_need() -> None:
    pos = make_position(**SWAP)
    with pytest.raises(WorkBudgetError) as info:
        player_odds(pos, 3, budget=20_000)
    err = info.value
    assert err.budget == 20_000 and err.unit == BUDGET_UNIT and err.needed > 20_000
    assert err.partial == {1: Fraction(1, 31), 2: Fraction(59, 93)}
    text = str(err)
    assert "swap (Power 9" in text and "figure held" in text
    assert "within 2 turns it is exactly 59/93" in text and f"{err.needed:,}" in text
    # the estimate is enough: asked again with it, the answer comes
    assert player_odds(pos, 3, budget=err.needed).probability == Fraction(277, 310)


def test_a_budget_below_the_positions_to_list_refuses_before_the_search() -> None:
    pos = make_position(**SWAP)
    with pytest.raises(WorkBudgetError, match="at least, counted before the search") as info:
        player_odds(pos, 3, budget=1_000)
    assert info.value.needed == 2_040        # distinct positions two turns before the end


@pytest.mark.parametrize("bad", [0, -5, 2.5, True, "100"])
def test_a_bad_budget_is_refused(bad: object) -> None:
    with pytest.raises(ConfigurationError, match=f"budget must be a whole number of {BUDGET_UNIT}"):
        player_odds(make_position(**SWAP), 1, budget=bad)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_budget_counts_memo_entries_the_same_way_on_the_numpy_and_pure_paths(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both paths count the entries of every memo table of the search (the batch's row
    tables too) and keep the same ones (the path without numpy runs the batch's branch and
    bound on plain Python rows): one budget bounds both, and they give the same answer."""
    pos = make_position(**EXTRA)
    counted = {}
    for path in ("numpy", "pure"):
        monkeypatch.setattr(accel, "enabled", path == "numpy")
        eng, hand, tab, disc, others = start_search(pos, 3)
        value = eng.value(hand, tab, eng.disc_key(disc, 3), others, True, (), 3)
        assert value == Fraction(8797, 12180)
        counted[path] = eng.memo_entries()
        memos = {id(v): v for part in (eng.unseen, eng.triples, eng.moves, eng.outs, eng.blanks,
                                       eng.noextra, eng.extra, eng.chance, eng.batch,
                                       eng.search)
                 for v in vars(part).values() if isinstance(v, dict)}
        tables = eng.batch.tables
        assert counted[path] == sum(len(v) for v in memos.values()) \
            + len(tables.tabs.of) + len(tables.keys.of) + len(tables.hands.of)
        with pytest.raises(WorkBudgetError):
            player_odds(pos, 3, budget=counted[path] // 4)
        assert player_odds(pos, 3).probability == value       # the default budget answers
    assert counted["numpy"] == counted["pure"] < DEFAULT_BUDGET


def test_the_command_refuses_in_one_line_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(hand_args(SWAP, 3) + ["--budget", "20000"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("swkit odds hand: error: too large to answer exactly")
    assert "(--turns 2, --simulate 2000, or --budget " in err


def test_help_names_the_unit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "hand", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"in {BUDGET_UNIT}" in out and f"default {DEFAULT_BUDGET:,}" in out
    assert "--simulate N" in out


def test_progress_goes_up_to_its_total() -> None:
    seen: list[tuple[int, int]] = []
    player_odds(make_position(**SWAP), 3, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] and len({t for _d, t in seen}) == 1
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:], strict=False))


# ---- the simulated estimate -------------------------------------------------------------------

@pytest.mark.parametrize("case", PINNED, ids=[c["name"] for c in PINNED])
def test_at_one_turn_the_exact_answer_lies_in_the_interval(case: dict) -> None:
    pos = make_position(**case["spec"])
    exact = player_odds(pos, 1).probability
    r = mc_policy_odds(pos, 1, n=2_000, seed=3)
    assert r.low <= exact <= r.high
    assert 0 <= r.low <= r.estimate <= r.high <= 1


@pytest.mark.parametrize("name", ["realistic", "figure + yellow-swap, purple-wild scored"])
def test_the_strategy_is_a_lower_bound_on_the_best_play(name: str) -> None:
    case = next(c for c in PINNED if c["name"] == name)
    pos = make_position(**case["spec"])
    exact = player_odds(pos, 2).probability
    quick = mc_policy_odds(pos, 2, n=3_000, seed=1)
    best = mc_player_odds(pos, 2, n=3_000, seed=1)       # the same games, the best choices
    assert quick.low <= exact <= best.high
    assert quick.estimate <= best.estimate


def test_the_command_simulates_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(hand_args(HEAVY["pass"], 3) + ["--simulate", "300", "--seed", "2",
                                                "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    low, high = got["interval"]
    assert 0 <= low <= got["estimate"] <= high <= 1
    assert got["simulated"] == 300 and got["seed"] == 2 and got["lower_bound"] is True
    assert main(hand_args(HEAVY["pass"], 3) + ["--simulate", "300", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "lower bound on your best chance" in text and "99% interval" in text


def test_simulate_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(hand_args(SWAP, 2) + ["--simulate", "0"])
    assert info.value.code == 2
    assert "--simulate" in capsys.readouterr().err


# ---- the questions, bounded in time and memory ----------------------------------------

LIMITED = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))      # 1 GiB of address space
    from swkit.errors import WorkBudgetError
    from swkit.odds.cards import make_position, player_odds
    spec, turns = json.loads(sys.argv[1]), int(sys.argv[2])
    try:
        r = player_odds(make_position(**spec), turns)
        out = {"answer": str(r.probability)}
    except WorkBudgetError as exc:
        out = {"refused": str(exc), "needed": exc.needed}
    out["cpu"] = time.process_time()
    print(json.dumps(out))
""")


def run_limited(spec: dict, turns: int) -> dict:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", LIMITED, json.dumps(spec), str(turns)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_a_question_under_a_memory_limit_answers() -> None:
    got = run_limited(HEAVY["swap"], 3)
    assert got == {"answer": "1", "cpu": got["cpu"]}


@pytest.mark.slow
def test_the_pass_question_refuses_or_answers_under_1_gb_and_a_minute() -> None:
    got = run_limited(HEAVY["pass"], 3)
    assert "answer" in got or "pass (Power 10" in got["refused"]
    assert got["cpu"] < 60


# Extra play in the center, pass scored: two turns before the end pass's outcomes are derived
# from masks and remembered nowhere, so the memo tables alone grew about 2,000 entries a second
# and the default budget refused only after about two minutes of CPU
EXTRA_AND_PASS = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                      others="G1 G2 / Y5 P7", center="green-extra-play", figure=True,
                      scored="purple-pass")


def test_chance_outcomes_count_towards_the_budget() -> None:
    from swkit.odds.cards.work import OUTCOMES_PER_ENTRY
    eng = start_search(make_position(**EXTRA_AND_PASS), 3)[0]
    before = eng.spent()
    assert before == eng.memo_entries()
    for _ in range(3 * OUTCOMES_PER_ENTRY + 1):
        eng.outcome()
    assert eng.spent() == eng.memo_entries() + 3 and eng.outcomes == 3 * OUTCOMES_PER_ENTRY + 1


def _refused_with_work(pos, budget: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """``player_odds(pos, 3, budget=budget)``, which must refuse: (its estimate, the work
    spent when it refused)."""
    from swkit.odds.cards import engine

    made: list = []
    make = engine._engine
    monkeypatch.setattr(engine, "_engine", lambda p, later: made.append(make(p, later))
                        or made[-1])
    with pytest.raises(WorkBudgetError) as info:
        player_odds(pos, 3, budget=budget)
    monkeypatch.setattr(engine, "_engine", make)
    return info.value.needed, made[-1].spent()


def test_a_first_draw_far_over_the_budget_is_refused_before_it_ends(monkeypatch) -> None:
    """Within a first draw of the last search, the work so far with that draw counted as
    done already shows ten times the budget (``far_over``): refused there, before the budget
    runs out. Without that check the same question is refused too, only later (the check at
    the next first draw says the same, or the budget runs out first)."""
    from swkit.odds.cards.answer import far_over
    from swkit.odds.cards.work import Work

    pos = make_position(**EXTRA_AND_PASS)
    needed, spent = _refused_with_work(pos, 20_000, monkeypatch)
    assert spent < 20_000 and needed > 10 * 20_000
    assert far_over(spent, 20_000, 3, 45)      # refused within the third first draw
    # the same question with only the checks between first draws and the budget itself
    monkeypatch.setattr(Work, "early", property(lambda self: None, lambda self, value: None),
                        raising=False)
    later_needed, later_spent = _refused_with_work(pos, 20_000, monkeypatch)
    assert later_spent > spent and later_needed > 10 * 20_000


@pytest.mark.slow
def test_extra_play_and_pass_refuse_under_1_gb_and_a_minute() -> None:
    got = run_limited(EXTRA_AND_PASS, 3)
    assert "pass (Power 10" in got["refused"] and "extra play (Power 6)" in got["refused"]
    assert got["needed"] > DEFAULT_BUDGET and got["cpu"] < 60


# ---- the widgets: an over-budget question in words, with an estimate; progress ----------------

def test_the_explorer_shows_an_over_budget_refusal_and_an_estimate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import functools

    import swkit.present.answers
    import swkit.widgets.explorer as explorer
    from swkit.cards.notation import parse_cards

    monkeypatch.setattr(swkit.present.answers, "player_odds",
                        functools.partial(player_odds, budget=20_000))
    shown: list[str] = []
    ex = explorer.OddsExplorer()
    ex.wait_idle()
    ex.headline.observe(lambda change: shown.append(change["new"]), "value")
    q = explorer.HandQuestion(tuple(parse_cards(SWAP["hand"])), tuple(parse_cards(SWAP["tableau"])),
                              tuple(parse_cards(SWAP["discard"])),
                              tuple(tuple(parse_cards(t)) for t in SWAP["others"].split("/")),
                              center="yellow-swap", figure=True, scored=("purple-wild",), turns=3)
    ex._ask(q)
    ex.wait_idle()
    assert ex.errors == []
    assert "too much work to count exactly" in ex.headline.value
    assert "swap (Power 9" in ex.formula.value
    assert "within 2 turns: 63.44%" in ex.details.value
    assert "A simulated estimate instead: about" in ex.details.value
    assert "best play does at least as well" in ex.details.value
    assert any("computing… " in h and "%" in h for h in shown)     # progress while it searched


def test_the_hint_says_too_much_work_with_an_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    import swkit.widgets.cards as wcards

    def refuse(pos, turns, **_kw):                  # as player_odds over its budget
        if turns >= 2:
            raise WorkBudgetError("too large", needed=10, budget=1, unit=BUDGET_UNIT)
        return player_odds(pos, turns)

    monkeypatch.setattr(wcards, "player_odds", refuse)
    table = wcards.CardTable(players=2, seed=1)
    table.wait_idle()
    pos = make_position(**SWAP)
    got = table._odds_for(99, pos, 2)
    assert isinstance(got, str) and got.startswith("too much work to count exactly; 1,000 "
                                                   "simulated games of a simple strategy")
    assert "best play does at least as well" in got


@pytest.mark.parametrize("extra, named", [
    (["--simulate", "10", "--budget", "5"], "--budget is the exact search's work budget"),
    (["--seed", "5"], "--seed is the seed of --simulate's games"),
])
def test_an_option_that_would_change_nothing_is_refused(
        extra: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    # fuzz 13: --budget with --simulate, and --seed without it, were silently ignored
    assert main(hand_args(SWAP, 1) + extra) == 2
    err = capsys.readouterr().err
    assert named in err and err.count("\n") == 1, err


def test_the_slow_notice_of_a_simulation_speaks_of_games(monkeypatch, capsys) -> None:
    # fuzz 13: --simulate 1000000 printed "an exact answer enumerates every case ... --budget"
    import swkit.cli.command as command
    made = []

    class Timer:
        def __init__(self, seconds, function, args=()):
            made.append((function, args))
            self.daemon = True

        def start(self):
            pass

        def cancel(self):
            pass

    monkeypatch.setattr(command.threading, "Timer", Timer)
    assert main(hand_args(SWAP, 1) + ["--simulate", "10"]) == 0
    function, args = made[-1]
    capsys.readouterr()
    function(*args)
    err = capsys.readouterr().err
    assert "playing 10 simulated games" in err and "exact" not in err and "--budget" not in err
    assert main(hand_args(SWAP, 1)) == 0
    function, args = made[-1]
    function(*args)
    assert "an exact answer searches every draw" in capsys.readouterr().err
