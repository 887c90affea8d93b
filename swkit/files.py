"""Reading what a user hands in: a file's text, or a saved game's text, as UTF-8.

Every file swkit reads on a user's behalf (a Powers data file, a saved game, the lessons
folder's manifest) goes through :func:`read_bytes` (or :func:`read_text` on top of it), every
saved game's text through :func:`decode_text`, and JSON through :func:`parse_json`, so that any
unreadable input gives one :class:`~swkit.errors.ConfigurationError` naming the file and what is
wrong, never a raw ``OSError``, ``UnicodeDecodeError``, ``RecursionError`` or ``MemoryError``.
A file larger than :data:`MAX_FILE_BYTES` is refused before it is read (a Powers file is a few
kB). A UTF-8 byte-order mark (older Windows
Notepad writes one) is dropped; text in another encoding is refused with the way out ("save it
as UTF-8").
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from typing import Any

from swkit.errors import ConfigurationError

MAX_FILE_BYTES = 1_000_000
"""The largest file swkit reads for a user, in bytes (1 MB): the built-in Powers file is about
2 kB and a saved game some tens of kB. A larger file (or a device that never ends, such as
``/dev/zero``) is refused before or while reading, never read whole."""

_OTHER_ENCODINGS = (
    (codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"),
)


def decode_text(data: bytes | str, where: str) -> str:
    """The text of ``data`` (bytes read from a file, or text already decoded) without a leading
    byte-order mark. ``where`` names the input in messages (e.g. ``"file 'box.json'"``).

    Raises ConfigurationError when the bytes are not UTF-8 text: UTF-16 or UTF-32 (a byte-order
    mark or NUL bytes, as a Windows editor's "Unicode" saves), or any other invalid byte (its
    position is named).

    >>> decode_text(b"\\xef\\xbb\\xbf{}", "file 'x.json'")
    '{}'
    >>> decode_text("{}".encode("utf-16"), "file 'x.json'")
    Traceback (most recent call last):
    ...
    swkit.errors.ConfigurationError: file 'x.json' is UTF-16 text, not UTF-8: save it as UTF-8 ...
    """
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if not isinstance(data, bytes | bytearray):
        raise ConfigurationError(f"{where}: expected text or bytes, got {type(data).__name__}")
    data = bytes(data)
    encoding = next((name for bom, name in _OTHER_ENCODINGS if data.startswith(bom)), None)
    if encoding is None and b"\x00" in data[:64]:
        encoding = "UTF-16 or UTF-32"
    if encoding is not None:
        raise ConfigurationError(
            f"{where} is {encoding} text, not UTF-8: save it as UTF-8 (in Notepad: Save as, "
            "Encoding UTF-8) and try again")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConfigurationError(
            f"{where} is not UTF-8 text (byte {exc.start} is {data[exc.start:exc.start + 1]!r}):"
            " save it as UTF-8 and try again") from None


SHOWN_NAME = 80
"""A file name longer than this many characters is shortened in messages."""


def show_name(name: str | os.PathLike[str]) -> str:
    """A file name as messages quote it: ``'box.json'``; a name over :data:`SHOWN_NAME`
    characters is cut in the middle, keeping its start and its end (the file's own name), and
    says its length, so that a message stays one readable line and still names the file:

    >>> print(show_name("/home/" + "a" * 100 + "/box.json"))
    '/home/aaaaaaaaaaaaaa…aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/box.json' (115 characters)
    """
    text = os.fspath(name)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if len(text) <= SHOWN_NAME:
        return repr(text)
    tail = (SHOWN_NAME - 20) * 2 // 3   # the end holds the file's own name: keep more of it
    head = SHOWN_NAME - 20 - tail
    return f"{text[:head] + '…' + text[-tail:]!r} ({len(text)} characters)"


def _size(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit % 1_000_000 == 0 else f"{limit:,} bytes"


def read_bytes(path: str | os.PathLike[str], what: str = "file", *,
               limit: int = MAX_FILE_BYTES, follow_symlinks: bool = True) -> bytes:
    """The bytes of the file at ``path``, at most ``limit`` of them. ``what`` names the kind of
    file in messages (``"edition file"``, ``"saved game"``).

    The size is checked before reading (``os.fstat`` of the opened file) and again while
    reading (at most ``limit + 1`` bytes are read), so a huge file or an endless device is
    refused without filling the memory. With ``follow_symlinks=False`` a symbolic link is
    refused (it is opened with ``O_NOFOLLOW`` where the system has it).

    Raises ConfigurationError naming the file and the problem: no path given (an empty name),
    not found, a folder, not a regular file (a device, a pipe), a symbolic link (when refused),
    larger than ``limit`` bytes, or any other ``OSError`` (not permitted, a name too long, a
    device error) with the system's reason.
    """
    if isinstance(path, str) and not path.strip():
        raise ConfigurationError(f"no {what} given (an empty name): give the path of a file")
    name = os.fspath(path)
    shown = show_name(name)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        if not follow_symlinks and os.path.islink(name):
            raise ConfigurationError(f"{what} {shown} is a symbolic link: swkit does not follow "
                                     "links here; remove it or give the file itself")
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise ConfigurationError(f"{what} {shown} not found") from None
    except IsADirectoryError:
        raise ConfigurationError(f"{what} {shown} is a folder: give the path of a file"
                                 ) from None
    except OSError as exc:
        raise ConfigurationError(f"{what} {shown} cannot be read: {_reason(exc)}") from None
    try:
        with os.fdopen(fd, "rb") as file:
            info = os.fstat(file.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise ConfigurationError(f"{what} {shown} is a folder: give the path of a file")
            if not stat.S_ISREG(info.st_mode):
                raise ConfigurationError(f"{what} {shown} is not a regular file (a device or a "
                                         "pipe): give the path of a file")
            too_big = ConfigurationError(
                f"{what} {shown} is larger than {_size(limit)}, the most swkit reads for one: "
                "give the right file")
            if info.st_size > limit:
                raise too_big
            data = file.read(limit + 1)
    except OSError as exc:
        raise ConfigurationError(f"{what} {shown} cannot be read: {_reason(exc)}") from None
    if len(data) > limit:
        raise too_big
    return data


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def json_number_problem(exc: ValueError) -> str:
    """What a ``ValueError`` of ``json.loads`` that is not a JSONDecodeError means, in words:
    a number too long for Python to read (its 4,300-digit limit), said without the
    interpreter's advice (``sys.set_int_max_str_digits``)."""
    if "digits" in str(exc):
        return "a number has more than 4,300 digits; no swkit file needs more than 50"
    return str(exc)


def path_join(path: str, key: str | int) -> str:
    """``path`` extended by a key (``a.b``) or an index (``a[3]``)."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class RepeatedKeyError(ValueError):
    """JSON text with an object that names one key twice (``{"players": 3, "players": 2}``):
    Python's reader would keep the later value without a word. ``path``: the JSON path of the
    first such key (``players``, ``start.phase``, ``powers[2].key``), in reading order;
    ``key``: the key."""

    def __init__(self, path: str, key: str) -> None:
        self.path, self.key = path, key
        super().__init__(f"{path}: the key {key!r} is written twice in one object")


class _Repeats(dict):  # type: ignore[type-arg]
    """An object read with a key written more than once; ``repeated`` is the first such key."""

    repeated = ""


def _first_repeat(value: Any, path: str) -> tuple[str, str] | None:
    """``(path, key)`` of the first repeated key in ``value`` (a parsed JSON value), in
    reading order, or None."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(value, _Repeats) and key == value.repeated:
                return path_join(path, key), key
            found = _first_repeat(item, path_join(path, key))
            if found:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _first_repeat(item, path_join(path, i))
            if found:
                return found
    return None


def loads_unique(text: str | bytes) -> Any:
    """``json.loads(text)``, refusing an object that names a key twice.

    Raises :class:`RepeatedKeyError` naming the first repeated key and its path, and whatever
    ``json.loads`` raises (JSONDecodeError, ValueError, RecursionError)."""
    repeats: list[_Repeats] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        made = dict(items)
        if len(made) == len(items):
            return made
        marked = _Repeats(made)
        seen: set[str] = set()
        for key, _ in items:
            if key in seen:
                marked.repeated = key
                break
            seen.add(key)
        repeats.append(marked)
        return marked

    value = json.loads(text, object_pairs_hook=pairs)
    if repeats:
        path, key = _first_repeat(value, "") or ("", repeats[0].repeated)
        raise RepeatedKeyError(path, key)
    return value


def parse_json(text: str | bytes, where: str) -> Any:
    """The JSON value of ``text``; ``where`` names the input in messages (``"file 'x.json'"``).

    Raises ConfigurationError for text that is not JSON (with the line and column) and for
    JSON nested too deeply for Python's parser (``"[" * 100000``: a RecursionError inside
    ``json.loads``) or holding a number of over 4,300 digits (Python refuses to read it: a
    ValueError), and for an object that names a key twice (Python would keep the later value
    without a word), never the raw error.
    """
    try:
        return loads_unique(text)
    except RepeatedKeyError as exc:
        raise ConfigurationError(f"{where}: {exc}; accepted: each key once in an object"
                                 ) from None
    except json.JSONDecodeError as exc:
        raise ConfigurationError(f"{where}: not valid JSON ({exc})") from None
    except ValueError as exc:  # a number of over 4,300 digits (Python's int limit)
        raise ConfigurationError(f"{where}: not valid JSON ({json_number_problem(exc)})"
                                 ) from None
    except RecursionError:
        raise ConfigurationError(f"{where}: the JSON is nested too deeply (lists or objects "
                                 "inside each other thousands of times): not a swkit file"
                                 ) from None


def read_text(path: str | os.PathLike[str], what: str = "file", *,
              limit: int = MAX_FILE_BYTES) -> str:
    """The text of the file at ``path`` (UTF-8, a byte-order mark allowed), at most ``limit``
    bytes. ``what`` names the kind of file in messages (``"edition file"``, ``"saved game"``).

    Raises ConfigurationError naming the file and the problem: see :func:`read_bytes` (empty
    name, not found, a folder, not a regular file, too large, not readable) and
    :func:`decode_text` (not UTF-8 text).
    """
    return decode_text(read_bytes(path, what, limit=limit), f"{what} {show_name(path)}")


def _encodable(char: str) -> bool:
    """Whether ``char`` (a text) can be written in a file name here (``os.fsencode``)."""
    try:
        os.fsencode(char)
    except UnicodeEncodeError:
        return False
    return True


def expand_home(path: str | os.PathLike[str], option: str) -> str:
    """``path`` with a leading ``~`` or ``~user`` made the home folder (``os.path.expanduser``),
    for the folder named by ``option`` (``"--dir"``; ``""``: the name alone) in a message.
    Raises ConfigurationError when ``~user`` names no user of this computer (``pathlib``
    would raise RuntimeError), or when ``path`` holds a character no file name can hold (NUL,
    or one the file system's encoding cannot write, such as a lone surrogate)."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    where = f"{option} {text!r}" if option else repr(text)
    bad = "\0" if "\0" in text else None
    if bad is None and not _encodable(text):
        bad = next(c for c in text if not _encodable(c))
    if bad is not None:
        raise ConfigurationError(f"{where} holds the character U+{ord(bad):04X}, which no file "
                                 f"or folder name can hold: give another name")
    expanded = os.path.expanduser(text)
    if expanded.startswith("~"):
        user = expanded[1:].replace(os.sep, "/").split("/")[0]
        where = f"{option} {text}" if option else repr(text)
        raise ConfigurationError(f"{where}: this computer has no user named {user!r} (~name "
                                 f"is that user's home folder); give the folder's full path")
    return expanded
