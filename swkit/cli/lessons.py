"""``swkit lessons``: copy the lesson notebooks to a working folder and open JupyterLab there.

    swkit lessons [--dir DIR] [--no-open] [--no-solutions]

In three parts: :mod:`swkit.cli.lessons_copy` (the copy, never over a student's change),
:mod:`swkit.cli.lessons_launch` (JupyterLab on the folder) and :mod:`swkit.cli.lessons_command`
(the options and the run). This module gathers their public names, and :func:`main` runs the
command on its own (``python -m swkit.cli.lessons``).
"""

from __future__ import annotations

import sys

from swkit.cli.lessons_command import DEFAULT_FOLDER, add_arguments, run
from swkit.cli.lessons_copy import (
    CELL_FIELDS,
    GUIDE_NAME,
    LESSON_PATTERNS,
    MANIFEST,
    RULES_NAME,
    CopyReport,
    LessonsError,
    copy_lessons,
    fingerprint,
    kit_bytes,
    lesson_files,
    lessons_source,
    rules_source,
    trust_notebooks,
    write_exclusive,
)
from swkit.cli.lessons_launch import (
    FIRST_PORT,
    KERNEL_TRANSPORT,
    LOG_LEVEL,
    NEWS_PLUGIN,
    READY_WAIT,
    SHIM_EXTENSION,
    STOP_LINE,
    announce_when_ready,
    can_open_browser,
    find_server,
    first_lesson,
    free_port,
    is_listening,
    is_root,
    jupyter_command,
    lab_address,
    lab_config,
    open_lab,
    runtime_dir,
    wait_for_server,
)
from swkit.cli.options import SYSTEM_FOLDERS, folder_option, shell_option, system_folder

__all__ = [
    "CELL_FIELDS", "DEFAULT_FOLDER", "FIRST_PORT", "GUIDE_NAME", "KERNEL_TRANSPORT",
    "LESSON_PATTERNS", "LOG_LEVEL", "MANIFEST", "NEWS_PLUGIN", "READY_WAIT", "RULES_NAME",
    "SHIM_EXTENSION", "STOP_LINE", "SYSTEM_FOLDERS", "CopyReport", "LessonsError",
    "add_arguments", "announce_when_ready", "can_open_browser", "copy_lessons", "find_server",
    "fingerprint", "first_lesson", "folder_option", "free_port", "is_listening", "is_root",
    "jupyter_command", "kit_bytes", "lab_address", "lab_config", "lesson_files",
    "lessons_source", "main", "open_lab", "rules_source", "run", "runtime_dir", "shell_option",
    "system_folder", "trust_notebooks", "wait_for_server", "write_exclusive",
]


def main(argv: list[str] | None = None) -> int:
    """``swkit lessons`` on its own (also ``python -m swkit.cli.lessons``): the same as
    ``swkit lessons ARGS``, through the ``swkit`` command's ``main`` (one line and exit status 2
    for any refused input or failed file operation)."""
    from swkit.cli.command import main as swkit_main
    return swkit_main(["lessons", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
