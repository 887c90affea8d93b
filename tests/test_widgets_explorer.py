"""The odds explorer, driven headless: exact answers checked against published values and
brute force, the simulation closing in, and the known traps of widget code."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import ipywidgets as widgets
import matplotlib.pyplot as plt
import pytest
from oracles.dice_oracle import Oracle
from widget_backends import backend  # noqa: F401 - every test under both back ends

import swkit.present.answers
import swkit.present.charts
import swkit.present.percent
import swkit.widgets.explorer as explorer
from swkit.cards.notation import Card, parse_cards
from swkit.widgets.explorer import (
    DealQuestion,
    HandQuestion,
    OddsExplorer,
    RollQuestion,
    simulation,
    solve,
)


@pytest.fixture
def w():
    """An explorer at rest (its first answer shown); no callback error may escape."""
    ex = OddsExplorer()
    ex.wait_idle()
    yield ex
    ex.wait_idle()
    assert ex.errors == []


def settle(ex: OddsExplorer) -> None:
    ex.wait_idle()
    assert ex.errors == [], ex.errors


def tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from tree(child)


def visible(ex: OddsExplorer, widget) -> bool:
    """True if ``widget`` and every box holding it are displayed."""
    def path(node, trail):
        if node is widget:
            return trail + [node]
        for child in getattr(node, "children", ()):
            found = path(child, trail + [node])
            if found:
                return found
        return None
    return all(n.layout.display != "none" for n in path(ex, []))


# -- exact answers ------------------------------------------------------------------------------

def test_the_first_question_is_three_random_cards_with_its_formula(w):
    assert w.question == DealQuestion(3, "either", 1, None, None)
    # RULES.md / README: sets 3/473 + runs 7/2838 = 25/2838 for three cards
    assert w.answer.value == Fraction(25, 2838) == Fraction(3, 473) + Fraction(7, 2838)
    assert "25/2838 ≈ 0.88%" in w.headline.value
    assert r"\binom{45}{3}" in w.formula.value and "125" in w.formula.value
    assert "125 of 14,190" in w.details.value
    assert '<img src="data:image/png;base64,' in w.chart.value and "3: 0.88%" in w.chart.value
    assert visible(w, w.cards) and not visible(w, w.hand) and not visible(w, w.dice[0])


def test_k_without_a_formula_says_why(w):
    w.cards.value = 4
    settle(w)
    assert w.answer.value == Fraction(113, 3311)          # README: 4 random cards
    # in words for a child and the teacher, with the engine's own counts: 148,995 deals of 4
    # cards, C(45, 4), minus those with no set and no run
    assert "No short formula for 4 cards" in w.formula.value
    assert "R3 R4 R5 R6 holds R3 R4 R5 and R4 R5 R6" in w.formula.value
    assert "148,995 − 143,910 = 5,085 deals with a set or a run" in w.formula.value
    assert comb(45, 4) == 148_995 and 5085 * 3311 == 113 * 148_995
    assert "WITHOUT" not in w.formula.value and "dynamic programme" not in w.formula.value
    assert "$" not in w.formula.value
    assert w.answer.bars[4] == Fraction(113, 3311) and w.answer.event == {4}
    w.event.value = "set"
    settle(w)
    assert w.answer.value == Fraction(3645, 148_995)          # README: a set, 3645 deals
    assert "R7 G7 B7 Y7 holds four sets" in w.formula.value
    assert "all deals minus the deals with no set," in w.formula.value
    assert "148,995 − 145,350 = 3,645 deals with a set." in w.formula.value


def test_my_hand_this_turn_counts_the_outs(w):
    w.kind.value = "hand"
    settle(w)
    q = w.question
    assert isinstance(q, HandQuestion) and q.hand == (Card("B", 2), Card("G", 7), Card("Y", 9))
    # 45 cards - 3 in hand - 3 in the tableau - 4 discarded = 35 unseen; only R5 makes R4 R5 R6
    assert w.answer.value == Fraction(1, 35)
    assert r"\frac{1}{35}" in w.formula.value and "outs" in w.formula.value
    assert "R5" in w.details.value and "35 unseen" in w.details.value


def test_the_outs_formula_is_the_engine_answer_on_several_positions():
    for hand, tableau in [("B2 G7 Y9", "R4 R6 B8"), ("R5 R6 B5", ""), ("G1 G2", "G4 B4 Y4"),
                          ("P9 Y9", "B9")]:
        q = HandQuestion(tuple(explorer.parse_cards(hand)), tuple(explorer.parse_cards(tableau)),
                         center="purple-wild")
        a = solve(q)
        assert a.formula is not None
        outs = sum(a.result.outs.values())
        assert Fraction(outs, a.result.unseen) == a.value
        assert f"{{{outs}}}{{{a.result.unseen}}}" in a.formula


def test_two_turns_compute_in_the_background_and_say_so(w):
    w.kind.value = "hand"
    settle(w)
    w.turns.value = 2
    assert w.answer is None or w.answer.question == w.question
    settle(w)
    assert w.answer.question.turns == 2
    assert w.answer.value == Fraction(12, 119)
    assert list(w.answer.bars) == [1, 2] and w.answer.bars[1] == Fraction(1, 35)
    assert "no closed formula within 2 turns" in w.formula.value


def test_a_slow_answer_that_went_stale_is_dropped(w):
    w.kind.value = "hand"
    settle(w)
    w.turns.value = 3           # computing in the background...
    w.turns.value = 1           # ... and the student moves on at once
    settle(w)
    assert w.question.turns == 1 and w.answer.question == w.question
    assert w.answer.value == Fraction(1, 35) and "this turn" in w.headline.value
    assert "within 3" not in w.headline.value


def test_dice_best_count_matches_the_hand_count(w):
    w.game.value = "dice"
    settle(w)
    q = w.question
    assert q == RollQuestion(("Mickey", "Mickey", "Clubhouse", "Goofy", "Pluto"), 2, (), (),
                             None, 4)
    # keep Mickey Mickey Clubhouse: each of 2 dice hits (Mickey or Clubhouse, 2 of 6 faces)
    # within 2 rolls with 1 - (4/6)^2 = 5/9; P(at least one of 2) = 1 - (4/9)^2 = 65/81
    assert w.answer.value == Fraction(65, 81)
    assert "65/81 ≈ 80.25%" in w.headline.value
    assert "keep Mickey Mickey Clubhouse: 80.25%" in w.details.value
    assert sum(w.answer.bars.values()) == 1 and w.answer.event == {4, 5}
    assert "no closed formula" in w.formula.value


def test_dice_expected_points_on_a_board_agree_with_brute_force(w):
    w.game.value = "dice"
    w.measure.value = explorer.NOTHING
    w.rolls_left.value = 1
    w.scored_chars[0].value = True                      # Mickey scored
    w.taken[("Goofy", 2)].value = True
    w.taken[("Pluto", 2)].value = True
    settle(w)
    q = w.question
    assert q.scored == ("Mickey",) and set(q.taken) == {("Goofy", 2), ("Pluto", 2)}
    oracle = Oracle(5, 5, 1)      # every face sequence, every keep mask (tests/oracles)
    V = oracle.solve(oracle.points(scored=(0,), taken={3: {2}, 4: {2}}))
    dice = (0, 0, 5, 3, 4)        # Mickey Mickey Clubhouse Goofy Pluto as oracle labels
    assert w.answer.value == V(tuple(sorted(dice)), 1)
    assert "points" in w.headline.value and not w.answer.is_probability


def test_before_the_first_roll_offers_one_to_three_rolls(w):
    w.game.value = "dice"
    w.unrolled.value = True
    settle(w)
    assert w.question.dice is None and [n for _, n in w.rolls_left.options] == [1, 2, 3]
    assert w.question.rolls_left == 3 and all(d.disabled for d in w.dice)
    w.unrolled.value = False
    settle(w)
    assert [n for _, n in w.rolls_left.options] == [0, 1, 2] and w.question.rolls_left == 2


# -- the simulation ------------------------------------------------------------------------------

@pytest.mark.parametrize("setup", ["deal", "hand", "dice-count", "dice-points"])
def test_the_simulation_closes_in_on_the_exact_value_on_the_same_chart(w, setup):
    if setup == "hand":
        w.kind.value = "hand"
    elif setup.startswith("dice"):
        w.game.value = "dice"
        if setup == "dice-points":
            w.measure.value = explorer.NOTHING
    settle(w)
    w.sim_n.value = 10_000
    w.sim_seed.value = 3
    chart_before = w.chart.value
    w.simulate.click()
    settle(w)
    exact = float(w.answer.value)
    ns = [t.n for t in w.trials]
    assert ns == sorted(set(ns)) and ns[0] == 100 and ns[-1] == 10_000
    last = w.trials[-1]
    assert last.low <= exact <= last.high              # 99% interval, fixed seed
    assert last.high - last.low < 0.2 * max(exact, 0.05) + 0.03
    assert w.progress.value == w.progress.max == 10_000
    assert "10,000 of 10,000 trials" in w.progress_text.value
    assert w.chart.value != chart_before and "Simulated after 10,000 trials" in \
        w.chart_caption.value
    assert not w.simulate.disabled


def test_a_seed_replays_the_simulation():
    q = RollQuestion()
    a = [s.trial for s in simulation(q, 2000, seed=5)]
    b = [s.trial for s in simulation(q, 2000, seed=5)]
    c = [s.trial for s in simulation(q, 2000, seed=6)]
    assert a == b and a != c


def test_changing_the_question_stops_a_running_simulation(w):
    w.sim_n.value = 100_000
    w.simulate.click()
    w.cards.value = 5
    settle(w)
    assert w.question.cards == 5 and w.trials == []
    assert "Simulated" not in w.chart_caption.value and w.answer.question == w.question


# -- the known traps -----------------------------------------------------------------------------

@pytest.mark.slow
def test_ten_changes_leave_one_chart_one_answer_and_no_figures(w):
    before = plt.get_fignums()
    changes = [("game", "dice"), ("measure", explorer.NOTHING), ("rolls_left", 1),
               ("game", "cards"), ("kind", "hand"), ("turns", 2), ("hand", "R5 R6 B5"),
               ("kind", "deal"), ("cards", 5), ("event", "run")]
    for name, value in changes:
        getattr(w, name).value = value
        w.simulate.click() if w.answer is not None else None
    settle(w)
    assert not [x for x in tree(w) if isinstance(x, widgets.Image)]  # the chart is HTML
    assert w.chart in tree(w) and w.chart.value.count("<img") + w.chart.value.count("<svg") == 1
    answers = [x for x in tree(w) if isinstance(x, widgets.HTML) and "≈" in x.value
               and "swkit-live-" not in x.value]   # the live region says it once too
    assert answers == [w.headline] and w.headline.value.count("≈") == 1
    assert not [x for x in tree(w) if isinstance(x, widgets.Output) and x.outputs]
    assert w.answer.question == w.question == DealQuestion(5, "run", 1, None, None)
    assert plt.get_fignums() == before


def test_replacing_picker_options_fires_no_half_set_question(w, monkeypatch):
    asked = []
    real = explorer.solve

    def spy(question, quick=False):
        asked.append(question)
        return real(question, quick)

    monkeypatch.setattr(explorer, "solve", spy)
    w.game.value = "dice"              # the question options are replaced: one computation
    settle(w)
    assert [type(q) for q in asked] == [RollQuestion]
    asked.clear()
    w.target.value = "Goofy"
    settle(w)
    asked.clear()
    w.scored_chars[3].value = True     # Goofy scored: Goofy leaves the target options
    settle(w)
    assert len(asked) == 1 and asked[0].target is None and asked[0].scored == ("Goofy",)
    assert "Goofy" not in [v for _, v in w.target.options] and w.target.value == explorer.NOTHING
    asked.clear()
    w.unrolled.value = True            # rolls-left options replaced (0..2 -> 1..3)
    settle(w)
    assert len(asked) == 1 and asked[0].dice is None and asked[0].rolls_left in (1, 2, 3)
    asked.clear()
    w.game.value = "cards"
    settle(w)
    # a deal is answered in two steps (the asked K, then every K for the chart): one question
    assert set(asked) == {DealQuestion()} and w.kind.value == "deal"


def test_an_exception_while_drawing_reaches_the_error_area(w, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("the chart broke")

    monkeypatch.setattr(swkit.present.charts, "chart", broken)
    w.game.value = "dice"                  # answered at once, drawn by a worker
    w.wait_idle()
    assert isinstance(w.errors[-1], RuntimeError) and "the chart broke" in w.message.value
    assert "65/81" in w.headline.value     # the answer itself still shows
    w.errors.clear()
    w.game.value = "cards"                 # answered and drawn by a worker
    w.wait_idle()
    assert isinstance(w.errors[-1], RuntimeError) and "the chart broke" in w.message.value
    w.errors.clear()


def test_an_exception_inside_an_output_context_still_reaches_the_error_area(w):
    out = widgets.Output()

    def draw(_button):
        with w.drawing(out):
            explorer.chart(w.answer, [explorer.Trial(5, 0.5, 0.4, 0.6),
                                      explorer.Trial(4, 0.5, 0.4, 0.6)])   # n must increase

    button = widgets.Button(description="draw")
    button.on_click(w.guard(draw))
    button.click()
    assert "increasing" in w.message.value     # a library refusal, shown in words
    assert w.errors == []


@pytest.mark.parametrize("field, text, words", [
    ("hand", "B2 R0 Y9", "R0"),
    ("tableau", "R4 Q6", "Q6"),
    ("discard", "G3 G3", "G3 x2"),
    ("others", "R1 / B10", "B10"),
])
def test_a_bad_card_shows_a_message_and_changes_nothing(w, field, text, words):
    w.kind.value = "hand"
    settle(w)
    question, answer, png = w.question, w.answer, w.chart.value
    getattr(w, field).value = text
    settle(w)
    assert words in w.message.value
    assert w.question is question and w.answer is answer and w.chart.value == png
    getattr(w, field).value = ""               # fixed: the message goes, a new answer comes
    settle(w)
    assert w.message.value == "" and w.answer.question == w.question


def buttons_other_than_simulate(ex: OddsExplorer) -> list:
    return [x for x in tree(ex) if isinstance(x, (widgets.Button, widgets.ToggleButton,
                                                   widgets.ToggleButtons))
            and x is not ex.simulate]


def test_every_button_after_an_answer_an_over_budget_refusal_an_error_and_a_bad_input(
        monkeypatch):
    """The over-budget refusal offers the estimate, and Simulate runs it (it stayed
    disabled); an engine's refusal leaves nothing to simulate; a refused input greys the old
    answer, and Simulate waits for the fix. No other button is ever disabled."""
    import functools

    from swkit.errors import ConfigurationError
    from swkit.odds.cards import make_position, player_odds

    budget = functools.partial(player_odds, budget=2_000)   # the default hand needs ~25,000
    monkeypatch.setattr(swkit.present.answers, "player_odds", budget)
    ex = OddsExplorer()
    settle(ex)
    assert ex.answer is not None and not ex.simulate.disabled           # an answer
    ex.kind.value = "hand"
    ex.turns.value = 3
    settle(ex)
    assert ex.answer is None and "too much work to count exactly" in ex.headline.value
    assert not ex.simulate.disabled                                     # the refusal
    assert not any(b.disabled for b in buttons_other_than_simulate(ex))
    ex.sim_n.value, ex.sim_seed.value = 1000, 4
    ex.simulate.click()
    settle(ex)
    assert [t.n for t in ex.trials][-1] == 1000 == ex.progress.value == ex.progress.max
    last = ex.trials[-1]
    exact = player_odds(make_position(hand="B2 G7 Y9", tableau="R4 R6 B8",   # 5603/19635
                                      discard="G3 P5 Y4 B1", center="green-discard"), 3)
    assert last.low <= float(exact.probability)     # the simple strategy: a lower bound
    assert f"about {swkit.present.percent.percent_text(last.estimate)}" in ex.details.value
    assert "1,000 games, seed 4" in ex.details.value and "at least as well" in ex.details.value
    assert not ex.simulate.disabled and ex.answer is None

    def refuse(position, turns, **kw):             # the engine refuses (not the budget)
        raise ConfigurationError("needs more draws than the unseen cards hold")
    monkeypatch.setattr(swkit.present.answers, "player_odds", refuse)
    ex.turns.value = 2
    settle(ex)
    assert "not answered" in ex.headline.value and ex.simulate.disabled  # nothing to simulate
    assert "unseen cards hold" in ex.message.value
    assert not any(b.disabled for b in buttons_other_than_simulate(ex))
    monkeypatch.setattr(swkit.present.answers, "player_odds", budget)
    ex.turns.value = 1
    settle(ex)
    assert ex.answer is not None and not ex.simulate.disabled           # an answer again
    ex.hand.value = "B2 G7 R0"
    settle(ex)
    assert "R0" in ex.message.value and ex.answer is not None
    assert ex.simulate.disabled                      # the greyed answer is not the question
    assert not any(b.disabled for b in buttons_other_than_simulate(ex))
    ex.hand.value = "B2 G7 Y9"
    settle(ex)
    assert ex.answer.question == ex.question and not ex.simulate.disabled
    ex.close()


def test_a_click_on_a_disabled_simulate_changes_nothing_and_a_second_click_starts_over(
        monkeypatch):
    """fuzz 13: a click that reached Simulate while it was disabled (a page sends one before
    the disabled state arrives; code calls click()) simulated the greyed, older question under
    a refused input; after the engine's refusal it said "it is computing" over the refusal;
    and a second click ran a second simulation into the same trials (100, 117, 100, 117...)."""
    import functools

    from swkit.errors import ConfigurationError
    from swkit.odds.cards import player_odds

    budget = functools.partial(player_odds, budget=2_000)
    monkeypatch.setattr(swkit.present.answers, "player_odds", budget)
    ex = OddsExplorer()
    ex.kind.value = "hand"
    ex.turns.value = 3
    settle(ex)
    assert ex._estimate is not None and not ex.simulate.disabled    # over the budget
    ex.sim_n.value = 1000
    ex.hand.value = "B2 G7 X9"
    settle(ex)
    details, refusal = ex.details.value, ex.message.value
    assert ex.simulate.disabled and "X9" in refusal
    ex.simulate.click()
    settle(ex)
    assert ex.trials == [] and ex.details.value == details and ex.message.value == refusal

    def refuse(position, turns, **kw):
        raise ConfigurationError("needs more draws than the unseen cards hold")
    ex.hand.value = "B2 G7 Y9"
    monkeypatch.setattr(swkit.present.answers, "player_odds", refuse)
    ex.turns.value = 2
    settle(ex)
    assert "not answered" in ex.headline.value and "unseen cards hold" in ex.message.value
    ex.simulate.click()
    settle(ex)
    assert "unseen cards hold" in ex.message.value and "computing" not in ex.message.value
    assert ex.trials == []

    monkeypatch.setattr(swkit.present.answers, "player_odds", budget)
    ex.turns.value = 3
    settle(ex)
    ex.simulate.click()
    ex.simulate.click()
    settle(ex)
    runs = [t.n for t in ex.trials]
    assert runs == sorted(set(runs)) and runs[-1] == 1000, runs     # one run, in order
    assert ex.progress.value == 1000 and not ex.simulate.disabled
    ex.close()


def test_simulate_before_the_answer_is_refused_in_words(w):
    w.kind.value = "hand"
    settle(w)
    w.turns.value = 3
    if w.answer is None:                       # still computing
        w._on_simulate()
        assert "Wait for the exact answer" in w.message.value
    settle(w)


def test_every_control_can_be_read_by_a_screen_reader(w):
    controls = [x for x in tree(w) if isinstance(x, (widgets.ValueWidget, widgets.Button))
                and not isinstance(x, (widgets.HTML, widgets.HTMLMath, widgets.Label,
                                       widgets.Image))]  # the chart: its caption has its words
    assert len(controls) > 40
    for control in controls:
        assert getattr(control, "description", "") or getattr(control, "tooltip", ""), control


def test_no_picker_shows_blank():
    """Every Dropdown shows one of its labels, after each "none" / "best" / "expected points"
    choice too (ipywidgets 8 shows a Dropdown whose value is None as blank)."""
    w = OddsExplorer()
    w.wild_color.value, w.wild_number.value = "P", 1
    w.wild_color.index = w.wild_number.index = 0    # what picking "none" in a browser does
    w.game.value = "dice"
    w.target.value = "Goofy"
    w.measure.index = w.target.index = 0            # "expected points", "best unscored"
    settle(w)
    for d in (x for x in tree(w) if isinstance(x, widgets.Dropdown)):
        assert d.index is not None and d.label, d.description
    assert (w.question.target, w.question.at_least) == (None, None)
    w.game.value = "cards"
    settle(w)
    assert w.question == DealQuestion(3, "either", 1, None, None)
    assert w.errors == []


# -- refusals, words and the chart ------------------------------------------------------------

def _pickers(ex: OddsExplorer, box):
    return [x for x in tree(box) if isinstance(x, (widgets.Dropdown, widgets.RadioButtons))]


@pytest.mark.parametrize("kind", ["deal", "hand", "roll"])
def test_a_picker_with_no_selection_is_refused_next_to_it_and_changes_nothing(kind):
    """What the page sends for ``index: None`` is a refusal in words (not "a bug in swkit"),
    shown under the picker's row; the question and the answer stay, greyed out."""
    ex = OddsExplorer()
    if kind == "roll":
        ex.game.value = "dice"
    else:
        ex.kind.value = kind
    settle(ex)
    box = {"deal": ex.deal_box, "hand": ex.hand_box, "roll": ex.dice_box}[kind]
    pickers = _pickers(ex, box)
    assert len(pickers) >= (7 if kind == "roll" else 2)
    for picker in pickers:
        question, answer = ex.question, ex.answer
        old = picker.index
        picker.index = None
        settle(ex)
        assert ex.question is question and ex.answer is answer, picker.description
        assert "nothing is picked" in ex.message.value
        assert picker.description.rstrip(":") in ex.message.value
        holder = next(b for b in tree(ex) if isinstance(b, widgets.Box)
                      and ex.message in b.children)
        row = holder.children[holder.children.index(ex.message) - 1]
        assert picker in list(tree(row)), "the message is not next to the picker"
        assert "swkit-stale" in ex.headline._dom_classes and "Not answered" in ex.stale_note.value
        picker.index = old
        settle(ex)
        assert ex.message.value == "" and "swkit-stale" not in ex.headline._dom_classes
        assert ex.message in ex.children and ex.stale_note.value == ""
    ex.close()


