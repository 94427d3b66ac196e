"""Zetema's deal summary follows a change of language made over it (pause menu, Settings):
it kept the words of the deal's end under a table in the new language."""

from __future__ import annotations

from scenes.results import DealSummary
from scenes.settings import set_app_language
from tests.test_zetema_table import summary_of_the_last_deal

ENGLISH = ("Deal 1 is over", "Nobody has reached 300 yet: scores carry over to the next deal",
           ["Player", "This deal", "Zetemas made", "Total"])


def test_the_open_summary_changes_language(app, drive):
    set_app_language(app, "vi")
    table, summary = summary_of_the_last_deal(app, drive)
    assert isinstance(summary, DealSummary)
    assert summary.title == "Hết ván 1" and summary.header[0] == "Người chơi"
    assert sorted(row[0] for row in summary.rows) == ["Bạn", "Ghế 2"]
    numbers = [row[1:] for row in summary.rows]
    summary.pause_game()  # Esc over the summary: the pause menu, where Settings are
    drive.settle()
    set_app_language(app, "en")
    app.scenes.pop(transition=None)  # Resume: back to the summary
    drive.settle()
    assert app.scenes.top is summary
    assert (summary.title, summary.subtitle, summary.header) == ENGLISH
    assert sorted(row[0] for row in summary.rows) == ["Seat 2", "You"]
    assert [row[1:] for row in summary.rows] == numbers  # (the same figures)


def test_ctrl_z_and_h_over_the_summary_say_why_they_do_nothing(app, drive):
    """(With the summary open they did nothing and said nothing.)"""
    import pygame

    table, summary = summary_of_the_last_deal(app, drive)
    moves = list(table.session.moves)
    app.toasts.clear()
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert [t.text for t in app.toasts] == ["Nothing to undo: deal 1 is over."]
    drive.key(pygame.K_h)
    assert [t.text for t in app.toasts][-1] == "Deal 1 is over: Continue deals the next one."
    assert app.scenes.top is summary and table.session.moves == moves
