"""The Chắn table through real mouse actions: a capture, a discard, a reveal and a pass."""

from __future__ import annotations

import esper
import pygame
import pytest

from ecs.components import DropTarget, Transform
from game.catalog import GameConfig, Seat
from scenes.chan import panels
from scenes.chan_table import ChanTable, group_hand, perform

CONFIG = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 12, {})


@pytest.fixture
def table(app, drive):
    scene = ChanTable(app, CONFIG)
    app.scenes.push(scene, transition=None)
    drive.settle()
    return scene


def run_until_mine(drive, table, frames=3000):
    for _ in range(frames):
        if table.mine and not table.animating:
            return True
        if table.rules.over:
            return False
        drive.step()
    raise AssertionError("the computer players did not hand the turn back")


def test_grouping_puts_chan_then_ca_then_singles():
    groups = group_hand(["5M", "2S", "5M", "5S", "CC", "7C", "7M", "CC", "9C"])
    assert groups[:2] == [["5M", "5M"], ["CC", "CC"]]
    assert ["7M", "7C"] in groups and ["5S"] in groups and ["9C"] in groups


def test_three_of_a_card_stand_together():
    """Three Cửu Sách showed as a pair and a lone card at the far end of the hand, hiding
    the chíu they wait for."""
    groups = group_hand(["9S", "2M", "9S", "5C", "9S", "2M", "2M", "2M"])
    assert ["9S", "9S", "9S"] in groups
    assert groups.count(["2M", "2M"]) == 2  # four of a card: two Chắn


def test_the_table_shows_the_deal(table):
    state = table.state
    assert sorted(c for c, _ in table.sync.entities("hand")) == sorted(state.hands[0])
    for seat in range(4):
        assert [c for c, _ in table.sync.entities(f"gate_{seat}")] == list(state.gates[seat])


def test_a_stretch_of_play_through_the_mouse(table, drive):
    """Whatever the deal asks of the person, it is done through real drags and clicks, and
    the rules state follows: captures, discards, reveals and passes."""
    done: set[str] = set()
    rng_moves = 0
    while rng_moves < 40 and run_until_mine(drive, table):
        legal = table.legal()
        captures = [m for m in legal if m.startswith(("chan ", "ca "))]
        if captures and "capture" not in done:
            move = captures[0]
        elif "draw" in legal and "draw" not in done:
            move = "draw"
        elif "pass" in legal:
            move = "pass"
        elif "decline" in legal:
            move = "decline"
        elif "draw" in legal:
            move = "draw"
        else:
            move = next(m for m in legal if m.startswith("discard "))
        before = len(table.session.moves)
        perform(drive, table, move)
        drive.settle()
        assert table.session.moves[before] == move, (move, table.session.moves[before:])
        done.add("capture" if move.startswith(("chan", "ca")) else move.split()[0])
        state = table.state
        assert sorted(c for c, _ in table.sync.entities("hand")) == sorted(state.hands[0])
        for seat in range(4):
            gate = [c for c, _ in table.sync.entities(f"gate_{seat}")]
            assert gate == list(state.gates[seat])
        rng_moves += 1
        if {"capture", "discard", "draw", "pass"} <= done:
            break
    assert {"capture", "discard", "draw", "pass"} <= done, done


def test_only_legal_partners_light_up(table, drive):
    for _ in range(60):
        if not run_until_mine(drive, table):
            pytest.skip("the deal ended")
        captures = [m for m in table.legal() if m.startswith(("chan ", "ca "))]
        if captures:
            break
        perform(drive, table, "draw" if "draw" in table.legal() else next(
            m for m in table.legal() if m.startswith(("discard", "pass", "decline"))))
        drive.settle()
    else:
        pytest.skip("no capture came up")
    live = table.live_entity()
    drive.press(drive.center_of(live))
    drive.move((640, 500), steps=4)
    lit = {d.data for _, d in esper.get_component(DropTarget)
           if d.active and d.valid and d.name.startswith("hand:")}
    partners = {m.split()[1] if m.startswith("chan") else m.split()[2] for m in captures}
    assert lit == partners
    partner = sorted(partners)[0]
    target = next(e for c, e in table.sync.entities("hand") if c == partner)
    live_card = table.state.live.card
    drive.move(table.grip(target), steps=4)
    drive.release()
    drive.settle()
    move = table.session.moves[-1]
    assert move in captures and move.split()[0] in ("chan", "ca")
    pair = table.state.exposed[0][-1]
    assert live_card in pair and partner in pair
    exposed = [c for c, _ in table.sync.entities("exposed_0")]
    assert exposed == [c for group in table.state.exposed[0] for c in group]
    assert table.state.phase == "discard"


def test_unavailable_claims_have_no_buttons(table, drive):
    run_until_mine(drive, table)
    labels = {w.label for w in table.widgets.widgets}
    legal = table.legal()
    assert ("Ù!" in labels) == ("u" in legal)
    assert ("Chíu!" in labels) == any(m.startswith("chiu") for m in legal)


