"""Speed of every widget (issue 7 §2): a human action answered in the Python process.

Run: ``python bench/widgets.py``; each widget's bench is also a script of its own
(``bench/widgets_cards.py``, ``bench/widgets_dice.py``, ``bench/widgets_explorer.py``).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

BENCHES = ("widgets_cards", "widgets_dice", "widgets_explorer")


def main() -> int:
    for name in BENCHES:
        print(f"== {name} ==")
        importlib.import_module(name).main()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
