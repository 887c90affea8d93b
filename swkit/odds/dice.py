"""Exact dice odds for Clubhouse dice and its generalisations (RULES.md sections B and C2).

A :class:`DiceModel` has ``n`` dice, each with ``characters`` character faces and ``wilds`` wild
faces (the Clubhouse), and ``rolls`` rolls per turn. ``DiceModel()`` is Clubhouse dice (5 dice,
five characters and one Clubhouse, three rolls); ``DiceModel(characters=6, wilds=0)`` is standard
Yahtzee dice.

Everything here counts **multisets** (count vectors), never sequences: a roll of ``m`` dice is a
count vector over the face categories, weighted by its multinomial count
``m! / (k_1! ... k_j!) * (faces of category 1)^k_1 * ...``. Weights are Python integers and
results are exact :class:`~fractions.Fraction` values.

The optimal keep is an expectimax over every distinct keep (a sub-multiset of the dice showing),
for three kinds of question (:class:`Objective`):

- ``Objective.at_least(k, target)``: P(the target's count >= k) at the end of the turn;
- ``Objective.at_least(k)``: P(the best count over the unscored characters >= k);
- ``Objective.points(scored, taken)``: the expected points of this turn on the given board.

Stopping is allowed after every roll (RULES.md §B3); the value is measured at the end of the turn
(RULES.md §C2). Points come from :func:`swkit.dice.scoring.space_for`, the one home of the
scoring rule.

Keep policies (:data:`POLICIES`, :func:`policy_keep`, :func:`policy_distribution`) give the
distribution of a count after one roll or after r rolls by stepping over dice multisets; the
named policies' Markov chains, transition matrices and count distributions
(:func:`~swkit.odds.markov.target_distribution`, :func:`~swkit.odds.markov.best_distribution`)
live in :mod:`swkit.odds.markov`, which imports this module (never the other way round), the
solo game in :mod:`swkit.odds.solo`, the Monte Carlo twins in :mod:`swkit.odds.montecarlo_dice`.

Reference values (RULES.md §B6), ``DiceModel(characters=6, wilds=0)``, five of a kind keeping
the most common face re-chosen after every roll: 1/1296 after one roll, 221/17496 within two,
347897/7558272 within three -- also the optimal value. Choosing the face once after the first
roll gives 4108139/90699264 (about 4.53% against 4.60%).

Speed: the engine lumps faces the question cannot tell apart (for a target: "hit" = target or
Clubhouse, and "miss"; scored characters into one dead category) and sorts the counts of
interchangeable characters (same scoreboard row pattern), so the solo game's turns need a few
hundred states. Values are kept as integers over the common denominator ``F^(n*t)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import factorial, prod

from swkit.dice.faces import CLUBHOUSE, DEFAULT_CHARACTERS, check_characters, parse_faces
from swkit.dice.scoring import TOP_SPACE, space_for
from swkit.entries import check_entries
from swkit.errors import ConfigurationError, NotationError
from swkit.whole import as_whole

EXTRA_CHARACTERS: tuple[str, ...] = ("Daisy", "Pete", "Chip", "Dale")
"""Names given to characters beyond the default five (for ``characters`` > 5, e.g. Yahtzee)."""

MAX_DICE = 8
MAX_CHARACTERS = len(DEFAULT_CHARACTERS) + len(EXTRA_CHARACTERS)
MAX_WILDS = 9
MAX_ROLLS = 10

Counts = tuple[int, ...]
"""A multiset of dice as a count vector: one entry per character (scoreboard order), then the
Clubhouse count last."""


# --------------------------------------------------------------------------------------------
# multisets


def compositions(total: int, parts: int) -> Iterator[Counts]:
    """Every count vector of ``parts`` non-negative integers summing to ``total``.

    These are the multisets of ``total`` dice over ``parts`` categories
    (``C(total + parts - 1, parts - 1)`` of them), largest first entry first.
    """
    if parts <= 0:
        if total == 0:
            yield ()
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def multiset_weight(counts: Sequence[int], weights: Sequence[int]) -> int:
    """The number of face sequences that show the multiset ``counts``.

    ``weights[i]`` is the number of die faces in category ``i``. The result is the multinomial
    ``m! / prod(k_i!)`` times ``prod(weights[i] ** k_i)``; dividing by ``F ** m`` (F faces per
    die) gives the probability of the multiset.
    """
    m = sum(counts)
    return (factorial(m) // prod(factorial(k) for k in counts)
            * prod(w ** k for w, k in zip(weights, counts, strict=True)))


def sub_multisets(counts: Sequence[int]) -> Iterator[Counts]:
    """Every distinct sub-multiset of ``counts`` (the distinct keeps), the whole first."""
    yield from product(*(range(k, -1, -1) for k in counts))


# --------------------------------------------------------------------------------------------
# the model


def default_names(characters: int) -> tuple[str, ...]:
    """The character names used for a model with ``characters`` character faces."""
    names = DEFAULT_CHARACTERS + EXTRA_CHARACTERS
    if not 1 <= characters <= len(names):
        raise ConfigurationError(f"characters must be from 1 to {len(names)}, got {characters}")
    return names[:characters]


@dataclass(frozen=True)
class DiceModel:
    """A dice model: ``n`` dice, ``characters`` character faces and ``wilds`` wild faces per
    die, ``rolls`` rolls per turn (RULES.md §B1, §B3; the generic model of issue 3).

    ``DiceModel()`` is Clubhouse dice; ``DiceModel(characters=6, wilds=0)`` is Yahtzee dice.
    ``names`` (default: Mickey, Minnie, Donald, Goofy, Pluto, then Daisy, Pete, ...) names the
    character faces for notation. Raises ConfigurationError for parameters out of range
    (1..8 dice, 1..9 characters, 0..9 wilds, 1..10 rolls).
    """

    n: int = 5
    characters: int = 5
    wilds: int = 1
    rolls: int = 3
    names: tuple[str, ...] = field(default=(), compare=True)

    def __post_init__(self) -> None:
        for what, value, low, high in (("n (dice)", self.n, 1, MAX_DICE),
                                       ("characters", self.characters, 1, MAX_CHARACTERS),
                                       ("wilds", self.wilds, 0, MAX_WILDS),
                                       ("rolls", self.rolls, 1, MAX_ROLLS)):
            if as_whole(value) is None or not low <= value <= high:
                raise ConfigurationError(f"{what} must be from {low} to {high}, got {value!r}")
        for name in ("n", "characters", "wilds", "rolls"):
            object.__setattr__(self, name, int(getattr(self, name)))
        if not self.names:
            object.__setattr__(self, "names", default_names(self.characters))
        else:
            names = check_characters(self.names, exact=self.characters)
            object.__setattr__(self, "names", names)

    # -- faces and notation -----------------------------------------------------------------

    @property
    def faces(self) -> int:
        """Faces per die: ``characters + wilds``."""
        return self.characters + self.wilds

    @property
    def wild(self) -> int:
        """The index of the Clubhouse in a count vector (the last entry)."""
        return self.characters

    @property
    def face_weights(self) -> Counts:
        """Faces per category: 1 for each character, ``wilds`` for the Clubhouse."""
        return (1,) * self.characters + (self.wilds,)

    def category_name(self, index: int) -> str:
        """The face name of count-vector entry ``index`` (a character, or ``"Clubhouse"``)."""
        return CLUBHOUSE if index == self.characters else self.names[index]

    def character_index(self, name: str) -> int:
        """The index of a character given by name or unique prefix.

        Raises NotationError for an unknown name, an ambiguous prefix, or the Clubhouse.
        """
        (face,) = parse_faces([name], self.names)
        if face == CLUBHOUSE:
            raise NotationError(f"{name!r} is the Clubhouse, not a character: "
                                f"name one of {', '.join(self.names)}")
        return self.names.index(face)

    def counts(self, dice: str | Iterable[str], *, exact: bool = True) -> Counts:
        """The count vector of dice written in notation (``"Mickey Mickey C g p"``).

        With ``exact`` the number of dice must be ``n``. Raises NotationError for an unknown
        face, a Clubhouse when the model has no wild face, a wrong number of dice, or an empty
        entry between commas (``"Mickey,,C"``: :func:`swkit.entries.check_entries`).
        """
        if isinstance(dice, str):
            check_entries(dice, "dice", '"Mickey Mickey C g p" or "Mickey, Mickey, C, g, p"')
        tokens = ([t for t in re.split(r"[\s,]+", dice) if t] if isinstance(dice, str)
                  else [str(t) for t in dice])
        if exact and len(tokens) != self.n:
            raise NotationError(f"{len(tokens)} dice given ({' '.join(tokens) or 'none'}); "
                                f"a roll shows exactly {self.n} dice")
        faces = parse_faces(tokens, self.names)
        vec = [0] * (self.characters + 1)
        for face in faces:
            if face == CLUBHOUSE:
                if self.wilds == 0:
                    raise NotationError("this model has no wild face: the Clubhouse cannot show")
                vec[self.wild] += 1
            else:
                vec[self.names.index(face)] += 1
        if not exact and len(faces) > self.n:
            raise NotationError(f"{len(faces)} dice given; there are only {self.n}")
        return tuple(vec)

    def faces_of(self, counts: Sequence[int]) -> tuple[str, ...]:
        """Face names of a count vector, in scoreboard order with Clubhouses last."""
        return tuple(self.category_name(i) for i, k in enumerate(counts) for _ in range(k))

    def count_of(self, counts: Sequence[int], character: int) -> int:
        """The count of ``character``: its dice plus every Clubhouse (RULES.md §B4)."""
        return counts[character] + counts[self.wild]

    def best_count(self, counts: Sequence[int], scored: Iterable[int] = ()) -> int:
        """The best count over the characters not in ``scored`` (RULES.md §C2); 0 if none."""
        gone = set(scored)
        return max((self.count_of(counts, j) for j in range(self.characters) if j not in gone),
                   default=0)

    def states(self) -> list[Counts]:
        """Every multiset of ``n`` dice that can show, as count vectors."""
        return [v for v in compositions(self.n, self.characters + 1)
                if self.wilds or v[self.wild] == 0]

    def roll(self, dice: int) -> list[tuple[Counts, int]]:
        """The multisets a roll of ``dice`` dice can show, with integer weights summing to
        ``faces ** dice`` (divide by it for probabilities)."""
        return _outcomes(dice, self.face_weights)

    def reroll(self, kept: Sequence[int]) -> tuple[tuple[Counts, int], ...]:
        """Keep the dice ``kept`` (a count vector) and reroll the other ``n - sum(kept)``:
        the dice that can show, each ``kept`` plus a roll of the rest, with integer weights on
        the common denominator ``faces ** n`` (a roll's weight times ``faces ** sum(kept)``;
        they sum to ``faces ** n``, divide by it for probabilities). Cached; all distinct."""
        return _rerolls(tuple(kept), self.n, self.face_weights)

    # -- convenience wrappers (see the module functions) --------------------------------------

    def optimal_value(self, objective: Objective, dice: Sequence[int] | None = None,
                      rolls_left: int | None = None) -> Fraction:
        """See :func:`optimal_value`."""
        return optimal_value(self, objective, dice, rolls_left)

    def keep_options(self, objective: Objective, dice: Sequence[int],
                     rolls_left: int | None = None) -> list[KeepOption]:
        """See :func:`keep_options`."""
        return keep_options(self, objective, dice, rolls_left)


@lru_cache(maxsize=128)
def _outcomes(dice: int, weights: tuple[int, ...]) -> list[tuple[Counts, int]]:
    out = []
    for v in compositions(dice, len(weights)):
        if all(w or not k for w, k in zip(weights, v, strict=True)):
            out.append((v, multiset_weight(v, weights)))
    return out


@lru_cache(maxsize=4096)
def _rerolls(kept: Counts, n: int, weights: tuple[int, ...]) -> tuple[tuple[Counts, int], ...]:
    m = n - sum(kept)
    scale = sum(weights) ** (n - m)
    return tuple((tuple(a + b for a, b in zip(kept, out, strict=True)), w * scale)
                 for out, w in _outcomes(m, weights))


def most_common(dice: Sequence[int], characters: int) -> int:
    """The most common character of ``dice`` (a count vector), ties to the lowest index."""
    return max(range(characters), key=lambda i: (dice[i], -i))


# --------------------------------------------------------------------------------------------
# objectives


@dataclass(frozen=True)
class Objective:
    """A question about one turn, measured at the end of the turn (RULES.md §C2).

    - ``kind="at_least"``: the probability that the count is at least ``k``; the count is the
      ``target`` character's, or (``target=None``) the best count over unscored characters.
    - ``kind="points"``: the expected points scored this turn; the player scores the unscored
      character worth most (or must score ``target``), on a board where ``taken[j]`` lists the
      numbered spaces of character ``j``'s row already holding tokens (RULES.md §B4).

    ``scored`` holds the indices of the characters the player has already scored; a
    ``target`` among them is refused for every kind (RULES.md §B4: each character is scored
    once, so a scored target's count earns nothing). Build with :meth:`at_least` or
    :meth:`points`.
    """

    kind: str
    k: int = 0
    target: int | str | None = None
    scored: frozenset[int | str] = frozenset()
    taken: tuple[frozenset[int], ...] = ()
    _taken_names: tuple[tuple[int | str, frozenset[int]], ...] = field(default=(), repr=False)

    @classmethod
    def at_least(cls, k: int, target: int | str | None = None,
                 scored: Iterable[int | str] = ()) -> Objective:
        """P(count >= k) for ``target`` (an index or a name), or for the best unscored
        character."""
        return cls("at_least", k=k, target=target, scored=frozenset(scored))

    @classmethod
    def points(cls, scored: Iterable[int | str] = (),
               taken: Mapping[int | str, Iterable[int]] | None = None,
               target: int | str | None = None) -> Objective:
        """Expected points this turn; ``taken`` maps a character (index or name) to the
        numbered spaces of its row that hold other players' tokens."""
        taken = taken or {}
        if any(isinstance(j, str) for j in taken):
            return cls("points", target=target, scored=frozenset(scored),
                       _taken_names=tuple((j, frozenset(v)) for j, v in taken.items()))
        size = max(taken, default=-1) + 1
        rows = tuple(frozenset(taken.get(j, ())) for j in range(size))
        while rows and not rows[-1]:
            rows = rows[:-1]
        return cls("points", target=target, scored=frozenset(scored), taken=rows)

    def resolve(self, model: DiceModel) -> Objective:
        """This objective with characters given by name (or unique prefix) turned into
        ``model``'s indices; indices pass through. Raises NotationError for an unknown name."""
        def index(j: int | str) -> int:
            return model.character_index(j) if isinstance(j, str) else j

        if (not isinstance(self.target, str) and not any(isinstance(j, str) for j in self.scored)
                and not self._taken_names):
            return self
        target = None if self.target is None else index(self.target)
        taken = ({index(j): row for j, row in self._taken_names} if self._taken_names
                 else dict(enumerate(self.taken)))
        size = max(taken, default=-1) + 1
        rows = tuple(frozenset(taken.get(j, ())) for j in range(size))
        while rows and not rows[-1]:
            rows = rows[:-1]
        return Objective(self.kind, k=self.k, target=target,
                         scored=frozenset(index(j) for j in self.scored), taken=rows)

    def taken_of(self, character: int) -> frozenset[int]:
        """The taken numbered spaces of ``character``'s row."""
        return self.taken[character] if character < len(self.taken) else frozenset()

    def check(self, model: DiceModel) -> None:
        """Raise ConfigurationError if this question does not fit ``model``."""
        c = model.characters
        if self.kind not in ("at_least", "points"):
            raise ConfigurationError(f"unknown objective kind {self.kind!r}")
        if self.target is not None and not 0 <= self.target < c:
            raise ConfigurationError(f"target index {self.target} is not a character 0..{c - 1}")
        bad = [j for j in self.scored if not 0 <= j < c]
        if bad:
            raise ConfigurationError(f"scored index {bad[0]} is not a character 0..{c - 1}")
        if len(self.taken) > c:
            raise ConfigurationError(f"taken spaces given for {len(self.taken)} rows; "
                                     f"the board has {c}")
        for j, row in enumerate(self.taken):
            for space in row:
                if not 1 <= space <= TOP_SPACE:
                    raise ConfigurationError(
                        f"taken space {space} of {model.names[j]} is outside 1..{TOP_SPACE}")
        if self.kind == "at_least" and not 0 <= self.k <= model.n:
            raise ConfigurationError(f"at least {self.k} is impossible: counts run 0..{model.n}")
        if self.target is not None and self.target in self.scored:
            raise ConfigurationError(
                f"{model.names[self.target]} is already scored (RULES.md §B4): each character "
                f"is scored once, so its row takes no more tokens from this player; choose a "
                f"character not yet scored as the target, or ask about any character")


# --------------------------------------------------------------------------------------------
# the engine: lumped categories, symmetric states, integer values


@dataclass(frozen=True)
class _Tables:
    """Structure of the expectimax for ``n`` dice over categories with ``weights``."""

    n: int
    weights: tuple[int, ...]
    groups: tuple[tuple[int, int], ...]
    states: tuple[Counts, ...]
    state_index: dict[Counts, int]
    keeps: tuple[Counts, ...]
    keep_index: dict[Counts, int]
    keep_size: tuple[int, ...]
    trans: tuple[tuple[tuple[int, int], ...], ...]   # keep -> ((state, weight), ...)
    sub: tuple[tuple[int, ...], ...]                 # state -> proper sub-keeps


def _canon(v: Counts, groups: tuple[tuple[int, int], ...]) -> Counts:
    if not groups:
        return v
    out = list(v)
    for a, b in groups:
        out[a:b] = sorted(out[a:b], reverse=True)
    return tuple(out)


@lru_cache(maxsize=256)
def _tables(n: int, weights: tuple[int, ...], groups: tuple[tuple[int, int], ...]) -> _Tables:
    parts = len(weights)
    states = tuple(sorted({_canon(v, groups) for v in compositions(n, parts)}))
    state_index = {s: i for i, s in enumerate(states)}
    keeps = tuple(sorted({_canon(v, groups) for m in range(n + 1)
                          for v in compositions(m, parts)}, key=lambda v: (sum(v), v)))
    keep_index = {k: i for i, k in enumerate(keeps)}
    trans = []
    for keep in keeps:
        acc: dict[int, int] = {}
        for out, w in _outcomes(n - sum(keep), weights):
            s = state_index[_canon(tuple(a + b for a, b in zip(keep, out, strict=True)), groups)]
            acc[s] = acc.get(s, 0) + w
        trans.append(tuple(sorted(acc.items())))
    sub = []
    for s in states:
        ks = {keep_index[_canon(k, groups)] for k in sub_multisets(s) if k != s}
        sub.append(tuple(sorted(ks)))
    return _Tables(n, weights, groups, states, state_index, keeps, keep_index,
                   tuple(sum(k) for k in keeps), tuple(trans), tuple(sub))


@dataclass
class _Solution:
    """Expectimax values for one objective: ``V[t][state]`` with ``t`` rolls left and
    ``W[t][keep]`` (the value of keeping ``keep`` and rerolling the rest with ``t`` rolls left
    after that roll), as integers over ``F ** (n * t)`` and ``F ** (n * (t + 1))``."""

    tables: _Tables
    f: list[int]
    measure: list[int]
    V: list[list[int]]
    W: list[list[int]]

    @property
    def base(self) -> int:
        return sum(self.tables.weights) ** self.tables.n

    def ensure(self, t: int) -> None:
        tb = self.tables
        F = sum(tb.weights)
        while len(self.V) <= t:
            prev = self.V[-1]
            w_row = [F ** size * sum(w * prev[s] for s, w in tr)
                     for size, tr in zip(tb.keep_size, tb.trans, strict=True)]
            self.W.append(w_row)
            scale = self.base ** len(self.V)
            row = []
            for s, ks in enumerate(tb.sub):
                best = self.f[s] * scale
                for k in ks:
                    if w_row[k] > best:
                        best = w_row[k]
                row.append(best)
            self.V.append(row)

    def state_value(self, s: int, t: int) -> Fraction:
        self.ensure(t)
        return Fraction(self.V[t][s], self.base ** t)

    def keep_value(self, k: int, t: int) -> Fraction:
        """Value of keeping engine keep ``k`` with ``t`` rolls left before that reroll."""
        self.ensure(t)
        return Fraction(self.W[t - 1][k], self.base ** t)

    def choice(self, s: int, t: int) -> int | None:
        """The engine keep chosen in state ``s`` with ``t`` rolls left (None: stop).
        Ties go to stopping, then to keeping more dice, then to the first keep."""
        if t == 0:
            return None
        self.ensure(t)
        w_row = self.W[t - 1]
        best, pick = self.f[s] * self.base ** t, None
        for k in sorted(self.tables.sub[s], key=lambda k: -self.tables.keep_size[k]):
            if w_row[k] > best:
                best, pick = w_row[k], k
        return pick


@dataclass(frozen=True)
class _Layout:
    """How a question lumps the model's categories: engine category -> actual categories."""

    cats: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, int], ...]
    weights: tuple[int, ...]

    def engine(self, counts: Sequence[int]) -> Counts:
        return _canon(tuple(sum(counts[i] for i in cat) for cat in self.cats), self.groups)


