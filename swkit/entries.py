"""Lists typed by a person: a comma with nothing after it is a typo, not an empty entry.

A list of cards (``"R1, R2"``), Powers (``"1,2"``), dice faces or characters
(``"Minnie,Donald"``) or board spaces (``"Goofy:4,Mickey:5"``) separates its entries by spaces
or commas. Two commas with nothing between them (``"R1,,R2"``), or a comma at either end
(``","``, ``"R1,"``), mean an entry may be missing: :func:`check_entries` refuses them, naming
the list and the place, as ``--others "//"`` is refused. An empty or blank
list stays an empty list where that is allowed (``--tableau ""``). Every front end reads typed
lists through the library's parsers (``parse_cards``, ``make_position``, ``DiceModel.counts``,
``parse_faces``), so the command line and the widgets' text fields refuse the same typos
(docs/DECISIONS.md, "The command line and user files").
"""

from __future__ import annotations

from swkit.errors import NotationError


def empty_entry(text: str) -> int | None:
    """The 1-based position of the first empty entry between commas in ``text`` (a blank
    ``text`` has none), or None."""
    if not text.strip():
        return None
    for i, piece in enumerate(text.split(",")):
        if not piece.strip():
            return i + 1
    return None


def check_entries(text: str, what: str, example: str) -> None:
    """Raise NotationError when ``text`` has an empty entry between commas (see the module
    docstring); ``what`` names the list (``"hand"``, ``"--scored"``; ``""``: no name, the
    caller adds it), ``example`` is an
    accepted form shown in the message (``'"R1, R2"'``). Returns None for a good list.

    >>> check_entries("R1, R2", "hand", '"R1, R2"')
    >>> check_entries("R1,,R2", "hand", '"R1, R2"')
    Traceback (most recent call last):
    ...
    swkit.errors.NotationError: hand: entry 2 of 'R1,,R2' is empty (two commas with nothing ...
    """
    where = empty_entry(text)
    if where is None:
        return
    pieces = text.split(",")
    if where == 1:
        place = "a comma with nothing before it"
    elif where == len(pieces):
        place = "a comma with nothing after it"
    else:
        place = "two commas with nothing between them"
    shown = text.strip()
    shown = repr(shown if len(shown) <= 60 else shown[:50] + "...")
    name = f"{what}: " if what else ""
    raise NotationError(f"{name}entry {where} of {shown} is empty ({place}): an entry may be "
                        f"missing; separate the entries with one comma or spaces, e.g. {example}")
