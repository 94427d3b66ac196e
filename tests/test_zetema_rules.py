"""Zetema rules: scenario positions loaded from JSON, one rule of the spec per test."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules import zetema as z


def position(hands, piles=None, stock_top=(), marriage_pile=(), *, players=None, to_move=0,
             phase="meld", double="S", stock=None, **extra) -> dict:
    """A full JSON position: the cards not placed anywhere go to the stock after stock_top."""
    players = players or len(hands)
    piles = piles or {}
    placed = Counter()
    for group in (*hands, *piles.values(), marriage_pile, stock_top):
        placed.update(group)
    rest = Counter(z.deck(double)) - placed
    assert not placed - Counter(z.deck(double)), "test position uses a card twice"
    if stock is None:
        stock = list(stock_top) + sorted(rest.elements(), key=z.card_key)
    data = {"game": "zetema", "players": players, "double": double, "dealer": players - 1,
            "to_move": to_move, "phase": phase, "hands": [list(h) for h in hands],
            "stock": stock, "piles": {r: list(p) for r, p in piles.items()},
            "marriage_pile": list(marriage_pile)}
    data.update(extra)
    return json.loads(json.dumps(data))


def load(*args, **kwargs) -> z.State:
    return z.load(position(*args, **kwargs))


def played(state: z.State, *moves: str) -> z.State:
    for move in moves:
        state = z.play(state, move)
    return state


def melds_of(state: z.State) -> list[str]:
    return [m for m in z.legal_moves(state) if m.startswith("meld")]


SEVEN = ["3C", "5D", "8H", "9H", "JD", "QC", "KH"]   # no meld in it


# ---------------------------------------------------------------------------------------------
# Deck, deal, refill


def test_deck_has_65_cards_five_of_each_rank_and_the_double_suit_twice():
    cards = z.deck()
    assert len(cards) == 65
    assert all(Counter(c[:-1] for c in cards)[r] == 5 for r in z.RANKS)
    assert Counter(cards)["7S"] == 2 and Counter(cards)["7H"] == 1
    assert Counter(z.deck("H"))["7H"] == 2 and Counter(z.deck("H"))["7S"] == 1


@pytest.mark.parametrize("players,dealt,limit", [(2, 6, 7), (3, 6, 7), (5, 6, 7), (6, 5, 6)])
def test_deal_sizes_and_refill_by_player_count(players, dealt, limit):
    state = z.new_game(players, seed=3, dealer=0)
    assert state.seat == 1 and state.dealer == 0
    assert [len(h) for h in state.hands] == [dealt if s != 1 else limit
                                             for s in range(players)]
    assert len(state.stock) == 65 - dealt * players - (limit - dealt)
    assert z.legal_moves(state)


def test_refill_to_seven_at_the_start_of_a_turn_while_the_stock_lasts():
    state = load([["2C", "4D", "6H", "8S", "10C", "QD", "AH"], ["3C", "5C"], ["7D"]],
                 stock_top=["9D", "JH", "KC", "2D", "3D", "4C"])
    new, events = z.play_events(state, "discard 2C")
    assert new.seat == 1 and new.hands[1] == ("3C", "5C", "9D", "JH", "KC", "2D", "4C")[:0] + \
        tuple(sorted(["3C", "5C", "9D", "JH", "KC", "2D", "3D"], key=z.card_key))
    assert z.CardsDrawn(1, 5, ("9D", "JH", "KC", "2D", "3D")) in events
    assert events.index(z.TurnChanged(1)) < events.index(z.CardsDrawn(1, 5, ("9D", "JH", "KC",
                                                                              "2D", "3D")))
    assert len(new.hands[1]) == 7


def test_refill_takes_what_is_left_of_a_short_stock_and_six_players_refill_to_six():
    hands = [["2C", "4D"], ["3C"], ["5C"], ["6C"], ["7C"], ["8C"]]
    stock = ["9D", "JH"]
    state = z.load(position(hands, piles=_all_piled_except(hands + [stock]), stock=stock))
    new = z.play(state, "discard 2C")
    assert new.hands[1] == ("3C", "9D", "JH") and new.stock == ()
    six = z.new_game(6, seed=1, dealer=5)
    assert len(six.hands[0]) == 6 and all(len(h) == 5 for h in six.hands[1:])


def test_new_game_defaults_and_options():
    state = z.new_game(seed=11)
    assert state.players == 3 and state.settings.target == 300 and state.settings.double == "S"
    assert z.new_game(4).settings.target == 200
    assert z.new_game(2, target=50, double="D").settings == z.Settings(2, "D", 50)
    assert z.dump(z.new_game(3, seed=5)) == z.dump(z.new_game(3, seed=5))
    assert z.dump(z.new_game(3, seed=5)) != z.dump(z.new_game(3, seed=6))
    for bad in ({"players": 1}, {"players": 7}, {"players": "3"}):
        with pytest.raises(ValueError, match="2 to 6 players"):
            z.new_game(**bad)
    with pytest.raises(ValueError, match="unknown Zetema option"):
        z.new_game(3, first=1)
    with pytest.raises(ValueError, match="double"):
        z.new_game(3, double="X")
    with pytest.raises(ValueError, match="target"):
        z.new_game(3, target=0)
    with pytest.raises(ValueError, match="dealer"):
        z.new_game(3, dealer=3)
    with pytest.raises(ValueError, match="seed"):
        z.new_game(3, seed="x")


# ---------------------------------------------------------------------------------------------
# Melds and their values


@pytest.mark.parametrize("hand,move,points", [
    (["AH", "2C", "3D", "4S", "5S", "6H", "9C"], "meld straight AH 2C 3D 4S 5S 6H", 10),
    (["9H", "10H", "JC", "QD", "KS", "AS", "3C"], "meld straight 9H 10H JC QD KS AS", 10),
    (["2H", "5H", "7H", "9H", "JH", "KH", "3C"], "meld flush 2H 5H 7H 9H JH KH", 30),
    (["2S", "2S", "5S", "7S", "9S", "JS", "3C"], "meld flush 2S 2S 5S 7S 9S JS", 30),
    (["9D", "10D", "JD", "QD", "KD", "AD", "3C"], "meld straightflush 9D 10D JD QD KD AD", 50),
    (["AC", "2C", "3C", "4C", "5C", "6C", "9H"], "meld straightflush AC 2C 3C 4C 5C 6C", 50),
])
def test_runs_and_flushes_score_by_the_table(hand, move, points):
    state = load([hand, [], []])
    assert move in z.legal_moves(state)
    new, events = z.play_events(state, move)
    assert new.scores[0] == points and new.phase == "discard"
    assert z.Melded(0, move.split()[1], tuple(move.split()[2:]), points) in events
    assert z.meld_value(move.split()[1], move.split()[2:]) == points


def test_ace_high_straight_is_spelled_with_the_ace_last_and_any_order_is_accepted():
    state = load([["AS", "KS", "QD", "JC", "10H", "9H", "3C"], [], []])
    assert melds_of(state) == ["meld straight 9H 10H JC QD KS AS"]
    new = z.play(state, "meld straight AS KS qd jc 10h 9H")
    assert new.shown == ("9H", "10H", "JC", "QD", "KS", "AS") and new.scores[0] == 10


def test_k_a_2_is_not_a_straight():
    state = load([["QH", "KS", "AS", "2D", "3C", "4H", "9C"], [], []])
    assert melds_of(state) == []
    with pytest.raises(IllegalMove, match="K A 2"):
        z.play(state, "meld straight QH KS AS 2D 3C 4H")
    with pytest.raises(ValueError, match="never both"):
        z.meld_value("straight", ["JH", "QH", "KS", "AS", "2D", "3C"])


def test_a_straight_flush_scores_once_and_only_as_a_straight_flush():
    hand = ["4H", "5H", "6H", "7H", "8H", "9H", "2C"]
    state = load([hand, [], []])
    assert melds_of(state) == ["meld straightflush 4H 5H 6H 7H 8H 9H"]
    for kind in ("straight", "flush"):
        with pytest.raises(IllegalMove, match="straight flush: declare it as 'meld straightfl"):
            z.play(state, f"meld {kind} 4H 5H 6H 7H 8H 9H")
    new, events = z.play_events(state, "meld straightflush 9H 8H 7H 6H 5H 4H")
    assert new.scores[0] == 50
    assert [e for e in events if isinstance(e, z.Scored)] == [z.Scored(0, 50, "straight flush")]


def test_a_seven_card_hand_can_hold_several_melds_all_listed():
    state = load([["4H", "5H", "6H", "7H", "8H", "9H", "10H"], [], []])
    melds = melds_of(state)
    assert "meld straightflush 4H 5H 6H 7H 8H 9H" in melds
    assert "meld straightflush 5H 6H 7H 8H 9H 10H" in melds
    assert "meld flush 4H 5H 6H 7H 8H 10H" in melds
    assert "meld flush 4H 6H 7H 8H 9H 10H" in melds
    assert "meld flush 4H 5H 6H 7H 8H 9H" not in melds      # that one is a straight flush
    assert len(melds) == len(set(melds)) == 7
    mixed = load([["4H", "5C", "5D", "6H", "7H", "8H", "9H"], [], []])
    assert melds_of(mixed) == ["meld straight 4H 5D 6H 7H 8H 9H",     # suits S H D C
                               "meld straight 4H 5C 6H 7H 8H 9H"]


@pytest.mark.parametrize("rank,points", [("K", 130), ("Q", 130), ("J", 120), ("A", 110),
                                         ("5", 110), ("7", 100), ("10", 100)])
def test_assembly_values_by_rank(rank, points):
    cards = [rank + s for s in "SSHDC"]
    state = load([cards + ["2H", "3H"] if rank not in ("2", "3") else cards, [], []])
    move = f"meld assembly {' '.join(cards)}"
    assert move in z.legal_moves(state)
    assert z.play(state, move).scores[0] == points


def test_assembly_needs_all_five_in_the_hand():
    state = load([["7S", "7H", "7D", "7C", "2H", "3H", "4D"], [], []], piles={"7": ["7S"]})
    assert melds_of(state) == []
    with pytest.raises(IllegalMove, match="all 5 cards of one rank, not 4"):
        z.play(state, "meld assembly 7S 7H 7D 7C")
    with pytest.raises(IllegalMove, match="only kings and queens for a marriage"):
        z.play(state, "meld assembly 7S 7H 7D 7C 7S@pile")


def test_marriages_score_one_to_five_in_one_declaration():
    state = load([["KH", "QH", "KD", "QD", "2C", "3C", "4S"], [], []])
    melds = melds_of(state)
    assert melds == ["meld marriage KH QH", "meld marriage KH QH KD QD", "meld marriage KD QD"]
    new, events = z.play_events(state, "meld marriage KD QD QH KH")
    assert new.scores[0] == 30
    assert new.marriage_pile == ("KH", "QH", "KD", "QD")
    assert new.hands[0] == ("2C", "3C", "4S") and new.phase == "discard"
    assert z.MarriagePiled(("KH", "QH", "KD", "QD")) in events
    assert z.Scored(0, 30, "2 marriages") in events
    # Any card of the hand may go after a marriage.
    assert z.legal_moves(new) == ["discard 2C", "discard 3C", "discard 4S"]
    assert [z.MARRIAGE_POINTS[n] for n in range(1, 6)] == [10, 30, 60, 100, 150]


def test_five_marriages_with_the_double_suit_and_queens_from_the_pile():
    hand = ["KS", "KS", "KH", "KD", "KC", "QS", "QS"]
    state = load([hand, [], []], piles={"Q": ["QH", "QD", "QC"]})
    move = "meld marriage KS QS KS QS KH QH@pile KD QD@pile KC QC@pile"
    assert move in z.legal_moves(state)
    new, events = z.play_events(state, move)
    assert new.scores[0] == 150
    assert new.hands[0] == () and new.piles[z.QUEEN] == ()
    # The hand is empty: the turn ends without a discard.
    assert new.seat == 1 and new.phase == "meld"
    assert [e.card for e in events if isinstance(e, z.CardTakenFromPile)] == ["QH", "QD", "QC"]


def test_a_marriage_with_a_queen_from_the_q_pile():
    state = load([["KH", "2C", "3C", "4S", "5S", "6D", "8D"], [], []],
                 piles={"Q": ["QH", "QS"], "K": ["KC"]})
    assert melds_of(state) == ["meld marriage KH QH@pile"]
    new, events = z.play_events(state, "meld marriage QH@pile KH")
    assert new.scores[0] == 10 and new.piles[z.QUEEN] == ("QS",)
    assert new.marriage_pile == ("KH", "QH")
    assert events[0] == z.CardTakenFromPile(0, "QH", 1)
    assert z.describe(state, "meld marriage KH QH@pile") == \
        "Seat 1 melded a marriage in hearts for 10, taking QH from the piles"


def test_each_marriage_needs_a_card_from_the_hand():
    state = load([["2C", "3C", "4S", "5S", "6D", "8D", "9D"], [], []],
                 piles={"Q": ["QH"], "K": ["KH"]})
    assert melds_of(state) == []
    with pytest.raises(IllegalMove, match="at least one card from your hand"):
        z.play(state, "meld marriage KH@pile QH@pile")
    spades = load([["KS", "QS", "2C", "3C", "4S", "5S", "6D"], [], []],
                  piles={"Q": ["QS"], "K": ["KS"]})
    melds = melds_of(spades)
    assert "meld marriage KS QS KS QS@pile" not in melds     # only one queen in hand... and
    assert "meld marriage KS QS@pile KS@pile QS" in melds     # each pair keeps a hand card
    # The same declaration written in another pairing is the same meld.
    assert z.dump(z.play(spades, "meld marriage KS QS KS@pile QS@pile")) == \
        z.dump(z.play(spades, "meld marriage KS QS@pile KS@pile QS"))


def test_a_card_taken_from_a_pile_with_identical_copies_is_the_topmost_copy():
    # The Q pile holds both queens of spades (the double suit) with QH between them.
    state = load([["KS", "2C", "3C", "4H", "5H", "6D", "8D"], [], []],
                 piles={"Q": ["QS", "QH", "QS"]})
    new, events = z.play_events(state, "meld marriage KS QS@pile")
    assert new.piles[z.QUEEN] == ("QS", "QH")             # the bottom QS stays at the bottom
    assert z.dump(new)["piles"]["Q"] == ["QS", "QH"]
    assert events[0] == z.CardTakenFromPile(0, "QS", 2)
    kings = load([["QS", "2C", "3C", "4H", "5H", "6D", "8D"], [], []],
                 piles={"K": ["KS", "KD", "KS", "KC"]})
    assert z.play(kings, "meld marriage KS@pile QS").piles[z.KING] == ("KS", "KD", "KC")


def test_two_marriages_are_spelled_in_suit_order_as_in_the_spec():
    state = load([["KH", "QH", "KS", "QS", "2C", "3C", "4D"], [], []])
    melds = melds_of(state)
    assert "meld marriage KS QS KH QH" in melds           # the spec's own example
    assert "meld marriage KH QH KS QS" not in melds
    assert melds == ["meld marriage KS QS", "meld marriage KS QS KH QH", "meld marriage KH QH"]
    new, events = z.play_events(state, "meld marriage QH KH QS KS")
    assert z.Melded(0, "marriage", ("KS", "QS", "KH", "QH"), 30) in events
    assert new.marriage_pile == ("KS", "QS", "KH", "QH") and new.scores[0] == 30


def test_the_discard_after_an_assembly_must_be_a_shown_card_and_says_so():
    hand = ["7S", "7S", "7H", "7D", "7C", "3C", "9D"]
    state = played(load([hand, [], []]), "meld assembly 7S 7S 7H 7D 7C")
    with pytest.raises(IllegalMove, match="^after an assembly you must discard one of the "
                                          "shown cards: 7S 7S 7H 7D 7C$"):
        z.play(state, "discard 3C")
    straight = played(load([["9H", "10H", "JC", "QD", "KS", "AS", "3C"], [], []]),
                      "meld straight 9H 10H JC QD KS AS")
    with pytest.raises(IllegalMove, match="^after a straight you must discard"):
        z.play(straight, "discard 3C")


@pytest.mark.parametrize("move", [
    "discard 7\u017f",                  # long s: upper-cases to S
    "\uff24\uff29\uff33\uff23\uff21\uff32\uff24 7S",   # full-width letters
    "discard \uff17S",                  # full-width digit
    "discard\x1c7S",                    # a control character that str.split() cuts at
    "discard\u00a07S",                  # a no-break space
    "discard 7S\x00",
    "meld marriage KS QS\u200b",        # a zero-width space
    "meld marriage \u212aS QS",         # the Kelvin sign
])
def test_only_case_and_blanks_are_harmless_variants_of_a_move(move):
    state = load([["7S", "KS", "QS", "2C", "3C", "4D", "6H"], [], []])
    assert "discard 7S" in z.legal_moves(state)
    with pytest.raises(IllegalMove):
        z.play(state, move)
    assert z.play(state, " \tDiscard   7s\n") == z.play(state, "discard 7S")
    assert z.play(state, "MELD Marriage qs ks") == z.play(state, "meld marriage KS QS")


def test_discard_after_a_meld_must_be_a_shown_card_and_the_others_return():
    hand = ["2H", "5H", "7H", "9H", "JH", "KH", "3C"]
    state = played(load([hand, [], []]), "meld flush 2H 5H 7H 9H JH KH")
    assert z.legal_moves(state) == ["discard 2H", "discard 5H", "discard 7H", "discard 9H",
                                    "discard JH", "discard KH"]
    with pytest.raises(IllegalMove, match="one of the shown cards: 2H 5H 7H 9H JH KH"):
        z.play(state, "discard 3C")
    new, events = z.play_events(state, "discard 9H")
    assert z.CardsReturned(0, ("2H", "5H", "7H", "JH", "KH")) in events
    assert set(new.hands[0]) == {"2H", "5H", "7H", "JH", "KH", "3C"}
    assert new.piles[8] == ("9H",) and new.shown == () and new.meld is None


def test_only_one_declaration_per_turn():
    hand = ["2H", "5H", "7H", "9H", "JH", "KH", "QH"]
    state = played(load([hand, [], []]), "meld flush 2H 5H 7H 9H JH KH")
    with pytest.raises(IllegalMove, match="already declared a meld this turn"):
        z.play(state, "meld marriage KH QH")


# ---------------------------------------------------------------------------------------------
# Zetemas


@pytest.mark.parametrize("card,points,plural", [("KD", 50, "kings"), ("QD", 50, "queens"),
                                                ("JD", 20, "jacks"), ("AD", 15, "aces"),
                                                ("5D", 15, "fives"), ("7D", 5, "sevens")])
def test_the_fifth_card_of_a_rank_scores_a_zetema(card, points, plural):
    rank = card[:-1]
    pile = [rank + s for s in "SSHC"]
    hand = [card] + [c for c in SEVEN if c[:-1] != rank][:6]
    state = load([hand, [], []], piles={rank: pile})
    new, events = z.play_events(state, f"discard {card}")
    assert new.scores[0] == points
    assert events[:3] == [z.Discarded(0, card, 5), z.Zetema(0, rank, points),
                          z.Scored(0, points, f"zetema of {plural}")]
    assert z.describe(state, f"discard {card}") == \
        f"Seat 1 discarded {card} — zetema of {plural}, {points} points"


def test_no_zetema_for_the_fourth_card():
    state = load([SEVEN, [], []], piles={"3": ["3S", "3S", "3H"]})
    new, events = z.play_events(state, "discard 3C")
    assert new.scores == (0, 0, 0) and not any(isinstance(e, z.Zetema) for e in events)
    assert z.describe(state, "discard 3C") == "Seat 1 discarded 3C"


def test_a_marriage_with_a_king_from_the_pile_stops_the_kings_zetema():
    # Four kings are piled and seat 1 holds the fifth; seat 0 marries KC from the pile.
    state = load([["QC", "2C", "3C", "4C", "5C", "6D", "8D"], ["KH", "9D"], []],
                 piles={"K": ["KS", "KS", "KD", "KC"]})
    state = played(state, "meld marriage KC@pile QC", "discard 2C")
    assert state.married and state.piles[z.KING] == ("KS", "KS", "KD") and state.seat == 1
    new, events = z.play_events(state, "discard KH")
    assert len(new.piles[z.KING]) == 4 and new.scores == (10, 0, 0)
    assert not any(isinstance(e, z.Zetema) for e in events)


def test_no_king_or_queen_zetema_after_a_marriage_even_with_five_piled():
    # The counts make it impossible in a real deal, and the engine also refuses it outright:
    # a hand-built State (bypassing load's checks) with four queens piled and a marriage made.
    forged = z.State(settings=z.Settings(3), dealer=2, seat=0, phase="meld",
                     hands=(("QD",), ("2C",), ()), stock=(),
                     piles=tuple(("QS", "QS", "QH", "QC") if r == z.QUEEN else ()
                                 for r in range(13)),
                     marriage_pile=("KD", "QD"), scores=(0, 0, 0))
    new, events = z.play_events(forged, "discard QD")
    assert len(new.piles[z.QUEEN]) == 5
    assert new.scores == (0, 0, 0) and not any(isinstance(e, z.Zetema) for e in events)
    assert z.play(dataclasses.replace(forged, marriage_pile=()), "discard QD").scores[0] == 50


def _all_piled_except(hands: list[list[str]]) -> dict:
    """Piles holding every card not in ``hands`` (a deal whose stock is used up)."""
    rest = Counter(z.deck()) - Counter(c for h in hands for c in h)
    piles: dict[str, list[str]] = {}
    for card in sorted(rest.elements(), key=z.card_key):
        piles.setdefault(card[:-1], []).append(card)
    return piles


def test_two_players_zetema_with_an_empty_stock_plays_again():
    hands = [["7D", "8C", "9C"], ["8D", "8H", "9D", "9H"]]
    state = z.load(position(hands, piles=_all_piled_except(hands), stock=[]))
    assert state.stock == () and len(state.piles[6]) == 4
    new, events = z.play_events(state, "discard 7D")
    assert new.scores == (5, 0) and new.seat == 0          # plays again at once
    assert events[-1] == z.TurnChanged(0)
    assert z.describe(state, "discard 7D") == \
        "Seat 1 discarded 7D — zetema of sevens, 5 points, and plays again"
    # Without a zetema the turn passes.
    assert z.play(new, "discard 8C").seat == 1


def test_two_players_no_extra_turn_while_the_stock_lasts_and_not_with_three():
    state = load([["7D", "8C", "9C", "10C", "JC", "2D", "3D"], []], piles={"7": ["7S", "7S",
                                                                                 "7H", "7C"]})
    assert z.play(state, "discard 7D").seat == 1
    three = load([["7D", "8C"], ["9C"], ["10C"]], piles={"7": ["7S", "7S", "7H", "7C"]},
                 stock=None)
    assert z.play(three, "discard 7D").seat == 1


def test_reaching_the_goal_by_a_zetema_ends_the_game_at_once():
    state = load([["KD", "2C", "3C", "4C", "6D", "8D", "9D"], [], []],
                 piles={"K": ["KS", "KS", "KH", "KC"]}, scores=[260, 290, 0])
    new, events = z.play_events(state, "discard KD")
    assert new.phase == "over" and z.to_move(new) is None and z.legal_moves(new) == []
    assert z.result(new) == {"scores": [310, 290, 0], "winner": 0}
    assert events[-1] == z.GameOver({"scores": [310, 290, 0], "winner": 0})
    assert z.describe(state, "discard KD").endswith("and wins with 310")
    with pytest.raises(IllegalMove, match="game is over"):
        z.play(new, "discard 2C")
    dumped = z.dump(new)
    assert dumped["phase"] == "over" and dumped["to_move"] is None
    assert dumped["result"] == z.result(new)
    assert z.dump(z.load(dumped)) == dumped


def test_reaching_the_goal_by_a_meld_ends_the_game_before_the_discard():
    state = load([[], [], ["2H", "5H", "7H", "9H", "JH", "KH", "3C"]], scores=[0, 0, 180],
                 to_move=2, target=200)
    new = z.play(state, "meld flush 2H 5H 7H 9H JH KH")
    assert z.result(new) == {"scores": [0, 0, 210], "winner": 2}


def test_a_deal_ending_below_the_goal_starts_the_next_deal():
    hands = [["8C"], [], []]
    state = z.load(position(hands, piles=_all_piled_except(hands), stock=[],
                            scores=[10, 20, 30], deal=2, seed=9, dealer=1))
    new, events = z.play_events(state, "discard 8C")
    assert new.scores == (15, 20, 30)
    assert new.deal == 3 and new.dealer == 2 and new.seat == 0
    assert [len(h) for h in new.hands] == [7, 6, 6] and len(new.stock) == 65 - 19
    assert all(not p for p in new.piles) and new.marriage_pile == ()
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["Discarded", "Zetema", "Scored", "DealEnded", "Dealt", "TurnChanged",
                     "CardsDrawn"]
    assert events[3] == z.DealEnded(2) and events[4] == z.Dealt(3, 2, (6, 6, 6))
    # The shuffle is fixed by seed and deal.
    again = z.play(z.load(z.dump(state)), "discard 8C")
    assert again.stock == new.stock and again.hands == new.hands


def test_seats_with_no_cards_are_skipped_once_the_stock_is_empty():
    hands = [["8C"], [], ["9C", "9D"]]
    state = z.load(position(hands, piles=_all_piled_except(hands), stock=[]))
    new = z.play(state, "discard 8C")
    assert new.seat == 2
    assert z.play(new, "discard 9C").seat == 2        # seats 0 and 1 are empty


def test_melds_are_still_allowed_once_the_stock_is_empty():
    hands = [["2H", "5H", "7H", "9H", "JH", "KH"], ["3C"], []]
    state = z.load(position(hands, piles=_all_piled_except(hands), stock=[]))
    assert "meld flush 2H 5H 7H 9H JH KH" in z.legal_moves(state)


# ---------------------------------------------------------------------------------------------
# Illegal moves


@pytest.mark.parametrize("move,message", [
    (None, "must be text"),
    ("", "empty move"),
    ("draw", "unknown move"),
    ("discard", "exactly one card"),
    ("discard 2H 3C", "exactly one card"),
    ("discard 1X", "unknown card"),
    ("discard 4C", "4C is not in your hand"),
    ("discard QH@pile", "only a marriage may take a card from a pile"),
    ("meld", "say which meld"),
    ("meld run 2H 3H", "unknown meld"),
    ("meld straight 2H 3C 4D 5S 6H", "needs 6 cards, not 5"),
    ("meld straight 2H 3C 4D 5S 6H 8C", "six consecutive ranks"),
    ("meld straight 2H 3C 4D 5S 6H 6C", "six different consecutive ranks"),
    ("meld straight 2H 3C 4D 5S 6H 7D", "7D is not in your hand"),
    ("meld flush 2H 3C 4D 5S 6H 7C", "six cards of one suit"),
    ("meld straightflush 2H 3C 4D 5S 6H 7C", "one suit"),
    ("meld assembly 2H 3C 4D 5S 6H", "these ranks differ"),
    ("meld marriage", "needs a king and a queen"),
    ("meld marriage 2H 3C", "not a king or a queen"),
    ("meld marriage KH", "do not pair up"),
    ("meld marriage KH QD@pile", "do not pair up"),
    ("meld marriage KH QH@pile", "QH is not in the queen pile"),
    ("meld marriage KD QD@pile", "KD is not in your hand"),
    ("meld marriage KS@pile QS@pile", "at least one card from your hand"),
    ("meld marriage KS QS KS QS KS QS KH QH KD QD KC QC", "at most 5 marriages"),
    ("meld flush 2H 3H 4H 5H 6H", "a flush needs 6 cards, not 5"),
    ("meld straightflush 2H 3H 4H 5H 6H 8H", "six consecutive ranks"),
    ("meld assembly 2H 2H 2C 2D", "all 5 cards of one rank, not 4"),
    ("discard 7C@pile", "only a marriage may take a card from a pile"),
])
def test_illegal_moves_say_why_and_leave_the_state_unchanged(move, message):
    state = load([["2H", "3C", "4D", "5S", "6H", "7C", "KH"], [], []], piles={"K": ["KS"]})
    before = z.dump(state)
    with pytest.raises(IllegalMove, match=message):
        z.play(state, move)
    assert z.dump(state) == before


def test_holding_too_few_copies_is_rejected():
    state = load([["2S", "3S", "4S", "5S", "6S", "8S", "9H"], [], []])
    with pytest.raises(IllegalMove, match="hold only 1 2S, not 2"):
        z.play(state, "meld flush 2S 2S 3S 4S 5S 6S")
    with pytest.raises(IllegalMove, match="hold only 1 2S"):
        z.play(state, "meld flush 2S 2S 3S 4S 5S 6S")
    piles = load([["KS", "KS", "3C", "4C", "5C", "6C", "8D"], [], []], piles={"Q": ["QS"]})
    with pytest.raises(IllegalMove, match="the queen pile holds only 1 QS"):
        z.play(piles, "meld marriage KS QS@pile KS QS@pile")


def test_meld_value_and_classify():
    assert z.meld_value("assembly", ["KS", "KS", "KH", "KD", "KC"]) == 130
    assert z.meld_value("marriage", ["KH", "QH@pile"]) == 10
    with pytest.raises(ValueError, match="unknown meld"):
        z.meld_value("pair", ["2H", "2C"])
    assert z.classify(["9H", "10H", "JH", "QH", "KH", "AH"]) == \
        z.Meld("straightflush", ("9H", "10H", "JH", "QH", "KH", "AH"), 50)
    assert z.classify(["2H", "3C"]) is None
    assert z.classify(["QH", "KH"]).points == 10


# ---------------------------------------------------------------------------------------------
# Load, dump, view


def test_load_dump_round_trip_and_defaults():
    state = load([SEVEN, ["2C"], []])
    assert state.scores == (0, 0, 0) and state.deal == 1 and state.seed == 0
    assert state.settings.target == 300 and state.shown == () and state.meld is None
    data = z.dump(state)
    assert set(data) >= {"game", "players", "double", "target", "dealer", "to_move", "phase",
                         "hands", "stock", "piles", "marriage_pile", "scores", "shown", "meld",
                         "deal", "seed"}
    assert z.dump(z.load(data)) == data
    data["extra_field"] = {"ignored": True}
    assert z.dump(z.load(data)) == z.dump(state)


def test_load_a_discard_phase_after_a_meld():
    hand = ["2H", "5H", "7H", "9H", "JH", "KH", "3C"]
    data = position([hand, [], []], phase="discard", meld="flush",
                    shown=["KH", "2H", "5H", "7H", "9H", "JH"])
    state = z.load(data)
    assert state.shown == ("2H", "5H", "7H", "9H", "JH", "KH")
    assert z.legal_moves(state) == [f"discard {c}" for c in state.shown]


def test_load_a_discard_phase_after_a_marriage():
    data = position([["2C", "3C"], [], []], marriage_pile=["KH", "QH"], phase="discard",
                    meld="marriage", shown=["KH", "QH"])
    state = z.load(data)
    assert z.legal_moves(state) == ["discard 2C", "discard 3C"]


def _full(hands=None, **changes):
    data = position(hands or [SEVEN, ["2C"], []])
    data.update(changes)
    return data


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(game="zertz"), "not a Zetema one"),
    (lambda d: d.pop("hands"), "hands must be a list"),
    (lambda d: d.update(players=4), "lists 3 hands but there are 4 players"),
    (lambda d: d.update(players=1, hands=[[]]), "players must be 2 to 6"),
    (lambda d: d.update(double="X"), "double must be"),
    (lambda d: d.update(target=-5), "target must be"),
    (lambda d: d.update(seed=1.5), "seed must be"),
    (lambda d: d.update(deal=0), "deal must be"),
    (lambda d: d["hands"][0].append("ZZ"), "unknown card 'ZZ'"),
    (lambda d: d["hands"][1].extend(d["stock"][:7]) or d.update(stock=d["stock"][7:]),
     "seat 1 holds 8 cards"),
    (lambda d: d.pop("stock"), "missing required field 'stock'"),
    (lambda d: d.update(stock=40), "the stock must be a list"),
    (lambda d: d["stock"].append("2C"), "2C appears 2 times but the deck has 1"),
    (lambda d: d["stock"].pop(), r"1 card\(s\) missing: KC"),
    (lambda d: d["piles"].update({"X": []}), "unknown pile 'X'"),
    (lambda d: d["piles"].update({"3": ["4D"]}), "4D cannot lie on the 3 pile"),
    (lambda d: d["piles"].update({"4": ["4S", "4S", "4H", "4D", "4C", "4C"]}),
     "holds 6 cards"),
    (lambda d: d.update(piles=[]), "piles must map ranks"),
    (lambda d: d.update(marriage_pile=["2D"]), "cannot be in the marriage pile"),
    (lambda d: d.update(marriage_pile=["KD"]), "in pairs"),
    (lambda d: d.update(scores=[1, 2]), "scores must list 3 numbers"),
    (lambda d: d.update(scores=[1, -2, 0]), "whole numbers >= 0"),
    (lambda d: d.update(phase="draw"), "phase must be"),
    (lambda d: d.update(to_move=5), "to_move must be a seat"),
    (lambda d: d.update(to_move=None), "to_move must be a seat"),
    (lambda d: d.update(to_move=2), "seat 2 is to move but holds no cards"),
    (lambda d: d.update(dealer=7), "dealer must be"),
    (lambda d: d.update(shown=["3C"]), "shown cards belong to phase 'discard'"),
    (lambda d: d.update(meld="flush"), "meld is set only in phase 'discard'"),
    (lambda d: d.update(phase="discard"), "needs meld set"),
    (lambda d: d.update(phase="discard", meld="flush", shown=["3C"]), "not a flush"),
    (lambda d: d.update(phase="discard", meld="assembly", shown=["3C"]),
     "the shown cards are not an assembly"),
    (lambda d: d.update(phase="discard", meld="marriage", shown=["QC", "KC"]),
     "must be in the marriage pile"),
    (lambda d: d.update(scores=[300, 0, 0]), "has reached the goal"),
    (lambda d: d.update(phase="over"), "to_move null"),
    (lambda d: d.update(phase="over", to_move=None), "exactly one score at the goal"),
    (lambda d: d.update(phase="over", to_move=None, scores=[300, 0, 0], result={"winner": 1}),
     "winner is not the player at the goal"),
])
def test_load_rejects_inconsistent_positions(mutate, message):
    data = _full()
    mutate(data)
    with pytest.raises(ValueError, match=message):
        z.load(data)


@pytest.mark.parametrize("garbage", [None, 3, "text", [], {"hands": 5}, {"hands": [[], []]},
                                     {"hands": [[1], []], "stock": []},
                                     {"hands": [[], []], "stock": [], "piles": {"A": 5}},
                                     {"hands": [[], []], "stock": [], "piles": {3: ["3C"]}},
                                     {"hands": [[[]], []], "stock": []},
                                     {"hands": [{}, {}], "stock": {}}])
def test_load_never_raises_anything_but_value_error(garbage):
    with pytest.raises(ValueError):
        z.load(garbage)


def test_a_finished_position_loads_as_finished():
    data = _full(phase="over", to_move=None, scores=[100, 305, 0])
    state = z.load(data)
    assert z.to_move(state) is None and z.result(state) == {"scores": [100, 305, 0],
                                                            "winner": 1}


def test_view_hides_other_hands_and_the_stock():
    state = z.new_game(3, seed=4, dealer=0)
    seen = z.view(state, 2)
    assert seen["hands"][2] == list(state.hands[2])
    assert seen["hands"][0] == 6 and seen["hands"][1] == 7
    assert seen["hand_counts"] == [6, 7, 6]
    assert seen["stock"] == len(state.stock) and seen["seat"] == 2
    text = json.dumps(seen)
    for card in set(state.hands[0] + state.hands[1] + state.stock) - set(state.hands[2]):
        assert f'"{card}"' not in text
    with pytest.raises(ValueError):
        z.view(state, 3)


def test_view_has_no_seed_and_does_not_depend_on_it_while_dump_keeps_it():
    state = z.new_game(3, seed=4, dealer=0)
    data = z.dump(state)
    assert data["seed"] == 4 and z.load(data) == state     # a save still re-deals the same
    other_seed = z.load({**data, "seed": 99})
    for seat in range(3):
        seen = z.view(state, seat)
        assert "seed" not in seen and "shuffles" not in seen
        assert seen == z.view(other_seed, seat)
    # The seed used to be in the view: with it anyone could deal the game again.
    assert z.new_game(3, seed=4, dealer=0).hands[0] == state.hands[0]


def test_view_keeps_shown_cards_public():
    hand = ["2H", "5H", "7H", "9H", "JH", "KH", "3C"]
    state = played(load([hand, [], []]), "meld flush 2H 5H 7H 9H JH KH")
    seen = z.view(state, 1)
    assert seen["shown"] == ["2H", "5H", "7H", "9H", "JH", "KH"] and seen["hands"][0] == 7


def test_play_leaves_its_input_unchanged():
    state = z.new_game(3, seed=8)
    before = copy.deepcopy(z.dump(state))
    for move in z.legal_moves(state):
        z.play(state, move)
        z.describe(state, move)
    assert z.dump(state) == before


def test_describe_names_seats_and_melds():
    state = load([["2H", "5H", "7H", "9H", "JH", "KH", "3C"], [], []], to_move=0)
    move = "meld flush 2H 5H 7H 9H JH KH"
    assert z.describe(state, move) == "Seat 1 melded a flush in hearts for 30"
    assert z.describe(state, move, names=["Ann", "Bob", "Cy"]) == \
        "Ann melded a flush in hearts for 30"
    assert z.describe(state, "discard 3C") == "Seat 1 discarded 3C"
    run = load([["9H", "10H", "JC", "QD", "KS", "AS", "3C"], [], []])
    assert z.describe(run, "meld straight 9H 10H JC QD KS AS") == \
        "Seat 1 melded a straight, nine to ace, for 10"
    four = load([["KS", "QS", "KH", "QH", "KD", "QD", "2C"], [], []])
    assert z.describe(four, "meld marriage KS QS KH QH KD QD") == \
        "Seat 1 melded 3 marriages in spades, hearts and diamonds for 60"
    with pytest.raises(IllegalMove):
        z.describe(state, "discard 4C")


@pytest.mark.parametrize("players", [2, 4])
def test_a_deal_end_event_holds_the_table_as_the_deal_ended(players):
    """``DealEnded.table``: every hand and the stock empty, all 65 cards on the piles and
    the marriage pile, the scores after the deal's last move (the next deal is dealt from
    the same scores)."""
    import random

    from game.ai import zetema as ai

    state, rng, seen = z.new_game(players, seed=3), random.Random(3), 0
    while z.to_move(state) is not None:
        move = ai.choose(z.view(state, z.to_move(state)), z.legal_moves(state), "easy", rng)
        after, events = z.play_events(state, move)
        for event in events:
            if isinstance(event, z.DealEnded):
                table = event.table
                assert table.deal == event.deal == state.deal
                assert table.hands == ((),) * players and table.stock == ()
                held = Counter(c for p in table.piles for c in p) + Counter(table.marriage_pile)
                assert held == Counter(z.deck(state.settings.double))
                assert table.scores == after.scores and table.phase == "meld"
                seen += 1
        state = after
    assert seen >= 1
