"""Click-to-move in Zetema and Telefunken, through the real event loop: every drag can be a
click on the card and a click on its lit target; Esc or a click on nothing cancels; a
selection never moves the cards under the pointer; a big deal-7 hand stays quick."""

from __future__ import annotations

from collections import Counter

import esper
import pygame
import pytest

from ecs.components import DropTarget, Selected, Transform
from ecs.render import SELECT_EDGE
from game.rules import telefunken as trules
from game.rules import zetema as zrules
from game.session import Session
from scenes.game_table import HINT_COLOUR
from scenes.pause import PauseMenu
from scenes.telefunken_table import TelefunkenTable, _grip
from scenes.zetema_table import ZetemaTable
from tests.test_telefunken_table import CONFIG as TCONFIG
from tests.test_telefunken_table import OTHERS
from tests.test_telefunken_table import position as tposition
from tests.test_zetema_table import CONFIG as ZCONFIG
from tests.test_zetema_table import hand_ent, pile_centre
from tests.test_zetema_table import position as zposition

FELT = (640, 330)  # a spot of bare felt on both tables (no card, no drop target)


def _opener(app, drive, kind, config, rules):
    app.settings.animation = "instant"  # the tests wait for no animation

    def make(state):
        table = kind(app, config, Session(config, rules, state, state))
        app.scenes.push(table, transition=None)
        # instant animations leave the computer no pause; these tests look at the table
        # after a person's move, before a computer seat answers it
        table.rules.pace = lambda: 1.0
        drive.settle()
        return table
    return make


@pytest.fixture
def open_zetema(app, drive):
    return _opener(app, drive, ZetemaTable, ZCONFIG, zrules)


@pytest.fixture
def open_telefunken(app, drive):
    return _opener(app, drive, TelefunkenTable, TCONFIG, trules)


def lit() -> set[str]:
    return {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}


def test_hint_glow_and_selected_outline_are_clearly_different_colours():
    assert sum(abs(a - b) for a, b in zip(HINT_COLOUR, SELECT_EDGE)) > 150


def test_no_seat_is_marked_in_the_hint_green_or_the_lit_gold():
    # a hinted buy glows the discard its discarder's mark outlines: Seat 3's green was the
    # hint's, and the two outlines read as one
    from scenes import theme
    from scenes.chan.tags import COLOURS as CHAN_COLOURS
    from scenes.marks import SEAT_COLOURS

    def apart(a, b):
        return sum(abs(x - y) for x, y in zip(a, b))
    for colour in SEAT_COLOURS + CHAN_COLOURS:
        assert apart(colour, HINT_COLOUR) >= 100 and apart(colour, theme.GOLD) >= 100
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS)


# -- Zetema ---------------------------------------------------------------------------------

ZHAND = ["2H", "5C", "9D", "JS", "KH", "4S", "7C"]
ZOTHER = ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]


def test_zetema_click_a_card_then_its_lit_pile_discards_it(open_zetema, drive):
    table = open_zetema(zposition(ZHAND, ZOTHER))
    drive.click(drive.center_of(hand_ent(table, "9D")))
    drive.step(2)
    assert [t for t, _ in table.selection] == ["9D"]
    assert lit() == {"pile_9"}  # only its own pile lights up
    assert table.selection_meld()[1] == "9♦: click its lit pile to discard it, or add cards"
    drive.click(pile_centre(table, "9"))
    drive.settle()
    assert table.session.moves[0] == "discard 9D"
    assert "9D" in table.state.piles[zrules.RANK_INDEX["9"]]
    assert lit() == set()


def test_zetema_click_on_a_wrong_pile_explains_and_keeps_the_selection(open_zetema, app, drive):
    table = open_zetema(zposition(ZHAND, ZOTHER))
    drive.click(drive.center_of(hand_ent(table, "9D")))
    drive.click(pile_centre(table, "5"))
    drive.settle()
    assert table.session.moves == []
    assert [t for t, _ in table.selection] == ["9D"]
    assert "9♦" in app.toasts[-1].text or "9D" in app.toasts[-1].text


