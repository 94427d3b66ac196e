"""Zetema, from a play-tester's findings: the meld zone's refusal names the card really at
fault when kings and queens taken from the piles are chosen with others; a king taken off
its pile into the meld zone and sent back keeps the last-move outline and tag of the seat
that discarded it."""

from __future__ import annotations

import pygame
import pytest

import scenes.marks as marks_module
from game.i18n import set_language
from game.rules import zetema as rules
from scenes.zetema import words
from tests.test_marks import drawn_box, record_calls
from tests.test_zetema_marriages import AI, H, play, start
from tests.test_zetema_meld_zone import prompt_drawn

PILE = rules.PILE


# -- 1. the refusal names the card at fault ---------------------------------------------------

def choose(drive, table, tokens):
    """Put ``tokens`` into the meld zone one after another, as the person does: a click on a
    card of the hand, or on a king or queen of its pile."""
    for token in tokens:
        table.world.activate()
        if token.endswith(PILE):
            code = token.removesuffix(PILE)
            pile = table.piles[rules.CARD_RANK[code]]
            ent = next(e for c, e in reversed(pile) if c == code)
        else:
            ent = next(e for c, e in table.hand if c == token)
        drive.click(drive.center_of(ent))
        drive.settle()
    assert [t for t, _ in table.selection] == list(tokens)


def test_the_testers_marriages_name_the_queen_without_her_king(app, monkeypatch):
    """Two people. Q♠, Q♦, K♦ from the hand, Q♣ from the Q pile and K♠ from the K pile: two
    marriages (K♠ Q♠, K♦ Q♦) and a Q♣ without its K♣. The zone said "K♠ (from the K pile)
    can only go into a marriage": K♠ is in a marriage; the Q♣ is the card at fault."""
    hands = [["QS", "QD", "KD", "3C", "9H", "6D", "2S"],
             ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, AI), hands, piles={"Q": ["QC"], "K": ["KS"]})
    choose(drive, table, ["QS", "QD", "KD", "QC" + PILE, "KS" + PILE])
    expected = "Q♣ (from the Q pile) needs K♣ from your hand to make a marriage"
    assert table.selection_meld() == (None, expected)
    assert prompt_drawn(app, table, monkeypatch) == [expected]
    meld = next(w for w in table.widgets.widgets if w.on_click == table.confirm_meld)
    assert not meld.enabled


@pytest.mark.parametrize("tokens", [
    ["QS", "QD", "KD", "QC@pile", "KS@pile"],
    ["QS", "QD", "KD", "KS@pile", "QC@pile"],
    ["KS@pile", "QC@pile", "QS", "KD", "QD"],
    ["QC@pile", "KS@pile", "QD", "KD", "QS"],
])
def test_the_testers_selection_in_any_order(tokens):
    """Whichever card was chosen first, the Q♣ is the one named."""
    assert words.selection_problem(tokens) == (
        "Q♣ (from the Q pile) needs K♣ from your hand to make a marriage")


@pytest.mark.parametrize(("tokens", "expected"), [
    # a king from its pile in a good marriage, and a queen of the hand without her king
    (["KS@pile", "QS", "QH"], "Q♥ has no partner: a marriage needs K♥ with it"),
    (["KS@pile", "QS", "KD", "QD", "QH"], "Q♥ has no partner: a marriage needs K♥ with it"),
    # two cards from the piles, one married and one not
    (["KS@pile", "QS", "QC@pile"],
     "Q♣ (from the Q pile) needs K♣ from your hand to make a marriage"),
    (["QH@pile", "KH", "KC@pile", "QD", "KD"],
     "K♣ (from the K pile) needs Q♣ from your hand to make a marriage"),
    # a queen from the pile whose king is in the hand, with another queen of that suit
    (["QS@pile", "KS", "QS"], "Too many queens: Q♠ (from the Q pile) and Q♠ for K♠"),
    (["QS@pile", "KS", "QS", "KD", "QD"],
     "Too many queens: Q♠ (from the Q pile) and Q♠ for K♠"),
    # a king from its pile in a good marriage, with a card that is no king nor queen
    (["KS@pile", "QS", "7H"],
     "7♥ cannot go into a marriage: a marriage is a king and a queen of the same suit"),
    (["KS@pile", "QS", "7H", "2C"],
     "7♥ and 2♣ cannot go into a marriage: a marriage is a king and a queen of the same suit"),
    # ... and with a pile card that has no partner: that one is named
    (["KS@pile", "QS", "QD@pile", "7H"], "Q♦ (from the Q pile) can only go into a marriage"),
    # (unchanged: six hearts and a king from its pile, five kings one of them from the pile)
    (["2H", "3H", "4H", "5H", "6H", "KH@pile"], "K♥ (from the K pile) can only go into a marriage"),
    (["KS", "KS", "KH", "KD", "KC@pile"], "K♣ (from the K pile) can only go into a marriage"),
])
def test_mixed_selections_name_the_card_at_fault(tokens, expected):
    assert words.selection_problem(tokens) == expected
    assert rules.classify(tokens) is None  # (none of them is a combination)


