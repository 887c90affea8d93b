"""The card table, driven headless by clicks: whole games, no hidden card on the page, refusals
in words, the hint equal to the odds engine, undo and replayable seeds."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from itertools import combinations

import ipywidgets as widgets
import pytest
from widget_backends import backend  # noqa: F401 - every test under both back ends

from swkit.cards.bots import GreedyBot
from swkit.cards.game import CHANCE, CardGame
from swkit.cards.notation import COLOR_NAMES, Card, parse_card
from swkit.cards.play import turn_line
from swkit.errors import IllegalActionError
from swkit.odds.cards import PlanStep, Position, player_odds
from swkit.pictures import CARD_COLORS, INK, contrast_ratio
from swkit.widgets import CardTable
from swkit.widgets import cards as cards_module
from swkit.widgets._base import escape

# -- helpers ------------------------------------------------------------------------


def _widgets(w: widgets.Widget) -> Iterator[widgets.Widget]:
    yield w
    for child in getattr(w, "children", ()):
        yield from _widgets(child)


def page(w: CardTable) -> str:
    """Everything the table sends to the page: HTML values, labels, tooltips, options, text
    (hidden controls included: they are in the DOM too). Not the typed box's fixed example
    ("e.g. play R7 ...")."""
    parts = []
    for x in _widgets(w):
        for name in ("value", "description", "tooltip"):
            value = getattr(x, name, None)
            if isinstance(value, str):
                parts.append(value)
        if isinstance(x, widgets.Dropdown):
            parts.extend(str(o) for o in x.options)
    return "\n".join(parts)


def public_cards(game: CardGame) -> set[Card]:
    """Every card seat 0 has seen so far: its view now and every card a turn record names in
    public (plays, Powers moving cards between tableaux and the discard pile, scores, discards),
    seat 0's own draws and the passes it gave or received (RULES.md §A6)."""
    view = game.view(0)
    seen = set(view.hand) | set(view.discard) | {c for t in view.tableaux for c in t}
    for record in game.log:
        for e in record.get("events", []):
            kind = e["event"]
            names: list[str] = []
            if kind in ("play", "power_play", "power_play_from_discard") or (
                    kind in ("draw", "power_draw") and record["player"] == 0):
                names = [e["card"]]
            elif kind in ("power_take", "discard"):
                names = list(e["cards"])
            elif kind == "score":
                names = e["cards"].split()
            elif kind == "power_swap":
                names = [e["gives"], e["takes"]]
            elif kind == "power_pass":
                n = game.players
                names = [c for s, cs in e["cards"] if 0 in (s, (s + 1) % n) for c in cs.split()]
            seen.update(Card(c[0], int(c[1:])) for c in names)
    return seen


def assert_no_hidden_card(w: CardTable, seen: set[Card]) -> None:
    """No card of another seat's hand that seat 0 has never seen appears on the page, in
    notation ("R7") or in words ("Red 7")."""
    text = page(w)
    for seat in range(1, w.game.players):
        for card in w.game.hands[seat]:
            if card in seen:
                continue
            assert not re.search(rf"(?<![A-Za-z0-9#]){card}(?![0-9])", text), (seat, card)
            assert f"{COLOR_NAMES[card.color]} {card.number}" not in text, (seat, card)


def settle(w: CardTable) -> None:
    w.wait_idle()
    assert w.errors == []
    assert not w.busy


def offered(w: CardTable) -> list[str]:
    shown = [a for b, a in zip(w.choice_buttons, w.choice_actions, strict=True)
             if b.layout.display != "none"]
    return shown + [value for _label, value in w.choice_list.options]


