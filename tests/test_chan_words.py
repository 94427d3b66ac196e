"""The Chắn table's words in English, Persian and Vietnamese: the log (``game.words.chan``),
prompts derived from the legal moves, refusals in plain words, the end screen's lines, and
the table itself in Vietnamese through the real event loop."""

from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from game.session import Session
from game.words import chan as words
from scenes.chan import panels, prompts

CODE = re.compile(r"\b([2-9][MSC]|CC)\b")
PERSIAN = re.compile(r"[\u0600-\u06FF]")
ENGLISH = re.compile(r"\b(discarded|took|passed|revealed|declined|gate|with|cannot|card|your|"
                     r"you|the|take|press|draw|hand|base|score|features|pays|receives)\b", re.I)
SEATS = (Seat("human"),) + (Seat("ai", "easy"),) * 3
NAMES = ["You", "Seat 2", "Seat 3", "Seat 4"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def positions(seeds: range, limit: int = 90):
    """(state, legal moves, move played) along random deals."""
    for seed in seeds:
        rng = random.Random(seed)
        session = Session.new(GameConfig("chan", SEATS, seed, {}))
        while session.result is None and len(session.moves) < limit:
            state = session.state
            legal = rules.legal_moves(state)
            move = "u" if "u" in legal else rng.choice(legal)
            yield state, legal, move
            session.play(move)


def in_language(lang: str, make, *args):
    """``make(*args)`` with ``lang`` the current language."""
    i18n.set_language(lang)
    try:
        return make(*args)
    finally:
        i18n.set_language("en")


def plain(text: str) -> str:
    return text.replace(words.NBSP, " ")


def check_translated(english: str, text: str, lang: str) -> None:
    """``text`` is ``english`` in ``lang``: different, no card codes, no English words (the
    Vietnamese card names and game terms are not English)."""
    assert text and text != english, (lang, english)
    assert not CODE.search(text) and "restriction" not in text, text
    bare = text
    for face in rules.FACES:
        bare = bare.replace(words.card(face), "")
    assert not ENGLISH.search(bare), (lang, text)
    if lang == "fa":
        assert PERSIAN.search(text), text


# -- the log ----------------------------------------------------------------------------------

def test_log_lines_name_cards_as_the_table_shows_them_in_every_language():
    verbs = set()
    for state, _legal, move in positions(range(6)):
        english = words.describe(state, move, NAMES)
        verbs.add(move.split()[0])
        assert not CODE.search(english) and "restriction" not in english, english
        for card in move.split()[1:]:
            assert words.card(card) in english, (move, english)
        if move == "u":  # the score's sum, which names each feature once, with its points
            found = rules.result(rules.play(state, move))["features"]
            assert english.endswith(words.arithmetic(found)), english
            assert " — " not in english, english
        for lang in ("fa", "vi"):
            text = in_language(lang, lambda s, m: words.describe(
                s, m, [i18n._("You"), "Seat 2", "Seat 3", "Seat 4"]), state, move)
            if english == "":  # another seat's declined claim: not told in any language
                assert move == "decline" and text == "", (lang, move, text)
                continue
            check_translated(english, text, lang)
    assert {"discard", "draw", "pass"} <= verbs and verbs & {"chan", "ca"}


def test_the_log_knows_who_is_you_and_whose_gate():
    session = Session.new(GameConfig("chan", SEATS, 5, {}))
    rng = random.Random(5)
    seen = set()
    while session.result is None and len(seen) < 3 and len(session.moves) < 200:
        state = session.state
        legal = rules.legal_moves(state)
        move = rng.choice(legal)
        line = words.describe(state, move, NAMES)
        if move.startswith(("chan ", "ca ")) and state.live.gate != state.seat:
            owner = NAMES[state.live.gate]
            assert (f"from {owner}'s gate" in line) or ("from your gate" in line), line
            seen.add("capture")
        if move.startswith("discard ") and state.seat == 0:
            assert line.startswith("You discarded "), line
            vi = in_language("vi", words.describe, state, move, ["Bạn"] + NAMES[1:])
            assert vi.startswith("Bạn đánh "), vi
            fa = in_language("fa", words.describe, state, move, ["شما"] + NAMES[1:])
            assert fa.startswith("شما ") and fa.endswith("دور انداختید"), fa  # "you" form
            seen.add("you")
        if move.startswith("discard ") and state.seat != 0:
            fa = in_language("fa", words.describe, state, move, ["شما"] + NAMES[1:])
            assert fa.endswith("دور انداخت"), fa  # third person
            seen.add("other")
        session.play(move)
    assert seen == {"capture", "you", "other"}


def test_the_session_logs_moves_in_the_language_of_the_moment():
    i18n.set_language("vi")
    session = Session.new(GameConfig("chan", SEATS, 3, {}))
    move = rules.legal_moves(session.state)[0]
    before = session.state
    session.play(move)
    assert session.log[-1] == words.describe(before, move, session.seat_names())
    assert session.log[-1].split()[-2:] != move.split()[-2:]
    assert "đánh" in session.log[-1], session.log[-1]  # the dealer's first discard


def test_the_arithmetic_is_written_with_the_languages_digits():
    assert plain(words.arithmetic(["Lèo", "Ù chì"])) == "Lèo 5 + Ù chì dịch 1 = 6"
    assert plain(words.arithmetic([])) == "Ù xuông 2"
    assert plain(words.arithmetic(["Thập thành", "Ù chì"])) == "Thập thành 12 + Ù chì 3 = 15"
    fa = in_language("fa", lambda: plain(words.arithmetic(["Lèo", "Ù chì"])))
    assert fa == "Lèo ۵ + Ù chì dịch ۱ = ۶"


# -- prompts and refusals ---------------------------------------------------------------------

def test_every_refused_capture_or_discard_is_explained_in_the_tables_own_words():
    """The table mirrors the engine's checks: for every illegal capture of the live card
    with a hand card and every illegal discard, a reason of its own (never the engine's
    words), naming cards by their Tổ Tôm names."""
    explained = 0
    for state, legal, _move in positions(range(8), limit=70):
        if state.phase not in ("respond", "revealed", "discard", "open"):
            continue
        hand = set(state.hands[state.seat])
        tries = []
        if state.live is not None and state.phase in ("respond", "revealed"):
            live = state.live.card
            tries += [f"chan {live}" if c == live else f"ca {live} {c}" for c in hand]
        if state.phase in ("discard", "open"):
            tries += [f"discard {c}" for c in hand]
        for move in tries:
            if move in legal:
                continue
            reason = prompts.why(state, move)
            try:
                rules.play(state, move)
            except ValueError as exc:
                engine = prompts.player_words(str(exc))
            assert reason and reason != engine and not CODE.search(reason), (move, reason)
            assert "restriction" not in reason
            explained += 1
    assert explained > 100


def test_the_prompt_is_built_from_the_legal_moves_in_every_language():
    kinds = set()
    for state, legal, _move in positions(range(10)):
        english = prompts.prompt(state, legal)
        takes = prompts.captures(legal)
        assert english.startswith("Take ") == bool(takes) or "Ù!" in english or (
            "Chíu!" in english), (english, legal)
        if state.phase in ("respond", "revealed") and not takes and "u" not in legal and not any(
                m.startswith("chiu") for m in legal):
            assert english.startswith(f"You cannot take {words.card(state.live.card)}.")
            kinds.add("cannot")
        if takes:
            kinds.add("take")
        if state.phase == "claim":
            assert "Decline" in english
            kinds.add("claim")
        for lang in ("fa", "vi"):
            check_translated(english, in_language(lang, prompts.prompt, state, legal),
                             lang)
    assert {"cannot", "take"} <= kinds


def test_a_refusal_in_persian_and_vietnamese():
    for state, _legal, _move in positions(range(10)):
        if state.phase == "discard":
            even = [c for c in set(state.hands[state.seat])
                    if state.hands[state.seat].count(c) == 2]
            if even:
                move = f"discard {even[0]}"
                english = prompts.why(state, move)
                assert english == (f"That would split your pair of {words.card(even[0])}: "
                                   "identical pairs stay together in your hand.")
                vi = in_language("vi", prompts.why, state, move)
                fa = in_language("fa", prompts.why, state, move)
                assert vi.startswith("Làm vậy là xé đôi " + words.card(even[0]))
                check_translated(english, vi, "vi")
                check_translated(english, fa, "fa")
                return
    raise AssertionError("no pair to split came up")


# -- the end screen ---------------------------------------------------------------------------

def test_the_end_screen_lines_in_every_language():
    import pygame

    pygame.init()
    res = {"winner": 1, "score": 6, "settlement": [-6, 18, -6, -6]}
    english = (panels.feature_words(["Ù chì", "Lèo"]), panels.score_words(["Ù chì", "Lèo"], 6),
               panels.settlement_cells(res, 1), panels.settlement_cells(res, 0))
    assert plain(english[0]) == "Features: Ù chì (base 3, dịch 1) · Lèo (base 5, dịch 2)"
    assert plain(english[1]).startswith("Score: Lèo 5 + Ù chì dịch 1 = 6")
    assert english[2] == ("+18", "receives 3 × 6") and english[3] == ("-6", "pays 6")
    for lang in ("fa", "vi"):
        lines = in_language(lang, lambda: (
            panels.feature_words(["Ù chì", "Lèo"]), panels.score_words(["Ù chì", "Lèo"], 6),
            panels.settlement_cells(res, 1), panels.settlement_cells(res, 0)))
        check_translated(english[0], lines[0], lang)
        check_translated(english[1], lines[1], lang)
        check_translated(english[2][1], lines[2][1], lang)
        check_translated(english[3][1], lines[3][1], lang)
        if lang == "fa":
            assert lines[2][0] == "+۱۸" and "۶" in lines[3][1]
    # many features: each line still fits the results screen's one line
    many = ["Tôm", "Tôm", "Lèo", "Ù chì", "Tám đỏ"]
    from scenes import theme

    for lang in ("en", "fa", "vi"):
        for text in in_language(lang, lambda: (panels.feature_words(many),
                                               panels.score_words(many, 13))):
            assert len(theme.wrap(text, 18, 600)) == 1, (lang, text)


# -- the table in Vietnamese, through the real event loop -------------------------------------

def test_the_table_speaks_vietnamese(app, drive):
    from scenes.chan_table import ChanTable

    app.settings.language = "vi"
    i18n.set_language("vi")
    rng = random.Random(5)
    session = Session.new(GameConfig("chan", SEATS, 5, {}))
    while not (rules.to_move(session.state) == 0 and "draw" in rules.legal_moves(session.state)
               and len(session.moves) > 8):
        session.play(rng.choice(rules.legal_moves(session.state)))
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.mine
    labels = {w.label for w in table.widgets.widgets}
    assert "Lật nọc" in labels and "Draw" not in labels
    check_translated("-", table.prompt_text(), "vi")
    # a hand card dropped on the gate before taking a card: refused in Vietnamese
    _, ent = table.sync.entities("hand")[0]
    drive.drag(table.grip(ent), table.layout["gate_0"].rect.center, steps=6)
    drive.settle()
    assert app.toasts and app.toasts[-1].error
    assert app.toasts[-1].text.startswith("Chỉ được đánh bài sau khi ăn"), app.toasts[-1].text
    check_translated("-", app.toasts[-1].text, "vi")
    before = len(table.session.moves)
    drive.click(table.move_buttons["draw"].rect.center)  # the Vietnamese button plays it
    drive.settle()
    assert table.session.moves[before] == "draw"
    assert "lật nọc ra" in table.session.log[before], table.session.log[before]


def test_the_tables_buttons_follow_a_change_of_language(app, drive):
    from scenes.chan_table import ChanTable
    from scenes.settings import set_app_language

    rng = random.Random(5)
    session = Session.new(GameConfig("chan", SEATS, 5, {}))
    while not (rules.to_move(session.state) == 0 and "draw" in rules.legal_moves(session.state)
               and len(session.moves) > 8):
        session.play(rng.choice(rules.legal_moves(session.state)))
    table = ChanTable(app, session.config, session)
    app.scenes.reset(table, transition=None)
    drive.settle(1200)
    assert table.move_buttons["draw"].label == "Draw"
    english = table.prompt_text()
    set_app_language(app, "fa")
    assert table.move_buttons["draw"].label == "رو کردن"
    assert any(w.label == "چینش: جفت‌ها" for w in table.widgets.widgets)
    check_translated(english, table.prompt_text(), "fa")
    drive.step(2)  # draws in Persian without trouble
    set_app_language(app, "en")
    assert table.move_buttons["draw"].label == "Draw"


def test_hints_name_the_move_in_every_language():
    from scenes.chan import words as table_words

    moves = ["discard 5M", "chan 5M", "ca 5M 5S", "chiu 5M", "u", "draw", "pass", "decline"]
    for move in moves:
        english = table_words.hint(move, "5M")
        assert english.startswith("Hint: ") and not CODE.search(english), english
        if move != "u" and len(move.split()) > 1:  # the card to play or to take it with
            assert words.card(move.split()[-1]) in english, english
        for lang in ("fa", "vi"):
            check_translated(english, in_language(lang, table_words.hint, move, "5M"), lang)


def test_another_seats_declined_claim_is_not_told_in_the_log(app, drive):
    """Only a seat holding three of the card (or winning on it) is asked to claim it: "Seat 3
    declined the claim on Tam Văn" told everyone that Seat 3 held three Tam Văn. Your own
    decline is still told; the log's numbers run on without the untold move."""
    from scenes.chan_table import ChanTable
    from scenes.game_table import told
    from tests.test_chan_rules import CHIU_3C, WAIT_7M, position

    dealer_hand = "3C 2S 3S 4M 4C 5S 6S 6C 7S 7C 8C 8S 9M 9C CC CC CC 2M 3M 4S".split()
    state = rules.play(rules.load(position({0: dealer_hand, 1: WAIT_7M, 2: CHIU_3C},
                                           to_move=0, phase="open")), "discard 3C")
    assert rules.to_move(state) == 2 and "decline" in rules.legal_moves(state)
    names = ["You", "Seat 2", "Seat 3", "Seat 4"]
    assert words.describe(state, "decline", names) == ""
    mine = ["Seat 1", "Seat 2", "You", "Seat 4"]
    assert words.describe(state, "decline", mine) == f"You did not chíu {words.card('3C')}"
    # a win declined says so (both read "declined the claim")
    data = position({1: WAIT_7M}, to_move=3, phase="respond", dealer=2,
                    gates={2: ["9M"]}, live={"gate": 2, "card": "9M", "from": "discard"},
                    stock_top=["7M"])  # seat 4 reveals 7M: seat 2 may win on it
    offered = rules.play(rules.load(data), "draw")
    assert rules.to_move(offered) == 1 and rules.legal_moves(offered) == ["u", "decline"]
    you_second = ["Seat 1", "You", "Seat 3", "Seat 4"]
    assert words.describe(offered, "decline", you_second) == (
        f"You did not win on {words.card('7M')}")

    config = GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 1, {})
    session = Session(config, rules, state, state)
    session.play("decline")
    assert session.log == [""]
    assert told(["1", "", "2"]) == ["1", "2"]
    table = ChanTable(app, config, session)
    app.scenes.push(table, transition=None)
    drive.settle()
    lines = table._log_lines(400)
    assert not any("declined" in line for line in lines)
    assert [line.split(".")[0] for line in lines if line[:1].isdigit()] == [
        str(n) for n in range(1, len(told(session.log)) + 1)]


