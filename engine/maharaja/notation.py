"""Maharaja's notation: one token per decision, in the game's words (README, "Game
records"). The tokens, by what they do:

    C6          take character 6 (setup, a lost tile, or the action "change character")
    1/5         plan actions 1 then 5 (also 15, 1-5)
    DEL v24     a shrine in Delhi, in village v24 (a start shrine, a build, a free shrine)
    DEL*  DEL^  DEL_  DEL+     a statue in Delhi's centre, top or bottom bonus slot, an
                outer slot (DEL+5 names outer slot 5 when not the first free one)
    DEL-JAI-BIJ the priest's move, junction by junction (START is the start space;
                the first junction, where the priest stands, may be left out: -JAI)
    HYD<        move Hyderabad's flag (the action "move a flag")
    +3c +2sh +2PP   the actions take 3 coins, take 2 shrines, buy prestige
    t9          spend an action token on action 9
    a6 a3:+2 a3:-1 a10:HYD a13:v05   a character's ability (3: buy or sell PP)
    end         end the turn
    r7  pass    take reward tile 7; pass
    +2PP        reward 6: buy 2 PP
    M12         reward 8: a Maharani token on character 12

``@2`` after a build, action, flag or character change names the planned action it
uses (1 and 2: the arrows, 3 on: action tokens) where the first that can do it is not
the one meant. Cities are read by code or name (``Delhi``, ``del``, ``De``).

Draws: the setup (``characters 2 5 6 9 12; rewards 3 1 8 2 6 4 7 5; flags LAH DEL ...;
first R``; solo: ``rewards ...; flags ...; tile B; stack 5 12 ...; deck T03 T07 ...``)
and solo's reshuffled deck (``deck T03 T07 ...``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import msgspec

from engine.core.game import copy_state
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
from engine.family.notation import place_table
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja import fold
from engine.maharaja import intents as it
from engine.maharaja.options import FINAL_SCORING, SPECIAL_RULES, Options
from engine.maharaja.queries import board
from engine.maharaja.state import PHASE_START_SHRINES, State

# ------------------------------------------------------------------ declared tables
# The actions a token names by what they give (MJ-ACT-5..7); the first word is written.
ACTION_WORDS: dict[C.Action, tuple[str, ...]] = {
    C.Action.TAKE_COINS: ("+3c", "3c", "coins", "+3coins"),
    C.Action.TAKE_SHRINES: ("+2sh", "2sh", "shrines", "+2shrines"),
    C.Action.BUY_PRESTIGE: ("+2PP", "2PP", "prestige", "PP"),
}
SLOT_MARKS = {"*": C.CENTRE, "^": C.TOP, "_": C.BOTTOM}  # a statue's slot; "+": outer
OUTER = "+"
FLAG_MARK = "<"  # a flag moves left along the pre-visit track (MJ-FLAG-1)
VARIANT_WORDS = {**{r: r for r in SPECIAL_RULES}, **{f: f for f in FINAL_SCORING},
                 "first-game": "first-game"}
BRAHMABOT = "Brahmabot"


def _check_tables() -> None:
    """The declared words against the components, at import."""
    if set(ACTION_WORDS) - set(C.ACTIONS):
        raise ValueError("Maharaja notation: an action word names no action")


_check_tables()
PLACES = place_table(board())  # checked there: no two places share a word


# ------------------------------------------------------------------ the notation
class MaharajaNotation(NotationDefaults[State, Any, Any, Options]):
    seat_letters = tuple(C.COLOUR_LETTERS[c] for c in C.COLOURS)
    bookkeeping = frozenset({"task"})  # which planned action a build or action used

    # ---------------------------------------------------------------- seats, options
    def letters(self, options: Options, seats: int) -> tuple[str, ...]:
        colours = options.colours or C.COLOURS[:seats]
        return tuple(C.COLOUR_LETTERS[c] for c in colours[:seats])

    def write_options(self, options: Options) -> list[tuple[str, str]]:
        words = [*options.special_rules]
        if options.final_scoring:
            words.append(options.final_scoring)
        if options.first_game:
            words.append("first-game")
        tags = [("Variant", " ".join(words))] if words else []
        if options.mode == "solo":
            tags.append(("Solo", options.difficulty))
        return tags

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Options:
        special: list[str] = []
        final: str | None = None
        first_game = False
        for word in tags.get("variant", "").replace(",", " ").split():
            name = _variant(word)
            if name in SPECIAL_RULES:
                special.append(name)
            elif name in FINAL_SCORING:
                if final is not None:
                    raise NotationError(f"Variant names two final-scoring tiles ({final}, "
                                        f"{name})", rule="MJ-VAR-F1", tag="Variant")
                final = name
            else:
                first_game = True
        by_letter = {v: k for k, v in C.COLOUR_LETTERS.items()}
        colours = tuple(by_letter[letter] for letter in letters)
        solo = tags.get("solo")
        if solo is not None:
            level = solo.strip().casefold() or "medium"
            if level not in B.DIFFICULTIES:
                raise NotationError(f"Solo is easy, medium or hard, not {solo!r}",
                                    rule="MJ-BOT-S3", tag="Solo")
            return Options(colours=() if colours[:1] == C.COLOURS[:1] else colours[:1],
                           special_rules=tuple(sorted(set(special))), final_scoring=final,
                           first_game=first_game, mode="solo", difficulty=level)
        return Options(colours=() if colours == C.COLOURS[:len(colours)] else colours,
                       special_rules=tuple(sorted(set(special))), final_scoring=final,
                       first_game=first_game)

    # ---------------------------------------------------------------- writing
    def forms(self, state: State, seat: int, intent: Any) -> Iterable[str]:
        kind = type(intent)
        if kind is it.ChooseCharacter:
            return [f"C{intent.number}"]
        if kind is it.ChangeCharacter:
            return _with_task(f"C{intent.number}", intent.task)
        if kind is it.PlaceStartShrine:
            return [intent.village]
        if kind is it.FreeShrine:
            return [intent.place]
        if kind is it.BuildShrine:
            return _with_task(intent.place, intent.task)
        if kind is it.BuildStatue:
            mark = {v: k for k, v in SLOT_MARKS.items()}.get(intent.slot)
            if mark is not None:
                return _with_task(intent.city + mark, intent.task)
            return [*_with_task(intent.city + OUTER, intent.task),
                    *_with_task(f"{intent.city}{OUTER}{intent.slot}", intent.task)]
        if kind is it.CommitPlan:
            return [f"{intent.first}/{intent.second}"]
        if kind is it.MovePriest:
            return [_route_text(state.players[seat].priest, intent.route)]
        if kind is it.DoAction:
            action = _task_action(state, intent.task)
            word = ACTION_WORDS.get(action, (f"action{action}",))[0]  # type: ignore[call-overload]
            return _with_task(word, intent.task)
        if kind is it.MoveFlag:
            return _with_task(intent.city + FLAG_MARK, intent.task)
        if kind is it.SpendToken:
            return [f"t{intent.action}"]
        if kind is it.UseAbility:
            return [_ability_text(intent)]
        if kind is it.EndTurn:
            return ["end"]
        if kind is it.ChooseReward:
            return [f"r{intent.tile}"]
        if kind is it.PassReward:
            return ["pass"]
        if kind is it.BuyPrestige:
            return [f"+{intent.count}PP"]
        if kind is it.PlaceMaharani:
            return [f"M{intent.character}"]
        raise NotationError(f"Maharaja's notation has no token for {kind.__name__}")

    # ---------------------------------------------------------------- reading
    def candidates(self, state: State, seat: int, token: str) -> list[Any]:
        word, task = _split_task(token)
        low = word.casefold()
        if low in ("end", "endturn", "."):
            return [it.EndTurn()]
        if low == "pass":
            return [it.PassReward()]
        if m := re.fullmatch(r"c(\d+)", low):
            n = number(m.group(1), "a character", 1, max(C.CHARACTERS), column=2)
            choose = [it.ChooseCharacter(number=n)] if task is None else []
            change = [it.ChangeCharacter(number=n, task=t) for t in _tasks(state, task)]
            in_turn = state.turn is not None and not state.pending
            return change + choose if in_turn else choose + change
        if m := re.fullmatch(r"r(\d+)", low):
            return [it.ChooseReward(tile=number(m.group(1), "a reward tile", 1,
                                                max(C.REWARDS), column=2))]
        if m := re.fullmatch(r"m(\d+)", low):
            return [it.PlaceMaharani(character=number(m.group(1), "a character", 1,
                                                      max(C.CHARACTERS), column=2))]
        if m := re.fullmatch(r"t(\d+)", low):
            return [it.SpendToken(action=number(m.group(1), "an action", 1, 9, column=2))]
        if m := re.fullmatch(r"a(\d+)(?::?(.*))", word, re.I):
            return [_ability(m.group(1), m.group(2))]
        if m := re.fullmatch(r"(\d)\s*[/,-]?\s*(\d)", word):
            first, second = (number(g, "an action", 1, 9, column=i * 2 + 1)
                             for i, g in enumerate(m.groups()))
            return [it.CommitPlan(first=first, second=second)]
        if m := re.fullmatch(r"\+(\d)\s*pp", low):
            return _prestige(state, int(m.group(1)), task)
        action = _action_word(word)
        if action is not None:
            return [it.DoAction(task=t) for t in _tasks(state, task, action)] or [
                _no_task(state, action)]
        if "-" in word:
            return [it.MovePriest(route=_route(state.players[seat].priest, word))]
        if word.endswith(FLAG_MARK):
            city = _city(word[:-1])
            return [it.MoveFlag(city=city, task=t) for t in _tasks(state, task)] or [
                it.MoveFlag(city=city, task=0)]
        if m := re.fullmatch(r"(.+?)([*^_]|\+(\d?))", word):
            city = _city(m.group(1))
            if m.group(2) in SLOT_MARKS:
                slots = [SLOT_MARKS[m.group(2)]]
            elif m.group(3):
                slots = [number(m.group(3), "an outer slot", 3, C.SLOTS - 1,
                                column=len(m.group(1)) + 2)]
            else:  # the outer slots are alike (MJ-MAP-1): the first free one
                held = state.cities[city].slots
                slots = [next((s for s in range(C.BOTTOM + 1, C.SLOTS) if held[s] < 0),
                              C.BOTTOM + 1)]
            return [it.BuildStatue(city=city, slot=slot, task=t)
                    for t in _tasks(state, task) or [0] for slot in slots]
        place = _place(word)
        return _shrines(state, place, task)

    # ---------------------------------------------------------------- draws
    def is_draw(self, event: Any) -> bool:
        return type(event) is ev.SetupDrawn or (type(event) is ev.RoundEnded
                                                and bool(event.deck))

    def draw(self, state: State, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        if type(event) is ev.RoundEnded:
            known = _deck_known(event.deck, later) if seat is not None else None
            return "deck " + write_list(event.deck, known)
        letters = self.letters(state.options, state.seats)
        parts = []
        if event.solo is None:
            parts.append("characters " + write_list(event.display))
        parts += ["rewards " + write_list(event.rewards), "flags " + write_list(event.flags)]
        if event.solo is None:
            parts.append(f"first {letters[event.first_player]}")
            return "; ".join(parts)
        solo = event.solo
        stack_known = deck_known = None
        if seat is not None:  # MJ-HIDE-3: what of the stack and deck the human has seen
            rest = list(later)
            after = copy_state(state)
            for e in (event, *rest):
                fold.apply(after, e)
            assert after.solo is not None
            seen = len(solo.stack) - len(after.solo.stack)
            stack_known = [n < seen for n in range(len(solo.stack))]
            deck_known = _deck_known(solo.deck, rest)
        parts += [f"tile {solo.setup_tile}", "stack " + write_list(solo.stack, stack_known),
                  "deck " + write_list(solo.deck, deck_known)]
        return "; ".join(parts)

    def deal(self, state: State, drawn: list[Any], text: str) -> list[Any]:
        first = drawn[0]
        if type(first) is ev.RoundEnded:
            words = _parts(text, ("deck",))
            deck = _ordered(words.get("deck"), first.deck, "deck", "action tiles")
            return [msgspec.structs.replace(first, deck=tuple(deck)), *drawn[1:]]
        return [_setup(self, state, first, text), *drawn[1:]]

    # ---------------------------------------------------------------- the rest
    def hidden(self, steps: Sequence[Any], index: int, seat: int) -> bool:
        """MJ-HIDE-2: another seat's plan stays secret until its turn starts."""
        step = steps[index]
        if type(step.intent) is not it.CommitPlan:
            return False
        for later in steps[index:]:
            for event in later.events:
                if type(event) is ev.TurnStarted and event.seat == step.seat:
                    return False
                if type(event) in (ev.RoundEnded, ev.GameEnded):
                    return True
        return True

    def result(self, state: State) -> str:
        letters = list(self.letters(state.options, len(state.players)))
        if state.solo is not None:
            letters = [letters[0], BRAHMABOT]
        winners = " and ".join(letters[s] for s in state.winners)
        scores = ", ".join(f"{letters[s]} {p.pp} PP" for s, p in enumerate(state.players))
        return f"{winners} {'wins' if len(state.winners) == 1 else 'win'}: {scores}"

    def line_break(self, event: Any) -> bool:
        return type(event) is ev.CityScored  # the rewards on a line of their own

    def round_label(self, event: Any, count: int) -> str:
        return f"{event.round}."


