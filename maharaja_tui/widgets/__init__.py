"""Generic game widgets: they draw plain data (segments, labels, numbers), never a State."""
