"""The Chắn table as a newcomer meets it, through the real event loop: click-to-move,
prompts derived from the legal moves, refusals in Tổ Tôm words, the layout, the end screen."""

from __future__ import annotations

import random
import re

import esper
import pygame

from ecs.components import DropTarget, Selected
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from game.words import chan as words
from scenes.chan import prompts
from scenes.chan_table import ChanTable, perform
from scenes.results import ResultsOverlay

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3
CODE = re.compile(r"\b([2-9][MSC]|CC)\b")


def position(seed: int, want: str) -> Session:
    """A deal played at random until the person (seat 1) faces ``want``: "capture" (a
    capture is legal) or "nocap" (a live card that cannot be taken, only Draw)."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", SEATS, seed, {}))
    while session.result is None:
        moves = rules.legal_moves(session.state)
        if rules.to_move(session.state) == 0 and len(session.moves) > 12:
            caps = prompts.captures(moves)
            if want == "capture" and caps:
                return session
            if want == "nocap" and not caps and session.state.live is not None and (
                    "draw" in moves):
                return session
        session.play(rng.choice(moves))
    raise AssertionError("the position never came")


def open_table(app, drive, session: Session) -> ChanTable:
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    return table


def lit_targets() -> set[str]:
    return {d.name if d.name == "gate" else d.data for _, d in esper.get_component(DropTarget)
            if d.active and d.valid}


# -- click-to-move ---------------------------------------------------------------------------

def test_capture_then_discard_by_clicks(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    capture = prompts.captures(table.legal())[0]
    live = table.live_entity()
    drive.click(drive.center_of(live))
    assert esper.has_component(live, Selected)  # the selected state is visible
    assert lit_targets() == {prompts.partner_of(m) for m in prompts.captures(table.legal())}
    before = len(table.session.moves)
    drive.click(table.grip(table.hand_entity(prompts.partner_of(capture))))
    drive.settle()
    assert table.session.moves[before:] == [capture]
    assert table.state.phase == "discard"
    discard = next(m for m in table.legal() if m.startswith("discard "))
    card = discard.split()[1]
    ent = table.hand_entity(card)
    drive.click(table.grip(ent))
    assert esper.has_component(ent, Selected) and "gate" in lit_targets()
    drive.click(table.layout["gate_0"].rect.center)
    drive.settle()
    assert table.session.moves[before + 1] == discard
    assert table.state.gates[0][-1] == card


def test_a_partner_clicked_then_the_live_card_makes_the_capture(app, drive):
    """Either order works: the partner in your hand first, then the live card (lit as the
    target while the partner is selected); a card that does not take it just hands the
    selection to the live card."""
    table = open_table(app, drive, position(5, "capture"))
    capture = prompts.captures(table.legal())[0]
    partner = table.hand_entity(prompts.partner_of(capture))
    live = table.live_entity()
    drive.click(table.grip(partner))
    assert table.drag.selected == partner
    assert table.state.live.card in lit_targets()  # the live card lights up as the target
    before = len(table.session.moves)
    drive.click(drive.center_of(live))
    drive.settle()
    assert table.session.moves[before:] == [capture]
    # a card that cannot take the live card: the click selects the live card instead
    table = open_table(app, drive, position(5, "capture"))
    partners = {prompts.partner_of(m) for m in prompts.captures(table.legal())}
    other = next(e for c, e in table.sync.entities("hand") if c not in partners
                 and c != table.state.live.card)
    drive.click(table.grip(other))
    drive.click(drive.center_of(table.live_entity()))
    assert table.drag.selected == table.live_entity()
    assert len(table.session.moves) == before


def test_a_partner_dragged_onto_the_live_card_makes_the_capture(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    capture = prompts.captures(table.legal())[0]
    partner = table.hand_entity(prompts.partner_of(capture))
    before = len(table.session.moves)
    drive.drag(table.grip(partner), drive.center_of(table.live_entity()), steps=6)
    drive.settle()
    assert table.session.moves[before:] == [capture]


def test_perform_by_clicks_plays_a_capture(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    capture = prompts.captures(table.legal())[0]
    perform(drive, table, capture, by="click")
    drive.settle()
    assert table.session.moves[-1] == capture


def test_escape_and_a_click_on_nothing_cancel_a_selection(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    live = table.live_entity()
    drive.click(drive.center_of(live))
    assert table.drag.selected == live
    drive.key(pygame.K_ESCAPE)
    assert table.drag.selected is None and not esper.has_component(live, Selected)
    assert app.scenes.top is table  # Esc cancelled the selection, it did not open the menu
    assert not lit_targets()
    drive.click(drive.center_of(live))
    assert table.drag.selected == live
    drive.click((800, 300))  # bare felt
    drive.settle()
    assert table.drag.selected is None and not lit_targets()
    assert len(table.session.moves) == len(position(5, "capture").moves)  # nothing played


def test_a_click_on_the_stock_with_a_card_selected_still_draws(app, drive):
    table = open_table(app, drive, position(5, "nocap"))
    assert table.legal() == ["draw"]
    _, card = table.sync.entities("hand")[0]
    drive.click(table.grip(card))  # a card of the hand chosen by a click... (the live card,
    assert esper.has_component(card, Selected)  # which nothing takes, is no longer chosen)
    before = len(table.session.moves)
    drive.click(drive.center_of(table.stock_ent))  # ...then the stock: the person draws
    drive.settle()
    assert table.session.moves[before:before + 1] == ["draw"]
    assert table.drag.selected is None


def test_a_click_on_another_hand_card_moves_the_selection(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    (_, a), (_, b) = table.sync.entities("hand")[:2]
    drive.click(table.grip(a))
    assert table.drag.selected == a
    drive.click(table.grip(b))
    assert table.drag.selected == b and not esper.has_component(a, Selected)
    assert not any(t.error for t in app.toasts)


# -- prompts and refusals --------------------------------------------------------------------

def test_the_prompt_follows_the_legal_moves(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    text = table.prompt_text()
    assert text.startswith("Take ") and "Pass" in text
    table = open_table(app, drive, position(5, "nocap"))
    assert table.legal() == ["draw"]
    text = table.prompt_text()
    card = words.card(table.state.live.card)
    assert text.startswith(f"You cannot take {card}. ") and "Draw" in text
    assert "Take " not in text and not CODE.search(text) and "restriction" not in text


def test_dragging_a_live_card_that_cannot_be_taken_says_why(app, drive):
    table = open_table(app, drive, position(5, "nocap"))
    live = table.live_entity()
    before = list(table.session.moves)
    _, partner = table.sync.entities("hand")[0]
    drive.drag(drive.center_of(live), table.grip(partner), steps=6)
    drive.settle()
    assert table.session.moves == before
    toast = app.toasts[-1]
    assert toast.error and not CODE.search(toast.text) and "restriction" not in toast.text
    app.toasts.clear()
    drive.drag(drive.center_of(live), (800, 300), steps=6)  # dropped on nothing
    drive.settle()
    card = words.card(table.state.live.card)
    assert app.toasts and app.toasts[-1].text.startswith(f"You cannot take {card}. ")


def test_prompts_and_reasons_over_many_positions():
    """Over random positions: "Take" is offered exactly when a capture is legal, and the
    reasons never show card codes or restriction numbers."""
    seen_refusals = 0
    for seed in range(12):
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None and len(session.moves) < 80:
            state = session.state
            moves = rules.legal_moves(state)
            text = prompts.prompt(state, moves)
            assert text.startswith("Take ") == bool(prompts.captures(moves)) or "Ù!" in text \
                or "Chíu!" in text, (text, moves)
            assert not CODE.search(text) and "restriction" not in text, text
            if state.live is not None and not prompts.captures(moves) and state.phase in (
                    "respond", "revealed"):
                seen_refusals += 1
                assert "You cannot take" in text
            session.play(rng.choice(moves))
    assert seen_refusals > 20


def test_engine_refusals_in_player_words():
    text = prompts.player_words("6S would split an identical pair in your hand (restriction 2)")
    assert text == f"{words.card('6S')} would split an identical pair in your hand"


# -- layout ----------------------------------------------------------------------------------

def test_each_seat_has_its_own_place_and_the_prompt_its_own(app, drive):
    table = open_table(app, drive, position(5, "capture"))
    lay = table.layout
    groups = {z: [lay[f"{k}_{z}"].rect for k in ("seat", "exposed", "gate")] for z in range(4)}
    for z, rects in groups.items():
        box = rects[0].unionall(rects[1:])
        for other, others in groups.items():
            if other != z and z != 0 and other != 0:
                assert not any(box.colliderect(r) for r in others), (z, other)
    named = ["stock", "claims", "hand", "log", "status", "arrange"]
    for i, a in enumerate(named):
        for b in named[i + 1:]:
            assert not lay[a].rect.colliderect(lay[b].rect), (a, b)
    # your gate and shown pairs sit beside your hand, not among the other seats
    assert lay["gate_0"].rect.bottom <= lay["hand"].rect.top
    assert lay["exposed_0"].rect.right <= lay["hand"].rect.left


# -- the end screen --------------------------------------------------------------------------

def end_screen(app, drive, config: GameConfig):
    """A deal of ``config`` (seed 35) played at random to a win, its table opened: (the
    session, the table, the results overlay shown over it)."""
    rng = random.Random(35)
    session = Session.new(config)
    while session.result is None:
        moves = rules.legal_moves(session.state)
        session.play("u" if "u" in moves else rng.choice(moves))
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    drive.step(5)
    drive.settle()
    overlay = app.scenes.top
    assert isinstance(overlay, ResultsOverlay)
    return session, table, overlay


def test_the_end_screen_explains_the_score(app, drive):
    session, _table, overlay = end_screen(app, drive, GameConfig("chan", SEATS, 35, {}))
    subtitle = overlay.subtitle.replace(words.NBSP, " ")  # names never wrap apart
    assert "Lèo (base 5, dịch 2)" in subtitle
    assert "Ù chì (base 3, dịch 1)" in subtitle
    assert "Lèo 5 + Ù chì dịch 1 = 6" in subtitle
    winner = rules.result(session.state)["winner"]
    assert overlay.rows[winner][1:] == ["+18", "receives 3 × 6"]
    assert all(row[1:] == ["-6", "pays 6"]
               for s, row in enumerate(overlay.rows) if s != winner)
    assert sum(len(g) for g in overlay.groups) == 20  # the winning hand's pairs


def test_the_end_screen_adds_the_sitting_running_total(app, drive):
    """From the second deal played with "Play again", the end screen's table has each
    seat's total of settlements so far, this deal included, and "Play again" carries it."""
    config = GameConfig("chan", SEATS, 35, {}).after_game([-4, 12, -4, -4])
    session, table, overlay = end_screen(app, drive, config)
    assert overlay.header[-1] == "Total, 2 deals"
    winner = rules.result(session.state)["winner"]
    expected = [(18 if s == winner else -6) + before for s, before in enumerate((-4, 12, -4, -4))]
    assert [row[-1] for row in overlay.rows] == [f"{v:+d}" for v in expected]
    table.play_again()
    drive.settle()
    assert (drive.scene.config.sitting_games, list(drive.scene.config.sitting)) == (2, expected)


