"""A game as a text record people read, write and share (like chess's PGN and
bridge's PBN), for any game whose notation (``engine.core.notation``) is known.

    [Game "Maharaja (2020)"]
    [Date "2025-05-01T10:00:00+00:00"]
    [R "Asha"]
    [Y "Bala"]
    [Computers "Y hard"]
    [Seed "101"]
    [Deal "characters 2 5 6 9 12; rewards 3 1 8 2 6 4 7 5; ..."]
    [Result "Y wins: R 48 PP, Y 52 PP"]

    R: C6 Y: C12 R: v24 ...
    1. R: 1/5 Y: 4/4
    R: START-VAR +3c a6 VAR_ end {a comment}
    ...

Headers are ``[Name "value"]`` lines; the seats are the tags named by their letters,
in seat order. The moves follow: ``R:`` says whose decisions come next (a decision of
the only seat to move needs none), ``3.`` numbers a round, ``{...}`` and ``;`` to the
end of a line are comments, ``(...)`` is what was drawn after the decision before it
(a deal of the setup goes in the ``Deal`` header), and ``?`` stands for a decision the
record's seat did not see.

Hidden information: a finished game's record holds everything. A record written for
one seat of an unfinished game (``[Seat "R"]``) holds what that seat may know: no seed
(it would tell the draws to come), the draws as that seat saw them, ``?`` for other
seats' secret decisions; it reads back as that seat's game, what it could not see
drawn again (as ``engine.core.fork`` does).

Writing is canonical; reading is lenient and never raises anything but
NotationError: it returns the game played as far as the record allows, with a list
of errors by line and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import islice
from random import Random
from typing import Any, NamedTuple

import msgspec

from engine.core.errors import Refused
from engine.core.game import AnyGame, Game, copy_state
from engine.core.notation import AnyNotation, NotationError, fold_key
from engine.core.ruleset import HUMAN, AnyRuleset, Computer, Controller, Seat

WIDTH = 79  # a written line wraps before this many characters
MAX_TEXT = 2 * 2**20  # characters a record may hold (a long Maharadjah game is ~40 k)
MAX_NAME = 64  # characters of a seat's name (as saves allow)
HIDDEN = "?"
UNFINISHED = "*"


class GameKind(NamedTuple):
    """What the record needs to know of a game: its rules and its notation."""

    id: str
    title: str
    ruleset: AnyRuleset
    notation: AnyNotation
    seats: int  # the number of seats when a record names none
    names: dict[str, str]  # a seat's name when the record gives none, by letter


class Reading(NamedTuple):
    """A record read: the game as far as it could be played, what went wrong (empty
    when nothing did), the seat whose record it is (None: a full record) and whether
    every decision of the text was played."""

    game: AnyGame
    errors: list[NotationError]
    seat: int | None
    complete: bool


Kinds = Callable[[str | None], GameKind]  # a game by the Game tag's text (None: the default)


# ------------------------------------------------------------------ writing
def write_record(game: AnyGame, kind: GameKind, seat: int | None = None) -> str:
    """The canonical record of ``game``; for ``seat``, only what that seat may know
    (everything once the game is over)."""
    if game.start is not None:
        raise NotationError("this game was played on from a position of another game: it "
                            "has no setup of its own, so no record can state it")
    rules, notation = game.ruleset, kind.notation
    over = game.is_over()
    viewer = None if seat is None or over else seat
    letters = notation.letters(game.options, len(game.seats))
    tags: list[tuple[str, str]] = [("Game", kind.title), ("Date", game.created)]
    tags += [(letter, s.name) for letter, s in zip(letters, game.seats, strict=True)]
    computers = [f"{letter} {s.controller.level}" for letter, s in
                 zip(letters, game.seats, strict=True) if isinstance(s.controller, Computer)]
    if computers:
        tags.append(("Computers", ", ".join(computers)))
    tags += notation.write_options(game.options)
    if viewer is not None:
        tags.append(("Seat", letters[viewer]))
    if viewer is None and seeded(game):
        tags.append(("Seed", str(game.seed)))

    events = [event for step in game.steps for event in step.events]
    state = game.initial_state()
    at = 0  # events folded so far

    def fold(step_events: list[Any]) -> list[str]:
        """Apply a step's events; the draws among them as their texts."""
        nonlocal at
        texts = []
        for event in step_events:
            if notation.is_draw(event):
                texts.append(notation.draw(state, event, viewer, islice(events, at + 1, None)))
            rules.apply(state, event)
            at += 1
        return texts

    deal = fold(game.steps[0].events) if game.steps else []
    if deal:
        tags.append(("Deal", deal[0] if len(deal) == 1 else " ".join(f"({d})" for d in deal)))
    tags.append(("Result", notation.result(game.state) if over else UNFINISHED))

    lines: list[str] = []
    line: list[str] = []
    rounds = 0
    previous = game.steps[0] if game.steps else None
    last_seat: int | None = None
    for index in range(1, len(game.steps)):
        step = game.steps[index]
        assert previous is not None
        marks = {rules.boundary(e): e for e in previous.events}
        if "round" in marks:
            rounds += 1
            _flush(lines, line)
            lines.append("")
            line.append(notation.round_label(marks["round"], rounds))
            last_seat = None
        elif "turn" in marks or any(notation.line_break(e) for e in previous.events):
            _flush(lines, line)
            last_seat = None
        if "turn" in marks and (label := notation.turn_label(marks["turn"])):
            line.append(f"{{{label}}}")
        if viewer is not None and step.seat != viewer and notation.hidden(
                game.steps, index, viewer):
            token = HIDDEN
        else:
            token = canonical(rules, notation, state, step.seat, step.intent)
        if step.seat != last_seat:  # a marker stays on the line of its decision
            token = f"{letters[step.seat]}: {token}"
            last_seat = step.seat
        line.append(token)
        line += [f"({text})" for text in fold(step.events)]
        previous = step
    _flush(lines, line)
    head = [f'[{name} "{_quoted(value)}"]' for name, value in tags]
    body = "\n".join(lines).strip("\n")
    return "\n".join(head) + "\n\n" + (body + "\n" if body else "")


