"""Zetema: a meld's points ("+10") pop up and rise where the meld zone has no words (they
rose from the zone's middle over its prompt, both unreadable for a moment)."""

from __future__ import annotations

import esper
import pytest

import scenes.zetema.panels as panels_module
from game.i18n import set_language
from scenes.zetema.moves import perform
from scenes.zetema.table import ZetemaTable
from tests.test_marks import drawn_box, record_calls
from tests.test_zetema_marriages import AI, H, start


def record_popups(monkeypatch) -> list[int]:
    """The entities of the points that pop up from now on (``_float_points``)."""
    popups: list[int] = []
    real = ZetemaTable._float_points

    def floating(self, *args):
        popups.append(real(self, *args))
        return popups[-1]

    monkeypatch.setattr(ZetemaTable, "_float_points", floating)
    return popups


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("meld", ["meld straight 3C 4D 5H 6S 7C 8H", "meld marriage KC QC"])
def test_a_melds_points_rise_clear_of_the_meld_zones_words(app, monkeypatch, language, meld):
    """A straight (its cards in the zone, one line of words over them) or a marriage (no
    cards, the prompt on up to three lines): "+10" pops up, rises and fades inside the zone,
    on none of the words drawn there in any frame, in Persian too."""
    set_language(language)
    mine = ["3C", "4D", "5H", "6S", "7C", "8H", "KC"] if "straight" in meld else [
        "KC", "QC", "3C", "9D", "10H", "6C", "AH"]
    hands = [mine, ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, AI), hands)
    popups = record_popups(monkeypatch)
    words = record_calls(monkeypatch, panels_module, "blit_line")
    perform(drive, table, meld)
    assert table.session.moves[-1] == meld and len(popups) == 1
    zone = table.layout["meld"].rect
    frames = 0
    while esper.entity_exists(popups[0]):
        table.world.activate()
        popup = drawn_box(popups[0])
        words.clear()
        app.draw(app.screen)
        table.world.activate()
        said = [(text, rect) for text, rect in words if rect.colliderect(zone)]
        assert said, "the meld zone says something"
        assert zone.contains(popup), popup
        for text, rect in said:
            assert not popup.colliderect(rect), (frames, text, rect, popup)
        drive.step()
        frames += 1
    assert frames > 60  # (it was seen all the way)


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_zetemas_points_rise_clear_of_its_piles_header(app, monkeypatch, language):
    """Your discard lays the fifth five: "+5" pops up over the 5 pile and rises to just under
    its header (it rose onto the rank and "5/5", both unreadable for a moment), staying over
    the pile, in every frame until it has faded."""
    from game.rules import zetema as rules

    set_language(language)
    hands = [["5C", "9D", "JH", "KS", "2C", "7H", "AD"], ["7D", "3H", "8C", "8S", "9S", "JS", "2H"]]
    piles = {"5": ["5S", "5S", "5H", "5D"]}
    table, drive = start(app, (H, AI), hands, piles=piles)
    popups = record_popups(monkeypatch)
    perform(drive, table, "discard 5C")
    for _ in range(120):  # (told once the card lies on its pile)
        if popups:
            break
        drive.step()
    assert len(popups) == 1, "no zetema told"
    pile = table.layout["pile_5"].rect
    header = table.pile_header(rules.RANKS.index("5"))
    frames = 0
    while esper.entity_exists(popups[0]):
        table.world.activate()
        popup = drawn_box(popups[0])
        if popup is not None:
            assert pile.contains(popup), (frames, popup, pile)
            assert popup.collidelist(header) < 0, (frames, popup, header)
        drive.step()
        frames += 1
    assert frames > 60