# ------------------------------------------------------------------ reading helpers
def _split_task(token: str) -> tuple[str, int | None]:
    """``DEL^@2`` -> (``DEL^``, task 1): the planned action named after ``@``."""
    word, at, rest = token.partition("@")
    if not at:
        return token, None
    return word, number(rest, "a planned action after @", 1, 9, column=len(word) + 2) - 1


def _with_task(word: str, task: int) -> list[str]:
    return [word, f"{word}@{task + 1}"]


def _tasks(state: State, task: int | None, action: int | None = None) -> list[int]:
    """The turn's task indices a token may use: the one named, else each (of ``action``)
    unlike every one before it (two tasks of one action at the same progress allow the
    same: the first stands for both, as the legal listing has it)."""
    turn = state.turn
    if turn is None:
        return [] if task is None else [task]
    if task is not None:
        return [task]
    seen: set[tuple[int, int, int, bool, bool]] = set()
    out = []
    for index, t in enumerate(turn.tasks):
        signature = (t.action, t.statues, t.shrines, t.city_shrine, t.done)
        if (action is None or t.action == action) and signature not in seen:
            seen.add(signature)
            out.append(index)
    return out


def _task_action(state: State, task: int) -> int:
    turn = state.turn
    if turn is None or not 0 <= task < len(turn.tasks):
        return 0
    return turn.tasks[task].action


