"""Checking a saved game before it is loaded (``CardGame.from_json``, ``DiceGame.from_json``).

A save is checked in three stages, the same for both games; the first failure raises a
:class:`SaveError` that names the field as a JSON path (``hands[1][3]``, ``start.deck``,
``history[12]``) and says what is accepted:

1. **Reading** (:func:`read_save`): UTF-8 JSON text of an object, nested at most
   :data:`MAX_DEPTH` levels (checked before parsing, so ``"[" * 100000`` is refused, never a
   RecursionError).
2. **The schema walk** (:func:`walk`): every field's type, range and length, against a schema
   built from the small spec classes below. The walk follows the schema, not the data, so its
   depth is the schema's. Lengths and ranges may depend on fields read earlier (the player
   count, the editions): a spec's bound may be a function of the walk's context.
3. **The replay**, in each game: the history is applied again, action by action, from the
   start (a new game, or the checked start of a position), and the state the history leads to
   must be the saved state, field by field (:func:`first_difference` names the first field
   that differs). So a hand-edited history, or a state edited without its history, is
   refused, and what is loaded is a state the rules reached.

Plain code rather than a JSON Schema library: the constraints that matter are relations
between fields (a seat below the player count, a Power number of that edition, a card
conserved), which JSON Schema cannot state, and ``jsonschema`` depends on a compiled
extension (``rpds-py``) that a Pyodide page cannot install from the package index.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from swkit.errors import ConfigurationError
from swkit.files import RepeatedKeyError, json_number_problem, loads_unique, path_join

__all__ = [
    "JSON_STRING", "MAX_DEPTH", "RNG", "AnyOf", "Bool", "Check", "Dict", "Int", "Keys", "List",
    "Null", "Number", "Obj", "SaveError", "Scalar", "Spec", "Str", "Tagged", "Tuple",
    "first_difference", "nesting_depth", "path_join", "read_save", "show", "walk",
]

MAX_DEPTH = 32
"""The deepest nesting of lists and objects a save may have (a real one nests at most 7)."""

Bound = int | Callable[[dict[str, Any]], int] | None


class SaveError(ConfigurationError):
    """A saved game that cannot be loaded. ``path`` is the JSON path of the bad field
    (``""`` for the whole text), ``problem`` the reason, with the accepted form."""

    def __init__(self, what: str, path: str, problem: str) -> None:
        self.what, self.path, self.problem = what, path, problem
        where = f"{path}: " if path else ""
        super().__init__(f"not a valid saved {what}: {where}{problem}")


def show(value: Any, limit: int = 40) -> str:
    """A short description of any JSON value for an error message (never the whole of a
    large or deep value)."""
    if isinstance(value, list):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        keys = ", ".join(repr(k) for k in list(value)[:4])
        return "an object" + (f" with keys {keys}{', ...' if len(value) > 4 else ''}"
                              if value else " with no keys")
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "..."
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 12:
        return f"a {len(str(abs(value)))}-digit number"
    return json.dumps(value) if value is None or isinstance(value, bool) else repr(value)


JSON_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')
"""A JSON string, or an unclosed one up to the end of the text. Tried at a quote, it always
matches (each of its loops stops only at a quote, a backslash or the end, and each of those
ends it or goes on), so the scan never starts again at a later quote: linear in the text's
length, whatever the text (``'"\\' * 40000`` is one unclosed string, read once)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the lists and objects of JSON ``text`` nest (strings skipped), exactly up to
    ``limit``; any depth above it is returned as ``limit + 1``. Regular expressions strip the
    strings (:data:`JSON_STRING`: one pass), keep the brackets, then remove the innermost pairs
    once per level, so the cost is at most ``limit + 2`` passes at C speed, each linear in the
    text's length; an unbalanced text is counted bracket by bracket, once."""
    brackets = _NOT_BRACKET.sub("", JSON_STRING.sub("", text))
    for level in range(limit + 1):
        if not brackets:
            return level
        fewer = _PAIR.sub("", brackets)
        if fewer == brackets:  # unbalanced (not JSON): count the open brackets
            depth = most = 0
            for c in brackets:
                depth += 1 if c in "[{" else -1
                most = max(most, depth)
                if most > limit:
                    break
            return min(most + level, limit + 1)
        brackets = fewer
    return limit + 1


