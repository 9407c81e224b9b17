"""One-line descriptions of events, as role-tagged segments the UI colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.describe import EVERYONE, Description, Segment, concern, desc
from engine.core.words import counted
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja.queries import board
from engine.maharaja.state import State


def who(state: State, seat: int) -> Segment:
    if state.solo is not None and seat == B.BOT_SEAT:
        return ("Brahmabot", f"seat:{seat}")
    return (state.players[seat].colour.capitalize(), f"seat:{seat}")


def place(name: str) -> Segment:
    net = board()
    if name in net.cities:
        return (net.cities[name].name, "city")
    if name == net.start:
        return ("START", "city")
    return (f"village {name}", "village")


def coins(n: int) -> Segment:
    return (counted(n, "coin"), "coins")


def action_name(action: int) -> str:
    return C.ACTIONS[C.Action(action)].name


def _setup(e: ev.SetupDrawn, s: State) -> Description:
    if e.solo is not None:
        return desc("Solo setup against Brahmabot (", (e.solo.difficulty, "round"),
                    f"), setup tile {e.solo.setup_tile}", *_tiles(s))
    chars = ", ".join(str(n) for n in e.display)
    return desc("Setup: characters ", (chars, "character"), " on display; ",
                who(s, e.first_player), " chooses first", *_tiles(s))


def _tiles(s: State) -> tuple[str, ...]:
    """The variant tiles the table was set up with: laid beside the board, they change
    the rules all game; the log's first line names them (F1 tells what each does)."""
    return tuple(f"; {tile}" for tile in s.options.tiles())


def _character(e: ev.CharacterTaken, s: State) -> Description:
    if e.from_seat >= 0:
        return desc(who(s, e.seat), " takes character ", (str(e.number), "character"),
                    " from ", who(s, e.from_seat), f", returning {e.returned}",
                    concern(e.from_seat))
    if e.returned:
        return desc(who(s, e.seat), " changes character ", (str(e.returned), "character"),
                    " for ", (str(e.number), "character"))
    return desc(who(s, e.seat), " takes character ", (str(e.number), "character"),
                f" — {C.CHARACTERS[e.number].text}")


def _shrine(e: ev.ShrineBuilt, s: State) -> Description:
    how = f" ({e.reason})" if e.reason else ""
    return desc(who(s, e.seat), " builds a shrine in ", place(e.place), " for ", coins(e.cost),
                how)


def _shrine_moved(e: ev.ShrineMoved, s: State) -> Description:
    return desc(who(s, e.seat), " moves a shrine from ", place(e.source), " to ", place(e.place))


def _statue(e: ev.StatueBuilt, s: State) -> Description:
    slot = C.SLOT_NAMES[e.slot]
    return desc(who(s, e.seat), f" builds a statue on the {slot} of ", place(e.city), " for ",
                coins(e.cost))


def _gained(e: ev.Gained, s: State) -> Description:
    parts: list[str | Segment] = []
    if e.coins > 0:
        parts += [" takes ", coins(e.coins)]
    if e.coins < 0:
        parts += [" pays ", coins(-e.coins)]
    def more(text: str) -> str:
        return ("," if parts else "") + text

    if e.hidden:
        parts += [more(" changes PP (secret)")]
    elif e.pp:
        parts += [more(f" {'gains' if e.pp > 0 else 'pays'} "), (f"{abs(e.pp)} PP", "pp")]
    if e.shrines:
        parts += [more(f" takes {counted(e.shrines, 'shrine')} from the supply")]
    if e.tokens:
        parts += [more(" takes an action token")]
    if not parts:
        parts = [" gains nothing"]
    return desc(who(s, e.seat), *parts, f" ({e.reason})")


def _round(e: ev.RoundStarted, s: State) -> Description:
    return desc((f"Round {e.round}", "round"), ": the Maharaja visits ", place(e.city))


def _plan(e: ev.PlanCommitted, s: State) -> Description:
    return desc(who(s, e.seat), " commits a plan")


def _turn(e: ev.TurnStarted, s: State) -> Description:
    first, second = (action_name(a) for a in e.plan)
    return desc(who(s, e.seat), "'s turn: ", (first, "action"), " + ", (second, "action"))


def _moved(e: ev.PriestMoved, s: State) -> Description:
    parts: list[str | Segment] = [who(s, e.seat), " moves to ", place(e.stops[-1])]
    if len(e.stops) > 2:
        parts += [" via " + ", ".join(board().cities[j].name if j in board().cities else j
                                      for j in e.stops[1:-1])]
    for seat, n in e.tolls:
        parts += [", paying ", who(s, seat), " ", coins(n), concern(seat)]
    return desc(*parts)


