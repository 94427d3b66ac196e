"""The Zetema table driven through real mouse events: discards, melds, marriages, sorting."""

from __future__ import annotations

from collections import Counter

import esper
import pygame
import pytest

from ecs.components import DropTarget, Selected, Transform
from ecs.tween import is_animating
from game.catalog import GameConfig, Seat
from game.rules import zetema as rules
from game.session import Session
from scenes.zetema_table import ZetemaTable, perform

CONFIG = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})


def position(hand0, hand1, piles=None, marriage=(), to_move=0, phase="meld"):
    piles = {r: list(piles.get(r, [])) if piles else [] for r in rules.RANKS}
    used = Counter(hand0) + Counter(hand1) + Counter(c for p in piles.values() for c in p) \
        + Counter(marriage)
    stock = list((Counter(rules.deck("S")) - used).elements())
    return rules.load({"players": 2, "dealer": 1, "to_move": to_move, "phase": phase,
                       "hands": [list(hand0), list(hand1)], "stock": stock, "piles": piles,
                       "marriage_pile": list(marriage), "scores": [0, 0]})


@pytest.fixture
def open_table(app, drive):
    def make(state=None):
        session = Session(CONFIG, rules, state, state) if state is not None else None
        table = ZetemaTable(app, CONFIG, session)
        app.scenes.push(table, transition=None)
        drive.settle()
        return table
    return make


def hand_ent(table, code):
    return next(e for c, e in table.hand if c == code)


def pile_centre(table, rank):
    return table.layout[f"pile_{rank}"].rect.center


def last_card_of_the_deal(scores=(40, 60), dealer: int = 1) -> rules.State:
    """The deal's last card: the 9♦ in the first seat's hand (its turn), every other card
    of the deck on its pile; one seat per score."""
    piles = {r: [] for r in rules.RANKS}
    for card in (Counter(rules.deck("S")) - Counter(["9D"])).elements():
        piles[card[:-1]].append(card)
    return rules.load({"players": len(scores), "dealer": dealer, "to_move": 0, "phase": "meld",
                       "hands": [["9D"]] + [[] for _ in scores[1:]], "stock": [],
                       "piles": piles, "marriage_pile": [], "scores": list(scores)})


def play_the_last_card(app, drive, table, frames: int = 300, each_frame=None):
    """Drag the 9♦ onto its pile and step until the deal's summary opens; the top scene.
    ``each_frame()`` is called before every frame stepped."""
    from scenes.results import DealSummary

    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    for _ in range(frames):
        if each_frame is not None:
            each_frame()
        drive.step()
        if isinstance(app.scenes.top, DealSummary):
            break
    return app.scenes.top


def test_table_shows_the_state(open_table):
    table = open_table()
    state = table.state
    assert Counter(c for c, _ in table.hand) == Counter(state.hands[0])
    assert len(table.hand) == 7 if state.seat == 0 else 6


def test_discard_by_dragging_onto_its_pile(open_table, drive):
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    drive.settle()
    assert table.state.piles[rules.RANK_INDEX["9"]] == ("9D",) or \
        "9D" in table.session.log[0]
    assert table.session.moves[0] == "discard 9D"
    assert "9D" not in [c for c, _ in table.hand]
    ent = table.piles[rules.RANK_INDEX["9"]][0][1]
    rect = table.layout["pile_9"].rect
    assert rect.collidepoint(esper.component_for_entity(ent, Transform).x,
                             esper.component_for_entity(ent, Transform).y)


def test_only_its_own_pile_accepts_a_card(open_table, app, drive):
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    ent = hand_ent(table, "5C")
    drive.press(drive.center_of(ent))
    drive.move((640, 420), steps=4)
    glowing = {d.name for _, d in esper.get_component(DropTarget) if d.active and d.valid}
    assert glowing == {"pile_5", "meld", "hand"}
    drive.move(pile_centre(table, "6"), steps=4)
    drive.release()
    drive.settle()
    assert table.session.moves == []
    assert app.toasts[-1].text == "5♣ goes on the pile of its rank, the 5 pile."


