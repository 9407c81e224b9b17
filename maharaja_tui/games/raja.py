"""Raja (2004) seen by the widgets: a seat view and legal intents turned into plain data.

This is the only module of the UI that reads a ``RajaState``. Like the Maharaja
adapter it decides nothing: what a player may do comes from the engine's legal
intents; the tables (costs, names, rewards) come from ``engine.raja.components``.
The engine has no player colours; the UI gives seats the five colours of the box
in order (R-COMP-4).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from engine.core.ruleset import Seat
from engine.family.travel import tolls as family_tolls
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.board import board, home_of
from engine.raja.options import PRESETS, RajaOptions
from engine.raja.queries import end_index, palace_cost, palaces_on_board
from engine.raja.state import (
    AUCTION,
    BUILDER_SLOT,
    CHOOSE,
    HOUSES,
    OVER,
    SCORED,
    SELECT,
    SETUP,
    TURNS,
    RajaState,
)
from engine.raja.views import HIDDEN_GOLD
from maharaja_tui.games.base import (
    MenuEntry,
    NewGameForm,
    OptionField,
    ScoreTable,
    cell,
    listed,
    target_tags,
)
from maharaja_tui.widgets.character_display import CharacterCard, DisplayData
from maharaja_tui.widgets.map_graph import MapPicture
from maharaja_tui.widgets.player_board import BoardData
from maharaja_tui.widgets.segments import Segment, Segments, seg
from maharaja_tui.widgets.tracks import SpaceTrackData

COLOURS = C.COLOUR_NAMES  # R-COMP-4: five colours, in seat order
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
NEUTRAL_MARK = "n"
PHASES = {SETUP: "Setup", CHOOSE: "Choosing characters", AUCTION: "Character auction",
          HOUSES: "Setup houses", SELECT: "Selecting actions", TURNS: "Turns",
          SCORED: "City scoring", OVER: "Game over"}
POWERS = {  # R-COMP-7, in a few words
    C.MOGUL: "plays first, wins all ties",
    C.MERCHANT: "+1 gold each turn",
    C.SADHU: "outer palaces score 2",
    C.MONK: "bank pays your tolls",
    C.BUILDER: "a free house each turn",
    C.CRAFTSMAN: f"palaces cost {C.CRAFTSMAN_PALACE_COST} gold",
    C.YOGI: "+1 action token each turn",
}
PART_NAMES = {C.P_GOLD: "gold", C.P_HOUSE: "house", C.P_MOVE: "move", C.P_QUARRY: "quarry",
              C.P_PALACE: "palace", C.P_GOVERNOR: "governor", C.P_CHARACTER: "character"}
MAP_LEGEND = """\
## Reading the map

