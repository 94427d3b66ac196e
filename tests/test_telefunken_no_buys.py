"""Telefunken's "No buys this deal": a person offered a discard may let it go and every
discard offered to them for the rest of the deal; the table then passes for them, unasked
(``Session.play(unasked=True)``: no Undo stop), and between people the screen no longer goes
to them for an offer (pt102: two hand-overs for every offer nobody wanted)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from scenes.telefunken import words
from scenes.telefunken_table import TelefunkenTable
from tests.test_telefunken_table import OTHERS, position

HAND = ["7H", "7D", "2D", "5C", "9H", "JH", "KS", "AC", "4H", "8S", "3C"]


def load(players: int, hands, **extra):
    """The Telefunken tests' ``position`` for ``players`` seats (the last one dealt)."""
    return position(hands, players=players, **{"dealer": players - 1, **extra})


def open_table(app, drive, config, state, *, undo_between_people=False):
    session = Session(config, rules, state, state, undo_between_people=undo_between_people)
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def button(table, key):
    """The table's button with the words of ``key`` (None if it is not shown)."""
    label = words.button(key)
    return next((w for w in table.widgets.widgets if getattr(w, "label", None) == label), None)


def step_until(drive, done, frames=3000):
    for _ in range(frames):
        if done():
            return
        drive.step()
    raise AssertionError("never came")


ALONE = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")), 3, {})


def test_no_buys_passes_now_and_on_every_later_offer_of_the_deal(app, drive):
    app.wait_for_ai = True
    state = load(3, [HAND, OTHERS[0][:11], OTHERS[1][:10]], discard=["5S", "9S"],
                 phase="buy", to_move=0, discarder=2, offer=[1])
    table = open_table(app, drive, ALONE, state)
    assert button(table, "buy") is not None and button(table, "pass") is not None
    no_buys = button(table, "no_buys")
    assert no_buys is not None
    drive.click(no_buys.rect.center)
    drive.step()
    session = table.session
    assert session.moves == ["pass"] and session.standing == {0: 0}
    assert len(session.snapshots) == 1  # (the Pass pressed is the person's own decision)
    assert any("no discard will be offered to you again this deal" in t.text for t in app.toasts)
    # the person's next turn: the choice can be taken back there ("Offer me buys again")
    step_until(drive, lambda: table.mine and table.state.phase == "draw")
    drive.settle()
    assert button(table, "buys_again") is not None
    assert button(table, "no_buys") is None
    drive.wait(0.5)  # (a button come where another stood takes no click at once)
    drive.click(button(table, "draw").rect.center)
    drive.settle()
    step_until(drive, lambda: table.mine and table.state.phase == "play")
    drive.settle()
    from scenes.telefunken_table import perform
    perform(drive, table, "discard 3C")
    drive.settle()
    # the computers play on; every discard of theirs offered to seat 0 is passed for it
    offered = []
    for _ in range(4000):
        drive.step()
        if table.state.deal != 1 or (table.mine and table.state.phase == "draw"):
            break
        if table.state.phase == "buy" and table.state.seat == 0:
            offered.append(len(session.moves))
            assert button(table, "buy") is None and not table.mine
    passes = [i for i, m in enumerate(session.moves)
              if m == "pass" and rules.to_move(session.befores[i]) == 0]
    assert len(passes) >= 2 and passes[1:] and set(passes[1:]) <= session.unasked
    assert 0 not in session.unasked  # (the first was pressed)
    assert all(s.moves not in passes[1:] for s in session.snapshots)  # no Undo stop there
    # the choice is the deal's: made in another deal, it does not stand
    assert table.declines_buys(0)
    session.befores[0] = replace(session.befores[0], deal=table.state.deal + 1)
    assert not table.declines_buys(0)


