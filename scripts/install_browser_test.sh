#!/bin/sh
# Installs what tests/server/test_web_browser.py needs: Debian's Chromium and Playwright's
# Python package (driving that Chromium; Playwright's own browser downloads are not used).
set -e
if ! command -v chromium >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    # A fresh machine's package lists may be stale: read them again only if the first try fails.
    $sudo apt-get install -y -qq chromium || { $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium; }
fi
python3 -m pip install -q 'playwright>=1.40' 'textual-serve>=1.1'
echo "ready: python3 -m pytest tests/server/test_web_browser.py"
