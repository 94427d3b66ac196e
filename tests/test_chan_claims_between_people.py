"""Chắn between people: a claim out of turn never passes the screen to the person offered it.

Passing it (the cover naming them) told everyone at the screen who held three of the live
card, or could win on it. Such a claim is now made for its person unasked
(``scenes.chan.claims``) while the screen goes where it would have gone without the claim;
a claim offered to the seat whose turn comes next is still asked. The cover takes no click
while such a claim is being made (it would go to the claimer at once).
"""

from __future__ import annotations

import random

import pygame

from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from scenes import theme
from scenes.chan import claims
from scenes.chan.moves import perform
from scenes.chan.table import ChanTable
from scenes.game_table import COVER_QUIET
from tests.test_hot_seat import Watch

H, AI = Seat("human"), Seat("ai", "easy")
PEOPLE = (H, H, H, H)


def _played(seats, seed: int, stop) -> Session:
    """A deal played by random moves that are never a chíu or a win, until ``stop``."""
    rng = random.Random(seed)
    session = Session.new(GameConfig("chan", seats, seed, {}))
    while not stop(session):
        assert session.result is None
        moves = rules.legal_moves(session.state)
        session.play(rng.choice([m for m in moves if not m.startswith("chiu") and m != "u"]
                                or moves))
    return session


def _continued(app, session: Session) -> tuple[ChanTable, Watch]:
    """The table opened at ``session``'s position (as Continue opens a save), two frames
    in, with a driver that checks every frame for hidden cards shown."""
    table = ChanTable(app, session.config, session)
    drive = Watch(app)
    app.scenes.reset(table, transition=None)
    drive.step(2)
    return table, drive


def _until_a_move(table: ChanTable, drive: Watch, frames: int = 600, each=None) -> None:
    """Step until a move is played (``each()`` checked on every frame before it)."""
    moves = len(table.session.moves)
    for _ in range(frames):
        drive.step()
        if len(table.session.moves) > moves:
            return
        if each is not None:
            each()


def _claim_offered(session: Session) -> bool:
    return session.state.phase == "claim"


def _third_seat_chiu(session: Session) -> bool:
    """Seat 3's claim on seat 1's discard, seat 2 to play next."""
    state = session.state
    return (state.phase == "claim" and state.seat == 2 and state.resume.seat == 1
            and session.moves[-1].startswith("discard"))


def test_a_claim_out_of_turn_is_made_for_a_person_the_screen_does_not_go_to():
    # seed 1, four people: seat 4 may chíu seat 2's ... discard; seat 2's turn comes next
    state = _played(PEOPLE, 1, _claim_offered).state
    assert (state.seat, state.resume.seat, state.live.source) == (3, 1, "discard")
    assert claims.screen_goes_to(state, [0, 1, 2, 3]) == 1
    assert claims.played_for(state, [0, 1, 2, 3]) == f"chiu {state.live.card}"
    # a person and the computers: the claim is theirs to make, asked as always
    assert claims.played_for(state, [3]) is None
    # two people, the other one next in turn from the seat to play: made unasked too
    assert claims.played_for(state, [1, 3]) == f"chiu {state.live.card}"


def test_a_win_out_of_turn_is_declared_for_its_person():
    # seed 7, four people: seat 4 wins on a stock card turned up in another seat's gate
    state = _played(PEOPLE, 7, _claim_offered).state
    assert state.seat == 3 and state.live.source == "stock"
    assert "u" in rules.legal_moves(state)
    assert claims.played_for(state, [0, 1, 2, 3]) == "u"


def test_a_person_the_screen_goes_to_anyway_is_not_asked_either():
    """Two people and two computers: seat 1 discards, computer seat 2 plays next, and the
    screen goes to seat 3 anyway; asked there, seat 3 held up the computer, which plays on
    behind the cover after any other discard (pt66)."""
    state = _played((H, AI, H, AI), 51, _third_seat_chiu).state
    assert (state.seat, state.resume.seat) == (2, 1)
    assert claims.screen_goes_to(state, [0, 2]) == 2
    assert claims.played_for(state, [0, 2]) == f"chiu {state.live.card}"


def test_a_claim_offered_to_the_seat_whose_turn_comes_next_is_asked():
    # seed 79, four people: the seat offered the win is the one whose turn comes next
    state = _played(PEOPLE, 79, _claim_offered).state
    assert state.seat == state.resume.seat == 0
    assert claims.played_for(state, [0, 1, 2, 3]) is None
    # nor is anything made outside a claim's offer
    before = _played(PEOPLE, 1, lambda s: len(s.moves) == 3).state
    assert before.phase != "claim" and claims.played_for(before, [0, 1, 2, 3]) is None