def _layout(model: DiceModel, obj: Objective) -> tuple[_Layout, Callable[[Counts], int],
                                                          Callable[[Counts], int]]:
    """The lumping for a question, its terminal value and its measured quantity."""
    c, wild, fw = model.characters, model.wild, model.face_weights
    if obj.target is not None:
        t = obj.target
        cats = [(t, wild)] + ([tuple(j for j in range(c) if j != t)] if c > 1 else [])
        weights = tuple(sum(fw[i] for i in cat) for cat in cats)
        if obj.kind == "at_least":
            def measure(e: Counts) -> int:
                return e[0]
            k = obj.k

            def value(e: Counts) -> int:
                return int(e[0] >= k)
        else:
            taken = obj.taken_of(t)

            def value(e: Counts) -> int:
                return space_for(e[0], taken)
            measure = value
        return _Layout(tuple(cats), (), weights), value, measure
    unscored = sorted((j for j in range(c) if j not in obj.scored),
                      key=lambda j: (sorted(obj.taken_of(j)), j))
    cats = [(j,) for j in unscored]
    groups = []
    start = 0
    for i in range(1, len(unscored) + 1):
        if i == len(unscored) or obj.taken_of(unscored[i]) != obj.taken_of(unscored[start]):
            if i - start > 1:
                groups.append((start, i))
            start = i
    dead = tuple(sorted(obj.scored))
    if dead:
        cats.append(dead)
    if model.wilds:
        cats.append((wild,))
    weights = tuple(sum(fw[i] for i in cat) for cat in cats)
    u = len(unscored)
    has_wild = bool(model.wilds)
    rows = [obj.taken_of(j) for j in unscored]

    def best(e: Counts) -> int:
        w = e[-1] if has_wild else 0
        return max((e[i] + w for i in range(u)), default=0)

    if obj.kind == "at_least":
        k = obj.k

        def value(e: Counts) -> int:
            return int(best(e) >= k)
        measure = best
    else:
        def value(e: Counts) -> int:
            w = e[-1] if has_wild else 0
            return max((space_for(e[i] + w, rows[i]) for i in range(u)), default=0)
        measure = value
    return _Layout(tuple(cats), tuple(groups), weights), value, measure


