"""People sharing one screen at the card tables: nobody's hidden cards are ever readable.

Every card game is played for a stretch through the real event loop (drags, clicks, the
cover lifted by a click) with a driver that checks, after every single frame, that no face-up
card of another seat's concealed hand is drawn and no stale copy of a card lingers
(``scenes.leaks``). Then the cover itself: shown at the start, after every change of person,
after Continue and after Undo; opaque; not liftable by a click queued before it appeared;
and Hint says nothing about the covered hand.
"""

from __future__ import annotations

import random

import esper
import pygame
import pytest

from ecs.components import CardFace, Sprite, ZOrder
from ecs.tween import FLIGHT_Z
from game.catalog import GameConfig, Seat
from game.driver import Driver
from game.session import Session, rules_module
from scenes.chan_table import ChanTable
from scenes.chan_table import perform as chan_perform
from scenes.game_table import CardTable
from scenes.leaks import ghost_cards, hidden_card_leaks
from scenes.telefunken_table import TelefunkenTable
from scenes.telefunken_table import perform as telefunken_perform
from scenes.zetema_table import ZetemaTable
from scenes.zetema_table import perform as zetema_perform

H, AI = Seat("human"), Seat("ai", "easy")
GAMES = {
    "chan": (ChanTable, chan_perform, (H, H, AI, AI)),
    "telefunken": (TelefunkenTable, telefunken_perform, (H, H, AI)),
    "zetema": (ZetemaTable, zetema_perform, (H, H, AI)),
}


def zetema_words_discarded(move: str) -> str:
    """ "discarded 4♠": how the Zetema log tells the discard ``move``."""
    from game.words.zetema import pile_card

    return f"discarded {pile_card(move.split()[1])}"


def table_of(app) -> CardTable:
    return next(s for s in reversed(app.scenes.stack) if isinstance(s, CardTable))


