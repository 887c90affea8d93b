"""The presentation layer: a question, its exact answer, and that answer in words and charts,
for every front end (the command line, the odds explorer, the card table and dice cup, the
lessons), as ``chess.svg`` draws the board for every front end of python-chess.

- :mod:`swkit.present.percent` -- the one percentage formatter (:func:`percent_text`);
- :mod:`swkit.present.words` -- words beside an answer (Powers by their card's heading, the
  condition of a chance over several turns);
- :mod:`swkit.present.questions` -- the questions (:class:`DealQuestion`,
  :class:`HandQuestion`, :class:`RollQuestion`);
- :mod:`swkit.present.answers` -- :func:`solve`: a question's exact :class:`Answer`;
- :mod:`swkit.present.simulation` -- :func:`simulation`: its Monte Carlo estimate;
- :mod:`swkit.present.charts` -- :func:`chart`: its charts;
- :mod:`swkit.present.cards`, :mod:`swkit.present.dice`, :mod:`swkit.present.duel` -- the
  answers of ``swkit odds`` (JSON-ready dicts and their text);
- :mod:`swkit.present.hint` -- the dice cup's hint (every keep with its exact values).

Nothing here imports a widget or the command line; a widget keeps only its controls and its
background work. The package imports none of its modules: import the one you use (the charts
import :mod:`swkit.plots`, which writes its percentages with :mod:`swkit.present.percent`).
"""
