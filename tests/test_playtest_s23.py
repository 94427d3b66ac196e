"""Session 23: play-testers' findings and leftovers of session 22, each with its test.

- Telefunken: a click on the unlit table with the meld zone's cards that are no meld said
  nothing (a drop of the same cards said why); a lay-off of a joker with cards that leave
  more than one gap, of one rank twice, or onto a run of all thirteen ranks said only "does
  not fit"."""

from __future__ import annotations

import pytest

from game import i18n
from game.rules import chan as rules_chan
from game.rules import telefunken as rules
from scenes.telefunken import words
from tests.test_telefunken_s22 import (
    NAMES,
    PURE,
    fresh,
    last_toast,
    melded,
    open_state,
    sevens_in_the_zone,
)


def test_a_click_on_the_unlit_table_says_why_the_zones_cards_are_no_meld(app, drive):
    table = sevens_in_the_zone(app, drive)
    app.toasts.clear()
    drive.click(table.layout["table"].rect.center)
    drive.settle()
    assert table.session.moves == [] and sorted(table.selected) == ["7C", "7C", "7D"]
    assert last_toast(app) == PURE + "."


DIAMONDS = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"]
LAYOFFS = [
    # (Seat 3's run, the cards chosen, what the refusal says)
    (["4D", "5D", "6D"], ["JK", "10D"], "joker 10♦ do not fit Seat 3's run 4♦ 5♦ 6♦: a joker "
     "fills one missing card, and the cards added must follow on from an end of the run"),
    (["4D", "5D", "6D"], ["3D", "JK", "8D"], "3♦ joker 8♦ do not fit Seat 3's run 4♦ 5♦ 6♦: one "
     "lay-off adds to one end of a run: lay off at each end in turn"),
    (["4D", "5D", "6D"], ["9D", "9D"], "two 9♦ do not fit Seat 3's run 4♦ 5♦ 6♦: a run holds "
     "each rank once"),
    (DIAMONDS, ["JK"], "joker does not fit Seat 3's run A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ "
     "K♦: the run holds all thirteen ranks"),
]


@pytest.mark.parametrize(("run", "chosen", "said"), LAYOFFS)
def test_a_lay_off_refused_for_a_rarer_reason_says_it(run, chosen, said):
    state = melded(chosen + ["3S", "5S", "7S"], [{"owner": 2, "cards": run}])
    assert not [m for m in rules.legal_moves(state) if m.startswith(("add", "swap"))
                and (" to 1" in m or " in 1 " in m)
                and sorted(m.split()[1:1 + len(chosen)]) == sorted(chosen)]
    assert words.layoff_refusal(state, 0, chosen, 1, NAMES) == said


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_rarer_lay_off_reasons_are_translated(lang):
    i18n.set_language(lang)
    for run, chosen, said in LAYOFFS:
        state = melded(chosen + ["3S", "5S", "7S"], [{"owner": 2, "cards": run}])
        text = words.layoff_refusal(state, 0, chosen, 1, NAMES)
        reason = said.split(": ", 1)[1]
        assert reason not in text and ": " in text and len(text) > 40, text


# -- Chắn: the winner's panel ------------------------------------------------------------------

def test_a_winners_panel_counts_no_cards_once_its_hand_lies_in_the_middle(app, drive,
                                                                          monkeypatch):
    from tests.test_chan_win_view import open_before_win
    from tests.test_playtest_s22 import chan_panel_counts

    counts = chan_panel_counts(monkeypatch)
    table = open_before_win(app, drive)
    winner = rules_chan.to_move(table.state)
    name = table.seat_name(winner)
    drive.step()
    assert counts[name] > 0  # (before: the hand it holds)
    while not table.won:
        drive.step()
    drive.settle()
    table.draw(app.screen)
    assert counts[name] == 0 and len(table.sync.entities("win")) >= 19
    assert all(counts[table.seat_name(s)] == len(table.state.hands[s])
               for s in range(4) if s != winner)


