"""TGN records: reading, writing, JSON, and replaying them under each game's rules."""

from .model import Node, Problem, ProblemCode, Record
from .reader import parse_record, read_file, read_records, read_string
from .replay import Replayed, check
from .writer import write_record

__all__ = ["Node", "Problem", "ProblemCode", "Record", "Replayed", "check", "parse_record", "read_file",
           "read_records", "read_string", "write_record"]
