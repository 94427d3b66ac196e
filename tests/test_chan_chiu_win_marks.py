"""A Chíu ù at the Chắn table (you claim the fourth of a card with Chíu! and win right after
it): the winning hand laid across the middle marks the chíu's four once, one outline and one
tag, as the card won on of any other win (the four's own outline and tag, made by the chíu,
followed its cards into the row: two outlines and two "You" tags lay on the set)."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes import marks as marks_module
from scenes.chan.table import ChanTable
from scenes.chan.tags import ChanMarks
from tests.test_chan_rules import position

CONFIG = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 12, {})
# three Tam Văn and eight pairs: the fourth Tam Văn, chíu'd, wins (Chíu ù)
HAND = "3C 3C 3C 2M 2M 4S 4S 5C 5C 6M 6M 8M 8M 2S 2C 4M 4C 6S 6C".split()


def before_the_chiu(out_of_turn: bool) -> rules.State:
    """You may chíu Tam Văn: revealed by Seat 3 out of your turn, or discarded by Seat 4
    into its gate on your turn."""
    if out_of_turn:
        data = position({0: HAND}, to_move=2, phase="respond", dealer=1, gates={1: ["9M"]},
                        live={"gate": 1, "card": "9M", "from": "discard"}, stock_top=["3C"])
        state = rules.play(rules.load(data), "draw")
    else:
        state = rules.load(position({0: HAND}, to_move=0, phase="respond", dealer=1,
                                    gates={3: ["3C"]},
                                    live={"gate": 3, "card": "3C", "from": "discard"}))
    assert rules.to_move(state) == 0 and "chiu 3C" in rules.legal_moves(state)
    return state


def chiu_u(app, drive, out_of_turn: bool) -> ChanTable:
    """The table after your Chíu! and Ù!, the winning hand at rest across the middle (the
    results not open yet)."""
    state = before_the_chiu(out_of_turn)
    table = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.click(table.move_buttons["chiu"].rect.center)
    drive.settle()
    assert table.session.moves == ["chiu 3C"] and "u" in table.move_buttons
    drive.click(table.move_buttons["u"].rect.center)
    while not table.won:
        drive.step()
    drive.settle()
    assert rules.result(table.state)["how"] == "chiu" and app.scenes.top is table
    return table


def drawn_marks(app, monkeypatch) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
    """The outlines and the (words, box) of the tags one frame draws for the last moves."""
    outlines: list[pygame.Rect] = []
    tags: list[tuple[str, pygame.Rect]] = []
    drawing = []
    real_draw, real_rect, real_tag = ChanMarks.draw, pygame.draw.rect, marks_module._tag

    def draw(self, *args, **kwargs):
        drawing.append(True)
        try:
            return real_draw(self, *args, **kwargs)
        finally:
            drawing.pop()

    def rect(surface, colour, box, width=0, *args, **kwargs):
        if drawing and width == 3:  # (an outline; a tag's box is filled)
            outlines.append(pygame.Rect(box))
        return real_rect(surface, colour, box, width, *args, **kwargs)

    def tag(surface, text, colour, spots, taken=()):
        box = real_tag(surface, text, colour, spots, taken)
        tags.append((text, pygame.Rect(box)))
        return box

    with monkeypatch.context() as patch:
        patch.setattr(ChanMarks, "draw", draw)
        patch.setattr(pygame.draw, "rect", rect)
        patch.setattr(marks_module, "_tag", tag)
        app.draw(app.screen)
    return outlines, tags


@pytest.mark.parametrize("out_of_turn", [True, False], ids=["out_of_turn", "in_turn"])
def test_a_chiu_u_marks_the_four_once(app, drive, monkeypatch, out_of_turn):
    table = chiu_u(app, drive, out_of_turn)
    cards = [table._card_rect(e, 40) for c, e in table.sync.entities("win") if c == "3C"]
    assert len(cards) == 4
    four = cards[0].unionall(cards[1:])
    outlines, tags = drawn_marks(app, monkeypatch)
    on_four = [o for o in outlines if o.colliderect(four)]
    tags_on_four = [(text, box) for text, box in tags if box.colliderect(four.inflate(8, 8))]
    assert len(on_four) == 1, on_four
    assert [text for text, _box in tags_on_four] == ["You"], tags_on_four
    # the one outline is the card won on's (last of the four, whole, as the results frame it)
    assert on_four[0].contains(cards[-1])
    # the picture the table draws when it marks the finished deal again from its moves (a
    # change of language; the replay's end): the same marks
    live = {seat: [m.entities for m in marks] for seat, marks in table.marks.marks.items()}
    table.restore_marks()
    assert {seat: [m.entities for m in marks]
            for seat, marks in table.marks.marks.items()} == live