def test_select_name_and_declare_a_straight_flush_then_discard_a_shown_card(open_table, drive):
    table = open_table(position(["2H", "3H", "4H", "5H", "6H", "7H", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    for code in ("2H", "3H", "4H", "5H", "6H", "7H"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.settle()
    move, text = table.selection_meld()
    assert move == "meld straightflush 2H 3H 4H 5H 6H 7H"
    assert text == "Straight flush · 50 points"
    meld = next(w for w in table.widgets.widgets if w.label == "Meld")
    assert meld.enabled
    drive.click(meld.rect.center)
    drive.settle()
    assert table.state.scores[0] == 50 and table.state.phase == "discard"
    assert sorted(c for c, _ in table.selection) == sorted(table.state.shown)
    # only a shown card may be discarded now
    drive.drag(drive.center_of(hand_ent(table, "KS")), pile_centre(table, "K"))
    drive.settle()
    assert table.state.phase == "discard"
    shown_4h = next(e for c, e in table.selection if c == "4H")
    drive.drag(drive.center_of(shown_4h), pile_centre(table, "4"))
    drive.settle()
    assert table.session.moves[-1] == "discard 4H" or table.session.moves[1] == "discard 4H"
    assert table.state.piles[rules.RANK_INDEX["4"]][0] == "4H"
    assert "2H" in [c for c, _ in table.hand]  # the other shown cards came back


def test_marriage_with_a_queen_from_the_pile(open_table, drive):
    table = open_table(position(["KH", "5C", "9D", "JS", "2S", "4S", "7C"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"],
                                piles={"Q": ["QH"]}))
    queen = table.piles[rules.QUEEN][0][1]
    drive.drag(drive.center_of(queen), table.layout["meld"].rect.center)
    drive.settle()
    drive.click(drive.center_of(hand_ent(table, "KH")))
    move, text = table.selection_meld()
    assert move == "meld marriage KH QH@pile" and text == "Marriage · 10 points"
    drive.click(next(w for w in table.widgets.widgets if w.label == "Meld").rect.center)
    drive.settle()
    assert table.state.marriage_pile == ("KH", "QH")
    assert table.state.piles[rules.QUEEN] == ()
    assert table.state.scores[0] == 10
    assert len(table.marriage) == 2
    # the married cards lose the outline of the meld zone's choice (it stayed on the pile
    # for the rest of the game and read as another seat's mark)
    assert not any(esper.has_component(e, Selected) for _, e in table.marriage)
    # ... and the marriage is the seat's last move, outlined on the marriage pile
    married = {e for _, e in table.marriage}
    assert any(set(m.entities) == married for m in table.marks.marks.get(0, []))


def test_clear_returns_selected_cards(open_table, drive):
    table = open_table(position(["2H", "3H", "4H", "5H", "6H", "7H", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    drive.click(drive.center_of(hand_ent(table, "2H")))
    drive.click(drive.center_of(hand_ent(table, "3H")))
    assert len(table.selection) == 2
    drive.click(next(w for w in table.widgets.widgets if w.label == "Clear").rect.center)
    drive.settle()
    assert table.selection == [] and len(table.hand) == 7


def test_sort_and_reorder_the_hand(open_table, drive):
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    assert [c for c, _ in table.hand] == ["2H", "4S", "5C", "7C", "9D", "JS", "KH"]
    drive.click(next(w for w in table.widgets.widgets if w.label == "By suit").rect.center)
    assert [c for c, _ in table.hand] == ["4S", "JS", "2H", "KH", "9D", "5C", "7C"]
    drive.settle()
    first = table.hand[0][1]
    x_last = drive.center_of(table.hand[-1][1])
    drive.drag(drive.center_of(first), (x_last[0] + 40, x_last[1]))
    drive.settle()
    assert table.hand[-1][1] == first and table.sort_mode == "custom"
    assert table.session.moves == []


def test_ai_reply_is_animated_and_logged(open_table, drive):
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    drive.drag(drive.center_of(hand_ent(table, "2H")), pile_centre(table, "2"))
    for _ in range(600):
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            break
    assert len(table.session.moves) >= 2
    assert table.session.log[0] == "You discarded 2♥"  # as the card shows it
    assert table.session.log[1].startswith("Seat 2 ")
    assert Counter(c for c, _ in table.hand) == Counter(table.state.hands[0])
    for rank, pile in enumerate(table.piles):
        assert [c for c, _ in pile] == list(table.state.piles[rank])


def test_undo_a_meld_before_discarding(open_table, drive):
    import pygame

    table = open_table(position(["2H", "3H", "4H", "5H", "6H", "7H", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    for code in ("2H", "3H", "4H", "5H", "6H", "7H"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.click(next(w for w in table.widgets.widgets if w.label == "Meld").rect.center)
    drive.settle()
    assert table.state.scores[0] == 50
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = drive.scene
    assert table.state.scores[0] == 0 and table.state.phase == "meld"
    assert sorted(c for c, _ in table.hand) == sorted(table.state.hands[0])
    assert table.selection == [] and table.session.moves == []


def test_two_people_at_one_screen_hide_the_hand_between_turns(app, drive):
    config = GameConfig("zetema", (Seat("human"), Seat("human")), 3, {"double": "S"})
    state = position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                     ["3H", "3D", "6S", "8C", "10H", "QD", "AC"])
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    from ecs.components import CardFace

    assert table.viewer == 0 and table.curtain  # a game between people starts covered
    assert not any(esper.component_for_entity(e, CardFace).face_up for _, e in table.hand)
    drive.lift_cover(table)
    assert not table.curtain
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    drive.settle()
    assert table.viewer == 1 and table.curtain

    assert not any(esper.component_for_entity(e, CardFace).face_up for _, e in table.hand)
    drive.lift_cover(table)
    assert not table.curtain
    assert sorted(c for c, _ in table.hand) == sorted(table.state.hands[1])
    assert all(esper.component_for_entity(e, CardFace).face_up for _, e in table.hand)


def summary_of_the_last_deal(app, drive):
    """(table, the scene on top) once the person, against an easy computer, has played the
    deal's last card (the top is then the deal's summary)."""
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal()
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    play_the_last_card(app, drive, table, frames=200)
    return table, drive.scene


def test_end_of_deal_summary_then_play_goes_on(app, drive, monkeypatch):
    from scenes.results import DealSummary
    from scenes.zetema import words as zetema_words

    banners = []
    real = zetema_words.zetema_banner
    monkeypatch.setattr(zetema_words, "zetema_banner",
                        lambda *args: banners.append(real(*args)) or banners[-1])
    table, summary = summary_of_the_last_deal(app, drive)
    assert isinstance(summary, DealSummary) and summary.title == "Deal 1 is over"
    assert table.rules.state.deal == 2
    you = next(r for r in summary.rows if r[0] == "You")
    assert you == ["You", "+5", "1", "45"]  # the fifth nine: a zetema of nines
    assert banners == ["You: zetema of nines!  +5"]  # (it did not say whose)
    drive.settle()
    # under the summary the table still shows the deal that ended: its piles, no hand
    assert table.hand == [] and sum(len(p) for p in table.piles) == 65
    assert [c for c, _ in table.piles[rules.RANKS.index("9")]][-1] == "9D"
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.step()
    assert table.banner[0] == "Deal 2: new cards are dealt"
    # the old deal's last moves go with it (an outline flew with a card back to the stock)
    assert not any(table.marks.marks.values())
    drive.settle()
    assert drive.scene is table
    # closed: the piles are gathered and the next deal comes out of the stock
    assert table.state is table.rules.state and table.state.deal == 2
    assert [[c for c, _ in p] for p in table.piles] == [list(p) for p in table.state.piles]
    assert sum(len(p) for p in table.piles) < 3
    assert Counter(c for c, _ in table.hand) == Counter(table.state.hands[0])


def test_the_first_draw_of_a_new_deal_is_tagged_new_too(app, drive):
    """The first seat's draw at a new deal had no "new" tag, only the later draws (pt127)."""
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal(dealer=0)  # (seat 1 deals the next deal: you play first)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    summary = play_the_last_card(app, drive, table, frames=200)
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    assert table.state.deal == 2 and table.state.seat == 0
    events = rules.play_events(table.session.befores[-1], table.session.moves[-1])[1]
    [drawn] = [e.cards for e in events if isinstance(e, rules.CardsDrawn) and e.seat == 0]
    assert sorted(c for c, e in table.hand if e in table.fresh) == sorted(drawn)


def test_esc_on_a_deal_summary_pauses_and_deals_nothing(app, drive):
    """A play-tester pressed Esc on the summary to reach the pause menu: the summary closed
    and the next deal was dealt behind their back. Esc now pauses over it; Resume comes back
    to the summary; Restart from there starts a new game with no summary left over."""
    from scenes.pause import PauseMenu
    from scenes.results import DealSummary

    table, summary = summary_of_the_last_deal(app, drive)
    assert isinstance(summary, DealSummary)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(drive.scene, PauseMenu) and drive.scene.table is table
    assert app.scenes.stack[-2] is summary
    dealt = "Deal 2: new cards are dealt"
    assert table.hand == [] and (table.banner or ("",))[0] != dealt  # nothing dealt
    drive.key(pygame.K_ESCAPE)  # resume: the summary again
    drive.settle()
    assert drive.scene is summary and table.hand == []
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = drive.scene
    drive.click(next(w for w in pause.widgets.widgets if w.label == "Restart").rect.center)
    drive.click(next(w for w in pause.widgets.widgets if w.label == "Restart").rect.center)
    drive.settle()
    assert isinstance(drive.scene, ZetemaTable) and drive.scene is not table
    assert not any(isinstance(s, (DealSummary, PauseMenu)) or s is table
                   for s in app.scenes.stack)


def test_a_discards_tag_stands_at_its_foot_leaving_the_pile_readable(open_table, drive,
                                                                      monkeypatch):
    """The tag of a discard stands on the card's bottom edge: on its top edge it covered the
    pile's header or, on a pile with cards, the rank and suit of the card beneath."""
    from ecs.components import Sprite
    from scenes import theme
    from scenes.zetema import layout
    from tests.test_marks import record_tags

    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"],
                                piles={"9": ["9S", "9H"]}))
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    drive.settle()
    drawn = record_tags(monkeypatch)
    table.marks.draw(drive.app.screen)
    (tag,) = drawn
    pile = table.piles[rules.RANK_INDEX["9"]]
    ent = pile[-1][1]
    t = esper.component_for_entity(ent, Transform)
    height = esper.component_for_entity(ent, Sprite).image.get_height()
    assert tag.top >= t.y  # in the lower half of the discard, its own foot
    assert tag.bottom <= t.y + height / 2 + 8
    below = esper.component_for_entity(pile[-2][1], Transform)
    strip_bottom = t.y - height / 2  # the card beneath shows above the discard's top edge
    assert tag.top > strip_bottom and below.y < t.y
    rect = table.layout["pile_9"].rect
    header = max(rect.y + 4 + theme.text("9", 16, theme.INK, "bold").get_height(),
                 rect.y + 6 + theme.text("1/5", 13, theme.INK, "bold").get_height())
    assert tag.top >= header
    last = layout.pile_slot(rect, 0, 4)  # the fifth card still ends near the pile's bottom
    assert last[1] + 45 <= rect.bottom + 4


def test_your_discard_does_not_rise_under_the_pointer_on_its_pile(open_table, drive):
    """A card you discarded kept the hand's hover lift: left under the pointer after the
    drop it rose on its pile (unlike the other discards) and its tag covered the pile's
    count; on a pile only a king or queen you may take back rises."""
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    drive.settle()
    ent = table.piles[rules.RANK_INDEX["9"]][0][1]
    drive.move(drive.center_of(ent), steps=3)  # the pointer rests on the discarded card
    drive.step(30)
    assert esper.component_for_entity(ent, Transform).dy == 0


@pytest.mark.parametrize("entries", [3, 40])
def test_the_score_sheet_lines_never_touch_its_scroll_hint(open_table, monkeypatch, entries):
    """In a replay (a shorter sheet) the last line ran into "wheel: 19 entries"."""
    import scenes.zetema.panels as panels_module
    from tests.test_marks import record_calls

    table = open_table()
    table.sheet = [(k % 2, 5, "zetema of eights", 1) for k in range(entries)]
    box = pygame.Rect(table.sheet_rect())
    monkeypatch.setattr(type(table), "sheet_rect", lambda self: pygame.Rect(box))
    drawn = record_calls(monkeypatch, panels_module, "blit_line")
    for height in range(120, 330, 7):  # whatever room the sheet gets
        box.height = height
        drawn.clear()
        table._draw_sheet(table.app.screen)
        rows = [r for s, r in drawn if "Zetema" in s or s.startswith("+")]
        hint = [r for s, r in drawn if s.startswith("wheel")]
        for r in rows:
            assert r.bottom <= box.bottom - 4, (height, r, box)
            assert not any(r.colliderect(h) for h in hint), (height, r, hint)
        assert bool(hint) == (len(rows) // 2 < entries)


def test_a_card_picked_up_on_the_computers_turn_may_be_played_once_yours_comes(app, drive):
    """Picked up while the computer plays, held as it finishes and your turn comes (a card
    is drawn into your hand, the hand laid out anew): the card stays under the pointer, is
    judged again, and is played where it is dropped."""
    from ecs.components import Held

    state = position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                     ["3H", "3D", "6S", "8C", "10H", "QD", "AC"], to_move=1)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.step(2)
    assert not table.rules.human_to_move()
    start = drive.center_of(hand_ent(table, "9D"))
    drive.press(start)
    drive.move((start[0] + 20, start[1] - 150), steps=4)
    ent = table.drag.held
    code = next(c for c, e in table.hand if e == ent)
    for _ in range(900):
        drive.step()
        if table.rules.offering():
            break
    assert table.rules.offering() and table.drag.held == ent
    assert esper.has_component(ent, Held)
    rank = code[:-1]
    drive.move(pile_centre(table, rank), steps=4)
    drive.release()
    drive.settle()
    assert table.session.moves[-1] == f"discard {code}"
    assert ent not in [e for _, e in table.hand]


def test_cards_fade_into_and_out_of_another_seats_panel(app, drive):
    """The panel's words are drawn over cards: a card flying into an opponent's panel
    fades out on its way in, and one it plays fades in on its way out, not passing under
    the words whole."""
    from ecs.components import Sprite, ZOrder
    from scenes.zetema.layout import Z_FLY

    state = position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                     ["3H", "3D", "6S", "8C", "10H", "QD"], to_move=0)  # it draws on its turn
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    panel = table.opponent_zone(1)
    seen, first = [], {}
    known = {ent for ent, _ in esper.get_component(Transform)}
    for _ in range(600):
        drive.step()
        for ent, (t, _s, order) in esper.get_components(Transform, Sprite, ZOrder):
            if Z_FLY <= order.z < Z_FLY + 10 and panel.collidepoint(t.x, t.y):
                seen.append(t.alpha)
            if ent not in known and ent not in first:
                first[ent] = ((t.x, t.y), t.alpha)
    assert seen, (table.session.moves, "no card flew into the opponent's panel")
    assert min(seen) < 60  # faded as it went in
    # ... and the card it discarded comes out of its panel fading in
    out_of_panel = [alpha for (x, y), alpha in first.values()
                    if abs(x - panel.centerx) < 2 and abs(y - panel.centery) < 2]
    assert out_of_panel and max(out_of_panel) < 60, (panel.center, list(first.values()))


def test_your_score_stands_at_the_reading_side_of_the_hand_in_persian(open_table, app, drive,
                                                                       monkeypatch):
    """In Persian the sort buttons are on the left of the hand, and your name and score stood
    right of centre (the room beside the buttons was not mirrored): it reads from the right."""
    from game import i18n
    from scenes import theme
    from scenes.zetema import words
    from tests.test_marks import record_calls

    i18n.set_language("fa")
    try:
        table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                    ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
        label = words.seat_score(table.seat_name(0), 0)
        said = record_calls(monkeypatch, theme, "blit_text")
        table.draw(app.screen)
        drawn = [rect for text, rect in said if text == label]
        hand = table.layout["hand"].rect
        buttons = [w.rect for w in table.widgets.widgets if w.rect.colliderect(hand)]
        assert drawn and buttons
        assert max(b.right for b in buttons) < hand.centerx  # the sort buttons: on the left
        assert drawn[0].right >= hand.right - 16  # the label: from the right edge
        assert not any(drawn[0].colliderect(b) for b in buttons)
    finally:
        i18n.set_language("en")


def test_the_hint_goes_when_another_card_is_chosen(open_table, drive):
    """The hint's outlines stayed on the hand after the person chose other cards; choosing
    the hint's own cards keeps them."""
    from ecs.components import Glow

    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    table._apply_hint("meld flush 2H 4H 6H 8H 10H QH")

    def glowing():
        return {c for c, e in table.hand + table.selection if esper.has_component(e, Glow)}

    assert glowing() == {"2H", "4H", "6H", "8H", "10H", "QH"}
    drive.click(drive.center_of(hand_ent(table, "2H")))
    drive.settle()
    assert table.hint is not None and "4H" in glowing()
    drive.click(drive.center_of(hand_ent(table, "KS")))
    drive.settle()
    assert table.hint is None and glowing() == set()


def computers_turn(app, drive) -> ZetemaTable:
    """A table on the computer's turn, one frame in (its move not made yet)."""
    state = position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                     ["3H", "3D", "6S", "8C", "10H", "QD", "AC"], to_move=1)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.step(1)
    return table


def test_a_card_clicked_on_the_computers_turn_says_to_wait(app, drive):
    """A click on a hand card or a pile while the computer played did nothing, silently."""
    table = computers_turn(app, drive)
    app.toasts.clear()
    assert table.rules.to_move == 1
    drive.click(drive.center_of(hand_ent(table, "9D")))
    assert [t.text for t in app.toasts] == ["Wait for your turn."]
    assert not app.toasts[-1].error  # said quietly
    assert table.selection == []


def test_thinking_is_not_said_behind_a_deal_summary(app, drive, monkeypatch):
    """The next deal's first seat is the computer's: its panel said "thinking…" behind the
    summary of the deal just over, while the computer waits for the person's Continue."""
    from scenes import theme
    from scenes.results import DealSummary
    from tests.test_marks import record_calls

    table = computers_turn(app, drive)
    said = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, _rect: text)
    table.draw(app.screen)
    assert any(t.startswith("thinking") for t in said)
    app.scenes.push(DealSummary(app, "Deal 1 is over", "", ["Seat"], [["You"]]),
                    transition=None)
    said.clear()
    table.draw(app.screen)
    assert said and not any(t.startswith("thinking") for t in said)


def test_a_full_pile_stays_inside_its_box():
    """The fifth card of a rank pile ran past the bottom of the pile's box."""
    from game.card_art import card_size
    from game.layout import load_layout
    from scenes.zetema import layout

    zones = load_layout("zetema")
    w, h = card_size(layout.PILE_W)
    for rank, name in enumerate(rules.RANKS):
        pile = zones[f"pile_{name}"].rect
        for i in range(5):
            x, y, _, _ = layout.pile_slot(pile, rank, i)
            card = pygame.Rect(0, 0, w, h)
            card.center = (round(x), round(y))
            assert pile.inflate(-4, -4).contains(card), (name, i, card, pile)


def test_covered_pile_cards_show_their_suit(open_table, app, monkeypatch):
    """A covered pile card showed only its rank above the next card (its suit lies below the
    rank): A♠ and A♣ could not be told apart. Each covered card's suit stands in a badge at
    the right of its strip; the top card shows its own index."""
    from scenes import theme

    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"],
                                piles={"A": ["AH", "AS", "AD"], "10": ["10C", "10S"]}))
    said = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda text, *a, **k: (said.append(text),
                                                              real(text, *a, **k))[1])
    table.draw_above_pieces(app.screen)
    assert [t for t in said if t in "♠♥♦♣"] == ["♥", "♠", "♣"]  # A♥ A♠ under A♦; 10♣ under 10♠


def test_the_next_turn_shows_once_the_computers_card_has_landed(app, drive):
    """A pile's counter went up and the next seat's turn showed while the computer's discard
    was still in flight."""
    table = computers_turn(app, drive)
    for _ in range(600):
        drive.step(1)
        if table.session.moves and table.animating:
            break
    move = table.session.moves[-1]
    assert move.startswith("discard") and table.animating
    rank = rules.CARD_RANK[move.split()[1]]
    assert table.acting_seat() == 1  # the computer's card is still on its way
    assert table._landed[rank] == len(table.state.piles[rank]) - 1
    drive.settle()
    assert table.acting_seat() == table.state.seat
    assert table._landed[rank] == len(table.state.piles[rank])


def test_dealt_cards_leave_the_stock_face_down_and_turn_up_as_they_arrive(app, drive):
    """The opening deal showed every card face up on its way out of the stock (the table's
    refresh turned them up before their flip); between people, lifting the cover in the
    middle of the deal still shows the whole hand."""
    from ecs.components import CardFace

    def faces(table):
        return [esper.component_for_entity(e, CardFace).face_up for _, e in table.hand]

    table = ZetemaTable(app, CONFIG)
    app.scenes.push(table, transition=None)
    drive.step(2)
    stock = table.layout["stock"].rect
    last = esper.component_for_entity(table.hand[-1][1], Transform)
    assert stock.collidepoint(last.x, last.y) and not any(faces(table))
    drive.settle()
    assert faces(table) and all(faces(table))

    config = GameConfig("zetema", (Seat("human"), Seat("human")), 3, {"double": "S"})
    app.settings.animation = "slow"  # (the deal still running once the cover takes a click)
    table = ZetemaTable(app, config)
    app.scenes.reset(table, transition=None)
    drive.step(2)
    assert table.curtain
    from scenes.game_table import COVER_QUIET

    drive.wait(COVER_QUIET + 0.05)
    assert is_animating()
    drive.click(table.layout["hand"].rect.center)  # lifted while the cards still fly
    drive.settle()
    assert not table.curtain and faces(table) and all(faces(table))


def test_the_other_piles_counters_stand_still_while_a_card_flies(open_table, drive):
    """Every pile counter read 0/5 for a moment after each discard: every card at rest on
    the table was sent to its own place again and counted as gliding."""
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"],
                                piles={"A": ["AS", "AH"], "6": ["6C"]}))
    drive.drag(drive.center_of(hand_ent(table, "9D")), pile_centre(table, "9"))
    for _ in range(120):
        drive.step()
        ace, six = rules.RANK_INDEX["A"], rules.RANK_INDEX["6"]
        assert table._landed[ace] >= 2 and table._landed[six] >= 1
        if not table.animating:
            break


def test_a_hint_asked_with_cards_already_chosen_stays(open_table, drive):
    """With K♠ in the meld zone, the hint (a flush without it) lit nothing: the card chosen
    before counted as another choice and took the hint away at once."""
    from ecs.components import Glow

    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    drive.click(drive.center_of(hand_ent(table, "KS")))
    drive.settle()
    assert [c for c, _ in table.selection] == ["KS"]
    table._apply_hint("meld flush 2H 4H 6H 8H 10H QH")
    drive.step(3)
    assert table.hint is not None
    assert {c for c, e in table.hand if esper.has_component(e, Glow)} == {
        "2H", "4H", "6H", "8H", "10H", "QH"}


def test_the_move_log_heads_each_new_deal(app, drive):
    """The moves of all deals ran on in one list: a heading now says where a deal begins."""
    state = last_card_of_the_deal()
    session = Session(CONFIG, rules, state, state)
    session.play("discard 9D")  # the last card: deal 2 is dealt
    session.play(rules.legal_moves(session.state)[-1])
    table = ZetemaTable(app, CONFIG, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    lines = table._log_lines(400)
    assert lines[0].startswith("1. You discarded") and lines[-2] == "— Deal 2 —"
    assert lines[-1].startswith("2. ")
    # ... and the end screen's list of all moves (it read like one card played twice)
    from scenes.results import ResultsOverlay

    assert table.deal_headings() == {1: "— Deal 2 —"}
    overlay = ResultsOverlay(app, "", "", [], [], lambda: None, lambda: None,
                             log=list(session.log), headings=table.deal_headings())
    assert overlay._lines[1] == "— Deal 2 —" and overlay._lines[2].startswith("2. ")


def table_after(app, drive, seats, moves: int) -> ZetemaTable:
    """A table opened on a game (seed 3) after ``moves`` moves, each the last legal one."""
    config = GameConfig("zetema", seats, 3, {})
    session = Session.new(config)
    for _ in range(moves):
        session.play(rules.legal_moves(session.state)[-1])
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.step(2)
    return table


def test_a_seats_name_is_never_broken_across_log_lines(app, drive):
    """"…from the pile of Ghế / 3": a wrapped log line broke a seat's name."""
    from scenes.game_table import whole_names

    names = ["You", "Seat 2", "Seat 3"]
    assert whole_names("Seat 3 discarded 4♠", names) == "Seat\u00a03 discarded 4♠"
    table = table_after(app, drive, (Seat("human"), Seat("human"), Seat("ai", "easy")), 9)
    broken = wrapped = 0
    for width in range(40, 220, 2):  # wherever the line breaks
        table._wrapped_log = None
        lines = table._log_lines(width)
        assert len(lines) >= 9
        wrapped += len(lines) > 9
        assert not any(line.rstrip().endswith("Seat") for line in lines), (width, lines)
        broken += any(line.rstrip().endswith("Seat\u00a0") for line in lines)
    assert broken == 0 and wrapped


def test_cards_on_their_way_pass_over_the_cards_at_rest(open_table, drive):
    """Your discard and the computer's reply (out of its panel onto a pile) are drawn above
    every card at rest while they travel (a discard left the hand under its neighbours and
    crossed the stock and the piles beneath them) and each lands at its place in its pile."""
    from ecs.components import CardFace, Tweens, ZOrder

    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"],
                                piles={"2": ["2S", "2C"], "3": ["3S"]}))
    drive.drag(drive.center_of(hand_ent(table, "2H")), pile_centre(table, "2"))
    seen_moving = 0
    for _ in range(600):
        drive.step()
        moving, resting = [], []
        for ent, _face in esper.get_component(CardFace):
            tweens = esper.try_component(ent, Tweens)
            going = tweens is not None and any(
                t.attr in ("x", "y") and t.start is not None for t in tweens.items)
            (moving if going else resting).append(esper.component_for_entity(ent, ZOrder).z)
        if moving and resting:
            seen_moving += 1
            assert min(moving) > max(resting)
        if len(table.session.moves) >= 2 and table.rules.human_to_move() and not table.animating:
            break
    assert seen_moving > 5 and len(table.session.moves) >= 2
    for pile in table.piles:
        zs = [esper.component_for_entity(e, ZOrder).z for _, e in pile]
        assert zs == sorted(zs) and all(z < 1000 for z in zs)


