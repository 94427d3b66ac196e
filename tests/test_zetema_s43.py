"""Zetema, play-testers' findings of session 43: what a seat's panel and the score sheet say
follows the cards the eye follows.

1. A computer's card count grew as its drawn card left the stock (pt148): it grows as the
   card lands in its panel, after a person's move (no lead) as after a computer's. A king or
   queen that a computer's marriage takes from its pile stays there, face up, while the
   computer's panel says "thinking", its pile still counting it; then it flies to the
   marriage pile (it turned face down and flew to the stock at once, and a second one came
   out of the computer's panel).
2. A computer's meld was scored as its cards set off (pt151): its points pop up, its score
   sheet line is written, its score grows and the meld zone names it once its cards lie in
   the meld zone (or on the marriage pile), the winning meld's too, before the results;
   until then the zone says whose move it is. Its cards come out of the panel as they set
   off (they lay face up on it while it said "thinking").
3. So is a zetema, anyone's: its score sheet line and score come with its banner and points,
   as its card lies on its pile (they came as it set off).
4. A king or queen taken from under another card of its pile (pt154): the pile's counter
   counts the card left there while it moves into its new place (it said one card too few
   for a moment), the marriage pile's label counts the pair once it lies there (it counted
   it as it set off), and the card leaves the mark of the seat that threw it on the pile (its
   outline and tag followed it onto the marriage pile).
5. While a zetema's card flies, the meld zone tells the discard alone; the zetema comes with
   its banner as the card lies on its pile (pt154: the zone told it first); a winning
   marriage (on its pile, not in the zone) is named in the zone as a winning flush is (it said
   only "Game over").
"""

from __future__ import annotations

import esper
import pygame
import pytest

import scenes.zetema.panels as panels_module
from ecs.components import CardFace, Transform
from game.catalog import Seat
from scenes import theme
from scenes.results import ResultsOverlay
from scenes.zetema import words
from scenes.zetema.moves import perform
from scenes.zetema.panels import gliding
from scenes.zetema.table import ZetemaTable
from tests.test_marks import record_calls
from tests.test_zetema_marriages import H, start

AI = Seat("ai", "easy")
HANDS = [["3C", "5D", "8H", "9C", "JD", "QC", "4S"],
         ["KS", "6D", "8C", "10H", "JC", "QD", "4C"],
         ["2H", "5H", "7D", "9S", "JS", "KH"]]
FLUSH = ["2D", "5D", "7D", "9D", "JD", "KD"]


def panel_says(app, table, seat: int, monkeypatch) -> tuple[int, str, str]:
    """What ``seat``'s panel draws now: (backs, its count in words, its score)."""
    from game.card_art import card_image
    from tests.test_playtest_s22 import Backs

    canvas = Backs(app.size, card_image("back", 34))
    with monkeypatch.context() as m:
        lines = record_calls(m, panels_module, "blit_line")
        texts: list[tuple[str, int]] = []  # (words, size) of ``theme.text``
        real = theme.text
        m.setattr(theme, "text", lambda string, size, *a, **k: (
            texts.append((string, size)), real(string, size, *a, **k))[1])
        table._draw_opponent(canvas, seat)
    count = next(text for text, _ in lines if "card" in text)
    return canvas.count, count, next(string for string, size in texts if size == 22)


def flying_backs() -> list[int]:
    """The face-down cards on their way from the stock into a panel, still in sight."""
    return [e for e, (face, t) in esper.get_components(CardFace, Transform)
            if face.code == "back" and t.alpha > 0 and gliding(e)]