def test_persian_short_features_keep_each_name_with_its_numbers():
    """"امتیازهای ویژه (پایه/dịch): Ù chì ۳/۱؛ ..." drew "dịch): Ù chì ۳/۱" as one
    left-to-right piece, splitting the legend in two: each feature is its own block now."""
    import pygame

    from scenes import theme

    pygame.init()
    i18n.set_language("fa")
    try:
        line = panels.feature_words(["Ù chì", "Bạch thủ", "Tôm"], 520)
        assert "/dịch" in line  # the short form, with its legend
        runs = [text for text, rtl in theme.bidi_runs(line) if not rtl]
        assert "dịch" in runs and "Ù\u00a0chì\u00a0۳/۱" in runs
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, mine, theirs", [
    ("en", "Your turn…", "Seat 2 to play…"), ("vi", "Đến lượt bạn…", "Đến lượt Ghế 2…")])
def test_the_prompt_while_your_move_lands_speaks_to_you(lang, mine, theirs):
    """"You to play…" ("Đến lượt Bạn…", a capital in mid-sentence) while your move landed."""
    from scenes.chan import words as table_words

    i18n.set_language(lang)
    try:
        assert table_words.to_play(i18n._("You")) == mine
        assert table_words.to_play(i18n._("Seat {number}").format(number=2)) == theirs
    finally:
        i18n.set_language("en")


