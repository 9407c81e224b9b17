"""The game-agnostic core: rulesets plug into it; it knows nothing of any game."""
