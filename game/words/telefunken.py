"""Telefunken moves in the player's language for the move log: "Seat 2 bought 7♥ (4 chips
left)", "You added 9♦ to Seat 3's run 6♦ 7♦ 8♦".

``describe(before, move, names)`` plays the move on ``before`` and says what happened, one
translatable sentence per kind of move; cards as the table shows them, melds by whose they
are and what they hold (never by their number). Raises ValueError (the engine's
IllegalMove) when the move is not legal there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.card_words import join_list, pretty_cards
from game.i18n import N_, Y_, _, is_rtl, is_you, num, nY_
from game.rules import telefunken as rules

LRI, PDI = "\u2066", "\u2069"  # a left-to-right isolate inside a right-to-left sentence


def cards_text(codes: Sequence[str]) -> str:
    """Cards as the table shows them ("4♦ 5♦ 6♦"); in a right-to-left language kept as one
    left-to-right block, in the order the table lays them out."""
    text = pretty_cards(" ".join(codes))
    return f"{LRI}{text}{PDI}" if is_rtl() else text


_cards = cards_text

JOKERS = {1: N_("a joker"), 2: N_("two jokers"), 3: N_("three jokers"), 4: N_("four jokers")}


def card_list(codes: Sequence[str], counted: bool = False) -> str:
    """Cards named in a sentence as so many things (cards laid off or given back, the
    jokers kept at a cut), not a meld's cards in their order: as the table shows them
    ("7♥ 8♥") while no two are alike; identical cards (the pack holds every card twice,
    and four jokers) each named once with their number, the whole as the language lists
    things: "two jokers", "two J♣ and a joker" (it said "keeping joker joker").
    ``counted``: so even with no two alike ("a joker")."""
    counts = Counter(codes)
    if not counted and all(n == 1 for n in counts.values()):
        return cards_text(codes)
    return join_list(_counted(code, n) for code, n in counts.items())


def _counted(code: str, count: int) -> str:
    """``count`` cards ``code`` in words: "7♥", "two 7♥", "a joker", "three jokers"."""
    if code == rules.JOKER and count in JOKERS:
        return _(JOKERS[count])
    if count == 2:
        # TRANSLATORS: the two identical cards of the double pack ("two 7♥")
        return _("two {card}").format(card=cards_text([code]))
    return " ".join([cards_text([code])] * count)


def groups_text(groups: Sequence[Sequence[str]]) -> str:
    """Several groups of cards ("7♥ 7♦ 7♣  ·  4♦ 5♦ 6♦"); in a right-to-left language the
    whole list is one left-to-right block too, its groups in the order the table lays them
    out (the groups came out right to left, the second first), parted by a bar: the middle
    dot reads as the Persian zero "۰"."""
    text = ("  |  " if is_rtl() else "  ·  ").join(cards_text(g) for g in groups)
    return f"{LRI}{text}{PDI}" if is_rtl() and len(groups) > 1 else text


def with_stock_card(events) -> bool:
    """Did a buy among ``events`` bring its card from the stock (as every buy does, unless
    the stock ran out)?"""
    return any(isinstance(e, rules.CardDrawn) for e in events)


def bought_words(name: str, card: str, chips: int, extra: bool = True) -> str:
    """A buy in words (the move log, the table's banner); ``extra``: with the card from
    the stock that came with it."""
    you = is_you(name)
    if extra:
        text = nY_(you, "{name} bought {card} and a card from the stock ({count} chip left)",
                        "{name} bought {card} and a card from the stock ({count} chips left)",
                        chips)
    else:
        text = nY_(you, "{name} bought {card} ({count} chip left)",
                        "{name} bought {card} ({count} chips left)", chips)
    return text.format(name=name, card=cards_text([card]), count=num(chips))


def cut_words(name: str, lifted: int, kept: Sequence[str]) -> str:
    """A cut in words (the move log, the table's banner): "You cut 31 cards, keeping a
    joker"."""
    you = is_you(name)
    if kept:
        return Y_(you, "{name} cut {count} cards, keeping {cards}").format(
            name=name, count=num(lifted), cards=card_list(kept, counted=True))
    return Y_(you, "{name} cut {count} cards").format(name=name, count=num(lifted))


def _name(seat: int, names: Sequence[str]) -> str:
    if 0 <= seat < len(names):
        return str(names[seat])
    return _("Seat {number}").format(number=num(seat + 1))


def meld_words(meld, names: Sequence[str], mover: int | None = None) -> str:
    """A meld by whose it is and what it holds: "Seat 2's run 4♦ 5♦ 6♦", "your set 7♠ 7♥ 7♣";
    "their own set …" when ``mover``, the seat a sentence names first, owns it ("Seat 1 added
    10♦ to Seat 1's set" named it twice)."""
    owner = _name(meld.owner, names)
    shown = _cards(meld.cards)
    run = rules.group_kind(meld.cards) == "run"
    if is_you(owner):
        return (_("your run {cards}") if run else _("your set {cards}")).format(cards=shown)
    if mover == meld.owner:
        return (_("their own run {cards}") if run else _("their own set {cards}")).format(
            cards=shown)
    return (_("{owner}'s run {cards}") if run else _("{owner}'s set {cards}")).format(
        owner=owner, cards=shown)


def joker_stands_for(meld_cards: Sequence[str]) -> str | None:
    """The natural the joker of a run stands for ("8S"), or None (a set, or no joker)."""
    if rules.JOKER not in meld_cards or rules.group_kind(meld_cards) != "run":
        return None
    suit = rules.SUIT_OF[next(c for c in meld_cards if c != rules.JOKER)]
    return rules.card(rules.run_low(meld_cards) + list(meld_cards).index(rules.JOKER), suit)


def stands_text(stands: Sequence[str]) -> str:
    """The cards the jokers of some runs stand for, as a list ("6♥", "6♥ and 9♠")."""
    return join_list(cards_text([c]) for c in stands)


def joker_after(before, event) -> str | None:
    """What the joker of the run ``event`` (a ``LaidOff`` of a joker, a ``JokerSwapped``)
    left behind stands for once the move was made, worked out from ``before`` (the position
    the move was made in): the position after it may already be the next deal's (the move
    went out), with no meld on the table."""
    if not 0 <= event.meld < len(before.melds):
        return None
    run = list(before.melds[event.meld].cards)
    if rules.group_kind(run) != "run":
        return None
    if isinstance(event, rules.JokerSwapped):
        if rules.JOKER not in run:
            return None
        run[run.index(rules.JOKER)] = event.card
        grown = [rules.JOKER] + run if event.end == "low" else run + [rules.JOKER]
    elif rules.JOKER in event.cards and event.end in ("low", "high"):
        grown = list(event.cards) + run if event.end == "low" else run + list(event.cards)
    else:
        return None
    try:
        return joker_stands_for(grown)
    except (KeyError, ValueError, StopIteration):
        return None


def _melded_words(who: str, event) -> str:
    """A meld in words, and what each joker of its runs stands for: "You melded joker 7♥
    8♥ (the joker as 6♥)" (a joker in a set stands for the set's rank: nothing to say)."""
    you = is_you(who)
    groups = groups_text(event.groups)
    stands = [c for c in map(joker_stands_for, event.groups) if c is not None]
    if not stands:
        return (Y_(you, "{name} made the contract: {groups}") if event.contract
                else Y_(you, "{name} melded {groups}")).format(name=who, groups=groups)
    if event.contract:
        text = nY_(you, "{name} made the contract: {groups} (the joker as {cards})",
                        "{name} made the contract: {groups} (the jokers as {cards})",
                        len(stands))
    else:
        text = nY_(you, "{name} melded {groups} (the joker as {cards})",
                        "{name} melded {groups} (the jokers as {cards})", len(stands))
    return text.format(name=who, groups=groups, cards=stands_text(stands))


def _joined(names: list[str]) -> str:
    return _(", ").join(names)


def describe(before, move: str, names: Sequence[str]) -> str:
    """What ``move`` did, in a sentence of the current language."""
    _after, events = rules.play_events(before, move)
    who = _name(before.seat, names)
    you = is_you(who)
    text = ""
    for e in events:
        if isinstance(e, rules.BonusCard):
            text = _("{move}: an exact cut, and a bonus card").format(move=text)
        elif isinstance(e, rules.Cut):
            text = cut_words(who, e.lifted, e.kept)
        elif isinstance(e, rules.Exchanged) and not e.count:
            text = Y_(you, "{name} gave no card back").format(name=who)
        elif isinstance(e, rules.Exchanged):
            text = nY_(you, "{name} gave back {count} card", "{name} gave back {count} cards",
                            e.count).format(name=who, count=num(e.count))
        elif isinstance(e, rules.UpcardTaken):
            text = Y_(you, "{name} took the upcard {card}").format(name=who, card=_cards([e.card]))
        elif isinstance(e, rules.Bought):
            text = bought_words(who, e.card, e.chips, with_stock_card(events))
        elif isinstance(e, rules.Passed):
            text = Y_(you, "{name} did not buy {card}").format(name=who, card=_cards(before.discard[-1:]))
        elif isinstance(e, rules.Melded):
            text = _melded_words(who, e)
        elif isinstance(e, rules.LaidOff):
            meld = meld_words(before.melds[e.meld], names, e.seat)
            stands = joker_after(before, e)
            if stands is None:
                text = Y_(you, "{name} added {cards} to {meld}").format(
                    name=who, cards=card_list(e.cards), meld=meld)
            else:  # which card of the run the joker is: "…3♠…7♠ (the joker as 8♠)"
                text = Y_(you, "{name} added {cards} to {meld} (the joker as {card})").format(
                    name=who, cards=card_list(e.cards), meld=meld, card=_cards([stands]))
        elif isinstance(e, rules.JokerSwapped):  # ... and the card it stands for there
            stands = joker_after(before, e)
            text = (Y_(you, "{name} put {card} in place of the joker of {meld}; the joker went to "
                      "the low end as {joker}") if e.end == "low" else
                    Y_(you, "{name} put {card} in place of the joker of {meld}; the joker went to "
                      "the high end as {joker}")).format(
                name=who, card=_cards([e.card]), meld=meld_words(before.melds[e.meld], names, e.seat),
                joker=_cards([stands]) if stands else _("joker"))
        elif isinstance(e, rules.JokerFreed):
            text = Y_(you, "{name} freed the joker of {meld} with {cards}").format(
                name=who, meld=meld_words(before.melds[e.meld], names, e.seat),
                cards=card_list(e.cards))
        elif isinstance(e, rules.Discarded):
            text = Y_(you, "{name} discarded {card}").format(name=who, card=_cards([e.card]))
    if move.split()[0].lower() == "draw":
        if not any(isinstance(e, rules.CardDrawn) for e in events):
            text = Y_(you, "{name} found the stock empty once too often: the deal ends with nobody "
                     "out").format(name=who)
        elif any(isinstance(e, rules.StockRebuilt) for e in events):
            text = Y_(you, "{name} drew from a new stock (the discards, shuffled)").format(name=who)
        else:
            text = Y_(you, "{name} drew from the stock").format(name=who)
    if not text:
        text = pretty_cards(move)
    if any(isinstance(e, rules.WentOut) for e in events):
        text = Y_(you, "{move} and went out").format(move=text)
    over = [e for e in events if isinstance(e, rules.GameOver)]
    if over:
        winners = [_name(w, names) for w in over[0].result["winners"]]
        text = _("{move}; game over, won by {names}").format(move=text, names=_joined(winners))
    return text