def click(w: CardTable, action: str) -> None:
    """Do ``action`` the way a student does: its button, else the list and "Do it"."""
    for b, a in zip(w.choice_buttons, w.choice_actions, strict=True):
        if b.layout.display != "none" and a == action:
            # the button says the action, a Power by its name ("use Power 7 (blue)")
            assert b.description == w._named_powers(action)
            if action.startswith("use Power"):
                assert re.fullmatch(r"use Power \d+ \((blue|green|purple|red|yellow)\)",
                                    b.description), b.description
            b.click()
            break
    else:
        assert action in offered(w), (action, offered(w))
        w.choice_list.value = action
        w.choice_go.click()
    settle(w)


def play_to_the_end(w: CardTable, limit: int = 2000) -> set[str]:
    """Play seat 0 with the greedy bot's choices, by clicks; check the page after each.
    Returns the phases in which seat 0 chose."""
    chooser = GreedyBot()
    clicks = 0
    phases = set()
    settle(w)
    while not w.game.is_terminal():
        assert w.game.current_player() == 0
        legal = w.game.legal_actions(seat=0)
        action = chooser.choose(w.game)
        assert set(offered(w)) <= set(legal) and action in offered(w)
        before = len(w.game.log)
        phases.add(w.game.phase)
        click(w, action)
        clicks += 1
        assert_no_hidden_card(w, public_cards(w.game))
        if action.startswith("play "):
            # the move reached the log (the turn's line, in the transcript's words)
            line = turn_line({**w.game.log[before - 1], "turn": 0, "round": 0}, w.game.players,
                             viewer=0)
            assert f"plays {action.split()[1]}" in line and escape(
                f"plays {action.split()[1]}") in w.log_view.value
        assert clicks < limit
    return phases


@pytest.fixture
def table() -> CardTable:
    w = CardTable(players=3, seed=7, bot_delay=0)
    settle(w)
    return w


# -- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 7)])
def test_a_whole_game_by_clicks(players, seed):
    w = CardTable(players=players, seed=seed, bot_delay=0)
    w.hint_toggle.value = True
    phases = play_to_the_end(w)
    outcome = w.game.outcome()
    assert {"play", "power"} <= phases and outcome is not None
    assert "Game over" in w.status.value and escape(outcome.reason) in w.log_view.value
    assert all(b.layout.display == "none" for b in w.choice_buttons)
    # every finished turn is on the page, in the transcript's words for seat 0, with each
    # Power named as its card is headed ("Power 7 (blue)"), never by its key
    def name(key: str, edition: int) -> str:
        power = next(p for p in w.game.editions[edition - 1].powers if p.key == key)
        return f"Power {power.number} ({COLOR_NAMES[power.color]})"

    for record in w.game.log:
        t = {**record, "turn": record["turn"] + 1, "round": record["round"] + 1}
        assert escape(turn_line(t, players, viewer=0, power_name=name)) in w.log_view.value
    assert "uses Power" in w.log_view.value and "takes Power" in w.log_view.value
    keys = [p.key for p in w.game.editions[0].powers]
    scored = re.findall(r'class="swkit-scored".*?</div></div>', w.board.value)
    shown = html.unescape(w.log_view.value + "".join(scored))
    assert not [k for k in keys if k in shown], shown
    assert re.search(r"Power \d+ \((blue|green|purple|red|yellow)\)", "".join(scored))
    assert "uses Power blue-draw-two" in turn_line(  # the command line's transcript keeps keys
        {"turn": 1, "round": 1, "player": 0, "draw": "B1", "play": "B1", "figure": None,
         "score": None, "discard": [], "power": {"key": "blue-draw-two", "edition": 1,
                                                 "effect": "extra_draw", "cards": []}}, 2)


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(2, 99), (3, 21), (4, 11), (4, 2), (4, 5)])
def test_more_whole_games_by_clicks(players, seed):
    w = CardTable(players=players, seed=seed, bot_delay=0, bots="random")
    w.hint_toggle.value = True
    play_to_the_end(w)
    assert w.game.outcome() is not None


@pytest.mark.slow
@pytest.mark.parametrize("players, seed, phase", [(3, 23, "power_discard"),
                                                  (3, 4, "power_swap")])
