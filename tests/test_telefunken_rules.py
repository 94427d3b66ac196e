"""Telefunken rules: scenario positions loaded from JSON, one rule of the spec per test."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules import telefunken as t


def position(hands, *, melds=(), discard=("2C",), stock_top=(), deal=2, dealer=3, to_move=0,
             phase="play", stock=None, **extra) -> dict:
    """A full JSON position: every card not placed elsewhere goes to the stock after stock_top.

    ``hands`` are strings of cards ("7H 7D JK"); ``melds`` are (owner, "cards") pairs.
    """
    hands = [h.split() if isinstance(h, str) else list(h) for h in hands]
    meld_list = [{"owner": o, "cards": c.split()} for o, c in melds]
    placed = Counter()
    for group in (*hands, *(m["cards"] for m in meld_list), discard, stock_top):
        placed.update(group)
    assert not placed - Counter(t.deck()), "test position uses a card too often"
    rest = Counter(t.deck()) - placed
    if stock is None:
        stock = list(stock_top) + sorted(rest.elements(), key=t.card_key)
    data = {"game": "telefunken", "players": len(hands), "deal": deal, "dealer": dealer,
            "to_move": to_move, "phase": phase, "hands": hands, "stock": stock,
            "discard": list(discard), "melds": meld_list,
            "deal_winners": [0] * (deal - 1)}
    data.update(extra)
    return json.loads(json.dumps(data))


def load(*args, **kwargs) -> t.State:
    return t.load(position(*args, **kwargs))


def played(state: t.State, *moves: str) -> t.State:
    for move in moves:
        state = t.play(state, move)
    return state


def illegal(state: t.State, move: str, match: str) -> None:
    before = t.dump(state)
    with pytest.raises(IllegalMove, match=match):
        t.play(state, move)
    assert t.dump(state) == before


OTHERS = ["3H 4S 6H 8D JH 10S", "2D 3C 6D JD 10H QC", "2S 3S 6S JC 10D KS"]


# ---------------------------------------------------------------------------------------------
# Deck, cut and deal


def test_deck_has_108_cards_with_four_jokers_and_every_natural_twice():
    cards = t.deck()
    assert len(cards) == 108 and cards.count("JK") == 4
    assert all(cards.count(c) == 2 for c in t.NATURALS)


def test_new_game_waits_for_the_cut_by_the_seat_before_the_dealer():
    s = t.new_game(seed=3, dealer=2)
    assert s.players == 4 and s.phase == "cut" and t.to_move(s) == 1
    legal = t.legal_moves(s)
    assert legal[0] == "cut 4" and legal[-1] == "cut 104" and len(legal) == 101
    assert Counter(s.stock) == Counter(t.deck())
    view = t.view(s, 1)
    assert view["stock"] == 108


def test_the_cut_deals_eleven_each_turns_the_upcard_and_keeps_bottom_jokers():
    naturals = [c for c in t.deck() if c != "JK"]
    naturals.remove("5H")
    # lift 30: the block's bottom three cards are pack[27:30]; put two jokers there
    pack = naturals[:27] + ["JK", "5H", "JK"] + naturals[27:] + ["JK", "JK"]
    assert Counter(pack) == Counter(t.deck())
    s = t.load(position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                        to_move=3, stock=pack))
    s2, events = t.play_events(s, "cut 30")
    cutter = 3
    assert s2.hands[cutter].count("JK") >= 2
    assert [len(h) for h in s2.hands] == [11, 11, 11, 11]
    cut = next(e for e in events if isinstance(e, t.Cut))
    assert cut.kept == ("JK", "JK") and cut.lifted == 30
    dealt = next(e for e in events if isinstance(e, t.Dealt))
    assert dealt.order[0] == 1                     # the seat after the dealer first
    lower = pack[30:]
    assert s2.hands[1][0:0] == () and lower[0] in s2.hands[1]
    assert s2.discard == (lower[42],)              # 44 - 2 kept jokers dealt, then the upcard
    assert s2.stock == tuple(lower[43:] + pack[:27] + ["5H"])
    assert s2.phase == "draw" and t.to_move(s2) == 1 and s2.first_turn
    assert t.legal_moves(s2) == ["draw", "take"]


def test_exact_cut_gives_the_cutter_a_bonus_card_from_the_lifted_block():
    pack = [c for c in t.deck() if c != "JK"] + ["JK"] * 4   # no joker near the cut
    s = t.load(position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                        to_move=3, stock=pack))
    s2, events = t.play_events(s, "cut 64")         # 108 - 64 = 44 = 11 x 4: exact
    assert any(isinstance(e, t.BonusCard) for e in events)
    assert [len(h) for h in s2.hands] == [11, 11, 11, 12]
    assert pack[0] in s2.hands[3]                   # the bonus is the block's top card
    assert s2.discard == (pack[1],)
    s3 = t.play(s, "cut 63")
    assert [len(h) for h in s3.hands] == [11, 11, 11, 11]


def test_a_small_lower_part_is_completed_from_the_lifted_block():
    pack = [c for c in t.deck() if c != "JK"] + ["JK"] * 4
    pack = pack[4:] + pack[:4]     # the last 4 cards (the lower part of cut 104)
    s = t.load(position([[], [], [], []], discard=(), phase="cut", deal=1, dealer=0,
                        to_move=3, stock=pack))
    s2 = t.play(s, "cut 104")
    assert [len(h) for h in s2.hands] == [11] * 4
    assert Counter(s2.stock) + Counter(s2.discard) + sum(
        (Counter(h) for h in s2.hands), Counter()) == Counter(t.deck())


def test_the_cut_must_lift_4_to_104_cards():
    s = t.new_game(seed=1)
    illegal(s, "cut 3", "between 4 and 104")
    illegal(s, "cut 105", "between 4 and 104")
    illegal(s, "cut many", "how many cards")
    illegal(s, "draw", "not possible now")


# ---------------------------------------------------------------------------------------------
# Contracts


def test_deal_1_contract_is_one_pure_trio():
    s = load(["7H 7D 7C 7S 7S JK 9C", *OTHERS], deal=1)
    melds = [m for m in t.legal_moves(s) if m.startswith("meld")]
    assert "meld 7S 7H 7D" in melds and "meld 7H 7D 7C" in melds
    assert all("JK" not in m for m in melds)
    assert "meld 7S 7S 7H" not in melds
    illegal(s, "meld 7H 7D JK", "pure, with no joker")
    illegal(s, "meld 7S 7S 7H", "three different suits")
    illegal(s, "meld 7H 7D 7C 7S", "exactly 3 cards, not 4")
    s2 = t.play(s, "meld 7C 7H 7D")
    assert s2.melds[0].cards == ("7H", "7D", "7C") and s2.melded[0] and s2.fresh == (0,)


def test_deal_2_contract_is_two_trios_and_takes_identical_cards_and_a_joker():
    s = load(["5S 5S JK 9H 9D 9C KH", *OTHERS], deal=2)
    melds = [m for m in t.legal_moves(s) if m.startswith("meld")]
    assert "meld 5S 5S JK | 9H 9D 9C" in melds
    illegal(s, "meld 9H 9D 9C", "2 groups, not 1")
    s2 = t.play(s, "meld JK 5S 5S | 9C 9H 9D")
    assert [m.cards for m in s2.melds] == [("5S", "5S", "JK"), ("9H", "9D", "9C")]


def test_deal_3_contract_is_one_cuarteto_and_rejects_a_set_of_five():
    s = load(["8S 8H 8D 8C 8C 2D", *OTHERS], deal=3)
    illegal(s, "meld 8S 8H 8D 8C 8C", "cuarteto is exactly 4 cards, not 5")
    assert "meld 8S 8H 8D 8C" in t.legal_moves(s)
    assert "meld 8S 8H 8D 8C 8C" not in t.legal_moves(s)


def test_deal_4_5_6_contracts():
    s4 = load(["8S 8H 8D 8C 4S 4H 4D JK 2D", *OTHERS], deal=4)
    assert "meld 4S 4H 4D JK | 8S 8H 8D 8C" in t.legal_moves(s4)
    s5 = load(["8S 8H 8D 8C JK 2D", *OTHERS], deal=5)
    assert t.legal_moves(s5)[0] == "meld 8S 8H 8D 8C JK"
    illegal(s5, "meld 8S 8H 8D 8C", "quinteto is exactly 5 cards, not 4")
    s6 = load(["8S 8H 8D 8C JK 4S 4H 4D 4C 4C 2D", *OTHERS], deal=6)
    assert "meld 4S 4H 4D 4C 4C | 8S 8H 8D 8C JK" in t.legal_moves(s6)


def test_contract_may_carry_further_groups_in_the_same_meld():
    s = load(["7H 7D 7C 4D 5D 6D 2C", *OTHERS], deal=1)
    s2 = t.play(s, "meld 7H 7D 7C | 4D 5D 6D")
    assert len(s2.melds) == 2 and s2.fresh == (0, 1)
    illegal(s, "meld 4D 5D 6D", "is a run, the contract needs a set")


def test_deal_7_meld_must_include_trio_and_run_of_seven_and_go_out():
    hand = "3S 4S 5S 6S 7S 8S 9S 10H 10D 10C KH KD KC"
    s = load([hand, *OTHERS], deal=7)
    melds = [m for m in t.legal_moves(s) if m.startswith("meld")]
    assert melds == ["meld 10H 10D 10C | KH KD KC | 3S 4S 5S 6S 7S 8S 9S"]
    illegal(s, "meld 10H 10D 10C | 3S 4S 5S 6S 7S 8S 9S", "only to go out: 3 cards")
    out, events = t.play_events(s, "meld KH KD KC | 3S 4S 5S 6S 7S 8S 9S | 10H 10D 10C")
    assert any(isinstance(e, t.WentOut) and e.seat == 0 for e in events)
    assert out.phase == "over" and out.deal_winners[-1] == 0
    # all but one card: the last is discarded to go out
    s1 = load([hand + " 2H", *OTHERS], deal=7)
    after = t.play(s1, "meld 10H 10D 10C | 3S 4S 5S 6S 7S 8S 9S | KH KD KC")
    assert t.legal_moves(after) == ["discard 2H"]
    assert t.play(after, "discard 2H").phase == "over"
    short = load(["3S 4S 5S 6S 7S 8S 10H 10D 10C", *OTHERS], deal=7)
    illegal(short, "meld 10H 10D 10C | 3S 4S 5S 6S 7S 8S", "run needs 7 or more")


# ---------------------------------------------------------------------------------------------
# Groups


def melded_position(hand, melds=(), **kw):
    """Seat 0 has melded earlier (its meld 0 is not fresh); others have melds too."""
    base = [(0, "QS QH QD"), (1, "5C 6C 7C"), (2, "9H 9D JK")]
    return load([hand, *OTHERS], melds=base + list(melds), melded=None, **kw)


def test_ace_high_and_ace_low_runs_and_never_k_a_2():
    s = melded_position("QD KD AD AH 2H 3H KC AC 2C 4S")
    legal = t.legal_moves(s)
    assert "meld QD KD AD" in legal and "meld AH 2H 3H" in legal
    assert t.play(s, "meld AD KD QD").melds[-1].cards == ("QD", "KD", "AD")
    illegal(s, "meld KC AC 2C", "never in the middle")
    illegal(s, "meld KC JK 2C", "JK|K A 2|joker")


def test_two_jokers_in_one_meld_are_rejected():
    s = melded_position("JK JK 4D 6S 7S 8S KC")
    illegal(s, "meld JK JK 4D", "at most one joker")
    assert all(m.count("JK") <= 1 for m in t.legal_moves(s))
    illegal(s, "add JK to 2", "two jokers")
    assert "add JK to 1 low" in t.legal_moves(s) and "add JK to 1 high" in t.legal_moves(s)
    illegal(s, "add JK JK to 0", "two jokers")


def test_a_lay_off_on_a_run_must_be_of_the_runs_suit():
    """``play`` took "add 3C 4S to 2" on a run of spades (found by the property test): the
    run's order was checked but not the suit of the cards laid off."""
    s = melded_position("4D 8H 3D 4C 8C KC")  # meld 1: 5C 6C 7C
    illegal(s, "add 4D to 1", "4D cannot be added to meld 1: it is a run of clubs")
    illegal(s, "add 8H to 1", "it is a run of clubs")
    illegal(s, "add 3D 4C to 1", "3D cannot be added to meld 1: it is a run of clubs")
    for move in t.legal_moves(s):
        words = move.split()
        if words[0] == "add" and words[words.index("to") + 1] == "1":
            assert all(c == "JK" or c.endswith("C") for c in words[1:words.index("to")]), move
    assert t.play(s, "add 4C to 1").melds[1].cards == ("4C", "5C", "6C", "7C")


