"""Zetema, from a play-tester's findings (session 20): after a card dragged into the meld zone
the hand holds still as after a click, so the next click lands on the card seen there; Ctrl+Z
while a deal's last card lands says why nothing is undone; a click on a card you may not
discard after a combination says why, as a drag does; between people, Undo refused to the
person whose move was taken back names the one who moved last; of two identical cards the
one played goes and its twin keeps its place."""

from __future__ import annotations

import esper
import pygame

from ecs.components import Transform
from game.catalog import GameConfig, Seat
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema import layout
from scenes.zetema_table import ZetemaTable, perform
from tests.test_hot_seat import Watch, lift_cover, table_of
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_table import last_card_of_the_deal, pile_centre

OTHER = ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]


def xs(table, pairs) -> list[float]:
    table.world.activate()
    return [esper.component_for_entity(e, Transform).x for _, e in pairs]


def toasts(app) -> list[str]:
    return [t.text for t in app.toasts]


# -- 1. a card dragged into the meld zone: the hand holds still for the next click -------------

HAND = ["5H", "6H", "8D", "10D", "10C", "QH", "KH"]


def test_after_a_card_dragged_into_the_meld_zone_the_next_click_takes_the_card_seen(app):
    """The tester dragged Q♥ into the meld zone and clicked K♥ where it lay: the rest of the
    hand had closed up under the pointer, the click fell beside K♥ and nothing happened. The
    hand now holds still as after a click into the zone: on the pointer's way back down and
    over the hand; K♥ clicked where it was seen joins Q♥. Up to the piles, it closes up."""
    table, drive = start(app, (H, AI), [HAND, OTHER])
    table.world.activate()
    seen = {c: drive.center_of(e) for c, e in table.hand}
    drive.drag(seen["QH"], table.layout["meld"].rect.center, steps=8)
    drive.settle()
    assert [t for t, _ in table.selection] == ["QH"]
    rest = [p for p in table.hand]
    assert xs(table, rest) == [seen[c][0] for c, _ in rest]  # not closed up
    drive.move(seen["KH"], steps=6)  # straight back down to the card seen
    drive.click(seen["KH"])
    drive.settle()
    assert [t for t, _ in table.selection] == ["QH", "KH"]
    assert table.selection_meld()[0] == "meld marriage KH QH"
    assert xs(table, table.hand) == [seen[c][0] for c, _ in table.hand]
    drive.move(pile_centre(table, "5"), steps=6)  # up to the piles: the hand closes up
    drive.settle()
    closed = [x for x, _, _, _ in layout.hand_slots(table.layout["hand"].rect, 5)]
    assert xs(table, table.hand) == closed


def test_after_a_drag_into_the_zone_the_hand_closes_up_when_the_pointer_goes_to_the_piles(app):
    """From the meld zone straight up to the piles (to take a king, to click a pile), the
    hand closes up as it does after a click into the zone."""
    table, drive = start(app, (H, AI), [HAND, OTHER])
    table.world.activate()
    seen = {c: drive.center_of(e) for c, e in table.hand}
    drive.drag(seen["8D"], table.layout["meld"].rect.center, steps=8)
    drive.settle()
    assert xs(table, table.hand) == [seen[c][0] for c, _ in table.hand]
    drive.move(pile_centre(table, "K"), steps=4)
    drive.settle()
    assert xs(table, table.hand) == [x for x, _, _, _ in layout.hand_slots(
        table.layout["hand"].rect, 6)]


def test_a_card_dragged_into_the_zone_after_clicks_moves_nothing_of_the_held_hand(app):
    """Cards clicked into the zone, then one dragged there: the hand did not close up while
    the card was carried up out of it, nor once it was let go."""
    table, drive = start(app, (H, AI), [HAND, OTHER])
    table.world.activate()
    seen = {c: drive.center_of(e) for c, e in table.hand}
    drive.click(seen["10D"])
    drive.settle()
    drive.press(seen["10C"])
    drive.move(table.layout["meld"].rect.center, steps=8)
    assert xs(table, [p for p in table.hand if p[0] != "10C"]) == [
        seen[c][0] for c, _ in table.hand if c != "10C"]
    drive.release()
    drive.settle()
    assert [t for t, _ in table.selection] == ["10D", "10C"]
    drive.move(seen["8D"], steps=6)
    drive.click(seen["8D"])
    drive.settle()
    assert [t for t, _ in table.selection] == ["10D", "10C", "8D"]
    assert xs(table, table.hand) == [seen[c][0] for c, _ in table.hand]


