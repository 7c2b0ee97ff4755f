"""An event folder as the truth of a live event (docs/live.md): one TGN file per game.

Everything a game is lives in its file: the folder is read again whenever a file changes
(whoever changed it: the browser's scoresheet, a `ludoscribe record` session in a
terminal, a copy), and each game's version is a digest of its file's bytes. Recording
goes through `Scoresheet` under the same lock as `ludoscribe record` (notation/recording/lock.py),
so a game has one scorer at a time, and each change is saved atomically before it is
answered: stopping the program at any moment loses no saved turn.
"""

from __future__ import annotations

import copy
import datetime
import hashlib
import os
import re
import stat
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ..games import Outcome, game_class
from ..games.base import Position
from ..limits import MAX_RECORD, shorten
from ..recording.lock import Busy, ScoresheetLock
from ..model import GLYPHS, WINNERS, Node, Record
from ..problems import message_of, said_of, say
from ..reader import read_string
from ..replay import Replayed, check, replay
from ..recording.scoresheet import ANNOTATED, Objection, Scoresheet, correction
from ..worded import Worded
from .event_file import event_file_name

GAME_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.tgn")  # what a game's file may be called
NUMBER = re.compile(r"[1-9][0-9]{0,3}")  # a round or a board
# what an atomic save (notation/files.py) writes beside a game before it replaces it
TEMPORARY = re.compile(rf"\.(?P<game>{GAME_FILE.pattern})\.[a-z0-9_]{{8}}\.tmp")
TERMINATIONS = ("normal", "resignation", "agreement", "time forfeit", "adjudication")
KINDS = ("turn", "undo", "comment", "clock", "nag", "result", "reopen")


class FolderProblem(Worded):
    """Why the event folder refuses a game or a scorer's action, by its code, said in the page's or
    the command's language (docs/live.md#languages). Files' names, action kinds and what a system
    call said are given as they are."""

    NOT_A_FILE_NAME = "not-a-game-file-name", "{written!r} is not the name of a game file"
    GONE = "game-gone", "{path} is no longer in the event folder"
    NUMBERS = "round-board-numbers", "the round and the board are numbers from 1 to 9999"
    EXISTS = "game-exists", "round {number} board {board} exists already ({path}): open it to record it"
    NOT_AN_ACTION = "not-an-action", "{written!r} is not an action ({value})"
    MOVED_ON = "record-moved-on", "the record has {plies:# turn|# turns} now, not {ply}: this {key} was meant " \
        "for another position, so it is not saved"
    CANNOT_WRITE = "cannot-write", "cannot write {path}: {problem}"
    CANNOT_READ = "cannot-read", "cannot read {path}: {problem}"
    CANNOT_RECORD = "cannot-record", "cannot record {path}: {said}"
    CANNOT_CHANGE = "cannot-change", "cannot change {path}: {said}"
    BEGUN = "game-begun", "{path} has begun: its players are no longer changed"


