"""Dice faces and their notation (RULES.md section B1).

A die has six faces: five characters and the Clubhouse, which is wild. Faces are written as
full names or unique prefixes, case-insensitive (``mick``, ``min``, ``d``, ``g``, ``p``);
``C``, ``Clubhouse`` or ``wild`` name the Clubhouse, and these aliases win over prefixes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from swkit.entries import check_entries
from swkit.errors import ConfigurationError, NotationError
from swkit.whole import quoted

CLUBHOUSE = "Clubhouse"
"""The wild face (RULES.md section B1)."""

DEFAULT_CHARACTERS: tuple[str, ...] = ("Mickey", "Minnie", "Donald", "Goofy", "Pluto")
"""The five characters of the default edition, in scoreboard order."""

WILD_ALIASES = frozenset({"c", "clubhouse", "wild"})


def check_characters(characters: Sequence[str], *, exact: int | None = 5) -> tuple[str, ...]:
    """Validate an edition's character list and return it as a tuple.

    ``exact`` is the required number of characters (5 for the game, RULES.md section B1;
    ``None`` allows any positive number, for the generic odds model).
    Raises ConfigurationError for a value that is not a list of texts (None, a number, one
    text), a wrong count, a repeated name, an empty name, a name with whitespace (actions are
    written with spaces between faces, so a name is one word: ``MickeyMouse`` or
    ``Mickey-Mouse``) or a name that clashes with a Clubhouse alias (``C``, ``Clubhouse``,
    ``wild``).
    """
    if isinstance(characters, tuple) and (characters, exact) in _CHECKED:
        return characters
    many = "a list of character names" + (f" ({exact} of them)" if exact else "")
    if isinstance(characters, str) or not isinstance(characters, Iterable):
        raise ConfigurationError(
            f"characters is {quoted(characters)}; accepted: {many}, such as "
            f"{list(DEFAULT_CHARACTERS)} (RULES.md §B1)")
    items = list(characters)
    for item in items:
        if not isinstance(item, str):
            raise ConfigurationError(f"characters lists {quoted(item, 40)}, not a name; accepted: "
                                     f"{many}, each a text such as 'Mickey' (RULES.md §B1)")
    chars = tuple(c.strip() for c in items)
    if exact is not None and len(chars) != exact:
        raise ConfigurationError(
            f"an edition needs exactly {exact} characters, got {len(chars)}: {', '.join(chars)}"
        )
    if not chars:
        raise ConfigurationError("an edition needs at least one character")
    lowered = [c.lower() for c in chars]
    for name, low in zip(chars, lowered, strict=True):
        if re.search(r"\s", name):
            words = name.split()
            raise ConfigurationError(
                f"character name {name!r} has a space: actions and dice are written with "
                f"spaces between faces, so a name must be one word, e.g. {''.join(words)!r} or "
                f"{'-'.join(words)!r} (RULES.md §B1)")
        if not name or not re.fullmatch(r"[A-Za-z][A-Za-z0-9'.-]*", name):
            raise ConfigurationError(
                f"character name {name!r} is not accepted: one word of letters, digits, ' . -, "
                f"starting with a letter"
            )
        if low in WILD_ALIASES:
            raise ConfigurationError(
                f"character name {name!r} clashes with a Clubhouse alias (C, Clubhouse, wild)"
            )
        if lowered.count(low) > 1:
            raise ConfigurationError(f"character name {name!r} appears twice")
    if len(_CHECKED) < 1000:
        _CHECKED.add((chars, exact))
    return chars


_CHECKED: set[tuple[tuple[str, ...], int | None]] = set()
"""Character lists already accepted (a lookup cache: games are created by the thousand)."""


def parse_face(token: str, characters: Sequence[str] = DEFAULT_CHARACTERS) -> str:
    """Read one face: a character's full name or unique prefix, or a Clubhouse alias.

    Returns the canonical face name (a character name or ``"Clubhouse"``).
    Raises NotationError naming the token when it is unknown or an ambiguous prefix.
    """
    low = token.strip().lower()
    if low in WILD_ALIASES:
        return CLUBHOUSE
    exact = [c for c in characters if c.lower() == low]
    if exact:
        return exact[0]
    matches = [c for c in characters if low and c.lower().startswith(low)]
    accepted = ", ".join(characters) + f", {CLUBHOUSE} (or C, wild)"
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise NotationError(
            f"die face {token!r} is ambiguous: it could be {' or '.join(matches)}; "
            f"write more letters (faces: {accepted})"
        )
    raise NotationError(
        f"unknown die face {token!r}: use a name or unique prefix of {accepted}"
    )


def parse_faces(text: str | Iterable[str], characters: Sequence[str] = DEFAULT_CHARACTERS
                ) -> tuple[str, ...]:
    """Read several faces separated by spaces or commas (or given as an iterable of tokens).

    Returns the canonical names in the order given. Raises NotationError for any bad token,
    or an empty entry between commas (``"Mickey,,Goofy"``: :func:`swkit.entries.check_entries`).
    """
    if isinstance(text, str):
        check_entries(text, "faces", '"Mickey, Goofy" or "Mickey Goofy"')
    tokens = [t for t in re.split(r"[\s,]+", text) if t] if isinstance(text, str) else list(text)
    return tuple(parse_face(t, characters) for t in tokens)


@dataclass(frozen=True)
class Roll:
    """Dice on the table, in die order, that draw themselves in Jupyter (``_repr_svg_``):
    ``faces`` (canonical names), ``kept``: per die, True when it is held back (empty: none).
    Raises ConfigurationError when ``kept`` does not give one flag per die.

    >>> Roll(("Mickey", "Clubhouse"), kept=(True, False)).held()
    ('Mickey',)
    """

    faces: tuple[str, ...]
    kept: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(self.faces))
        kept = tuple(bool(k) for k in self.kept) or (False,) * len(self.faces)
        if len(kept) != len(self.faces):
            raise ConfigurationError(
                f"kept needs one flag per die: {len(self.faces)} dice, {len(kept)} flags")
        object.__setattr__(self, "kept", kept)

    def held(self) -> tuple[str, ...]:
        """The faces of the kept dice, in die order."""
        return tuple(f for f, k in zip(self.faces, self.kept, strict=True) if k)

    def _repr_svg_(self) -> str:
        from swkit.pictures import dice_svg
        return dice_svg(self.faces, kept=self.kept)

    _repr_html_ = _repr_svg_   # the <svg> inline: JupyterLab gives an SVG output's <img> no alt
