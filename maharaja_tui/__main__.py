"""``python -m maharaja_tui``: the same entry point as the ``maharaja`` command."""

from maharaja_tui.cli import main

raise SystemExit(main())
