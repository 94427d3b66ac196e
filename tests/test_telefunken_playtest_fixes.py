"""A play-tester's findings at the Telefunken table: the log says what a run's joker stands
for, a cut let go outside the window cuts nothing, a refused lay-off says why, a buy's tags
come back after Undo, and a deal's summary opens over the finished deal's table."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import telefunken as rules
from game.session import Session
from game.words.telefunken import describe
from scenes.telefunken import words
from scenes.telefunken_table import TelefunkenTable, perform
from tests.test_telefunken_table import OTHERS, cut_table, position

NAMES = ["You", "Seat 2", "Seat 3", "Seat 4"]
CONFIG = GameConfig("telefunken", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 4, {})


def open_state(app, drive, state, config=CONFIG):
    table = TelefunkenTable(app, config, Session(config, rules, state, state))
    app.scenes.push(table, transition=None)
    drive.settle()
    return table


def melded(hand, melds, deal=2):
    """Seat 0 to play in ``deal``, every seat owning a meld of ``melds`` melded."""
    owners = {m["owner"] for m in melds}
    return position([hand] + OTHERS, melds=melds, melded=[s in owners for s in range(4)],
                    deal=deal, deal_winners=[1] * (deal - 1))


# -- 1. the log names the card a run's joker stands for ----------------------------------------

def test_a_run_melded_with_a_joker_says_what_the_joker_stands_for():
    """"You melded joker 7♥ 8♥": the joker had gone to the low end as 6♥, unsaid."""
    state = melded(["7H", "8H", "JK", "9S", "9H", "9C", "5C"],
                   [{"owner": 0, "cards": ["5S", "5H", "5D"]}])
    assert describe(state, "meld JK 7H 8H", NAMES) == "You melded joker 7♥ 8♥ (the joker as 6♥)"
    # a joker in a set stands for the set's rank, in a suit not named: nothing more said
    assert describe(state, "meld 9S 9H JK", NAMES) == "You melded 9♠ 9♥ joker"
    assert describe(state, "meld 9S 9H 9C", NAMES) == "You melded 9♠ 9♥ 9♣"


def test_each_run_of_a_meld_says_what_its_joker_stands_for():
    state = melded(["7H", "8H", "JK", "9S", "10S", "JK", "5C"],
                   [{"owner": 0, "cards": ["5S", "5H", "5D"]}])
    text = describe(state, "meld JK 7H 8H | 9S 10S JK", NAMES)
    assert text == "You melded joker 7♥ 8♥  ·  9♠ 10♠ joker (the jokers as 6♥ and J♠)", text


def test_the_contract_with_a_run_says_what_its_joker_stands_for():
    """Deal 7's contract holds a run: its joker is named like any other run's."""
    hand = ["3C", "3D", "3H", "4S", "5S", "6S", "JK", "8S", "9S", "10S", "KD"]
    state = position([hand] + OTHERS, deal=7, deal_winners=[1] * 6)
    move = next(m for m in rules.legal_moves(state)
                if m.startswith("meld") and "JK" in m and "KD" not in m)
    text = describe(state, move, NAMES)
    assert text.startswith("You made the contract: ")
    assert text.endswith("(the joker as 7♠)"), text  # (K♦ is kept to discard)


def test_a_joker_swap_says_what_the_joker_now_stands_for():
    """"…the joker went to the low end": it went there as 5♥."""
    state = melded(["6H", "5S"], [{"owner": 0, "cards": ["JK", "7H", "8H"]}])
    assert describe(state, "swap 6H in 0 low", NAMES) == (
        "You put 6♥ in place of the joker of your run joker 7♥ 8♥; the joker went to the "
        "low end as 5♥")
    assert describe(state, "swap 6H in 0 high", NAMES).endswith("the high end as 9♥")
    # the swap of the last card goes out: the next deal has no meld left to look at
    last = melded(["6H"], [{"owner": 0, "cards": ["JK", "7H", "8H"]}])
    assert describe(last, "swap 6H in 0 low", NAMES).endswith(
        "the low end as 5♥ and went out")


def test_going_out_by_laying_a_joker_off_is_told():
    """Laying off a joker as one's last card ended the deal, and the log looked for the
    run in the next deal's empty table (IndexError)."""
    state = melded(["JK"], [{"owner": 1, "cards": ["6D", "7D", "8D"]},
                            {"owner": 0, "cards": ["7H", "7D", "7C"]}])
    assert describe(state, "add JK to 0 low", NAMES) == (
        "You added joker to Seat 2's run 6♦ 7♦ 8♦ (the joker as 5♦) and went out")
    assert describe(state, "add JK to 1", NAMES) == (
        "You added joker to your set 7♥ 7♦ 7♣ and went out")


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_jokers_card_is_said_in_persian_and_vietnamese(lang):
    meld = melded(["7H", "8H", "JK", "9S", "10S", "JK", "5C"],
                  [{"owner": 0, "cards": ["5S", "5H", "5D"]}])
    swap = melded(["6H", "5S"], [{"owner": 0, "cards": ["JK", "7H", "8H"]}])
    english = [describe(meld, "meld JK 7H 8H", NAMES),
               describe(meld, "meld JK 7H 8H | 9S 10S JK", NAMES),
               describe(swap, "swap 6H in 0 low", NAMES)]
    i18n.set_language(lang)
    names = [i18n._("You")] + [i18n._("Seat {number}").format(number=i18n.num(n))
                               for n in (2, 3, 4)]
    said = [describe(meld, "meld JK 7H 8H", names),
            describe(meld, "meld JK 7H 8H | 9S 10S JK", names),
            describe(swap, "swap 6H in 0 low", names)]
    for en, text in zip(english, said):
        assert text != en and "joker" not in text and " as " not in text, text
    assert "6♥" in said[0] and "6♥" in said[1] and "J♠" in said[1] and "5♥" in said[2]


