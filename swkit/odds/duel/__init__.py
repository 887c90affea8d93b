"""The exact two-player dice game: the chance to win of every move (RULES.md §B).

Two players share the scoreboard (RULES.md §B4: a taken space pushes a token left, a count of
0 goes to the Picture Column), 5 turns each; the higher total wins and a tie is shared: exact
odds give each tied player 1/2 (§B5). Each player maximises their own **chance to win**,
P(win) + 1/2 P(tie), so a move may block the other player or take a risk when behind.

- :func:`duel_value`: seat 0's chance to win at the start, both players playing their best;
- :func:`duel_board_value`: the same on any board, before the mover's first roll;
- :func:`duel_options`: every keep and every score choice of the player to move, each with
  the mover's chance to win, best first (:class:`~swkit.odds.dice.KeepOption`, as
  :func:`~swkit.odds.dice.keep_options`);
- :class:`DuelBoard`: a board, read from the board notation ``"Mickey:3,Goofy:0 / Minnie:5"``
  (seat 0's tokens, then after ``/`` seat 1's; a character with its space, 0 being the Picture
  Column) or from a :class:`~swkit.dice.board.Scoreboard`; the seat to move follows from the
  token counts (seat 0 moves when both have as many tokens, seat 1 when seat 0 has one more);
- :class:`WinBot`: a dice bot that plays the move with the best chance to win.

Models (``DiceModel(n=, characters=, wilds=, rolls=)``): 2 players, at most 5 dice and 5
characters; with ``c`` characters each player has ``c`` turns, one token a character, and a row
keeps the Picture Column and spaces 1..5. How the answers are computed:

- **small models** (at most 3 dice and 3 characters): exact Fractions, solved in pure Python
  (:class:`~swkit.odds.duel.core.ExactGame`);
- **Clubhouse dice** (``DiceModel()``): the solved table shipped in the package (float64, built
  by ``python -m swkit.odds.duel build`` from the solve of :mod:`swkit.odds.duel.batch`);
  answers are floats within ``table_error()`` (8.5e-13) of the exact values, except on the
  game's last two turns, whose answers are exact Fractions (computed in pure Python from the
  final totals);
- **other models**: solved once with numpy on first use (floats; ``python bench/duel.py``
  measures the solve's time).

Symmetry: the characters are interchangeable, so a board is a multiset of row states (44 a
row): 988,392 boards for Clubhouse dice (324,632 of them final), against 96.6 million labelled.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from swkit.dice.bots import DiceBot
from swkit.dice.scoring import TOP_SPACE
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.dice import DiceModel, KeepOption, check_dice, check_rolls_left, sub_multisets
from swkit.odds.duel.core import (
    ABSENT,
    ROW_CODE,
    ExactGame,
    Turn,
    board_key,
    board_turn,
    check_duel_model,
    final_half_value,
    is_final,
    mover,
    tokens,
)

__all__ = ["DuelBoard", "WinBot", "duel_board_value", "duel_options", "duel_value",
           "table_error"]

SMALL_DICE = 3
SMALL_CHARACTERS = 3


def _is_small(model: DiceModel) -> bool:
    return model.n <= SMALL_DICE and model.characters <= SMALL_CHARACTERS


# --------------------------------------------------------------------------------------------
# boards


@dataclass(frozen=True)
class DuelBoard:
    """A two-player board: ``rows[j] = (seat 0's place, seat 1's place)`` for character ``j``
    of ``names`` (scoreboard order); a place is -1 (no token yet), 0 (the Picture Column) or a
    numbered space 1..5. Build with :meth:`parse`, :meth:`from_scoreboard` or :meth:`empty`.

    >>> board = DuelBoard.parse("Mickey:3,Goofy:0 / Minnie:5")
    >>> board.mover, board.totals
    (1, (3, 5))
    >>> board.text()
    'Mickey:3,Goofy:0 / Minnie:5'
    """

    names: tuple[str, ...]
    rows: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != len(self.names):
            raise ConfigurationError(f"{len(self.rows)} rows given for {len(self.names)} "
                                     f"characters")
        for name, row in zip(self.names, self.rows, strict=True):
            if row not in ROW_CODE:
                raise ConfigurationError(
                    f"{name}'s row {row} is not a row of the board: each place is -1 (no "
                    f"token), 0 (the Picture Column) or 1..5, and a numbered space holds one "
                    f"token (RULES.md §B4)")
        mover(self.codes)

    @classmethod
    def empty(cls, model: DiceModel | None = None) -> DuelBoard:
        """The board at the start of the game."""
        model = model or DiceModel()
        return cls(model.names, ((ABSENT, ABSENT),) * model.characters)

    @classmethod
    def parse(cls, text: str, model: DiceModel | None = None) -> DuelBoard:
        """Read the board notation: seat 0's tokens, ``/``, seat 1's tokens; a token is
        ``NAME:SPACE`` (a character's name or unique prefix, a space 0..5, 0 being the Picture
        Column), tokens separated by commas. ``""`` or ``"/"`` is the empty board; a side may
        be empty (``"Mickey:3 /"``, or ``"Mickey:3"`` with nothing after it).

        Raises NotationError for a malformed token, an unknown character or a character listed
        twice for one seat; ConfigurationError for a space outside 0..5, two tokens on one
        numbered space, or token counts no game reaches (seat 0 moves first, so it has as many
        tokens as seat 1 or one more).
        """
        model = model or DiceModel()
        if not isinstance(text, str):
            raise NotationError(f"a board is written as text, got {text!r}")
        sides = text.split("/")
        if len(sides) > 2:
            raise NotationError(
                f"board {text!r} has {len(sides) - 1} '/': write seat 0's tokens, one '/', "
                f"then seat 1's, e.g. 'Mickey:3,Goofy:0 / Minnie:5'")
        places = [[ABSENT] * model.characters for _ in range(2)]
        for seat, side in enumerate(sides):
            for token in (t.strip() for t in side.split(",")):
                if not token:
                    continue
                name, sep, space = token.partition(":")
                if not sep or not name.strip() or not space.strip():
                    raise NotationError(
                        f"board token {token!r} of seat {seat} must be NAME:SPACE, e.g. "
                        f"'Mickey:3' (space 0 is the Picture Column)")
                j = model.character_index(name.strip())
                try:
                    value = int(space.strip())
                except ValueError:
                    raise NotationError(f"board token {token!r}: the space must be a whole "
                                        f"number 0..{TOP_SPACE}") from None
                if not 0 <= value <= TOP_SPACE:
                    raise ConfigurationError(
                        f"board token {token!r}: spaces are 0 (the Picture Column) to "
                        f"{TOP_SPACE}")
                if places[seat][j] != ABSENT:
                    raise NotationError(
                        f"board: {model.names[j]} is listed twice for seat {seat}; a player "
                        f"scores each character once (RULES.md §B4)")
                places[seat][j] = value
        for j in range(model.characters):
            p0, p1 = places[0][j], places[1][j]
            if p0 == p1 and p0 >= 1:
                raise ConfigurationError(
                    f"board: both seats are on {model.names[j]}'s {p0} space; a numbered space "
                    f"holds one token (RULES.md §B4)")
        return cls(model.names, tuple(zip(places[0], places[1], strict=True)))

    @classmethod
    def from_scoreboard(cls, board: Any) -> DuelBoard:
        """The board of a two-player :class:`~swkit.dice.board.Scoreboard`. Raises
        ConfigurationError for another number of players."""
        if board.players != 2:
            raise ConfigurationError(
                f"the exact game is for 2 players; this scoreboard has {board.players}")
        s0, s1 = board.scored(0), board.scored(1)
        return cls(tuple(board.characters),
                   tuple((s0.get(c, ABSENT), s1.get(c, ABSENT)) for c in board.characters))

    @property
    def codes(self) -> tuple[int, ...]:
        """The row state codes (:data:`swkit.odds.duel.core.ROWS`), in character order."""
        return tuple(ROW_CODE[row] for row in self.rows)

    @property
    def mover(self) -> int:
        """The seat to move: 0 when both have as many tokens, 1 when seat 0 has one more."""
        return mover(self.codes)

    @property
    def tokens(self) -> tuple[int, int]:
        """How many tokens seat 0 and seat 1 have placed."""
        return tokens(self.codes)

    @property
    def totals(self) -> tuple[int, int]:
        """Seat 0's and seat 1's points so far (RULES.md §B5)."""
        return (sum(max(p, 0) for p, _ in self.rows), sum(max(p, 0) for _, p in self.rows))

    def is_over(self) -> bool:
        """True when both seats have a token in every row."""
        return is_final(self.codes)

    def text(self) -> str:
        """The board notation of this board (read back by :meth:`parse`)."""
        sides = [",".join(f"{name}:{row[seat]}" for name, row in zip(self.names, self.rows,
                                                                        strict=True)
                          if row[seat] != ABSENT) for seat in (0, 1)]
        return f"{sides[0]} / {sides[1]}".strip() if sides[1] else sides[0]

    def __str__(self) -> str:
        return self.text() or "(empty board)"


def _board(board: DuelBoard | str | Any, model: DiceModel) -> DuelBoard:
    if isinstance(board, str):
        return DuelBoard.parse(board, model)
    if isinstance(board, DuelBoard):
        out = board
    elif hasattr(board, "scored") and hasattr(board, "players"):
        out = DuelBoard.from_scoreboard(board)
    else:
        raise ConfigurationError(
            f"a board is its notation ('Mickey:3,Goofy:0 / Minnie:5'), a DuelBoard or a "
            f"two-player Scoreboard, got {type(board).__name__}")
    if len(out.rows) != model.characters:
        raise ConfigurationError(f"the board has {len(out.rows)} rows; the model has "
                                 f"{model.characters} characters")
    return out


# --------------------------------------------------------------------------------------------
# where values come from


def _plain(model: DiceModel) -> DiceModel:
    """The model without its names (values do not depend on the names)."""
    return DiceModel(n=model.n, characters=model.characters, wilds=model.wilds,
                     rolls=model.rolls)


@lru_cache(maxsize=8)
def _exact_game(model: DiceModel) -> ExactGame:
    return ExactGame(model)


SHIPPED: frozenset[tuple[int, int, int, int]] = frozenset({(5, 5, 1, 3)})
"""The models (dice, characters, wilds, rolls) whose solved table ships in the package."""


@lru_cache(maxsize=8)
def _table(model: DiceModel) -> Any:
    """The shipped table of ``model`` (a DuelTable), or None when none ships for it. A model
    of :data:`SHIPPED` whose file is missing raises ConfigurationError (with the command that
    builds it) rather than starting the full solve."""
    from swkit.odds.duel.table import read_table, shipped_path
    spec = (model.n, model.characters, model.wilds, model.rolls)
    path = shipped_path(*spec)
    if spec not in SHIPPED and not path.exists():
        return None
    return read_table(path)


@lru_cache(maxsize=4)
def _solved(model: DiceModel) -> Any:
    from swkit.odds.duel.batch import solve
    return solve(model)


def table_error(model: DiceModel | None = None) -> float:
    """The bound on |float answer - exact answer| for ``model``: the shipped table's (from its
    header), the float64 solve's for a model solved on first use (both
    :func:`swkit.odds.duel.batch.error_bound`), 0.0 for a small model (exact)."""
    model = _plain(model or DiceModel())
    check_duel_model(model)
    if _is_small(model):
        return 0.0
    table = _table(model)
    if table is not None:
        return table.error
    from swkit.odds.duel.batch import error_bound
    return error_bound(model)


def _float_value(model: DiceModel, key_codes: tuple[int, ...]) -> float:
    """Seat 0's value of a board (sorted codes) as a float, from the table or the solve."""
    if is_final(key_codes):
        return final_half_value(key_codes) / 2
    table = _table(model)
    if table is not None:
        v = table.get(board_key(key_codes))
        if v is None:
            raise ConfigurationError(f"the solved table that came with swkit has no board "
                                     f"{key_codes}: it is damaged; rebuild it "
                                     "(python -m swkit.odds.duel build)")
        return float(v)
    return _solved(model).lookup(board_key(key_codes))