def _no_task(state: State, action: int) -> Any:
    name = C.ACTIONS[C.Action(action)].name.lower()
    raise NotationError(f"no planned action to {name} now", rule="MJ-ACT-10")


def _action_word(word: str) -> C.Action | None:
    key = fold_key(word)
    for action, words in ACTION_WORDS.items():
        if key in (fold_key(w) for w in words):
            return action
    return None


def _prestige(state: State, count: int, task: int | None) -> list[Any]:
    """``+2PP``: buy prestige (an action), or reward 6's purchase of that many PP."""
    buy = [it.BuyPrestige(count=count)]
    act = [it.DoAction(task=t) for t in _tasks(state, task, C.Action.BUY_PRESTIGE)]
    if state.pending and state.pending[0].kind == "buy-pp":
        return buy + act
    return act + buy if count == C.ACTIONS[C.Action.BUY_PRESTIGE].pp else buy


def _city(word: str) -> str:
    return family.city(board(), PLACES, word)


def _place(word: str) -> str:
    return family.place(board(), PLACES, word)


def _shrines(state: State, place: str, task: int | None) -> list[Any]:
    """A shrine at ``place``: the start shrine, the free shrine of reward 7, or a build."""
    builds = [it.BuildShrine(place=place, task=t) for t in _tasks(state, task)]
    if state.pending and state.pending[0].kind == "free-shrine":
        return [it.FreeShrine(place=place), *builds]
    if state.phase == PHASE_START_SHRINES:
        return [it.PlaceStartShrine(village=place), *builds]
    return builds or [it.BuildShrine(place=place, task=0)]


