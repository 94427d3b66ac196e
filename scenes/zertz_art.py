"""The Zertz art moved to ``scenes.zertz.art``; this name stays for older imports."""

from scenes.zertz.art import bag, marble, piece, ring

__all__ = ["bag", "marble", "piece", "ring"]
