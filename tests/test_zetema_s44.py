"""Zetema, play-testers' findings of session 44.

1. A message said during a computer's meld (a refusal, a hint) stood above the meld zone,
   over the meld's cards; as the computer discarded, its shown cards went back to its
   panel and the message came down into the zone, onto those cards still lying there. It
   keeps its place above the zone until it goes.
2. A banner (a zetema, a new deal) stood over the Meld and Clear buttons for a second or
   two: it stands beside them, over the meld zone's words.
3. The "new" tag of a card drawn into your hand passed over the stock's label ("Stock · 8")
   as the card flew: it comes once the card has landed.
4. Five marriages on the marriage pile: only the top one showed whole, the others each a
   strip too narrow to tell its suit. A row below the heap shows each marriage's suit.
5. A click on the bare felt dropped a choice in Zertz and Chắn, but left the cards waiting
   in Zetema's meld zone: it takes them back, as Clear does.
"""

from __future__ import annotations

import esper
import pygame
import pytest

import scenes.marks as marks_module
import scenes.zetema.panels as panels_module
from ecs.components import CardFace, Sprite, Transform
from ecs.input import entity_rect
from game.i18n import set_language
from game.rules import zetema as rules
from scenes import theme
from scenes.zetema import words
from scenes.zetema.moves import perform
from scenes.zetema.panels import gliding
from scenes.zetema.table import ZetemaTable
from tests.test_marks import drawn_box, record_calls
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_s43 import FLUSH


def message_box(app) -> pygame.Rect | None:
    """Where the newest message stands now (None: none)."""
    places = app._toast_places(app.toasts)
    return places[0][2] if places else None


def cards_in(rect: pygame.Rect, but: set[int] = frozenset()) -> list[pygame.Rect]:
    """The boxes of the cards (not ``but``) lying wholly inside ``rect``, in sight."""
    return [box for e, (face, t, s) in esper.get_components(CardFace, Transform, Sprite)
            if e not in but and t.alpha > 0
            and rect.contains(box := pygame.Rect(*(round(v) for v in entity_rect(t, s))))]


def test_a_message_said_during_a_computers_meld_stays_off_its_cards(app):
    """Seat 2 shows a flush; you click a card of your hand meanwhile: "Wait for your turn"
    stands above the meld zone. Seat 2 discards and its flush goes back to its panel: in no
    frame does the message stand on a card lying in the meld zone (it came down onto the
    flush as it left)."""
    hands = [["3C", "5C", "8H", "9C", "JH", "QC", "4S"], [*FLUSH, "4C"],
             ["2H", "5H", "7C", "9S", "JS", "KH"]]
    table, drive = start(app, (H, AI, AI), hands, to_move=1)
    table.rules.paused = True  # (the computer's moves are played here, as it would)
    table.rules._apply("meld flush " + " ".join(FLUSH))
    drive.wait(2.0)  # (its cards lie in the zone, its points told)
    table.world.activate()
    drive.click(drive.center_of(table.hand[0][1]))
    table.world.activate()
    assert app.toasts and app.toasts[-1].text.startswith(words.wait_your_turn())
    above = message_box(app)
    zone = table.layout["meld"].rect
    assert above.bottom <= zone.top  # (the flush's cards in view)
    table.rules._apply("discard 2D")
    assert table.session.moves[-1] == "discard 2D"
    frames = []  # (cards lying in the zone, the message's box) each frame
    for _ in range(90):
        drive.step()
        table.world.activate()
        box = message_box(app)
        if box is None:
            break
        frames.append((cards_in(zone, {e for _, e in table.hand}), box))
    assert any(cards for cards, _ in frames)  # (the flush seen leaving)
    for cards, box in frames:
        assert not any(box.colliderect(card) for card in cards), (box, cards)
    assert all(box == above for _, box in frames)  # it kept its place