def seeded(game: AnyGame) -> bool:
    """Whether the game's draws are its seed's (not given by a record it was read from)."""
    dealer = game.dealer
    return not isinstance(dealer, GivenDraws) or (dealer.seeded and not dealer.dealt)


def canonical(rules: AnyRuleset, notation: AnyNotation, state: Any, seat: int,
              intent: Any) -> str:
    """The shortest of the notation's forms that reads back to ``intent``."""
    forms = list(notation.forms(state, seat, intent))
    if len(forms) == 1:
        return forms[0]  # nothing shorter to try (the round-trip tests read every one back)
    for form in forms:
        try:
            if _resolve(rules, notation, state, seat, form) == intent:
                return form
        except NotationError:
            continue
    if not forms:
        raise NotationError(f"the notation cannot write {intent!r}")
    return forms[-1]


def _resolve(rules: AnyRuleset, notation: AnyNotation, state: Any, seat: int,
             token: str) -> Any:
    """The first candidate of ``token`` the rules accept, else the first candidate. A
    token two accepted candidates read differently (other events: another price, another
    place) is ambiguous: the reader asks for the longer form rather than guess."""
    options = notation.candidates(state, seat, token)
    if not options:
        raise NotationError(f"{token!r} is no decision of this game")
    legal = [intent for intent in options if rules.is_legal(state, seat, intent)]
    if not legal:
        return options[0]
    if len(legal) > 1:
        ignored = notation.bookkeeping
        made = _outcome(rules.decide(state, seat, legal[0]), ignored)
        others = [i for i in legal[1:]
                  if _outcome(rules.decide(state, seat, i), ignored) != made]
        if others:
            forms = [list(notation.forms(state, seat, i))[-1] for i in (legal[0], *others)]
            raise NotationError(f"{token} may be {' or '.join(dict.fromkeys(forms))}: write "
                                "which")
    return legal[0]


def _outcome(events: list[Any], ignored: frozenset[str]) -> list[tuple[str, dict[str, Any]]]:
    """What events do, without the fields that only say which alike means was used."""
    return [(type(e).__name__, {k: v for k, v in msgspec.structs.asdict(e).items()
                                if k not in ignored}) for e in events]


def _flush(lines: list[str], line: list[str]) -> None:
    """Write ``line``'s words as lines of at most WIDTH characters; continuation lines
    are indented."""
    if not line:
        return
    text = ""
    for word in line:
        if text and len(text) + 1 + len(word) > WIDTH:
            lines.append(text)
            text = "  " + word
        else:
            text = f"{text} {word}" if text else word
    lines.append(text)
    line.clear()


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