def drawn_log_words(app, table, monkeypatch) -> list[str]:
    """Every text the table's move list draws (its heading, its note, its lines)."""
    import scenes.game_table as game_table

    notes: list[str] = []
    real = game_table.theme.blit_text

    def recording(surface, text, *args, **kwargs):
        notes.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(game_table.theme, "blit_text", recording)
    table.draw_log(app.screen)
    monkeypatch.setattr(game_table.theme, "blit_text", real)
    return notes


def test_the_logs_newer_count_counts_moves_not_lines(app, drive, monkeypatch):
    """Scrolled up, the log said "25 newer ↓" where 13 moves were newer: it counted the
    wrapped lines."""
    import scenes.game_table as game_table

    table = table_after(app, drive, (Seat("human"), Seat("ai", "easy")), 30)
    lines = table._log_lines(table.log_rect().width - 28)
    assert any(line.startswith(game_table.CONTINUED) for line in lines)  # some moves wrap
    table.log_scroll = 12
    notes = drawn_log_words(app, table, monkeypatch)
    end = len(lines) - table.log_scroll
    newer = sum(1 for line in lines[end:] if not line.startswith(game_table.CONTINUED)
                and not line.startswith("—"))
    assert newer < 12 and f"{newer} newer ↓" in notes


def test_a_log_scrolled_up_to_read_keeps_its_place_as_the_computer_plays(app, drive,
                                                                        monkeypatch):
    """Scrolled up to read older moves, the list jumped back to its end with every move of
    the computer, so it could be read only on your own turn (pt135). A move played after
    the wheel turned keeps the lines in place and is counted in "N newer ↓"; your own move
    brings the list back to its end."""
    app.wait_for_ai = True
    table = table_after(app, drive, (Seat("human"), Seat("ai", "easy")), 30)
    drive.settle()
    while not table.rules.human_to_move():
        drive.step()
    drive.settle()
    width = table.log_rect().width - 28
    perform(drive, table, next(m for m in table.legal() if m.startswith("discard")))
    drive.settle()
    while not table.rules.human_to_move():  # the computer's reply, told
        drive.step()
    drive.settle()
    drive.move(table.log_rect().center)
    drive.wheel(3)  # up three moves, to read
    assert table.log_scroll > 0
    mine = len(table.session.moves)
    perform(drive, table, next(m for m in table.legal() if m.startswith("discard")))
    assert table.log_scroll == 0  # your own move: the list to its end
    drive.move(table.log_rect().center)
    drive.wheel(3)
    scrolled = table.log_scroll
    lines = table._log_lines(width)
    reading = lines[len(lines) - scrolled - 1]
    for _ in range(900):  # the computer's reply, played after the wheel turned, and told
        drive.step()
        if len(table.session.moves) > mine + 1 and not table.animating:
            break
    drive.settle()
    lines = table._log_lines(width)
    assert len(table.session.moves) > mine + 1
    assert table.log_scroll > scrolled  # the same lines in view ...
    assert lines[len(lines) - table.log_scroll - 1] == reading
    notes = drawn_log_words(app, table, monkeypatch)
    assert any("newer ↓" in note for note in notes)  # ... and what came below counted