def read_save(text: str, what: str) -> dict[str, Any]:
    """Parse ``text`` as the JSON object of a save. Raises SaveError for text that is not
    JSON, not an object, nested deeper than MAX_DEPTH (checked before parsing), or with an
    object that names a key twice (the path of the second one: ``to_json`` writes each key
    once, and Python's reader would keep the later value without a word)."""
    if nesting_depth(text) > MAX_DEPTH:
        raise SaveError(what, "", f"lists or objects nested more than {MAX_DEPTH} deep; a "
                        f"save nests at most {MAX_DEPTH}")
    try:
        data = loads_unique(text)
    except RepeatedKeyError as exc:
        raise SaveError(what, exc.path, f"the key {exc.key!r} is written twice in one object; "
                        "accepted: each key once, as to_json() writes it") from None
    except RecursionError:  # pragma: no cover - the scan above refuses it first
        raise SaveError(what, "", f"nested more than {MAX_DEPTH} deep") from None
    except json.JSONDecodeError as exc:
        raise SaveError(what, "", f"not JSON ({exc})") from None
    except ValueError as exc:  # a number of over 4,300 digits
        raise SaveError(what, "", f"not JSON ({json_number_problem(exc)})") from None
    if not isinstance(data, dict):
        raise SaveError(what, "", f"the text holds {show(data)}; accepted: a JSON object "
                        "written by to_json()")
    return data


# -- the spec classes ----------------------------------------------------------------------------

class Spec:
    """A rule for one JSON value. ``check`` returns None when ``value`` follows it, else the
    path of the bad part and the problem; ``ctx`` holds values bound by earlier fields."""

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        raise NotImplementedError  # pragma: no cover

    def accepted(self, ctx: dict[str, Any]) -> str:
        """The accepted form, in words."""
        raise NotImplementedError  # pragma: no cover

    def fail(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str]:
        return path, f"is {show(value)}; accepted: {self.accepted(ctx)}"

    scalar = False
    """True for the specs of one JSON scalar, which answer ``ok`` without a path."""

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        """For a scalar spec: True when ``value`` follows it (binding what it binds)."""
        raise NotImplementedError  # pragma: no cover


class Scalar(Spec):
    """A spec of one JSON scalar: ``check`` is ``ok``, and a container checks its items
    without building their paths unless one fails (the save's lists are long)."""

    scalar = True

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        return None if self.ok(value, ctx) else self.fail(value, path, ctx)


def _sub(spec: Spec, value: Any, path: str, key: str | int,
         ctx: dict[str, Any]) -> tuple[str, str] | None:
    """Check ``value``, the item ``key`` of the container at ``path``."""
    if spec.scalar:
        return None if spec.ok(value, ctx) else spec.fail(value, path_join(path, key), ctx)
    return spec.check(value, path_join(path, key), ctx)


def _bound(b: Bound, ctx: dict[str, Any]) -> int | None:
    return b(ctx) if callable(b) else b


@dataclass(frozen=True)
class Int(Scalar):
    """A whole number (not a bool) in ``low..high`` (bounds may be functions of ``ctx``);
    ``bind``: store the value in ``ctx`` under this name."""

    low: Bound = None
    high: Bound = None
    bind: str | None = None
    what: str = "a whole number"

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        if type(value) is not int:  # not bool, a subclass of int
            return False
        low, high = self.low, self.high
        if low is not None and value < (low(ctx) if callable(low) else low):
            return False
        if high is not None and value > (high(ctx) if callable(high) else high):
            return False
        if self.bind:
            ctx[self.bind] = value
        return True

    def accepted(self, ctx: dict[str, Any]) -> str:
        low, high = _bound(self.low, ctx), _bound(self.high, ctx)
        if low is not None and high is not None:
            return f"{self.what} from {low} to {high}"
        if low is not None:
            return f"{self.what} >= {low}"
        return self.what


@dataclass(frozen=True)
class Bool(Scalar):
    """true or false."""

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        return isinstance(value, bool)

    def accepted(self, ctx: dict[str, Any]) -> str:
        return "true or false"


@dataclass(frozen=True)
class Null(Scalar):
    """null only."""

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        return value is None

    def accepted(self, ctx: dict[str, Any]) -> str:
        return "null"


@dataclass(frozen=True)
class Number(Scalar):
    """Any finite JSON number (a float state of a random stream)."""

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        return type(value) in (int, float) and value == value and abs(value) != float("inf")

    def accepted(self, ctx: dict[str, Any]) -> str:
        return "a number"


@dataclass(frozen=True)
class Str(Scalar):
    """A string: one of ``choices`` (or of ``ctx[choices_from]``), or matching ``pattern``;
    at most ``max_len`` characters."""

    choices: Sequence[str] | None = None
    pattern: str | None = None
    what: str = "a string"
    choices_from: str | None = None
    max_len: int = 1000

    def __post_init__(self) -> None:
        matcher = None if self.pattern is None else re.compile(self.pattern).fullmatch
        object.__setattr__(self, "_match", matcher)

    def _choices(self, ctx: dict[str, Any]) -> Sequence[str] | None:
        return ctx.get(self.choices_from) if self.choices_from else self.choices

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        if type(value) is not str or len(value) > self.max_len:
            return False
        choices = self._choices(ctx)
        if choices is not None and value not in choices:
            return False
        match = self._match  # type: ignore[attr-defined]
        return match is None or match(value) is not None

    def accepted(self, ctx: dict[str, Any]) -> str:
        choices = self._choices(ctx)
        if choices is not None:
            shown = ", ".join(repr(c) for c in list(choices)[:12])
            return f"one of {shown}{', ...' if len(choices) > 12 else ''}"
        return self.what