class Watch(Driver):
    """A driver that checks the table for hidden cards and ghost copies after every frame."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.frames = 0
        self.problems: list[str] = []

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            super().step()
            self.frames += 1
            table = table_of(self.app)
            for leak in hidden_card_leaks(table):
                self.problems.append(f"frame {self.frames}: leak {leak}")
            for ghost in ghost_cards(table):
                self.problems.append(f"frame {self.frames}: ghost {ghost}")


def hand_faces(table) -> list[tuple[str, bool]]:
    """(code, face up) of the viewer's hand entities, in the table's own bookkeeping."""
    pairs = table.sync.entities("hand") if hasattr(table, "sync") else table.hand
    table.world.activate()
    return [(code, esper.component_for_entity(e, CardFace).face_up) for code, e in pairs]


def lift_cover(drive, table) -> None:
    assert table.curtain
    drive.lift_cover(table)
    assert not table.curtain


def open_uncovered(app, table):
    """Open ``table`` with a watching driver and lift its cover; the driver."""
    drive = Watch(app)
    app.scenes.push(table, transition=None)
    drive.settle()
    lift_cover(drive, table)
    return drive


def wait_for_person(drive, table, frames: int = 3000) -> bool:
    for _ in range(frames):
        if table.rules.over:
            return False
        if table.rules.human_to_move() and not table.animating:
            return True
        drive.step()
    raise AssertionError("the computer did not hand the turn back")


def test_a_click_queued_with_undo_does_not_lift_the_rebuilt_tables_cover(app):
    """Undo, and a click on the hand in the same frame: the rebuilt table's cover was drawn
    only off screen (the table is prepared before it is shown), so that click cannot lift
    it (found by the monkey: the next person's hand came up uncovered)."""
    config = GameConfig("telefunken", (H, H, AI), 4, {})
    rules = rules_module("telefunken")
    session = Session.new(config, undo_between_people=True)
    rng = random.Random(2)
    while not (session.can_undo() and session.to_move is not None
               and config.seats[session.to_move].is_human
               and config.seats[session.snapshots[-1].seat].is_human
               and session.snapshots[-1].seat != session.to_move):  # (the last person's)
        session.play(rng.choice(rules.legal_moves(session.state)))
    app.settings.undo_between_people = True
    table = TelefunkenTable(app, config, session)
    drive = Watch(app)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.curtain  # the next person's cover: the last person may still take it back
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert undo.enabled
    hand = table.layout["hand"].rect.center
    for pos in (undo.rect.center, hand):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    drive.step()
    rebuilt = table_of(app)
    assert rebuilt is not table and rebuilt.curtain
    drive.settle()
    assert rebuilt.curtain, "a click queued with Undo must not lift the rebuilt table's cover"
    lift_cover(drive, rebuilt)  # a click after the cover was shown does
    assert drive.problems == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_stretch_of_hot_seat_play_never_shows_a_hidden_card(app, game):
    cls, perform, seats = GAMES[game]
    drive = Watch(app)
    table = cls(app, GameConfig(game, seats, 5, {}))
    app.scenes.push(table, transition=None)
    table.rules.ai_delay = 0.0  # the computer need not pause for people to follow it here
    drive.settle()
    if table.state.phase == "cut":  # (Telefunken: no hand before the deal, nothing to cover)
        assert not table.curtain
    else:
        assert table.curtain, "a game between people starts behind the cover"
    rng = random.Random(7)
    changes = moves = 0
    while changes < 3 and moves < 30 and wait_for_person(drive, table):
        seat = table.rules.to_move
        assert table.viewer == seat
        state = table.state
        if table.curtain:
            changes += 1
            faces = hand_faces(table)
            assert sorted(c for c, _ in faces) == sorted(state.hands[seat])
            assert not any(up for _, up in faces), "the hand under the cover is face down"
            lift_cover(drive, table)
        faces = hand_faces(table)
        assert sorted(c for c, _ in faces) == sorted(state.hands[seat])  # no 38-card row
        assert all(up for _, up in faces)
        if game == "chan":  # every gate holds exactly its cards: no ghost in a wrong gate
            for s in range(4):
                assert [c for c, _ in table.sync.entities(f"gate_{s}")] == list(state.gates[s])
        legal = table.legal()
        plain = [m for m in legal if not m.startswith(("exchange", "free", "swap", "add"))]
        move = rng.choice(plain or legal)
        before = len(table.session.moves)
        perform(drive, table, move)
        drive.settle()
        assert table.session.moves[before] == move
        moves += 1
    assert changes >= 3, (changes, moves)  # three new persons behind the cover
    assert drive.problems == []


def _session_to(config: GameConfig, seed: int, stop) -> Session:
    """A session advanced by seeded random moves until ``stop(session)``."""
    rules = rules_module(config.game)
    session = Session.new(config)
    rng = random.Random(seed)
    while not stop(session):
        assert session.result is None
        session.play(rng.choice(rules.legal_moves(session.state)))
    return session


@pytest.mark.parametrize("game", list(GAMES))
def test_continue_shows_the_cover_and_the_hand_of_the_person_to_play(app, game):
    """Resumed where the first person is to play (once the hand of the first person was
    shown face up, with no cover), and where the computer is to play."""
    cls, _, seats = GAMES[game]
    config = GameConfig(game, seats, 9, {})
    drive = Watch(app)
    for who in (0, "ai"):
        def stop(s, who=who):
            seat = s.to_move
            if len(s.moves) < 3 or seat is None:
                return False
            return seat == who if who == 0 else not config.seats[seat].is_human
        session = _session_to(config, 3, stop)
        module = __import__(f"scenes.{game}_table", fromlist=["resume_scene"])
        table = module.resume_scene(app, config, session.to_save())
        app.scenes.reset(table, transition=None)
        drive.settle(60)
        to_move = session.to_move
        assert table.curtain
        if who == 0:
            assert table.viewer == 0
        else:  # the next person in turn waits behind the cover
            after = [(to_move + k) % len(seats) for k in range(1, len(seats))]
            assert table.viewer == next(s for s in after if config.seats[s].is_human)
        assert not any(up for _, up in hand_faces(table))
    assert drive.problems == []


def _chan_people_after_a_discard(app) -> tuple[Watch, ChanTable, int, str]:
    """Four people at Chắn, Undo between people allowed: the first lifts the cover and
    discards; (the watch, the table, the first seat, its move)."""
    app.settings.undo_between_people = True
    config = GameConfig("chan", (H, H, H, H), 2, {})
    drive = Watch(app)
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    first = table.rules.to_move
    lift_cover(drive, table)
    move = next(m for m in table.legal() if m.startswith("discard "))
    chan_perform(drive, table, move)
    drive.settle()
    return drive, table, first, move


def test_undo_shows_the_cover_and_the_hand_of_the_person_to_play(app):
    drive, table, first, _move = _chan_people_after_a_discard(app)
    assert table.viewer != first and table.curtain
    # the cover is still down: the one who moved may take it back (the next person has
    # not seen their cards yet)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = table_of(app)
    assert table.session.moves == [] and table.rules.to_move == first
    # ... and is told whose move that was (it said "Your last move")
    assert f"Seat {first + 1}'s last move is taken back." in [t.text for t in app.toasts]
    assert table.viewer == first and table.curtain
    assert not any(up for _, up in hand_faces(table))
    assert drive.problems == []


def test_once_the_next_person_has_lifted_the_cover_they_cannot_undo_the_last_persons_move(app):
    """Seat 3 pressed Undo on their turn and took back Seat 1's discard (and the computer's
    reply): a person may take back only their own move, while the screen is still theirs."""
    drive, table, first, move = _chan_people_after_a_discard(app)
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert table.curtain and undo.enabled  # still the mover's screen
    lift_cover(drive, table)
    drive.step()
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert table.viewer != first and not undo.enabled
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    assert table_of(app) is table and table.session.moves == [move]
    assert (f"Nothing to undo: Seat {first + 1}'s move can be taken back only before the next "
            "person lifts the cover.") in [t.text for t in app.toasts]
    assert drive.problems == []


def test_after_continue_the_next_person_still_cannot_undo_a_move_they_have_seen_past(app):
    """Seat 2 lifted the cover, Quit to menu, Continue: the rebuilt table forgot that Seat 2
    had looked, lit Undo under Seat 2's cover again and took back Seat 1's discard. Who has
    looked is kept in the save; an old save without it, or a damaged entry, loses nothing."""
    from scenes.resume import resume_scene

    drive, table, first, move = _chan_people_after_a_discard(app)
    lift_cover(drive, table)
    data = table.session.to_save()
    assert data["looked"] == {str(first): 0, str(table.viewer): 1}
    resumed = resume_scene(app, data)
    app.scenes.reset(resumed, transition=None)
    drive.settle()
    assert resumed.curtain and resumed.viewer != first
    undo = next(w for w in resumed.widgets.widgets if w.label == "Undo")
    assert not undo.enabled
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    assert table_of(app) is resumed and resumed.session.moves == [move]
    # an older save (no "looked") resumes as before; junk in it is left out
    for looked in (None, "x", {"9": 1, "0": -1, "1": True, "a": 2}):
        old = dict(data)
        if looked is None:
            del old["looked"]
        else:
            old["looked"] = looked
        assert Session.from_save(old, True).looked == {}


def test_undo_under_a_cover_after_a_reveal_names_whose_move_it_was(app):
    """Under Seat 1's cover, after Seat 3's buy had drawn a card, Undo said "cards have been
    drawn or shown since your last move": the person at the screen is not known under the
    cover, so it names the last person who moved."""
    drive, table, first, _move = _chan_people_after_a_discard(app)
    assert table.curtain
    # as after a person's move that brought a card to light (Telefunken: a buy's card from
    # the stock), the cover then up for the next person
    table.session.snapshots.clear()
    table.session.undo_blocked_by_reveal = True
    assert table.last_person_to_move() == first
    expected = (f"Nothing to undo: cards have been drawn or shown since Seat {first + 1}'s "
                "last move.")
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    assert expected in [t.text for t in app.toasts]


def test_a_click_queued_before_the_cover_appeared_does_not_lift_it(app):
    """Pass, and a second click on the hand in the same frame: the cover stays up until a
    click that starts after it was shown."""
    config = GameConfig("chan", (H, H, H, H), 4, {})
    session = _session_to(config, 0, lambda s: len(s.moves) > 2 and
                          rules_module("chan").legal_moves(s.state) == ["pass"])
    table = ChanTable(app, config, session)
    drive = open_uncovered(app, table)
    button = next(w for w in table.widgets.widgets if w.label == "Pass")
    hand = table.layout["hand"].rect.center
    for pos in (button.rect.center, hand):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    drive.step()
    assert table.session.moves[-1] == "pass"
    assert table.viewer == table.rules.to_move and table.curtain
    drive.settle()
    assert table.curtain, "the burst's second click must not lift the new cover"
    lift_cover(drive, table)  # a click after the cover was shown does
    assert drive.problems == []


def press_on_after_the_turn(drive, table, first: int, press, frames: int) -> None:
    """The person at seat ``first``, who just played, presses on (``press``, 30 times,
    ``frames`` frames apart): the next person's hand never comes up uncovered, and once the
    turn has passed the cover stands over a hand shown face down."""
    for _ in range(30):
        press()
        drive.step(frames)
        assert table.viewer == first or table.curtain, "the next hand came up uncovered"
    assert table.viewer != first and table.curtain
    assert not any(up for _, up in hand_faces(table))


@pytest.mark.parametrize("game", ["chan", "zetema"])
def test_impatient_clicks_of_the_last_person_do_not_lift_the_next_cover(app, game):
    """The person who just played kept clicking on the hand as the next person's cover came
    up, and a click lifted it: the next person's hand lay face up for the room (found by a
    play-tester in Chắn). The cover takes a click only after it has stood a moment with no
    click on it."""
    from scenes.game_table import COVER_QUIET

    cls, perform, _ = GAMES[game]
    config = GameConfig(game, (H, H) if game == "zetema" else (H, H, H, H), 4, {})
    table = cls(app, config)
    drive = open_uncovered(app, table)
    first = table.viewer
    move = next(m for m in table.legal() if m.startswith(("discard ", "pass", "draw")))
    perform(drive, table, move)
    hand = table.layout["hand"].rect.center
    # a click every tenth of a second for three seconds
    press_on_after_the_turn(drive, table, first, lambda: drive.click(hand), 4)
    drive.step(round(COVER_QUIET / drive.dt) - 10)  # a pause short of the quiet moment
    drive.click(hand)
    assert table.curtain, "a click before the cover stood quietly must not lift it"
    drive.lift_cover(table)  # the next person, after a moment: it lifts
    assert not table.curtain and drive.problems == []


@pytest.mark.parametrize("game", ["chan", "telefunken"])
def test_a_persons_hand_leaves_with_their_turn_while_the_computer_plays(app, game):
    """Between people, the hand of the person who had just played stayed face up while the
    computer played (about 3 s in Chắn), the next person already at the screen: it leaves
    with the end of the turn and the next person's cover comes at once."""
    cls, perform, _ = GAMES[game]
    seats = (H, H, AI, AI) if game == "chan" else (H, H, AI)
    config = GameConfig(game, seats, 4, {})
    rules = rules_module(game)
    session = _session_to(config, 2, lambda s: len(s.moves) > 3 and s.to_move == 1 and any(
        m.startswith("discard ") for m in rules.legal_moves(s.state)))
    table = cls(app, config, session)
    drive = open_uncovered(app, table)
    assert table.viewer == 1
    move = next(m for m in table.legal() if m.startswith("discard "))
    perform(drive, table, move)
    seen = []
    for _ in range(600):
        drive.step()
        to_move = table.rules.to_move
        if to_move is not None and not seats[to_move].is_human:
            seen.append((table.viewer, table.curtain, any(up for _, up in hand_faces(table))))
        elif seen:
            break
    assert seen, "the computer never played"
    assert all(viewer == 0 and curtain and not up for viewer, curtain, up in seen), seen[:3]
    assert drive.problems == []


def test_a_person_who_lets_a_discard_go_and_draws_next_keeps_the_screen(app):
    """Telefunken between two people and a computer: the person after the discarder passed
    on the discard, the computer declined it too, and the cover went up for the discarder
    while the computer thought, then again for the person who draws (found by a tester)."""
    config = GameConfig("telefunken", (H, H, AI), 4, {})
    rules = rules_module("telefunken")

    def stop(s):
        st = s.state
        return (st.phase == "buy" and s.to_move == 1 and st.discarder == 0
                and 2 in (st.offer or ()))
    session = _session_to(config, 5, stop)
    table = TelefunkenTable(app, config, session)
    drive = open_uncovered(app, table)
    assert table.viewer == 1 and "pass" in rules.legal_moves(table.state)
    drive.click(next(w for w in table.widgets.widgets if w.label == "Pass").rect.center)
    covered = False
    for _ in range(900):
        drive.step()
        covered |= table.curtain
        if table.rules.to_move == 1 and table.state.phase == "draw":
            break
    assert table.rules.to_move == 1 and table.state.phase == "draw"
    assert table.viewer == 1 and not covered and not table.curtain
    assert drive.problems == []


def covered_table(app, game: str):
    """A table between people with the cover up for the second person; its driver."""
    cls, _, seats = GAMES[game]
    config = GameConfig(game, seats, 5, {})
    session = _session_to(config, 1, lambda s: len(s.moves) > 1 and s.to_move == 1)
    table = cls(app, config, session)
    app.scenes.push(table, transition=None)
    drive = Driver(app)
    drive.settle()
    return table, drive


@pytest.mark.parametrize("game", list(GAMES))
def test_the_cover_is_opaque(app, game):
    """Even face-up cards under the cover would not show through it."""
    table, drive = covered_table(app, game)
    assert table.curtain and table.viewer == 1
    rect = table.layout["hand"].rect.inflate(-4, -4)
    app.draw(app.screen)
    covered = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    table.world.activate()
    for _, face in esper.get_component(CardFace):
        face.face_up = True
    app.draw(app.screen)
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") == covered
    # ... nor cards in flight, drawn above the table's words (the next person's hand,
    # flying in face down, lay over the cover and its words for half a second)
    for ent, _ in esper.get_component(CardFace):
        esper.component_for_entity(ent, ZOrder).z += FLIGHT_Z
    app.draw(app.screen)
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") == covered


def _telefunken_between_people(app, to_move: int) -> tuple[TelefunkenTable, Watch]:
    """Two people and a computer, in play with ``to_move`` to play; the table pushed."""
    config = GameConfig("telefunken", (H, H, AI), 5, {})
    session = _session_to(config, 2, lambda s: len(s.moves) > 1 and s.to_move == to_move
                          and s.state.phase == "play")
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    return table, Watch(app)


def test_hint_under_the_cover_while_the_computer_thinks_says_it_comes_on_your_turn(app):
    """It said "Lift the cover first" while the computer was still to play (pt56): lifted,
    the cover would have brought no hint."""
    table, drive = _telefunken_between_people(app, 2)
    drive.step()
    assert table.curtain and not table.rules.human_to_move()
    app.toasts.clear()
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts] == ["Wait for your turn, then ask for a hint."]