def _route(here: str, word: str) -> tuple[str, ...]:
    return family.route(board(), PLACES, here, word, "MJ-MOVE-1")


def _route_text(here: str, route: Sequence[str]) -> str:
    return family.route_text(board(), here, route)


def _ability(character: str, detail: str) -> it.UseAbility:
    n = number(character, "a character", 1, max(C.CHARACTERS), column=2)
    detail = detail.strip()
    if n == 3:
        m = re.fullmatch(r"([+-])(\d)(?:pp)?", detail, re.I)
        if m is None:
            raise NotationError("character 3 trades: a3:+2 buys 2 PP, a3:-1 sells 1 PP")
        count = number(m.group(2), "a number of trades", 1, C.TRADES_3)
        return it.UseAbility(character=3, pp_bought=count if m.group(1) == "+" else 0,
                             pp_sold=count if m.group(1) == "-" else 0)
    if n == 10:
        return it.UseAbility(character=10, place=_city(detail.rstrip(FLAG_MARK)))
    if n == 13:
        return it.UseAbility(character=13, place=_place(detail))
    if detail:
        raise NotationError(f"character {n}'s ability names nothing more: a{n}")
    return it.UseAbility(character=n)


def _ability_text(intent: it.UseAbility) -> str:
    if intent.character == 3:
        return f"a3:+{intent.pp_bought}" if intent.pp_bought else f"a3:-{intent.pp_sold}"
    if intent.place:
        return f"a{intent.character}:{intent.place}"
    return f"a{intent.character}"


