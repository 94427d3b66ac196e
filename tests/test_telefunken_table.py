"""The Telefunken table through real mouse actions: draw, buy, meld, lay off, discard."""

from __future__ import annotations

from collections import Counter

import esper
import pygame
import pytest

from ecs.components import Draggable, DropTarget, Transform
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken_table import TelefunkenTable, perform

CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})


def position(hands, phase="play", to_move=0, discard=("5S",), melds=(), melded=None,
             deal=1, first_turn=False, **extra):
    used = Counter(c for h in hands for c in h) + Counter(discard) + Counter(
        c for m in melds for c in m["cards"])
    stock = list((Counter(rules.deck()) - used).elements())
    data = {"players": 4, "deal": deal, "dealer": 3, "to_move": to_move, "phase": phase,
            "hands": [list(h) for h in hands], "stock": stock, "discard": list(discard),
            "melds": list(melds), "first_turn": first_turn}
    if melded is not None:
        data["melded"] = melded
    return rules.load({**data, **extra})


OTHERS = [["2C", "3C", "9D", "9D", "KD", "QH", "4S", "6H", "8C", "10S", "JC"],
          ["2H", "3H", "9C", "9S", "KC", "QD", "4D", "6C", "8D", "10H", "JD"],
          ["2S", "3S", "9H", "5D", "KH", "QC", "4C", "6D", "8H", "10D", "JS"]]


@pytest.fixture
def open_table(app, drive):
    def make(state):
        table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
        app.scenes.push(table, transition=None)
        drive.settle()
        return table
    return make


def hand_codes(table):
    return sorted(c for c, _ in table.sync.entities("hand"))


def drag_to_table(drive, table, code: str) -> None:
    """Drag the hand's ``code`` by its uncovered strip onto the table (the melds' area)."""
    from scenes.telefunken_table import _grip

    ent = next(e for c, e in table.sync.entities("hand") if c == code)
    drive.drag(_grip(table, ent), table.layout["table"].rect.center, steps=6)
    drive.settle()


