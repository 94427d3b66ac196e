"""Zetema, from a play-tester's findings (a real window, 1366x768): a long message of the
meld zone is wrapped whole; a king or queen taken from its pile into the meld zone may be
dragged back onto its pile, and shows no last-move mark while it is in the zone; the hand
holds still while the pointer is over it; the move log heads a new deal as soon as it is
dealt (Zetema and Telefunken)."""

from __future__ import annotations

from collections import Counter

import esper
import pygame
import pytest

import scenes.marks as marks_module
import scenes.zetema.panels as panels_module
from ecs.components import Transform
from game import i18n
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.rules import telefunken as trules
from game.rules import zetema as rules
from game.session import Session
from scenes import theme
from scenes.game_table import CONTINUED, GameTable
from scenes.results import DealSummary
from scenes.telefunken_table import TelefunkenTable
from scenes.telefunken_table import perform as tperform
from scenes.zetema import layout
from scenes.zetema.panels import fit_lines
from scenes.zetema_table import ZetemaTable
from tests.test_marks import drawn_box, record_calls
from tests.test_telefunken_table import OTHERS
from tests.test_telefunken_table import position as tposition
from tests.test_zetema_marriages import AI, H, start
from tests.test_zetema_playtest_fixes import (
    assert_seat_three_marks_the_king,
    choose,
    marked,
    seat_three_discards_the_king,
    send_back,
    tags_drawn,
)
from tests.test_zetema_table import pile_centre, summary_of_the_last_deal

PILE = rules.PILE


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


# -- 1. a long message of the meld zone, wrapped whole ------------------------------------------

def zone_words(app, table, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The meld zone's lines of words above its cards, as drawn (words, where)."""
    drawn = record_calls(monkeypatch, panels_module, "blit_line")
    app.draw(app.screen)
    monkeypatch.undo()
    table.world.activate()
    zone = table.layout["meld"].rect
    top = min(drawn_box(e).top for _, e in table.selection)
    return [(text, rect) for text, rect in drawn if zone.collidepoint(rect.topleft)
            and rect.y < top]


CASES = {  # (hand cards, the K pile, cards chosen): the longest messages over cards
    "tester": (["QH", "6H", "7S", "8D", "9D", "10D", "KS"], ["KD"], ["QH", "KD" + PILE]),
    "four": (["QH", "QC", "7S", "8D", "9D", "10D", "KS"], ["KS", "KD"],
             ["QH", "KD" + PILE, "QC", "KS" + PILE]),
}


@pytest.mark.parametrize("lang,case", [("en", "tester"), ("en", "four"), ("fa", "tester"),
                                       ("fa", "four"), ("vi", "tester"), ("vi", "four")])
def test_a_long_message_over_the_meld_zones_cards_is_shown_whole(app, monkeypatch, language,
                                                                  lang, case):
    """Q♥ from the hand, K♦ clicked on the K pile: the zone read "Q♥ and K♦ (from the K pile)
    do not pair up by suit: a marriage is a king and a queen of the" and stopped there. The
    whole sentence now stands in the zone, wrapped, above the chosen cards' outline."""
    language(lang)
    hand, kings, chosen = CASES[case]
    table, drive = start(app, (H, AI), [hand, ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]],
                         piles={"K": kings})
    choose(drive, table, chosen)
    drive.move((5, 5))
    drive.settle()
    prompt = table.meld_prompt()
    if lang == "en" and case == "tester":
        assert prompt == ("Q♥ and K♦ (from the K pile) do not pair up by suit: a marriage is "
                          "a king and a queen of the same suit")
    lines = zone_words(app, table, monkeypatch)
    assert " ".join(text for text, _ in lines) == prompt, lines
    assert not any("…" in text for text, _ in lines)
    zone = table.layout["meld"].rect
    outline = min(drawn_box(e).top for _, e in table.selection) - 3  # (the chosen cards')
    for _, rect in lines:
        assert zone.x < rect.x and rect.right < zone.right
        assert zone.y < rect.y and rect.bottom <= outline, (rect, outline)
    assert all(a.bottom <= b.y + 1 for (_, a), (_, b) in zip(lines, lines[1:]))  # no overlap


