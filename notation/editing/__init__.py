"""Edits of a record's tree of turns, as the studio makes them (docs/annotating.md).

A turn is found by its **path**: the index of a turn in the main line, then, for a turn
inside a variation, the index of the variation among those of that turn and the index of
the turn in the variation, and so on: `(4,)` is the main line's fifth turn, `(4, 0, 2)` the
third turn of the first variation of the fifth turn (an alternative to it). The empty path
is the start, before the first turn. Paths are written "4", "4.0.2" and "" in addresses.

Every edit changes the record in place and returns the path of the turn to show after it;
a refused edit raises `EditRefused` with the reason's code (refusals.py), said in the words `check` uses, and leaves
the record as it was. Moving variations follows python-chess's GameNode (promote,
promote_to_main, remove_variation): a variation is a line of turns held by the turn it is
an alternative to.
"""

from __future__ import annotations

import re
from ..games import History, Position
from ..limits import comment_problem, text_problem
from ..model import Node, Record, find_commands, without_commands
from ..reader import parse_record
from ..replay import check
from ..problems import said_of, say, turn_label
from ..worded import Param, Said
from ..recording.scoresheet import date_problem, result_words
from ..writer import _TokenWriter, _wrap, required_tags  # the canonical writer's own pieces: one spelling of TGN
from ..walk import accept
from .refusals import EditProblem, EditRefused, reason_of, refused

__all__ = ["EditRefused", "EditProblem"]  # with the edits below

Path = tuple[int, ...]
MOVE_NAGS = range(1, 10)  # !, ?, !!, ??, !?, ?!, forced, singular, worst: one of them per turn
POSITION_NAGS = range(10, 20)  # drawish ... decisive: one of them per turn
MARKUP = ("arrow", "mark", "label", "dim")
COMMAND_NAME = re.compile(r"\w+")
RESULT_AT_END = re.compile(r"(?:^|\s)(?:1-0|0-1|1/2-1/2|\*)\s*\Z")  # a pasted line's result, left out


# --- paths -----------------------------------------------------------------------


def read_path(text: str) -> Path:
    """A path as an address writes it ("4.0.2", "" for the start); EditRefused if it is not one."""
    if not text:
        return ()
    parts = text.split(".")
    if len(parts) % 2 == 0 or not all(part.isdigit() and len(part) < 7 for part in parts):
        raise refused(EditProblem.NOT_A_PLACE, written=text[:40])
    return tuple(int(part) for part in parts)


def path_text(path: Path) -> str:
    return ".".join(map(str, path))


def line_of(record: Record, path: Path) -> tuple[list[Node], int]:
    """The line holding the turn at `path` and the turn's index in it; EditRefused if there is none."""
    if not path:
        raise refused(EditProblem.START_NOT_A_TURN)
    line = record.moves
    for at in range(0, len(path) - 1, 2):
        index, variation = path[at], path[at + 1]
        if index >= len(line) or variation >= len(line[index].variations):
            raise refused(EditProblem.NO_TURN_AT, written=path_text(path))
        line = line[index].variations[variation]
    if path[-1] >= len(line):
        raise refused(EditProblem.NO_TURN_AT, written=path_text(path))
    return line, path[-1]


def node_at(record: Record, path: Path) -> Node:
    line, index = line_of(record, path)
    return line[index]


def exists(record: Record, path: Path) -> bool:
    try:
        return not path or bool(line_of(record, path))
    except EditRefused:
        return False


def turns_to(record: Record, path: Path) -> list[Node]:
    """The turns played from the start to the turn at `path`, it included."""
    played: list[Node] = []
    line = record.moves
    for at in range(0, len(path) - 1, 2):
        index, variation = path[at], path[at + 1]
        played += line[:index]  # the turn at `index` is replaced by its variation
        line = line[index].variations[variation]
    return played + line[:path[-1] + 1] if path else played


def history_at(record: Record, path: Path) -> History:
    """The turns and positions from the start to the turn at `path` (EditRefused if one is illegal)."""
    game = record.rules
    history = History(record.start_position)
    for node in turns_to(record, path):
        played = game.play(history.position, node.turn)
        if played.after is None:
            raise refused(EditProblem.AT_TURN, turn=turn_label(game, history.position.number, history.position.side),
                          said=_refusal(played.refusal))
        history.push(played.turn, played.after)
    return history