def _discard_before_claim(seats, seed: int) -> tuple[Session, str]:
    """The deal one move before a person's claim out of turn, and that move (a discard)."""
    session = _played(seats, seed, _claim_offered)
    move = session.moves[-1]
    assert move.startswith("discard ")
    before = Session.new(session.config)
    for m in session.moves[:-1]:
        before.play(m)
    return before, move


def _play_through_claim(app, seats, seed: int):
    """Open the table one move before the claim, lift the cover, make the discard with the
    mouse (a person's) and watch every frame until the claim is decided: (table, watch, frames seen as
    (phase, viewer, cover up))."""
    session, move = _discard_before_claim(seats, seed)
    claimer = _played(seats, seed, _claim_offered).state.seat
    table = ChanTable(app, session.config, session)
    drive = Watch(app)
    app.scenes.reset(table, transition=None)
    drive.settle()
    discarder = rules.to_move(session.state)
    drive.lift_cover(table)
    if seats[discarder].is_human:  # (else the computer discards it)
        assert table.viewer == discarder
        perform(drive, table, move)
    seen = []
    for _ in range(600):
        drive.step()
        seen.append((table.state.phase, table.viewer, table.curtain))
        if table.state.phase != "claim" and len(table.session.moves) > len(session.moves) + 1:
            break
    return table, drive, seen, claimer


def test_at_the_table_the_cover_never_names_the_person_a_chiu_is_made_for(app):
    table, drive, seen, claimer = _play_through_claim(app, PEOPLE, 1)
    during = [s for s in seen if s[0] == "claim"]
    assert during, "the claim was offered"
    # while the claim is decided the screen went where it goes without one: seat 2's cover
    assert all(viewer == 1 and cover for _, viewer, cover in during), during
    # then the chíu is made (the four cards shown) and the screen goes to its person
    assert table.session.moves[-1].startswith("chiu ")
    assert rules.to_move(table.state) == claimer == 3
    drive.settle()
    drive.step(3)
    assert table.viewer == claimer and table.curtain
    assert drive.problems == []


def test_continued_at_a_claim_the_cover_names_the_person_it_goes_to_without_it(app):
    # seed 4: two people (seats 1 and 3) and two computers; seat 3 may chíu the discard of
    # seat 4 (a computer), and seat 1 plays next. Continued there (a save), the first cover
    # is seat 1's, and seat 3's comes with the chíu made for it.
    session = _played((H, AI, H, AI), 4, _claim_offered)
    assert (session.state.seat, session.state.resume.seat) == (2, 0)
    table, drive = _continued(app, session)
    assert table.viewer == 0 and table.curtain
    viewers = []
    _until_a_move(table, drive, each=lambda: viewers.append(table.viewer))
    assert set(viewers) == {0}
    assert table.session.moves[-1].startswith("chiu ")
    drive.settle()
    drive.step(3)
    assert table.viewer == 2 and table.curtain
    assert drive.problems == []


def test_the_person_at_the_screen_cannot_answer_a_claim_made_for_another(app, drive):
    """Nothing from the screen is taken as the claimer's answer (a click would have been
    played for the seat offered the claim)."""
    session = _played(PEOPLE, 1, _claim_offered)
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.step(2)
    assert table.viewer == 1 and rules.to_move(table.state) == 3
    assert not table.mine
    moves = list(table.session.moves)
    assert not table.rules.submit("decline")
    assert table.rules.rejections[-1] == "wait for your turn"
    assert table.session.moves == moves


def test_the_computer_to_play_is_not_held_up_by_a_person_the_screen_goes_to(app):
    """Continued at seat 3's chíu out of turn (two people, two computers): the cover is
    seat 3's, and the chíu is made without anyone lifting it."""
    session = _played((H, AI, H, AI), 51, _third_seat_chiu)
    moves = len(session.moves)
    table, drive = _continued(app, session)
    assert table.viewer == 2 and table.curtain
    _until_a_move(table, drive, frames=300)
    assert table.session.moves[moves].startswith("chiu ")
    assert drive.problems == []


def test_the_cover_takes_no_click_while_a_claim_is_made_unasked(app):
    table, drive = _continued(app, _played(PEOPLE, 1, _claim_offered))
    table.rules.ai_delay = 60  # the chíu made for seat 4 is not due yet
    assert table.viewer == 1 and table.curtain
    drive.wait(COVER_QUIET + 0.2)
    drive.click(table.layout["hand"].rect.center)
    drive.step(2)
    assert table.curtain and table.viewer == 1  # seat 2 lifted it for nothing (pt66)
    table.rules.ai_delay = 0.5
    drive.settle()
    drive.step(40)
    assert table.session.moves[-1].startswith("chiu ")
    assert table.viewer == 3 and table.curtain
    drive.wait(COVER_QUIET + 0.2)
    drive.click(table.layout["hand"].rect.center)  # the claimer's cover lifts as always
    drive.settle()
    assert not table.curtain
    assert drive.problems == []