# -- 2. a cut let go outside the window cuts nothing --------------------------------------------


@pytest.mark.parametrize("outside", [(-30, 0), (0, 900), (1400, 0)])
def test_a_cut_let_go_outside_the_window_cuts_nothing(app, drive, outside):
    """Letting go of the drag along the pack outside the window cut the fewest cards ("You
    cut 4 cards"): the strip was left, as with Esc nothing is cut and the person may try
    again."""
    table = cut_table(app, drive)
    strip = table.cut_strip()
    before = table.cut_at
    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 40, strip.centery), steps=4)
    assert table._cutting and table.cut_at != before
    gone = (strip.x + 10 + outside[0], strip.centery + outside[1])
    if outside[0] < 0:
        gone = (outside[0], strip.centery)
    assert not pygame.Rect((0, 0), app.size).collidepoint(gone)
    drive.move(gone, steps=2)
    assert table.cut_at == before  # out of the window the marker stands where it stood
    drive.release(gone)
    drive.settle()
    assert table.session.moves == [] and not table._cutting and table.cut_at == before
    # ... and the next drag along the pack cuts where it is let go
    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 40, strip.centery), steps=4)
    chosen = table.cut_at
    drive.release((strip.right - 40, strip.centery))
    drive.settle()
    assert table.session.moves[:1] == [f"cut {chosen}"]


def test_enter_during_the_drag_along_the_pack_cuts_and_ends_the_drag(app, drive):
    """Enter pressed with the pack still held cut it, but the drag was left standing: the
    next Esc went to ending it and the pause menu opened only at the second (pt95)."""
    from scenes.pause import PauseMenu

    table = cut_table(app, drive)
    strip = table.cut_strip()
    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 40, strip.centery), steps=4)
    chosen = table.cut_at
    drive.key(pygame.K_RETURN)
    drive.release((strip.right - 40, strip.centery))
    drive.settle()
    assert table.session.moves[:1] == [f"cut {chosen}"] and not table._cutting
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(app.scenes.top, PauseMenu)