@pytest.mark.parametrize("mover", ["person", "computer"])
def test_a_seats_drawn_card_counts_in_its_panel_once_it_lands(app, monkeypatch, mover):
    """You discard: Seat 2 draws its seventh card; Seat 2 (a computer) discards: Seat 3
    draws. The panel of the seat drawing shows six backs and "6 cards" while the card flies
    from the stock, seven once it has landed (it said 7 as the card left the stock)."""
    table, drive = start(app, (H, AI, AI), [HANDS[0], HANDS[1][:6], HANDS[2]])
    table.rules.paused = True  # (the computers' moves are played here, as they would be)
    if mover == "person":
        seat = 1
        perform(drive, table, "discard 3C")
    else:
        table.rules.paused = False
        perform(drive, table, "discard 3C")
        drive.settle()
        table.rules.paused = True
        drive.settle()
        seat = 2
        table.rules._apply(f"discard {table.state.hands[1][0]}")
    assert table.state.seat == seat and len(table.state.hands[seat]) == 7
    seen = []  # (a drawn card in sight on its way, backs, words)
    for _ in range(120):
        drive.step()
        table.world.activate()
        backs, count, _score = panel_says(app, table, seat, monkeypatch)
        seen.append((bool(flying_backs()), backs, count))
    flying = [s for s in seen if s[0]]
    assert len(flying) >= 10, seen  # (the card was seen on its way)
    assert all(s[1:] == (6, words.card_count(6)) for s in flying), flying
    landed = max(i for i, s in enumerate(seen) if s[0]) + 1
    assert all(s[1:] == (7, words.card_count(7)) for s in seen[landed:]), seen[landed:]


def test_a_king_or_queen_a_computers_marriage_takes_stays_on_its_pile_until_it_flies(
        app, monkeypatch):
    """Seat 2 marries its K♠ with the Q♠ of the Q pile: while its panel says "thinking"
    the Q♠ lies on its pile, face up, the pile saying 2/5; then that very card flies to the
    marriage pile, the pile saying 1/5."""
    from game.rules import zetema as rules

    table, drive = start(app, (H, AI, AI), HANDS, piles={"Q": ["QH", "QS"]}, to_move=1)
    table.rules.paused = True
    queen = table.piles[rules.QUEEN][-1][1]
    spot = drive.center_of(queen)
    table.rules._apply("meld marriage KS QS@pile")
    header = table.pile_header(rules.QUEEN)[1]
    seen = []  # (in the lead, the queen's place, face up, the Q pile's count drawn)
    for _ in range(90):
        drive.step()
        table.world.activate()
        with monkeypatch.context() as m:
            said = record_calls(m, theme, "blit_text", keep=lambda text, rect: (text, rect))
            table.draw_background(pygame.Surface(app.size))
        count = next(text for text, rect in said if rect.colliderect(header))
        t = esper.component_for_entity(queen, Transform)
        seen.append((table.leading_seat() is not None, (round(t.x), round(t.y)),
                     esper.component_for_entity(queen, CardFace).face_up, count))
    lead = [s for s in seen if s[0]]
    assert len(lead) >= 10
    assert all(s[1:] == (spot, True, words.pile_count(2)) for s in lead), lead
    after = seen[len(lead):]
    assert after[0][3] == words.pile_count(1)  # (it has set off)
    assert any(s[1] != spot for s in after)  # it flew ...
    assert [e for c, e in table.marriage if c == "QS"] == [queen]  # ... onto the marriage pile
    assert esper.component_for_entity(queen, CardFace).face_up