def test_leaving_the_end_screen_for_the_menu_keeps_the_sitting(app, drive):
    """After deal 4 a player pressed Menu on the end screen and the sitting's running totals
    were gone: Continue said "no saved game" and the next Chắn began from zero (pt123). Its
    next deal, not begun, is now saved with the totals: Continue goes on with them."""
    from game.saves import list_saves
    from scenes.menu import MainMenu, save_details
    from scenes.resume import resume_saved_game

    app.persist = True
    config = GameConfig("chan", SEATS, 35, {}).after_game([-4, 12, -4, -4])
    session, table, overlay = end_screen(app, drive, config)
    winner = rules.result(session.state)["winner"]
    expected = [(18 if s == winner else -6) + before for s, before in enumerate((-4, 12, -4, -4))]
    drive.click(next(w for w in overlay.widgets.widgets if w.label == "Menu").rect.center)
    drive.settle()
    assert isinstance(drive.scene, MainMenu)
    [entry] = [e for e in list_saves() if e.game == "chan"]
    assert (entry.moves, entry.sitting_games) == (0, 2)
    assert save_details(entry) == "deal 3 of the sitting"  # (Chắn: a game is a deal)
    assert resume_saved_game(app, "chan")
    drive.settle()
    resumed = drive.scene
    assert isinstance(resumed, ChanTable) and not resumed.session.moves
    assert (resumed.config.sitting_games, list(resumed.config.sitting)) == (2, expected)
    assert resumed.config.seed != config.seed  # (new cards)


