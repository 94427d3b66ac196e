"""Zetema, play-tester 157's findings of session 44 (the second round).

1. 7♦ in the meld zone, Meld pressed (greyed: "7♦: click its lit pile to discard it, or add
   cards"), then Clear: the card went back to the hand, the message stayed, nothing chosen
   and no pile lit. A message about the chosen cards goes when they are taken back.
2. Clicks during a computer's turn: "Wait for your turn." on a card of the hand, nothing on
   the slot a discarded card left (the hand keeps its slots while the pointer is over it),
   between two cards or on the stock. Which of these the play-tester's clicks hit depended
   on the window's size; each says "Wait for your turn." now.
3. A computer's meld flew into the meld zone under a message standing above it: a message
   is not shown while a card in flight passes under it.
4. A long message above the meld zone stood over the feet of the piles' cards and their
   last-move tags: it stands where they end above it, narrower if need be.
5. The newest marriage's outline touched the marriage pile's label ("Marriages · 5"; in
   Persian it ran into it); the Vietnamese banner wrote "Bạn: Zetema lá 2!" where the
   Moves list writes "zetema lá 2".
"""

from __future__ import annotations

import pygame
import pytest

from ecs.components import CardFace, Sprite, Transform
from ecs.input import entity_rect
from scenes.zetema import words
from scenes.zetema.moves import perform
from tests.test_zetema_marriages import AI, H, start

QUIET = ["3C", "4D", "5H", "6S", "7D", "9C", "JH"]  # (no combination: one card to discard)


def button(table, label):
    return next(w for w in table.widgets.widgets if getattr(w, "label", None) == label)


