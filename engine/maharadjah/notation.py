"""Maharadjah's notation: one token per decision, in the game's words (README, "Game
records"). Spaces are written by their map codes (``GUJ``, ``BB``, ``AFG``; names and
unambiguous beginnings are read too), nations by their map letters (``H`` the
Harappans, ``B`` the British: the letters the map draws), leaders by name.

    MLW-AGR-RAJ         move 1 army from Malwa through Agra to Rajputana
    MLW-AGR-RAJx3       ... 3 armies; x0: the leaders alone
    MLW-AGR/1-RAJx3+Ashoka+arms:B  with Ashoka and the British arms marker, 1 army
                        stopping at Agra (W-LEAD-3)
    end                 end the movement, the combat, the posts or the arms phase
    +GUJ  -GUJ          place an army in Gujarat; remove one from it
    leader:GUJ  arms:GUJ        place the leader, an arms marker in Gujarat
    BALxH               fight the Harappans in Baluchistan
    loss:AGR,stay       the attacking armies that came from Agra, and one that did not move
    ret:BALx2+escort    retreat 2 armies to Baluchistan, leaders and arms with them
    stand  break        no (more) retreat; break off against a lone post
    submit:H/South      the Harappans submit in the South
    ally:H/marker  ally:H/army:GUJ      the Harappans ally, paying a marker or an army
    post:GUJ  -post:GUJ build a trading post; remove one
    yes  no             consent to a post or a passage
    arms>H  arms>-      assign the arms marker to the Harappans; withdraw it

Draws: the dice of each battle round, the attacker's then the defender's
(``642:51``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from random import Random
from typing import Any, NamedTuple

from engine.core.notation import NotationDefaults, NotationError, fold_key, lookup, number
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.flow import automatic
from engine.maharadjah.options import Options
from engine.maharadjah.spec import NATIONS
from engine.maharadjah.state import State

LETTERS = ("A", "B", "C", "D", "E")  # the players of W-ASSIGN-1
STAY = "stay"  # a loss among the attacking armies that did not move (W-CMB-6)
END = "end"
WORDS = {"stand": it.Stand(), "break": it.BreakOff(), "yes": it.AnswerConsent(yes=True),
         "no": it.AnswerConsent(yes=False)}


class Tables(NamedTuple):
    """Spaces, nations, leaders and regions by the words a record may use."""

    spaces: dict[str, str]
    nations: dict[str, str]  # a map letter or a name -> the nation's id
    letter: dict[str, str]  # the nation's id -> its map letter
    leaders: dict[str, str]
    regions: dict[str, str]


def _tables() -> Tables:
    """The tables from the map, the nations and the spec's letters, checked at load."""
    board, rules = Q.board(), Q.rules()
    spaces = {**{s: s for s in board.territories}, **{s: s for s in board.seas},
              **{s: s for s in board.barbarians}}
    spaces.update({board.name(s): s for s in list(spaces)})
    letter = {n.name.upper(): n.letter for n in NATIONS}
    if set(letter) != set(rules.order) or len(set(letter.values())) != len(letter):
        raise ValueError("Maharadjah notation: the map letters must name every nation once")
    nations = {v: k for k, v in letter.items()} | {n.name: n.name.upper() for n in NATIONS}
    leaders = {lead.name.replace(" ", ""): lead.id for lead in rules.leaders.values()}
    leaders.update({lead.id: lead.id for lead in rules.leaders.values()})
    regions = {t.region.title(): t.region for t in board.territories.values()}
    for table, what in ((spaces, "space"), (leaders, "leader")):
        seen: dict[str, str] = {}
        for word, value in table.items():
            if seen.setdefault(fold_key(word), value) != value:
                raise ValueError(f"Maharadjah notation: {word!r} names two {what}s")
    return Tables(spaces, nations, letter, leaders, regions)


TABLES = _tables()
SPACES, NATIONS_BY_WORD, NATION_LETTER = TABLES.spaces, TABLES.nations, TABLES.letter
LEADERS, REGIONS = TABLES.leaders, TABLES.regions
LEADER_WORD = {value: word for word, value in LEADERS.items() if word != value}