def test_the_log_tells_a_new_line_after_the_wheel_turned_while_it_landed(app, drive,
                                                                         monkeypatch):
    """After a marriage the log stopped at the line before it, and the marriage's line
    showed only once the wheel was turned: the log tells a computer's move once it has
    landed (a person's own move at once, pt106). A wheel turned while it was landing keeps
    the list where it was turned to, and "2 newer ↓" counts the line told below too (it went
    back to its end; in Telefunken, where the computers' moves follow one another, the list
    could then never be read back: pt136); the wheel turned down shows it."""
    from scenes.game_table import whole_names
    from tests.test_log_words import log_drawn

    app.wait_for_ai = True
    table = table_after(app, drive, (Seat("human"), Seat("ai", "easy")), 39)
    move = "meld marriage KC QC@pile"
    assert table.rules.human_to_move() and move in table.legal()
    perform(drive, table, move)
    drive.step(2)
    assert table.session.moves[-1] == move and table.animating
    width = table.log_rect().width - 28
    told = whole_names(table.session.log[-1], table.session.seat_names())
    assert any(told.startswith(line.split(". ", 1)[-1]) for line in table._log_lines(width)
               if line[:1].isdigit())  # your own move: told at once, still landing
    drive.settle()
    perform(drive, table, next(m for m in table.legal() if m.startswith("discard")))
    mine = len(table.session.moves)
    for _ in range(900):  # the computer's move, made and still landing
        drive.step()
        if len(table.session.moves) > mine and table.animating:
            break
    assert len(table.session.moves) > mine and table.animating
    theirs = whole_names(table.session.log[-1], table.session.seat_names())
    assert not any(theirs.startswith(line.split(". ", 1)[-1]) for line in table._log_lines(
        width) if line[:1].isdigit())  # not told yet: it is still landing
    drive.move(table.log_rect().center)
    drive.wheel(1)  # the wheel turned up a line, looking for it
    assert table.log_scroll == 1
    told_before = len(table.session.moves)
    for _ in range(900):
        drive.step()
        if not table.animating:
            break
    assert len(table.session.moves) == told_before  # (nothing more played meanwhile)
    lines = table._log_lines(width)
    assert len(lines) > 12  # more than the panel shows
    assert any(line.startswith(f"{len(table.session.log)}. ") for line in lines)  # told
    assert table.log_scroll > 1  # kept in place: the new line below
    notes = drawn_log_words(app, table, monkeypatch)
    assert "2 newer ↓" in notes  # (the move the wheel went up past, and the new one)
    drive.move(table.log_rect().center)
    drive.wheel(-10)  # down to the end
    drawn = [text for text in log_drawn(table, monkeypatch) if text in lines]
    assert table.log_scroll == 0
    assert drawn == lines[-len(drawn):]  # the newest lines, down to the last
    start = next(line for line in reversed(drawn) if line[:1].isdigit())
    assert start.startswith(f"{len(table.session.log)}. Seat\u00a02")