def test_two_editions_play_through_and_say_why_there_is_no_hint(players, seed, phase):
    w = CardTable(players=players, seed=seed, editions=2, bot_delay=0)
    w.hint_toggle.value = True
    settle(w)
    assert "No hint for this game" in w.hint.value and "one-edition" in w.hint.value
    phases = play_to_the_end(w)
    assert {"figure", "score", "discard", phase} <= phases


def test_the_game_shows_only_seat_0s_view(table):
    view = table.game.view(0)
    text = page(table)
    assert all(str(c) in table.hand.value for c in view.hand)
    assert f"Deck:</b> {view.deck_size} cards" in text
    for seat in range(table.game.players):
        assert f'class="swkit-seat" data-seat="{seat}"' in table.board.value
    power = view.power(view.centers[0])
    assert escape(power.text) in table.board.value
    assert "Seed 7" in table.seed_label.value
    assert_no_hidden_card(table, public_cards(table.game))
    # the log names the other seats' draws as "a card"
    assert "seat 1 3 cards" in table.log_view.value or "seat 1 a card" in table.log_view.value


def test_a_draw_of_another_seat_and_a_blind_pass_are_not_named():
    record = {"turn": 4, "round": 2, "player": 1, "draw": "R7", "play": "R7", "figure": 1,
              "figure_from": None, "score": None, "discard": [],
              "power": {"key": "purple-pass", "edition": 1, "effect": "pass",
                        "cards": [[1, "B2"], [2, "G3"], [0, "Y4"]]}, "events": []}
    line = turn_line(record, 3, viewer=0)
    assert "draws a card" in line and "R7" not in line.split("plays")[0]
    assert "seat 1 passes a card to seat 2" in line
    assert "seat 2 passes G3 to seat 0" in line and "seat 0 passes Y4 to seat 1" in line
    assert "draws R7" in turn_line(record, 3)  # the full transcript is unchanged


# -- refusals ------------------------------------------------------------------------


def test_a_bad_typed_move_changes_nothing_and_shows_the_librarys_words(table):
    before = table.game.copy()
    outside = next(c for c in ("B9", "G9", "R9", "Y9", "P9") if c not in
                   {str(x) for x in table.game.view(0).hand})
    expected = before.copy()
    with pytest.raises(IllegalActionError) as refusal:
        expected.apply(f"play {outside}", seat=0)
    table.typed.value = f"play {outside}"
    table.try_button.click()
    assert table.errors == [] and table.game == before
    assert escape(str(refusal.value)) in table.message.value
    table.typed.value = "score Z9"
    table.try_button.click()
    assert "Z9" in table.message.value and table.game == before
    table.typed.value = ""
    table.try_button.click()
    assert "type a move" in table.message.value and table.game == before
    assert table.errors == []


def _bad_three(game: CardGame) -> str | None:
    """Three cards of seat 0's tableau that are no triple, while it must choose a score."""
    if game.current_player() != 0 or game.phase != "score":
        return None
    legal = game.legal_actions(seat=0)
    for three in combinations(game.tableaux[0], 3):
        if "score " + " ".join(map(str, sorted(three))) not in legal:
            return " ".join(map(str, three))
    return None


def test_a_picked_three_that_is_no_triple_is_explained():
    seed, game = next((s, g) for s in range(100) for g in [_greedy_until(s, _bad_three)] if g)
    w = CardTable(players=2, seed=seed, bot_delay=0)
    chooser = GreedyBot()
    settle(w)
    while w.game.history != game.history:
        click(w, chooser.choose(w.game))
    bad = _bad_three(w.game)
    assert bad is not None
    expected = w.game.copy()
    with pytest.raises(IllegalActionError) as refusal:
        expected.apply(f"score {bad}", seat=0)
    before = w.game.copy()
    w.typed.value = f"score {bad}"
    w.try_button.click()
    assert w.errors == [] and w.game == before
    assert escape(str(refusal.value)) in w.message.value and "is not a" in w.message.value


