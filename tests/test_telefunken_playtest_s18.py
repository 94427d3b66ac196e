"""A play-tester's findings at the Telefunken table (4 players, Normal computers): a card
dragged onto the pile at once after the draw was thrown back; the Undo button looked lit
and a click on it said nothing; messages stood over the bottom row of melds; a buy's tags
came back on the wrong twin after Undo and slid off their cards; the banner stood under
the cards in flight."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import esper
import pygame
import pytest

from ecs.components import Sprite, Transform
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes import theme
from scenes.telefunken import words
from scenes.telefunken.moves import grip, perform
from scenes.telefunken.table import TelefunkenTable
from scenes.widgets import Button

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
OTHERS = [["2C", "3C", "9D", "9D", "KD", "4S", "4S", "6H", "8C", "10S", "JC"],
          ["2H", "3H", "9C", "9S", "KC", "QD", "4D", "6C", "8D", "10H", "JD"],
          ["2S", "3S", "9H", "5D", "KH", "QC", "4C", "6D", "8H", "10D", "JS"]]
NOTHING_TO_UNDO = ("Nothing to undo: since your last move, cards have been drawn or shown, or "
                   "another player has answered a discard.")


def load(hands, players=4, phase="play", to_move=0, discard=("5S",), melds=(), deal=1,
         stock_top=(), **extra):
    """A position with these hands, melds and discards, the stock holding the rest (the
    cards ``stock_top`` on top, in that order)."""
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(
        c for m in melds for c in m["cards"])
    rest = Counter(rules.deck()) - used - Counter(stock_top)
    data = {"players": players, "deal": deal, "dealer": players - 1, "to_move": to_move,
            "phase": phase, "hands": [list(h) for h in hands],
            "stock": list(stock_top) + list(rest.elements()), "discard": list(discard),
            "melds": list(melds), "first_turn": False,
            "melded": [any(m["owner"] == s for m in melds) for s in range(players)],
            "deal_winners": [1] * (deal - 1)}
    return rules.load({**data, **extra})


def open_table(app, drive, state, config=CONFIG) -> TelefunkenTable:
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


def toasts(app) -> list[str]:
    return [t.text for t in app.toasts]


def undo_button(table) -> Button:
    return next(w for w in table.widgets.widgets if isinstance(w, Button)
                and w.on_click == table.undo)


# -- 1. a card dragged onto the pile at once after the draw ------------------------------------

HAND = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]


def drag_at_once(drive, table, code: str) -> str | None:
    """Drag the hand's ``code`` onto the discard pile without waiting for anything (the card
    drawn may still be flying); the code of the card that was picked up."""
    ent = next(e for c, e in table.sync.entities("hand") if c == code)
    drive.press(grip(table, ent))
    drive.move(table.layout["discard"].rect.center, steps=3)
    held = table.drag.held
    picked = table.sync.code_of(held) if held is not None else None
    drive.release()
    return picked


@pytest.mark.parametrize("how", ["stock", "button"])
def test_a_card_dragged_to_the_pile_right_after_the_draw_is_discarded(app, drive, how):
    """Drawn by a click on the stock or the Draw button, then a card dragged at once onto
    the pile: it snapped back ("Wait for your turn.", or nothing) until the drawn card had
    landed (0.3 s). The draw is made: the discard is played, the drawn card still flying."""
    table = open_table(app, drive, load([HAND] + OTHERS, phase="draw"))
    if how == "stock":
        perform(drive, table, "draw")
    else:
        button = next(w for w in table.widgets.widgets
                      if getattr(w, "label", "") == words.button("draw"))
        drive.click(button.rect.center)
    assert table.session.moves == ["draw"] and table.animating  # (still flying)
    picked = drag_at_once(drive, table, "KS")
    assert picked is not None
    assert table.session.moves == ["draw", f"discard {picked}"]
    assert not any("Wait" in text for text in toasts(app))
    drive.settle()
    assert table.state.discard[-1] == picked


def test_a_card_chosen_right_after_the_draw_goes_into_the_meld_zone(app, drive):
    table = open_table(app, drive, load([HAND] + OTHERS, phase="draw"))
    perform(drive, table, "draw")
    ent = next(e for c, e in table.sync.entities("hand") if c == "7H")
    drive.click(grip(table, ent))
    assert table.selected == ["7H"] and not toasts(app)


def test_nothing_is_played_out_of_turn_while_the_draw_flies(app, drive):
    """The draw's card is the person's at once; the turn then passes: another card dragged
    at once is not played (the computer is to move)."""
    table = open_table(app, drive, load([HAND] + OTHERS, phase="draw"))
    perform(drive, table, "draw")
    assert table.mine
    drag_at_once(drive, table, "KS")
    moves = list(table.session.moves)
    assert len(moves) == 2 and moves[1].startswith("discard")
    assert rules.to_move(table.state) != 0 and not table.mine
    drag_at_once(drive, table, "7H")
    assert table.session.moves[:2] == moves and "discard 7H" not in table.session.moves
    assert toasts(app)[-1] == "Wait for your turn."


def test_your_turn_while_a_move_still_lands_is_not_called_wait_for_your_turn(app, drive):
    """A card dragged while your own buy still lands (its card from the stock flies in):
    the turn is yours; the table says to wait for the move to land, not for your turn."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H"]
    state = load([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", discard=("5D", "QS"),
                 discarder=3, offer=[1, 2], stock_top=("6D", "8S"))
    table = open_table(app, drive, state)
    perform(drive, table, "buy")
    assert table.animating and rules.to_move(table.state) == 0
    drag_at_once(drive, table, "KS")
    said = toasts(app)
    assert said and "Wait for your turn." not in said
    assert said[-1] == "Wait until the last move has reached the table."


# -- 2. the Undo button follows Ctrl+Z --------------------------------------------------------

def after_your_discard(app, drive) -> TelefunkenTable:
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    # (the others have no chips: nobody answers the discard, whose answer stops Undo)
    table = open_table(app, drive, load([hand] + OTHERS, chips=[7, 0, 0, 0]))
    perform(drive, table, "discard KS")
    drive.settle()
    return table


def test_a_click_on_undo_as_a_computer_shows_cards_says_why_nothing_is_undone(app, drive):
    """The button pressed while lit, the computer's discard made before it was let go: the
    click did nothing and said nothing (Ctrl+Z then said "Nothing to undo…")."""
    table = after_your_discard(app, drive)
    while table.session.moves[-1] != "draw":  # (the next seat draws: Undo still works)
        drive.step()
    assert table.can_undo() and undo_button(table).enabled
    drive.press(undo_button(table).rect.center)
    while not table.session.moves[-1].startswith("discard"):
        drive.step()
    assert not table.can_undo() and not undo_button(table).enabled
    drive.release()
    assert app.scenes.top is table and toasts(app)[-1] == NOTHING_TO_UNDO


def test_a_click_on_the_greyed_undo_says_what_ctrl_z_says(app, drive):
    table = after_your_discard(app, drive)
    while table.can_undo():
        drive.step()
    drive.settle()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    said = toasts(app)[-1]
    app.toasts.clear()
    drive.click(undo_button(table).rect.center)
    assert app.scenes.top is table and toasts(app) == [said]


def test_the_undo_button_is_lit_exactly_while_ctrl_z_would_undo(app, drive):
    """At every frame drawn through the computers' turns, the button's look and Ctrl+Z's
    check agree."""
    table = after_your_discard(app, drive)
    seen = []
    real = table.draw

    def draw(surface):
        real(surface)
        seen.append((undo_button(table).enabled, table.can_undo()))

    table.draw = draw
    for _ in range(600):
        drive.step()
        if rules.to_move(table.state) == 0 and not table.animating:
            break
    assert seen and all(lit == can for lit, can in seen)
    assert (True, True) in seen and (False, False) in seen  # (it went out on the way)


def test_a_lit_undo_still_undoes(app, drive):
    table = after_your_discard(app, drive)
    assert table.can_undo() and undo_button(table).enabled
    drive.click(undo_button(table).rect.center)
    drive.settle()
    assert app.scenes.top is not table and app.scenes.top.session.moves == []


# -- 3. messages stand beside the melds, not over them ----------------------------------------

def meld(owner, cards):
    return {"owner": owner, "cards": cards}


FOUR_ROWS = [meld(0, ["QS", "QH", "QC"]), meld(0, ["3H", "3S", "3C"]),
             meld(1, ["8S", "8H", "8C", "JK"]), meld(1, ["6S", "6H", "6C"]),
             meld(2, ["4S", "4H", "4D", "4C"]), meld(2, ["JS", "JH", "JC", "JD"]),
             meld(3, ["10S", "10H", "10D", "10C"]), meld(3, ["7H", "7C", "7S"])]
MESSAGES = [NOTHING_TO_UNDO, "Your last move is taken back.",
            "2♣ does not fit Seat 2's set 8♠ 8♠ 8♥ 8♦ 8♣ joker: a set is all of one rank."]
SMALL_HANDS = [["2C", "3C", "9D", "KD", "4S", "6D", "8C"], ["2H", "3H", "9C", "KC", "4D", "6C",
                                                          "8D"],
               ["2S", "3S", "9H", "KH", "4C", "6D", "8H"]]


def message_box(app, text: str) -> pygame.Rect:
    """The box of ``text`` as the app draws it over this table (fully shown, on black)."""
    app.toasts.clear()
    app.toast(text, error=True)
    app.toasts[-1].age = 1.0
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    assert len(rects) == 1
    return rects[0]


@pytest.mark.parametrize("players, melds", [
    (4, FOUR_ROWS), (3, [m for m in FOUR_ROWS if m["owner"] < 3]),
    (2, [m for m in FOUR_ROWS if m["owner"] < 2])])
def test_messages_cover_no_meld_and_no_row_label(app, drive, players, melds):
    """"Nothing to undo…", "Your last move is taken back." and the red refusals stood over
    the bottom row of melds (Seat 4's melds and label, with four rows). They stand on the
    table beside the melds, whole, over none of them, above the prompt and the hand."""
    hands = [["2D", "9C", "QD", "7D"]] + SMALL_HANDS[:players - 1]
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1),
                        players, {})
    table = open_table(app, drive, load(hands, players=players, melds=melds, deal=2), config)
    assert len(table._owner_rows) == players
    keep = list(table._meld_rects.values()) + [
        table.owner_label_rect(owner, y) for owner, y in table._owner_rows]
    panel = table.layout["table"].rect
    for text in MESSAGES:
        box = message_box(app, text)
        assert panel.contains(box), (text, box)
        assert box.collidelist(keep) == -1, (text, box)
        # whole: every word of it (at most four lines are drawn)
        assert len(theme.wrap(text, 19, table.toast_span()[1] - 40, "bold")) <= 4
    app.toasts.clear()