class Dice(Random):
    """The dice a record gives, rolled in order in place of the seed's (W-CMB-3).

    A die is ``draw.randint(rng, 1, 6)``: one number below 6 (engine.core.draw) plus
    one, so each number the combat asks of the generator is the next face less one."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def getrandbits(self, k: int, /) -> int:
        if not self.faces:
            raise NotationError("more dice are rolled here than the record gives")
        return self.faces.pop(0) - 1


class MaharadjahNotation(NotationDefaults[State, Any, Any, Options]):
    seat_letters = LETTERS

    def letters(self, options: Options, seats: int) -> tuple[str, ...]:
        return LETTERS[:seats]

    def write_options(self, options: Options) -> list[tuple[str, str]]:
        return [("Variant", "short")] if options.short_game else []

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Options:
        words = [fold_key(w) for w in tags.get("variant", "").replace(",", " ").split()]
        unknown = [w for w in words if w not in ("short", "shortgame")]
        if unknown:
            raise NotationError(f"Variant: the only variant is short, not {unknown[0]!r}",
                                rule="W-SETUP-S1", tag="Variant")
        return Options(short_game=bool(words))

    # ---------------------------------------------------------------- writing
    def forms(self, state: State, seat: int, intent: Any) -> Iterable[str]:
        kind = type(intent)
        for word, known in WORDS.items():
            if intent == known:
                return [word]
        if kind in (it.EndMovement, it.EndCombat, it.EndPosts, it.EndArms):
            return [END]
        if kind is it.Move:
            return _move_forms(intent)
        if kind is it.PlaceArmy:
            return [f"+{intent.space}"]
        if kind is it.RemoveArmy:
            return [f"-{intent.space}"]
        if kind is it.PlaceLeader:
            return [f"leader:{intent.space}"]
        if kind is it.PlaceArms:
            return [f"arms:{intent.space}"]
        if kind is it.Fight:
            return [f"{intent.space}x{NATION_LETTER[intent.enemy]}"]
        if kind is it.TakeLosses:
            return ["loss:" + ",".join(o or STAY for o in intent.origins)]
        if kind is it.Retreat:
            word = f"ret:{intent.to}" + (f"x{intent.armies}" if intent.armies != 1 else "")
            return [word + ("+escort" if intent.escort else "")]
        if kind is it.Submit:
            return [f"submit:{NATION_LETTER[intent.nation]}/{intent.region.title()}"]
        if kind is it.Ally:
            cost = "marker" if intent.cost == "marker" else f"army:{intent.space}"
            return [f"ally:{NATION_LETTER[intent.nation]}/{cost}"]
        if kind is it.BuildPost:
            return [f"post:{intent.space}"]
        if kind is it.RemovePost:
            return [f"-post:{intent.space}"]
        if kind is it.AssignArms:
            return [f"arms>{NATION_LETTER[intent.nation] if intent.nation else '-'}"]
        raise NotationError(f"Maharadjah's notation has no token for {kind.__name__}")

    # ---------------------------------------------------------------- reading
    def candidates(self, state: State, seat: int, token: str) -> list[Any]:
        low = token.casefold()
        if low in WORDS:
            return [WORDS[low]]
        if low == END:
            return [it.EndMovement(), it.EndCombat(), it.EndPosts(), it.EndArms()]
        prefix, colon, rest = token.partition(":")
        key = fold_key(prefix)
        if colon and key in ("loss", "losses"):
            return [it.TakeLosses(origins=tuple("" if fold_key(w) == STAY else _space(w)
                                                for w in rest.split(",")))]
        if colon and key in ("ret", "retreat"):
            return [_retreat(rest)]
        if colon and key == "submit":
            nation, _, region = rest.partition("/")
            return [it.Submit(nation=_nation(nation), region=lookup(region, REGIONS,
                                                                    "region"))]
        if colon and key == "ally":
            return [_ally(rest)]
        if colon and prefix.strip().casefold() == "-post":
            return [it.RemovePost(space=_space(rest))]
        if colon and key == "post":
            return [it.BuildPost(space=_space(rest))]
        if colon and key == "leader":
            return [it.PlaceLeader(space=_space(rest))]
        if colon and key == "arms":
            return [it.PlaceArms(space=_space(rest))]
        if low.startswith("arms>"):
            target = token[5:].strip()
            return [it.AssignArms(nation="" if target == "-" else _nation(target))]
        if "-" in token[1:]:
            return [_move(token)]
        if token.startswith("+"):
            return [it.PlaceArmy(space=_space(token[1:]))]
        if token.startswith("-"):
            return [it.RemoveArmy(space=_space(token[1:]))]
        fight = _fight(token)
        if fight is not None:
            return [fight]
        raise NotationError(f"{token!r} is no decision of Maharadjah (a move A-B, +A, AxN, "
                            "end, ...)")

    # ---------------------------------------------------------------- draws
    def is_draw(self, event: Any) -> bool:
        return type(event) is ev.BattleRound

    def draw(self, state: State, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        return "".join(map(str, event.attacker_dice)) + ":" + "".join(
            map(str, event.defender_dice))

    def deal(self, state: State, drawn: list[Any], text: str) -> list[Any]:
        """W-CMB-3: each side rolls a die per combat unit; the round played again with
        the record's dice (hits and losses follow from them)."""
        battle = drawn[0]
        attacker, sep, defender = text.partition(":")
        if not sep:
            raise NotationError("a battle round's dice are the attacker's, a colon, the "
                                "defender's: 642:51", rule="W-CMB-3")
        sides = []
        for who, dice, expected in (("attacker", attacker, len(battle.attacker_dice)),
                                    ("defender", defender, len(battle.defender_dice))):
            faces = [number(d, "a die", 1, 6) for d in re.sub(r"[\s,]", "", dice)]
            if len(faces) != expected:
                raise NotationError(f"the {who} rolls {expected} "
                                    f"{'die' if expected == 1 else 'dice'} here, not "
                                    f"{len(faces)}", rule="W-CMB-3")
            sides.append(faces)
        rolled = Dice(sides[0] + sides[1])
        made = automatic(state, rolled)
        if not made or type(made[0]) is not ev.BattleRound or rolled.faces:
            raise NotationError("these dice do not fit this battle round", rule="W-CMB-3")
        return made

    def result(self, state: State) -> str:
        from engine.maharadjah.scoring import totals

        vp = totals(state)
        winners = " and ".join(LETTERS[s] for s in state.winners)
        scores = ", ".join(f"{LETTERS[s]} {v} VP" for s, v in enumerate(vp))
        return f"{winners} {'wins' if len(state.winners) == 1 else 'win'}: {scores}"

    def round_label(self, event: Any, count: int) -> str:
        return f"{event.turn}."

    def turn_label(self, event: Any) -> str:
        return str(event.nation).title()  # whose sequence the line is (W-SEQ-1)