def _variant(word: str) -> str:
    try:
        return lookup(word, VARIANT_WORDS, "variant")
    except NotationError as exc:
        raise NotationError(f"Variant: {exc.message}", rule="MJ-VAR-R1", tag="Variant") \
            from None


# ------------------------------------------------------------------ draws
def _parts(text: str, allowed: Sequence[str]) -> dict[str, str]:
    """``characters 2 5 6; rewards ...`` by part name (any case, the beginning of one)."""
    found: dict[str, str] = {}
    for part in text.split(";"):
        words = part.split(None, 1)
        if not words:
            continue
        name = lookup(words[0], {p: p for p in allowed}, "part of the deal")
        if name in found:
            raise NotationError(f"the deal names the {name} twice")
        found[name] = words[1] if len(words) > 1 else ""
    return found


def _ordered(text: str | None, drawn: Sequence[Any], what: str, noun: str) -> list[Any]:
    """A shuffled stack of components as given (``?`` unknown, ``...`` the rest unknown):
    it must hold exactly the drawn ones; unknown places take the rest in the drawn order."""
    if text is None:
        raise NotationError(f"the deal does not say the {what} (write {what} ...)")
    words, rest = read_list(text)
    pool = list(drawn)
    if not rest and len(words) != len(pool):
        raise NotationError(f"the {what} has {len(pool)} {noun}, not {len(words)}")
    if len(words) > len(pool):
        raise NotationError(f"the {what} has only {len(pool)} {noun}")
    names = {fold_key(str(v)): v for v in pool}
    given: list[Any] = []
    for word in words:
        if word == "?":
            given.append(None)
            continue
        value = names.get(fold_key(word))
        if value is None:
            raise NotationError(f"{word!r} is none of the {what}'s {noun} "
                                f"({write_list(sorted(pool, key=str))})")
        if value in given:
            raise NotationError(f"{word} is in the {what} twice")
        given.append(value)
    given += [None] * (len(pool) - len(given))
    spare = iter(v for v in pool if v not in given)
    return [v if v is not None else next(spare) for v in given]