# -- hot seat --------------------------------------------------------------------------------

def test_click_to_move_between_people_keeps_the_cover(app, drive):
    """Two people at one screen play by clicks: each move lands, no selection survives the
    change of person, and the hand under the cover stays face down."""
    from ecs.components import CardFace

    config = GameConfig("chan", (Seat("human"), Seat("human"), Seat("ai", "easy"),
                                 Seat("ai", "easy")), 5, {})
    app.settings.animation = "instant"
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    table.rules.ai_delay = 0.0
    drive.settle()
    rng = random.Random(3)
    covers = moves = 0
    while covers < 2 and moves < 20:
        for _ in range(3000):
            if table.rules.over or (table.rules.human_to_move() and not table.animating):
                break
            drive.step()
        if table.rules.over:
            break
        if table.curtain:
            covers += 1
            assert table.drag.selected is None
            assert not any(esper.component_for_entity(e, CardFace).face_up
                           for _, e in table.sync.entities("hand"))
            drive.lift_cover(table)
        move = rng.choice(table.legal())
        before = len(table.session.moves)
        perform(drive, table, move, by="click")
        drive.settle()
        assert table.session.moves[before] == move
        moves += 1
    assert covers >= 2, (covers, moves)


def test_the_computers_last_move_stays_marked(app, drive):
    """After the computer seats play, each one's last card or pair is outlined on the table."""
    from game.catalog import GameConfig, Seat
    from scenes.chan_table import ChanTable

    config = GameConfig("chan", tuple([Seat("ai", "easy")] * 3 + [Seat("human")]), 12, {})
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    for _ in range(900):
        drive.step()
        if table.rules.human_to_move() and not table.animating:
            break
    assert table.session.moves, "the computer seats moved"
    marked = {seat for seat in range(3) if table.marks.marks.get(seat)}
    assert marked, "at least one computer seat's last move is outlined"
    for seat in marked:
        assert all(m.entities for m in table.marks.marks[seat])  # outlines around cards


