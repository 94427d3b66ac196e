"""Computer opponents, one module per game: ``choose(view, legal, level, rng) -> move``."""