def test_a_card_discarded_into_your_gate_after_a_chiu_is_not_told_as_your_own():
    """After a chíu on a card seat 2 turned up, the chíu-er's discard lies in seat 2's gate
    and seat 2 decides on it: taking it is told as a card discarded there (pt84 read "from
    their own gate" as a card seat 2 had turned up itself)."""
    from tests.test_chan_rules import CHIU_3C, position

    hand = "4M 4M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2S 7C 3M 4C 6S 6C 7M".split()
    data = position({1: hand, 3: CHIU_3C}, to_move=1, phase="respond", dealer=2,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["3C"])
    state = rules.play(rules.play(rules.play(rules.load(data), "draw"), "chiu 3C"), "discard 2C")
    assert state.live == rules.Live(1, "2C", "discard") and rules.to_move(state) == 1
    take = next(m for m in rules.legal_moves(state) if m.startswith("ca "))
    assert plain(words.describe(state, take, NAMES)) == (
        "Seat 2 took Nhị Văn (discarded into their gate after a chíu) with Nhị Sách: a Cạ")
    you = ["Seat 4", "You", "Seat 2", "Seat 3"]
    assert plain(words.describe(state, take, you)) == (
        "You took Nhị Văn (discarded into your gate after a chíu) with Nhị Sách: a Cạ")
    assert "discarded into" not in words.describe(
        state, "draw" if "draw" in rules.legal_moves(state) else "pass", NAMES)


