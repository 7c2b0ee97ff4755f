"""A checked record as Markdown with SVG files (`convert --to md`, docs/cli.md#convert): the tags
as a table, the moves as paragraphs, a variation a quote level deeper, the diagrams as images."""

from __future__ import annotations

import re
from typing import Callable

from ..notation.languages import Words
from ..notation.model import GLYPH_OF, Record
from ..notation.replay import Replayed
from ..notation.walk import Step, Visitor, accept
from ..notation.writer import canonical_tags
from .budgets import DEFAULT as DEFAULT_BUDGETS
from .budgets import Budgets, BudgetError, over_budget
from .diagram import renderer_for
from .escaping import markdown_text
from .turn_tree import Tree, drawing, turn_number, walk
from .wording import (ENGLISH, nag_text, remark_markdown, remarks, result_sentence, result_text, shown_tag, title,
                      wants_diagram)


LINE_START_NUMBER = re.compile(r"^(\d+)\.", re.MULTILINE)


def render_markdown(record: Record, replayed: Replayed | None, svg_name: Callable[[int], str],
                    size: int = 480, flipped: bool = False,
                    budgets: Budgets = DEFAULT_BUDGETS, words: Words = ENGLISH) -> tuple[str, dict[str, str]]:
    """Markdown for a checked record, and the SVG files its images name ({file name: SVG}),
    in the language of `words` (the record's own text as it is).

    svg_name: the file name of the diagram of an entry (0 = start), e.g. 'game-012.svg'.
    BudgetError if the record's page would exceed a budget (render/budgets.py).
    """
    if (problem := over_budget(record, budgets)) is not None:
        raise BudgetError(problem)
    tree = walk(record)
    try:
        draw = renderer_for(record.rules)
    except ValueError:
        draw = None
    files: dict[str, str] = {}

    def image(number: int, caption: str) -> str:
        if draw is None:
            return ""
        files[svg_name(number)] = drawing(tree, number, draw, size, flipped, words)  # only the diagrams shown
        return f"![{markdown_text(caption)}]({svg_name(number)})"

    tag, value, moves, result = (words.gettext("Tag"), words.gettext("Value"), words.gettext("Moves"),
                                 words.gettext("Result"))
    lines = [f"# {markdown_text(title(record, words))}", "", f"| {tag} | {value} |", "|---|---|"]
    lines += [f"| {markdown_text(name)} | {markdown_text(shown_tag(name, value))} |"
              for name, value in canonical_tags(record).items()]
    lines += ["", f"## {moves}", ""]
    blocks: list[tuple[int, str]] = []
    intro = " ".join(remark_markdown(*part, words) for part in remarks(record.comments))
    accept(record, _MarkdownMoves(tree, blocks, image, intro, words))
    for depth, text in blocks:
        lines += ["> " * depth + LINE_START_NUMBER.sub(r"\1\\.", text), ""]
    verdict, reason = result_text(record, replayed, words)
    sentence = result_sentence(markdown_text(verdict), markdown_text(reason), words)
    lines += [f"## {result}", "", f"**{markdown_text(record.result)}** {sentence}", ""]
    final = image(tree.main_line_end, words.gettext("Final position"))
    if final:
        lines += [final, ""]
    return "\n".join(lines), files


class _MarkdownMoves(Visitor):
    """The moves as paragraphs: a line's turns run on until a diagram or a variation; a
    variation is a paragraph one quote level deeper."""

    def __init__(self, tree: Tree, blocks: list[tuple[int, str]], image: Callable[[int, str], str], intro: str,
                 words: Words = ENGLISH) -> None:
        self.tree, self.blocks, self.image, self.language = tree, blocks, image, words
        self.sides = tree.record.rules.sides
        self.words: list[list[str]] = []  # per open line, the words of its paragraph so far
        self.run_on: list[bool] = []  # per open line: its next turn follows a plain turn (no number for the second side)
        self.intro = intro

    def flush(self) -> None:
        if self.words[-1]:
            self.blocks.append((len(self.words) - 1, " ".join(self.words[-1])))
            self.words[-1].clear()

    def begin_line(self, depth: int, parent: Step | None) -> None:
        if parent is not None:
            self.flush()
            self.run_on[-1] = False  # after a variation, the line's next turn is numbered
        self.words.append([self.intro] if parent is None and self.intro else [])
        self.run_on.append(False)

    def visit_turn(self, step: Step) -> None:
        node, words = step.node, self.words[-1]
        number = self.tree.of(node)
        entry = self.tree.entries[number]
        before, after = remarks(node.before), remarks(node.comments)
        if not self.run_on[-1] or before or entry.played_from.side == 0:  # as PGN: a second side's turn numbered
            words.append(turn_number(entry.played_from))                 # only after what readers see between
        words.extend(remark_markdown(*part, self.language) for part in before)
        glyphs = "".join(GLYPH_OF[nag] for nag in node.nags if nag in GLYPH_OF)
        words.append(markdown_text(self.tree.record.rules.turn_text(node.turn) + glyphs))
        words.extend(f"({markdown_text(nag_text(nag, self.sides, self.language))})" for nag in node.nags
                     if nag not in GLYPH_OF)
        words.extend(remark_markdown(*part, self.language) for part in after)
        self.run_on[-1] = not after
        if wants_diagram(node):
            picture = self.image(number, self.language.gettext("After {turn}").format(turn=entry.label))
            if picture:
                self.flush()
                self.blocks.append((len(self.words) - 1, picture))
                self.run_on[-1] = False

    def end_line(self, depth: int) -> None:
        self.flush()
        self.words.pop()
        self.run_on.pop()
