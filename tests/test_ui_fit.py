"""Text that must stay inside its button or panel, in every language (visual review finds)."""

from __future__ import annotations

import contextlib

import pygame
import pytest

from scenes.widgets import Button


@pytest.fixture
def screen():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((320, 200))


@pytest.mark.parametrize("label, note", [
    ("Resume this game", "deal 1, 21 moves"),
    ("Tiếp tục ván này", "ván 1, 21 nước đi"),
    ("ادامهٔ همین بازی", "دست ۱، ۲۱ حرکت"),
])
def test_a_low_button_keeps_its_label_and_note_off_its_edges(screen, label, note):
    """A menu tile's Resume button (40 px high, label and the saved game's details): the
    note used to be drawn over the button's bottom edge (cut off in Persian)."""
    rect = pygame.Rect(20, 20, 210, 40)  # the menu's Resume: tile width - 60, 40 high

    def drawn(label_text: str, note_text: str) -> pygame.Surface:
        surface = pygame.Surface((260, 100))
        surface.fill((30, 90, 60))
        Button(rect, label_text, lambda: None, size=16, note=note_text).draw(surface)
        return surface

    with_text = drawn(label, note)
    # the same button with invisible text: every pixel of its edge must be untouched
    blank = drawn(" ", " ")
    for y in (*range(rect.top, rect.top + 2), *range(rect.bottom - 2, rect.bottom)):
        for x in range(rect.left + 12, rect.right - 12):
            assert with_text.get_at((x, y)) == blank.get_at((x, y)), (x, y)


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_statistics_columns_leave_room_between_words(lang):
    """The statistics table: "Bình thường" (Normal, Vietnamese) ran into the next column's
    figure with no space between them; every word keeps clear of the next column, and the
    table stays clear of the chart beside it."""
    from game.app import App
    from game.settings import Settings
    from scenes import theme
    from scenes.stats import LEVELS, StatsScene

    app = App(settings=Settings(language=lang), persist=False)
    app.start()
    try:
        scene = StatsScene(app, "telefunken")
        records = scene.records()
        for level in LEVELS:  # big numbers too
            records[level].update(played=1234, won=1000, lost=234, drawn=0, streak=12,
                                  longest=99, best=-120)
        cells = scene.table_cells(records)
        columns = len(scene.headings())
        assert len(cells) == columns * (1 + len(LEVELS))
        p = scene.panel
        x0, y0 = p.x + 40, p.y + 90
        chart = theme.mirror(pygame.Rect(x0 + 760, y0 + 30, p.right - x0 - 800, 200), p)
        for start in range(0, len(cells), columns):
            row = [rect for *_, rect in cells[start:start + columns]]
            if lang == "fa":
                row = [pygame.Rect(p.right - (r.right - p.x), r.y, r.w, r.h) for r in row]
            for left, right in zip(row, row[1:]):
                assert right.left - left.right >= 10, (cells[start][0], left, right)
            assert all(not r.colliderect(chart) and p.contains(r) for r in
                       (rect for *_, rect in cells[start:start + columns]))
    finally:
        app.scenes.stack.clear()


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_telefunken_score_sheet_totals_of_six_seats_stay_apart_and_inside(screen, lang):
    """Six seats late in a game (totals in the hundreds): the totals ran together and the
    last one out to the panel's edge, past the line above them."""
    from types import SimpleNamespace

    from game import i18n
    from game.layout import load_layout
    from scenes.telefunken import panels

    i18n.set_language(lang)
    try:
        rect = load_layout("telefunken")["scores"].rect
        surface = pygame.Surface((1280, 720))
        state = SimpleNamespace(deal=6, totals=(155, 282, 182, 143, 810, 213))
        penalties = [(0, 85, 25, 21, 65, 28)] * 5
        names = ["You"] + [f"Seat {k}" for k in range(2, 7)]
        totals = panels.draw_scores(surface, rect, state, penalties, names)
        assert len(totals) == 6
        inside = rect.inflate(-20, 0)  # the line above the totals ends 10 px inside
        ordered = sorted(totals, key=lambda r: r.x)  # (in Persian the first seat is rightmost)
        for left, right in zip(ordered, ordered[1:]):
            assert right.left - left.right >= 6, (left, right)
        assert all(inside.contains(t) for t in totals), (inside, totals)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("game, players", [("zetema", 6), ("telefunken", 6), ("chan", 4)])
def test_card_table_replay_bar_is_on_screen_and_clear_of_the_panels(game, players, lang):
    """A card game's replay (results screen -> Replay): the bar was laid out for Zertz's tall
    status panel, so at a card table, whose status row is 62 px high at the bottom, its
    buttons (Close replay too) fell below the screen. Now every button is on screen, clear
    of the move log and the score sheet, and Close replay closes it."""
    with _replay(game, players, lang, at=lambda moves, state: len(moves) == 20) as (app, drive):
        table = drive.scene
        buttons = [w.rect for w in table.replay_controls.widgets.widgets]
        screen = app.screen.get_rect()
        assert all(screen.contains(b) for b in buttons), buttons
        bar = table.replay_rect()
        assert screen.contains(bar) and all(bar.contains(b) for b in buttons)
        assert not bar.colliderect(table.log_rect())
        if game == "zetema":
            assert not bar.colliderect(table.sheet_rect())
        drive.click(buttons[-1].center)  # Close replay
        drive.settle()
        assert drive.scene is not table


