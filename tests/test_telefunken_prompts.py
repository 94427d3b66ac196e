"""Telefunken's build zone says what you can do now, in two lines at most for every deal."""

from __future__ import annotations

from dataclasses import replace

from game.catalog import default_config
from scenes import theme
from scenes.telefunken_table import TelefunkenTable


def test_after_drawing_the_table_says_what_comes_next(app, drive):
    table = TelefunkenTable(app, default_config("telefunken", seed=4))
    app.scenes.push(table, transition=None)
    drive.settle()
    build = table.layout["build"].rect
    width = build.right - 100 - (build.x + 16)
    for deal in range(1, 8):
        for melded in (False, True):
            state = table.state
            table.rules.state = replace(
                state, phase="play", deal=deal,
                melded=tuple(melded if s == table.viewer else m for s, m in enumerate(state.melded)))
            table.selected = []
            _, text = table.selection_move()
            if deal == 7 and melded:  # all went down with the contract but the last card
                assert text == "Discard your last card to go out."
                continue
            assert "discard to end your turn" in text
            assert ("contract" in text) != melded
            assert len(theme.wrap(text, 15, width, "bold")) <= 2, text
