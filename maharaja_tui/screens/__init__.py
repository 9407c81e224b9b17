"""The app's screens: new game, the game itself, its modal choices, scoring, help, replay."""