def test_a_deals_summary_fades_in_over_a_log_that_tells_the_deals_last_move(open_table, app,
                                                                            drive, monkeypatch):
    """The picture a deal's summary fades in over was drawn before the log told the deal's
    last move (the summary opened in the frame that move landed)."""
    from scenes import theme
    from scenes.results import DealSummary

    table = open_table(last_card_of_the_deal())
    seen: list[str] = []
    real_blit = theme.blit_text

    def record(surface, string, *args, **kwargs):
        seen.append(string)
        return real_blit(surface, string, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", record)
    real_push = app.scenes.push
    under: list[list[str]] = []

    def push(scene, transition="fade"):
        seen.clear()  # what the picture of the table the summary fades over says
        real_push(scene, transition)
        if isinstance(scene, DealSummary):
            under.append(list(seen))

    monkeypatch.setattr(app.scenes, "push", push)
    assert isinstance(play_the_last_card(app, drive, table), DealSummary)
    assert under and "Moves" in under[0]
    assert any(text.startswith("1. You discarded 9♦") for text in under[0]), under[0]


def test_your_own_card_moving_does_not_give_the_turn_back_to_the_last_mover(open_table, drive):
    """Clicking a card into the meld zone (or starting a drag) showed "Seat 2 to play" and
    the computer's "thinking" for as long as the card moved: the last mover was taken for
    the seat acting whenever anything moved."""
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    table._mover = 1  # the computer's move, landed before this turn
    drive.step(2)
    drive.click(drive.center_of(hand_ent(table, "KH")))
    drive.step(2)
    assert table.animating
    assert table.acting_seat() == 0
    assert not table.meld_prompt().startswith("Seat 2")


def test_a_heap_of_marriages_leaves_its_label_clear(app):
    """With four marriages the heap's top card covered "Marriages · 4"; five (all a deal
    can hold) stay on the zone too."""
    from game.card_art import card_size
    from game.layout import load_layout
    from scenes import theme
    from scenes.zetema import layout as zl

    zone = load_layout("zetema")["marriage"].rect
    label_bottom = zone.y + 4 + theme.text("Marriages · 4", 14, theme.INK, "bold").get_height()
    w, h = card_size(zl.MARRIAGE_W)
    for count in (2, 4, 6, 8, 10):
        for i in range(count):
            x, y, angle, _z = zl.marriage_slot(zone, i, count)
            assert angle == 0
            card = pygame.Rect(0, 0, w, h)
            card.center = (round(x), round(y))
            assert card.top >= label_bottom, (count, i)
            assert zone.inflate(-4, -4).contains(card), (count, i, card)


def test_the_meld_zone_shows_its_cards_in_card_order():
    """The meld zone showed the cards in the order clicked ("J 10 J 10 9 8")."""
    from scenes.zetema.sync import meld_order

    def codes(tokens):
        return [c for c, _ in meld_order([(t, i) for i, t in enumerate(tokens)])]

    assert codes(["JS", "10S", "JS", "10S", "9S", "8S"]) == ["8S", "9S", "10S", "10S", "JS", "JS"]
    assert codes(["AS", "KS", "10S", "QS@pile", "JS"]) == ["10S", "JS", "QS@pile", "KS", "AS"]
    assert codes(["3H", "AH", "2H"]) == ["AH", "2H", "3H"]  # (ace low without a king)


def test_a_meld_then_a_zetema_with_another_turn_returns_the_shown_cards_to_the_hand(
        open_table, drive):
    """Two players, the stock empty: a flush, then its 9♠ completes the nines and gives
    another turn. The flush's other cards stayed in the meld zone as a selection ("5 cards:
    not a combination yet") and the hand looked empty."""
    from game.rules.zetema import deck

    hand0 = ["AS", "5S", "8S", "9S", "10S", "KS", "2H"]
    rest = Counter(deck("S")) - Counter(hand0) - Counter(["3H", "4H"])
    piles = {r: [] for r in rules.RANKS}
    for card in rest.elements():
        piles[card[:-1]].append(card)
    state = rules.load({"players": 2, "dealer": 1, "to_move": 0, "phase": "meld",
                        "hands": [hand0, ["3H", "4H"]], "stock": [], "piles": piles,
                        "marriage_pile": [], "scores": [0, 0]})
    table = open_table(state)
    perform(drive, table, "meld flush AS 5S 8S 9S 10S KS")
    drive.settle()
    perform(drive, table, "discard 9S")
    drive.settle()
    drive.step(30)
    drive.settle()
    assert table.state.phase == "meld" and table.state.seat == 0  # another turn
    assert table.selection == []
    assert sorted(c for c, _ in table.hand) == sorted(table.state.hands[0])


def test_a_zetema_that_gives_another_turn_says_so_in_the_prompt(open_table, drive):
    """With the stock empty a zetema gave another turn, and the prompt went back to "No
    combination to declare: …": only the move list said "— another turn" (pt120)."""
    from game.rules.zetema import deck

    hand0 = ["AS", "3S", "9S", "2H"]
    rest = Counter(deck("S")) - Counter(hand0) - Counter(["3H", "4H", "6H", "7H"])
    piles = {r: [] for r in rules.RANKS}
    for card in rest.elements():
        piles[card[:-1]].append(card)
    state = rules.load({"players": 2, "dealer": 1, "to_move": 0, "phase": "meld",
                        "hands": [hand0, ["3H", "4H", "6H", "7H"]], "stock": [],
                        "piles": piles, "marriage_pile": [], "scores": [0, 0]})
    table = open_table(state)
    assert not table.meld_prompt().startswith("Zetema")
    perform(drive, table, "discard 9S")
    drive.settle()
    drive.step(30)
    drive.settle()
    assert table.state.seat == 0 and table.state.phase == "meld"
    assert table.meld_prompt().startswith("Zetema of nines: you play again. ")
    perform(drive, table, "discard 3S")  # (no zetema, 3♥ is out: the other seat plays)
    drive.settle()
    assert not table.meld_prompt().startswith("Zetema")


def test_the_cards_you_draw_are_tagged_new_until_your_move(open_table, drive, app,
                                                          monkeypatch):
    """Drawn cards slipped into the hand unmarked: after two or three drawn near the end of
    the stock a newcomer could not tell which they were (pt120). Each is tagged "new" until
    the person's next move."""
    import scenes.zetema.panels as panels

    app.wait_for_ai = True
    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "QH"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    assert table.fresh == []
    perform(drive, table, "discard 2H")  # then the computer plays, and it is your turn again
    drive.settle()
    drive.step_until(lambda: table.rules.human_to_move() and not table.animating, 3000)
    drive.settle()
    codes = sorted(c for c, e in table.hand if e in table.fresh)
    assert len(table.fresh) == 7 - 5  # (six cards held, a discard: two drawn to seven)
    assert Counter(codes) <= Counter(table.state.hands[0])
    assert set(codes).isdisjoint(["4H", "6H", "8H", "10H", "QH"])  # (those were held)
    tags = []
    real = panels.draw_card_tag
    monkeypatch.setattr(panels, "draw_card_tag", lambda surface, text, colour, ent, **kw: (
        tags.append((text, ent)), real(surface, text, colour, ent, **kw))[1])
    table.draw(app.screen)
    assert sorted(e for text, e in tags if text == "new") == sorted(table.fresh)
    # after Continue (the table made again from the session) the same cards are tagged
    again = ZetemaTable(app, CONFIG, table.session)
    app.scenes.replace(again, transition=None)
    drive.settle()
    assert sorted(c for c, e in again.hand if e in again.fresh) == codes  # (pt127)
    table = again
    perform(drive, table, f"discard {table.state.hands[0][0]}")
    drive.settle()
    assert table.fresh == []


def test_the_hint_is_said_at_the_top_of_the_meld_zone_not_over_its_cards(open_table, drive,
                                                                           app):
    """The hint's message stood over the lower half of the meld zone's cards while the
    person decided; it is the meld zone's sentence now, for as long as the hint is shown."""
    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    drive.click(drive.center_of(hand_ent(table, "KS")))
    drive.settle()
    before = list(app.toasts)
    table._apply_hint("meld flush 2H 4H 6H 8H 10H QH")
    drive.step(3)
    assert table.meld_prompt() == ("Hint: declare a flush (2♥ 4♥ 6♥ 8♥ 10♥ Q♥). It scores 30 "
                                   "points.")
    assert not [t for t in app.toasts if t not in before and t.text.startswith("Hint")]
    table.clear_hint()
    assert not table.meld_prompt().startswith("Hint")


def test_two_marriages_chosen_at_once_are_named_as_two(open_table, drive):
    """Two marriages chosen together were named "Marriage · 30 points"."""
    table = open_table(position(["KH", "QH", "KD", "QD", "2C", "9S", "9C"],
                                ["3C", "3D", "6S", "8C", "10D", "QS", "AC"]))
    for code in ("KH", "QH", "KD", "QD"):
        drive.click(drive.center_of(hand_ent(table, code)))
    drive.settle()
    move, text = table.selection_meld()
    assert move is not None and move.startswith("meld marriage")
    assert text == "2 marriages · 30 points"
    for code in ("KD", "QD"):  # one marriage: as before
        drive.click(drive.center_of(next(e for c, e in table.selection if c == code)))
    drive.settle()
    assert table.selection_meld()[1] == "Marriage · 10 points"


def test_a_deal_summary_opens_without_the_deal_over_banner(open_table, app, drive):
    """"Deal 1 is over: a new deal" and the summary opening over it faded through each other
    (words across words); the summary says the deal is over, so no banner comes with it."""
    from scenes.results import DealSummary

    table = open_table(last_card_of_the_deal())
    seen = []
    play_the_last_card(app, drive, table, 300, lambda: seen.append(table.banner))
    assert isinstance(app.scenes.top, DealSummary)
    assert not any(b and "is over" in b[0] for b in seen + [table.banner])


def test_a_deal_summary_waits_for_the_last_moves_banner(open_table, app, drive):
    """The deal's last card made a zetema: its banner is read to its end before the summary
    opens (it opened over the banner, the banner's words fading through the summary's)."""
    from scenes.results import DealSummary

    table = open_table(last_card_of_the_deal())  # (the 9♦ is the fifth nine: a zetema)
    banners = []
    play_the_last_card(app, drive, table, 600, lambda: banners.append(table.banner))
    assert isinstance(app.scenes.top, DealSummary)
    shown = [b for b in banners if b is not None]
    assert shown and banners[-1] is None  # a banner came, and had ended when it opened


def test_once_a_deal_is_over_nobody_is_to_play_or_thinking(open_table, app, drive,
                                                             monkeypatch):
    """The computer plays the deal's last card. Once it has landed, the deal's end stays on
    the table until its summary opens: the computer's panel said "thinking…" and was lit as
    the seat to play the while (about half a second)."""
    from scenes import theme
    from tests.test_marks import record_calls

    piles = {r: [] for r in rules.RANKS}
    for card in (Counter(rules.deck("S")) - Counter(["9D"])).elements():
        piles[card[:-1]].append(card)
    table = open_table(rules.load({
        "players": 2, "dealer": 0, "to_move": 1, "phase": "meld", "hands": [[], ["9D"]],
        "stock": [], "piles": piles, "marriage_pile": [], "scores": [40, 60]}))
    for _ in range(300):
        drive.step()
        if table.ended_deal is not None and table.landing_seat() is None:
            break
    assert app.scenes.top is table and table.ended_deal is not None
    said = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, _rect: text)
    table.draw(app.screen)
    assert said and not any(t.startswith("thinking") for t in said)
    assert table.thinking_seat() is None
    assert not any(table._to_play(seat) for seat in (0, 1))


