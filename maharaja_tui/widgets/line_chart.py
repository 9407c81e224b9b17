"""A line chart of one figure per player over time (textual-plotext draws it).

Plain data in, no rules: a title, the x labels and one line per player with the
letter that marks its points, so the chart reads without colour (NO_COLOR) too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from rich.color import Color, ColorParseError
from textual.reactive import reactive
from textual_plotext import PlotextPlot


@dataclass(frozen=True)
class Line:
    name: str  # "R You"
    letter: str  # the marker: the player's letter
    colour: str  # a colour Rich can parse; "" draws in the default colour
    values: tuple[float, ...]


@dataclass(frozen=True)
class ChartData:
    title: str = ""
    labels: tuple[str, ...] = ()
    lines: tuple[Line, ...] = ()
    ylabel: str = ""


class LineChart(PlotextPlot):
    DEFAULT_CSS = "LineChart { height: 12; min-height: 8; }"

    data: reactive[ChartData] = reactive(ChartData, always_update=True)

    def watch_data(self, data: ChartData) -> None:
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        # The legend is the title line (each line's letter marks its points): plotext's
        # own legend is a box drawn over the plot's corner, on top of the points there.
        names = "   ".join(line.name for line in data.lines)
        plt.title(f"{data.title}   {names}" if names and data.title else data.title or names)
        if data.ylabel:
            plt.ylabel(data.ylabel)
        xs: list[float] = [*range(len(data.labels))]  # plotext's stub: ticks are floats
        for line in data.lines:
            colour = _rgb(line.colour)
            plt.plot(xs, list(line.values[: len(xs)]), marker=line.letter or "•",
                     color=colour)  # None: plotext's default colour
        if xs:
            plt.xticks(xs, list(data.labels))
        self.refresh()


def _rgb(colour: str) -> tuple[int, int, int] | None:
    """plotext's form of a colour; None (the default colour) under NO_COLOR, where the
    letters tell the lines apart."""
    if not colour or os.environ.get("NO_COLOR"):
        return None
    try:
        triplet = Color.parse(colour).get_truecolor()
    except ColorParseError:
        return None
    return (triplet.red, triplet.green, triplet.blue)
