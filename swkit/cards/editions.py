"""Editions and their Power cards, read from data files (RULES.md §A7, §A9).

A Power is data, not code: each one names an effect **primitive** and its parameters, so a
teacher can edit a copy of the data file (or add a card) without writing Python. The primitives
and their parameters:

=====================  ==============================================================
primitive              params (the accepted range in brackets)
=====================  ==============================================================
``wild_color``         ``color``: a color letter; cards of that color are any color
``wild_number``        ``number``: [1, 9]; cards with that number are any number
``play_from_discard``  ``requires_number``: [1, 9] or null (a card with that number must
                       be in your tableau); ``depth``: [1, 9], choose among the top
                       ``depth`` cards of the discard pile
``extra_play``         ``count``: [1, 3] more cards played from your hand
``extra_draw``         ``count``: [1, 3] cards drawn into your hand
``take_from_discard``  ``count``: [1, 3] top cards of the discard pile taken into your hand
``swap``               (none) one card of your tableau for one of another player's
``pass``               ``count``: [1, 2] cards each player passes to seat index + 1
=====================  ==============================================================

**Limits** (:data:`LIMITS`, checked by :func:`edition_from_dict`): the counts above, a Power's
``number`` from 1 to 99, a ``key`` of at most 40 characters, a ``text`` of at most 300, an
edition ``name`` of at most 80 and from 1 to 40 Powers. They keep every turn small for the
game, the bots and the odds engine: the printed cards use 1 to 3, and larger counts make the
choices of one turn explode (an extra play of E cards leaves a tableau of 6 + E cards whose
discards can be ordered (6+E)!/5! ways: 3,024 for E = 3 but 3.3 million for E = 5; passing k
of a hand of h cards is a choice of C(h, k): for k = 2 at most 16,110 with four editions).
``bench/editions.py`` times games of 4 bots with editions at the limits;
``tests/test_cards_editions.py`` plays them through the command. A file over 1 MB is refused
before it is read (:data:`swkit.files.MAX_FILE_BYTES`).

The built-in edition ``"mickey"`` lives in ``swkit/cards/data/mickey_and_friends.json``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from swkit.cards.notation import COLOR_NAMES, COLORS, NUMBERS, parse_color
from swkit.cards.triples import NO_WILDS, Wilds
from swkit.errors import ConfigurationError, NotationError
from swkit.files import parse_json, read_text, show_name
from swkit.limits import MAX_EDITIONS, MIN_EDITIONS
from swkit.whole import as_whole, quoted

BUILTIN_EDITIONS: dict[str, str] = {"mickey": "mickey_and_friends.json"}
"""Built-in edition key -> data file name in ``swkit/cards/data``."""

WILD_EFFECTS = ("wild_color", "wild_number")
"""The primitives that make wild cards for this turn's Score (RULES.md §A4)."""

# primitive -> {param name: (kind, description)}; kind is "color", "number", "count" or
# "number_or_null".
PRIMITIVES: dict[str, dict[str, str]] = {
    "wild_color": {"color": "color"},
    "wild_number": {"number": "number"},
    "play_from_discard": {"requires_number": "number_or_null", "depth": "count"},
    "extra_play": {"count": "count"},
    "extra_draw": {"count": "count"},
    "take_from_discard": {"count": "count"},
    "swap": {},
    "pass": {"count": "count"},
}
"""Every effect primitive and its parameters (RULES.md §A7)."""

LIMITS: dict[str, int] = {
    "play_from_discard.depth": 9,
    "extra_play.count": 3,
    "extra_draw.count": 3,
    "take_from_discard.count": 3,
    "pass.count": 2,
    "number": 99,
    "key": 40,
    "text": 300,
    "name": 80,
    "powers": 40,
}
"""The largest value an edition may set: ``"effect.param"`` -> the largest count (each count
is at least 1), ``"number"`` -> the largest Power number, ``"key"``, ``"text"``, ``"name"`` ->
the most characters, ``"powers"`` -> the most Powers in an edition (see the module docstring
for why)."""

KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
"""A Power's ``key``: lower-case letters, digits and hyphens, starting with a letter or digit."""


