"""A seat's last-move mark stays off a card that is picked up: its tag followed the dragged
card under the pointer (Chắn's live card, pt61 and pt65); the outline and tag come back
once the card is put down again."""

from __future__ import annotations

import esper

from ecs.components import Transform
from game.catalog import GameConfig, Seat
from scenes import marks
from scenes.chan.table import ChanTable


def _tags_drawn(table, drive, monkeypatch) -> list[tuple[str, object]]:
    drawn = []
    real = marks._tag

    def spy(surface, label, colour, spots, avoid):
        rect = real(surface, label, colour, spots, avoid)
        drawn.append((label, rect))
        return rect

    monkeypatch.setattr(marks, "_tag", spy)
    table.draw(table.app.screen)
    monkeypatch.setattr(marks, "_tag", real)
    return drawn


def test_the_live_cards_seat_tag_does_not_follow_it_when_picked_up(app, drive, monkeypatch):
    app.wait_for_ai = True
    table = ChanTable(app, GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 1,
                                      {}))
    app.scenes.reset(table, transition=None)
    for _ in range(600):
        drive.step()
        if (table.mine and table.state.live is not None and table.state.live.gate == 3
                and not table.animating):
            break
    drive.settle()
    live = table.live_entity()
    before = _tags_drawn(table, drive, monkeypatch)
    assert sum(label == "Seat 4" for label, _ in before) == 2  # its shown pair, its discard
    start = drive.center_of(live)
    drive.press(start)
    for i in range(1, 8):
        drive.move((start[0] + 40 * i, start[1] + 20 * i))
        drive.step(1)
    table.world.activate()
    assert esper.component_for_entity(live, Transform).lift > 0.5
    held = _tags_drawn(table, drive, monkeypatch)
    assert sum(label == "Seat 4" for label, _ in held) == 1  # only its shown pair's
    drive.release((start[0] + 280, start[1] + 140))
    drive.settle()
    assert sum(label == "Seat 4" for label, _ in _tags_drawn(table, drive, monkeypatch)) == 2