def test_after_a_chiu_out_of_turn_the_discard_goes_to_the_claimed_cards_gate(app, drive):
    """The prompt said "onto your gate" and only your gate lit up, while the card went to
    the gate the chíu'd card came from (the rules: the discard takes its place); a drop on
    that gate glided back."""
    import pygame

    from game.rules import chan as rules
    from game.session import Session
    from tests.test_chan_rules import CHIU_3C, position

    data = position({0: CHIU_3C}, to_move=2, phase="respond", dealer=1, gates={1: ["9M"]},
                    live={"gate": 1, "card": "9M", "from": "discard"}, stock_top=["3C"])
    state = rules.play(rules.load(data), "draw")  # Seat 3 reveals 3C; you hold three
    assert rules.to_move(state) == 0 and "chiu 3C" in rules.legal_moves(state)
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    drive.key(pygame.K_c)  # Chíu!
    drive.settle()
    assert scene.state.phase == "discard" and scene.state.resume is not None
    gate = esper.component_for_entity(scene.gate_target, DropTarget).rect
    assert gate == scene.zone("gate", 2) and gate != scene.zone("gate", 0)
    assert "onto Seat 3's gate" in scene.prompt_text()
    card = next(m.split()[1] for m in scene.legal() if m.startswith("discard "))
    scene._apply_hint(f"discard {card}")  # the hint outlines that gate too, not your own
    assert scene.hinted_place() == gate  # (which refused the card, pt127)
    scene.cancel_hint()
    app.toasts.clear()
    drive.drag(scene.grip(scene.hand_entity(card)), scene.zone("gate", 0).center)
    drive.settle()
    assert scene.session.moves[-1] == "chiu 3C"  # your own gate: refused, and said why
    assert [t.text for t in app.toasts] == [
        "After a chíu your discard goes to Seat 3's gate, in place of the chíu'd card."]
    drive.drag(scene.grip(scene.hand_entity(card)), gate.center)
    drive.step(3)
    assert scene.session.moves[-1] == f"discard {card}"
    assert scene.session.state.gates[2][-1] == card


def test_the_hands_grouping_is_kept_through_undo(app, drive, table):
    """Group: by suit came back as Group: pairs after Undo (the table is built again)."""
    assert run_until_mine(drive, table)
    arrange = next(w for w in table.widgets.widgets if w.label.startswith("Group"))
    drive.click(arrange.rect.center)
    drive.settle()
    assert table.mode == "rank"
    move = next(m for m in table.legal() if m.split()[0] in ("discard", "chan", "ca", "draw"))
    perform(drive, table, move)
    drive.settle()
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    rebuilt = drive.scene
    assert isinstance(rebuilt, ChanTable) and rebuilt is not table
    assert rebuilt.mode == "rank"
    assert any(w.label == table.widgets.widgets[-1].label for w in rebuilt.widgets.widgets)


def test_undo_leaves_the_cards_on_the_table_in_sight(app, drive, table):
    """After Undo every face-up card on the table (gates, pairs shown) vanished for a frame
    and faded back in (the table built again placed them as if they came out of the
    seats' panels): a rebuilt table shows them whole from its first frame."""
    for _ in range(3):  # a few turns, so that the gates hold cards
        assert run_until_mine(drive, table)
        move = next(m for m in table.legal() if m.split()[0] in ("discard", "chan", "ca", "draw"))
        perform(drive, table, move)
        drive.settle()
    assert run_until_mine(drive, table)
    move = next(m for m in table.legal() if m.split()[0] in ("discard", "chan", "ca", "draw"))
    perform(drive, table, move)
    drive.step(2)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.step(1)
    rebuilt = drive.scene
    assert isinstance(rebuilt, ChanTable) and rebuilt is not table
    rebuilt.world.activate()
    shown = [ent for seat in range(4) for zone in (f"gate_{seat}", f"exposed_{seat}")
             for _, ent in rebuilt.sync.entities(zone)]
    assert len(shown) >= 4
    assert [esper.component_for_entity(e, Transform).alpha for e in shown] == [255.0] * len(shown)


def test_a_computer_says_thinking_until_its_cards_move_not_while_they_fly(app, drive, table,
                                                                          monkeypatch):
    """A computer's panel said "thinking…" for a few frames while its discard already flew
    to its gate and its count was one less: from when its cards begin to move, it does not;
    before (its turn, its move's lead) it does."""
    seen: list[tuple[int, int, int | None, int | None]] = []
    real = panels.seat_panel

    def spy(surface, rect, name, level, count, dealer, active, thinking=0, **more):
        seat = next(s for s in range(4) if table.zone("seat", s) == rect)
        seen.append((seat, thinking, table.landing_seat(), table.leading_seat()))
        return real(surface, rect, name, level, count, dealer, active, thinking, **more)

    monkeypatch.setattr(panels, "seat_panel", spy)
    for _ in range(4):
        assert run_until_mine(drive, table)
        move = next(m for m in table.legal() if m.split()[0] in ("discard", "chan", "ca", "draw"))
        perform(drive, table, move)
        drive.settle()
    flying = [s for s in seen if s[2] == s[0] and s[0] != 0 and s[3] is None]
    assert flying and all(thinking == 0 for _, thinking, _, _ in flying)
    assert any(thinking > 0 for seat, thinking, _, _ in seen if seat != 0)


