"""Run every widget benchmark (issue 7: a human action answered in under 100 ms).

Usage: python bench/widgets.py

Each ``bench/widgets_<name>.py`` has a ``main()`` printing its figures; a module that is not
there yet (another widget not merged) is skipped with a note.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

MODULES = ("widgets_dice", "widgets_cards", "widgets_odds")


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            print(f"{name}: not present, skipped\n")
            continue
        sys.argv = [f"{name}.py"]
        module.main()
        print()


if __name__ == "__main__":
    main()