@dataclass(frozen=True)
class Power:
    """One Power card (RULES.md §A7).

    ``number``: its number in the edition (>= 1); ``key``: a short unique name
    (``"purple-wild"``); ``color``: a color letter of ``COLORS``; ``text``: the card's words;
    ``effect``: a primitive of ``PRIMITIVES``; ``params``: that primitive's parameters
    (read-only mapping, not part of the hash).
    """

    number: int
    key: str
    color: str
    text: str
    effect: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def wilds(self) -> Wilds:
        """The wild cards this Power makes for this turn's Score, or no wilds (RULES.md §A4)."""
        if self.effect == "wild_color":
            return Wilds(colors=frozenset({self.params["color"]}))
        if self.effect == "wild_number":
            return Wilds(numbers=frozenset({self.params["number"]}))
        return NO_WILDS

    @property
    def name(self) -> str:
        """How a player names this Power: ``"Power 7 (blue)"``, its number and color as its
        card is headed (:func:`swkit.pictures.power_svg`) and RULES.md §A7's table lists it."""
        return f"Power {self.number} ({COLOR_NAMES[self.color]})"

    @property
    def is_wild(self) -> bool:
        """True for the wild primitives (``wild_color``, ``wild_number``)."""
        return self.effect in WILD_EFFECTS

    def to_dict(self) -> dict[str, Any]:
        """The Power as it is written in a data file."""
        return {"number": self.number, "key": self.key, "color": self.color, "text": self.text,
                "effect": self.effect, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """``pickle`` and ``copy`` rebuild the Power with its params read-only again (a
        read-only mapping cannot be pickled itself)."""
        return _power, (self.number, self.key, self.color, self.text, self.effect,
                        dict(self.params))

    def __str__(self) -> str:
        return self.key

    def _repr_svg_(self) -> str:
        """The Power card drawn with its color and text, for Jupyter
        (:func:`swkit.pictures.power_svg`)."""
        from swkit.pictures import power_svg
        return power_svg(self)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt


@dataclass(frozen=True)
class Edition:
    """One edition: its ``name``, short ``key`` and its Powers sorted by number (RULES.md §A9)."""

    name: str
    key: str
    powers: tuple[Power, ...]

    def to_dict(self) -> dict[str, Any]:
        """The edition as it is written in a data file (JSON-ready)."""
        return {"edition": self.name, "key": self.key,
                "powers": [p.to_dict() for p in self.powers]}


def _short(value: Any) -> str:
    """``repr(value)``, cut to 60 characters so that a message stays one readable line."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:50]}... ({len(text)} characters)"


def _fail(where: str, message: str) -> ConfigurationError:
    return ConfigurationError(f"{where}: {message} (RULES.md §A7)")


def _check_param(where: str, name: str, kind: str, value: Any, effect: str = "") -> Any:
    if kind == "color":
        color = parse_color(value)
        if color is None:
            raise _fail(where, f"params.{name} is {_short(value)}; accepted colors: "
                               + ", ".join(f"{c} ({COLOR_NAMES[c]})" for c in COLORS))
        return color
    if kind in ("number", "number_or_null"):
        if value is None and kind == "number_or_null":
            return None
        if as_whole(value) is None or value not in NUMBERS:
            extra = " or null" if kind == "number_or_null" else ""
            raise _fail(where, f"params.{name} is {_short(value)}; accepted: a whole number "
                               f"1-9{extra}")
        return as_whole(value)
    top = LIMITS.get(f"{effect}.{name}")
    if as_whole(value) is None or value < 1 or (top is not None and value > top):
        accepted = f"from 1 to {top}" if top is not None else ">= 1"
        why = (f" (swkit's limit for {effect}, which keeps a turn's choices small: see "
               "swkit/cards/editions.py)") if top is not None and as_whole(value) is not None \
            and value > top else ""
        raise _fail(where, f"params.{name} is {_short(value)}; accepted: a whole number {accepted}"
                           f"{why}")
    return as_whole(value)


def power_from_dict(data: Any, where: str = "Power") -> Power:
    """Build and validate one Power from its data-file form.

    Raises ConfigurationError naming the bad field and the accepted values.
    """
    if not isinstance(data, Mapping):
        raise _fail(where, f"a Power must be a JSON object, got {type(data).__name__}")
    required = ("number", "key", "color", "text", "effect")
    missing = [f for f in required if f not in data]
    if missing:
        raise _fail(where, "missing field(s) " + ", ".join(missing)
                    + "; a Power has number, key, color, text, effect, params")
    unknown = sorted(set(data) - {*required, "params"})
    if unknown:
        raise _fail(where, "unknown field(s) " + ", ".join(unknown)
                    + "; a Power has number, key, color, text, effect, params")
    number = data["number"]
    if as_whole(number) is None or not 1 <= number <= LIMITS["number"]:
        raise _fail(where, f"number is {_short(number)}; accepted: a whole number from 1 to "
                           f"{LIMITS['number']}")
    number = as_whole(number)
    key = data["key"]
    if not isinstance(key, str) or not KEY_PATTERN.match(key) or len(key) > LIMITS["key"]:
        raise _fail(where, f"key is {_short(key)}; accepted: lower-case letters, digits and '-',"
                           f" at most {LIMITS['key']} characters, e.g. 'purple-wild'")
    where = f"Power {number} ({key})"
    color = data["color"]
    letter = parse_color(color)
    if letter is None:
        raise _fail(where, f"color is {_short(color)}; accepted colors: "
                           + ", ".join(f"{c} ({COLOR_NAMES[c]})" for c in COLORS))
    text = data["text"]
    if not isinstance(text, str) or not text.strip() or len(text) > LIMITS["text"]:
        raise _fail(where, f"text is {_short(text)}; accepted: the card's words as a string of "
                           f"at most {LIMITS['text']} characters")
    effect = data["effect"]
    if not isinstance(effect, str) or effect not in PRIMITIVES:
        raise _fail(where, f"effect is {_short(effect)}; accepted primitives: "
                           + ", ".join(PRIMITIVES))
    params_in = data.get("params", {})
    if not isinstance(params_in, Mapping):
        raise _fail(where, f"params is {_short(params_in)}; accepted: a JSON object")
    schema = PRIMITIVES[effect]
    bad = sorted(set(params_in) - set(schema))
    if bad:
        accepted = ", ".join(schema) if schema else "none"
        raise _fail(where, f"unknown param(s) {', '.join(bad)} for effect {effect}; "
                           f"accepted params: {accepted}")
    params: dict[str, Any] = {}
    for name, kind in schema.items():
        if name not in params_in:
            raise _fail(where, f"effect {effect} needs params.{name}")
        params[name] = _check_param(where, name, kind, params_in[name], effect)
    return Power(number, key, letter, text, effect, MappingProxyType(params))


def _power(number: int, key: str, color: str, text: str, effect: str,
           params: dict[str, Any]) -> Power:
    """A Power whose params are a read-only view of ``params`` (for :meth:`Power.__reduce__`)."""
    return Power(number, key, color, text, effect, MappingProxyType(params))


def edition_from_dict(data: Any, source: str = "edition") -> Edition:
    """Build and validate an Edition from its data-file form (a dict).

    Raises ConfigurationError naming the bad field, the Power and the accepted values:
    an unknown field (of the edition or of a Power), unknown effect primitive, bad color, wild
    number outside 1-9, duplicate number or key.
    """
    if not isinstance(data, Mapping):
        raise _fail(source, "an edition must be a JSON object with edition, key and powers")
    for name in ("edition", "key", "powers"):
        if name not in data:
            raise _fail(source, f"missing field {name!r}; an edition has edition, key, powers")
    unknown = sorted(str(f) for f in set(data) - {"edition", "key", "powers"})
    if unknown:     # a misspelt or invented field would be ignored without a word
        raise _fail(source, "unknown field(s) " + ", ".join(_short(f) for f in unknown)
                    + "; an edition has edition, key, powers")
    name, key, raw = data["edition"], data["key"], data["powers"]
    if not isinstance(name, str) or not name.strip() or len(name) > LIMITS["name"]:
        raise _fail(source, f"edition is {_short(name)}; accepted: the edition's name as a "
                            f"string of at most {LIMITS['name']} characters")
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise _fail(source, f"key is {key!r}; accepted: lower-case letters, digits and '-'")
    if not isinstance(raw, list) or not 1 <= len(raw) <= LIMITS["powers"]:
        got = f"{len(raw)} Powers" if isinstance(raw, list) else type(raw).__name__
        raise _fail(source, f"powers must be a list of 1 to {LIMITS['powers']} Powers, got "
                            f"{got}")
    powers = [power_from_dict(p, f"{source}: Power #{i + 1}") for i, p in enumerate(raw)]
    seen_numbers: dict[int, str] = {}
    seen_keys: dict[str, int] = {}
    for p in powers:
        if p.number in seen_numbers:
            raise _fail(source, f"duplicate number {p.number} (Powers {seen_numbers[p.number]!r}"
                                f" and {p.key!r}); each Power needs its own number")
        if p.key in seen_keys:
            raise _fail(source, f"duplicate key {p.key!r} (Powers {seen_keys[p.key]} and "
                                f"{p.number}); each Power needs its own key")
        seen_numbers[p.number] = p.key
        seen_keys[p.key] = p.number
    return Edition(name, key, tuple(sorted(powers, key=lambda p: p.number)))


def load_edition(source: str | Path | Edition = "mickey") -> Edition:
    """Load an edition: a built-in key (``"mickey"``), a path to a JSON data file, or an Edition
    (returned as is).

    Returns the validated Edition. Raises ConfigurationError for an unknown key, an empty name,
    an unreadable file (missing, a folder, not permitted, not UTF-8 text: a UTF-8 byte-order
    mark is fine, see :func:`swkit.files.read_text`) or any invalid field (naming it and the
    accepted values).
    """
    if isinstance(source, Edition):
        return source
    if isinstance(source, str) and source in BUILTIN_EDITIONS:
        return _builtin(source)
    if isinstance(source, str) and not source.strip():
        raise ConfigurationError("no edition file given (an empty name): give a built-in key ("
                                 + ", ".join(BUILTIN_EDITIONS) + ") or the path of a JSON data "
                                 "file (RULES.md §A7)")
    if not isinstance(source, str | Path):
        raise ConfigurationError(f"edition is {source!r}; accepted: a built-in key, the path of "
                                 "a JSON data file or an Edition")
    path = Path(source)
    shown = show_name(path)
    looks_like_a_path = path.suffix.lower() == ".json" or len(path.parts) > 1
    try:
        is_dir, exists, is_file = path.is_dir(), path.exists(), path.is_file()
    except OSError as exc:  # e.g. a name too long for the system
        raise ConfigurationError(f"edition file {shown} cannot be read: "
                                 f"{exc.strerror or type(exc).__name__}") from None
    if is_dir:
        raise ConfigurationError(f"edition {shown} is a folder: give the path of a JSON "
                                 "data file (RULES.md §A7)")
    if looks_like_a_path and not exists:
        raise ConfigurationError(f"edition file {shown} not found: give the path of a "
                                 "JSON data file, e.g. a copy of swkit/cards/data/"
                                 "mickey_and_friends.json (RULES.md §A7)")
    if exists and not is_file:
        raise ConfigurationError(f"edition {shown} is not a regular file (a device or a pipe):"
                                 " give the path of a JSON data file (RULES.md §A7)")
    if not is_file:
        raise ConfigurationError(
            f"unknown edition {shown}: give a built-in key ("
            + ", ".join(BUILTIN_EDITIONS) + ") or the path of a JSON data file (RULES.md §A7)")
    return _parse(read_text(path, "edition file"), str(path))


@cache
def _builtin(key: str) -> Edition:
    text = resources.files("swkit.cards").joinpath("data", BUILTIN_EDITIONS[key]) \
        .read_text(encoding="utf-8")
    return _parse(text, f"built-in edition {key!r}")


def _parse(text: str, where: str) -> Edition:
    return edition_from_dict(parse_json(text, where), where)


_POWER_NUMBER = re.compile(r"(?:power\s*)?([0-9]{1,9})", re.ASCII)
"""A Power by number: ``7``, ``07``, or ``Power 7`` as the kit prints it (case-insensitive; at
most 9 digits, so a pasted 5,000-digit number is refused, never a ValueError)."""


def power_list(edition: Edition) -> str:
    """Each Power of ``edition`` as its number and key: ``"1 purple-wild, 2 yellow-wild, ..."``
    (RULES.md §A7's # column for the Mickey and Friends edition)."""
    return ", ".join(f"{p.number} {p.key}" for p in edition.powers)


def lookup_power(edition: Edition, text: str | int) -> Power:
    """The Power of ``edition`` with this number or key (RULES.md §A7).

    A number is unambiguous: each Power of an edition has its own number (the loader refuses a
    duplicate, :func:`edition_from_dict`), for Mickey and Friends the # of RULES.md §A7's table
    (two Powers share a color, never a number). Accepted: a number of ASCII digits (``3``,
    ``"3"``, ``"03"``), ``"Power 3"`` (the name the kit prints, case-insensitive), or a key
    (``"green-discard"``, case-insensitive). Raises NotationError naming the text and listing
    each number with its key.
    """
    token = str(text).strip().lower()
    number = _POWER_NUMBER.fullmatch(token)
    for p in edition.powers:
        if token == p.key or (number is not None and int(number.group(1)) == p.number):
            return p
    numbers = sorted(p.number for p in edition.powers)
    span = (f" {numbers[0]} to {numbers[-1]}"
            if numbers == list(range(numbers[0], numbers[-1] + 1)) else "")
    raise NotationError(
        f"no Power {show_name(str(text))} in {edition.name}: its Powers are numbered{span}, one "
        "Power each; "
        f"write a number or a key: {power_list(edition)}")


def resolve_editions(editions: int | Sequence[Edition | str | Path]) -> tuple[Edition, ...]:
    """The editions of a game: a whole number E (:data:`MIN_EDITIONS` to :data:`MAX_EDITIONS`)
    gives E copies of Mickey and Friends; a list of as many gives its editions (Edition
    objects, built-in keys or JSON paths, read by :func:`load_edition`). Raises
    ConfigurationError for anything else, a count or list outside that range, or a Power key
    that means different cards in two editions (RULES.md §A9)."""
    accepted = (f"accepted: a whole number {MIN_EDITIONS} to {MAX_EDITIONS} of Mickey and "
                f"Friends copies, or a list of {MIN_EDITIONS} to {MAX_EDITIONS} editions "
                "(Edition objects, built-in keys or JSON paths) (RULES.md §A9)")
    if isinstance(editions, bool):
        raise ConfigurationError(f"editions is {quoted(editions)}; {accepted}")
    if as_whole(editions) is not None:
        count = as_whole(editions)
        if not MIN_EDITIONS <= count <= MAX_EDITIONS:
            shown = count if abs(count) < 10 ** 12 else "a number far too large"
            raise ConfigurationError(f"editions is {shown}; {accepted}")
        base = load_edition("mickey")
        return (base,) * count
    if isinstance(editions, str | Path | Edition):
        editions = [editions]
    if not isinstance(editions, Iterable):
        raise ConfigurationError(f"editions is {quoted(editions)}; {accepted}")
    editions = list(editions)
    if len(editions) > MAX_EDITIONS:
        raise ConfigurationError(f"editions lists {len(editions)} editions; {accepted}")
    bad = [e for e in editions if not isinstance(e, str | Path | Edition)]
    if bad:
        raise ConfigurationError(f"editions lists {bad[0]!r}; {accepted}")
    result = tuple(load_edition(e) for e in editions)
    if not result:
        raise ConfigurationError("editions is an empty list; give at least one (RULES.md §A9)")
    by_key: dict[str, Power] = {}
    for ed in result:
        for p in ed.powers:
            other = by_key.setdefault(p.key, p)
            if (other.color, other.effect, dict(other.params)) != (p.color, p.effect,
                                                                    dict(p.params)):
                raise ConfigurationError(
                    f"Power key {p.key!r} means different cards in two editions; give each "
                    "different Power its own key (RULES.md §A9)")
    return result
