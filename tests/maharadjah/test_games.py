"""Whole games: setup per player count, order, random games to the end, saves, dice."""

from __future__ import annotations

from random import Random

import pytest

from engine.core import record
from engine.core.autoplay import play_randomly
from engine.core.describe import concerns
from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, Options, is_legal
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.describe import describe


def new(n: int, short: bool = False, seed: int = 1) -> Game:
    return Game(RULESET, [Seat(f"P{i}") for i in range(n)], Options(short), seed)


def hands(game: Game) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for nation, seat in game.state.control.items():
        out.setdefault("ABCDE"[seat], []).append(nation)
    return out


def test_assignment_per_player_count() -> None:
    """W-ASSIGN-1, W-ASSIGN-2, W-ASSIGN-3, W-ASSIGN-4, W-AMB-15, W-GEN-10."""
    assert hands(new(4))["A"] == ["PANDYA", "GREEKS", "MUGHALS", "PORTUGUESE"]
    assert hands(new(5))["E"] == ["SIKHS", "RAJPUTS", "BRITISH"]
    assert hands(new(3))["C"] == ["AFGHANS", "MAURYA", "GUPTA", "MUGHALS", "FRENCH"]
    short = hands(new(3, short=True))
    assert short["B"] == ["AFGHANS", "MAHRATTAS", "CHOLA", "MUSLIMS", "FRENCH"]
    assert "GREEKS" not in new(3, short=True).state.control
    with pytest.raises(IllegalIntent, match="W-SETUP-S1"):
        new(4, short=True)
    with pytest.raises(IllegalIntent, match="W-ASSIGN-1"):
        new(2)


def test_setup_and_first_turn_order() -> None:
    """W-SETUP-1..4, W-ORDER-1, W-TURN-1, W-TURN-2, W-SEQ-1, W-INV-1, W-INV-4, W-AMB-41."""
    g = new(4)
    setup = g.steps[0].events
    [s] = [e for e in setup if isinstance(e, ev.GameSetUp)]
    assert s.turn == 1 and len(s.armies) == 13
    assert g.state.turn == 1 and g.state.active == "PANDYA"
    play_randomly(g, Random(3), max_steps=400)
    acted = [e.nation for _, e in g.events() if isinstance(e, ev.SequenceStarted)]
    first_turn = acted[:acted.index("PANDYA", 1)] if "PANDYA" in acted[1:] else acted
    assert first_turn == ["PANDYA", "CHOLA", "MAURYA", "HARAPPANS"]
    moves = [e for _, e in g.events() if isinstance(e, ev.PhaseStarted) and e.phase == "move"]
    assert any(e.move_round == 2 for e in moves)  # the Maurya's great invasion, turn 1


def test_short_game_setup() -> None:
    """W-SETUP-S1, W-SETUP-S2, W-SETUP-S3, W-SCHED-4 (not in the short game)."""
    g = new(3, short=True)
    assert g.state.turn == 9
    assert sum(h.get("GUPTA", 0) for h in g.state.armies.values()) == 10
    assert "KAS" not in g.state.armies
    assert all(t.kind != "remove" for t in g.state.todo)  # no turn-9 Gupta removal


@pytest.mark.parametrize(("players", "short", "seed"),
                         [(3, False, 11), (4, False, 12), (5, False, 13), (3, True, 14)])
def test_random_games_end(players: int, short: bool, seed: int) -> None:
    """W-END-1, W-END-2: random legal play reaches the end after turn 16 with a winner."""
    g = play_randomly(new(players, short, seed), Random(seed), max_steps=50_000)
    assert g.is_over() and g.state.turn == Q.last_turn() == 16 and g.state.winners
    totals = [e for _, e in g.events() if isinstance(e, ev.GameEnded)][0].totals
    assert max(totals) == totals[g.state.winners[0]]


def test_save_load_round_trip_and_dice_survive_undo(tmp_path) -> None:
    """W-GEN-11: dice are drawn once and recorded; undo/redo and loading never re-roll."""
    g = play_randomly(new(4, seed=21), Random(21), max_steps=300)
    path = tmp_path / "game.json"
    record.save(g, path)
    loaded = record.load(path, {RULESET.id: RULESET})
    assert loaded.steps == g.steps
    rolls = [e for _, e in g.events() if isinstance(e, ev.BattleRound)]
    assert rolls
    last = g.steps[-1]
    g.undo()
    g.redo()
    assert g.steps[-1] == last