def test_a_hint_during_the_drag_along_the_pack_leaves_the_marker_at_the_pointer(app, drive):
    """H with the pack held moved the marker to the hinted cut, away from the pointer, and
    Enter then cut there (pt95): the marker stays with the pointer."""
    table = cut_table(app, drive)
    strip = table.cut_strip()
    drive.press((strip.x + 10, strip.centery))
    drive.move((strip.right - 40, strip.centery), steps=4)
    chosen = table.cut_at
    other = next(n for n in table.cut_choices() if n != chosen)
    table._apply_hint(f"cut {other}")
    assert table.cut_at == chosen
    drive.key(pygame.K_RETURN)
    drive.settle()
    assert table.session.moves[:1] == [f"cut {chosen}"]


def test_the_cut_marker_follows_the_pointer_over_the_pack_and_a_click_cuts_there(app, drive):
    """The marker stood at the Lift's count (17, set by a hint) while the click on the pack
    cut where the pointer was (81, pt100): over the pack the marker follows the pointer;
    off it, the count chosen before comes back."""
    table = cut_table(app, drive)
    strip = table.cut_strip()
    chosen = table.cut_at
    at = (strip.right - 30, strip.centery)
    drive.move(at)
    under = table._cut_at_x(at[0])
    assert under != chosen and table.cut_at == under
    drive.move((strip.centerx, strip.bottom + 120))  # off the pack
    assert table.cut_at == chosen
    drive.move(at)
    drive.click(at)
    drive.settle()
    assert table.session.moves[:1] == [f"cut {under}"]


# -- 3. a refused lay-off says why --------------------------------------------------------------

REFUSALS = [
    # (meld, chosen, the refusal)
    (["AS", "AD", "JK"], ["JK"],
     "joker does not fit Seat 2's set A♠ A♦ joker: a set or run holds at most one joker"),
    (["JK", "7H", "8H"], ["JK"],
     "joker does not fit Seat 2's run joker 7♥ 8♥: a set or run holds at most one joker"),
    (["JK", "7H", "8H"], ["7H"],
     "7♥ does not fit Seat 2's run joker 7♥ 8♥: the run already has 7♥"),
    (["4D", "5D", "6D"], ["9H"], "9♥ does not fit Seat 2's run 4♦ 5♦ 6♦: a run is all of one suit"),
    (["KS", "KH", "KC"], ["JH"], "J♥ does not fit Seat 2's set K♠ K♥ K♣: a set is all of one rank"),
    (["4D", "5D", "6D"], ["9D"],
     "9♦ does not fit Seat 2's run 4♦ 5♦ 6♦: the run goes on only with 3♦ or 7♦"),
    (["4D", "5D", "6D"], ["3D", "7D"], "3♦ 7♦ do not fit Seat 2's run 4♦ 5♦ 6♦: one lay-off "
     "adds to one end of a run: lay off at each end in turn"),
]


@pytest.mark.parametrize(("meld", "chosen", "said"), REFUSALS)
def test_a_refused_lay_off_says_why_where_the_reason_is_clear(meld, chosen, said):
    hand = list(dict.fromkeys(chosen + ["2C", "5S", "QD"]))
    mine = [{"owner": 0, "cards": ["10H", "10D", "10C"]}]
    state = replace(melded(["2C"], mine + [{"owner": 1, "cards": meld}]),
                    hands=(tuple(hand),) + tuple(OTHERS[:3]), fresh=())
    assert not [m for m in rules.legal_moves(state) if m.startswith(("add", "swap", "free"))
                and " 1" in m and set(chosen) <= set(m.split())]
    assert words.layoff_refusal(state, 0, chosen, 1, NAMES) == said


def test_the_testers_refusal_comes_with_its_reason_on_the_table(app, drive):
    """Dropping 7♥ on "joker 7♥ 8♥" said only "does not fit"."""
    from scenes.telefunken_table import grip

    mine = [{"owner": 0, "cards": ["10H", "10D", "10C"]}, {"owner": 0, "cards": ["JK", "7H", "8H"]}]
    table = open_state(app, drive, melded(["7H", "2C", "5S"], mine))
    ent = next(e for c, e in table.sync.entities("hand") if c == "7H")
    drive.drag(grip(table, ent), table._meld_rects[1].center, steps=6)
    drive.settle()
    assert table.session.moves == []
    assert app.toasts[-1].text == "7♥ does not fit your run joker 7♥ 8♥: the run already has 7♥."