@dataclass(frozen=True)
class AnyOf(Spec):
    """The first of ``options`` that the value follows (e.g. a card or null)."""

    options: Sequence[Spec]

    def __post_init__(self) -> None:
        object.__setattr__(self, "scalar", all(o.scalar for o in self.options))

    def ok(self, value: Any, ctx: dict[str, Any]) -> bool:
        return any(o.ok(value, ctx) for o in self.options)

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        for option in self.options:
            if option.check(value, path, ctx) is None:
                return None
        return self.fail(value, path, ctx)

    def accepted(self, ctx: dict[str, Any]) -> str:
        return " or ".join(o.accepted(ctx) for o in self.options)


@dataclass(frozen=True)
class List(Spec):
    """A list of ``item``s; ``length`` exact, or ``min_len..max_len`` (bounds may be
    functions of ``ctx``); ``unique``: no item twice."""

    item: Spec
    length: Bound = None
    min_len: Bound = None
    max_len: Bound = None
    unique: bool = False
    what: str = ""

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        if not isinstance(value, list):
            return self.fail(value, path, ctx)
        n = len(value)
        length, low, high = (_bound(b, ctx) for b in (self.length, self.min_len, self.max_len))
        if (length is not None and n != length) or (low is not None and n < low) or (
                high is not None and n > high):
            return self.fail(value, path, ctx)
        item_spec = self.item
        if item_spec.scalar:
            if not all(item_spec.ok(item, ctx) for item in value):
                i = next(i for i, item in enumerate(value) if not item_spec.ok(item, ctx))
                return item_spec.fail(value[i], path_join(path, i), ctx)
        else:
            for i, item in enumerate(value):
                bad = item_spec.check(item, path_join(path, i), ctx)
                if bad:
                    return bad
        if self.unique:
            seen = set()
            for i, item in enumerate(value):
                key = json.dumps(item, sort_keys=True)
                if key in seen:
                    return path_join(path, i), f"is {show(item)} a second time; each may " \
                        "appear once"
                seen.add(key)
        return None

    def accepted(self, ctx: dict[str, Any]) -> str:
        length, low, high = (_bound(b, ctx) for b in (self.length, self.min_len,
                                                             self.max_len))
        what = self.what or f"a list of {self.item.accepted(ctx)}"
        if length is not None:
            return f"{what} ({length} item{'' if length == 1 else 's'})"
        if low is not None and high is not None:
            return f"{what} ({low} to {high} items)"
        if high is not None:
            return f"{what} (at most {high} items)"
        if low is not None:
            return f"{what} (at least {low} items)"
        return what


@dataclass(frozen=True)
class Tuple(Spec):
    """A list of fixed length whose items follow ``items`` in order."""

    items: Sequence[Spec]
    what: str = ""

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        if not isinstance(value, list) or len(value) != len(self.items):
            return self.fail(value, path, ctx)
        for i, (spec, item) in enumerate(zip(self.items, value, strict=True)):
            bad = _sub(spec, item, path, i, ctx)
            if bad:
                return bad
        return None

    def accepted(self, ctx: dict[str, Any]) -> str:
        return self.what or "[" + ", ".join(s.accepted(ctx) for s in self.items) + "]"


@dataclass(frozen=True)
class Dict(Spec):
    """Any JSON object (its fields checked by a Check around it)."""

    what: str = "an object"

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        return None if isinstance(value, dict) else self.fail(value, path, ctx)

    def accepted(self, ctx: dict[str, Any]) -> str:
        return self.what


@dataclass(frozen=True)
class Obj(Spec):
    """A JSON object with exactly the keys of ``fields`` (``optional`` ones may be missing),
    each checked in the order given (so a later field may use what an earlier one bound)."""

    fields: Mapping[str, Spec]
    optional: Sequence[str] = ()
    what: str = "an object"

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        if not isinstance(value, dict):
            return self.fail(value, path, ctx)
        unknown = [k for k in value if k not in self.fields]
        if unknown:
            return (path_join(path, str(unknown[0])),
                    f"is not a field of {self.what}; accepted fields: {', '.join(self.fields)}")
        for key, spec in self.fields.items():
            if key not in value:
                if key in self.optional:
                    continue
                return path_join(path, key), f"is missing ({self.what} has it: " \
                    f"{spec.accepted(ctx)})"
            bad = _sub(spec, value[key], path, key, ctx)
            if bad:
                return bad
        return None

    def accepted(self, ctx: dict[str, Any]) -> str:
        return f"{self.what} with the fields {', '.join(self.fields)}"


