"""Something Wild! Mickey and Friends, the card game (RULES.md section A).

- :mod:`swkit.cards.notation` -- cards and their notation (§A1)
- :mod:`swkit.cards.triples` -- sets and runs with wild Powers, the one home of the rule (§A4)
- :mod:`swkit.cards.editions` -- editions and Power cards from data files (§A7, §A9)
- :mod:`swkit.cards.powers` -- one module per Power effect, the one home of its rule (§A7)
- :mod:`swkit.cards.game` -- ``CardGame``, the game state (§A2-§A9)
- :mod:`swkit.cards.bots` -- ``RandomBot`` and ``GreedyBot``
- :mod:`swkit.cards.play` -- whole bot games and their transcripts
"""