@pytest.mark.parametrize("lang", ["fa", "vi"])
def test_the_reasons_are_translated(lang):
    state = replace(melded(["2C"], [{"owner": 0, "cards": ["10H", "10D", "10C"]},
                                    {"owner": 1, "cards": ["JK", "7H", "8H"]}]),
                    hands=(("7H", "JK", "9S"),) + tuple(OTHERS[:3]))
    english = [words.layoff_refusal(state, 0, c, 1, NAMES) for c in (["7H"], ["JK"], ["9S"])]
    i18n.set_language(lang)
    for en, chosen in zip(english, (["7H"], ["JK"], ["9S"])):
        text = words.layoff_refusal(state, 0, chosen, 1, NAMES)
        assert text != en and "fit" not in text and "run" not in text, text
        plain = i18n.ngettext("{cards} does not fit {meld}", "{cards} do not fit {meld}", 1).format(
            cards=words.cards(chosen), meld=words.meld_name(state.melds[1], NAMES))
        assert text.startswith(plain + ":") and len(text) > len(plain) + 8, text  # and why


# -- 4. a buy's tags after Undo ---------------------------------------------------------------

def tags_drawn(table, monkeypatch) -> list[str]:
    import scenes.marks as marks

    said: list[str] = []
    real = marks._tag

    def recording(surface, text, *args, **kwargs):
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(marks, "_tag", recording)
    table.draw(pygame.Surface(table.app.size))
    monkeypatch.setattr(marks, "_tag", real)
    return sorted(said)


def test_after_undo_a_buys_cards_keep_their_tags(app, drive, monkeypatch):
    """After Undo only the outlines of "You bought" and "+1 from the stock" stood in the
    hand: a marked card that the next card of the fan lay across, level with it, lost its
    tag (a hand laid out afresh, fuller, often has one). The buy's cards keep their tags."""
    hand = ["7H", "7D", "7C", "2D", "5C", "9H", "JH", "KS", "AC", "4H"]
    state = position([hand] + OTHERS[:2] + [OTHERS[2][:10]], phase="buy", to_move=0,
                     discard=("5D", "QS"), discarder=3, offer=[1, 2])
    rest = list(state.stock)
    rest.remove("6D")
    rest.remove("8S")
    state = replace(state, stock=("6D", "8S", *rest))  # the buy's card, then the draw
    table = open_state(app, drive, state)
    perform(drive, table, "buy")
    drive.settle()
    perform(drive, table, "draw")
    drive.settle()
    both = ["+1 from the stock", "You bought", "new"]  # (the draw after the buy: "new")
    assert tags_drawn(table, monkeypatch) == both
    perform(drive, table, "discard KS")
    drive.settle()
    table.undo()
    drive.settle()
    table = app.scenes.top
    assert isinstance(table, TelefunkenTable) and table.session.moves == ["buy", "draw"]
    marked = {m.label: [table.sync.code_of(e) for e in m.entities] for m in table.marks.marks[0]}
    assert marked["You bought"] == ["QS"] and marked["+1 from the stock"] == ["6D"]
    assert tags_drawn(table, monkeypatch) == both


# -- 5. the deal's summary over the finished deal ---------------------------------------------

