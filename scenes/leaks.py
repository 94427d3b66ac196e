"""Is any card of a concealed hand readable on the table? One check for every card table.

``hidden_card_leaks(scene)`` looks at what the render system would draw (card entities of
the scene's world that are visible, not transparent and face up) and compares it with the
rules state: every face-up copy of a card beyond what the person at the screen may see (the
public cards: gates, exposed groups, melds, piles, discards, shown cards; plus the viewer's
own hand while it is not covered) that is a card of another seat's concealed hand is a leak.
While the pass-the-screen cover is up nobody's hand may show, not even the viewer's: the
previous person is still at the screen. A finished game hides nothing; a table that still
shows the deal just ended (``ended_deal``, Zetema while that deal's summary is read) is
checked against that deal. While a computer's move waits out its lead (``shown_state``: its
panel still says "thinking" and none of its cards has moved), the cards public in the
position shown are public too (a Zetema computer's declared meld, still in the meld zone).

``ghost_cards(scene)`` lists face-up copies that are in no visible place and no hand at all
(a card drawn twice, a stale copy left behind by a re-sync).

Both work from the state and the drawn entities only (not from the table's own bookkeeping,
which is what a leak gets wrong), so tests and the random-input tool (tools/monkey.py) can
call them after any frame of any table. Tables without hidden hands (Zertz) report nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import esper

from ecs.components import CardFace, Sprite, Transform


def _chan_public(state) -> Counter:
    cards: Counter = Counter()
    for gate in state.gates:
        cards.update(gate)
    for groups in state.exposed:
        for group in groups:
            cards.update(group)
    return cards


def _telefunken_public(state) -> Counter:
    cards: Counter = Counter(state.discard)
    for meld in state.melds:
        cards.update(meld.cards)
    return cards


def _zetema_public(state) -> Counter:
    cards: Counter = Counter(state.marriage_pile)
    for pile in state.piles:
        cards.update(pile)
    cards.update(state.shown)
    return cards


PUBLIC: dict[str, Callable[[object], Counter]] = {
    "chan": _chan_public,
    "telefunken": _telefunken_public,
    "zetema": _zetema_public,
}


def drawn_face_up(scene) -> Counter:
    """Codes of the card entities of ``scene``'s world that are drawn face up, counted."""
    world = getattr(scene, "world", None)
    if world is None or not world.alive:
        return Counter()
    with world.active():
        out: Counter = Counter()
        for _, (face, sprite, t) in esper.get_components(CardFace, Sprite, Transform):
            if face.face_up and sprite.visible and t.alpha > 0.5 and t.squash > 0.01 and (
                    face.code not in ("", "back")):
                out[face.code] += 1
        return out


def _situation(scene):
    """(state, public Counter, hands, seat whose hand may show or None), or None."""
    key = getattr(scene, "game_key", None)
    rules = getattr(scene, "rules", None)
    if key not in PUBLIC or rules is None or not hasattr(scene, "viewer"):
        return None
    if scene.rules_module.result(rules.state) is not None:
        return None
    # a table may still show the deal that just ended (every card of it public, no hand)
    # while that deal's summary is read: the engine has dealt the next one already
    state = getattr(scene, "ended_deal", None) or rules.state
    viewer = None if getattr(scene, "curtain", False) else scene.viewer
    public = PUBLIC[key](state)
    shown = scene.shown_state() if hasattr(scene, "shown_state") and state is rules.state else state
    if shown is not state:  # a computer's move waits out its lead: the table still shows
        public |= PUBLIC[key](shown)  # the position before it, whose public cards all saw
    if key == "telefunken":
        public.update(bought_this_deal(scene, state))
    return state, public, [list(h) for h in state.hands], viewer


def bought_this_deal(scene, state) -> Counter:
    """Telefunken: the discards bought in this deal, seen by everyone as they were bought
    (a card a computer buys flies face up into its panel), in the buyers' hands since."""
    session = getattr(scene, "session", None)
    if session is None:
        return Counter()
    out: Counter = Counter()
    for before, move in zip(session.befores, session.moves):
        if getattr(before, "deal", None) != state.deal:
            continue
        if move.split()[0] in ("buy", "take") and before.discard:
            out[before.discard[-1]] += 1
    held = Counter(c for hand in state.hands for c in hand)
    return out & held


def _excess(scene) -> tuple[Counter, list[list[str]], int | None] | None:
    """Face-up copies beyond the public cards and the viewer's (uncovered) hand."""
    situation = _situation(scene)
    if situation is None:
        return None
    _, public, hands, viewer = situation
    allowed = Counter(public)
    if viewer is not None:
        allowed.update(hands[viewer])
    return drawn_face_up(scene) - allowed, hands, viewer


def hidden_card_leaks(scene) -> list[str]:
    """Every face-up drawn card that belongs to a concealed hand the viewer may not see.

    Each entry names the card and the seat(s) holding it, e.g. "5M of seat 2's hand"; an
    empty list means nothing hidden is readable.
    """
    found = _excess(scene)
    if found is None:
        return []
    extra, hands, viewer = found
    out = []
    for code, count in sorted(extra.items()):
        owners = [s for s, hand in enumerate(hands) if code in hand and s != viewer]
        if owners:
            whose = " or ".join(f"seat {s + 1}" for s in owners)
            out.append(f"{code} of {whose}'s hand" + (f" (x{count})" if count > 1 else ""))
    return out


def ghost_cards(scene) -> list[str]:
    """Face-up copies of cards that are in no public place and no hand (stale copies)."""
    found = _excess(scene)
    if found is None:
        return []
    extra, hands, viewer = found
    concealed = Counter()
    for s, hand in enumerate(hands):
        if s != viewer:
            concealed.update(hand)
    return [f"{code} (x{count})" for code, count in sorted((extra - concealed).items())]
