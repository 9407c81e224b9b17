"""Maharaja in the terminal: a Textual front end that only sends intents to the engine."""

__version__ = "0.1.0"
