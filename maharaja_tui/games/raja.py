"""Raja (2004) seen by the widgets: a seat view and legal intents turned into plain data.

This is the only module of the UI that reads a ``RajaState``. Like the Maharaja
adapter it decides nothing: what a player may do comes from the engine's legal
intents, the rules it shows (tolls, the Monk's bank, forfeits, points by source)
from ``engine.raja.queries`` and ``scoring``, the tables (costs, names, rewards)
from ``engine.raja.components``. The engine has no player colours; seats take the
five colours of the box in order, from the game's spec (R-COMP-4). What the road
games share on screen is ``RouteGameAdapter``'s.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from engine.core.words import counted
from engine.family.network import Network
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.board import board, home_of
from engine.raja.options import MODULE_WORDS
from engine.raja.options import Options as RajaOptions
from engine.raja.queries import (
    bank_pays_tolls,
    capacity,
    end_index,
    forfeits,
    house_cost,
    move_tolls,
    palace_cost,
    palaces_on_board,
)
from engine.raja.scoring import city_sources
from engine.raja.state import BUILDER_SLOT, Phase
from engine.raja.state import State as RajaState
from engine.raja.views import HIDDEN_GOLD
from maharaja_tui.games.base import (
    GameAdapter,
    MenuEntry,
    MenuGroups,
    NewGameForm,
    OptionField,
    ScoreTable,
    cell,
)
from maharaja_tui.games.route import RouteGameAdapter, board_marks, plan_row
from maharaja_tui.widgets.character_display import CharacterCard, DisplayData
from maharaja_tui.widgets.player_board import BoardData
from maharaja_tui.widgets.segments import Segment, Segments, seg
from maharaja_tui.widgets.tracks import SpaceTrackData

NEUTRAL_MARK = "n"
PHASES = {Phase.SETUP: "Setup", Phase.CHOOSE: "Choosing characters",
          Phase.AUCTION: "Character auction", Phase.HOUSES: "Setup houses",
          Phase.SELECT: "Selecting actions", Phase.TURNS: "Turns", Phase.SCORED: "City scoring",
          Phase.OVER: "Game over"}
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
SLOT_PART = ("slot", "part")
MENU_GROUPS: MenuGroups = {  # intents of one group share an entry of the action panel
    it.SelectActions: (0, "plan", ()),
    it.PickCard: (1, "pick", ("card",)),
    it.GiveCard: (1, "give", ("card",)),
    it.Bid: (1, "bid", ()),
    it.Pass: (2, "pass", ()),
    it.PlaceSetupHouse: (1, "setup-house", ()),
    it.MoveArchitect: (2, "move", ()),
    it.TakeGold: (3, "gold", SLOT_PART),
    it.BuildHouse: (3, "house", SLOT_PART),
    it.MoveHouse: (3, "move-house", SLOT_PART),
    it.TakeQuarry: (3, "quarry", SLOT_PART),
    it.BuildPalace: (3, "palace", SLOT_PART),
    it.MoveGovernor: (3, "governor", SLOT_PART),
    it.TakeCharacter: (3, "character", SLOT_PART),
    it.AttractCharacter: (3, "attract", SLOT_PART),
    it.UseToken: (7, "token", ()),
    it.EndTurn: (9, "end", ()),
}
MAP_LEGEND = """\
## Reading the map