def _exact_levels(model: DiceModel) -> int:
    """From which level (tokens placed) on the answers are exact: every level for a small
    model, the last two turns otherwise (pure Python from the final totals)."""
    return 0 if _is_small(model) else 2 * model.characters - 2


def _value_of(model: DiceModel, level: int) -> tuple[Any, int | float, bool]:
    """``(value_of, top, exact)`` for the boards one token after ``level``: seat 0's value on
    the scale ``top``, as :func:`swkit.odds.duel.core.board_turn` takes it."""
    if level >= _exact_levels(model):
        game = _exact_game(model)
        return game.numerator, game.denominator(level + 1), True

    def value_of(codes: tuple[int, ...]) -> float:
        return _float_value(model, codes)
    return value_of, 1.0, False


@lru_cache(maxsize=1024)
def _turn(model: DiceModel, codes: tuple[int, ...]) -> tuple[Turn, list[Any], int | float, bool]:
    """The mover's turn on the board ``codes`` (sorted: boards that differ only in which
    character holds which row share one solve; at most 1024 kept)."""
    seat = mover(codes)
    level = sum(tokens(codes))
    value_of, top, exact = _value_of(model, level)
    turn, score = board_turn(model.n, model.wilds, model.rolls, codes, seat, value_of, top,
                             exact)
    return turn, score, top, exact