def test_the_cards_named_are_the_ones_whose_removal_helps():
    """In every refusal above that names one card (not "too many"), taking that card out of
    the zone leaves a legal marriage: the message named the card really at fault."""
    for tokens, culprit in ((["QS", "QD", "KD", "QC@pile", "KS@pile"], "QC@pile"),
                            (["KS@pile", "QS", "KD", "QD", "QH"], "QH"),
                            (["KS@pile", "QS", "QC@pile"], "QC@pile"),
                            (["KS@pile", "QS", "7H"], "7H")):
        assert words.pile_card(culprit).split(" (")[0] in words.selection_problem(tokens)
        rest = [t for t in tokens if t != culprit]
        meld = rules.classify(rest)
        assert meld is not None and meld.kind == "marriage", rest


# -- 2. the last-move mark of a pile card sent back from the meld zone -------------------------

THREE = [["QD", "3C", "9D", "10H", "6C", "AH", "4S"],
         ["7D", "3H", "5C", "8S", "9S", "JS", "2H"],
         ["KD", "3D", "4C", "8C", "9C", "JC", "7H"]]


def seat_three_discards_the_king(app):
    """Three people: Seat 3 discards K♦ onto the K pile (over a K♠); Seat 1 is to play."""
    table, drive = start(app, (H, H, H), THREE, piles={"K": ["KS"]}, to_move=2)
    play(drive, table, "discard KD")
    if table.curtain:
        drive.lift_cover(table)
    drive.settle()
    assert table.viewer == 0 and table.rules.to_move == 0
    return table, drive


def marked(table, seat) -> list[tuple[str | None, ...]]:
    """What ``seat``'s marks outline, as the tokens of the table's cards (None: gone)."""
    return [tuple(table._token(e) for e in mark.entities) for mark in table.marks.marks.get(seat, [])]


def tags_drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn = record_calls(monkeypatch, marks_module, "_tag")
    app.draw(app.screen)
    monkeypatch.undo()
    return drawn


def assert_seat_three_marks_the_king(app, table, monkeypatch):
    table.world.activate()
    king = table.piles[rules.KING][-1]
    assert king[0] == "KD", table.piles[rules.KING]
    assert marked(table, 2) == [("KD" + PILE,)]
    (mark,) = table.marks.marks[2]
    assert mark.entities == (king[1],) and mark.label == table.seat_name(2)
    pile = table.layout["pile_K"].rect
    box = table.marks._box(mark)
    assert box is not None and pile.contains(box) and box == drawn_box(king[1])
    tags = [rect for label, rect in tags_drawn(app, monkeypatch) if label == table.seat_name(2)]
    assert len(tags) == 1 and tags[0].colliderect(pile), (tags, pile)


def take_the_king(drive, table):
    table.world.activate()
    king = table.piles[rules.KING][-1][1]
    drive.click(drive.center_of(king))
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    return king


def send_back(how, drive, table, king):
    if how == "esc":
        drive.key(pygame.K_ESCAPE)
    elif how == "clear":
        button = next(w for w in table.widgets.widgets if w.on_click == table.clear_selection)
        drive.click(button.rect.center)
    else:  # a click on it in the meld zone
        drive.click(drive.center_of(king))
    drive.settle()
    drive.move((5, 5))  # (the pointer off the pile: the card lies still, not raised)
    drive.settle()
    drive.wait(0.5)


@pytest.mark.parametrize("how", ["esc", "clear", "click"])
def test_a_king_sent_back_to_its_pile_keeps_the_mark_of_who_discarded_it(app, monkeypatch, how):
    """Seat 3's K♦ taken from the K pile into the meld zone, then sent back (Esc, Clear, or a
    click on it in the zone): it came back without Seat 3's outline and tag (a new card,
    flying in face down from the stock). It is still Seat 3's last move: the same card glides
    back, outlined and tagged as before."""
    table, drive = seat_three_discards_the_king(app)
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    king = take_the_king(drive, table)
    send_back(how, drive, table, king)
    assert table.selection == [] and [c for c, _ in table.piles[rules.KING]] == ["KS", "KD"]
    assert table.piles[rules.KING][-1][1] == king  # the same card, back on its pile
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    assert table.meld_prompt().startswith("Discard a card onto the pile of its rank")