def test_lay_off_onto_a_fresh_meld_is_rejected_in_the_melding_turn():
    s = load(["7H 7D 7C 7S 5C KD", *OTHERS], deal=1, melds=[(1, "4C 6C JK")][:0] + [
        (1, "KS KH KC")])
    s2 = t.play(s, "meld 7H 7D 7C")
    illegal(s2, "add 7S to 1", "only on other players' melds")
    assert "add 7S to 1" not in t.legal_moves(s2)
    assert "add KD to 0" in t.legal_moves(s2)        # another player's meld: allowed
    s3 = t.play(s2, "add KD to 0")
    assert s3.melds[0].cards == ("KS", "KH", "KD", "KC")
    # next turn of seat 0 the meld is its own older meld: allowed
    later = t.load({**t.dump(s3), "fresh": []})
    assert "add 7S to 1" in t.legal_moves(later)
    assert t.play(later, "add 7S to 1").melds[1].cards == ("7S", "7H", "7D", "7C")


def test_lay_off_needs_a_contract_and_fitting_cards():
    s = load(["7H 7D 5C", *OTHERS], melds=[(1, "KS KH KC"), (2, "4C 5C 6C")[:0] + (2, "6C 7C 8C")])
    illegal(s, "add 5C to 1", "put down your contract")
    m = melded_position("7H 5C 10C 4C 3H")
    illegal(m, "add 7H to 0", "set of queens")
    illegal(m, "add 10C to 1", "needs 4C or 8C")
    assert t.play(m, "add 4C to 1").melds[1].cards == ("4C", "5C", "6C", "7C")
    assert t.play(m, "add 4C to 1 low").melds[1].cards == ("4C", "5C", "6C", "7C")
    illegal(m, "add 4C to 1 high", "needs 8C")
    illegal(m, "add 4C to 0 low", "is a set")
    illegal(m, "add 4C to 9", "no meld 9")
    illegal(m, "add 4C 1", "write 'add")


