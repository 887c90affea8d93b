"""The solved two-player game as a compact file that ships in the wheel, read without numpy.

Only the boards before the end are stored (a final board's value comes from its totals,
RULES.md §B5). The file, little-endian throughout:

- the 8 bytes ``SWDUEL1\\n``;
- a uint32 length, then a JSON header: the model (``n``, ``characters``, ``wilds``,
  ``rolls``), ``boards`` (how many are stored), ``value_type`` (``"float64"``), ``error``
  (the bound on |stored value - exact value| of the float64 solve,
  :func:`swkit.odds.duel.batch.error_bound`), ``value`` (seat 0's value at the start) and how
  it was built;
- a uint32 length, then the board keys (:func:`swkit.odds.duel.core.board_key`, ascending)
  as uint32 differences from the previous key, zlib-compressed;
- a uint32 length, then the values (seat 0's P(win) + 1/2 P(tie), float64, in key order) as
  eight byte planes (every value's first byte, then every second byte, ...), zlib-compressed.
  The values repeat a lot (15,457 distinct values among 663,760 boards for Clubhouse dice:
  many boards are already decided, or differ only in rows that no longer matter), so the
  planes compress about tenfold.

:func:`read_table` needs only the standard library (``array``, ``zlib``, ``bisect``); a look-up
is a binary search. :func:`write_table` (numpy) writes it from a solve of
:mod:`swkit.odds.duel.batch`; ``python -m swkit.odds.duel build`` does both.
"""

from __future__ import annotations

import contextlib
import json
import os
import struct
import sys
import tempfile
import zlib
from array import array
from bisect import bisect_left
from dataclasses import dataclass
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import Any

from swkit.errors import ConfigurationError

MAGIC = b"SWDUEL1\n"


def table_name(n: int, characters: int, wilds: int, rolls: int) -> str:
    """The file name of the table of a model: ``duel-5d-5c-1w-3r.bin`` for Clubhouse dice."""
    return f"duel-{n}d-{characters}c-{wilds}w-{rolls}r.bin"


def shipped_path(n: int, characters: int, wilds: int, rolls: int) -> Path:
    """Where the table of a model lives in the package (``swkit/odds/duel/data/``)."""
    return Path(str(resources.files("swkit.odds.duel") / "data"
                    / table_name(n, characters, wilds, rolls)))


@dataclass(frozen=True)
class DuelTable:
    """A read table: ``keys`` (array of uint32, ascending) and ``values`` (array of float64)
    of the boards before the end, and the ``header`` (see the module docstring)."""

    keys: array
    values: array
    header: dict[str, Any]

    def get(self, key: int) -> float | None:
        """Seat 0's value of the board with ``key``, or None when it is not stored (a final
        board, or no board of this model)."""
        i = bisect_left(self.keys, key)
        if i < len(self.keys) and self.keys[i] == key:
            return self.values[i]
        return None

    @property
    def error(self) -> float:
        """The bound on |stored value - exact value| written in the header."""
        return float(self.header["error"])


def _uint32_array() -> array:
    for code in ("I", "L"):
        if array(code).itemsize == 4:
            return array(code)
    raise RuntimeError("no 4-byte unsigned array type on this platform")


def read_table(path: str | Path) -> DuelTable:
    """Read a table written by :func:`write_table` (standard library only).

    Raises ConfigurationError naming the file when it is missing or not a duel table.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ConfigurationError(
            f"the solved table {path} is missing: build it with "
            f"'python -m swkit.odds.duel build' (see swkit/odds/duel/__main__.py)") from None
    if not data.startswith(MAGIC):
        raise ConfigurationError(f"{path} is not a swkit duel table (no {MAGIC!r} at its start)")
    pos = len(MAGIC)
    parts = []
    for _ in range(3):
        (size,) = struct.unpack_from("<I", data, pos)
        pos += 4
        parts.append(data[pos:pos + size])
        pos += size
    header = json.loads(parts[0].decode("utf-8"))
    keys = _uint32_array()
    keys.frombytes(zlib.decompress(parts[1]))
    planes = zlib.decompress(parts[2])
    count = header["boards"]
    raw = bytearray(8 * count)
    for j in range(8):
        raw[j::8] = planes[j * count:(j + 1) * count]
    values = array("d")
    values.frombytes(bytes(raw))
    if sys.byteorder == "big":
        keys.byteswap()
        values.byteswap()
    keys = array(keys.typecode, accumulate(keys))
    if len(keys) != count or len(values) != count:
        raise ConfigurationError(f"{path} is damaged: {count} boards announced, "
                                 f"{len(keys)} keys and {len(values)} values read")
    return DuelTable(keys, values, header)


def write_table(path: str | Path, model: Any, keys: Any, values: Any,
                extra: dict[str, Any] | None = None) -> int:
    """Write the boards ``keys`` (uint32, any order) with seat 0's ``values`` (float64) of
    ``model`` as a table (numpy). Returns the file's size in bytes. Raises OSError when the
    file cannot be written (the old file, if any, is then left as it was)."""
    import numpy as np

    from swkit.odds.duel.batch import error_bound
    order = np.argsort(keys, kind="stable")
    k = np.asarray(keys, dtype=np.int64)[order]
    v = np.asarray(values, dtype=np.float64)[order]
    deltas = np.diff(k, prepend=0).astype("<u4")
    planes = v.astype("<f8").view(np.uint8).reshape(-1, 8).T.copy().tobytes()
    header = {"format": "swkit duel table 1",
              "model": {"n": model.n, "characters": model.characters, "wilds": model.wilds,
                        "rolls": model.rolls},
              "boards": int(len(k)), "value_type": "float64", "error": error_bound(model)}
    header.update(extra or {})
    blobs = [json.dumps(header, sort_keys=True).encode("utf-8"),
             zlib.compress(deltas.tobytes(), 9), zlib.compress(planes, 9)]
    out = bytearray(MAGIC)
    for blob in blobs:
        out += struct.pack("<I", len(blob)) + blob
    target = Path(path)
    if target.exists() and not target.is_file():
        raise OSError(f"{target} is not a regular file")
    target.parent.mkdir(parents=True, exist_ok=True)
    # A new file beside the target, then one rename: a failed write (a full disk) leaves the
    # old table whole, and a symlink at the target is replaced, never written through.
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".partial",
                               dir=target.parent)
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as a plain open() would make it, not mkstemp's 0600
        with os.fdopen(fd, "wb") as f:
            f.write(bytes(out))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return len(out)