def test_with_room_below_the_melds_a_message_stands_there_as_before(app, drive):
    hands = [["2D", "9C", "QD", "7D"]] + SMALL_HANDS[:1]
    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy")), 2, {})
    table = open_table(app, drive, load(hands, players=2, melds=FOUR_ROWS[:4], deal=2),
                       config)
    box = message_box(app, "Your last move is taken back.")
    panel = table.layout["table"].rect
    assert box.bottom == panel.bottom - 6 and abs(box.centerx - panel.centerx) <= 1


# -- 4. a buy's twins keep their tags through a meld and Undo ---------------------------------

TWIN_HAND = ["QS", "QC", "7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS"]


def bought_twins(app, drive) -> TelefunkenTable:
    """You buy Q♥ and the card from the stock that comes with it is Q♥ too, then draw."""
    state = load([TWIN_HAND] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy",
                 discard=("5D", "QH"), discarder=3, offer=[1, 2], stock_top=("QH", "8S"))
    table = open_table(app, drive, state)
    perform(drive, table, "buy")
    drive.settle()
    perform(drive, table, "draw")
    drive.settle()
    return table


def tagged(table) -> dict[str, tuple[str, int]]:
    """Each tag of your marks in the hand: (its card, which copy of it from the left)."""
    hand = table.sync.entities("hand")
    out = {}
    for mark in table.marks.marks.get(0, []):
        if mark.label and mark.label != "new" and len(mark.entities) == 1:  # (a buy's tags;
            # "new" is the draw's)
            ent = mark.entities[0]
            code = next((c for c, e in hand if e == ent), None)
            if code is not None:
                out[mark.label] = (code, [e for c, e in hand if c == code].index(ent))
    return out


