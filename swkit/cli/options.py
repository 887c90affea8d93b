"""Argument types and option words shared by the ``swkit`` subcommands: seeds, options whose
empty value means nothing, and working folders (never a system folder), written back as one can
paste them into a shell."""

from __future__ import annotations

import argparse
import os
import shlex
import tempfile
from collections.abc import Callable
from pathlib import Path

from swkit.argtypes import SEED_DIGITS, whole
from swkit.errors import ConfigurationError
from swkit.files import expand_home


def seed(text: str) -> int:
    """An argparse type: a seed, a whole number of at most :data:`~swkit.argtypes.SEED_DIGITS`
    digits (a tournament's game seeds have up to 78)."""
    return whole(text, f"a whole number of at most {SEED_DIGITS} digits", SEED_DIGITS)


def given(message: str) -> Callable[[str], str]:
    """An argparse type for an option whose empty value means nothing: refuse ``""`` (or only
    spaces) with ``message`` (what to give instead); any other text passes through unchanged."""
    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(message)
        return text
    return parse


SYSTEM_FOLDERS = ("bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc",
                  "run", "sbin", "sys", "usr", "var",
                  "usr/bin", "usr/include", "usr/lib", "usr/lib64", "usr/libexec", "usr/local",
                  "usr/sbin", "usr/share", "usr/src", "var/backups", "var/cache", "var/lib",
                  "var/log", "var/mail", "var/opt", "var/spool")
"""The folders of the operating system itself (its programs, libraries, settings, devices and
state, after the Filesystem Hierarchy Standard), at the top and in ``/usr`` and ``/var``: a
folder option refuses them and the root ``/``, as root could write there (``--dir /usr/local``
would scatter the lessons among the locally installed programs). Folders inside them
(``/usr/local/share/swkit``, ``/var/www/swkit``) and ``/home``, ``/root``, ``/opt``, ``/srv``,
``/mnt``, ``/var/www`` are allowed; ``/tmp`` and ``/var/tmp`` are refused as shared
(:func:`shared_folder`)."""


def system_folder(text: str) -> str | None:
    """What makes the folder ``text`` a system folder (``"/"``, ``"/usr"``; a relative name
    is taken from the current folder, ``..`` and symbolic links are followed, so ``/bin``
    is one where it links to ``/usr/bin``), or None for any other folder. A file system's
    root is always one (``/``, ``C:\\``)."""
    given = Path(os.path.abspath(os.path.expanduser(text)))
    found = Path(os.path.realpath(given))
    for path in (given, found):
        if path.parent == path:
            return str(path)
    if os.name != "posix":
        return None
    system = {Path("/", name) for name in SYSTEM_FOLDERS}
    system |= {Path(os.path.realpath(p)) for p in system}
    for path in (given, found):
        if path in system:
            return str(path)
    return None


MAX_DEPTH = 200
"""The most folders deep a folder option may be (``/a/b/c`` is 3): deeper is refused in one
line (Python's own folder functions recurse once per level and stop at about 1,000)."""


def shared_folder(text: str) -> str | None:
    """Why the folder ``text`` holds more than a kit's files and must not be one (the home
    folder, a folder holding it, the temporary folder, a folder holding the current one), or
    None. A relative name is taken from the current folder; ``..`` and symbolic links are
    followed, as in :func:`system_folder`."""
    given = Path(os.path.abspath(os.path.expanduser(text)))
    paths = {given, Path(os.path.realpath(given))}

    def real(path: str) -> set[Path]:
        return {Path(os.path.abspath(path)), Path(os.path.realpath(path))}
    home = os.path.expanduser("~")
    homes = real(home) if home != "~" else set()
    for path in paths:
        if path in homes:
            return "your home folder"
        if any(path in h.parents for h in homes):
            return "a folder that holds your home folder"
        if path in real(tempfile.gettempdir()) | real("/tmp") | real("/var/tmp"):
            return "the temporary folder, shared by every program"
        if any(path in here.parents for here in real(os.getcwd())):
            return "a folder that holds the current folder"
    return None


def folder_option(option: str, default: str) -> Callable[[str], str]:
    """An argparse type for a folder option (``--dir`` here; ``swkit site`` uses it too): any
    folder name, ``~`` and ``~user`` expanded (the expanded name is returned), but not an empty
    one, an unknown ``~user``, one more than :data:`MAX_DEPTH` folders deep, a system folder
    (:func:`system_folder`: ``/``, ``/usr``, ``/etc``...) nor a folder that holds more than the
    kit's files (:func:`shared_folder`: the home folder, ``/tmp``...), each refused in one line
    naming the option and its default."""
    def folder(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(
                f"an empty value: give a folder, e.g. {option} {default}, or leave {option} out")
        if "\0" in text:
            raise argparse.ArgumentTypeError(
                f"{text!r} holds a NUL character, which no folder name can hold")
        try:
            expanded = expand_home(text, "")
        except ConfigurationError as exc:
            raise argparse.ArgumentTypeError(f"{exc}, e.g. {option} {default}") from None
        depth = len(Path(os.path.abspath(expanded)).parts) - 1
        if depth > MAX_DEPTH:
            raise argparse.ArgumentTypeError(
                f"a folder {depth} folders deep: swkit takes folders at most {MAX_DEPTH} deep; "
                f"give a shorter path, e.g. {option} {default}")
        system = system_folder(expanded)
        if system is not None:
            shown = repr(text) if text == system else f"{text!r} ({system})"
            raise argparse.ArgumentTypeError(
                f"{shown} is a system folder: swkit never writes into the file system's root or "
                f"the operating system's own folders; give a folder of your own, e.g. "
                f"{option} {default}")
        shared = shared_folder(expanded)
        if shared is not None:
            inside = shell_option(option, os.path.join(expanded, default))
            raise argparse.ArgumentTypeError(
                f"{text!r} is {shared}: swkit puts its files in a folder of their own; give a "
                f"new folder inside it, e.g. {inside}")
        return expanded
    return folder


def shell_word(text: str) -> str:
    """``text`` as one word one can paste into a shell (POSIX quoting, shlex; on Windows double
    quotes around a text with a space, or an empty one)."""
    if os.name == "posix":
        return shlex.quote(text)
    return f'"{text}"' if any(c.isspace() for c in text) or not text else text


def shell_option(option: str, value: str | os.PathLike[str]) -> str:
    """``option`` and ``value`` as one can paste them into a shell: ``--dir 'my lessons'``
    (:func:`shell_word`), and ``--dir=-x`` for a value that starts with "-" (argparse would
    read it as an option). In: an option such as ``"--dir"`` (or ``"-d"``) and a folder; out:
    text."""
    text = os.fspath(value)
    word = shell_word(text)
    return f"{option}={word}" if text.startswith("-") else f"{option} {word}"