_SOLUTIONS: dict[tuple[DiceModel, Objective], tuple[_Layout, _Solution]] = {}


def _solution(model: DiceModel, obj: Objective) -> tuple[_Layout, _Solution]:
    key = (model, obj)
    hit = _SOLUTIONS.get(key)
    if hit is None:
        obj.check(model)
        layout, value, measure = _layout(model, obj)
        tb = _tables(model.n, layout.weights, layout.groups)
        f = [value(s) for s in tb.states]
        hit = (layout, _Solution(tb, f, [measure(s) for s in tb.states], [list(f)], []))
        if len(_SOLUTIONS) > 512:
            _SOLUTIONS.clear()
        _SOLUTIONS[key] = hit
    return hit


solution = _solution  # public: the engine's cached solve of (model, objective), for PointsBot


def _rolls_left(model: DiceModel, dice: Sequence[int] | None, rolls_left: int | None) -> int:
    """The rolls still allowed: before the first roll (``dice`` None) 1..``model.rolls``,
    default all of them; after a roll 0..``model.rolls - 1``, default all the rest (RULES.md
    §B3: three rolls a turn, so 1..3 before the first roll and 0..2 after one). Raises
    ConfigurationError naming the range of the case."""
    if rolls_left is None:
        return model.rolls if dice is None else model.rolls - 1
    if dice is None:
        low, high, when = 1, model.rolls, "before the first roll"
    else:
        low, high, when = 0, model.rolls - 1, "after a roll"
    if as_whole(rolls_left) is None or not low <= rolls_left <= high:
        raise ConfigurationError(
            f"rolls left must be from {low} to {high} {when} ({model.rolls} rolls a turn, "
            f"RULES.md §B3), got {rolls_left!r}")
    return int(rolls_left)