# -- 2. Ctrl+Z while the last card of a deal lands ------------------------------------------------

def test_ctrl_z_as_the_deals_last_card_lands_says_why_nothing_is_undone(app, drive):
    """Right after the discard that ends a deal, Ctrl+Z said nothing at all (every other
    refused Undo says why): the deal is over, the next one dealt."""
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal()
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.world.activate()
    nine = next(e for c, e in table.hand if c == "9D")
    drive.drag(drive.center_of(nine), pile_centre(table, "9"))
    assert table.ended_deal is not None and app.scenes.top is table  # (still landing)
    app.toasts.clear()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert toasts(app) == ["Nothing to undo: deal 1 is over."]
    assert table.session.moves == ["discard 9D"]


# -- 3. a click on a card that may not be discarded says why, as a drag does --------------------

FLUSH = ["AS", "2S", "4S", "5S", "6S", "JS", "KC"]


def test_a_click_on_a_card_not_shown_after_a_flush_says_what_a_drag_says(app):
    """After a flush, the K♣ (not shown) dragged onto its pile glides back: "After your
    flush, the discard must be one of the cards you showed…". Clicked, it did nothing and
    said nothing (and neither did the pile clicked next). The click says the same."""
    table, drive = start(app, (H, AI), [FLUSH, OTHER])
    perform(drive, table, "meld flush AS 2S 4S 5S 6S JS")
    drive.settle()
    assert table.state.phase == "discard"
    table.world.activate()
    king = next(e for c, e in table.hand if c == "KC")
    words = ("After your flush, the discard must be one of the cards you showed: "
             "A♠ 2♠ 4♠ 5♠ 6♠ J♠.")
    drive.drag(drive.center_of(king), pile_centre(table, "K"), steps=6)
    drive.settle()
    assert toasts(app)[-1] == words
    app.toasts.clear()
    drive.click(drive.center_of(king))
    drive.settle()
    assert toasts(app) == [words]
    assert table.session.moves == ["meld flush AS 2S 4S 5S 6S JS"]
    # a card you showed is still chosen by a click, and a wrong pile says why
    app.toasts.clear()
    ace = next(e for c, e in table.selection if c == "AS")
    drive.click(drive.center_of(ace))
    drive.click(pile_centre(table, "J"))
    drive.settle()
    assert toasts(app) == ["A♠ goes on the pile of its rank, the A pile."]


def test_a_wrong_pile_clicked_with_one_card_in_the_meld_zone_says_why(app):
    """4♠ alone in the meld zone, the J pile (full) clicked: it says where 4♠ goes."""
    table, drive = start(app, (H, AI), [["4S", "QD", "5H"], ["7D", "3H", "5C"]],
                         piles={"J": ["JS", "JH", "JD", "JC", "JS"]})
    table.world.activate()
    drive.click(drive.center_of(next(e for c, e in table.hand if c == "4S")))
    drive.settle()
    app.toasts.clear()
    drive.click(pile_centre(table, "J"))
    drive.settle()
    assert toasts(app) == ["4♠ goes on the pile of its rank, the 4 pile."]
    assert [t for t, _ in table.selection] == ["4S"]


# -- 4. between people: Undo refused to the person whose move was taken back -------------------