A city shows its id, ♛ when the Maharaja visits it and ♙ with the letters of the
architects standing there. Below: its palace garden, the central site first (`o`
free, `·` a free outer site, `n` a neutral palace, a letter that player's palace),
then ⌂ and the houses per player. A village shows one `○` per free house site, or
the letters of the houses in it. Highlighted places can be picked now; `→2g` is
the cheapest toll to go there. Players are R Y G B P. Under the map: the Maharaja's
next cities (lowest governor first) and the governor track, whose numbered part
(after `│`) ends the game when a governor reaches its end.
"""
RULES_FILE = Path(__file__).parent.parent / "reference" / "raja.md"


def _space(index: int) -> str:
    """A governor-track index as the board prints it: 1–10, or a start space (R-COMP-10)."""
    printed = index - C.TRACK_FIRST_NUMBERED + 1
    return f"space {printed}" if printed >= 1 else f"start space {index}"


class RajaAdapter:
    ruleset_id: ClassVar[str] = "raja-2004"
    title: ClassVar[str] = "Raja (2004)"
    rules_file: ClassVar[Path] = RULES_FILE
    rule_prefix: ClassVar[str] = "R-"
    rule_example: ClassVar[str] = "R-TURN-4"
    map_legend: ClassVar[str] = MAP_LEGEND
    plan_actions = tuple((a, C.ACTION_NAMES[a]) for a in C.ACTIONS)

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.seats = list(seats)
        self.network = board()

    # ------------------------------------------------------------ new game
    @classmethod
    def new_game_form(cls) -> NewGameForm:
        return NewGameForm(
            title="Raja (2004)", min_seats=2, max_seats=5, default_seats=3, colours=COLOURS,
            heading="Modules (R-MODE-2)",
            fields=(
                OptionField("neutral_palaces", "Neutral palaces below 5 players (R-VAR-NEUTRAL)",
                            True),
                OptionField("short_game", "Short game: 6 palaces, track to 8 (R-VAR-SHORT)"),
                OptionField("yogi_tokens", "Yogi and action tokens (R-VAR-YOGI, R-VAR-TOKEN)"),
                OptionField("home_city", "Home cities (R-VAR-HOME)"),
                OptionField("auction", "Character auction (R-VAR-AUCTION)"),
                OptionField("multi_character", "Several characters each (R-VAR-MULTI)"),
                OptionField("hidden_gold", "Hidden gold: each player sees only their own "
                            "(R-INFO-1)", True),
            ),
            presets={name: {**{k: False for k in ("yogi_tokens", "home_city", "auction",
                                                   "multi_character")}, **values}
                     for name, values in PRESETS.items()},
        )

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> RajaOptions:
        known = set(RajaOptions.__struct_fields__)
        return RajaOptions(**{k: bool(v) for k, v in values.items() if k in known})

    # --------------------------------------------------------------- words
    def colours(self, view: RajaState) -> tuple[str, ...]:
        return COLOURS[: view.seats]

    def letter(self, view: RajaState, seat: int) -> str:
        return LETTERS[COLOURS[seat]] if 0 <= seat < len(COLOURS) else NEUTRAL_MARK

    def who(self, view: RajaState, seat: int) -> Segment:
        return (COLOURS[seat].capitalize(), f"seat:{seat}")

    def seat_title(self, view: RajaState, seat: int) -> str:
        name = self.seats[seat].name if seat < len(self.seats) else ""
        colour = COLOURS[seat].capitalize()
        return f"{colour} ({name})" if name and name.lower() != colour.lower() else colour

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

    def action_name(self, action: str) -> str:
        return C.ACTION_NAMES.get(action, action)

    def card_name(self, card: int) -> str:
        return f"{card} {C.CHARACTERS[card]}"

    # ----------------------------------------------------------------- map
    def map_picture(self, view: RajaState) -> MapPicture:
        net = self.network
        architects: dict[str, list[int]] = {}
        for seat, player in enumerate(view.players):
            architects.setdefault(player.architect, []).append(seat)
        junctions: dict[str, tuple[Segments, ...]] = {}
        for junction in net.junctions:
            head: list[Segment] = [(junction, "city" if junction != net.start else "dim")]
            if junction == view.maharaja and view.round:
                head.append(("♛", "maharaja"))
            if architects.get(junction):
                head.append((" ♙", "dim"))
                head += [(self.letter(view, s), f"seat:{s}") for s in architects[junction]]
            lines: list[Segments] = [tuple(head)]
            city = view.cities.get(junction)
            if city is not None:
                lines.append(self._palaces(view, city))
                houses = [(s, city.houses.count(s)) for s in range(view.seats)
                          if city.houses.count(s)]
                if houses:
                    line: list[Segment] = [("⌂", "dim")]
                    for s, n in houses:
                        line += [(self.letter(view, s), f"seat:{s}"), (str(n), "")]
                    lines.append(tuple(line))
            junctions[junction] = tuple(lines)
        capacity = C.VILLAGE_CAPACITY[view.seats]
        villages: dict[str, Segments] = {}
        for village, held in view.villages.items():
            cells: list[Segment] = [(self.letter(view, s), f"seat:{s}") for s in held]
            cells += [("○", "village")] * (capacity - len(held))
            villages[village] = tuple(cells)
        open_roads = frozenset(
            r.id for r in net.roads.values() if all(view.villages[v] for v in r.villages))
        return MapPicture(junctions, villages, open_roads)

    def _palaces(self, view: RajaState, city: Any) -> Segments:
        """The palace garden: the central site, then the six outer sites (R-COMP-3)."""
        cells: list[Segment] = [("o", "dim") if city.central is None
                                else (self.letter(view, city.central), f"seat:{city.central}")]
        for owner in city.outer:
            cells.append((NEUTRAL_MARK, "dim") if owner == C.NEUTRAL
                         else (self.letter(view, owner), f"seat:{owner}"))
        cells += [("·", "dim")] * (C.OUTER_SITES - len(city.outer))
        return tuple(cells)

    def place_of(self, view: RajaState, seat: int | None, intent: Any) -> str | None:
        """The map place an intent acts on, if any."""
        if isinstance(intent, it.MoveArchitect):
            return intent.to
        if isinstance(intent, it.BuildHouse):
            return intent.place
        if isinstance(intent, it.PlaceSetupHouse):
            return intent.village
        if isinstance(intent, it.MoveHouse):
            return intent.dest
        if isinstance(intent, it.BuildPalace) and seat is not None:
            return view.players[seat].architect
        if isinstance(intent, it.MoveGovernor):
            return intent.city
        return None

    def _tolls(self, view: RajaState, seat: int, intent: it.MoveArchitect
               ) -> tuple[tuple[int, int], ...]:
        here = view.players[seat].architect
        villages: list[str] = []
        for road in intent.roads:
            villages += self.network.villages_from(road, here)
            here = self.network.other_end(road, here)
        return family_tolls(villages, view.villages.__getitem__, seat, per_piece=True)

    def _monk(self, view: RajaState, seat: int) -> bool:
        return C.MONK in view.players[seat].cards

    def targets(self, view: RajaState, seat: int | None,
                intents: Sequence[Any]) -> dict[str, Segments]:
        """Places to highlight, each with a short tag: the cheapest toll for a move."""
        tolls: dict[str, int] = {}
        builds: set[str] = set()
        for intent in intents:
            place = self.place_of(view, seat, intent)
            if place is None or seat is None:
                continue
            if isinstance(intent, it.MoveArchitect):
                cost = 0 if self._monk(view, seat) else sum(
                    n for _, n in self._tolls(view, seat, intent))
                tolls[place] = min(cost, tolls.get(place, cost))
            else:
                builds.add(place)
        return target_tags(tolls, builds, self.network.cities, "g")

    def intents_at(self, view: RajaState, seat: int | None, place: str,
                   intents: Sequence[Any]) -> list[Any]:
        return [i for i in intents if self.place_of(view, seat, i) == place]

    # -------------------------------------------------------------- tracks
    def tracks(self, view: RajaState) -> tuple[tuple[str, Any], ...]:
        return (("governors", self.governor_track(view)),)

    def governor_track(self, view: RajaState) -> SpaceTrackData:
        """R-COMP-10: the start spaces, then (after │) the printed spaces 1–10 (8 in a short
        game). ▶ marks the lowest governor: the Maharaja's next city (R-ROUND-1)."""
        at = {index: city for city, index in view.governors.items()}
        nxt = min(at) if at else None
        last = end_index(view)
        spaces: list[Segments] = []
        for index in range(C.TRACK_START, last + 1):
            printed = index - C.TRACK_FIRST_NUMBERED + 1
            if index in at:
                city = at[index]
                here = city == view.maharaja and view.round and view.phase != OVER
                mark: Segments = (("♛", "maharaja"),) if here else (
                    (("▶", "strong"),) if index == nxt else ())
                spaces.append((*mark, (city, "city+strong" if index == nxt else "city")))
            elif printed >= 1:
                spaces.append(((str(printed), "dim"),))
            else:
                spaces.append((("·", "dim"),))
        notes: list[Segments] = []
        if view.scorings:
            notes.append((("  visited ", "dim"),
                           *((f"{s.city} ", "city") for s in view.scorings)))
        if view.options.yogi_tokens:
            notes.append((("  ◆", "dim"), (str(view.tokens), ""),
                           (" action tokens in the supply", "dim")))
        if view.end_triggered and view.phase != OVER:
            notes.append((("  This is the last round (R-END-1)", "warning"),))
        return SpaceTrackData("Governors", tuple(spaces),
                              divider=C.TRACK_FIRST_NUMBERED - C.TRACK_START, notes=tuple(notes))

    # ----------------------------------------------------- boards, display
    def display(self, view: RajaState) -> DisplayData:
        cards = tuple(self._card(n) for n in sorted(view.bank))
        held = tuple((s, self.letter(view, s), self._card(n))
                     for s, p in enumerate(view.players) for n in sorted(p.cards))
        return DisplayData(cards, held, title="Characters in the bank", short_title="Bank")

    def _card(self, number: int) -> CharacterCard:
        return CharacterCard(number, f"{C.CHARACTERS[number]}: {POWERS[number]}")

    def boards(self, view: RajaState, viewer: int | None,
               to_move: Sequence[int]) -> list[BoardData]:
        out = []
        for seat, p in enumerate(view.players):
            gold = None if p.gold == HIDDEN_GOLD else p.gold
            gold_seg: Segment = ("?", "hidden") if gold is None else (str(gold), "coins")
            built = palaces_on_board(view, seat)
            wide: list[Segments] = [
                (("  ", ""), gold_seg, (" gold  ", "dim"), ("palaces ", "dim"), (str(built), ""),
                 (f" +{p.supply} left", "dim"))
                + ((("  tokens ", "dim"), (str(p.tokens), "")) if view.options.yogi_tokens
                   else ()),
                (("  houses: ", "dim"), (str(p.reserve), ""), (" reserve, ", "dim"),
                 (str(p.quarry), ""), (" quarry", "dim"))
                + ((("  setup ", "dim"), (str(p.setup_houses), "")) if p.setup_houses else ()),
            ]
            narrow: list[Segments] = [
                (("  ", ""), gold_seg, ("g ", "dim"), ("pal ", "dim"), (str(built), ""),
                 (f"+{p.supply}", "dim"), (" res ", "dim"), (str(p.reserve), ""),
                 (" q ", "dim"), (str(p.quarry), ""))
                + (((" tk", "dim"), (str(p.tokens), "")) if view.options.yogi_tokens else ()),
            ]
            plan = " + ".join(self.action_name(a) for a in p.plan) if p.plan else ""
            out.append(BoardData(
                seat=seat, letter=self.letter(view, seat), name=self.seats[seat].name,
                badges=tuple(p.cards), planned=p.selected if view.phase == SELECT else None,
                plan=plan, active=seat in to_move, you=seat == viewer,
                computer=not self.seats[seat].is_human, wide_rows=tuple(wide),
                narrow_rows=tuple(narrow)))
        return out

    # -------------------------------------------------------------- status
    def status(self, view: RajaState, viewer: int | None, to_move: Sequence[int]) -> Segments:
        parts: list[Segment] = []
        if view.round:
            parts += [(f"Round {view.round}", "round"), (" · ", "dim"), ("♛ ", "maharaja"),
                      (self.place_name(view.maharaja), "city"), (" · ", "dim")]
        parts.append((PHASES.get(view.phase, view.phase), "strong"))
        if view.turn is not None:
            parts += [(" · ", "dim"), self.who(view, view.turn.seat), ("'s turn", "")]
        if viewer is not None:
            parts += [(" · you are ", "dim"), (self.letter(view, viewer), f"seat:{viewer}+strong"),
                      (" ", ""), self.who(view, viewer)]
        else:
            parts.append((" · spectating", "dim"))
        return tuple(parts)

    def heading(self, view: RajaState, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]:
        if view.phase == OVER:
            return (seg(("The game is over", "strong"), " — press ", ("s", "strong"),
                        " for the final ranking"),)
        mine = viewer is not None and viewer in to_move
        waiting = [s for s in to_move if s != viewer]
        you_or = (("You", "strong") if mine else self.who(view, to_move[0])) if to_move else None
        lines: list[Segments] = []
        if view.turn is not None:
            lines.append(self._parts_line(view, viewer))
        if view.pending is not None:
            p = view.pending
            what = ("take a card from the bank" if p.kind == "pick"
                    else "give a card to " + self.who(view, p.to)[0])
            lines.append(seg(you_or or self.who(view, p.seat),
                             f" {'must' if mine else 'is about to'} {what}"))
        elif view.phase == SELECT:
            if mine:
                lines.append(seg(("Set both arrows of your disc", "strong"),
                                 " — nobody sees them until your turn"))
            elif waiting:
                lines.append(seg("Waiting for ", *self._names(view, waiting), " to select"))
        elif view.phase == CHOOSE and you_or:
            lines.append(seg(you_or, " choose" + ("" if mine else "s") + " a character"))
        elif view.phase == AUCTION and view.auction is not None:
            a = view.auction
            high: list[Segment] = (
                [("no bid yet", "dim")] if a.high_bidder < 0
                else [("high bid ", ""), (f"{a.high} gold", "coins"), (" by ", ""),
                      self.who(view, a.high_bidder)])
            lines.append(seg(("Auction", "strong"), " for a character: ", *high))
            if you_or:
                lines.append(seg(you_or, " bid" + ("" if mine else "s") + " or pass"))
        elif view.phase == HOUSES and you_or:
            lines.append(seg(you_or, " place" + ("" if mine else "s") + " a setup house "
                             "in a village"))
        elif view.turn is None and waiting:
            lines.append(seg("Waiting for ", *self._names(view, waiting)))
        return tuple(lines)

    def _names(self, view: Any, seats: Sequence[int]) -> list[Segment]:
        return listed([self.who(view, s) for s in seats])

    def _parts_line(self, view: RajaState, viewer: int | None) -> Segments:
        """The turn's selected actions with each part done (✓) or still to do."""
        turn = view.turn
        assert turn is not None
        parts: list[Segment] = []
        parts.append(("You", "strong") if turn.seat == viewer else self.who(view, turn.seat))
        parts.append((": ", ""))
        for n, chosen in enumerate(turn.slots):
            if n:
                parts.append((" · ", "dim"))
            parts.append((self.action_name(chosen.action), "action"))
            kinds = C.ACTION_PARTS[chosen.action]
            bits = [("✓" if done else "…") + PART_NAMES[k] for k, done in
                    zip(kinds, chosen.done, strict=True)]
            parts.append((f" ({' '.join(bits)})", "dim"))
        if turn.token_used:
            parts.append((" · token spent", "dim"))
        return tuple(parts)

    # ---------------------------------------------------------------- menu
    def menu(self, view: RajaState, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        groups: dict[tuple[Any, ...], list[Any]] = {}
        # Two parts of one kind in one action (Two houses) are interchangeable: offer the
        # first one left, so the list shows one "Build a house" per action.
        first: dict[tuple[type, int], int] = {}
        for intent in intents:
            if hasattr(intent, "part"):
                key = (type(intent), intent.slot)
                first[key] = min(first.get(key, intent.part), intent.part)
        intents = [i for i in intents if not hasattr(i, "part")
                   or first[(type(i), i.slot)] == i.part]
        for intent in intents:
            groups.setdefault(self._group(intent), []).append(intent)
        return [self._entry(view, seat, key, members)
                for key, members in sorted(groups.items(), key=lambda kv: kv[0][:1])]

    def _group(self, intent: Any) -> tuple[Any, ...]:
        """(order, kind, detail): intents of one group share an entry."""
        match intent:
            case it.SelectActions():
                return (0, "plan")
            case it.PickCard(card=n):
                return (1, "pick", n)
            case it.GiveCard(card=n):
                return (1, "give", n)
            case it.Bid():
                return (1, "bid")
            case it.Pass():
                return (2, "pass")
            case it.PlaceSetupHouse():
                return (1, "setup-house")
            case it.MoveArchitect():
                return (2, "move")
            case it.TakeGold(slot=s, part=p):
                return (3, "gold", s, p)
            case it.BuildHouse(slot=s, part=p):
                return (3, "house", s, p)
            case it.MoveHouse(slot=s, part=p):
                return (3, "move-house", s, p)
            case it.TakeQuarry(slot=s, part=p):
                return (3, "quarry", s, p)
            case it.BuildPalace(slot=s, part=p):
                return (3, "palace", s, p)
            case it.MoveGovernor(slot=s, part=p):
                return (3, "governor", s, p)
            case it.TakeCharacter(slot=s, part=p):
                return (3, "character", s, p)
            case it.AttractCharacter(slot=s, part=p):
                return (3, "attract", s, p)
            case it.UseToken():
                return (7, "token")
            case it.EndTurn():
                return (9, "end")
        return (9, type(intent).__name__)

    def _via(self, view: RajaState, slot: int) -> Segment:
        if slot == BUILDER_SLOT:
            return ("Builder, free", "character")
        assert view.turn is not None
        return (self.action_name(view.turn.slots[slot].action), "action")

    def _entry(self, view: RajaState, seat: int, key: tuple[Any, ...],
               members: list[Any]) -> MenuEntry:
        kind = key[1]
        many = tuple(members)
        if kind == "plan":
            return MenuEntry(seg(("Select your two actions", "strong"), " (in secret)…"),
                             many, kind="plan")
        if kind == "bid":
            return MenuEntry(seg(("Bid", "strong"), f" ({members[0].amount}–"
                                 f"{members[-1].amount} gold)…"), many, "How much do you bid?")
        if kind == "setup-house":
            return MenuEntry(seg(("Place a setup house", "strong"), " in a village…"), many,
                             "Which village?")
        if kind == "move":
            ends = {i.to for i in members}
            return MenuEntry(seg(("Move your architect", "strong"), f" ({len(ends)} places)…"),
                             many, "Where does your architect go? (cheapest route first)")
        if len(members) > 1 and kind in ("house", "move-house", "palace", "governor",
                                         "character", "attract"):
            words = {"house": "Build a house", "move-house": "Move a house",
                     "palace": "Build a palace", "governor": "Move a governor down 2",
                     "character": "Take a character", "attract": "Attract a card"}
            prompts = {"house": "Where?", "move-house": "From where to where?",
                       "palace": "Which site?", "governor": "Which governor?",
                       "character": "Which card?", "attract": "From whom?"}
            return MenuEntry(seg((words[kind], "strong"), " — ", self._via(view, key[2]), "…"),
                             many, prompts[kind])
        if kind == "token":
            return MenuEntry(seg(("Use an action token", "strong"), " for an extra action…"),
                             many, "Which action does the token buy?")
        return MenuEntry(self.label(view, seat, members[0]), many)

    def label(self, view: RajaState, seat: int, intent: Any) -> Segments:
        """One intent in words, for choice lists."""
        match intent:
            case it.SelectActions(first=a, second=b):
                return seg((f"{self.action_name(a)} + {self.action_name(b)}", "action"))
            case it.PickCard(card=n):
                return seg("Take ", (self.card_name(n), "character"), f" — {POWERS[n]}")
            case it.GiveCard(card=n):
                return seg("Give ", (self.card_name(n), "character"))
            case it.Bid(amount=n):
                return seg("Bid ", (f"{n} gold", "coins"))
            case it.Pass():
                return seg(("Pass", "strong"), " (leave this auction)")
            case it.PlaceSetupHouse(village=v):
                return seg((self.place_name(v), "village"))
            case it.MoveArchitect():
                return self._move_label(view, seat, intent)
            case it.TakeGold(slot=s):
                return seg(("Take ", "strong"), (f"{C.GOLD_ACTION} gold", "coins"), " — ",
                           self._via(view, s))
            case it.BuildHouse(place=place, slot=s):
                cost = 0 if s == BUILDER_SLOT else C.HOUSE_COST
                role = "city" if place in view.cities else "village"
                return seg("House in ", (self.place_name(place), role), " — ",
                           (f"{cost} gold", "coins"), " — ", self._via(view, s))
            case it.MoveHouse(source=a, dest=b, slot=s):
                return seg("Move a house from ", (self.place_name(a), "village"), " to ",
                           (self.place_name(b), "city" if b in view.cities else "village"),
                           " — ", self._via(view, s))
            case it.TakeQuarry(slot=s):
                return seg(("Take 2 houses", "strong"), " from your quarry to your reserve — ",
                           self._via(view, s))
            case it.BuildPalace(central=central, slot=s):
                city = view.players[seat].architect
                return seg(("Central" if central else "Outer", "strong"), " palace in ",
                           (self.place_name(city), "city"), " — ",
                           (f"{palace_cost(view, seat)} gold", "coins"), " — ",
                           self._via(view, s))
            case it.MoveGovernor(city=city, slot=s):
                index = view.governors.get(city, 0)
                return seg("Governor ", (city, "city"), f" down 2 ({_space(index)} → "
                           f"{_space(index - C.GOVERNOR_STEP)}) — ", self._via(view, s))
            case it.TakeCharacter(card=n, slot=s, give=give):
                owner = next((q for q, p in enumerate(view.players) if n in p.cards), None)
                source: list[Segment] = ([(" from the bank", "dim")] if owner is None
                                         else [(" from ", "dim"), self.who(view, owner)])
                extra: list[Segment] = ([(", giving ", "dim"), (self.card_name(give),
                                                                "character")] if give else [])
                return seg("Take ", (self.card_name(n), "character"), *source, *extra, " — ",
                           self._via(view, s))
            case it.AttractCharacter(target=t, slot=s):
                return seg("Attract a card from ", self.who(view, t), " — ", self._via(view, s))
            case it.UseToken(action=a):
                return seg((self.action_name(a), "action"))
            case it.EndTurn():
                return seg(("End your turn", "strong"))
        return seg(type(intent).__name__)

    def _move_label(self, view: RajaState, seat: int, intent: it.MoveArchitect) -> Segments:
        stops = [view.players[seat].architect]
        for road in intent.roads:
            stops.append(self.network.other_end(road, stops[-1]))
        parts: list[Segment] = [(self.place_name(intent.to), "city")]
        if len(stops) > 2:
            parts.append((" via " + ", ".join(self.place_name(s) for s in stops[1:-1]), "dim"))
        tolls = self._tolls(view, seat, intent)
        if not tolls:
            parts.append((" — free", "coins"))
            return tuple(parts)
        payer = " (the bank pays: Monk)" if self._monk(view, seat) else ""
        parts += [(" — pays ", ""), (f"{sum(n for _, n in tolls)}", "coins"), (": ", "")]
        for n, (paid, gold) in enumerate(tolls):
            if n:
                parts.append((", ", ""))
            parts += [(self.letter(view, paid), f"seat:{paid}"), (f" {gold}", "coins")]
        if payer:
            parts.append((payer, "dim"))
        return tuple(parts)

    def warning(self, view: RajaState, seat: int, intent: Any) -> str | None:
        """Ending a turn with a part not done gives every other player 2 gold (R-TURN-4)."""
        if not isinstance(intent, it.EndTurn) or view.turn is None:
            return None
        left = [f"{self.action_name(s.action)} ({PART_NAMES[k]})" for s in view.turn.slots
                for k, done in zip(C.ACTION_PARTS[s.action], s.done, strict=True)
                if not done and k != C.P_GOLD]
        if not left:
            return None
        return (f"Ending your turn now forfeits {', '.join(left)}: every other player "
                f"receives {C.FORFEIT_PENALTY} gold from the bank (R-TURN-4). "
                "End the turn anyway?")

    def plan_intent(self, intents: Sequence[Any], first: Any, second: Any) -> Any:
        return it.SelectActions(first=first, second=second)

    # ------------------------------------------------------------- scoring
    def scoring_key(self, view: RajaState) -> Hashable | None:
        """The latest city scoring, shown once just after it (the next round has begun)."""
        if not view.scorings:
            return None
        last = view.scorings[-1]
        if view.phase == OVER or (view.phase == SELECT and view.round == last.round + 1):
            return last.round
        return None

    def scoring_table(self, view: RajaState) -> ScoreTable:
        """The latest city scoring: points by source (R-SCORE-1), rank and gold.

        It is shown just after the scoring, before anyone has played again, so the
        board and the cards are still those it counted: the sources are read from the
        view and checked against the recorded points (totals only if they disagree)."""
        last = view.scorings[-1]
        rewards = dict(last.rewards)
        points = dict(last.points)
        sources = {seat: self._sources(view, last.city, seat) for seat in range(view.seats)}
        exact = all(sum(sources[s]) == points.get(s, 0) for s in range(view.seats))
        home = home_of(self.network).get(last.city) if view.options.home_city else None
        order = [s for s, _ in last.points] + [s for s in range(view.seats) if s not in points]
        rows = []
        for seat in order:
            rank = str(order.index(seat) + 1) if seat in points else "–"
            gold = f"+{rewards[seat]}" if seat in rewards else ""
            if seat == last.monopoly:
                gold += f" (incl. +{C.MONOPOLY_BONUS} monopoly)"
            detail = ()
            if exact:
                architect, houses, palaces, at_home = sources[seat]
                detail = (cell(str(architect)), cell(str(houses)), cell(str(palaces)))
                if home:
                    detail += (cell(str(at_home)),)
            rows.append((cell(rank), *self._player_cell(view, seat), *detail,
                         cell(str(points.get(seat, 0))), cell(gold)))
        columns: tuple[str, ...] = ("Rank", "Player")
        if exact:
            columns += ("Architect", "Houses", "Palaces") + (("Home",) if home else ())
        columns += ("Points", "Gold")
        notes: list[Segments] = []
        if not last.points:
            notes.append(cell("Nobody has a point here: nobody is paid (R-SCORE-5)", "dim"))
        if home:
            notes.append(seg(("Home city of ", "dim"), (self.card_name(home), "character"),
                             (" (R-VAR-HOME)", "dim")))
        return ScoreTable(f"Round {last.round}: {self.place_name(last.city)} is scored",
                          columns, tuple(rows), tuple(notes), bold=len(columns) - 2)

    def _sources(self, view: RajaState, city_id: str, seat: int) -> tuple[int, int, int, int]:
        """(architect, houses, palaces, home) points of one seat in a city (R-SCORE-1)."""
        city = view.cities[city_id]
        player = view.players[seat]
        outer = C.SADHU_OUTER_POINTS if C.SADHU in player.cards else C.OUTER_POINTS
        home = home_of(self.network).get(city_id) if view.options.home_city else None
        return (C.ARCHITECT_POINTS * (player.architect == city_id),
                C.HOUSE_POINTS * city.houses.count(seat),
                outer * city.outer.count(seat) + C.CENTRAL_POINTS * (city.central == seat),
                C.HOME_POINTS * (home is not None and home in player.cards))

    def _player_cell(self, view: RajaState, seat: int) -> tuple[Segments]:
        return (((self.letter(view, seat), f"seat:{seat}"), (" " + self.seats[seat].name, "")),)

    def scoring_track(self, view: RajaState) -> tuple[str, Any] | None:
        return None

    def scoring_decisions(self, view: RajaState) -> bool:
        return False

    def final_table(self, view: RajaState) -> ScoreTable:
        """R-END-2: palaces on the board, then gold, then the lower card."""
        ranking = view.ranking or list(range(view.seats))
        rows = []
        for rank, seat in enumerate(ranking, start=1):
            p = view.players[seat]
            who = self._player_cell(view, seat)[0]
            if rank == 1:
                who = (*who, (" ★ winner", "strong"))
            gold = "?" if p.gold == HIDDEN_GOLD else str(p.gold)
            cards = ", ".join(self.card_name(c) for c in sorted(p.cards))
            rows.append((cell(str(rank), ""), who, cell(str(palaces_on_board(view, seat)), ""),
                         cell(gold, "coins"), cell(cards, "character")))
        winner = ranking[0]
        notes = (seg(("★ ", "strong"), (self.letter(view, winner), f"seat:{winner}"),
                     (f" {self.seats[winner].name} wins", "strong")),
                 seg(("Ranked by palaces on the board, then gold, then the lower card "
                      "(R-END-2)", "dim")))
        return ScoreTable("Final ranking", ("Rank", "Player", "Palaces", "Gold", "Characters"),
                          tuple(rows), notes, bold=2)

    def is_over(self, view: RajaState) -> bool:
        return view.phase == OVER

    def phase(self, view: RajaState) -> str:
        return view.phase

    def round(self, view: RajaState) -> int:
        return view.round

    def is_plan(self, intent: Any) -> bool:
        return isinstance(intent, it.SelectActions)