# ------------------------------------------------------------------ reading: the text
class Item(NamedTuple):
    kind: str  # "tag", "token", "marker", "draw", "hidden"
    text: str
    line: int
    column: int
    name: str = ""  # a tag's name


_TAG = re.compile(r'\[\s*([A-Za-z][\w.-]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_LABEL = re.compile(r"\d+\.+")
_MARKER = re.compile(r"([A-Za-z]{1,2}):(.*)", re.S)


def scan(text: str, letters: Sequence[str], errors: list[NotationError]) -> list[Item]:
    """The record's tags and move text as items, in order; what cannot be read is an
    error and is skipped."""
    items: list[Item] = []
    known = {letter.casefold() for letter in letters}
    comment: tuple[int, int] | None = None  # where a comment still open began
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if comment is None and stripped.startswith("[") and all(
                i.kind == "tag" for i in items):
            match = _TAG.fullmatch(stripped)
            if match is None:
                errors.append(NotationError('a header reads [Name "value"]', number,
                                            raw.index("[") + 1))
                continue
            value = re.sub(r"\\(.)", r"\1", match.group(2))
            items.append(Item("tag", value, number, raw.index("[") + 1, match.group(1)))
            continue
        comment = _scan_moves(raw, number, known, items, errors, comment)
    if comment is not None:
        errors.append(NotationError("a comment { is never closed", *comment))
    return items


def _scan_moves(raw: str, number: int, letters: set[str], items: list[Item],
                errors: list[NotationError],
                comment: tuple[int, int] | None) -> tuple[int, int] | None:
    """One line of move text; returns where a comment left open began (or None)."""
    position, length = 0, len(raw)
    if comment is not None:
        end = raw.find("}")
        if end < 0:
            return comment
        position = end + 1
    while position < length:
        char = raw[position]
        if char.isspace():
            position += 1
        elif char == ";":
            return None
        elif char == "{":
            end = raw.find("}", position)
            if end < 0:
                return (number, position + 1)
            position = end + 1
        elif char == "(":
            end = raw.find(")", position)
            if end < 0:
                errors.append(NotationError("a draw ( is not closed on its line", number,
                                            position + 1))
                return None
            inner = raw[position + 1:end]
            start = position + 2 + len(inner) - len(inner.lstrip())  # where its text begins
            items.append(Item("draw", inner.strip(), number, start))
            position = end + 1
        else:
            end = position
            while end < length and not raw[end].isspace() and raw[end] not in "{(;":
                end += 1
            _word(raw[position:end], number, position + 1, letters, items)
            position = end
    return None


def _word(word: str, line: int, column: int, letters: set[str], items: list[Item]) -> None:
    if _LABEL.fullmatch(word) or word == UNFINISHED:
        return  # a round's number, or the end of an unfinished game: for the eye only
    marker = _MARKER.fullmatch(word)
    if marker and marker.group(1).casefold() in letters:
        items.append(Item("marker", marker.group(1), line, column))
        rest = marker.group(2)
        if rest:
            _word(rest, line, column + len(marker.group(1)) + 1, letters, items)
        return
    items.append(Item("hidden" if word == HIDDEN else "token", word, line, column))


# ------------------------------------------------------------------ reading: the game
class GivenDraws:
    """The draws a record states, handed to its game in place of the seed's
    (``engine.core.game.Dealer``). It never raises: what it cannot use is noted in
    ``errors`` and ``failed``, and the reader takes the step back."""

    def __init__(self, notation: AnyNotation, *, seeded: bool) -> None:
        self.notation = notation
        self.seeded = seeded  # the record gave a seed: what it draws stands unless given
        self.dealt = False  # a draw the record gave replaced the seed's
        self.active = True
        self.queue: list[Item] = []
        self.where = (0, 0)  # the decision being played, for an error about a missing draw
        self.errors: list[NotationError] = []
        self.failed = False

    def __call__(self, state: Any, step: int, batch: int, drawn: list[Any]) -> list[Any]:
        if not self.active or not any(map(self.notation.is_draw, drawn)):
            return drawn
        if not self.queue:
            if not self.seeded:
                text = self.notation.draw(state, next(e for e in drawn if self.notation.is_draw(
                    e)), None, iter(()))
                self.errors.append(NotationError(
                    f"a draw is missing here: write what was drawn, e.g. ({text}), or give "
                    "the game's Seed", *self.where))
                self.failed = True
            return drawn
        item = self.queue.pop(0)
        try:
            made = self.notation.deal(copy_state(state), drawn, item.text)
        except NotationError as exc:
            self.errors.append(exc.at(item.line, item.column))
            self.failed = True
            return drawn
        if made != drawn:
            if self.seeded:
                mine = self.notation.draw(state, drawn[0], None, iter(()))
                self.errors.append(NotationError(
                    f"the seed draws ({mine}) here, not this: the record's draw is played",
                    item.line, item.column))
            self.dealt = True
        return made


def read_record(text: str, kinds: Kinds) -> Reading:
    """The game a record states, played as far as it can be, and what went wrong.

    Raises NotationError only when no game can be made at all (an unknown game, seats
    the game cannot seat); any other problem is in ``Reading.errors``."""
    if len(text) > MAX_TEXT:
        raise NotationError(f"too long for a game record (over {MAX_TEXT // 2**20} MiB)")
    errors: list[NotationError] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    tags = _tags(text)
    game_tag = tags.get("game")
    try:
        kind = kinds(game_tag.text if game_tag else None)
    except NotationError as exc:
        raise exc.at(game_tag.line, game_tag.column) if game_tag else exc from None
    notation, rules = kind.notation, kind.ruleset
    items = scan(text, notation.seat_letters, errors)
    tag_items = [i for i in items if i.kind == "tag"]
    moves = [i for i in items if i.kind != "tag"]
    values = _tag_values(tag_items, errors)

    letters = _seat_letters(tag_items, moves, kind)
    seats = _seats(tag_items, letters, values, kind, errors)
    try:
        options = notation.read_options({k: v.text for k, v in values.items()}, letters)
    except NotationError as exc:
        where = values.get(exc.tag.casefold())
        errors.append(exc.at(where.line, where.column) if where else exc)
        options = rules.Options()
    try:
        rules.check_options(options, seats)
    except Refused as exc:
        raise NotationError(f"{kind.title}: {exc.reason} ({exc.rule})", 1, 1, exc.rule) from None
    order = list(notation.letters(options, len(seats)))
    if [fold_key(x) for x in order] != [fold_key(x) for x in letters]:
        errors.append(NotationError(f"the seats' letters are {' '.join(order)} with these "
                                    "options", *_where(values, "Game")))
        letters = order
    record_seat = _record_seat(values, letters, errors)
    seed_given, seed = _seed(values, errors)
    created = values["date"].text.strip()[:MAX_NAME] if "date" in values else ""

    dealer = GivenDraws(notation, seeded=seed_given)
    deal = values.get("deal")
    if deal is not None:
        dealer.queue = _deal_items(deal)
    decisions, early = _decisions(moves)
    if early:
        if deal is None:
            dealer.queue = early
        else:
            errors += [NotationError("a draw before any decision: the setup's draws go in "
                                     "the Deal header", d.line, d.column) for d in early]
    dealer.where = (deal.line, deal.column) if deal else (1, 1)
    try:
        game = Game(rules, seats, options, seed, created=created or None, dealer=dealer)
    except Exception as exc:  # noqa: BLE001 - the rules on untrusted draws: any failure
        raise NotationError(f"the setup cannot be made ({_problem(exc)})", 1, 1) from None
    errors += dealer.errors
    complete = not dealer.failed
    if complete:
        complete = _play(game, decisions, letters, record_seat, dealer, errors)
    dealer.active = False
    _check_result(game, notation, values, complete, errors)
    errors.sort(key=lambda e: (e.line, e.column))
    return Reading(game, errors, record_seat, complete)


def _tags(text: str) -> dict[str, Item]:
    """The Game tag before the game (and so its letters) is known."""
    found: dict[str, Item] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        match = _TAG.fullmatch(raw.strip())
        if match is None:
            if raw.strip() and not raw.strip().startswith("["):
                break
            continue
        found.setdefault(match.group(1).casefold(),
                         Item("tag", match.group(2), number, raw.index("[") + 1))
    return found


def _tag_values(tags: list[Item], errors: list[NotationError]) -> dict[str, Item]:
    values: dict[str, Item] = {}
    for tag in tags:
        key = tag.name.casefold()
        if key in values:
            errors.append(NotationError(f"the {tag.name} header is given twice: the first "
                                        "stands", tag.line, tag.column))
            continue
        values[key] = tag
    return values


def _where(values: dict[str, Item], name: str) -> tuple[int, int]:
    tag = values.get(name.casefold())
    return (tag.line, tag.column) if tag else (1, 1)


def _seat_letters(tags: list[Item], moves: list[Item], kind: GameKind) -> list[str]:
    """The seats' letters in seat order: the seat tags', else the markers' (up to the
    last letter used), else the game's first letters."""
    universe = kind.notation.seat_letters
    by_key = {fold_key(letter): letter for letter in universe}
    named = [by_key[fold_key(t.name)] for t in tags if fold_key(t.name) in by_key]
    if named:
        return list(dict.fromkeys(named))
    used = {fold_key(m.text) for m in moves if m.kind == "marker"}
    if used:
        last = max(n for n, letter in enumerate(universe) if fold_key(letter) in used)
        return list(universe[: max(last + 1, kind.ruleset.min_seats)])
    return list(universe[: kind.seats])


def _seats(tags: list[Item], letters: list[str], values: dict[str, Item], kind: GameKind,
           errors: list[NotationError]) -> list[Seat]:
    names: dict[str, Item] = {}
    for tag in tags:
        names.setdefault(fold_key(tag.name), tag)  # a tag given twice: the first stands
    levels = _computers(values, letters, errors)
    seats = []
    for letter in letters:
        named = names.get(fold_key(letter))
        name = named.text.strip() if named else ""
        if named is not None and len(name) > MAX_NAME:
            errors.append(NotationError(f"a seat's name has at most {MAX_NAME} characters",
                                        named.line, named.column))
            name = name[:MAX_NAME]
        seats.append(Seat(name or kind.names.get(letter, letter), levels.get(letter, HUMAN)))
    return seats


def _computers(values: dict[str, Item], letters: list[str],
               errors: list[NotationError]) -> dict[str, Controller]:
    """``[Computers "Y hard, G medium"]``: the seats a computer plays, at what level."""
    tag = values.get("computers")
    if tag is None:
        return {}
    found: dict[str, Controller] = {}
    by_key = {fold_key(letter): letter for letter in letters}
    for part in re.split(r"[,;]", tag.text):
        words = part.split()
        if not words:
            continue
        letter = by_key.get(fold_key(words[0]))
        if letter is None or len(words) > 2:
            errors.append(NotationError(f"Computers lists seats and levels ('Y hard'), not "
                                        f"{part.strip()!r}", tag.line, tag.column))
            continue
        found[letter] = Computer(level=words[1][:MAX_NAME] if len(words) > 1 else "medium")
    return found


def _record_seat(values: dict[str, Item], letters: list[str],
                 errors: list[NotationError]) -> int | None:
    tag = values.get("seat")
    if tag is None:
        return None
    keys = [fold_key(letter) for letter in letters]
    if fold_key(tag.text) in keys:
        return keys.index(fold_key(tag.text))
    errors.append(NotationError(f"Seat names a seat's letter ({' '.join(letters)}), not "
                                f"{tag.text!r}: the record is read as a full one",
                                tag.line, tag.column))
    return None


def _seed(values: dict[str, Item], errors: list[NotationError]) -> tuple[bool, int]:
    tag = values.get("seed")
    if tag is None:
        return False, 0
    text = tag.text.strip()
    if re.fullmatch(r"-?\d{1,30}", text):
        return True, int(text)
    errors.append(NotationError(f"Seed is a whole number, not {tag.text!r}", tag.line,
                                tag.column))
    return False, 0


def _deal_items(tag: Item) -> list[Item]:
    """The Deal header's draws: one bare draw, or several each in parentheses."""
    text = tag.text.strip()
    if not text.startswith("("):
        return [Item("draw", text, tag.line, tag.column)]
    parts = re.findall(r"\(([^()]*)\)", text)
    return [Item("draw", p.strip(), tag.line, tag.column) for p in parts]


class Decision(NamedTuple):
    marker: Item | None  # the seat marker right before it, if any
    token: Item
    draws: list[Item]


def _decisions(moves: list[Item]) -> tuple[list[Decision], list[Item]]:
    """The decisions in order, each with the marker before it and the draws after it;
    and the draws before the first decision."""
    decisions: list[Decision] = []
    early: list[Item] = []
    marker: Item | None = None
    for item in moves:
        if item.kind == "marker":
            marker = item
        elif item.kind == "draw":
            (decisions[-1].draws if decisions else early).append(item)
        elif item.kind in ("token", "hidden"):
            decisions.append(Decision(marker, item, []))
            marker = None
    return decisions, early


def _play(game: AnyGame, decisions: list[Decision], letters: list[str],
          record_seat: int | None, dealer: GivenDraws, errors: list[NotationError]) -> bool:
    """Play the decisions in order; stop at the first that cannot be played (the game
    after it would not be the record's). True when all of them were played."""
    rules, notation = game.ruleset, dealer.notation
    keys = [fold_key(letter) for letter in letters]
    current: int | None = None
    for decision in decisions:
        token = decision.token
        to_move = game.to_move()
        if not to_move:
            errors.append(NotationError("the game is over: nothing more can be played",
                                        token.line, token.column))
            return False
        if decision.marker is not None:
            marker = decision.marker
            if fold_key(marker.text) not in keys:
                errors.append(NotationError(f"there is no seat {marker.text} in this game "
                                            f"({' '.join(letters)})", marker.line,
                                            marker.column))
                return False
            current = keys.index(fold_key(marker.text))
            if current not in to_move:
                errors.append(NotationError(
                    f"it is {_names(game, letters, to_move)}'s decision now, not "
                    f"{letters[current]}'s", decision.marker.line, decision.marker.column))
                return False
        elif current not in to_move:
            current = to_move[0]
        seat = current
        assert seat is not None
        try:
            if token.kind == "hidden":
                if record_seat is None or seat == record_seat:
                    raise NotationError("? stands only for another seat's secret decision in "
                                        "a record written for one seat (a Seat header)")
                intent = rules.random_intent(game.state, seat,
                                             Random(f"hidden/{len(game.steps)}"))
            else:
                intent = _read_token(game, notation, seat, token.text)
        except NotationError as exc:
            errors.append(exc.at(token.line, token.column))
            return False
        dealer.queue = list(decision.draws)
        dealer.where = (token.line, token.column)
        before = len(game.steps)
        try:
            game.play(seat, intent)
        except Refused as exc:
            errors.append(NotationError(f"{letters[seat]} cannot play {token.text}: "
                                        f"{exc.reason} ({exc.rule})", token.line,
                                        token.column, exc.rule))
            return False
        except Exception as exc:  # noqa: BLE001 - rules on given draws: any failure
            _take_back(game, before)
            errors.append(NotationError(f"{token.text} cannot be played here "
                                        f"({_problem(exc)})", token.line, token.column))
            return False
        errors += dealer.errors
        dealer.errors = []
        if dealer.failed:
            _take_back(game, before)
            return False
        errors += [NotationError(f"nothing was drawn after {token.text}: this draw is not "
                                 "played", d.line, d.column) for d in dealer.queue]
        dealer.queue = []
    return True


def _read_token(game: AnyGame, notation: AnyNotation, seat: int, token: str) -> Any:
    """The intent ``token`` means now: the first candidate the rules accept, else the
    first candidate (which ``play`` then refuses with the rules' reason)."""
    return _resolve(game.ruleset, notation, game.state, seat, token)


def _take_back(game: AnyGame, count: int) -> None:
    """The game as it was after ``count`` steps (a step half played or played with a
    draw the record could not give)."""
    game.rewind(count)


def _names(game: AnyGame, letters: list[str], seats: Sequence[int]) -> str:
    return " or ".join(letters[s] for s in seats)


def _check_result(game: AnyGame, notation: AnyNotation, values: dict[str, Item],
                  complete: bool, errors: list[NotationError]) -> None:
    tag = values.get("result")
    if tag is None or not complete:
        return
    said = " ".join(tag.text.split())
    if game.is_over():
        mine = notation.result(game.state)
        if said not in (UNFINISHED, "") and fold_key(said) != fold_key(mine):
            errors.append(NotationError(f"the moves give the result {mine!r}, not {said!r}",
                                        tag.line, tag.column))
    elif said not in (UNFINISHED, ""):
        errors.append(NotationError(f"the record says the game ended ({said}) but its moves "
                                    "stop before the end", tag.line, tag.column))


def _problem(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
