"""Look and feel shared by every screen: colours, bundled fonts, cached text, backgrounds.

All text goes through ``text()`` so each (string, size, colour, style) is rendered once.
The bundled DejaVu fonts cover Latin and Vietnamese (Chắn, Cạ, Ù, Thập thành); DejaVu Sans
and Sans Bold also cover Persian (DejaVu Serif Bold does not: a string with Persian letters
asked for in "serif" is drawn in Sans Bold).

Direction lives here, once: a string with Arabic-script letters is a right-to-left
paragraph, cut into runs by a small version of the Unicode bidi rules (Persian letters and
the neutrals between them read right to left and are shaped by HarfBuzz with
``set_script("Arab")`` and ``set_direction(DIRECTION_RTL)``; Latin words and numbers read
left to right), the runs placed right to left. ``rtl()``, ``mirror()`` and ``align()``
let screens and widgets lay themselves out from the right in a right-to-left language.
"""

from __future__ import annotations

import functools

import pygame

from game import i18n
from game.paths import FONTS
from scenes.crisp import CRISP

FELT = (24, 84, 58)
FELT_DARK = (12, 46, 32)
PANEL = (22, 30, 40)
PANEL_EDGE = (70, 86, 104)
INK = (243, 235, 221)
INK_DIM = (170, 176, 170)
INK_FAINT = (110, 118, 112)
GOLD = (232, 184, 74)
GOLD_DARK = (150, 110, 30)
RED = (206, 60, 60)
BLUE = (70, 130, 220)
SHADOW = (0, 0, 0)

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}


@functools.lru_cache(maxsize=64)
def font(size: int, style: str = "sans") -> pygame.font.Font:
    """A bundled font at ``size`` pixels; style is "sans", "bold" or "serif"."""
    return pygame.font.Font(str(FONTS / FONT_FILES[style]), size)


@functools.lru_cache(maxsize=64)
def _rtl_font(size: int, style: str) -> pygame.font.Font:
    """The same font set up to shape Arabic script right to left (a separate object, so
    that ``font()`` keeps its left-to-right state for everyone else)."""
    f = pygame.font.Font(str(FONTS / FONT_FILES[style]), size)
    f.set_script("Arab")
    f.set_direction(pygame.DIRECTION_RTL)
    return f


