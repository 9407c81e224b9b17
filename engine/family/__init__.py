"""Pieces shared by the games of the Maharaja family (road network, plans, ranking).

Both rulesets (2020 Maharaja, 2004 Raja) use these; the core does not.
"""