# -- a chosen thing clicked again is let go (every table) ----------------------------------------

def test_a_chosen_marble_clicked_again_is_let_go_without_a_refusal(app, drive):
    from game.rules import zertz
    from tests.test_zertz_words import SIX_PLACED
    from tests.test_zertz_words import open_table as open_zertz

    table = open_zertz(app, drive, zertz.load(SIX_PLACED))
    marble = table.marble_ents["a1"]
    drive.click(drive.center_of(marble))
    assert table.drag.selected == marble
    app.toasts.clear()
    drive.click(drive.center_of(marble))
    drive.settle()
    assert app.toasts == [] and table.drag.selected is None
    assert table.session.moves == [] and table.state.marbles["a1"]
    drive.click(drive.center_of(table.supply_ents[0][-1]))  # (a piece the same way)
    assert table.drag.selected == table.supply_ents[0][-1]
    drive.click(drive.center_of(table.supply_ents[0][-1]))
    drive.settle()
    assert app.toasts == [] and table.drag.selected is None and table.session.moves == []


# -- Chắn: a win offered with a discard: the discard is the other choice -------------------------

def test_the_dealers_winning_dealt_hand_is_told_as_a_choice_win_or_discard():
    from scenes.chan import prompts
    from tests.test_chan_rules import WAIT_7M, opening

    state = opening(WAIT_7M + ["7M"])
    legal = rules_chan.legal_moves(state)
    assert "u" in legal and any(m.startswith("discard ") for m in legal)
    assert prompts.prompt(state, legal) == (
        "Your dealt hand wins (Thiên ù): press Ù! Or discard a card onto your gate to play on "
        "(drag it, or click it, then the gate).")


# -- the window's title speaks the chosen language -----------------------------------------------

def test_the_window_title_follows_the_language(app):
    import pygame

    assert pygame.display.get_caption()[0] == "Parlour — four tabletop games"
    i18n.set_language("vi")
    assert pygame.display.get_caption()[0] == "Parlour — bốn trò chơi trên bàn"
    i18n.set_language("fa")
    assert pygame.display.get_caption()[0] == "Parlour — چهار بازی رومیزی"
    i18n.set_language("en")
    assert pygame.display.get_caption()[0] == "Parlour — four tabletop games"


# -- Zetema: marks restored (undo, resume) belong to the deal on the table -----------------------

def a_seat_whose_last_discard_has_a_twin_in_the_new_deal():
    """A seeded two-player game (you and the computer) played at random into deal 2, up to a
    position where one seat has not moved in deal 2 and a card of the code it discarded last
    in deal 1 lies on a pile of deal 2 (the doubled spades: its twin)."""
    import random

    from game.catalog import GameConfig, Seat
    from game.rules import zetema
    from game.session import Session

    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    for seed in range(40):
        rng = random.Random(seed)
        session = Session.new(GameConfig(config.game, config.seats, seed, config.options))
        last: dict[int, str] = {}
        while session.result is None and session.state.deal <= 2:
            state = session.state
            if state.deal == 2:
                moved = {zetema.to_move(b) for b in session.befores if b.deal == 2}
                on_piles = {c for pile in state.piles for c in pile}
                for seat, card in last.items():
                    if seat not in moved and card in on_piles:
                        return session, seat, card
            else:
                for move in [m for m in session.moves[-1:] if m.startswith("discard ")]:
                    last[zetema.to_move(session.befores[-1])] = move.split()[1]
            session.play(rng.choice(zetema.legal_moves(state)))
    raise AssertionError("no such position")


def test_a_resumed_deal_shows_no_mark_of_the_last_deals_moves(app, drive):
    from scenes.zetema.table import ZetemaTable

    session, seat, card = a_seat_whose_last_discard_has_a_twin_in_the_new_deal()
    table = ZetemaTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle()
    assert table.marks.marks.get(seat, []) == [], (seat, card)


# -- the menu: a message at start covers no "Resume this game" button ---------------------------