def test_undo_puts_the_buys_tags_back_on_the_same_twins(app, drive):
    """"You bought" on the first Q♥, "+1 from the stock" on the second; after a meld of
    Q♠ Q♥ Q♣ and Undo the two came back the other way round."""
    table = bought_twins(app, drive)
    before = tagged(table)
    assert before == {"You bought": ("QH", 0), "+1 from the stock": ("QH", 1)}
    perform(drive, table, "meld QS QH QC")
    drive.settle()
    assert table.state.melded[0]
    table.undo()
    drive.settle()
    table = app.scenes.top
    assert table.session.moves == ["buy", "draw"]
    assert tagged(table) == before


def test_undo_after_the_bought_twin_was_melded_keeps_the_other_twins_tag(app, drive):
    """The bought Q♥ melded (its tag goes with it), then another meld, then Undo: the Q♥
    left in the hand is the one from the stock; "You bought" came back on it."""
    table = bought_twins(app, drive)
    perform(drive, table, "meld QS QH QC")  # (the first Q♥: the bought one)
    drive.settle()
    assert tagged(table) == {"+1 from the stock": ("QH", 0)}
    move = next(m for m in table.legal() if m.startswith("meld")
                and Counter(m.split()[1:]) == Counter(["7H", "7D", "7C"]))
    perform(drive, table, move)
    drive.settle()
    table.undo()
    drive.settle()
    table = app.scenes.top
    assert len(table.session.moves) == 3
    assert tagged(table) == {"+1 from the stock": ("QH", 0)}


