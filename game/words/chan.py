"""Chắn moves in the player's language, for the move log, and the words they share with the
table: cards by their Tổ Tôm names ("Ngũ Vạn", "Chi Chi", as printed on the cards and as
players say them), features by their Vietnamese names in every language, and a score's
arithmetic with the language's digits.

``describe(before, move, names)`` names the seat that moved (``names`` come translated), the
card, whose gate it came from and what it made ("a Chắn", "a Cạ"). The game's terms (Chắn,
Cạ, chíu, Ù, dịch, the features) stay Vietnamese in every language, as players use them.
Pure Python: no pygame.
"""

from __future__ import annotations

from game.i18n import _, is_you, num
from game.rules import chan as rules
from game.rules.chan.cards import RANK_NAMES
from game.rules.chan.hands import FEATURE_VALUES, PLAIN_SCORE, PLAIN_WIN

CHAN, CA = "Chắn", "Cạ"  # game terms: the same word in every language


NBSP = "\u00a0"


def card(face: str) -> str:
    """A card by its Tổ Tôm name: ``5M`` -> "Ngũ Vạn", ``CC`` -> "Chi Chi" (with a no-break
    space, so that a wrapped line never parts the two words of a name)."""
    return rules.card_name(face).replace(" ", NBSP)


def rank(face_or_rank: str | int) -> str:
    """A rank by its Tổ Tôm word ("Ngũ" for the fives)."""
    value = face_or_rank if isinstance(face_or_rank, int) else int(face_or_rank[0])
    return RANK_NAMES[value]


def kind(verb: str) -> str:
    """The pair a capture makes: "Chắn" (identical) or "Cạ" (same rank, other suit)."""
    return CHAN if verb == "chan" else CA


def feature(name: str) -> str:
    """A feature's Vietnamese name, its words kept on one line ("Ù chì", "Thập thành")."""
    return name.replace(" ", NBSP)


def arithmetic(found: list[str] | tuple[str, ...]) -> str:
    """The score's sum in the language's digits: "Lèo 5 + Ù chì dịch 1 = 6"."""
    real = [f for f in found if f != PLAIN_WIN]
    if not real:
        return feature(f"{PLAIN_WIN} {num(PLAIN_SCORE)}")
    if "Thập thành" in real:
        terms = [(name, FEATURE_VALUES[name][0]) for name in real]
    else:
        top = max(real, key=lambda n: FEATURE_VALUES[n][0])
        rest = list(real)
        rest.remove(top)
        terms = [(top, FEATURE_VALUES[top][0])] + [(f"{n} dịch", FEATURE_VALUES[n][1])
                                                   for n in rest]
    total = sum(value for _name, value in terms)
    text = " + ".join(feature(f"{name} {num(value)}") for name, value in terms)
    return f"{text} = {num(total)}" if len(terms) > 1 else text