class Refused(Exception):
    """An action or a request the event refuses; the message says why, for the scorer, and
    `detail` the rules' code behind it when the rules refused (see scoresheet.Objection), and
    `said` that code itself, which a page says in its reader's language; `reason`, for a scorer's
    action, why it was refused without the turn's label, keeping its own code (a Saying, an Objection)."""

    def __init__(self, message: str, detail: dict[str, object] | None = None, said: object = None,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.detail, self.said, self.reason = detail, said, reason


@dataclass(frozen=True, eq=False)
class GameFile:
    """One game of the event, as its file holds it now (each reading of a file is another)."""

    name: str  # the file's name in the folder: how the game is known
    version: str  # a digest of the file's bytes
    text: str
    record: Record | None  # None when the file holds no single readable record
    replayed: Replayed | None
    problem: str | None  # why the game cannot be followed, if it cannot
    stamp: tuple[int, int, int] = (0, 0, 0)  # inode, size, modification time: how a change is noticed

    @property
    def plies(self) -> int:
        return len(self.record.moves) if self.record is not None and self.problem is None else 0

    @property
    def result(self) -> str:
        return self.record.result if self.record is not None else "*"

    @property
    def finished(self) -> bool:
        return self.result != "*"

    @property
    def ended(self) -> Outcome | None:
        """How the rules ended the game, when they did."""
        return self.replayed.outcome if self.replayed is not None and self.problem is None else None

    def tag(self, name: str) -> str:
        return self.record.tags.get(name, "?") if self.record is not None else "?"

    @cached_property
    def line(self) -> list[tuple[Node | None, Position]]:
        """The main line's positions, as notation/replay.py `positions` gives them, taken from the
        replay already made: (None, start), then each turn's node and the position after it
        (nothing when the game cannot be followed)."""
        if self.record is None or self.replayed is None or self.problem is not None:
            return []
        played = self.replayed.history.positions
        return [(None, played[0]), *zip(self.record.moves, played[1:])]


def read_game(name: str, data: bytes, stamp: tuple[int, int, int] = (0, 0, 0)) -> GameFile:
    """A game from its file's bytes: read, replayed, and why it cannot be followed if it cannot."""
    version = hashlib.sha256(data).hexdigest()[:16]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return GameFile(name, version, "", None, None, f"{name} is not UTF-8 text (byte {error.start})", stamp)
    records = read_string(text, name)
    if len(records) != 1:
        return GameFile(name, version, text, records[0] if records else None, None,
                        f"{name} holds {len(records)} records: a game of the event is one record in its own file", stamp)
    record = records[0]
    replayed = check(record) if record.result != "*" else replay(record)
    if record.problems:
        return GameFile(name, version, text, record, replayed, f"{name} does not check: {record.problems[0]}", stamp)
    return GameFile(name, version, text, record, replayed, None, stamp)


Change = tuple[str, GameFile | None, GameFile | None]  # a game's name, the game as known, as read now (None: gone)


@dataclass(frozen=True)
class Action:
    """One change a scorer asks for: `id` is made by the scorer's device, so that an action
    sent twice is applied once; `ply` is the number of turns the device saw before it."""

    id: str
    ply: int
    kind: str  # one of KINDS
    text: str = ""  # the turn, comment, clock time, NAG or result (nothing for undo and reopen)
    reason: str = ""  # for a result: how the game ended (Termination)


@dataclass(frozen=True)
class Applied:
    """What an action did: the game now, and the result the rules call for if they ended it."""

    game: GameFile
    proposed: Outcome | None = None
    again: bool = False  # the action had been applied already


def saved_game(name: str, sheet: Scoresheet, text: str, stamp: tuple[int, int, int]) -> GameFile:
    """The game a scoresheet has just saved as `text`, made from the sheet in memory: what reading
    the file back would give, without reading, parsing or replaying it again. The record and the
    line are copies, which the sheet's next changes leave as they are."""
    replayed = Replayed(sheet.outcome(), sheet.history.copy())
    return GameFile(name, hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], text, _copied(sheet.record),
                    replayed, None, stamp)


def _copied(record: Record) -> Record:
    """A copy of a record that changes to either leave the other as it is (the rules and start shared)."""
    return copy.deepcopy(record, {id(record.game): record.game, id(record.start): record.start})


