"""A player's odds in the card game: scoring this turn and within T of their own turns.

Source: RULES.md §A3 (a turn), §A4 (sets and runs), §A6 (what a player sees), §A7 (Powers),
§C1 (the probability model).

**The question.** From one player's view (§A6: their hand before this turn's draw, their
tableau, the discard pile in order, the other tableaux, the center Power, whether they hold the
figure, their scored Powers): the probability of scoring this turn (draw, then the best play,
figure, Power use and score) and within T = 1..3 of their own turns; the best play after each
possible draw; and the **outs** (the unseen card types whose draw lets them score this turn,
with the unseen copies of each).

**The model** (RULES.md §C1). The **unseen cards** are every physical card minus the hand, every
tableau and the discard pile; each draw is uniform over them (memoryless: the other hands are
part of the unseen cards). When a card must be drawn (a turn's, or draw two's) and none is
unseen, the discard pile is shuffled into a new deck first (RULES.md §A3): its cards are unseen
again and the pile is empty; if that is empty too the draw is skipped. Over T turns the
opponents change nothing; the center Power and the figure stay as they are after your play; you
stop at your first score; every play, Power use and discard (which cards and their order) is
the best one for the chance of scoring within T. Nothing in the model depends on T, so
P(scoring within T) never falls as T grows.

**The center Power** has three states (``Position.center``): a known Power; ``UNKNOWN_CENTER``
(the default of ``make_position`` and of ``swkit odds hand`` without ``--center``): a center Power
is there but unknown, so a score is possible, no Power is in reach from the center and no play
takes its figure (the scored Powers still need the figure the player holds); ``None``
(``center="none"``): no center Power at all, so nothing can be scored (there is no Power to take:
RULES.md §A3 step 5, §A5, as the game does).

**Powers** (RULES.md §A7): usable if you hold the figure or this turn's play takes it (its color
is the center Power's color), one per turn, among the center Power and your scored Powers, by
effect primitive (so an edited data file works too):

- modelled: ``wild_color`` (1, 2) and ``wild_number`` (4, 5) via ``swkit.cards.triples``;
  ``play_from_discard`` (3: with the required number in your tableau, one of the top ``depth``
  discards into your tableau); ``extra_play`` (6); ``swap`` (9: any card of your tableau for any
  card of another tableau, which then changes for later swaps); ``take_from_discard`` (8: cannot
  help this turn's score; over T >= 2 turns the taken card can be played later).
- ``extra_draw`` (7) and ``pass`` (10) cannot help this turn's score (§A7 decisions); over
  T >= 2 turns they are modelled as chance after the play (RULES.md §C1): draw two takes its
  cards one by one uniformly from the unseen cards (the discard pile shuffled in when none is
  left); pass gives the card of your hand you
  choose, which joins the unseen cards, and brings one card uniform over the unseen cards (the
  other hands are part of them; a pass of more than one card is left out). The best Discard
  is chosen knowing the cards that came.

**Method.** Exact enumeration over the unseen multiset of card types (each type weighted by its
unseen copies), memoised on the position, with integer numerators over U·(U−1)·… (U unseen
cards) and a Fraction at the end, within a work budget of memo entries
(``swkit.odds.budget``). A question whose draws can outnumber the unseen cards (fewer than
T + count·(T−1) unseen, count = draw two's cards, 0 without it) is searched with Fractions by
``reshuffle``, which keeps the whole discard pile for the reshuffle. The modules follow the model:

- ``position``: the question and its checks; ``answer``: ``player_odds`` and its answer;
- ``engine``: one search's engine, built from a Position and composed of parts; each part
  holds its own memo tables and is given the facts (``facts``: the deck, the unseen cards,
  the Powers in reach) and the parts it asks;
- the parts: ``triples``: the pair masks; ``moves``: the plays, the Powers that move cards,
  the Discard; ``outs``: the last turn's outs; ``search``: the search over turns;
  ``noextra``, ``extra``: two turns to go without and with an extra play; ``blanks``: the
  cards that cannot matter yet; ``chance``: draw two and pass; ``batch``: the numpy batch;
  ``work``: the work budget;
- ``hands``: sorted tuples and bitmasks of card types; ``words``: the plans, as steps
  (``PlanStep``, data) and in words.

When each Power may be used, and its moves, come from its module of :mod:`swkit.cards.powers`
(the game uses the same).

How fast it is, and what was tried to make it so: ``bench/README.md``.
"""

from swkit.odds.cards.answer import CENTER_UNKNOWN_NOTE, DrawPlan, PlayerOdds, player_odds
from swkit.odds.cards.hands import Hand
from swkit.odds.cards.position import (
    MAX_PLAYERS,
    MAX_TURNS,
    NO_CENTER_WORDS,
    NO_EFFECT_THIS_TURN,
    TABLEAU_LIMIT,
    UNKNOWN_CENTER,
    WIN_POWERS,
    Position,
    check_position,
    make_position,
    parse_others,
)
from swkit.odds.cards.words import STEP_KINDS, PlanStep, plan_words, step_words

__all__ = [
    "CENTER_UNKNOWN_NOTE",
    "MAX_PLAYERS",
    "MAX_TURNS",
    "NO_CENTER_WORDS",
    "NO_EFFECT_THIS_TURN",
    "STEP_KINDS",
    "TABLEAU_LIMIT",
    "UNKNOWN_CENTER",
    "WIN_POWERS",
    "DrawPlan",
    "Hand",
    "PlanStep",
    "PlayerOdds",
    "Position",
    "check_position",
    "make_position",
    "parse_others",
    "plan_words",
    "player_odds",
    "step_words",
]