def test_ace_that_fits_either_end_needs_low_or_high():
    run = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
    s = melded_position("AD 5S 6H", melds=[(3, run)])
    legal = t.legal_moves(s)
    assert "add AD to 3 low" in legal and "add AD to 3 high" in legal
    illegal(s, "add AD to 3", "either end")
    assert t.play(s, "add AD to 3 high").melds[3].cards[-1] == "AD"


# ---------------------------------------------------------------------------------------------
# Jokers on the table


def test_joker_swap_example_from_the_spec():
    s = melded_position("5D 9D 2S 3H", melds=[(1, "JK 6D 7D")])
    legal = t.legal_moves(s)
    assert "swap 5D in 3 high" in legal and "swap 5D in 3 low" in legal
    s2, events = t.play_events(s, "swap 5D in 3 high")
    assert s2.melds[3].cards == ("5D", "6D", "7D", "JK")
    assert events[0] == t.JokerSwapped(0, 3, "5D", "high")
    s3 = t.play(s2, "add 9D to 3")
    assert s3.melds[3].cards == ("5D", "6D", "7D", "JK", "9D")
    # the joker is no longer at an end: it can never move again
    data = t.dump(s3)
    data["hands"][0] = ["8D", "2S", "3H"]
    data["stock"].remove("8D")
    m = t.load(data)
    illegal(m, "swap 8D in 3 high", "no longer at an end")
    assert not any(x.startswith("swap") for x in t.legal_moves(m))