def test_words_left_off_a_fitted_label_end_with_an_ellipsis():
    """A string cut to its lines ended with a whole line and nothing to say more followed."""
    pygame.init()
    text = "one two three four five six seven eight nine ten eleven twelve"
    width = theme.text_width("one two three four", 13, "bold") + 2
    lines, size = fit_lines(text, width, (13,), 2)
    assert size == 13 and len(lines) == 2 and lines[-1].endswith("…")
    assert lines[0] == "one two three four"
    assert all(theme.text_width(line, 13, "bold") <= width for line in lines)


# -- 2. and 3. a pile card in the meld zone: dragged back to its pile; no mark there -------------

def outlines_drawn(app, table, seat, monkeypatch) -> list[pygame.Rect]:
    """The last-move outlines of ``seat`` in a real drawing of the table."""
    colour = table.marks.colour(seat)
    drawn: list[pygame.Rect] = []
    real = pygame.draw.rect

    def recording(surface, color, rect, width=0, *args, **kwargs):
        if tuple(color)[:3] == tuple(colour) and width == 3:
            drawn.append(pygame.Rect(rect))
        return real(surface, color, rect, width, *args, **kwargs)

    monkeypatch.setattr(marks_module.pygame.draw, "rect", recording)
    app.draw(app.screen)
    monkeypatch.undo()
    return drawn


def drag_back(drive, table, king, rank="K"):
    table.world.activate()
    drive.drag(drive.center_of(king), pile_centre(table, rank), steps=8)
    drive.settle()
    drive.move((5, 5))
    drive.settle()
    drive.wait(0.5)


def test_a_king_dragged_from_the_meld_zone_onto_its_pile_goes_back(app, monkeypatch):
    """K♦ taken from the K pile into the meld zone could be sent back by a click, Esc or
    Clear, but dragged onto its own pile it was refused: "K♦ (from the K pile) can only go
    into a marriage." It goes back now as a click sends it: the same card, to its place,
    Seat 3's outline and tag on it again. Onto another pile it is still refused."""
    table, drive = seat_three_discards_the_king(app)
    king = table.piles[rules.KING][-1][1]
    drive.click(drive.center_of(king))
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    drag_back(drive, table, king, "Q")  # another pile: refused, the king stays in the zone
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    assert app.toasts[-1].text == "K♦ (from the K pile) can only go into a marriage."
    app.toasts.clear()
    drag_back(drive, table, king)
    assert not app.toasts  # (nothing refused)
    assert table.selection == [] and [c for c, _ in table.piles[rules.KING]] == ["KS", "KD"]
    assert table.piles[rules.KING][-1][1] == king  # the same card
    assert table.session.moves == ["discard KD"]  # (no move: it only went back)
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    assert table.meld_prompt().startswith("Discard a card onto the pile of its rank")


@pytest.mark.parametrize("how", ["esc", "clear", "click", "drag"])
def test_a_king_in_the_meld_zone_shows_no_mark_until_it_is_back_on_its_pile(app, monkeypatch,
                                                                            how):
    """Seat 3's K♦ taken into your meld zone kept Seat 3's outline and tag there, among the
    cards you chose (outlined too): stale, and easy to take for the selection's outline.
    In the zone it shows none; back on its pile (a click, Esc, Clear, a drag) Seat 3's mark
    shows on it again."""
    table, drive = seat_three_discards_the_king(app)
    seat3 = table.seat_name(2)
    assert outlines_drawn(app, table, 2, monkeypatch)
    king = table.piles[rules.KING][-1][1]
    drive.click(drive.center_of(king))
    drive.settle()
    drive.move((5, 5))
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    assert not [label for label, _ in tags_drawn(app, monkeypatch) if label == seat3]
    assert outlines_drawn(app, table, 2, monkeypatch) == []
    assert marked(table, 2) == [("KD" + PILE,)]  # (kept, not drawn)
    if how == "drag":
        drag_back(drive, table, king)
    else:
        send_back(how, drive, table, king)
    assert table.selection == []
    assert_seat_three_marks_the_king(app, table, monkeypatch)
    table.world.activate()
    assert outlines_drawn(app, table, 2, monkeypatch) == [drawn_box(king).inflate(8, 8)]