def test_meld_the_contract_by_selecting_cards(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    move = "meld 7H 7D 7C"
    assert any(m.startswith("meld") for m in table.legal())
    perform(drive, table, next(m for m in table.legal() if Counter(
        m[5:].replace("|", " ").split()) == Counter(["7H", "7D", "7C"])))
    drive.settle()
    assert table.state.melded[0] and len(table.state.melds) == 1
    assert sorted(table.state.melds[0].cards) == sorted(move.split()[1:])
    assert hand_codes(table) == sorted(table.state.hands[0])
    assert [c for c, _ in table.sync.entities("meld_0")] == list(table.state.melds[0].cards)


def test_discard_by_dragging_to_the_pile(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    perform(drive, table, "discard KS")
    drive.settle()
    assert table.session.moves[0] == "discard KS"
    assert table.state.discard[-1] == "KS"
    assert "KS" not in hand_codes(table)


def test_discard_elsewhere_is_refused(open_table, app, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    ent = next(e for c, e in table.sync.entities("hand") if c == "KS")
    from scenes.telefunken_table import _grip

    drive.press(_grip(table, ent))
    drive.move((640, 250), steps=4)
    glowing = {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}
    assert "discard" in glowing and not any(n.startswith("meld:") for n in glowing)
    drive.release()
    drive.settle()
    assert table.session.moves == []


def test_draw_by_clicking_the_stock(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw"))
    top = table.state.stock[0]
    perform(drive, table, "draw")
    drive.settle()
    assert table.session.moves == ["draw"]
    assert Counter(hand_codes(table)) == Counter(hand + [top])


def test_a_drawn_card_flies_above_the_hand_and_lands_in_its_place(open_table, drive):
    """A card on its way is drawn above every card at rest (it came out from under the hand
    cards it passed) and takes its place in the hand's order when it lands."""
    from ecs.components import CardFace, Tweens, ZOrder
    from ecs.tween import FLIGHT_Z

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw"))
    before = {e for _, e in table.sync.entities("hand")}
    perform(drive, table, "draw")
    drive.step(4)
    new = next(e for _, e in table.sync.entities("hand") if e not in before)
    z = esper.component_for_entity(new, ZOrder).z
    resting = [esper.component_for_entity(e, ZOrder).z for e, _ in esper.get_component(CardFace)
               if not any(t.attr in ("x", "y") for t in getattr(esper.try_component(e, Tweens),
                                                                "items", ()))]
    assert z >= FLIGHT_Z and resting and z > max(resting)
    drive.settle()
    slots = [esper.component_for_entity(e, ZOrder).z for _, e in table.sync.entities("hand")]
    assert max(slots) < FLIGHT_Z and slots == sorted(slots)


def test_draw_by_dragging_the_stocks_top_card_into_the_hand(open_table, drive):
    """A newcomer drags the pack's top card into the hand: that draws, the pack stays in its
    place, and a drag of it anywhere else says how to draw."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw"))
    home = drive.center_of(table.stock_ent)
    drive.drag(home, table.layout["table"].rect.center, steps=6)  # onto the table: refused
    drive.settle()
    assert table.session.moves == [] and "into your hand" in table.app.toasts[-1].text
    top = table.state.stock[0]
    drive.drag(home, table.layout["hand"].rect.center, steps=6)
    drive.settle()
    assert table.session.moves == ["draw"]
    assert Counter(hand_codes(table)) == Counter(hand + [top])
    assert drive.center_of(table.stock_ent) == pytest.approx(home)
    assert not esper.component_for_entity(table.stock_ent, Draggable).enabled  # drawn already


def test_silent_gestures_now_say_why_nothing_happens(open_table, drive):
    """Before drawing, a click on a hand card did nothing; a press on a discard that is not
    offered did nothing: each now says why."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw"))
    card = next(e for c, e in table.sync.entities("hand") if c == "KS")
    drive.click(drive.center_of(card))
    drive.settle()
    assert table.selected == [] and table.app.toasts[-1].text.startswith("Draw first")
    pile = table.sync.entities("discard")[-1][1]
    drive.drag(drive.center_of(pile), table.layout["hand"].rect.center, steps=6)
    drive.settle()
    assert "only when it is thrown" in table.app.toasts[-1].text
    assert table.session.moves == []


def test_a_click_on_the_stock_out_of_its_time_says_why(open_table, drive):
    """A click on the stock while the discard was offered to you, or after you had drawn,
    did nothing and said nothing."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    offered = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                       discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_table(offered)
    drive.click(drive.center_of(table.stock_ent))
    drive.settle()
    assert table.app.toasts[-1].text == "First decide on the discard: buy it for a chip or pass."
    table.app.scenes.pop(transition=None)
    table = open_table(position([hand + ["QS"]] + OTHERS))
    drive.click(drive.center_of(table.stock_ent))
    drive.settle()
    assert table.app.toasts[-1].text == (
        "You have drawn this turn: meld if you can, then discard.")
    assert table.session.moves == []


def test_a_click_on_the_stock_while_the_move_before_lands_says_wait(open_table, drive,
                                                                   monkeypatch):
    """Your draw came while the move before it still flew to the table (a buy's cards): a
    click on the stock said "Draw first: click the stock", the very thing just done (pt139).
    It says to wait for that move, and the next click draws."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw", to_move=0))
    monkeypatch.setattr(table.rules, "offering", lambda: False)  # (the move before lands)
    drive.click(drive.center_of(table.stock_ent))
    drive.settle()
    assert table.app.toasts[-1].text == "Wait until the last move has reached the table."
    assert table.session.moves == []
    monkeypatch.undo()
    drive.click(drive.center_of(table.stock_ent))
    drive.settle()
    assert table.session.moves == ["draw"]


def test_with_a_card_chosen_a_click_on_the_pile_still_discards_it(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS))
    drive.click(drive.center_of(next(e for c, e in table.sync.entities("hand") if c == "KS")))
    drive.settle()
    assert table.selected == ["KS"]
    drive.click(drive.center_of(table.sync.entities("discard")[-1][1]))
    drive.settle()
    assert table.session.moves == ["discard KS"]


