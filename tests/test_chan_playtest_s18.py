"""A play-test of Chắn in Vietnamese at 960x540 and 1920x1080:

1. The label naming the card under the pointer stood over Ghế 2's panel ("máy, Bình
   thường") above its shown pair, and over the "Ghế 3" tag and the "Bài đã hạ" caption above
   Ghế 3's: it keeps clear of the seats' panels, the boxes' captions and the last-move tags
   wherever a place is free of them.
2. The "Ghế 4" tag on Ghế 4's newest pair sat on the last letters of "Bài đã hạ": tags keep
   apart from the captions. (Two tags side by side on a card one seat put down and the
   next let go by are gone with passes marking nothing: tests/test_chan_tags_s19.py.)
3. A computer's turn showed a lone "." at the far right of its panel: the panel says
   "đang nghĩ…" (Zetema's words: "thinking") before the card count, in every language.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.catalog import GameConfig, Seat
from game.i18n import _, set_language
from game.layout import load_layout
from game.rules import chan as rules
from game.session import Session
from scenes import card_name_label as names
from scenes import marks as marks_module
from scenes import theme
from scenes.chan import panels, words
from scenes.chan_table import ChanTable
from tests.test_chan_card_names_small import card_rect, point_at
from tests.test_marks import record_calls

SEATS = (Seat("human"),) + (Seat("ai", "normal"),) * 3
SMALL, LARGE = (960, 540), (1920, 1080)


def play(seed: int, every: int = 1, person: bool = False):
    """A deal played at random (captures preferred, so that pairs pile up): the session
    every ``every`` moves (only where the person, seat 0, is to move: ``person``)."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None:
        moves = rules.legal_moves(session.state)
        takes = [m for m in moves if m.startswith(("chan ", "ca ", "chiu "))]
        session.play(takes[0] if takes and rng.random() < 0.8 else rng.choice(moves))
        if (len(session.moves) % every == 0 and session.result is None
                and (not person or rules.to_move(session.state) == 0)):
            yield session


def replayed(session: Session) -> Session:
    again = Session.new(session.config)
    for move in session.moves:
        again.play(move)
    return again


def open_at(app, drive, session: Session, settle: bool = True) -> ChanTable:
    table = ChanTable(app, session.config, replayed(session))
    app.scenes.reset(table, transition=None)
    if settle:
        drive.settle(1200)
    return table


def tags_drawn(app, table: ChanTable) -> list[tuple[str, pygame.Rect]]:
    """(words, box) of every last-move tag a drawing of the marks writes."""
    drawn = []
    real = marks_module._tag

    def spy(surface, text, *args, **kwargs):
        box = real(surface, text, *args, **kwargs)
        drawn.append((text, box))
        return box

    marks_module._tag = spy
    try:
        table.marks.draw(app.screen, table.mark_keep_clear(), table.covered_entities())
    finally:
        marks_module._tag = real
    return drawn


def captions(table: ChanTable) -> list[pygame.Rect]:
    """Where the gates' and shown pairs' captions are written, every seat's (the words
    of ``scenes.chan.words``)."""
    out = []
    for seat in range(4):
        mine = table.seat_zone(seat) == 0
        out.append(panels.box_label_rect(table.zone("gate", seat), words.gate_label(mine),
                                         True))
        out.append(panels.box_label_rect(table.zone("exposed", seat), words.pairs_label(mine),
                                         theme.rtl()))  # (where its words begin)
    return out


# -- 1. the card-name label ------------------------------------------------------------------

@pytest.mark.parametrize("window", [SMALL, LARGE])
def test_the_card_name_label_keeps_clear_of_panels_captions_and_tags(app, drive, monkeypatch,
                                                                     window):
    """Over the first card of each other seat's first shown pair (below its panel and its
    caption, a tag on the pair beside it), the label stands over none of them."""
    set_language("vi")
    assert app.set_window_size(window)
    session = next(s for s in play(3, person=True)
                   if all(s.state.exposed[seat] for seat in (1, 2, 3)))
    table = open_at(app, drive, session)
    assert table.mine
    labels = record_calls(monkeypatch, names, "draw", keep=lambda _text, box: box)
    checked = 0
    for seat in (1, 2, 3):
        ent = table.sync.entities(f"exposed_{seat}")[0][1]
        point_at(drive, table, ent)
        labels.clear()
        app.draw(app.screen)
        assert len(labels) == 1, seat
        label = labels[0]
        clear = [table.zone("seat", s) for s in range(4)] + captions(table)
        clear += table.marks.tags_drawn
        assert table.marks.tags_drawn  # (the tags drawn this frame, each pair's newest)
        assert not any(label.colliderect(r) for r in clear), (seat, label)
        assert not label.colliderect(card_rect(table, ent))
        assert not any(label.colliderect(w.rect) for w in table.widgets.widgets)
        checked += 1
    assert checked == 3


