"""Zetema in the player's language: cards as the table shows them (7♠), combinations named by
kind and cards, score-sheet reasons and the move log (``describe``).

Pure Python (no pygame): the table's words (``scenes.zetema.words``) build on the phrases
here. Every sentence is one message of the catalogue with named placeholders, read with
``_()`` when it is needed, so a change of language shows at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from game.card_words import LRI, PDI, card_text  # noqa: F401 - LRI, PDI: the isolates, for callers
from game.i18n import N_, Y_, _, is_you, ngettext, num
from game.rules import zetema as rules

RANK_PLURALS = (N_("aces"), N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"),
                N_("sevens"), N_("eights"), N_("nines"), N_("tens"), N_("jacks"), N_("queens"),
                N_("kings"))
"""The ranks as a player names a pile or a zetema of them, in ``rules.RANKS`` order."""

KIND_TITLES = {"straight": N_("Straight"), "flush": N_("Flush"),
               "straightflush": N_("Straight flush"), "assembly": N_("Assembly"),
               "marriage": N_("Marriage")}
"""Each kind of combination as a title (the meld zone, buttons, the score sheet)."""

KIND_NAMES = {"straight": N_("straight"), "flush": N_("flush"),
              "straightflush": N_("straight flush"), "assembly": N_("assembly"),
              "marriage": N_("marriage")}
"""Each kind as a word inside a sentence ("After your straight, ...")."""

_REASON = re.compile(r"^(zetema|assembly) of (\w+)$|^(\d+) marriages$")


def card(code: str) -> str:
    """A card as the table shows it: "7S" -> "7♠" (a pile token loses its ``@pile``); in a
    right-to-left language kept left to right ("7♠", not "♠7") by an isolate."""
    return card_text(code.removesuffix(rules.PILE))


def pile_card(code: str) -> str:
    """A card named with the pile it comes from: "K♦ (from the K pile)" (a pile token
    ``KD@pile``; a card of the hand is named as it is)."""
    if not code.endswith(rules.PILE):
        return card(code)
    plain = code.removesuffix(rules.PILE)
    # TRANSLATORS: a king or queen taken back from its discard pile for a marriage; {rank} is
    # the pile's letter as printed over it (K or Q)
    return _("{card} (from the {rank} pile)").format(card=card(plain), rank=plain[:-1])


def cards(codes: Iterable[str]) -> str:
    """Cards as the table shows them, separated by spaces; a card taken from a pile says
    which: "K♦ (from the K pile)"."""
    return " ".join(pile_card(c) for c in codes)


def marriage_pairs(tokens: Sequence[str]) -> list[str]:
    """Each marriage of ``tokens`` as its king and its queen, the one taken from a pile
    saying which: "K♦ (from the K pile) and Q♦" (kings and queens paired by suit, in the
    order of the kings; a card left without a partner is named alone)."""
    queens = [t for t in tokens if t.removesuffix(rules.PILE)[:-1] == "Q"]
    pairs = []
    for token in tokens:
        code = token.removesuffix(rules.PILE)
        if code[:-1] != "K":
            continue
        queen = next((q for q in queens if q.removesuffix(rules.PILE)[-1] == code[-1]), None)
        if queen is None:
            pairs.append(pile_card(token))
            continue
        queens.remove(queen)
        # TRANSLATORS: one marriage: a king and the queen of its suit
        pairs.append(_("{king} and {queen}").format(king=pile_card(token),
                                                     queen=pile_card(queen)))
    return pairs + [pile_card(q) for q in queens]


def marriages_phrase(tokens: Sequence[str]) -> str:
    """Marriages as a noun phrase, pair by pair: "a marriage of K♦ (from the K pile) and Q♦",
    "2 marriages: K♠ and Q♠; K♥ and Q♥"."""
    pairs = marriage_pairs(tokens)
    listed = pairs[0] if pairs else ""
    for pair in pairs[1:]:
        # TRANSLATORS: between two marriages listed one after the other ("K♠ and Q♠; K♥ and Q♥")
        listed = _("{pairs}; {pair}").format(pairs=listed, pair=pair)
    n = max(1, len(pairs))
    return ngettext("a marriage of {pairs}", "{count} marriages: {pairs}", n).format(
        count=num(n), pairs=listed)


def rank_plural(rank: str | int) -> str:
    """"sevens", "kings" (``rank`` as in ``rules.RANKS`` or its index)."""
    index = rules.RANK_INDEX[rank] if isinstance(rank, str) else rank
    return _(RANK_PLURALS[index])


def kind_title(kind: str) -> str:
    return _(KIND_TITLES.get(kind, kind))


def kind_name(kind: str) -> str:
    return _(KIND_NAMES.get(kind, kind))


def meld_phrase(kind: str, tokens: Sequence[str]) -> str:
    """The combination as a noun phrase naming its cards: "a straight (2♥ 3♠ 4♦ 5♣ 6♥ 7♥)",
    "a marriage of K♦ (from the K pile) and Q♦"."""
    if kind == "marriage":
        return marriages_phrase(tokens)
    shown = cards(tokens)
    if kind == "assembly":
        rank = rules.CARD_RANK[tokens[0].removesuffix(rules.PILE)] if tokens else 0
        return _("an assembly of {rank} ({cards})").format(rank=rank_plural(rank), cards=shown)
    phrases = {"straight": N_("a straight ({cards})"), "flush": N_("a flush ({cards})"),
               "straightflush": N_("a straight flush ({cards})")}
    return _(phrases[kind]).format(cards=shown)


def score_reason(reason: str) -> str:
    """A scoring event's reason from the engine ("zetema of sevens", "2 marriages",
    "straight flush") as the score sheet writes it in the current language."""
    match = _REASON.match(reason)
    if match and match.group(1):
        word = match.group(2)
        rank = rules.RANK_PLURALS.index(word) if word in rules.RANK_PLURALS else None
        if rank is not None:
            what = (N_("Zetema of {rank}") if match.group(1) == "zetema"
                    else N_("Assembly of {rank}"))
            return _(what).format(rank=rank_plural(rank))
    if match and match.group(3):
        n = int(match.group(3))
        return ngettext("{count} marriage", "{count} marriages", n).format(count=num(n))
    kind = {"straight flush": "straightflush"}.get(reason, reason)
    return kind_title(kind) if kind in KIND_TITLES else reason


def _who(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return _("Seat {number}").format(number=num(seat + 1))


def discarded_only(before: rules.State, move: str, names: Sequence[str] | None = None) -> str:
    """A discard in words without what it made ("You discarded 7♠"): what the meld zone says
    while a zetema's card is on its way (the zetema comes with its banner as the card lies
    on its pile; the zone told it first, pt154)."""
    events = rules.play_events(before, move)[1]
    discarded = next(e for e in events if isinstance(e, rules.Discarded))
    who = _who(before.seat, names)
    return Y_(is_you(who), "{player} discarded {card}").format(player=who,
                                                               card=card(discarded.card))


def describe(before: rules.State, move: str, names: Sequence[str] | None = None) -> str:
    """The move in words for the move log, in the current language, cards as shown:
    "You discarded 7♠: zetema of sevens, 5 points — another turn".

    Raises ValueError (the engine's IllegalMove) when ``move`` is not legal in ``before``.
    """
    after, events = rules.play_events(before, move)
    who = _who(before.seat, names)
    you = is_you(who)
    over = next((e for e in events if isinstance(e, rules.GameOver)), None)
    score = num(over.result["scores"][before.seat]) if over is not None else ""
    melded = next((e for e in events if isinstance(e, rules.Melded)), None)
    if melded is not None:
        meld = rules.classify(move.split()[2:])
        tokens = meld.cards if meld is not None else melded.cards
        text = Y_(you, "{player} declared {meld} for {points} points").format(
            player=who, meld=meld_phrase(melded.kind, tokens), points=num(melded.points))
        if over is not None:
            text = Y_(you, "{move} — game won with {score} points").format(move=text, score=score)
        return text
    discarded = next(e for e in events if isinstance(e, rules.Discarded))
    zetema = next((e for e in events if isinstance(e, rules.Zetema)), None)
    shown = card(discarded.card)
    if zetema is None:
        return Y_(you, "{player} discarded {card}").format(player=who, card=shown)
    values = {"player": who, "card": shown, "rank": rank_plural(zetema.rank),
              "points": num(zetema.points), "score": score}
    if over is not None:
        return Y_(you, "{player} discarded {card}: zetema of {rank}, {points} points — game won "
                 "with {score} points").format(**values)
    if events[-1] == rules.TurnChanged(before.seat):
        return Y_(you, "{player} discarded {card}: zetema of {rank}, {points} points — another "
                 "turn").format(**values)
    return Y_(you, "{player} discarded {card}: zetema of {rank}, {points} points").format(**values)
