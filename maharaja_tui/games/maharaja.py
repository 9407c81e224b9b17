"""Maharaja (2020) seen by the widgets: a seat view and legal intents turned into plain data.

This is the only module that reads a Maharaja ``State``. It decides nothing: what a
player may do comes from the engine's legal intents, and the texts of actions,
characters, rewards and slots come from ``engine.maharaja.components``, the rules
it shows (tolls, village capacity) from ``engine.maharaja.queries``. What the road
games share on screen is ``RouteGameAdapter``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec

from engine.core.words import counted
from engine.family.network import Network
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja import scoring, solo
from engine.maharaja.board import load_board, slot_bonus
from engine.maharaja.legal import unused_actions
from engine.maharaja.queries import (
    free_slots,
    move_tolls,
    reward_window,
    shrine_cost,
    statue_cost,
    task_discount,
    village_capacity,
    village_open_for,
)
from engine.maharaja.state import NOBODY, State
from maharaja_tui.games.base import (
    GameAdapter,
    MenuEntry,
    MenuGroups,
    NewGameForm,
    OptionField,
    Panel,
    ScoreTable,
    cell,
)
from maharaja_tui.games.route import RouteGameAdapter, board_marks, plan_row, track_panel
from maharaja_tui.widgets.character_display import CharacterCard, DisplayData
from maharaja_tui.widgets.player_board import BoardData
from maharaja_tui.widgets.route_track import TrackData
from maharaja_tui.widgets.segments import Segment, Segments, seg
from maharaja_tui.widgets.tracks import SpaceTrackData

TIMING = {C.Timing.NONE: "", C.Timing.ONCE: "1×", C.Timing.ALWAYS: "∞", C.Timing.SCORING: "!"}
PHASES = {"setup": "Setup", "characters": "Choosing characters",
          "start-shrines": "Starting shrines", "planning": "Planning", "actions": "Actions",
          "scoring": "City scoring", "between-rounds": "End of round", "over": "Game over"}
MAP_LEGEND = """\
## Reading the map