def _check_dice(model: DiceModel, dice: Sequence[int] | str) -> Counts:
    if isinstance(dice, str):
        return model.counts(dice)
    dice = tuple(dice)
    if (len(dice) != model.characters + 1 or any(k < 0 for k in dice)
            or sum(dice) != model.n or (model.wilds == 0 and dice[model.wild])):
        raise ConfigurationError(f"{dice} is not a count vector of {model.n} dice over "
                                 f"{model.characters} characters and the Clubhouse")
    return dice


# --------------------------------------------------------------------------------------------
# public optimal-keep API


@dataclass(frozen=True)
class KeepOption:
    """One distinct keep and its value.

    ``keep``: the faces kept (scoreboard order, Clubhouses last); ``reroll``: how many dice are
    rerolled (0 means stop and score now); ``value``: the probability (a Fraction in [0, 1]) or
    the expected points reached by the best play from here on; ``score``: when stopping, the
    character to score (the best one), else None (a stop with no character to score means
    every character is scored: nothing left to score).
    """

    keep: tuple[str, ...]
    reroll: int
    value: Fraction
    counts: Counts = ()
    score: str | None = None

    def describe(self) -> str:
        """``"keep Mickey Mickey Clubhouse"``, ``"reroll all"``, ``"stop and score Goofy"`` or
        ``"nothing left to score"`` (a stop when every character is scored)."""
        if self.reroll == 0:
            return f"stop and score {self.score}" if self.score else "nothing left to score"
        if not self.keep:
            return "reroll all"
        return "keep " + " ".join(self.keep)