def test_is_legal_and_refusals_cite_rules() -> None:
    """W-SEQ-2: only the seat asked may act; refusals name the rule."""
    g = new(4)
    seat = g.to_move()[0]
    intents = g.legal_intents(seat)
    assert intents and all(is_legal(g.state, seat, i) for i in intents[:20])
    other = (seat + 1) % 4
    assert not is_legal(g.state, other, intents[0])
    assert not is_legal(g.state, seat, it.Move(start="KHA", path=("ZZZ",), armies=1))


def test_the_automatic_ends_of_the_posts_and_arms_phases_ask_what_the_listings_offer() -> None:
    """W-POST-1..6, W-ARMS-1: whether a Trading Post Phase or an Arms Phase has an option
    left (``may_post``, ``may_arm``: stopping at the first, what their automatic end asks)
    is whether the listing offers any, and the post sites it lists those whose build is
    not refused, at every step of random games."""
    from engine.maharadjah import legal

    seen: set[tuple[str, bool]] = set()
    built = 0
    for seed in (3, 4):
        game = new(4, seed=seed)
        rng = Random(seed)
        while game.to_move():
            state = game.state
            if state.active and state.active in state.control:
                may_post, may_arm = legal.may_post(state), legal.may_arm(state)
                assert may_post == bool(legal.post_options(state)), len(game.steps)
                # the sites listed are those whose build is not refused (W-POST-2..6)
                builds = {i.space for i in legal.post_options(state)
                          if isinstance(i, it.BuildPost)}
                assert builds == {s for s in legal._post_sites()
                                  if legal.build_refusal(state, s) is None}, len(game.steps)
                built += len(builds)
                assert may_arm == bool(legal.arms_options(state)), len(game.steps)
                seen |= {("post", may_post), ("arm", may_arm)}
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert seen == {("post", True), ("post", False), ("arm", True), ("arm", False)}
    assert built > 10, built


def test_the_log_marks_what_concerns_each_player_by_the_nations_it_names() -> None:
    """W-ASSIGN-1: a player's nations are theirs; a log entry naming one concerns that
    player (its own doings, and what other nations did to it), and no other."""
    game = new(3, seed=11)
    rng = Random(11)
    for _ in range(400):
        seat = game.to_move()[0]
        game.play(seat, rng.choice(game.legal_intents(seat)))
    order = Q.rules().order
    checked = 0
    for entry in game.descriptions(None):
        named = {game.state.control.get(order[int(role[5:].partition("+")[0])])
                 for _, role in entry if role.startswith("side:")} - {None}
        for seat in range(3):
            assert concerns(entry, seat) == (seat in named), entry
        checked += bool(named)
    assert checked > 100


def test_the_log_names_the_phases_as_the_rulebook_does() -> None:
    """W-SEQ-1: the phases in the log read as the rules name them (it read "Vp phase",
    "Move phase", "Seq End phase")."""
    state = new(3).state
    said = {phase: "".join(t for t, _ in describe(ev.PhaseStarted(phase=phase), state))
            for phase in ("growth", "move", "posts", "arms", "vp", "seq_end")}
    assert said == {"growth": "Population Growth Phase", "move": "Movement Phase",
                    "posts": "Trading Post Phase", "arms": "Colonial Arms Phase",
                    "vp": "VP Phase", "seq_end": "End of the sequence"}


def test_a_listed_decision_gives_the_events_of_the_checked_one() -> None:
    """W-GROW-6, W-LEAD-2, W-ARMS-3, W-OVP-1, W-SUB-4, W-NAV-3, W-POST-5, W-CMB-1, W-CMB-2,
    W-CMB-6, W-RET-1..5, W-POST-1..9, W-ARMS-1, W-ARMS-2: every decision but a move that
    the listing offers, played on the trusted path (``decide_listed``: the rules' checks
    not asked again), gives the events the checked path (``decide``) gives, at every
    step of random games."""
    from engine.maharadjah.rules import decide, decide_listed

    compared: dict[str, int] = {}
    for seed in range(3):
        game = new(4, seed=seed)
        rng = Random(seed)
        while game.to_move():
            state = game.state
            for seat in game.to_move():
                for intent in game.legal_intents(seat):
                    if isinstance(intent, it.Move):
                        continue
                    assert decide_listed(state, seat, intent) == decide(state, seat, intent), (
                        seed, len(game.steps), intent)
                    kind = type(intent).__name__
                    compared[kind] = compared.get(kind, 0) + 1
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert len(compared) >= 15 and sum(compared.values()) > 3000, compared