def drawn_banner(app, table, monkeypatch) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """The table drawn: its banner's box and the images of its lines."""
    real = ZetemaTable.draw_banner
    drawn = []
    with monkeypatch.context() as m:
        def banner(self, surface, *args, **kwargs):
            panels = record_calls(m, theme, "panel", keep=lambda rect, _r: pygame.Rect(rect))
            lines = record_calls(m, theme, "put", keep=lambda image, _r: image)
            real(self, surface, *args, **kwargs)
            drawn.extend([panels, lines])

        m.setattr(ZetemaTable, "draw_banner", banner)
        table.draw(app.screen)
    (box,), images = drawn
    return box, images


@pytest.mark.parametrize("language", ["en", "fa", "vi"])
def test_a_banner_leaves_the_meld_and_clear_buttons_in_view(app, monkeypatch, language):
    """Your turn to meld: a banner (a zetema, a new deal, the longest of them) stands beside
    Meld and Clear, never over them (it stood over Meld for a second or two), in Persian
    (the buttons on the left) too; its words are whole."""
    set_language(language)
    table, drive = start(app, (H, AI), [["3C", "4D", "5H", "6S", "7C", "KC", "QC"],
                                        ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    for ent in [e for c, e in table.hand if c in ("KC", "QC")]:  # (a marriage chosen: Meld lit, Clear too)
        drive.click(drive.center_of(ent))
        table.world.activate()
    buttons = [w.rect for w in table.widgets.widgets
               if getattr(w, "label", None) in (words.meld_button(), words.clear_button())]
    assert len(buttons) == 2
    for text in (words.zetema_banner("10", 50, "Seat 2"), words.zetema_banner("5", 15, "You"),
                 words.new_deal_banner(12), words.deal_over_banner(12)):
        table.banner = (text, 1.0)
        box, images = drawn_banner(app, table, monkeypatch)
        assert not any(box.colliderect(rect) for rect in buttons), (text, box, buttons)
        assert table.layout["meld"].rect.contains(box)
        assert len(images) in (1, 2) and all(box.width > image.get_width() for image in images)


def test_a_drawn_cards_new_tag_comes_once_it_has_landed(app, monkeypatch):
    """Seat 2 discards and you draw your seventh card: while it flies from the stock it
    carries no "new" tag (the tag passed over "Stock · 44"); it is tagged once it lies in
    your hand, and the stock's label is never under a tag."""
    table, drive = start(app, (H, AI), [["3C", "4D", "5H", "6S", "7C", "9C"],
                                        ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]],
                         to_move=1)
    table.rules.paused = True
    table.rules._apply("discard 7D")
    assert len(table.state.hands[0]) == 7
    stock = table.layout["stock"].rect
    seen = []  # (the drawn card on its way, its tags, the stock's label) each frame
    for _ in range(60):
        drive.step()
        table.world.activate()
        with monkeypatch.context() as m:
            tags = record_calls(m, panels_module, "draw_card_tag")
            said = record_calls(m, theme, "blit_text")
            table.draw(app.screen)
        drawn = list(table.fresh)
        label = next(rect for _, rect in said if stock.contains(rect))  # ("Stock · 44")
        seen.append((bool(drawn) and gliding(drawn[0]),
                     [rect for text, rect in tags if text == words.fresh() and rect], label))
    assert len(table.fresh) == 1
    flying = [s for s in seen if s[0]]
    assert len(flying) >= 10  # (it was seen on its way)
    assert all(tags == [] for _, tags, _ in flying)
    assert all(len(tags) == 1 for _, tags, _ in seen[len(flying) + 1:])  # then tagged
    assert not any(tag.colliderect(label) for _, tags, label in seen for tag in tags)


def test_five_marriages_each_show_their_suit(app, monkeypatch):
    """Four marriages on the pile, you marry K♣ Q♣ and Seat 2 K♠ with the Q♠ of the Q pile:
    the fifth. Each earlier one showed a strip 13 px wide, its suit under the next one's
    outline (at 960x540 none could be read). A row below the heap gives each marriage's suit
    in a badge, in the heap's order, whole, inside the zone, clear of the cards and of the
    last moves' tags (which stay in the zone, on none of it)."""
    table, drive = start(app, (H, AI, AI), [["3C", "4D", "5H", "6S", "7C", "KC", "QC"],
                                            ["KS", "3H", "5C", "8S", "9S", "JS", "2H"],
                                            ["7D", "3D", "6C", "8D", "9H", "JH", "2D"]],
                         piles={"Q": ["QS"]}, marriage=["KH", "QH", "KD", "QD", "KS", "QS"])
    table.rules.paused = True
    perform(drive, table, "meld marriage KC QC")
    drive.settle()
    perform(drive, table, "discard 3C")
    drive.settle()
    table.rules._apply("meld marriage KS QS@pile")
    drive.wait(2.5)
    table.world.activate()
    assert len(table.marriage) == 10
    zone = table.layout["marriage"].rect
    texts, puts = {}, []
    real_text, real_put = theme.text, theme.put
    with monkeypatch.context() as m:
        def text(string, *args, **kwargs):
            image = real_text(string, *args, **kwargs)
            texts[id(image)] = string
            return image

        m.setattr(theme, "text", text)
        m.setattr(theme, "put", lambda surface, image, where: (
            puts.append((texts.get(id(image)), pygame.Rect(where))), real_put(surface, image,
                                                                             where))[1])
        tags = record_calls(m, marks_module, "_tag")
        table.draw(app.screen)
    suits = [(string, rect) for string, rect in puts if string in panels_module.SUIT_MARKS.values()
             and zone.contains(rect)]
    assert [string for string, _ in suits] == ["♥", "♦", "♠", "♣", "♠"]
    cards = [drawn_box(e) for _, e in table.marriage]
    tags = [tag for _, tag in tags if tag is not None and tag.colliderect(zone)]
    assert tags  # (Seat 2's, on its marriage)
    for _, rect in suits:
        assert not any(rect.colliderect(box) for box in cards + tags), rect
    for (_, a), (_, b) in zip(suits, suits[1:]):
        assert a.right < b.left
    assert all(zone.contains(tag) for tag in tags)


def test_a_click_on_the_bare_felt_takes_the_meld_zones_cards_back(app):
    """K♣ from your hand and the Q♣ of the Q pile wait in the meld zone, with the 3♣. A click
    beside a card, on the meld zone's panel or the hand's, leaves them there; a click on the
    bare felt takes them back as Clear does (it did nothing): the 3♣ and K♣ to the hand, the
    Q♣ to its pile."""
    table, drive = start(app, (H, AI), [["3C", "4D", "5H", "6S", "7C", "KC", "9C"],
                                        ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]],
                         piles={"Q": ["QC"]})
    table.world.activate()
    for ent in [e for c, e in table.hand if c in ("3C", "KC")] + [table.piles[rules.QUEEN][0][1]]:
        drive.click(drive.center_of(ent))
        table.world.activate()
    chosen = sorted(t for t, _ in table.selection)
    assert chosen == ["3C", "KC", "QC" + rules.PILE]
    meld, hand = table.layout["meld"].rect, table.layout["hand"].rect
    for near_miss in ((meld.x + 8, meld.bottom - 6), (hand.x + 8, hand.bottom - 6)):
        drive.click(near_miss)
        drive.step(5)
        table.world.activate()
        assert sorted(t for t, _ in table.selection) == chosen, near_miss
    felt = (table.layout["sheet"].rect.centerx, 50)  # (beside the seats' panels)
    drive.click(felt)
    drive.settle()
    table.world.activate()
    assert table.selection == []
    assert sorted(c for c, _ in table.hand) == sorted(table.state.hands[0])
    assert all(hand.contains(drawn_box(e)) for _, e in table.hand)
    queen = table.piles[rules.QUEEN]
    assert [c for c, _ in queen] == ["QC"]
    assert table.layout["pile_Q"].rect.contains(drawn_box(queen[0][1]))
    assert table.session.moves == []  # (nothing played)
