"""Screens of the program: a scene stack with transitions, the menus and the game tables."""
