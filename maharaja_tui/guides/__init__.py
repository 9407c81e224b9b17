"""The players' guides shown on F1, one markdown file per game (its spec's ``guide``).

A guide is written for players, in ``## `` sections; a game's adapter names the section
that fits the decision at hand (``guide_topic``), by its title.
"""