def test_a_captured_discard_keeps_only_the_captors_mark(app, drive):
    """When a seat takes another seat's discard, the discarder's mark does not follow the
    card into the captor's pairs (it would say the discarder put it there)."""
    from game.catalog import GameConfig, Seat
    from game.rules import chan as rules
    from scenes.chan_table import ChanTable

    config = GameConfig("chan", tuple([Seat("ai", "easy")] * 3 + [Seat("human")]), 12, {})
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    seen, capture = 0, None
    for _ in range(3000):
        drive.step()
        session = table.session
        for i in range(seen, len(session.moves)):
            events = table.rules_module.play_events(session.befores[i], session.moves[i])[1]
            capture = next((e for e in events if isinstance(e, rules.Captured)
                            and e.gate != e.seat), capture)  # from another seat's gate
        seen = len(session.moves)
        if capture is not None and not table.animating:
            break
        if table.rules.human_to_move() and not table.animating:
            table.rules.submit(table.legal()[0])
    assert capture is not None, "a seat took another seat's discard"
    pairs = f"exposed_{capture.seat}"
    taken = {ent for m in table.marks.marks.get(capture.seat, ()) for ent in m.entities
             if table.sync.zone_of(ent) == pairs}
    assert taken, "the captor's pair is marked"
    for seat, marks in table.marks.marks.items():
        if seat != capture.seat:
            assert not any(set(m.entities) & taken for m in marks), (seat, marks)


