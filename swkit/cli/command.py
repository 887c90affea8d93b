"""The ``swkit`` command: bots play whole games, and exact odds on the command line.

    swkit play cards [--players N] [--seed S] [--editions E] [--powers FILE] [--bots B,...]
                     [--json]
    swkit play dice  [--players N] [--seed S] [--bots B,...] [--json]
    swkit tournament --game dice|cards --bots A,B[,C,D] --games N [--seed S]
                     [--backend local|dask] [--scheduler ADDRESS] [--workers K] [--json]
                     [--plot FILE]   (swkit/cli/tournament.py)
    swkit odds deal  --cards K [--editions E] [--wild-color COLOR] [--wild-number N] [--json]
    swkit odds hand  --hand "R3 B7 G5" [--tableau ...] [--discard ...] [--others ...]
                     [--center POWER] [--figure] [--scored POWER,...] [--turns T]
                     [--editions E] [--json]
    swkit odds roll  [--dice "Mickey Mickey Clubhouse Goofy Pluto"] [--rolls-left R]
                     [--target NAME|any] [--at-least K] [--scored ...] [--taken ...]
                     [--characters C] [--wilds W] [--json]
    swkit odds solo  [--json]
    swkit odds duel  --board "Mickey:3,Goofy:0 / Minnie:5" --dice FACES [--rolls-left R]
                     [--json]   (swkit/cli/odds_duel.py)
    swkit lessons    [--dir DIR] [--no-open] [--no-solutions]   (swkit/cli/lessons*.py)
    swkit site       [--out DIR] [--solutions] [--force]     (swkit/cli/site.py)
    swkit class report PATH... [--json] [--html FILE]           (swkit/cli/class_report.py)
    swkit hub config --out DIR [--students FILE] [--trial] [--inbox DIR] [--memory SIZE]
                     [--idle-minutes N] [--port N]               (swkit/cli/hub.py)
    swkit --version

Bad arguments exit with status 2 and a one-line message naming the accepted form.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from swkit import __version__
from swkit.argtypes import int_range, whole
from swkit.cli.guard import guarded
from swkit.cli.options import given
from swkit.cli.options import seed as seed_type
from swkit.cli.progress import ProgressBar
from swkit.errors import ConfigurationError, SwkitError, WorkBudgetError
from swkit.limits import (
    MAX_CARD_PLAYERS,
    MAX_DICE_PLAYERS,
    MAX_EDITIONS,
    MIN_CARD_PLAYERS,
    MIN_DICE_PLAYERS,
    MIN_EDITIONS,
)
from swkit.odds.budget import BUDGET_UNIT, DEFAULT_BUDGET

BOTS = ("greedy", "random")
DICE_BOTS = ("greedy", "random", "points", "win")
"""The dice bots by name (``swkit.odds.dice_bots.DICE_BOT_NAMES``, not imported here: the
parser stays light); "win" may be missing from an install, which ``swkit.runner.make_bot``
says."""

POWER_LIST = ("1 purple-wild, 2 yellow-wild, 3 green-discard, 4 red-1s-wild, 5 blue-9s-wild, "
              "6 green-extra-play, 7 blue-draw-two, 8 red-take-discard, 9 yellow-swap, "
              "10 purple-pass")
"""The Mickey and Friends Powers by number and key, as ``swkit.cards.editions.power_list``
gives them (written out: the parser stays light; tests/test_odds_cards_cli.py compares)."""

SLOW_NOTICE_SECONDS = 2.0
"""After this long without an answer, say on stderr that exact work is still going on."""


def _still_working(args: argparse.Namespace) -> None:
    """The slow notice on stderr: what this command (``play`` or ``odds``) is still doing, in
    its own words (:func:`_working_words`)."""
    print(f"swkit {args.command} {getattr(args, 'game', None) or args.kind}: still working: "
          f"{_working_words(args)}", file=sys.stderr, flush=True)


def _working_words(args: argparse.Namespace) -> str:
    """What ``swkit play ...`` or ``swkit odds ...`` is doing while it has not answered."""
    if args.command == "play":
        return f"the bots are playing a whole game of {args.game} (the transcript follows)"
    if args.kind == "hand" and args.simulate is not None:
        return f"playing {args.simulate:,} simulated games (a smaller --simulate is quicker)"
    if args.kind == "hand":
        return ("an exact answer searches every draw (within 3 turns it shows its progress "
                "and stops at its work budget, --budget)")
    if args.kind == "deal":
        return f"counting every deal of {args.cards} cards exactly"
    return {"roll": "working out the best keeps over every roll of the dice, exactly",
            "solo": "solving the solo game exactly (every keep and score of its five turns)",
            "duel": "working out each choice's chance to win, against the best replies",
            }[args.kind]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2, and which takes
    an option only as spelt in full (``allow_abbrev=False``: an abbreviation is refused, with a
    suggestion, not read as the option it starts)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._given: list[str] = []

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = [str(a) for a in (sys.argv[1:] if args is None else args)]
        return super().parse_known_args(args, namespace)

    def _unknown_options(self) -> list[str]:
        # known to the (sub)command's parser, not only to this one: a misspelt option after
        # "swkit site --out D" is the misspelt one, not --out ("did you mean --out?")
        known = self._command_parser()._option_string_actions
        return [a for a in self._given if a.startswith("--")
                and a.split("=", 1)[0] not in known and a.split("=", 1)[0] != "--"]

    def _command_parser(self) -> argparse.ArgumentParser:
        """The parser of the (sub)command the given arguments name (``swkit play dice ...``:
        the ``dice`` parser), whose options a misspelt one is compared with."""
        parser: argparse.ArgumentParser = self
        for token in self._given:
            subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            if subs and token in subs[0].choices:
                parser = subs[0].choices[token]
        return parser

    def error(self, message: str) -> NoReturn:
        unknown = self._unknown_options()
        if unknown and message.startswith("the following arguments are required"):
            # an abbreviated option alone: say what is wrong, not that a command is missing
            message = f"unrecognized arguments: {' '.join(unknown)}"
        if unknown and message.startswith("unrecognized arguments"):
            near = difflib.get_close_matches(unknown[0].split("=", 1)[0],
                                             list(self._command_parser()._option_string_actions),
                                             n=1)
            message += (f" (options are spelt in full: did you mean {near[0]}?)" if near
                        else " (options are spelt in full)")
        self.exit(2, f"{self.prog}: error: {message}\n")


class _KeysFormatter(argparse.HelpFormatter):
    """Help text wrapped between words only, never inside a hyphenated key
    (``blue-draw-two`` stays on one line, ready to copy)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