def test_swap_needs_the_natural_the_joker_stands_for_and_room_at_the_end():
    s = melded_position("4D 5D 2S", melds=[(1, "JK 6D 7D"), (2, "QH KH JK")])
    illegal(s, "swap 4D in 3 high", "stands for 5D, not 4D")
    illegal(s, "swap 5D in 0 high", "is a set")
    illegal(s, "swap 5D in 1 high", "has no joker")
    q = melded_position("AH 2S 3S", melds=[(2, "QH KH JK")])
    assert t.legal_moves(q).count("swap AH in 3 low") == 1
    illegal(q, "swap AH in 3 high", "no card exists beyond")


def test_joker_release_from_a_set_with_two_naturals():
    s = melded_position("9S 9C 9C 4D")
    legal = t.legal_moves(s)
    assert "free 2 with 9S 9C" in legal and "free 2 with 9C 9C" in legal
    s2, events = t.play_events(s, "free 2 with 9C 9S")
    assert s2.melds[2].cards == ("9S", "9H", "9D", "9C")
    assert "JK" in s2.hands[0] and events[0] == t.JokerFreed(0, 2, ("9S", "9C"))
    illegal(s, "free 1 with 9S 9C", "cannot be taken from a run")
    illegal(s, "free 0 with 9S 9C", "has no joker")
    illegal(s, "free 2 with 9S 4D", "two natural nines")
    illegal(s, "free 2 9S 9C", "write 'free")


