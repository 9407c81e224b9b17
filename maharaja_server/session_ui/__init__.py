"""A session's UI: the Textual app each SSH or browser session runs (the lobby, the
table screens), its drivers on a pty, the hosts and the session worker that fork it,
and its connection to the hub (``remote``)."""
