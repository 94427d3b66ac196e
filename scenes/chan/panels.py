"""What the Chắn table draws besides cards: each seat's name panel (name, who plays it,
dealer, card count), the labels of gates and shown pairs, the live-card tag, and the
words of the end screen (features with base and dịch, the score's arithmetic, the
settlement)."""

from __future__ import annotations

from collections import Counter

import pygame

from game.rules.chan.hands import FEATURE_VALUES, PLAIN_SCORE, PLAIN_WIN
from scenes import theme

DEALER = "Dealer"
LIVE = "live card"


def seat_panel(surface: pygame.Surface, rect: pygame.Rect, name: str, level: str, count: int,
               dealer: bool, active: bool, thinking: str = "") -> None:
    """A seat's panel: name in bold, who plays it, a "Dealer" badge, the card count apart."""
    theme.panel(surface, rect, alpha=190, edge=theme.GOLD if active else theme.PANEL_EDGE,
                radius=10)
    two_lines = rect.height >= 44
    y1 = rect.y + 13 if two_lines else rect.centery
    end = theme.blit_text(surface, name, (rect.x + 10, y1), 15, theme.INK, "bold",
                          anchor="midleft").right
    theme.blit_text(surface, f"{count} cards", (rect.right - 10, y1), 14, theme.GOLD, "bold",
                    anchor="midright")
    if two_lines:
        x, y = rect.x + 10, rect.bottom - 13
    else:
        x, y = end + 12, rect.centery
    if level:
        x = theme.blit_text(surface, level, (x, y), 13, theme.INK_DIM, anchor="midleft").right
        x += 10
    if dealer:
        badge(surface, DEALER, (x, y))
    if thinking:
        theme.blit_text(surface, thinking, (rect.right - 10, rect.bottom - 13 if two_lines
                        else rect.centery), 16, theme.INK_FAINT,
                        anchor="midright" if two_lines else "midright")


def badge(surface: pygame.Surface, text: str, midleft: tuple[int, int],
          colour: tuple[int, int, int] = theme.GOLD) -> pygame.Rect:
    """A small filled pill with dark text (the dealer, the live card)."""
    img = theme.text(text, 12, (30, 24, 10), "bold")
    box = img.get_rect(midleft=(midleft[0] + 6, midleft[1])).inflate(12, 4)
    box.x = midleft[0]
    pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
    surface.blit(img, img.get_rect(center=box.center))
    return box


def box_label(surface: pygame.Surface, rect: pygame.Rect, text: str, lit: bool = False,
              right: bool = False) -> None:
    """A box's name in its label strip (gates on the right: the live-card tag goes left)."""
    pos, anchor = ((rect.right - 8, rect.y + 3), "topright") if right else (
        (rect.x + 8, rect.y + 3), "topleft")
    theme.blit_text(surface, text, pos, 12, theme.GOLD if lit else theme.INK_DIM, "bold",
                    anchor=anchor)


def live_tag(surface: pygame.Surface, centre_x: float, card_top: float) -> None:
    """The word "live card" in a gold pill just above the live card."""
    img = theme.text(LIVE, 12, (30, 24, 10), "bold")
    box = img.get_rect(midbottom=(round(centre_x), round(card_top) - 2)).inflate(12, 4)
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.height // 2)
    surface.blit(img, img.get_rect(center=box.center))


# -- the end screen -------------------------------------------------------------------------

def feature_words(features: list[str]) -> str:
    """Each feature found with its base and dịch, e.g. "Ù chì (base 3, dịch 1)"."""
    if not features or features == [PLAIN_WIN]:
        return f"{PLAIN_WIN}: a plain win, {PLAIN_SCORE} points"
    out = []
    for feature, times in Counter(features).items():
        base, dich = FEATURE_VALUES[feature]
        many = f" ×{times}" if times > 1 else ""
        out.append(f"{feature}{many} (base {base}, dịch {dich})")
    return "Features: " + " · ".join(out)


def score_words(features: list[str], arithmetic: str, score: int, width: int = 600) -> str:
    """The score's arithmetic, with the rule behind it when that fits one line of
    ``width`` pixels (the results screen shows two lines)."""
    real = [f for f in features if f != PLAIN_WIN]
    if len(real) <= 1:
        return f"Score: {arithmetic or f'{PLAIN_WIN} {PLAIN_SCORE}'} = {score} points" if (
            "=" not in arithmetic) else f"Score: {arithmetic} points"
    rule = ("Thập thành adds every base" if "Thập thành" in real
            else "highest base + each other dịch")
    line = f"Score: {arithmetic} ({rule})"
    return line if len(theme.wrap(line, 18, width)) == 1 else f"Score: {arithmetic}"


def settlement_cells(res: dict, seat: int) -> tuple[str, str]:
    """(points, what happens) for ``seat`` in the settlement of ``res``."""
    pay = res["settlement"][seat]
    winner, score = res["winner"], res["score"]
    if winner is None:
        return "0", "nobody pays"
    if seat == winner:
        others = len(res["settlement"]) - 1
        return f"{pay:+d}", f"receives {others} × {score}"
    return f"{pay:+d}", f"pays {score} to the winner"
