import sys

from maharaja_server.cli import serve_main

sys.exit(serve_main(sys.argv[1:]))