def position_at(record: Record, path: Path) -> Position:
    return history_at(record, path).position


# --- turns and variations ----------------------------------------------------------


def play(record: Record, path: Path, text: str) -> Path:
    """Play the turn written `text` after the turn at `path`: at the end of its line it extends
    the line; else it goes to the turn that follows when it is that turn, into the variation
    that starts with it, or into a new variation. The path of the turn played."""
    game = record.rules
    history = history_at(record, path)
    position = history.position
    label = turn_label(game, position.number, position.side)
    outcome = game.outcome(position, history)
    if outcome is not None:
        raise refused(EditProblem.GAME_OVER, turn=label, ending=outcome)
    try:
        turn = game.read_turn(text.strip())
    except ValueError as error:
        raise refused(EditProblem.AT_TURN, turn=label, said=reason_of(error)) from None
    played = game.play(position, turn)
    if played.after is None:
        raise refused(EditProblem.AT_TURN, turn=label, said=_refusal(played.refusal))
    return _place(record, path, Node(played.turn), game.turn_text(played.turn))[0]


def _refusal(refusal: Said | None) -> Param:
    """The rules' refusal of a turn, as a refused edit says it."""
    assert refusal is not None  # a turn with no position after it is refused
    return refusal


def _place(record: Record, path: Path, node: Node, spelled: str) -> tuple[Path, bool]:
    """Put `node` after the turn at `path` (see `play`); its path, and whether it was put in
    (False: the same turn was there already, and is the one the path leads to)."""
    game = record.rules
    line, index = line_of(record, path) if path else (record.moves, -1)
    if index + 1 == len(line):
        line.append(node)
        return (*path[:-1], index + 1) if path else (0,), True
    after = (*path[:-1], index + 1) if path else (0,)
    following = line[index + 1]
    if game.turn_text(following.turn) == spelled:
        return after, False
    for number, variation in enumerate(following.variations):
        if game.turn_text(variation[0].turn) == spelled:
            return (*after, number, 0), False
    following.variations.append([node])
    return (*after, len(following.variations) - 1, 0), True


def _branch(path: Path) -> Path:
    """The path of the turn that the innermost variation holding `path` is an alternative to."""
    if len(path) < 3:
        raise refused(EditProblem.ON_MAIN_LINE)
    return path[:-2]


def promote(record: Record, path: Path) -> Path:
    """Move the innermost variation holding the turn at `path` one place up: before the variation
    before it, or, the first one, in place of the line it is an alternative to (which becomes
    the first variation). The turn's new path."""
    node_at(record, path)
    branch = _branch(path)
    outer, index = line_of(record, branch)
    head = outer[index]
    number = path[-2]
    if number > 0:
        head.variations[number - 1], head.variations[number] = head.variations[number], head.variations[number - 1]
        return (*branch, number - 1, path[-1])
    variation = head.variations[0]
    rest = outer[index:]
    del outer[index:]
    outer.extend(variation)
    new_head = variation[0]
    new_head.variations = [rest, *head.variations[1:], *new_head.variations]
    head.variations = []
    return (*branch[:-1], index + path[-1])


def promote_to_main(record: Record, path: Path) -> Path:
    """Promote the lines holding the turn at `path` until it is on the main line; its new path."""
    node_at(record, path)
    while len(path) > 1:
        path = promote(record, path)
    return path


def delete_from(record: Record, path: Path) -> Path:
    """Delete the turn at `path` and the rest of its line; the path of the turn before it.
    A turn that has variations gives its place to the first of them."""
    line, index = line_of(record, path)
    node = line[index]
    if index == 0 and len(path) > 1:
        return delete_variation(record, path)
    del line[index:]
    if node.variations:
        first, *others = node.variations
        first[0].variations = [*others, *first[0].variations]
        line.extend(first)
    return before(path)


