"""Chắn, from the play-testers of session 44: with a computer in the bottom seat as dealer, its
one-line panel had no room for its level beside the "Dealer" badge ("Seat 1 [Dealer] 19
cards") nor for "thinking…" (every seat's panel now shows both); the "Not saving" mark stood
over Seat 2's card count as the table slid away to the menu; after Esc, then Resume, the card
raised before the pause still showed raised as the pause menu faded."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.catalog import GameConfig, Seat
from game.rules import chan as rules
from scenes.chan import panels
from scenes.chan_table import ChanTable


def drawn_panels(monkeypatch) -> dict[str, dict[str, pygame.Rect]]:
    """What each seat's panel drew at the last frame, by the seat's name."""
    seen: dict[str, dict[str, pygame.Rect]] = {}
    real = panels.seat_panel

    def noted(surface, rect, name, *args, **kwargs):
        seen[name] = real(surface, rect, name, *args, **kwargs)
        return seen[name]

    monkeypatch.setattr(panels, "seat_panel", noted)
    return seen


def dealing_to(seat: int) -> int:
    """A seed whose deal has ``seat`` as its dealer."""
    return next(seed for seed in range(200)
                if rules.new_game(4, seed).dealer == seat)


def test_a_computer_dealer_in_the_bottom_seat_shows_its_level_and_thinking(app, drive,
                                                                            monkeypatch):
    seen = drawn_panels(monkeypatch)
    computers = (Seat("ai", "normal"),) * 4  # (no person: Seat 1, a computer, at the bottom)
    table = ChanTable(app, GameConfig("chan", computers, dealing_to(0), {}))
    app.scenes.reset(table, transition=None)
    assert table.seat_zone(0) == 0 and table.state.dealer == 0
    assert drive.step_until(lambda: table.thinking_seat() == 0, 600)
    drive.step()
    bottom = seen["Seat 1"]
    assert {"name", "level", "dealer", "count", "thinking"} <= set(bottom), bottom
    for name, drawn in seen.items():  # every seat says who plays it
        assert "level" in drawn, (name, drawn)


@pytest.mark.parametrize("lang", ["en", "vi", "fa"])
def test_every_seat_s_panel_has_room_for_its_level_dealer_count_and_thinking(app, lang):
    """Each seat's panel as the table lays it out, dealer and thinking, at every level and
    with each computer's name: nothing of it is left out, nothing overlaps."""
    table = ChanTable(app, GameConfig("chan", (Seat("ai", "normal"),) * 4, 1, {}))
    app.scenes.reset(table, transition=None)
    i18n.set_language(lang)
    surface = pygame.Surface((1280, 720))
    for seat in range(4):
        rect = table.zone("seat", seat)
        for level in ("easy", "normal", "hard"):
            for count in (20, 19, 8):
                drawn = panels.seat_panel(surface, rect, table.seat_name(seat),
                                          panels.level_words(level), count, True, True, 3,
                                          short_level=panels.level_name(level))
                assert set(drawn) == {"name", "level", "dealer", "count", "thinking"}, (
                    seat, level, count, drawn)
                boxes = list(drawn.values())
                assert not any(a.colliderect(b) for i, a in enumerate(boxes)
                               for b in boxes[i + 1:]), drawn
                assert all(rect.contains(box) for box in boxes), (seat, drawn)


def test_the_not_saving_mark_is_not_shown_while_the_table_slides_away(app, drive):
    """Quit to menu: the menu's "Not saving" mark stood in the corner at once, over the
    table sliding away beneath it (Seat 2's card count first); kept at the table's spot, it
    then stood still over the sliding pause menu and the menu's tiles, and jumped to the
    corner (pt158). While the slide runs it is not shown; the menu shows it in its corner."""
    from scenes.menu import MainMenu
    from scenes.pause import PauseMenu
    from tests.test_chan_tags_s19 import ONE_PERSON

    table = ChanTable(app, GameConfig("chan", ONE_PERSON, 3, {}))
    app.scenes.reset(table, transition=None)
    drive.settle(600)
    app.not_saving = app.not_saving_reason = "the disk is full"
    drive.step()
    at_table = app.not_saving_box()
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    pause = app.scenes.top
    assert isinstance(pause, PauseMenu) and app.not_saving_box() == at_table
    drive.click(pause.widgets.widgets[-1].rect.center)  # Quit to menu
    t = app.scenes.transition
    assert isinstance(app.scenes.top, MainMenu) and t is not None and t.style == "slide"
    while app.scenes.transition is not None:
        assert app.not_saving_box() is None, t.progress
        drive.step()
    assert app.not_saving_box().topright == (1276, 1)  # the menu's corner


