"""An event file's event as a FIDE report file (docs/tournaments.md#the-fide-report-file-trf): its
header lines from the event file, its rounds from the round files."""

from __future__ import annotations

from .event_file import Event
from .rounds import Rounds
from .trf import Report

KINDS = {"swiss": "Swiss", "round-robin": "Round robin", "double-round-robin": "Double round robin"}


def trf_date(date: str) -> str:
    """An event date, YYYY.MM.DD, as a report file writes it, YYYY/MM/DD."""
    return date.replace(".", "/")


def event_report(event: Event, rounds: Rounds) -> Report:
    """The report of an event's rounds: its name, place, first and last days, type and rounds planned."""
    days = sorted(event.dates)
    return Report(rounds, name=event.name, city="" if event.site == "?" else event.site,
                  start=trf_date(days[0]) if days else "", end=trf_date(days[-1]) if days else "",
                  kind=KINDS[event.pairing], planned_rounds=event.rounds or None)