def test_the_label_is_moved_a_little_where_no_side_is_free():
    """Every side of the card holds something to keep clear of, but a place a little lower
    than below it is free: the label stands there, not over the words."""
    pygame.init()
    card = pygame.Rect(100, 100, 28, 88)
    size = (100, 30)
    avoid = [pygame.Rect(0, 60, 300, 36),  # above: a panel
             pygame.Rect(132, 150, 200, 50), pygame.Rect(0, 150, 96, 50),  # beside: tags
             pygame.Rect(60, 192, 100, 8)]  # just below: a caption's strip
    box = names.place(card, size, avoid, pygame.Rect(0, 0, 1280, 720))
    assert not any(box.colliderect(r) for r in avoid) and not box.colliderect(card)
    assert abs(box.centerx - card.centerx) <= 24 + size[0]  # still beside its card


# -- 2. tags and captions ---------------------------------------------------------------------

@pytest.mark.parametrize("lang,seeds", [("vi", (3, 1, 2)), ("en", (3, 4)), ("fa", (3,))])
def test_no_tag_stands_on_a_caption(app, drive, monkeypatch, lang, seeds):
    """In positions of several deals (Ghế 4's newest pair second in its row, beside "Bài
    đã hạ", among them), no last-move tag covers any of a box's caption."""
    set_language(lang)
    checked = 0
    for seed in seeds:
        for session in play(seed, every=3):
            if len(session.moves) > 45:
                break
            table = open_at(app, drive, session)
            said = captions(table)
            for text, tag in tags_drawn(app, table):
                checked += 1
                hit = tag.collidelist(said)
                assert hit < 0, (seed, len(session.moves), text, tag, said[hit])
    assert checked > 20


# -- 3. "thinking" ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_a_seat_panel_says_thinking_in_words_that_fit(app, lang):
    """Each seat panel of the layout (two lines at the sides, one at the top and bottom),
    every level, dealer or not: "thinking…" (the catalogue's words, as Zetema writes
    them) stands inside the panel, over none of its other words, at 11 px or more."""
    set_language(lang)
    table_layout = load_layout("chan")
    for zone in ("seat_1", "seat_2", "seat_3"):
        rect = table_layout[zone].rect
        for level in ("easy", "normal", "hard"):
            for dealer in (False, True):
                for dots in (1, 2, 3):
                    drawn = panels.seat_panel(app.screen, rect, "Ghế 2",
                                              panels.level_words(level), 19, dealer, True, dots)
                    where = (zone, level, dealer, dots)
                    assert "thinking" in drawn, where
                    box = drawn.pop("thinking")
                    assert rect.contains(box), where
                    assert not any(box.colliderect(other) for other in drawn.values()), where
    assert panels.thinking_words(2) == _("thinking") + ".."
    if lang == "vi":
        assert panels.thinking_words(3) == "đang nghĩ..."


def test_the_computer_to_play_says_thinking_in_its_panel(app, drive, monkeypatch):
    """At a computer's turn its panel writes "đang nghĩ." (not a lone "."), inside it, apart
    from its other words."""
    set_language("vi")
    assert app.set_window_size(SMALL)
    session = next(s for s in play(5) if rules.to_move(s.state) == 1)
    table = open_at(app, drive, session, settle=False)
    written = record_calls(monkeypatch, theme, "blit_text",
                           keep=lambda text, box: (text, box))
    app.draw(app.screen)
    panel = table.zone("seat", 1)
    inside = [(text, box) for text, box in written if panel.contains(box)]
    thinking = [box for text, box in inside if text.startswith("đang nghĩ")]
    assert len(thinking) == 1, inside
    assert not any(box.colliderect(thinking[0]) for text, box in inside
                   if not text.startswith("đang nghĩ"))
    assert "." not in [text for text, _box in written]
