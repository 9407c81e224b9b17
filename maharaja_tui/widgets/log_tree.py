"""The whole log as a tree: rounds, their turns, the turns' entries (``l``).

Entries carry the part of the game they start or end (``part:round``, ``part:turn``,
``part:phase``, ``part:end``: plain data in the descriptions), so the log groups itself: a round
holds its turns, a turn its entries. A phase in which nothing happened is left out
(Maharadjah logs hundreds of them). Every turn is folded to its first line, with
how many entries it holds and a ``●`` when one of them concerns the player, except
the newest, which is open with the cursor on its last entry. Right (or Enter) opens
a turn, Left closes it or goes to the turn it is in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from maharaja_tui.widgets.move_log import FLAG, PLAIN, idle_phase, part_of
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments


class LogTree(RoleStyles, Tree[int]):
    """Each node's data is its entry's index in the log."""

    BINDINGS = [Binding("right", "open", "Open", show=False, id="log.open"),
                Binding("left", "close", "Close", show=False, id="log.close-turn")]
    DEFAULT_CSS = "LogTree { padding: 0 1; }"

    def __init__(self, entries: tuple[Segments, ...], flagged: frozenset[int],
                 colours: Palette | None, **kwargs: object) -> None:
        super().__init__("log", **kwargs)  # type: ignore[arg-type]
        self.entries = entries
        self.flagged = flagged
        self.colours = colours
        self.show_root = False
        self.guide_depth = 2
        self.groups: list[TreeNode[int]] = []  # the rounds and turns, in order

    def on_mount(self) -> None:
        self.build()

    def build(self) -> None:
        painter = Painter(self, self.colours)
        entries, flagged = self.entries, self.flagged

        def label(index: int) -> Segments:
            return (FLAG if index in flagged else PLAIN) + tuple(entries[index])

        root = self.root
        round_node: TreeNode[int] | None = None
        turn_node: TreeNode[int] | None = None
        inside: dict[int, list[int]] = {}  # group node id -> the entries it holds
        for index, entry in enumerate(entries):
            part = part_of(entry)
            if idle_phase(entries, index):
                continue
            if part == "round":
                round_node = root.add(painter.text(label(index)), data=index)
                turn_node = None
                self.groups.append(round_node)
                inside[round_node.id] = [index]
                continue
            if part == "turn":
                turn_node = (round_node or root).add(painter.text(label(index)), data=index)
                self.groups.append(turn_node)
                inside[turn_node.id] = [index]
                if round_node is not None:
                    inside[round_node.id].append(index)
                continue
            parent = turn_node or round_node or root
            parent.add_leaf(painter.text(label(index)), data=index)
            for group in (turn_node, round_node):
                if group is not None:
                    inside[group.id].append(index)
        for group in self.groups:  # folded: its first line, how much it holds, a ●
            held = inside[group.id]
            assert group.data is not None
            mark = FLAG if any(n in flagged for n in held) else PLAIN
            more = len(held) - 1
            group.set_label(painter.text(mark + tuple(entries[group.data]) + (
                ((f"  (+{more})", "dim"),) if more else ())))
        newest = self.groups[-1] if self.groups else None
        node = newest
        while node is not None and node is not root:  # the newest turn open, and its round
            node.expand()
            node = node.parent
        last = root
        while last.children:
            last = last.children[-1]
            if not last.is_expanded:
                break
        if last is not root:  # once the tree has its lines
            self.call_after_refresh(self._go_to, last)

    def _go_to(self, node: TreeNode[int]) -> None:
        self.move_cursor(node)
        self.scroll_to_node(node, animate=False)

    # Textual's tree keys, each ringing the bell when it moves or opens nothing (the
    # last line, a leaf to toggle): no key is a silent no-op.
    def _moved(self, action: Callable[[], Any]) -> None:
        node = self.cursor_node
        before = (self.cursor_line, node.is_expanded if node is not None else None)
        action()
        node = self.cursor_node
        if (self.cursor_line, node.is_expanded if node is not None else None) == before:
            self.app.bell()

    def action_cursor_up(self) -> None:
        self._moved(super().action_cursor_up)

    def action_cursor_down(self) -> None:
        self._moved(super().action_cursor_down)

    def action_page_up(self) -> None:
        self._moved(super().action_page_up)

    def action_page_down(self) -> None:
        self._moved(super().action_page_down)

    def action_scroll_home(self) -> None:
        self._moved(super().action_scroll_home)

    def action_scroll_end(self) -> None:
        self._moved(super().action_scroll_end)

    def action_toggle_node(self) -> None:
        self._moved(super().action_toggle_node)

    def action_select_cursor(self) -> None:
        self._moved(super().action_select_cursor)

    def action_cursor_parent(self) -> None:
        self._moved(super().action_cursor_parent)

    def action_cursor_parent_next_sibling(self) -> None:
        self._moved(super().action_cursor_parent_next_sibling)

    def action_cursor_previous_sibling(self) -> None:
        self._moved(super().action_cursor_previous_sibling)

    def action_cursor_next_sibling(self) -> None:
        self._moved(super().action_cursor_next_sibling)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("scroll_left", "scroll_right", "page_left", "page_right"):
            return self.allow_horizontal_scroll  # its lines fit: no sideways scroll
        return True

    def action_open(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and not node.is_expanded:
            node.expand()
        elif node.children:
            self.move_cursor(node.children[0])
        else:
            self.app.bell()  # an entry: nothing inside

    def action_close(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)
        else:
            self.app.bell()
