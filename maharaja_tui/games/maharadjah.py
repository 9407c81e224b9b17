"""Maharadjah on screen: India's area map, the nation sequence and turn tracks, each
player's nations, and the decisions turned into the engine's intents.

Players are the hands A-E (seat colours); the 17 nations are the spec's ``sides``
(``side:K``, K in the nation order of W-ORDER-1), each with a letter of its own, so
armies read as ``M3`` with or without colour. The map offers the engine's moves
only: ``movable`` starts become routes to the ends of their legal paths, and a
picked route ``FROM>TO`` asks how many (the legal ``Move`` intents ending there).
Every decision goes to the seat the engine's ``to_move`` names, the defender's
player included (casualties, retreats, consent, submission and alliance offers).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from functools import cache, partial
from typing import Any, ClassVar

import msgspec

from engine.core.errors import Refused
from engine.maharadjah import combat
from engine.maharadjah import intents as I
from engine.maharadjah import queries as Q
from engine.maharadjah.board import DATA
from engine.maharadjah.describe import nation_of
from engine.maharadjah.diplomacy import offers_for
from engine.maharadjah.legal import refused_moves, unused
from engine.maharadjah.options import Options as MaharadjahOptions
from engine.maharadjah.rules import decide
from engine.maharadjah.scoring import totals
from engine.maharadjah.spec import NATIONS
from engine.maharadjah.state import LOSSES, RETREAT_ATT, RETREAT_DEF, Phase
from engine.maharadjah.state import State as MaharadjahState
from maharaja_tui.games.base import (
    Dialog,
    GameAdapter,
    MenuEntry,
    NewGameForm,
    OptionField,
    Panel,
    ScoreTable,
    SpecAdapter,
    cell,
    listed,
)
from maharaja_tui.games.maharadjah_move import MoveBox, MoveScreen, Stops
from maharaja_tui.widgets.area_map import Area, AreaMap, AreaMapData
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SpaceTrack, SpaceTrackData

REGION_WORDS = {"SOUTH": "South India", "NORTH": "North India", "CEYLON": "Ceylon",
                "HIMALAYA": "the Himalaya"}  # the regions as the rules name them (W-SUB-1)
GROWTH_OWED = frozenset({"place", "leader", "arms"})  # what the growth phase leaves owed
# Every phase has its words (a new phase without them fails at import, not on screen).
PHASE_WORDS: dict[Phase, str] = {
    Phase.SETUP: "Setup", Phase.TURN_START: "Turn start", Phase.NEXT: "",
    Phase.START: "Sequence start", Phase.GROWTH: "Growth", Phase.INVASION: "Invasion",
    Phase.MOVE: "Movement", Phase.COMBAT: "Combat", Phase.POSTS: "Trading posts",
    Phase.ARMS: "Colonial arms", Phase.VP: "Victory points", Phase.SEQ_END: "",
    Phase.OVERPOP: "Overpopulation", Phase.TURN_END: "Turn end", Phase.OVER: "Game over"}
if set(PHASE_WORDS) != set(Phase):
    raise ValueError(f"phases without words: {sorted(set(Phase) - set(PHASE_WORDS))}")
TODO_WORDS = {"place": "place armies", "leader": "place a leader", "arms": "place an arms marker",
              "remove": "remove armies", "offer": "submission offer", "ally": "British alliance",
              "passage": "leave to sail", "land": "land from the sea", "consent": "a trading post"}

# Why armies are to be removed (a Todo's ``what``), as a player reads it, and its rule.
REMOVE_WHY = {"scheduled": ("the event table's removal", "W-SCHED-8"),
              "overpopulation": ("overpopulation", "W-OVP-1")}

LEGEND = """\
## The map (Maharadjah)

