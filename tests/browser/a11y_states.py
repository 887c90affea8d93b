"""A notebook showing every swkit widget in the states the accessibility test checks.

Each code cell shows one widget in one state, brought there through the widget's own controls
(``button.click()``, a toggle's value) on the kernel's side; the markdown cell before it names
the state, and each widget carries the CSS class ``a11y-<state>`` for the test to find it by.
:func:`write_states_notebook` writes it; the test opens it in JupyterLab and in Voila.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

DRIVE = '''\
from swkit.dice.bots import GreedyBot
from swkit.cards.bots import GreedyBot as CardBot
from swkit.widgets import CardTable, DiceCup, OddsExplorer

def greedy_move(cup):
    """The student's next move as the greedy bot would make it, by the cup's controls."""
    game = cup.game
    if game.view(0).phase != "decide":
        cup.roll_button.click()
        return
    action = GreedyBot(0, cup.seed).choose(game)
    if action.kind == "score":
        cup.score_buttons[action.faces[0]].click()
        return
    wanted = list(action.faces)
    for slot, face in enumerate(cup.shown_dice()):
        keep = face in wanted
        if keep:
            wanted.remove(face)
        cup.dice_buttons[slot].value = keep
    cup.roll_button.click()

def card_move(table):
    """The student's next move as the greedy card bot would make it (its button)."""
    table.wait_idle()
    table.act(CardBot().choose(table.game))
    table.wait_idle()
'''

STATES: list[tuple[str, str, str]] = [
    ("dice-start", "The dice cup at the start (2 players, the win bot)",
     'cup = DiceCup(players=2, seed=8, bots="win", bot_delay=0)'),
    ("dice-hint", "The dice cup after a roll, the hint on",
     'cup = DiceCup(players=2, seed=8, bots="win", bot_delay=0)\n'
     "cup.roll_button.click()\ncup.hint_button.value = True\ncup.dice_buttons[0].value = True"),
    ("dice-end", "The dice cup at the end of a game",
     "cup = DiceCup(players=2, seed=8, bot_delay=0)\n"
     "while not cup.game.is_terminal():\n    greedy_move(cup)\n    cup.wait_idle()"),
    ("dice-rolloff", "The dice cup in a Clubhouse roll-off (seed 6: a tie after 5 turns)",
     "cup = DiceCup(players=2, seed=6, bot_delay=0)\n"
     'while cup.game.view(0).phase != "tiebreak":\n    greedy_move(cup)\n    cup.wait_idle()'),
    ("cards-hint", "The card table, the hint on",
     "cup = CardTable(players=2, seed=8, bot_delay=0)\ncup.act('play R6')\ncup.wait_idle()\n"
     "cup.hint_toggle.value = True\ncup.wait_idle()"),
    ("cards-power", "The card table while choosing a Power (seed 53, 3 players)",
     "cup = CardTable(players=3, seed=53, bot_delay=0)\ncup.hint_toggle.value = True\n"
     'while not (cup.game.turn == 6 and cup.game.phase == "play"):\n    card_move(cup)\n'
     "cup.act('play Y5')\ncup.wait_idle()"),
    ("cards-end", "The card table at the end of a game",
     "cup = CardTable(players=2, seed=8, bot_delay=0)\n"
     "while not cup.game.is_terminal():\n    card_move(cup)"),
    ("explorer-deal", "The odds explorer: K random cards",
     "cup = OddsExplorer()\ncup.wait_idle()"),
    ("explorer-hand", "The odds explorer: my hand",
     'cup = OddsExplorer()\ncup.kind.value = "hand"\ncup.wait_idle()'),
    ("explorer-roll", "The odds explorer: my roll",
     'cup = OddsExplorer()\ncup.game.value = "dice"\ncup.wait_idle()'),
    ("explorer-refused", "The odds explorer refusing a card it cannot read",
     'cup = OddsExplorer()\ncup.kind.value = "hand"\ncup.wait_idle()\n'
     'cup.hand.value = "B2 G7 X9"\ncup.wait_idle()'),
    ("keys-dice", "A solo dice game, played by the keyboard in the test",
     "cup = DiceCup(players=1, seed=8, bot_delay=0)"),
    ("keys-cards", "A card game, played by the keyboard in the test",
     "cup = CardTable(players=2, seed=8, bot_delay=0)"),
    # last: the bots' pause (10 s) leaves the test time to check the cup mid-turn
    ("dice-bot", "The dice cup on the bot's turn",
     "cup = DiceCup(players=2, seed=8, bot_delay=10)\ncup.roll_button.click()\n"
     'cup.score_buttons["Mickey"].click()'),
]
"""(name, heading, code making ``cup``) for each state; the cell shows ``cup``."""


def write_states_notebook(path: Path) -> Path:
    """Write the states notebook to ``path`` (see the module docstring); returns ``path``."""
    v4 = nbformat.v4
    cells = [v4.new_markdown_cell("# swkit widgets, state by state"), v4.new_code_cell(DRIVE)]
    for name, heading, code in STATES:
        cells.append(v4.new_markdown_cell(f"## {heading}"))
        cells.append(v4.new_code_cell(f'{code}\ncup.add_class("a11y-{name}")\ncup'))
    kernel = {"kernelspec": {"display_name": "Python 3", "language": "python",
                             "name": "python3"}, "language_info": {"name": "python"}}
    nbformat.write(v4.new_notebook(cells=cells, metadata=kernel), path)
    return path
