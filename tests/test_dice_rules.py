"""Rules of Clubhouse dice, one test per rule, each naming its RULES.md section."""

from __future__ import annotations

import json

import pytest

from swkit.dice import scoring
from swkit.dice.board import Scoreboard
from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS, check_characters, parse_faces
from swkit.dice.game import CHANCE, TERMINAL, TURNS_BY_PLAYERS, Action, DiceGame
from swkit.errors import ConfigurationError, IllegalActionError, NotationError
from swkit.odds.dice import DiceModel

# -- §B1 notation -----------------------------------------------------------------------------


def test_b1_faces_by_name_prefix_and_alias() -> None:
    """RULES.md §B1: full names, unique prefixes, any case; C / Clubhouse / wild."""
    assert parse_faces("mick min d g p") == ("Mickey", "Minnie", "Donald", "Goofy", "Pluto")
    assert parse_faces("C, clubhouse WILD") == (CLUBHOUSE,) * 3
    assert parse_faces(["MICKEY", "Pl"]) == ("Mickey", "Pluto")


@pytest.mark.parametrize("token", ["m", "mi", "x", "Daisy", "7"])
def test_b1_bad_or_ambiguous_face_is_named(token: str) -> None:
    """RULES.md §B1: an unknown or ambiguous face is an error naming the token."""
    with pytest.raises(NotationError, match=repr(token)):
        parse_faces(f"Goofy {token}")


def test_b1_clubhouse_alias_wins_over_prefix() -> None:
    """RULES.md §B1: 'C' is the Clubhouse even in an edition with a character starting with C."""
    chars = ("Chip", "Dale", "Daisy", "Goofy", "Pluto")
    assert parse_faces("c ch", chars) == (CLUBHOUSE, "Chip")


@pytest.mark.parametrize("chars", [
    ("Mickey", "Minnie", "Donald", "Goofy"),
    ("Mickey", "Minnie", "Donald", "Goofy", "Wild"),
    ("Mickey", "mickey", "Donald", "Goofy", "Pluto"),
])
def test_b1_edition_must_have_five_distinct_characters(chars: tuple[str, ...]) -> None:
    """RULES.md §B1: exactly five characters, no clash with a Clubhouse alias, no repeat."""
    with pytest.raises(ConfigurationError):
        check_characters(chars)
    with pytest.raises(ConfigurationError):
        DiceGame(characters=chars)


def test_b1_renamed_edition_plays() -> None:
    """RULES.md §B1: an edition may rename the characters."""
    chars = ("Huey", "Dewey", "Louie", "Daisy", "Scrooge")
    game = DiceGame(players=1, seed=3, characters=chars)
    game.apply_chance("h h dew C scr")
    assert game.dice == ("Huey", "Huey", "Dewey", "Scrooge", CLUBHOUSE)
    assert game.counts() == {"Huey": 3, "Dewey": 2, "Louie": 1, "Daisy": 1, "Scrooge": 2}
    game.apply("score huey")
    assert game.board.scored(0) == {"Huey": 3}


# -- §B4 counts and the scoreboard ------------------------------------------------------------


def test_b4_count_is_character_plus_clubhouses() -> None:
    """RULES.md §B4: the count is the dice showing the character plus every Clubhouse."""
    dice = ("Mickey", "Mickey", CLUBHOUSE, "Goofy", CLUBHOUSE)
    assert scoring.count(dice, "Mickey") == 4
    assert scoring.count(dice, "Goofy") == 3
    assert scoring.count(dice, "Pluto") == 2
    assert scoring.count(iter(dice), "Mickey") == 4  # any iterable
    assert scoring.count((CLUBHOUSE,) * 5, "Donald") == 5  # §C2: five Clubhouses


def test_b4_board_pushes_a_taken_4_to_the_open_3() -> None:
    """RULES.md §B4: a count of 4 whose 4 space is taken goes to the nearest open space left."""
    board = Scoreboard(players=2)
    assert board.place(0, "Goofy", 4) == 4
    assert board.place(1, "Goofy", 4) == 3
    assert board.owner("Goofy", 4) == 0 and board.owner("Goofy", 3) == 1
    assert board.totals() == (4, 3)