_text_cache: dict[tuple, pygame.Surface] = {}
_text_keys: dict[int, tuple[pygame.Surface, tuple]] = {}  # id(image) -> (image, its key)
_measure_cache: dict[tuple, object] = {}  # text_width, fit and wrap results (pure functions)
_MEASURE_LIMIT = 8000


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with ``pygame.quit``); the app calls this."""
    font.cache_clear()
    _rtl_font.cache_clear()
    felt.cache_clear()
    _panel.cache_clear()
    _veil.cache_clear()
    _text_cache.clear()
    _text_keys.clear()
    _measure_cache.clear()


def _remember(key: tuple, value: object) -> None:
    if len(_measure_cache) > _MEASURE_LIMIT:
        _measure_cache.clear()
    _measure_cache[key] = value


# -- direction ------------------------------------------------------------------------------

def is_arabic_letter(ch: str) -> bool:
    """An Arabic-script letter or mark (Persian letters, ZWNJ), but not a digit."""
    o = ord(ch)
    if 0x0660 <= o <= 0x0669 or 0x06F0 <= o <= 0x06F9:
        return False
    return (0x0600 <= o <= 0x06FF or 0x0750 <= o <= 0x077F or 0xFB50 <= o <= 0xFDFF
            or 0xFE70 <= o <= 0xFEFF or o == 0x200C)


LRI, PDI = "\u2066", "\u2069"  # left-to-right isolate: wrap a path or a name in them
RLM = "\u200f"  # right-to-left mark: a text of numbers only ("1280 × 720") reads right to left


def unmarked(string: str) -> str:
    """``string`` without its directional marks (they order the text, but show nothing)."""
    return string.replace(LRI, "").replace(PDI, "").replace(RLM, "")


def isolate(string: str) -> str:
    """``string`` kept left to right as one block inside a right-to-left sentence."""
    return f"{LRI}{string}{PDI}"


TERMINATORS = "%٪#$€£+"  # signs that stick to a number (European terminators, ES)


def _kind(ch: str) -> str:
    """"R" right-to-left letter, "L" left-to-right letter, "D" digit, "T" a sign that
    belongs to an adjacent number, "N" neutral."""
    if ch in TERMINATORS:
        return "T"
    if is_arabic_letter(ch) or ch == RLM:
        return "R"
    if ch.isdigit():
        return "D"
    if ch.isalpha():
        return "L"
    return "N"


def has_rtl(string: str) -> bool:
    return RLM in string or any(is_arabic_letter(ch) for ch in string)


def bidi_runs(string: str) -> list[tuple[str, bool]]:
    """The visual runs of ``string``, left to right on screen: (text, right_to_left).

    A string without Arabic-script letters is one left-to-right run. Otherwise it is a
    right-to-left paragraph: neutrals (spaces, punctuation) between two left-to-right words
    read left to right, all others right to left (numbers count as right-to-left for them,
    as in the Unicode bidi algorithm); numbers and Latin words keep their own order.
    """
    runs = []
    for start, end, rtl in bidi_spans(string):
        run = unmarked(string[start:end])
        if run:
            runs.append((run, rtl))
    return runs


def bidi_spans(string: str) -> list[tuple[int, int, bool]]:
    """``bidi_runs`` as (start, end, right_to_left) slices of ``string``, in visual order."""
    if not has_rtl(string):
        return [(0, len(string), False)] if string else []
    kinds, depth = [], 0
    for ch in string:  # text between LRI and PDI (a path, a name) reads left to right;
        outer = depth == 0  # the outermost marks themselves part it from the words around
        depth += (ch == LRI) - (ch == PDI)  # it (a Latin word just before an isolate does
        if ch in (LRI, PDI):  # not join it: "dịch): ⁦Ù chì 3/1⁩"); marks nested inside
            outer = outer or depth == 0  # (each card of an isolated list of cards) are part
            kinds.append("R" if outer else "L")  # of its left-to-right text
        else:
            kinds.append("L" if depth > 0 else _kind(ch))
    n = len(kinds)
    for i, k in enumerate(kinds):  # a sign next to a number is part of it (W5), else neutral
        if k == "T":
            near = [kinds[j] for j in (i - 1, i + 1) if 0 <= j < n]
            kinds[i] = "D" if "D" in near else "N"
    last = "R"
    for i, k in enumerate(kinds):  # a number after a Latin word reads as Latin (W7)
        if k in ("L", "R"):
            last = k
        elif k == "D" and last == "L":
            kinds[i] = "L"
    _pair_brackets(string, kinds)
    strong = ["R" if k == "D" else k for k in kinds]  # numbers act as R on neutrals (N1)
    i = 0
    while i < n:
        if kinds[i] != "N":
            i += 1
            continue
        j = i
        while j < n and kinds[j] == "N":
            j += 1
        before = strong[i - 1] if i > 0 else "R"
        after = strong[j] if j < n else "R"
        resolved = "L" if before == after == "L" else "R"
        for k in range(i, j):
            kinds[k] = resolved
        i = j
    spans: list[tuple[int, int, bool]] = []
    start = 0
    for k in range(1, n + 1):
        if k == n or (kinds[k] == "R") != (kinds[start] == "R"):
            spans.append((start, k, kinds[start] == "R"))
            start = k
    spans.reverse()  # a right-to-left paragraph: the first run is drawn rightmost
    out: list[tuple[int, int, bool]] = []
    for start, end, rtl in spans:  # an isolate is a left-to-right paragraph of its own:
        out += [(start, end, rtl)] if rtl else _ltr_spans(string, start, end)  # its
    return out  # Persian words (a card list's "joker") still read right to left


BRACKETS = {"(": ")", "[": "]", "{": "}"}


def _pair_brackets(string: str, kinds: list[str]) -> None:
    """A pair of brackets takes one direction (the Unicode rule N0), in ``kinds`` (L, R,
    D for numbers, N neutral): right to left if right-to-left text is inside; if only
    Latin is, left to right where Latin comes before the opening bracket too, else right to
    left. (Left neutral, the opening bracket of "… است (Thiên ù): Ù!" joined the Latin run
    after it and was drawn mirrored at its far end, pt97.)"""
    pairs, stack = [], []
    for i, ch in enumerate(string):
        if kinds[i] != "N":
            continue
        if ch in BRACKETS:
            stack.append((BRACKETS[ch], i))
        elif ch in BRACKETS.values():
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    for opening, closing in sorted(pairs):
        inside = {"R" if kinds[k] == "D" else kinds[k] for k in range(opening + 1, closing)
                  if kinds[k] != "N"}
        if not inside:
            continue
        before = next(("R" if kinds[k] == "D" else kinds[k] for k in range(opening - 1, -1, -1)
                       if kinds[k] != "N"), "R")
        kinds[opening] = kinds[closing] = "L" if inside == {"L"} and before == "L" else "R"


def _ltr_spans(string: str, start: int, end: int) -> list[tuple[int, int, bool]]:
    """The slice as a left-to-right paragraph, in visual order: its runs of Arabic-script
    letters (with the neutrals between them) right to left, everything else left to right."""
    letters = [i for i in range(start, end) if is_arabic_letter(string[i])]
    if not letters:
        return [(start, end, False)]
    rtl = [False] * (end - start)
    for a, b in zip(letters, letters[1:] + [None]):
        rtl[a - start] = True
        if b is not None and all(_kind(string[j]) == "N" and string[j] not in (LRI, PDI)
                                 for j in range(a + 1, b)):
            for j in range(a + 1, b):
                rtl[j - start] = True
    spans, first = [], start
    for k in range(start + 1, end + 1):
        if k == end or rtl[k - start] != rtl[first - start]:
            spans.append((first, k, rtl[first - start]))
            first = k
    return spans


def run_text(string: str, size: int, color: tuple[int, int, int] = INK, style: str = "sans",
             rtl: bool = False) -> pygame.Surface:
    """One run rendered in one direction as it stands (for callers that did the bidi
    themselves, like the rules viewer with its bold words), cached."""
    if not rtl:
        return text(string, size, color, style)
    key = (string, size, color, style, "rtl-run")
    surf = _text_cache.get(key)
    if surf is None:
        surf = _rtl_font(size, "bold" if style == "serif" else style).render(string, True, color)
        _store(key, surf)
    return surf


def _style_for(string: str, style: str) -> str:
    """DejaVu Serif Bold has no Arabic script: Persian titles are drawn in Sans Bold."""
    if style == "serif" and any(is_arabic_letter(ch) or 0x06F0 <= ord(ch) <= 0x06F9
                                for ch in string):
        return "bold"
    return style


def text_width(string: str, size: int, style: str = "sans") -> int:
    """The width ``text()`` would give ``string``, without rendering it (remembered: tables
    measure the same labels every frame)."""
    key = ("width", string, size, style)
    width = _measure_cache.get(key)
    if width is None:
        width = _measure(string, size, style)
        _remember(key, width)
    return width


def text(string: str, size: int, color: tuple[int, int, int] = INK,
         style: str = "sans") -> pygame.Surface:
    """Rendered text (antialiased, transparent background), cached; Persian is shaped and
    laid out right to left with its Latin words and numbers in reading order."""
    key = (string, size, color, style)
    surf = _text_cache.get(key)
    if surf is None:
        style = _style_for(string, style)
        runs = bidi_runs(string)
        if len(runs) <= 1 and not (runs and runs[0][1]):
            surf = font(size, style).render(runs[0][0] if runs else "", True, color)
        else:
            parts = [(_rtl_font(size, style) if rtl else font(size, style)).render(
                run, True, color) for run, rtl in runs]
            surf = pygame.Surface((sum(p.get_width() for p in parts),
                                   max(p.get_height() for p in parts)), pygame.SRCALPHA)
            x = 0
            for part in parts:
                surf.blit(part, (x, 0))
                x += part.get_width()
        _store(key, surf)
    return surf


def _store(key: tuple, surf: pygame.Surface) -> None:
    """Keep rendered words (and which words an image shows, for ``put``)."""
    if len(_text_cache) > 4000:
        _text_cache.clear()
        _text_keys.clear()
    _text_cache[key] = surf
    _text_keys[id(surf)] = (surf, key)


def rtl() -> bool:
    """Does the current language read right to left (lay screens out from the right)?"""
    return i18n.is_rtl()


def mirror(rect: pygame.Rect | tuple, within: pygame.Rect) -> pygame.Rect:
    """``rect`` mirrored left-right inside ``within`` in a right-to-left language."""
    rect = pygame.Rect(rect)
    if rtl():
        rect.x = within.x + within.right - rect.right
    return rect


def mirror_x(x: float, within: pygame.Rect) -> float:
    """An x coordinate mirrored inside ``within`` in a right-to-left language."""
    return within.x + within.right - x if rtl() else x


def align(anchor: str) -> str:
    """A text anchor read from the reading side: "midleft" becomes "midright" in Persian."""
    if not rtl():
        return anchor
    if "left" in anchor:
        return anchor.replace("left", "right")
    if "right" in anchor:
        return anchor.replace("right", "left")
    return anchor


def blit_text(surface: pygame.Surface, string: str, pos: tuple[float, float], size: int,
              color: tuple[int, int, int] = INK, style: str = "sans",
              anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    """Draw text with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    surf = text(string, size, color, style)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text(string, size, SHADOW, style), rect.move(2, 2))
    CRISP.blit(surface, surf, rect, (string, size, color, style))
    return rect


