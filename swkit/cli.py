"""The ``swkit`` command: bots play whole games, and exact odds on the command line.

    swkit play cards --players N [--seed S] [--editions E] [--bots B,...] [--json]
    swkit play dice  --players N [--seed S] [--bots B,...] [--json]
    swkit odds deal  --cards K [--editions E] [--wild-color COLOR] [--wild-number N] [--json]
    swkit odds hand  --hand "R3 B7 G5" [--tableau ...] [--discard ...] [--others ...]
                     [--center POWER] [--figure] [--scored POWER,...] [--turns T] [--json]
    swkit odds roll  [--dice "Mickey Mickey Clubhouse Goofy Pluto"] [--rolls-left R]
                     [--target NAME|any] [--at-least K] [--scored ...] [--taken ...]
                     [--characters C] [--wilds W] [--json]
    swkit odds solo  [--json]

Bad arguments exit with status 2 and a one-line message naming the accepted form.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from swkit.errors import SwkitError

BOTS = ("greedy", "random")


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _int_range(low: int, high: int, context: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number (ASCII digits) from ``low`` to ``high``."""
    def parse(text: str) -> int:
        if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}{context}, got {text!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be from {low} to {high}{context}, got {value}")
        return value
    return parse


def _seed(text: str) -> int:
    if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}")
    return int(text)