def _greedy_until(seed: int, found) -> CardGame | None:
    """A 2-player greedy game of ``seed`` played until ``found(game)``, or None."""
    game = CardGame(players=2, seed=seed)
    bot = GreedyBot()
    while not game.is_terminal():
        if found(game):
            return game
        if game.current_player() == CHANCE:
            game.apply_chance()
        else:
            game.apply(bot.choose(game))
    return None


def test_moves_are_refused_while_the_bots_play():
    gate = threading.Event()
    w = CardTable(players=2, seed=3, bot_delay=0)
    settle(w)
    action = w.game.legal_actions(seat=0)[0]
    w.bot_delay = 0.05
    original = w.bots[1].choose

    def slow_choose(game):
        gate.wait(5)
        return original(game)

    w.bots[1].choose = slow_choose
    click_button = w.choice_buttons[w.choice_actions.index(action)]
    click_button.click()
    assert w.busy and w.typed.disabled
    assert all(b.layout.display == "none" for b in w.choice_buttons)
    assert "is playing" in w.status.value
    w.typed.value = "play R1"
    w.try_button.click()
    assert "wait a moment" in w.message.value and w.errors == []
    gate.set()
    settle(w)


# -- the hint ------------------------------------------------------------------------


def _at_my_draw(game: CardGame) -> CardGame:
    """A copy of ``game`` taken back to seat 0's Draw step of the current turn."""
    copy = game.copy()
    while not (copy.phase == "draw" and copy.turn_player == 0 and copy.turn == game.turn):
        copy.undo()
    return copy


def test_the_hint_equals_player_odds_of_the_view_at_the_draw():
    w = CardTable(players=2, seed=3, bot_delay=0)
    w.hint_toggle.value = True
    chooser = GreedyBot()
    checked = 0
    settle(w)
    while not w.game.is_terminal() and checked < 6:
        if w.game.turn_player == 0:
            pos = Position.from_view(_at_my_draw(w.game).view(0))
            assert w.hint_position == pos
            one, two = player_odds(pos, 1), player_odds(pos, 2)
            assert w.hint_odds[1] == one and w.hint_odds[2] == two
            for p in (one.this_turn, two.probability):
                assert (str(p.numerator) if p.denominator == 1 else
                        f"{p.numerator}/{p.denominator}") in w.hint.value
            drawn = w.game.log[-1]["draw"]
            plan = next(p for p in two.plans if str(p.card) == drawn)
            steps = w._step_texts(plan)
            assert len(steps) == len(plan.steps)
            if len(steps) > 1:       # a numbered list, one item per step
                assert "Best play, step by step:<ol" in w.hint.value
                assert "".join(f"<li>{escape(t)}</li>" for t in steps) in w.hint.value
            else:
                assert escape(f"Best play: {steps[0] if steps else plan.play}.") in w.hint.value
            assert "computing" not in w.hint.value
            checked += 1
        click(w, chooser.choose(w.game))
    assert checked >= 3


def test_the_hint_shows_computing_then_the_answer(monkeypatch):
    release = threading.Event()
    real = cards_module.player_odds

    def slow(position, turns=1):
        if turns == 2:
            release.wait(10)
        return real(position, turns)

    monkeypatch.setattr(cards_module, "player_odds", slow)
    w = CardTable(players=2, seed=3, bot_delay=0)
    w.wait_idle()
    # a checkbox: a screen reader hears whether it is ticked
    assert isinstance(w.hint_toggle, widgets.Checkbox) and w.hint_toggle.description == "Hint"
    w.hint_toggle.value = True
    # on is plain to see: the tick, and white on the hint box's purple (not a paler grey)
    assert "swkit-hint-toggle" in w.hint_toggle._dom_classes
    assert re.search(r"\.swkit-hint-toggle label:has\(input:checked\) \{ background:#5e3c99;"
                     r"\s+color:#ffffff", cards_module._CSS)
    assert contrast_ratio("#ffffff", "#5e3c99") >= 7
    assert w.hint.layout.display != "none"
    assert "computing…" in w.hint.value
    assert "score this turn" in w.hint.value        # T = 1 at once
    release.set()
    settle(w)
    assert "computing" not in w.hint.value
    two = real(w.hint_position, 2).probability
    assert f"{two.numerator}/{two.denominator}" in w.hint.value or str(two) in w.hint.value
    w.hint_toggle.value = False
    assert w.hint.layout.display == "none"