# --------------------------------------------------------------------------------------------
# the public answers


def duel_value(model: DiceModel | None = None) -> Fraction | float:
    """Seat 0's chance to win, P(win) + 1/2 P(tie), at the start of a two-player game with both
    players maximising their own (RULES.md §B, §B5).

    ``model``: a :class:`~swkit.odds.dice.DiceModel` with at most 5 dice and 5 characters
    (default: Clubhouse dice). Returns an exact Fraction for a small model (at most 3 dice and 3
    characters), else a float (see :func:`table_error` for its error). Raises
    ConfigurationError for a larger model.

    >>> duel_value(DiceModel(n=2, characters=2))
    Fraction(49765261379, 94143178827)
    """
    model = _plain(model or DiceModel())
    return duel_board_value(DuelBoard.empty(model), model)


def duel_board_value(board: DuelBoard | str | Any, model: DiceModel | None = None
                     ) -> Fraction | float:
    """Seat 0's chance to win, P(win) + 1/2 P(tie), on ``board`` (notation, a
    :class:`DuelBoard` or a two-player Scoreboard) before the mover's first roll, both players
    playing their best. On a final board: 1, 1/2 or 0 by the totals.

    Exact Fraction for a small model and on the game's last two turns, else a float. Raises
    NotationError / ConfigurationError for a bad board or model.
    """
    model = _plain(model or DiceModel())
    check_duel_model(model)
    b = _board(board, model)
    codes = tuple(sorted(b.codes))
    level = sum(tokens(codes))
    if level >= _exact_levels(model):
        return _exact_game(model).value(codes)
    return _float_value(model, codes)