def test_the_trials_picker_with_no_selection_refuses_simulate_next_to_it():
    """The trials picker showing no choice (``index: None``) made Simulate record
    ``TraitError`` (IntProgress.max None) as a bug. It is a
    refusal under the picker; the answer stays; a pick then simulates."""
    ex = OddsExplorer()
    settle(ex)
    question, answer = ex.question, ex.answer
    ex.sim_n.index = None
    ex.simulate.click()
    settle(ex)
    assert ex.errors == []
    assert ex.question is question and ex.answer is answer and ex.trials == []
    assert "nothing is picked" in ex.message.value and "simulate" in ex.message.value
    holder = next(b for b in tree(ex) if isinstance(b, widgets.Box) and ex.message in b.children)
    row = holder.children[holder.children.index(ex.message) - 1]
    assert ex.sim_n in list(tree(row)), "the message is not next to the trials picker"
    ex.sim_n.index = 0
    ex.simulate.click()
    settle(ex)
    assert ex.errors == [] and ex.message.value == "" and ex.message in ex.children
    assert ex.trials and ex.simulated.n == ex.sim_n.value
    ex.close()


def test_a_typo_in_my_hand_greys_the_old_answer_and_shows_next_to_the_field(w):
    w.kind.value = "hand"
    settle(w)
    question, answer, headline = w.question, w.answer, w.headline.value
    w.hand.value = "B2 G7 X9"
    settle(w)
    assert "X9" in w.message.value
    kids = list(w.hand_box.children)
    assert kids[kids.index(w.hand) + 1] is w.message     # right under "my hand"
    assert w.message not in w.children
    assert w.question is question and w.answer is answer and w.headline.value == headline
    for part in (w.headline, w.formula, w.details, w.chart, w.chart_caption):
        assert "swkit-stale" in part._dom_classes
    assert "Greyed out" in w.stale_note.value
    w.hand.value = "B2 G7 Y9"
    settle(w)
    assert w.message.value == "" and w.answer.question == w.question
    assert "swkit-stale" not in w.headline._dom_classes


