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


def test_a_card_picked_up_out_of_a_marked_meld_leaves_the_mark_with_the_rest(app):
    """Zetema: a shown card dragged up out of your flush stretched the flush's outline from
    the meld zone to the pointer, across the piles (pt103). The outline stays around the
    cards left; the card put back, it is whole again."""
    from tests.test_zetema_marriages import AI, H, play, start

    hands = [["2H", "5H", "9H", "JH", "AH", "7H", "3C"],
             ["7C", "3H", "5C", "8S", "9S", "JS", "2D"]]
    table, drive = start(app, (H, AI), hands)
    play(drive, table, "meld flush AH 2H 5H 7H 9H JH")
    assert table.state.phase == "discard"
    table.world.activate()
    shown = [e for _, e in table.selection]
    assert len(shown) == 6
    [before] = [b for b in table.marks.boxes(0)]
    card = shown[2]
    start_at = drive.center_of(card)
    drive.press(start_at)
    for i in range(1, 8):
        drive.move((start_at[0], start_at[1] - 40 * i))
        drive.step(1)
    table.world.activate()
    assert esper.component_for_entity(card, Transform).lift > 0.5
    [held] = table.marks.boxes(0)
    assert held.top == before.top and held.bottom == before.bottom  # not up to the pointer
    assert not held.collidepoint(start_at[0], start_at[1] - 280)
    drive.release(start_at)
    drive.move((5, 5))  # (away: the card under the pointer rises)
    drive.settle()
    drive.step(30)
    table.world.activate()
    assert table.marks.boxes(0) == [before]
