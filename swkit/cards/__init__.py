"""Something Wild! Mickey and Friends, the card game (RULES.md section A).

- :mod:`swkit.cards.notation` -- cards and their notation (§A1)
- :mod:`swkit.cards.triples` -- sets and runs with wild Powers, the one home of the rule (§A4)
- :mod:`swkit.cards.editions` -- editions and Power cards from data files (§A7, §A9)
- :mod:`swkit.cards.powers` -- one module per Power effect, the one home of its rule (§A7)
- :mod:`swkit.cards.phases` -- the turn's phases, their words and the game's sizes (§A1-§A5)
- :mod:`swkit.cards.state` -- ``CardState``, what is on the table, and ``Phase`` (no rules)
- :mod:`swkit.cards.turn` -- ``TurnMachine``, the rules that walk a state through a turn (§A2-§A5)
- :mod:`swkit.cards.game` -- ``CardGame``, the public face: a state, its turn machine, the history
- :mod:`swkit.cards.setup` -- ``CardGame.from_position``'s checks and placement
- :mod:`swkit.cards.checks` -- whether a state is one a game reaches, as typed problems (§A3,
  §A5, §A8)
- :mod:`swkit.cards.actions` -- reading actions as typed and explaining illegal ones
- :mod:`swkit.cards.view` -- ``CardView``, what one player may see (§A6)
- :mod:`swkit.cards.saves` -- a saved game's schema and checks
- :mod:`swkit.cards.bots` -- ``RandomBot`` and ``GreedyBot``
- :mod:`swkit.cards.play` -- whole bot games and their transcripts
"""