def test_offer_me_buys_again_takes_the_choice_back(app, drive):
    app.wait_for_ai = True
    state = load(3, [HAND, OTHERS[0][:11], OTHERS[1][:10]], discard=["5S", "9S"],
                 phase="buy", to_move=0, discarder=2, offer=[1])
    table = open_table(app, drive, ALONE, state)
    drive.click(button(table, "no_buys").rect.center)
    step_until(drive, lambda: table.mine and table.state.phase == "draw")
    drive.settle()
    drive.wait(0.5)  # (a button come where another stood takes no click at once)
    drive.click(button(table, "buys_again").rect.center)
    drive.step()
    assert table.session.standing == {}
    assert button(table, "buys_again") is None
    assert not table.declines_buys(0)


def test_undo_of_the_pass_takes_the_choice_back(app, drive):
    """Two players: the person is offered the computer's discard and plays next."""
    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy")), 2, {})
    app.wait_for_ai = True
    state = load(2, [HAND, OTHERS[0][:10]], discard=["5S", "9S"], phase="buy", to_move=0,
                 discarder=1, offer=[])
    table = open_table(app, drive, config, state)
    drive.click(button(table, "no_buys").rect.center)
    drive.settle()
    assert table.session.standing == {0: 0} and table.state.phase == "draw"
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    drive.settle()
    table = app.scenes.top
    assert table.session.moves == [] and table.session.standing == {}
    assert table.state.phase == "buy" and button(table, "buy") is not None


def test_between_people_the_screen_does_not_go_to_a_person_who_buys_no_more(app, drive):
    """Seats: person, computer, person, computer. The computer at seat 2 (index 1)
    discards; the person at index 2 plays next and is offered it first, then the computer
    at index 3, then the person at index 0, who chose "No buys this deal": their offer is
    passed for them where they sit, and the screen stays with the person to draw."""
    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy"), Seat("human"),
                                       Seat("ai", "easy")), 4, {})
    app.wait_for_ai = True
    state = load(4, [HAND, OTHERS[0][:10], OTHERS[1][:11], OTHERS[2][:11]],
                 discard=["5S", "9S"], phase="buy", to_move=2, discarder=1, offer=[0],
                 chips=[7, 7, 7, 0])  # (index 3 cannot buy: not asked)
    session = Session(config, rules, state, state)
    table = TelefunkenTable(app, config, session)
    session.standing[0] = 0  # (index 0: the choice of this deal, made with the move below)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.viewer == 2 and table.curtain
    drive.lift_cover(table)
    drive.click(button(table, "pass").rect.center)
    viewers, covers = set(), 0
    for _ in range(3000):
        drive.step()
        viewers.add(table.viewer)
        covers += table.curtain
        if table.state.phase == "draw" and not table.animating:
            break
    assert table.state.seat == 2 and table.mine
    assert viewers == {2} and covers == 0
    assert session.moves[-1] == "pass" and len(session.moves) - 1 in session.unasked
    assert rules.to_move(session.befores[-1]) == 0


def test_the_choice_ends_with_the_deal_and_survives_a_save():
    config = ALONE
    state = load(3, [HAND, OTHERS[0][:11], OTHERS[1][:10]], discard=["5S", "9S"],
                 phase="buy", to_move=0, discarder=2, offer=[1])
    session = Session(config, rules, state, state)
    session.standing[0] = 0
    session.play("pass")
    session.play("pass")  # seat 1 (the computer)
    session.play("draw")
    session.play("discard 3C")
    session.play("pass")  # seats 1 and 2 (the computers) let it go
    session.play("pass")
    session.play("draw")
    session.play("discard 2C")  # seat 1's discard: seat 2 lets it go, seat 0 is passed for
    session.play("pass")
    assert rules.to_move(session.state) == 0 and session.state.phase == "buy"
    stops = list(session.snapshots)
    session.play("pass", unasked=True)
    assert session.snapshots == stops  # not the person's decision: no Undo stop
    data = session.to_save()
    again = Session.from_save(data)
    assert again.standing == {0: 0} and again.unasked == session.unasked
    assert [s.moves for s in again.snapshots] == [s.moves for s in session.snapshots]
    # damaged or foreign entries are left out, never a crash
    for bad in ({"9": 0}, {"0": 99}, {"x": "y"}, [1, 2], "junk", {"0": True}):
        assert Session.from_save({**data, "standing": bad}).standing == {}
    assert Session.from_save({**data, "unasked": "junk"}).unasked == set()