_whole, _int_range = whole, int_range


_NO_DICE = ('an empty value: name the 5 dice showing, e.g. --dice "Mickey Mickey Clubhouse '
            'Minnie Donald" (names or unique prefixes, C for the Clubhouse)')
"""The refusal of an empty --dice (odds roll, odds duel)."""
_DICE_HELP = ('the 5 dice showing after a roll, names or unique prefixes, C for the Clubhouse, '
              'e.g. "Mickey Mickey C g p"')
"""The help of --dice (odds roll, odds duel)."""


def _bot_list(accepted: tuple[str, ...]) -> Callable[[str], tuple[str, ...]]:
    """An argparse type: a comma-separated list of bot names from ``accepted``."""
    def parse(text: str) -> tuple[str, ...]:
        names = tuple(t.strip().lower() for t in text.split(","))
        bad = [n for n in names if n not in accepted]
        if bad:
            raise argparse.ArgumentTypeError(
                f"give a comma-separated list of {', '.join(accepted)}, got {text!r}")
        return names
    return parse


_bots = _bot_list(BOTS)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``swkit`` command."""
    parser = _Parser(prog="swkit", description="Something Wild! cards and Clubhouse dice: "
                     "bots play whole games, and exact odds.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                     metavar="{play,odds,lessons,tournament,site,class,hub}")

    play = commands.add_parser(
        "play", help="bots play a whole game and print the transcript",
        description="Bots play a whole game of Something Wild! cards or Clubhouse dice and "
                    "print the transcript (or, with --json, the game record). The same seed "
                    "replays the same game.")
    games = play.add_subparsers(dest="game", required=True, parser_class=_Parser,
                                metavar="{cards,dice}")
    cards = games.add_parser(
        "cards", help="Something Wild! Mickey and Friends (RULES.md §A)",
        description="Bots play a whole game of Something Wild! Mickey and Friends (RULES.md §A): "
                    "every draw, play, figure, Power, score and discard, turn by turn.")
    cards.add_argument("--players", type=_int_range(MIN_CARD_PLAYERS, MAX_CARD_PLAYERS,
                                                    " for cards"), default=2,
                       metavar="N", help=f"players, {MIN_CARD_PLAYERS} to {MAX_CARD_PLAYERS} "
                                         "(default 2)")
    cards.add_argument("--editions", type=_int_range(MIN_EDITIONS, MAX_EDITIONS), default=1,
                       metavar="E", help=f"copies of the game shuffled together, {MIN_EDITIONS} "
                                         f"to {MAX_EDITIONS} (RULES.md §A9; default 1)")
    cards.add_argument("--powers", default=None, metavar="FILE",
                       type=given("no file given (an empty value): give the path of a Powers data "
                                   "file (JSON), or leave --powers out for the built-in Mickey "
                                   "and Friends Powers"),
                       help="a Powers data file (JSON) to play with instead of the built-in "
                            "Mickey and Friends one: copy swkit/cards/data/"
                            "mickey_and_friends.json and edit it")
    dice = games.add_parser(
        "dice", help="Clubhouse dice (RULES.md §B)",
        description="Bots play a whole game of Clubhouse dice (RULES.md §B): every roll, keep "
                    "and score, turn by turn, and the final scoreboard.")
    dice.add_argument("--players", type=_int_range(MIN_DICE_PLAYERS, MAX_DICE_PLAYERS,
                                                   " for dice"), default=2,
                      metavar="N", help=f"players, {MIN_DICE_PLAYERS} to {MAX_DICE_PLAYERS} "
                                        "(1: the solo game; default 2)")
    for sub, names in ((cards, BOTS), (dice, DICE_BOTS)):
        sub.add_argument("--seed", type=seed_type, default=0, metavar="S",
                         help="a whole number; the same seed replays the same game (default 0)")
        sub.add_argument("--bots", type=_bot_list(names), default=("greedy",),
                         help=f"bot per seat, comma-separated: {', '.join(names[:-1])} or "
                              f"{names[-1]}; the last one fills the remaining seats (default "
                              "greedy)")
        sub.add_argument("--json", action="store_true", help="print one JSON object")

    odds = commands.add_parser(
        "odds", help="exact odds as fractions",
        description="Exact odds as fractions (RULES.md §C): random deals and a player's chance "
                    "of scoring in the card game; rolls, best keeps and the solo game in "
                    "Clubhouse dice.")
    kinds = odds.add_subparsers(dest="kind", required=True, parser_class=_Parser,
                                metavar="{deal,hand,roll,solo,duel}")
    deal = kinds.add_parser(
        "deal", help="P(K random cards hold a set or a run)",
        description="The probability that K cards dealt at random from the shuffled character "
                    "cards hold a set (three of one number) or a run (three of one color in a "
                    "row), counted exactly over every possible deal (RULES.md §A4, §C1).")
    deal.add_argument("--cards", type=_int_range(3, 7), required=True, metavar="K",
                      help="cards dealt at random, 3 to 7")
    deal.add_argument("--editions", type=_int_range(MIN_EDITIONS, MAX_EDITIONS), default=1,
                      metavar="E", help="copies of the 45 character cards in the deck, "
                                        f"{MIN_EDITIONS} to {MAX_EDITIONS} (default 1)")
    deal.add_argument("--wild-color", default=None, metavar="COLOR",
                      type=given("an empty value: give a color letter or name (B, G, P, R, Y), "
                                  "or leave --wild-color out for no wild color"),
                      help="a color whose cards may stand for any color (as Powers 1 and 2), "
                           "a letter or name: B, G, P, R, Y (default: no wild color)")
    deal.add_argument("--wild-number", type=_int_range(1, 9), default=None, metavar="N",
                      help="a number whose cards may stand for any number (as Powers 4 and 5), "
                           "1 to 9 (default: no wild number)")

    hand = kinds.add_parser(
        "hand", help="a player's odds of scoring (RULES.md §C1)", formatter_class=_KeysFormatter,
        description="Your odds of scoring this turn (draw, best play, figure, Power, score) or "
                    "within T of your turns, from what you can see. Cards: a color letter and a "
                    "number, e.g. R3 (B blue, G green, P purple, R red, Y yellow). Powers: a "
                    "number (7 or Power 7) or a key; each number is one Power (RULES.md §A7): "
                    + POWER_LIST + ".")
    hand.add_argument("--hand", required=True, metavar="CARDS",
                      help='your hand before this turn\'s draw, e.g. "R3 B7 G5"; "" for an '
                           "empty hand (extra plays can empty it)")
    hand.add_argument("--tableau", default="", metavar="CARDS",
                      help='your tableau (left out or "": empty)')
    hand.add_argument("--discard", default="", metavar="CARDS",
                      help='the discard pile, bottom to top (left out or "": empty)')
    hand.add_argument("--others", default="", metavar="CARDS/CARDS",
                      help='the other players\' tableaux, separated by "/", e.g. "R1 R2 / B5" '
                           '(left out or "": every other tableau is empty); an empty tableau '
                           'is a blank between separators: "R1 / / B5", "R1 / " ("//" is '
                           "refused as a typo)")
    hand.add_argument("--center", default=None, metavar="POWER",
                      type=given("an empty value: give the center Power's number or key, or "
                                  "leave --center out for a center Power that does not matter"),
                      help="the center Power (number or key, e.g. 7 or blue-draw-two); leave out "
                           "when it does not matter: "
                           "scoring still takes it, but its effect is not counted and no card "
                           "you play takes the figure by its color")
    hand.add_argument("--figure", action="store_true", help="you hold the figure")
    hand.add_argument("--scored", default="", metavar="POWERS",
                      help='your scored Powers, comma-separated numbers or keys (left out or "":'
                           " none)")
    hand.add_argument("--turns", type=_int_range(1, 3), default=1, metavar="T",
                      help="within T of your turns, 1 to 3 (default 1: this turn)")
    hand.add_argument("--editions", type=_int_range(MIN_EDITIONS, MAX_EDITIONS), default=1,
                      metavar="E", help="copies of the game shuffled together, "
                                        f"{MIN_EDITIONS} to {MAX_EDITIONS}: E copies of each "
                           "card (RULES.md §A9; default 1)")
    hand.add_argument("--budget", type=_int_range(1, 10**9), default=None, metavar="N",
                      help="how much work the exact search may do before it stops and says "
                           "so (with about how much it would need); raise it for a slower, "
                           f"bigger search. Counted in {BUDGET_UNIT} "
                           f"(default {DEFAULT_BUDGET:,}: under 1 GB of memory and about a "
                           "minute of CPU on a two-core computer)")
    hand.add_argument("--simulate", type=_int_range(1, 10**6), default=None, metavar="N",
                      help="no exact search: play N seeded games where each turn ends the way "
                           "best for the next turn alone, and give that estimate with a 99%% "
                           "interval (a lower bound on the best play; at T = 1 the best play "
                           "itself); quick on any position")
    hand.add_argument("--seed", type=_int_range(0, 2**32 - 1), default=None, metavar="S",
                      help="the seed of --simulate's games (default 0)")

    roll = kinds.add_parser(
        "roll", help="Clubhouse dice odds and the best keep (RULES.md §C2)",
        description="Clubhouse dice odds for this turn, with the best keeps from here on. "
                    "With --at-least K: P(the count reaches K by the end of the turn). Without "
                    "--at-least: the expected points this turn on the board given by --scored "
                    "and --taken.")
    roll.add_argument("--dice", default=None, metavar="FACES",
                      type=given(f"{_NO_DICE}, or leave --dice out to ask before the first "
                                  "roll"),
                      help=f"{_DICE_HELP}; leave out to ask before the first roll")
    roll.add_argument("--rolls-left", type=_int_range(0, 3), default=None,
                      metavar="R",
                      help="rolls still allowed this turn (RULES.md §B3): with --dice (after a "
                           "roll) 0 to 2, default 2; without --dice (before the first roll) "
                           "1 to 3, default 3")
    roll.add_argument("--target", default=None, metavar="NAME|any",
                      type=given("an empty value: give a character's name or unique prefix, or "
                                  "'any' for the best unscored character (the default)"),
                      help="the character whose count counts (name or unique prefix, not one "
                           "you have scored), or 'any' for the best unscored character "
                           "(default any)")
    roll.add_argument("--at-least", type=_int_range(1, 5), default=None, metavar="K",
                      help="ask P(count >= K) at the end of the turn, K from 1 to 5; without "
                           "it the question is the expected points this turn")
    roll.add_argument("--scored", default="", metavar="NAMES",
                      help='characters you have scored, comma-separated, e.g. "Minnie,Donald" '
                           '(each once; left out or "": none)')
    roll.add_argument("--taken", default="", metavar="NAME:SPACE,...",
                      help='numbered spaces other players hold, NAME:SPACE comma-separated, '
                           'e.g. "Goofy:4,Mickey:5" (each once; spaces 1 to 5; left out or "": '
                           "none); used by expected points only")
    roll.add_argument("--characters", type=_int_range(1, 6), default=5, metavar="C",
                      help="character faces per die, 1 to 6 (default 5), named in this order: "
                           "Mickey, Minnie, Donald, Goofy, Pluto, and a 6th named Daisy "
                           "(--characters 6 --wilds 0 is standard six-sided dice)")
    roll.add_argument("--wilds", type=_int_range(0, 5), default=1, metavar="W",
                      help="Clubhouse (wild) faces per die, 0 to 5 (default 1)")

    solo = kinds.add_parser(
        "solo", help="the solo game's optimal expected total (RULES.md §B2)",
        description="The expected total of the solo game of Clubhouse dice (five turns, one "
                    "player) under the best keeps and scoring choices, exactly (RULES.md §B2, "
                    "§C2).")
    duel = kinds.add_parser(
        "duel", help="two players: every choice's chance to win",
        description="Two-player Clubhouse dice: every keep and score choice of the player to "
                    "move, best first, with its chance to win (P(win) + 1/2 P(tie) if you play "
                    "it, then play your best against the other's best) beside its expected "
                    "points this turn. Exact fractions on the game's last two turns, else "
                    "from the kit's solved table, each chance within 0.000000000001 of the "
                    "exact one (RULES.md §B, §B5).")
    duel.add_argument("--board", required=True, metavar="BOARD",
                      help='seat 0\'s tokens, "/", then seat 1\'s: NAME:SPACE comma-separated, '
                           'space 0 (the Picture Column) to 5, e.g. "Mickey:3,Goofy:0 / '
                           'Minnie:5"; "" or "/" is the empty board; the seat to move follows '
                           "from the counts (seat 0 when both have as many tokens)")
    duel.add_argument("--dice", required=True, metavar="FACES",
                      type=given(_NO_DICE), help=_DICE_HELP)
    duel.add_argument("--rolls-left", type=_int_range(0, 2), default=None, metavar="R",
                      help="rolls still allowed this turn, 0 to 2 (default 2: after the first "
                           "roll; RULES.md §B3)")
    for sub in (deal, hand, roll, solo, duel):
        sub.add_argument("--json", action="store_true", help="print one JSON object")

    import swkit.cli.lessons_command as lessons_command
    lessons_command.add_arguments(commands.add_parser(
        "lessons", help="copy the lesson notebooks to a folder and open JupyterLab there",
        description="Copy the lesson notebooks (and their worked answers) to a working folder, "
                    "never over a notebook you changed, and open lesson 1 in JupyterLab there. "
                    "The teacher's guide is README.md in that folder. --no-solutions "
                    "leaves it out with the worked answers (it quotes answers)."))
    import swkit.cli.tournament as tournament
    tournament.add_arguments(commands.add_parser(
        "tournament", help="bots play many games; win rates with 99%% intervals",
        description=tournament.DESCRIPTION))
    import swkit.cli.site as site
    site.add_arguments(commands.add_parser(
        "site", help="build the lessons as a static web site that runs in the browser",
        description="Build the lessons and RULES.md as a static JupyterLite site: Python "
                    "runs in the students' browsers, nothing to install (the teacher's guide, "
                    "README.md of the lessons, says how: 'No install: the lessons in the "
                    "browser'). The site is a student's: --solutions builds the teacher's "
                    "copy, with the worked answers and the guide. Needs pip install "
                    "\"swkit[site]\"."))
    import swkit.cli.class_report as class_report
    classes = commands.add_parser(
        "class", help="the class with no server: the teacher's class report",
        description="The class with no server: the teacher's class report from the "
                    "notebooks the students handed in.")
    class_commands = classes.add_subparsers(dest="kind", required=True, parser_class=_Parser,
                                            metavar="{report}")
    class_report.add_arguments(class_commands.add_parser(
        "report", help="what the class tried and got right, from the handed-in notebooks",
        description=class_report.DESCRIPTION, formatter_class=_KeysFormatter))
    import swkit.cli.hub as hub
    hub.add_arguments(commands.add_parser(
        "hub", help="a school's JupyterHub with the lessons in place",
        description="A school's JupyterHub: swkit hub config writes its config for a class on "
                    "one server."))
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
            editions = args.editions if args.powers is None else [args.powers] * args.editions
            record = card_play.play_game(args.players, args.seed, editions=editions, bots=bots)
            return record, card_play.format_transcript(record)
        if "win" in bots and args.players != 2:
            from swkit.odds.dice_bots import win_bot_refusal
            raise SwkitError(f"--bots win: {win_bot_refusal(args.players)}")
        from swkit.dice import play as dice_play
        record = dice_play.play_game(args.players, args.seed, bots=bots)
        return record, dice_play.format_transcript(record)
    if args.kind in ("deal", "hand"):
        import swkit.cli.odds_cards as odds_cards
        if args.kind == "deal":
            result = odds_cards.deal_query(args.cards, editions=args.editions,
                                           wild_color=args.wild_color,
                                           wild_number=args.wild_number)
            return result, odds_cards.format_deal(result)
        # An option that would change nothing is refused, not ignored.
        if args.simulate is not None and args.budget is not None:
            raise ConfigurationError("--budget is the exact search's work budget; --simulate "
                                     "does no exact search: give one of them")
        if args.simulate is None and args.seed is not None:
            raise ConfigurationError("--seed is the seed of --simulate's games; the exact "
                                     "answer has no seed: add --simulate N, or leave --seed out")
        bar = ProgressBar("searching every draw", delay=SLOW_NOTICE_SECONDS)
        try:
            result = odds_cards.hand_query(
                args.hand, tableau=args.tableau, discard=args.discard, others=args.others,
                center=args.center, figure=args.figure, scored=args.scored, turns=args.turns,
                editions=args.editions,
                budget=DEFAULT_BUDGET if args.budget is None else args.budget,
                simulate=args.simulate, seed=args.seed or 0, progress=bar)
        finally:
            bar.close()
        if args.simulate is not None:
            return result, odds_cards.format_simulated(result)
        return result, odds_cards.format_hand(result)
    if args.kind == "duel":
        import swkit.cli.odds_duel as odds_duel
        result = odds_duel.duel_query(args.board, args.dice, args.rolls_left)
        return result, odds_duel.format_duel(result)
    import swkit.cli.odds_dice as odds_dice
    if args.kind == "roll":
        result = odds_dice.roll_query(dice=args.dice, rolls_left=args.rolls_left,
                                      target=args.target, at_least=args.at_least,
                                      scored=args.scored, taken=args.taken,
                                      characters=args.characters, wilds=args.wilds)
        return result, odds_dice.format_roll(result)
    result = odds_dice.solo_query()
    return result, odds_dice.format_solo(result)


def _error_line(exc: BaseException) -> str:
    """One line for a refused input or a failed file operation (an OSError names its file, cut
    to a readable length, and the system's reason)."""
    if isinstance(exc, OSError) and not isinstance(exc, SwkitError):
        from swkit.files import show_name
        reason = exc.strerror or str(exc) or type(exc).__name__
        names = [show_name(f) for f in (exc.filename, exc.filename2) if f is not None]
        return f"{' -> '.join(names)}: {reason}" if names else reason
    return " ".join(str(exc).split())


def _kept(args: argparse.Namespace | None, started: float) -> str:
    """After Ctrl-C: what the command kept, in words (:func:`swkit.cli.guard.guarded`)."""
    command = getattr(args, "command", None)
    if command in ("play", "odds"):
        return f"no {'game' if command == 'play' else 'answer'} shown; nothing was written"
    if command == "class":
        return "no report shown; nothing was written"
    if command == "hub":
        return "the config is written in one step: it is the earlier one, or none, or the new one"
    if command == "tournament":
        return "no figures (a tournament's figures need all its games); no chart written"
    if command == "lessons":
        return ("each lesson copied so far is complete (a file is written in one step); run "
                "swkit lessons again to copy the rest (it keeps what you changed)")
    if command == "site":
        from swkit.cli.site import MARKER
        out = Path(args.out).expanduser().absolute()
        try:
            built = (out / MARKER).stat().st_mtime >= started
        except OSError:
            built = False
        if built:
            return f"the site was built first: {out}"
        left = _left_behind(out.parent, ".swkit-site-*", started)
        if left:   # a second Ctrl-C cut the build's own clean-up short
            return (f"no new site{f': {out} is as it was' if out.exists() else ''}; its "
                    f"temporary folder {left[0]} was left behind: remove it")
        if out.exists():
            return f"no new site: {out} is as it was (the build's temporary folder is removed)"
        return "no site built, and nothing left behind (the build's temporary folder is removed)"
    return "nothing was done"


def _left_behind(folder: Path, pattern: str, since: float) -> list[Path]:
    """The entries of ``folder`` matching ``pattern`` changed since ``since`` (a time)."""
    try:
        return sorted(p for p in folder.glob(pattern) if p.lstat().st_mtime >= since)
    except OSError:
        return []


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``swkit`` console script; returns the exit status (2: bad input).

    Every refused input (a SwkitError) and every failed file operation (an OSError: a name too
    long, a folder not permitted, ...) ends the command with one line on stderr naming the bad
    part, and exit status 2. Ctrl-C (130), an output that cannot be written (1) and an output
    encoding that cannot show a character are handled for every command alike
    (:func:`swkit.cli.guard.guarded`).
    """
    parsed: dict[str, Any] = {}
    started = time.time()

    def where() -> str:
        args = parsed.get("args")
        return " ".join(a for a in ("swkit", getattr(args, "command", None),
                                    getattr(args, "game", None) or getattr(args, "kind", None))
                        if a)

    return guarded(lambda: _main(argv, parsed), where,
                   lambda: _kept(parsed.get("args"), started))


def _main(argv: list[str] | None, parsed: dict[str, Any]) -> int:
    """Parse ``argv``, carry the command out and print its answer; returns the exit status.
    The parsed arguments go into ``parsed["args"]``."""
    parser = build_parser()
    args = parsed["args"] = parser.parse_args(argv)
    where = " ".join(a for a in (parser.prog, args.command, getattr(args, "game", None)
                                 or getattr(args, "kind", None)) if a)
    notice = None
    try:
        if args.command == "lessons":
            import swkit.cli.lessons_command as lessons_command
            return lessons_command.run(args)
        if args.command == "tournament":
            import swkit.cli.tournament as tournament
            return tournament.run(args)
        if args.command == "site":
            import swkit.cli.site as site
            return site.run(args)
        if args.command == "class":
            import swkit.cli.class_report as class_report
            return class_report.run(args)
        if args.command == "hub":
            import swkit.cli.hub as hub
            return hub.run(args)
        notice = threading.Timer(SLOW_NOTICE_SECONDS, _still_working, args=(args,))
        notice.daemon = True
        notice.start()
        record, text = _run(args)
    except (SwkitError, OSError) as exc:
        message = _error_line(exc)
        if isinstance(exc, WorkBudgetError) and getattr(args, "kind", None) == "hand":
            fewer = f"--turns {max(exc.partial)}, " if exc.partial else ""
            message += f" ({fewer}--simulate 2000, or --budget {exc.needed})"
        print(f"{where}: error: {message}", file=sys.stderr)
        return 2
    finally:
        if notice is not None:
            notice.cancel()
    print(json.dumps(record) if args.json else text)
    return 0
