"""Generic game widgets: they draw plain data (segments, labels, numbers), never a State.

Each panel widget takes the game's palette and shows its ``data``; which widget
draws what is the game adapter's choice (``maharaja_tui.games``).
"""