def put(surface: pygame.Surface, image: pygame.Surface, where) -> None:
    """``surface.blit(image, where)`` for words made by ``text`` or ``run_text``: on a large
    window they are drawn again crisp (``scenes.crisp``); any other image is just blitted."""
    kept = _text_keys.get(id(image))
    if kept is None or kept[0] is not image:
        surface.blit(image, where)
        return
    topleft = pygame.Rect(where).topleft if len(where) == 4 else where  # as blit reads it
    CRISP.blit(surface, image, image.get_rect(topleft=topleft), kept[1])


def render_key(key: tuple, size: int) -> pygame.Surface:
    """The words a ``scenes.crisp`` note names, rendered at another font size."""
    if len(key) == 5:
        return run_text(key[0], size, key[2], key[3], rtl=True)
    return text(key[0], size, key[2], key[3])


def wrap(string: str, size: int, width: int, style: str = "sans") -> list[str]:
    """Split ``string`` into lines no wider than ``width`` pixels (remembered)."""
    key = ("wrap", string, size, width, style)
    lines = _measure_cache.get(key)
    if lines is None:
        lines = _wrap(string, size, width, style)
        _remember(key, tuple(lines))
    return list(lines)


def wrap_hanging(string: str, size: int, width: int, indent: str,
                 style: str = "sans") -> list[str]:
    """``wrap`` with every line after the first starting with ``indent`` and, with it, no
    wider than ``width`` either (an indented line ran ``indent``'s width past the edge)."""
    first, *rest = wrap(string, size, width, style)
    if not rest:
        return [first]
    room = max(1, width - text_width(indent, size, style))
    return [first] + [indent + line for line in wrap(" ".join(rest), size, room, style)]