def test_hint_under_the_cover_names_nothing(app):
    table, drive = _telefunken_between_people(app, 1)
    drive.settle()
    assert table.curtain
    app.toasts.clear()
    drive.key(pygame.K_h)
    drive.step(120)
    assert table.hint is None
    assert [t.text for t in app.toasts] == ["Lift the cover first: click it to see your cards."]
    lift_cover(drive, table)
    assert app.toasts == []  # lifted: the message that asked for it has gone
    drive.key(pygame.K_h)  # with the cover lifted, the person gets the hint
    for _ in range(600):
        drive.step()
        if table.hint is not None:
            break
    assert table.hint is not None and table.hint[0] in table.legal()


def test_zetema_new_deal_between_people_shows_no_card_of_the_new_hands(app):
    """The old piles are gathered face down: the new deal deals the same cards again."""
    from game.rules import zetema as rules
    from tests.test_zetema_table import last_card_of_the_deal, play_the_last_card

    config = GameConfig("zetema", (H, H), 3, {"double": "S"})
    state = last_card_of_the_deal()
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    drive = open_uncovered(app, table)
    play_the_last_card(app, drive, table)
    # under the summary the ended deal stays: its piles, no hand (the new hands unseen)
    assert table.rules.state.deal == 2 and table.state.deal == 1 and table.hand == []
    summary = app.scenes.top
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    assert app.scenes.top is table and table.state.deal == 2
    assert table.curtain and table.viewer == 1  # the next person's hand, behind the cover
    assert drive.problems == []