def test_a_message_on_the_menu_covers_no_resume_button(app, drive):
    from tests.test_saves import menu, saved_session
    from tests.test_toasts import toast_boxes

    for key in ("zetema", "telefunken", "zertz", "chan"):
        saved_session(key, 3)
    scene = menu(app, drive)
    resumes = [w.rect for w in scene.widgets.widgets if w.label == "Resume this game"]
    assert len(resumes) == 4
    for text in ("Parlour is already open in another window with the same saves: this window "
                 "plays without saving games, settings or statistics.",
                 "The remembered setups could not be read: last_setup.json is damaged (not valid "
                 "JSON); it was set aside as last_setup.json.bad-20261203-212057. Each game's "
                 "setup starts from its defaults."):
        app.toasts.clear()
        boxes = toast_boxes(app, text)
        covered = [*(w.rect for w in scene.widgets.widgets),
                   *(zone.rect for zone in scene.layout.layer("tiles"))]
        assert boxes and not any(b.colliderect(r) for b in boxes for r in covered), text


# -- Chắn's rules texts: chíu on the stock card you revealed yourself ---------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("", "or on the stock card you have just revealed into your own gate"),
    ("fa", "یا روی کارتی از انبار که همین حالا در دروازهٔ خودتان رو کرده‌اید"),
    ("vi", "hoặc với quân bạn vừa lật từ nọc vào cửa của mình"),
])
def test_the_rules_say_you_may_chiu_the_stock_card_you_revealed(lang, words):
    from pathlib import Path

    text = (Path(__file__).parent.parent / "assets" / "rules" / lang / "chan.md").read_text(
        encoding="utf-8")
    assert words in text


# -- Telefunken: the deal's summary shows the stakes so far -------------------------------------

def test_the_deal_summary_shows_the_stakes_won_so_far(app, drive, monkeypatch):
    from tests.test_telefunken_s21 import going_out, summary_of, texts_drawn
    from tests.test_telefunken_s21 import open_table as open_three

    table = open_three(app, drive, going_out())
    table.rules.submit("discard KC")
    summary = summary_of(app, drive, table)
    assert summary.header == ["Player", "This deal", "Total", "Stakes so far"]
    by_name = {row[0]: row[3] for row in summary.rows}
    assert by_name == {"Seat 1": "+2", "Seat 2": "-1", "Seat 3": "-1"}
    assert rules.deal_stakes([0, None, 2, 0], 3) == [3, -3, 0]
    summary.age = summary.count_time / 2  # (counting up: the sign is kept)
    assert summary.cell("+2") == "+1" and summary.cell("-1") in ("-1", "0")
    drive.wait(2.0)
    drawn = texts_drawn(summary, app, monkeypatch)
    assert "Stakes so far" in drawn and "+2" in drawn and "-1" in drawn, drawn


# -- Telefunken: a joker swapped where both ends were open says which end it took ----------------

from tests.test_click_to_move import _melded, click_card, open_telefunken  # noqa: E402, F401, F811


def test_a_joker_swap_says_which_end_the_joker_took_and_how_to_choose(open_telefunken, app,  # noqa: F811
                                                                       drive):
    from scenes.telefunken.moves import grip as tgrip

    melds = [{"owner": 1, "cards": ["JK", "6D", "7D"]}, {"owner": 0, "cards": ["KC", "KH", "KD"]}]
    table = _melded(open_telefunken, ["5D", "8S", "8C", "2S", "3H", "4C"], melds)
    app.toasts.clear()
    ent = next(e for c, e in table.sync.entities("hand") if c == "5D")
    rect = table._meld_rects[0]
    drive.drag(tgrip(table, ent), (rect.left + 8, rect.centery), steps=6)  # onto the joker
    drive.settle()
    assert table.session.moves == ["swap 5D in 0 low"]
    assert [t.text.rstrip(".") for t in app.toasts] == [
        "The joker went to the low end of the run: put on the run's right half, your card "
        "would have sent it to the high end"]
    table.undo()
    drive.settle()
    table = app.scenes.top  # (the table laid out again, the swap taken back)
    assert table.session.moves == []
    app.toasts.clear()
    click_card(drive, table, "5D")
    drive.click((table._meld_rects[0].right - 6, table._meld_rects[0].centery))
    drive.settle()
    assert table.session.moves == ["swap 5D in 0 high"]
    assert [t.text[:40] for t in app.toasts] == ["The joker went to the high end of the ru"]


