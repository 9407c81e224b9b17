import sys

from maharaja_server.transport.cli import serve_main

sys.exit(serve_main(sys.argv[1:]))
