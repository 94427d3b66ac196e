"""The cover's "Since your last move" between people: every move whole, in one size.

Chắn's cover showed six moves in two columns in three sizes, one cut ("…with L…"), and
with as many moves at another turn only "…" and the last three beside an empty half of the
cover (pt138). The recap's lines are wrapped, never cut, in one size, in one column or two,
whichever shows more."""

from __future__ import annotations

import pytest

import scenes.game_table as game_table
from game.catalog import GameConfig, Seat
from scenes.chan_table import ChanTable

SIX = ["13. Seat 2 passed Cửu Vạn and revealed Tứ Văn",
       "14. Seat 2 left Tứ Văn for the next seat",
       "15. Seat 3 passed Tứ Văn and revealed Lục Văn",
       "16. Seat 3 left Lục Văn for the next seat",
       "17. Seat 4 took Lục Văn from Seat 3's gate with Lục Văn: a Chắn",
       "18. Seat 4 discarded Tứ Sách"]
SEVEN = ["55. Seat 2 took Bát Sách from Seat 2's gate with Bát Sách: a Chắn",
         "56. Seat 2 discarded Bát Vạn",
         "57. Seat 3 took Bát Vạn from Seat 2's gate with Bát Vạn: a Chắn",
         "58. Seat 3 took Bát Sách from Seat 2's gate with Bát Vạn: a Cạ",
         "59. Seat 3 discarded Bát Vạn",
         "60. Seat 4 passed Bát Vạn and revealed Tam Sách",
         "61. Seat 4 left Tam Sách for the next seat"]


@pytest.fixture
def chan_cover(app, drive):
    config = GameConfig("chan", (Seat("human"), Seat("human"), Seat("ai", "normal"),
                                 Seat("ai", "normal")), 3, {})
    table = ChanTable(app, config)
    app.scenes.push(table, transition=None)
    drive.settle()
    assert table.curtain
    return table


def drawn_recap(table, monkeypatch, recap: list[str]) -> list[tuple[str, int, tuple]]:
    """(text, size, place) of each row of the recap drawn on the table's cover."""
    monkeypatch.setattr(table, "cover_recap", lambda: ("Since your last move:", recap))
    drawn: list[tuple[str, int, tuple]] = []
    real = game_table.theme.blit_text

    def recording(surface, text, where, size, *args, **kwargs):
        drawn.append((text, size, tuple(where)))
        return real(surface, text, where, size, *args, **kwargs)

    monkeypatch.setattr(game_table.theme, "blit_text", recording)
    table.draw_curtain(table.app.screen, table.layout["hand"].rect)
    monkeypatch.setattr(game_table.theme, "blit_text", real)
    at = next(i for i, (text, _s, _w) in enumerate(drawn) if text == "Since your last move:")
    return drawn[at + 1:]


def entries(rows: list[tuple[str, int, tuple]]) -> list[str]:
    """The recap's lines as drawn, each with its wrapped rows joined."""
    lines: list[str] = []
    for text, _size, _where in rows:
        if text.startswith(game_table.CONTINUED):
            lines[-1] += " " + text.strip()
        else:
            lines.append(text)
    return lines


@pytest.mark.parametrize("recap", [SIX, SEVEN], ids=["six", "seven"])
def test_chans_cover_shows_every_move_since_yours_whole_in_one_size(chan_cover, monkeypatch,
                                                                    recap):
    rows = drawn_recap(chan_cover, monkeypatch, recap)
    assert entries(rows) == recap  # every one, whole, in order: no "…", nothing cut
    assert len({size for _text, size, _where in rows}) == 1
    assert len({where[0] for _text, _size, where in rows if _text[:1].isdigit()}) == 2


def test_more_than_the_cover_holds_shows_the_newest_whole_after_a_mark(chan_cover, monkeypatch):
    recap = [f"{n}. Seat 3 took Tam Văn from Seat 2's gate with Tam Văn: a Chắn"
             for n in range(1, 25)]
    rows = drawn_recap(chan_cover, monkeypatch, recap)
    shown = entries(rows)
    assert shown[0] == "…" and len(shown) > 3
    assert shown[1:] == recap[-(len(shown) - 1):]  # the newest, whole
    assert len({size for _text, size, _where in rows}) == 1