def optimal_value(model: DiceModel, objective: Objective, dice: Sequence[int] | None = None,
                  rolls_left: int | None = None) -> Fraction:
    """The value of the best play for ``objective``: a probability (Fraction in [0, 1]) for
    ``at_least`` questions, expected points for ``points``.

    ``dice`` is the count vector showing after a roll (``None``: before the first roll);
    ``rolls_left`` the rolls still allowed (default: ``model.rolls`` before the first roll,
    ``model.rolls - 1`` after one). Expectimax over every distinct keep, stopping allowed
    (RULES.md §B3, §C2). Raises ConfigurationError for a question that does not fit the model.
    """
    objective = objective.resolve(model)
    layout, sol = _solution(model, objective)
    t = _rolls_left(model, dice, rolls_left)
    if dice is None:
        return sol.keep_value(sol.tables.keep_index[layout.engine((0,) * (model.characters + 1))],
                              t)
    dice = _check_dice(model, dice)
    return sol.state_value(sol.tables.state_index[layout.engine(dice)], t)


def _score_choice(model: DiceModel, objective: Objective, dice: Counts) -> str | None:
    if objective.target is not None:
        return model.names[objective.target]
    best, name = -1, None
    for j in range(model.characters):
        if j in objective.scored:
            continue
        cnt = model.count_of(dice, j)
        v = cnt if objective.kind == "at_least" else space_for(cnt, objective.taken_of(j))
        if v > best:
            best, name = v, model.names[j]
    return name


