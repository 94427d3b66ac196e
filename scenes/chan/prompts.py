"""What the Chắn player may do now, and why not, in words a player understands.

``prompt`` is derived from the moves that are legal now (never a fixed text per phase);
``why_not_take`` explains why the live card cannot be taken; ``player_words`` turns the
engine's refusals into sentences that name cards by their Tổ Tôm names and explain rules
without restriction numbers.
"""

from __future__ import annotations

import re

from game.rules import chan as rules

CODE = re.compile(r"\b([2-9][MSC]|CC)\b")
RESTRICTION = re.compile(r"\s*\(restriction \d\)")
WORDS = (
    ("answer with u, chiu or decline", "answer with Ù!, Chíu! or Decline"),
    ("(or declare u)", "(or declare Ù!)"),
    ("declare u ", "declare Ù! "),
)


def name(card: str) -> str:
    return rules.card_name(card)


def player_words(reason: str) -> str:
    """An engine refusal for a player: Tổ Tôm card names, no restriction numbers."""
    text = RESTRICTION.sub("", reason)
    for old, new in WORDS:
        text = text.replace(old, new)
    return CODE.sub(lambda m: name(m.group(1)), text)


def refusal(state, move: str) -> str:
    """Why ``move`` is not legal now, in player words ("" if it is legal)."""
    if move in rules.legal_moves(state):
        return ""
    try:
        rules.play(state, move)
    except ValueError as exc:
        return player_words(str(exc))
    return ""


def captures(legal: list[str]) -> list[str]:
    return [m for m in legal if m.startswith(("chan ", "ca "))]


def partner_of(move: str) -> str:
    verb, *cards = move.split()
    return cards[0] if verb == "chan" else cards[-1]


def why_not_take(state) -> str:
    """Why the seat to act cannot take the live card, in plain words."""
    seat, live = state.seat, state.live
    if live is None:
        return ""
    if state.dead[seat]:
        return "your hand is dead: it may only draw and pass"
    card = live.card
    hand = list(state.hands[seat])
    if card in hand:
        return refusal(state, f"chan {card}")
    if card == "CC":
        return "Chi Chi pairs only with another Chi Chi, and you hold none"
    same_rank = sorted({c for c in hand if c != "CC" and c[0] == card[0]})
    if not same_rank:
        return (f"nothing in your hand pairs with it: a Chắn needs another {name(card)}, "
                f"a Cạ another suit of the same rank")
    reasons = [refusal(state, f"ca {card} {partner}") for partner in same_rank]
    return "; ".join(dict.fromkeys(r for r in reasons if r))


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def prompt(state, legal: list[str]) -> str:
    """What the player to act may do now, built from ``legal`` (the legal moves)."""
    phase = state.phase
    can_win = "u" in legal
    chius = [m for m in legal if m.startswith("chiu")]
    takes = captures(legal)
    discards = [m for m in legal if m.startswith("discard ")]
    live = state.live
    card = name(live.card) if live is not None else ""
    parts: list[str] = []
    if can_win:
        parts.append("Ù! — your hand wins" + (f" with {card}" if live is not None else "")
                     + ": press Ù!")
    if chius:
        parts.append(f"Chíu! — you hold three {card}: press Chíu! to take it")
    if phase == "claim":
        parts.append("or Decline to let play go on" if parts else "Decline")
        return "; ".join(parts) + "."
    if discards:
        what = ("You are the dealer: discard a card onto your gate to start"
                if phase == "open" else "Discard a card onto your gate")
        parts.append(("or " + what[0].lower() + what[1:]) if parts else what)
        return "; ".join(parts) + " (drag it, or click it then the gate)."
    if live is None:
        return "; ".join(parts) + "." if parts else ""
    leave = ("Draw to leave it and reveal a stock card" if "draw" in legal
             else "Pass to leave it to the next seat" if "pass" in legal else "")
    if takes:
        partners = _join([name(partner_of(m)) + (" as a Chắn" if m.startswith("chan") else
                                                 " as a Cạ") for m in takes])
        parts.append(f"Take {card} with your {partners} (drag it onto that card, or click "
                     f"it then the card)")
    else:
        why = why_not_take(state)
        parts.append(f"You cannot take {card}: {why}" if why else f"You cannot take {card}")
    text = "; ".join(parts)
    if leave:
        text += f"; or {leave}." if takes else f". {leave}."
    return text if text.endswith(".") else text + "."
