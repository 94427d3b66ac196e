"""Draw the Tổ Tôm cards used by Chắn.

Running ``python tools/make_totom_cards.py`` from the repository root (headless is fine)
writes 26 PNG images into ``assets/cards/totom/``: one per face -- ``2M`` .. ``9M`` (Vạn),
``2S`` .. ``9S`` (Sách), ``2C`` .. ``9C`` (Văn) and ``CC`` (Chi Chi) -- and ``back.png``.

Options:
    --out DIR            write the images to DIR instead of the bundled assets directory
    --sheet PATH         also write a contact sheet of all 26 images to PATH
    --subset-font        first (re)build ``assets/fonts/TotomSubset.otf`` from a source font
    --source-font PATH   the source font for ``--subset-font`` (an .otf/.ttf or an .ttc)
    --font-number N      face index inside a .ttc source (default: the Traditional Chinese
                         face, found by its name, else 0)

Every image is 96x300 px (the long, narrow shape of real Tổ Tôm cards, about 1:3.1) with
an alpha channel (rounded, transparent corners). Each card is drawn at ``SS`` times that
size with plain pygame shapes and two bundled fonts, then smooth-scaled down, which
anti-aliases every edge. Nothing is random, so the output is the same on every run.

Layout (master pixels), made for a table that shows the cards 44-56 px wide in fans where
only the top part or the left strip of each card is visible:

* top (y 10..176): the rank numeral over the suit character, big and bold, set a little to
  the left of centre so a fan that shows only the left ~60% of each card still shows most
  of both; red cards (8M 9M 8S 9S CC) have them in vermilion, a vermilion double frame and
  a red seal at the right edge between the two; Chi Chi shows two red
  medallions instead of characters;
* middle band (y 182..236): an ornament per suit -- Vạn a key-fret knot, Sách strings of
  cash, Văn round coins with square holes, Chi Chi an endless knot -- each in its own colour;
* bottom: the Vietnamese name (``Nhị`` / ``Vạn``) in two short lines, left of centre like
  the characters, so that the strip a fan shows holds the whole name.

The Chinese characters come from ``assets/fonts/TotomSubset.otf``, a subset of Noto Serif
CJK TC Black holding only the glyphs drawn here (二 三 四 五 六 七 八 九 萬 索 文). It was
built with ``--subset-font --source-font
/usr/share/fonts/opentype/noto/NotoSerifCJK-Black.ttc`` -- that file is in the Debian
package ``fonts-noto-cjk-extra`` (version 1:20220127+repack1-1; face 3 of the collection,
"Noto Serif CJK TC Black", version 2.001). The subset is made with fontTools' pyftsubset
and renamed to the family "Totom Subset" (SIL OFL 1.1: a modified font must not use the
reserved names; "Noto" is also a Google trademark), see
``assets/fonts/LICENSE-TotomSubset.txt``. Latin and Vietnamese text uses the bundled
DejaVu Sans Bold. Nothing here needs a system font at run time, and fontTools is imported
only for ``--subset-font``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "assets" / "fonts"
CJK_FONT = FONT_DIR / "TotomSubset.otf"
LATIN_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"
DEFAULT_OUT = ROOT / "assets" / "cards" / "totom"

SUITS = ("M", "S", "C")
RANKS = tuple(range(2, 10))
TOTOM_CODES = tuple(f"{r}{s}" for s in SUITS for r in RANKS) + ("CC",)
ALL_IMAGES = TOTOM_CODES + ("back",)
RED_CODES = frozenset({"8M", "9M", "8S", "9S", "CC"})

NUMERALS = {2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}
SUIT_CHARS = {"M": "萬", "S": "索", "C": "文"}
CJK_TEXT = "".join(NUMERALS.values()) + "".join(SUIT_CHARS.values())

RANK_NAMES = {2: "Nhị", 3: "Tam", 4: "Tứ", 5: "Ngũ", 6: "Lục", 7: "Thất", 8: "Bát", 9: "Cửu"}
SUIT_NAMES = {"M": "Vạn", "S": "Sách", "C": "Văn"}

W, H = 96, 300  # master size
SS = 4  # supersampling factor
RADIUS = 7  # corner radius
BORDER_W = 1.6

Colour = tuple[int, int, int]
Point = tuple[float, float]

# -- palette --------------------------------------------------------------------------------
PAPER = (243, 230, 200)
PAPER_EDGE = (228, 208, 168)
BORDER = (58, 40, 30)
INK = (28, 22, 20)
RED = (196, 28, 30)
RED_DARK = (140, 16, 20)
SEAL = (208, 36, 36)
GOLD = (206, 160, 70)
GOLD_LIGHT = (240, 206, 128)
WHITE = (252, 246, 232)
SUIT_COLOUR = {"M": (38, 58, 112), "S": (30, 92, 66), "C": (124, 74, 28), "CC": (172, 30, 32)}

# -- geometry (master px) -------------------------------------------------------------------
FRAME = 4.5  # inset of the inner frame line
CHAR_CX = 40  # centre line of the characters (left of the card's centre, 48)
CHAR_H = 72  # height of the em box of the characters
CONDENSE = 0.86  # characters are drawn this much narrower than tall
NUM_CY = 50  # centre of the numeral's em box
SUIT_CY = 133  # centre of the suit character's em box
BAND_T, BAND_B = 184, 236
SEAL_C, SEAL_SIZE = (W - FRAME - 13, 92), 25  # the red seal of red cards
NAME_Y1, NAME_Y2 = 256, 280  # centres of the two name lines
NAME_CX = 30  # ... and of their width, left of the middle (48)
NAME_MAX_W = 40  # a wider line is squeezed: the widest ("Sách", 43) spans x 10..50, inside the
# strip a fan shows of a covered card


# ============================================================================================
# Drawing helpers
# ============================================================================================


def S(v: float) -> int:
    """Master pixels -> supersampled pixels."""
    return round(v * SS)


def SP(p: Point) -> tuple[int, int]:
    return (S(p[0]), S(p[1]))


class Canvas:
    """A supersampled RGBA surface addressed in master coordinates."""

    def __init__(self, w: int = W, h: int = H) -> None:
        self.surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.surf.fill((*BORDER, 0))

    def poly(self, pts: Sequence[Point], colour: Colour, width: float = 0) -> None:
        pygame.draw.polygon(self.surf, colour, [SP(p) for p in pts], S(width) if width else 0)

    def circle(self, c: Point, r: float, colour: Colour, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, SP(c), S(r), S(width) if width else 0)

    def ellipse(self, c: Point, rx: float, ry: float, colour: Colour, width: float = 0) -> None:
        rect = pygame.Rect(S(c[0] - rx), S(c[1] - ry), S(2 * rx), S(2 * ry))
        pygame.draw.ellipse(self.surf, colour, rect, S(width) if width else 0)

    def rect(self, x: float, y: float, w: float, h: float, colour: Colour | tuple[int, ...],
             width: float = 0, radius: float = 0) -> None:
        r = pygame.Rect(S(x), S(y), S(x + w) - S(x), S(y + h) - S(y))
        pygame.draw.rect(self.surf, colour, r, S(width) if width else 0,
                         border_radius=S(radius) if radius else -1)

    def line(self, a: Point, b: Point, colour: Colour, width: float = 1) -> None:
        """A line with round caps."""
        wpx = max(1, S(width))
        pygame.draw.line(self.surf, colour, SP(a), SP(b), wpx)
        for p in (a, b):
            pygame.draw.circle(self.surf, colour, SP(p), wpx / 2)

    def polyline(self, pts: Sequence[Point], colour: Colour, width: float = 1) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(a, b, colour, width)

    def final(self) -> pygame.Surface:
        w, h = self.surf.get_size()
        return pygame.transform.smoothscale(self.surf, (w // SS, h // SS))


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 20) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


_FONTS: dict[tuple[Path, int], pygame.font.Font] = {}


def font(path: Path, size: int) -> pygame.font.Font:
    key = (path, size)
    if key not in _FONTS:
        if not path.is_file():
            raise SystemExit(f"font {path} is missing" + (
                "; rebuild it with --subset-font --source-font PATH" if path == CJK_FONT else ""))
        _FONTS[key] = pygame.font.Font(str(path), size)
    return _FONTS[key]


def cjk_glyph(ch: str, em: float, colour: Colour, condense: float = CONDENSE) -> pygame.Surface:
    """The ink of one CJK character, drawn for an em box ``em`` master px tall, condensed.

    Every character uses the same scale, so a light one (二) stays lighter than a dense one
    (萬), as in print. The result is cropped to the ink and supersampled.
    """
    if ch not in CJK_TEXT:
        raise ValueError(f"{ch!r} is not in the subset font (only {CJK_TEXT})")
    size = S(em)
    surf = font(CJK_FONT, size).render(ch, True, colour)
    ink = surf.subsurface(surf.get_bounding_rect()).copy()
    w, h = ink.get_size()
    return pygame.transform.smoothscale(ink, (max(1, round(w * condense)), h))


def text_surface(text: str, size: float, colour: Colour) -> pygame.Surface:
    return font(LATIN_FONT, S(size)).render(text, True, colour)


def blit_ink_centred(cv: Canvas, surf: pygame.Surface, c: Point) -> None:
    """Centre the ink (not the line box) of ``surf`` on ``c``."""
    box = surf.get_bounding_rect()
    cv.surf.blit(surf, (S(c[0]) - box.centerx, S(c[1]) - box.centery))


# ============================================================================================
# The card
# ============================================================================================


def blank_card(fill: Colour = PAPER, edge: Colour = PAPER_EDGE) -> Canvas:
    """Dark border, rounded corners, paper face shading slightly darker towards the edges."""
    cv = Canvas()
    cv.rect(0, 0, W, H, BORDER, radius=RADIUS)
    face = pygame.Surface((S(W - 2 * BORDER_W), S(H - 2 * BORDER_W)), pygame.SRCALPHA)
    fw, fh = face.get_size()
    steps = 24
    for i in range(steps):  # concentric rounded rects from the edge colour to the fill
        t = i / (steps - 1)
        col = tuple(round(e + (f - e) * min(1.0, t * 1.6)) for e, f in zip(edge, fill))
        inset = round(i * S(1.1))
        r = pygame.Rect(inset, inset, fw - 2 * inset, fh - 2 * inset)
        if r.w <= 0 or r.h <= 0:
            break
        pygame.draw.rect(face, col, r, border_radius=max(1, S(RADIUS - BORDER_W) - inset))
    cv.surf.blit(face, (S(BORDER_W), S(BORDER_W)))
    return cv


def draw_frame(cv: Canvas, colour: Colour, red: bool) -> None:
    """The thin inner frame; red cards get a double vermilion one."""
    cv.rect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, colour, width=1.1 if not red else 1.6,
            radius=RADIUS - 3)
    if red:
        cv.rect(FRAME + 2.6, FRAME + 2.6, W - 2 * FRAME - 5.2, H - 2 * FRAME - 5.2, colour,
                width=0.6, radius=RADIUS - 4)


def draw_seal(cv: Canvas, c: Point, size: float) -> None:
    """A square vermilion seal, slightly tilted, with a white inner line and a white ring."""
    layer = pygame.Surface((S(size * 1.5), S(size * 1.5)), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, S(size), S(size))
    box.center = layer.get_rect().center
    pygame.draw.rect(layer, SEAL, box, border_radius=S(size * 0.12))
    inner = box.inflate(-S(size * 0.22), -S(size * 0.22))
    line = S(size * 0.075)
    pygame.draw.rect(layer, WHITE, inner, line, border_radius=S(size * 0.05))
    # an abstract mark inside (no real character): a ring around a square dot
    cx, cy = inner.center
    pygame.draw.circle(layer, WHITE, (cx, cy), round(inner.w * 0.3), line)
    dot = round(inner.w * 0.16)
    pygame.draw.rect(layer, WHITE, pygame.Rect(cx - dot // 2, cy - dot // 2, dot, dot))
    layer = pygame.transform.rotate(layer, 6)
    cv.surf.blit(layer, (S(c[0]) - layer.get_width() // 2, S(c[1]) - layer.get_height() // 2))


def draw_characters(cv: Canvas, rank: int, suit: str, colour: Colour) -> None:
    num = cjk_glyph(NUMERALS[rank], CHAR_H, colour)
    blit_ink_centred(cv, num, (CHAR_CX, NUM_CY))
    sch = cjk_glyph(SUIT_CHARS[suit], CHAR_H, colour)
    blit_ink_centred(cv, sch, (CHAR_CX, SUIT_CY))


# -- middle bands -----------------------------------------------------------------------------


def band_panel(cv: Canvas, colour: Colour) -> None:
    """Two thin rules above and below the ornament band."""
    for y in (BAND_T - 3, BAND_B + 3):
        cv.line((FRAME + 8, y), (W - FRAME - 8, y), colour, 1.0)
    for x in (FRAME + 8, W - FRAME - 8):
        for y in (BAND_T - 3, BAND_B + 3):
            cv.circle((x, y), 1.6, colour)


def band_van(cv: Canvas, colour: Colour) -> None:
    """Vạn: two interlocking key-fret (回) knots."""
    cx = W / 2
    mid = (BAND_T + BAND_B) / 2
    lw = 2.6
    for dy in (-12.5, 12.5):
        cy = mid + dy
        # a square spiral in a 22x22 box on each side of the centre line
        for sx in (-1, 1):
            ox = cx + sx * 14
            s = 10.5
            pts = [(ox - sx * s, cy + s), (ox - sx * s, cy - s), (ox + sx * s, cy - s),
                   (ox + sx * s, cy + s), (ox - sx * s * 0.35, cy + s), (ox - sx * s * 0.35, cy - s * 0.35),
                   (ox + sx * s * 0.35, cy - s * 0.35), (ox + sx * s * 0.35, cy + s * 0.2)]
            cv.polyline(pts, colour, lw)
    # a knot joining the four frets
    cv.poly([(cx, mid - 6), (cx + 6, mid), (cx, mid + 6), (cx - 6, mid)], colour)
    cv.poly([(cx, mid - 2.6), (cx + 2.6, mid), (cx, mid + 2.6), (cx - 2.6, mid)], PAPER)


def band_sach(cv: Canvas, colour: Colour) -> None:
    """Sách: three strings of cash, each a cord of beads tied at the top, with a tassel."""
    top, bottom = BAND_T + 2, BAND_B - 4
    for i, x in enumerate((W / 2 - 22, W / 2, W / 2 + 22)):
        off = 3 if i == 1 else 0
        cv.line((x, top - 1 + off), (x, bottom + off), colour, 1.2)
        n = 6
        for k in range(n):
            y = top + 6 + off + k * (bottom - top - 10) / (n - 1)
            cv.ellipse((x, y), 6.2, 3.0, colour)
            cv.ellipse((x, y), 3.2, 1.1, PAPER)
        cv.circle((x, top - 1 + off), 2.4, colour)
    # the binding cord across the tops
    cv.polyline(cubic((W / 2 - 30, BAND_T + 1), (W / 2 - 12, BAND_T - 6),
                      (W / 2 + 12, BAND_T - 6), (W / 2 + 30, BAND_T + 1)), colour, 1.3)


def coin(cv: Canvas, c: Point, r: float, colour: Colour, ground: Colour = PAPER) -> None:
    """A round cash coin with a square hole and a raised rim."""
    cv.circle(c, r, colour)
    cv.circle(c, r * 0.78, ground, width=max(0.6, r * 0.09))
    h = r * 0.34
    cv.rect(c[0] - h, c[1] - h, 2 * h, 2 * h, ground)
    cv.rect(c[0] - h - r * 0.1, c[1] - h - r * 0.1, 2 * h + r * 0.2, 2 * h + r * 0.2, colour,
            width=max(0.5, r * 0.06))


def band_van_coins(cv: Canvas, colour: Colour) -> None:
    """Văn: three coins in a triangle, tied with a ribbon."""
    mid = (BAND_T + BAND_B) / 2
    r = 13
    coin(cv, (W / 2 - 15, mid - 11), r, colour)
    coin(cv, (W / 2 + 15, mid - 11), r, colour)
    coin(cv, (W / 2, mid + 13), r, colour)


def band_chichi(cv: Canvas, colour: Colour) -> None:
    """Chi Chi: an endless knot -- a lattice lozenge with a loop at each side corner."""
    cx = W / 2
    cy = (BAND_T + BAND_B) / 2
    r = 19  # half diagonal of the lozenge
    lw = 2.2

    def at(u: float, v: float) -> Point:  # lozenge coordinates: u, v in -1..1 along its sides
        return (cx + (u - v) * r / 2, cy + (u + v) * r / 2)

    for t in (-1, -1 / 3, 1 / 3, 1):
        cv.line(at(t, -1), at(t, 1), colour, lw)
        cv.line(at(-1, t), at(1, t), colour, lw)
    for corner, d in ((at(1, -1), (1, 0)), (at(-1, 1), (-1, 0))):  # side loops
        cv.circle((corner[0] + d[0] * 5.5, corner[1]), 6.2, colour, width=lw)
    cv.circle((cx, cy - r - 4.2), 4.4, colour, width=lw)  # the hanging loop at the top
    top = at(-1, -1)
    bottom = at(1, 1)
    cv.line(top, (cx, cy - r - 0.5), colour, lw)
    cv.line(bottom, (cx, bottom[1] + 4), colour, lw)
    cv.poly([(cx, bottom[1] + 2), (cx + 4.5, bottom[1] + 10), (cx - 4.5, bottom[1] + 10)], colour)


BANDS = {"M": band_van, "S": band_sach, "C": band_van_coins, "CC": band_chichi}


# -- Chi Chi medallion ------------------------------------------------------------------------


def medallion(cv: Canvas, c: Point, r: float) -> None:
    """A vermilion disc with a white eight-petal flower and a gold heart."""
    cv.circle(c, r, RED)
    cv.circle(c, r - 2.6, WHITE, width=1.0)
    for k in range(8):
        a = math.radians(k * 45 - 90)
        tip = (c[0] + math.cos(a) * r * 0.68, c[1] + math.sin(a) * r * 0.68)
        side = math.radians(k * 45)
        w = r * 0.17
        base = (c[0] + math.cos(a) * r * 0.2, c[1] + math.sin(a) * r * 0.2)
        mid = (c[0] + math.cos(a) * r * 0.42, c[1] + math.sin(a) * r * 0.42)
        cv.poly([base, (mid[0] + math.cos(side) * w, mid[1] + math.sin(side) * w), tip,
                 (mid[0] - math.cos(side) * w, mid[1] - math.sin(side) * w)], WHITE)
    cv.circle(c, r * 0.22, GOLD_LIGHT)
    cv.circle(c, r * 0.22, RED_DARK, width=1.0)


# -- names ------------------------------------------------------------------------------------


def draw_name(cv: Canvas, line1: str, line2: str, colour: Colour) -> None:
    """The two lines of the name, centred on ``NAME_CX`` (left of the card's middle: a fan
    shows only the left part of a covered card, and a centred name was cut there)."""
    for text, y in ((line1, NAME_Y1), (line2, NAME_Y2)):
        surf = text_surface(text, 17, colour)
        max_w = S(NAME_MAX_W)
        if surf.get_width() > max_w:
            surf = pygame.transform.smoothscale(surf, (max_w, surf.get_height()))
        blit_ink_centred(cv, surf, (NAME_CX, y))


def draw_face(code: str) -> pygame.Surface:
    red = code in RED_CODES
    cv = blank_card()
    ink = RED if red else INK
    draw_frame(cv, RED if red else BORDER, red)
    if code == "CC":
        medallion(cv, (CHAR_CX + 2, NUM_CY), 31)
        medallion(cv, (CHAR_CX + 2, SUIT_CY), 31)
        band_panel(cv, SUIT_COLOUR["CC"])
        band_chichi(cv, SUIT_COLOUR["CC"])
        draw_name(cv, "Chi", "Chi", RED)
    else:
        rank, suit = int(code[0]), code[1]
        draw_characters(cv, rank, suit, ink)
        if red:
            draw_seal(cv, SEAL_C, SEAL_SIZE)
        band_panel(cv, SUIT_COLOUR[suit])
        BANDS[suit](cv, SUIT_COLOUR[suit])
        draw_name(cv, RANK_NAMES[rank], SUIT_NAMES[suit], ink)
    return cv.final()


def draw_back() -> pygame.Surface:
    """Deep red, a gold lattice of lozenges, a gold frame and a central medallion."""
    base = (122, 18, 24)
    cv = blank_card(base, (96, 12, 18))
    inner = pygame.Rect(S(FRAME + 2), S(FRAME + 2), S(W - 2 * FRAME - 4), S(H - 2 * FRAME - 4))
    lattice = pygame.Surface(cv.surf.get_size(), pygame.SRCALPHA)
    step = 16
    gold = (*GOLD, 255)
    lw = S(1.2)
    for k in range(-20, 40):
        x0 = k * step
        pygame.draw.line(lattice, gold, (S(x0), 0), (S(x0 + H), S(H)), lw)
        pygame.draw.line(lattice, gold, (S(x0), 0), (S(x0 - H), S(H)), lw)
    for i in range(-2, 10):  # dots in the lozenges
        for j in range(-2, 40):
            x = i * step + (step / 2 if j % 2 else 0)
            y = j * step / 2
            pygame.draw.circle(lattice, (*GOLD_LIGHT, 255), (S(x), S(y + step / 2)), S(1.3))
    cv.surf.set_clip(inner)
    cv.surf.blit(lattice, (0, 0))
    cv.surf.set_clip(None)
    cv.rect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, GOLD_LIGHT, width=1.6, radius=RADIUS - 3)
    cv.rect(FRAME + 3, FRAME + 3, W - 2 * FRAME - 6, H - 2 * FRAME - 6, GOLD, width=0.8,
            radius=RADIUS - 4)
    # central medallion: a dark red disc with gold rings and the coin of the Văn suit
    c = (W / 2, H / 2)
    cv.circle(c, 27, base)
    cv.circle(c, 27, GOLD_LIGHT, width=2.0)
    cv.circle(c, 22, GOLD, width=0.9)
    coin(cv, c, 16, GOLD_LIGHT, ground=base)
    for y in (H * 0.2, H * 0.8):  # two smaller lozenges above and below
        cv.poly([(W / 2, y - 16), (W / 2 + 13, y), (W / 2, y + 16), (W / 2 - 13, y)], base)
        cv.poly([(W / 2, y - 16), (W / 2 + 13, y), (W / 2, y + 16), (W / 2 - 13, y)], GOLD_LIGHT,
                width=1.6)
        cv.circle((W / 2, y), 4, GOLD_LIGHT)
    return cv.final()


def make_image(code: str) -> pygame.Surface:
    if code == "back":
        return draw_back()
    if code not in TOTOM_CODES:
        raise KeyError(code)
    return draw_face(code)


# ============================================================================================
# Output
# ============================================================================================


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    cols = 9
    pad = 10
    rows = math.ceil(len(images) / cols)
    sheet = pygame.Surface((cols * (W + pad) + pad, rows * (H + pad) + pad))
    sheet.fill((36, 92, 60))
    for i, img in enumerate(images.values()):
        r, c = divmod(i, cols)
        sheet.blit(img, (pad + c * (W + pad), pad + r * (H + pad)))
    return sheet


def generate(out_dir: Path, sheet_path: Path | None = None) -> dict[str, pygame.Surface]:
    pygame.init()
    out_dir.mkdir(parents=True, exist_ok=True)
    images = {}
    for code in ALL_IMAGES:
        img = make_image(code)
        assert img.get_size() == (W, H), (code, img.get_size())
        pygame.image.save(img, str(out_dir / f"{code}.png"))
        images[code] = img
    if sheet_path is not None:
        sheet_path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(contact_sheet(images), str(sheet_path))
    return images


# ============================================================================================
# The subset font
# ============================================================================================

SUBSET_FAMILY = "Totom Subset"
SUBSET_PS_NAME = "TotomSubset-Black"


def _pick_face(source: Path, number: int | None) -> int:
    if number is not None:
        return number
    if source.suffix.lower() not in (".ttc", ".otc"):
        return 0
    from fontTools.ttLib import TTCollection

    collection = TTCollection(str(source), lazy=True)
    for i, face in enumerate(collection.fonts):
        if " TC " in f" {face['name'].getDebugName(1)} ":
            return i
    return 0


def build_subset_font(source: Path, dest: Path = CJK_FONT, number: int | None = None) -> Path:
    """Cut ``source`` down to the glyphs of ``CJK_TEXT`` and rename it "Totom Subset".

    Uses fontTools' pyftsubset (no hinting, no layout features), then rewrites the naming
    table (and the CFF font names) so the subset does not carry the original family name.
    """
    from fontTools import subset
    from fontTools.ttLib import TTFont

    face = _pick_face(source, number)
    src = TTFont(str(source), fontNumber=face, lazy=True)
    original = src["name"].getDebugName(4) or source.name
    version = (src["name"].getDebugName(5) or "Version 1.0").split(";")[0]
    src.close()
    tmp = dest.with_suffix(".tmp" + dest.suffix)
    args = [str(source), f"--text={CJK_TEXT}", f"--output-file={tmp}", f"--font-number={face}",
            "--layout-features=", "--no-hinting", "--desubroutinize", "--name-IDs=0,13,14",
            "--name-languages=0x409", "--drop-tables+=DSIG,vhea,vmtx,VORG,BASE,GSUB,GPOS,GDEF"]
    subset.main(args)
    font_ = TTFont(str(tmp), recalcTimestamp=False)  # keep the source's dates: reproducible
    name = font_["name"]
    name.names = [rec for rec in name.names if rec.platformID == 3]  # Windows names only
    for name_id, value in (
        (1, SUBSET_FAMILY),
        (2, "Regular"),
        (3, f"{version.replace('Version ', '')};PARLOUR;{SUBSET_PS_NAME}"),
        (4, f"{SUBSET_FAMILY} Black"),
        (5, f"{version}; subset of {original} for Parlour"),
        (6, SUBSET_PS_NAME),
        (10, f"A subset of {original} holding only {CJK_TEXT}, renamed as the SIL Open Font "
             "License 1.1 requires for modified versions."),
    ):
        name.setName(value, name_id, 3, 1, 0x409)
    if "CFF " in font_:
        cff = font_["CFF "].cff
        cff.fontNames = [SUBSET_PS_NAME]
        top = cff.topDictIndex[0]
        for attr, value in (("FullName", f"{SUBSET_FAMILY} Black"), ("FamilyName", SUBSET_FAMILY),
                            ("CIDFontName", SUBSET_PS_NAME)):
            if hasattr(top, attr) or attr in top.rawDict:
                setattr(top, attr, value)
        if hasattr(top, "FDArray"):
            for i, fd in enumerate(top.FDArray):
                if "FontName" in fd.rawDict or hasattr(fd, "FontName"):
                    fd.FontName = f"{SUBSET_PS_NAME}-{i}"
    font_.save(str(dest))
    font_.close()
    tmp.unlink()
    return dest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="directory to write the PNG images into (default: %(default)s)")
    parser.add_argument("--sheet", type=Path, default=None,
                        help="also write a contact sheet PNG to this path")
    parser.add_argument("--subset-font", action="store_true",
                        help=f"rebuild {CJK_FONT.relative_to(ROOT)} from --source-font first")
    parser.add_argument("--source-font", type=Path, default=None,
                        help="source CJK font for --subset-font (e.g. "
                             "/usr/share/fonts/opentype/noto/NotoSerifCJK-Black.ttc)")
    parser.add_argument("--font-number", type=int, default=None,
                        help="face index in a .ttc source (default: its TC face)")
    args = parser.parse_args(argv)
    if args.subset_font:
        if args.source_font is None:
            parser.error("--subset-font needs --source-font PATH")
        path = build_subset_font(args.source_font, number=args.font_number)
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    elif args.source_font is not None:
        parser.error("--source-font is only used with --subset-font")
    images = generate(args.out, args.sheet)
    print(f"wrote {len(images)} images to {args.out}")
    if args.sheet:
        print(f"wrote contact sheet {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