def test_powers_are_named_in_words_not_keys(w):
    w.kind.value = "hand"
    w.scored_powers.value = ("purple-wild",)    # the center is Power 3 (green)
    w.turns.value = 2
    settle(w)
    shown = w.details.value + w.formula.value + w.headline.value
    assert "Power 3 (green)" in shown
    keys = [p[1] for p in w.center.options[2:]]
    assert not [k for k in keys if k in shown]


def test_the_chart_is_hidden_whenever_it_has_no_picture():
    """The chart is never displayed empty (an empty picture with its place kept)."""
    seen = []
    ex = OddsExplorer()
    ex.chart.observe(lambda c: seen.append((c["new"], ex.chart.layout.display)), names="value")
    ex.chart.layout.observe(lambda c: seen.append((ex.chart.value, c["new"])), names="display")
    ex.wait_idle()
    ex.cards.value = 4
    ex.wait_idle()
    ex.kind.value = "hand"
    ex.wait_idle()
    ex.turns.value = 2
    ex.wait_idle()
    assert ex.errors == []
    assert any(v == "" for v, _ in seen) and any(v for v, _ in seen)
    assert all(display == "none" for value, display in seen if value == "")
    assert ex.chart.value and ex.chart.layout.display != "none"
    ex.close()


def test_every_label_fits_its_width(w):
    """No clipped label ("my scored Pow…"): a description of n characters needs about
    0.6 em a character (DejaVu Sans at JupyterLab's size) within its description width."""
    for x in tree(w):
        text = getattr(x, "description", "")
        style = getattr(x, "style", None)
        width = getattr(style, "description_width", "") if style is not None else ""
        if text and width.endswith("em") and not isinstance(x, (widgets.Button,
                                                                  widgets.Checkbox,
                                                                  widgets.ToggleButton)):
            assert len(text) * 0.6 <= float(width[:-2]), (text, width)