def test_the_wheel_scrolls_the_log_by_whole_moves(app, drive, monkeypatch):
    """Scrolled up a line at a time, the log cut its bottom move after its first line
    (play-test: "… with Nhị Sách: a" and nothing below but "1 newer ↓"): a notch of the
    wheel goes back one whole move, and the bottom move shows whole."""
    import scenes.game_table as game_table
    from tests.test_log_words import log_drawn

    table = table_after(app, drive, (Seat("human"), Seat("ai", "easy")), 30)
    lines = table._log_lines(table.log_rect().width - 28)
    assert any(line.startswith(game_table.CONTINUED) for line in lines)  # some moves wrap
    drive.move(table.log_rect().center)
    for notch in range(1, 9):
        drive.wheel(1)
        end = len(lines) - table.log_scroll
        assert end == len(lines) or not lines[end].startswith(game_table.CONTINUED)
        newer = [line for line in lines[end:] if line[:1].isdigit()]
        assert len(newer) == notch  # one move a notch
        drawn = [text for text in log_drawn(table, monkeypatch) if text in lines]
        assert drawn == lines[end - len(drawn):end]  # ending with that move, whole
    for _ in range(60):  # all the way up: the first move shows (it was out of reach)
        drive.wheel(1)
    drawn = [text for text in log_drawn(table, monkeypatch) if text in lines]
    assert drawn[0] == lines[0] and drawn[0].startswith("1. ")
    end = len(drawn)
    assert end == len(lines) or not lines[end].startswith(game_table.CONTINUED)  # whole
    table.log_scroll = 3  # set by a line (as before): the bottom move is still drawn whole
    drawn = [text for text in log_drawn(table, monkeypatch) if text in lines]
    last = len(lines) - 3
    while last < len(lines) and lines[last].startswith(game_table.CONTINUED):
        last += 1
    assert drawn[-1] == lines[last - 1]