def describe(before, move: str, names: list[str], config=None) -> str:
    """``move`` (legal in ``before``) in words for the log, in the current language.
    ``config`` is the table's setup (``GameConfig``), when known: between people set up to
    be asked their claims out of turn, a person's declined claim was seen by everyone.

    Raises ValueError (the engine's IllegalMove) when the move is not legal in ``before``.
    """
    names = list(names) + [_("Seat {number}").format(number=num(i + 1))
                           for i in range(len(names), 4)]
    _new, events = rules.play_events(before, move)
    seat = before.seat
    who = names[seat]
    you = is_you(who)
    verb, *cards = move.split()
    live = before.live

    if verb == "u":
        won = next(e for e in events if isinstance(e, rules.Won))
        return _won(won, who, you, names, live)
    if verb == "discard":
        disc = next(e for e in events if isinstance(e, rules.Discarded))
        face = card(disc.card)
        if disc.gate == seat:
            return (_("You discarded {card}") if you else
                    _("{seat} discarded {card}")).format(seat=who, card=face)
        owner = names[disc.gate]
        if is_you(owner):
            return _("{seat} discarded {card} into your gate").format(seat=who, card=face)
        return (_("You discarded {card} into {owner}'s gate") if you else
                _("{seat} discarded {card} into {owner}'s gate")).format(
            seat=who, card=face, owner=owner)
    if verb == "pass":
        return (_("You left {card} for the next seat") if you else
                _("{seat} left {card} for the next seat")).format(seat=who, card=card(live.card))
    if verb == "draw":
        shown = next((e for e in events if isinstance(e, rules.Revealed)), None)
        if shown is None:
            return (_("You passed and found the stock empty: the deal is a draw") if you else
                    _("{seat} passed and found the stock empty: the deal is a draw")).format(
                seat=who)
        if live is None:
            return (_("You (a dead hand) revealed {shown}") if you else
                    _("{seat} (a dead hand) revealed {shown}")).format(
                seat=who, shown=card(shown.card))
        return (_("You passed {card} and revealed {shown}") if you else
                _("{seat} passed {card} and revealed {shown}")).format(
            seat=who, card=card(live.card), shown=card(shown.card))
    if verb == "decline":
        # only a seat holding three of the card (or able to win on it) is asked: telling
        # that another seat declined would show its hand (an empty line is not told),
        # unless the screen went to that person to ask them, in front of everyone
        if not you:
            if not _asked_in_public(config, seat):
                return ""
            return _("{seat} declined the claim on {card}").format(
                seat=who, card=card(live.card))
        legal = rules.legal_moves(before)
        win = "u" in legal
        chiu = any(m.startswith("chiu ") for m in legal)
        if win and not chiu:
            return _("You did not win on {card}").format(card=card(live.card))
        if chiu and not win:
            return _("You did not chíu {card}").format(card=card(live.card))
        return _("You declined the claim on {card}").format(card=card(live.card))
    owner = names[live.gate]
    face = card(live.card)
    passed_on = live.gate == seat and live.source == "discard"  # (after a chíu out of turn,
    # the card the chíu-er discarded into this seat's gate: not one it turned up itself)
    if verb == "chiu":
        if passed_on:
            text = (_("You chíu'd {card} (discarded into your gate after a chíu)") if you else
                    _("{seat} chíu'd {card} (discarded into their gate after a chíu)"))
        elif live.gate == seat:
            text = (_("You chíu'd {card} from your own gate") if you else
                    _("{seat} chíu'd {card} from their own gate"))
        elif is_you(owner):
            text = _("{seat} chíu'd {card} from your gate")
        else:
            text = (_("You chíu'd {card} from {owner}'s gate") if you else
                    _("{seat} chíu'd {card} from {owner}'s gate"))
        return text.format(seat=who, card=face, owner=owner)
    partner = card(cards[0] if verb == "chan" else cards[1])
    if passed_on:
        text = (_("You took {card} (discarded into your gate after a chíu) with {partner}: "
                  "a {kind}") if you else
                _("{seat} took {card} (discarded into their gate after a chíu) with "
                  "{partner}: a {kind}"))
    elif live.gate == seat:
        text = (_("You took {card} from your own gate with {partner}: a {kind}") if you else
                _("{seat} took {card} from their own gate with {partner}: a {kind}"))
    elif is_you(owner):
        text = _("{seat} took {card} from your gate with {partner}: a {kind}")
    else:
        text = (_("You took {card} from {owner}'s gate with {partner}: a {kind}") if you else
                _("{seat} took {card} from {owner}'s gate with {partner}: a {kind}"))
    return text.format(seat=who, card=face, owner=owner, partner=partner, kind=kind(verb))


def _asked_in_public(config, seat: int) -> bool:
    """Was ``seat`` asked its claim out of turn in front of everyone: a person between
    people, at a table set up to ask ("Claims out of turn: Asked", ``scenes.chan.claims``)?"""
    if config is None or config.options.get("claims") != "ask":
        return False
    people = [i for i, s in enumerate(config.seats) if s.is_human]
    return len(people) > 1 and seat in people


def _won(won, who: str, you: bool, names: list[str], live) -> str:
    """A win in words: how it came and the score's arithmetic (which names each feature
    with its points: "Lèo 5 + Ù chì dịch 1 = 6")."""
    values = {"seat": who, "arithmetic": arithmetic(won.features)}
    if won.how == "heaven":
        text = (_("You declared Ù with the dealt hand: {arithmetic}") if you else
                _("{seat} declared Ù with the dealt hand: {arithmetic}"))
    elif won.how == "chiu":
        text = (_("You declared Ù right after the chíu of {card}: {arithmetic}")
                if you else
                _("{seat} declared Ù right after the chíu of {card}: {arithmetic}"))
    elif won.how == "own":
        text = (_("You declared Ù on {card} from your own gate: {arithmetic}")
                if you else
                _("{seat} declared Ù on {card} from their own gate: {arithmetic}"))
    else:
        other = names[live.gate]
        values["other"] = other
        if is_you(other):
            text = _("{seat} declared Ù on {card}, revealed by you: {arithmetic}")
        else:
            text = (_("You declared Ù on {card}, revealed by {other}: {arithmetic}")
                    if you else
                    _("{seat} declared Ù on {card}, revealed by {other}: {arithmetic}"))
    return text.format(card=card(won.card) if won.card else "", **values)