def delete_variation(record: Record, path: Path) -> Path:
    """Delete the innermost variation holding the turn at `path`; the path of the turn before it."""
    node_at(record, path)
    branch = _branch(path)
    del node_at(record, branch).variations[path[-2]]
    return before(branch)


def before(path: Path) -> Path:
    """The path of the turn played before the one at `path` (the start: the empty path)."""
    if not path:
        return ()
    if path[-1] > 0:
        return (*path[:-1], path[-1] - 1)
    if len(path) == 1:
        return ()
    return before(path[:-2])


def line_text(record: Record, path: Path) -> str:
    """The turns from the start to the turn at `path`, as TGN movetext (numbers, NAGs, comments)."""
    line = Record(tags=dict(record.tags), moves=[Node(node.turn, list(node.nags), list(node.comments), list(node.before))
                                                 for node in turns_to(record, path)],
                  game=record.game, start=record.start)
    writer = _TokenWriter(record.rules)
    accept(line, writer)
    return _wrap(writer.tokens, 80)


def _quoted(value: str) -> str:
    """A tag value as TGN writes it between quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def paste(record: Record, path: Path, text: str) -> Path:
    """Play the TGN turns of `text` (with their numbers, NAGs, comments and variations) after the
    turn at `path`, as `play` plays one; EditRefused with `check`'s words if they are not legal
    there. The path of the last turn of their line."""
    game = record.rules
    position = position_at(record, path)
    tags = {"Game": game.name, "Variant": record.tags.get("Variant", ""), "SetUp": "1", "Position": game.position_code(position),
            "Result": "*"}
    header = "".join(f'[{name} "{_quoted(value)}"]\n' for name, value in tags.items() if value)
    body = RESULT_AT_END.sub("", text.strip())  # lines kept: a ";" comment ends with its line
    if not body:
        raise refused(EditProblem.NOTHING_TO_PASTE)
    pasted = parse_record(f"{header}\n{body} *\n", name="pasted")
    if not pasted.problems:
        check(pasted)
    problem = next(iter(pasted.problems), None)
    if problem is not None:
        raise (refused(EditProblem.AT_TURN, turn=said_of(problem.turn), said=said_of(problem.message)) if problem.turn
               else refused(EditProblem.AS_SAID, said=said_of(problem.message)))
    if not pasted.moves:
        raise refused(EditProblem.NOTHING_TO_PASTE)
    for at, node in enumerate(pasted.moves):
        path, added = _place(record, path, node, game.turn_text(node.turn))
        if added:
            line, index = line_of(record, path)
            line.extend(pasted.moves[at + 1:])
            return (*path[:-1], len(line) - 1)
    return path


# --- comments, NAGs and commands -----------------------------------------------------


def comment(record: Record, path: Path, *, before_turn: bool = False) -> str:
    """The words of the comment after the turn at `path` (before it, with `before_turn`; the
    record's opening comment for the start), its commands left out."""
    comments = _comments(record, path, before_turn)
    return " ".join(words for words in map(without_commands, comments) if words)


def _comments(record: Record, path: Path, before_turn: bool) -> list[str]:
    if not path:
        return record.comments
    node = node_at(record, path)
    return node.before if before_turn else node.comments


def _commands_only(text: str) -> str:
    return " ".join(text[found.start:found.end] for found in find_commands(text))


def set_comment(record: Record, path: Path, text: str, *, before_turn: bool = False) -> Path:
    """Write `text` as the comment after the turn at `path` (before it, with `before_turn`), in
    place of its words; its commands are kept as they are. "}" cannot be written in a comment."""
    words = " ".join(text.split())
    if "}" in words:
        raise refused(EditProblem.COMMENT_BRACE)
    if "[%" in words:
        raise refused(EditProblem.COMMENT_COMMAND)
    problem = text_problem(words) or comment_problem(words)
    if problem is not None:
        raise refused(EditProblem.AS_SAID, said=said_of(problem))
    comments = _comments(record, path, before_turn)
    kept = [commands for text in comments if (commands := _commands_only(text))]
    comments[:] = ([words] if words else []) + kept
    return path


def toggle_nag(record: Record, path: Path, nag: int) -> Path:
    """Give the turn at `path` the NAG, or take it away if it has it; a move NAG ($1-$9) or a
    position NAG ($10-$19) takes the place of the one of its kind the turn had."""
    if not 0 < nag <= 255:
        raise refused(EditProblem.NOT_A_NAG, number=nag)
    node = node_at(record, path)
    if nag in node.nags:
        node.nags.remove(nag)
        return path
    for kind in (MOVE_NAGS, POSITION_NAGS):
        if nag in kind:
            node.nags[:] = [kept for kept in node.nags if kept not in kind]
    if nag in MOVE_NAGS:
        node.nags.insert(0, nag)  # first, so that it is written as its glyph (12. D4!)
    else:
        node.nags.append(nag)
    return path


def command_args(node: Node, name: str) -> str | None:
    """The arguments of the turn's first [%name] command, None if it has none."""
    return next((args for found, args in node.commands() if found == name), None)


def set_command(record: Record, path: Path, name: str, args: str | None) -> Path:
    """Set the arguments of the turn's [%name] command (the first one, in its place), add it, or
    with `args` None remove every [%name] command of the turn."""
    if not COMMAND_NAME.fullmatch(name):
        raise refused(EditProblem.NOT_A_COMMAND, written=name[:40])
    if args is not None:
        args = " ".join(args.split())
        if "]" in args or "}" in args or "[%" in args:
            raise refused(EditProblem.COMMAND_CANNOT_HOLD, written=name)
    node = node_at(record, path)
    written = f"[%{name} {args}]" if args else f"[%{name}]"
    placed = args is None
    for number, text in enumerate(node.comments):
        parts, at = [], 0
        for found in find_commands(text):
            if found.name == name:
                parts.append(text[at:found.start])
                if not placed:
                    parts.append(written)
                    placed = True
                at = found.end
        parts.append(text[at:])
        node.comments[number] = " ".join("".join(parts).split())
    node.comments[:] = [text for text in node.comments if text]
    if not placed:
        _add_command(node, written)
    return path


def _add_command(node: Node, written: str) -> None:
    """Add a command to the turn's last comment that holds commands, else as a comment of its own."""
    for number in range(len(node.comments) - 1, -1, -1):
        if _commands_only(node.comments[number]):
            node.comments[number] += " " + written
            return
    node.comments.append(written)


def _items(args: str) -> list[list[str]]:
    return [words for item in args.split(",") if (words := item.split())]


def _key(words: list[str]) -> str:
    """What makes two items of a markup command the same place: the cell, or the arrow's two cells."""
    return words[0]


def toggle_markup(record: Record, path: Path, name: str, item: str) -> Path:
    """Draw a mark, arrow, label or dimmed cell on the position after the turn at `path`, as an
    item of its [%name] command ("D4 circle red", "D3-D5 red", "D4 A", "D4"), or remove it.

    The same item again removes it; an item on the same place but not the same (another
    colour, shape or text) takes its place. The other items are left as written."""
    if name not in MARKUP:
        raise refused(EditProblem.NOT_MARKUP, written=name[:40], kinds=list(MARKUP))
    words = item.split()
    if not words or "," in item or "]" in item or "}" in item or "[%" in item:
        raise refused(EditProblem.NOT_AN_ITEM, written=item[:40], tag=name)
    node = node_at(record, path)
    key = _key(words)
    same = " ".join(words).lower()
    removed = False
    was_there = False
    for number, text in enumerate(node.comments):
        parts, at = [], 0
        for found in find_commands(text):
            if found.name != name:
                continue
            items = _items(found.args)
            kept = [words_ for words_ in items if _key(words_) != key]
            if len(kept) == len(items):
                continue
            was_there = was_there or any(" ".join(words_).lower() == same for words_ in items
                                         if _key(words_) == key)
            removed = True
            parts.append(text[at:found.start])
            if kept:
                parts.append(f"[%{name} {', '.join(' '.join(words_) for words_ in kept)}]")
            at = found.end
        if parts:
            parts.append(text[at:])
            node.comments[number] = " ".join("".join(parts).split())
    node.comments[:] = [text for text in node.comments if text]
    if removed and was_there:
        return path
    _add_item(node, name, " ".join(words))
    return path


def _add_item(node: Node, name: str, item: str) -> None:
    """Add an item to the turn's last [%name] command, else a new command."""
    for number in range(len(node.comments) - 1, -1, -1):
        text = node.comments[number]
        last = [found for found in find_commands(text) if found.name == name]
        if last:
            found = last[-1]
            joined = f"{found.args}, {item}" if found.args else item
            node.comments[number] = text[:found.start] + f"[%{name} {joined}]" + text[found.end:]
            return
    _add_command(node, f"[%{name} {item}]")


# --- tags -----------------------------------------------------------------------------


TAG_NAME = re.compile(r"[A-Za-z0-9_]{1,64}")
FIXED_TAGS = ("Game", "Variant", "SetUp", "Position")  # they decide the game and its start: a new record changes them


def set_tag(record: Record, name: str, value: str) -> None:
    """Give the tag `name` the value, with `record`'s checks (docs/tournaments.md#recording-at-the-table): a date the
    calendar has, two different players, a result the rules' end allows."""
    from ..limits import tag_problem
    from ..reader import line_break_problem

    if not TAG_NAME.fullmatch(name):
        raise refused(EditProblem.NOT_A_TAG_NAME, written=name[:40])
    if name in FIXED_TAGS:
        raise refused(EditProblem.FIXED_TAG, tag=name)
    value = value.strip()
    problem = text_problem(value) or line_break_problem(name, value) or tag_problem(name, value)
    if problem is None and name == "Date" and value not in ("", "?"):
        problem = date_problem(value)
    sides = record.rules.sides
    if problem is None and name in sides and value not in ("", "?"):
        other = sides[1 - sides.index(name)] if len(sides) == 2 else None
        if other is not None and " ".join(record.tags.get(other, "").split()).casefold() == " ".join(value.split()).casefold():
            problem = say(EditProblem.SAME_PLAYER, tag=other, written=value)
    if problem is None and name == "Result":
        problem = _result_problem(record, value)
    if problem is not None:
        raise refused(EditProblem.TAG, tag=name, said=said_of(problem))
    record.tags[name] = value
    if name == "Result":
        record.result = value


def _result_problem(record: Record, value: str) -> str | None:
    from ..model import RESULTS

    if value not in RESULTS:
        return say(EditProblem.NOT_A_RESULT, written=value[:20])
    history = History(record.start_position)
    game = record.rules
    for node in record.moves:
        played = game.play(history.position, node.turn)
        if played.after is None:
            break
        history.push(played.turn, played.after)
    outcome = game.outcome(history.position, history)
    if outcome is not None and outcome.result != value:
        return say(EditProblem.RESULT_AGAINST_END, ending=outcome, result=said_of(result_words(record, outcome.result)),
                   given=said_of(result_words(record, value)))
    return None


def remove_tag(record: Record, name: str) -> None:
    """Take the tag away; the tags every record has (docs/format.md#tags) are set to "?" instead."""
    if name in FIXED_TAGS or name == "Game":
        raise refused(EditProblem.FIXED_TAG, tag=name)
    if name == "Result":
        raise refused(EditProblem.RESULT_KEPT)
    if name in required_tags(record):
        record.tags[name] = "?"
    else:
        record.tags.pop(name, None)


def new_record(game: str, tags: dict[str, str]) -> str:
    """The canonical text of a new record of `game` with no turn yet, its tags checked as `record`
    checks them (a Variant the game knows, a set-up Position the rules can have); EditRefused
    saying why otherwise."""
    from ..recording.scoresheet import Scoresheet
    from ..writer import write_record

    from ..games import game_class

    given = {name: value.strip() for name, value in tags.items() if value.strip()}
    if given.get("Position"):
        given["SetUp"] = "1"
        try:
            game_class(game)(given.get("Variant", "")).read_position(given["Position"])
        except ValueError as error:
            raise refused(EditProblem.BAD_POSITION, said=reason_of(error)) from None
    try:
        sheet = Scoresheet.new(game, given)
    except ValueError as error:
        raise refused(EditProblem.AS_SAID, said=reason_of(error)) from None
    return write_record(sheet.record)
