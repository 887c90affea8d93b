"""Students' bots in the card game (swkit/arena with game="cards"): the same process, limits
and forfeits as a dice bot, a view with no other hand and no deck order, duplicate deals, the
round robin and the command."""

from __future__ import annotations

import json
import random
import re
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest
from test_arena import BOTS, FAST, REASONS, bots, cli  # noqa: F401 - bots: the fixture of bot files

from swkit.arena.bot_process import Limits, StudentBot
from swkit.arena.compare import compare
from swkit.arena.in_process import FunctionEntrant, plain_view
from swkit.arena.matches import (
    BuiltinEntrant,
    DuplicateDeck,
    FileEntrant,
    GameResult,
    make_entrant,
    play_cards,
    play_game,
    play_pair,
    win_share,
)
from swkit.arena.round_robin import round_robin
from swkit.cards.game import CardGame
from swkit.errors import ConfigurationError
from swkit.state import CHANCE, TERMINAL

CARD = re.compile(r"[GBPRY][1-9]")


def first_player(view):
    """Its first legal move, always."""
    return view.legal_moves[0]


# --- the same forfeits as a dice bot ----------------------------------------------------------

@pytest.mark.parametrize("name", sorted(REASONS))
def test_every_forfeit_of_a_dice_bot_is_the_same_forfeit_in_a_card_game(bots, name):  # noqa: F811
    """Each way to break the rules (an illegal move, a crash, a timeout, memory, output, an
    exit, a file that does not load...) loses the card game with the dice game's words."""
    entrant = make_entrant(str(bots[name]), FAST, game="cards")
    try:
        result = play_cards([entrant, make_entrant("greedy", game="cards")], seed=1)
    finally:
        entrant.close()
    assert result.forfeit == (0, REASONS[name])
    assert result.winners == (1,) and result.names == (name, "greedy")


def test_a_card_bot_file_goes_through_the_dice_bots_process(bots, monkeypatch):  # noqa: F811
    """One path: a card bot file is a FileEntrant whose StudentBot gets the seat's view as plain
    data and the legal moves as text, exactly as a dice bot's does."""
    calls = []
    real = StudentBot.choose

    def spying(self, view, legal_moves):
        calls.append((view, legal_moves))
        return real(self, view, legal_moves)
    monkeypatch.setattr(StudentBot, "choose", spying)
    entrant = make_entrant(str(bots["good"]), FAST, game="cards")
    assert type(entrant) is FileEntrant and type(make_entrant(str(bots["good"]))) is FileEntrant
    try:
        result = play_cards([entrant, make_entrant("random", game="cards")], seed=4)
    finally:
        entrant.close()
    assert result.forfeit is None and calls
    for view, legal in calls:
        assert json.loads(json.dumps(view)) == view and view["player"] == 0
        assert legal and all(isinstance(m, str) for m in legal)


def test_unknown_card_bots_and_games_are_refused_in_words():
    with pytest.raises(ConfigurationError, match="unknown card bot 'points': choose one of "
                                                 "random, greedy"):
        make_entrant("points", game="cards")
    with pytest.raises(ConfigurationError, match="unknown game 'chess': choose dice or cards"):
        make_entrant("greedy", game="chess")
    with pytest.raises(ConfigurationError, match="unknown game"):
        round_robin(["greedy", "random"], pairs=1, game="chess")


# --- the moves as text, the view with nothing hidden -----------------------------------------

def test_the_legal_moves_are_the_games_own_action_texts():
    """At every decision the view's legal moves are the texts the game's apply takes and its
    save records (history), the ones ``CardGame.legal_actions`` gives; a saved game replays."""
    rng = random.Random(5)
    for seed in range(3):
        game = CardGame(2, seed)
        while (seat := game.current_player()) != TERMINAL:
            if seat == CHANCE:
                game.apply_chance()
                continue
            view = plain_view(game, seat)
            assert set(view.legal_moves) == set(game.legal_moves())
            move = rng.choice(view.legal_moves)
            game.apply(move)
            assert game.history[-1] == (seat, move)
        assert CardGame.from_json(game.to_json()) == game