def test_a_pass_made_for_a_person_says_so_in_the_log_and_its_replay(app, drive):
    """A pass the table made for a person who buys no more read like one they chose ("You
    did not buy 2C", pt108, pt110): its log line says it was made automatically, after a
    save and in the replay too; the pass they pressed does not."""
    from scenes.replay import replay_table

    state = load(3, [HAND, OTHERS[0][:11], OTHERS[1][:10]], discard=["5S", "9S"],
                 phase="buy", to_move=0, discarder=2, offer=[1])
    session = Session(ALONE, rules, state, state)
    session.standing[0] = 0
    for move in ("pass", "pass", "draw", "discard 3C", "pass", "pass", "draw", "discard 2C",
                 "pass"):
        session.play(move)
    session.play("pass", unasked=True)
    log = session.log
    assert log[0] == "You did not buy 9♠" and log[-1] == "You did not buy 2♣ (automatically)"
    assert Session.from_save(session.to_save()).log == log
    table = replay_table(app, TelefunkenTable, ALONE, list(session.moves), len(session.moves),
                         session.initial, unasked=session.unasked)
    assert table.session.log == log


def test_the_cover_recap_starts_after_the_persons_own_last_decision(app, drive):
    """A pass made for a person who buys no more is not their move: the cover's "Since your
    last move:" began after it, the moves before it never told (pt110)."""
    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy"), Seat("human"),
                                       Seat("ai", "easy")), 4, {})
    app.wait_for_ai = True
    state = load(4, [HAND, OTHERS[0][:10], OTHERS[1][:11], OTHERS[2][:11]],
                 discard=["5S", "9S"], phase="buy", to_move=2, discarder=1, offer=[0],
                 chips=[7, 7, 7, 0])
    session = Session(config, rules, state, state)
    session.play("pass")  # seat 2 (index 2): its own decision
    session.play("pass", unasked=True)  # seat 0's, made for it
    session.play("draw")  # seat 2 draws
    session.standing[0] = 1
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    table.viewer = 0
    heading, lines = table.cover_recap()
    assert heading == "So far:"  # (seat 0 has made no decision of its own yet)
    assert [line.split(". ", 1)[0] for line in lines] == ["1", "2", "3"]


def test_an_automatic_cut_is_no_undo_stop(app, drive):
    """With "Cut the deck: automatically" the cut is made for the person: an Undo that
    stopped there saw it made again at once, as if Undo did nothing."""
    app.settings.telefunken_cut = "auto"
    app.wait_for_ai = True
    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy")), 2, {})
    state = load(2, [[], []], phase="cut", to_move=0, discard=[], dealer=1)
    table = open_table(app, drive, config, state)
    step_until(drive, lambda: table.session.moves)
    assert table.session.moves[0].startswith("cut ") and 0 in table.session.unasked
    assert all(s.moves != 0 for s in table.session.snapshots)


def test_no_buys_come_where_a_button_stood_takes_no_click_at_once(app, drive):
    """"No buys this deal" comes under Buy and Pass, partly where the last row's button
    stood: a click meant for that one, as the offer came, would have given up every offer of
    the deal. It is quiet for a moment, as the offer's own buttons are (``QuietButton``)."""
    from scenes.telefunken.table import QuietButton

    app.wait_for_ai = True
    state = load(3, [HAND, OTHERS[0][:11], OTHERS[1][:10]], discard=["5S", "9S"],
                 phase="buy", to_move=0, discarder=2, offer=[1])
    table = open_table(app, drive, ALONE, state)
    drive.click(button(table, "pass").rect.center)  # let it go, draw, discard
    step_until(drive, lambda: table.mine and table.state.phase == "draw")
    drive.settle()
    drive.wait(0.5)  # (a button come where another stood takes no click at once)
    drive.click(button(table, "draw").rect.center)
    step_until(drive, lambda: table.mine and table.state.phase == "play")
    drive.settle()
    from scenes.telefunken_table import perform
    perform(drive, table, "discard 3C")
    step_until(drive, lambda: table.mine and table.state.phase == "buy")  # offered again
    drive.step()
    no_buys = button(table, "no_buys")
    assert isinstance(no_buys, QuietButton) and no_buys.quiet_until > table.time
    drive.click(no_buys.rect.center)  # at once: taken by nothing
    drive.step()
    assert table.session.standing == {} and table.state.phase == "buy"


