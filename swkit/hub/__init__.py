"""The school server: a JupyterHub for a class on one server, with swkit's lessons in place.

- :mod:`swkit.hub.config`: the ``jupyterhub_config.py`` that ``swkit hub config`` writes (the
  class list, the login, the spawner, the idle culler, the memory limit, the inbox).
- :mod:`swkit.hub.singleuser`: what a student's own server runs at start
  (``python -m swkit.hub.singleuser``): the lessons copied into the home with the rules of
  ``swkit lessons``, then ``jupyterhub-singleuser``. It works with any spawner.
- :mod:`swkit.hub.inbox`: :func:`hand_in`, run by the student in a cell after saving: the saved
  notebook (which carries its ``check()`` records) goes into the class inbox, one folder per
  student named by the hub's user name; ``swkit class report INBOX`` reads it.

Nothing here imports JupyterHub: the student's server needs only swkit and Jupyter.
Decisions: docs/DECISIONS.md, "The school's JupyterHub".
"""

from __future__ import annotations

from swkit.hub.inbox import HandInError, hand_in

__all__ = ["HandInError", "hand_in"]
