"""Raja's notation: one token per decision, in the game's words (README, "Game
records"). The tokens, by what they do:

    Mogul       take the Mogul card (setup, the bank, the action Character; in the
                several-characters variant Mogul/Monk takes the Mogul giving the Monk)
    bid5  pass  an auction's bid of 5 gold; pass
    v12  DEL    a house in village v12 or in Delhi (a setup house, a build)
    gold/palace select the actions Gold then Palace (gold, house, 2houses, move, quarry,
                palace, palace+house, governor, character)
    DEL-JAI-BIJ the architect's move, junction by junction (-JAI: from where it stands)
    gold  quarry            take 2 gold; take houses from the quarry
    palace*  palace+        a palace on the central site, on an outer site
    v03>DEL     move a house from v03 to Delhi
    gov:DEL     move Delhi's governor
    attract:Y   attract a card from Y (several characters)
    t:palace    an action token's action
    end         end the turn

``@2`` after a step names the selected action it fulfils (1 and 2: the disc's arrows,
3: the token's action; ``@2.2`` its second part; ``@B`` the Builder's house) where the
first that can do it is not the one meant.

Draws: the setup's governor track (``track LAH DEL VAR ...``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.core.notation import (
    NotationDefaults,
    NotationError,
    fold_key,
    lookup,
    number,
    read_list,
    write_list,
)
from engine.family import notation as family
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.options import Options
from engine.raja.queries import palaces_on_board
from engine.raja.state import BUILDER_SLOT, Phase, State

# ------------------------------------------------------------------ declared tables
LETTERS = ("R", "Y", "G", "B", "P")  # R-COMP-4: the five colours in seat order
# The disc's actions (R-ACT-1) by the word a record writes, then other words for them.
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    C.GOLD: ("gold",),
    C.HOUSE: ("house",),
    C.TWO_HOUSES: ("2houses", "twohouses"),
    C.MOVE_HOUSE: ("move", "moveahouse", "movehouse"),
    C.QUARRY: ("quarry",),
    C.PALACE: ("palace",),
    C.PALACE_HOUSE: ("palace+house", "palaceandhouse"),
    C.GOVERNOR: ("governor", "gov"),
    C.CHARACTER: ("character", "char"),
}
# The characters (R-COMP-7) by name; the first is written.
CHARACTER_WORDS: dict[int, tuple[str, ...]] = {
    C.MOGUL: ("Mogul",), C.MERCHANT: ("Merchant",), C.SADHU: ("Sadhu",),
    C.MONK: ("Monk", "Wandering Monk"), C.BUILDER: ("Builder",),
    C.CRAFTSMAN: ("Craftsman",), C.YOGI: ("Yogi",),
}
# Options by the Variant header's words (R-MODE-2), and Gold "open" for R-INFO-1.
VARIANT_WORDS = {"short": "short_game", "yogi": "yogi_tokens", "home": "home_city",
                 "auction": "auction", "several-characters": "multi_character",
                 "no-neutral": "neutral_palaces"}


def _check_tables() -> None:
    if set(ACTION_WORDS) != set(C.ACTIONS):
        raise ValueError("Raja notation: the action words must name every action once")
    if set(CHARACTER_WORDS) != set(C.CHARACTERS):
        raise ValueError("Raja notation: the character words must name every character")
    fields = set(Options.__struct_fields__)
    if not set(VARIANT_WORDS.values()) <= fields:
        raise ValueError("Raja notation: a variant word names no option")


_check_tables()
PLACES = family.place_table(board())
ACTIONS = {word: action for action, words in ACTION_WORDS.items() for word in words}
CHARACTERS = {word: card for card, words in CHARACTER_WORDS.items() for word in words}


class RajaNotation(NotationDefaults[State, Any, Any, Options]):
    seat_letters = LETTERS
    bookkeeping = frozenset({"slot", "part"})  # which selected action a step fulfilled

    def letters(self, options: Options, seats: int) -> tuple[str, ...]:
        return LETTERS[:seats]

    def write_options(self, options: Options) -> list[tuple[str, str]]:
        words = [w for w, field in VARIANT_WORDS.items()
                 if getattr(options, field) != (field == "neutral_palaces")]
        tags = [("Variant", " ".join(words))] if words else []
        if not options.hidden_gold:
            tags.append(("Gold", "open"))
        return tags

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Options:
        chosen: dict[str, bool] = {}
        for word in tags.get("variant", "").replace(",", " ").split():
            if fold_key(word) in ("basic",):
                continue
            try:
                field = lookup(word, VARIANT_WORDS, "variant")
            except NotationError as exc:
                raise NotationError(f"Variant: {exc.message}", rule="R-MODE-2",
                                    tag="Variant") from None
            chosen[field] = field != "neutral_palaces"
        gold = fold_key(tags.get("gold", "hidden"))
        if gold not in ("hidden", "open"):
            raise NotationError(f"Gold is hidden or open, not {tags['gold']!r}",
                                rule="R-INFO-1", tag="Gold")
        return Options(**chosen, hidden_gold=gold == "hidden")

    # ---------------------------------------------------------------- writing
    def forms(self, state: State, seat: int, intent: Any) -> Iterable[str]:
        kind = type(intent)
        if kind in (it.PickCard, it.GiveCard):
            return [_card(intent.card)]
        if kind is it.Bid:
            return [f"bid{intent.amount}"]
        if kind is it.Pass:
            return ["pass"]
        if kind is it.PlaceSetupHouse:
            return [intent.village]
        if kind is it.SelectActions:
            return [f"{ACTION_WORDS[intent.first][0]}/{ACTION_WORDS[intent.second][0]}"]
        if kind is it.MoveArchitect:
            return [family.route_text(board(), state.players[seat].architect, intent.roads)]
        if kind is it.TakeGold:
            return _with_part("gold", intent)
        if kind is it.TakeQuarry:
            return _with_part("quarry", intent)
        if kind is it.BuildHouse:
            return _with_part(intent.place, intent)
        if kind is it.MoveHouse:
            return _with_part(f"{intent.source}>{intent.dest}", intent)
        if kind is it.BuildPalace:
            return _with_part("palace*" if intent.central else "palace+", intent)
        if kind is it.MoveGovernor:
            return _with_part(f"gov:{intent.city}", intent)
        if kind is it.TakeCharacter:
            word = _card(intent.card) + (f"/{_card(intent.give)}" if intent.give else "")
            return _with_part(word, intent)
        if kind is it.AttractCharacter:
            return _with_part(f"attract:{LETTERS[intent.target]}", intent)
        if kind is it.UseToken:
            return [f"t:{ACTION_WORDS[intent.action][0]}"]
        if kind is it.EndTurn:
            return ["end"]
        raise NotationError(f"Raja's notation has no token for {kind.__name__}")

    # ---------------------------------------------------------------- reading
    def candidates(self, state: State, seat: int, token: str) -> list[Any]:
        word, part = _split_part(token)
        low = word.casefold()
        if low in ("end", "endturn"):
            return [it.EndTurn()]
        if low == "pass":
            return [it.Pass()]
        if m := re.fullmatch(r"bid:?(\d+)", low):
            return [it.Bid(amount=number(m.group(1), "a bid", 0, 999, column=4))]
        if m := re.fullmatch(r"t:(.+)", word, re.I):
            return [it.UseToken(action=_action(m.group(1)))]
        if m := re.fullmatch(r"gov(?:ernor)?:(.+)", word, re.I):
            city = family.city(board(), PLACES, m.group(1))
            return _parts(state, seat, part, (C.P_GOVERNOR,),
                          lambda s, p: it.MoveGovernor(city=city, slot=s, part=p))
        if m := re.fullmatch(r"attract:(.+)", word, re.I):
            keys = [fold_key(x) for x in LETTERS[:state.seats]]
            if fold_key(m.group(1)) not in keys:
                raise NotationError(f"attract names a seat ({' '.join(LETTERS[:state.seats])})")
            target = keys.index(fold_key(m.group(1)))
            return _parts(state, seat, part, (C.P_CHARACTER,),
                          lambda s, p: it.AttractCharacter(target=target, slot=s, part=p))
        if "/" in word:
            first, _, second = word.partition("/")
            try:
                action = _action(first)
            except NotationError:
                take, give = _character(first), _character(second)
                return _parts(state, seat, part, (C.P_CHARACTER,),
                              lambda s, p: it.TakeCharacter(card=take, slot=s, part=p,
                                                            give=give))
            return [it.SelectActions(first=action, second=_action(second))]
        if ">" in word:
            source, _, dest = word.partition(">")
            a, b = _place(source), _place(dest)
            return _parts(state, seat, part, (C.P_MOVE,),
                          lambda s, p: it.MoveHouse(source=a, dest=b, slot=s, part=p))
        if "-" in word and fold_key(word) not in {fold_key(w) for w in CHARACTERS}:
            roads = family.route(board(), PLACES, state.players[seat].architect, word,
                                 "R-MOVE-2")
            to, _ = board().walk(state.players[seat].architect, roads)
            return [it.MoveArchitect(to=to[-1], roads=roads)]
        if low == "gold":
            return _parts(state, seat, part, (C.P_GOLD,),
                          lambda s, p: it.TakeGold(slot=s, part=p))
        if low == "quarry":
            return _parts(state, seat, part, (C.P_QUARRY,),
                          lambda s, p: it.TakeQuarry(slot=s, part=p))
        if low in ("palace*", "palace+"):
            central = low.endswith("*")
            return _parts(state, seat, part, (C.P_PALACE,),
                          lambda s, p: it.BuildPalace(central=central, slot=s, part=p))
        try:
            card = _character(word)
        except NotationError as not_card:
            try:
                where = _place(word)
            except NotationError as not_place:
                raise _neither(word, not_card, not_place) from None
            return _houses(state, seat, part, where)
        if state.pending is not None and state.pending.kind == "give":
            return [it.GiveCard(card=card)]
        if state.pending is not None or state.phase == Phase.CHOOSE:
            return [it.PickCard(card=card)]
        return _parts(state, seat, part, (C.P_CHARACTER,),
                      lambda s, p: it.TakeCharacter(card=card, slot=s, part=p))

    # ---------------------------------------------------------------- draws
    def is_draw(self, event: Any) -> bool:
        return type(event) is ev.SetupDealt

    def draw(self, state: State, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        return "track " + write_list(event.track)

    def deal(self, state: State, drawn: list[Any], text: str) -> list[Any]:
        first = drawn[0]
        words = text.split(None, 1)
        if not words or fold_key(words[0]) not in ("track", "governors"):
            raise NotationError("the deal is the governor track: track LAH DEL ...",
                                rule="R-SETUP-4")
        cities, rest = read_list(words[1] if len(words) > 1 else "")
        track = [family.city(board(), PLACES, w) for w in cities]
        if rest or sorted(track) != sorted(first.track):
            raise NotationError("the governor track holds every city once "
                                f"({write_list(sorted(first.track))})", rule="R-SETUP-4")
        return [ev.SetupDealt(track=tuple(track), neutral=first.neutral), *drawn[1:]]

    # ---------------------------------------------------------------- the rest
    def hidden(self, steps: Sequence[Any], index: int, seat: int) -> bool:
        """R-INFO-2: another seat's selection stays secret until its turn starts."""
        step = steps[index]
        if type(step.intent) is not it.SelectActions:
            return False
        for later in steps[index:]:
            for event in later.events:
                if type(event) is ev.TurnStarted and event.seat == step.seat:
                    return False
                if type(event) in (ev.RoundStarted, ev.GameEnded):
                    return True
        return True

    def result(self, state: State) -> str:
        ranked = ", ".join(f"{LETTERS[s]} {palaces_on_board(state, s)} palaces "
                           f"{state.players[s].gold} gold" for s in state.ranking)
        return f"{LETTERS[state.ranking[0]]} wins: {ranked}"

    def round_label(self, event: Any, count: int) -> str:
        return f"{event.round}."