def test_the_zetema_prompt_under_the_cover_says_nothing_of_the_hidden_hand(app):
    """Above the cover the prompt read "…or first declare a combination" or "No combination
    to declare": the person still at the screen learnt whether the next one held a meld."""
    said = set()
    for seed in range(3, 40):
        config = GameConfig("zetema", (H, H, AI), seed, {})
        session = _session_to(config, seed, lambda s: len(s.moves) > 1 and s.to_move in (0, 1)
                              and s.state.phase == "meld")
        table = ZetemaTable(app, config, session)
        app.scenes.reset(table, transition=None)
        Watch(app).settle()
        assert table.curtain
        text = table.meld_prompt()
        said.add(any(m.startswith("meld ") for m in table.legal()))
        assert "combination" not in text, text
        assert text == f"Seat {table.state.seat + 1} to play"
        if said == {True, False}:
            break
    assert said == {True, False}  # both kinds of hidden hand were seen under the cover


@pytest.mark.parametrize("game", ["zetema", "telefunken"])
def test_no_button_stands_on_the_cover(app, game):
    """The hand's sort buttons (By rank, By suit) were drawn on top of the cover; they come
    with the hand once the cover is lifted."""
    table, drive = covered_table(app, game)
    hand = table.layout["hand"].rect
    assert table.curtain
    assert not [w for w in table.widgets.widgets if w.rect.colliderect(hand)]
    lift_cover(drive, table)
    drive.settle()
    assert not table.curtain
    assert len([w for w in table.widgets.widgets if w.rect.colliderect(hand)]) == 2


def test_undo_turned_on_in_settings_lights_the_undo_button_at_once(app):
    """The button stayed grey until the next move (Ctrl+Z already worked)."""
    from scenes.pause import PauseMenu
    from scenes.settings import SettingsScene

    app.settings.undo_between_people = False
    config = GameConfig("chan", (H, H, H, H), 2, {})
    table = ChanTable(app, config)
    drive = open_uncovered(app, table)
    move = next(m for m in table.legal() if m.startswith("discard "))
    chan_perform(drive, table, move)
    drive.settle()
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert not undo.enabled
    app.scenes.push(PauseMenu(app, table), transition=None)
    settings = SettingsScene(app)
    app.scenes.push(settings, transition=None)
    drive.step(2)
    settings._set_undo(True)
    app.scenes.pop(transition=None)
    app.scenes.pop(transition=None)
    drive.step(2)
    undo = next(w for w in table.widgets.widgets if w.label == "Undo")
    assert undo.enabled