def test_resume_lets_the_pause_menu_fade_before_the_table_moves_on(app, drive, table):
    """A card in flight when the pause menu opened showed twice after Resume: frozen in
    the fading picture of the menu and already further on (a ghost beside it). The table
    waits for the fade, then goes on from where it stopped."""
    assert run_until_mine(drive, table)
    move = next(m for m in table.legal() if m.split()[0] in ("discard", "chan", "ca", "draw"))
    perform(drive, table, move)
    drive.step(2)
    assert table.animating
    drive.key(pygame.K_ESCAPE)
    drive.step(30)
    assert drive.scene is not table  # paused
    table.world.activate()
    places = {e: (t.x, t.y) for e, t in esper.get_component(Transform)}
    drive.key(pygame.K_ESCAPE)
    assert drive.scene is table and app.scenes.transition is not None
    fading = 0
    while app.scenes.transition is not None:
        drive.step(1)
        fading += 1
        table.world.activate()
        if app.scenes.transition is not None:
            assert {e: (t.x, t.y) for e, t in esper.get_component(Transform)} == places
    assert fading >= 3
    drive.step(3)
    table.world.activate()
    assert {e: (t.x, t.y) for e, t in esper.get_component(Transform)} != places  # on again


def test_a_computers_claim_out_of_turn_shows_the_seat_whose_turn_it_is(app, drive):
    """After a card a computer held three of, its panel lit up "thinking" and the prompt
    said "Seat 4 to play…" while it decided on the chíu, though it then declined (pt54):
    everyone saw who held three. The seat whose turn it is is shown instead, and Undo names
    only the moves it showed."""
    from game.rules import chan as rules
    from game.session import Session
    from tests.test_chan_rules import CHIU_3C, position

    data = position({3: CHIU_3C}, to_move=1, phase="respond", dealer=0, gates={0: ["9M"]},
                    live={"gate": 0, "card": "9M", "from": "discard"}, stock_top=["3C"])
    state = rules.play(rules.load(data), "draw")  # Seat 2 reveals 3C; Seat 4 holds three
    assert state.phase == "claim" and state.seat == 3 and state.resume.seat == 1
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.step()
    assert scene.acting_seat() == 1
    assert scene.thinking_seat() in (1, None)
    assert scene.prompt_text() == "Seat 2 to play…"
    assert scene.undone_count(["discard 3C", "decline"], [0, 3]) == 1
    assert scene.undone_count(["discard 3C", "chiu 3C"], [0, 3]) == 2
    assert scene.quiet_move(3, "decline") and not scene.quiet_move(3, "chiu 3C")


def test_a_card_let_go_on_another_seats_gate_says_where_a_discard_goes(app, drive):
    """It glided back without a word (pt54), while one on your own gate at the wrong
    moment said why."""
    from game.rules import chan as rules
    from game.session import Session
    from tests.test_chan_rules import position

    state = rules.load(position({}, to_move=0, phase="open", dealer=0))  # (your first discard)
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    assert any(m.startswith("discard ") for m in scene.legal())
    card = scene.state.hands[0][0]
    app.toasts.clear()
    drive.drag(scene.grip(scene.hand_entity(card)), scene.zone("gate", 2).center)
    drive.settle()
    assert scene.session.moves == []
    assert [t.text for t in app.toasts] == ["Drop a card on your gate to discard it."]
    drive.drag(scene.grip(scene.hand_entity(card)), scene.zone("gate", 0).center)
    drive.settle()
    assert scene.session.moves == [f"discard {card}"]


def test_after_a_chiu_a_card_on_a_third_seats_gate_says_where_the_discard_goes(app, drive):
    """It said "Drop a card on your gate to discard it", where your own gate refuses it
    (pt59): every wrong gate now says where a discard after a chíu goes."""
    import pygame

    from game.rules import chan as rules
    from game.session import Session
    from tests.test_chan_rules import CHIU_3C, position

    data = position({0: CHIU_3C}, to_move=2, phase="respond", dealer=1, gates={1: ["9M"]},
                    live={"gate": 1, "card": "9M", "from": "discard"}, stock_top=["3C"])
    state = rules.play(rules.load(data), "draw")  # Seat 3 reveals 3C; you hold three
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    drive.key(pygame.K_c)  # Chíu!
    drive.settle()
    card = next(m.split()[1] for m in scene.legal() if m.startswith("discard "))
    said = "After a chíu your discard goes to Seat 3's gate, in place of the chíu'd card."
    for seat in (1, 3, 0):  # two other seats' gates, then your own
        app.toasts.clear()
        drive.drag(scene.grip(scene.hand_entity(card)), scene.zone("gate", seat).center)
        drive.settle()
        assert scene.session.moves[-1] == "chiu 3C"
        assert [t.text for t in app.toasts] == [said], seat