A city shows its id, ♛ when the Maharaja visits it and ♙ with the letters of the
architects standing there. Below: its palace garden, the central site first (`o`
free, `·` a free outer site, `n` a neutral palace, a letter that player's palace),
then ⌂ and the houses per player. A village shows one `○` per free house site, or
the letters of the houses in it. Highlighted places can be picked now; `→2g` is
the cheapest toll to go there, and with the cursor there the route is drawn in heavy
lines, who is paid on the status line. Players are R Y G B P. Under the map: the
Maharaja's next cities (lowest governor first) and the governor track, whose numbered
part (after `│`) ends the game when a governor reaches its end. Your own pieces are
drawn reversed. The cursor is `▸ ◂`: the arrows move it to the nearest place in their
direction, Tab to the next highlighted one; on the map, `k` shows this key.
"""

MAP_KEY: tuple[Segments, ...] = (  # `k` on the map; the same as MAP_LEGEND, in short
    seg(("Key", "strong"), ("  (k hides it)", "dim")),
    seg(("♛", "maharaja"), " the Maharaja,  ", ("♙", "dim"), "RY architects there"),
    seg(("o······", "dim"), " a city's palace garden:"),
    seg("  ", ("o", "dim"), " central site  ", ("·", "dim"), " outer site  ", ("n", "dim"),
        " neutral"),
    seg("  a letter: that player's palace"),
    seg(("⌂", "dim"), "R2  houses in the city, per player"),
    seg(("○", "dim"), "  a free house site in a village"),
    seg(("R", "seat:0+mine"), " your pieces, reversed"),
    seg(("→2g", "target+coins"), ("+", "target"), " you may go there (toll), build"),
)
GUIDE_TOPICS: dict[type, str] = {  # the guide section (raja-2004.md) per decision
    it.PickCard: "Characters", it.Bid: "Variants", it.Pass: "Variants",
    it.GiveCard: "Characters", it.PlaceSetupHouse: "How a round goes",
    it.SelectActions: "Selecting your two actions",
    it.MoveGovernor: "The governor track", it.TakeCharacter: "Characters",
    it.AttractCharacter: "Characters",
    it.MoveArchitect: "Your turn: moving and building",
    it.BuildHouse: "Your turn: moving and building",
    it.BuildPalace: "Your turn: moving and building",
    it.EndTurn: "Your turn: moving and building",
}


def _space(index: int) -> str:
    """A governor-track index as the board prints it: 1–10, or a start space (R-COMP-10)."""
    printed = index - C.TRACK_FIRST_NUMBERED + 1
    return f"space {printed}" if printed >= 1 else f"start space {index}"


class RajaAdapter(RouteGameAdapter[RajaState, it.Intent]):
    """Seats take the spec's five colours in seat order (R-COMP-4)."""

    final_word: ClassVar[str] = "final ranking"
    ruleset_id: ClassVar[str] = "raja-2004"
    legend: ClassVar[str] = MAP_LEGEND
    map_key: ClassVar[tuple[Segments, ...]] = MAP_KEY
    plan_actions = tuple((a, C.ACTION_NAMES[a]) for a in C.ACTIONS)
    coin: ClassVar[str] = "g"
    plan_entry: ClassVar[Segments] = seg(("Select your two actions", "strong"), " (in secret)…")
    menu_groups: ClassVar[MenuGroups] = MENU_GROUPS
    plan_type: ClassVar[type] = it.SelectActions
    guide_topics: ClassVar[dict[type, str]] = GUIDE_TOPICS
    guide_default: ClassVar[str] = "How a round goes"
    guide_rules: ClassVar[dict[str, str]] = {  # F1's r: each guide section's rules
        "The goal": "R-END-1", "How a round goes": "R-ROUND-1",
        "Selecting your two actions": "R-ROUND-3", "Your turn: moving and building": "R-MOVE-1",
        "The governor track": "R-ACT-3", "City scoring": "R-SCORE-1",
        "Characters": "R-CHAR-1", "Variants": "R-VAR-SHORT-1"}

    def load_network(self) -> Network:
        return board()

    # ------------------------------------------------------------ new game
    @classmethod
    def new_game_form(cls) -> NewGameForm:
        form = super().new_game_form()
        return NewGameForm(
            title=form.title, min_seats=form.min_seats, max_seats=form.max_seats,
            default_seats=form.default_seats, colours=form.colours,
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
            # A preset names every module: picking one clears the modules it leaves out.
            presets={name: {**dict.fromkeys(MODULE_WORDS, False), **values}
                     for name, values in form.presets.items()},
        )

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> RajaOptions:
        known = set(RajaOptions.__struct_fields__)
        return RajaOptions(**{k: bool(v) for k, v in values.items() if k in known})

    # --------------------------------------------------------------- words
    def player_count(self, view: RajaState) -> int:
        return view.seats

    def letter(self, view: RajaState, seat: int) -> str:
        return super().letter(view, seat) if 0 <= seat < view.seats else NEUTRAL_MARK

    def action_name(self, action: str) -> str:
        return C.ACTION_NAMES.get(action, action)

    def card_name(self, card: int) -> str:
        return f"{card} {C.CHARACTERS[card]}"

    # ----------------------------------------------------------------- map
    def pawn(self, view: RajaState, seat: int) -> str:
        return view.players[seat].architect

    def maharaja_at(self, view: RajaState) -> str | None:
        return view.maharaja if view.round else None

    def village_capacity(self, view: RajaState) -> int:
        return capacity(view)  # R-BUILD-1

    def city_lines(self, view: RajaState, junction: str) -> list[Segments]:
        """The palace garden, then the houses per player."""
        city = view.cities[junction]
        houses = [(s, city.houses.count(s)) for s in range(view.seats) if city.houses.count(s)]
        return [self._palaces(view, city), *self.owners_line(view, houses)]

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

    def move_roads(self, intent: Any) -> tuple[str, ...] | None:
        return tuple(intent.roads) if isinstance(intent, it.MoveArchitect) else None

    def tolls(self, view: RajaState, seat: int,
              roads: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
        return move_tolls(view, seat, roads)  # R-MOVE-4

    def toll_payer(self, view: RajaState, seat: int) -> str:
        return "the bank pays: Monk" if bank_pays_tolls(view, seat) else ""  # R-MOVE-6

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
                here = city == view.maharaja and view.round and view.phase != Phase.OVER
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
        if view.end_triggered and view.phase != Phase.OVER:
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
            wide_marks, narrow_marks = board_marks(
                tuple(p.cards), p.selected if view.phase == Phase.SELECT else None)
            out.append(BoardData(
                seat=seat, letter=self.letter(view, seat), name=self.seats[seat].name,
                active=seat in to_move, you=seat == viewer,
                computer=not self.seats[seat].is_human, wide_marks=wide_marks,
                narrow_marks=narrow_marks, wide_rows=(*wide, *plan_row(plan)),
                narrow_rows=(*narrow, *plan_row(plan))))
        return out

    # -------------------------------------------------------------- status
    def status(self, view: RajaState, viewer: int | None, to_move: Sequence[int]) -> Segments:
        lead: list[Segment] = []
        if view.round:
            lead += [(f"Round {view.round}", "round"), (" · ", "dim"), ("♛ ", "maharaja"),
                     (self.place_name(view.maharaja), "city"), (" · ", "dim")]
        return self.status_line(view, viewer, lead, PHASES.get(view.phase, view.phase))

    def phase_lines(self, view: RajaState, viewer: int | None,
                    to_move: Sequence[int]) -> list[Segments] | None:
        mine = viewer is not None and viewer in to_move
        you_or = self.you_or(view, viewer, to_move)
        if view.pending is not None:
            p = view.pending
            what = ("take a card from the bank" if p.kind == "pick"
                    else "give a card to " + self.who(view, p.to)[0])
            return [seg(you_or or self.who(view, p.seat),
                        f" {'must' if mine else 'is about to'} {what}")]
        if view.phase == Phase.SELECT:
            line = self.planning_line(view, viewer, to_move, "select")
            return [line] if line else []
        if view.phase == Phase.CHOOSE and you_or:
            return [self.does(you_or, mine, "choose", "a character")]
        if view.phase == Phase.AUCTION and view.auction is not None:
            a = view.auction
            high: list[Segment] = (
                [("no bid yet", "dim")] if a.high_bidder < 0
                else [("high bid ", ""), (f"{a.high} gold", "coins"), (" by ", ""),
                      self.who(view, a.high_bidder)])
            lines = [seg(("Auction", "strong"), " for a character: ", *high)]
            return lines + ([self.does(you_or, mine, "bid", "or pass")] if you_or else [])
        if view.phase == Phase.HOUSES and you_or:
            return [self.does(you_or, mine, "place", "a setup house in a village")]
        return None

    def turn_line(self, view: RajaState, viewer: int | None) -> Segments:
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
    def menu_intents(self, intents: Sequence[Any]) -> Sequence[Any]:
        # Two parts of one kind in one action (Two houses) are interchangeable: offer the
        # first one left, so the list shows one "Build a house" per action.
        first: dict[tuple[type, int], int] = {}
        for intent in intents:
            if hasattr(intent, "part"):
                key = (type(intent), intent.slot)
                first[key] = min(first.get(key, intent.part), intent.part)
        return [i for i in intents if not hasattr(i, "part")
                or first[(type(i), i.slot)] == i.part]

    def _via(self, view: RajaState, slot: int) -> Segment:
        if slot == BUILDER_SLOT:
            return ("Builder, free", "character")
        assert view.turn is not None
        return (self.action_name(view.turn.slots[slot].action), "action")

    def game_entry(self, view: RajaState, seat: int, key: tuple[Any, ...],
                   members: list[Any]) -> MenuEntry | None:
        kind = key[1]
        many = tuple(members)
        if kind == "bid":
            return MenuEntry(seg(("Bid", "strong"), f" ({members[0].amount}–"
                                 f"{members[-1].amount} gold)…"), many, "How much do you bid?")
        if kind == "setup-house":
            return MenuEntry(seg(("Place a setup house", "strong"), " in a village…"), many,
                             "Which village?")
        if kind == "move":
            ends = {i.to for i in members}
            return MenuEntry(seg(("Move your architect", "strong"),
                                 f" ({counted(len(ends), 'place')})…"),
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
        return None

    # ------------------------------------------------------------ why not
    BUILDS: ClassVar[dict[str, tuple[type, str]]] = {
        C.P_PALACE: (it.BuildPalace, "Build a palace"), C.P_HOUSE: (it.BuildHouse, "Build a house")}

    def _build_at(self, view: RajaState, kind: str, place: str, slot: int, part: int) -> Any:
        if kind == C.P_PALACE:
            city = view.cities.get(place)
            return it.BuildPalace(central=city is None or city.central is None, slot=slot,
                                  part=part)
        return it.BuildHouse(place=place, slot=slot, part=part)

    def unavailable(self, view: RajaState, seat: int,
                    intents: Sequence[Any]) -> list[MenuEntry]:
        """During the seat's turn, each palace or house its selected actions hold that it
        cannot build now, and the move: one representative intent each, for the engine
        to refuse (R-BUILD-3, R-TURN-5, R-MOVE-3...)."""
        turn = view.turn
        if view.phase != Phase.TURNS or turn is None or turn.seat != seat or view.pending:
            return []
        offered = {(type(i), getattr(i, "slot", None)) for i in intents}
        here = view.players[seat].architect
        out: list[MenuEntry] = []
        for slot, chosen in enumerate(turn.slots):
            seen: set[str] = set()
            for part, kind in enumerate(C.ACTION_PARTS[chosen.action]):
                if kind not in self.BUILDS or chosen.done[part] or kind in seen:
                    continue
                seen.add(kind)
                kind_type, words = self.BUILDS[kind]
                if (kind_type, slot) not in offered:
                    out.append(MenuEntry(seg((words, "strong"), " — ", self._via(view, slot)),
                                         (self._build_at(view, kind, here, slot, part),)))
        if not any(isinstance(i, it.MoveArchitect) for i in intents):
            move = self.sample_move(view, seat)  # the cheapest open route, if any
            if move is not None:
                out.append(MenuEntry(seg(("Move your architect", "strong")), (move,)))
        return out

    def why_not_at(self, view: RajaState, seat: int, place: str,
                   intents: Sequence[Any]) -> tuple[Any, ...]:
        """Why ``place`` is no target: the move there, then a house built there."""
        if view.phase == Phase.HOUSES:
            return (it.PlaceSetupHouse(village=place),)
        turn = view.turn
        if view.phase != Phase.TURNS or turn is None or turn.seat != seat:
            return ()
        out: list[Any] = []
        move = self.representative_move(view, seat, place)
        if move is not None:
            out.append(move)
        for slot, chosen in enumerate(turn.slots):
            for part, kind in enumerate(C.ACTION_PARTS[chosen.action]):
                if kind == C.P_HOUSE and not chosen.done[part]:
                    out.append(it.BuildHouse(place=place, slot=slot, part=part))
        return tuple(out)

    def move_intent(self, view: RajaState, to: str, roads: tuple[str, ...]) -> Any:
        return it.MoveArchitect(to=to, roads=roads)

    def intent_label(self, view: RajaState, seat: int, intent: Any) -> Segments:
        match intent:
            case it.PickCard(card=n):
                return seg("Take ", (self.card_name(n), "character"), f" — {POWERS[n]}")
            case it.GiveCard(card=n):
                return seg("Give ", (self.card_name(n), "character"))
            case it.Bid(amount=n):
                return seg("Bid ", (f"{n} gold", "coins"))
            case it.Pass():
                return seg(("Pass", "strong"), " (leave this auction)")
            case it.PlaceSetupHouse(village=v):
                return seg("House in ", (self.place_name(v), "village"), " — free")
            case it.MoveArchitect():
                return self.move_label(view, seat, tuple(intent.roads))
            case it.TakeGold(slot=s):
                return seg(("Take ", "strong"), (f"{C.GOLD_ACTION} gold", "coins"), " — ",
                           self._via(view, s))
            case it.BuildHouse(place=place, slot=s):
                cost = house_cost(s)
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

    def unused(self, view: RajaState, seat: int, intent: Any) -> str | None:
        """Ending a turn with a part not done gives every other player 2 gold (R-TURN-4)."""
        if not isinstance(intent, it.EndTurn) or view.turn is None:
            return None
        left = [f"{self.action_name(action)} ({PART_NAMES[part]})"
                for action, part in forfeits(view.turn)]
        if not left:
            return None
        return (f"Ending your turn now forfeits {', '.join(left)}: every other player "
                f"receives {C.FORFEIT_PENALTY} gold from the bank (R-TURN-4). "
                "End the turn anyway?")

    def plan_intent(self, intents: Sequence[Any], first: Any, second: Any) -> Any:
        return it.SelectActions(first=first, second=second)

    # ------------------------------------------------------------- scoring
    def secret_decision(self, view: RajaState, seat: int) -> bool:
        return view.phase == Phase.SELECT  # R-ROUND-3: the disc selection is secret

    def scoring_key(self, view: RajaState) -> Hashable | None:
        """The latest city scoring, shown once just after it (the next round has begun)."""
        if not view.scorings:
            return None
        last = view.scorings[-1]
        just_after = view.phase == Phase.SELECT and view.round == last.round + 1
        if view.phase == Phase.OVER or just_after:
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
        sources = {seat: city_sources(view, last.city, seat) for seat in range(view.seats)}
        exact = all(sources[s].total == points.get(s, 0) for s in range(view.seats))
        home = home_of(self.network).get(last.city) if view.options.home_city else None
        order = [s for s, _ in last.points] + [s for s in range(view.seats) if s not in points]
        rows = []
        for seat in order:
            rank = str(order.index(seat) + 1) if seat in points else "–"
            gold = f"+{rewards[seat]}" if seat in rewards else ""
            if seat == last.monopoly:
                gold += f" (incl. +{C.MONOPOLY_BONUS} monopoly)"
            detail: tuple[Segments, ...] = ()
            if exact:
                architect, houses, palaces, at_home = sources[seat]
                detail = (cell(str(architect)), cell(str(houses)), cell(str(palaces)))
                if home:
                    detail += (cell(str(at_home)),)
            rows.append((cell(rank), *self.player_cell(view, seat), *detail,
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

    def final_table(self, view: RajaState) -> ScoreTable:
        """R-END-2: palaces on the board, then gold, then the lower card."""
        ranking = view.ranking or list(range(view.seats))
        rows = []
        for rank, seat in enumerate(ranking, start=1):
            p = view.players[seat]
            who = self.player_cell(view, seat)[0]
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
        return view.phase == Phase.OVER


# mypy holds the adapter to the screens' contract (GameAdapter, games/base.py)
_CONTRACT: type[GameAdapter[RajaState, it.Intent]] = RajaAdapter