def test_a_continued_game_marks_the_twins_in_the_order_they_came(app, drive):
    """Without a table to remember them (a saved game continued), the bought card is the
    copy after those held before the buy, the card from the stock the one after it."""
    table = bought_twins(app, drive)
    session = Session(CONFIG, rules, table.session.initial, table.session.initial)
    for move in table.session.moves:
        session.play(move)
    again = TelefunkenTable(app, CONFIG, session)
    app.scenes.reset(again, transition=None)
    drive.settle()
    assert tagged(again) == {"You bought": ("QH", 0), "+1 from the stock": ("QH", 1)}


def tag_places(table, monkeypatch) -> dict[str, pygame.Rect]:
    import scenes.marks as marks

    drawn: dict[str, pygame.Rect] = {}
    real = marks._tag

    def recording(surface, text, *args, **kwargs):
        drawn[text] = real(surface, text, *args, **kwargs)
        return drawn[text]

    monkeypatch.setattr(marks, "_tag", recording)
    table.draw(pygame.Surface(table.app.size))
    monkeypatch.setattr(marks, "_tag", real)
    return drawn


def card_box(ent: int) -> pygame.Rect:
    from ecs.input import entity_rect

    t, sprite = esper.component_for_entity(ent, Transform), esper.component_for_entity(
        ent, Sprite)
    return pygame.Rect(*(round(v) for v in entity_rect(t, sprite)))


@pytest.mark.parametrize("extra", [0, 5])
def test_a_tag_stays_on_its_own_card_when_tags_crowd(app, drive, monkeypatch, extra):
    """Two tagged cards side by side in the fan: "+1 from the stock" was pushed sideways
    off its card, over 10♦ and Q♠. Each tag stands over its own card (the second on its
    card's other edge), neither covering the other."""
    table = bought_twins(app, drive)
    if extra:  # a fuller hand, the cards closer together (the tester had 16)
        hand = list(table.state.hands[0]) + list(table.state.stock[:extra])
        state = replace(table.state, hands=(tuple(hand),) + table.state.hands[1:],
                        stock=table.state.stock[extra:])
        table.rules.state = table.session.state = state
        table.show(instant=True)
        drive.settle()
    places = tag_places(table, monkeypatch)
    assert set(places) - {"new"} == {"You bought", "+1 from the stock"}  # ("new": a draw's)
    for mark in table.marks.marks[0]:
        if mark.label in places:
            box = card_box(mark.entities[0])
            assert box.left <= places[mark.label].centerx <= box.right, mark.label
    assert not places["You bought"].colliderect(places["+1 from the stock"])


# -- 5. the banner above the cards in flight --------------------------------------------------

def test_the_banner_stands_above_a_card_in_flight(app, drive):
    """"You bought … (4 chips left)" stood under a computer's meld on its way."""
    table = open_table(app, drive, load([HAND] + OTHERS, phase="draw"))
    table.banner = ("Seat 2 bought 9♥ and a card from the stock (4 chips left)", 2.0)
    from scenes.game_table import banner_box

    box, _images = banner_box(table.banner[0], table.layout["table"].rect)
    ent = table.sync.entities("hand")[0][1]
    t = esper.component_for_entity(ent, Transform)
    t.x, t.y, t.lift = box.x + 30, box.centery, 1.0  # (a card lifted on its way)
    surface = pygame.Surface(app.size)
    table.draw(surface)
    spot = (box.x + 12, box.centery)  # inside the banner, left of its words
    assert card_box(ent).collidepoint(spot)
    r, g, b = surface.get_at(spot)[:3]
    assert max(r, g, b) < 120, (r, g, b)  # the banner's dark panel, not the card's face


def test_undo_right_after_your_draw_says_the_draw_stays(app, drive):
    """Your last move the draw from the stock: Undo says so, not "since your last move,
    cards have been drawn or shown…" (pt72 read it as about "your last move cards")."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(app, drive, load([hand] + OTHERS, phase="draw"))
    perform(drive, table, "draw")
    drive.settle()
    assert table.session.moves == ["draw"] and not table.can_undo()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert toasts(app)[-1] == "Nothing to undo: a card drawn from the stock stays drawn."


def test_a_new_deal_after_your_own_order_takes_the_sort_you_chose_last(app, drive):
    """Cards dragged into your own order in one deal: the next deal's hand came sorted by
    rank, and Continue then showed it by the sort chosen last (suit), pt72. A new deal
    takes the sort chosen last, as Continue does; the same deal keeps your order."""
    from scenes.telefunken import layout

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(app, drive, load([hand] + OTHERS, phase="draw", deal=2))
    table.sort("suit")
    own = list(reversed(table._hand_order()))
    table.order, table.sort_mode = list(own), "custom"
    table._custom_deal[table.viewer] = 2
    assert table._hand_order() == own  # this deal: your own order stays
    table._custom_deal[table.viewer] = 1  # (made in the deal before)
    assert table._hand_order() == sorted(hand, key=layout.suit_key)
    assert table.sort_mode == "suit"
