"""What the Chắn player may do now, and why not, in words a player understands.

``prompt`` is derived from the moves that are legal now (never a fixed text per phase): a
few whole sentences, each one translatable message. ``why`` says why a move is not legal,
in the table's own words (the same checks, in the same order, as the engine's reasons, but
naming cards by their Tổ Tôm names and the rules in plain words, never by number);
``why_not_take`` says why the live card cannot be taken; ``claim_answer`` what to answer a
claim offered out of turn (the claims offered, no others). ``player_words`` is the fallback
for an engine message the table has no words of its own for: card codes become names and
restriction numbers go.
"""

from __future__ import annotations

import re
from collections import Counter

from game.i18n import _, num
from game.rules import chan as rules
from game.rules.chan.cards import CHICHI, forms_ca, rank_of
from game.rules.chan.hands import holds_ca, waiting
from game.words.chan import card as name
from game.words.chan import rank
from scenes.chan.words import wins_hand

CODE = re.compile(r"\b([2-9][MSC]|CC)\b")
RESTRICTION = re.compile(r"\s*\(restriction \d\)")


def player_words(reason: str) -> str:
    """An engine message for a player: Tổ Tôm card names, no restriction numbers."""
    text = RESTRICTION.sub("", reason)
    return CODE.sub(lambda m: name(m.group(1)), text)


def captures(legal: list[str]) -> list[str]:
    return [m for m in legal if m.startswith(("chan ", "ca "))]


def partner_of(move: str) -> str:
    verb, *cards = move.split()
    return cards[0] if verb == "chan" else cards[-1]


# -- why a move is not legal ---------------------------------------------------------------

def _split(face: str) -> str:
    return _("That would split your pair of {card}: identical pairs stay together in your "
             "hand.").format(card=name(face))


def _taken_back(state, face: str) -> str:
    """Why the seat to act may not take ``face`` back: it discarded it, or used it in a Cạ."""
    seat = state.seat
    if face in state.discarded[seat]:
        return _("You discarded {card} earlier: you may not take it back.").format(
            card=name(face))
    ca = next((g for g in state.exposed[seat] if len(g) == 2 and g[0] != g[1]
               and g[1] == face), None)
    if ca is not None:
        return _("You used your {card} in a Cạ with {taken} earlier: you may not take it "
                 "back.").format(card=name(face), taken=name(ca[0]))
    return _("You discarded {card} earlier or used it in a Cạ: you may not take it back."
             ).format(card=name(face))


def _ca_rank_just_taken(state) -> int | None:
    """In the discard phase after a Cạ capture, the rank of that Cạ."""
    groups = state.exposed[state.seat]
    if state.phase == "discard" and groups and len(groups[-1]) == 2 and forms_ca(*groups[-1]):
        return rank_of(groups[-1][0])
    return None


def claim_answer(state, legal: list[str]) -> str:
    """In the claim phase, what to answer: only the claims offered (``legal``), and, for a
    chíu alone, the drag that makes it (with Ù beside it, that drag is the win)."""
    can_win = "u" in legal
    if any(m.startswith("chiu ") for m in legal):
        if can_win:
            return _("You are offered a claim on the live card: answer with Ù!, Chíu! or "
                     "Decline.")
        return _("Drop {card} onto one of your three, or press Chíu! (or Decline).").format(
            card=name(state.live.card))
    return _("You are offered a claim on the live card: answer with Ù! or Decline.")