def test_undo_after_a_chiu_made_unasked_names_its_seat(app):
    """Ctrl+Z under the claimer's cover may be pressed by another person: "three cards of
    your hand" was not theirs (pt66)."""
    app.settings.undo_between_people = True
    table, drive = _continued(app, _played(PEOPLE, 1, _claim_offered))
    _until_a_move(table, drive, frames=300)
    assert table.session.moves[-1].startswith("chiu ")
    drive.settle()
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert [t.text for t in app.toasts] == [
        "Nothing to undo: Seat 4's chíu showed three cards of that hand to everyone, so it "
        "cannot be taken back."]
    assert table.session.moves[-1].startswith("chiu ")


def _second_seats_own_chiu(session: Session) -> bool:
    """Seat 2's own turn, a chíu among its moves (two people, two computers)."""
    return (session.state.phase == "respond" and rules.to_move(session.state) == 1
            and any(m.startswith("chiu") for m in rules.legal_moves(session.state)))


def test_undo_after_your_own_chiu_between_people_says_your_hand(app):
    """With the claimer's own cards in view (they made the chíu themselves), "Seat 2's chíu
    showed three cards of that hand" spoke of them in the third person (pt69)."""
    app.settings.undo_between_people = True
    session = _played((H, H, AI, AI), 6, _second_seats_own_chiu)
    table, drive = _continued(app, session)
    drive.lift_cover(table)
    chiu = next(m for m in table.legal() if m.startswith("chiu"))
    assert table.rules.submit(chiu)
    drive.settle()
    assert not table.curtain and table.viewer == 1
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert [t.text for t in app.toasts] == [
        "Nothing to undo: a chíu shows three cards of your hand to everyone, so it cannot be "
        "taken back."]


ASKED = {"claims": "ask"}


def test_set_up_to_ask_the_claim_goes_to_its_person_and_waits_for_them(app):
    """Setup's "Claims out of turn: Asked": the screen passes to the person offered the
    chíu (the cover names them) and nothing is made for them; they may decline."""
    session, move = _discard_before_claim(PEOPLE, 1)
    config = GameConfig("chan", PEOPLE, session.config.seed, ASKED)
    asked = Session.new(config)
    for m in session.moves:
        asked.play(m)
    table = ChanTable(app, config, asked)
    drive = Watch(app)
    app.scenes.reset(table, transition=None)
    drive.settle()
    drive.lift_cover(table)
    perform(drive, table, move)
    for _ in range(240):
        drive.step()
    state = table.state
    assert state.phase == "claim" and state.seat == 3 and table.played_for(3) is None
    assert table.viewer == 3 and table.curtain  # the cover went to the claimer, asking
    # ... and says why it came to them while another's turn stands (pt83)
    assert table.curtain_words() == ("Seat 4: a claim out of turn is yours to answer; click "
                                     "here to see your cards")
    drawn = []
    real = theme.blit_text
    theme.blit_text = lambda surface, text, *a, **k: drawn.append(text) or real(surface, text,
                                                                              *a, **k)
    try:  # in two lines, none cut short
        table.draw_curtain(app.screen, table.layout["hand"].rect)
    finally:
        theme.blit_text = real
    assert " ".join(drawn[:2]) == table.curtain_words() and "…" not in drawn[1]
    assert not table.session.moves[-1].startswith("chiu ")  # nothing made for them
    drive.lift_cover(table)
    assert table.mine and "decline" in table.legal()
    table.rules.submit("decline")
    drive.settle()
    assert table.session.moves[-1] == "decline"
    assert drive.problems == []


def test_the_asked_option_is_the_tables_and_never_reaches_the_rules():
    config = GameConfig("chan", PEOPLE, 5, ASKED)
    assert config.rules_options() == {}
    session = Session.new(config)  # (new_game refuses an option it does not know)
    assert session.config.options == ASKED
    again = Session.from_save(session.to_save())
    assert again.config.options == ASKED
    assert GameConfig("zertz", (H, H), 5, {"first": 1}).rules_options() == {"first": 1}