Each box is a space: `[BEN]` a territory, `^ASM^` rough terrain (W-MAP), `≈BB≈` a sea
zone, `‹AFG›` a barbarian land beyond the map. After the id: `≈` a coast, `*` a
trading-post site. Inside the box, under its id: armies by nation, a nation's letter
and count (`M3` is three Mahratta armies), `!` a leader, `#` a trading post and `+` a
colonial arms marker, each with its nation's letter (`…`: more than fit; the status
line lists them all). Dotted lines join neighbouring territories and `~` is the strait
between Karnataka and Lanka; a sea zone touches the coasts (`≈`) its name says (the
status line spells out a space's seas).

Nation letters: P Pandya, G Greeks, A Afghans, M Mahrattas, C Chola, Y Maurya,
H Harappans, S Sinhalese, K Sikhs, R Rajputs, U Gupta, L Muslims, O Mughals,
T Portuguese, D Dutch, F French, B British. Players are the hands A–E.

Moving: `m` focuses the map; the arrows move the cursor to the nearest space in
their direction (`▸[MLW]◂`), Tab / shift+Tab to the next highlighted one. Enter on a
highlighted space picks its stack and highlights where it may go; on each of those
the move's path is drawn (`•`) and the status line says the move; Enter there asks
how many, Enter on a space it cannot reach says why (Escape drops the pick). A
leader's move of two or more crossings may leave armies on the way (W-LEAD-3): pick
"… stops on the way", then Enter (or click) on a space adds an army stopping there,
←/→ one less or more, and "✓ Move" moves. The two lines under the map spell out the
space under the cursor and what Enter does there; at 80×24 the map shows a window that
follows the cursor, its place in the whole map on the right of the first line.
"""


def nation_index(nation: str) -> int:
    return Q.rules().order.index(nation) if nation in Q.rules().order else -1


def nation_seg(nation: str, text: str | None = None) -> Segment:
    k = nation_index(nation)
    return (text if text is not None else NATIONS[k].letter if k >= 0 else "?", f"side:{k}")


def nation_name(nation: str) -> Segment:
    nations = Q.rules().nations
    return nation_seg(nation, nations[nation].name if nation in nations else nation)


class MaharadjahAdapter(SpecAdapter[MaharadjahState, I.Intent]):
    ruleset_id: ClassVar[str] = "maharadjah"
    legend: ClassVar[str] = LEGEND
    private: ClassVar[bool] = False  # no hidden information: hot seat needs no privacy screen
    guide_rules: ClassVar[dict[str, str]] = {  # F1's r: each guide section's rules
        "The goal": "W-END-1", "How a turn goes": "W-TURN-1",
        "A nation's sequence": "W-SEQ-1", "Combat": "W-CMB-1", "Victory points": "W-VP-1",
        "Submission and the British": "W-SUB-1"}
    # F1 at a decision: the guide's section that explains it (the first kind present)
    guide_topics: ClassVar[dict[type, str]] = {
        I.Submit: "Submission and the British", I.Ally: "Submission and the British",
        I.Fight: "Combat", I.TakeLosses: "Combat", I.Retreat: "Combat", I.Stand: "Combat",
        I.BreakOff: "Combat", I.EndCombat: "Combat",
        I.PlaceArmy: "A nation's sequence", I.PlaceLeader: "A nation's sequence",
        I.PlaceArms: "A nation's sequence", I.RemoveArmy: "A nation's sequence",
        I.Move: "A nation's sequence", I.EndMovement: "A nation's sequence",
        I.BuildPost: "A nation's sequence", I.RemovePost: "A nation's sequence",
        I.EndPosts: "A nation's sequence", I.AnswerConsent: "A nation's sequence",
        I.AssignArms: "A nation's sequence", I.EndArms: "A nation's sequence"}
    guide_default: ClassVar[str] = "How a turn goes"

    def who(self, view: Any, seat: int) -> Segment:
        return (f"{self.letter(view, seat)} {self.name(view, seat)}", f"seat:{seat}")

    def seat_title(self, view: Any, seat: int) -> str:
        return f"Player {self.letter(view, seat)} ({self.name(view, seat)})"

    # ----------------------------------------------------------------- panels
    def panels(self, view: MaharadjahState, viewer: int | None, to_move: Sequence[int],
               intents: Sequence[Any]) -> tuple[Panel, ...]:
        boards = tuple(Panel(f"board-{s}", "seats", PlayerBoard,
                             self.board(view, s, viewer, to_move), "board")
                       for s in range(view.seats))
        # "board" is the screen's class for a one-line-per-row panel of auto height.
        return (Panel("india", "board", AreaMap, self.map_data(view, intents)),
                Panel("sequence", "tracks", SpaceTrack, self.sequence_track(view), "board"),
                Panel("turns", "tracks", SpaceTrack, self.turn_track(view), "board"),
                *boards)

    def map_data(self, view: MaharadjahState, intents: Sequence[Any]) -> AreaMapData:
        board = Q.board()
        areas: list[Area] = []
        details: dict[str, Segments] = {}
        for tid, terr in board.territories.items():
            marks = ("≈" if terr.seas else "") + ("*" if terr.post_site else "")
            areas.append(Area(tid, terr.layout[0], terr.layout[1], ((tid, "strong"),
                                                                    (marks, "dim")),
                              self.contents(view, tid), "rough" if terr.rough else "land"))
            kind = (["rough"] if terr.rough else []) + [f"coast of {s}" for s in terr.seas] + (
                ["post site"] if terr.post_site else [])
            details[tid] = self.detail(view, tid, terr.name, ", ".join(kind))
        for sid, sea in board.seas.items():
            areas.append(Area(sid, sea.layout[0], sea.layout[1], ((sid, "strong"),),
                              self.contents(view, sid), "sea"))
            details[sid] = self.detail(view, sid, sea.name, "sea zone")
        for bid, name in board.barbarians.items():
            x, y = barbarian_layout().get(bid, (0, 0))
            areas.append(Area(bid, x, y, ((bid, "dim"),), self.contents(view, bid), "edge"))
            details[bid] = self.detail(view, bid, name, "barbarian land")
        links: list[tuple[str, str, str]] = []
        for a, near in sorted(board.land.items()):
            links += [(a, b, "strait" if board.is_strait(a, b) else "land")
                      for b in sorted(near) if a < b]
        routes: dict[str, set[str]] = {}
        paths: dict[str, tuple[str, ...]] = {}  # the shortest path of each route, previewed
        picks: set[str] = set()
        for intent in intents:
            if isinstance(intent, I.Move):
                routes.setdefault(intent.start, set()).add(intent.path[-1])
                route = f"{intent.start}>{intent.path[-1]}"
                if route not in paths or len(intent.path) < len(paths[route]):
                    paths[route] = intent.path
            elif isinstance(intent, I.Retreat):
                picks.add(intent.to)
            elif space := getattr(intent, "space", ""):  # an intent at a space
                picks.add(space)
        return AreaMapData(tuple(areas), tuple(links), frozenset(picks),
                           {k: frozenset(v) for k, v in routes.items()}, details, paths)

    def contents(self, view: MaharadjahState, space: str) -> tuple[Segments, ...]:
        """Armies by nation, then leaders (!), posts (#) and arms markers (+)."""
        armies: list[Segment] = []
        for nation, n in sorted(view.armies.get(space, {}).items(), key=lambda kv:
                                nation_index(kv[0])):
            if n:
                armies += [nation_seg(nation, f"{nation_seg(nation)[0]}{n}"), (" ", "")]
        marks: list[Segment] = []
        for leader, where in sorted(view.leaders.items()):
            if where == space:
                marks.append(nation_seg(Q.leader_nation(leader), "!"
                                        + nation_seg(Q.leader_nation(leader))[0]))
        if space in view.posts:
            marks.append(nation_seg(view.posts[space], "#" + nation_seg(view.posts[space])[0]))
        for power, where in sorted(view.arms_at.items()):
            if where == space:
                marks.append(nation_seg(power, "+" + nation_seg(power)[0]))
        lines = [tuple(armies[:-1])] if armies else []
        if marks:
            lines.append(tuple(marks))
        return tuple(lines)

    def detail(self, view: MaharadjahState, space: str, name: str, kind: str) -> Segments:
        out: list[Segment] = [(f"{space} {name}", "strong")]
        if kind.strip():
            out.append((f" ({kind.strip()})", "dim"))
        for nation, n in sorted(view.armies.get(space, {}).items()):
            if n:
                out += [(" · ", ""), nation_name(nation), (f" {n}", "")]
        for leader, where in sorted(view.leaders.items()):
            if where == space:
                out += [(" · leader ", ""), nation_seg(Q.leader_nation(leader),
                                                       Q.rules().leaders[leader].name)]
        if space in view.posts:
            out += [(" · post of the ", ""), nation_name(view.posts[space])]
        for power, where in sorted(view.arms_at.items()):
            if where == space:
                out += [(" · arms of the ", ""), nation_name(power)]
        return tuple(out)

    def sequence_track(self, view: MaharadjahState) -> SpaceTrackData:
        """W-ORDER-1: the nations in order; the active one bracketed."""
        spaces: list[Segments] = []
        for nation in Q.rules().order:
            if nation not in view.control:
                spaces.append((("·", "dim"),))
                continue
            letter = nation_seg(nation)
            if nation == view.active:
                spaces.append((("▶", "strong"), (letter[0], f"{letter[1]}+cursor")))
            elif nation in view.gone:
                spaces.append(((letter[0].lower(), "dim"),))
            else:
                spaces.append((letter,))
        tail: Segments = ()
        if view.active:
            seat = view.control.get(view.active, 0)
            tail = ((" ", ""), nation_name(view.active),
                    (f" ({self.letter(view, seat)})", "dim"))
        return SpaceTrackData("Sequence", tuple(spaces), tail=tail)

    def turn_track(self, view: MaharadjahState) -> SpaceTrackData:
        spaces = tuple(((f"{t}", "cursor" if t == view.turn else
                         "dim" if t < view.turn else ""),) for t in range(1, Q.last_turn() + 1))
        years = Q.rules().turns.get(view.turn, {}).get("years", "") if view.turn else ""
        return SpaceTrackData("Turn", spaces, tail=((years, "dim"),))

    def board(self, view: MaharadjahState, seat: int, viewer: int | None,
              to_move: Sequence[int]) -> BoardData:
        mine = [n for n in Q.rules().order if view.control.get(n) == seat]
        total = (str(totals(view)[seat]), "strong")
        vp: list[Segment] = [("VP ", "dim"), total, (" │", "dim")]
        armies: list[Segment] = [("armies", "dim"), (" " * (len(total[0]) + 1), "")]
        for nation in mine:
            letter = nation_seg(nation)[0]
            gone = nation in view.gone
            vp.append(nation_seg(nation, f" {letter}{sum(view.vp.get(nation, []))}"))
            armies.append(("  -" if gone else f" {letter}{Q.on_map(view, nation)}",
                           "dim" if gone else nation_seg(nation)[1]))
        wide = (tuple(vp), tuple(armies))
        narrow = ((total, *vp[3:]),)
        return BoardData(seat=seat, letter=self.letter(view, seat), name=self.name(view, seat),
                         active=seat in to_move, you=seat == viewer,
                         computer=not self.seats[seat].is_human if seat < len(self.seats)
                         else False, wide_rows=wide, narrow_rows=narrow)

    # ----------------------------------------------------------------- words
    def status(self, view: MaharadjahState, viewer: int | None,
               to_move: Sequence[int]) -> Segments:
        if view.phase == Phase.OVER:
            return (("Game over", "strong"),)
        out: list[Segment] = [(f"Turn {view.turn}/{Q.last_turn()}", "strong")]
        # the acting nation, or the one owing a decision between sequences (overpopulation)
        nation = view.active or (view.todo[0].nation if view.todo else "")
        if nation:
            seat = view.control.get(nation, 0)
            out += [(" · ", ""), nation_name(nation), (" (", ""),
                    (self.letter(view, seat), f"seat:{seat}"), (")", "")]
        phase = PHASE_WORDS[view.phase]
        if view.phase == Phase.INVASION and view.todo and view.todo[0].kind in GROWTH_OWED:
            # The growth phase's armies, leaders and arms are placed as the engine's
            # invasion phase begins, before any invader: the player is still growing.
            phase = PHASE_WORDS[Phase.GROWTH]
        if phase:
            out.append((f" · {phase}", ""))
        if view.battle is not None:
            b = view.battle
            out += [(" · battle in ", ""), (Q.board().name(b.space), "strong"), (": ", ""),
                    nation_name(b.attacker), (" v ", ""), nation_name(b.defender)]
        if to_move and not (viewer is not None and viewer in to_move):
            out += [(" · waiting for ", ""), *self.names(view, list(to_move))]
        return tuple(out)

    def heading(self, view: MaharadjahState, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]:
        if viewer is None or viewer not in to_move:
            return ()
        if view.todo:
            todo = view.todo[0]
            what = TODO_WORDS.get(todo.kind, todo.kind)
            extra = f" ({todo.count} left)" if todo.count and todo.kind in (
                "place", "remove") else ""
            why = REMOVE_WHY.get(todo.what) if todo.kind == "remove" else None
            return ((nation_name(todo.nation), (f": {what}{extra}", "strong"),
                     *(((f" — {why[0]}", ""), (f" {why[1]}", "dim")) if why else ())),)
        b = view.battle
        if b is not None:
            # Submission is offered after a round only where the defender may submit
            # (W-SUB-1, 4): said when the list holds it, not at every retreat.
            submits = b.stage == RETREAT_DEF and any(
                isinstance(offer, I.Submit) for offer in offers_for(view, b.defender))
            # Named by the nation that decides: in a game of alliances and five
            # seats, "the defender" left a player to work out which side was theirs.
            stage = {LOSSES: (b.attacker, ": pick the armies hit", "W-CMB-6"),
                     RETREAT_DEF: (b.defender, ": retreat or stand" + (
                         ", or offer submission" if submits else ""), "W-RET-1"),
                     RETREAT_ATT: (b.attacker, ": retreat or stand", "W-RET-1")}.get(b.stage)
            return ((("Battle in ", ""), (Q.board().name(b.space), "strong"), (": ", ""),
                     nation_name(b.attacker), (" v ", ""), nation_name(b.defender)),
                    ((nation_name(stage[0]), (stage[1], ""), (f" ({stage[2]})", "dim"))
                     if stage else ()))
        if view.phase == Phase.MOVE:
            return ((nation_name(view.active), (": move (m: map, Enter picks a stack)",
                                                "strong"), (" W-MOVE-1", "dim")),)
        if view.phase == Phase.COMBAT:
            return ((nation_name(view.active), (": pick a battle", "strong"),
                     (" W-CMB-1", "dim")),)
        return ((nation_name(view.active) if view.active else ("", ""),
                 (f": {PHASE_WORDS[view.phase]}", "strong")),)

    def menu(self, view: MaharadjahState, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        moves: dict[str, list[Any]] = {}
        out: list[MenuEntry] = []
        for intent in intents:
            if isinstance(intent, I.Move):
                moves.setdefault(intent.start, []).append(intent)
            else:
                out.append(MenuEntry(self.label(view, seat, intent), (intent,)))
        for start, group in sorted(moves.items(), reverse=True):
            out.insert(0, MenuEntry((("Move from ", ""), (Q.board().name(start), "strong"),
                                     ("…", "")), tuple(shortest(group)),
                                    f"Move from {Q.board().name(start)}:", "move"))
        return out

    def selected(self, view: MaharadjahState, seat: int, place: str,
                 intents: Sequence[Any]) -> MenuEntry | None:
        start, _, dest = place.partition(">")
        if dest:
            ending = [i for i in intents if isinstance(i, I.Move)
                      and i.start == start and i.path[-1] == dest]
            here = shortest(ending)
            here.sort(key=lambda m: (-m.armies, -len(m.leaders)))
            # every path of a leader's whole group, for stops on the way (W-LEAD-3)
            here += [m for m in stop_bases(ending) if m not in here]
            prompt = f"{Q.board().name(start)} → {Q.board().name(dest)}: how many?"
            return MenuEntry((), tuple(here), prompt, "move") if here else None
        here = [i for i in intents if getattr(i, "space", None) == place
                or getattr(i, "to", None) == place]
        if not here:
            return None
        return MenuEntry((), tuple(here), f"{Q.board().name(place)}:")

    def why_not_at(self, view: MaharadjahState, seat: int, place: str,
                   intents: Sequence[Any]) -> tuple[Any, ...]:
        """Intents picking ``place`` on the map would have made, for the engine to say
        why it cannot: the picked stack's move to a space it cannot reach ("FROM>TO",
        by the fewest crossings of land), a move from a space with no stack to move,
        or what the seat may do now elsewhere (place an army, fight...) done here."""
        start, _, dest = place.partition(">")
        moves = [i for i in intents if isinstance(i, I.Move)]
        if dest:
            base = max((m for m in moves if m.start == start), key=lambda m: m.armies,
                       default=None)
            if base is None:
                return ()
            path = land_path(start, dest) or (dest,)
            return (msgspec.structs.replace(base, path=path, drops=()),)
        out: list[Any] = []
        if moves and place not in {m.start for m in moves}:
            near = sorted(Q.board().land.get(place, ())) or [moves[0].path[0]]
            out.append(I.Move(start=place, path=(near[0],), armies=1))
        kinds: set[type] = set()
        for intent in intents:
            if type(intent) in kinds:
                continue
            for name in ("space", "to"):
                if isinstance(getattr(intent, name, None), str) and getattr(intent, name):
                    kinds.add(type(intent))
                    out.append(msgspec.structs.replace(intent, **{name: place}))
        return tuple(out)

    def dialog(self, view: MaharadjahState, seat: int, entry: MenuEntry) -> Dialog | None:
        """A move entry with a leader's move of 2+ crossings: the move dialog, where the
        armies may stop along the path (W-LEAD-3); otherwise the generic list."""
        if entry.kind != "move":
            return None
        bases = stop_bases(entry.intents)
        refused = refused_here(view, entry)
        if not bases and not refused:
            return None
        name = Q.board().name
        listed = shortest(entry.intents)
        if entry.prompt.endswith("how many?"):  # one route: the most armies first
            listed.sort(key=lambda m: (-m.armies, -len(m.leaders)))
        stops = [Stops((("… stops on the way: ", "dim"), self.label(view, seat, m)[0],
                        (f" → {name(m.path[-1])} via ", ""),
                        (", ".join(name(p) for p in m.path[:-1]), "strong")),
                       m, tuple(name(p) for p in m.path), partial(_with_drops, m))
                 for m in bases]
        box = MoveBox(entry.prompt or "Move:",
                      [(self.label(view, seat, m), m) for m in listed], stops,
                      partial(move_refusal, view, seat), self.palette(view),
                      [(self.label(view, seat, m), m) for m in refused])
        return Dialog(box, lambda move: move, MoveScreen)

    place_roles: ClassVar[frozenset[str]] = frozenset({"space"})

    def place_ids(self) -> dict[str, str]:
        """A space's name in the log -> its id on the area map."""
        return _space_ids()

    def actor(self, view: MaharadjahState, entry: Segments) -> int | None:
        """The player of the nation an entry begins with (``side:K``, the K-th nation)."""
        for _, role in entry:
            if role.startswith("side:"):
                nation = nation_of(role)
                return view.control.get(nation) if nation is not None else None
        return super().actor(view, entry)

    def unused(self, view: MaharadjahState, seat: int, intent: Any) -> str | None:
        """Ending a phase with stacks that could still move, posts still to attack or
        build, arms still to give (the engine's ``unused``)."""
        if not isinstance(intent, I.EndMovement | I.EndCombat | I.EndPosts | I.EndArms):
            return None
        left = unused(view, seat)
        if not left:
            return None
        phase = "".join(text for text, _ in self.label(view, seat, intent)[:1])
        return (f"{phase}? Still possible in it:\n"
                + "\n".join(f"  • {what}" for what in left))

    def unavailable(self, view: MaharadjahState, seat: int,
                    intents: Sequence[Any]) -> list[MenuEntry]:
        """W-STACK-3: a stack whose every move the stacking limits refuse is listed
        dimmed with the engine's reason (its smallest refused move), not left out."""
        if view.phase != Phase.MOVE or view.todo or view.battle is not None:
            return []
        moving = {i.start for i in intents if isinstance(i, I.Move)}
        out = []
        for start in sorted(s for s, n in view.fresh.items() if n > 0 and s not in moving):
            refused = refused_moves(view, start)
            if refused:
                out.append(MenuEntry((("Move from ", ""), (Q.board().name(start), "strong"),
                                      ("…", "")), (refused[0],), kind="move"))
        return out

    def label(self, view: MaharadjahState, seat: int, intent: Any) -> Segments:
        b = Q.board()
        name = b.name
        if isinstance(intent, I.Move):
            who = f"{intent.armies} armies" if intent.armies != 1 else "1 army"
            with_ = "".join(f" + {Q.rules().leaders[x].name}" for x in intent.leaders)
            arms = " + arms" if intent.arms else ""
            path = " → ".join(name(s) for s in (intent.start, *intent.path))
            stops = ", ".join(f"{d} in {name(s)}" for s, d in zip(intent.path, intent.drops,
                                                                     strict=False)
                              if d)
            return ((f"{who}{with_}{arms}", "strong"), (f": {path}", ""),
                    *(((f" (stopping on the way: {stops})", "dim"),) if stops else ()))
        if isinstance(intent, I.PlaceArmy):
            return (("Place an army in ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.PlaceLeader):
            return (("Place the leader in ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.PlaceArms):
            return (("Place the arms marker in ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.RemoveArmy):
            return (("Remove an army from ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.EndMovement):
            return (("End the Movement Phase", "strong"), (" W-MOVE-1", "dim"))
        if isinstance(intent, I.Fight):
            return (("Attack the ", ""), nation_name(intent.enemy), (" in ", ""),
                    (name(intent.space), "strong"))
        if isinstance(intent, I.EndCombat):
            return (("End the Combat Phase", "strong"),)
        if isinstance(intent, I.TakeLosses):
            froms = ", ".join(f"came from {name(o)}" for o in intent.origins)
            return (("Armies hit: ", ""), (froms or "none", "strong"), (" W-CMB-6", "dim"))
        if isinstance(intent, I.Retreat):
            return ((f"Retreat {intent.armies} to ", ""), (name(intent.to), "strong"),
                    *self.escorts(view, intent), (" W-RET-1", "dim"))
        if isinstance(intent, I.Stand):
            if view.todo and view.todo[0].kind in ("offer", "ally"):
                return (("Decline", "strong"), (" (no submission, no alliance)", "dim"))
            return (("Stand", "strong"), (" (no retreat)", "dim"))
        if isinstance(intent, I.BreakOff):
            return (("Break off the attack", "strong"), (" W-POST-9", "dim"))
        if isinstance(intent, I.Submit):
            to = ((" to the ", ""), nation_name(view.active)) if view.active else ()
            region = REGION_WORDS.get(intent.region, intent.region.title())
            return (("Submit the ", ""), nation_name(intent.nation), *to, (f" in {region}", ""),
                    (" W-SUB-3", "dim"))
        if isinstance(intent, I.Ally):
            cost = f"an army in {name(intent.space)}" if intent.cost == "army" else "a marker"
            return (("Ally the ", ""), nation_name(intent.nation),
                    (f" with the British (costs {cost})", ""), (" W-ALLY-1", "dim"))
        if isinstance(intent, I.BuildPost):
            return (("Build a trading post in ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.RemovePost):
            return (("Remove the trading post in ", ""), (name(intent.space), "strong"))
        if isinstance(intent, I.EndPosts):
            return (("End the Trading Post Phase", "strong"),)
        if isinstance(intent, I.AnswerConsent):
            return (("Yes, allow it", "strong") if intent.yes else ("No, refuse", "strong"),)
        if isinstance(intent, I.AssignArms):
            if not intent.nation:
                return (("Withdraw the arms marker", "strong"),)
            return (("Give the arms to the ", ""), nation_name(intent.nation))
        if isinstance(intent, I.EndArms):
            return (("End the Colonial Arms Phase", "strong"),)
        return ((type(intent).__name__, ""),)

    def escorts(self, view: MaharadjahState, intent: Any) -> Segments:
        """W-RET-5: who goes with a retreating group (its leaders and arms markers) and
        who stays behind, so two retreats differing only by ``escort`` read apart."""
        battle = view.battle
        if battle is None:
            return ()
        nation = battle.defender if battle.stage == RETREAT_DEF else battle.attacker
        going = combat.followers(view, nation, battle.space, intent.armies, intent.escort)
        here = (tuple(x for x in Q.leaders_at(view, battle.space) if Q.leader_nation(x) == nation),
                tuple(Q.arms_of(view, nation, battle.space)))
        staying = tuple(tuple(x for x in kind if x not in gone)
                        for kind, gone in zip(here, going, strict=True))

        def named(leaders: tuple[str, ...], arms: tuple[str, ...]) -> list[Segment]:
            out = [nation_seg(nation, Q.rules().leaders[x].name) for x in leaders]
            out += [nation_seg(p, f"the {Q.rules().nations[p].name} arms") for p in arms]
            return listed(out)

        out: list[Segment] = []
        if any(going):
            out += [(" taking ", ""), *named(*going)]
        if any(staying):
            out += [(" (", ""), *named(*staying), (" stay" + ("s" if sum(
                map(len, staying)) == 1 else ""), ""), (")", "")]
        return tuple(out)

    # ---------------------------------------------------------------- scoring
    def scoring_key(self, view: MaharadjahState) -> Hashable | None:
        return None  # VP are on the player boards as they come

    def scoring_table(self, view: MaharadjahState) -> ScoreTable:
        return self.final_table(view)

    def final_table(self, view: MaharadjahState) -> ScoreTable:
        """W-END-2: each player's VP, nation by nation."""
        vp = totals(view)
        rows = []
        for seat in range(view.seats):
            mine = [n for n in Q.rules().order if view.control.get(n) == seat]
            nations: Segments = tuple(seg for n in mine for seg in (
                nation_seg(n, f"{nation_seg(n)[0]}{sum(view.vp.get(n, []))}"), (" ", "")))
            rows.append((*self.player_cell(view, seat), nations, cell(str(vp[seat]))))
        notes: tuple[Segments, ...] = ()
        if view.winners:
            names = " and ".join(self.seat_title(view, w) for w in view.winners)
            notes = (cell(f"{names} win{'s' if len(view.winners) == 1 else ''} (W-END-2)",
                          "strong"),)
        return ScoreTable("Victory points", ("Player", "Nations", "VP"), tuple(rows), notes,
                          bold=2)

    def is_over(self, view: MaharadjahState) -> bool:
        return view.phase == Phase.OVER

    round_word: ClassVar[str] = "turn"  # W-TURN-1: the game counts turns, not rounds

    @classmethod
    def progress(cls, state: MaharadjahState) -> str:
        """``turn 7/16`` (W-TURN-1)."""
        return f"turn {state.turn}/{Q.last_turn()}" if state.turn else ""

    @classmethod
    def round_number(cls, state: MaharadjahState) -> int | None:
        return state.turn or None

    # ---------------------------------------------------------------- new game
    @classmethod
    def new_game_form(cls) -> NewGameForm:
        form = super().new_game_form()
        return NewGameForm(form.title, form.min_seats, form.max_seats, form.default_seats,
                           form.colours, fields=(OptionField(
                               "short_game", "Short game: 3 players, turns 9-16 (W-SETUP-S1)"),),
                           presets=form.presets)

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> MaharadjahOptions:
        return MaharadjahOptions(short_game=bool(values.get("short_game", False)))


@cache
def _space_ids() -> dict[str, str]:
    board = Q.board()
    return {board.name(space): space
            for space in (*board.territories, *board.seas, *board.barbarians)}


def stop_bases(moves: Sequence[Any]) -> list[Any]:
    """The moves whose armies may stop along the path (W-LEAD-3): a leader's or arms
    marker's move of two or more crossings, with the most armies for its path."""
    most: dict[tuple[Any, ...], Any] = {}
    for m in moves:
        if isinstance(m, I.Move) and (m.leaders or m.arms) and m.armies and len(m.path) > 1 \
                and not m.drops:
            key = (m.start, m.path, m.leaders, m.arms)
            if key not in most or m.armies > most[key].armies:
                most[key] = m
    return list(most.values())


def refused_here(view: MaharadjahState, entry: MenuEntry) -> list[Any]:
    """The moves W-STACK-3 refuses from the entry's stack (to its route's end, for a
    route picked on the map), to show beside the legal ones."""
    moves = [m for m in entry.intents if isinstance(m, I.Move)]
    if not moves or view.phase != Phase.MOVE:
        return []
    start = moves[0].start
    ends = {m.path[-1] for m in moves} if entry.prompt.endswith("how many?") else None
    return [m for m in refused_moves(view, start) if ends is None or m.path[-1] in ends]


def _with_drops(move: Any, drops: tuple[int, ...]) -> Any:
    return msgspec.structs.replace(move, drops=drops)


def move_refusal(view: MaharadjahState, seat: int, move: Any) -> str | None:
    """Why the rules would refuse ``move`` now (the rule id first), or None."""
    try:
        decide(view, seat, move)
    except Refused as refusal:
        return str(refusal)
    return None


def shortest(moves: Sequence[Any]) -> list[Any]:
    """One move per shape and end (armies, leaders, arms, destination): the shortest path."""
    best: dict[tuple[Any, ...], Any] = {}
    for m in moves:
        key = (m.start, m.path[-1], m.armies, m.leaders, m.arms)
        if key not in best or len(m.path) < len(best[key].path):
            best[key] = m
    return sorted(best.values(), key=lambda m: (m.path[-1], -m.armies, m.leaders, m.arms))


def land_path(start: str, end: str) -> tuple[str, ...]:
    """The fewest land crossings from ``start`` to ``end`` (the spaces entered, ``end``
    last; () when no land joins them): a representative path for the engine to judge."""
    land = Q.board().land
    came: dict[str, str] = {start: start}
    frontier = [start]
    while frontier and end not in came:
        nxt = []
        for here in frontier:
            for there in sorted(land.get(here, ())):
                if there not in came:
                    came[there] = here
                    nxt.append(there)
        frontier = nxt
    if end not in came:
        return ()
    path = [end]
    while came[path[-1]] != start:
        path.append(came[path[-1]])
    return tuple(reversed(path))


@cache
def barbarian_layout() -> dict[str, tuple[int, int]]:
    """The barbarian lands' places at the map's edge, from the map file's layout hints
    (the engine's Board keeps only their names)."""
    data = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    return {b["id"]: (int(b["layout"][0]), int(b["layout"][1]))
            for b in data.get("barbarian_lands", ())}


# mypy holds the adapter to the screens' contract (GameAdapter, games/base.py)
_CONTRACT: type[GameAdapter[MaharadjahState, I.Intent]] = MaharadjahAdapter
