"""Students' own bots, for Clubhouse dice or the card game: loaded from their files, each
played in its own process with only its seat's view, time, memory and output limits, and
forfeits in words; duplicate pairs of games (the same dice, or the same deal); the class round
robin.

- :mod:`swkit.arena.bot_process`: :class:`~swkit.arena.bot_process.StudentBot`, a bot file in
  its own process, its :class:`~swkit.arena.bot_process.Limits` and
  :class:`~swkit.arena.bot_process.Forfeit`;
- :mod:`swkit.arena.child`: what runs in that process (the ``view`` a bot's ``choose`` gets);
- :mod:`swkit.arena.matches`: entrants (built-in bots and bot files) and duplicate games;
- :mod:`swkit.arena.round_robin`: the class tournament and its results;
- :mod:`swkit.arena.in_process`: a bot written as a function, played in this process (a lesson,
  the browser site), with the same forfeits (:mod:`swkit.arena.forfeits`) and the same
  :class:`~swkit.arena.view.View`;
- :mod:`swkit.arena.compare`: ``compare(choose, against="greedy", pairs=50, seed=0)``, a bot
  against a built-in bot in paired and unpaired games, with 95% intervals
  (:mod:`swkit.arena.intervals`) and a chart (lesson 11).

Not a sandbox: a bot runs as the user who starts the tournament and can read what they can
read (docs/DECISIONS.md, "Students' bots").
"""
