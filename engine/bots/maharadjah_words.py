"""The Maharadjah coach's words: the things a player counts over the nations they
control (VP scored, and per nation the territories it holds alone, its armies and
its trading posts; the other players' armies next to the territories held), each
worth roughly what ``maharadjah_eval`` credits for it in VP, so the coach says the
weightiest first. Everything is public (W-VP-7).
"""

from __future__ import annotations

from engine.bots.coach import Thing
from engine.bots.maharadjah_eval import ARMY, THREAT
from engine.maharadjah import queries as Q
from engine.maharadjah.state import State

THINGS = {
    "vp": Thing("VP", 1.0, mass=True),  # W-VP-7
    "territory": Thing("territory", 1.5),  # card VP to come (W-VP-2)
    "army": Thing("army", ARMY),
    "post": Thing("trading post", 2.0),  # W-VP-6
    # the other players' armies next to the territories one holds (maharadjah_eval's
    # safety): a move that leaves fewer of them keeps its land more surely
    "threat": Thing("enemy army next to your territories", -THREAT * ARMY,
                    many="enemy armies next to your territories"),
}


class MaharadjahWords:
    things = THINGS

    def count(self, state: State, seat: int) -> dict[str, float]:
        mine = {n for n, s in state.control.items() if s == seat and n not in state.gone}
        out = {"vp": float(sum(sum(state.vp.get(n, ())) for n in mine))}
        board = Q.board()
        held: set[str] = set()
        for space, here in state.armies.items():
            present = [n for n, c in here.items() if c > 0]
            for nation in present:
                if nation in mine:
                    out[f"army:{nation}"] = out.get(f"army:{nation}", 0.0) + here[nation]
                    if len(present) == 1 and space in board.territories:
                        out[f"territory:{nation}"] = out.get(f"territory:{nation}", 0.0) + 1
                        held.add(space)
        near = {other for space in held for other in board.land[space]} - held
        out["threat"] = float(sum(c for space in near
                                  for n, c in state.armies.get(space, {}).items()
                                  if c > 0 and n in state.control and n not in mine))
        for owner in state.posts.values():
            if owner in mine:
                out[f"post:{owner}"] = out.get(f"post:{owner}", 0.0) + 1
        return out

    def detail(self, name: str, detail: str) -> str:
        return f"for the {Q.rules().nations[detail].name}"

    def horizon(self, view: State, seat: int) -> str:
        nation = Q.rules().nations.get(view.active)
        if nation is None:
            return "by the sequence's end"
        return f"by the end of the {possessive(nation.name)} sequence"


def possessive(name: str) -> str:
    """The Mughals' sequence, the Maurya's, the British (a people's adjective)."""
    if name.endswith(("sh", "ch", "ese")):
        return name
    return f"{name}'" if name.endswith("s") else f"{name}'s"


WORDS = MaharadjahWords()