def test_last_move_tags_keep_clear_of_the_live_card_tag(app, drive, monkeypatch):
    """The "live card" pill and a seat's last-move tag on the same card were drawn over
    each other: the marks now keep clear of it."""
    from scenes.chan import panels
    from tests.test_marks import record_tags

    table = open_table(app, drive, position(5, "capture"))
    place = table._live_tag_place()
    assert place is not None
    pill = panels.live_tag_rect(*place)
    assert pill in table.mark_keep_clear()
    table.marks.entities(1, [table.live_entity()], "Seat 2")  # a tag on the live card
    drawn = record_tags(monkeypatch)
    table.marks.draw(app.screen, table.mark_keep_clear())
    assert drawn and not any(tag.colliderect(pill) for tag in drawn)


def test_a_pairs_tag_stays_off_the_card_names_at_its_foot(app, drive, monkeypatch):
    """Tổ Tôm cards print their names along the bottom edge: a last-move tag that found the
    top edge taken by the zone's label dropped there and hid them; it now moves farther
    along the top first."""
    from tests.test_marks import drawn_box, record_tags

    table = open_table(app, drive, position(5, "capture"))
    capture = prompts.captures(table.legal())[0]
    perform(drive, table, capture, by="click")
    drive.settle()
    pair = [e for _, e in table.sync.entities("exposed_0")][-2:]
    box = drawn_box(pair[0]).union(drawn_box(pair[1]))
    drawn = record_tags(monkeypatch)
    table.marks.draw(app.screen, table.mark_keep_clear())
    mine = [tag for tag in drawn if tag.colliderect(box.inflate(360, 40))]
    assert mine, "the pair just taken carries its tag"
    names = pygame.Rect(box.left, box.bottom - box.height // 4, box.width, box.height // 4)
    assert not any(tag.colliderect(names) for tag in mine)



def test_a_card_clicked_on_the_computers_turn_says_to_wait(app, drive):
    """A hand card clicked while a computer played got the selection's outline and lost it
    again without a word."""
    rng = random.Random(4)
    session = Session.new(GameConfig("chan", SEATS, 4, {}))
    while rules.to_move(session.state) in (None, 0) or len(session.moves) < 6:
        session.play(rng.choice(rules.legal_moves(session.state)))
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.step(1)
    app.toasts.clear()
    card = table.sync.entities("hand")[0][1]
    drive.click(drive.center_of(card))
    assert table.drag.selected is None
    assert [t.text for t in app.toasts] == ["Wait for your turn."] and not app.toasts[0].error


def test_a_revealed_card_gets_its_live_tag_and_seat_tag_where_it_lands(app, drive, monkeypatch):
    """While a stock card flew to its gate the "live card" pill stood in that gate over the
    passed card already there (or over nothing), and the flying card's seat tag lay on the
    stock's label: both wait for the card to land."""
    import scenes.marks as marks_module
    from ecs.tween import travelling
    from tests.test_marks import drawn_box, record_calls

    table = open_table(app, drive, position(5, "nocap"))
    perform(drive, table, "draw")
    seen_flying = seen_marked = False
    for _ in range(120):
        drive.step()
        ent = table.live_entity()
        if ent is None or not travelling(ent):
            continue
        seen_flying = True
        assert table._live_tag_place() is None
        marked = [m for marks in table.marks.marks.values() for m in marks
                  if ent in m.entities and m.label]
        seen_marked = seen_marked or bool(marked)
        drawn = record_calls(monkeypatch, marks_module, "_tag")
        table.marks.draw(app.screen, table.mark_keep_clear())
        monkeypatch.undo()
        near = drawn_box(ent).inflate(30, 50)
        assert not any(text == m.label and rect.colliderect(near)
                       for m in marked for text, rect in drawn)
    assert seen_flying and seen_marked
    drive.settle()
    if table.state.live is not None and table.live_entity() is not None:
        assert table._live_tag_place() is not None


def test_your_own_draw_asks_nothing_before_the_card_has_landed(app, drive):
    """Draw, and the prompt named the stock card and offered Pass (P passed on it) while it
    was still face down beside the stock."""
    table = open_table(app, drive, position(5, "nocap"))
    perform(drive, table, "draw")
    drive.step(2)
    moves = len(table.session.moves)
    assert table.rules.human_to_move() and not table.rules.offering()
    assert table.prompt_text() == "Your turn…"
    drive.key(pygame.K_p)
    drive.step(2)
    assert len(table.session.moves) == moves  # nothing passed on the unseen card
    drive.settle()
    assert table.rules.offering() and table.prompt_text() != "Your turn…"


def computers_to_play(app, drive) -> ChanTable:
    """A table where you drew and passed (or took): the computers play on."""
    table = open_table(app, drive, position(5, "nocap"))
    perform(drive, table, "draw")
    drive.settle()
    while table.rules.human_to_move():
        table.rules.submit("pass" if "pass" in table.legal() else table.legal()[0])
        drive.settle()
    return table


def test_a_computers_card_comes_into_sight_as_it_leaves_its_panel(app, drive):
    """A computer's discard started under its seat's panel, dimmed by the panel's words:
    it fades in as it leaves the panel."""
    from ecs.components import Transform

    table = computers_to_play(app, drive)
    seen = []
    for _ in range(200):
        drive.step()
        for _zone, ent, start in table.sync.arrived:
            if any(table.zone("seat", s).collidepoint(start) for s in range(4)):
                if esper.entity_exists(ent):
                    seen.append(esper.component_for_entity(ent, Transform).alpha)
        if seen and seen[-1] == 255:
            break
    assert seen and min(seen) < 60 and seen[-1] == 255


def test_the_line_names_the_seat_whose_move_is_landing(app, drive):
    """"Seat 4 to play…" stood while Seat 3's discard was still in the air."""
    table = computers_to_play(app, drive)
    mover = table.rules.to_move
    for _ in range(300):  # the computers play on: catch one of their moves in the air
        drive.step()
        last = rules.to_move(table.session.befores[-1]) if table.session.befores else None
        if table.animating and last not in (None, table.state.seat) and not (
                table.config.seats[last].is_human):
            assert table.prompt_text() == f"{table.seat_name(last)} to play…"
            break
    else:
        raise AssertionError(f"no computer's move was seen landing (first mover {mover})")


def test_a_card_turning_over_as_the_cover_lifts_can_be_taken(app, drive):
    """Right after the cover lifts, the hand's cards turn face up: a card pressed half-way
    through its turn (squashed to a sliver) is taken all the same and discarded (the press
    missed it, and the move was lost without a word)."""
    from scenes.game_table import COVER_QUIET

    config = GameConfig("chan", (Seat("human"),) * 4, 3, {})
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    rng = random.Random(3)
    for _turn in range(40):
        for _ in range(600):
            if table.rules.over or table.curtain or (
                    table.rules.human_to_move() and not table.animating):
                break
            drive.step()
        assert not table.rules.over
        discards = [m for m in table.legal() if m.startswith("discard ")]
        if table.curtain and discards:
            drive.wait(COVER_QUIET + 0.1)
            drive.click(table.layout["hand"].rect.center)
            assert not table.curtain
            for _ in range(30):
                thin = [m for m in discards if _outside_its_sliver(table, m.split()[1])]
                if thin:
                    break
                drive.step()
            if thin:
                before = len(table.session.moves)
                perform(drive, table, thin[0])
                drive.settle()
                assert table.session.moves[before:before + 1] == [thin[0]]
                return
            drive.settle()
        if table.curtain:
            drive.lift_cover(table)
        before = len(table.session.moves)
        perform(drive, table, rng.choice(table.legal()), by="click")
        drive.settle()
        assert len(table.session.moves) > before
    raise AssertionError("no card was caught half-way through its turn")


def _outside_its_sliver(table, code: str) -> bool:
    """Is the point where a person takes the card off the narrow strip it shows half-way
    through turning over?"""
    from ecs.components import Sprite, Transform

    ent = table.hand_entity(code)
    t = esper.component_for_entity(ent, Transform)
    half = esper.component_for_entity(ent, Sprite).image.get_width() * t.squash / 2
    return t.squash < 1.0 and abs(table.grip(ent)[0] - t.x) > half + 1


def test_with_the_stock_empty_draw_is_said_to_end_the_deal_and_no_card_back_shows(app, drive):
    """With the stock empty the pile still showed a card back under "Stock · 0", and the
    prompt promised "Draw … reveal a stock card" where Draw ends the deal in a draw."""
    from ecs.components import Sprite

    rng = random.Random(7)
    session = Session.new(GameConfig("chan", SEATS, 7, {}))
    while not (rules.to_move(session.state) == 0 and not session.state.stock
               and "draw" in rules.legal_moves(session.state)):
        assert session.result is None
        moves = rules.legal_moves(session.state)
        session.play(rng.choice([m for m in moves if m != "u"] or moves))
    table = open_table(app, drive, session)
    assert not esper.component_for_entity(table.stock_ent, Sprite).visible
    said = prompts.prompt(table.state, table.legal())
    assert "the stock is empty, so the deal ends in a draw" in said, said
    assert "reveal a stock card" not in said


def test_esc_on_the_end_screen_pauses_and_its_quit_keeps_the_sitting(app, drive):
    """Esc on the end screen went to the menu at once: a player who meant to close it lost
    the deal's replay (pt161, pt163). It opens the pause menu, as over a deal's summary: Esc
    again (or Resume) brings the results back, Replay still there; the pause menu's Quit to
    menu leaves as the Menu button does, the sitting's next deal saved with the totals
    (Quit to menu over a won hand lost them)."""
    from game.saves import list_saves
    from scenes.menu import MainMenu
    from scenes.pause import PauseMenu

    app.persist = True
    config = GameConfig("chan", SEATS, 35, {}).after_game([-4, 12, -4, -4])
    session, table, overlay = end_screen(app, drive, config)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(drive.scene, PauseMenu) and drive.scene.table is table
    drive.key(pygame.K_ESCAPE)  # Esc resumes: the results again, with their Replay
    drive.settle()
    assert drive.scene is overlay
    assert any(w.label == "Replay" for w in overlay.widgets.widgets)
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = drive.scene
    drive.click(next(w for w in pause.widgets.widgets if w.label == "Quit to menu").rect.center)
    drive.settle()
    assert isinstance(drive.scene, MainMenu)
    [entry] = [e for e in list_saves() if e.game == "chan"]
    assert (entry.moves, entry.sitting_games) == (0, 2)


def test_restart_over_a_finished_deal_keeps_it_in_the_sitting(app, drive):
    """Esc on a finished deal's results, then Restart: the new deal's totals had lost the
    finished one (pt166). It stays counted, as Play again keeps it."""
    from scenes.pause import PauseMenu

    config = GameConfig("chan", SEATS, 35, {}).after_game([-4, 12, -4, -4])
    session, table, overlay = end_screen(app, drive, config)
    winner = rules.result(session.state)["winner"]
    expected = [(18 if s == winner else -6) + before for s, before in enumerate((-4, 12, -4, -4))]
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = drive.scene
    assert isinstance(pause, PauseMenu)
    drive.click(next(w for w in pause.widgets.widgets if w.label == "Restart").rect.center)
    drive.settle()
    drive.click(next(w for w in drive.scene.widgets.widgets if w.label == "Restart").rect.center)
    drive.settle()
    restarted = drive.scene
    assert isinstance(restarted, ChanTable) and restarted is not table
    assert not restarted.session.moves
    assert (restarted.config.sitting_games, list(restarted.config.sitting)) == (2, expected)
