"""What the studio's page shows of a record (docs/annotating.md): the board as it will be published,
with a tappable shape over each cell, the move list with its variations, the current turn's
comments, NAGs, clock and markup, the tags, and where the keys lead."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Hashable

from ...notation import editing
from ...notation.editing import Path, path_text
from ...notation.recording.entry import entry_for
from ...notation.games import SomeGame
from ...notation.games.plugins import display_name
from ...notation.model import GLYPH_OF, Node, Record, without_commands
from ...notation.writer import canonical_tags
from ..diagram import GOES_ON, LINE_END, MAIN_END, annotations_of, position_diagram, renderer_for
from ..escaping import html_text
from ..frames import inline, prefixed, split
from ..live.cells import regions
from ...notation.languages import N_
from ..live.languages import ENGLISH_WORDS
from ..live.sheet import turn_label
from ...notation.languages import GAME_WORD, Words

SIZE = 480  # the board, in pixels (CSS scales it to the screen)
SYMBOLS = {7: "□", 10: "=", 13: "∞", 14: "+=", 15: "=+", 16: "±", 17: "∓", 18: "+−", 19: "−+", 22: "⨀", 32: "⟳", 36: "→",
           40: "↑", 132: "⇆", 146: "N"}
# The NAG palette: move NAGs, then position NAGs, with their names (docs/format.md#nags-and-glyphs)
PALETTE = ((1, N_("good turn")), (2, N_("mistake")), (3, N_("brilliant turn")), (4, N_("blunder")),
           (5, N_("interesting turn")), (6, N_("dubious turn")), (7, N_("only turn")), (10, N_("equal position")),
           (13, N_("unclear position")), (14, N_("slight advantage to the first side")),
           (15, N_("slight advantage to the second side")), (16, N_("clear advantage to the first side")),
           (17, N_("clear advantage to the second side")), (18, N_("decisive advantage to the first side")),
           (19, N_("decisive advantage to the second side")))


_SPELLED: OrderedDict[tuple[type, frozenset[str], Hashable], str] = OrderedDict()
KEPT = 100_000  # turns' spellings kept: a move list drawn again after an edit spells each turn once


def spelled(rules: SomeGame, turn: Hashable) -> str:
    """The turn's canonical text (kept: some games spell a turn slowly, and the list is drawn at every edit)."""
    key = (type(rules), rules.variant, turn)
    text = _SPELLED.get(key)
    if text is None:
        text = _SPELLED[key] = rules.turn_text(turn)
        if len(_SPELLED) > KEPT:
            _SPELLED.popitem(last=False)
    return text


def nag_text(nag: int) -> str:
    return GLYPH_OF.get(nag) or SYMBOLS.get(nag) or f"${nag}"


def board(record: Record, path: Path, said: Words = ENGLISH_WORDS) -> tuple[str, str]:
    """The board after the turn at `path` as it will be published, tappable, and its accessible name
    (in the language of `said`)."""
    rules = record.rules
    history = editing.history_at(record, path)
    position = history.position
    name = display_name(rules.name)
    node = editing.node_at(record, path) if path else None
    english = said is ENGLISH_WORDS
    if node is None:
        label = f"{name}, start position" if english else said.gettext(N_("{game}, start position")).format(game=name)
        last = None
    else:
        before = history.positions[-2]
        label = (f"{name}, position after {rules.label(before.number, before.side)} {rules.turn_text(node.turn)}"
                 if english else said.gettext(N_("{game}, position after {turn} {written}")).format(
                     game=name, turn=turn_label(rules, before.number, before.side, said), written=rules.turn_text(node.turn)))
        last = (before, node.turn)
    outcome = rules.outcome(position, history)
    if english:
        label += f": {outcome.reason}" if outcome is not None else f", {rules.sides[position.side]} to play"
    else:
        label += (said.gettext(": ") + outcome.reason_in(said) if outcome is not None else
                  said.gettext(N_(", {side} to play")).format(side=said.pgettext(GAME_WORD, rules.sides[position.side])))
    where = MAIN_END if not record.moves else GOES_ON  # as the record page draws it (render/turn_tree.py)
    if node is not None:
        line, index = editing.line_of(record, path)
        where = GOES_ON if index < len(line) - 1 else MAIN_END if len(path) == 1 else LINE_END
    try:
        svg = position_diagram(record, renderer_for(rules), node, last[0] if last else None, position,
                               lambda: zip((turn for _, turn in history.turns), history.positions[1:]), where, size=SIZE)
    except ValueError:  # a game without a drawing
        return f'<p class="st-noboard">{html_text(label)}</p>', label
    return inline(svg, "st-", label) + cells_layer(svg, rules.name, said=said), label


def cells_layer(svg: str, game: str, prefix: str = "st-", said: Words = ENGLISH_WORDS) -> str:
    """A second drawing laid over the board: a transparent shape over each cell (render/live/cells.py),
    the buttons that taps and drags reach. The board itself is a picture (role img): nothing in it
    can be focused. `prefix`: the one the board's ids were given (a shape may use one of them)."""
    shapes = "".join(f'<g class="ls-cell" data-cell="{html_text(cell)}">{prefixed(element, prefix)}</g>'
                     for cell, element in regions(game, SIZE, False))
    if not shapes:
        return ""
    root, _ = split(svg)
    kept = {name: value for name, value in root.items() if name in ("viewBox", "width", "height", "preserveAspectRatio")}
    attributes = "".join(f' {name}="{html_text(value)}"' for name, value in kept.items())
    name = html_text(said.gettext(N_("Cells of the board")))
    return (f'<svg{attributes} class="st-overlay" role="group" aria-label="{name}">'
            f'<g class="ls-cells">{shapes}</g></svg>')