def why(state, move: str) -> str:
    """Why ``move`` is not legal now, in the player's words ("" if it is legal)."""
    if state.phase == "over":
        return _("The deal is over.")
    legal = rules.legal_moves(state)
    if move in legal:
        return ""
    try:
        rules.play(state, move)
    except ValueError as exc:
        engine_reason = str(exc)
    else:
        return ""
    verb, *cards = move.split()
    phase, seat, live = state.phase, state.seat, state.live
    hand = Counter(state.hands[seat])
    bans = state.bans[seat]
    if state.dead[seat] and verb not in ("draw", "pass"):
        return _("Your hand is dead: it may only reveal stock cards and pass.")
    if phase == "claim" and verb not in ("u", "chiu", "decline"):
        return claim_answer(state, legal)
    if phase == "open" and verb not in ("discard", "u"):
        return _("You are the dealer: start by discarding a card onto your gate.")
    if phase == "discard" and verb not in ("discard", "u"):
        return _("Now discard a card onto your gate.")
    if verb == "decline":
        return _("There is no claim to decline.")
    if verb == "draw":
        return _("You have already revealed a card: take it, or pass.")
    if verb == "pass":
        return _("To leave the live card, reveal a stock card (Draw).")
    if verb == "u":
        if phase == "discard":
            return _("You can declare Ù here only right after a chíu that completes your hand.")
        if phase == "open":
            return _("Your dealt hand does not win (no Thiên ù).")
        if live is not None and live.source != "stock":
            return _("You cannot win on a discard: only on a card revealed from the stock, or "
                     "right after a chíu.")
        if live is not None:
            return _("{card} does not complete a winning hand for you.").format(
                card=name(live.card))
    if verb == "discard" and len(cards) == 1 and cards[0] in rules.FACES:
        face = cards[0]
        if phase not in ("open", "discard"):
            return _("You discard only after taking a card (or as the dealer, to start).")
        if not hand[face]:
            return _("You do not hold {card}.").format(card=name(face))
        if hand[face] % 2 == 0:
            return _split(face)
        if face in bans.no_discard:
            return _("You let {card} go by when you could take it as a Chắn: you may no "
                     "longer discard it.").format(card=name(face))
        taken = _ca_rank_just_taken(state)
        if taken is not None and rank_of(face) == taken:
            return _("You have just taken a Cạ of {rank}: you may not discard a {rank} card "
                     "this turn.").format(rank=rank(taken))
        return _("You cannot discard {card} now.").format(card=name(face))
    if verb in ("chan", "ca", "chiu") and cards and live is not None and all(
            c in rules.FACES for c in cards):
        face = cards[0]
        if face != live.card:
            return _("The live card is {live}, not {card}.").format(live=name(live.card),
                                                                   card=name(face))
        if verb == "chiu":
            if hand[face] != 3:
                return _("You need three {card} in your hand to chíu.").format(card=name(face))
            if face in bans.no_take:
                return _taken_back(state, face)
            return _("After a chíu on {card} you would have no card you may discard.").format(
                card=name(face))
        if verb == "ca" and len(cards) == 2:  # a card that cannot pair with it at all: that
            partner = cards[1]  # first (not a ban on the live card)
            if CHICHI in (face, partner):
                return _("Chi Chi makes no Cạ: it pairs only with another Chi Chi.")
            if not forms_ca(face, partner):
                return _("{card} and {partner} make no Cạ: a Cạ is two cards of the same rank "
                         "in different suits.").format(card=name(face), partner=name(partner))
        if face in bans.no_take:
            return _taken_back(state, face)
        if verb == "chan":
            if not hand[face]:
                return _("You hold no {card} to make a Chắn with.").format(card=name(face))
            return _("After taking {card} as a Chắn you would have no card you may discard."
                     ).format(card=name(face))
        if len(cards) == 2:
            partner = cards[1]
            if not hand[partner]:
                return _("You do not hold {card}.").format(card=name(partner))
            if hand[face]:
                return _("You hold {card} yourself: you must take it as a Chắn.").format(
                    card=name(face))
            if hand[partner] % 2 == 0:
                return _split(partner)
            for f in (face, partner):
                if f in bans.no_discard:
                    return _("You let {card} go by when you could take it as a Chắn: you may "
                             "no longer use it in a Cạ.").format(card=name(f))
            value = rank_of(face)
            if holds_ca(hand, value):
                return _("Your hand already holds a Cạ of {rank}: you may not take another."
                         ).format(rank=rank(value))
            if waiting(hand):
                if live.source != "stock":
                    return _("Your hand waits for one last card: it may not take a Cạ, it can "
                             "only win on a stock card.")
                if "u" in legal:  # (the table makes that gesture the win: ``ChanTable``)
                    return wins_hand(face)
                return _("Your hand waits for one last card: it may not take a Cạ, and {card} "
                         "does not complete it.").format(card=name(face))
            if value in bans.no_ca:
                return _("You have discarded two suits of {rank}: you may not take a Cạ of "
                         "{rank} any more.").format(rank=rank(value))
            return _("After that Cạ you would have no card you may discard.")
    return player_words(engine_reason)