def test_zetema_selection_keeps_the_other_cards_under_the_pointer(open_zetema, drive):
    table = open_zetema(zposition(["2H", "3H", "4H", "5H", "6H", "7H", "KS"], ZOTHER))
    before = {c: drive.center_of(e) for c, e in table.hand}
    drive.click(before["3H"])
    drive.settle()
    for code, ent in table.hand:  # (x only: the card under the pointer rises a little)
        assert drive.center_of(ent)[0] == pytest.approx(before[code][0], abs=1)
    drive.click(before["4H"])  # the next card is still where it was: it is the one taken
    drive.settle()
    assert sorted(t for t, _ in table.selection) == ["3H", "4H"]
    drive.click(drive.center_of(next(e for c, e in table.selection if c == "3H")))
    drive.settle()  # clicked in the meld zone, it comes back to the hand
    assert sorted(t for t, _ in table.selection) == ["4H"]
    drive.move(FELT, steps=3)  # the pointer leaves the hand: the gap closes
    drive.settle()
    xs = sorted(esper.component_for_entity(e, Transform).x for _, e in table.hand)
    gaps = {round(b - a) for a, b in zip(xs, xs[1:])}
    assert len(gaps) == 1


def test_zetema_esc_cancels_without_the_pause_menu_and_a_stray_click_keeps_the_meld_zone(
        open_zetema, app, drive):
    """A click beside a card (on the hand's panel) keeps the meld zone; one on the bare
    felt takes its cards back, as Esc does (session 44: it kept them)."""
    table = open_zetema(zposition(ZHAND, ZOTHER))
    drive.click(drive.center_of(hand_ent(table, "9D")))
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert table.selection == [] and app.scenes.top is table and lit() == set()
    drive.click(drive.center_of(hand_ent(table, "JS")))
    gap = drive.center_of(hand_ent(table, "9D"))
    drive.click(gap)
    drive.settle()
    drive.click(gap)  # the slot the chosen card left in the hand
    drive.settle()
    assert sorted(t for t, _ in table.selection) == ["9D", "JS"]
    drive.click(FELT)
    drive.settle()
    assert table.selection == [] and lit() == set() and app.scenes.top is table
    drive.click(drive.center_of(hand_ent(table, "JS")))
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert table.selection == [] and lit() == set() and app.scenes.top is table
    drive.key(pygame.K_ESCAPE)  # nothing selected: Esc opens the pause menu as before
    drive.settle()
    assert isinstance(app.scenes.top, PauseMenu)


def test_zetema_shown_card_clicked_then_its_pile_after_a_meld(open_zetema, drive):
    table = open_zetema(zposition(["2H", "3H", "4H", "5H", "6H", "7H", "KS"], ZOTHER))
    for code in ("2H", "3H", "4H", "5H", "6H", "7H"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.click(next(w for w in table.widgets.widgets if w.label == "Meld").rect.center)
    drive.settle()
    assert table.state.phase == "discard"
    shown = next(e for c, e in table.selection if c == "5H")
    drive.click(drive.center_of(shown))
    drive.step(2)
    assert esper.has_component(shown, Selected) and lit() == {"pile_5"}
    drive.click(pile_centre(table, "5"))
    drive.settle()
    assert table.session.moves[-1] == "discard 5H"
    assert table.state.piles[zrules.RANK_INDEX["5"]][0] == "5H"


def test_zetema_queen_clicked_from_its_pile_into_a_marriage(open_zetema, drive):
    table = open_zetema(zposition(["KH", "5C", "9D", "JS", "2S", "4S", "7C"], ZOTHER,
                                  piles={"Q": ["QH"]}))
    queen = table.piles[zrules.QUEEN][0][1]
    drive.click(drive.center_of(queen))
    drive.click(drive.center_of(hand_ent(table, "KH")))
    drive.settle()
    assert table.selection_meld()[0] == "meld marriage KH QH@pile"
    drive.click(next(w for w in table.widgets.widgets if w.label == "Meld").rect.center)
    drive.settle()
    assert table.state.marriage_pile == ("KH", "QH") and table.state.scores[0] == 10
    # after a marriage any card may be discarded: click it, then its lit pile
    ent = hand_ent(table, "JS")
    drive.click(drive.center_of(ent))
    drive.step(2)
    assert esper.has_component(ent, Selected) and lit() == {"pile_J"}
    drive.click(pile_centre(table, "J"))
    drive.settle()
    assert table.session.moves[-1] == "discard JS"


def test_zetema_king_selected_then_the_king_pile_is_a_discard_not_a_marriage(open_zetema, drive):
    table = open_zetema(zposition(["KH", "5C", "9D", "JS", "2S", "4S", "7C"], ZOTHER,
                                  piles={"K": ["KS"]}))
    drive.click(drive.center_of(hand_ent(table, "KH")))
    drive.step(2)
    assert lit() == {"pile_K"}
    drive.click(drive.center_of(table.piles[zrules.KING][0][1]))
    drive.settle()
    assert table.session.moves[0] == "discard KH"


# -- Telefunken -----------------------------------------------------------------------------

THAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]