def test_the_running_totals_of_chan_count_van_in_vietnamese():
    """A game of Chắn is one deal: its running totals say "ván" in Vietnamese, where
    Telefunken's (seven deals a game) say "trận" (pt101)."""
    from game import i18n
    from scenes.chan.table import ChanTable
    from scenes.telefunken.table import TelefunkenTable

    i18n.set_language("vi")
    try:
        assert ChanTable.sitting_total_title(None, 3) == "Tổng sau 3 ván"
        assert TelefunkenTable.sitting_total_title(None, 3) == "Tổng sau 3 trận"
    finally:
        i18n.set_language("en")
    assert ChanTable.sitting_total_title(None, 3) == "Total, 3 deals"


def test_chans_results_offer_the_next_van_in_vietnamese(app):
    """Chắn's results button for the next game says "Ván mới" in Vietnamese (a deal), the
    other games' "Trận mới" (pt101); in English both "Play again"."""
    from game import i18n
    from scenes.chan.table import ChanTable
    from scenes.results import ResultsOverlay
    from scenes.zertz_table import ZertzTable

    i18n.set_language("vi")
    try:
        assert ChanTable.play_again_words(None) == "Ván mới"
        assert ZertzTable.play_again_words(None) == "Trận mới"
        overlay = ResultsOverlay(app, "t", "s", ["a"], [["1"]], lambda: None, lambda: None,
                                 again_words=lambda: ChanTable.play_again_words(None))
        assert overlay.widgets.widgets[0].label == "Ván mới"
    finally:
        i18n.set_language("en")
    assert ChanTable.play_again_words(None) == "Play again"


