"""`maharaja serve`: an SSH server hosting tables of any ruleset in engine.registry.

The server process owns every Game (tables.py) and serves it over a local Unix
socket (hub.py); each SSH session gets its own child process (session.py) running
the Textual UI on a pseudo-terminal bridged to the SSH channel (ssh.py).
"""