def test_b4_board_skips_several_taken_spaces() -> None:
    """RULES.md §B4: the nearest open space to the left, past several taken ones."""
    board = Scoreboard(players=4)
    board.place(0, "Pluto", 5)
    board.place(1, "Pluto", 4)
    board.place(2, "Pluto", 3)
    assert board.place(3, "Pluto", 5) == 2


def test_b4_picture_column_when_1_to_count_are_taken() -> None:
    """RULES.md §B4: when every numbered space at or below the count is taken, the token goes to
    the Picture Column (0 points) even though higher spaces are open."""
    board = Scoreboard(players=4)
    for seat, count in enumerate((1, 2, 3)):
        board.place(seat, "Donald", count)
    assert board.place(3, "Donald", 3) == scoring.PICTURE_COLUMN
    assert board.picture_column("Donald") == (3,)
    assert board.owner("Donald", 4) is None and board.owner("Donald", 5) is None
    assert board.total(3) == 0


def test_b4_count_zero_goes_to_picture_column() -> None:
    """RULES.md §B4: a count of 0 goes to the Picture Column, which holds any number of tokens."""
    board = Scoreboard(players=3)
    for seat in range(3):
        assert board.place(seat, "Minnie", 0) == 0
    assert board.picture_column("Minnie") == (0, 1, 2)
    assert board.taken("Minnie") == frozenset()
    assert board.totals() == (0, 0, 0)


def test_b4_space_for_rule() -> None:
    """RULES.md §B4: space_for is the nearest open space at or left of the count."""
    assert scoring.space_for(5, set()) == 5
    assert scoring.space_for(4, {4}) == 3
    assert scoring.space_for(4, {1, 2, 3, 4}) == 0
    assert scoring.space_for(5, {5, 3}) == 4
    assert scoring.space_for(0, set()) == 0
    assert scoring.space_for(3, {1, 2, 3}) == 0


def test_b4_character_scored_once_on_board() -> None:
    """RULES.md §B4: a character is scored once, Picture Column included; tokens never move."""
    board = Scoreboard(players=2)
    board.place(0, "Mickey", 0)
    with pytest.raises(IllegalActionError, match="already scored Mickey.*§B4"):
        board.place(0, "Mickey", 5)
    assert board.scored(0) == {"Mickey": 0}
    assert board.unscored(0) == ("Minnie", "Donald", "Goofy", "Pluto")


def test_b4_board_render_and_json() -> None:
    """RULES.md §B1/§B4: the board renders as a grid and round-trips through a dict."""
    board = Scoreboard(players=2)
    board.place(0, "Mickey", 5)
    board.place(1, "Mickey", 5)
    board.place(1, "Pluto", 0)
    text = board.render()
    assert "Picture" in text and "P0" in text and "Totals: P0 5, P1 4" in text
    mickey = next(line for line in text.splitlines() if line.startswith("Mickey"))
    assert mickey.split("|")[-1].strip() == "P0" and mickey.split("|")[-2].strip() == "P1"
    again = Scoreboard.from_dict(board.to_dict())
    assert again == board and again.totals() == (5, 4) and again.row_mask("Mickey") == 0b11000


# -- §B4 forced zero ----------------------------------------------------------------------------


def _solo_scoring(game: DiceGame, character: str) -> None:
    """Roll five of ``character`` and score it (a forced roll)."""
    game.apply_chance(" ".join([character] * 5))
    game.apply(f"score {character}")


