"""Following the computer, through the real event loop at Normal speed: no decision is asked
before the move it is about has landed, and Hint says it is thinking until its answer comes."""

from __future__ import annotations

import pygame

from game.ai.worker import Decision
from game.catalog import GameConfig, Seat
from game.rules import telefunken as telefunken_rules
from game.session import Session
from scenes import game_table, theme
from scenes.telefunken_table import TelefunkenTable
from scenes.zertz_table import ZertzTable
from tests.test_telefunken_table import CONFIG as TELEFUNKEN
from tests.test_telefunken_table import OTHERS, position

DECISIONS = {"Buy (1 chip)", "Pass", "Take upcard", "Draw"}


def labels(table) -> set[str]:
    return {getattr(w, "label", "") for w in table.widgets.widgets}


def until_the_computer_discards(app, drive) -> TelefunkenTable:
    """A Telefunken table where Seat 4 (the computer) plays until it has just discarded:
    its card is on its way to the pile."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand, OTHERS[0], OTHERS[1], OTHERS[2] + ["QS"]], to_move=3)
    table = TelefunkenTable(app, TELEFUNKEN, Session(TELEFUNKEN, telefunken_rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    for _ in range(600):
        drive.step()
        if table.session.moves and table.session.moves[-1].startswith("discard"):
            break
    return table


def test_telefunken_asks_about_a_discard_only_once_it_has_landed(app, drive):
    table = until_the_computer_discards(app, drive)
    card = table.session.moves[-1].split()[1]
    assert table.state.phase == "buy" and table.rules.to_move == 0  # the person is offered it
    frames_before = 0
    while table.animating:  # the card is on its way to the pile
        assert not table.mine and not table.rules.offering()
        assert not labels(table) & DECISIONS, labels(table)
        assert "decide" not in table._waiting_text()
        drive.step()
        frames_before += 1
    assert frames_before > 10  # Normal speed: the discard takes a visible while to land
    drive.step(2)
    top = table.sync.entities("discard")[-1][0]
    assert top == card and table.mine
    assert {"Buy (1 chip)", "Pass"} <= labels(table)
    assert table._waiting_text() == "Yours to decide: buy the discard for a chip, or pass (you play next)"


class HeldWorker:
    """A worker whose answers come when the test says (the hint's thinking shows)."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []

    def submit(self, ai, view, legal, level, seed) -> Decision:
        decision = Decision(None, len(self.decisions) + 1, "thread")
        decision.legal = list(legal)
        self.decisions.append(decision)
        return decision

    def start_soon(self) -> None:
        pass


def test_hint_says_it_is_thinking_until_the_answer_arrives(app, drive, monkeypatch):
    worker = HeldWorker()
    monkeypatch.setattr(game_table, "shared_worker", lambda: worker)
    config = GameConfig("zertz", (Seat("human"), Seat("human")), 7, {"first": 0})
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    app.wait_for_ai = False  # the answer really is late: frames go on while it thinks
    button = table._hint_button()
    assert button.label == "Hint"
    drive.click(button.rect.center)
    drive.step(5)
    assert len(worker.decisions) == 1 and table.hint is None
    assert table._hint_button().label == ""  # no word (it fitted only 10 px tall), but dots
    frame = pygame.Surface(app.size)
    table.draw(frame)  # three dots across the button, one lit at a time
    x, y = table._hint_button().rect.center
    colours = [frame.get_at((x + dx, y))[:3] for dx in (-14, 0, 14)]
    assert colours.count(game_table.HINT_COLOUR) == 1 and colours.count(theme.INK_FAINT) == 2
    drive.step(round(1 / game_table.HINT_DOTS_PER_SECOND / drive.dt) + 1)
    frame2 = pygame.Surface(app.size)
    table.draw(frame2)
    later = [frame2.get_at((x + dx, y))[:3] for dx in (-14, 0, 14)]
    assert later.count(game_table.HINT_COLOUR) == 1 and later != colours  # the next one lit
    drive.key(pygame.K_h)  # asking again while it thinks asks nothing more
    assert len(worker.decisions) == 1
    decision = worker.decisions[0]
    decision.move = "place d4"
    decision.done.set()
    drive.step()
    assert table.hint is not None and table.hint[0] == "place d4"
    assert table._hint_button().label == "Hint"


def test_telefunken_marks_the_discard_and_the_buy_of_each_seat(app, drive):
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand, OTHERS[0], OTHERS[1], OTHERS[2] + ["QS"]], to_move=3)
    table = TelefunkenTable(app, TELEFUNKEN, Session(TELEFUNKEN, telefunken_rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    for _ in range(600):
        drive.step()
        if table.mine:
            break
    card, ent = table.sync.entities("discard")[-1]
    assert table.session.moves[-1] == f"discard {card}"
    assert [m.entities for m in table.marks.marks[3]] == [(ent,)]
    assert table.marks.boxes(3) and table.marks.boxes(3)[0].collidepoint(drive.center_of(ent))
    button = next(w for w in table.widgets.widgets if getattr(w, "label", "") == "Buy (1 chip)")
    drive.click(button.rect.center)
    drive.settle()
    assert table.session.moves[-1] == "buy"
    bought = table.marks.marks[0]
    assert bought[0].entities == (ent,) and table.sync.zone_of(ent) == "hand"
    assert bought[0].label == "You bought"
    # the card the buy brought from the stock is marked too
    assert [m.label for m in bought[1:]] == ["+1 from the stock"]
    assert table.sync.zone_of(bought[1].entities[0]) == "hand"


def test_zetema_marks_each_seats_last_discard_on_its_pile(app, drive):
    from game.rules import zetema as zetema_rules
    from scenes.zetema_table import ZetemaTable

    config = GameConfig("zetema", (Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")), 3,
                        {})
    table = ZetemaTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    app.settings.animation = "fast"
    for _ in range(1200):
        drive.step()
        if table.marks.marks.get(1) and table.marks.marks.get(2):
            break
    drive.settle()  # the last discard lands
    for seat in (1, 2):  # the computer seats' last discards, each on top of its pile
        mark = table.marks.marks[seat][-1]
        (ent,) = mark.entities
        pile = next(p for p in table.piles if any(e == ent for _, e in p))
        card = pile[-1][0]
        assert pile[-1] == (card, ent) and f"discard {card}" in table.session.moves
        assert mark.label == f"Seat {seat + 1}" and table.marks.boxes(seat)
    assert 0 not in table.marks.marks  # the person has not played yet
    assert zetema_rules.to_move(table.state) == 0


def test_the_computers_pause_follows_the_animation_speed_setting(app, drive):
    """The table's rules system scales the computer's pause like every animation: none at
    instant, longer when slow, and a change in Settings counts at once."""
    config = GameConfig("zertz", (Seat("human"), Seat("ai", "easy")), 7, {"first": 0})
    table = ZertzTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    paces = {}
    for speed in ("slow", "normal", "instant"):
        app.settings.animation = speed
        paces[speed] = table.rules.pace()
    assert paces["instant"] == 0 and paces["normal"] == 1.0 and paces["slow"] > 1.0


def test_the_log_tells_the_computers_move_once_it_has_landed(app, drive):
    from scenes.game_table import whole_names

    table = until_the_computer_discards(app, drive)
    told = whole_names(table.session.log[-1], table.session.seat_names())  # (as drawn)
    assert "discarded" in told
    flying = 0
    while table.animating:  # the card is on its way to the pile: not in the log yet
        assert not any(told in line for line in table._log_lines(400))
        drive.step()
        flying += 1
    assert flying > 10
    drive.step(2)
    assert any(told in line for line in table._log_lines(400))


def test_a_move_tried_on_the_computers_turn_is_refused_quietly(app, drive, monkeypatch):
    """"Wait for your turn" is no error: said in a plain message, without the error sound
    (a person clicking while the computer plays heard an error each time)."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "6S"]
    state = position([hand, OTHERS[0], OTHERS[1], OTHERS[2] + ["QS"]], to_move=3)
    table = TelefunkenTable(app, TELEFUNKEN, Session(TELEFUNKEN, telefunken_rules, state, state))
    app.scenes.push(table, transition=None)
    drive.step(2)
    sounds = []
    monkeypatch.setattr(table.audio, "request", sounds.append)
    card = table.sync.entities("hand")[0][1]
    drive.drag(drive.center_of(card), table.layout["discard"].rect.center)
    assert table.session.moves[-1:] != [f"discard {hand[0]}"]
    assert app.toasts and app.toasts[-1].text.startswith("Wait for your turn")
    assert not app.toasts[-1].error and "error" not in sounds
    table.refuse("wait for your turn", None)  # the rules system's wording
    assert app.toasts[-1].text == "Wait for your turn." and not app.toasts[-1].error
    table.refuse("only cards from your hand can be played", None)  # a real refusal
    assert app.toasts[-1].error and sounds == ["error"]


def test_the_computers_cards_wait_their_lead_scaled_once_by_the_speed(app, drive):
    """A computer's card sets off ``AI_LEAD`` seconds after its move, times the animation
    speed (1.7 at slow: 0.6 s), not that squared: the lead was scaled by the speed where
    it was worked out and again by the tweens that wait it out (1.0 s at slow)."""
    import esper

    from ecs.components import Transform
    from game.settings import ANIMATION_SPEEDS
    from scenes.telefunken.table import AI_LEAD

    app.settings.animation = "slow"
    table = until_the_computer_discards(app, drive)
    world = table.world
    world.activate()
    ent = table.sync.entities("discard")[-1][1]
    start = esper.component_for_entity(ent, Transform)
    where = (start.x, start.y)
    waited = 0
    while (start.x, start.y) == where and waited < 600:
        drive.step()
        world.activate()
        waited += 1
    seconds = waited * drive.dt
    expected = AI_LEAD * ANIMATION_SPEEDS["slow"]
    assert expected - 2 * drive.dt <= seconds <= expected + 2 * drive.dt, seconds
