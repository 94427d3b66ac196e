"""Zetema: the meld zone's words. A hint's sentence gives way to the name of the cards the
person chooses; a meld's last-move tag keeps off the zone's line of words."""

from __future__ import annotations

import scenes.marks as marks_module
import scenes.zetema.panels as panels_module
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable, perform
from tests.test_marks import drawn_box, record_calls
from tests.test_zetema_table import CONFIG, hand_ent, position


def open_table(app, drive, state):
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def prompt_drawn(app, table, monkeypatch) -> list[str]:
    """The lines drawn at the top of the meld zone in a real drawing of the table."""
    drawn = record_calls(monkeypatch, panels_module, "blit_line")
    app.draw(app.screen)
    monkeypatch.undo()
    zone = table.layout["meld"].rect
    return [text for text, rect in drawn if zone.collidepoint(rect.topleft)
            and rect.y < zone.y + 34]


def test_the_hint_gives_way_to_the_name_of_the_cards_chosen(app, drive, monkeypatch):
    """After Hint the zone went on saying "Hint: declare a flush (…)" once the person had
    chosen the suggested cards; without a hint it names them ("Flush · 30 points"), as the
    rules promise before Meld is pressed. The hint's outline stays."""
    table = open_table(app, drive, position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                            ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    table._apply_hint("meld flush 2H 4H 6H 8H 10H QH")
    drive.step(2)
    hint = "Hint: declare a flush (2♥ 4♥ 6♥ 8♥ 10♥ Q♥). It scores 30 points."
    assert " ".join(prompt_drawn(app, table, monkeypatch)) == hint
    drive.click(drive.center_of(hand_ent(table, "2H")))
    drive.settle()
    assert table.hint is not None  # (one of its cards: the hint stays)
    assert prompt_drawn(app, table, monkeypatch) == [
        "2♥: click its lit pile to discard it, or add cards"]
    for code in ("4H", "6H", "8H", "10H", "QH"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.settle()
    assert table.hint is not None
    assert prompt_drawn(app, table, monkeypatch) == ["Flush · 30 points"]
    table.clear_selection()
    drive.settle()
    assert " ".join(prompt_drawn(app, table, monkeypatch)) == hint  # nothing chosen: the hint again


def test_a_shown_melds_tag_keeps_off_the_zones_words_and_the_chosen_card(app, drive,
                                                                         monkeypatch):
    """You declare a straight and click one of its cards to discard it: the meld's tag stood
    on "Discard one of the cards you showed…", and the chosen card, raised, covered it."""
    table = open_table(app, drive, position(["5S", "6H", "7D", "8H", "9D", "10H", "KS"],
                                            ["7S", "3H", "5C", "8S", "9S", "JS", "2H"]))

    perform(drive, table, "meld straight 5S 6H 7D 8H 9D 10H")
    drive.settle(900)
    assert table.state.phase == "discard"
    seven = next(e for c, e in table.selection if c == "7D")
    drive.click(drive.center_of(seven))
    drive.wait(0.5)
    assert table.drag.selected == seven
    zone = table.layout["meld"].rect
    words = record_calls(monkeypatch, panels_module, "blit_line")
    tags = record_calls(monkeypatch, marks_module, "_tag")
    app.draw(app.screen)
    line = [rect for text, rect in words if text.startswith("Discard one of the cards")]
    assert len(line) == 1
    (tag,) = [rect for label, rect in tags if label == "You" and zone.colliderect(rect)]
    assert not tag.colliderect(line[0]), (tag, line[0])
    table.world.activate()
    assert not tag.colliderect(drawn_box(seven)), (tag, drawn_box(seven))
    assert zone.contains(tag)


def test_after_clear_the_hints_words_come_back_with_its_outline(app, drive, monkeypatch):
    """Cards chosen, then H, then Clear: the hint's outline stayed but the zone went back to
    its own words (pt92). With nothing chosen the zone says the hint again."""
    table = open_table(app, drive, position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                            ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    drive.click(drive.center_of(hand_ent(table, "KS")))
    drive.settle()
    table._apply_hint("meld flush 2H 4H 6H 8H 10H QH")
    drive.step(2)
    hint = "Hint: declare a flush (2♥ 4♥ 6♥ 8♥ 10♥ Q♥). It scores 30 points."
    assert " ".join(prompt_drawn(app, table, monkeypatch)) == hint
    table.clear_selection()
    drive.settle()
    assert table.hint is not None and not table.selection
    assert " ".join(prompt_drawn(app, table, monkeypatch)) == hint