def test_b4_forced_zero_after_the_third_roll() -> None:
    """RULES.md §B4: after the third roll, dice showing only scored characters and no Clubhouse
    force a zero: the only legal actions score an unscored character into its Picture Column."""
    game = DiceGame(players=1, seed=0)
    for c in ("Mickey", "Minnie", "Donald", "Goofy"):
        _solo_scoring(game, c)
    game.apply_chance("Mickey Mickey Minnie Donald Goofy")
    assert not game.forced_zero()
    game.apply("keep nothing")
    game.apply_chance("Mickey Mickey Mickey Donald Goofy")
    assert not game.forced_zero()  # a reroll is still allowed
    game.apply("reroll all")
    game.apply_chance("Minnie Minnie Donald Goofy Goofy")
    assert game.forced_zero()
    assert [str(a) for a in game.legal_actions()] == ["score Pluto"]
    game.apply("score Pluto")
    assert game.board.scored(0)["Pluto"] == 0
    assert game.board.picture_column("Pluto") == (0,)
    assert game.current_player() == TERMINAL
    assert game.outcome().scores == (20,)


def test_b4_no_forced_zero_with_a_clubhouse() -> None:
    """RULES.md §B4: a Clubhouse makes every unscored character count at least 1."""
    game = DiceGame(players=1, seed=0)
    for c in ("Mickey", "Minnie", "Donald", "Goofy"):
        _solo_scoring(game, c)
    for _ in range(2):
        game.apply_chance("Mickey Mickey Mickey Mickey Mickey")
        game.apply("keep nothing")
    game.apply_chance("Mickey Mickey Minnie Donald C")
    assert not game.forced_zero()
    game.apply("score Pluto")
    assert game.board.scored(0)["Pluto"] == 1


def test_b4_zero_from_a_full_row() -> None:
    """RULES.md §B4: with a Clubhouse showing, a zero comes only from a full row (count 1 with
    the 1 space taken)."""
    game = DiceGame(players=2, seed=0, turns=1)
    game.apply_chance("Goofy C Mickey Mickey Mickey")
    game.apply("score Goofy")  # count 2 -> the 2 space
    game.apply_chance("Goofy Minnie Minnie Mickey Mickey")
    game.apply("score Goofy")  # count 1 -> the 1 space
    assert game.board.owner("Goofy", 1) == 1
    assert game.board.totals() == (2, 1)


# -- §B2 players and turns ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "turns"), sorted(TURNS_BY_PLAYERS.items()))
def test_b2_turns_per_player_count(players: int, turns: int) -> None:
    """RULES.md §B2: 1 player 5 turns, 2 players 5, 3 players 4, 4 players 3; seats in order."""
    assert TURNS_BY_PLAYERS == {1: 5, 2: 5, 3: 4, 4: 3}
    game = DiceGame(players=players, seed=5)
    assert game.turns == turns
    seats = []
    while game.current_player() != TERMINAL:
        if game.current_player() == CHANCE:
            game.apply_chance()
            continue
        seats.append(game.current_player())
        game.apply(game.legal_actions()[-1])  # a score: one roll per turn
    # every turn was scored: seat order, 'turns' turns each
    assert seats[: players * turns] == list(range(players)) * turns
    for seat in range(players):
        assert game.board.tokens_placed(seat) == turns
        assert len(game.board.unscored(seat)) == 5 - turns  # unused tokens stay off the board