def duel_options(board: DuelBoard | str | Any, dice: Sequence[int] | Sequence[str] | str,
                 rolls_left: int | None = None, model: DiceModel | None = None
                 ) -> list[KeepOption]:
    """Every keep and every score choice of the player to move, with the mover's chance to win
    (P(win) + 1/2 P(tie)) if they play it and then play their best against the other's best,
    best first.

    ``board``: the board notation (``"Mickey:3,Goofy:0 / Minnie:5"``), a :class:`DuelBoard` or
    a two-player :class:`~swkit.dice.board.Scoreboard` (whose character names then name the
    options and the dice); the mover follows from the token counts.
    ``dice``: the dice showing (notation ``"Mickey Mickey C g p"``, a sequence of face names
    such as ``DiceGame.multiset()``, or a count vector);
    ``rolls_left``: rolls still allowed this turn (0..rolls-1, default rolls-1, RULES.md §B3).

    Returns :class:`~swkit.odds.dice.KeepOption` objects as
    :func:`~swkit.odds.dice.keep_options` does: a keep has ``reroll`` > 0; a score choice has
    ``reroll`` 0, the dice as ``keep`` and the character in ``score``. One score choice per
    character the mover has not scored (a count of 0 goes to the Picture Column, RULES.md §B4);
    keeps only while rolls are left. Ties: score choices first, then fewer dice rerolled.
    Values are exact Fractions for a small model and on the game's last two turns, floats
    otherwise (within :func:`table_error`; float values closer than that count as tied).
    Raises NotationError / ConfigurationError for bad input, ConfigurationError when the game
    is over.
    """
    model = model or DiceModel()
    check_duel_model(model)
    plain = _plain(model)
    b = _board(board, model)
    if b.names != model.names:   # a board of renamed characters names the options
        model = dataclasses.replace(model, names=b.names)
    if b.is_over():
        raise ConfigurationError("the game is over: every row holds both tokens, nothing to "
                                 "play (RULES.md §B5)")
    if not isinstance(dice, str) and any(isinstance(d, str) for d in dice):
        dice = model.counts([str(d) for d in dice])   # face names, as DiceGame.multiset()
    counts = check_dice(model, dice)
    t = check_rolls_left(model, counts, rolls_left)
    codes = b.codes
    perm = sorted(range(len(codes)), key=codes.__getitem__)  # canonical row -> real row
    turn, canon_score, top, exact = _turn(plain, tuple(codes[r] for r in perm))
    score: list[Any] = [None] * len(codes)
    for j, r in enumerate(perm):
        score[r] = canon_score[j]
    live_rows = tuple(perm[j] for j in turn.live_rows)
    tables = turn.tables
    grow = tables.faces ** tables.n

    def value(v: int | float, scale: int) -> Fraction | float:
        return Fraction(int(v), int(top) * scale) if exact else float(v)

    options = []
    faces = model.faces_of(counts)
    for r, row in enumerate(score):
        if row[0] is None:
            continue
        x = model.count_of(counts, r)
        options.append(KeepOption(faces, 0, value(row[x], 1), counts, model.names[r]))
    if t > 0:
        w_row = turn.W[t - 1]
        for keep in sub_multisets(counts):
            if keep == counts:
                continue
            k = tables.keep_index[tables.lump(keep, live_rows)]
            options.append(KeepOption(model.faces_of(keep), model.n - sum(keep),
                                      value(w_row[k], grow ** t), keep))
    return _ranked(options, 0.0 if exact else table_error(plain))


