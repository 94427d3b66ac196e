"""Play-testing at the Chắn table: offered a chíu out of turn (no Ù), the live card dropped
on your gate was refused with "You cannot take Ngũ Vạn. You are offered a claim on the live
card: answer with Ù!, Chíu! or Decline." (it can be taken, by the chíu; and no Ù! button
is shown), and dropped on a card it does not pair with, the same without "You cannot
take". The refusals in the claim phase name only the claims offered, and a chíu's drag."""

from __future__ import annotations

from game.rules import chan as rules
from scenes.chan import prompts
from tests.test_chan_chiu_gesture import claim_table
from tests.test_chan_s20 import open_at, played, wins_on

SAYS = "Drop Tam\u00a0Văn onto one of your three, or press Chíu! (or Decline)."


def refused(app, drive, scene) -> str:
    assert not scene.session.moves
    assert rules.result(scene.state) is None
    texts = [t.text for t in app.toasts]
    assert texts, "no refusal shown"
    return texts[-1]


def test_the_live_card_dropped_on_your_gate_names_the_chiu_and_its_drag(app, drive):
    scene = claim_table(app, drive)
    app.toasts.clear()
    drive.drag(drive.center_of(scene.live_entity()), scene.layout["gate_0"].rect.center)
    drive.settle()
    text = refused(app, drive, scene)
    assert text == SAYS
    assert "cannot take" not in text and "Ù!" not in text


def test_the_live_card_dropped_on_a_card_it_does_not_pair_with_says_the_same(app, drive):
    scene = claim_table(app, drive)
    app.toasts.clear()
    drive.drag(drive.center_of(scene.live_entity()), scene.grip(scene.hand_entity("5S")))
    drive.settle()
    text = refused(app, drive, scene)
    assert text == SAYS
    assert "cannot take" not in text and "Ù!" not in text


def test_other_moves_in_a_chiu_claim_get_the_same_answer(app, drive):
    scene = claim_table(app, drive)
    assert prompts.why(scene.state, "discard 5S") == SAYS
    assert prompts.why(scene.state, "ca 3C 5S") == SAYS
    assert prompts.why(scene.state, "draw") == SAYS
    assert prompts.why_not_take(scene.state) == ""  # (it can be taken: by the chíu)


def test_a_claim_with_the_win_offered_names_u(app, drive):
    """Offered Ù on a card another seat revealed: the answer names Ù! (and Chíu! only when a
    chíu is offered too)."""
    table = open_at(app, drive, played(9, wins_on("claim", captures=False)))
    state, legal = table.state, table.legal()
    assert state.phase == "claim" and "u" in legal
    some = state.hands[0][0]
    text = prompts.why(state, f"discard {some}")
    assert "Ù!" in text and "cannot take" not in text
    if any(m.startswith("chiu ") for m in legal):
        assert "Chíu!" in text
    else:
        assert text == "You are offered a claim on the live card: answer with Ù! or Decline."


def test_both_claims_offered_name_both(app, drive):
    scene = claim_table(app, drive)
    assert prompts.claim_answer(scene.state, ["u", "chiu 3C", "decline"]) == (
        "You are offered a claim on the live card: answer with Ù!, Chíu! or Decline.")
