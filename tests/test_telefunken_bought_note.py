"""A Telefunken seat's panel says what it bought, "+1 card" included, in every language: a
line too wide for the panel is drawn smaller before it is cut (in Vietnamese "đã mua phăng
teo…" lost its "+1 lá", the point of the note: pt150)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from scenes.telefunken import panels, words
from scenes.telefunken_table import TelefunkenTable
from tests.test_marks import record_calls


@pytest.mark.parametrize("lang", ["en", "fa", "vi"])
def test_the_bought_note_is_drawn_whole(app, drive, monkeypatch, lang):
    i18n.set_language(lang)
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 5, 3, {})
    table = TelefunkenTable(app, config)  # (six seats: the narrowest panels)
    app.scenes.reset(table, transition=None)
    drive.settle()
    drawn = record_calls(monkeypatch, panels, "side_text", keep=lambda text, _box: text)
    rect = table.opponent_zone(1)
    for bought in (["JK"], ["10H"], ["QS"], ["10H", "JK"]):  # (two buys before one turn)
        note = words.bought_card(bought, len(bought))
        drawn.clear()
        panels.draw_opponent(pygame.Surface(app.size), rect, table.state, 1, "Seat 2",
                             (note, (200, 60, 60)), active=False)
        assert note in drawn, (lang, bought, drawn)  # whole, no "…"