def keep_options(model: DiceModel, objective: Objective, dice: Sequence[int],
                 rolls_left: int | None = None) -> list[KeepOption]:
    """The value of EVERY distinct keep of ``dice`` (a count vector after a roll), best first.

    Keeping all the dice means stopping (value measured now); any other keep rerolls the rest
    with ``rolls_left`` (default ``model.rolls - 1``) rolls still allowed, then plays on
    optimally. With no rolls left, or with every character scored (nothing left to score),
    the only option is to stop. Ties are listed with stopping first, then fewer dice rerolled.
    Raises ConfigurationError for a bad question or dice.
    """
    objective = objective.resolve(model)
    dice = _check_dice(model, dice)
    t = _rolls_left(model, dice, rolls_left)
    layout, sol = _solution(model, objective)
    tb = sol.tables
    options = []
    s = tb.state_index[layout.engine(dice)]
    if len(objective.scored) >= model.characters:
        t = 0  # nothing left to score: no keep changes anything
    for keep in sub_multisets(dice):
        if keep == dice:
            value = Fraction(sol.f[s])
            options.append(KeepOption(model.faces_of(keep), 0, value, keep,
                                      _score_choice(model, objective, dice)))
        elif t > 0:
            value = sol.keep_value(tb.keep_index[layout.engine(keep)], t)
            options.append(KeepOption(model.faces_of(keep), model.n - sum(keep), value, keep))
    options.sort(key=lambda o: (-o.value, o.reroll))
    return options