A city shows its id, ♛ when the Maharaja visits it and ♙ with the letters of the
priests standing there. Below: its seven statue slots, centre first (`o` centre,
`^` top bonus slot, `v` bottom bonus slot, `·` outer slots; a letter is that
player's statue), then ⌂ and the shrines per player. A village shows one `○` per
free shrine slot, or the letters of the shrines in it. Highlighted places can be
picked now; `→2¢` is the cheapest toll to go there, and with the cursor there the
route is drawn in heavy lines, who is paid on the status line. Players are R Y G B;
your own pieces are drawn reversed, and ♔ marks the city the Maharaja visits next.
The cursor is `▸ ◂`: the arrows move it to the nearest place in their direction, Tab
to the next highlighted one. On the map, `k` shows this key.
"""
MAP_KEY: tuple[Segments, ...] = (  # `k` on the map; the same as MAP_LEGEND, in short
    seg(("Key", "strong"), ("  (k hides it)", "dim")),
    seg(("♛", "maharaja"), " the Maharaja   ", ("♔", "maharaja"), " where he goes next"),
    seg(("LAH", "city"), " a city,  ", ("♙", "dim"), "RY priests there"),
    seg(("o^v····", "dim"), " its 7 statue slots:"),
    seg("  ", ("o", "dim"), " centre  ", ("^", "dim"), " top bonus  ", ("v", "dim"),
        " bottom bonus"),
    seg("  ", ("·", "dim"), " outer   a letter: that player's statue"),
    seg(("⌂", "dim"), "R2  shrines in the city, per player"),
    seg(("○", "village"), "  a free shrine slot in a village"),
    seg(("R", "seat:0+mine"), " your pieces, reversed"),
    seg(("→2¢", "target+coins"), ("+", "target"), " you may go there (toll), build"),
)
MENU_GROUPS: MenuGroups = {  # intents of one group share an entry of the action panel
    it.CommitPlan: (0, "plan", ()),
    it.ChooseCharacter: (1, "character", ("number",)),
    it.PlaceStartShrine: (1, "start-shrine", ()),
    it.ChooseReward: (1, "reward", ("tile",)),
    it.BuyPrestige: (1, "buy-pp", ("count",)),
    it.FreeShrine: (1, "free-shrine", ()),
    it.PlaceMaharani: (1, "maharani", ("character",)),
    it.PassReward: (8, "pass", ()),
    it.MovePriest: (2, "move", ()),
    it.BuildStatue: (3, "statue", ("task",)),
    it.BuildShrine: (4, "shrine", ("task",)),
    it.DoAction: (5, "action", ("task",)),
    it.ChangeCharacter: (5, "change", ("task",)),
    it.MoveFlag: (5, "flag", ("task",)),
    it.UseAbility: (6, "ability", ("character",)),
    it.SpendToken: (7, "token", ()),
    it.EndTurn: (9, "end", ()),
}
GUIDE_TOPICS: dict[type, str] = {  # the guide section (maharaja-2020.md) per decision
    it.ChooseReward: "City scoring and rewards", it.PassReward: "City scoring and rewards",
    it.BuyPrestige: "City scoring and rewards", it.FreeShrine: "City scoring and rewards",
    it.PlaceMaharani: "City scoring and rewards",
    it.ChooseCharacter: "Characters", it.PlaceStartShrine: "How a round goes",
    it.CommitPlan: "Planning your two actions",
    it.MoveFlag: "The Maharaja track", it.ChangeCharacter: "Characters",
    it.MovePriest: "Your turn: moving and building",
    it.BuildStatue: "Your turn: moving and building",
    it.BuildShrine: "Your turn: moving and building",
    it.EndTurn: "Your turn: moving and building",
}
EMPTY_SLOT = ("o", "^", "v", "·", "·", "·", "·")  # centre, top bonus, bottom bonus, outer


class ScoreRow(msgspec.Struct, frozen=True):
    seat: int
    statues: int
    shrines: int
    priest: int
    character: int
    total: int
    coins: int
    rank: int | None  # 1-based; None without CP
    pp: int = 0  # PP taken (solo: Brahmabot takes PP, never coins, MJ-BOT-R9)


class ScoringSummary(msgspec.Struct, frozen=True):
    round: int
    city: str
    rows: tuple[ScoreRow, ...]


class FinalRow(msgspec.Struct, frozen=True):
    seat: int
    during_play: int
    statues: int
    coins: int
    cities: int
    tile: int
    total: int
    winner: bool


class FinalSummary(msgspec.Struct, frozen=True):
    tile: str | None
    rows: tuple[FinalRow, ...] = msgspec.field(default=())


class MaharajaAdapter(RouteGameAdapter[State, it.Intent]):
    ruleset_id: ClassVar[str] = "maharaja-2020"
    legend: ClassVar[str] = MAP_LEGEND
    map_key: ClassVar[tuple[Segments, ...]] = MAP_KEY
    plan_actions = tuple((int(a), C.ACTIONS[a].name) for a in C.Action)
    coin: ClassVar[str] = "¢"
    plan_entry: ClassVar[Segments] = seg(("Set your disc", "strong"),
                                         " (two actions, in secret)…")
    menu_groups: ClassVar[MenuGroups] = MENU_GROUPS
    plan_type: ClassVar[type] = it.CommitPlan
    guide_topics: ClassVar[dict[type, str]] = GUIDE_TOPICS
    guide_default: ClassVar[str] = "How a round goes"
    guide_rules: ClassVar[dict[str, str]] = {  # F1's r: each guide section's rules
        "The goal": "MJ-END-1", "How a round goes": "MJ-ROUND-1",
        "Planning your two actions": "MJ-ROUND-2", "Your turn: moving and building": "MJ-MOVE-1",
        "The Maharaja track": "MJ-FLAG-1", "City scoring and rewards": "MJ-SCORE-1",
        "Characters": "MJ-CHAR-1", "Action tokens": "MJ-TOKEN-1",
        "End of the game": "MJ-END-1", "Variants": "MJ-VAR-R1",
        "Solo: Brahmabot": "MJ-BOT-S1"}

    def load_network(self) -> Network:
        return load_board()

    # --------------------------------------------------------------- words
    def seat_colour(self, view: State, seat: int) -> str:
        return view.players[seat].colour  # MJ-SETUP: players choose their colours

    def player_count(self, view: State) -> int:
        return len(view.players)  # solo: Brahmabot is a player, not a seat

    @staticmethod
    def is_brahmabot(view: State, seat: int) -> bool:
        """Solo mode: Brahmabot is a player of the state but no seat of the table."""
        return view.solo is not None and seat == B.BOT_SEAT

    def name(self, view: State, seat: int) -> str:
        if self.is_brahmabot(view, seat):
            return "Brahmabot"
        if seat < len(self.seats):
            return self.seats[seat].name
        return view.players[seat].colour.capitalize()

    def who(self, view: State, seat: int) -> Segment:
        if self.is_brahmabot(view, seat):
            return ("Brahmabot", f"seat:{seat}")
        return super().who(view, seat)

    def action_name(self, action: int) -> str:
        return C.ACTIONS[C.Action(action)].name

    # ----------------------------------------------------------------- map
    def pawn(self, view: State, seat: int) -> str:
        return view.players[seat].priest

    def maharaja_at(self, view: State) -> str | None:
        return view.maharaja

    def maharaja_next(self, view: State) -> str | None:
        """The first flag on the Maharaja track (MJ-FLAG-1), as the track shows it."""
        return next((flag for flag in view.flags if flag is not None), None)

    def village_capacity(self, view: State) -> int:
        return village_capacity(view)  # MJ-SHR-4

    def city_lines(self, view: State, junction: str) -> list[Segments]:
        """The seven statue slots, centre first, then the shrines per player."""
        city = view.cities[junction]
        slots = tuple((EMPTY_SLOT[slot], "dim") if owner == NOBODY
                      else (self.letter(view, owner), f"seat:{owner}")
                      for slot, owner in enumerate(city.slots))
        return [slots, *self.owners_line(view, [(s, n) for s, n in enumerate(city.shrines)
                                                 if n])]

    def place_of(self, view: State, seat: int | None, intent: Any) -> str | None:
        """The map place an intent acts on, if any."""
        if isinstance(intent, it.MovePriest):
            start = view.players[seat].priest if seat is not None else self.network.start
            return self.network.walk(start, intent.route).end
        if isinstance(intent, it.BuildStatue | it.MoveFlag):
            return intent.city
        if isinstance(intent, it.BuildShrine | it.FreeShrine):
            return intent.place
        if isinstance(intent, it.PlaceStartShrine):
            return intent.village
        if isinstance(intent, it.UseAbility) and intent.place:
            return intent.place
        return None

    def move_roads(self, intent: Any) -> tuple[str, ...] | None:
        return intent.route if isinstance(intent, it.MovePriest) else None

    def tolls(self, view: State, seat: int, roads: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
        return move_tolls(view, seat, roads)  # MJ-MOVE-3 (character 9: nobody is paid)

    # -------------------------------------------------------------- tracks
    def track(self, view: State) -> TrackData:
        return TrackData(upcoming=tuple(view.flags), visited=tuple(view.visited),
                         current=view.maharaja)

    def tracks(self, view: State) -> tuple[tuple[str, Any], ...]:
        """The Maharaja track and the reward track, under the map."""
        return (("track", self.track(view)), ("rewards", self.reward_track(view)))

    def reward_track(self, view: State) -> SpaceTrackData:
        window = reward_window(view) if view.rewards else 0
        spaces = tuple((("·" if tile is None else str(tile),
                         "reward" if pos < window else "dim"),)
                       for pos, tile in enumerate(view.rewards))
        tail: Segments = (("  ♕", "reward"), (str(C.MAHARANI_TOKENS - len(view.maharanis)), ""),
                          (" Maharani", "dim"), ("  ◆", "dim"), (str(view.tokens), ""),
                          (" tokens", "dim"))
        notes = tuple(((f" {tile} ", "reward"), (C.REWARDS[tile].text, ""))
                      for tile in view.rewards[:window] if tile is not None)
        return SpaceTrackData("Rewards", spaces, window=window, tail=tail, notes=notes)

    def _card(self, view: State, number: int) -> CharacterCard:
        spec = C.CHARACTERS[number]
        marks = tuple((m.seat, self.letter(view, m.seat)) for m in view.maharanis
                      if m.character == number)
        return CharacterCard(number, spec.text, TIMING[spec.timing], marks)

    def display(self, view: State) -> DisplayData:
        held = tuple((s, self.letter(view, s), self._card(view, p.character))
                     for s, p in enumerate(view.players) if p.character)
        if view.solo is not None:  # MJ-BOT-S2: a row, left to right, refilled from a stack
            stack = view.solo.stack_size
            return DisplayData(tuple(self._card(view, n) for n in view.display), held,
                               title=f"Character row ({stack} face down in the stack)",
                               short_title=f"Row (stack {stack})")
        cards = tuple(self._card(view, n) for n in sorted(view.display))
        return DisplayData(cards, held)

    def boards(self, view: State, viewer: int | None, to_move: Sequence[int]) -> list[BoardData]:
        out = []
        for seat, p in enumerate(view.players):
            plan = ""
            if p.plan is not None:
                plan = " + ".join(self.action_name(a) for a in p.plan)
            pp = "?" if p.pp < 0 else str(p.pp)
            pp_role = "pp" if p.pp >= 0 else "hidden"  # PP: only its owner sees them
            wide: tuple[Segments, ...] = (
                (("  ", ""), (str(p.coins), "coins"), (" coins  ", "dim"), ("PP ", "dim"),
                 (pp, pp_role), ("  tokens ", "dim"), (str(p.tokens), "")),
                (("  shrines ", "dim"), (str(p.shrines), ""), (f" (+{p.supply} in supply)", "dim"),
                 ("  statues ", "dim"), (str(p.statues), "")))
            narrow: tuple[Segments, ...] = ((
                ("  ", ""), (str(p.coins), "coins"), ("c ", "dim"), ("PP ", "dim"),
                (pp, pp_role), ("  sh", "dim"), (str(p.shrines), ""), (f"+{p.supply}", "dim"),
                (" st", "dim"), (str(p.statues), ""), (" tk", "dim"), (str(p.tokens), "")),)
            bot = self.is_brahmabot(view, seat)
            if bot:
                wide, narrow = self._brahmabot_rows(view)
            wide_marks, narrow_marks = board_marks(
                (p.character,) if p.character else (),
                p.planned if view.phase == "planning" and not bot else None)  # MJ-ROUND-2
            out.append(BoardData(
                seat=seat, letter=self.letter(view, seat), name=self.name(view, seat),
                active=seat in to_move, you=seat == viewer,
                computer=bot or not self.seats[seat].is_human, wide_marks=wide_marks,
                narrow_marks=narrow_marks, wide_rows=wide + plan_row(plan),
                narrow_rows=narrow + plan_row(plan)))
        return out

    # ---------------------------------------------------------------- solo
    def _brahmabot_rows(self, view: State) -> tuple[tuple[Segments, ...], tuple[Segments, ...]]:
        """Brahmabot's board (its PP are public) and this round's action tiles."""
        assert view.solo is not None
        p = view.players[B.BOT_SEAT]
        level = view.solo.difficulty
        wide: list[Segments] = [
            (("  ", ""), (str(p.coins), "coins"), (" coins  ", "dim"), ("PP ", "dim"),
             (str(p.pp), "pp"), (f"  ({level})", "dim")),
            (("  shrines ", "dim"), (str(p.shrines), ""), ("  statues ", "dim"),
             (str(p.statues), ""))]
        narrow: list[Segments] = [
            (("  ", ""), (str(p.coins), "coins"), ("c ", "dim"), ("PP ", "dim"),
             (str(p.pp), "pp"), ("  sh", "dim"), (str(p.shrines), ""), (" st", "dim"),
             (str(p.statues), ""), (f" {level}", "dim"))]
        tiles = self.brahmabot_tiles(view)
        if tiles:
            wide.append((("  action tiles this round:", "dim"),))
            wide += tiles
            short: list[Segment] = [("  ", "")]
            for n, tile in enumerate(view.solo.drawn):
                if n:
                    short.append((" ", ""))
                short += self._tile_short(view, tile)
            narrow.append(tuple(short))
        why = self.brahmabot_used(view)
        if why:
            wide.append(why)
            narrow.append(self.brahmabot_used(view, short=True))
        return tuple(wide), tuple(narrow)

    def _tile_short(self, view: State, tile: str) -> list[Segment]:
        assert view.solo is not None
        if not tile:
            return [("?", "dim")]
        spec = B.ACTION_TILES[tile]
        where = "♛" if spec.destination == B.MAHARAJA else spec.destination
        role = "action+strong" if tile == view.solo.used else "action"
        mark = "▶" if tile == view.solo.used else ""
        return [(f"{mark}{spec.top}", role), (f"→{where}", "city"), (f"✓{spec.check}", "dim")]

    def brahmabot_tiles(self, view: State) -> list[Segments]:
        """One line per drawn tile: its top action, destination and check mark (MJ-BOT-R1);
        the face-down one as ``?``."""
        assert view.solo is not None
        out: list[Segments] = []
        for n, tile in enumerate(view.solo.drawn):
            if not tile:
                out.append(((f"  {n + 1} ", "dim"), ("?", "strong"), (" face down", "dim")))
                continue
            spec = B.ACTION_TILES[tile]
            used = tile == view.solo.used
            if spec.destination != B.MAHARAJA:
                where = self.place_name(spec.destination)
            else:
                where = f"♛ {self.place_name(view.maharaja)}" if view.maharaja else "♛"
            text = B.TOP_ACTION_TEXT[spec.top]
            if spec.coins:
                text += f" ({spec.coins})"
            out.append(((f"  {n + 1} ", "dim"), ("▶" if used else "", "strong"),
                        (tile, "action+strong" if used else "action"),
                        (f"  check mark {spec.check}  to ", "dim"), (where, "city")))
            out.append((("     ", ""), (spec.top, "dim"), (" ", ""), (text, "")))
        return out

    def brahmabot_used(self, view: State, *, short: bool = False) -> Segments:
        """After its turn: which tile it used, and the check mark that chose it (MJ-BOT-R2)."""
        solo_state = view.solo
        if solo_state is None or not solo_state.used or not solo_state.check:
            return ()
        check = B.ACTION_TILES[solo_state.check].check
        if short:
            return (("  used ", "dim"), (solo_state.used, "action+strong"),
                    (f" (✓{check} on {solo_state.check})", "dim"))
        return (("  used ", "dim"), (solo_state.used, "action+strong"),
                (f": check mark {check} on deck tile {solo_state.check}", "dim"))

    # -------------------------------------------------------------- status
    def status(self, view: State, viewer: int | None, to_move: Sequence[int]) -> Segments:
        lead: list[Segment] = []
        if view.round:
            lead += [(f"Round {view.round}/{C.ROUNDS}", "round"), (" · ", "dim")]
        if view.maharaja:
            lead += [("♛ ", "maharaja"), (self.place_name(view.maharaja), "city"),
                     (" · ", "dim")]
        return self.status_line(view, viewer, lead, PHASES.get(view.phase, view.phase))

    def phase_lines(self, view: State, viewer: int | None,
                    to_move: Sequence[int]) -> list[Segments] | None:
        mine = viewer is not None and viewer in to_move
        you_or = self.you_or(view, viewer, to_move)
        if view.pending and view.pending[0].seat in to_move:
            kind = view.pending[0].kind
            what = {"reward": "choose a reward tile", "lost-character": "take a new character",
                    "free-shrine": "build the free shrine", "buy-pp": "buy PP for coins",
                    "maharani": "place a Maharani token"}.get(kind, kind)
            who = ("You", "strong") if mine else self.who(view, view.pending[0].seat)
            return [seg(who, f" {'must' if mine else 'is about to'} {what}")]
        if view.phase == "planning":
            line = self.planning_line(view, viewer, to_move, "plan")
            return [line] if line else []
        if view.phase == "characters" and you_or:
            return [self.does(you_or, mine, "choose", "a character")]
        if view.phase == "start-shrines" and you_or:
            return [self.does(you_or, mine, "place", "a starting shrine in a village")]
        return None

    def turn_line(self, view: State, viewer: int | None) -> Segments:
        turn = view.turn
        assert turn is not None
        parts: list[Segment] = [("You" if turn.seat == viewer else "", "strong")]
        if turn.seat != viewer:
            parts.append(self.who(view, turn.seat))
        parts.append((": ", ""))
        for n, task in enumerate(turn.tasks):
            if n:
                parts.append((" · ", "dim"))
            parts += [(self.action_name(task.action), "action"), (f" ({self._left(task)})", "dim")]
        if turn.token_used:
            parts.append((" · token spent", "dim"))
        return tuple(parts)

    def _left(self, task: Any) -> str:
        if task.statues or task.shrines:
            bits = []
            if task.statues:
                bits.append(counted(task.statues, "statue"))
            if task.shrines:
                bits.append(counted(task.shrines, "shrine"))
            return " + ".join(bits) + " left"
        spec = C.ACTIONS[C.Action(task.action)]
        if spec.statues or spec.shrines:
            return "done"
        return "done" if task.done else "to do"

    # ---------------------------------------------------------------- menu
    def _task_name(self, view: State, index: int) -> str:
        assert view.turn is not None
        task = view.turn.tasks[index]
        return f"{self.action_name(task.action)}, {task.source}"

    def game_entry(self, view: State, seat: int, key: tuple[Any, ...],
                   members: list[Any]) -> MenuEntry | None:
        kind = key[1]
        many = tuple(members)
        if kind == "move":
            ends = {self.place_of(view, seat, i) for i in members}
            return MenuEntry(seg(("Move your priest", "strong"),
                                 f" ({counted(len(ends), 'place')})…"),
                             many, "Where does your priest go? (cheapest route first)")
        if kind == "statue":
            return MenuEntry(seg(("Build a statue", "strong"), " — ",
                                 (self._task_name(view, key[2]), "action"), "…"),
                             many, "Which city and slot?")
        if kind == "shrine":
            return MenuEntry(seg(("Build a shrine", "strong"), " — ",
                                 (self._task_name(view, key[2]), "action"), "…"),
                             many, "Where?")
        if kind == "start-shrine":
            return MenuEntry(seg(("Place a starting shrine", "strong"), " in a village…"),
                             many, "Which village?")
        if kind == "free-shrine":
            return MenuEntry(seg(("Build your free shrine", "strong"), " (reward tile 7)…"),
                             many, "Where?")
        if kind == "change":
            return MenuEntry(seg(("Change character", "strong"), " — ",
                                 (self._task_name(view, key[2]), "action"), "…"),
                             many, "Which character do you take?")
        if kind == "flag":
            return MenuEntry(seg(("Move a flag", "strong"), " 3 positions left — ",
                                 (self._task_name(view, key[2]), "action"), "…"),
                             many, "Which flag?")
        if kind == "token":
            return MenuEntry(seg(("Spend an action token", "strong"), " for an extra action…"),
                             many, "Which action does the token buy?")
        if kind == "ability" and len(members) > 1:
            n = key[2]
            return MenuEntry(seg(("Use character ", "strong"), (str(n), "character"),
                                 f": {C.CHARACTERS[n].text}…"), many, f"Character {n}: how?")
        return None

    # ------------------------------------------------------------ why not
    def unavailable(self, view: State, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        """During the seat's turn, each planned action it cannot carry out now, and the
        token it cannot spend: one representative intent each, for the engine to refuse
        (MJ-STAT-3, MJ-ACT-11, MJ-TOKEN-1...)."""
        turn = view.turn
        if view.phase != "actions" or turn is None or turn.seat != seat:
            return []
        offered = {(type(i), getattr(i, "task", None)) for i in intents}
        out: list[MenuEntry] = []
        for t, task in enumerate(turn.tasks):
            name = (self._task_name(view, t), "action")
            if task.statues > 0 and (it.BuildStatue, t) not in offered:
                statue = self._sample_statue(view, seat, t)
                if statue is not None:
                    out.append(MenuEntry(seg(("Build a statue", "strong"), " — ", name),
                                         (statue,)))
            if task.shrines > 0 and (it.BuildShrine, t) not in offered:
                out.append(MenuEntry(seg(("Build a shrine", "strong"), " — ", name),
                                     (self._sample_shrine(view, seat, t),)))
            if not task.done and (it.DoAction, t) not in offered and task.action in (
                    C.Action.TAKE_SHRINES, C.Action.BUY_PRESTIGE):
                out.append(MenuEntry(seg((name[0], "strong")), (it.DoAction(task=t),)))
        if not any(isinstance(i, it.MovePriest) for i in intents):
            move = self.sample_move(view, seat)  # the cheapest open route, if any
            if move is not None:
                out.append(MenuEntry(seg(("Move your priest", "strong")), (move,)))
        if not any(isinstance(i, it.SpendToken) for i in intents):
            out.append(MenuEntry(seg(("Spend an action token", "strong")),
                                 (it.SpendToken(action=int(C.TOKEN_ACTIONS[0])),)))
        return out

    def _sample_statue(self, view: State, seat: int, task: int) -> Any:
        """The most permissive statue for the engine to judge: a free slot in the
        priest's city, else in the cheapest city with one (MJ-STAT-1, MJ-STAT-3,
        MJ-ACT-11: the refusal is then the priest's place or the cost, not the slot)."""
        priest = view.players[seat].priest
        discount = task_discount(view.turn.tasks[task]) if view.turn is not None else 0
        cities = sorted((city for city in view.cities if free_slots(view, city)),
                        key=lambda c: (c != priest, statue_cost(view, seat, c, discount), c))
        city = cities[0] if cities else priest if priest in view.cities else view.maharaja
        if city is None:
            return None
        slots = free_slots(view, city)
        return it.BuildStatue(city=city, slot=slots[0] if slots else 0, task=task)

    def _sample_shrine(self, view: State, seat: int, task: int) -> Any:
        """The most permissive shrine for the engine to judge: in the priest's city, else
        in a village open to the seat (unless the last of two must go in a city,
        MJ-ACT-4), else in a city (the refusal: where the priest must be, MJ-SHR-2)."""
        priest = view.players[seat].priest
        if priest in view.cities:
            return it.BuildShrine(place=priest, task=task)
        last_in_city = view.turn is not None and view.turn.tasks[task].city_shrine \
            and view.turn.tasks[task].shrines == 1
        villages = [] if last_in_city else [v for v in view.villages
                                            if village_open_for(view, seat, v) is None]
        place = villages[0] if villages else view.maharaja or next(iter(view.cities))
        return it.BuildShrine(place=place, task=task)

    def why_not_at(self, view: State, seat: int, place: str,
                   intents: Sequence[Any]) -> tuple[Any, ...]:
        """Why ``place`` is no target: the move there, then building there with each
        planned action that builds; at setup, a starting shrine there."""
        if view.phase == "start-shrines":
            return (it.PlaceStartShrine(village=place),)
        turn = view.turn
        if view.phase != "actions" or turn is None or turn.seat != seat:
            return ()
        out: list[Any] = []
        move = self.representative_move(view, seat, place)
        if move is not None:
            out.append(move)
        for t, task in enumerate(turn.tasks):
            if task.statues > 0 and place in view.cities:
                slot = next((n for n, o in enumerate(view.cities[place].slots) if o == NOBODY), 0)
                out.append(it.BuildStatue(city=place, slot=slot, task=t))
            if task.shrines > 0:
                out.append(it.BuildShrine(place=place, task=t))
        return tuple(out)

    def move_intent(self, view: State, to: str, roads: tuple[str, ...]) -> Any:
        return it.MovePriest(route=roads)

    def unused(self, view: State, seat: int, intent: Any) -> str | None:
        """Ending the turn with planned actions still usable loses them (MJ-ACT-10)."""
        if not isinstance(intent, it.EndTurn):
            return None
        left = unused_actions(view, seat)
        if not left:
            return None
        return ("End your turn? These planned actions are still unused and are lost "
                "when it ends (MJ-ACT-10):\n" + "\n".join(f"  • {what}" for what in left))

    def intent_label(self, view: State, seat: int, intent: Any) -> Segments:
        match intent:
            case it.ChooseCharacter(number=n):
                return seg("Take character ", (str(n), "character"),
                           f" — {C.CHARACTERS[n].text}")
            case it.PlaceStartShrine(village=v) | it.FreeShrine(place=v):
                return seg("Shrine in ", (self.place_name(v),
                                          "village" if v in view.villages else "city"),
                           " — free")
            case it.ChooseReward(tile=t):
                return seg("Take reward tile ", (str(t), "reward"), f" — {C.REWARDS[t].text}")
            case it.BuyPrestige(count=n):
                return seg(f"Buy {n} PP for ", (counted(n, "coin"), "coins"))
            case it.PlaceMaharani(character=n):
                return seg("Maharani token on character ", (str(n), "character"),
                           f" — {C.CHARACTERS[n].text}")
            case it.PassReward() if view.solo is not None:
                return seg(("Pass", "strong"), " (no tile; the lowest leaves the game)")
            case it.PassReward():
                return seg(("Pass", "strong"), " (do without)")
            case it.MovePriest(route=route):
                return self.move_label(view, seat, route)
            case it.BuildStatue(city=city, slot=slot, task=t):
                assert view.turn is not None
                cost = statue_cost(view, seat, city, task_discount(view.turn.tasks[t]))
                bonus = slot_bonus(self.network, city, slot)
                extra = f" (bonus: {C.BONUS_TEXT[bonus]})" if bonus is not None else ""
                return seg("Statue in ", (self.place_name(city), "city"),
                           f", {C.SLOT_NAMES[slot]}{extra} — ", (counted(cost, "coin"), "coins"))
            case it.BuildShrine(place=place, task=t):
                assert view.turn is not None
                cost = shrine_cost(task_discount(view.turn.tasks[t]))
                role = "city" if place in view.cities else "village"
                return seg("Shrine in ", (self.place_name(place), role), " — ",
                           (counted(cost, "coin"), "coins"))
            case it.DoAction(task=t):
                return seg((self._task_name(view, t), "action+strong"))
            case it.ChangeCharacter(number=n):
                holder = next((s for s, p in enumerate(view.players) if p.character == n), None)
                source: list[Segment] = [(" from the display", "dim")] if holder is None else [
                    (" from ", "dim"), self.who(view, holder)]
                return seg(("Character ", ""), (str(n), "character"), *source,
                           f" — {C.CHARACTERS[n].text}")
            case it.MoveFlag(city=city) | it.UseAbility(character=10, place=city):
                pos = view.flags.index(city) if city in view.flags else 0
                return seg("Flag of ", (self.place_name(city), "city"),
                           f": p{pos} → p{pos - C.FLAG_STEP}")
            case it.SpendToken(action=a):
                return seg((self.action_name(a), "action"))
            case it.UseAbility(character=13, place=place):
                return seg("Character ", ("13", "character"), ": shrine from the supply in ",
                           (self.place_name(place), "city" if place in view.cities else "village"))
            case it.UseAbility(character=3, pp_bought=k) if k:
                return seg(f"Pay {2 * k} coins for {k} PP")
            case it.UseAbility(character=3, pp_sold=k):
                return seg(f"Pay {k} PP for {2 * k} coins")
            case it.UseAbility(character=n):
                return seg(("Use character ", "strong"), (str(n), "character"),
                           f": {C.CHARACTERS[n].text}")
            case it.EndTurn():
                return seg(("End your turn", "strong"))
        return seg(type(intent).__name__)

    # ------------------------------------------------------------- scoring
    def scoring(self, view: State, city: str | None = None) -> ScoringSummary:
        """City scoring in figures: CP by source, rank and coins (MJ-SCORE-1..3)."""
        city = city or view.maharaja or ""
        if view.solo is not None:
            return self._solo_scoring(view, city)
        cps, order = scoring.city_ranking(view, city)
        coins = scoring.city_coins(view, cps, order)
        rows = []
        for seat, player in enumerate(view.players):
            statues = scoring.statue_cp(view, city, seat)
            shrines = view.cities[city].shrines[seat]
            priest = 1 if player.priest == city else 0
            rows.append(ScoreRow(
                seat, statues, shrines, priest, cps[seat] - statues - shrines - priest, cps[seat],
                coins[seat], order.index(seat) + 1 if seat in order else None))
        rows.sort(key=lambda r: (r.rank is None, r.rank or 0, r.seat))
        return ScoringSummary(view.round, city, tuple(rows))

    def _solo_scoring(self, view: State, city: str) -> ScoringSummary:
        """MJ-BOT-R9, from the engine's own solo scoring: coins for you, PP for Brahmabot."""
        points = solo.cps(view, city)
        order = solo.ranking(view, city)
        coins = [0] * len(view.players)
        pp = [0] * len(view.players)
        for event in solo.score_city(view):
            if isinstance(event, ev.CityScored):
                coins = list(event.coins)
            elif isinstance(event, ev.Gained) and event.pp:
                pp[event.seat] += event.pp
        rows = []
        for seat, player in enumerate(view.players):
            statues = scoring.statue_cp(view, city, seat)
            shrines = view.cities[city].shrines[seat]
            priest = 1 if player.priest == city else 0
            rows.append(ScoreRow(
                seat, statues, shrines, priest, points[seat] - statues - shrines - priest,
                points[seat], coins[seat], order.index(seat) + 1 if seat in order else None,
                pp[seat]))
        rows.sort(key=lambda r: (r.rank is None, r.rank or 0, r.seat))
        return ScoringSummary(view.round, city, tuple(rows))

    def final(self, view: State) -> FinalSummary:
        rows = []
        for seat, (player, final) in enumerate(zip(view.players, view.final, strict=False)):
            rows.append(FinalRow(seat, player.pp - final.total, final.statues, final.coins,
                                 final.cities, final.tile, player.pp, seat in view.winners))
        rows.sort(key=lambda r: -r.total)
        return FinalSummary(view.options.final_scoring, tuple(rows))

    def plan_intent(self, intents: Sequence[Any], first: int, second: int) -> Any:
        """The legal CommitPlan for these two arrows (a plan and its mirror are listed once);
        when none is legal, the plan as set, for the engine to refuse with its rule."""
        want = sorted((first, second))
        for intent in intents:
            if isinstance(intent, it.CommitPlan) and sorted((intent.first, intent.second)) == want:
                return intent
        return it.CommitPlan(first=first, second=second)

    # ------------------------------------------- the screens' generic tables
    def secret_decision(self, view: State, seat: int) -> bool:
        return view.phase == "planning"  # MJ-HIDE-2: a plan is secret

    def scoring_key(self, view: State) -> int | None:  # the round scored
        if view.phase == "scoring":
            return view.round
        # A scoring where no person chose a reward (MJ-SCORE-4) has passed by the next
        # view: it is shown while the next round is planned, on the board it counted.
        # Solo scoring reads the Maharaja's city, which has moved on: its own phase only.
        scored = view.scored
        if scored is not None and view.solo is None and view.phase == "planning" \
                and view.round == scored[0] + 1 \
                and not any(self.seats[seat].is_human for seat in scored[2]):
            return scored[0]
        return None

    def scoring_table(self, view: State) -> ScoreTable:
        city = view.scored[1] if view.phase != "scoring" and view.scored else None
        summary = self.scoring(view, city)
        summary = ScoringSummary(self.scoring_key(view) or summary.round, summary.city,
                                 summary.rows)
        title = f"Round {summary.round}: {self.place_name(summary.city)} is scored"
        columns = ("Rank", "Player", "Statues", "Shrines", "Priest", "Character", "CP")
        if view.solo is not None:
            rows = tuple((*self._score_cells(view, r), cell(self._solo_gain(r), ""))
                         for r in summary.rows)
            notes = (cell("Brahmabot takes PP, never coins; you choose between the 2 lowest "
                          "reward tiles or pass (MJ-BOT-R9)", "dim"),)
            return ScoreTable(title, (*columns, "Takes"), rows, notes, bold=6)
        rows = tuple((*self._score_cells(view, r), cell(f"+{r.coins}", ""))
                     for r in summary.rows)
        return ScoreTable(title, (*columns, "Coins"), rows, bold=6)

    def _score_cells(self, view: State, r: ScoreRow) -> tuple[Segments, ...]:
        return (cell(str(r.rank) if r.rank else "–"), *self.player_cell(view, r.seat),
                cell(str(r.statues), ""), cell(str(r.shrines), ""), cell(str(r.priest), ""),
                cell(str(r.character), ""), cell(str(r.total), ""))

    @staticmethod
    def _solo_gain(r: ScoreRow) -> str:
        parts = [f"+{counted(r.coins, 'coin')}"] if r.coins else []
        if r.pp:
            parts.append(f"+{r.pp} PP")
        return ", ".join(parts) or "–"

    def scoring_track(self, view: State) -> Panel | None:
        return track_panel("scoring-rewards", self.reward_track(view))

    def scoring_decisions(self, view: State) -> bool:
        return bool(view.pending)

    def final_table(self, view: State) -> ScoreTable:
        summary = self.final(view)
        rows = tuple(
            (*self.player_cell(view, r.seat, " ★ winner" if r.winner else ""),
             cell(str(r.during_play), ""), cell(f"+{r.statues}", ""), cell(f"+{r.coins}", ""),
             cell(f"+{r.cities}", ""), cell(f"{r.tile:+d}", ""), cell(str(r.total), ""))
            for r in summary.rows)
        winners = [f"{self.letter(view, r.seat)} {self.name(view, r.seat)}"
                   for r in summary.rows if r.winner]
        verb = "wins" if len(winners) == 1 else "share the win"
        tile = summary.tile
        notes: tuple[Segments, ...] = (
            cell(f"★ {' and '.join(winners)} {verb}", "strong"),
            cell(f"Final-scoring tile: {tile}" if tile else "No final-scoring tile"))
        if view.solo is not None:
            notes += (cell(f"Brahmabot ({view.solo.difficulty}): {B.STATUE_PP} PP per statue, "
                           f"{B.COIN_PP} PP with any coin, {B.CITY_MAJORITY_PP} PP per city "
                           f"where it has the most CP ({B.CITY_TIE_PP} if tied); you win with "
                           "strictly more PP (MJ-BOT-E1)"),)
        return ScoreTable("Final scoring", ("Player", "PP in play", "Statues", "Coins",
                                            "Cities", "Tile", "Total PP"), rows, notes, bold=6)

    def is_over(self, view: State) -> bool:
        return view.phase == "over"

    # --------------------------------------------------------- new game
    @classmethod
    def new_game_form(cls) -> NewGameForm:
        from maharaja_tui.reference import rule_label

        return cls._form(lambda tile: f"{tile}: {rule_label(f'MJ-VAR-{tile}')}")

    @classmethod
    def table_form(cls) -> NewGameForm:
        return cls._form(str)  # the tiles' ids: the rules reference is not read

    @classmethod
    def _form(cls, tile_label: Callable[[str], str]) -> NewGameForm:
        from engine.maharaja.options import FINAL_SCORING, SPECIAL_RULES

        fields = tuple(OptionField(f"rule-{t}", tile_label(t)) for t in SPECIAL_RULES)
        fields += (OptionField("final-tile", "Final scoring", "", (("no tile", ""),) + tuple(
            (tile_label(t), t) for t in FINAL_SCORING)),)
        low, high, default = cls.spec().seats
        return NewGameForm("Maharaja", low, high, default, C.COLOURS, fields,
                           heading="Special-rule tiles", solo_label="Solo vs Brahmabot",
                           solo_levels=tuple(B.DIFFICULTIES), solo_default="medium",
                           first_game_seats=4)  # MJ-SETUP-1

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> Any:
        from engine.maharaja.options import SPECIAL_RULES, Options

        special = tuple(t for t in SPECIAL_RULES if values.get(f"rule-{t}"))
        final = str(values.get("final-tile") or "") or None
        if values.get("solo"):  # §13: one seat, Brahmabot is no seat
            return Options(colours=tuple(colours[:1]), special_rules=special,
                           final_scoring=final, mode="solo", difficulty=str(values["solo"]))
        return Options(colours=tuple(colours), special_rules=special, final_scoring=final,
                       first_game=first_game)


# mypy holds the adapter to the screens' contract (GameAdapter, games/base.py)
_CONTRACT: type[GameAdapter[State, it.Intent]] = MaharajaAdapter
