"""TGN records as JSON, and back (the schema is documented in docs/json.md).

A JSON document is {"format": "tgn-json", "version": 1, "records": [RECORD, ...]}.
RECORD is {"tags": {name: value, ...}, "comments": [...], "moves": [MOVE, ...],
"result": "1-0"}; MOVE is {"turn": "D4", "nags": [...], "before": [...],
"comments": [...], "variations": [[MOVE, ...], ...]}, where empty lists are left out.
Tags keep their order: canonical tags first, then the others as read.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Iterator, TextIO

from .model import RESULTS, Node, Problem, Record
from .reader import MAX_DEPTH, bind_game, line_break_problem
from .writer import canonical_tags

FORMAT, VERSION = "tgn-json", 1
TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def record_to_json(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = {"tags": canonical_tags(record)}
    if record.comments:
        data["comments"] = list(record.comments)
    data["moves"] = [_node_to_json(record, node) for node in record.moves]
    data["result"] = record.result
    return data


def _node_to_json(record: Record, node: Node) -> dict[str, Any]:
    data: dict[str, Any] = {"turn": record.game.turn_text(node.turn)}
    for key in ("nags", "before", "comments"):
        if getattr(node, key):
            data[key] = list(getattr(node, key))
    if node.variations:
        data["variations"] = [[_node_to_json(record, child) for child in line] for line in node.variations]
    return data


def write_json(records: Iterable[Record], out: TextIO) -> None:
    """Write records as one JSON document, one record at a time."""
    out.write(f'{{"format": "{FORMAT}", "version": {VERSION}, "records": [')
    for index, record in enumerate(records):
        out.write(",\n  " if index else "\n  ")
        out.write(json.dumps(record_to_json(record), ensure_ascii=False))
    out.write("\n]}\n")


class SchemaError(ValueError):
    """A JSON value that does not have the documented shape."""


def read_json(text: str) -> Iterator[Record]:
    """Records from a JSON document; a record of the wrong shape gets a problem."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SchemaError(f"{error.lineno}:{error.colno}: not valid JSON: {error.msg}") from None
    except RecursionError:
        raise SchemaError("not readable JSON: arrays or objects nested too deeply") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SchemaError(f'not a TGN JSON document (its "format" must be "{FORMAT}")')
    if document.get("version") != VERSION:
        raise SchemaError(f"TGN JSON version {document.get('version')!r} is not supported (only {VERSION})")
    records = document.get("records")
    if not isinstance(records, list):
        raise SchemaError('"records" must be a list')
    for index, data in enumerate(records, 1):
        record = Record()
        try:
            _fill(record, data)
        except SchemaError as error:
            record.problems.append(Problem(f"record {index}: {error}"))
        yield record


RECORD_KEYS = {"tags", "comments", "moves", "result"}
MOVE_KEYS = {"turn", "nags", "before", "comments", "variations"}


def _known_keys(data: dict, keys: set[str], what: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        raise SchemaError(f"{what}: unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")


def _fill(record: Record, data: Any) -> None:
    _known_keys(_expect(data, dict, "a record"), RECORD_KEYS, "record")
    tags = _expect(data.get("tags"), dict, "tags")
    for name, value in tags.items():
        if not TAG_NAME.fullmatch(name):
            raise SchemaError(f"tag name {name!r} must be letters, digits or _ only")
        record.tags[name] = _expect(value, str, f"tag {name}")
        if problem := line_break_problem(name, value):
            raise SchemaError(problem)
    record.comments = _strings(data.get("comments", []), "comments")
    record.result = _expect(data.get("result"), str, "result")
    if record.result not in RESULTS:
        raise SchemaError(f"result {record.result!r} is not one of {', '.join(RESULTS)}")
    if record.tags.get("Result", record.result) != record.result:
        raise SchemaError(f"result {record.result} differs from the Result tag {record.tags['Result']!r}")
    if not bind_game(record):
        raise SchemaError(record.problems.pop().message)
    record.moves = _line(record, data.get("moves"), "moves", 0)


def _line(record: Record, data: Any, path: str, depth: int) -> list[Node]:
    if depth > MAX_DEPTH:
        raise SchemaError(f"{path}: variations nested more than {MAX_DEPTH} deep")
    line = []
    for index, item in enumerate(_expect(data, list, path)):
        where = f"{path}[{index}]"
        _known_keys(_expect(item, dict, where), MOVE_KEYS, where)
        text = _expect(item.get("turn"), str, f"{where}.turn")
        try:
            turn = record.game.read_turn(text)
        except ValueError as error:
            raise SchemaError(f"{where}.turn: {error}") from None
        nags = _expect(item.get("nags", []), list, f"{where}.nags")
        if not all(type(nag) is int and 0 <= nag <= 255 for nag in nags):  # bool is no NAG
            raise SchemaError(f"{where}.nags: NAGs are integers from 0 to 255")
        variations = _expect(item.get("variations", []), list, f"{where}.variations")
        line.append(Node(
            turn,
            nags=list(nags),
            before=_strings(item.get("before", []), f"{where}.before"),
            comments=_strings(item.get("comments", []), f"{where}.comments"),
            variations=[_line(record, variation, f"{where}.variations[{k}]", depth + 1)
                        for k, variation in enumerate(variations)],
        ))
    if depth and not line:
        raise SchemaError(f"{path}: a variation holds at least one turn")
    return line


def _expect(value: Any, kind: type, what: str) -> Any:
    if not isinstance(value, kind):
        names = {dict: "an object", list: "a list", str: "a string"}
        raise SchemaError(f"{what} must be {names[kind]}")
    return value


def _strings(value: Any, what: str) -> list[str]:
    items = _expect(value, list, what)
    if not all(isinstance(item, str) for item in items):
        raise SchemaError(f"{what} must be a list of strings")
    return [" ".join(item.split()) for item in items]
