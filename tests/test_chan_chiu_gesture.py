"""Chíu by gesture at the Chắn table: the live card dragged onto one of your three of it
(or one of them dragged onto it, or click then click) claims it, as the Chíu! button does,
where the rules offer the chíu and no capture of that card."""

from __future__ import annotations

import pygame

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes.chan.table import ChanTable
from tests.test_chan_rules import CHIU_3C, position

CONFIG = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 12, {})


def claim_table(app, drive) -> ChanTable:
    """Seat 3 has revealed 3C out of your turn; you hold three 3C: chíu or decline."""
    data = position({0: CHIU_3C}, to_move=2, phase="respond", dealer=1, gates={1: ["9M"]},
                    live={"gate": 1, "card": "9M", "from": "discard"}, stock_top=["3C"])
    state = rules.play(rules.load(data), "draw")
    assert state.phase == "claim" and rules.to_move(state) == 0
    assert "chiu 3C" in rules.legal_moves(state)
    assert not any(m.startswith(("chan ", "ca ")) for m in rules.legal_moves(state))
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    return scene


def test_dragging_the_live_card_onto_your_three_makes_the_chiu(app, drive):
    scene = claim_table(app, drive)
    app.toasts.clear()
    drive.drag(drive.center_of(scene.live_entity()), scene.grip(scene.hand_entity("3C")))
    drive.settle()
    assert scene.session.moves[-1] == "chiu 3C", [t.text for t in app.toasts]
    assert list(scene.state.exposed[0][-1]) == ["3C"] * 4


def test_dragging_one_of_your_three_onto_the_live_card_makes_the_chiu(app, drive):
    scene = claim_table(app, drive)
    drive.drag(scene.grip(scene.hand_entity("3C")), drive.center_of(scene.live_entity()))
    drive.settle()
    assert scene.session.moves[-1] == "chiu 3C"


def test_click_then_click_makes_the_chiu(app, drive):
    scene = claim_table(app, drive)
    drive.click(scene.grip(scene.hand_entity("3C")))
    drive.click(drive.center_of(scene.live_entity()))
    drive.settle()
    assert scene.session.moves[-1] == "chiu 3C"


def test_the_prompt_offers_the_gesture_and_a_second_click_lets_the_card_go(app, drive):
    scene = claim_table(app, drive)
    assert scene.prompt_text() == ("You hold three Tam\u00a0Văn: press Chíu! (or drag it onto "
                                   "them) to claim it. Or press Decline to let play go on.")
    card = scene.grip(scene.hand_entity("3C"))
    drive.click(card)
    app.toasts.clear()
    drive.click(card)  # the chosen card clicked again: let go, nothing said
    assert app.toasts == [] and scene.drag.selected is None
    other = scene.grip(next(e for c, e in scene.sync.entities("hand") if c != "3C"))
    drive.drag(card, other)  # put onto another card: what it can do
    drive.settle()
    assert [t.text for t in app.toasts] == [
        "Your three Tam\u00a0Văn claim the live one: click it, drag your card onto it, or "
        "press Chíu!"]
    drive.key(pygame.K_ESCAPE)
    assert not scene.session.moves


def test_on_your_turn_the_drag_stays_the_capture_and_chiu_its_button(app, drive):
    """With a capture of the card legal beside the chíu, the drag makes the capture the
    prompt describes (as before); the chíu is the button."""
    data = position({0: CHIU_3C}, to_move=0, phase="respond", dealer=1, gates={3: ["3C"]},
                    live={"gate": 3, "card": "3C", "from": "discard"})
    state = rules.load(data)
    legal = rules.legal_moves(state)
    assert "chiu 3C" in legal and "chan 3C" in legal
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    assert "press Chíu! to claim it." in scene.prompt_text()
    drive.drag(drive.center_of(scene.live_entity()), scene.grip(scene.hand_entity("3C")))
    drive.settle()
    assert scene.session.moves[-1] == "chan 3C"


def test_the_prompt_offers_each_choice_after_the_first_with_or(app):
    """"…press Ù! Take Ba Văn with …" read as if both were to be done (pt101): each choice
    after the first begins with "Or"."""
    from scenes.chan import prompts

    data = position({0: CHIU_3C}, to_move=0, phase="respond", dealer=1, gates={3: ["3C"]},
                    live={"gate": 3, "card": "3C", "from": "discard"})
    state = rules.load(data)
    legal = rules.legal_moves(state)
    assert "chiu 3C" in legal and "chan 3C" in legal and "u" not in legal
    text = prompts.prompt(state, legal)
    assert "press Chíu! to claim it. Or take " in text, text
    text = prompts.prompt(state, ["u"] + legal)  # (as where the card also wins the hand)
    assert "press Ù! Or press Chíu! to claim it" in text and " Or take " in text, text
    text = prompts.prompt(state, [m for m in legal if not m.startswith("chiu")])
    assert text.startswith("Take "), text


def test_the_hint_to_chiu_names_the_button(app, drive):
    """On your own turn the hint to chíu outlined your three cards, and a newcomer dragged
    the live card onto them: that drag is the capture the prompt describes (pt114). The
    hint's words say to press Chíu!."""
    data = position({0: CHIU_3C}, to_move=0, phase="respond", dealer=1, gates={3: ["3C"]},
                    live={"gate": 3, "card": "3C", "from": "discard"})
    state = rules.load(data)
    scene = ChanTable(app, CONFIG, Session(CONFIG, rules, state, state))
    app.scenes.push(scene, transition=None)
    drive.settle()
    app.toasts.clear()
    scene._apply_hint("chiu 3C")
    assert any("press Chíu! to claim" in t.text for t in app.toasts)