# -- undo and new game ------------------------------------------------------------------------


def test_undo_takes_back_my_move_and_the_bots_after_it(table):
    chooser = GreedyBot()
    first = table.game.copy()
    assert table.undo_button.disabled
    click(table, chooser.choose(table.game))
    second = table.game.copy()
    click(table, chooser.choose(table.game))
    table.undo_button.click()
    settle(table)
    assert table.game == second
    table.undo_button.click()
    settle(table)
    assert table.game == first and table.undo_button.disabled
    assert "taken back" in table.message.value
    table.undo_button.click()
    assert "nothing to undo" in table.message.value and table.errors == []


def test_new_game_with_the_same_seed_deals_the_same_cards(table):
    hand = table.game.view(0).hand
    click(table, GreedyBot().choose(table.game))
    table.same_seed.value = True
    table.new_button.click()
    settle(table)
    assert table.game.seed == 7 and table.game.view(0).hand == hand
    assert "Seed 7" in table.seed_label.value
    assert len(table.game.log) == 1 and table.game.log[0]["play"] is None
    table.same_seed.value = False
    table.new_button.click()
    settle(table)
    assert f"Seed {table.game.seed}" in table.seed_label.value


def test_a_random_seed_is_shown_and_replays():
    w = CardTable(players=2, bot_delay=0)
    settle(w)
    again = CardTable(players=2, seed=w.game.seed, bot_delay=0)
    settle(again)
    assert f"Seed {w.game.seed}" in w.seed_label.value
    assert again.game.view(0).hand == w.game.view(0).hand


# -- accessibility ------------------------------------------------------------------------


def test_every_control_is_described_and_button_text_contrasts_7_to_1(table):
    for x in _widgets(table):
        if isinstance(x, widgets.Button | widgets.ToggleButton | widgets.Checkbox |
                      widgets.Text | widgets.Dropdown) and x.layout.display != "none":
            assert x.description, x
    for color in CARD_COLORS.values():
        assert contrast_ratio(INK, cards_module._tint(color)) >= 7
    assert all(b.tooltip for b in table.choice_buttons if b.layout.display != "none")


def test_bad_arguments_are_refused():
    with pytest.raises(Exception, match="players"):
        CardTable(players=5)
    with pytest.raises(ValueError, match="bots"):    # a ConfigurationError, a ValueError
        CardTable(players=3, bots=["greedy"])


# -- the table's settings and the best play's words -----------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"bots": "smart"}, "unknown bot 'smart'"),
    ({"players": 3, "bots": ["greedy"]}, "2 other seats need"),
    ({"bots": 7}, "bots is 7"),
    ({"bot_delay": -1}, "bot_delay is -1"),
    ({"bot_delay": float("inf")}, "bot_delay is inf"),
    ({"bot_dealy": 0}, "did you mean 'bot_delay'"),
    ({"secret_bot": True}, "did you mean 'secret_bots'"),
    ({"secret_bots": "yes"}, "secret_bots is 'yes'"),
    ({"seed": 2.5}, "seed is 2.5"),
    ({"round_limit": 0}, "round_limit is 0"),
    ({"editions": 0}, "edition"),
])
def test_every_argument_is_checked_up_front(kwargs, words):
    from swkit.errors import ConfigurationError
    with pytest.raises(ConfigurationError, match=re.escape(words)):
        CardTable(**kwargs)