# ------------------------------------------------------------------ helpers
def _space(word: str) -> str:
    return lookup(word.strip(), SPACES, "space")


def _nation(word: str) -> str:
    letter = word.strip()
    exact = {k: v for k, v in NATIONS_BY_WORD.items() if len(k) == 1}
    if len(letter) == 1 and letter.upper() in exact:
        return exact[letter.upper()]
    return lookup(word, {k: v for k, v in NATIONS_BY_WORD.items() if len(k) > 1}, "nation")


def _fight(token: str) -> it.Fight | None:
    """``BALxH``: the space, an x, the enemy nation (the last x that splits it so)."""
    for at in range(len(token) - 2, 0, -1):
        if token[at] in "xX":
            try:
                return it.Fight(space=_space(token[:at]), enemy=_nation(token[at + 1:]))
            except NotationError:
                continue
    return None


def _count(word: str) -> tuple[str, int | None]:
    """``BALx2`` -> (``BAL``, 2)."""
    m = re.fullmatch(r"(.*?)x(\d+)", word, re.I)
    if m is None:
        return word, None
    return m.group(1), number(m.group(2), "a number of armies", 0, 99)


def _move(token: str) -> it.Move:
    """W-MOVE-1, W-LEAD-3: ``MLW-AGR/1-RAJx3+Ashoka+arms:B``."""
    main, *extras = token.split("+")
    main, armies = _count(main)
    names = main.split("-")
    if len(names) < 2 or "" in names:
        raise NotationError("a move names its spaces between dashes: MLW-AGR-RAJ",
                            rule="W-MOVE-1")
    path, drops = [], []
    for n, name in enumerate(names):
        space, _, dropped = name.partition("/")
        path.append(_space(space))
        if dropped and n in (0, len(names) - 1):
            raise NotationError("armies stop on the way (/n after a space between the start "
                                "and the end)", rule="W-LEAD-3")
        if 0 < n < len(names) - 1:
            drops.append(number(dropped, "armies stopping", 0, 99) if dropped else 0)
    leaders, arms = [], []
    for extra in extras:
        head, colon, rest = extra.partition(":")
        if colon and fold_key(head) == "arms":
            arms.append(_nation(rest))
        else:
            leaders.append(lookup(extra, LEADERS, "leader"))
    return it.Move(start=path[0], path=tuple(path[1:]), armies=1 if armies is None else armies,
                   leaders=tuple(leaders), arms=tuple(arms),
                   drops=tuple(drops) if any(drops) else ())


def _move_forms(intent: it.Move) -> list[str]:
    names = [intent.start]
    for n, space in enumerate(intent.path):
        drop = intent.drops[n] if n < len(intent.drops) else 0
        names.append(f"{space}/{drop}" if drop else space)
    word = "-".join(names) + (f"x{intent.armies}" if intent.armies != 1 else "")
    word += "".join(f"+{LEADER_WORD.get(lead, lead)}" for lead in intent.leaders)
    word += "".join(f"+arms:{NATION_LETTER[p]}" for p in intent.arms)
    return [word]


def _retreat(text: str) -> it.Retreat:
    main, plus, extra = text.partition("+")
    if plus and fold_key(extra) != "escort":
        raise NotationError("a retreat adds only +escort (W-RET-5)")
    space, armies = _count(main)
    return it.Retreat(to=_space(space), armies=1 if armies is None else armies,
                      escort=bool(plus))


def _ally(text: str) -> it.Ally:
    nation, _, cost = text.partition("/")
    kind, _, space = cost.partition(":")
    if fold_key(kind) == "marker":
        return it.Ally(nation=_nation(nation), cost="marker")
    if fold_key(kind) == "army":
        return it.Ally(nation=_nation(nation), cost="army", space=_space(space))
    raise NotationError("an alliance costs a marker or an army: ally:H/marker, "
                        "ally:H/army:GUJ", rule="W-ALLY-1")


NOTATION = MaharadjahNotation()