@dataclass(frozen=True)
class Tagged(Spec):
    """An object whose field ``tag`` (one of ``variants``) says which Obj spec it follows."""

    tag: str
    variants: Mapping[str, Obj]
    what: str = "an object"

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        if not isinstance(value, dict):
            return self.fail(value, path, ctx)
        name = value.get(self.tag)
        if not isinstance(name, str) or name not in self.variants:
            return (path_join(path, self.tag),
                    f"is {show(name)}; accepted: one of {', '.join(self.variants)}")
        return self.variants[name].check(value, path, ctx)

    def accepted(self, ctx: dict[str, Any]) -> str:
        return f"{self.what} whose {self.tag!r} is one of {', '.join(self.variants)}"


@dataclass(frozen=True)
class Check(Spec):
    """``spec`` first, then ``test(value, ctx)``, which returns None, the problem, or a key
    or index (or a tuple of them) inside the value with its problem (and may bind values in
    ``ctx``)."""

    spec: Spec
    test: Callable[[Any, dict[str, Any]], str | tuple[Any, str] | None]

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        bad = self.spec.check(value, path, ctx)
        if bad:
            return bad
        problem = self.test(value, ctx)
        if problem is None:
            return None
        if isinstance(problem, tuple):  # (keys or indexes inside the value, the problem)
            keys = problem[0] if isinstance(problem[0], tuple) else (problem[0],)
            for key in keys:
                path = path_join(path, key)
            return path, problem[1]
        return path, problem

    def accepted(self, ctx: dict[str, Any]) -> str:
        return self.spec.accepted(ctx)


@dataclass(frozen=True)
class Keys(Spec):
    """An object whose keys are exactly ``ctx[keys_from]``, in that order, each value an
    ``item`` (the rows of a scoreboard, one per character)."""

    keys_from: str
    item: Spec
    what: str = "an object"

    def check(self, value: Any, path: str, ctx: dict[str, Any]) -> tuple[str, str] | None:
        keys = list(ctx[self.keys_from])
        if not isinstance(value, dict) or list(value) != keys:
            return self.fail(value, path, ctx)
        for key in keys:
            bad = _sub(self.item, value[key], path, key, ctx)
            if bad:
                return bad
        return None

    def accepted(self, ctx: dict[str, Any]) -> str:
        return f"{self.what} with the keys {', '.join(map(str, ctx[self.keys_from]))}, in order"


RNG = Check(Tuple([Int(3, 3), List(Int(0, 2 ** 32 - 1), length=625), AnyOf([Null(), Number()])],
                  what="a random stream's state [3, a list of 625 whole numbers, null]"),
            lambda v, ctx: None if v[1][-1] <= 624 else
            ((1, 624), "is the stream's position; accepted: 0 to 624"))
"""A ``random.Random`` state as ``swkit.state.rng_to_json`` writes it (Mersenne Twister:
version 3, 624 words below 2**32 and the position, the cached Gaussian or null)."""


def walk(spec: Spec, value: Any, what: str, path: str = "",
         ctx: dict[str, Any] | None = None) -> dict[str, Any]:
    """Check ``value`` against ``spec``; returns the context (the values bound). Raises
    SaveError naming the first bad field's path."""
    ctx = {} if ctx is None else ctx
    bad = spec.check(value, path, ctx)
    if bad:
        raise SaveError(what, *bad)
    return ctx


def first_difference(saved: Any, replayed: Any, path: str) -> str | None:
    """The path of the first place where ``saved`` differs from ``replayed`` (None when
    equal). It descends only where both are lists or objects, so its depth is that of the
    replayed value."""
    if saved == replayed and type(saved) is type(replayed):
        return None
    if type(saved) is not type(replayed):
        return path
    if isinstance(replayed, dict):
        for key in replayed:
            if key not in saved:
                return path_join(path, key)
            deeper = first_difference(saved[key], replayed[key], path_join(path, key))
            if deeper is not None:
                return deeper
        extra = [k for k in saved if k not in replayed]
        return path_join(path, extra[0]) if extra else None
    if isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=False)):
            deeper = first_difference(a, b, path_join(path, i))
            if deeper is not None:
                return deeper
        return None if len(saved) == len(replayed) else path_join(path, min(len(saved),
                                                                             len(replayed)))
    return None if saved == replayed else path