@dataclass
class EventFolder:
    """The games of an event folder, read again when their files change. A server changes them on
    one thread (render/live/hub.py); they may be read from any.

    A game saved here is known from its scoresheet, kept in memory with the version it saved
    (`sheets`): the next action starts from it while the file is as it was saved; a file
    changed elsewhere is read and replayed again, once (docs/live.md#choices).
    """

    root: Path
    games: dict[str, GameFile] = field(default_factory=dict)
    name: str = ""  # the event's name when it is given (`serve --event`)
    sheets: dict[str, tuple[str, Scoresheet]] = field(default_factory=dict)  # per game: the version saved, its sheet

    def path(self, name: str) -> str:
        """The file of a game (its name checked: never a path outside the folder)."""
        if not GAME_FILE.fullmatch(name):
            raise Refused(say(FolderProblem.NOT_A_FILE_NAME, written=shorten(name, 40)))
        return os.path.join(str(self.root), name)

    def scan(self, pool: Executor | None = None) -> list[str]:
        """Read the files that changed since the last scan (in `pool` if given); the names of the
        games changed or gone (`read_changes`, then `merge`)."""
        return self.merge(self.read_changes(pool))

    def read_changes(self, pool: Executor | None = None) -> list[Change]:
        """The games whose files changed since they were read, read again (in `pool` if given):
        only reads, which any thread may make while the games are saved; `merge` takes them in.

        Only regular files named like a game, directly in the folder, are games: links, hidden
        files (the locks) and everything else are left alone.
        """
        games = self.games  # never changed in place (see `_put`): the games as known when the reading began
        seen: dict[str, tuple[int, int, int]] = {}
        with os.scandir(self.root) as entries:
            for entry in entries:
                if GAME_FILE.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    info = entry.stat(follow_symlinks=False)
                    seen[entry.name] = (info.st_ino, info.st_size, info.st_mtime_ns)
        changes: list[Change] = [(name, game, None) for name, game in games.items() if name not in seen]
        stale = [(name, games.get(name)) for name, stamp in sorted(seen.items())
                 if (known := games.get(name)) is None or known.stamp != stamp]
        names = [name for name, _ in stale]
        loaded = list(pool.map(self.load, names) if pool is not None else map(self.load, names))
        return changes + [(name, known, game) for (name, known), game in zip(stale, loaded)]

    def merge(self, changes: list[Change]) -> list[str]:
        """Take in the games read by `read_changes`; the names of those changed or gone. A game
        saved or made here since it was read is left as it is: the next reading sees its file."""
        games, changed = dict(self.games), []
        for name, known, game in changes:
            if games.get(name) is not known:
                continue
            if game is None:
                games.pop(name, None)
                changed.append(name)
            else:
                if known is None or known.version != game.version:
                    changed.append(name)
                games[name] = game  # else touched, not changed
        self.games = games
        return changed

    def _put(self, name: str, game: GameFile | None) -> None:
        """Know a game as `game` (None: gone). The dict of games is replaced, never changed in place,
        so that whoever reads it meanwhile (the event loop, a reading thread) reads it whole."""
        games = dict(self.games)
        if game is None:
            games.pop(name, None)
        else:
            games[name] = game
        self.games = games

    def clear_temporary(self) -> list[str]:
        """Remove what saves cut short left in the folder; the names removed.

        Only the hidden files our atomic saves write beside a game
        (`.round2-board1.tgn.k3x9a0qz.tmp`), regular files of this user, are removed, and
        none of a game another session is recording (it may be saving it now).
        """
        with os.scandir(self.root) as entries:
            found = sorted((entry.name, match["game"]) for entry in entries
                           if (match := TEMPORARY.fullmatch(entry.name)) is not None)
        removed = []
        for name, game in found:
            path = os.path.join(str(self.root), name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
                continue
            lock = ScoresheetLock(self.path(game))
            try:
                lock.acquire()
            except (Busy, OSError):
                continue
            try:
                os.unlink(path)
                removed.append(name)
            except OSError:
                pass
            finally:
                lock.release()
        return removed

    def load(self, name: str) -> GameFile | None:
        """Read one game's file as it is now (None if it is gone or not a regular file)."""
        try:
            fd = os.open(self.path(name), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                return None
            stamp = (info.st_ino, info.st_size, info.st_mtime_ns)
            if info.st_size > MAX_RECORD * 4:
                return GameFile(name, f"size-{info.st_size}", "", None, None,
                                f"{name} is too large to be one game ({info.st_size} bytes)", stamp)
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
        finally:
            os.close(fd)
        data = b"".join(chunks)
        try:
            return read_game(name, data, stamp)
        except Exception as error:  # a bug met on this file only: it is shown as a problem, the others go on
            return GameFile(name, hashlib.sha256(data).hexdigest()[:16], "", None, None,
                            f"{name} cannot be read ({type(error).__name__}: {shorten(str(error), 200)})", stamp)

    def refresh(self, name: str) -> GameFile:
        """Read one game again now (after saving it); Refused if it is gone."""
        game = self.load(name)
        self._put(name, game)
        if game is None:
            raise Refused(say(FolderProblem.GONE, path=name))
        return game

    def event_name(self) -> str:
        """The event's name: the one given, else its event file's, else the Event tag its games share most,
        else the folder's name (docs/live.md#recording-a-game)."""
        if self.name:
            return self.name
        if (named := event_file_name(self.root)) is not None:
            return named
        names = [game.tag("Event") for game in self.games.values() if game.tag("Event") not in ("?", "")]
        return max(sorted(set(names)), key=names.count) if names else self.root.resolve().name or "?"

    def new_game(self, game: str, round_: str, board: str, players: tuple[str, str], variant: str = "",
                 event: str = "", site: str = "?", date: str | None = None) -> tuple[str, ScoresheetLock]:
        """Start a game's file, `round2-board1.tgn`; its name and the lock held on it (Refused saying why not).

        The tags are checked as `ludoscribe record` checks them (`Scoresheet.new`): a Date is
        YYYY.MM.DD (today's unless given), the two players are two different people.
        """
        if not NUMBER.fullmatch(round_) or not NUMBER.fullmatch(board):
            raise Refused(say(FolderProblem.NUMBERS))
        try:
            rules = game_class(game)
            rules(variant)
        except ValueError as error:
            raise Refused(str(error)) from None
        name = f"round{round_}-board{board}.tgn"
        exists = Refused(say(FolderProblem.EXISTS, number=round_, board=board, path=name))
        if os.path.lexists(self.path(name)):
            raise exists
        lock = ScoresheetLock(self.path(name))
        try:
            lock.acquire()
        except Busy as error:
            raise Refused(str(error)) from None
        try:
            if os.path.lexists(self.path(name)):  # made meanwhile
                raise exists
            tags = {"Event": event or self.event_name(), "Site": site,
                    "Date": date or datetime.date.today().strftime("%Y.%m.%d"), "Round": round_,
                    rules.sides[0]: players[0], rules.sides[1]: players[1], "Board": board}
            if variant.strip():
                tags["Variant"] = variant.strip()
            try:
                sheet = Scoresheet.new(rules.name, {tag: value.strip() or "?" for tag, value in tags.items()})
            except ValueError as error:
                raise Refused(str(error)) from None
            sheet.save(self.path(name))
        except BaseException:
            lock.release()
            raise
        self.refresh(name)
        return name, lock

    def apply(self, name: str, action: Action) -> Applied:
        """Apply a scorer's action to a game and save it (the caller holds the game's lock).

        Refused with the reason when the rules or the scoresheet refuse it (the reasons of
        `ludoscribe record`: a finished game takes no turn until it is reopened), or when the
        game is no longer where the device saw it (`ply`): the message says what changed.
        """
        if action.kind not in KINDS:
            raise Refused(say(FolderProblem.NOT_AN_ACTION, written=action.kind, value=", ".join(KINDS)))
        path = self.path(name)
        sheet, kept = self._sheet(name, path)
        plies = len(sheet.record.moves)
        if _done_already(sheet, action):
            game = self.games[name] if kept else self.refresh(name)
            self.sheets[name] = (game.version, sheet)
            return Applied(game, sheet.outcome(), again=True)
        if action.ply != plies:
            raise Refused(say(FolderProblem.MOVED_ON, plies=plies, ply=action.ply, key=action.kind))
        label = sheet.label() if not sheet.finished else ""
        problem = _change(sheet, action)  # refused, the sheet may be half changed: it is read again next time
        if problem is not None:
            raise Refused(f"{label}: {problem}" if action.kind == "turn" and label else problem,
                          problem.detail() if isinstance(problem, Objection) else None,
                          problem.said if isinstance(problem, Objection) else None, problem)
        try:
            text = sheet.save(path)
        except OSError as error:
            raise Refused(say(FolderProblem.CANNOT_WRITE, path=name, problem=error.strerror or str(error))) from None
        game = saved_game(name, sheet, text, _stamp(path, len(text.encode("utf-8"))))
        self._put(name, game)
        self.sheets[name] = (game.version, sheet)
        return Applied(game, game.replayed.outcome if game.replayed and sheet.record.result == "*" else None)

    def _sheet(self, name: str, path: str) -> tuple[Scoresheet, bool]:
        """The game's scoresheet, and whether it is the game as known (its file unchanged since it was
        read or saved here): then it is made from memory, else from the file, read and replayed."""
        version, sheet = self.sheets.pop(name, ("", None))
        known = self.games.get(name)
        if known is not None and known.stamp != (0, 0, 0) and known.stamp == _stamp(path):
            if sheet is not None and known.version == version:
                return sheet, True
            if known.problem is None and known.record is not None and known.replayed is not None:
                return Scoresheet(_copied(known.record), known.replayed.history.copy()), True
        try:
            return Scoresheet.load(path), False
        except OSError as error:
            raise Refused(say(FolderProblem.CANNOT_READ, path=name, problem=error.strerror or str(error))) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise Refused(say(FolderProblem.CANNOT_RECORD, path=name, said=said_of(message_of(error)))) from None


def _stamp(path: str, size: int | None = None) -> tuple[int, int, int]:
    """The file's inode, size and modification time; (0, 0, 0), which no scan matches, when it
    cannot be read or is not `size` bytes long (then another file replaced it meanwhile)."""
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError:
        return 0, 0, 0
    if size is not None and info.st_size != size:
        return 0, 0, 0
    return info.st_ino, info.st_size, info.st_mtime_ns


def _change(sheet: Scoresheet, action: Action) -> str | None:
    """Make the change on the scoresheet; why not, if it is refused."""
    if action.kind == "turn":
        return sheet.add_turn(action.text)
    if action.kind == "undo":
        try:
            return None if sheet.undo() is not None else "no turn to undo"
        except ValueError as error:  # finished, a turn with variations, a correction over a limit
            return str(error)
    if action.kind == "reopen":
        return sheet.reopen()
    if action.kind == "comment":
        return sheet.comment(action.text)
    if action.kind == "clock":
        return sheet.clock(action.text)
    if action.kind == "nag":
        return _annotate(sheet, action.text)
    if action.reason and action.reason not in TERMINATIONS:
        return f"{action.reason!r} is not how a game ends here ({', '.join(TERMINATIONS)})"
    problem = sheet.finish(action.text)
    if problem is None and action.reason:
        problem = sheet.set_tag("Termination", action.reason)
    return problem


def _annotate(sheet: Scoresheet, text: str) -> str | None:
    """Add a NAG ($14) or a glyph (!?) to the last turn."""
    if not sheet.record.moves:
        return "no turn yet: a NAG is added to a turn"
    word = text.strip()
    nag = GLYPHS.get(word) if word in GLYPHS else int(word[1:]) if re.fullmatch(r"\$[0-9]{1,3}", word) else None
    if nag is None or nag > 255:
        return f"{word!r} is not a NAG: a glyph (! ? !! ?? !? ?!) or $0 to $255"
    nags = sheet.record.moves[-1].nags
    if nag in nags:
        return f"the last turn has {word} already"
    nags.append(nag)
    return None


def _done_already(sheet: Scoresheet, action: Action) -> bool:
    """Whether the record already shows this action as its last change (sent again, after an
    answer that was lost): the same turn just played, the same comment or clock last, the same
    result, the result just taken back."""
    moves = sheet.record.moves
    if action.kind == "turn" and action.ply + 1 == len(moves):
        written = ANNOTATED.fullmatch(action.text.strip())
        if written is None:
            return False
        before = sheet.history.positions[-2]
        try:
            turn = sheet.game.read_turn(written["turn"])
            played = sheet.game.play(before, turn)
        except ValueError:
            return False
        return played.reason is None and sheet.game.turn_text(played.turn) == sheet.game.turn_text(moves[-1].turn)
    if action.ply != len(moves):
        return False
    if action.kind == "result":
        return sheet.record.result == action.text.strip()
    if action.kind == "reopen":
        comments = moves[-1].comments if moves else sheet.record.comments
        return not sheet.finished and bool(comments) and comments[-1] in {correction(result, []) for result in WINNERS}
    if not moves:
        return False
    if action.kind == "comment":
        return bool(moves[-1].comments) and moves[-1].comments[-1] == " ".join(action.text.split())
    if action.kind == "clock":
        return bool(moves[-1].comments) and moves[-1].comments[-1].endswith(f"[%clk {action.text.strip()}]")
    return False