def _setup(notation: MaharajaNotation, state: State, drawn: ev.SetupDrawn,
           text: str) -> ev.SetupDrawn:
    solo = drawn.solo
    parts = _parts(text, ("rewards", "flags", "tile", "stack", "deck") if solo else
                   ("characters", "rewards", "flags", "first"))
    rewards = tuple(int(v) for v in _ordered(parts.get("rewards"),
                                              [str(r) for r in drawn.rewards], "rewards",
                                              "reward tiles"))
    flags = tuple(_ordered(_cities(parts.get("flags")), drawn.flags, "flags", "cities"))
    if solo is None:
        display = _display(state, parts.get("characters"), drawn.display)
        letters = notation.letters(state.options, state.seats)
        first = parts.get("first")
        if first is None:
            raise NotationError("the deal does not say who plays first (first R)")
        keys = [fold_key(letter) for letter in letters]
        if fold_key(first) not in keys:
            raise NotationError(f"first names a seat ({' '.join(letters)}), not {first!r}",
                                rule="MJ-SETUP-5")
        return ev.SetupDrawn(display=display, rewards=rewards, flags=flags,
                             first_player=keys.index(fold_key(first)))
    tile_text = parts.get("tile", "?").strip()
    tile = solo.setup_tile if tile_text in ("", "?") else lookup(
        tile_text, {t: t for t in B.SETUP_TILES}, "setup tile")
    stack = [int(v) for v in _ordered(parts.get("stack"), [str(c) for c in solo.stack],
                                       "stack", "characters")]
    deck = _ordered(parts.get("deck"), solo.deck, "deck", "action tiles")
    made = msgspec.structs.replace(solo, setup_tile=tile, stack=stack, deck=deck)
    return msgspec.structs.replace(drawn, rewards=rewards, flags=flags, solo=made)


def _cities(text: str | None) -> str | None:
    """Flags by city names or codes, as codes."""
    if text is None:
        return None
    words, rest = read_list(text)
    return " ".join([w if w == "?" else _city(w) for w in words] + (["..."] if rest else []))


def _display(state: State, text: str | None, drawn: Sequence[int]) -> tuple[int, ...]:
    """MJ-SETUP-5: seats + 3 different characters face up (the first game's, MJ-SETUP-1)."""
    if text is None:
        raise NotationError("the deal does not say the characters in the display")
    words, _ = read_list(text)
    numbers = [number(w, "a character", 1, max(C.CHARACTERS)) for w in words]
    count = state.seats + 3
    if len(set(numbers)) != len(numbers):
        raise NotationError("a character is in the display twice", rule="MJ-SETUP-5")
    if len(numbers) != count:
        raise NotationError(f"the display holds {count} characters with {state.seats} "
                            f"players, not {len(numbers)}", rule="MJ-SETUP-5")
    display = tuple(sorted(numbers))
    if state.options.first_game and state.seats == 4 and display != tuple(drawn):
        raise NotationError("the first game's display is "
                            f"{write_list(C.FIRST_GAME_CHARACTERS)}", rule="MJ-SETUP-1")
    return display


def _deck_known(deck: Sequence[str], later: Iterable[Any]) -> list[bool]:
    """MJ-HIDE-3: which places of a shuffled deck the human has seen by the end: the
    next round's three tiles but the face-down one (unless Brahmabot used it), and
    the check tile; none once the deck is shuffled again."""
    known = [False] * len(deck)
    for event in later:
        if type(event) is ev.RoundEnded and event.deck:
            break
        if type(event) is ev.RoundStarted:
            known[:2] = [True] * min(2, len(deck))
        if type(event) is ev.BrahmabotTurn:
            if len(deck) > 3:
                known[3] = True
            if len(deck) > 2 and event.tile == deck[2]:
                known[2] = True
    return known


NOTATION = MaharajaNotation()