def test_zetema_new_deal_between_people_comes_under_the_cover_for_the_same_person(app):
    """Everybody reads a deal's summary: the next hand came up uncovered when the person who
    played last also plays first in the next deal."""
    from game.rules import zetema as rules
    from tests.test_zetema_table import last_card_of_the_deal, play_the_last_card

    config = GameConfig("zetema", (H, H, AI), 3, {"double": "S"})
    state = last_card_of_the_deal((40, 60, 10))
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    drive = open_uncovered(app, table)
    play_the_last_card(app, drive, table)
    summary = app.scenes.top
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    assert table.state.deal == 2 and table.rules.to_move == 0 and table.viewer == 0
    assert table.curtain
    assert not any(up for _, up in hand_faces(table))
    assert drive.problems == []


def test_zetema_a_new_deal_names_its_first_player_and_the_cover_over_an_ended_deal_says_so(app):
    """Behind a deal's summary the cover said "Seat 1: click here to see your cards" (Seat 1
    had no card left); and while the next deal was dealt, the status and the "thinking"
    mark named the last deal's last mover instead of the seat to play first."""
    from game.rules import zetema as rules
    from tests.test_zetema_table import last_card_of_the_deal, play_the_last_card

    config = GameConfig("zetema", (H, AI, H), 3, {"double": "S"})
    state = last_card_of_the_deal((40, 60, 10), dealer=0)
    table = ZetemaTable(app, config, Session(config, rules, state, state))
    drive = open_uncovered(app, table)
    summary = play_the_last_card(app, drive, table)
    assert table.curtain_words() == "Deal 1 is over"  # (what the cover says if it is up)
    assert table.meld_prompt() == "Deal 1 is over"  # (it asked for a discard, no hand left)
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.step(3)
    assert table.state.deal == 2 and table.animating  # the new hands are being dealt
    first = table.state.seat
    assert first != 0 and table.acting_seat() == first
    assert table.meld_prompt() == f"{table.seat_name(first)} to play"
    assert table.curtain_words() != "Deal 1 is over"
    drive.settle()
    assert drive.problems == []


def test_zetema_a_persons_hand_leaves_the_table_when_the_turn_passes_to_the_computer(app):
    """Seat 2 discarded and the computer played next: Seat 2's hand stayed face up while
    the computer thought, with Seat 1 (who plays after it) already at the screen."""
    config = GameConfig("zetema", (H, H, AI), 4, {})
    session = _session_to(config, 4, lambda s: s.to_move == 1 and s.state.phase == "meld"
                          and len(s.moves) > 2)
    table = ZetemaTable(app, config, session)
    drive = open_uncovered(app, table)
    assert table.viewer == 1
    move = next(m for m in table.legal() if m.startswith("discard "))
    moves = len(table.session.moves)
    zetema_perform(drive, table, move)
    for _ in range(200):
        drive.step()
        if len(table.session.moves) > moves:
            break
    assert table.rules.to_move == 2  # the computer's turn, its move not made yet
    drive.step(2)
    assert table.curtain and table.viewer == 0
    said = table.meld_prompt().replace("\u00a0", " ")  # (Seat 2's discard still landing:
    assert said == f"Seat 2 {zetema_words_discarded(move)}" or said in (  # told, public)
        "Seat 2 to play", "Seat 3 to play")
    assert not any(up for _, up in hand_faces(table))
    drive.settle()
    assert drive.problems == []


def test_a_person_who_looked_at_their_cards_cannot_undo_the_move_before_theirs(app):
    """Seat 1 lifted the cover, melded, undid the meld (the cover came back), and a second
    Undo took back Seat 2's discard: Seat 1 had seen the card it drew meanwhile."""
    from game.session import Snapshot

    config = GameConfig("zetema", (H, H, AI), 3, {})
    app.settings.undo_between_people = True
    session = _session_to(config, 3, lambda s: s.to_move == 0 and s.state.phase == "meld"
                          and len(s.moves) > 3)
    table = ZetemaTable(app, config, session)
    drive = open_uncovered(app, table)
    moves = len(session.moves)
    assert session.looked == {0: moves}  # lifting the cover is remembered
    session.snapshots = [Snapshot(session.state, moves - 2, 1, False)]  # Seat 2's discard
    session.looked = {}
    table.raise_cover()  # (as after Undo of Seat 1's own meld)
    assert table.viewer == 0 and table.can_undo()  # nobody has looked since: Seat 2 may
    session.looked[0] = moves  # ... but Seat 1 had lifted the cover after it
    assert not table.can_undo()
    assert "only before the next person lifts the cover" in table.nothing_to_undo()
    assert drive.problems == []


def test_zetema_a_draw_at_a_hand_over_flies_into_the_drawing_seats_panel(app):
    """Seat 1 discarded, the computer (Seat 2) drew, and the screen passed to Seat 3: the
    drawn cards flew to where Seat 2's panel stood before the panels turned (another
    seat's panel now)."""
    import esper

    from ecs.components import CardFace, Tweens

    config = GameConfig("zetema", (H, AI, H), 4, {})
    session = _session_to(config, 4, lambda s: s.to_move == 0 and s.state.phase == "discard"
                          and len(s.state.stock) > 4 and len(s.moves) > 2)
    table = ZetemaTable(app, config, session)
    drive = open_uncovered(app, table)
    move = next(m for m in table.legal() if m.startswith("discard "))
    table.rules.submit(move)
    drive.step()
    assert table.viewer == 2  # the screen passed to Seat 3
    ends = []
    for ent, face in esper.get_component(CardFace):
        tweens = esper.try_component(ent, Tweens)
        if face.code == "back" and tweens is not None:
            x = next((t.end for t in tweens.items if t.attr == "x"), None)
            y = next((t.end for t in tweens.items if t.attr == "y"), None)
            if x is not None:
                ends.append((round(x), round(y)))
    assert ends and set(ends) == {table.opponent_zone(1).center}
    assert drive.problems == []


