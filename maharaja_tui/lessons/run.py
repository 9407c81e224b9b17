"""A lesson being played: which step is due, and whether a decision is the one it asks for.

The step due is read off the game itself: the guided seat's decisions so far are the
steps done (the screen plays only the decisions a step asks for while the lesson
runs), so undo and redo move the lesson back and forth with the game. A step's token
is read by the game's notation in the position at hand (``candidates``: what it may
mean), and the decisions it allows are those of its readings the rules accept now.
When the step due cannot be played (the computers went another way, after a change of
their play or of the rules), the lesson says so and the game goes on as any other.

It knows no particular game and no screen: the game screen asks it and draws what it
says (``LessonData``, the lesson panel's plain data).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.notation import NotationError
from engine.registry import spec_of
from maharaja_tui.lessons import DONE, Lesson, Step, keys_in_words
from maharaja_tui.widgets.lesson_panel import LessonData
from maharaja_tui.widgets.segments import Segments

LEAVE_KEY = "ctrl+e"  # leaves the lesson (the game screen's binding)
LEAVE_WORDS = "^e leaves the lesson"


class LessonRun:
    """One lesson on one table: the guided seat is ``seat``."""

    def __init__(self, lesson: Lesson, seat: int = 0) -> None:
        self.lesson = lesson
        self.seat = seat
        self.left = False  # the player left the lesson: the game goes on without it
        self.notation: Any = spec_of(lesson.game).load_notation()
        self.ruleset: Any = spec_of(lesson.game).load_ruleset()

    # ------------------------------------------------------------- where it is
    def done(self, steps: Sequence[Any]) -> int:
        """How many steps are done: the guided seat's decisions in the game's log."""
        return sum(1 for step in steps if step.seat == self.seat)

    def due(self, steps: Sequence[Any]) -> Step | None:
        """The step the guided seat's next decision is, while the lesson runs."""
        done = self.done(steps)
        if self.left or done >= len(self.lesson.steps):
            return None
        return self.lesson.steps[done]

    def running(self, steps: Sequence[Any]) -> bool:
        return self.due(steps) is not None

    def allowed(self, view: Any, step: Step) -> list[Any]:
        """The decisions ``step`` allows now: its token's readings the rules accept."""
        try:
            readings = self.notation.candidates(view, self.seat, step.expect)
        except NotationError:
            return []
        out = []
        for intent in readings:
            if self.ruleset.is_legal(view, self.seat, intent) and intent not in out:
                out.append(intent)
        return out

    # ------------------------------------------------------------------ words
    def panel(self, steps: Sequence[Any], view: Any, deciding: bool,
              said: Segments = ()) -> LessonData:
        """What the lesson panel shows now: the step due (when the guided seat decides),
        waiting words before it, the farewell after the last step; ``said``: a line
        about the last decision tried (one the step does not ask for)."""
        lesson = self.lesson
        total = len(lesson.steps)
        done = self.done(steps)
        if self.left:
            return LessonData("Lesson left", texts=(LEFT_WORDS,))
        if done >= total:
            return LessonData(DONE, texts=(lesson.farewell,))
        step = lesson.steps[done]
        title = f"Step {done + 1}/{total}"
        if not deciding:
            return LessonData(title, texts=("The computers play their turns…",),
                              footer=LEAVE_WORDS)
        if not self.allowed(view, step):
            return LessonData(title, texts=(LOST_WORDS,))
        return step_data(step, done + 1, total, said)

    def note(self, steps: Sequence[Any]) -> LessonData | None:
        """The step due, for a dialog it opens (which covers the panel)."""
        step = self.due(steps)
        if step is None:
            return None
        return step_data(step, self.done(steps) + 1, len(self.lesson.steps))

    def note_title(self, steps: Sequence[Any]) -> str:
        return f"Step {self.done(steps) + 1}/{len(self.lesson.steps)}"


def step_data(step: Step, number: int, total: int, said: Segments = ()) -> LessonData:
    """The lesson panel's data for ``step``, the ``number``-th of ``total``: its title,
    keys and words, and the guide's section F1 opens with the rule ids it teaches."""
    return LessonData(f"Step {number}/{total}", keys_in_words(step.keys), (step.text,), said,
                      f"F1 {step.section} · {' '.join(step.rules)}")


LEFT_WORDS = ("You left the lesson: the game goes on as any other, against easy computers. "
              "F1 has the guide; h asks the computer for a hint.")
LOST_WORDS = ("The game went another way than the lesson planned: it cannot go on from "
              "here. Play on as you like; F1 has the guide.")
