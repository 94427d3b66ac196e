"""The Chắn table's other sentences, in the current language: the buttons, hints, the
banners that announce a chíu, a win or an empty stock, the refusals of gestures that are no
move at all (and of Undo after your chíu), and the titles of the end screen. Prompts and the
reasons a move is illegal live in ``prompts``; the seat panels and the end screen's lines in
``panels``."""

from __future__ import annotations

from game.i18n import N_, NP_, _, npgettext, num, pgettext
from game.words.chan import CA, CHAN, card

BUTTONS = {"u": NP_("chan", "Ù!"), "chiu": NP_("chan", "Chíu!"), "decline": NP_("chan", "Decline"),
           "pass": NP_("chan", "Pass"), "draw": NP_("chan", "Draw")}
GROUPS = {"pairs": N_("Group: pairs"), "rank": N_("Group: rank"), "suit": N_("Group: suit")}


def button(move: str) -> str:
    """The label of the button that plays ``move`` (u, chiu X, decline, pass, draw)."""
    return pgettext("chan", BUTTONS[move.split()[0]])


def group_button(mode: str) -> str:
    return _(GROUPS[mode])


def claim_cover(seat: str) -> str:
    """The cover over a person asked a claim out of turn (another seat's turn stands)."""
    return _("{seat}: a claim out of turn is yours to answer; click here to see your "
             "cards").format(seat=seat)


def hint(move: str, live: str | None) -> str:
    """The hinted move in words (every kind of move, with or without cards)."""
    verb, *cards = move.split()
    if verb == "discard" and cards:
        return _("Hint: discard {card}.").format(card=card(cards[0]))
    if verb == "chan" and cards:
        return _("Hint: take the live card with your {card} as a Chắn.").format(
            card=card(cards[0]))
    if verb == "ca" and cards:
        return _("Hint: take the live card with your {card} as a Cạ.").format(
            card=card(cards[-1]))
    if verb == "chiu":
        face = cards[0] if cards else live
        if face:
            # (by the button: on your own turn a drag onto your three is the capture, and
            # a newcomer dragged as the outlined cards seemed to ask, pt114)
            return _("Hint: chíu — press Chíu! to claim {card} with the three of it in your "
                     "hand.").format(card=card(face))
        return _("Hint: chíu.")
    if verb in PRESS:  # in the words of the prompt: the button to press, by its label
        sentence = _(PRESS[verb]).rstrip(". ")
        return _("Hint: {move}.").format(move=sentence[:1].lower() + sentence[1:])
    words = {"u": N_("Hint: declare Ù!"), "decline": N_("Hint: decline the claim.")}
    return _(words[verb]) if verb in words else _("Hint: {move}.").format(move=move)


# the prompt's sentence (``prompts``) for a hinted draw or pass: it names the button ("draw"
# is "pass it and reveal a stock card" in the rules' words, but the button says Draw; the
# hint to pass said "leave the card for the next seat" beside a button saying Pass, pt161)
PRESS = {"draw": N_("Press Draw to leave it and reveal a stock card."),
         "pass": N_("Press Pass to leave it for the next seat.")}


def chiu_banner(who: str, you: bool, face: str, owner: str, own: bool, owner_you: bool,
                passed_on: bool = False) -> str:
    """"Chíu! Seat 2 takes Ngũ Vạn from your gate": who claimed what, from whose gate
    (``passed_on``: a chíu-er's discard into the claimer's own gate, not the claimer's)."""
    c = card(face)
    if own and passed_on:  # ("from their own gate" read as their own discard, pt138; the
        # move list says how it came there)
        text = (_("Chíu! You take {card} from your gate") if you else
                _("Chíu! {seat} takes {card} from their gate"))
    elif own:
        text = (_("Chíu! You take {card} from your own gate") if you else
                _("Chíu! {seat} takes {card} from their own gate"))
    elif owner_you:
        text = _("Chíu! {seat} takes {card} from your gate")
    else:
        text = (_("Chíu! You take {card} from {owner}'s gate") if you else
                _("Chíu! {seat} takes {card} from {owner}'s gate"))
    return text.format(seat=who, card=c, owner=owner)


def win_banner(who: str, you: bool) -> str:
    return _("Ù! You win") if you else _("Ù! {seat} wins").format(seat=who)


def made_for(banner: str) -> str:
    """A claim's banner where the table made it for its person unasked (between people):
    they found it made over their cover (pt74)."""
    return _("{banner} (made for them)").format(banner=banner)