PAREN_WORDS = 4  # a parenthesised group of at most this many words is wrapped as one


def _words(paragraph: str, size: int, width: int, style: str) -> list[str]:
    """The paragraph's words, an isolate (a Persian list of cards, a path) and a short
    parenthesised group ("(from the K pile)", "(از پایل K)": ``PAREN_WORDS``) kept as one
    while it fits on a line (a meld's joker went alone to the next line; the pile a king
    came from was split over two)."""
    out: list[str] = []
    depth = 0
    for word in paragraph.split(" "):
        if depth > 0:
            out[-1] += " " + word
        else:
            out.append(word)
        depth = max(0, depth + word.count(LRI) - word.count(PDI))
    out = _numbers_kept(_parenthesised(out))
    words: list[str] = []
    for word in out:
        if " " in word and _measure(word, size, style) > width:
            words.extend(word.split(" "))  # too long for a line: broken at its spaces
        else:
            words.append(word)
    return words


def _numbers_kept(words: list[str]) -> list[str]:
    """``words`` with a short number ("3", "3's", "۳،") joined to the word before it, so that
    a line never begins with the number of "Seat 3" or "جایگاه ۳" (a hint ended one line
    with «جایگاه» and began the next with «۳», pt88); and a dash, so that no line begins with
    one ("— حلقهٔ g2 حذف شد", pt107)."""
    out: list[str] = []
    for word in words:
        if out and (len(word) <= 4 and word.rstrip(":,.;،؛'’s").isdigit()  # (not "3♠")
                    or word in ("—", "–")):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _parenthesised(words: list[str]) -> list[str]:
    """``words`` with each group from a word opening a parenthesis to the word closing it,
    if it has at most ``PAREN_WORDS`` words, joined into one."""
    out: list[str] = []
    i = 0
    while i < len(words):
        end = i
        if words[i].lstrip(LRI + PDI + RLM).startswith("("):
            depth = 0
            for j in range(i, min(len(words), i + PAREN_WORDS)):
                depth += words[j].count("(") - words[j].count(")")
                if depth <= 0:
                    end = j
                    break
        out.append(" ".join(words[i:end + 1]))
        i = end + 1
    return out


def _wrap(string: str, size: int, width: int, style: str) -> list[str]:
    lines: list[str] = []
    for paragraph in string.split("\n"):
        words = _words(paragraph, size, width, style)
        rows: list[list[str]] = [[]]
        for word in words:
            trial = " ".join(rows[-1] + [word])
            if not rows[-1] or _measure(trial, size, style) <= width:
                rows[-1].append(word)
            else:
                rows.append([word])
        _no_widow(rows, size, width, style)
        lines += [" ".join(row) for row in rows]
    return lines


