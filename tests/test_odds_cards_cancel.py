"""A card odds search stops when its caller says so, whatever path it is on.

``player_odds(..., stop=...)`` and the Monte Carlo twins ask ``stop()`` where the engine counts
its work budget (``work.Work.check_stop``): once it returns True the search raises
``SearchCancelled`` and asks no more. Checked on each path of a three-turn search (the plain
search with a swap, the numpy batch of an extra play, draw two's chance outcomes) and on a
question that ends in a refusal (which reports no progress before it is refused); a stop that
never says True changes no answer.
"""

from __future__ import annotations

import pytest

from swkit.errors import SearchCancelled, WorkBudgetError
from swkit.odds.cards import make_position, player_odds
from swkit.odds.montecarlo_cards import mc_player_odds, mc_policy_odds

B = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7")
"""The bench's cards (bench/odds_budget.py)."""

PATHS = {
    "swap": dict(B, center="yellow-swap", figure=True, scored="purple-wild"),
    "extra play (numpy batch)": dict(B, tableau="R4 R6 B8 G5", center="red-take-discard",
                                     figure=True, scored="green-discard,green-extra-play"),
    "draw two": dict(B, center="blue-draw-two", figure=True),
    "refused: extra play and pass": dict(B, center="green-extra-play", figure=True,
                                         scored="purple-pass"),
}
"""Three-turn questions, one per path of the search; the last is refused at T = 3 (over the
default budget) after seconds of work with no progress call between its first draws."""


class Flag:
    """A cancel flag that says True from its ``after``-th question on, and counts them."""

    def __init__(self, after: int) -> None:
        self.after, self.calls = after, 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.calls >= self.after


@pytest.mark.parametrize("after", [1, 7, 60])
@pytest.mark.parametrize("name", list(PATHS))
def test_a_search_stops_at_the_first_true(name, after):
    flag = Flag(after)
    with pytest.raises(SearchCancelled, match="cancelled"):
        player_odds(make_position(**PATHS[name]), 3, stop=flag)
    assert flag.calls == after        # asked again and again, and not once after it said True


def test_the_refused_question_is_cancelled_not_refused():
    """Without a stop the question is refused; cancelled part-way, it is a SearchCancelled
    (the caller's), never the budget's refusal nor an answer."""
    pos = make_position(**PATHS["refused: extra play and pass"])
    with pytest.raises(WorkBudgetError):
        player_odds(pos, 3, budget=20_000)
    with pytest.raises(SearchCancelled):
        player_odds(pos, 3, budget=20_000, stop=Flag(200))


def test_a_stop_that_never_fires_changes_nothing():
    pos = make_position(**PATHS["refused: extra play and pass"])
    flag = Flag(10**9)
    with_flag = player_odds(pos, 2, stop=flag)
    assert flag.calls > 0
    assert with_flag == player_odds(pos, 2)


@pytest.mark.parametrize("estimate", [mc_policy_odds, mc_player_odds])
def test_the_simulated_estimates_stop_too(estimate):
    flag = Flag(5)
    with pytest.raises(SearchCancelled):
        estimate(make_position(**PATHS["refused: extra play and pass"]), 3, n=2_000, seed=0,
                 stop=flag)
    assert flag.calls == 5
    never = Flag(10**9)
    pos = make_position(**PATHS["swap"])
    assert mc_policy_odds(pos, 2, n=200, seed=1, stop=never) == mc_policy_odds(pos, 2, n=200,
                                                                                seed=1)
    assert never.calls >= 200         # once a game at least