def test_a_king_chosen_then_left_for_a_discard_keeps_its_mark(app, monkeypatch):
    """K♦ in the meld zone, and the person discards 3♣ instead: the K♦ goes back to its pile
    with Seat 3's mark (the zone's pile cards were deleted and drawn again, unmarked)."""
    table, drive = seat_three_discards_the_king(app)
    take_the_king(drive, table)
    play(drive, table, "discard 3C")
    assert table.session.moves[-1] == "discard 3C"
    drive.move((5, 5))
    drive.settle()
    drive.wait(0.5)
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    assert marked(table, 0) == [("3C" + PILE,)]


def test_marks_restored_while_the_king_is_in_the_zone_go_back_with_it(app, monkeypatch):
    """The language changes while the K♦ is in the meld zone (every mark is made again from
    the moves): Seat 3's mark is not lost, and comes back to the pile with the card."""
    table, drive = seat_three_discards_the_king(app)
    king = take_the_king(drive, table)
    set_language("fa")
    table.language_changed()
    drive.step(2)
    drive.settle()
    assert marked(table, 2) == [("KD" + PILE,)]
    send_back("esc", drive, table, king)
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    assert table.marks.marks[2][0].label == table.seat_name(2) != "Seat 3"


def test_a_king_under_another_goes_back_to_its_place_with_its_mark(app, monkeypatch):
    """Seat 2 discards K♦, Seat 3 K♣ on it; Seat 1 takes the K♦ from under the K♣ and sends
    it back: it lies again between K♠ and K♣, Seat 2's outline on it, Seat 3's on the K♣."""
    hands = [["QD", "3C", "9D", "10H", "6C", "AH", "4S"],
             ["KD", "3H", "5C", "8S", "9S", "JS", "2H"],
             ["KC", "3D", "4C", "8C", "9C", "JC", "7H"]]
    table, drive = start(app, (H, H, H), hands, piles={"K": ["KS"]}, to_move=1)
    play(drive, table, "discard KD")
    play(drive, table, "discard KC")
    if table.curtain:
        drive.lift_cover(table)
    drive.settle()
    table.world.activate()
    pile = table.piles[rules.KING]
    assert [c for c, _ in pile] == ["KS", "KD", "KC"]
    before = [drawn_box(e) for _, e in pile]
    king = pile[1][1]
    x, y = drive.center_of(king)
    drive.click((x, before[1].top + 6))  # (its strip above the K♣)
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    send_back("esc", drive, table, king)
    table.world.activate()
    pile = table.piles[rules.KING]
    assert [(c, e) for c, e in pile][1] == ("KD", king)
    assert [drawn_box(e) for _, e in pile] == before
    assert marked(table, 1) == [("KD" + PILE,)] and marked(table, 2) == [("KC" + PILE,)]
    assert table.marks._box(table.marks.marks[1][0]) is not None  # (its strip shows)


def test_a_meld_restored_after_its_discard_does_not_outline_the_cards_chosen_now(app):
    """You declared a straight and discarded one of its cards; on your next turn you choose
    cards and the language changes: the marks made again outlined the cards you had just
    chosen as your last meld. A meld's outline lasts until its discard: it is not made
    again."""
    hands = [["5S", "6H", "7D", "8H", "9D", "10H", "KS"],
             ["7S", "3H", "5C", "8S", "9S", "JS", "2H"]]
    table, drive = start(app, (H, H), hands)
    play(drive, table, "meld straight 5S 6H 7D 8H 9D 10H")
    play(drive, table, "discard 7D")
    play(drive, table, "discard 3H")
    if table.curtain:
        drive.lift_cover(table)
    drive.settle()
    for code in [c for c, _ in table.hand][:3]:
        table.world.activate()
        drive.click(drive.center_of(next(e for c, e in table.hand if c == code)))
        drive.settle()
    assert len(table.selection) == 3
    assert marked(table, 0) == [("7D" + PILE,)]
    set_language("fa")
    table.language_changed()
    drive.step(2)
    drive.settle()
    assert marked(table, 0) == [("7D" + PILE,)]
    assert marked(table, 1) == [("3H" + PILE,)]
