"""The contract between the game-agnostic screens and one game's adapter.

A screen never reads a ruleset's ``State``: it asks the game's adapter (one module
per game in this package, named by the game's ``GameSpec``) for plain data, and
plays the intents the adapter hands back, which always come from the engine's
legal intents. The adapter owns its board: it lists the ``Panel`` widgets the game
screen lays out in its generic regions (the board, the tracks under it, one board
per seat, side panels), maps a picked place to intents, and supplies its own
decision dialogs. ``GameAdapter`` lists what an adapter provides; ``SpecAdapter``
fills in what the game's spec already says (title, seats, palette).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

import msgspec
from textual.screen import Screen
from textual.widget import Widget

from engine.core.describe import actor, concerns
from engine.core.ruleset import Seat
from engine.registry import PLAYERS, GameSpec, spec_of
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.segments import Palette, SeatStyle, Segment, Segments

Region = Literal["board", "tracks", "seats", "side"]

V = TypeVar("V", contravariant=True)  # a game's state, as the adapter reads it
I = TypeVar("I")  # noqa: E741 - a game's intents
S = TypeVar("S")  # the same two for SpecAdapter, which also returns them
In = TypeVar("In")


class PanelWidget(Protocol):
    """A panel's widget class: built from the palette (Textual's own keywords after it)."""

    def __call__(self, colours: Palette | None = None, **kwargs: object) -> Widget: ...


class Panel(msgspec.Struct, frozen=True):
    """One widget of the game screen: where it goes, what draws it and its data now.

    The screen builds ``widget(palette, id=id, classes=classes)`` once, from the
    first view, and sets its ``data`` on every change; ids stay the same all game."""

    id: str
    region: Region
    widget: PanelWidget
    data: Any
    classes: str = ""


class MenuEntry(msgspec.Struct, frozen=True):
    """One line of the action panel: its intents, played at once when there is one.

    ``kind`` is the adapter's own word for the entry; the adapter's ``dialog`` may
    give entries of some kind a dialog of their own (Maharaja's disc)."""

    label: Segments
    intents: tuple[Any, ...]
    prompt: str = ""
    kind: str = "choose"
    # Set by the screen on an entry the rules refuse now (a ``Refused``): it is
    # shown dimmed with the reason, and choosing it explains instead of playing.
    refusal: Any = None
    # Which entry this is from one step to the next (the action list keeps its cursor on
    # it); None: the screen tells entries apart by their intents or words (entry_key).
    key: Any = None


def entry_key(entry: MenuEntry) -> Hashable:
    """An entry's identity across steps: its own key; else its one intent (a struct,
    hashable); else its kind, prompt and words."""
    if entry.key is not None:
        key: Hashable = entry.key
        return key
    if len(entry.intents) == 1:
        try:
            hash(entry.intents[0])
        except TypeError:
            pass
        else:
            return ("intent", entry.intents[0])
    return (entry.kind, entry.prompt, "".join(text for text, _ in entry.label))


class Dialog(msgspec.Struct, frozen=True):
    """A game's own decision dialog: its body (a ``DialogBox``, drawn inside the game
    screen where its dialogs are, a session's), the intent its answer makes (None:
    nothing to play), and the screen that shows the body where dialogs are screens
    pushed over the game screen (the local app's; by default a ``BoxScreen``). The game
    screen plays the intent; the engine judges it."""

    body: DialogBox
    intent: Callable[[Any], Any]
    screen: Callable[[DialogBox], Screen[Any]] | None = None


class ScoreTable(msgspec.Struct, frozen=True):
    """A scoring in figures, for the scoring and final screens: a title, a table, notes."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Segments, ...], ...]  # one cell of segments per column
    notes: tuple[Segments, ...] = ()  # lines under the table (the winner, a tile...)
    bold: int = -1  # the column drawn in bold (the total), -1 none


def cell(text: str, role: str = "") -> Segments:
    """A table cell of one piece of text."""
    return ((text, role),)


class OptionField(msgspec.Struct, frozen=True):
    """One game option on the new-game screen: a checkbox, or a list when ``choices``."""

    id: str
    label: str
    default: Any = False
    choices: tuple[tuple[str, Any], ...] = ()  # (label, value); () for a checkbox


class NewGameForm(msgspec.Struct, frozen=True):
    """What the new-game screen asks for a game: seats, colours, options and presets."""

    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    colours: tuple[str, ...]  # the colours players may choose, in seat order by default
    fields: tuple[OptionField, ...] = ()
    heading: str = "Options"  # above the checkboxes
    presets: dict[str, dict[str, Any]] = msgspec.field(default_factory=dict)  # name -> field values
    # A solo mode against the game's own automaton: one human seat, a difficulty.
    # ``make_options`` then finds the chosen difficulty in ``values["solo"]``.
    solo_label: str = ""  # "" when the game has no solo mode
    solo_levels: tuple[str, ...] = ()
    solo_default: str = ""
    # A recommended first game (a button and ctrl+f): this many seats, the fields'
    # defaults, ``make_options(..., first_game=True)``; 0 when the game has none.
    first_game_seats: int = 0

    def preset_showing(self, chosen: str, ticked: Mapping[str, bool]) -> str:
        """The preset the form names once its tick boxes read ``ticked`` (a field's id
        -> ticked): ``chosen`` while it still says so, else the one preset that does; a
        mix of options that is no preset keeps ``chosen``."""
        def shows(values: dict[str, Any]) -> bool:
            return all(ticked.get(name, False) == bool(value)
                       for name, value in values.items() if name != PLAYERS)

        if shows(self.presets.get(chosen, {})):
            return chosen
        matching = [name for name, values in self.presets.items() if shows(values)]
        return matching[0] if len(matching) == 1 else chosen

    def preset_seating(self, chosen: str, players: int) -> str:
        """The preset the form names once it seats ``players``: ``chosen`` if it seats
        them, else the first that does (Maharadjah's short game is for 3, W-SETUP-S1:
        4 players mean the full game), else ``chosen``."""
        if self.presets.get(chosen, {}).get(PLAYERS, players) == players:
            return chosen
        fits = [name for name, values in self.presets.items()
                if values.get(PLAYERS, players) == players]
        return fits[0] if fits else chosen


class GameAdapter(Protocol[V, I]):
    """What the screens ask of a game; every method reads a seat's view, never more.

    ``V`` is the game's state (a seat's view is one), ``I`` its intents; the screens,
    which know no game, hold a ``GameAdapter[Any, Any]`` (``AnyAdapter``)."""

    ruleset_id: ClassVar[str]
    legend: ClassVar[str]  # how to read its board, for the help screen (markdown)
    # False for a game without hidden information (Maharadjah): hot seat then hands the
    # screen from one human to the next without a privacy screen.
    private: ClassVar[bool]
    round_word: ClassVar[str]  # "round"; Maharadjah's "turn"
    seats: list[Seat]

    def __init__(self, seats: Sequence[Seat]) -> None: ...  # the table's seats

    # words
    def palette(self, view: V) -> Palette: ...
    def letter(self, view: V, seat: int) -> str: ...
    def who(self, view: V, seat: int) -> Segment: ...
    def seat_title(self, view: V, seat: int) -> str: ...

    # the board and the other widgets
    def panels(self, view: V, viewer: int | None, to_move: Sequence[int],
               intents: Sequence[I]) -> tuple[Panel, ...]:
        """Every widget of the game screen with its data now, in layout order."""
    def status(self, view: V, viewer: int | None, to_move: Sequence[int]) -> Segments: ...

    # deciding
    def heading(self, view: V, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]: ...
    def menu(self, view: V, seat: int, intents: Sequence[I]) -> list[MenuEntry]: ...
    def selected(self, view: V, seat: int, place: str,
                 intents: Sequence[I]) -> MenuEntry | None:
        """What picking ``place`` on the board offers now (a board's PlaceSelected)."""
    def dialog(self, view: V, seat: int, entry: MenuEntry) -> Dialog | None:
        """The game's own dialog for an entry, or None for the generic choice list."""
    def label(self, view: V, seat: int, intent: I) -> Segments: ...
    def unavailable(self, view: V, seat: int, intents: Sequence[I]) -> list[MenuEntry]:
        """Actions the seat might expect now that are not among ``intents``: one entry
        each, holding one representative intent that the screen asks the engine to judge
        (its refusal is the reason shown; an entry the engine accepts is dropped)."""
    def why_not_at(self, view: V, seat: int, place: str,
                   intents: Sequence[I]) -> tuple[I, ...]:
        """Intents that picking ``place`` (no target now) would have made, most telling
        first: the engine's refusal of the first it refuses says why the place is no target."""
    def concerns(self, entry: Segments, viewer: int | None) -> bool:
        """Whether a log entry concerns ``viewer`` (highlighted in the log)."""
    def places_in(self, entry: Segments) -> frozenset[str]:
        """The board's places a log entry names (their ids), for the board to mark."""
    def place_ids(self) -> Mapping[str, str]:
        """A place's words in the log -> its id on the board: every place's id is among
        the values (a lesson's places to mark are checked against them)."""
    def actor(self, view: V, entry: Segments) -> int | None:
        """The seat whose doing a log entry tells, if any."""
    def highlighted(self, panel: Panel, places: frozenset[str]) -> Panel:
        """``panel`` with ``places`` marked on it, when it is a board that marks places."""
    def guide_topic(self, view: V, intents: Sequence[I]) -> str:
        """The title of the player's-guide section that explains this decision ("": none)."""
    def warning(self, view: V, seat: int, intent: I) -> str | None:
        """A question to confirm before playing ``intent``, or None."""
    def unused(self, view: V, seat: int, intent: I) -> str | None:
        """When ``intent`` ends the seat's turn (or phase) with something of it unused:
        the question asked first, naming what is unused as the game's engine query
        says (Raja's forfeits, Maharaja's planned actions...); else None. Enter
        confirms, Esc goes back; the player's setting ``confirm_end_turn`` skips it."""
    def secret_decision(self, view: V, seat: int) -> bool:
        """True when what ``seat`` decides now is hidden from the others (a plan): hot
        seat then covers the screen even if the seat's view shows no secret yet."""

    # scoring
    def scoring_key(self, view: V) -> Hashable | None:
        """Which scoring to show now (each key once), None when none."""
    def scoring_table(self, view: V) -> ScoreTable: ...
    def scoring_track(self, view: V) -> Panel | None:
        """A panel to show on the scoring screen (Maharaja's rewards), or None."""
    def scoring_decisions(self, view: V) -> bool:
        """True while decisions belong on the scoring screen (reward tiles)."""
    def final_table(self, view: V) -> ScoreTable: ...
    def is_over(self, view: V) -> bool: ...

    @classmethod
    def progress(cls, state: V) -> str:
        """How far a game is, for the lists of unfinished games ("round 3")."""
    @classmethod
    def round_number(cls, state: V) -> int | None:
        """The number of the round (Maharadjah: the turn) a state is in, as the status
        line shows it; None before the first."""

    # the new-game screen
    @classmethod
    def new_game_form(cls) -> NewGameForm: ...
    @classmethod
    def table_form(cls) -> NewGameForm:
        """The new-game form as a table is set up from without showing it (seats,
        colours, fields' ids and defaults, solo levels); its labels may be left out."""
    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> Any: ...



AnyAdapter = GameAdapter[Any, Any]  # an adapter of whichever game (the screens')


class SpecAdapter(Generic[S, In]):
    """What every adapter reads from its game's spec: title, seats, palette, words.

    Seats take the palette's colours in seat order unless ``seat_colour`` says
    otherwise (Maharaja's players choose theirs). ``S`` is the game's state, ``In`` its
    intents (``SpecAdapter[State, Intent]``)."""

    ruleset_id: ClassVar[str] = ""
    legend: ClassVar[str] = ""
    private: ClassVar[bool] = True
    # intent class -> the guide section explaining it; the first present one names the
    # decision, so the more particular decisions come first; else ``guide_default``.
    guide_topics: ClassVar[Mapping[type, str]] = {}
    guide_default: ClassVar[str] = ""
    # guide section title -> a rule id in the rules reference where its rules are: F1's r
    # opens the reference there (tests/tui/test_guide.py checks each id is found)
    guide_rules: ClassVar[Mapping[str, str]] = {}

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.seats = list(seats)

    @classmethod
    def spec(cls) -> GameSpec:
        return spec_of(cls.ruleset_id)

    @classmethod
    def styles(cls) -> Mapping[str, SeatStyle]:
        """The spec's seat styles by colour name: fixed data, built once per game (every
        letter on the map asks for it, on every redraw)."""
        return _styles(cls.ruleset_id)

    def seat_colour(self, view: S, seat: int) -> str:
        """The name of the seat's colour (seat order by default)."""
        names = _colour_names(self.ruleset_id)  # every letter drawn asks
        return names[seat] if 0 <= seat < len(names) else ""

    def player_count(self, view: S) -> int:
        return len(self.seats)

    def palette(self, view: S) -> Palette:
        styles = self.styles()
        sides = tuple(SeatStyle(*c) for c in self.spec().sides)
        return Palette(tuple(styles[self.seat_colour(view, s)]
                             for s in range(self.player_count(view))), sides,
                       self.spec().roles)

    def letter(self, view: S, seat: int) -> str:
        style = self.styles().get(self.seat_colour(view, seat))
        return style.letter if style is not None else str(seat + 1)

    def name(self, view: S, seat: int) -> str:
        if seat < len(self.seats):
            return self.seats[seat].name
        return self.seat_colour(view, seat).capitalize()

    def who(self, view: S, seat: int) -> Segment:
        return (self.seat_colour(view, seat).capitalize(), f"seat:{seat}")

    def seat_title(self, view: S, seat: int) -> str:
        """``Yellow (Ann)``: the colour first, as the privacy screen and log say it."""
        name = self.name(view, seat)
        colour = self.seat_colour(view, seat).capitalize()
        return f"{colour} ({name})" if name and name.lower() != colour.lower() else colour

    def names(self, view: S, seats: Sequence[int]) -> list[Segment]:
        return listed([self.who(view, s) for s in seats])

    def player_cell(self, view: S, seat: int, extra: str = "") -> tuple[Segments]:
        """A score table's player cell: the seat's letter, then its name."""
        return (((self.letter(view, seat), f"seat:{seat}"),
                 (" " + self.name(view, seat) + extra, "")),)

    def selected(self, view: S, seat: int, place: str,
                 intents: Sequence[In]) -> MenuEntry | None:
        """Nothing: a game without a board to pick from plays from the action panel."""
        return None

    def dialog(self, view: S, seat: int, entry: MenuEntry) -> Dialog | None:
        return None

    def warning(self, view: S, seat: int, intent: In) -> str | None:
        return None

    def unused(self, view: S, seat: int, intent: In) -> str | None:
        return None

    def unavailable(self, view: S, seat: int, intents: Sequence[In]) -> list[MenuEntry]:
        return []

    def why_not_at(self, view: S, seat: int, place: str,
                   intents: Sequence[In]) -> tuple[In, ...]:
        return ()

    def concerns(self, entry: Segments, viewer: int | None) -> bool:
        """Whether a log entry concerns ``viewer``: the game's describe marks it."""
        return concerns(entry, viewer)

    def actor(self, view: S, entry: Segments) -> int | None:
        """The seat a log entry is about first (descriptions begin with who acts)."""
        return actor(entry)

    def places_in(self, entry: Segments) -> frozenset[str]:
        """The places a log entry names: those of its segments whose role is one of the
        game's place roles and whose words are a place's name (``place_ids``)."""
        ids = self.place_ids()
        return frozenset(ids[text] for text, role in entry
                         if role in self.place_roles and text in ids)

    place_roles: ClassVar[frozenset[str]] = frozenset()  # the describe roles naming places

    def place_ids(self) -> Mapping[str, str]:
        """A place's words in the log -> its id on the board (none by default)."""
        return {}

    def highlighted(self, panel: Panel, places: frozenset[str]) -> Panel:
        """A board whose data has a ``highlight`` (the map graph's, the area map's) gets
        ``places`` there; any other panel stays as it is."""
        data = panel.data
        if not hasattr(data, "highlight") or data.highlight == places:
            return panel
        if isinstance(data, msgspec.Struct):
            data = msgspec.structs.replace(data, highlight=places)
        else:
            import dataclasses

            data = dataclasses.replace(data, highlight=places)
        return msgspec.structs.replace(panel, data=data)

    def guide_topic(self, view: S, intents: Sequence[In]) -> str:
        present = {type(intent) for intent in intents}
        return next((topic for kind, topic in self.guide_topics.items() if kind in present),
                    self.guide_default)

    def secret_decision(self, view: S, seat: int) -> bool:
        return False

    def scoring_key(self, view: S) -> Hashable | None:
        """None: a game that scores only at its end (its final table) shows no scoring
        screen during play."""
        return None

    def scoring_table(self, view: S) -> ScoreTable:
        """Asked only for a ``scoring_key``: a game that has one writes its own."""
        raise LookupError(f"{self.spec().title} has no scoring during play")

    def scoring_track(self, view: S) -> Panel | None:
        return None

    @classmethod
    def progress(cls, state: S) -> str:
        """``round 3`` for a game that counts rounds (a ``round`` of the state), else ""."""
        number = cls.round_number(state)
        return f"round {number}" if number else ""

    round_word: ClassVar[str] = "round"  # what the game calls a round, in the replay's keys

    @classmethod
    def round_number(cls, state: S) -> int | None:
        number = getattr(state, "round", None)
        return number if isinstance(number, int) and number > 0 else None

    def scoring_decisions(self, view: S) -> bool:
        return False

    @classmethod
    def new_game_form(cls) -> NewGameForm:
        """The spec's seats, colours and presets; games add their option fields."""
        spec = cls.spec()
        low, high, default = spec.seats
        return NewGameForm(spec.title, low, high, default, tuple(c.name for c in spec.palette),
                           presets={k: dict(v) for k, v in spec.presets.items()})

    @classmethod
    def table_form(cls) -> NewGameForm:
        """``new_game_form`` as the command checks a table and sets it up before the first
        frame, which shows no form: a game may leave its labels out (Maharaja's read the
        rules reference, ~4.5M instructions of the launch)."""
        return cls.new_game_form()


# intent class -> (order in the action panel, kind, the fields that split the group)
MenuGroups = dict[type, tuple[int, str, tuple[str, ...]]]


def grouped_menu(intents: Sequence[Any], groups: MenuGroups,
                 entry: Callable[[tuple[Any, ...], list[Any]], MenuEntry]) -> list[MenuEntry]:
    """The action panel's entries: intents of one group key ``(order, kind, *fields)``
    share an entry (``entry(key, members)``), in the order of their keys; the group
    key is the entry's identity (``MenuEntry.key``) unless it gives its own."""
    members: dict[tuple[Any, ...], list[Any]] = {}
    for intent in intents:
        order, kind, fields = groups.get(type(intent), (9, type(intent).__name__, ()))
        key = (order, kind, *(getattr(intent, f) for f in fields))
        members.setdefault(key, []).append(intent)
    out = []
    for key, group in sorted(members.items(), key=lambda kv: kv[0][:1]):
        made = entry(key, group)
        out.append(made if made.key is not None else msgspec.structs.replace(made, key=key))
    return out


def listed(segments: Sequence[Segment]) -> list[Segment]:
    """Segments joined with commas, for sentences such as "Waiting for Red, Blue"."""
    out: list[Segment] = []
    for n, segment in enumerate(segments):
        if n:
            out.append((", ", ""))
        out.append(segment)
    return out


@functools.cache
def _colour_names(ruleset_id: str) -> tuple[str, ...]:
    """The palette's colour names in seat order: fixed data, as ``_styles``."""
    return tuple(c.name for c in spec_of(ruleset_id).palette)


@functools.cache
def _styles(ruleset_id: str) -> Mapping[str, SeatStyle]:
    return MappingProxyType({c.name: SeatStyle(*c) for c in spec_of(ruleset_id).palette})