# -- between people each person keeps their own order of the hand -------------------------------

def test_between_people_each_person_keeps_their_own_hand_order(app, drive):
    from game.catalog import GameConfig, Seat
    from game.session import Session
    from scenes.telefunken.table import TelefunkenTable

    people = GameConfig("telefunken", (Seat("human"), Seat("human"), Seat("ai", "easy")), 3, {})
    table = TelefunkenTable(app, people, Session.new(people))
    app.scenes.reset(table, transition=None)
    drive.settle()
    table.viewer = 0
    table.sort("suit")
    assert table.sort_mode == "suit"
    table.viewer = 1  # the other person's turn: their hand as they left it (by rank)
    assert table.sort_mode == "rank"
    table.sort("rank")
    table.viewer = 0
    assert table.sort_mode == "suit"
    again = TelefunkenTable(app, people, table.session)  # (Undo, Restart: built again)
    again.viewer = 1
    assert again.sort_mode == "rank"
    again.viewer = 0
    assert again.sort_mode == "suit"
    alone = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 2, 3, {})
    solo = TelefunkenTable(app, alone, Session.new(alone))
    assert solo.sort_mode == "rank"  # (one person: the game's own remembered order)
    app.scenes.reset(solo, transition=None)
    drive.settle()
    solo.sort("suit")
    assert TelefunkenTable(app, alone, Session.new(alone)).sort_mode == "suit"


def test_the_meld_zones_waiting_words_go_when_the_meld_is_put_down(app, drive):
    """The contract made by dropping its third card on the table: "7♦ waits in the meld
    zone: add the rest of the meld…" stood a second beside "… made the contract"."""
    from tests.test_telefunken_s22 import drag_to

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S", "8S"]
    table = open_state(app, drive, fresh(hand))
    for code in ("7H", "7D"):
        drag_to(drive, table, code, table.layout["table"].rect.center)
    assert "waits in the meld zone" in last_toast(app)
    drag_to(drive, table, "7C", table.layout["table"].rect.center)
    assert table.state.melded[0]
    assert not [t.text for t in app.toasts if "waits in the meld zone" in t.text]


# -- Restart replaces the saved game at once -----------------------------------------------------

def test_restart_replaces_the_saved_game_before_the_first_move(app, drive):
    import json

    from game.catalog import default_config
    from game.saves import autosave_path, flush_saves
    from game.session import Session
    from scenes.zertz_table import ZertzTable

    app.persist = True
    config = default_config("zertz", seed=5)
    session = Session.new(config)
    table = ZertzTable(app, config, session)
    app.scenes.reset(table, transition=None)
    drive.settle()
    seat = table.state.seat
    drive.drag(drive.center_of(table.supply_ents[seat][-1]), table.ring_center("d4"))
    drive.settle()
    flush_saves()
    assert json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"][:1] == [
        "place d4"]
    table.restart()
    drive.settle()
    flush_saves()
    assert json.loads(autosave_path("zertz").read_text(encoding="utf-8"))["moves"] == []


# -- Zetema: a refusal over the cards shown leaves their corners in view -------------------------

