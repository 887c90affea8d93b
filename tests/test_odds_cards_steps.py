"""The best play as steps: ``DrawPlan.steps``, ``PlanStep`` and their words.

The steps of pinned positions name every choice (the Power, the card discarded, the swap with
its seat and both cards); a discard after draw two or pass says what decides it; ``play`` is
the default wording of ``steps`` on every plan; ``odds hand --json`` gives the steps as data.
The steps are checked against the game itself: played as actions in ``CardGame`` from the
same position, every step is a legal move, and a plan that scores now scores.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from swkit.cards.game import CardGame
from swkit.cards.notation import Card, parse_card, parse_cards
from swkit.cli import main
from swkit.cli.odds_cards import format_hand, hand_query
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.cards import (
    STEP_KINDS,
    PlanStep,
    make_position,
    plan_words,
    player_odds,
    step_words,
)

PINNED = {case["name"]: case for case in json.loads(
    (Path(__file__).parent / "data" / "odds_cards_pinned.json").read_text(encoding="utf-8"))}
SWAP = "figure + yellow-swap, purple-wild scored"
DISCARD = "figure + red-take-discard, green-discard and green-extra-play scored"
# a full tableau: the play makes six cards, so the turn ends with a Discard (RULES.md §A3 step 6)
FULL = dict(hand="B2 G7 Y9", tableau="R4 R7 B8 G5 Y1", discard="G3 P5 Y4 B1",
            others="G1 G2 / Y5 P7", figure=True)


def _plan(odds, card: str):
    return next(p for p in odds.plans if p.card == parse_card(card))


def C(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_a_swap_names_the_power_both_cards_and_the_seat() -> None:
    r = player_odds(make_position(**PINNED[SWAP]["spec"]), 2)
    plan = _plan(r, "B6")
    # P7 lies in the second of the other tableaux ("G1 G2 / Y5 P7")
    assert plan.steps == (PlanStep("play", C("B2")), PlanStep("use_power", power="yellow-swap"),
                          PlanStep("swap", C("B2 P7"), seat=2))
    assert plan.play == "play B2, use Power yellow-swap, swap B2 for P7 of tableau 2"
    assert plan.probability == 1 and not plan.scores_now


def test_a_discard_names_the_card_and_the_power_names_its_key() -> None:
    r = player_odds(make_position(**PINNED[DISCARD]["spec"]), 2)
    assert _plan(r, "B7").steps == (
        PlanStep("play", C("B7")), PlanStep("use_power", power="green-discard"),
        PlanStep("play_from_discard", C("B1")), PlanStep("discard", C("B8")))
    assert _plan(r, "G6").steps == (
        PlanStep("play", C("G6")), PlanStep("use_power", power="green-extra-play"),
        PlanStep("play_too", C("G7")), PlanStep("score", C("G5 G6 G7"), triple="run"))
    assert _plan(r, "R3").steps[1:] == (PlanStep("use_power", power="red-take-discard"),
                                        PlanStep("take_from_discard", C("B1")))


@pytest.mark.parametrize(("center", "kind", "seen"), [
    ("blue-draw-two", "draw", "once you see the cards you drew"),
    ("purple-pass", "pass", "once you see the card you get"),
])
def test_draw_two_and_pass_say_what_the_discard_depends_on(center: str, kind: str,
                                                           seen: str) -> None:
    """After draw two or pass the Discard is chosen knowing the new cards (RULES.md §C1): the
    step gives how many cards and what decides them, not a card."""
    r = player_odds(make_position(**FULL, center=center), 2)
    plan = _plan(r, "R8")
    power = PlanStep("draw", count=2) if kind == "draw" else PlanStep("pass", C("B2"))
    assert plan.steps == (PlanStep("play", C("R8")), PlanStep("use_power", power=center), power,
                          PlanStep("discard", count=1, after=kind))
    assert plan.play.endswith(f"discard the card that helps you least, {seen}")
    # where nothing comes by chance the discarded card is named
    assert _plan(r, "B7").steps == (PlanStep("play", C("B7")), PlanStep("discard", C("B8")))


def test_a_draw_two_without_a_discard_ends_with_the_draw() -> None:
    spec = PINNED["seed 5011"]["spec"]
    plan = _plan(player_odds(make_position(**spec), 2), "B8")
    assert plan.steps == (PlanStep("play", C("B8")), PlanStep("take_figure"),
                          PlanStep("use_power", power="blue-draw-two"), PlanStep("draw", count=2))
    assert plan.probability == Fraction(63, 253)


def test_the_last_turn_without_a_score_has_no_steps() -> None:
    r = player_odds(make_position("B2 G7 Y9", tableau="R4 R6 B8", center="green-discard"), 1)
    assert _plan(r, "R5").steps == (PlanStep("play", C("R5")),
                                    PlanStep("score", C("R4 R5 R6"), triple="run"))
    none = _plan(r, "B3")
    assert none.steps == () and none.play == "no play scores this turn"


CASES = [SWAP, DISCARD, "realistic", "seed 5005", "seed 5018", "seed 5021", "seed 5023"]


@pytest.mark.parametrize("name", CASES)
def test_play_is_the_default_wording_of_the_steps(name: str) -> None:
    for turns in (1, 2):
        r = player_odds(make_position(**PINNED[name]["spec"]), turns)
        for plan in r.plans:
            assert plan.play == plan_words(plan.steps)
            assert plan.play == ", ".join(step_words(s) for s in plan.steps) or not plan.steps
            assert all(s.kind in STEP_KINDS for s in plan.steps)
            assert plan.scores_now == any(s.kind == "score" for s in plan.steps)


def _game(spec: dict, drawn: Card) -> CardGame:
    """The position of ``spec`` as a game of seat 0 after drawing ``drawn``, at its Play step;
    the other hands empty and every unseen card in the deck."""
    others = [g.strip() for g in spec.get("others", "").split("/")] if spec.get("others") \
        else [""]
    return CardGame.from_position(
        hands=[[*parse_cards(spec["hand"]), drawn], *[""] * len(others)],
        tableaux=[spec.get("tableau", ""), *others], discard=spec.get("discard", ""),
        centers=[spec["center"]], figures=[0 if spec.get("figure") else None],
        scored=[[s for s in spec.get("scored", "").split(",") if s], *[[]] * len(others)],
        phase="play")


def _action(step: PlanStep) -> str | None:
    """The game's action for a step (None: the game does it by itself)."""
    cards = " ".join(str(c) for c in step.cards)
    if step.kind == "swap":
        return f"power swap {step.cards[0]} for {step.cards[1]} of seat {step.seat}"
    return {
        "play": f"play {cards}", "take_figure": None, "use_power": f"use Power {step.power}",
        "play_too": f"power play {cards}", "play_from_discard": f"power play {cards} from discard",
        "take_from_discard": None, "draw": None, "pass": f"pass {cards}",
        "discard": f"discard {cards}" if step.cards else None, "score": f"score {cards}",
    }[step.kind]