SPY = r'''
import gc, re

CARD = re.compile(r"[GBPRY][1-9]")
LIST = re.compile(rb'\["[GBPRY][1-9]"(?:, "[GBPRY][1-9]")*\]')


def in_memory():
    """Every card named in a JSON list anywhere in this process's memory."""
    found = set()
    with open("/proc/self/maps") as maps:
        regions = [line.split() for line in maps]
    with open("/proc/self/mem", "rb", buffering=0) as mem:
        for region in regions:
            if "r" not in region[1] or (len(region) > 5 and region[5].startswith("[v")):
                continue
            start, end = (int(x, 16) for x in region[0].split("-"))
            for at in range(start, end, 1 << 22):
                try:
                    mem.seek(at)
                    data = mem.read(min(1 << 22, end - at))
                except (OSError, ValueError, OverflowError):
                    break
                for match in LIST.findall(data):
                    found.update(CARD.findall(match.decode()))
    return found


def in_objects(view):
    """Every card named by a short text held by any object of this process, the view too."""
    found = set()
    for thing in gc.get_objects() + [vars(view)]:
        if isinstance(thing, dict):
            items = list(thing.keys()) + list(thing.values())
        elif isinstance(thing, (list, tuple, set, frozenset)):
            items = list(thing)
        else:
            continue
        for item in items:
            if isinstance(item, str) and len(item) < 200:
                found.update(t for t in item.replace(",", " ").split() if CARD.fullmatch(t))
    return found


calls = [0]


def choose(view):
    calls[0] += 1
    found = in_objects(view)
    if calls[0] % 6 == 1:
        found |= in_memory()
    print(" ".join(sorted(found)), flush=True)
    return view.legal_moves[0]
'''


class Recording(FileEntrant):
    """A bot file that also notes, before each move, every card its seat has been shown."""

    def __init__(self, path: str, limits: Limits, leak: bool = False) -> None:
        super().__init__(path, limits)
        self.shown: list[set[str]] = []
        self.hidden: list[set[str]] = []
        self.leak = leak

    def move(self, game, seat):
        view = game.view(seat)
        seen = set(self.shown[-1]) if self.shown else set()
        seen |= {str(c) for c in view.hand} | {str(c) for t in view.tableaux for c in t}
        seen |= {str(c) for c in view.discard}
        self.shown.append(seen)
        other = {str(c) for c in game.hands[1 - seat]} | {str(c) for c in game.deck}
        self.hidden.append(other - seen)
        if not self.leak:
            return super().move(game, seat)
        data = view.to_dict()   # a broken arena that sent another hand: the spy must see it
        data["other_hand"] = sorted(str(c) for c in game.hands[1 - seat])
        legal = [str(a) for a in game.legal_actions()]
        return self.bot.choose(data, legal)


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="reads /proc/self/mem")
def test_a_card_bot_that_searches_its_memory_finds_no_hidden_card(tmp_path):
    """The spy looks through every object of its process and every byte of its memory for
    cards; it finds only cards its seat has been shown, never one of the other hand or the
    deck. The same spy, given a view that holds the other hand, finds those cards: the search
    works."""
    spy = tmp_path / "spy.py"
    spy.write_text(SPY)
    limits = Limits(move_seconds=20.0, game_seconds=300.0, output_bytes=1_000_000)
    for leak in (False, True):
        entrant = Recording(str(spy), limits, leak=leak)
        try:
            result = play_cards([entrant, make_entrant("greedy", game="cards")], seed=3)
            printed = entrant.bot.output(1_000_000).splitlines()
        finally:
            entrant.close()
        assert result.forfeit is None
        assert len(printed) == len(entrant.shown) > 5
        found = [set(line.split()) for line in printed]
        if leak:
            assert any(f & h for f, h in zip(found, entrant.hidden, strict=True))
            continue
        assert all(hidden for hidden in entrant.hidden)     # there was something to find
        for seen_then, hidden, f in zip(entrant.shown, entrant.hidden, found, strict=True):
            assert f <= seen_then and not f & hidden


def test_the_in_process_card_view_is_plain_data_with_no_hidden_card():
    game = CardGame(2, seed=8)
    while game.current_player() == CHANCE:
        game.apply_chance()
    seat = game.current_player()
    view = plain_view(game, seat)
    text = json.dumps(view.to_dict())
    named = set(CARD.findall(text))
    assert named == {str(c) for c in game.hands[seat]}     # nothing on the table yet
    assert not named & {str(c) for c in game.hands[1 - seat] + game.deck}
    assert view.deck_size == len(game.deck) and view.hand_sizes == [4, 3]
    assert not hasattr(view, "deck") and not hasattr(view, "hands")


