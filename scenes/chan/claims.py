"""Between people at one screen, a Chắn claim out of turn is made for its person, unasked.

Asking would pass the screen to that person, and everyone at it would see who holds three
of the live card (or could win on it), where at a real table a player who lets the card go
says nothing; even asking the person the screen goes to next anyway told it, since the seat
to play (a computer) then waited for the answer instead of playing on (pt66). So a person
offered a claim out of their own turn is not asked: their win on the card is declared (or,
where it scores more, the chíu that wins, Chíu ù, after which they declare the win
themselves), else their chíu is made. A claim made is shown as any other; a claim nobody
makes leaves nothing to see. A claim offered to the seat whose turn comes next is asked as
always (everyone waits for that seat anyway). A game set up with "Claims out of turn: Asked"
(the table's option ``claims``: "ask") asks every claim, as against the computer, the
screen passed to the claimer: they may decline, and everyone sees who can claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.chan import Evaluator
from game.rules import chan as rules

SEATS = 4  # Chắn is always played by four


def next_person(humans: Sequence[int], seat: int) -> int:
    """The first person in turn order from ``seat`` (itself if a person)."""
    return min(humans, key=lambda h: (h - seat) % SEATS)


def screen_goes_to(state, humans: Sequence[int]) -> int | None:
    """While a claim out of turn is offered: the person the screen goes to as if it were
    not (the next person in turn from the seat whose ordinary turn comes after the
    claims); None outside such an offer or without people."""
    if not humans or state.phase != "claim" or state.resume is None:
        return None
    return next_person(humans, state.resume.seat)


def played_for(state, humans: Sequence[int]) -> str | None:
    """The claim made now for the person offered it, unasked (see the module), or None: no
    such offer, only one person at the screen, or the claim is offered to the seat whose
    turn comes next (then it is asked)."""
    if len(humans) < 2 or state.phase != "claim" or state.seat not in humans:
        return None
    if state.resume is None or state.seat == state.resume.seat:
        return None
    legal = rules.legal_moves(state)
    if "u" in legal:
        return Evaluator(rules.view(state, state.seat), "hard", legal).pick_win(legal)
    chius = [m for m in legal if m.startswith("chiu ")]
    return chius[0] if chius else None