def test_the_wheel_reaches_the_first_move_whatever_the_panel_cuts(app, drive, monkeypatch):
    """Turned all the way up, the log stopped at move 2 ("5 newer ↓" for good) when the
    panel's height fell inside an entry: the top of the list shows move 1, whole entries."""
    import scenes.game_table as game_table
    from tests.test_log_words import log_drawn

    table = table_after(app, drive, (Seat("human"), Seat("ai", "easy")), 6)
    visible = max(1, (table.log_rect().height - 44) // 17)
    lines: list[str] = [] if visible % 2 else ["1. You drew"]  # entries end off the panel's
    while len(lines) < 3 * visible:  # height: two lines each after that one
        n = len(lines) // 2 + 1 + (0 if visible % 2 else 1)
        lines += [f"{n}. Seat 2 discarded", game_table.CONTINUED + "a card"]
    monkeypatch.setattr(game_table.GameTable, "_log_lines", lambda self, width: lines)
    table._log_starts = {line for line in lines if line[:1].isdigit()}
    ends = [i for i in range(1, len(lines) + 1)
            if i == len(lines) or not lines[i].startswith(game_table.CONTINUED)]
    assert visible not in ends  # the panel's height falls inside an entry
    drive.move(table.log_rect().center)
    for _ in range(3 * visible):
        drive.wheel(1)
        log_drawn(table, monkeypatch)  # (drawn between notches, as in a window)
    drawn = [text for text in log_drawn(table, monkeypatch) if text in lines]
    assert drawn[0] == lines[0] and drawn[0].startswith("1. ")
    assert len(drawn) in ends  # the bottom entry whole


def test_the_stock_counter_waits_for_the_computers_move_to_set_off(app, drive, monkeypatch):
    """While the computer's move waited out its lead (its panel saying "thinking"), the
    stock's count already left out the card the move's refill takes for the next seat, a
    card still drawn on the stock (a play-tester counted 64 cards of 65); it counts as the
    table shows, and drops once the move's cards set off."""
    from scenes import theme
    from tests.test_marks import record_calls

    state = position(["2H", "5C", "9D", "JS", "KH", "4S"],  # yours refilled after its move
                     ["3H", "3D", "6S", "8C", "10H", "QD", "AC"], to_move=1)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    for _ in range(600):
        drive.step(1)
        if table.session.moves and table.leading_seat() == 1:
            break
    assert table.leading_seat() == 1
    before, after = table.session.befores[-1], table.state
    assert len(after.stock) < len(before.stock)  # the refill was drawn with the move
    said = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, _rect: text)
    table.draw(app.screen)
    assert f"Stock · {len(before.stock)}" in said
    drive.settle()
    said.clear()
    table.draw(app.screen)
    assert f"Stock · {len(after.stock)}" in said


def test_the_meld_zones_words_give_way_to_a_banner(open_table, app, drive, monkeypatch):
    """A zetema's banner stands over the meld zone for a moment: the zone's words showed
    around it and, as it faded, through it (a play-tester's "zetema of twos" over "No
    combination to declare…"). They give way while it stands and come back after."""
    from scenes import theme
    from tests.test_marks import record_calls

    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"]))
    prompt = table.meld_prompt()
    assert prompt
    said = record_calls(monkeypatch, theme, "blit_text", keep=lambda text, _rect: text)

    def shown() -> bool:
        said.clear()
        table.draw(app.screen)
        return any(t and t in prompt for t in said)

    assert shown()
    table.banner = ("You: zetema of twos!  +5", 1.0)
    assert not shown()
    drive.wait(1.1)
    assert table.banner is None and shown()


