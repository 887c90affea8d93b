"""Reading what a user hands in: a file's text, or a saved game's text, as UTF-8.

Every file swkit reads on a user's behalf (a Powers data file, a saved game) goes through
:func:`read_text`, and every saved game's text through :func:`decode_text`, so that any
unreadable input gives one :class:`~swkit.errors.ConfigurationError` naming the file and what is
wrong, never a raw ``OSError`` or ``UnicodeDecodeError``. A UTF-8 byte-order mark (older Windows
Notepad writes one) is dropped; text in another encoding is refused with the way out ("save it
as UTF-8").
"""

from __future__ import annotations

import codecs
from pathlib import Path

from swkit.errors import ConfigurationError

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


def read_text(path: str | Path, what: str = "file") -> str:
    """The text of the file at ``path`` (UTF-8, a byte-order mark allowed). ``what`` names the
    kind of file in messages (``"edition file"``, ``"saved game"``).

    Raises ConfigurationError naming the file and the problem: no path given (an empty name),
    not found, a folder, not readable (permissions, a device error), or not UTF-8 text
    (see :func:`decode_text`).
    """
    if isinstance(path, str) and not path.strip():
        raise ConfigurationError(f"no {what} given (an empty name): give the path of a file")
    name = str(path)
    p = Path(path)
    if p.is_dir():
        raise ConfigurationError(f"{what} {name!r} is a folder: give the path of a file")
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ConfigurationError(f"{what} {name!r} not found") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigurationError(f"{what} {name!r} cannot be read: {reason}") from None
    return decode_text(data, f"{what} {name!r}")