def hand_card(table, code):
    return next(e for c, e in table.sync.entities("hand") if c == code)


def click_card(drive, table, code):
    drive.click(_grip(table, hand_card(table, code)))
    drive.step(2)


def test_telefunken_one_card_then_the_lit_discard_pile(open_telefunken, drive):
    table = open_telefunken(tposition([THAND] + OTHERS))
    click_card(drive, table, "KS")
    assert table.selected == ["KS"] and lit() == {"discard"}
    drive.click(table.layout["discard"].rect.center)
    drive.settle()
    assert table.session.moves == ["discard KS"] and table.state.discard[-1] == "KS"


def test_telefunken_cards_forming_the_contract_then_a_click_on_the_table(open_telefunken, drive):
    table = open_telefunken(tposition([THAND] + OTHERS))
    for code in ("7H", "7D", "7C"):
        click_card(drive, table, code)
    assert "table" in lit() and "discard" not in lit()
    drive.click((table.layout["table"].rect.centerx, table.layout["table"].rect.bottom - 20))
    drive.settle()
    assert table.state.melded[0] and sorted(table.state.melds[0].cards) == ["7C", "7D", "7H"]
    assert table.selected == []


def _melded(open_telefunken, hand, melds):
    return open_telefunken(tposition([hand, OTHERS[0][:8], OTHERS[1], OTHERS[2]], melds=melds,
                                     melded=[True, True, False, False]))


