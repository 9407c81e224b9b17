"""A real browser at a real table: `maharaja serve --web` in headless Chromium beside an
SSH player. Skips, saying why, where Chromium or Playwright is missing;
`scripts/install_browser_test.sh` installs both."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sshkit import ANSI, connect

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CARD = re.compile(r"\b(?:ruby|jade|onyx|opal|pearl|amber|coral|topaz)\d{4}\b")
ROOT = Path(__file__).resolve().parents[2]


def _skip_reason() -> str | None:
    # Found, not imported: every worker collects this module, and the default run
    # deselects it (slow), so importing Playwright here cost each worker ~0.15 CPU-s.
    if importlib.util.find_spec("playwright") is None:
        return "Playwright's Python package is not installed (scripts/install_browser_test.sh)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no Chromium at {CHROMIUM} (scripts/install_browser_test.sh installs it)"
    return None


SKIP = _skip_reason()
if SKIP is not None and os.environ.get("MAHARAJA_BROWSER_TESTS") == "required":
    # CI installs the browser first (.ci/run): there a missing one is a failure, not a skip.
    raise RuntimeError(f"the browser tests are required here: {SKIP}")
pytestmark = [pytest.mark.skipif(SKIP is not None, reason=str(SKIP)),
              pytest.mark.slow]  # a real Chromium: CI runs it in the slow job (-m slow)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Page:
    """What a browser page received over its session's websocket, as plain text."""

    def __init__(self, page) -> None:
        self.page = page
        self.raw = bytearray()
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):  # terminal output; text frames are pongs and meta
            self.raw += payload

    def text(self, since: int = 0) -> str:
        return ANSI.sub(b"", bytes(self.raw[since:])).decode("utf-8", "replace")

    async def wait_for(self, pattern: str, since: int = 0, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while not (found := re.search(pattern, self.text(since))):
            if time.monotonic() > deadline:
                raise AssertionError(f"timeout waiting for {pattern!r}; "
                                     f"tail {self.text()[-1500:]!r}")
            await asyncio.sleep(0.1)
        return found

    async def press(self, key: str) -> None:
        await self.page.keyboard.press(key)
        await asyncio.sleep(0.15)


def test_browser_and_ssh_players_at_one_table_keep_their_secrets(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    (tmp_path / "passwords").write_text("alice:apple-pie\ncarol:cherry-tart\n")
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(Path(__file__).parent)]))
    server = subprocess.Popen(
        [sys.executable, "-m", "maharaja_server", "--data-dir", str(tmp_path / "srv"),
         "--port", "0", "--web", str(port), "--password-file", str(tmp_path / "passwords"),
         "--ruleset", "fake_ruleset:RULESET", "--default-game", "test-secrets",
         "--bot-delay", "0.05"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    async def scenario() -> None:
        lines = []
        while True:  # the server says where it listens
            line = await asyncio.to_thread(server.stdout.readline)
            assert line, "".join(lines)
            lines.append(line)
            if line.startswith("Web page:"):
                break
        ssh_port = int(re.search(r"listening on 127\.0\.0\.1:(\d+)", "".join(lines))[1])
        url = line.split()[2]
        assert url == f"http://127.0.0.1:{port}/"

        # Alice, over SSH, opens a two-seat table and sits at seat 1.
        alice = await connect(ssh_port, "alice", password="apple-pie",
                              command="new test-secrets 2")
        await alice.wait_for(r"The game starts once every seat is taken")
        await alice.press("l")
        link = (await alice.wait_for(r"seat 2: (http://127\.0\.0\.1:\d+/join/[\w-]+)"))[1]

        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                # Carol logs in with her password: the lobby, alice's table in it.
                carol_ctx = await browser.new_context(
                    http_credentials={"username": "carol", "password": "cherry-tart"})
                carol = Page(await carol_ctx.new_page())
                await carol.page.goto(url)
                await carol.wait_for(r"you are carol")
                await carol.wait_for(r"alice, free")

                # Bob comes by alice's link: he sits at seat 2 and the game starts.
                bob_ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
                bob = Page(await bob_ctx.new_page())
                await bob.page.goto(link)
                await bob.wait_for(r"seat 2 \(web1-2\) · step 1 · YOUR MOVE")
                await alice.wait_for(r"seat 1 \(alice\) · step 1 · YOUR MOVE")
                alice_hand = set(CARD.findall(alice.text()))
                bob_hand = set(CARD.findall(bob.text()))
                assert len(alice_hand) == 3 and len(bob_hand) == 3  # each sees their own

                # Bob plans by keys: Enter plays the highlighted card.
                mark = len(bob.raw)
                await bob.page.locator("#terminal").click()
                await bob.press("Enter")
                planned = (await bob.wait_for(r"seat 1 planned (\w+\d{4})", since=mark))[1]
                assert planned in bob_hand
                await alice.wait_for(r"seat 1 planned \?")

                # Another browser with bob's link is refused; bob's own gets his seat back.
                other = await (await browser.new_context()).new_page()
                refused = await other.goto(link)
                assert refused.status == 403
                assert "another browser" in await other.content()

                # Nothing of the other seat reached a page: not its frames, not its DOM.
                await bob.page.screenshot(path=str(tmp_path / "bob.png"))
                for page, never in ((bob, alice_hand), (carol, alice_hand | bob_hand)):
                    dom = await page.page.content()
                    for secret in never:
                        assert secret.encode() not in page.raw, secret
                        assert secret not in dom, secret
                assert planned not in alice.text()
            finally:
                await browser.close()
        await alice.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        server.terminate()
        server.wait(10)