def _ranked(options: list[KeepOption], tolerance: float) -> list[KeepOption]:
    """``options`` best first; options within ``tolerance`` of the best of their group (float
    answers: values that differ by less than the float error may be equal) are tied, and ties
    go to score choices first, then fewer dice rerolled, then the order given."""
    order = sorted(range(len(options)), key=lambda i: -options[i].value)
    out: list[KeepOption] = []
    start = 0
    while start < len(order):
        top = options[order[start]].value
        end = start + 1
        while end < len(order) and top - options[order[end]].value <= tolerance:
            end += 1
        group = sorted(order[start:end], key=lambda i: (options[i].reroll, i))
        out.extend(options[i] for i in group)
        start = end
    return out


# --------------------------------------------------------------------------------------------
# the bot


class WinBot(DiceBot):
    """Plays the move with the best chance to win (:func:`duel_options`), for two-player
    Clubhouse dice (5 dice, 5 characters, 3 rolls, 5 turns each, RULES.md §B).

    Ties go to the first option of :func:`duel_options` (a score before a keep, then fewer dice
    rerolled). It draws no randomness; its stream exists for the common bot interface. It
    remembers its choices (by characters, labelled board, dice and rolls left; at most
    ``MAX_CHOICES``), so a long tournament plays faster as it goes.
    :meth:`choose` raises ConfigurationError for a game of 1, 3 or 4 players or of fewer turns
    (the exact solve is the two-player game of 5 turns each), IllegalActionError when it is not
    this bot's move.
    """

    name = "win"

    def choose(self, game: Any) -> Any:
        """The move of ``game`` (a :class:`~swkit.dice.game.DiceGame`) with the best chance to
        win for this bot's seat."""
        check_game(game)
        self._check(game)
        characters = tuple(game.characters)
        model = _game_model(characters)
        board = DuelBoard.from_scoreboard(game.board)
        dice = model.counts(list(game.multiset()))
        left = model.rolls - game.roll_number
        key = (characters, board.rows, dice, left)
        text = _CHOICES.get(key)
        if text is None:
            best = duel_options(board, dice, left, model)[0]
            text = (f"score {best.score}" if best.reroll == 0
                    else "keep " + (" ".join(best.keep) or "nothing"))
            if len(_CHOICES) >= MAX_CHOICES:
                _CHOICES.clear()
            _CHOICES[key] = text
        return game.parse_action(text)


MAX_CHOICES = 200_000
"""WinBot's choices remembered at most (then forgotten and recomputed)."""

_CHOICES: dict[tuple[Any, ...], str] = {}
"""WinBot's choices already made: (characters, the labelled board's rows, dice as counts,
rolls left) -> the action's text. A choice depends on the labelled board (ties go in row
order), so the key keeps the labels; the solve behind it is shared by relabelled boards
(``_turn``)."""


def check_game(game: Any) -> None:
    """Raise ConfigurationError unless ``game`` is a game the exact solve covers: 2 players,
    5 turns each."""
    if game.players != 2:
        raise ConfigurationError(
            f"WinBot plays the two-player game only (the exact solve is for 2 players); this "
            f"game has {game.players}: use the greedy bot")
    if game.turns != len(game.characters):
        raise ConfigurationError(
            f"WinBot plays the full game of {len(game.characters)} turns each; this game has "
            f"{game.turns}")


@lru_cache(maxsize=16)
def _game_model(characters: tuple[str, ...]) -> DiceModel:
    return DiceModel(names=characters)