def test_the_setup_greys_the_claims_row_with_one_person(app, drive):
    """It changes nothing with one person or none (pt74): greyed until two are people."""
    from game.catalog import BY_KEY
    from scenes.setup import SetupScene
    from scenes.widgets import Choice

    scene = SetupScene(app, BY_KEY["chan"])
    app.scenes.push(scene, transition=None)
    drive.settle()

    def claims_row() -> Choice:
        return next(w for w in scene.widgets.widgets
                    if isinstance(w, Choice) and w.label == "Claims out of turn")

    assert not claims_row().enabled  # you against three computers
    row = claims_row()
    # greyed, it reads as the game is then played: against the computer every claim is
    # asked ("Made unasked" read as if it were not, pt114)
    assert row.options[row.index][1] == "Asked"
    drive.click(row.field.center)  # greyed: it says why (it said nothing, pt79)
    assert scene.options["claims"] is None  # (made unasked)
    assert any(t.text == "This is for games between people: make at least two seats "
               "“Person” first." for t in app.toasts)
    scene._set_kind(1, "human")
    assert claims_row().enabled
    assert claims_row().options[claims_row().index][1] == "Made unasked"
    drive.click(claims_row().field.center)
    assert scene.options["claims"] == "ask"


def test_asked_the_cover_passes_once_the_computers_card_has_landed(app):
    """Asked, a claim a computer's discard gives another person: the cover passed to them
    while the computer still "thought" and the card was not yet in its gate (pt74). It
    passes once the card has landed, and takes no click meanwhile."""
    from ecs.tween import is_animating

    seats = (H, H, AI, AI)

    def computer_gave_a_claim(session: Session) -> bool:
        state = session.state
        if state.phase != "claim" or state.seat not in (0, 1) or not session.befores:
            return False
        mover = rules.to_move(session.befores[-1])
        return mover in (2, 3) and claims.next_person([0, 1], state.resume.seat) != state.seat

    found = _played(seats, 8, computer_gave_a_claim)
    config = GameConfig("chan", seats, found.config.seed, ASKED)
    before = Session.new(config)
    for m in found.moves[:-1]:
        before.play(m)
    table, drive = _continued(app, before)
    drive.settle()
    claimer = found.state.seat
    assert table.viewer != claimer and table.curtain
    table.rules._apply(found.moves[-1])  # the computer's move, through the normal path
    clicked, frames = False, 0
    while frames < 300:
        drive.step()
        frames += 1
        if table.viewer == claimer:
            break
        if table.cover_waits() and not clicked:  # (the cover takes no click meanwhile)
            clicked = True
            drive.click(table.layout["hand"].rect.center)
            assert table.curtain
    assert table.viewer == claimer and table.curtain
    # the computer's lead and its card's flight first (it turned on the move's first frame)
    assert clicked and frames > 10, frames
    assert not is_animating() or not table.cover_waits()
    assert drive.problems == []


def test_a_claim_made_unasked_says_so_in_its_banner(app, monkeypatch):
    """A person found their chíu (or win) made over their cover with nothing saying the
    table made it (pt74): its banner says "(made for them)"."""
    seen: list[str] = []
    announce = ChanTable._announce
    monkeypatch.setattr(ChanTable, "_announce",
                        lambda self, text: (seen.append(text), announce(self, text))[1])
    table, drive, _seen, claimer = _play_through_claim(app, PEOPLE, 1)
    assert table.session.moves[-2].startswith("chiu ") or table.session.moves[-1].startswith(
        "chiu ")
    assert any(text.startswith("Chíu! ") and text.endswith(" (made for them)") for text in seen), seen


def test_asked_a_persons_declined_claim_is_told_in_the_log():
    """Set up to ask, the screen went to the person offered the claim in front of everyone:
    their decline is told ("Seat 3 declined the claim on …"), as their claim would be.
    Made unasked, or a computer's, or alone at the table, it stays untold (it would show a
    hand)."""
    from game.words import chan as words
    from tests.test_chan_rules import CHIU_3C, WAIT_7M, position

    dealer_hand = "3C 2S 3S 4M 4C 5S 6S 6C 7S 7C 8C 8S 9M 9C CC CC CC 2M 3M 4S".split()
    state = rules.play(rules.load(position({0: dealer_hand, 1: WAIT_7M, 2: CHIU_3C},
                                           to_move=0, phase="open")), "discard 3C")
    assert rules.to_move(state) == 2 and "decline" in rules.legal_moves(state)
    people = (Seat("human"),) * 3 + (Seat("ai", "easy"),)
    told = f"Seat 3 declined the claim on {words.card('3C')}"
    for seats, options, line in [
            (people, ASKED, told),
            (people, {}, ""),  # made unasked: nobody saw it asked
            ((Seat("human"),) * 2 + (Seat("ai", "easy"),) * 2, ASKED, ""),  # a computer's
    ]:
        config = GameConfig("chan", seats, 1, options)
        session = Session(config, rules, state, state)
        session.play("decline")
        assert session.log == [line], (seats, options)