def _boxes(artist, renderer):
    """Display boxes of each point of an errorbar part (markers, caps) or segment."""
    from matplotlib.collections import LineCollection
    from matplotlib.lines import Line2D
    from matplotlib.transforms import Bbox
    out = []
    if isinstance(artist, Line2D):
        pad = renderer.points_to_pixels(artist.get_markersize()) / 2 + 1
        high = (renderer.points_to_pixels(artist.get_markeredgewidth()) + 1
                if artist.get_marker() == "_" else pad)       # a cap is a flat line
        for x, y in artist.get_transform().transform(artist.get_xydata()):
            out.append(Bbox([[x - pad, y - high], [x + pad, y + high]]))
    elif isinstance(artist, LineCollection):
        for seg in artist.get_segments():
            pts = artist.get_transform().transform(seg)
            (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
            out.append(Bbox([[x0 - 2, y0], [x1 + 2, y1]]))
    return out


@pytest.mark.parametrize("question", [DealQuestion(4), HandQuestion(
    tuple(parse_cards("B2 G7 Y9")), tuple(parse_cards("R4 R6 B8")),
    tuple(parse_cards("G3 P5 Y4 B1")), (), "green-discard", turns=1), RollQuestion(),
    RollQuestion(None, 3, at_least=4)])
def test_simulated_markers_never_cover_the_bar_labels(question):
    answer = solve(question)
    sims = list(simulation(question, 1000, seed=0))
    fig = explorer.chart(answer, [s.trial for s in sims], sims[-1]).figure()
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        renderer = canvas.get_renderer()
        ax = fig.axes[0]
        labels = [t.get_window_extent(renderer) for t in ax.texts if "%" in t.get_text()]
        assert len(labels) == len(answer.bars)
        marks = []
        for container in ax.containers:
            if type(container).__name__ == "ErrorbarContainer":
                data, caps, bars = container.lines
                for part in [data, *caps, *bars]:
                    marks += _boxes(part, renderer)
        assert marks
        for label in labels:
            assert not any(label.overlaps(m) for m in marks), label
    finally:
        plt.close(fig)


def test_toggling_before_the_first_roll_with_no_rolls_left_picked(w):
    """Found by a fuzz: "rolls left" with no selection, then "before the first roll" raised a
    TypeError (None + 1) recorded as a bug."""
    w.game.value = "dice"
    settle(w)
    w.rolls_left.index = None
    settle(w)
    assert "rolls left: nothing is picked" in w.message.value
    w.unrolled.value = True
    settle(w)
    assert w.rolls_left.value in (1, 2, 3) and w.question.dice is None
    assert w.message.value == ""


@pytest.mark.parametrize("options", [
    [("Cards (Something Wild!)", "cards"), ("Dice (Clubhouse)", "dice")],
    [1, 2, 3], ["Mickey", "Clubhouse"], [("none", ()), ("2", 2)], {"one": 1, "two": 2},
    [("a", 1), 2]])
def test_option_labels_are_the_labels_the_picker_shows(options) -> None:
    """``option_labels`` reads the public ``options`` as ipywidgets does: each label is the one
    the picker shows when that option is picked (its public ``label``)."""
    picker = widgets.Dropdown(options=options)
    shown = []
    for i in range(len(picker.options)):
        picker.index = i
        shown.append(picker.label)
    assert explorer.option_labels(picker) == shown
    assert explorer.option_labels(widgets.Dropdown(options=[])) == []