def test_the_explorer_takes_no_arguments():
    from swkit.errors import ConfigurationError
    from swkit.widgets import OddsExplorer
    with pytest.raises(ConfigurationError, match="does not take the keyword 'seed'"):
        OddsExplorer(seed=1)


def test_the_status_counts_rounds_and_says_whose_turn():
    w = CardTable(players=2, seed=8, bot_delay=0)
    assert "Round 1 · your turn" in w.status.value
    w.act("play R6")
    w.wait_idle()
    assert w.game.turn == 2 and "Round 2 · your turn" in w.status.value
    assert "Turn 3" not in w.status.value
    assert w.errors == []


def test_a_chance_within_two_turns_says_its_condition():
    """The hint's within-two-turns chances assume the others change nothing (RULES.md §C1):
    each says so in words, next to the number."""
    w = CardTable(players=2, seed=8, bot_delay=0)
    w.act("play R6")
    w.hint_toggle.value = True
    w.wait_idle()
    text = html.unescape(w.hint.value)
    lines = [line for line in re.split(r"<br>", text) if "within two" in line]
    assert len(lines) == 2                    # the chance and the best play's chance
    assert all("if nobody else moves first" in line for line in lines)
    assert "2757/182780" in text and "1/39" in text
    assert w.errors == []


def test_the_hint_lists_the_steps_naming_powers_and_seats_as_the_buttons_do():
    """the best play is a numbered list of the odds engine's steps, a Power in
    words ("Power 9 (yellow)", not its key) and the other tableau by its seat, as the buttons
    that carry the plan out say it. Seed 53 with 3 players, greedy moves: at turn 6 seat 0
    draws Y5, and the plan swaps with seat 2."""
    w = CardTable(players=3, seed=53, bot_delay=0)
    w.hint_toggle.value = True
    chooser = GreedyBot()
    settle(w)
    while not (w.game.turn == 6 and w.game.phase == "play"):
        click(w, chooser.choose(w.game))
    hint = w.hint.value
    plan = next(p for p in w.hint_odds[2].plans if p.card == parse_card("Y5"))
    assert plan.steps[-1] == PlanStep("swap", (parse_card("Y3"), parse_card("B1")), seat=2)
    assert ("You drew Y5. Best play, step by step:<ol" in hint and "<li>play Y5</li>"
            "<li>take the figure</li><li>use Power 9 (yellow)</li>"
            "<li>swap Y3 for B1 of seat 2</li></ol>With it, your chance" in hint)
    assert "yellow-swap" not in hint and "tableau" not in hint
    assert parse_card("B1") in w.game.view(0).tableaux[2]           # B1 is seat 2's card
    # the buttons that carry the plan out say the same words
    click(w, "play Y5")
    assert w.game.phase == "power"
    assert "use Power 9 (yellow)" in [b.description for b in w.choice_buttons]
    click(w, "use Power yellow-swap")
    assert "power swap Y3 for B1 of seat 2" in offered(w)
    assert w.errors == []


def test_the_seed_note_says_what_the_seed_reveals():
    w = CardTable(players=2, seed=8, bot_delay=0)
    assert "sees every hand, the bots' too" in html.unescape(w.seed_note.value)
    assert "secret_bots=True" in w.seed_note.value
    s = CardTable(players=3, seed=8, bot_delay=0, secret_bots=True)
    assert "bots' hands are secret" in html.unescape(s.seed_note.value)
    import json
    plain = json.loads(CardGame(3, 8).to_json())["start"]
    first = json.loads(s.game.to_json())["start"]
    assert first["hands"][0] == plain["hands"][0]          # your hand replays
    s.same_seed.value = True
    s.new_button.click()
    s.wait_idle()
    again = json.loads(s.game.to_json())["start"]
    assert again["hands"][0] == plain["hands"][0]
    assert again["deck"][-9:] == first["deck"][-9:] == plain["deck"][-9:]   # the first draws
    assert s.errors == [] and w.errors == []