@pytest.mark.parametrize("cut", ["hand", "auto"])
def test_telefunken_new_deal_between_people_comes_under_the_cover_for_the_same_person(app, cut):
    """Everybody reads a deal's summary and watches the cut: the person who went out and
    plays first in the next deal had their new hand shown to the room, uncovered (Zetema
    had it right)."""
    from game.ai import telefunken as ai
    from game.rules import telefunken as rules

    app.settings.telefunken_cut = cut
    config = GameConfig("telefunken", (H, H, Seat("ai", "easy")), 8, {})
    session = Session.new(config)
    rng = random.Random(8)
    state = session.state
    while not (session.to_move == 0 and state.phase == "play" and len(state.hands[0]) == 1):
        assert state.deal == 1  # (seed 8: the first person goes out with a discard ...)
        session.play(ai.choose(rules.view(state, rules.to_move(state)),
                               rules.legal_moves(state), "easy", rng))
        state = session.state
    last = state.hands[0][0]
    table = TelefunkenTable(app, config, session)
    drive = open_uncovered(app, table)
    telefunken_perform(drive, table, f"discard {last}")
    drive.settle()
    summary = app.scenes.top
    assert summary is not table and table.rules.state.deal == 2  # (the table shows deal 1
    assert table.rules.state.phase == "cut" and table.state.deal == 1  # under its summary)
    drive.click(summary.widgets.widgets[0].rect.center)
    drive.settle()
    if cut == "hand":  # the second person cuts (no cover over their empty hand: named)
        assert table.viewer == 1 and not table.curtain
        assert table._waiting_text() == "Seat 2 to cut the pack"
        # Undo by the cutter: the last deal is over (it said "the last person to move was
        # Seat 1, not you", as if Seat 1 could still take it back)
        assert table.nothing_to_undo() == "Nothing to undo: deal 1 is over."
        telefunken_perform(drive, table, next(m for m in table.legal() if m.startswith("cut")))
        drive.settle()
    assert table.state.phase != "cut" and table.rules.to_move == 0  # (... and plays first)
    assert app.scenes.top is table and table.viewer == 0
    assert table.curtain
    assert not any(up for _, up in hand_faces(table))
    lift_cover(drive, table)
    faces = hand_faces(table)
    assert len(faces) == len(table.state.hands[0]) > 0 and all(up for _, up in faces)
    assert drive.problems == []


def test_telefunken_a_computers_cut_is_not_watched_under_a_cover_naming_a_person(app):
    """The computer went out under the next person's cover; at the new deal, cut by the
    computer, that cover stayed up and said "Seat 3: click here to see your cards" with no
    card dealt, until the deal named the person who plays first. Through the cut there is
    no cover; the dealt hand comes under one."""
    from game.ai import telefunken as ai
    from game.rules import telefunken as rules

    for seed in range(1, 40):  # a deal the computer ends by going out
        config = GameConfig("telefunken", (H, Seat("ai", "easy"), H), seed, {})
        session, rng = Session.new(config), random.Random(seed)
        state = session.state
        while state.deal == 1 and not (rules.to_move(state) == 1 and state.phase == "play"
                                       and len(state.hands[1]) <= 2):
            session.play(ai.choose(rules.view(state, rules.to_move(state)),
                                   rules.legal_moves(state), "easy", rng))
            state = session.state
        if state.deal == 1:
            break
    table = TelefunkenTable(app, config, session)
    drive = Watch(app)
    app.scenes.push(table, transition=None)
    for _ in range(6000):  # the computer plays on, to the deal's end and its summary
        if app.scenes.top is not table:
            break
        drive.step()
    summary = app.scenes.top
    assert summary is not table, "the deal did not end"
    if table.rules.state.phase != "cut" or table.rules.to_move != 1 or not table.curtain:
        pytest.skip("not the case of the play-test: the cover up, the computer to cut")
    drive.settle()
    drive.click(summary.widgets.widgets[0].rect.center)
    for _ in range(120):
        if app.scenes.top is table:
            break
        drive.step()
    assert app.scenes.top is table and table.state.phase == "cut" and not table.curtain
    for _ in range(3000):  # the computer cuts, the hands are dealt
        if table.state.phase != "cut" and not table.animating:
            break
        drive.step()
        if table.state.phase == "cut":
            assert not table.curtain
    assert table.state.phase != "cut" and table.curtain
    assert table.curtain_words() == (
        f"Seat {table.viewer + 1}: click here to see your cards")
    assert not any(up for _, up in hand_faces(table))
    assert drive.problems == []


def test_telefunken_above_the_next_cover_the_line_tells_the_move_still_landing(app):
    """Seat 1 discarded and Seat 2's cover came up at once: while the card flew, the line
    said "Seat 1 to decide on the discard" over "Seat 2: click here…", as if it were still
    Seat 1's turn. It tells the move until it has landed."""
    config = GameConfig("telefunken", (H, H, H), 4, {})
    session = _session_to(config, 5, lambda s: s.to_move == 0 and s.state.phase == "play"
                          and len(s.moves) > 6 and any(
                              m.startswith("discard ") for m in s.rules.legal_moves(s.state)))
    table = TelefunkenTable(app, config, session)
    drive = open_uncovered(app, table)
    move = next(m for m in table.legal() if m.startswith("discard "))
    telefunken_perform(drive, table, move)
    said = set()
    for _ in range(120):
        if table.curtain and table.landing_seat() == 0:
            said.add(table._waiting_text().replace("\u00a0", " "))
        drive.step()
    assert said, "no frame showed the next cover while the discard landed"
    assert all(line.startswith("Seat 1 discarded") for line in said), said
    assert drive.problems == []


