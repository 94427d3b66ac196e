"""Small UI widgets for menus and overlays: buttons, choices, toggles, sliders, text fields.

Each widget takes ``InputEvent``s through ``handle(event) -> bool`` (True when it used the
event) and draws itself with ``draw(surface)``. ``WidgetGroup`` routes events to a list of
widgets and remembers which text field has keyboard focus; a group made with ``keys`` also
moves a keyboard focus over its widgets (Tab, Shift+Tab, and with ``keys="arrows"`` the
arrow keys, in reading order), which Enter or Space presses, ringed while it is in use.

In a right-to-left language (``theme.rtl()``) the labelled widgets mirror: the label stands
on the right, the field on the left; a choice's left arrow steps forward, a slider fills
from the right and a text field's text is right-aligned. Labels are drawn as given: the
screens pass them already translated and rebuild their widgets when the language changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ecs.input import InputEvent
from game.i18n import _, digits, num
from scenes import theme

BUTTON = (44, 58, 74)
BUTTON_HOVER = (60, 80, 102)
PRIMARY = (176, 124, 34)
PRIMARY_HOVER = (204, 148, 48)
DISABLED = (44, 48, 54)


class Widget:
    def __init__(self, rect: pygame.Rect | tuple, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hovered = False

    def handle(self, event: InputEvent) -> bool:
        if event.kind == "move":
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def needs_redraw(self) -> bool:
        """Would the widget look different now, with no input since it was drawn? (Hover,
        presses and typing come with input, which redraws anyway.)"""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    # -- the keyboard (``WidgetGroup(keys=...)``) ----------------------------------------
    def focusable(self) -> bool:
        """Can the keyboard's focus stop here?"""
        return False

    def activate(self) -> None:
        """Enter or Space with the focus here: what a click on it does."""

    def step_by_key(self, step: int) -> bool:
        """An arrow key with the focus here: ``step`` 1 forward in reading order, -1 back;
        True if the widget took it (a choice, a slider)."""
        return False

    def focus_rect(self) -> pygame.Rect:
        """Where the keyboard's focus ring goes round it."""
        return self.rect.inflate(18, 10)


class Hotspot(Widget):
    """A place the keyboard's focus can stop on that draws nothing and takes no click (the
    pointer reaches what lies there by other ways: the main menu's game tiles)."""

    def __init__(self, rect, on_click: Callable[[], None], label: str = "") -> None:
        super().__init__(rect)
        self.on_click = on_click
        self.label = label  # (what it stands for: a game's title)

    def handle(self, event: InputEvent) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def focusable(self) -> bool:
        return True

    def activate(self) -> None:
        self.on_click()

    def focus_rect(self) -> pygame.Rect:
        return self.rect.inflate(10, 4)  # (a tile's "Resume this game" stands close below)


class Button(Widget):
    """A labelled button; ``on_click`` runs on release inside after a press inside."""

    def __init__(self, rect, label: str, on_click: Callable[[], None], enabled: bool = True,
                 primary: bool = False, size: int = 22, hotkey: int | None = None,
                 note: str = "") -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.hotkey = hotkey
        self.note = note
        self._pressed = False

    answers_disabled = False  # a click on it greyed still calls ``on_click`` (to say why)

    def focusable(self) -> bool:
        return self.enabled or self.answers_disabled

    def activate(self) -> None:
        if self.enabled or self.answers_disabled:
            self.on_click()

    def press(self) -> bool:
        """Pressed as by a click on it (a button that ignores clicks now ignores this too)."""
        at = self.rect.center
        used = self.handle(InputEvent("down", at, 1))
        return self.handle(InputEvent("up", at, 1)) or used

    def handle(self, event: InputEvent) -> bool:
        super().handle(event)
        if not self.enabled and not self.answers_disabled:
            return False
        if event.kind == "down" and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.kind == "up" and event.button == 1 and self._pressed:
            self._pressed = False
            if self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        if event.kind == "key" and self.hotkey is not None and event.key == self.hotkey:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            color = DISABLED
        elif self.primary:
            color = PRIMARY_HOVER if self.hovered else PRIMARY
        else:
            color = BUTTON_HOVER if self.hovered else BUTTON
        rect = self.rect.move(0, 1 if self._pressed else 0)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, rect, border_radius=10)
        edge = theme.GOLD if (self.hovered and self.enabled) else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
        ink = theme.INK if self.enabled else theme.INK_FAINT
        if self.note:
            # the label and its note stacked and centred inside the 2-pixel edge: a low
            # button (a menu tile's Resume, 40 px) keeps its note off the bottom edge
            label = theme.text(self.label, self.size, ink, "bold")
            note = theme.text(self.note, 13, theme.INK_FAINT if not self.enabled else (
                theme.INK if self.primary else theme.INK_DIM))  # light on the gold button
            inner = rect.inflate(0, -4)
            top = inner.top + max(0, (inner.height - label.get_height() - note.get_height()) // 2)
            note_top = min(top + label.get_height(), inner.bottom - note.get_height())
            theme.put(surface, label, label.get_rect(midtop=(rect.centerx, top)))
            theme.put(surface, note, note.get_rect(midtop=(rect.centerx, note_top)))
        else:
            theme.blit_text(surface, self.label, rect.center, self.size, ink, "bold",
                            anchor="center")


class Choice(Widget):
    """``label   < value >``: click the arrows (or the value) to cycle through options;
    ``wrap=False`` stops at either end instead, its arrow there dimmed (ordered options,
    such as window sizes: the smallest stepped down to the largest)."""

    def __init__(self, rect, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], enabled: bool = True,
                 label_width: int = 220, wrap: bool = True,
                 why_disabled: Callable[[], None] | None = None) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.label_width = label_width
        self.wrap = wrap
        self.why_disabled = why_disabled  # says why, when a greyed row is clicked

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), self.index)

    @property
    def field(self) -> pygame.Rect:
        """The clickable ``< value >`` box (on the left of the label in a right-to-left
        language)."""
        return self._boxes()[0]

    def _boxes(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        field = _field_rect(self.rect, self.label_width)
        left = pygame.Rect(field.x, field.y, field.height, field.height)
        right = pygame.Rect(field.right - field.height, field.y, field.height, field.height)
        return field, left, right

    def handle(self, event: InputEvent) -> bool:
        super().handle(event)
        if event.kind != "down" or event.button != 1:
            return False
        field, left, right = self._boxes()
        if not self.enabled:
            if self.why_disabled is not None and self.rect.collidepoint(event.pos):
                self.why_disabled()  # (a greyed row clicked said nothing: pt79)
                return True
            return False
        if not field.collidepoint(event.pos):
            return False
        step = -1 if left.collidepoint(event.pos) else 1
        if theme.rtl():  # reading from the right: the left arrow goes forward
            step = -step
        if self._at_end(step):
            return True  # (nothing beyond it)
        self.index = (self.index + step) % len(self.options)
        self.on_change(self.value)
        return True

    def _at_end(self, step: int) -> bool:
        """Would a step of ``step`` (forward 1, back -1) go past an end (``wrap=False``)?"""
        return not self.wrap and not 0 <= self.index + step < len(self.options)

    def focusable(self) -> bool:
        return self.enabled or self.why_disabled is not None

    def activate(self) -> None:
        self.step_by_key(1)

    def step_by_key(self, step: int) -> bool:
        if not self.enabled:
            if self.why_disabled is not None:
                self.why_disabled()
            return True
        if not self._at_end(step):
            self.index = (self.index + step) % len(self.options)
            self.on_change(self.value)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ink = theme.INK if self.enabled else theme.INK_FAINT
        _draw_label(surface, self.label, self.rect, ink, self.label_width)
        field, left, right = self._boxes()
        pygame.draw.rect(surface, BUTTON_HOVER if self.hovered and self.enabled else BUTTON,
                         field, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, field, 1, border_radius=8)
        left_step, right_step = (1, -1) if theme.rtl() else (-1, 1)  # (as ``handle`` steps)
        for box, glyph, step in ((left, "‹", left_step), (right, "›", right_step)):
            lit = self.enabled and not self._at_end(step)
            theme.blit_text(surface, glyph, box.center, 26, theme.GOLD if lit else
                            theme.INK_FAINT, "bold", anchor="center")
        theme.blit_text(surface, self.options[self.index][1], field.center, 19, ink, "bold",
                        anchor="center")


class Segments(Widget):
    """Options side by side across the whole row, the chosen one lit gold: a click picks one.

    Laid out alike in every reading direction (the options keep their order and place, and
    there is no label to change sides): a click that turns the screen to or from a
    right-to-left language leaves every option where it was under the pointer. Settings'
    language row, each language named in its own words."""

    GAP = 10

    def __init__(self, rect, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None]) -> None:
        super().__init__(rect)
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change = on_change
        self.hover: int | None = None  # the option under the pointer
        self._pressed: int | None = None  # the option the button went down on

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def boxes(self) -> list[pygame.Rect]:
        """Each option's box, in the options' order, left to right."""
        count = len(self.options)
        width = (self.rect.width - self.GAP * (count - 1)) // count
        return [pygame.Rect(self.rect.x + i * (width + self.GAP), self.rect.y, width,
                            self.rect.height) for i in range(count)]

    def _at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, box in enumerate(self.boxes()) if box.collidepoint(pos)), None)

    def handle(self, event: InputEvent) -> bool:
        """A press and a release on the same option picks it, as a button's click (a
        press let go elsewhere picks nothing)."""
        super().handle(event)
        if event.kind == "move":
            self.hover = self._at(event.pos)
        if event.button != 1 or event.kind not in ("down", "up"):
            return False
        index = self._at(event.pos)
        if event.kind == "down":
            self._pressed = index
            return index is not None
        pressed, self._pressed = self._pressed, None
        if index is None or index != pressed:
            return pressed is not None
        if index != self.index:
            self.index = index
            self.on_change(self.value)
        return True

    def focusable(self) -> bool:
        return True

    def activate(self) -> None:
        self._choose((self.index + 1) % len(self.options))

    def step_by_key(self, step: int) -> bool:
        if theme.rtl():  # (laid out alike in every reading direction: the arrows go as seen)
            step = -step
        self._choose(max(0, min(len(self.options) - 1, self.index + step)))
        return True

    def _choose(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.on_change(self.value)

    def draw(self, surface: pygame.Surface) -> None:
        for i, (box, (_value, name)) in enumerate(zip(self.boxes(), self.options, strict=True)):
            chosen, hovered = i == self.index, i == self.hover
            if chosen:
                color = PRIMARY_HOVER if hovered else PRIMARY
            else:
                color = BUTTON_HOVER if hovered else BUTTON
            pygame.draw.rect(surface, color, box, border_radius=8)
            edge = theme.GOLD if hovered and not chosen else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, box, 1 if not hovered or chosen else 2,
                             border_radius=8)
            theme.blit_text(surface, theme.fit(name, 19, box.width - 16), box.center, 19,
                            theme.INK, "bold", anchor="center")


class Toggle(Widget):
    """An on/off switch with a label."""

    def __init__(self, rect, label: str, value: bool, on_change: Callable[[bool], None],
                 enabled: bool = True, label_width: int = 220) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.label_width = label_width

    def focusable(self) -> bool:
        return self.enabled

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def step_by_key(self, step: int) -> bool:
        if self.enabled and self.value != (step > 0):  # (forward, as the knob goes: on)
            self.activate()
        return True

    def _switch(self) -> pygame.Rect:
        x = (self.rect.right - self.label_width - 64 if theme.rtl()
             else self.rect.x + self.label_width)
        return pygame.Rect(x, self.rect.y + 4, 64, self.rect.height - 8)

    def handle(self, event: InputEvent) -> bool:
        super().handle(event)
        if self.enabled and event.kind == "down" and event.button == 1 and (
            self._switch().collidepoint(event.pos) or self.rect.collidepoint(event.pos)
        ):
            self.value = not self.value
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ink = theme.INK if self.enabled else theme.INK_FAINT
        _draw_label(surface, self.label, self.rect, ink, self.label_width)
        box = self._switch()
        pygame.draw.rect(surface, PRIMARY if self.value else BUTTON, box,
                         border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=box.height // 2)
        on_right = self.value != theme.rtl()  # "on" is towards the reading direction's end
        knob_x = box.right - box.height // 2 if on_right else box.x + box.height // 2
        pygame.draw.circle(surface, theme.INK, (knob_x, box.centery), box.height // 2 - 3)
        word = _("On") if self.value else _("Off")
        if theme.rtl():
            theme.blit_text(surface, word, (box.x - 14, box.centery), 18, theme.INK_DIM,
                            anchor="midright")
        else:
            theme.blit_text(surface, word, (box.right + 14, box.centery), 18, theme.INK_DIM,
                            anchor="midleft")


class Slider(Widget):
    """A 0..1 slider; drag the knob or click the track."""

    def __init__(self, rect, label: str, value: float, on_change: Callable[[float], None],
                 enabled: bool = True, label_width: int = 220) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.label_width = label_width
        self._dragging = False

    def focusable(self) -> bool:
        return self.enabled

    def step_by_key(self, step: int) -> bool:
        if self.enabled:
            self.value = max(0.0, min(1.0, round(self.value + 0.1 * step, 2)))
            self.on_change(self.value)
        return True

    def _track(self) -> pygame.Rect:
        width = self.rect.width - self.label_width - 80
        x = (self.rect.right - self.label_width - 10 - width if theme.rtl()
             else self.rect.x + self.label_width + 10)
        return pygame.Rect(x, self.rect.centery - 4, width, 8)

    def _set_from(self, x: int) -> None:
        track = self._track()
        along = track.right - x if theme.rtl() else x - track.x  # filled from the reading side
        self.value = max(0.0, min(1.0, along / track.width))
        self.on_change(self.value)

    def handle(self, event: InputEvent) -> bool:
        super().handle(event)
        if not self.enabled:
            return False
        hit_box = self._track().inflate(20, 28)
        if event.kind == "down" and event.button == 1 and hit_box.collidepoint(event.pos):
            self._dragging = True
            self._set_from(event.pos[0])
            return True
        if event.kind == "move" and self._dragging:
            self._set_from(event.pos[0])
            return True
        if event.kind == "up" and self._dragging:
            self._dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        ink = theme.INK if self.enabled else theme.INK_FAINT
        _draw_label(surface, self.label, self.rect, ink, self.label_width)
        track = self._track()
        pygame.draw.rect(surface, BUTTON, track, border_radius=4)
        filled = track.copy()
        filled.width = round(track.width * self.value)
        if theme.rtl():
            filled.right = track.right
        pygame.draw.rect(surface, PRIMARY if self.enabled else DISABLED, filled, border_radius=4)
        knob = filled.left if theme.rtl() else filled.right
        pygame.draw.circle(surface, theme.INK, (knob, track.centery), 11)
        percent = _("{percent}%").format(percent=num(round(self.value * 100)))
        if theme.rtl():
            theme.blit_text(surface, percent, (track.x - 18, track.centery), 18, theme.INK_DIM,
                            anchor="midright")
        else:
            theme.blit_text(surface, percent, (track.right + 18, track.centery), 18,
                            theme.INK_DIM, anchor="midleft")


class TextField(Widget):
    """A one-line text entry; click to focus, type, Backspace to erase."""

    def __init__(self, rect, label: str, text: str, on_change: Callable[[str], None],
                 digits_only: bool = False, max_len: int = 12, placeholder: str = "",
                 label_width: int = 220,
                 on_refused: Callable[[str], None] | None = None) -> None:
        super().__init__(rect)
        self.on_refused = on_refused  # told of a character a digits-only field leaves out
        self.label = label
        self.text = text
        self.on_change = on_change
        self.digits_only = digits_only
        self.max_len = max_len
        self.placeholder = placeholder
        self.focused = False
        self.label_width = label_width
        self._blink_drawn = False  # was the cursor on when last drawn?

    def _field(self) -> pygame.Rect:
        return _field_rect(self.rect, self.label_width)

    def focusable(self) -> bool:
        return True

    def activate(self) -> None:
        self.focused = True  # (typed in from now on; Enter or Tab leaves it)

    def handle(self, event: InputEvent) -> bool:
        super().handle(event)
        if event.kind == "down" and event.button == 1:
            self.focused = self._field().collidepoint(event.pos)
            return self.focused
        if event.kind == "key" and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
                return True
            elif event.unicode and event.unicode.isprintable() and len(self.text) < self.max_len:
                if self.digits_only and not event.unicode.isdigit():
                    if self.on_refused is not None:
                        self.on_refused(event.unicode)
                    return True
                self.text += event.unicode
            else:
                return False
            self.on_change(self.text)
            return True
        return False

    def needs_redraw(self) -> bool:
        """The blinking cursor of a field being typed in is due to show or hide."""
        return self.focused and _blink_on() != self._blink_drawn

    def draw(self, surface: pygame.Surface) -> None:
        self._blink_drawn = _blink_on()
        _draw_label(surface, self.label, self.rect, theme.INK, self.label_width)
        field = self._field()
        pygame.draw.rect(surface, (16, 22, 30), field, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.PANEL_EDGE, field,
                         2 if self.focused else 1, border_radius=8)
        shown = digits(self.text) or self.placeholder
        color = theme.INK if self.text else theme.INK_FAINT
        rtl = theme.rtl()
        start = (field.right - 12) if rtl else (field.x + 12)
        rect = theme.blit_text(surface, shown, (start, field.centery), 19, color,
                               anchor="midright" if rtl else "midleft")
        if self.focused and self._blink_drawn:
            end = (rect.x - 2) if rtl else (rect.right + 2)
            x = end if self.text else start
            pygame.draw.line(surface, theme.INK, (x, field.y + 8), (x, field.bottom - 8), 2)


def _blink_on() -> bool:
    """A text cursor shows half a second, hides half a second."""
    return (pygame.time.get_ticks() // 500) % 2 == 0


def _field_rect(rect: pygame.Rect, label_width: int) -> pygame.Rect:
    """The part of a labelled widget right of its label (left of it, right to left)."""
    x = rect.x if theme.rtl() else rect.x + label_width
    return pygame.Rect(x, rect.y, rect.width - label_width, rect.height)


LABEL_SIZE, LABEL_SMALLEST, LABEL_GAP = 20, 15, 12


def label_size(label: str, width: int) -> int:
    """The font size of a widget's label: 20, smaller for a label that would not keep
    ``LABEL_GAP`` clear of its field in ``width`` (a Vietnamese label ran under its switch);
    below ``LABEL_SMALLEST`` it is cut with "…" instead."""
    size = LABEL_SIZE
    while size > LABEL_SMALLEST and theme.text_width(label, size) > width - LABEL_GAP:
        size -= 1
    return size


def _draw_label(surface: pygame.Surface, label: str, rect: pygame.Rect, ink,
                width: int) -> None:
    """A widget's label at its reading-side edge, fitted to its ``width``."""
    size = label_size(label, width)
    label = theme.fit(label, size, width - LABEL_GAP)
    if theme.rtl():
        theme.blit_text(surface, label, (rect.right, rect.centery), size, ink, anchor="midright")
    else:
        theme.blit_text(surface, label, (rect.x, rect.centery), size, ink, anchor="midleft")


FOCUS_RING = (236, 240, 246)
ROW_SLACK = 14  # widgets whose middles lie this close in height stand in one row


class WidgetGroup:
    """A list of widgets: events go to each until one uses it; draws them all.

    ``keys``: None, no keyboard focus (a game table's buttons); ``"tab"``, Tab and Shift+Tab
    move a focus over the widgets that take it, in reading order (rows top to bottom, each
    from the reading side), and once it is in use Enter or Space presses the widget it is on
    and Left/Right step a choice or slider there (screens whose arrow keys scroll or turn
    pages); ``"arrows"``, the arrow keys move it too (menus). A click puts the focus away."""

    def __init__(self, widgets: Sequence[Widget] = (), keys: str | None = None) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.keys = keys
        self.focused: Widget | None = None

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def focus_order(self) -> list[Widget]:
        """The widgets the focus stops on, in reading order."""
        ordered = sorted((w for w in self.widgets if w.focusable()),
                         key=lambda w: (w.rect.centery, w.rect.centerx))
        rows: list[list[Widget]] = []
        for widget in ordered:
            if rows and widget.rect.centery - rows[-1][0].rect.centery <= ROW_SLACK:
                rows[-1].append(widget)
            else:
                rows.append([widget])
        rtl = theme.rtl()
        return [w for row in rows
                for w in sorted(row, key=lambda w: -w.rect.centerx if rtl else w.rect.centerx)]

    def _focus_key(self, event: InputEvent) -> bool:
        """A key that moves or uses the keyboard focus (True: taken)."""
        key = event.key
        order = self.focus_order()
        if self.focused not in order:
            self.focused = None
        if not order:
            return False
        back = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_TAB:
            for widget in self.widgets:  # (Tab leaves a field being typed in, as Enter does)
                if isinstance(widget, TextField) and widget.focused:
                    widget.focused = False
                    self.focused = widget
            self._move(order, -1 if back else 1)
            return True
        if self.keys == "arrows" and key in (pygame.K_UP, pygame.K_DOWN):
            down = key == pygame.K_DOWN
            if self.focused is None:
                self.focused = order[0] if down else order[-1]
            else:
                self.focused = self._beside(order, 0, 1 if down else -1) or self.focused
            return True
        if self.typing:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.focused is None and self.keys != "arrows":
                return False
            step = 1 if key == pygame.K_RIGHT else -1
            if theme.rtl():  # (reading from the right: the left arrow goes forward)
                step = -step
            if self.focused is not None and self.focused.step_by_key(step):
                return True
            if self.keys == "arrows":
                if self.focused is None:
                    self._move(order, step)
                else:
                    seen = 1 if key == pygame.K_RIGHT else -1
                    self.focused = self._beside(order, seen, 0) or self.focused
                return True
            return False
        presses = (pygame.K_RETURN, pygame.K_KP_ENTER) + (
            (pygame.K_SPACE,) if self.keys == "arrows" else ())  # (Space scrolls elsewhere)
        if self.focused is not None and key in presses:
            self.focused.activate()
            return True
        if (isinstance(self.focused, TextField) and event.unicode
                and event.unicode.isprintable()):
            self.focused.activate()  # (typed at the field the ring is on: typed in it)
        return False

    def _beside(self, order: list[Widget], dx: int, dy: int) -> Widget | None:
        """The nearest widget of ``order`` from the focused one on the screen: in the next
        row down (``dy`` 1) or up (-1), the nearest across; or in its own row, the next to
        the right (``dx`` 1) or left (-1). None if there is none that way."""
        here = self.focused.rect
        if dy:
            ahead = [w for w in order
                     if (w.rect.centery - here.centery) * dy > ROW_SLACK]
            if not ahead:
                return None
            row = min(abs(w.rect.centery - here.centery) for w in ahead)
            near = [w for w in ahead if abs(w.rect.centery - here.centery) - row <= ROW_SLACK]
            return min(near, key=lambda w: abs(w.rect.centerx - here.centerx))
        same = [w for w in order if w is not self.focused
                and abs(w.rect.centery - here.centery) <= ROW_SLACK
                and (w.rect.centerx - here.centerx) * dx > 0]
        return min(same, key=lambda w: abs(w.rect.centerx - here.centerx), default=None)

    def take_focus(self, old: WidgetGroup | None, to: Widget | None = None) -> None:
        """Keep the keyboard's focus of ``old``, the group this one replaces, if it was in
        use: on ``to`` when given (a question's safe answer as it opens, the button that
        opened it as it closes); else on the widget of the same kind and words (a screen
        rebuilt as a choice changed), the one at the same place in a list built alike (the
        same screen in another language, its rows mirrored), or the nearest."""
        if old is None or old.focused is None or self.keys is None:
            return
        order = self.focus_order()
        if not order:
            return
        if to is not None and to in order:
            self.focused = to
            return
        was = old.focused
        label = getattr(was, "label", None)
        same = [w for w in order if type(w) is type(was) and getattr(w, "label", None) == label]
        if label and len(same) == 1:
            self.focused = same[0]
            return
        if was in old.widgets and len(old.widgets) == len(self.widgets) and all(
                type(a) is type(b) for a, b in zip(old.widgets, self.widgets)):
            twin = self.widgets[old.widgets.index(was)]
            if twin in order:
                self.focused = twin
                return
        at = was.rect
        self.focused = min(order, key=lambda w: (w.rect != at, (w.rect.centerx - at.centerx)
                                                 ** 2 + (w.rect.centery - at.centery) ** 2))

    def _move(self, order: list[Widget], step: int) -> None:
        if self.focused is None:
            self.focused = order[0] if step > 0 else order[-1]
        else:
            self.focused = order[(order.index(self.focused) + step) % len(order)]

    def handle(self, event: InputEvent) -> bool:
        if self.keys is not None:
            if event.kind == "down":
                self.focused = None  # (the pointer takes over)
            elif event.kind == "key" and (not self.typing or event.key == pygame.K_TAB):
                if self._focus_key(event):
                    return True
        used = False
        for widget in list(self.widgets):
            if event.kind == "move":
                widget.handle(event)  # every widget tracks hover
            elif not used and widget.handle(event):
                used = True
            elif event.kind == "down" and isinstance(widget, TextField):
                widget.focused = widget._field().collidepoint(event.pos)
        return used

    def hover_at(self, pos: tuple[int, int] | None) -> None:
        """Light up exactly the widget under ``pos`` (None: the pointer is not in the
        window): a scene uncovered again kept the hover of the click that covered it."""
        for widget in self.widgets:
            widget.hovered = pos is not None and widget.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)
        focused = self.focused
        if focused is not None and focused in self.widgets and focused.focusable():
            pygame.draw.rect(surface, FOCUS_RING, focused.focus_rect(), 3, border_radius=12)

    def presses_by_key(self, event: InputEvent) -> bool:
        """Is ``event`` the key of a button here that would answer it?"""
        return event.kind == "key" and any(
            isinstance(w, Button) and w.hotkey is not None and w.hotkey == event.key
            and (w.enabled or w.answers_disabled) for w in self.widgets)

    def lit(self) -> Button | None:
        """The one lit (primary) button that would answer a click, if only one is lit: the
        enabled one, else one greyed that says why when pressed; None if there are several."""
        lit = [w for w in self.widgets if isinstance(w, Button) and w.primary]
        for group in ([w for w in lit if w.enabled],
                      [w for w in lit if not w.enabled and w.answers_disabled]):
            if group:
                return group[0] if len(group) == 1 else None
        return None

    def needs_redraw(self) -> bool:
        return any(widget.needs_redraw() for widget in self.widgets)

    @property
    def typing(self) -> bool:
        return any(isinstance(w, TextField) and w.focused for w in self.widgets)