def test_no_lay_off_or_joker_moves_before_melding():
    s = load(["9S 9C 5D", *OTHERS], melds=[(1, "9H 9D JK"), (2, "JK 6D 7D")])
    assert not any(m.split()[0] in ("add", "swap", "free") for m in t.legal_moves(s))
    illegal(s, "free 0 with 9S 9C", "contract before laying off")
    illegal(s, "swap 5D in 1 low", "contract before laying off")


# ---------------------------------------------------------------------------------------------
# Draw, take, buy


def test_the_free_upcard_only_on_the_first_turn():
    s = load(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0, dealer=3, first_turn=True,
             discard=("KD",), deal=1)
    s2, events = t.play_events(s, "take")
    assert "KD" in s2.hands[0] and s2.chips == (7, 7, 7, 7) and s2.discard == ()
    assert events == [t.UpcardTaken(0, "KD")]
    later = load(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0, dealer=3,
                 discard=("KD",))
    assert t.legal_moves(later) == ["draw"]
    illegal(later, "take", "only the first player")
    wrong = t.load(position(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=1, dealer=3,
                            discard=("KD",)))
    illegal(wrong, "take", "only the first player")


def test_buy_priority_goes_from_the_seat_after_the_discarder():
    s = load(["3S 4D 6C 8H", *OTHERS], melds=[], discard=("2C",), to_move=1,
             chips=[7, 7, 0, 7])
    s2 = t.play(s, "discard 3H")
    # seat 2 has no chips: offer goes 2? no -> 3, then 0
    assert s2.phase == "buy" and t.to_move(s2) == 3 and s2.offer == (0,)
    assert t.legal_moves(s2) == ["buy", "pass"]
    s3 = t.play(s2, "pass")
    assert t.to_move(s3) == 0 and s3.offer == ()
    s4 = t.play(s3, "pass")
    assert s4.phase == "draw" and t.to_move(s4) == 2


def test_buying_costs_a_chip_and_a_stock_card_and_the_next_seat_then_draws():
    s = load(["3S 4D 6C 8H", *OTHERS], discard=("2C",), to_move=1, stock_top=("KH", "KD"))
    s2 = t.play(s, "discard 3H")
    assert t.to_move(s2) == 2
    s3, events = t.play_events(s2, "pass")
    s4, events = t.play_events(s3, "buy")          # seat 3 buys
    assert events[:2] == [t.Bought(3, "3H", 6), t.CardDrawn(3, "KH")]
    assert s4.chips == (7, 7, 7, 6) and len(s4.hands[3]) == 8
    assert s4.phase == "draw" and t.to_move(s4) == 2 and s4.discard == ("2C",)
    assert t.play(s4, "draw").hands[2].count("KD") == 1


def test_buyer_whose_turn_is_next_draws_its_normal_card_too():
    s = load(["3S 4D 6C 8H", *OTHERS], discard=("2C",), to_move=1, stock_top=("KH", "KD"))
    s2 = t.play(s, "discard 3H")
    s3 = t.play(s2, "buy")                          # seat 2, next to play
    assert s3.phase == "draw" and t.to_move(s3) == 2 and t.legal_moves(s3) == ["draw"]
    s4 = t.play(s3, "draw")
    assert len(s4.hands[2]) == 6 + 3 and s4.phase == "play"


def test_melded_players_and_the_discarder_cannot_buy():
    s = load(["3S 4D 6C 8H", "KS KH KC 2H", "3H 5D", "4S 5C"], discard=("2C",),
             to_move=1, melds=[(2, "9S 9H 9D"), (3, "QS QH QD")])
    s2 = t.play(s, "discard 2H")
    assert s2.phase == "buy" and t.to_move(s2) == 0 and s2.offer == ()
    s3 = t.play(load(["3S 4D 6C 8H", "KS KH KC 2H", "3H 5D", "4S 5C"], discard=("2C",),
                     to_move=1, melds=[(2, "9S 9H 9D"), (3, "QS QH QD")], chips=[0, 7, 7, 7]),
                "discard 2H")
    assert s3.phase == "draw" and t.to_move(s3) == 2


