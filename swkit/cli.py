"""The ``swkit`` command line (placeholder until the play and odds commands land)."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="swkit", description=__doc__)
    parser.add_subparsers(dest="command", required=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``swkit`` console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    del args
    return 0


if __name__ == "__main__":
    sys.exit(main())
