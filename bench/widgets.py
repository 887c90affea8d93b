"""Every widget's speed for a human action (issue 7, WIDGETS.md). Run: python bench/widgets.py

Imports each widget's bench inside a try, so it runs before every widget has merged.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

BENCHES = ["widgets_cardtable", "widgets_dicecup", "widgets_explorer"]


def main() -> int:
    for name in BENCHES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            print(f"== {name}: not here yet ==")
            continue
        print(f"== {name} ==")
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
