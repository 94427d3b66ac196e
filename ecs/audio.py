"""Audio: short sound effects synthesised at start-up (no sound files needed).

``SoundBank`` makes the effects (deal, place, capture, score, click, error) as 16-bit PCM
with the standard library, and plays them when sound is on. If the mixer cannot start
(no audio device) it stays silent; under the dummy audio driver it plays into the void.
``AudioSystem`` is the per-scene processor: systems and scenes ``request`` a sound by name
and it plays the frame's requests once each.
"""

from __future__ import annotations

import functools
import math
import random
from array import array
from collections.abc import Callable, Iterable

import esper
import pygame

RATE = 22050


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    a = max(1, int(RATE * attack))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            out.append(math.exp(-(i - a) / (RATE * decay)))
    return out


def _tone(freqs: list[tuple[float, float, float]], length: float, noise: float = 0.0,
          attack: float = 0.004, decay: float = 0.05, seed: int = 7) -> array:
    """Sum of (frequency, amplitude, start) partials plus filtered noise, as int16 stereo."""
    rng = random.Random(seed)
    n = int(RATE * length)
    env = _envelope(n, attack, decay)
    samples = array("h")
    low = 0.0
    for i in range(n):
        t = i / RATE
        v = 0.0
        for freq, amp, start in freqs:
            if t >= start:
                v += amp * math.sin(2 * math.pi * freq * (t - start))
        if noise:
            low += (rng.uniform(-1, 1) - low) * 0.35
            v += noise * low
        s = int(max(-1.0, min(1.0, v * env[i])) * 30000)
        samples.append(s)
        samples.append(s)
    return samples


EFFECTS: dict[str, Callable[[], array]] = {
    "deal": lambda: _tone([], 0.09, noise=0.9, attack=0.002, decay=0.025),
    "place": lambda: _tone([(180, 0.5, 0), (360, 0.2, 0)], 0.12, noise=0.4, decay=0.03),
    "capture": lambda: _tone([(1400, 0.35, 0), (2100, 0.25, 0.045)], 0.2, decay=0.05),
    "score": lambda: _tone([(660, 0.3, 0), (880, 0.3, 0.08), (1320, 0.25, 0.16)], 0.45,
                           decay=0.12),
    "click": lambda: _tone([(900, 0.3, 0)], 0.04, decay=0.01),
    "error": lambda: _tone([(220, 0.35, 0), (196, 0.35, 0.09)], 0.25, decay=0.08),
}


@functools.cache
def pcm(name: str) -> bytes:
    """The samples of effect ``name``, made once per process (a new window's sound bank,
    after a restart, reuses them: making them all takes about 0.15 s of pure Python)."""
    return EFFECTS[name]().tobytes()


class SoundBank:
    """The app's sound effects; silent when disabled or when no mixer is available."""

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names played, newest last (for tests; capped)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            self.ready = pygame.mixer.get_init() is not None
        except pygame.error:
            self.ready = False

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled, self.volume = enabled, volume

    def warm(self, names: Iterable[str] | None = None) -> None:
        """Make every sound (or those ``names``) now (a table calls it while it opens, not
        on its first move; the menus, one at a time, ahead of that: ``scenes.warmup``)."""
        if not (self.enabled and self.ready):
            return
        for name in EFFECTS if names is None else names:
            if name not in self.sounds:
                try:
                    self.sounds[name] = pygame.mixer.Sound(buffer=pcm(name))
                except pygame.error:
                    self.ready = False
                    return

    def play(self, name: str) -> None:
        if name not in EFFECTS:
            raise KeyError(f"unknown sound effect {name!r}")
        self.played = (self.played + [name])[-50:]
        if not (self.enabled and self.ready and self.volume > 0):
            return
        sound = self.sounds.get(name)
        if sound is None:
            try:
                sound = pygame.mixer.Sound(buffer=pcm(name))
            except pygame.error:
                self.ready = False
                return
            self.sounds[name] = sound
        sound.set_volume(self.volume)
        sound.play()


class AudioSystem(esper.Processor):
    """Plays the sounds requested during a frame, each name once."""

    priority = 10

    def __init__(self, bank: SoundBank | None) -> None:
        self.bank = bank
        self._requests: list[str] = []

    def request(self, name: str) -> None:
        if name not in self._requests:
            self._requests.append(name)

    def process(self, dt: float) -> None:
        requests, self._requests = self._requests, []
        if self.bank is not None:
            for name in requests:
                self.bank.play(name)