@pytest.mark.parametrize("players", [0, 5, -1, 2.0, "2", True])
def test_b2_player_count_range(players: object) -> None:
    """RULES.md §B2: 1-4 players; anything else is a ConfigurationError naming the range."""
    with pytest.raises(ConfigurationError, match="1 to 4 players"):
        DiceGame(players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("turns", [0, 6])
def test_b2_turns_range(turns: int) -> None:
    """RULES.md §B2: at most one turn per character (5)."""
    with pytest.raises(ConfigurationError, match="turns per player"):
        DiceGame(players=2, turns=turns)


# -- §B3 a turn ---------------------------------------------------------------------------------


def test_b3_three_rolls_then_must_score() -> None:
    """RULES.md §B3: roll, up to two rerolls, then the player must score."""
    game = DiceGame(players=2, seed=9)
    for roll in (1, 2, 3):
        assert game.current_player() == CHANCE
        game.apply_chance()
        assert game.roll_number == roll
        kinds = {a.kind for a in game.legal_actions()}
        assert kinds == ({"keep", "score"} if roll < 3 else {"score"})
        if roll < 3:
            game.apply("keep nothing")
    with pytest.raises(IllegalActionError, match="third roll.*§B3"):
        game.apply("keep nothing")


def test_b3_keeping_all_five_is_not_a_reroll() -> None:
    """RULES.md §B3: at least one die is picked up, so 'keep' of all five dice is illegal."""
    game = DiceGame(players=1)
    game.apply_chance("Mickey Mickey Goofy C Pluto")
    assert "keep Mickey Mickey Goofy Pluto Clubhouse" not in map(str, game.legal_actions())
    with pytest.raises(IllegalActionError, match="all five.*§B3"):
        game.apply("keep Mickey Mickey Goofy C Pluto")


def test_b3_legal_keeps_are_every_proper_sub_multiset() -> None:
    """RULES.md §B3: any dice may be kept (earlier kept dice may be picked up again)."""
    game = DiceGame(players=1)
    game.apply_chance("Mickey Mickey Mickey Goofy C")  # multiplicities 3, 1, 1
    keeps = [a for a in game.legal_actions() if a.kind == "keep"]
    assert len(keeps) == 4 * 2 * 2 - 1
    assert str(keeps[0]) == "keep nothing"
    game.apply("keep Mickey Mickey Mickey")
    game.apply_chance("Goofy Goofy")
    game.apply("keep Goofy Goofy")  # picks the Mickeys up again
    assert game.rerolling() == 3


def test_b3_keep_holds_the_first_dice_in_die_order() -> None:
    """RULES.md §B3 decision: a keep holds the first dice showing the kept faces; a forced roll
    puts the new faces on the rerolled dice in order."""
    game = DiceGame(players=1)
    game.apply_chance("Mickey Goofy Mickey Pluto C")
    assert game.dice == ("Mickey", "Mickey", "Goofy", "Pluto", CLUBHOUSE)  # canonical order
    game.apply("keep Mickey C")  # holds dice 0 and 4
    game.apply_chance("Donald Donald Minnie")
    assert game.dice == ("Mickey", "Minnie", "Donald", "Donald", CLUBHOUSE)
    assert game.history[-1].value == ("Minnie", "Donald", "Donald")


def test_b3_same_seed_same_draws_whatever_is_kept() -> None:
    """RULES.md §B3 decision: every roll draws five faces in die order and kept dice ignore
    theirs, so games with the same seed stay in step whatever the players keep."""
    a, b = DiceGame(players=2, seed=42), DiceGame(players=2, seed=42)
    a.apply_chance()
    b.apply_chance()
    assert a.dice == b.dice
    a.apply("keep nothing")
    keep = b.legal_actions()[len(b.legal_actions()) // 2]
    assert keep.kind == "keep" and keep.faces
    b.apply(keep)
    held = b.kept
    a.apply_chance()
    b.apply_chance()
    for i in range(5):
        if not held[i]:
            assert b.dice[i] == a.dice[i]


# -- §B5 end of the game and tie-break ----------------------------------------------------------


def _tied_two_player_game() -> DiceGame:
    """Two players, one turn each, both score 5: a tie for first (RULES.md §B5)."""
    game = DiceGame(players=2, seed=1, turns=1)
    _solo_scoring(game, "Mickey")
    _solo_scoring(game, "Minnie")
    return game


def test_b5_highest_total_wins() -> None:
    """RULES.md §B5: the highest total wins."""
    game = DiceGame(players=2, seed=1, turns=1)
    _solo_scoring(game, "Mickey")
    game.apply_chance("Minnie Minnie Minnie Goofy Goofy")
    game.apply("score Minnie")
    result = game.outcome()
    assert result is not None and result.winners == (0,) and result.scores == (5, 3)
    assert "highest total" in result.reason


def test_b5_tie_break_most_clubhouses_stay() -> None:
    """RULES.md §B5: tied players roll all five dice; the most Clubhouses stay; repeat."""
    game = _tied_two_player_game()
    assert game.current_player() == CHANCE and game.tied == (0, 1)
    assert game.outcome() is None
    with pytest.raises(IllegalActionError, match="roll-off.*§B5"):
        game.apply("score Goofy")
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    game.apply_chance((1, 1))
    assert game.current_player() == CHANCE and game.tied == (0, 1)
    game.apply_chance("0 2")
    assert game.current_player() == TERMINAL
    result = game.outcome()
    assert result.winners == (1,) and result.winner == 1
    assert "roll-off after 2 rounds" in result.reason
    assert [r["clubhouses"] for r in game.tiebreak_rounds] == [[1, 1], [0, 2]]


def test_b5_tie_break_three_players_leaves_the_leaders() -> None:
    """RULES.md §B5: only the tied players roll, and only those with the most stay."""
    game = DiceGame(players=3, seed=2, turns=1)
    for c in ("Mickey", "Minnie", "Donald"):
        _solo_scoring(game, c)
    assert game.tied == (0, 1, 2)
    game.apply_chance((2, 2, 1))
    assert game.tied == (0, 1)
    assert len(game.chance_outcomes()) == 36
    game.apply_chance((3, 0))
    assert game.outcome().winners == (0,)


def test_b5_only_a_tie_for_first_is_broken() -> None:
    """RULES.md §B5: a tie below first place is not broken."""
    game = DiceGame(players=3, seed=2, turns=1)
    _solo_scoring(game, "Mickey")
    game.apply_chance("Minnie Minnie Goofy Goofy Pluto")
    game.apply("score Minnie")
    game.apply_chance("Donald Donald Goofy Goofy Pluto")
    game.apply("score Donald")
    assert game.current_player() == TERMINAL and game.tiebreak_rounds == []
    assert game.outcome().winners == (0,)


def test_b5_tie_break_gives_up_after_100_rounds() -> None:
    """RULES.md §B5 decision: after 100 unbroken roll-off rounds the tied players share the win."""
    game = _tied_two_player_game()
    for _ in range(99):
        game.apply_chance((0, 0))
        assert game.current_player() == CHANCE
    game.apply_chance((3, 3))
    assert game.current_player() == TERMINAL
    result = game.outcome()
    assert result.winners == (0, 1) and result.winner is None
    assert "shared win" in result.reason


def test_b5_sampled_tie_break_is_recorded() -> None:
    """RULES.md §B5: a sampled roll-off draws five faces per tied player from the game stream."""
    game = _tied_two_player_game()
    while game.current_player() == CHANCE:
        game.apply_chance()
    for rnd in game.tiebreak_rounds:
        assert [d.count(CLUBHOUSE) for d in rnd["dice"]] == rnd["clubhouses"]
        assert all(len(d) == 5 for d in rnd["dice"])
    last = game.tiebreak_rounds[-1]["clubhouses"]
    assert last[0] != last[1]
    assert game.outcome().winner == last.index(max(last))


def test_b5_solo_has_no_tie_break() -> None:
    """RULES.md §B5: solo play has no tie-break; the solo player's total is the score."""
    game = DiceGame(players=1, seed=0, turns=1)
    _solo_scoring(game, "Goofy")
    assert game.current_player() == TERMINAL
    assert game.outcome().winners == (0,) and game.outcome().scores == (5,)
    assert "solo" in game.outcome().reason


def test_b5_characters_default() -> None:
    """RULES.md §B1: the default characters."""
    assert DEFAULT_CHARACTERS == ("Mickey", "Minnie", "Donald", "Goofy", "Pluto")



# -- character names, chance input and hand-built actions (§B1, §B3, §B5) ----------------------

@pytest.mark.parametrize("names", [
    ("Mickey Mouse", "Minnie Mouse", "Donald Duck", "Goofy", "Pluto"),
    ("Mickey", "Minnie", "Donald", "Goofy", "Pluto\tDog"),
])
def test_b1_character_names_with_whitespace_are_refused(names):
    """RULES.md §B1: actions are written with spaces between faces, so a name is one word."""
    with pytest.raises(ConfigurationError, match="one word") as info:
        DiceGame(2, 1, characters=names)
    assert "MickeyMouse" in str(info.value) or "PlutoDog" in str(info.value)
    with pytest.raises(ConfigurationError, match="one word"):
        check_characters(names)
    with pytest.raises(ConfigurationError, match="one word"):
        DiceModel(names=names)


def test_b1_one_word_names_round_trip_through_apply_undo_and_replay():
    names = ("MickeyMouse", "Minnie-Mouse", "Donald.Duck", "Goofy", "Pluto")
    g = DiceGame(2, 1, characters=names)
    for _ in range(12):
        if g.is_terminal():
            break
        if g.current_player() < 0:
            g.apply_chance()
        else:
            g.apply(str(g.legal_actions()[1 % len(g.legal_actions())]))
    again = DiceGame.replay(g.history, 2, 1, names)
    assert again == g
    before = g.to_json()
    g.apply_chance() if g.current_player() < 0 else g.apply(str(g.legal_actions()[0]))
    g.undo()
    assert g.to_json() == before


def test_b3_apply_chance_with_a_non_sequence_names_the_accepted_form():
    g = DiceGame(2, 0)
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="faces"):
        g.apply_chance(12345)
    assert g.to_json() == before


def test_tiebreak_apply_chance_with_a_non_sequence_is_illegal():
    g = DiceGame(2, 0, turns=1)
    g.apply_chance("Mickey Mickey Mickey Mickey Mickey")
    g.apply("score Mickey")
    g.apply_chance("Goofy Goofy Goofy Goofy Goofy")
    g.apply("score Goofy")
    with pytest.raises(IllegalActionError, match="roll-off"):
        g.apply_chance(3)


def test_b3_action_objects_validated_by_faces():
    g = DiceGame(2, 0)
    g.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
    g.apply(Action("keep", (), ("Mickey", "Mickey")))
    assert g.history[-1].value == "keep Mickey Mickey"
    assert g.kept == (True, True, False, False, False)
    g.apply_chance("Goofy Clubhouse Goofy")
    assert g.dice == ("Mickey", "Mickey", "Goofy", "Goofy", "Clubhouse")
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="0 Pluto"):
        g.apply(Action("keep", (), ("Pluto",)))
    with pytest.raises(IllegalActionError, match="Daisy"):
        g.apply(Action("keep", (), ("Daisy",)))
    with pytest.raises(IllegalActionError, match="not an action"):
        g.apply(("keep", "Mickey"))  # type: ignore[arg-type]
    assert g.to_json() == before
    g.apply(Action("keep", (99,), ("Clubhouse", "Mickey")))  # any order, any rank
    assert g.history[-1].value == "keep Mickey Clubhouse"
    g.apply_chance("Pluto Pluto Pluto")
    g.apply(Action("score", (), ("Mickey",)))
    assert g.board.scored(0) == {"Mickey": 2}


# -- what a seat sees (swkit.state view) -------------------------------------------------------

def test_b_view_does_not_reveal_the_seed_or_the_stream():
    """A view is the same whatever the seed, and does not say which rolls were drawn from the
    stream: nothing in it tells the seed (so nothing predicts the future rolls)."""
    seed = 987_654_321
    drawn = DiceGame(2, seed)
    drawn.apply_chance()
    drawn.apply("keep " + drawn.dice[0])
    drawn.apply_chance()
    for seat in (0, 1):
        view = drawn.view(seat).to_dict()
        assert str(seed) not in json.dumps(view)
        assert "seed" not in view and "rng" not in view
        assert all(len(step) == 3 for step in view["history"])  # kind, seat, value
    games = [DiceGame(2, s) for s in (1, seed)]
    for g in games:
        g.apply_chance("Mickey Mickey Goofy Pluto Clubhouse")
        g.apply("keep Mickey Clubhouse")
        g.apply_chance("Goofy Goofy Goofy")
    assert games[0].view(1) == games[1].view(1)
    assert games[0].to_dict() != games[1].to_dict()  # the full state does hold the seed
