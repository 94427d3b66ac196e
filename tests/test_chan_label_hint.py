"""Chắn: the name label of the card under the pointer keeps clear of the cards the hint
lights (at 701x499 the label "Tứ Sách", pushed beside its card by the Draw button above it,
lay over the hinted Lục Vạn's outline next to it)."""

from __future__ import annotations

import pygame

from scenes.chan.table import ChanTable
from tests.test_chan_table import CONFIG, run_until_mine


def test_the_name_label_keeps_off_the_hinted_cards(app, drive, monkeypatch):
    from scenes import crisp

    monkeypatch.setattr(crisp.CRISP, "scale", 701 / 1280)  # (the tester's window: big words)
    table = ChanTable(app, CONFIG)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert run_until_mine(drive, table)
    assert table.move_buttons  # (Draw or Pass stands over the hand's right part)
    hand = [e for _, e in table.sync.entities("hand")]
    clashes = []
    for i, ent in enumerate(hand):
        for j in (i - 1, i + 1):  # the hint on a neighbour of the card under the pointer
            if not 0 <= j < len(hand):
                continue
            table.hint = ("x", [hand[j]])
            box = table._card_rect(hand[j], table._width("hand"))
            code = table.sync.code_of(ent)
            table.named = (ent, code)
            table.card_under_pointer = lambda e=ent, c=code: (e, c)
            label = table._draw_card_name(pygame.Surface(app.size))
            assert label is not None
            if label.colliderect(box):
                clashes.append((code, label, box))
    assert not clashes, clashes