def test_a_chiu_of_a_card_discarded_into_your_gate_after_a_chiu_says_so(app, drive):
    """Seat 1's chíu discarded a card into Seat 2's gate, and Seat 2, holding three of it,
    chíu'd it: the banner said "Chíu! Seat 2 takes Cửu Vạn from their own gate", as if Seat 2
    had put it there (pt138). The banner says "from their gate", the move list how it came there."""
    from game.catalog import GameConfig, Seat
    from game.session import Session
    from scenes.chan_table import ChanTable, perform
    from tests.test_chan_rules import CHIU_3C, position

    hand = "4M 4M 4S 4S 5C 5C 6M 6M 8M 8M 9S 9S 2C 2C 2C 4C 6S 6C 7M".split()
    data = position({1: hand, 3: CHIU_3C}, to_move=1, phase="respond", dealer=2,
                    gates={0: ["9M"]}, live={"gate": 0, "card": "9M", "from": "discard"},
                    stock_top=["3C"])
    config = GameConfig("chan", (Seat("ai", "normal"), Seat("human"), Seat("ai", "normal"),
                                 Seat("ai", "normal")), 3, {})
    state = rules.load(data)
    session = Session(config, rules, state, state)
    for move in ("draw", "chiu 3C", "discard 2C"):
        session.play(move)
    assert "chiu 2C" in rules.legal_moves(session.state)
    table = ChanTable(app, config, session)
    app.scenes.reset(table, transition=None)
    drive.settle()
    banners = []
    real = table._announce
    table._announce = lambda text: (banners.append(text), real(text))
    perform(drive, table, "chiu 2C")
    assert [plain(b) for b in banners] == [
        "Chíu! You take Nhị Văn from your gate"]
    assert plain(table.session.log[-1]).startswith(
        "You chíu'd Nhị Văn (discarded into your gate after a chíu)")
