"""The Telefunken table's move list tells the buy offers of one discard let go one after
another in one line ("50–52. Seat 2, Seat 3 and Seat 4 did not buy 7♦"): three lines a
discard buried the plays (pt128). Offers let go for a person by the table or the clock keep
their own lines, which say so; the results' full log is unchanged."""

from __future__ import annotations

import random

from game.catalog import GameConfig, Seat
from game.session import Session
from scenes.telefunken_table import TelefunkenTable

SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3


def played(moves: int = 60, seed: int = 2) -> Session:
    session = Session.new(GameConfig("telefunken", SEATS, 5, {}))
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(rng.choice(session.rules.legal_moves(session.state)))
    return session


def open_table(app, drive, session: Session) -> TelefunkenTable:
    table = TelefunkenTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle()
    return table


def lines_of(table: TelefunkenTable) -> list[str]:
    return [" ".join(line.split()) for line in table._log_lines(2000)]


def test_offers_of_one_discard_let_go_are_one_line(app, drive):
    session = played()
    table = open_table(app, drive, session)
    lines = lines_of(table)
    assert "50–52. Seat 2, Seat 3 and Seat 4 did not buy 7♦" in lines
    # (in the order asked from the discarder, Seat 3, on: you were named first, pt164)
    assert "40–42. Seat 4, you and Seat 2 did not buy 9♥" in lines
    assert "49. You discarded 7♦" in lines and "53. Seat 2 drew from the stock" in lines
    passes = [i for i, m in enumerate(session.moves) if m == "pass"]
    joined = sum(1 for line in lines if "did not buy" in line)
    assert joined < len(passes) / 2  # (each discard let go once: one line, not three)
    numbers = [line.split(".")[0] for line in lines if line[:1].isdigit()]
    last = max(int(n.split("–")[-1]) for n in numbers)
    assert last == len(session.log)  # every move is still counted
    assert table.session.log[49:52] == ["Seat 2 did not buy 7♦", "Seat 3 did not buy 7♦",
                                        "Seat 4 did not buy 7♦"]  # (the full log as before)


def test_an_offer_let_go_for_you_keeps_its_own_line(app, drive):
    session = played()
    first = next(i for i in range(49, 52) if session.moves[i] == "pass")
    session.unasked.add(first)  # (as "No buys this deal" passes for you)
    table = open_table(app, drive, session)
    lines = lines_of(table)
    assert "50–52. Seat 2, Seat 3 and Seat 4 did not buy 7♦" not in lines
    assert "51–52. Seat 3 and Seat 4 did not buy 7♦" in lines


def test_the_covers_recap_joins_them_too(app, drive):
    """Between people the cover's "Since your last move" lists the moves as the move list
    numbers them: the offers let go one after another in one line there too. A joined line
    that began with your own pass began the recap with it (pt136): it starts after it."""
    from game.rules import telefunken as rules

    seats = (Seat("human"), Seat("human"), Seat("ai", "easy"), Seat("ai", "easy"))

    def since_own(s: Session) -> list[int]:
        own = max((i for i in range(len(s.moves)) if rules.to_move(s.befores[i]) == 0),
                  default=-1)
        return list(range(own + 1, len(s.moves)))

    def begins_with_your_pass(s: Session) -> bool:
        """Your own last move a pass, and the next two offers of that discard let go: the
        joined line begins with your pass."""
        after = since_own(s)
        own = after[0] - 1 if after else -1
        return (own >= 0 and len(after) >= 2 and s.moves[own] == "pass"
                and s.moves[own + 1] == s.moves[own + 2] == "pass"
                and s.befores[own].discard == s.befores[own + 2].discard)

    session = None
    for seed in range(200):
        candidate = Session.new(GameConfig("telefunken", seats, 5, {}))
        rng = random.Random(seed)
        while candidate.result is None and candidate.rules.legal_moves(candidate.state):
            if (len(candidate.moves) >= 30 and candidate.to_move == 0
                    and begins_with_your_pass(candidate)):
                session = candidate
                break
            candidate.play(rng.choice(candidate.rules.legal_moves(candidate.state)))
        if session is not None:
            break
    assert session is not None
    table = open_table(app, drive, session)
    heading, lines = table.cover_recap()
    assert heading == "Since your last move:"
    joined = [line for line in lines if "did not buy" in line and "–" in line.split(".")[0]]
    assert joined, lines
    own = max(i for i in range(len(session.moves))
              if rules.to_move(session.befores[i]) == 0 and i not in session.unasked)
    spans = [[int(k) for k in line.split(".")[0].split("–")] for line in lines
             if line[:1].isdigit()]
    # (from your own buys since your last turn on, every move is told, session 44; the
    # lines after your pass begin with the next move: your own pass is not repeated)
    assert own + 2 in [span[0] for span in spans], lines
    assert not any(span[0] <= own + 1 <= span[-1] for span in spans), lines


def test_a_list_scrolled_to_read_stays_through_passes_made_for_you(app, drive):
    """Scrolled up to read, the list went back to its end at a pass the table made for you
    ("No buys this deal") or the clock made, as at a move you chose (pt136): only your own
    choice brings it back now."""
    session = Session.new(GameConfig("telefunken", SEATS, 5, {}))
    rng = random.Random(2)
    while len(session.moves) < 40 or not (session.to_move == 0
                                           and "pass" in session.rules.legal_moves(session.state)
                                           and session.state.phase == "buy"):
        session.play(rng.choice(session.rules.legal_moves(session.state)))
    table = open_table(app, drive, session)
    table.log_scroll = 4
    table.session.play("pass", unasked=True)  # made for you by the table
    table._follow_log()
    assert table.log_scroll >= 4  # the lines read stay in place
    while not (table.session.to_move == 0 and table.session.state.phase == "buy"):
        table.session.play(rng.choice(table.session.rules.legal_moves(table.session.state)))
        table._follow_log()
    assert table.log_scroll > 4
    table.session.play("pass")  # chosen by you: the list to its end
    table._follow_log()
    assert table.log_scroll == 0