def test_a_zetema_is_told_once_its_fifth_card_lies_on_the_pile(app, drive):
    """Its banner and points came as the card set off, the pile's counter still at 4/5
    under "+5" (pt56): they now come as the card lands, the counter at 5/5 with them, and
    the deal's summary still waits for them."""
    from scenes.results import DealSummary

    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal()
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    nine = rules.RANKS.index("9")
    seen = []  # (banner words, cards at rest on the pile, cards on the pile) each frame

    def look():
        seen.append((table.banner[0] if table.banner else None, table._landed[nine],
                     len(table.piles[nine])))

    top = play_the_last_card(app, drive, table, frames=300, each_frame=look)
    assert isinstance(top, DealSummary)
    told = [i for i, (banner, _, _) in enumerate(seen) if banner and "zetema" in banner]
    assert told, "the zetema was never told"
    first = seen[told[0]]
    assert first[1] == first[2] == 5  # the counter reads 5/5 as the banner comes
    assert any(landed < pile for _, landed, pile in seen[:told[0]])  # (it did fly)


def test_a_hand_card_clicked_while_the_computer_s_move_lands_says_to_wait(app, drive):
    """On your turn, while the computer's discard before it still lands (or its zetema is
    told), a click on a card of your hand did nothing and said nothing (pt62)."""
    state = position(["2H", "3H", "9D", "5C", "6S", "7H", "KS"],
                     ["3C", "3D", "6C", "8C", "10D", "QD", "AC"], to_move=1, phase="meld")
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    for _ in range(600):
        drive.step()
        if table.rules.to_move == 0 and not table.mine:
            break
    assert table.rules.to_move == 0 and not table.mine  # the computer's move is landing
    app.toasts.clear()
    drive.click(drive.center_of(hand_ent(table, "9D")))
    assert [t.text for t in app.toasts] == ["Wait until the last move has reached the table."]
    assert table.selection == []
    drive.settle()
    assert table.mine
    drive.click(drive.center_of(hand_ent(table, "9D")))
    assert [code for code, _ in table.selection] == ["9D"]  # landed: the click takes it


def test_a_meld_is_told_in_the_log_once_its_cards_land_not_once_its_points_have_risen(
        app, drive):
    """The log waited for every tween, the meld's "+N" rising and fading too: the line came
    1.6 s after the meld had landed, or later when the computer moved meanwhile (pt62)."""
    from ecs.tween import is_animating, moving_pieces

    state = position(["2H", "3H", "4H", "5H", "6H", "7H", "KS"],
                     ["3C", "3D", "6S", "8C", "10D", "QD", "AC"])
    table = ZetemaTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    meld = next(m for m in rules.legal_moves(table.state) if m.startswith("meld"))
    table.rules.submit(meld)
    for _ in range(200):
        drive.step()
        if not moving_pieces():
            break
    assert not moving_pieces() and is_animating()  # landed; its points still rise
    assert table._log_landed == 1  # ... and the log tells it


def test_a_hinted_discard_lights_its_pile_too(open_table, drive, app):
    """The hint outlined only the card; the pile of its rank is lit too (pt73)."""
    from scenes.game_table import HINT_COLOUR

    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "QH", "KS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"]))
    pile = table.layout["pile_K"].rect
    edge = (pile.centerx, pile.top - 2)  # on the outline, just above the pile
    drive.step()
    assert tuple(app.screen.get_at(edge))[:3] != HINT_COLOUR
    table._apply_hint("discard KS")
    drive.step()
    assert tuple(app.screen.get_at(edge))[:3] == HINT_COLOUR
    other = table.layout["pile_Q"].rect
    assert tuple(app.screen.get_at((other.centerx, other.top - 2)))[:3] != HINT_COLOUR
    table.clear_hint()
    drive.step()
    assert tuple(app.screen.get_at(edge))[:3] != HINT_COLOUR


def test_a_queen_taken_from_its_pile_says_so_in_the_meld_zone(open_table, drive, app):
    """A king or queen taken back from its pile looked like a card of the hand in the meld
    zone: it carries a tag "from pile" on its foot (pt73), no wider than the card (pt75);
    a hand card none."""
    from scenes import theme
    from scenes.marks import drawn_box, tag_width
    from scenes.zetema import words

    table = open_table(position(["2H", "4H", "6H", "8H", "10H", "KS", "AS"],
                                ["3C", "3D", "6S", "8C", "10D", "QD", "AC"],
                                piles={"Q": ["QS"]}))
    queen = table.piles[rules.CARD_RANK["QS"]][-1][1]
    drive.click(drive.center_of(queen))
    drive.settle()
    drive.step(2)
    assert [t for t, _ in table.selection] == ["QS" + rules.PILE]
    box = drawn_box(queen)
    foot = (box.centerx, box.bottom - 4)
    assert tuple(app.screen.get_at(foot))[:3] == theme.GOLD
    assert tag_width(words.from_pile()) <= box.width
    drive.click(drive.center_of(hand_ent(table, "KS")))
    drive.settle()
    drive.step(2)
    king = next(e for t, e in table.selection if t == "KS")
    box = drawn_box(king)
    assert tuple(app.screen.get_at((box.centerx, box.bottom - 4)))[:3] != theme.GOLD


def test_a_card_dragged_out_of_the_window_stays_in_view_at_its_edge(app, drive):
    """Dragged past the window's edge, a card was drawn nowhere (only its targets lit) until
    the pointer came back (pt115): it stops at the edge, and let go there it goes home."""
    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 5, {"double": "S"})
    table = ZetemaTable(app, config)
    app.scenes.push(table, transition=None)
    drive.step_until(lambda: table.mine, 1200)
    drive.settle()
    code, ent = table.hand[0]
    moves = list(table.session.moves)
    start = drive.center_of(ent)
    drive.press(start)
    drive.move((start[0] + 40, start[1] - 40), steps=2)
    width, height = app.size
    for far, edge in (((width + 300, start[1]), (width - 1, None)), ((-200, -150), (0, 0))):
        drive.move(far, steps=3)
        t = esper.component_for_entity(ent, Transform)
        gx, gy = table.drag._grab
        assert round(t.x - gx) == edge[0]  # the pointer's place, held at the edge
        if edge[1] is not None:
            assert round(t.y - gy) == edge[1]
    drive.move((width + 300, start[1]), steps=3)
    drive.release()  # let go out of the window: it goes home
    drive.settle()
    assert table.session.moves == moves and code in [c for c, _ in table.hand]


def test_a_king_dropped_on_the_queens_pile_says_how_to_marry_them(open_table, drive):
    """The hint named a marriage of K♥ and the Q♥ on its pile; dragging the king onto the Q
    pile, the natural gesture, said only "K♥ goes on the pile of its rank, the K pile"
    (pt130). It says how to make the marriage; another card there still gets the old words."""
    table = open_table(position(["2H", "5C", "9D", "JS", "KH", "4S", "7C"],
                                ["3H", "3D", "6S", "8C", "10H", "QD", "AC"],
                                piles={"Q": ["QH"]}))
    assert "meld marriage KH QH@pile" in table.legal()
    drive.app.toasts.clear()
    drive.drag(drive.center_of(hand_ent(table, "KH")), pile_centre(table, "Q"))
    drive.settle()
    assert drive.app.toasts[-1].text == ("To marry K♥ with the Q♥ on its pile, put both in the "
                                         "meld zone (click or drag each), then press Meld.")
    assert not table.session.moves
    drive.app.toasts.clear()
    drive.drag(drive.center_of(hand_ent(table, "JS")), pile_centre(table, "Q"))
    drive.settle()
    assert drive.app.toasts[-1].text == "J♠ goes on the pile of its rank, the J pile."