# --- the duplicate deal ---------------------------------------------------------------------------

def own_draws(seed: int) -> list[list[str]]:
    """The cards of the deck as dealt, shared out as they would reach seats 0 and 1."""
    top_first = [str(c) for c in reversed(CardGame(2, seed).deck)]
    # the game is built before its first draw: seat 0 draws first
    return [top_first[0::2], top_first[1::2]]


def own_part(result: GameResult, own: list[list[str]]) -> list[list[str]]:
    """Each seat's draws in ``result`` until a seat first had none of its own cards left (after
    that it takes the other seat's last one, docs/DECISIONS.md)."""
    drawn: list[list[str]] = [[], []]
    for seat, card in result.draws:
        if len(drawn[seat]) == len(own[seat]):
            break
        drawn[seat].append(card)
    return drawn


def test_both_seats_get_the_same_deal_in_both_games_of_a_pair():
    """The same hands and, draw after draw, the same cards in each seat whoever sits there,
    even when a Power (draw two) or the bots' play changes how many cards a seat draws."""
    greedy, rand = make_entrant("greedy", game="cards"), make_entrant("random", game="cards")
    uneven = differ = 0
    for seed in range(12):
        one, two = play_pair(greedy, rand, seed, "cards")
        own = own_draws(seed)
        parts = [own_part(game, own) for game in (one, two)]
        for seat in (0, 1):
            for part in parts:
                assert part[seat] == own[seat][:len(part[seat])]
            differ += len(parts[0][seat]) != len(parts[1][seat])
        for game in (one, two):
            seats = [s for s, _ in game.draws]
            uneven += any(a == b for a, b in zip(seats, seats[1:], strict=False))
        assert one.names == ("greedy", "random") and two.names == ("random", "greedy")
    assert differ and uneven       # the check met games of different lengths and draw-twos
    hands = [CardGame(2, seed).view(0).hand for seed in (3, 3)]
    assert hands[0] == hands[1]


class Table:
    """Just what DuplicateDeck reads of a card game: whose turn, the deck (top last)."""

    def __init__(self, deck: list[str]) -> None:
        self.deck, self.turn_player, self.drawn = deck, 0, []

    def apply_chance(self, card: str) -> str:
        index = len(self.deck) - 1 - self.deck[::-1].index(card)
        del self.deck[index]
        self.drawn.append((self.turn_player, card))
        return card


def test_a_seat_out_of_its_own_cards_takes_the_others_last_and_a_new_deck_is_shared_again():
    table, deck = Table(["a", "b", "c", "d", "e"]), DuplicateDeck(2)   # e is the top
    for seat in (0, 0, 0, 0, 1):
        table.turn_player = seat
        deck.draw(table)
    assert table.drawn == [(0, "e"), (0, "c"), (0, "a"), (0, "b"), (1, "d")]
    table.deck = ["x", "y", "z"]            # refilled from the discard pile
    for seat in (1, 0, 1):
        table.turn_player = seat
        deck.draw(table)
    assert table.drawn[5:] == [(1, "z"), (0, "y"), (1, "x")]


def test_a_card_bots_own_randomness_never_moves_the_deck():
    def noisy(view):
        for _ in range(random.randrange(1, 50)):
            random.random()
        return first_player(view)

    random.seed(1)
    quiet = play_pair(FunctionEntrant(first_player), BuiltinEntrant("random", "cards"), 8,
                      "cards")
    random.seed(2)
    loud = play_pair(FunctionEntrant(noisy), BuiltinEntrant("random", "cards"), 8, "cards")
    assert [g.draws for g in quiet] == [g.draws for g in loud]
    assert [g.winners for g in quiet] == [g.winners for g in loud]
    alone = play_game("cards", [FunctionEntrant(first_player),
                                BuiltinEntrant("random", "cards")], 8, duplicate=False)
    assert alone.draws == quiet[0].draws    # one draw a turn here: the deal's own order


def test_a_game_with_no_winner_counts_no_win_for_either_seat():
    stopped = GameResult(("a", "b"), (), (2, 2))
    assert win_share(stopped, 0) == win_share(stopped, 1) == 0
    shared = GameResult(("a", "b"), (0, 1), (9, 9))
    assert win_share(shared, 1) == Fraction(1, 2)


# --- in this process, compare, the round robin, the command -----------------------------------

