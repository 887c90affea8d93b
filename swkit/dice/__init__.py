"""Clubhouse dice, a Yahtzee Jr. game (RULES.md section B).

- :mod:`swkit.dice.faces` -- die faces and their notation (§B1)
- :mod:`swkit.dice.scoring` -- counts and the push to the left, the one home of the rule (§B4)
- :mod:`swkit.dice.board` -- the shared scoreboard (§B1, §B4)
- :mod:`swkit.dice.state` -- the state's values: actions, history steps, what a player sees
- :mod:`swkit.dice.game` -- the turn machine: turns, rolls, keeps, scores, tie-break (§B2-§B5)
- :mod:`swkit.dice.words` -- whose move it is and why a move is refused, in words
- :mod:`swkit.dice.saves` -- a saved game's schema and checks
- :mod:`swkit.dice.bots` -- a random bot and a greedy bot
- :mod:`swkit.dice.play` -- bots play a whole game: a JSON record and a transcript
"""
