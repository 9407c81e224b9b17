"""What the road-network games (Maharaja, Raja) share on screen.

Their boards are the same kind of thing: junctions (START and cities) joined by
roads of villages, a pawn per player that travels them paying tolls, pieces in the
villages, a Maharaja visiting the cities, a secret two-arrow disc. A
``RouteGameAdapter`` draws that board on the ``MapGraph``, tags the places a seat
may pick, maps a picked place to its intents, opens the disc dialog, and lays out
the family's panels. Each game's adapter says only what differs, through the hooks
at the top of the class; every rule it shows comes from the engine's queries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any, ClassVar, TypeVar

from engine.core.ruleset import Seat
from engine.family.network import Network
from maharaja_tui.games.base import (
    Dialog,
    MenuEntry,
    MenuGroups,
    Panel,
    PanelWidget,
    SpecAdapter,
    grouped_menu,
)
from maharaja_tui.widgets.character_display import CharacterDisplay, DisplayData
from maharaja_tui.widgets.map_graph import MapData, MapGraph, MapPicture
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from maharaja_tui.widgets.route_track import RouteTrack, TrackData
from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SpaceTrack, SpaceTrackData

TRACK_WIDGETS: dict[type, PanelWidget] = {TrackData: RouteTrack, SpaceTrackData: SpaceTrack}

S = TypeVar("S")  # the game's state
In = TypeVar("In")  # its intents


def track_panel(track_id: str, data: Any) -> Panel:
    """A track of the family (route or spaces) as a panel under the map."""
    return Panel(track_id, "tracks", TRACK_WIDGETS[type(data)], data, classes="track")


def target_tags(
    tolls: dict[str, int], builds: set[str], cities: Collection[str], coin: str
) -> dict[str, Segments]:
    """Map tags for the places a seat may pick now: the cheapest toll to travel there
    (``coin`` is the game's currency mark) and ``+`` on a city where it can build."""
    out: dict[str, Segments] = {}
    for place in [*tolls, *sorted(builds - set(tolls))]:
        tag: list[Segment] = []
        if place in tolls:
            tag.append((f"→{tolls[place]}{coin}", "target+coins"))
        if place in builds and place in cities:
            tag.append(("+", "target"))
        out[place] = tuple(tag)
    return out


def mine(line: Segments, viewer: int | None) -> Segments:
    """``line`` with the viewer's own pieces (``seat:N`` segments) marked ``mine``."""
    if viewer is None:
        return line
    own = f"seat:{viewer}"
    return tuple((text, f"{role}+mine" if role == own else role) for text, role in line)


def board_marks(characters: Sequence[int], planned: bool | None) -> tuple[Segments, Segments]:
    """What a route game's player board says after the player's name, spelt out and
    abbreviated: the characters held (by number), and while the players plan in secret
    whether this one has (``planned`` None outside planning)."""
    wide: list[Segment] = []
    narrow: list[Segment] = []
    if characters:
        numbers = ",".join(str(n) for n in characters)
        word = "  character " if len(characters) == 1 else "  characters "
        wide += [(word, "dim"), (numbers, "piece")]
        narrow += [(" #", "dim"), (numbers, "piece")]
    if planned is not None:
        wide.append(("  ✓ planned" if planned else "  … planning", "dim"))
        narrow.append(("  ✓plan" if planned else "  …", "dim"))
    return tuple(wide), tuple(narrow)


def plan_row(plan: str) -> tuple[Segments, ...]:
    """The board's last row: the owner's own committed plan, or a revealed one."""
    return ((("  plan: ", "dim"), (plan, "action")),) if plan else ()


class RouteGameAdapter(SpecAdapter[S, In]):
    plan_actions: ClassVar[tuple[tuple[Any, str], ...]] = ()  # the disc, for the plan dialog
    final_word: ClassVar[str] = "final scores"  # what ``s`` shows once the game is over
    plan_entry: ClassVar[Segments] = ()  # the action panel's line for setting the disc
    plan_type: ClassVar[type] = type(None)  # the intent that sets the disc (first, second)
    menu_groups: ClassVar[MenuGroups] = {}  # which intents share an action-panel entry
    coin: ClassVar[str] = ""  # the currency's mark in map tags ("¢", "g")
    piece_role: ClassVar[str] = "village"  # how a free village site is styled
    map_key: ClassVar[tuple[Segments, ...]] = ()  # the legend `k` shows over the map

    def __init__(self, seats: Sequence[Seat]) -> None:
        super().__init__(seats)
        self.network = self.load_network()

    # ------------------------------------------------------------- hooks
    def load_network(self) -> Network:
        raise NotImplementedError

    def pawn(self, view: Any, seat: int) -> str:
        """The junction where the seat's pawn (priest, architect) stands."""
        raise NotImplementedError

    def maharaja_at(self, view: Any) -> str | None:
        """The city the Maharaja visits now, when he is on the board."""
        raise NotImplementedError

    def city_lines(self, view: Any, junction: str) -> list[Segments]:
        """The lines drawn under a city's head (its buildings)."""
        raise NotImplementedError

    def village_capacity(self, view: Any) -> int:
        raise NotImplementedError

    def place_of(self, view: Any, seat: int | None, intent: Any) -> str | None:
        """The map place an intent acts on, if any."""
        raise NotImplementedError

    def move_roads(self, intent: Any) -> tuple[str, ...] | None:
        """The roads of a move intent; None for any other intent."""
        raise NotImplementedError

    def tolls(self, view: Any, seat: int, roads: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
        """(seat paid, amount) for a move along ``roads`` (from the engine's queries)."""
        raise NotImplementedError

    def toll_payer(self, view: Any, seat: int) -> str:
        """A note when someone else pays the mover's tolls ("" when the mover pays)."""
        return ""

    def tracks(self, view: Any) -> tuple[tuple[str, Any], ...]:
        """(widget id, track data) for each track under the map, in order."""
        return ()

    def boards(self, view: Any, viewer: int | None, to_move: Sequence[int]) -> list[BoardData]:
        raise NotImplementedError

    def display(self, view: Any) -> DisplayData:
        raise NotImplementedError

    def plan_intent(self, intents: Sequence[Any], first: Any, second: Any) -> Any:
        """The intent that sets the disc to these two arrows."""
        raise NotImplementedError

    def is_over(self, view: Any) -> bool:
        raise NotImplementedError

    def action_name(self, action: Any) -> str:
        raise NotImplementedError

    def plan_of(self, intent: Any) -> tuple[Any, Any] | None:
        """The two arrows of a disc-setting intent; None for any other intent."""
        if isinstance(intent, self.plan_type):
            return (intent.first, intent.second)  # type: ignore[attr-defined]
        return None

    def game_entry(self, view: Any, seat: int, key: tuple[Any, ...],
                   members: list[Any]) -> MenuEntry | None:
        """The game's own entry for a group of intents; None: the one intent's label."""
        raise NotImplementedError

    def intent_label(self, view: Any, seat: int, intent: Any) -> Segments:
        """Any other intent in words."""
        raise NotImplementedError

    def menu_intents(self, intents: Sequence[Any]) -> Sequence[Any]:
        """The intents the action panel offers (all, unless some are interchangeable)."""
        return intents

    def turn_line(self, view: Any, viewer: int | None) -> Segments:
        """The turn in progress: its actions and what is left of them."""
        raise NotImplementedError

    def phase_lines(self, view: Any, viewer: int | None,
                    to_move: Sequence[int]) -> list[Segments] | None:
        """What the phase asks of whom; None when it asks nothing in particular."""
        raise NotImplementedError

    # ------------------------------------------------------------- words
    def place_name(self, place: str) -> str:
        net = self.network
        if place in net.cities:
            return net.cities[place].name
        if place == net.start:
            return "START"
        if place in net.road_of:
            road = net.roads[net.road_of[place]]
            return f"village {place} ({road.a}–{road.b})"
        return place

    place_roles: ClassVar[frozenset[str]] = frozenset({"city", "village"})

    def place_ids(self) -> dict[str, str]:
        """How the log names each place (a city by its name, a village as ``village
        v12`` or ``v12``) -> its id: the log's places, marked on the map."""
        ids = self._place_ids
        if ids is None:
            net = self.network
            ids = {p: p for p in (*net.junctions, *net.road_of)}
            ids.update({f"village {v}": v for v in net.road_of})
            ids.update({city.name: c for c, city in net.cities.items()})
            self._place_ids = ids
        return ids

    _place_ids: dict[str, str] | None = None

    def place_names(self) -> dict[str, str]:
        """Every place of the board by the name the log and menus give it."""
        net = self.network
        names = {p: self.place_name(p) for p in (*net.junctions, *net.road_of)}
        return {**names, **{c: f"{names[c]} ({c})" for c in net.cities}}

    # ----------------------------------------------------------- panels
    def panels(self, view: Any, viewer: int | None, to_move: Sequence[int],
               intents: Sequence[Any]) -> tuple[Panel, ...]:
        """The map, its tracks, one board per player (the game may have more players
        than the table has seats: solo Maharaja's Brahmabot) and the characters."""
        net = self.network
        tags, routes = self.targets_and_routes(view, viewer, intents)
        game_map = MapData(net, self.map_picture(view, viewer), tags, self.place_names(),
                           {v: v for v in net.road_of}, self.key_for(view, viewer), routes)
        return (Panel("map", "board", MapGraph, game_map),
                *(track_panel(track_id, data) for track_id, data in self.tracks(view)),
                *(Panel(f"board-{board.seat}", "seats", PlayerBoard, board, classes="board")
                  for board in self.boards(view, viewer, to_move)),
                Panel("characters", "side", CharacterDisplay, self.display(view)))

    def key_for(self, view: Any, viewer: int | None) -> tuple[Segments, ...]:
        """The map's key, its "your pieces" line in the viewer's own letter and colour
        (the key is written for seat 0; a spectator's key has no such line)."""
        out = []
        for line in self.map_key:
            if any(role == "seat:0+mine" for _, role in line):
                if viewer is None:
                    continue
                line = tuple((self.letter(view, viewer), f"seat:{viewer}+mine")
                             if role == "seat:0+mine" else (text, role) for text, role in line)
            out.append(line)
        return tuple(out)

    def maharaja_next(self, view: Any) -> str | None:
        """The city the Maharaja visits next, when the board shows it (None: it does not)."""
        return None

    def map_picture(self, view: Any, viewer: int | None = None) -> MapPicture:
        """The pieces on the map; the viewer's own pieces drawn as ``mine`` (reversed), so
        they are found at a glance; ♛ where the Maharaja is, ♔ where he goes next."""
        net = self.network
        pawns: dict[str, list[int]] = defaultdict(list)
        for seat in range(len(view.players)):
            pawns[self.pawn(view, seat)].append(seat)
        maharaja, coming = self.maharaja_at(view), self.maharaja_next(view)
        junctions: dict[str, tuple[Segments, ...]] = {}
        for junction in net.junctions:
            head: list[Segment] = [(junction, "city" if junction != net.start else "dim")]
            if junction == maharaja:
                head.append(("♛", "maharaja"))
            if junction == coming and coming != maharaja:
                head.append(("♔", "maharaja"))
            if pawns.get(junction):
                head.append((" ♙", "dim"))
                head += [(self.letter(view, s), f"seat:{s}") for s in pawns[junction]]
            lines: list[Segments] = [tuple(head)]
            if junction in view.cities:
                lines += self.city_lines(view, junction)
            junctions[junction] = tuple(mine(line, viewer) for line in lines)
        capacity = self.village_capacity(view)
        villages: dict[str, Segments] = {}
        for village, held in view.villages.items():
            cells: list[Segment] = [(self.letter(view, s), f"seat:{s}") for s in held]
            cells += [("○", self.piece_role)] * (capacity - len(held))
            villages[village] = mine(tuple(cells), viewer)
        titles = {c: city.name for c, city in net.cities.items()}
        return MapPicture(junctions, villages, net.open_roads(view.villages.__getitem__), titles)

    def owners_line(self, view: Any, counts: Sequence[tuple[int, int]]) -> list[Segments]:
        """``⌂R2B1``: a city's pieces per player, when there are any."""
        if not counts:
            return []
        line: list[Segment] = [("⌂", "dim")]
        for seat, n in counts:
            line += [(self.letter(view, seat), f"seat:{seat}"), (str(n), "")]
        return [tuple(line)]

    def targets(self, view: Any, seat: int | None, intents: Sequence[Any]) -> dict[str, Segments]:
        """Places to highlight, each with a short tag: the cheapest toll for a move."""
        return self.targets_and_routes(view, seat, intents)[0]

    def targets_and_routes(self, view: Any, seat: int | None, intents: Sequence[Any]
                           ) -> tuple[dict[str, Segments], dict[str, tuple[str, ...]]]:
        """The map's targets with their tags, and for each move target the roads of its
        cheapest move (the fewest roads among equals), which the map previews."""
        tolls: dict[str, int] = {}
        routes: dict[str, tuple[str, ...]] = {}
        builds: set[str] = set()
        if seat is None:
            return {}, {}
        for intent in intents:
            place = self.place_of(view, seat, intent)
            if place is None:
                continue
            roads = self.move_roads(intent)
            if roads is not None:
                cost = 0 if self.toll_payer(view, seat) else sum(
                    n for _, n in self.tolls(view, seat, roads))
                if place not in tolls or (cost, len(roads)) < (tolls[place],
                                                               len(routes[place])):
                    tolls[place], routes[place] = cost, roads
            else:
                builds.add(place)
        return target_tags(tolls, builds, self.network.cities, self.coin), routes

    def move_intent(self, view: Any, to: str, roads: tuple[str, ...]) -> Any:
        """The game's move intent along ``roads`` to ``to``; None when it has none."""
        return None

    def representative_move(self, view: Any, seat: int, place: str) -> Any:
        """The most permissive move to ``place`` for the engine to judge (None: the pawn
        is there, or no road leads there): the cheapest route over open roads when one
        leads there, so its refusal is what it costs; else a route by closed roads, whose
        refusal names the first closed one."""
        net = self.network
        if place not in net.junctions or place == self.pawn(view, seat):
            return None
        routes = [path for path in net.paths_from[self.pawn(view, seat)]
                  if path.stops[-1] == place]
        best = min(routes, key=lambda path: self._route_rank(view, seat, path), default=None)
        return self.move_intent(view, place, best.roads) if best is not None else None

    def sample_move(self, view: Any, seat: int) -> Any:
        """The most permissive move of all (for "Move" listed as refused): the cheapest
        open route anywhere, else the nearest place by closed roads."""
        net = self.network
        routes = net.paths_from[self.pawn(view, seat)]
        best = min(routes, key=lambda path: self._route_rank(view, seat, path), default=None)
        return self.move_intent(view, best.stops[-1], best.roads) if best is not None else None

    def _route_rank(self, view: Any, seat: int, path: Any) -> tuple[Any, ...]:
        """Open routes first, cheapest first; then the fewest roads (MJ-MOVE-2..4,
        R-MOVE-3..5: a closed road refuses before any toll is counted)."""
        is_open = all(view.villages[v] for v in path.villages)
        cost = 0 if not is_open or self.toll_payer(view, seat) else sum(
            n for _, n in self.tolls(view, seat, path.roads))
        return (not is_open, cost, len(path.roads), path.roads)

    def intents_at(self, view: Any, seat: int | None, place: str,
                   intents: Sequence[Any]) -> list[Any]:
        return [i for i in intents if self.place_of(view, seat, i) == place]

    def selected(self, view: Any, seat: int, place: str,
                 intents: Sequence[Any]) -> MenuEntry | None:
        """What a place picked on the map offers: the moves there, cheapest first (the
        one the map previews), then what may be built there."""
        here = self.intents_at(view, seat, place, intents)
        moves = [i for i in here if self.move_roads(i) is not None]
        if moves:
            def cost(intent: Any) -> tuple[int, int]:
                roads = self.move_roads(intent) or ()
                paid = 0 if self.toll_payer(view, seat) else sum(
                    n for _, n in self.tolls(view, seat, roads))
                return paid, len(roads)

            here = sorted(moves, key=cost) + [i for i in here if i not in moves]
        return MenuEntry((), tuple(here), f"{self.place_name(place)}:") if here else None

    def dialog(self, view: Any, seat: int, entry: MenuEntry) -> Dialog | None:
        """The disc: both arrows set in secret (MJ-ROUND-2, R-ROUND-3). An answer that
        is no legal plan is played anyway, for the engine to say why."""
        if entry.kind != "plan":
            return None
        from maharaja_tui.screens.plan import PlanBox, PlanScreen  # not in the first frame

        return Dialog(PlanBox(self.plan_actions, self.seat_title(view, seat)),
                      lambda arrows: self.plan_intent(entry.intents, *arrows), PlanScreen)

    # ------------------------------------------------------------- menu
    def menu(self, view: Any, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        """The legal intents grouped into the action panel's entries."""
        return grouped_menu(self.menu_intents(intents), self.menu_groups,
                            lambda key, members: self.entry(view, seat, key, members))

    def entry(self, view: Any, seat: int, key: tuple[Any, ...], members: list[Any]) -> MenuEntry:
        if key[1] == "plan":
            return MenuEntry(self.plan_entry, tuple(members), kind="plan")
        return (self.game_entry(view, seat, key, members)
                or MenuEntry(self.label(view, seat, members[0]), tuple(members)))

    def label(self, view: Any, seat: int, intent: Any) -> Segments:
        """One intent in words, for choice lists."""
        plan = self.plan_of(intent)
        if plan is not None:
            return ((f"{self.action_name(plan[0])} + {self.action_name(plan[1])}", "action"),)
        return self.intent_label(view, seat, intent)

    # ------------------------------------------------------------- words
    def move_label(self, view: Any, seat: int, roads: tuple[str, ...]) -> Segments:
        """A move in words: where to, via which cities, and who is paid what."""
        stops = self.network.walk(self.pawn(view, seat), roads).stops
        parts: list[Segment] = [("Move to ", ""), (self.place_name(stops[-1]), "city")]
        if len(stops) > 2:
            parts.append((" via " + ", ".join(self.place_name(s) for s in stops[1:-1]), "dim"))
        tolls = self.tolls(view, seat, roads)
        if not tolls:
            parts.append((" — free", "coins"))
            return tuple(parts)
        parts += [(" — pays ", ""), (f"{sum(n for _, n in tolls)}", "coins"), (": ", "")]
        for n, (paid, amount) in enumerate(tolls):
            if n:
                parts.append((", ", ""))
            parts += [(self.letter(view, paid), f"seat:{paid}"), (f" {amount}", "coins")]
        payer = self.toll_payer(view, seat)
        if payer:
            parts.append((f" ({payer})", "dim"))
        return tuple(parts)

    def heading(self, view: Any, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]:
        """What the action panel says above the choices."""
        if self.is_over(view):
            return ((("The game is over", "strong"), (" — press ", ""), ("s", "strong"),
                     (f" for the {self.final_word}", "")),)
        lines = [self.turn_line(view, viewer)] if view.turn is not None else []
        said = self.phase_lines(view, viewer, to_move)
        if said is None:
            waiting = [s for s in to_move if s != viewer]
            said = ([(("Waiting for ", ""), *self.names(view, waiting))]
                    if view.turn is None and waiting else [])
        return tuple(lines + said)

    @staticmethod
    def does(who: Segment, mine: bool, verb: str, rest: str) -> Segments:
        """"You choose a character" / "Red chooses a character"."""
        return (who, (f" {verb}{'' if mine else 's'} {rest}", ""))

    def status_line(self, view: Any, viewer: int | None, lead: Sequence[Segment],
                    phase: str) -> tuple[Segment, ...]:
        """The status bar: the game's lead (round, the Maharaja's city), the phase,
        whose turn it is and who is looking."""
        parts: list[Segment] = [*lead, (phase, "strong")]
        if view.turn is not None:
            parts += [(" · ", "dim"), self.who(view, view.turn.seat), ("'s turn", "")]
        if viewer is not None:
            parts += [(" · you are ", "dim"), (self.letter(view, viewer), f"seat:{viewer}+strong"),
                      (" ", ""), self.who(view, viewer)]
        else:
            parts.append((" · spectating", "dim"))
        return tuple(parts)

    def you_or(self, view: Any, viewer: int | None, to_move: Sequence[int]) -> Segment | None:
        """"You" for the viewer who decides now, else the first seat to decide."""
        if not to_move:
            return None
        return ("You", "strong") if viewer in to_move else self.who(view, to_move[0])

    def planning_line(self, view: Any, viewer: int | None, to_move: Sequence[int],
                      verb: str) -> Segments | None:
        """The disc during planning: set yours, or who is still planning."""
        if viewer is not None and viewer in to_move:
            return (("Set both arrows of your disc", "strong"),
                    (" — nobody sees them until your turn", ""))
        waiting = [s for s in to_move if s != viewer]
        if waiting:
            return (("Waiting for ", ""), *self.names(view, waiting), (f" to {verb}", ""))
        return None