def test_buy_the_discard_when_offered(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_table(state)
    assert table.legal() == ["buy", "pass"]
    labels = {w.label for w in table.widgets.widgets}
    assert {"Buy (1 chip)", "Pass"} <= labels
    chips = table.state.chips[0]
    perform(drive, table, "buy")
    drive.settle()
    assert table.state.chips[0] == chips - 1
    assert "9S" in hand_codes(table)


def test_lay_off_on_a_meld_by_dropping_a_card(open_table, drive):
    hand = ["7S", "2D", "5C", "9H", "JH", "AC", "4H", "6S"]
    melds = [{"owner": 1, "cards": ["7H", "7D", "7C"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    others = [OTHERS[0][:8], OTHERS[1], OTHERS[2]]
    table = open_table(position([hand] + others, melds=melds,
                                melded=[True, True, False, False]))
    lay = [m for m in table.legal() if m.startswith("add 7S")]
    assert lay
    perform(drive, table, lay[0])
    drive.settle()
    assert table.session.moves == [lay[0]]
    assert sorted(table.state.melds[0].cards) == sorted(["7H", "7D", "7C", "7S"])
    # drawn as shown before, the new card at the set's right end (``layout.meld_order``)
    assert [c for c, _ in table.sync.entities("meld_0")] == ["7H", "7D", "7C", "7S"]


def test_cut_through_the_ui(app, drive):
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 9,
                        {"dealer": 1})
    try:
        session = Session.new(config)
    except ValueError:
        pytest.skip("no dealer option")
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    if table.state.phase != "cut" or not table.mine:
        pytest.skip("the person is not the cutter in this deal")
    cut = table.legal()[len(table.legal()) // 2]
    perform(drive, table, cut)
    drive.settle()
    assert table.session.moves[0] == cut
    assert len(table.state.hands[0]) >= 11
    assert hand_codes(table) == sorted(table.state.hands[0])


def test_meld_by_dropping_the_selection_on_the_table(open_table, drive):
    from scenes.telefunken_table import _grip

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    for code in ("7H", "7D"):
        ent = next(e for c, e in table.sync.entities("hand") if c == code)
        drive.click(_grip(table, ent))
        drive.settle()
    assert sorted(table.selected) == ["7D", "7H"]
    drag_to_table(drive, table, "7C")
    assert table.state.melded[0] and sorted(table.state.melds[0].cards) == ["7C", "7D", "7H"]
    assert table.selected == []


def test_one_card_dragged_onto_the_table_starts_a_meld_in_the_meld_zone(open_table, drive):
    """A newcomer drags the first card of a meld onto the table (the prompt says "drag them
    here"): it was refused; it joins the meld zone and the next ones complete the meld."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    for code in ("7H", "7D"):
        drag_to_table(drive, table, code)
        assert code in table.selected and table.session.moves == []
        assert code in [c for c, _ in table.sync.entities("build")]
    assert table.app.toasts[-1].text == (
        "7♦ waits in the meld zone: add the rest of the meld, then put it down")
    drag_to_table(drive, table, "7C")
    assert table.state.melded[0] and sorted(table.state.melds[0].cards) == ["7C", "7D", "7H"]
    assert table.selected == []


def test_cards_dragged_onto_the_table_that_more_could_lengthen_wait(open_table, drive):
    """Dragging 4♠ 5♠ 6♠ onto the table laid the run at once, though the 7♠ in the hand
    would lengthen it: the three wait in the meld zone, the fourth completes the run."""
    hand = ["7H", "7D", "2C", "4S", "5S", "6S", "7S", "JH", "KS", "AC", "4H"]
    table = open_table(position([hand] + OTHERS, melded=[True, False, False, False],
                                melds=[{"owner": 0, "cards": ["QC", "QD", "QH"]}]))
    for code in ("4S", "5S", "6S"):
        drag_to_table(drive, table, code)
    assert table.session.moves == [] and sorted(table.selected) == ["4S", "5S", "6S"]
    assert table.app.toasts[-1].text.startswith("A meld, and more of your cards could join it")
    drag_to_table(drive, table, "7S")
    assert table.session.moves == ["meld 4S 5S 6S 7S"] and table.selected == []


def test_one_card_dragged_onto_the_table_before_the_draw_is_refused(open_table, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw"))
    drag_to_table(drive, table, "7H")
    assert table.selected == [] and table.app.toasts[-1].text.startswith("Draw first")


def _face_down_in(rect):
    import pygame

    from ecs.components import CardFace, Sprite, Transform
    from ecs.input import entity_rect

    return [face.code for _, (face, sprite, t) in esper.get_components(CardFace, Sprite, Transform)
            if sprite.visible and not face.face_up and t.alpha >= 40
            and pygame.Rect(*entity_rect(t, sprite)).colliderect(rect)]


def test_a_discard_onto_a_full_pile_sends_no_card_into_the_hand(open_table, drive):
    """The pile shows its top four cards: a fifth discard buried the lowest of them, and
    that card flew face down from the pile into the discarder's hand (as if taken)."""
    from game.ai.telefunken import EASY_KEEP

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    # (with so few chips easy buys only a card that completes its contract: KS stays put)
    table = open_table(position([hand] + OTHERS, discard=("5S", "9S", "3D", "QC"),
                                chips=[7] + [EASY_KEEP] * 3))
    perform(drive, table, "discard KS")
    seen = []
    for _ in range(90):  # the whole glide, frame by frame
        drive.step()
        seen += _face_down_in(table.layout["hand"].rect)
    assert table.session.moves[:1] == ["discard KS"]
    assert seen == []
    assert [c for c, _ in table.sync.entities("discard")] == ["9S", "3D", "QC", "KS"]


def test_a_card_uncovered_by_a_buy_stays_on_the_pile(open_table, drive):
    """Buying the top discard uncovers the card under it (the pile shows four): it was
    created at the buyer's seat and flew to the pile, as if the buyer had discarded it."""
    from ecs.components import Transform

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("4C", "5S", "3D", "QC", "9S"), discarder=3, offer=[1, 2])
    table = open_table(state)
    pile = table.layout["discard"].rect
    perform(drive, table, "buy")
    places = []
    for _ in range(90):
        drive.step()
        for code, ent in table.sync.entities("discard"):
            if code == "4C":
                t = esper.component_for_entity(ent, Transform)
                places.append(pile.collidepoint(t.x, t.y))
    assert "9S" in hand_codes(table)
    assert places and all(places)


def test_the_next_seat_sits_on_your_right(open_table):
    """Play goes counter-clockwise, the next seat on your right (rules): along the top row
    the seats after you run from right to left."""
    table = open_table(position([["2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "7H", "7D",
                                  "7C"]] + OTHERS))
    xs = [table.opponent_zone(seat).centerx for seat in (1, 2, 3)]
    assert xs[0] > xs[1] > xs[2]


def test_of_two_identical_cards_the_one_you_move_is_the_one_that_goes(open_table, drive):
    """Two decks: a hand may hold two KS. The copy dragged to the pile (or clicked into the
    selection) is the one that goes; its twin stays in its place in the hand (the first copy
    went and the dragged one glided back)."""
    from scenes.telefunken_table import _grip

    hand = ["7H", "7D", "KS", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    first, second = [e for c, e in table.sync.entities("hand") if c == "KS"]
    drive.drag(_grip(table, first), table.layout["discard"].rect.center, steps=6)
    drive.settle()
    assert table.state.discard[-1] == "KS"
    assert table.sync.entities("discard")[-1][1] == first
    assert [e for c, e in table.sync.entities("hand") if c == "KS"] == [second]
    # clicking a twin into the selection takes that very card
    hand = ["QS", "3D", "QS", "4C", "5H", "6D", "10C", "7C", "5S", "KH", "AD", "7S"]
    table = open_table(position([hand] + OTHERS, discard=("2D",)))
    first, second = [e for c, e in table.sync.entities("hand") if c == "QS"]
    drive.click(_grip(table, first))
    drive.settle()
    assert table.sync.entities("build") == [("QS", first)]
    assert [e for c, e in table.sync.entities("hand") if c == "QS"] == [second]


def test_at_the_end_of_a_deal_the_cards_are_gathered_into_the_pack(open_table, app, drive,
                                                                 monkeypatch):
    """Going out ends the deal: the melds and the pile leave the table towards the stock
    (gathered for the next shuffle), not towards the seat that went out."""
    import scenes.card_sync as card_sync

    flights = []
    real = card_sync.glide

    def recording(ent, x, y, *args, **kwargs):
        flights.append((x, y))
        return real(ent, x, y, *args, **kwargs)

    melds = [{"owner": 0, "cards": ["QS", "QH", "QD"]}, {"owner": 1, "cards": ["5C", "6C", "7C"]}]
    others = [h[:6] for h in OTHERS]
    state = position([["KC"]] + others, melds=melds, melded=[True, True, False, False],
                     deal=2, discard=("2D", "8S"), deal_winners=[1], totals=[0, 0, 0, 0])
    table = open_table(state)
    monkeypatch.setattr(card_sync, "glide", recording)
    perform(drive, table, "discard KC")
    drive.settle()
    flights.clear()  # (the last discard flew onto the pile: the deal ends as it lies)
    app.scenes.top.close()  # the finished deal stays on the table under its summary
    drive.settle()
    assert table.state.deal == 3 and table.state.melds == ()
    stock = table.layout["stock"].rect.center
    assert len(flights) >= 6      # the two melds and the pile, at least
    assert all((round(x), round(y)) == stock for x, y in flights)


def test_every_meld_row_stays_on_the_table_however_crowded(open_table, drive):
    """Four seats' melds, one seat's wrapping onto a second line: the fourth row ran out of
    the table into the prompt below; the meld cards now shrink until every row fits."""
    melds = [{"owner": 0, "cards": ["3H", "3D", "3C"]}, {"owner": 0, "cards": ["5H", "5D", "5C"]},
             {"owner": 1, "cards": ["4H", "4D", "4C"]}, {"owner": 1, "cards": ["6S", "6D", "6C"]},
             {"owner": 2, "cards": ["8H", "8D", "8C"]}, {"owner": 2, "cards": ["9S", "9D", "9C"]},
             {"owner": 3, "cards": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]},
             {"owner": 3, "cards": ["QH", "QD", "QC"]}, {"owner": 3, "cards": ["KH", "KD", "KC"]},
             {"owner": 3, "cards": ["10H", "10D", "10C"]}, {"owner": 3, "cards": ["AH", "AD", "AC"]}]
    hands = [["7C", "2D", "JH", "KS"], ["2C", "9D", "QH"], ["2S", "9H", "5D"], ["3C", "4D"]]
    table = open_table(position(hands, melds=melds, melded=[True] * 4))
    area = table.layout["table"].rect
    assert len(table._meld_rects) == len(melds)
    for rect in table._meld_rects.values():
        assert area.contains(rect), (rect, area)
    for i in range(len(melds)):
        for _, ent in table.sync.entities(f"meld_{i}"):
            assert area.collidepoint(drive.center_of(ent))


def test_going_out_cannot_be_undone_once_the_hands_are_shown():
    """Undo right after going out took back the deal's end after its summary had shown
    what every opponent held."""
    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})
    state = position([hand] + OTHERS, deal=2, deal_winners=[1])
    session = Session(config, rules, state, state)
    meld = next(m for m in rules.legal_moves(state) if m.startswith("meld") and "|" in m)
    session.play(meld)
    assert session.can_undo()  # a meld reveals nothing hidden: it may be taken back
    events = session.play("discard 9S")
    assert any(isinstance(e, rules.Penalties) for e in events)
    assert not session.can_undo()


def test_the_next_deal_waits_for_the_deal_summary(open_table, app, drive):
    """The computer cut and drew for the next deal while the summary of the last one was
    still on its way to the screen: play now resumes only after Continue."""
    from scenes.results import DealSummary

    hand = ["7H", "7D", "7C", "8H", "8D", "8C", "9S"]
    table = open_table(position([hand] + OTHERS, deal=2, deal_winners=[1], dealer=2))
    meld = next(m for m in table.legal() if m.startswith("meld") and "|" in m)
    table.rules.submit(meld)
    drive.settle()
    table.rules.submit("discard 9S")
    for _ in range(600):
        drive.step()
        if isinstance(app.scenes.top, DealSummary):
            break
    assert isinstance(app.scenes.top, DealSummary)
    summary = app.scenes.top  # the one who went out (you) stands on a band (pt80)
    assert summary.highlight_row is not None and summary.rows[summary.highlight_row][0] == "You"
    cutter = rules.to_move(table.rules.state)  # (the table shows the finished deal)
    assert not table.config.seats[cutter].is_human  # the computer would cut at once
    assert table.session.moves[-1] == "discard 9S"
    drive.step(120)
    assert table.session.moves[-1] == "discard 9S"  # nothing behind the summary
    app.scenes.top.close()
    for _ in range(2400):  # (the finished deal's cards are gathered first)
        drive.step()
        if table.session.moves[-1] != "discard 9S":
            break
    assert table.session.moves[-1] != "discard 9S"  # after Continue the next deal goes on
    # the rule itself: with nothing moving, a summary still to show keeps the computer
    # waiting (the AI's move came in the same frame as the end of the animations)
    table.pending_summary = ("Deal 2", "", ["Player"], [["You"]], False, None, None, None)
    table.hold_time = 0.0
    assert table.busy()


def test_the_first_turn_prompt_offers_the_upcard_too(open_table):
    """It said "Your turn: draw" with "Take upcard" lit beside it."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw", first_turn=True))
    assert table.is_legal("take")
    assert table._waiting_text() == "Your turn: draw from the stock, or take the upcard"
    later = open_table(position([hand] + OTHERS, phase="draw"))
    assert later._waiting_text() == "Your turn: draw"


def test_esc_while_dragging_a_card_puts_it_back_without_pausing(open_table, app, drive):
    import pygame

    table = open_table(position([["5C", "7H", "7D", "9S"]] + OTHERS, phase="play"))
    start = drive.center_of(table.sync.entities("hand")[0][1])
    drive.press(start)
    drive.move((start[0] + 40, start[1] - 240), steps=5)
    assert table.drag.held is not None
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is table and table.drag.held is None
    drive.release()
    drive.settle()
    assert hand_codes(table) == ["5C", "7D", "7H", "9S"]  # nothing was played
    assert table.state.phase == "play" and table.session.moves == []


def test_a_card_in_the_hand_stays_there_when_the_table_lays_out_again(open_table, drive):
    """The table lays its cards out again while a card is dragged (another seat's move, a
    sort): the held card stays under the pointer, above the others, and if it is let go on
    nothing it glides to its new place, not its old one."""
    from ecs.components import Held, Transform, ZOrder
    from ecs.drag import HELD_Z

    table = open_table(position([["KS", "2D", "9H", "5C"]] + OTHERS, phase="play"))
    ent = dict(table.sync.entities("hand"))["KS"]
    start = drive.center_of(ent)
    drive.press(start)
    drop = (start[0] + 30, start[1] - 200)
    drive.move(drop, steps=5)
    assert table.drag.held == ent and esper.has_component(ent, Held)
    table.sort("suit" if table.sort_mode == "rank" else "rank")  # the hand is laid out anew
    drive.step(30)
    t = esper.component_for_entity(ent, Transform)
    assert (t.x, t.y) == pytest.approx(drop, abs=2)  # still in the hand
    assert esper.component_for_entity(ent, ZOrder).z == HELD_Z
    new_home = esper.component_for_entity(ent, Held).home
    assert new_home is not None
    drive.release((640, 5))  # on nothing: back to its place in the new order
    drive.settle()
    assert not esper.has_component(ent, Held)
    t = esper.component_for_entity(ent, Transform)
    slot = table._slots["hand"][[e for _, e in table.sync.entities("hand")].index(ent)]
    assert (t.x, t.y) == pytest.approx(slot[:2], abs=2)


def cut_table(app, drive):
    """A table where the person is to cut (Seat 2 deals; easy computers)."""
    config = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 9,
                        {"dealer": 1})
    table = TelefunkenTable(app, config, Session.new(config))
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.state.phase == "cut" and table.mine
    return table


def test_a_banner_during_your_cut_stands_clear_of_the_pack(app, drive):
    """A new deal's banner ("Deal 2: two trios") stood over the spread pack, its cut marker
    and the instruction above it for 2.4 s while the cutter was asked to drag along it."""
    from scenes.telefunken import words
    from scenes.telefunken.table import CUT_WORDS_ABOVE

    table = cut_table(app, drive)
    within = table.layout["table"].rect
    text = words.new_deal(2)
    box, _images = table.place_banner(text, within)
    pack = table.cut_strip().inflate(0, 2 * CUT_WORDS_ABOVE)
    assert within.contains(box) and not box.colliderect(pack), (box, pack)


def test_esc_during_the_cut_drag_cuts_nothing(app, drive):
    """Esc while dragging along the pack opened the pause menu and left the drag going: the
    marker followed the pointer with no button held and the next click anywhere cut."""
    table = cut_table(app, drive)
    strip = table.cut_strip()
    before = table.cut_at
    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 10, strip.centery), steps=4)
    assert table._cutting and table.cut_at != before
    drive.key(pygame.K_ESCAPE)
    drive.release((strip.right - 10, strip.centery))
    drive.settle()
    assert app.scenes.top is table and not table._cutting  # Esc stopped the drag only
    assert table.session.moves == []
    # (the pointer still over the pack, the marker follows it, pt100; off it, the count
    # from before the drag comes back)
    drive.move((strip.centerx, strip.bottom + 120))
    assert table.cut_at == before
    drive.move((strip.x + 5, strip.centery), steps=3)
    drive.click(table.layout["hand"].rect.center)  # elsewhere: no cut
    drive.settle()
    assert table.session.moves == []
    # a drag whose release a menu took (the menu opened over it): the next press elsewhere
    # starts afresh and cuts nothing
    from scenes.pause import PauseMenu

    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 10, strip.centery), steps=4)
    app.scenes.push(PauseMenu(app, table), transition=None)
    drive.release((strip.right - 10, strip.centery))
    app.scenes.pop(transition=None)
    drive.click(table.layout["hand"].rect.center)
    drive.settle()
    assert table.session.moves == [] and not table._cutting


def test_the_deal_summary_shows_the_cards_left_in_each_hand(app, drive):
    """The summary gave only the penalty points: the table was dealt again at once and
    nobody could check them. It lists each hand's cards left, in the rows' order."""
    import random as rnd

    from game.ai import telefunken as ai
    from scenes.results import DealSummary

    state, rng = rules.new_game(3, seed=5), rnd.Random(5)
    while True:
        move = ai.choose(rules.view(state, rules.to_move(state)), rules.legal_moves(state),
                         "easy", rng)
        after, events = rules.play_events(state, move)
        if any(isinstance(e, rules.Penalties) for e in events):
            break
        state = after
    people = GameConfig("telefunken", (Seat("human"),) * 3, 5, {})
    table = TelefunkenTable(app, people, Session(people, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    table.rules.submit(move)
    drive.settle(900)
    summary = app.scenes.top
    assert isinstance(summary, DealSummary) and summary.details
    # the next deal is announced once the summary of this one is closed, not behind it
    assert not (table.banner and table.banner[0].startswith("Deal 2"))
    penalties = next(e for e in events if isinstance(e, rules.Penalties))
    assert any(isinstance(e, rules.WentOut) for e in events)
    order = sorted(range(3), key=lambda p: penalties.totals[p])
    for p, line in zip(order, summary.details):
        if p == state.seat:
            assert line == []  # the one who went out
            continue
        assert [text for text, _ in line] == [words_cards(c) for c in state.hands[p]]
        assert rules.hand_penalty(state.hands[p]) == penalties.points[p]
    summary.close()
    drive.step(2)
    assert app.scenes.top is table and table.banner and table.banner[0].startswith("Deal 2")


def words_cards(code):
    from scenes.telefunken import words

    return words.cards([code])


def test_a_card_dropped_on_the_stock_says_where_cards_go(open_table, app, drive):
    """A card dragged onto the stock glided back without a word."""
    from scenes.telefunken_table import _grip

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    ent = next(e for c, e in table.sync.entities("hand") if c == "KS")
    app.toasts.clear()
    drive.drag(_grip(table, ent), table.layout["stock"].rect.center)
    drive.settle()
    assert table.session.moves == [] and "KS" in hand_codes(table)
    assert app.toasts[-1].text.startswith("Nothing goes back onto the stock")


@pytest.mark.parametrize("size", [8, 11, 14, 27])
def test_the_outer_cards_of_the_hand_keep_clear_of_its_panel(app, drive, size):
    """The leftmost card of an 11-card hand touched the hand panel's edge (a play-tester)."""
    deck = [c for c in rules.deck() if c != "JK"]
    hand = deck[:size]
    others = [deck[30:41], deck[41:52], deck[52:63]]
    state = position([hand] + others, discard=(deck[70],))
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.move((5, 5))
    drive.step(30)
    table.world.activate()
    zone = table.layout["hand"].rect
    for _, ent in table.sync.entities("hand"):
        drawn = table.render.drawn(ent)
        assert drawn is not None
        image, topleft = drawn
        box = image.get_rect(topleft=topleft)
        assert box.left >= zone.left + 6 and box.right <= zone.right - 6, (box, zone)


def test_between_people_the_contract_panels_chips_name_their_seat(app, drive, monkeypatch):
    """The chip dots under the contract are the chips of whoever's cards are in view (or come
    next, under the cover); between people a play-tester could not tell whose they were:
    they are named then (whole, in every language), and only then."""
    from game import i18n
    from tests.test_i18n import drawn_text

    hand = ["4H", "5H", "6H", "7C", "7D", "7S", "KS", "QS", "JH", "10C", "9S"]
    state = position([hand] + OTHERS, phase="draw", chips=[7, 5, 7, 7])
    people = (Seat("human"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"))
    for seats, named in ((people, True), (CONFIG.seats, False)):
        config = GameConfig("telefunken", seats, 4, {})
        table = TelefunkenTable(app, config, Session(config, rules, state, state))
        app.scenes.reset(table, transition=None)
        drive.settle()
        texts = [t for t, _ in drawn_text(table, monkeypatch)]
        assert ("Seat 1: 7 chips" in texts) == named
        if named:
            for lang, words in (("fa", "جایگاه 1: 7 چیپ"), ("vi", "Ghế 1: 7 chip")):
                with i18n.speaking(lang):
                    texts = [t for t, _ in drawn_text(table, monkeypatch)]
                assert words in texts, (lang, [t for t in texts if ":" in t])


@pytest.mark.parametrize("order, expected, stands", [
    (("5H", "6H", "JK"), ("5H", "6H", "JK"), "7♥"),  # the joker chosen last: the high end
    (("JK", "5H", "6H"), ("JK", "5H", "6H"), "4♥"),  # chosen first: the low end
])
def test_a_joker_chosen_last_or_first_stands_at_that_end_of_a_run(open_table, drive, order,
                                                                  expected, stands):
    """A play-tester melding 5♥ 6♥ and the joker always had the joker as 4♥, whatever the
    order: the end a run's joker may take either way follows the order the cards are
    chosen in, and the meld zone names the card it will stand for before Meld (another
    play-tester read it only in the log, after)."""
    from scenes.telefunken_table import _grip

    hand = ["5H", "6H", "JK", "7C", "7D", "7S", "KS", "QS", "JH", "10C", "9S"]
    table = open_table(position([hand] + OTHERS, melds=[{"owner": 0, "cards": ["QH", "QD", "QC"]}],
                                melded=[True, False, False, False]))
    for code in order:
        ent = next(e for c, e in table.sync.entities("hand") if c == code)
        drive.click(_grip(table, ent))
        drive.settle()
    assert list(table.selected) == list(order)
    assert f"(the joker as {stands})" in table.selection_move()[1]
    table.confirm()
    drive.settle()
    assert table.state.melds[-1].cards == expected


def test_undo_gives_back_a_hand_in_your_own_order(open_table, app, drive):
    """A card dragged to the hand's left end, a lay-off, Ctrl+Z: the hand came back sorted
    by rank, the joker at its right again (pt55). It comes back as it stood."""
    from scenes.telefunken.moves import grip

    hand = ["7S", "2D", "5C", "9H", "JH", "AC", "4H", "JK"]
    melds = [{"owner": 1, "cards": ["7H", "7D", "7C"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    others = [OTHERS[0][:8], OTHERS[1], OTHERS[2]]
    table = open_table(position([hand] + others, melds=melds,
                                melded=[True, True, False, False]))
    joker = next(e for c, e in table.sync.entities("hand") if c == "JK")
    left = table.layout["hand"].rect.left + 4
    drive.drag(grip(table, joker), (left, table.layout["hand"].rect.centery), steps=6)
    drive.settle()
    assert table.sort_mode == "custom" and table.order[0] == "JK"
    before = list(table.order)
    perform(drive, table, "add 7S to 0")
    drive.settle()
    assert table.session.moves == ["add 7S to 0"] and "7S" not in table.order
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = drive.scene
    assert table.session.moves == []
    assert table.order == before
    assert [c for c, _ in table.sync.entities("hand")] == before


def test_undo_of_a_meld_gives_back_its_cards_at_their_places_in_your_own_order(open_table,
                                                                               drive):
    from scenes.telefunken.moves import grip

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_table(position([hand] + OTHERS))
    king = next(e for c, e in table.sync.entities("hand") if c == "KS")
    left = table.layout["hand"].rect.left + 4
    drive.drag(grip(table, king), (left, table.layout["hand"].rect.centery), steps=6)
    drive.settle()
    before = list(table.order)
    assert before[0] == "KS" and table.sort_mode == "custom"
    meld = next(m for m in table.legal() if m.startswith("meld ") and Counter(
        m[5:].replace("|", " ").split()) == Counter(["7H", "7D", "7C"]))
    perform(drive, table, meld)
    drive.settle()
    assert table.state.melded[0]
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = drive.scene
    assert not table.state.melded[0]
    assert [c for c, _ in table.sync.entities("hand")] == before


def test_a_lay_off_as_the_hint_said_is_the_hints_move(app, drive):
    """The hint said "lay 5♥ 5♣ off on Seat 2's set" and the drop of those cards there freed
    the set's joker instead, the joker coming into the hand (pt117). A drop elsewhere on the
    set lays them off (pt121); a drop on the joker frees it, hint or none: with the hint it
    laid them off, saying that on the joker they would have freed it (pt142)."""
    from scenes.telefunken_table import _grip
    from tests.test_telefunken_rules import melded_position

    state = melded_position("5H 5D 9D 2S", melds=[(1, "5S 5H 5C JK")])
    assert {"add 5H 5D to 3", "free 3 with 5H 5D"} <= set(rules.legal_moves(state))
    for hinted, made in ((None, "free 3 with 5H 5D"), ("add 5H 5D to 3", "free 3 with 5H 5D")):
        table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
        app.scenes.push(table, transition=None)
        drive.settle()
        if hinted:
            table._apply_hint(hinted)
        for code in ("5H", "5D"):
            drive.click(_grip(table, next(e for c, e in table.sync.entities("hand")
                                          if c == code)))
            drive.settle()
        joker = next(e for c, e in table.sync.entities("meld_3") if c == "JK")
        at = esper.component_for_entity(joker, Transform)
        drive.drag(drive.center_of(table.sync.entities("build")[0][1]), (round(at.x),
                                                                          round(at.y)), steps=6)
        drive.settle()
        assert table.session.moves == [made]
        app.scenes.pop(transition=None)


def test_a_meld_rows_label_moves_with_its_cards(app, drive):
    """When a new meld re-flows the table's rows, the labels jumped to their new places
    while the cards still glided there: for a frame "Seat 2" stood beside another seat's
    cards (pt115, pt116). A label whose row moved waits for its cards."""
    state = position([["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H"],
                      OTHERS[0][:8], OTHERS[1], OTHERS[2][:10]],
                     melds=[{"owner": 1, "cards": ["5S", "5H", "5C"]}],
                     melded=[False, True, False, False], discard=("7S",))
    table = TelefunkenTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.step()
    [(owner, before)] = table.labels_shown()
    assert owner == 1
    table.rules.submit(next(m for m in rules.legal_moves(table.state) if m.startswith("meld")))
    drive.step()
    assert table.animating
    rows = dict(table._owner_rows)
    assert rows[1] != before  # seat 1's row moved down under the new one
    assert 1 not in dict(table.labels_shown())  # ... its label waits for its cards
    drive.settle()
    drive.step()
    assert dict(table.labels_shown()) == rows


def test_the_logs_newer_count_is_never_cut_short(app, drive, monkeypatch):
    """In Vietnamese the scrolled log's note read "12 nước mới hơ…" in Telefunken's narrow
    panel (pt119): where the sentence does not fit, the count stands alone with its arrow."""
    import random

    from game import i18n
    from tests.test_zetema_table import drawn_log_words

    session = Session.new(CONFIG)
    rng = random.Random(2)
    while len(session.moves) < 80:
        session.play(rng.choice(rules.legal_moves(session.state)))
    i18n.set_language("vi")
    table = TelefunkenTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table.log_scroll = table._log_scrolled(12)
    notes = drawn_log_words(app, table, monkeypatch)
    assert table.log_scroll
    note = next(n for n in notes if "↓" in n)
    assert "…" not in note and note.split()[0].isdigit() and int(note.split()[0]) >= 10


def test_the_row_of_other_seats_stands_centred(open_table, app):
    """The top row has room for five other seats; three stood at its left end, the right
    half of the row empty (as in Zetema, pt117). They now stand centred on the table."""
    table = open_table(position([["7H", "7D", "2D"]] + OTHERS))
    zones = sorted((table.opponent_zone(seat) for seat in (1, 2, 3)), key=lambda r: r.x)
    assert abs((zones[0].x + zones[-1].right) / 2 - app.size[0] // 2) <= 2
    assert zones[1].x - zones[0].right == zones[2].x - zones[1].right == 12


def test_your_draw_from_the_stock_is_tagged_new_until_your_next_move(open_table, drive):
    """A card drawn from the stock slid into the sorted hand unmarked, and a person chose the
    wrong cards (pt137): it wears "new" (Zetema's word) until your next move."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    table = open_table(position([hand] + OTHERS, phase="draw", to_move=0))
    drive.click(drive.center_of(table.stock_ent))
    drive.settle()
    assert table.session.moves == ["draw"]
    new = [m for m in table.marks.marks.get(0, []) if m.label == "new"]
    assert len(new) == 1 and len(new[0].entities) == 1
    [ent] = new[0].entities
    codes = dict((e, c) for c, e in table.sync.entities("hand"))
    assert ent in codes
    drawn = codes[ent]
    assert (Counter(table.state.hands[0]) - Counter(hand)) == Counter([drawn])
    table.rules.submit(f"discard {next(c for c in hand if c != drawn)}")
    drive.settle()
    assert not [m for m in table.marks.marks.get(0, []) if m.label == "new"]
