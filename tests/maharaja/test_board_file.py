"""Board data files (maharaja.md §2): the map is loaded from data; bad files fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import RecordError
from engine.family.network import load_network
from engine.maharaja.board import DEFAULT_BOARD, load_board


def board_data() -> dict:
    return json.loads(DEFAULT_BOARD.read_text(encoding="utf-8"))


def write(tmp_path: Path, data, name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def fails(path: Path, loader=load_board, *words: str) -> str:
    with pytest.raises(RecordError) as info:
        loader(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message
    return message


def test_default_board_loads_from_its_data_file(tmp_path: Path) -> None:
    """MJ-COMP-1 / §2: the board comes from a data file; a copy loads the same."""
    copy = write(tmp_path, board_data())
    net = load_board(copy)
    assert net.city_ids == load_board().city_ids and len(net.villages) == 28


@pytest.mark.parametrize("loader", [load_board, load_network])
def test_bad_json(tmp_path: Path, loader) -> None:
    fails(write(tmp_path, '{"id": "x", "cities": [', "broken.json"), loader, "cannot be read")


def test_missing_file(tmp_path: Path) -> None:
    fails(tmp_path / "nope.json", load_board)


def test_unknown_junction(tmp_path: Path) -> None:
    data = board_data()
    data["roads"][0]["b"] = "ATLANTIS"
    fails(write(tmp_path, data), load_network, "unknown junction")


def test_village_on_two_roads(tmp_path: Path) -> None:
    data = board_data()
    data["roads"][1]["villages"] = ["v01", "v04"]
    fails(write(tmp_path, data), load_board, "v01", "more than one road")


def test_wrong_bonus_name(tmp_path: Path) -> None:
    """MJ-MAP-3: bonuses are ACTION, COINS, PRESTIGE or SHRINES."""
    data = board_data()
    data["cities"][2]["top_bonus"] = "ELEPHANT"
    fails(write(tmp_path, data), load_board, "ELEPHANT", "VAR")


def test_missing_flag_colour(tmp_path: Path) -> None:
    data = board_data()
    del data["cities"][0]["flag"]
    fails(write(tmp_path, data), load_board, "flag")


def test_disconnected_board(tmp_path: Path) -> None:
    data = board_data()
    data["roads"] = [r for r in data["roads"] if "MAD" not in (r["a"], r["b"])]
    fails(write(tmp_path, data), load_board, "not connected", "MAD")


def test_wrong_shape(tmp_path: Path) -> None:
    data = board_data()
    data["roads"][0]["villages"] = ["v01", "v02", "v99"]
    fails(write(tmp_path, data), load_board, "1 or 2 villages")
    fails(write(tmp_path, {"id": 3}, "shape.json"), load_board, "cannot be read")


def test_paths_are_enumerated_per_junction_when_first_asked_for(tmp_path: Path) -> None:
    """Loading the board enumerates no route (the launch draws the board before
    any route is priced); a junction's paths are the same whenever they are asked for."""
    network = load_network(write(tmp_path, board_data()))
    assert dict(network.paths_from) == {}
    here = network.start
    paths = network.paths_from[here]
    assert paths and all(p.stops[0] == here for p in paths)
    assert network.paths_from[here] is paths and list(network.paths_from) == [here]
    assert len({p.roads for p in paths}) == len(paths)  # each simple path once
    with pytest.raises(KeyError):
        network.paths_from["nowhere"]