@contextlib.contextmanager
def _replay(game: str, players: int, lang: str, at):
    """An app showing the replay of a game of random legal moves (one person, the other
    seats easy computers), stepped to the first position where ``at(moves, state)`` holds
    (after 40 moves at most); yields (app, driver)."""
    import importlib
    import random

    from game.app import App
    from game.catalog import GameConfig, Seat
    from game.driver import Driver
    from game.session import Session
    from game.settings import Settings
    from scenes.replay import start_replay

    app = App(settings=Settings(language=lang, animation="instant"), persist=False)
    app.start()
    try:
        drive = Driver(app)
        drive.settle()
        rules = importlib.import_module(f"game.rules.{game}")
        module = importlib.import_module(f"scenes.{game}_table")
        cls = {"zetema": "ZetemaTable", "telefunken": "TelefunkenTable", "chan": "ChanTable"}
        config = GameConfig(game, (Seat("human"),) + (Seat("ai", "easy"),) * (players - 1), 3)
        session, rng, moves, where = Session.new(config), random.Random(1), [], None
        for _ in range(40):
            legal = rules.legal_moves(session.state)
            if not legal:
                break
            if where is None and at(moves, session.state):
                where = len(moves)
            moves.append(rng.choice(legal))
            session.play(moves[-1])
        assert where is not None
        start_replay(app, getattr(module, cls[game]), config, moves, at=where)
        drive.settle()
        yield app, drive
    finally:
        app.scenes.stack.clear()


@pytest.mark.parametrize("game", ["zetema", "chan"])
def test_a_replay_never_says_the_computer_is_thinking(game, monkeypatch):
    """A replay stepped to a computer seat's turn showed "thinking…" (animated dots) on that
    seat's panel, though nothing thinks in a replay."""
    import importlib

    shown = []
    if game == "zetema":
        from scenes.zetema import words

        real = words.thinking
        monkeypatch.setattr(words, "thinking", lambda dots: shown.append(dots) or real(dots))
    else:
        from scenes.chan import panels

        real = panels.seat_panel

        def seat_panel(*args, **kwargs):
            if (args[7:8] or [kwargs.get("thinking", "")])[0]:
                shown.append(args[2])
            return real(*args, **kwargs)

        monkeypatch.setattr(panels, "seat_panel", seat_panel)
    rules = importlib.import_module(f"game.rules.{game}")

    def computer_to_move(moves, state):
        return len(moves) > 3 and rules.to_move(state) != 0

    players = 4 if game == "chan" else 3
    with _replay(game, players, "en", at=computer_to_move) as (_app, drive):
        assert rules.to_move(drive.scene.state) != 0
        drive.step(20)
        assert shown == []


def test_a_last_move_tag_is_never_crossed_by_another_seats_outline(screen):
    """Telefunken's melds of two seats in rows: the lower meld's "Seat 2" tag sat on the
    upper meld's red outline, which was drawn after it and crossed its words."""
    from scenes.marks import LastMoves, _tag, tag_spots

    marks = LastMoves()
    lower = pygame.Rect(100, 200, 60, 80)   # seat 2's meld, tagged
    upper = pygame.Rect(60, 100, 140, 90)   # your meld just above: its outline's bottom edge
    marks.place(1, lower, label="Seat 2")    # runs through the lower meld's tag
    marks.place(0, upper)
    surface = pygame.Surface((400, 400))
    surface.fill((30, 90, 60))
    marks.draw(surface)
    tag = _tag(pygame.Surface((400, 400)), "Seat 2", marks.colour(1),
               tag_spots("Seat 2", lower.inflate(8, 8)))
    assert tag.colliderect(upper.inflate(8, 8)) and not upper.inflate(2, 2).contains(tag)
    red = marks.colour(0)
    inside = tag.inflate(-6, -4)
    crossed = [(x, y) for x in range(inside.left, inside.right)
               for y in range(inside.top, inside.bottom) if tuple(surface.get_at((x, y)))[:3] == red]
    assert crossed == []


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_a_tiles_resume_and_the_menus_continue_read_differently(lang):
    """In Vietnamese both read "Chơi tiếp", one just above the other on the main menu."""
    from game import i18n

    i18n.set_language(lang)
    try:
        tile = i18n.pgettext("menu tile", "Resume this game")
        assert tile != i18n._("Continue") and tile != i18n._("Resume")
        assert lang == "en" or tile != "Resume this game"  # translated
    finally:
        i18n.set_language("en")