def best_keep(model: DiceModel, objective: Objective, dice: Sequence[int],
              rolls_left: int | None = None) -> KeepOption:
    """The best keep of ``dice`` for ``objective`` (the first of :func:`keep_options`)."""
    return keep_options(model, objective, dice, rolls_left)[0]


def optimal_distribution(model: DiceModel, objective: Objective,
                         dice: Sequence[int] | None = None,
                         rolls_left: int | None = None) -> dict[int, Fraction]:
    """The distribution of the measured quantity at the end of the turn under the best play.

    The quantity is the count (target's, or best unscored) for ``at_least`` questions and the
    points for ``points`` questions; the result maps each value to its probability (Fractions
    summing to exactly 1). The play is the one of :func:`keep_options` (ties: stop first, then
    keep more dice), so for ``at_least`` the mass at values >= k equals :func:`optimal_value`.
    """
    objective = objective.resolve(model)
    layout, sol = _solution(model, objective)
    tb = sol.tables
    t = _rolls_left(model, dice, rolls_left)
    mass: dict[int, Fraction] = {}
    if dice is None:
        k0 = tb.keep_index[layout.engine((0,) * (model.characters + 1))]
        total = Fraction(1, sum(tb.weights) ** model.n)
        for s, w in tb.trans[k0]:
            mass[s] = mass.get(s, 0) + w * total
        t -= 1
    else:
        dice = _check_dice(model, dice)
        first = best_keep(model, objective, dice, t)
        if first.reroll == 0 or t == 0:
            return {sol.measure[tb.state_index[layout.engine(dice)]]: Fraction(1)}
        k0 = tb.keep_index[layout.engine(first.counts)]
        scale = Fraction(1, sum(tb.weights) ** first.reroll)
        for s, w in tb.trans[k0]:
            mass[s] = mass.get(s, 0) + w * scale
        t -= 1
    final: dict[int, Fraction] = {}
    while mass:
        nxt: dict[int, Fraction] = {}
        for s, p in mass.items():
            k = sol.choice(s, t)
            if k is None:
                m = sol.measure[s]
                final[m] = final.get(m, 0) + p
                continue
            scale = p / sum(tb.weights) ** (model.n - tb.keep_size[k])
            for s2, w in tb.trans[k]:
                nxt[s2] = nxt.get(s2, 0) + w * scale
        mass, t = nxt, t - 1
    return dict(sorted(final.items()))


# --------------------------------------------------------------------------------------------
# keep policies and their distributions


POLICIES = ("target", "best", "best-once")
"""Named keep policies: ``"target"`` keeps the target and the Clubhouses; ``"best"`` keeps the
most common character and the Clubhouses, re-chosen after every roll; ``"best-once"`` chooses
the most common character after the first roll and keeps it (and the Clubhouses) thereafter."""