def test_telefunken_meld_rows_keep_seat_order_between_people(app):
    """Between people the table's meld rows started from the person at the screen, so each
    person's melds jumped up and down at every hand-over; they keep seat order."""
    from game.ai import telefunken as ai
    from game.rules import telefunken as rules

    config = GameConfig("telefunken", (H, H, H), 4, {})
    session = Session.new(config)
    rng = random.Random(4)
    while len({m.owner for m in session.state.melds}) < 3 or session.to_move != 1:
        assert session.result is None
        state = session.state
        session.play(ai.choose(rules.view(state, rules.to_move(state)),
                               rules.legal_moves(state), "easy", rng))
    table = TelefunkenTable(app, config, session)
    drive = open_uncovered(app, table)
    assert table.viewer == 1
    owners = [owner for owner, _ in table._owner_rows]
    assert owners == sorted(owners) and set(owners) == {0, 1, 2}
    assert drive.problems == []


def test_undo_by_the_person_at_the_screen_needs_no_cover_to_lift(app):
    """Undo of your own move while your cards are in view brought the cover up over your own
    hand (one more click); the next person is still covered after theirs."""
    app.settings.undo_between_people = True
    drive = Watch(app)
    table = ChanTable(app, GameConfig("chan", (H, H, H, H), 1, {}))
    app.scenes.push(table, transition=None)
    drive.settle()
    lift_cover(drive, table)
    chan_perform(drive, table, "discard 2S")  # (seed 1: the next person can take it)
    drive.settle()
    second = table.viewer
    assert second == table.rules.to_move and table.curtain
    lift_cover(drive, table)
    captures = [m for m in table.legal() if m.startswith(("chan ", "ca "))]
    assert captures, table.legal()
    chan_perform(drive, table, captures[0])
    drive.settle()
    assert table.rules.to_move == second and not table.curtain  # (then discards)
    drive.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    drive.settle()
    table = table_of(app)
    assert table.rules.to_move == second and table.viewer == second
    assert not table.curtain and table.mine
    faces = hand_faces(table)
    assert faces and all(up for _, up in faces)
    assert not table.can_undo()  # the first person's discard stays: this one has looked
    assert drive.problems == []


def test_a_discard_held_by_a_person_as_the_computer_buys_it_leaves_no_ghost(app):
    """A person held the top discard (pressed, not dropped) when the computer bought it: let
    go, the card glided back to the pile and stayed there face up, a ghost of a card now in
    the computer's hand (found by the random-input run)."""
    config = GameConfig("telefunken", (Seat("ai", "normal"), H, H), 646284133, {})
    session = Session.new(config)
    for move in ["cut 50", "draw", "discard 10H", "pass", "pass", "draw", "meld 7S 7D 7C"]:
        session.play(move)
    table = TelefunkenTable(app, config, session)
    drive = open_uncovered(app, table)
    table.rules.submit("discard AD")
    drive.settle()
    drive.lift_cover(table)  # the next person, offered the ace
    top = table.sync.entities("discard")[-1][1]
    drive.press(drive.center_of(top))
    drive.move((640, 300), steps=4)
    assert table.drag.held == top
    table.rules.submit("pass")
    for _ in range(600):
        drive.step()
        if len(table.session.moves) > 9:
            break
    assert table.session.moves[7:] == ["discard AD", "pass", "buy"], table.session.moves[7:]
    assert "AD" in table.state.hands[0]
    drive.step(30)
    drive.release((640, 300))
    drive.settle()
    table.world.activate()
    shown = [f.code for e, f in esper.get_component(CardFace)
             if f.face_up and esper.component_for_entity(e, Sprite).visible]
    assert "AD" not in shown and table.drag.held is None
    assert ghost_cards(table) == [] and drive.problems == []


def test_paused_while_the_table_turns_to_the_next_person_it_finishes_turning(app):
    """Esc as the table turns to the next person's view: the pieces reach the places of
    the seats the panels already name before the menu freezes the table (a pair stood under
    another seat's name behind the menu, pt71)."""
    from ecs.tween import is_animating

    config = GameConfig("chan", (H, H, H, H), 2, {})
    drive = Watch(app)
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    first = table.viewer
    lift_cover(drive, table)
    move = next(m for m in table.legal() if m.startswith("discard "))
    chan_perform(drive, table, move)
    for _ in range(60):
        if table.viewer != first and is_animating():
            break
        drive.step()
    assert table.viewer != first and is_animating()  # turning, halfway
    drive.key(pygame.K_ESCAPE)
    assert app.scenes.top is not table and not is_animating()  # done turning first
    assert drive.problems == []


def test_telefunken_undo_under_a_cover_after_a_computer_answered_says_so(app):
    """People at seats 1 and 3 of Telefunken: Seat 3 discarded, Seat 4 (the computer) let the
    card go, and under Seat 1's cover Undo said only "cards have been drawn or shown since
    Seat 3's last move", which nothing had been (pt83): a computer's answer to a discard
    stops Undo too, and the words say so, as they do to the one at the screen."""
    from scenes.telefunken_table import TelefunkenTable

    app.settings.undo_between_people = True
    config = GameConfig("telefunken", (H, AI, H, AI), 5, {})
    rules = rules_module("telefunken")

    def answered(s: Session) -> bool:  # Seat 3 discarded, a computer then passed on it
        if len(s.moves) < 2 or s.moves[-1] != "pass" or not s.moves[-2].startswith("discard"):
            return False
        return rules.to_move(s.befores[-2]) == 2 and rules.to_move(s.befores[-1]) in (1, 3)

    session = _session_to(config, 3, answered)
    assert session.undo_blocked_by_reveal or not session.snapshots
    session.undo_blocked_by_reveal = True
    session.snapshots.clear()
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    Watch(app).settle()
    assert table.curtain and table.last_person_to_move() == 2
    assert table.nothing_to_undo() == (
        "Nothing to undo: since Seat 3's last move, cards have been drawn or shown, or another "
        "player has answered a discard.")