def test_the_results_players_column_is_as_wide_as_its_longest_name(screen):
    """"Ghế 2 (Bình thường)" ran over the results panel's edge: the players' column now
    takes the room its longest name needs, the other columns share the rest."""
    from scenes import theme
    from scenes.results import column_widths

    header = ["Người chơi", "Điểm", "Điểm hạ bài", "Điểm Zetema"]
    rows = [["Ghế 4 (Khó)", "200", "160", "40"], ["Ghế 2 (Bình thường)", "30", "20", "10"]]
    widths = column_widths(header, rows, 600)
    assert sum(widths) <= 600
    assert theme.text_width("Ghế 2 (Bình thường)", 20, "bold") + 12 <= widths[0]
    for c in range(1, 4):
        assert theme.text_width(header[c], 17, "bold") <= widths[c]
    short = [["You", "1", "2", "3"]]
    assert column_widths(header[:1] + ["A", "B", "C"], short, 600) == [150] * 4


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_the_statistics_screen_has_its_title_clear_of_the_tabs(lang, monkeypatch):
    """Every screen but Statistics had a title (pt109): it stands beside the game tabs."""
    from game import i18n
    from game.app import App
    from game.settings import Settings
    from scenes import theme
    from scenes.stats import StatsScene

    app = App(settings=Settings(language=lang), persist=False)
    app.start()
    try:
        scene = StatsScene(app)
        drawn = []
        real = theme.blit_text

        def record(surface, string, pos, size, *args, **kwargs):
            drawn.append((string, pos, size, kwargs.get("anchor")))
            return real(surface, string, pos, size, *args, **kwargs)

        monkeypatch.setattr(theme, "blit_text", record)
        scene.draw(app.screen)
        monkeypatch.setattr(theme, "blit_text", real)
        title = i18n._("Statistics")
        [(_s, (x, y), size, anchor)] = [d for d in drawn if d[0] == title]
        width = theme.text_width(title, size, "serif")
        box = pygame.Rect(x - width if anchor == "midright" else x, y - size // 2, width, size)
        tabs = [theme.mirror(rect, scene.panel) for _key, rect in scene.tabs]
        assert scene.panel.contains(box)
        assert not any(box.inflate(20, 0).colliderect(tab) for tab in tabs)
    finally:
        app.scenes.stack.clear()


def test_telefunkens_hand_header_reads_from_the_right_in_persian(app, drive):
    """Zetema's hand header was mirrored in Persian, Telefunken's not: its title stood mid
    panel against the sort buttons, whose words were shrunk to touch both edges (pt107)."""
    from game import i18n
    from game.catalog import default_config
    from scenes import theme
    from scenes.telefunken import words
    from scenes.telefunken_table import new_scene

    i18n.set_language("fa")
    try:
        table = new_scene(app, default_config("telefunken", seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        hand = table.layout["hand"].rect
        labels = {words.button("rank"), words.button("suit")}
        sort = [w for w in table.widgets.widgets if getattr(w, "label", None) in labels]
        assert len(sort) == 2
        assert all(w.rect.right < hand.centerx for w in sort)  # on the left
        assert min(sort, key=lambda w: w.rect.x).label == words.button("suit")  # rank first
        assert all(theme.text_width(w.label, 13, "bold") <= w.rect.width - 8 for w in sort)
    finally:
        i18n.set_language("en")


def test_chans_shown_pairs_caption_reads_from_the_right_in_persian(app, drive):
    from game import i18n
    from game.catalog import default_config
    from scenes.chan_table import new_scene

    i18n.set_language("fa")
    try:
        table = new_scene(app, default_config("chan", seed=4))
        app.scenes.push(table, transition=None)
        drive.settle()
        captions = table.captions()
        for seat in range(4):
            zone = table.zone("exposed", seat)
            [caption] = [c for c in captions if zone.contains(c)]
            assert zone.right - caption.right <= 10  # against its right edge
    finally:
        i18n.set_language("en")


def test_chans_shown_pairs_start_from_the_right_in_persian(app, drive):
    """The caption of the shown pairs stands on the right in Persian; the pairs began at the
    left (pt110). They now go from the right edge leftwards, the first on the right."""
    import random

    from game import i18n
    from game.catalog import GameConfig, Seat
    from game.rules import chan as rules
    from game.session import Session
    from scenes.chan.table import EXPOSED_W
    from scenes.chan_table import ChanTable

    rng = random.Random(3)
    session = Session.new(GameConfig("chan", (Seat("human"),) + (Seat("ai", "easy"),) * 3, 3, {}))
    while not any(len(groups) >= 2 for groups in session.state.exposed):
        session.play(rng.choice(rules.legal_moves(session.state)))
    i18n.set_language("fa")
    try:
        table = ChanTable(app, session.config, session)
        app.scenes.push(table, transition=None)
        drive.settle()
        checked = 0
        for seat, groups in enumerate(table.state.exposed):
            if len(groups) < 2:
                continue
            cards = [table._card_rect(e, EXPOSED_W) for _, e in table.sync.entities(f"exposed_{seat}")]
            first, second = cards[0], cards[len(groups[0])]
            assert first.centerx > second.centerx  # the first pair on the right
            last_of_first = cards[len(groups[0]) - 1]
            assert table.zone("exposed", seat).right - last_of_first.right <= 12
            checked += 1
        assert checked
    finally:
        i18n.set_language("en")