def policy_keep(model: DiceModel, policy: str, target: int = 0) -> Callable[[Counts], Counts]:
    """The keep of a memoryless named policy (``"target"`` or ``"best"``) as a function from
    the dice showing (count vector) to the dice kept (count vector).

    ``"best"`` breaks ties between equally common characters by scoreboard order (by symmetry
    this changes no probability). Raises ConfigurationError for another policy name.
    """
    c, wild = model.characters, model.wild
    if policy == "target":
        if not 0 <= target < c:
            raise ConfigurationError(f"target index {target} is not a character 0..{c - 1}")

        def keep(d: Counts) -> Counts:
            return tuple(k if i in (target, wild) else 0 for i, k in enumerate(d))
        return keep
    if policy == "best":
        def keep(d: Counts) -> Counts:
            j = most_common(d, c)
            return tuple(k if i in (j, wild) else 0 for i, k in enumerate(d))
        return keep
    raise ConfigurationError(f"unknown memoryless keep policy {policy!r}: use 'target' or 'best'"
                             " ('best-once' remembers its choice: see markov.best_once_chain)")


def one_roll_distribution(model: DiceModel, statistic: str = "best",
                          target: int = 0) -> dict[int, Fraction]:
    """The distribution of a count after one roll of all ``n`` dice.

    ``statistic``: ``"target"`` (the count of character ``target``) or ``"best"`` (the best
    count). Fractions summing to exactly 1.
    """
    total = model.faces ** model.n
    dist: dict[int, Fraction] = {}
    for v, w in model.roll(model.n):
        x = model.count_of(v, target) if statistic == "target" else model.best_count(v)
        dist[x] = dist.get(x, 0) + Fraction(w, total)
    return dict(sorted(dist.items()))


def p_at_least(distribution: Mapping[int, Fraction], k: int) -> Fraction:
    """P(X >= k) from a distribution ``{value: probability}``."""
    return sum((p for x, p in distribution.items() if x >= k), Fraction(0))


def policy_distribution(model: DiceModel, keep: Callable[[Counts], Counts],
                        statistic: Callable[[Counts], int],
                        rolls: int | None = None) -> dict[int, Fraction]:
    """The distribution of ``statistic(dice)`` after ``rolls`` rolls (default ``model.rolls``)
    under ANY memoryless keep policy ``keep`` (dice showing -> dice kept, count vectors), e.g.
    ``lambda d: (0,) * model.characters + (d[model.wild],)`` keeps only the Clubhouses.
    Exact Fractions summing to 1, by stepping the distribution over dice multisets."""
    rolls = model.rolls if rolls is None else rolls
    if rolls < 1:
        raise ConfigurationError(f"a count needs at least one roll, got {rolls}")
    dist: dict[Counts, int] = {(0,) * (model.characters + 1): 1}
    total = model.faces ** model.n
    for step in range(rolls):
        nxt: dict[Counts, int] = {}
        for d, p in dist.items():
            kept = keep(d) if step else d
            for s, w in model.reroll(kept):
                nxt[s] = nxt.get(s, 0) + p * w
        dist = nxt
    out: dict[int, Fraction] = {}
    denom = total ** rolls
    for d, p in dist.items():
        x = statistic(d)
        out[x] = out.get(x, 0) + Fraction(p, denom)
    return dict(sorted(out.items()))


def keep_hint(model: DiceModel, objective: Objective, dice: Sequence[int],
              rolls_left: int | None = None) -> str:
    """A one-line hint: the best keep against rerolling all and stopping (percent for
    probabilities, points with 2 decimals for expected points), e.g.

    >>> model = DiceModel()
    >>> dice = model.counts("Mickey Mickey Clubhouse Goofy Pluto")
    >>> keep_hint(model, Objective.at_least(4), dice)
    'keep Mickey Mickey Clubhouse: 80.2% vs reroll all: 55.4%, stop and score Mickey: 0.0%'
    >>> keep_hint(model, Objective.at_least(4, target="Goofy"), "Mickey Mickey C Goofy Pluto")
    'keep Goofy Clubhouse: 58.3% vs reroll all: 26.5%, stop and score Goofy: 0.0%'
    >>> print(keep_hint(model, Objective.points(), dice).replace(" vs ", "\\n"))
    keep Mickey Mickey Clubhouse: 4.11 points
    reroll all: 3.61 points, stop and score Mickey: 3.00 points
    """
    opts = keep_options(model, objective, dice, rolls_left)

    def show(o: KeepOption) -> str:
        v = (f"{float(o.value) * 100:.1f}%" if objective.kind == "at_least"
             else f"{float(o.value):.2f} points")
        return f"{o.describe()}: {v}"
    others = [o for o in opts[1:] if o.reroll in (0, model.n)]
    return show(opts[0]) + ("" if not others else " vs " + ", ".join(show(o) for o in others))
