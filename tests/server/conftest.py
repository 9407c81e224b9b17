import sys
from pathlib import Path

# The helpers and the fake ruleset are imported by bare name here and in the server's
# session processes (which get this sys.path), whatever the test-suite layout.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