@pytest.mark.parametrize("meld", ["meld flush " + " ".join(FLUSH), "meld marriage KS QS@pile"])
def test_a_computers_meld_is_scored_once_its_cards_have_landed(app, monkeypatch, meld):
    """Seat 2 melds a flush (its cards fly into the meld zone) or a marriage (to the
    marriage pile): its "+30" pops up, its score sheet line is written and its panel's score
    grows once the cards lie there, not as they set off."""
    from tests.test_zetema_points_popup import record_popups

    hands = [list(h) for h in HANDS]
    if "flush" in meld:
        hands = [["3C", "5C", "8H", "9C", "JH", "QC", "4S"], [*FLUSH, "4C"],
                 ["2H", "5H", "7C", "9S", "JS", "KH"]]
    table, drive = start(app, (H, AI, AI), hands, piles={"Q": ["QH", "QS"]}, to_move=1)
    table.rules.paused = True
    popups = record_popups(monkeypatch)
    table.rules._apply(meld)
    points = table.session.state.scores[1]
    seen = []  # (its cards moving, points popped up, sheet lines, the panel's score, the
    # meld zone's words)
    in_lead = []  # the meld's cards in sight while the computer's panel says "thinking"
    for _ in range(150):
        drive.step()
        table.world.activate()
        if table.leading_seat() is not None:
            in_lead += [c for c, e in table.shown
                        if esper.component_for_entity(e, Transform).alpha > 0]
        moving = any(gliding(e) for _, e in table.shown + table.marriage)
        seen.append((moving, len(popups), len(table.sheet_lines()),
                     panel_says(app, table, 1, monkeypatch)[2], table.meld_prompt()))
    landed = next(i for i, s in enumerate(seen) if not s[0])
    assert landed >= 30  # (its lead, then its flight)
    assert all(s[1:] == (0, 0, words.points_plain(0), words.waiting_prompt("Seat 2"))
               for s in seen[:landed]), seen[:landed]
    assert seen[landed][1:4] == (1, 1, words.points_plain(points)), seen[landed]
    assert seen[landed][4].startswith("Seat 2: ") and words.points_plain(points) in seen[
        landed][4]
    assert all(s[1:] == seen[landed][1:] for s in seen[landed:])
    assert in_lead == []  # (the flush lay face up on the panel, over its words)


def test_a_computers_winning_meld_is_scored_as_its_cards_land(app, drive, monkeypatch):
    """The meld that wins the game (``_final_meld``): its points and its score sheet line come
    as its cards land in the meld zone, and the results after a moment to read it."""
    from tests.test_zetema_final_meld import FLUSH, near_the_goal
    from tests.test_zetema_points_popup import record_popups

    table = near_the_goal(app, [*FLUSH, "3S"], 180, "easy")
    popups = record_popups(monkeypatch)
    seen = []  # (its cards moving, points popped up, sheet lines, the meld zone's words)
    for _ in range(600):
        drive.step()
        if isinstance(drive.scene, ResultsOverlay):
            break
        table.world.activate()
        if table.session.moves:
            seen.append((any(gliding(e) for _, e in table.shown), len(popups),
                         len(table.sheet_lines()), table.meld_prompt()))
    assert isinstance(drive.scene, ResultsOverlay)
    landed = next(i for i, s in enumerate(seen) if not s[0])
    assert landed >= 30
    # (the zone said the log's line as the cards flew: "… for 30 points — game won …")
    assert all(s[1:] == (0, 0, words.waiting_prompt("Seat 3")) for s in seen[:landed]), seen
    assert seen[landed][1:3] == (1, 1) and seen[landed][3] == table.shown_label
    assert len(seen) - landed >= 90  # (a moment to read it before the results)


def test_your_zetema_is_written_on_the_sheet_as_its_card_lands(app):
    """Your discard lays the fifth five: its banner and "+15" came as the card lay on the
    pile, its score sheet line and your score as it left your hand (pt151): all of them
    now come as it lands."""
    from game.rules import zetema as rules

    hands = [["5C", "9D", "JH", "KS", "2C", "7H", "AD"], ["7D", "3H", "8C", "8S", "9S", "JS"]]
    table, drive = start(app, (H, AI), hands, piles={"5": ["5S", "5S", "5H", "5D"]})
    table.rules.paused = True
    perform(drive, table, "discard 5C")
    pile = table.piles[rules.RANKS.index("5")]
    seen = []  # (the five on its way, banner, sheet lines, the score over your hand)
    for _ in range(60):
        table.world.activate()
        with pytest.MonkeyPatch.context() as m:
            said = record_calls(m, panels_module, "blit_line")
            table.draw_overlay(pygame.Surface(app.size))
        score = next(text for text, _ in said if text in (
            words.seat_score("You", 0), words.seat_score("You", 15)))
        seen.append((any(gliding(e) for _, e in pile), table.banner is not None,
                     len(table.sheet_lines()), score))
        drive.step()
    landed = next(i for i, s in enumerate(seen) if not s[0])
    assert landed >= 5
    assert all(s[1:] == (False, 0, words.seat_score("You", 0)) for s in seen[:landed]), seen
    assert seen[landed + 1][1:] == (True, 1, words.seat_score("You", 15)), seen[landed:]