def test_the_deal_summary_opens_over_the_finished_deal(app, drive):
    """The summary stood over the next deal's table ("Deal 3 of 7", Stock 108, the cut to
    make, Hint lit): the finished deal stays under it, its last lay-off and discard in
    place, until it is closed; then the next deal's table comes."""
    from scenes.results import DealSummary

    melds = [{"owner": 0, "cards": ["QS", "QH", "QD"]}, {"owner": 1, "cards": ["5C", "6C", "7C"]}]
    others = [h[:6] for h in OTHERS]
    # dealer 0: the next deal's cutter is the person (the cut panel came up under the summary)
    state = position([["KC", "JK", "8C"]] + others, melds=melds, melded=[True, True, False, False],
                     deal=2, discard=("2D", "8S"), deal_winners=[1], totals=[0, 0, 0, 0],
                     dealer=0)
    table = open_state(app, drive, state)
    perform(drive, table, "add JK 8C to 1")
    drive.settle()
    perform(drive, table, "discard KC")
    for _ in range(900):
        drive.step()
        if isinstance(app.scenes.top, DealSummary):
            break
    assert isinstance(app.scenes.top, DealSummary)
    engine = table.rules.state
    assert engine.deal == 3 and engine.phase == "cut" and rules.to_move(engine) == 0
    shown = table.state
    assert shown.deal == 2 and shown.melds[1].cards == ("5C", "6C", "7C", "8C", "JK")
    assert [c for c, _ in table.sync.entities("meld_1")] == list(shown.melds[1].cards)
    assert shown.discard[-1] == "KC" and table.sync.entities("discard")[-1][0] == "KC"
    assert [len(h) for h in shown.hands] == [0, 6, 6, 6] and len(shown.stock) == len(state.stock)
    assert shown.totals == engine.totals
    assert table.cut_choices() == [] and not table.mine
    hint = next(w for w in table.widgets.widgets if getattr(w, "on_click", None) == table.ask_hint)
    assert not hint.enabled
    assert table._waiting_text() == "Deal 2: You went out"
    assert table.marks.marks[0]  # your last move outlined (the discard you went out with)
    app.scenes.top.close()
    drive.settle()
    assert app.scenes.top is table and table.state is table.rules.state
    assert table.state.deal == 3 and table.state.melds == () and table.sync.entities("meld_0") == []
    assert table.cut_choices() and table.mine and not table.marks.marks


@pytest.mark.parametrize("seed", [1, 2])
def test_every_deal_end_of_a_game_is_shown_as_it_lay(seed):
    """The view under the summary holds all 108 cards, the one who went out with none."""
    import random
    from collections import Counter

    from game.ai import telefunken as ai
    from scenes.telefunken.table import deal_end_view

    state, rng, seen = rules.new_game(4, seed=seed), random.Random(seed), 0
    while state.phase != "over":
        move = ai.choose(rules.view(state, rules.to_move(state)), rules.legal_moves(state),
                         "easy", rng)
        after, events = rules.play_events(state, move)
        end = next((e for e in events if isinstance(e, rules.DealEnded)), None)
        if end is not None and end.deal < rules.DEALS:
            view = deal_end_view(end, state.seat)
            assert view is not None and view.deal == state.deal and view.totals == after.totals
            held = (Counter(c for h in view.hands for c in h) + Counter(view.stock)
                    + Counter(view.discard) + Counter(c for m in view.melds for c in m.cards))
            assert held == rules.DECK_COUNT
            assert end.winner is None or view.hands[end.winner] == ()
            seen += 1
        state = after
    assert seen == 6


def ended(events):
    """The DealEnded among ``events``."""
    return next(e for e in events if isinstance(e, rules.DealEnded))


def test_a_deal_that_ran_out_of_stock_is_shown_as_it_lay():
    """Nobody out: a draw moved no card; a buy took the discard (its card from the stock
    never came)."""
    from scenes.telefunken.table import deal_end_view
    from tests.test_telefunken_decisions import OTHERS as D_OTHERS
    from tests.test_telefunken_decisions import empty_stock_position
    from tests.test_telefunken_decisions import position as d_position

    s = rules.load(empty_stock_position(3, totals=[1, 2, 3, 4]))
    after, events = rules.play_events(s, "draw")
    view = deal_end_view(ended(events), s.seat)
    assert view.deal == 2 and view.hands == s.hands and view.discard == s.discard
    assert view.totals == after.totals and view.deal_winners[-1] is None
    d = d_position(["3S 4D 6C 8H", *D_OTHERS], to_move=1, rebuilds=3, discard=("2C",))
    d["discard"], d["stock"] = d["stock"] + d["discard"], []
    s = rules.play(rules.load(d), "discard 4S")
    after, events = rules.play_events(s, "buy")
    view = deal_end_view(ended(events), s.seat)
    assert view.deal == 2 and view.discard == s.discard[:-1]
    assert sorted(view.hands[s.seat]) == sorted(s.hands[s.seat] + ("4S",))
    assert view.chips[s.seat] == s.chips[s.seat] - 1