def why_not_take(state) -> str:
    """Why the seat to act cannot take the live card, in plain words ("" if it can)."""
    seat, live = state.seat, state.live
    if live is None:
        return ""
    if state.dead[seat]:
        return _("Your hand is dead: it may only reveal stock cards and pass.")
    if state.phase == "claim":  # (it can: the chíu or Ù offered takes it)
        return ""
    face = live.card
    hand = list(state.hands[seat])
    if face in hand:
        return why(state, f"chan {face}")
    if face == CHICHI:
        return _("Chi Chi pairs only with another Chi Chi, and you hold none.")
    same_rank = sorted({c for c in hand if c != CHICHI and c[0] == face[0]})
    if not same_rank:
        return _("Nothing in your hand pairs with it: a Chắn needs another {card}, and a Cạ "
                 "needs a {rank} of another suit.").format(card=name(face), rank=rank(face))
    # one sentence per rule: two partners refused by the same rule need it said once
    reasons: dict[str, str] = {}
    for partner in same_rank:
        reason = why(state, f"ca {face} {partner}")
        if reason:
            reasons.setdefault(reason.replace(name(partner), "…"), reason)
    return " ".join(reasons.values())


# -- the prompt ----------------------------------------------------------------------------

def leave_warning(state, legal: list[str]) -> str:
    """What leaving the live card costs, when the seat could take it as a Chắn and may leave
    it (restriction 3: its own copy may then be neither discarded nor used in a Cạ; a
    newcomer left it and learnt so only when they tried to discard it, pt161); else ""."""
    takes = captures(legal)
    live = state.live
    if live is None or not takes or not takes[0].startswith("chan ") or not (
            "draw" in legal or "pass" in legal):
        return ""
    return _("Left, your {card} may no longer be discarded or used in a Cạ.").format(
        card=name(live.card))


def _take(takes: list[str], live: str, alternative: bool = False) -> str:
    """The sentence that offers the legal captures of ``live``; ``alternative``: "Or take
    …", after a sentence offering another choice (Ù!, Chíu!: the two read as if both were
    to be done, pt101)."""
    card = name(live)
    if takes[0].startswith("chan "):
        return (_("Or take {card} with your {partner} as a Chắn: drag it onto that card, or "
                  "click it, then the card.") if alternative else
                _("Take {card} with your {partner} as a Chắn: drag it onto that card, or click "
                  "it, then the card.")).format(card=card, partner=name(live))
    partners = [name(partner_of(m)) for m in takes]
    if len(partners) == 1:
        return (_("Or take {card} with your {partner} as a Cạ: drag it onto that card, or "
                  "click it, then the card.") if alternative else
                _("Take {card} with your {partner} as a Cạ: drag it onto that card, or click "
                  "it, then the card.")).format(card=card, partner=partners[0])
    return (_("Or take {card} with your {first} or your {second} as a Cạ: drag it onto one "
              "of them, or click it, then the card.") if alternative else
            _("Take {card} with your {first} or your {second} as a Cạ: drag it onto one of "
              "them, or click it, then the card.")).format(card=card, first=partners[0],
                                                            second=partners[-1])


def discard_gate(state) -> int:
    """The gate a discard goes to now: the discarding seat's own, or, after a chíu out of
    turn, the gate of the seat whose card was claimed (the discard takes its place)."""
    if state.phase == "discard" and state.resume is not None:
        return state.resume.gate
    return state.seat


def prompt(state, legal: list[str], gate_owner: str = "") -> str:
    """What the player to act may do now, built from ``legal`` (the legal moves);
    ``gate_owner`` names the seat whose gate a discard after a chíu out of turn goes to."""
    phase = state.phase
    live = state.live
    card = name(live.card) if live is not None else ""
    can_win = "u" in legal
    chiu = any(m.startswith("chiu") for m in legal)
    takes = captures(legal)
    discards = any(m.startswith("discard ") for m in legal)
    out: list[str] = []
    if can_win:
        if phase == "open":
            out.append(_("Your dealt hand wins (Thiên ù): press Ù!"))
        elif phase == "discard" or live is None:
            out.append(_("Your hand wins after the chíu: press Ù!"))
        else:
            out.append(_("Your hand wins with {card}: press Ù!").format(card=card))
    if chiu and can_win:  # (the other choice to Ù!; a drag makes the win: see the table)
        out.append(_("Or press Chíu! to claim it: you hold three {card}.").format(card=card))
    elif chiu and takes:  # (a drag makes the capture)
        out.append(_("You hold three {card}: press Chíu! to claim it.").format(card=card))
    elif chiu:
        out.append(_("You hold three {card}: press Chíu! (or drag it onto them) to claim "
                     "it.").format(card=card))
    if phase == "claim":
        out.append(_("Or press Decline to let play go on."))
        return " ".join(out)
    if discards:  # (after "press Ù!" the discard is the other choice: "Or discard ...")
        seat = gate_owner or _("Seat {number}").format(number=num(discard_gate(state) + 1))
        if phase == "open":
            out.append(_("Or discard a card onto your gate to play on (drag it, or click it, "
                         "then the gate).") if can_win else
                       _("You are the dealer: discard a card onto your gate to start (drag it, "
                         "or click it, then the gate)."))
        elif discard_gate(state) != state.seat:
            # ("the chíu'd card": one made for the person unasked was not theirs to claim, pt83)
            out.append((_("Or discard a card onto {seat}'s gate: it takes the place of the "
                          "chíu'd card (drag it, or click it, then that gate).") if can_win else
                        _("Discard a card onto {seat}'s gate: it takes the place of the chíu'd "
                          "card (drag it, or click it, then that gate).")).format(seat=seat))
        else:
            out.append(_("Or discard a card onto your gate (drag it, or click it, then the "
                         "gate).") if can_win else
                       _("Discard a card onto your gate (drag it, or click it, then the gate)."))
        return " ".join(out)
    if live is None:
        return " ".join(out)
    if takes:
        out.append(_take(takes, live.card, alternative=bool(out)))
        if "draw" in legal and not state.stock:  # (it promised a stock card that was not
            out.append(_("Or press Draw to leave it: the stock is empty, so the deal ends "
                         "in a draw."))  # there: Draw ended the deal)
        elif "draw" in legal:
            out.append(_("Or press Draw to leave it and reveal a stock card."))
        elif "pass" in legal:
            out.append(_("Or press Pass to leave it for the next seat."))
        return " ".join(out)
    if not chiu and not can_win:
        out.append(_("You cannot take {card}.").format(card=card))
        reason = why_not_take(state)
        if reason:
            out.append(reason)
    if "draw" in legal and not state.stock:
        out.append(_("Press Draw to leave it: the stock is empty, so the deal ends in a draw."))
    elif "draw" in legal:
        out.append(_("Press Draw to leave it and reveal a stock card."))
    elif "pass" in legal:
        out.append(_("Press Pass to leave it for the next seat."))
    return " ".join(out)