def _bots(text: str) -> tuple[str, ...]:
    names = tuple(t.strip().lower() for t in text.split(",") if t.strip())
    bad = [n for n in names if n not in BOTS]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"--bots takes a comma-separated list of {', '.join(BOTS)}, got {text!r}")
    return names


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``swkit`` command."""
    parser = _Parser(prog="swkit", description="Something Wild! cards and Clubhouse dice: "
                     "bots play whole games, and exact odds.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="bots play a whole game and print the transcript")
    games = play.add_subparsers(dest="game", required=True, parser_class=_Parser)
    cards = games.add_parser("cards", help="Something Wild! Mickey and Friends (RULES.md §A)")
    cards.add_argument("--players", type=_int_range(2, 4, " for cards"), required=True)
    cards.add_argument("--editions", type=_int_range(1, 4), default=1)
    dice = games.add_parser("dice", help="Clubhouse dice (RULES.md §B)")
    dice.add_argument("--players", type=_int_range(1, 4, " for dice"), required=True)
    for sub in (cards, dice):
        sub.add_argument("--seed", type=_seed, default=0, help="replays the same game (default 0)")
        sub.add_argument("--bots", type=_bots, default=("greedy",),
                         help="bot per seat, comma-separated: greedy or random; the last one "
                              "fills the remaining seats (default greedy)")
        sub.add_argument("--json", action="store_true", help="print one JSON object")

    odds = commands.add_parser("odds", help="exact odds as fractions")
    kinds = odds.add_subparsers(dest="kind", required=True, parser_class=_Parser)
    deal = kinds.add_parser("deal", help="P(K random cards hold a set or a run)")
    deal.add_argument("--cards", type=_int_range(3, 7), required=True)
    deal.add_argument("--editions", type=_int_range(1, 4), default=1)
    deal.add_argument("--wild-color", default=None, help="a color whose cards are any color")
    deal.add_argument("--wild-number", type=_int_range(1, 9), default=None)

    hand = kinds.add_parser("hand", help="a player's odds of scoring (RULES.md §C1)")
    hand.add_argument("--hand", required=True, help='your hand, e.g. "R3 B7 G5"')
    hand.add_argument("--tableau", default="", help="your tableau")
    hand.add_argument("--discard", default="", help="the discard pile, bottom to top")
    hand.add_argument("--others", default="", help="other players' tableaux, separated by '/'")
    hand.add_argument("--center", default=None, help="the center Power: number or key")
    hand.add_argument("--figure", action="store_true", help="you hold the figure")
    hand.add_argument("--scored", default="", help="your scored Powers: numbers or keys")
    hand.add_argument("--turns", type=_int_range(1, 3), default=1)

    roll = kinds.add_parser(
        "roll", help="Clubhouse dice odds and the best keep (RULES.md §C2)",
        description="Clubhouse dice odds for this turn, with the best keeps from here on. "
                    "With --at-least K: P(the count reaches K by the end of the turn). Without "
                    "--at-least: the expected points this turn on the board given by --scored "
                    "and --taken.")
    roll.add_argument("--dice", default=None, metavar="FACES",
                      help='the 5 dice showing after a roll, names or unique prefixes, C for '
                           'the Clubhouse, e.g. "Mickey Mickey C g p"; leave out to ask before '
                           'the first roll (an empty value is an error)')
    roll.add_argument("--rolls-left", type=_int_range(0, 3), default=None,
                      metavar="R",
                      help="rolls still allowed this turn (RULES.md §B3): with --dice (after a "
                           "roll) 0 to 2, default 2; without --dice (before the first roll) "
                           "1 to 3, default 3")
    roll.add_argument("--target", default=None, metavar="NAME|any",
                      help="the character whose count counts (name or unique prefix, not one "
                           "you have scored), or 'any' for the best unscored character "
                           "(default any)")
    roll.add_argument("--at-least", type=_int_range(1, 5), default=None, metavar="K",
                      help="ask P(count >= K) at the end of the turn, K from 1 to 5; without "
                           "it the question is the expected points this turn")
    roll.add_argument("--scored", default="", metavar="NAMES",
                      help='characters you have scored, comma-separated, e.g. "Minnie,Donald" '
                           "(each once)")
    roll.add_argument("--taken", default="", metavar="NAME:SPACE,...",
                      help='numbered spaces other players hold, NAME:SPACE comma-separated, '
                           'e.g. "Goofy:4,Mickey:5" (each once; spaces 1 to 5); used by '
                           "expected points only")
    roll.add_argument("--characters", type=_int_range(1, 6), default=5, metavar="C",
                      help="character faces per die, 1 to 6 (default 5), named in this order: "
                           "Mickey, Minnie, Donald, Goofy, Pluto, and a 6th named Daisy "
                           "(--characters 6 --wilds 0 is standard six-sided dice)")
    roll.add_argument("--wilds", type=_int_range(0, 5), default=1, metavar="W",
                      help="Clubhouse (wild) faces per die, 0 to 5 (default 1)")

    solo = kinds.add_parser("solo", help="the solo game's optimal expected total (RULES.md §B2)")
    for sub in (deal, hand, roll, solo):
        sub.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _seat_bots(bots: tuple[str, ...], players: int) -> tuple[str, ...]:
    if len(bots) > players:
        raise SwkitError(f"--bots names {len(bots)} bots for {players} "
                         f"player{'' if players == 1 else 's'}")
    return bots + (bots[-1],) * (players - len(bots))


def _run(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    if args.command == "play":
        bots = _seat_bots(args.bots, args.players)
        if args.game == "cards":
            from swkit.cards import play as card_play
            record = card_play.play_game(args.players, args.seed, editions=args.editions,
                                         bots=bots)
            return record, card_play.format_transcript(record)
        from swkit.dice import play as dice_play
        record = dice_play.play_game(args.players, args.seed, bots=bots)
        return record, dice_play.format_transcript(record)
    if args.kind in ("deal", "hand"):
        from swkit.odds import cards_cli
        if args.kind == "deal":
            result = cards_cli.deal_query(args.cards, editions=args.editions,
                                          wild_color=args.wild_color,
                                          wild_number=args.wild_number)
            return result, cards_cli.format_deal(result)
        result = cards_cli.hand_query(args.hand, tableau=args.tableau, discard=args.discard,
                                      others=args.others, center=args.center,
                                      figure=args.figure, scored=args.scored, turns=args.turns)
        return result, cards_cli.format_hand(result)
    from swkit.odds import dice_cli
    if args.kind == "roll":
        result = dice_cli.roll_query(dice=args.dice, rolls_left=args.rolls_left,
                                     target=args.target, at_least=args.at_least,
                                     scored=args.scored, taken=args.taken,
                                     characters=args.characters, wilds=args.wilds)
        return result, dice_cli.format_roll(result)
    result = dice_cli.solo_query()
    return result, dice_cli.format_solo(result)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``swkit`` console script; returns the exit status (2: bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        record, text = _run(args)
    except SwkitError as exc:
        where = " ".join(a for a in (parser.prog, args.command, getattr(args, "game", None)
                                     or getattr(args, "kind", None)) if a)
        message = " ".join(str(exc).split())  # one line
        print(f"{where}: error: {message}", file=sys.stderr)
        return 2
    try:
        print(json.dumps(record) if args.json else text)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `swkit play dice ... | head`: the reader has gone
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:  # e.g. a full disk
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"{parser.prog}: error: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