# ------------------------------------------------------------------ helpers
def _card(card: int) -> str:
    return CHARACTER_WORDS[card][0]


def _action(word: str) -> str:
    return lookup(word, ACTIONS, "action")


def _character(word: str) -> int:
    if m := re.fullmatch(r"#?(\d)", word.strip()):
        return number(m.group(1), "a character", 1, len(C.CHARACTERS))
    return lookup(word, CHARACTERS, "character")


def _place(word: str) -> str:
    return family.place(board(), PLACES, word)


def _neither(word: str, not_card: NotationError, not_place: NotationError) -> NotationError:
    """The more telling of two readings that failed: one that names the candidates of an
    ambiguous word, a village's number, else both."""
    for error in (not_card, not_place):
        if "may be any" in error.message:
            return error
    if re.fullmatch(r"v\d+", word.strip(), re.I):
        return not_place
    return NotationError(f"{word!r} is no decision of Raja (a place, a character, an action "
                         "word such as gold, quarry, palace*...)")


Part = tuple[int, int | None]  # a selected action's slot and (if named) its part


def _split_part(token: str) -> tuple[str, Part | None]:
    """``v12@2.1`` -> (``v12``, (slot 1, part 0)); ``@2``: slot 1, its first open part
    that fits; ``@B`` is the Builder's house."""
    word, at, rest = token.partition("@")
    if not at:
        return token, None
    if fold_key(rest) == "b":
        return word, (BUILDER_SLOT, 0)
    m = re.fullmatch(r"(\d)(?:\.(\d))?", rest)
    if m is None:
        raise NotationError("after @ comes the selected action (@1, @2, @3), its part "
                            "(@1.2) or B (the Builder)", column=len(word) + 2)
    return word, (int(m.group(1)) - 1, int(m.group(2)) - 1 if m.group(2) else None)