def _no_widow(rows: list[list[str]], size: int, width: int, style: str) -> None:
    """A paragraph's last line of one word takes the last word of the line before, where
    that line keeps two at least and the two fit: "… sẽ / mất." left a word alone (pt101).
    The lines are as many as before. A group kept as one (``_words``) is not one word."""
    if len(rows) < 2 or len(rows[-1]) != 1 or " " in rows[-1][0] or len(rows[-2]) < 3:
        return  # (a group kept whole, "(6 chips left)", is not a word alone)
    moved = [rows[-2][-1], *rows[-1]]
    if _measure(" ".join(moved), size, style) <= width:
        rows[-2].pop()
        rows[-1] = moved


def fit(string: str, size: int, width: int, style: str = "sans") -> str:
    """``string`` cut with an ellipsis so that it is no wider than ``width`` pixels
    (remembered)."""
    if text_width(string, size, style) <= width:
        return string
    key = ("fit", string, size, width, style)
    cut = _measure_cache.get(key)
    if cut is None:
        cut = string
        while cut and _measure(cut + "…", size, style) > width:
            cut = cut[:-1]
        cut = cut.rstrip(" ,·،") + "…"
        _remember(key, cut)
    return cut


def _measure(string: str, size: int, style: str) -> int:
    """``text_width`` without remembering (the many trial cuts of ``fit``)."""
    drawn = _style_for(string, style)
    return sum((_rtl_font(size, drawn) if rtl else font(size, drawn)).size(run)[0]
               for run, rtl in bidi_runs(string))


@functools.lru_cache(maxsize=8)
def felt(size: tuple[int, int], base: tuple[int, int, int] = FELT) -> pygame.Surface:
    """A table-felt background: radial light in the middle, darker edges, fine grain."""
    surf = pygame.image.frombytes(_felt_pixels(size, base), size, "RGB")
    return surf.convert() if pygame.display.get_surface() else surf


@functools.lru_cache(maxsize=8)
def _felt_pixels(size: tuple[int, int], base: tuple[int, int, int]) -> bytes:
    """The felt's pixels, made once per process (about 40 ms of drawing, its grain dot by
    dot): a new window (``reset_caches``) makes its surface from them again."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(base)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    steps = 28
    for i in range(steps):
        f = i / steps
        rx, ry = w * (0.95 - 0.8 * f), h * (0.95 - 0.8 * f)
        rect = pygame.Rect(0, 0, rx * 1.3, ry * 1.3)
        rect.center = (round(cx), round(cy))
        pygame.draw.ellipse(glow, (255, 255, 220, 4), rect)
    surf.blit(glow, (0, 0))
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(40):
        alpha = int(90 * (1 - i / 40) ** 2)
        pygame.draw.rect(edge, (0, 0, 0, alpha), pygame.Rect(i, i, w - 2 * i, h - 2 * i), 1)
    surf.blit(edge, (0, 0))
    grain = pygame.Surface(size, pygame.SRCALPHA)
    seed = 12345
    for _ in range(w * h // 60):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = seed % w
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = seed % h
        grain.set_at((x, y), (0, 0, 0, 22) if seed & 1 else (255, 255, 255, 12))
    surf.blit(grain, (0, 0))
    return pygame.image.tobytes(surf, "RGB")


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215,
          color: tuple[int, int, int] = PANEL, edge: tuple[int, int, int] = PANEL_EDGE,
          radius: int = 14, edge_alpha: int = 255) -> None:
    """A translucent rounded panel with a thin edge (opaque unless ``edge_alpha`` says)."""
    if alpha >= 255 and edge_alpha >= 255:  # opaque: drawn in place, the same pixels (a
        # large panel's layer, made new in the frame that opened the results, cost it 7 ms)
        pygame.draw.rect(surface, color, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)
        return
    surface.blit(_panel(tuple(rect.size), alpha, color, edge, radius, edge_alpha), rect.topleft)


@functools.lru_cache(maxsize=64)
def _panel(size: tuple[int, int], alpha: int, color: tuple[int, int, int],
           edge: tuple[int, int, int], radius: int, edge_alpha: int = 255) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*color, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*edge, edge_alpha), layer.get_rect(), 1, border_radius=radius)
    return layer


VEIL_SUMMARY, VEIL_RESULTS, VEIL_PAUSE = 140, 160, 175  # how dark a table is under them
VEILS = (VEIL_SUMMARY, VEIL_RESULTS, VEIL_PAUSE)  # (made as a table opens, or ahead)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under a modal panel)."""
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


def warm_veil(size: tuple[int, int], alpha: int) -> None:
    """Make the veil ``dim`` draws for ``size`` and ``alpha`` now (``scenes.warmup``)."""
    _veil(tuple(size), alpha)


@functools.lru_cache(maxsize=8)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil
