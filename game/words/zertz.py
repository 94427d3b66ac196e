"""Zertz moves in the player's language, for the move log: "Red took the grey marble on d4".

Rings are named as the board labels them (column letter a–g, then the row number within
the column: d4), the same in every language, like chess squares; marble colours and seat
names are translated. Pure Python (no pygame): the table's sentences that name colours use
``colour_word`` from here too.
"""

from __future__ import annotations

from game.i18n import N_, _
from game.rules import zertz as rules

COLOUR_WORDS = {
    # TRANSLATORS: a marble's colour inside a sentence ("the white marble on d4")
    "white": N_("white"),
    "grey": N_("grey"),
    "black": N_("black"),
}


def colour_word(colour: str) -> str:
    """A marble colour in the current language, as it stands inside a sentence."""
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def ring_list(rings: list[str]) -> str:
    """Several ring names in a row: "c5, d6, e5" (the separator as the language writes it)."""
    # TRANSLATORS: the separator between ring names in a list ("c5, d6, e5")
    return _(", ").join(rings)


def describe(before: rules.State, move: str, names: list[str]) -> str:
    """``move`` played in ``before`` in words, from the mover's side, ``names`` the seats'
    names (already in the player's language). Raises ValueError on an illegal move."""
    state, events = rules.play_events(before, move)
    # the seat names are the catalogue's colour words ("Red"): translated here as well, in
    # case they come in English (translating a translated name gives it back unchanged)
    name = _(names[before.seat] if before.seat < len(names) else rules.SEAT_NAMES[before.seat])
    verb, _sep, ring = move.strip().partition(" ")
    ring = ring.strip()
    if verb == "pass":
        return _("{name} passed").format(name=name)
    if verb == "place":
        return _("{name} placed a piece on {ring}").format(name=name, ring=ring)
    if verb == "put":
        return _("{name} put the {colour} marble on {ring}").format(
            name=name, colour=colour_word(before.bag[0]), ring=ring)
    colour = colour_word(before.marbles[ring])
    removed = [e.ring for e in events if isinstance(e, rules.RingRemoved)]
    if not removed:
        return _("{name} took the {colour} marble on {ring}").format(
            name=name, colour=colour, ring=ring)
    if len(removed) == 1:
        return _("{name} took the {colour} marble on {ring} — ring {removed} removed").format(
            name=name, colour=colour, ring=ring, removed=removed[0])
    return _("{name} took the {colour} marble on {ring} — rings {removed} removed").format(
        name=name, colour=colour, ring=ring, removed=ring_list(removed))
