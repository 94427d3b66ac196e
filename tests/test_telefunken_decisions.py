"""Telefunken: the spec's decisions of issue 15, one scenario position (JSON) per decision.

One ``add`` per run end; canonical spellings (sets before runs, groups by first card, the
exchange by rank); deal 7's go-out melds listed completely; at most three stock rebuilds per
deal; required position fields; ASCII digits in moves; a view with no shuffle state; the
move log in the canonical spelling.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules import telefunken as t
from tests.test_telefunken_rules import illegal, load, position

OTHERS = ["4S 6H 8D", "3D 6D 8C", "6S 8H 10C"]
"""Hands of the other three seats, clear of the cards the tests use."""


def melds_of(state: t.State) -> list[str]:
    return [m for m in t.legal_moves(state) if m.startswith("meld ")]


def groups_of(move: str) -> list[list[str]]:
    return [g.split() for g in move[len("meld "):].split("|")]


def in_canonical_order(move: str) -> bool:
    keys = [t.group_order_key(t.check_group(g)) for g in groups_of(move)]
    return keys == sorted(keys)


# ---------------------------------------------------------------------------------------------
# One add lays off at one end of a run only


def test_one_add_extends_one_end_of_a_run_and_both_ends_take_two_moves():
    s = load(["4D 8D 9D KS", *OTHERS], melds=[(0, "QS QH QD"), (1, "5D 6D 7D")])
    legal = t.legal_moves(s)
    assert "add 4D to 1" in legal and "add 8D to 1" in legal and "add 8D 9D to 1" in legal
    assert not any(m.startswith("add 4D 8D") or m.startswith("add 4D 8D 9D") for m in legal)
    illegal(s, "add 4D 8D to 1", "cannot be added to meld 1")
    illegal(s, "add 4D 8D 9D to 1", "cannot be added to meld 1")
    both = t.play(t.play(s, "add 4D to 1"), "add 8D 9D to 1")
    assert both.melds[1].cards == ("4D", "5D", "6D", "7D", "8D", "9D")


# ---------------------------------------------------------------------------------------------
# Canonical spellings


def test_two_trios_of_one_rank_are_ordered_by_their_first_card():
    s = load(["JS JH JH JD JD JC 2C", *OTHERS], deal=2)
    melds = melds_of(s)
    assert "meld JS JH JH | JD JD JC" in melds          # the spec's own example
    assert "meld JD JD JC | JS JH JH" not in melds
    assert all(in_canonical_order(m) for m in melds)
    assert len(melds) == len(set(melds))


def test_deal_7_lists_sets_before_runs_and_runs_by_rank_before_suit():
    # run 2D-8D (the contract's run), a trio of kings, and extra runs 9S 10S JS and 3C 4C 5C
    hand = "2D 3D 4D 5D 6D 7D 8D KS KH KC 9S 10S JS 3C 4C 5C"
    s = load([hand, *OTHERS], deal=7)
    assert melds_of(s) == ["meld KS KH KC | 2D 3D 4D 5D 6D 7D 8D | 3C 4C 5C | 9S 10S JS"]


def test_a_leading_joker_counts_as_the_card_it_stands_for():
    # JK 5S 6S starts at 4S, which comes before 4H 5H 6H (same rank, spades first)
    hand = "2H 2C 2C JK 5S 6S 4H 5H 6H 7D 8D 9D 10D JD QD KD"
    s = load([hand, *OTHERS], deal=7, discard=("KC",))
    melds = melds_of(s)
    assert "meld 2H 2C 2C | JK 5S 6S | 4H 5H 6H | 7D 8D 9D 10D JD QD KD" in melds
    assert "meld 2H 2C 2C | 4H 5H 6H | JK 5S 6S | 7D 8D 9D 10D JD QD KD" not in melds
    assert all(in_canonical_order(m) for m in melds)


def test_the_ace_ranks_lowest_in_the_order_of_groups():
    hand = "AH 2H 3H 2S 3S 4S 5S 6S 7S 8S QC KC AC 9D 9D 9C"
    s = load([hand, *OTHERS], deal=7)
    assert "meld 9D 9D 9C | AH 2H 3H | 2S 3S 4S 5S 6S 7S 8S | QC KC AC" in melds_of(s)


def test_group_order_key_follows_the_spec():
    ordered = [("4S", "4H", "JK"), ("JS", "JH", "JH"), ("JD", "JD", "JC"), ("AH", "2H", "3H"),
               ("JK", "5S", "6S"), ("4H", "5H", "6H"), ("4H", "5H", "JK"), ("QC", "KC", "AC")]
    assert sorted(reversed(ordered), key=t.group_order_key) == ordered


def test_exchange_lists_cards_by_rank_then_suit_with_the_joker_last():
    hand = "JK 10H 2C AS 2S KD AH 5C 5S 9D QH"
    s = load([hand, *OTHERS], deal=6, phase="exchange", dealer=3, to_move=0,
             given=[None] * 4)
    legal = t.legal_moves(s)
    assert "exchange AS AH 2S 2C 5S 5C 9D 10H QH KD JK" in legal
    assert "exchange 2C JK" in legal and "exchange JK 2C" not in legal
    assert "exchange AH 2S" in legal and "exchange 2S AH" not in legal
    assert t.play(s, "exchange JK 2C") == t.play(s, "exchange 2C JK")


def test_play_puts_groups_down_in_canonical_order_whatever_the_order_typed():
    s = load(["JS JH JH JD JD JC 2C", *OTHERS], deal=2)
    typed = t.play(s, "meld jd JD jc |  JH JS JH")
    assert typed == t.play(s, "meld JS JH JH | JD JD JC")
    assert [m.cards for m in typed.melds] == [("JS", "JH", "JH"), ("JD", "JD", "JC")]
    hand = "2H 2C 2C JK 5S 6S 4H 5H 6H 7D 8D 9D 10D JD QD KD"
    s7 = load([hand, *OTHERS], deal=7, discard=("KC",))
    canonical = "meld 2H 2C 2C | JK 5S 6S | 4H 5H 6H | 7D 8D 9D 10D JD QD KD"
    scrambled = "meld 7D 8D 9D 10D JD QD KD | 4H 5H 6H | 2C JK 2C 2H | JK 5S 6S"
    with pytest.raises(IllegalMove):          # two jokers: the scramble above is wrong
        t.play(s7, scrambled)
    scrambled = "meld 7D 8D 9D 10D JD QD KD | 4H 5H 6H | 2C 2C 2H | JK 5S 6S"
    _, events = t.play_events(s7, scrambled)
    melded = next(e for e in events if isinstance(e, t.Melded))
    assert [" ".join(g) for g in melded.groups] == canonical[5:].split(" | ")


def test_a_contract_with_further_groups_puts_the_contract_first():
    s = load(["9S 9H 9D 9C 2S 2H 2D KC", *OTHERS], deal=3)
    after = t.play(s, "meld 2S 2H 2D | 9C 9D 9H 9S")
    assert [m.cards for m in after.melds] == [("9S", "9H", "9D", "9C"), ("2S", "2H", "2D")]
    assert after == t.play(t.play(s, "meld 9S 9H 9D 9C"), "meld 2S 2H 2D")


def test_the_move_log_uses_the_canonical_spelling():
    s = load(["JS JH JH JD JD JC 2C", *OTHERS], deal=2)
    assert t.describe(s, "meld JD JD JC | JS JH JH") == \
        "Seat 1 melded JS JH JH | JD JD JC (contract)"
    hand = "3S 4S 5S 6S 7S 8S 9S 10H 10D 10C KH KD KC"
    s7 = load([hand, *OTHERS], deal=7)
    text = t.describe(s7, "meld 3S 4S 5S 6S 7S 8S 9S | KC KD KH | 10C 10D 10H")
    assert text.startswith("Seat 1 melded 10H 10D 10C | KH KD KC | 3S 4S 5S 6S 7S 8S 9S "
                           "(contract) and went out")


# ---------------------------------------------------------------------------------------------
# legal_moves is complete in deal 7


def test_deal_7_lists_every_go_out_meld_beyond_the_old_cap_of_2000():
    # 27 cards: A-K of hearts twice and a joker. 2,172 go-out melds (counted by the old
    # search without its cap, and by the exact cover here); the old list stopped at 2,000.
    hand = [r + "H" for r in t.RANKS] * 2 + ["JK"]
    s = load([hand, "3S 4S 6C 8D", "2D 3C 6D", "2S 3S 6S"], deal=7)
    melds = melds_of(s)
    assert len(melds) == len(set(melds)) == 2172
    assert all(in_canonical_order(m) for m in melds)
    for move in melds[::97]:
        used = Counter(c for g in groups_of(move) for c in g)
        assert not used - Counter(hand) and sum(used.values()) >= 26
        after, events = t.play_events(s, move)
        assert any(isinstance(e, t.WentOut) for e in events) or t.legal_moves(after) == [
            f"discard {next(iter((Counter(hand) - used).elements()))}"]


def test_find_go_out_melds_still_accepts_a_limit():
    hand = "3S 4S 5S 6S 7S 8S 9S 10H 10D 10C KH KD KC".split()
    assert t.find_go_out_melds(hand, limit=2000) == t.find_go_out_melds(hand)
    assert t.find_go_out_melds(hand, limit=0) == []


# ---------------------------------------------------------------------------------------------
# No deal goes on for ever: at most three rebuilds


def empty_stock_position(rebuilds: int, **kw) -> dict:
    d = position(["3S 4D 6C 8H", *OTHERS], phase="draw", to_move=0, rebuilds=rebuilds, **kw)
    d["discard"] = d["discard"] + d["stock"]
    d["stock"] = []
    return d


def test_the_stock_is_rebuilt_up_to_three_times_and_counted():
    s = t.load(empty_stock_position(2))
    s2, events = t.play_events(s, "draw")
    assert isinstance(events[0], t.StockRebuilt) and s2.rebuilds == 3
    assert t.dump(s2)["rebuilds"] == 3 and t.view(s2, 1)["rebuilds"] == 3
    assert t.load(t.dump(s2)) == s2
    assert t.load({k: v for k, v in empty_stock_position(0).items() if k != "rebuilds"}
                  ).rebuilds == 0


def test_the_fourth_time_the_stock_runs_out_the_deal_ends_with_nobody_out():
    s = t.load(empty_stock_position(3, totals=[1, 2, 3, 4]))
    s2, events = t.play_events(s, "draw")
    assert not any(isinstance(e, t.StockRebuilt) for e in events)
    assert t.DealEnded(2, None) in events
    pens = next(e for e in events if isinstance(e, t.Penalties))
    assert pens.points == tuple(t.hand_penalty(h) for h in s.hands)
    assert pens.totals == tuple(tot + p for tot, p in zip((1, 2, 3, 4), pens.points))
    assert s2.deal == 3 and s2.deal_winners == (0, None) and s2.phase == "cut"
    assert s2.rebuilds == 0                     # counted afresh in the next deal


def test_a_buy_that_empties_the_stock_a_fourth_time_ends_the_deal():
    d = position(["3S 4D 6C 8H", *OTHERS], to_move=1, rebuilds=3, discard=("2C",))
    d["discard"] = d["stock"] + d["discard"]
    d["stock"] = []
    s = t.play(t.load(d), "discard 4S")
    assert s.phase == "buy" and t.to_move(s) == 2
    s2, events = t.play_events(s, "buy")
    assert isinstance(events[0], t.Bought) and t.DealEnded(2, None) in events
    assert s2.deal == 3


def test_load_checks_rebuilds():
    for bad in (4, -1, "2", None, True):
        with pytest.raises(ValueError, match="rebuilds"):
            t.load(empty_stock_position(0) | {"rebuilds": bad})


# ---------------------------------------------------------------------------------------------
# Required fields


@pytest.mark.parametrize("field", ["deal", "dealer", "to_move", "phase", "hands", "stock",
                                   "discard"])
def test_a_position_without_a_required_field_is_rejected(field):
    good = position(["3S 4D 6C 8H", *OTHERS], deal=3, dealer=2, to_move=3, phase="draw")
    t.load(good)
    data = copy.deepcopy(good)
    del data[field]
    with pytest.raises(ValueError, match=f"needs the field.*{field}"):
        t.load(data)


def test_a_finished_game_still_needs_to_move_present_as_null():
    d = position(["8S", "AS JK", "KH 2C", "10C 9C 3D"], deal=7, phase="over", to_move=None)
    d["deal_winners"] = [0] * 7
    assert t.load(d).phase == "over"
    del d["to_move"]
    with pytest.raises(ValueError, match="to_move"):
        t.load(d)


# ---------------------------------------------------------------------------------------------
# Numbers in moves are ASCII digits only


BAD_NUMBER_MOVES = ["add 4C to \u00b2", "swap 5D in \u00b2 high", "free \u00b2 with 9S 9C",
                    "add 4C to \u0661", "add 4C to \uff11", "add 4C to " + "1" * 5000,
                    "add 4C to -1", "add 4C to +1", "add 4C to 1.0"]


def test_meld_numbers_in_other_scripts_or_huge_are_illegal_moves():
    s = load(["9S 9C 4C 5D", *OTHERS], melds=[(0, "QS QH QD"), (1, "5C 6C 7C"),
                                               (2, "9H 9D JK")])
    assert "add 4C to 1" in t.legal_moves(s) and "free 2 with 9S 9C" in t.legal_moves(s)
    for move in BAD_NUMBER_MOVES:
        before = t.dump(s)
        with pytest.raises(IllegalMove) as err:
            t.play(s, move)
        assert type(err.value) is IllegalMove and len(str(err.value)) < 200
        assert t.dump(s) == before
    assert t.play(s, "add 4C to 01") == t.play(s, "add 4C to 1")   # still ASCII digits


def test_cut_numbers_in_other_scripts_or_huge_are_illegal_moves():
    s = t.new_game(seed=5)
    for move in ("cut \u00b2", "cut \u0665\u0662", "cut \uff15\uff12", "cut " + "9" * 5000,
                 "cut 52.0", "cut +52", "cut 5 2", "cut \u00b2\u00b2"):
        with pytest.raises(IllegalMove) as err:
            t.play(s, move)
        assert type(err.value) is IllegalMove and len(str(err.value)) < 200
    assert t.play(s, "cut 52") == t.play(s, " CUT   52 ")


def test_non_ascii_letters_that_look_like_cards_are_rejected():
    s = load(["9S 9C 4C 5D", *OTHERS], melds=[(0, "QS QH QD"), (1, "5C 6C 7C")])
    for move in ("discard 9\u017f",          # long s: "9ſ".upper() == "9S"
                 "discard\u00a09S", "ta\u212ae"):
        with pytest.raises(IllegalMove, match="ASCII"):
            t.play(s, move)


# ---------------------------------------------------------------------------------------------
# Views carry no shuffle state


def test_a_view_has_no_seed_and_no_shuffle_count():
    seed = 987_654_321_123
    s = t.play(t.new_game(4, seed=seed, dealer=0), "cut 40")
    for seat in range(4):
        v = t.view(s, seat)
        assert "seed" not in v and "shuffles" not in v
        assert str(seed) not in json.dumps(v)
    assert t.dump(s)["seed"] == seed                  # the full position keeps it


def test_the_pack_cannot_be_dealt_again_from_a_view():
    s = t.play(t.new_game(4, seed=424_242, dealer=0), "cut 40")
    # from the full position it can: the same seed and cut give the same hands
    again = t.play(t.new_game(4, seed=t.dump(s)["seed"], dealer=0), "cut 40")
    assert again.hands == s.hands
    # from a view, nothing gives the seed; every whole number in it fails to re-deal
    v = t.view(s, 0)
    numbers = {x for x in _numbers(v)} | {0}
    for guess in numbers:
        redealt = t.play(t.new_game(4, seed=guess, dealer=0), "cut 40")
        assert redealt.hands[1:] != s.hands[1:]


def _numbers(value) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []
