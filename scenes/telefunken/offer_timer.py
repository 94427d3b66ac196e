"""The timer of a discard offered to a person to buy (Telefunken).

The rules' "press Buy when offered, with a short timer that AI opponents respect": a person
offered a discard has the seconds Settings give ("Telefunken buy offers": 10, 5, or "Wait
for me") to answer; then the table passes for them. The computer players wait for the
answer or the timer, as they always waited for the answer.

The seconds are counted only while the offer is in view and the table is in front: not
while a card still flies, nor under the pause menu (the time left waits for the game to go
on); an offer under the pass-the-screen cover starts when the cover is lifted, and each new
offer (a new position) afresh. They stand still while the pointer rests on the Buy button or
the discard pile (the person is weighing the card), once it has moved there during the
offer (a pointer left on the pile by the person's own discard held every offer without a
sign, pt76) and while it is in the window (one that left it from Buy held the time for
good, pt76); and stop for good once the person lifts a card (the discard to buy it, or a
card of their hand). They stand still too while a hint asked on the offer is worked out and
for a moment once its advice shows (the hint's dots took 2-3 s of a 10-second offer, which
ran out before the person could act, pt164), for at most ``HINT_HOLD_MOST`` seconds an offer
(a hint that never came, or asked again and again, cannot hold it for good). The Pass
button shows the time left as a bar that drains, greyed while held. Until somebody has
clicked or pressed a key at the table (since it opened: Continue, Restart), offers are not
timed at all: a newcomer still reading the table lost their first offer (pt79).
"""

from __future__ import annotations

import pygame

from scenes import theme

BAR_HEIGHT = 4  # px, the bar along the foot of the Pass button
HINT_HOLD_MOST = 30.0  # seconds an offer's time may stand still for hints, all told


class OfferTimer:
    """How long the person's offer (one position of the game) has stood in view."""

    __slots__ = ("state", "elapsed", "stopped", "counting", "held", "pointer", "seconds",
                 "hinted")

    def __init__(self) -> None:
        self.state = None  # the position whose offer is being timed (None: none)
        self.elapsed = 0.0
        self.stopped = False
        self.counting = False  # the last tick counted (the bar moves: drawn every frame)
        self.held = False  # the last tick the pointer held the time (the bar greyed)
        self.pointer: tuple[int, int] | None = None  # where it stood as the offer came
        self.seconds: float | None = None  # the offer's time as last counted
        self.hinted = 0.0  # the seconds a hint held this offer's time

    def tick(self, state, dt: float, seconds: float | None, *, offered: bool, shown: bool,
             moving: bool, lifted: bool, pointer: tuple[int, int] | None = None,
             weighing: bool = False, hinting: bool = False) -> bool:
        """Count ``dt`` seconds of the offer in ``state``; True once the time has run out
        (the caller passes, once). ``offered``: the person sees their offer (not under the
        cover); ``shown``: the table is in front (not under the pause menu); ``moving``: a
        card still flies; ``lifted``: the person holds a card (the timer stops);
        ``pointer``: where the pointer is; ``weighing``: it rests on Buy or the pile (it
        holds the time once it has moved since the offer came); ``hinting``: a hint for the
        offer is worked out or its advice has just come (it holds the time, up to
        ``HINT_HOLD_MOST`` seconds an offer)."""
        self.counting = self.held = False
        if seconds is None or not offered:
            self.state = None
            return False
        if self.state is not state:
            self.state, self.elapsed, self.stopped, self.hinted = state, 0.0, False, 0.0
            self.pointer = pointer
        elif self.seconds is not None and seconds != self.seconds:
            # Settings changed the time mid-offer: the share left is kept (10 s turned to
            # 5 s with 6 s gone passed the offer the moment the game went on, pt80)
            self.elapsed *= seconds / self.seconds
        self.seconds = seconds
        if lifted:
            self.stopped = True
        hinting = hinting and self.hinted < HINT_HOLD_MOST
        self.held = (weighing and pointer != self.pointer or hinting) and not self.stopped
        if self.stopped or self.held or moving or not shown:
            if hinting and self.held and shown and not moving:
                self.hinted += dt
            return False
        self.elapsed += dt
        self.counting = True
        if self.elapsed >= seconds:
            self.stopped = True  # (passed once: the pass's position replaces this one)
            return True
        return False

    def left(self, state, seconds: float | None) -> float | None:
        """The share of the time left (1 to 0) for the offer in ``state``; None when it is
        not being timed (no timer, another position, or stopped by a lifted card)."""
        if seconds is None or self.state is not state or self.stopped:
            return None
        # (the time as last counted: Settings may have changed it since, under the pause
        # menu, and the share left is kept; the bar showed another for a frame, pt81)
        return max(0.0, 1.0 - self.elapsed / (self.seconds or seconds))


def draw_bar(surface: pygame.Surface, button: pygame.Rect, share: float,
             held: bool = False) -> None:
    """The time left as a bar along the foot of the Pass button, draining from the end
    the words run to (right to left in English, left to right in Persian); grey while the
    pointer holds the time."""
    track = pygame.Rect(button.x + 10, button.bottom - 4 - BAR_HEIGHT, button.width - 20,
                        BAR_HEIGHT)
    pygame.draw.rect(surface, theme.GOLD_DARK, track, border_radius=2)  # (on the gold Pass)
    fill = track.copy()
    fill.width = round(track.width * share)
    if theme.rtl():
        fill.right = track.right
    if fill.width > 0:
        pygame.draw.rect(surface, theme.INK_FAINT if held else theme.INK, fill,
                         border_radius=2)