@pytest.mark.parametrize("how", ["clear", "esc", "felt", "card"])
def test_a_message_about_the_chosen_cards_goes_when_they_are_taken_back(app, how):
    """7♦ chosen, Meld pressed (greyed): what to do with the 7♦ is said by the meld zone's
    words, lit (a message repeated them word for word just above, over a full pile's foot,
    pt160). The card taken back (Clear, Esc, a click on the felt, a click on the card), the
    zone's words are no longer lit and no message stays (one stayed, about a card no
    longer chosen, pt157)."""
    table, drive = start(app, (H, AI), [QUIET, ["7H", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    seven = next(e for c, e in table.hand if c == "7D")
    drive.click(drive.center_of(seven))
    drive.step(3)
    table.world.activate()
    drive.click(button(table, words.meld_button()).rect.center)
    drive.step(2)
    said = table.selection_meld()[1]
    assert said.startswith(words.card("7D")) and said == table.meld_prompt()
    assert [t.text for t in app.toasts] == [] and table._zone_lit_until > 0
    table.world.activate()
    if how == "clear":
        drive.click(button(table, words.clear_button()).rect.center)
    elif how == "esc":
        drive.key(pygame.K_ESCAPE)
    elif how == "felt":
        drive.click((table.layout["sheet"].rect.centerx, 50))
    else:
        drive.click(drive.center_of(seven))
    drive.step(2)
    table.world.activate()
    assert table.selection == []
    assert [t.text for t in app.toasts] == [] and table._zone_lit_until == 0


def test_the_greyed_meld_lights_the_zones_words_for_a_moment(app, monkeypatch):
    """Meld pressed (greyed) with one card chosen: the zone's words are drawn gold, then,
    after ``ZONE_LIT`` seconds, as before."""
    from scenes import theme
    from scenes.zetema import gestures, panels

    table, drive = start(app, (H, AI), [QUIET, ["7H", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    seven = next(e for c, e in table.hand if c == "7D")
    drive.click(drive.center_of(seven))
    drive.step(3)
    colours = []
    real = panels.blit_line

    def noted(surface, line, zone, y, size, colour, *rest, **kw):
        if line and table.meld_prompt().startswith(line[:8]):
            colours.append(colour)
        return real(surface, line, zone, y, size, colour, *rest, **kw)

    monkeypatch.setattr(panels, "blit_line", noted)
    table.world.activate()
    drive.click(button(table, words.meld_button()).rect.center)
    drive.step(2)
    app.draw(app.screen)
    assert colours and colours[-1] == theme.GOLD
    drive.step(round(60 * gestures.ZONE_LIT) + 5)
    colours.clear()
    table._redraw = True
    app.draw(app.screen)
    assert colours and colours[-1] == theme.INK and table._zone_lit_until == 0


def on_no_card(table, rect):
    """A point of ``rect`` on no card (the hand's panel beside its cards)."""
    import esper

    boxes = [pygame.Rect(*(round(v) for v in entity_rect(t, s)))
             for _, (_, t, s) in esper.get_components(CardFace, Transform, Sprite)]
    for x in range(rect.x + 4, rect.right - 4, 3):
        point = (x, rect.y + 120)
        if not any(box.collidepoint(point) for box in boxes):
            return point
    raise AssertionError("no room")


@pytest.mark.parametrize("where", ["card", "slot", "beside", "stock"])
def test_a_click_during_a_computers_turn_says_to_wait(app, where):
    """You discard the 3♣ and Seat 2 thinks: a click on a card of your hand, on the slot the
    3♣ left, beside your cards, or on the stock says "Wait for your turn." (only a card of
    the hand said it: what the click hit depended on the window's size)."""
    table, drive = start(app, (H, AI, AI), [QUIET, ["7H", "3H", "5C", "8S", "9S", "JS", "2H"],
                                            ["2C", "3D", "6C", "8D", "9H", "JC", "2D"]])
    table.world.activate()
    three = next(e for c, e in table.hand if c == "3C")
    spot = drive.center_of(three)
    table.rules.paused = True  # (Seat 2 thinks as long as it takes)
    drive.click(spot)  # (into the meld zone; the hand keeps its slots)
    drive.step(3)
    table.world.activate()
    perform(drive, table, "discard 3C")
    drive.settle()
    table.world.activate()
    assert table.rules.to_move == 1
    app.toasts = []
    hand = table.layout["hand"].rect
    point = {"card": lambda: drive.center_of(table.hand[-1][1]), "slot": lambda: spot,
             "beside": lambda: on_no_card(table, hand),
             "stock": lambda: table.layout["stock"].rect.center}[where]()
    drive.move(point)
    drive.click(point)
    drive.step(2)
    assert [t.text for t in app.toasts] == [words.wait_your_turn() + "."]
    assert not any(t.error for t in app.toasts)  # (said quietly)


def message_box(app) -> pygame.Rect | None:
    """Where the newest message stands now (None: none)."""
    places = app._toast_places(app.toasts)
    return places[0][2] if places else None


def card_boxes(but=()) -> list[tuple[int, pygame.Rect, bool]]:
    """(entity, drawn box, on its way) of each card in sight."""
    import esper

    from scenes.zetema.panels import gliding

    return [(e, pygame.Rect(*(round(v) for v in entity_rect(t, s))), gliding(e))
            for e, (_, t, s) in esper.get_components(CardFace, Transform, Sprite)
            if t.alpha > 0 and e not in but]


def test_a_message_never_stands_on_a_computers_meld_flying_in(app):
    """H pressed while Seat 2 thinks: "Wait for your turn, then ask for a hint." Seat 2
    declares a flush: its cards fly from its panel into the meld zone, through the strip
    above it where the message goes. In no frame does the message stand on a card in
    flight (at 960x540 the flush passed under it); it is seen again once they lie there."""
    from tests.test_zetema_s43 import FLUSH

    hands = [["3C", "5C", "8H", "9C", "JH", "QC", "4S"], [*FLUSH, "4C"],
             ["2H", "5H", "7C", "9S", "JS", "KH"]]
    table, drive = start(app, (H, AI, AI), hands, to_move=1)
    table.rules.paused = True
    drive.key(pygame.K_h)
    drive.step(12)
    table.world.activate()
    assert app.toasts and message_box(app) is not None
    said = app.toasts[-1]
    table.rules._apply("meld flush " + " ".join(FLUSH))
    flown = shown = 0
    for _ in range(80):
        drive.step()
        table.world.activate()
        if said not in app.toasts:
            break
        box = message_box(app)
        flying = [b for _, b, moving in card_boxes({e for _, e in table.hand}) if moving]
        flown += bool(flying)
        if box is not None:
            shown += 1
            assert not any(box.colliderect(b) for b in flying), (box, flying)
    assert flown >= 10  # (the flush seen on its way)
    assert shown >= 10  # (the message seen, before and after)


@pytest.mark.parametrize("language", ["en", "vi"])
def test_a_message_above_the_meld_zone_leaves_the_piles_cards_and_tags(app, monkeypatch,
                                                                        language):
    """Seats 2 and 3 discard the 6♥ and the 7♠ onto piles of three; the 8 pile holds four.
    You choose the 7♦ and press Meld: "7♦: click its lit pile to discard it, or add cards"
    stands above the meld zone, clear of every pile's cards and of the last-move tags at
    their feet (it stood across the zone's width over the feet of the 6 and 7 piles and
    their tags; in Vietnamese over nearly all of them)."""
    import scenes.marks as marks_module
    from game.i18n import set_language
    from tests.test_marks import record_calls

    set_language(language)
    table, drive = start(app, (H, AI, AI),
                         [QUIET, ["6H", "3H", "5C", "8S", "9S", "JS", "2H"],
                          ["7S", "3D", "4C", "9D", "9H", "JC", "2D"]],
                         piles={"6": ["6C", "6D", "6S"], "7": ["7C", "7S", "7H"],
                                "8": ["8C", "8D", "8H", "8S"]}, to_move=1)
    table.rules.paused = True
    table.rules._apply("discard 6H")
    drive.settle()
    table.rules._apply("discard 7S")
    drive.settle()
    table.rules.paused = False
    table.world.activate()
    assert table.rules.to_move == 0
    seven = next(e for c, e in table.hand if c == "7D")
    drive.click(drive.center_of(seven))
    drive.settle()
    table.world.activate()
    # a long message said with a card in the zone (what the greyed Meld said before its
    # words lit the zone instead, pt160)
    table.refuse(table.selection_meld()[1], None)
    drive.step(12)
    table.world.activate()
    box = message_box(app)
    assert box is not None and box.bottom <= table.layout["meld"].rect.top
    piled = {e for pile in table.piles for _, e in pile}
    cards = [b for e, b, _ in card_boxes() if e in piled]
    with monkeypatch.context() as m:
        tags = record_calls(m, marks_module, "_tag")
        table.draw(app.screen)
    tags = [tag for _, tag in tags if tag is not None]
    assert len(tags) == 2  # (Seat 2's and Seat 3's)
    assert not any(box.colliderect(b) for b in cards + tags), (box, cards, tags)


@pytest.mark.parametrize("language", ["en", "fa", "vi"])
def test_the_marriage_piles_label_stands_clear_of_the_newest_marriages_outline(
        app, monkeypatch, language):
    """Four marriages on the pile, you marry K♣ Q♣: its outline (your last move) stands
    below the label "Marriages · 5", not touching it, in each language; the label is
    whole in the zone."""
    from game.i18n import set_language
    from scenes import theme
    from scenes.zetema.moves import perform
    from tests.test_marks import drawn_box, record_calls

    set_language(language)
    table, drive = start(app, (H, AI), [["3C", "4D", "5H", "6S", "7C", "KC", "QC"],
                                        ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]],
                         marriage=["KH", "QH", "KD", "QD", "KS", "QS", "KS", "QS"])
    table.rules.paused = True
    perform(drive, table, "meld marriage KC QC")
    drive.settle()
    table.world.activate()
    zone = table.layout["marriage"].rect
    newest = [drawn_box(e) for _, e in table.marriage[-2:]]
    outline = newest[0].union(newest[1]).inflate(10, 10)  # (its rim: ``scenes.marks``)
    with monkeypatch.context() as m:
        said = record_calls(m, theme, "blit_text")
        table.draw(app.screen)
    label = next(rect for text, rect in said if text == words.marriages_label(5))
    assert zone.contains(label)
    assert label.bottom < outline.top, (label, outline)


def test_the_vietnamese_zetema_banner_names_it_as_the_moves_list_does():
    """In Vietnamese the banner said "Bạn: Zetema lá 2!  +5", the Moves list "zetema lá 2",
    the hint "một Zetema": the word is written alike, small inside a sentence."""
    from game.i18n import set_language

    set_language("vi")
    from game.i18n import ngettext

    banner = words.zetema_banner("2", 5, "Bạn")
    assert "zetema lá" in banner and "Zetema" not in banner
    hint = ngettext("It is the last of the {rank}: a zetema, +{count} point.",
                    "It is the last of the {rank}: a zetema, +{count} points.", 5)
    assert "một zetema" in hint
