"""Speed of every widget (issue 7 §2): a human action answered in the Python process.

Run: ``python bench/widgets.py``; each widget's bench is also a script of its own
(``bench/widgets_<name>.py``). A bench whose widget is not there yet is skipped with a note.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

BENCHES = ("widgets_cards", "widgets_dice", "widgets_explorer")


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    for name in BENCHES:
        try:
            module = importlib.import_module(name)
        except ImportError as missing:
            print(f"{name}: skipped ({missing})")
            continue
        module.main()
        print()


if __name__ == "__main__":
    main()