def test_stock_rebuilt_from_the_discards_when_empty():
    d = position(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0)
    d["discard"] = d["discard"] + d["stock"]
    d["stock"] = []
    s = t.load(d)
    s2, events = t.play_events(s, "draw")
    assert isinstance(events[0], t.StockRebuilt) and events[0].count == len(d["discard"])
    assert s2.discard == () and len(s2.stock) == len(d["discard"]) - 1
    assert s2.shuffles == 1


def test_deal_ends_with_nobody_out_when_stock_and_discards_are_empty():
    d = position(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0, discard=())
    rest = d["stock"]
    d["stock"] = []
    d["melds"] = [{"owner": 1, "cards": ["9D", "9D", "9H"]}]
    for c in ["9D", "9D", "9H"]:
        rest.remove(c)
    d["hands"][1] = d["hands"][1] + rest
    s = t.load(d)
    s2, events = t.play_events(s, "draw")
    assert any(e == t.DealEnded(2, None) for e in events)
    assert s2.deal == 3 and s2.deal_winners == (0, None) and s2.phase == "cut"


# ---------------------------------------------------------------------------------------------
# Going out and scoring


def test_penalty_points():
    assert [t.penalty(c) for c in ["2S", "9H", "10D", "JC", "QS", "KH", "AD", "JK"]] == \
        [2, 9, 10, 10, 10, 10, 11, 15]
    assert t.hand_penalty(["AS", "JK", "5D"]) == 31


def test_going_out_by_discard_scores_the_other_hands():
    s = load(["8S", "AS JK 5D", "KH 2C", "10C 9C 3D"], deal=3, totals=[5, 6, 7, 8],
             melds=[(0, "4H 4D 4C 4S")])
    s2, events = t.play_events(s, "discard 8S")
    pens = next(e for e in events if isinstance(e, t.Penalties))
    assert pens.points == (0, 31, 12, 22) and pens.totals == (5, 37, 19, 30)
    assert s2.deal == 4 and s2.deal_winners == (0, 0, 0) and s2.dealer == 0
    assert s2.phase == "cut" and t.to_move(s2) == 3 and s2.chips == (7, 7, 7, 7)


def test_going_out_by_laying_off_without_a_discard():
    s = melded_position("4C")
    s2, events = t.play_events(s, "add 4C to 1")
    assert any(isinstance(e, t.WentOut) for e in events)
    assert s2.deal == 3


def test_game_over_after_deal_7_with_winners_and_stakes():
    d = position(["8S", "AS JK", "KH 2C", "10C 9C 3D"], deal=7, totals=[50, 20, 30, 40])
    d["deal_winners"] = [0, 1, 1, 2, 3, 0]
    d["hands"][0] = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10H", "10D", "10C"]
    for c in d["hands"][0]:
        if c in d["stock"]:
            d["stock"].remove(c)
    d["stock"].append("8S")
    s = t.load(d)
    over = t.play(s, "meld 10H 10D 10C | 3S 4S 5S 6S 7S 8S 9S")
    res = t.result(over)
    assert res["totals"] == [50, 20 + 26, 30 + 12, 40 + 22]
    assert res["winners"] == [2] and res["deal_winners"] == [0, 1, 1, 2, 3, 0, 0]
    assert res["stakes"] == [3 * 3 - 4 - 5, 2 * 3 - 5 - 5, 3 - 6 + 15, 3 - 6 - 5]
    assert sum(res["stakes"]) == 0
    assert t.to_move(over) is None and t.legal_moves(over) == []
    data = t.dump(over)
    assert data["phase"] == "over" and data["to_move"] is None and data["result"] == res
    assert t.result(t.load(data)) == res
    illegal(over, "draw", "game is over")


# ---------------------------------------------------------------------------------------------
# Deal 6 exchange


