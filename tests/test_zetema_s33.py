"""Zetema, from a play-tester's findings (session 33): a card let go on the Marriages pile, or
a chosen card clicked onto it, says how marriages get there (it glided back without a word,
while the README promises that a drop on a pile says why)."""

from __future__ import annotations

from tests.test_zetema_marriages import AI, H, start

MARRIAGE_WORDS = ("Only declared marriages go to the Marriages pile: put a king and a queen "
                  "of one suit in the meld zone and press Meld.")


def toasts(app) -> list[str]:
    return [t.text for t in app.toasts]


def test_a_card_dropped_on_the_marriages_pile_says_how_marriages_get_there(app):
    table, drive = start(app, (H, AI), [["KH", "QH", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    king = next(e for c, e in table.hand if c == "KH")
    app.toasts.clear()
    drive.drag(drive.center_of(king), table.layout["marriage"].rect.center, steps=8)
    drive.settle()
    assert toasts(app)[-1] == MARRIAGE_WORDS
    assert table.session.moves == [] and [c for c, _ in table.hand].count("KH") == 1


def test_a_chosen_card_clicked_onto_the_marriages_pile_says_so_too(app):
    table, drive = start(app, (H, AI), [["KH", "QH", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    for code in ("KH", "QH"):  # the marriage in the meld zone, then its pile clicked
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    assert sorted(c for c, _ in table.selection) == ["KH", "QH"]
    app.toasts.clear()
    drive.click(table.layout["marriage"].rect.center)
    drive.settle()
    assert toasts(app) == [MARRIAGE_WORDS]
    assert table.session.moves == [] and sorted(c for c, _ in table.selection) == ["KH", "QH"]
    app.toasts.clear()
    drive.click(drive.center_of(next(e for c, e in table.selection if c == "QH")))
    drive.settle()  # one card left in the zone: the same words
    drive.click(table.layout["marriage"].rect.center)
    drive.settle()
    assert toasts(app) == [MARRIAGE_WORDS]


def test_after_an_undo_the_log_keeps_the_line_before_the_move_taken_back(app):
    """You discarded and pressed Ctrl+Z at once: while your card glided home, the line of the
    computer's move before yours went from the log, and came back once it had landed (pt82)."""
    import pygame

    from scenes.zetema_table import perform

    table, drive = start(app, (H, AI), [["5H", "6H", "8D", "9C"], ["7D", "3H", "6C", "8S"]])
    perform(drive, table, "discard 9C")
    for _ in range(40):  # the computer's answer
        drive.wait(0.5)
        if table.rules.to_move == 0 and not table.animating:
            break
    drive.settle(900)
    assert table.rules.to_move == 0 and len(table.session.moves) >= 2
    before = list(table.session.log)
    code = next(c for c, _ in table.hand)
    perform(drive, table, f"discard {code}", by="click")
    drive.step(2)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    for _ in range(20):  # every frame while the cards glide back
        drive.step()
        table = app.scenes.top
        assert table.session.log == before and table.told_log() == before


def test_a_refusal_stands_clear_of_the_meld_zones_cards_and_goes_when_they_change(app):
    """A♠ and 2♠ in the meld zone, the 2 pile clicked: the refusal ("it holds 2 cards: click
    the others…") stood over those two cards, and after A♠ was clicked back it stood on,
    saying "2 cards" of a zone holding one (pt82). It stands above the zone now, and goes
    when the zone changes."""
    from tests.test_zetema_table import pile_centre

    table, drive = start(app, (H, AI), [["AS", "2S", "5C", "9D"], ["7D", "3H", "6C", "8S"]])
    table.world.activate()
    for code in ("AS", "2S"):
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    app.toasts.clear()
    drive.click(pile_centre(table, "2"))
    drive.step(3)
    (toast, _lines, box), = app._toast_places(app.toasts)
    assert toast.text.startswith("To discard, leave only that card in the meld zone")
    zone = table.layout["meld"].rect
    assert box.bottom <= zone.top
    cards = [drive.center_of(e) for _, e in table.selection]
    assert not any(box.collidepoint(c) for c in cards)
    drive.click(drive.center_of(next(e for c, e in table.selection if c == "AS")))
    drive.step(2)
    assert [c for c, _ in table.selection] == ["2S"] and app.toasts == []