def test_a_refusal_after_a_straight_leaves_the_shown_cards_corners_in_view(app, drive):
    import esper
    import pygame

    from ecs.components import CardFace, Sprite, Transform
    from ecs.input import entity_rect
    from game.rules import zetema
    from tests.test_toasts import toast_boxes
    from tests.test_zetema_marriages import AI, H, play, start

    hand = ["4C", "5C", "6D", "7C", "8S", "9S", "QS"]
    table, drive = start(app, (H, AI), [hand, ["2H", "3H", "5H", "6H", "9H", "10H", "JH"]])
    play(drive, table, "meld straight 4C 5C 6D 7C 8S 9S")
    assert table.state.phase == "discard" and table.state.seat == 0
    text = ("After your straight, the discard must be one of the cards you showed: 4♣ 5♣ 6♦ 7♣ "
            "8♠ 9♠.")
    assert zetema.legal_moves(table.state) and "discard QS" not in zetema.legal_moves(table.state)
    boxes = toast_boxes(app, text)
    zone = table.layout["meld"].rect
    table.world.activate()
    cards = [r for r in (pygame.Rect(entity_rect(t, sp)) for _, (t, sp, _f) in
                         esper.get_components(Transform, Sprite, CardFace))
             if zone.collidepoint(r.center)]
    assert len(cards) == 6 and len(boxes) == 1
    top = min(c.top for c in cards)
    # (the corners, rank and suit, stayed in view; since session 33 the message stands
    # above the meld zone, clear of its cards: pt82)
    assert boxes[0].bottom <= top, (boxes[0], top)


# -- a chosen card shows the choice's outline, not another seat's mark --------------------------