def test_a_card_bot_function_forfeits_in_the_same_words_in_this_process():
    def crash(view):
        return {}["nothing"]

    def illegal(view):
        return "score Nobody"

    found = compare(crash, against="random", pairs=1, seed=0, game="cards")
    assert found.paired.wins == 0 and len(found.paired.forfeits) == 1
    (reason,) = found.paired.forfeits
    assert reason.startswith("choose(view) raised KeyError: 'nothing' (line ")
    found = compare(illegal, against="greedy", pairs=1, seed=0, game="cards")
    assert found.paired.forfeits == {REASONS["illegal"]: 2}
    assert "paired games (the same deal, seats swapped)" in str(found)
    assert "unpaired games (a deal of their own)" in str(found)


def test_compare_in_the_card_game_counts_what_play_pair_counts():
    found = compare(first_player, against="greedy", pairs=3, seed=2, game="cards",
                    name="first")
    again = compare(first_player, against="greedy", pairs=3, seed=2, game="cards",
                    name="first")
    assert found.paired.pair_wins == again.paired.pair_wins and found.game == "cards"
    assert found.paired.games == found.unpaired.games == 6


def test_a_card_round_robin_counts_every_game_and_names_forfeits(bots):  # noqa: F811
    entries = ["greedy", "random", str(bots["good"]), str(bots["crash"])]
    result = round_robin(entries, pairs=2, seed=1, limits=FAST, workers=1, game="cards")
    assert result.games == 6 * 2 * 2 and result.game == "cards"
    assert sum(s.games for s in result.standings) == 2 * result.games
    crash = next(s for s in result.standings if s.name == "crash")
    assert crash.wins == 0 and crash.forfeits == {REASONS["crash"]: 12}
    assert "Something Wild!" in result.lines()[0] and "the same deal" in result.lines()[0]
    data = result.to_json()
    assert data["game"] == "cards" and data["standings"][-1]["name"] == "crash"
    assert "Something Wild!" in result.chart().words()
    two = round_robin(entries, pairs=2, seed=1, limits=FAST, workers=2, game="cards")
    assert two.to_json()["standings"] == data["standings"]     # however many workers


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    return cli(capsys, *argv, game="cards")


def test_the_command_plays_a_card_class_tournament(bots, capsys, tmp_path):  # noqa: F811
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("good", "illegal"):
        (folder / f"{name}.py").write_text(bots[name].read_text())
    status, out, err = _cli(capsys, "--bots", f"greedy,{folder}", "--pairs", "1",
                            "--workers", "1")
    assert status == 0, err
    assert "Traceback" not in out + err and err == ""
    assert "Something Wild!" in out and "good" in out
    assert f"illegal: 4 games: {REASONS['illegal']}" in out
    status, out, err = _cli(capsys, "--bots", f"random,{bots['good']}", "--pairs", "1",
                            "--json", "--workers", "1")
    assert status == 0 and json.loads(out)["game"] == "cards" and json.loads(out)["games"] == 2
    status, out, err = _cli(capsys, "--bots", f"points,{bots['good']}", "--pairs", "1")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "unknown card bot 'points'" in err


@pytest.mark.slow
def test_dask_plays_card_bot_files_with_the_same_results(bots):  # noqa: F811
    pytest.importorskip("distributed")
    entries = ["greedy", str(bots["good"]), str(bots["crash"])]
    local = round_robin(entries, pairs=1, seed=3, limits=FAST, workers=1,
                        game="cards").to_json()
    dask = round_robin(entries, pairs=1, seed=3, limits=FAST, workers=2, backend="dask",
                       game="cards").to_json()
    assert local["standings"] == dask["standings"] and dask["game"] == "cards"


def test_a_card_bot_file_reads_the_views_fields_as_attributes(tmp_path):
    """A card bot file sees the view's fields as attributes (lists and text)."""
    path = tmp_path / "fields.py"
    path.write_text(textwrap.dedent("""
        def choose(view):
            assert isinstance(view.hand, list) and isinstance(view.tableaux, list)
            assert view.phase in ("play", "figure", "power", "score", "discard", "pass") \\
                or view.phase.startswith("power"), view.phase
            assert view.player == view.to_move
            return view.legal_moves[-1]
        """))
    entrant = make_entrant(str(path), FAST, game="cards")
    try:
        result = play_cards([make_entrant("greedy", game="cards"), entrant], seed=6)
    finally:
        entrant.close()
    assert result.forfeit is None, result.forfeit