def test_deal_6_exchange_keeps_cards_until_all_chose_then_redeals():
    pack = [c for c in t.deck() if c != "JK"] + ["JK"] * 4
    s = t.load(position([[], [], [], []], discard=(), phase="cut", deal=6, dealer=0,
                        to_move=3, stock=pack))
    s = t.play(s, "cut 50")
    assert s.phase == "exchange" and t.to_move(s) == 1
    assert "exchange" in t.legal_moves(s)
    hand1 = s.hands[1]
    s = t.play(s, f"exchange {hand1[0]} {hand1[1]}")
    assert s.given[1] == hand1[:2] and s.hands[1] == hand1 and t.to_move(s) == 2
    assert t.view(s, 2)["given"][1] == 2 and t.view(s, 1)["given"][1] == list(hand1[:2])
    s = t.play(s, "exchange")
    s = t.play(s, f"exchange {s.hands[3][5]}")
    s, events = t.play_events(s, "exchange")
    assert isinstance(events[1], t.ExchangeReturned) and events[1].counts == (0, 2, 0, 1)
    assert s.phase == "draw" and t.to_move(s) == 1 and s.first_turn and s.given is None
    assert [len(h) for h in s.hands] == [11] * 4
    illegal(t.load(position([[], [], [], []], discard=(), phase="cut", deal=6, dealer=0,
                            to_move=3, stock=pack)), "exchange", "not possible now")


def test_exchange_rejects_cards_not_held():
    pack = [c for c in t.deck() if c != "JK"] + ["JK"] * 4
    s = t.play(t.load(position([[], [], [], []], discard=(), phase="cut", deal=6, dealer=0,
                               to_move=3, stock=pack)), "cut 50")
    missing = next(c for c in t.NATURALS if c not in s.hands[1])
    illegal(s, f"exchange {missing}", "not in your hand")


# ---------------------------------------------------------------------------------------------
# Illegal moves, load, view, purity of play


def test_illegal_move_messages():
    s = melded_position("7H 7D 5C 4C")
    illegal(s, 42, "must be text")
    illegal(s, "", "empty move")
    illegal(s, "dance", "unknown move")
    illegal(s, "buy", "not possible now")
    illegal(s, "draw", "already drawn")
    illegal(s, "discard 9S", "not in your hand")
    illegal(s, "discard 7H 7D", "exactly one card")
    illegal(s, "discard ZZ", "unknown card")
    illegal(s, "meld", "say which cards")
    illegal(s, "meld 7H 7D", "at least 3 cards")
    illegal(s, "meld 7H 7D | ", "empty group")
    illegal(s, "meld 7H 7D 7D", "only 1 7D")
    illegal(s, "meld 7H 5C 4C", "neither a set")
    illegal(s, "add to 1", "which cards")
    illegal(s, "add 4C to x", "meld number")
    illegal(s, "add 4C to 1 middle", "'low' or 'high'")
    illegal(s, "swap 4C 1 low", "write 'swap")
    d = load(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0)
    illegal(d, "draw 3S", "takes no cards")
    illegal(d, "take 3S", "takes no cards")
    illegal(d, "discard 3S", "not possible now")
    b = t.play(load(["3S 4D 6C 8H", *OTHERS], to_move=1), "discard 3H")
    illegal(b, "buy 3H", "takes no cards")
    illegal(b, "pass now", "takes nothing")
    x = load(["9S 9C 5D 4C", *OTHERS], melds=[(0, "4D 5D 6D")], fresh=[])
    illegal(x, "meld 9S 9C", "at least 3")


def test_load_rejects_inconsistent_positions_without_crashing():
    good = position(["3S 4D 6C 8H", *OTHERS])
    t.load(good)
    bad_cases = [
        ({"hands": "nope"}, "hands must be a list"),
        ({"players": 7}, "players must be 2 to 6"),
        ({"game": "zertz"}, "not a Telefunken"),
        ({"stock": good["stock"][:-1]}, "missing"),
        ({"stock": good["stock"] + ["JK"]}, "appears 5 times"),
        ({"stock": good["stock"][:-1] + ["XX"]}, "unknown card"),
        ({"deal": 8}, "deal must be 1 to 7"),
        ({"phase": "nap"}, "phase must be"),
        ({"to_move": 9}, "to_move must be"),
        ({"chips": [8, 7, 7, 7]}, "chips"),
        ({"chips": [-1, 7, 7, 7]}, "chips"),
        ({"melded": [True, False, False, False]}, "has no melds"),
        ({"deal_winners": [0, 0, 0]}, "deal_winners"),
        ({"phase": "over"}, "to_move null"),
        ({"phase": "buy", "discarder": 0}, "discarder"),
        ({"fresh": [0]}, "fresh"),
        ({"dealer": -1}, "dealer"),
        ({"seed": "x"}, "seed"),
    ]
    for change, message in bad_cases:
        with pytest.raises(ValueError, match=message):
            t.load({**copy.deepcopy(good), **change})
    melds = copy.deepcopy(good)
    melds["melds"] = [{"owner": 1, "cards": ["KC", "AC", "2C"]}]
    melds["stock"] = [c for c in melds["stock"]]
    for c in ["KC", "AC", "2C"]:
        melds["stock"].remove(c)
    with pytest.raises(ValueError, match="meld 0 is not a set or run"):
        t.load(melds)
    for junk in (None, 5, "x", [], {"hands": [[1]]}, {"hands": [[], []], "stock": 3}):
        with pytest.raises(ValueError):
            t.load(junk)
    empty_hand = copy.deepcopy(good)
    empty_hand["stock"] += empty_hand["hands"][2]
    empty_hand["hands"][2] = []
    with pytest.raises(ValueError, match="every player holds cards"):
        t.load(empty_hand)


