"""The session's screens survive being closed before they mount (Escape as a dialog
opens, leaving a table as it opens) and a table's or the lobby's notice that comes after
they closed: nothing crashes, nothing closed stays subscribed, nothing pops another
screen."""

from __future__ import annotations

import asyncio
from typing import Any

from fake_ruleset import RULESET
from textual.screen import Screen

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server.session_ui.lobby import LobbyScreen, NewTableScreen, SessionApp
from maharaja_server.session_ui.screens import TableScreen, WaitingScreen
from maharaja_server.session_ui.zygote import _Rehearsal
from maharaja_server.transport.protocol import SeatInfo, TableInfo


class Conn(_Rehearsal):
    """A hub connection with no server: no tables, no links, leaving always works."""

    def __init__(self) -> None:
        super().__init__({"fake": RULESET})

    def web_links(self, table: int) -> list[Any]:
        return []

    def leave(self, table: int) -> None:
        pass


class Waiting:
    """A table waiting for its second player (as RemoteTable answers the screen)."""

    id = 1

    def __init__(self) -> None:
        self.started = False
        self.listeners: list[Any] = []

    @property
    def info(self) -> TableInfo:
        return TableInfo(1, "a table", "fake", "Fake", [SeatInfo("human", "ann"),
                         SeatInfo("free")], 0, self.started, False, 0, [], False)

    def refresh_info(self) -> None:
        pass

    def subscribe(self, listener: Any) -> None:
        self.listeners.append(listener)

    def unsubscribe(self, listener: Any) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)


def closed_at_once(screen: Screen, close: str, then: Any = None) -> SessionApp:
    """A session whose lobby opens ``screen`` and closes it (``close``: the action a
    key runs) before its mount; ``then(app, screen)`` runs after."""
    app = SessionApp(Conn(), {"fake": RULESET})  # type: ignore[arg-type]

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(screen)
            getattr(screen, close)()
            for _ in range(200):  # until it is removed: its mount has come, or never will
                if not screen.is_attached:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            assert app.is_running and isinstance(app.screen, LobbyScreen), app.screen_stack
            if then is not None:
                then(app, screen)

    asyncio.run(run())
    return app


def test_a_new_table_dialog_closed_before_it_mounts_does_not_crash() -> None:
    closed_at_once(NewTableScreen(), "dismiss")  # Escape's action (dismiss)


def test_the_links_dialog_closed_before_it_mounts_does_not_crash() -> None:
    from maharaja_server.session_ui.invite import LinksScreen

    closed_at_once(LinksScreen(1), "dismiss")


def test_a_table_left_before_its_screen_mounts_keeps_no_listener() -> None:
    table = LocalTable(Game(RULESET, [Seat("ann", HUMAN), Seat("bob", HUMAN)], None, 3))
    screen = TableScreen(table, 0)
    closed_at_once(screen, "action_leave")
    assert screen._changed not in table._listeners


def test_a_waiting_room_left_before_it_mounts_keeps_no_listener() -> None:
    table = Waiting()
    screen = WaitingScreen(table, 0)  # type: ignore[arg-type]

    def listeners(app: SessionApp, screen: WaitingScreen) -> None:
        assert screen._changed not in table.listeners
        assert screen._lobby not in app.conn.on_lobby_change

    closed_at_once(screen, "action_leave", listeners)


def test_a_game_that_starts_as_its_waiting_room_is_left_pops_nothing_else() -> None:
    """The lobby's notice that the game started came while the waiting room was being
    left: the room then popped every screen above it, the lobby too, looking for
    itself (ScreenStackError: the session crashed)."""
    table = Waiting()
    app = SessionApp(Conn(), {"fake": RULESET})  # type: ignore[arg-type]

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = WaitingScreen(table, 0)  # type: ignore[arg-type]
            app.push_screen(screen)
            await pilot.pause()
            screen.action_leave()
            table.started = True
            screen._lobby()  # the lobby's push, before the room was removed
            for _ in range(5):
                await pilot.pause()
            assert app.is_running and isinstance(app.screen, LobbyScreen), app.screen_stack

    asyncio.run(run())


def test_a_game_that_starts_under_the_size_cover_replaces_only_its_waiting_room(
        monkeypatch: Any) -> None:
    """The game started while the terminal was too small and the links dialog was open
    over the room: the room popped screens until it was on top, but the size cover is
    always on top, so it popped them all (ScreenStackError), a cover put back on the
    way closed before its mount (NoMatches); the game replaced the cover, not the room."""
    from maharaja_server.session_ui import screens
    from maharaja_server.session_ui.invite import LinksScreen
    from maharaja_tui.screens.too_small import TooSmallScreen

    game = Screen()
    monkeypatch.setattr(screens, "game_screen_for", lambda table, seat: game)
    table = Waiting()
    app = SessionApp(Conn(), {"fake": RULESET})  # type: ignore[arg-type]

    async def run() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            room = WaitingScreen(table, 0)  # type: ignore[arg-type]
            app.push_screen(room)
            await pilot.pause()
            room.action_links()
            await pilot.pause()
            table.started = True
            room._changed()
            for _ in range(5):
                await pilot.pause()
            assert app.is_running
            lobby, shown, cover = app.screen_stack
            assert isinstance(lobby, LobbyScreen) and shown is game
            assert isinstance(cover, TooSmallScreen)
            assert not any(isinstance(s, WaitingScreen | LinksScreen) for s in app.screen_stack)

    asyncio.run(run())


def test_a_waiting_room_left_stops_listening_to_the_lobby() -> None:
    """A room left (after its mount) stayed among the lobby's listeners for the rest of
    the session, its whole screen with it, called at every push."""
    table = Waiting()
    app = SessionApp(Conn(), {"fake": RULESET})  # type: ignore[arg-type]

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            room = WaitingScreen(table, 0)  # type: ignore[arg-type]
            app.push_screen(room)
            await pilot.pause()
            assert room._lobby in app.conn.on_lobby_change
            room.action_leave()
            for _ in range(5):
                await pilot.pause()
            assert room._lobby not in app.conn.on_lobby_change
            assert room._changed not in table.listeners

    asyncio.run(run())


def test_a_pushed_notice_runs_on_the_app() -> None:
    """A listener handed over by the hub connection's reader thread runs in the app's
    context, on its loop (without its signature read at every notice: the listener
    declares it)."""
    import threading

    from textual import active_app

    app = SessionApp(Conn(), {"fake": RULESET})  # type: ignore[arg-type]
    ran: list[tuple[Any, threading.Thread]] = []

    def listener() -> None:
        ran.append((active_app.get(), threading.current_thread()))

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pusher = threading.Thread(target=app.conn.dispatch, args=(listener,))
            pusher.start()
            pusher.join()
            for _ in range(100):
                if ran:
                    break
                await pilot.pause(0.01)

    asyncio.run(run())
    assert ran == [(app, threading.main_thread())]