def test_telefunken_lay_off_by_clicking_the_card_then_the_meld(open_telefunken, drive):
    melds = [{"owner": 1, "cards": ["7H", "7D", "7C"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    table = _melded(open_telefunken, ["7S", "2D", "5C", "9H", "JH", "AC", "4H", "6S"], melds)
    click_card(drive, table, "7S")
    assert "meld:0" in lit() and "meld:1" not in lit()
    drive.click(table._meld_rects[0].center)
    drive.settle()
    assert table.session.moves[0].startswith("add 7S to 0")
    assert sorted(table.state.melds[0].cards) == ["7C", "7D", "7H", "7S"]


def test_telefunken_joker_swap_and_free_by_clicks(open_telefunken, drive):
    melds = [{"owner": 1, "cards": ["JK", "6D", "7D"]}, {"owner": 0, "cards": ["8S", "8H", "JK"]}]
    table = _melded(open_telefunken, ["5D", "8S", "8C", "2S", "3H", "KC", "4C"], melds)
    click_card(drive, table, "5D")
    assert "meld:0" in lit()
    rect = table._meld_rects[0]
    drive.click((rect.right - 6, rect.centery))
    drive.settle()
    assert table.session.moves[0] == "swap 5D in 0 high"
    assert table.state.melds[0].cards == ("5D", "6D", "7D", "JK")  # the joker moved on
    click_card(drive, table, "8S")
    click_card(drive, table, "8C")
    assert "meld:1" in lit()
    joker = next(e for c, e in table.sync.entities("meld_1") if c == "JK")
    drive.click((round(esper.component_for_entity(joker, Transform).x),
                 table._meld_rects[1].centery))  # (on the joker: elsewhere they join the set)
    drive.settle()
    assert table.session.moves[1].startswith("free 1 with")
    assert Counter(table.state.hands[0])["JK"] == 1  # the freed joker comes to the hand
    assert any("your cards freed it" in t.text for t in table.app.toasts)


def test_telefunken_naturals_put_beside_a_sets_joker_join_the_set(open_telefunken, drive):
    """Two naturals put on a set with a joker freed the joker wherever they went: a player
    who meant to lay them off was surprised (pt121). On the joker they free it; elsewhere on
    the set they are laid off, and a message tells the other way, by click and by drag."""
    melds = [{"owner": 1, "cards": ["JK", "6D", "7D"]},
             {"owner": 0, "cards": ["8S", "8H", "8D", "JK"]}]
    table = _melded(open_telefunken, ["5D", "8S", "8C", "2S", "3H", "KC", "4C"], melds)
    assert {"add 8S 8C to 1", "free 1 with 8S 8C"} <= set(table.legal())
    click_card(drive, table, "8S")
    click_card(drive, table, "8C")
    first = next(e for c, e in table.sync.entities("meld_1") if c != "JK")
    drive.click((round(esper.component_for_entity(first, Transform).x),
                 table._meld_rects[1].centery))
    drive.settle()
    assert table.session.moves == ["add 8S 8C to 1"]
    assert Counter(table.state.hands[0])["JK"] == 0
    assert any("they would have freed it" in t.text for t in table.app.toasts)


def test_telefunken_a_covered_joker_is_freed_where_it_shows(open_telefunken, drive):
    """On a set such as 10♥ 10♣ Joker 10♦ the last card lies over the joker's right side:
    clicks on the joker's visible strip laid the cards off, clicks on the 10♦ freed the joker
    (the nearest card centre was taken for the card under the pointer, pt126)."""
    from scenes.marks import drawn_box

    melds = [{"owner": 1, "cards": ["QS", "QH", "QD"]},
             {"owner": 0, "cards": ["7H", "7C", "JK"]}]
    table = _melded(open_telefunken, ["7S", "7C", "7D", "8S", "2D", "3D", "KS", "4H"], melds)
    click_card(drive, table, "7D")  # laid off first: it goes to the set's right end, over
    drive.click(table._meld_rects[1].center)  # the joker's right side
    drive.settle()
    assert table.session.moves == ["add 7D to 1"]
    legal = table.legal()
    assert any(m.startswith("free 1 with") for m in legal)
    assert any(m.startswith("add 7") and m.endswith("to 1") for m in legal)
    cards = dict((c, e) for c, e in table.sync.entities("meld_1"))
    joker, over = drawn_box(cards["JK"]), drawn_box(cards["7D"])
    assert over.left < joker.centerx < over.right  # (the 7♦ covers the joker's right side)
    y = table._meld_rects[1].centery
    for x, made in ((joker.centerx + 4, "add"), (joker.left + 4, "free")):
        assert table.meld_card_at(1, x) == ("JK" if made == "free" else "7D")
        click_card(drive, table, "7S")
        click_card(drive, table, "7C")
        drive.click((x, y))
        drive.settle()
        assert table.session.moves[-1].startswith(made)
        if made == "add":
            drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
            drive.settle()
            table = drive.scene
            cards = dict((c, e) for c, e in table.sync.entities("meld_1"))


def test_telefunken_buy_by_clicking_the_discard_then_the_hand(open_telefunken, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = tposition([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                      discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_telefunken(state)
    chips = table.state.chips[0]
    top = table.sync.entities("discard")[-1][1]
    drive.click(drive.center_of(top))
    drive.step(2)
    assert esper.has_component(top, Selected) and lit() == {"hand"}
    drive.click(table.layout["hand"].rect.center)
    drive.settle()
    assert table.session.moves == ["buy"] and table.state.chips[0] == chips - 1
    assert "9S" in [c for c, _ in table.sync.entities("hand")]


def test_telefunken_esc_cancels_and_a_stray_click_keeps_the_build_zone(open_telefunken, app,
                                                                         drive):
    table = open_telefunken(tposition([THAND] + OTHERS))
    click_card(drive, table, "KS")
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert table.selected == [] and app.scenes.top is table and lit() == set()
    click_card(drive, table, "KS")
    drive.click(FELT)
    drive.settle()
    assert table.selected == ["KS"] and table.session.moves == []
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert table.selected == [] and lit() == set() and app.scenes.top is table


def test_telefunken_selection_keeps_the_other_cards_under_the_pointer(open_telefunken, drive):
    table = open_telefunken(tposition([THAND] + OTHERS))
    before = {c: _grip(table, e) for c, e in table.sync.entities("hand")}
    drive.click(before["5C"])
    drive.settle()
    for code, ent in table.sync.entities("hand"):  # (x only: the hovered card rises)
        assert _grip(table, ent)[0] == pytest.approx(before[code][0], abs=1)
    drive.click(before["7C"])
    drive.settle()
    assert sorted(table.selected) == ["5C", "7C"]


def test_telefunken_of_two_identical_cards_each_keeps_its_place_while_clicking(open_telefunken,
                                                                               drive):
    """Two decks: clicking the first of two 7♣ moved the second into its slot, so the next
    click on where the second had been landed on nothing and cancelled the whole selection."""
    hand = ["7C", "7C", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S", "2D", "QD"]
    table = open_telefunken(tposition([hand] + OTHERS))
    first, second = [e for c, e in table.sync.entities("hand") if c == "7C"]
    before = {e: _grip(table, e) for _, e in table.sync.entities("hand")}
    drive.click(before[first])
    drive.settle()
    for _, ent in table.sync.entities("hand"):  # (x only: the hovered card rises)
        assert _grip(table, ent)[0] == pytest.approx(before[ent][0], abs=1)
    drive.click(before[second])
    drive.settle()
    assert table.selected == ["7C", "7C"]


def test_telefunken_deal_7_selection_indexes_the_legal_moves_once(open_telefunken, drive):
    # deal 7: A-K of hearts twice and a joker go out in 2,172 ways
    hand = [r + "H" for r in trules.RANKS] * 2 + ["JK"]
    others = ["3S 4S 6C 8D".split(), "2D 3C 6D".split(), "2S 3S 6S".split()]
    table = open_telefunken(tposition([hand] + others, deal=7, deal_winners=[1] * 6))
    assert sum(m.startswith("meld") for m in table.legal()) >= 2000
    builds = []
    real = table._legal_index

    def counting():
        if table._index[0] != id(table.state):
            builds.append(1)
        return real()
    table._legal_index = counting
    for code in ("2H", "3H", "4H", "5H", "6H"):
        click_card(drive, table, code)
        drive.step(3)
    assert len(builds) <= 1
    assert table.selection_move()[0] is None  # five hearts do not go out


def test_zetema_chosen_cards_wear_the_selected_outline_until_played(open_zetema, drive):
    table = open_zetema(zposition(ZHAND, ZOTHER))
    ent = hand_ent(table, "9D")
    drive.click(drive.center_of(ent))
    assert esper.has_component(ent, Selected)
    drive.click(pile_centre(table, "9"))
    drive.settle()
    assert not esper.has_component(ent, Selected) and table.session.moves == ["discard 9D"]


def test_telefunken_build_cards_wear_the_selected_outline(open_telefunken, drive):
    table = open_telefunken(tposition([THAND] + OTHERS))
    click_card(drive, table, "KS")
    drive.settle()
    ent = table.sync.entities("build")[0][1]
    assert esper.has_component(ent, Selected)
    drive.click(drive.center_of(ent))  # back to the hand: no longer selected
    drive.settle()
    assert table.selected == [] and not esper.has_component(ent, Selected)