def stock_empty() -> str:
    return _("The stock is empty: the deal is a draw")


def wait_turn() -> str:
    return _("Wait for your turn.")


def deal_over() -> str:
    return _("The deal is over.")


def discard_on_gate() -> str:
    return _("Drop a card on your gate to discard it.")


def chiu_not_undone(seat: str | None = None) -> str:
    """Undo pressed right after your own chíu; between people (``seat``: the claimer's
    name) whoever presses it may not be the one who made it (a chíu made unasked)."""
    if seat is not None:
        return _("Nothing to undo: {seat}'s chíu showed three cards of that hand to "
                 "everyone, so it cannot be taken back.").format(seat=seat)
    return _("Nothing to undo: a chíu shows three cards of your hand to everyone, so it "
             "cannot be taken back.")


def left_not_undone(seat: str, face: str) -> str:
    """Undo pressed after a computer left a card for the next seat (since your last move)."""
    return _("Nothing to undo: {seat} left {card} for the next seat, which tells something "
             "of its hand, so it cannot be taken back.").format(seat=seat, card=card(face))


def take_with(live: str, face: str, chan: bool) -> str:
    """A card of your hand that takes the live card, clicked again once chosen."""
    return _("Your {card} takes {live} as a {pair}: click the live card, or drag your card "
             "onto it.").format(card=card(face), live=card(live), pair=CHAN if chan else CA)


def chiu_with(live: str) -> str:
    """One of your three of the live card, clicked again once chosen (a chíu is offered)."""
    return _("Your three {card} claim the live one: click it, drag your card onto it, or "
             "press Chíu!").format(card=card(live))


def cannot_move() -> str:
    return _("That card cannot be moved.")


def drop_live_on_partner(face: str) -> str:
    return _("Drop {card} on the card of your hand it pairs with.").format(card=card(face))


def wins_hand(face: str) -> str:
    """The live card would win your hand (Ù is legal): a gesture that tries to take it
    another way, or that puts it nowhere, says so."""
    return _("{card} wins your hand: press Ù! (or U).").format(card=card(face))


def older_gate_card(face: str) -> str:
    """A gate card pressed that is not the live card (discarded, or turned up from the stock
    and left: "was discarded earlier" was untrue of those, pt93)."""
    return _("{card} is no longer live: only the live card (marked “live card”) can be "
             "taken.").format(card=face)


def cannot_take_now(face: str) -> str:
    return _("You cannot take {card} now.").format(card=card(face))


def cannot_take(face: str) -> str:
    return _("You cannot take {card}.").format(card=card(face))


def to_play(who: str) -> str:
    if who == _("You"):  # (your move still landing: "You to play…" is not English)
        return _("Your turn…")
    return _("{seat} to play…").format(seat=who)


def lift_cover(seat: int) -> str:
    return _("Seat {number}: lift the cover to see your cards.").format(number=num(seat + 1))


def stock(count: int) -> str:
    return _("Stock · {count}").format(count=num(count))


def gate_label(mine: bool) -> str:
    return _("Your gate") if mine else _("Gate")


def pairs_label(mine: bool) -> str:
    return _("Your pairs shown") if mine else _("Pairs shown")


def result_title(who: str | None, you: bool) -> str:
    if who is None:
        return _("A draw")
    return _("You win — Ù!") if you else _("{seat} wins — Ù!").format(seat=who)


def draw_subtitle() -> str:
    return _("The stock ran out: nobody pays.")


def result_header() -> list[str]:
    return [_("Player"), _("Points"), _("Settlement")]


def seat_with_level(name: str, level: str) -> str:
    return _("{seat} ({level})").format(seat=name, level=level)


def discard_after_chiu(owner: str) -> str:
    """A discard dropped on your own gate after a chíu out of turn."""
    return _("After a chíu your discard goes to {seat}'s gate, in place of the chíu'd "
             "card.").format(seat=owner)


def sitting_total(n: int) -> str:
    """The heading of the running settlements after ``n`` games: a game of Chắn is one deal
    (in Vietnamese a "ván", not the "trận" of the other games, pt101; in English "deals", as
    its rules say, pt123)."""
    return npgettext("chan", "Total, {n} deal", "Total, {n} deals", n).format(n=num(n))


def play_again() -> str:
    """The results' button for the next game: the next deal, a "ván" in Vietnamese (pt101)."""
    return pgettext("chan", "Play again")