def test_a_long_recap_takes_a_second_column_on_the_low_wide_cover(app, drive, monkeypatch):
    """Telefunken's cover is low and wide: a long "Since your last move:" showed its last six
    lines, cut short with "…", beside half a cover of empty felt (pt117). It now runs on in
    a second column, the older lines first."""
    import random

    import scenes.game_table as game_table
    from game.ai import telefunken as ai

    config = GameConfig("telefunken", (Seat("human"), Seat("ai", "easy"), Seat("human"),
                                       Seat("ai", "easy")), 4, {})
    state = rules.new_game(4, 7)
    session = Session(config, rules, state, state)
    rng = random.Random(1)
    while not (len(session.moves) > 30 and rules.to_move(session.state) == 0
               and session.state.phase == "draw"):
        seat = rules.to_move(session.state)
        session.play(ai.choose(rules.view(session.state, seat), rules.legal_moves(session.state),
                               "easy", rng))
    app.wait_for_ai = True
    table = TelefunkenTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.curtain and table.viewer == 0
    heading, recap = table.cover_recap()
    hand = table.layout["hand"].rect
    room = (hand.height - 24 - 26 - 26) // 18
    assert room < len(recap) <= 2 * room  # (more than one column holds, two hold them all)
    drawn: list[tuple[str, tuple[int, int]]] = []
    real = game_table.theme.blit_text

    sized: list[tuple[str, int]] = []

    def recording(surface, text, where, *args, **kwargs):
        drawn.append((text, where))
        sized.append((text, args[0]))
        return real(surface, text, where, *args, **kwargs)

    monkeypatch.setattr(game_table.theme, "blit_text", recording)
    table.draw_curtain(app.screen, hand)
    monkeypatch.setattr(game_table.theme, "blit_text", real)
    numbers = [text.split(".")[0] for text, _ in drawn if text[:1].isdigit()]
    assert numbers == [line.split(".")[0] for line in recap]  # every line, in order
    columns = sorted({where[0] for text, where in drawn if text[:1].isdigit()})
    assert len(columns) == 2 and columns[1] - columns[0] > 300
    first_right = next(text for text, where in drawn if where[0] == columns[1])
    assert int(first_right.split(".")[0]) > int(numbers[0])  # (the older lines on the left)
    width = min(640, (hand.width - 48 - game_table.GUTTER) // 2)
    assert any(game_table.theme.text_width(line, 14) > width for line in recap)
    entries: list[str] = []  # (a line too long for its column goes on in the rows below it)
    for text, _ in drawn[drawn.index(next(d for d in drawn if d[0] == heading)) + 1:]:
        if text.startswith(game_table.CONTINUED):
            entries[-1] += " " + text.strip()
        else:
            entries.append(text)
    assert len(entries) == len(recap)
    whole = [line for line in recap if game_table.theme.text_width(line, 12) <= width]
    assert all(line in entries for line in whole)  # (whole, rather than cut: "bought A♣ and a
    # card from the st…" lost its chips left, pt126; and in one size: three sizes side by
    # side, pt138)
    sizes = {args[1] for args in sized if args[0][:1].isdigit()}
    assert len(sizes) == 1
    # lines too long for half the cover (Chắn's card names) keep one column, whole (pt127)
    long = [f"{n}. Seat 3 took Tam Văn from Seat 2's gate with Tam Văn: a Chắn, and more"
            for n in range(1, 13)]
    monkeypatch.setattr(table, "cover_recap", lambda: ("Since your last move:", long))
    drawn.clear()
    monkeypatch.setattr(game_table.theme, "blit_text", recording)
    table.draw_curtain(app.screen, hand)
    monkeypatch.setattr(game_table.theme, "blit_text", real)
    assert len({where[0] for text, where in drawn if text[:1].isdigit()}) == 1
