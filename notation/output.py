"""Records written out as they were read (TGN), or as one JSON document: what `filter` writes."""

from __future__ import annotations

from typing import Iterable, Iterator, TextIO

from .model import Record
from .writer import write_record


def write(records: Iterable[Record], out: TextIO, as_json: bool = False) -> int:
    """Write records as read (TGN: each record's own text; a record read from JSON in its
    canonical form) or as JSON; how many were written. The records must have no problem,
    and for JSON be read and replayed (as notation/archive/chosen.py `Chosen` hands them out with `full`)."""
    if as_json:
        from .jsonio import write_json

        counted = [0]

        def each() -> Iterator[Record]:
            for record in records:
                counted[0] += 1
                yield record

        write_json(each(), out)
        return counted[0]
    written = 0
    for record in records:
        text = record.source.text if record.source is not None else write_record(record)
        out.write(("\n" if written else "") + text.strip("\n") + "\n")
        written += 1
    return written