def test_load_fills_defaults_and_ignores_unknown_fields():
    d = position(["3S 4D 6C 8H", *OTHERS], melds=[(1, "KS KH KC")], future_field=1)
    for key in ("chips", "totals", "fresh", "first_turn", "offer", "seed", "players",
                "melded"):
        d.pop(key, None)
    s = t.load(d)
    assert s.chips == (7,) * 4 and s.totals == (0,) * 4 and s.melded == (False, True, False,
                                                                         False)
    assert t.load(t.dump(s)) == s


def test_view_hides_other_hands_the_stock_and_given_cards():
    s = load(["3S 4D 6C 8H", *OTHERS], melds=[(1, "KS KH KC")])
    v = t.view(s, 0)
    assert v["hands"][0] == ["3S", "4D", "6C", "8H"]
    assert v["hands"][1:] == [6, 6, 6] and v["hand_counts"] == [4, 6, 6, 6]
    assert v["stock"] == len(s.stock) and isinstance(v["stock"], int)
    assert v["melds"][0]["cards"] == ["KS", "KH", "KC"] and v["discard"] == ["2C"]
    text = json.dumps(v)
    for c in OTHERS[0].split():
        if c not in ("KS", "KH", "KC", "2C") and c not in v["hands"][0]:
            assert f'"{c}"' not in text
    with pytest.raises(ValueError):
        t.view(s, 4)


def test_play_leaves_its_input_unchanged():
    s = melded_position("7H 7D 7C 4C 9S 9C")
    before = t.dump(s)
    for move in t.legal_moves(s):
        t.play(s, move)
    assert t.dump(s) == before
    assert t.play(s, "meld 7H 7D 7C") != s


def test_describe_says_what_happened():
    s = melded_position("4C 9S")
    # a meld is named by whose it is and what it holds, never by its index
    assert t.describe(s, "add 4C to 1") == "Seat 1 added 4C to Seat 2's meld 5C 6C 7C"
    assert (t.describe(s, "add 4C to 1", names=["Ana", "You", "C", "D"])
            == "Ana added 4C to your meld 5C 6C 7C")
    assert t.describe(s, "discard 9S", names=["Ana", "B", "C", "D"]) == "Ana discarded 9S"
    with pytest.raises(IllegalMove):
        t.describe(s, "discard 2H")


def test_revealing_events_cover_draws_the_cut_and_the_end_of_a_deal():
    assert t.CardDrawn in t.REVEALING_EVENTS and t.CardDrawn in t.PRIVATE_EVENTS
    # a buy shows nothing hidden (the card lay face up; the stock card that comes with it is
    # a CardDrawn, for the buyer's eyes): a computer's buy does not stop Undo
    assert t.Bought not in t.REVEALING_EVENTS
    assert t.Cut in t.REVEALING_EVENTS
    # going out shows every hand's penalty: no undo may take the deal's end back
    assert t.Penalties in t.REVEALING_EVENTS


def test_the_log_says_which_end_a_swapped_joker_went_to():
    """The same line for both ends hid where the joker now stands."""
    from game.words.telefunken import describe as words_describe

    s = melded_position("5D 9D 2S 3H", melds=[(1, "JK 6D 7D")])
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    high = words_describe(s, "swap 5D in 3 high", names)
    low = words_describe(s, "swap 5D in 3 low", names)
    assert high.endswith("the joker went to the high end as 8♦")  # (and what it stands for)
    assert low.endswith("the joker went to the low end as 4♦")