def _paused_over_a_raised_card(app, drive):
    """A Chắn table, yours to open the deal, the pointer on a card of your hand (raised),
    then Esc: (table, the card, its Transform, where it is drawn raised, its lift)."""
    import esper

    from ecs.components import Transform
    from scenes.pause import PauseMenu
    from tests.test_chan_tags_s19 import ONE_PERSON

    table = ChanTable(app, GameConfig("chan", ONE_PERSON, dealing_to(0), {}))
    app.scenes.reset(table, transition=None)  # (yours to open the deal: your cards rise)
    drive.settle(1200)
    assert table.mine
    code, ent = table.sync.entities("hand")[3]
    spot = esper.component_for_entity(ent, Transform)
    drive.move(table.grip(ent))
    drive.step(30)
    raised, lift = table.render.drawn(ent)[1], round(spot.dy)
    assert lift < 0
    drive.key(pygame.K_ESCAPE)
    drive.settle()
    assert isinstance(app.scenes.top, PauseMenu)
    return table, ent, spot, raised, lift


def test_the_first_frame_after_the_pause_shows_the_hover_as_it_is_now(app, drive):
    """After Esc, then Resume, the card raised under the pointer before the pause showed
    raised for a frame of the fade, under a pointer gone to Resume: every frame of the fade
    shows it down, drawn where it lies."""
    table, ent, spot, raised, lift = _paused_over_a_raised_card(app, drive)
    resume = app.scenes.top.widgets.widgets[0]
    drive.click(resume.rect.center)  # (the pointer leaves the card for Resume)
    assert app.scenes.transition is not None  # the pause menu fades out over the table
    lying = (raised[0], raised[1] - lift)
    frames = 0
    while app.scenes.transition is not None or frames < 2:
        drive.step()
        frames += 1
        assert table.render.drawn(ent)[1] == lying, frames
    assert app.scenes.top is table and spot.dy == 0


def test_the_fading_pause_menu_shows_the_card_come_down_too(app, drive):
    """The pause menu fades out as a picture of itself over the table: that picture still
    showed the card raised, so for a tenth of a second it stood twice, raised in the fading
    picture above itself come down (pt158). The picture now shows the table as it stands
    after Resume: above the card where it lies, what will show there once the fade is over
    (under the menu's veil)."""
    from scenes import theme

    table, ent, spot, raised, lift = _paused_over_a_raised_card(app, drive)
    resume = app.scenes.top.widgets.widgets[0]
    drive.click(resume.rect.center)
    fading = app.scenes.transition.old.copy()
    drive.settle()
    assert app.scenes.top is table
    app.draw(app.screen)
    after = app.screen.copy()
    theme.dim(after, theme.VEIL_PAUSE)  # (as the pause menu veils the table)
    image = table.render.drawn(ent)[0]
    strip = pygame.Rect(raised[0] + 4, raised[1], image.get_width() - 8, -lift)
    differ = sum(fading.get_at((x, y))[:3] != after.get_at((x, y))[:3]
                 for x in range(strip.left, strip.right) for y in range(strip.top, strip.bottom))
    assert differ == 0, (differ, strip.width * strip.height)


def test_a_persons_panel_with_nothing_for_its_second_line_writes_its_line_in_the_middle(app):
    """Two lines high (the bottom seat since it shows a computer's level), a person's panel
    with no Dealer badge wrote "You" and the count along its top over an empty line; its
    one line now stands in the middle, and the badge still takes the second line."""
    surface = pygame.Surface((1280, 720))
    rect = pygame.Rect(10, 430, 276, 44)
    alone = panels.seat_panel(surface, rect, "You", "", 16, False, False)
    assert alone["name"].centery == alone["count"].centery == rect.centery
    dealt = panels.seat_panel(surface, rect, "You", "", 16, True, False)
    assert dealt["name"].centery < rect.centery < dealt["dealer"].centery


def test_the_prompt_warns_that_a_card_you_could_take_as_a_chan_and_leave_bars_your_own(app):
    """"Take Lục Văn with your Lục Văn as a Chắn … Or press Draw to leave it": a newcomer
    left it and found their own Lục Văn barred from a discard or a Cạ, told only when they
    tried (pt161). The prompt says so before where its box has room (in English it has;
    a Persian or Vietnamese prompt is never cut for it); and it is so once the card is
    left."""
    from game.layout import load_layout
    from game.words import chan as card_words
    from scenes.chan import prompts
    from tests.test_chan_words import positions

    area = load_layout("chan")["claims"].rect
    seen = 0
    for state, legal, _move in positions(range(40), limit=120):
        takes = prompts.captures(legal)
        leave = next((m for m in ("draw", "pass") if m in legal), None)
        warning = prompts.leave_warning(state, legal)
        if not takes or not takes[0].startswith("chan ") or leave is None:
            assert warning == ""
            continue
        face = state.live.card
        assert warning.replace(card_words.NBSP, " ") == (
            f"Left, your {card_words.card(face)} may no longer be discarded or used in a "
            "Cạ.").replace(card_words.NBSP, " ")
        text = prompts.prompt(state, legal)
        assert panels.prompt_with(text, warning, area, 46) == f"{text} {warning}"
        for lang in ("fa", "vi"):
            i18n.set_language(lang)
            try:
                shown = panels.prompt_with(prompts.prompt(state, legal),
                                           prompts.leave_warning(state, legal), area, 46)
                assert not panels.prompt_lines(shown, area, 46)[0][-1].endswith(" …")
            finally:
                i18n.set_language("en")
        seat = state.seat
        after = rules.play(state, leave)
        assert face in after.bans[seat].no_discard
        seen += 1
    assert seen