def test_a_queen_taken_from_under_another_leaves_its_pile_counted_right(app, monkeypatch):
    from game.rules import zetema as rules

    table, drive = start(app, (H, AI, AI), HANDS, piles={"Q": ["QS", "QH"]}, to_move=1)
    table.rules.paused = True
    queen = next(e for c, e in table.piles[rules.QUEEN] if c == "QS")
    table.marks.entities(0, [queen], table.seat_name(0))  # (as if you had thrown it there)
    table.rules._apply("meld marriage KS QS@pile")
    header = table.pile_header(rules.QUEEN)[1]
    label = table.layout["marriage"].rect
    seen = []  # (in the lead, the Q pile's count drawn, the marriages' label, pair landed)
    for _ in range(120):
        drive.step()
        table.world.activate()
        with monkeypatch.context() as m:
            said = record_calls(m, theme, "blit_text", keep=lambda text, rect: (text, rect))
            canvas = pygame.Surface(app.size)
            table.draw_background(canvas)
            table.draw_overlay(canvas)
        count = next(text for text, rect in said if rect.colliderect(header))
        married = next(text for text, rect in said if rect.colliderect(label)
                       and text.startswith("Marriages"))
        landed = not any(gliding(e) for c, e in table.marriage if c in ("KS", "QS"))
        seen.append((table.leading_seat() is not None, count, married, landed))
    after = [s for s in seen if not s[0]]
    assert after and all(s[1] == words.pile_count(1) for s in after), after  # never 0/5
    assert all(s[2] == words.marriages_label(1 if s[3] else 0) for s in after), after
    assert seen[-1][3]  # (it landed)
    assert not any(queen in m.entities for m in table.marks.marks.get(0, []))
    assert any(queen in m.entities for m in table.marks.marks.get(1, []))


def test_the_meld_zone_tells_a_zetema_only_once_its_card_has_landed(app, drive):
    from game.session import Session
    from tests.test_zetema_table import CONFIG, position
    from tests.test_zetema_table import rules as zetema_rules

    state = position(["2H", "5C", "8D", "JS", "KH", "4S", "7C"], ["9D"],
                     piles={"9": ["9S", "9H", "9C", "9S"]}, to_move=1)
    table = ZetemaTable(app, CONFIG, Session(CONFIG, zetema_rules, state, state))
    app.scenes.push(table, transition=None)
    said = []  # (the discard on its way, the meld zone's words)
    for _ in range(300):
        drive.step()
        if not table.session.moves:
            continue
        nines = table.piles[zetema_rules.RANKS.index("9")]
        card = nines[-1][1] if nines else None
        flying = card is not None and gliding(card)
        said.append((flying, table.meld_prompt() if table.banner is None else "(banner)"))
        if len(said) > 150:
            break
    in_flight = [text for flying, text in said if flying]
    assert in_flight and all("zetema" not in text for text in in_flight), in_flight
    assert "Seat\u00a02 discarded 9♦" in in_flight, set(in_flight)  # (names kept whole)
    assert any(text == "(banner)" for flying, text in said if not flying)  # (then it comes)


def test_a_computers_winning_marriage_is_named_in_the_meld_zone(app, drive):
    """A marriage that wins the game lies on the marriage pile, not in the meld zone: the
    zone said only "Game over" (pt154); it names the marriage, as it names a winning flush."""
    from tests.test_zetema_final_meld import near_the_goal

    table = near_the_goal(app, ["KH", "QH", "2S", "5C", "7D", "9S", "JS"], 195, "easy")
    said = []
    for _ in range(900):
        drive.step()
        if isinstance(drive.scene, ResultsOverlay):
            break
        if table.state.phase == "over" and not table._melds_due:
            said.append(table.meld_prompt())
    assert isinstance(drive.scene, ResultsOverlay)
    assert table.session.moves[-1].startswith("meld marriage")
    assert said and said[-1] == table.shown_label != words.game_over()
    assert "arriage" in said[-1]