def _replay(name: str) -> tuple[int, int, set[str]]:
    """Play every plan of pinned position ``name`` (T = 2) in the game (but those of draw two
    and pass, whose cards come by chance); return the plans
    played, how many of them scored, and the step kinds seen."""
    spec = PINNED[name]["spec"]
    r = player_odds(make_position(**spec), 2)
    played = scoring = 0
    kinds: set[str] = set()
    for plan in r.plans:
        if any(s.kind in ("draw", "pass") for s in plan.steps):
            continue        # the cards come by chance; the Discard is chosen after them
        game = _game(spec, plan.card)
        before = len(game.view(0).scored[0])
        for step in (*plan.steps, None):
            if game.turn_player == 0 and game.phase == "power" and (
                    step is None or step.kind in ("score", "discard")):
                game.apply("skip Power")        # a plan names a Power only when it uses one
            if step is None:
                break
            action = _action(step)
            if step.kind == "take_figure":
                assert game.view(0).figures[0] == 0, plan
            if step.kind == "take_from_discard":      # the game takes the top card itself
                assert set(step.cards) <= set(game.view(0).hand), plan
            if action is None or game.turn_player != 0:
                continue
            legal = game.legal_actions()
            if action in legal:
                game.apply(action)
            else:   # a step with one choice is taken at once (a lone triple, a lone play)
                assert step.kind in ("play", "score") and game.phase not in ("play", "score") \
                    or legal == [], (plan.play, action, legal)
        scored = len(game.view(0).scored[0]) - before
        assert scored == (1 if plan.scores_now else 0), plan.play
        # the steps name every choice of the turn: once they are played, the turn is over
        assert game.is_terminal() or game.turn_player != 0, (plan.play, game.phase)
        played += 1
        scoring += plan.scores_now
        kinds |= {s.kind for s in plan.steps}
    return played, scoring, kinds


def test_the_steps_are_legal_moves_and_a_plan_that_scores_now_scores() -> None:
    """Independent of the odds engine: the rules (``CardGame``) play each plan from the same
    position; every step's action is legal when its turn comes (or done by the game itself
    when it has one choice), a plan that scores now ends with seat 0 holding a new Power, and
    after the last step the turn is over (no choice was left unnamed)."""
    played = scoring = 0
    kinds: set[str] = set()
    for name in PINNED:
        p, s, k = _replay(name)
        assert p >= 10
        played, scoring, kinds = played + p, scoring + s, kinds | k
    assert played >= 500 and scoring >= 50
    assert kinds >= {"play", "take_figure", "use_power", "play_too", "play_from_discard",
                     "take_from_discard", "swap", "discard", "score"}