def test_a_chosen_discard_shows_the_choice_not_the_throwers_mark(open_telefunken, app,  # noqa: F811
                                                                  drive):
    import pygame

    from tests.test_click_to_move import OTHERS, tposition

    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = tposition([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                      discard=("5S", "9S"), discarder=3, offer=[1, 2])
    table = open_telefunken(state)
    top = table.sync.entities("discard")[-1][1]
    table.world.activate()
    table.marks.entities(3, [top], "Seat 4")  # (the seat that threw it)

    def marks_drawn() -> int:
        surface = pygame.Surface(app.size)
        surface.fill((0, 0, 0))
        table.world.activate()
        table.marks.draw(surface)
        return pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count()

    unmarked = app.size[0] * app.size[1]
    assert marks_drawn() < unmarked  # (the outline and tag drawn)
    drive.click(drive.center_of(top))
    drive.step(2)
    assert table.drag.selected == top
    assert marks_drawn() == unmarked  # chosen: only the choice's outline (the renderer's)
    drive.click(drive.center_of(top))  # let go: the seat's mark again
    drive.step(2)
    assert table.drag.selected is None and marks_drawn() < unmarked


def test_a_marble_you_may_take_clicked_while_a_piece_is_chosen_is_chosen_instead(app, drive):
    """A newcomer chose a piece, then changed their mind and clicked a marble they may take:
    "Ring f3 already holds a marble: choose an empty ring." and the piece let go."""
    from game.rules import zertz
    from tests.test_zertz_words import SIX_PLACED
    from tests.test_zertz_words import open_table as open_zertz

    table = open_zertz(app, drive, zertz.load(SIX_PLACED))
    assert "take a1" in zertz.legal_moves(table.state)
    drive.click(drive.center_of(table.supply_ents[0][-1]))
    assert table.drag.selected == table.supply_ents[0][-1]
    app.toasts.clear()
    marble = table.marble_ents["a1"]
    drive.click(drive.center_of(marble))
    drive.settle()
    assert table.drag.selected == marble and app.toasts == [] and table.session.moves == []
    drive.click(table.layout[f"tray_{table.state.seat}"].rect.center)  # then into the tray
    drive.settle()
    assert table.session.moves == ["take a1"]


# -- Zetema: a pile clicked with several cards in the meld zone says to leave only one ----------

def test_a_pile_clicked_with_several_cards_in_the_meld_zone_says_to_leave_one(app):
    from game.rules import zetema
    from tests.test_zetema_marriages import AI, H, start
    from tests.test_zetema_playtest_fixes import choose

    hand = ["4C", "5C", "7C", "9C", "JC", "2H", "KD"]
    table, drive = start(app, (H, AI), [hand, ["2S", "3H", "5H", "6H", "9H", "10H", "JH"]],
                         piles={zetema.RANKS[zetema.CARD_RANK["4D"]]: ["4D"]})
    choose(drive, table, ["4C", "5C", "7C"])
    said = ("To discard, leave only that card in the meld zone: it holds 3 cards (click the "
            "others to take them back).")
    four = table.piles[zetema.CARD_RANK["4D"]][0][1]
    for where in (table.layout["pile_4"].rect.midbottom, drive.center_of(four)):
        app.toasts.clear()
        x, y = where
        drive.click((x, y - 6))
        drive.settle()
        assert [t.text for t in app.toasts] == [said] and table.session.moves == []
    assert [c for c, _ in table.selection] == ["4C", "5C", "7C"]


# -- Telefunken's rules texts name every way to cut ----------------------------------------------

@pytest.mark.parametrize(("lang", "lift", "cut"), [("", "Lift", "Cut"), ("fa", "بردار", "برش"),
                                                   ("vi", "Nhấc", "Cắt")])
def test_the_rules_name_the_click_and_the_lift_and_cut_buttons(lang, lift, cut):
    from pathlib import Path

    text = (Path(__file__).parent.parent / "assets" / "rules" / lang / "telefunken.md").read_text(
        encoding="utf-8")
    assert f"**{lift}**" in text and f"**{cut}**" in text
    i18n.set_language(lang or "en")
    from scenes.telefunken import words as tw
    assert tw.button("lift") == lift and tw.button("cut") == cut


# -- a change of language while a move lands renames the seats' tags -----------------------------

@pytest.mark.parametrize(("first", "then", "before", "after"), [
    ("vi", "en", "Ghế 2", "Seat 2"), ("en", "fa", "Seat 2", "جایگاه ۲"),
    ("fa", "vi", "جایگاه ۲", "Ghế 2")])
def test_tags_naming_a_seat_follow_a_change_of_language_while_a_move_lands(app, drive, first,
                                                                           then, before, after):
    from scenes.settings import set_app_language
    from tests.test_zetema_marriages import AI, H, start

    i18n.set_language(first)
    hands = [["4C", "5C", "7C", "9C", "JC", "2H", "KD"], ["2S", "3H", "5H", "6H", "9H", "10H", "JH"]]
    table, drive = start(app, (H, AI, AI), hands + [["2D", "3D", "5D", "6D", "9D", "10D", "JD"]])
    table.world.activate()
    card = table.hand[0][1]
    table.marks.entities(1, [card], table.seat_name(1))
    table.marks.entities(2, [card], "put")  # (not a seat's name: left as it is)
    assert table.marks.marks[1][0].label == before
    from ecs.tween import animate

    animate(card, "alpha", 254.0, 30.0)  # (a move landing under the pause menu)
    assert table.animating
    try:
        set_app_language(app, then)
        table._follow_language()
        assert table.marks.marks[1][0].label == after
        assert table.marks.marks[2][0].label == "put"
    finally:
        i18n.set_language("en")


# -- Zetema: the Hint button is greyed while a finished deal is on show ---------------------------

def test_the_hint_button_is_greyed_under_a_deal_summary_whoever_begins_the_next(app, drive):
    from game.catalog import GameConfig, Seat
    from game.rules import zetema
    from game.session import Session
    from scenes.results import DealSummary
    from scenes.zetema.table import ZetemaTable
    from tests.test_zetema_table import last_card_of_the_deal, play_the_last_card

    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy")), 3, {"double": "S"})
    state = last_card_of_the_deal(dealer=0)  # (the next deal is yours to begin)
    table = ZetemaTable(app, config, Session(config, zetema, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    summary = play_the_last_card(app, drive, table, frames=200)
    assert isinstance(summary, DealSummary) and table.rules.state.seat == 0
    drive.step(3)
    assert not table._hint_button().enabled
    summary.close()
    drive.settle()
    assert table.ended_deal is None and app.scenes.top is table
    assert table._hint_button().enabled  # (your turn in the new deal)