def test_undo_refused_after_taking_back_your_own_move_names_who_moved_last(app):
    """Seat 2 took back its move, lifted its cover and pressed Ctrl+Z: "Nothing to undo:
    cards have been drawn or shown since your last move." Seat 2 had no move left; the last
    move was Seat 1's (which only Seat 1 could take back). The words say so."""
    app.settings.undo_between_people = True
    config = GameConfig("zetema", (H, H), 5, {"double": "S"})
    table = ZetemaTable(app, config)
    drive = Watch(app)
    app.scenes.push(table, transition=None)
    drive.settle()
    for _ in range(2):  # Seat 1 discards, then Seat 2
        table = table_of(app)
        lift_cover(drive, table)
        mover = table.viewer
        perform(drive, table, next(m for m in table.legal() if m.startswith("discard ")))
        drive.settle()
    assert table.curtain and table.session.to_move != mover
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)  # under the cover: Seat 2 takes it back
    drive.settle()
    table = table_of(app)
    assert len(table.session.moves) == 1 and table.rules.to_move == mover
    first = 1 - mover
    lift_cover(drive, table)
    app.toasts.clear()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(table.session.moves) == 1
    assert toasts(app) == [f"Nothing to undo: the last person to move was Seat {first + 1}, "
                           "not you."]
    assert drive.problems == []


# -- 5. of two identical cards, the one played goes; its twin keeps its place ------------------

TWINS = ["4S", "10S", "10S", "10D", "JS", "JD", "QD"]  # (by rank: spades first)


def custom_order(table) -> None:
    table.sort_mode = "custom"  # (the person's own order, as after dragging a card)


def test_the_twin_left_in_the_hand_keeps_its_place_after_a_click_discard(app):
    """Two 10♠ in the hand in the person's own order; the left one clicked into the meld
    zone and then onto its lit pile: the other 10♠ went from its place to the right end
    (it flew to the pile, and the card discarded went back into the hand)."""
    table, drive = start(app, (H, AI), [TWINS, OTHER])
    custom_order(table)
    table.world.activate()
    left, right = [e for c, e in table.hand if c == "10S"]
    drive.click(drive.center_of(left))
    drive.settle()
    drive.click(pile_centre(table, "10"))
    assert table.session.moves == ["discard 10S"]
    assert [c for c, _ in table.hand] == ["4S", "10S", "10D", "JS", "JD", "QD"]
    assert table.hand[1][1] == right
    assert [e for _, e in table.piles[rules.RANK_INDEX["10"]]] == [left]


def test_the_twin_dragged_onto_its_pile_is_the_one_that_goes(app):
    """The right 10♠ dragged onto its pile: it stays there, and the left one stays in the
    hand (the left one flew to the pile from the hand, and the card let go went back)."""
    table, drive = start(app, (H, AI), [TWINS, OTHER])
    custom_order(table)
    table.world.activate()
    left, right = [e for c, e in table.hand if c == "10S"]
    drive.drag(drive.center_of(right), pile_centre(table, "10"), steps=6)
    assert table.session.moves == ["discard 10S"]
    assert [e for _, e in table.piles[rules.RANK_INDEX["10"]]] == [right]
    assert [c for c, _ in table.hand] == ["4S", "10S", "10D", "JS", "JD", "QD"]
    assert table.hand[1][1] == left


def test_a_shown_twin_discarded_after_a_flush_leaves_the_hands_twin_in_place(app):
    """A flush with one 10♠, the other 10♠ kept in the hand: the shown 10♠ clicked onto its
    pile is the one that goes (the hand's 10♠ flew off and the shown one came back)."""
    table, drive = start(app, (H, AI), [["5S", "6S", "7S", "8S", "9S", "10S", "10S"], OTHER])
    custom_order(table)
    perform(drive, table, "meld straightflush 5S 6S 7S 8S 9S 10S", by="click")
    drive.settle()
    table.world.activate()
    assert [c for c, _ in table.hand] == ["10S"]
    kept = table.hand[0][1]
    shown = next(e for c, e in table.selection if c == "10S")
    drive.click(drive.center_of(shown))
    drive.click(pile_centre(table, "10"))
    assert table.session.moves[-1] == "discard 10S"
    assert [e for _, e in table.piles[rules.RANK_INDEX["10"]]] == [shown]
    assert kept in [e for _, e in table.hand]