def _task(e: ev.TaskDone, s: State) -> Description:
    assert s.turn is not None
    return desc(who(s, e.seat), " uses ", (action_name(s.turn.tasks[e.task].action), "action"))


def _token(e: ev.TokenSpent, s: State) -> Description:
    return desc(who(s, e.seat), " spends an action token on ", (action_name(e.action), "action"))


def _ability(e: ev.AbilityUsed, s: State) -> Description:
    via = " through a Maharani token" if e.maharani else ""
    return desc(who(s, e.seat), " uses character ", (str(e.character), "character"), via)


def _flag(e: ev.FlagMoved, s: State) -> Description:
    # The Maharaja's next city changes when the flag lands before the leftmost one (MJ-ROUND-1).
    leftmost = next((n for n, city in enumerate(s.flags) if city is not None), len(s.flags))
    nxt = (", now the Maharaja's next city", "concern") \
        if e.target < leftmost and e.source != leftmost else ("", "")
    return desc(who(s, e.seat), " moves the flag of ", place(e.city),
                f" from p{e.source} to p{e.target}", nxt)


def _turn_end(e: ev.TurnEnded, s: State) -> Description:
    return desc(who(s, e.seat), " ends the turn")


def _scored(e: ev.CityScored, s: State) -> Description:
    parts: list[str | Segment] = [place(e.city), " is scored:"]
    for n, seat in enumerate(e.ranking):
        parts += [" " if n == 0 else ", ", who(s, seat), f" {e.cp[seat]} CP"]
        if s.solo is None or seat != B.BOT_SEAT:
            parts += [" → ", coins(e.coins[seat])]
    if not e.ranking:
        parts += [" nobody has cult points"]
    return desc(*parts, EVERYONE)


def _reward(e: ev.RewardTaken, s: State) -> Description:
    return desc(who(s, e.seat), " takes reward tile ", (str(e.tile), "reward"),
                f" — {C.REWARDS[e.tile].text}")


def _reward_pass(e: ev.RewardPassed, s: State) -> Description:
    return desc(who(s, e.seat), " passes")


def _maharani(e: ev.MaharaniPlaced, s: State) -> Description:
    return desc(who(s, e.seat), " places a Maharani token on character ",
                (str(e.character), "character"))


def _round_end(e: ev.RoundEnded, s: State) -> Description:
    return desc((f"End of round {e.round}", "round"))


def _brahmabot(e: ev.BrahmabotTurn, s: State) -> Description:
    tile = B.ACTION_TILES[e.tile]
    where = "the Maharaja's city" if tile.destination == B.MAHARAJA else place(
        tile.destination)[0]
    return desc(who(s, B.BOT_SEAT), f"'s turn: tile {e.tile} (check mark of {e.check}) — ",
                (B.TOP_ACTION_TEXT[tile.top], "action"), f", then to {where}")


def _reward_out(e: ev.RewardDiscarded, s: State) -> Description:
    return desc("Reward tile ", (str(s.rewards[e.position]), "reward"), " leaves the game")


def _ended(e: ev.GameEnded, s: State) -> Description:
    names = [who(s, seat) for seat in e.winners]
    parts: list[str | Segment] = ["Game over. "]
    for n, name in enumerate(names):
        parts += [" and " if n else "", name]
    parts += [" wins" if len(names) == 1 else " share the win"]
    return desc(*parts)


DESCRIBERS: dict[type, Callable[[Any, State], Description]] = {
    ev.SetupDrawn: _setup, ev.CharacterTaken: _character, ev.ShrineBuilt: _shrine,
    ev.ShrineMoved: _shrine_moved, ev.StatueBuilt: _statue, ev.Gained: _gained,
    ev.RoundStarted: _round, ev.PlanCommitted: _plan, ev.TurnStarted: _turn,
    ev.PriestMoved: _moved, ev.TaskDone: _task, ev.TokenSpent: _token,
    ev.AbilityUsed: _ability, ev.FlagMoved: _flag, ev.TurnEnded: _turn_end,
    ev.CityScored: _scored, ev.RewardTaken: _reward, ev.RewardPassed: _reward_pass,
    ev.MaharaniPlaced: _maharani, ev.RoundEnded: _round_end, ev.GameEnded: _ended,
    ev.BrahmabotTurn: _brahmabot, ev.RewardDiscarded: _reward_out,
}


def describe(event: Any, state: State) -> Description:
    return DESCRIBERS[type(event)](event, state)


def boundary(event: Any) -> str | None:
    if isinstance(event, ev.RoundStarted):
        return "round"
    if isinstance(event, ev.TurnStarted | ev.BrahmabotTurn):
        return "turn"
    return None