def test_the_cover_tells_what_happened_since_the_persons_last_move(app, monkeypatch):
    """Between people the cover said only "Seat 1: click here to see your cards": what the
    others had done since had to be pieced together from the log's last lines (pt83). It
    now lists the log's lines of the moves since that person's last move, numbered as in
    the log ("So far:" before their first move); not between people, not over a finished
    deal."""
    from scenes import theme
    from scenes.game_table import whole_names
    from scenes.telefunken_table import TelefunkenTable

    config = GameConfig("telefunken", (H, AI, H, AI), 5, {})
    rules = rules_module("telefunken")
    def stop(s: Session) -> bool:  # (not an offer: its cover's title takes two lines,
        # test_a_telefunken_cover_over_an_offer; three moves or more since seat 0's last)
        if len(s.moves) <= 40 or rules.to_move(s.state) != 0 or s.state.phase == "buy":
            return False
        last = max(i for i, b in enumerate(s.befores) if rules.to_move(b) == 0)
        return len(s.moves) - 1 - last > 2

    session = _session_to(config, 1, stop)
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    Watch(app).settle()
    assert table.curtain and table.viewer == 0
    last_own = max(i for i, b in enumerate(session.befores) if rules.to_move(b) == 0)
    names = session.seat_names()
    expected = [f"{i + 1}. {whole_names(session.log[i], names)}"
                for i in range(last_own + 1, len(session.moves))]
    assert expected and table.cover_recap() == ("Since your last move:", expected)
    drawn = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    table.draw_curtain(app.screen, table.layout["hand"].rect)
    assert "Since your last move:" in drawn and drawn[-1] == theme.fit(expected[-1], 14, 640)
    drawn.clear()  # a low cover: the newest lines that fit, after a mark that there were more
    monkeypatch.setattr(theme, "blit_text", lambda surface, text, *a, **k: (
        drawn.append(text), real(surface, text, *a, **k))[1])
    table.draw_curtain(app.screen, pygame.Rect(260, 500, 560, 120))  # (too narrow for two
    monkeypatch.setattr(theme, "blit_text", real)  # columns: test_telefunken_no_buys)
    assert len(expected) > 2
    assert drawn[-3:] == ["Since your last move:", "…", theme.fit(expected[-1], 14, 512)]
    def unmoved(s: Session) -> list[int]:
        return [p for p in (0, 2) if not any(rules.to_move(b) == p for b in s.befores)]

    early = _session_to(config, 1, lambda s: s.moves and unmoved(s))  # a person who has not
    first = TelefunkenTable(app, config, early)  # moved yet is told the whole game
    first.viewer = unmoved(early)[0]
    assert first.cover_recap() == ("So far:", [f"{i + 1}. {whole_names(line, names)}"
                                               for i, line in enumerate(early.log)])
    fresh = TelefunkenTable(app, config, Session.new(config))
    assert fresh.cover_recap()[1] == []
    alone = TelefunkenTable(app, GameConfig("telefunken", (H, AI, AI, AI), 5, {}),
                            Session.new(GameConfig("telefunken", (H, AI, AI, AI), 5, {})))
    assert alone.cover_recap() == ("", [])


def test_enter_or_space_lifts_the_cover_once_it_has_stood(app):
    """By keys alone a person was stuck at every cover: Enter, Space and Tab did nothing
    (pt127). Enter or Space lifts it as a click does, and only once it has stood a moment
    (a key pressed as it came up, by the last person, does not)."""
    from game.rules import zetema
    from scenes.game_table import COVER_QUIET
    from scenes.zetema_table import ZetemaTable

    config = GameConfig("zetema", (H, H), 5, {})
    session = _session_to(config, 1, lambda s: len(s.moves) > 3 and zetema.to_move(s.state) == 0)
    table = ZetemaTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive = Watch(app)
    drive.settle()
    drive.step(2)
    assert table.curtain
    drive.key(pygame.K_SPACE)  # (at once: too soon, it stays)
    assert table.curtain
    drive.wait(COVER_QUIET + 0.1)
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert not table.curtain and table.viewer == 0
    assert drive.problems == []


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN])
def test_a_burst_of_keys_from_the_last_person_does_not_lift_the_next_cover(app, key):
    """Space pressed every tenth of a second by the person who had just played lifted the
    next person's cover by itself 0.8 s after it came: keys never restarted its quiet
    moment, clicks did (pt130). A key now restarts it as a click does."""
    from scenes.game_table import COVER_QUIET

    cls, perform, _ = GAMES["zetema"]
    table = cls(app, GameConfig("zetema", (H, H), 4, {}))
    drive = open_uncovered(app, table)
    first = table.viewer
    move = next(m for m in table.legal() if m.startswith("discard "))
    perform(drive, table, move)
    # a key every tenth of a second for three seconds
    press_on_after_the_turn(drive, table, first, lambda: drive.key(key), 6)
    drive.wait(COVER_QUIET + 0.1)  # the next person, after a moment: a key lifts it
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert not table.curtain and drive.problems == []


def test_a_telefunken_cover_over_an_offer_says_the_discard_is_offered(app):
    """Every cover said "Seat 3: click here to see your cards", an offer of the discard to a
    person out of turn as their turn (pt137): over an offer it says what it is."""
    from scenes.telefunken_table import TelefunkenTable

    config = GameConfig("telefunken", (H, AI, H, AI), 5, {})
    rules = rules_module("telefunken")

    def offered(s: Session) -> bool:
        return (s.state.phase == "buy" and rules.to_move(s.state) in (0, 2)
                and len(s.moves) > 8)

    session = _session_to(config, 3, offered)
    seat = rules.to_move(session.state)
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    Watch(app).settle()
    assert table.curtain and table.viewer == seat
    assert table.curtain_words() == (f"Seat {seat + 1}: the discard is yours to buy or pass; "
                                     "click here to see your cards")
    session2 = _session_to(config, 3, lambda s: s.state.phase in ("draw", "play")
                           and rules.to_move(s.state) in (0, 2) and len(s.moves) > 8)
    table2 = TelefunkenTable(app, config, session2)
    app.scenes.push(table2, transition=None)
    Watch(app).settle()
    assert table2.curtain_words().endswith(": click here to see your cards")