def test_a_step_is_checked_and_round_trips_as_data() -> None:
    step = PlanStep("swap", C("B2 P7"), seat=2)
    assert step.to_dict() == {"kind": "swap", "cards": ["B2", "P7"], "seat": 2}
    assert PlanStep.from_dict(step.to_dict()) == step
    later = PlanStep("discard", count=1, after="pass")
    assert PlanStep.from_dict(later.to_dict()) == later
    assert step_words(step, power_name=str, seat_name=lambda n: f"seat {n}") == \
        "swap B2 for P7 of seat 2"
    assert step_words(PlanStep("use_power", power="yellow-swap"),
                      power_name=lambda k: "Power 9 (yellow)") == "use Power 9 (yellow)"
    with pytest.raises(ConfigurationError, match="kind is 'jump'; accepted: play, take_figure"):
        PlanStep("jump")
    with pytest.raises(ConfigurationError, match="a swap step needs seat"):
        PlanStep("swap", C("B2 P7"))
    with pytest.raises(ConfigurationError, match="a play step has no seat"):
        PlanStep("play", C("B2"), seat=1)
    with pytest.raises(ConfigurationError, match="after='draw' or 'pass'"):
        PlanStep("discard", C("B2"), count=1, after="draw")
    with pytest.raises(ConfigurationError, match=r"a swap step names 2 cards, got 1 \(B2\)"):
        PlanStep("swap", C("B2"), seat=1)
    with pytest.raises(ConfigurationError, match="count is a whole number >= 1, got 0"):
        PlanStep("draw", count=0)
    with pytest.raises(ConfigurationError, match="discard step names one or more cards"):
        PlanStep("discard")
    with pytest.raises(ConfigurationError, match="no field 'colour'"):
        PlanStep.from_dict({"kind": "play", "colour": "red"})
    with pytest.raises(NotationError, match="Z9"):
        PlanStep.from_dict({"kind": "play", "cards": ["Z9"]})


@pytest.mark.parametrize("kind", [["play"], {"a": 1}, 5, None, b"play"])
def test_a_kind_that_is_no_text_is_refused_by_name(kind: object) -> None:
    # fuzz 13: a list or dict kind raised a raw TypeError (unhashable type)
    with pytest.raises(ConfigurationError, match="kind is .*; accepted: play, take_figure"):
        PlanStep(kind)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="kind is .*; accepted: play, take_figure"):
        PlanStep.from_dict({"kind": kind})


@pytest.mark.parametrize("power", ["", " 7", "Yellow-Swap", "yellow swap", "x" * 41])
def test_a_power_that_is_no_key_is_refused(power: str) -> None:
    # fuzz 13: any text was taken as a Power key, e.g. "" (worded "use Power ")
    with pytest.raises(ConfigurationError, match="power is a Power key like 'yellow-swap'"):
        PlanStep("use_power", power=power)
    assert PlanStep("use_power", power="yellow-swap").power == "yellow-swap"


def test_a_discard_that_names_its_cards_takes_no_count() -> None:
    # fuzz 13: PlanStep("discard", (R5,), count=10**30) was accepted and the count never said
    with pytest.raises(ConfigurationError, match="names its cards has no count"):
        PlanStep("discard", C("R5"), count=3)
    with pytest.raises(ConfigurationError, match="names its cards has no count"):
        PlanStep.from_dict({"kind": "discard", "cards": ["R5"], "count": 1})


def test_odds_hand_prints_the_steps_as_a_list_and_json_gives_them_as_data(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "hand", "--hand", "B2 G7 Y9", "--tableau", "R4 R6 B8", "--discard",
            "G3 P5 Y4 B1", "--others", "G1 G2 / Y5 P7", "--center", "yellow-swap", "--figure",
            "--scored", "purple-wild", "--turns", "2"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    b6 = next(p for p in out["plays"] if p["draw"] == "B6")
    assert b6["steps"] == [{"kind": "play", "cards": ["B2"]},
                           {"kind": "use_power", "cards": [], "power": "yellow-swap"},
                           {"kind": "swap", "cards": ["B2", "P7"], "seat": 2}]
    assert out["best"]["steps"] == next(p["steps"] for p in out["plays"]
                                        if p["draw"] == out["best"]["draw"])
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "\n    1. play B2\n    2. use Power yellow-swap\n    3. swap B2 for P7 of tableau 2\n" \
        in text


def test_format_hand_numbers_each_plan_and_keeps_a_plan_without_steps_on_one_line() -> None:
    r = hand_query("B2 G7 Y9", tableau="R4 R6 B8", center="green-discard")
    text = format_hand(r)
    assert "  draw R5 (P = 1):\n    1. play R5\n    2. score R4 R5 R6 (run)\n" in text
    assert "(P = 0): no play scores this turn" in " ".join(text.split())
