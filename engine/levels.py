"""The computer players' levels, as data: naming them imports no bot (the
launch figure: it picks the default level before its first frame; the bots think after it)."""

LEVELS = ("easy", "medium", "hard")