def moves_html(record: Record, at: Path, said: Words = ENGLISH_WORDS) -> str:
    """The move list: every turn a button naming its place, variations in parentheses, comments as text."""
    rules = record.rules
    start = record.start_position
    start_current = ' aria-current="step"' if not at else ""
    start_word = html_text(said.gettext(N_("Start")))
    out: list[str] = [f'<button type="button" class="st-m st-start" data-at=""{start_current}>{start_word}</button> ']
    if record.comments:
        out.append(f'<span class="st-c">{html_text(editing.comment(record, ()))}</span> ')

    def line(turns: list[Node], prefix: Path, number: int, side: int) -> None:
        numbered = True
        for index, node in enumerate(turns):
            path = (*prefix, index)
            if node.before:
                out.append(f'<span class="st-c">{html_text(" ".join(map(without_commands, node.before)))}</span> ')
                numbered = True
            shown = f"{number}." if side == 0 else f"{number}..."
            written = spelled(rules, node.turn) + "".join(nag_text(nag) for nag in node.nags[:1] if nag in GLYPH_OF)
            extra = " ".join(nag_text(nag) for nag in node.nags if not (nag in GLYPH_OF and nag == node.nags[0]))
            current = ' aria-current="step"' if path == at else ""
            number_text = f'<span class="st-n">{shown}</span> ' if numbered or side == 0 else ""
            out.append(f'{number_text}<button type="button" class="st-m" data-at="{path_text(path)}"{current}>'
                       f'{html_text(written)}{(" " + html_text(extra)) if extra else ""}</button> ')
            words = " ".join(text for text in map(without_commands, node.comments) if text)
            if words:
                out.append(f'<span class="st-c">{html_text(words)}</span> ')
            numbered = bool(words or node.variations)
            for variation_number, variation in enumerate(node.variations):
                out.append('<span class="st-var">(')
                line(variation, (*path, variation_number), number, side)
                out.append(")</span> ")
            number, side = (number, side + 1) if side + 1 < len(rules.sides) else (number + 1, 0)

    line(record.moves, (), start.number, start.side)
    out.append(f'<span class="st-result">{html_text(record.result)}</span>')
    return "".join(out)


def navigation(record: Record, at: Path) -> dict[str, str | None]:
    """Where each key leads from the turn at `at` (None: nowhere): ←/→, ↑/↓ (out of a variation,
    into the next one), Home and End."""
    def known(path: Path | None) -> str | None:
        return path_text(path) if path is not None and editing.exists(record, path) else None

    forward: Path = (*at[:-1], at[-1] + 1) if at else (0,)
    down: Path | None = None
    if editing.exists(record, forward) and editing.node_at(record, forward).variations:
        down = (*forward, 0, 0)
    elif len(at) > 1 and at[-1] == 0:
        down = (*at[:-2], at[-2] + 1, 0)
    end = forward if editing.exists(record, forward) else at
    while editing.exists(record, (*end[:-1], end[-1] + 1)) if end else False:
        end = (*end[:-1], end[-1] + 1)
    return {"back": path_text(editing.before(at)) if at else None, "forward": known(forward),
            "up": known(at[:-2]) if len(at) > 1 else None, "down": known(down), "first": "" if at else None,
            "last": known(end) if end != at else None}


def state(record: Record, at: Path, said: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """Everything the page shows of a record at the turn `at`, its words in the language of `said`."""
    rules = record.rules
    svg, label = board(record, at, said)
    node = editing.node_at(record, at) if at else None
    entry = entry_for(rules)
    return {
        "at": path_text(at), "board": svg, "label": label, "moves": moves_html(record, at, said),
        "comment": editing.comment(record, at), "before": editing.comment(record, at, before_turn=True) if at else "",
        "nags": list(node.nags) if node else [], "clock": (editing.command_args(node, "clk") or "") if node else "",
        "markup": _markup(node, said), "nav": navigation(record, at), "needs": entry.needs, "buttons": entry.buttons_in(said),
        "tags": list(canonical_tags(record).items()), "game": rules.name, "sides": list(rules.sides),
        "in_variation": len(at) > 1, "palette": [[nag, nag_text(nag), said.gettext(name)] for nag, name in PALETTE],
    }


MARKUP_WORDS = (N_("arrow"), N_("mark"), N_("label"), N_("dim"))  # with the colours and shapes of page.html


def _markup(node: Node | None, said: Words = ENGLISH_WORDS) -> list[str]:
    """The turn's markup, in words (in the language of `said`), for the page to list."""
    drawn = annotations_of(node)
    say = said.gettext
    return ([f"{say('arrow')} {arrow.start}-{arrow.end} {say(arrow.colour)}" for arrow in drawn.arrows]
            + [f"{say('mark')} {mark.cell} {say(mark.shape)} {say(mark.colour)}" for mark in drawn.marks]
            + [f"{say('label')} {label.cell} {label.text}" for label in drawn.labels]
            + [f"{say('dim')} {cell}" for cell in drawn.dims])


def record_title(record: Record) -> str:
    """How the list names a record: its players, event and date."""
    sides = record.game.sides if record.game is not None else ("White", "Black")
    players = " – ".join(record.tags.get(side, "?") for side in sides)
    return f"{players}, {record.tags.get('Event', '?')} {record.tags.get('Date', '')}".strip()