# -- 4. the hand holds still while the pointer is over it -----------------------------------------

HAND = ["5H", "6H", "8D", "9D", "10D", "10C", "KS"]


def hand_xs(table) -> list[float]:
    table.world.activate()
    return sorted(esper.component_for_entity(e, Transform).x for _, e in table.hand)


def test_cards_clicked_one_after_another_where_they_lay_are_the_ones_chosen(app):
    """The tester clicked 5♥ and 6♥ into the meld zone; the hand closed up before the next
    clicks, and clicking where 8♦, 9♦, 10♦ had been seen took 9♦, 10♦ and 10♣. The hand
    closed as soon as the pointer left its panel, also sideways (to the log, the buttons at
    its height). It now stays still while the pointer is over it or beside it, the cards
    clicked quickly one after another at the places they were seen are the ones chosen, and
    it closes up once the pointer goes up to the meld zone."""
    table, drive = start(app, (H, AI), [HAND, ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    seen = {c: drive.center_of(e) for c, e in table.hand}
    hand = table.layout["hand"].rect
    aside = [table.log_rect().center, (table.app.size[0] - 40, hand.bottom - 20),
             (hand.right - 30, hand.y + 6), table.log_rect().center, (hand.x + 4, hand.centery)]
    for code, spot in zip(["5H", "6H", "8D", "9D", "10D"], aside):
        drive.move(seen[code], steps=3)
        drive.click(seen[code])
        drive.step(3)  # quickly: the card is still on its way to the meld zone
        drive.move(spot, steps=4)  # to read the log, the zone's words, the buttons
        drive.wait(0.6)
    assert [t for t, _ in table.selection] == ["5H", "6H", "8D", "9D", "10D"]
    assert [c for c, _ in table.hand] == ["10C", "KS"]
    table.world.activate()
    assert [drive.center_of(e)[0] for _, e in table.hand] == [seen["10C"][0], seen["KS"][0]]
    drive.move(table.layout["meld"].rect.center, steps=4)  # the pointer leaves the hand
    drive.settle()
    closed = [x for x, _, _, _ in layout.hand_slots(table.layout["hand"].rect, 2)]
    assert hand_xs(table) == closed != [seen["10C"][0], seen["KS"][0]]  # closed up
    hand_cards = sorted(c for c, _ in table.hand) + sorted(t for t, _ in table.selection)
    assert sorted(hand_cards) == sorted(table.state.hands[0])


def test_a_card_dragged_within_a_held_hand_is_moved_there(app):
    """The hand kept still after a click can still be put in order by dragging a card."""
    table, drive = start(app, (H, AI), [HAND, ["7D", "3H", "5C", "8S", "9S", "JS", "2H"]])
    table.world.activate()
    seen = {c: drive.center_of(e) for c, e in table.hand}
    drive.click(seen["8D"])
    drive.settle()
    assert [t for t, _ in table.selection] == ["8D"]
    drive.drag(seen["5H"], (seen["KS"][0] + 30, seen["KS"][1]), steps=8)
    drive.settle()
    assert [c for c, _ in table.hand] == ["6H", "9D", "10D", "10C", "KS", "5H"]
    assert [t for t, _ in table.selection] == ["8D"]
    xs = hand_xs(table)  # laid out afresh, in the new order, without the chosen card's gap
    gaps = {round(b - a) for a, b in zip(xs, xs[1:])}
    assert len(gaps) == 1
    table.world.activate()
    assert [c for c, e in sorted(table.hand, key=lambda p: esper.component_for_entity(
        p[1], Transform).x)] == ["6H", "9D", "10D", "10C", "KS", "5H"]


# -- 5. the move log heads a new deal as soon as it is dealt ---------------------------------------

def log_lines_drawn(table, monkeypatch) -> list[tuple[str, str]]:
    """(words, anchor) of every line the move log draws."""
    drawn: list[tuple[str, str]] = []
    real = theme.blit_text

    def recording(surface, string, pos, size, *args, anchor="topleft", **kwargs):
        drawn.append((string, anchor))
        return real(surface, string, pos, size, *args, anchor=anchor, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    table.draw_log(table.app.screen)
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


@pytest.mark.parametrize("lang,heading", [("en", "— Deal 2 —"), ("fa", "— دست ۲ —"),
                                          ("vi", "— Ván 2 —")])
def test_the_move_log_heads_the_new_deal_as_soon_as_it_is_dealt(app, drive, monkeypatch,
                                                                language, lang, heading):
    """The score sheet said "— Deal 2 —" once the new deal was dealt; the move log ran on
    from the last deal's moves without a word until the new deal's first move. It heads
    the new deal at once, in every language (from the right in Persian)."""
    language(lang)
    table, summary = summary_of_the_last_deal(app, drive)
    width = table.log_rect().width - 28
    drive.settle()
    assert heading not in table._log_lines(width)  # under the summary: the deal that ended
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    assert table.state.deal == 2 and table.session.moves[-1] == "discard 9D"
    lines = table._log_lines(width)
    assert lines[-1] == heading and lines.count(heading) == 1
    assert table.sheet_lines()[-1] == heading  # as on the score sheet
    drawn = [(text, anchor) for text, anchor in log_lines_drawn(table, monkeypatch)
             if text in lines]
    assert drawn[-1] == (heading, "topright" if lang == "fa" else "topleft")
    # the deal's first move (the computer's): its line under the heading, said once
    for _ in range(1200):
        drive.step()
        if len(table.session.moves) > 1 and not table.animating:
            break
    drive.settle()
    assert len(table.session.moves) > 1 and table.session.befores[1].deal == 2
    lines = table._log_lines(width)
    assert lines.count(heading) == 1
    at = lines.index(heading)
    assert lines[at + 1][:1] in ("2", "۲") and not lines[at + 1].startswith(CONTINUED)


def test_the_log_scrolled_past_the_new_deals_heading_alone_counts_no_newer_move(app, drive,
                                                                                monkeypatch):
    """With a deal's heading the last line, scrolling one line up hides only the heading:
    the log does not say "0 newer ↓"."""
    table, summary = summary_of_the_last_deal(app, drive)
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    lines = ["1. You discarded 9♦"] * 30
    table.session.log[:] = []  # (a long log of deal 1, then the new deal's heading)
    monkeypatch.setattr(GameTable, "_log_lines", lambda self, width: lines + ["— Deal 2 —"])
    table._log_starts = set(lines)
    table.log_scroll = 1
    drawn = [text for text, _ in log_lines_drawn(table, monkeypatch)]
    assert "— Deal 2 —" not in drawn and lines[-1] in drawn
    assert not any("newer" in text for text in drawn)
    assert "wheel: older moves" in drawn


def test_telefunken_s_move_log_heads_the_next_deal_once_its_summary_is_closed(app, drive,
                                                                              language):
    """Telefunken: the finished deal's summary closed, deal 3 to cut: the log ends with
    "— Deal 3 —" (Vietnamese: "— Ván 3 —")."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    melds = [{"owner": 0, "cards": ["QS", "QH", "QD"]}, {"owner": 1, "cards": ["5C", "6C", "7C"]}]
    state = tposition([["KC", "JK", "8C"]] + [h[:6] for h in OTHERS], melds=melds,
                      melded=[True, True, False, False], deal=2, discard=("2D", "8S"),
                      deal_winners=[1], totals=[0, 0, 0, 0], dealer=0)
    table = TelefunkenTable(app, config, Session(config, trules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    tperform(drive, table, "add JK 8C to 1")
    drive.settle()
    tperform(drive, table, "discard KC")
    for _ in range(900):
        drive.step()
        if isinstance(app.scenes.top, DealSummary):
            break
    summary = app.scenes.top
    assert isinstance(summary, DealSummary)
    width = table.log_rect().width - 28
    assert not any(line.startswith("—") for line in table._log_lines(width))
    summary.close()
    drive.settle()
    assert table.state.deal == 3 and table.session.moves[-1] == "discard KC"
    assert table._log_lines(width)[-1] == "— Deal 3 —"
    language("vi")
    assert table._log_lines(width)[-1] == "— Ván 3 —"


def test_a_king_in_the_meld_zone_when_undo_is_pressed_is_marked_on_its_pile_again(app,
                                                                                  monkeypatch):
    """Undo with the computer's K♦ in your meld zone: the table as it was before your move,
    the K♦ on its pile with the computer's outline and tag (hidden in the zone, shown again
    on the pile). Your fifth nine made a zetema and gave you another turn, with no card
    drawn (the stock is empty), so the move may be taken back."""
    hands = [["9D", "QD", "3C", "4C", "5C", "6C", "7C"],
             ["KD", "AD", "2C", "8C", "10C", "JC", "KC"]]
    rest = Counter(rules.deck("S")) - Counter(c for h in hands for c in h)
    piles = {r: [] for r in rules.RANKS}
    for card in rest.elements():
        piles[card[:-1]].append(card)
    state = rules.load({"players": 2, "dealer": 0, "to_move": 1, "phase": "meld",
                        "hands": hands, "stock": [], "piles": piles, "marriage_pile": [],
                        "scores": [0, 0]})
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    session = Session(config, rules, state, state)
    session.play("discard KD")  # the computer's last move
    session.play("discard 9D")  # your fifth nine: a zetema, and your turn again
    assert rules.to_move(session.state) == 0 and session.can_undo()
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive = Driver(app)
    drive.settle()
    name = table.seat_name(1)
    king = table.piles[rules.KING][-1][1]
    assert marked(table, 1) == [("KD" + PILE,)]
    drive.click(drive.center_of(king))
    drive.settle()
    drive.move((5, 5))
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    assert not [label for label, _ in tags_drawn(app, monkeypatch) if label == name]
    table.undo()
    drive.settle()
    drive.wait(0.5)
    table = app.scenes.top
    assert isinstance(table, ZetemaTable) and table.session.moves == ["discard KD"]
    table.world.activate()
    king = table.piles[rules.KING][-1]
    assert king[0] == "KD" and table.selection == []
    assert marked(table, 1) == [("KD" + PILE,)]
    tags = [rect for label, rect in tags_drawn(app, monkeypatch) if label == name]
    assert len(tags) == 1 and tags[0].colliderect(table.layout["pile_K"].rect)
    assert outlines_drawn(app, table, 1, monkeypatch) == [drawn_box(king[1]).inflate(8, 8)]


def test_a_pile_king_clicked_with_a_shake_goes_into_the_meld_zone(app):
    """A click on the K pile's king that shook 6 px (past the drag threshold) was taken for
    a drop back on its pile: "K♦ (from the K pile) can only go into a marriage." It is a
    click: the king goes into the meld zone, nothing is refused."""
    table, drive = seat_three_discards_the_king(app)
    king = table.piles[rules.KING][-1][1]
    x, y = drive.center_of(king)
    app.toasts.clear()
    drive.press((x, y))
    drive.move((x + 5, y + 4), steps=2)
    drive.release()
    drive.settle()
    assert [t for t, _ in table.selection] == ["KD" + PILE]
    assert not any(t.error for t in app.toasts)