def _with_part(word: str, intent: Any) -> list[str]:
    if intent.slot == BUILDER_SLOT:
        return [word, f"{word}@B"]
    return [word, f"{word}@{intent.slot + 1}", f"{word}@{intent.slot + 1}.{intent.part + 1}"]


def _parts(state: State, seat: int, given: Part | None, kinds: tuple[str, ...],
           make: Any) -> list[Any]:
    """The intent for each open part of the turn it may fulfil, the first first (the
    Builder's house last); the part named after @ only, when one is."""
    turn = state.turn
    if given is not None:
        slot, part = given
        if part is None:
            part = 0
            if slot != BUILDER_SLOT and turn is not None and 0 <= slot < len(turn.slots):
                chosen = turn.slots[slot]
                part = next((p for p, k in enumerate(C.ACTION_PARTS[chosen.action])
                             if k in kinds and not chosen.done[p]), 0)
        return [make(slot, part)]
    if turn is None or turn.seat != seat:
        return [make(0, 0)]  # the rules say why not
    out = []  # a slot's first open part of the kind (two alike parts allow the same)
    for index, selected in enumerate(turn.slots):
        first = next((p for p, kind in enumerate(C.ACTION_PARTS[selected.action])
                      if kind in kinds and not selected.done[p]), None)
        if first is not None:
            out.append(make(index, first))
    if C.P_HOUSE in kinds or C.P_MOVE in kinds:
        out.append(make(BUILDER_SLOT, 0))
    return out or [make(0, 0)]


def _houses(state: State, seat: int, part: Part | None, where: str) -> list[Any]:
    if state.phase == Phase.HOUSES and part is None:
        return [it.PlaceSetupHouse(village=where)]
    return _parts(state, seat, part, (C.P_HOUSE,),
                  lambda s, p: it.BuildHouse(place=where, slot=s, part=p))


NOTATION = RajaNotation()
