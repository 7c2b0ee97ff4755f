"""Records from files and folders, and output written atomically."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator, TextIO, cast

from .jsonio import SchemaError, read_json
from .model import Record
from .problems import InputProblem, say
from .worded import Worded
from .reader import read_file, read_records

RECORD_SUFFIXES = (".tgn", ".json")
PARQUET_MARK = ".ludoscribe-parquet"  # in a folder written by `export`: what wrote it (JSON)
# Never follow a final symbolic link, never wait on a FIFO, never take a terminal for ours.
SAFE_OPEN = sum(getattr(os, flag, 0) for flag in ("O_NOFOLLOW", "O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC"))  # those the system has


class FileProblem(Worded):
    """Why a path is not a file a command reads or writes in place, by its code, said in the command's
    language (docs/languages.md#the-command-line): the system's OSError carries it as its reason."""

    LINK = "symbolic-link", "{path} is a symbolic link, not a regular file"
    FOLDER = "folder", "{path} is a folder, not a regular file"
    FIFO = "fifo", "{path} is a FIFO, not a regular file"
    SOCKET = "socket", "{path} is a socket, not a regular file"
    DEVICE = "device", "{path} is a device, not a regular file"
    OTHER = "not-regular", "{path} is not a regular file"
    HARD_LINKS = "hard-links", "{path} has {count} other name(s) (hard links), so writing it would change them"


KINDS = ((stat.S_ISLNK, FileProblem.LINK), (stat.S_ISDIR, FileProblem.FOLDER), (stat.S_ISFIFO, FileProblem.FIFO),
         (stat.S_ISSOCK, FileProblem.SOCKET), (stat.S_ISCHR, FileProblem.DEVICE), (stat.S_ISBLK, FileProblem.DEVICE))


def load(path: str, json_input: bool | None = None, moves: bool = True) -> Iterator[Record]:
    """The records of a file ('-' for standard input): JSON if it ends in .json, else TGN.

    Both are read one record at a time. OSError if the file cannot be opened; a JSON
    document that cannot be read on (not UTF-8, not JSON, not TGN JSON) ends with a
    record holding the problem.
    """
    if json_input is None:
        json_input = path.endswith(".json")
    if json_input:
        with contextlib.ExitStack() as stack:
            stream = sys.stdin.buffer if path == "-" else stack.enter_context(open(path, "rb"))
            try:
                yield from read_json(stream, path)
            except SchemaError as error:
                yield Record(problems=[error.problem()])
    elif path == "-":
        yield from read_records(sys.stdin.buffer, "<stdin>", moves)
    else:
        yield from read_file(path, moves)


class OutputError(OSError):
    """A failure to write an output (not one of reading what is being written): its errno,
    its reason, and the output's name as the user gave it."""


@contextlib.contextmanager
def output(path: str, replace: bool = True, binary: bool = False) -> Iterator[Any]:
    """A text stream to `path` ('-' is standard output); OutputError if it cannot be written.

    A regular file (or a file a symbolic link leads to) is replaced atomically: the new one
    is written beside it and renamed over it only when the block ends without error, so it
    appears whole or not at all. With `replace` false an existing file is never touched:
    OutputError EEXIST, before and after the writing. Anything else that can be written
    into (a device such as /dev/null, a named pipe) is written into as it is, never
    replaced; so is the file already open as standard output or error, as /dev/stdout names
    it. A folder is refused (docs/cli.md#files). With `binary` the stream takes bytes (an
    image) rather than text.
    """
    standard = sys.stdout if path == "-" else _standard_stream(path)
    if standard is not None:
        if binary:
            standard.flush()  # what was written as text goes first
            standard = cast(TextIO, standard.buffer)
        yield cast(TextIO, _Checked(standard, path))
        with writing(path):
            standard.flush()
        return
    check_output(path, replace)
    device = _device(path, binary)
    if device is not None:
        with closing(device, path):
            yield cast(TextIO, _Checked(device, path))
            with writing(path):
                device.flush()
        return
    target = Path(os.path.realpath(path))  # through a link: the file it leads to, the link kept
    with writing(path):
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with closing(os.fdopen(handle, "wb") if binary else os.fdopen(handle, "w", encoding="utf-8", newline="\n"),
                     path) as stream:
            yield cast(TextIO, _Checked(stream, path))
            with writing(path):
                stream.flush()
                os.fsync(stream.fileno())  # on disk before it replaces the old file
        with writing(path):
            os.chmod(temporary, 0o666 & ~umask())
            if replace:
                os.replace(temporary, target)
            else:
                _place(temporary, target, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def closing(stream: Any, path: str) -> Iterator[Any]:
    """Close `stream` after the block: an OutputError if that fails once the block went well;
    when the block failed, the failure of writing what it left unwritten is not another error."""
    try:
        yield stream
    except BaseException:
        with contextlib.suppress(OSError):
            stream.close()
        raise
    with writing(path):
        stream.close()


def check_output(path: str, replace: bool) -> None:
    """Raise the OutputError that `output(path, replace)` meets before writing anything: a
    folder at `path` (or a name ending in /), or a file (or a link) when not `replace`; a
    device or a pipe is never in the way."""
    if path.endswith(("/", os.sep)) and not os.path.isdir(path):
        raise OutputError(errno.EISDIR, "it names a folder (it ends with /)", path)
    with writing(path):  # a link that loops, a folder that cannot be searched: that error
        try:
            mode: int | None = os.stat(path).st_mode
        except FileNotFoundError:  # missing, or a link to nothing
            mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(errno.EISDIR, "it is a folder", path)
    if not replace and os.path.lexists(path) and (mode is None or stat.S_ISREG(mode)):
        raise OutputError(errno.EEXIST, "the file exists already", path)


def make_folders(path: str) -> None:
    """Make the folders above `path` that are missing ('-' needs none); OutputError if one
    cannot be made, naming the file in the way if that is why."""
    if path == "-":
        return
    folder = Path(path).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        above = reversed([folder, *folder.parents])
        blocker = next((each for each in above if each.exists() and not each.is_dir()), folder)
        raise OutputError(errno.ENOTDIR, f"{blocker} is not a folder", path) from None
    except OSError as error:
        raise OutputError(error.errno, error.strerror or str(error), path) from None


def _standard_stream(path: str) -> TextIO | None:
    """Standard output or error if `path` leads to the file already open as it (/dev/stdout,
    /dev/fd/2): written into through the stream, as the shell opened it (> or >>)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            if os.path.samestat(status, os.fstat(stream.fileno())):
                return stream
        except (OSError, ValueError, AttributeError):  # not a real file (under a test runner), or closed
            continue
    return None


def _device(path: str, binary: bool = False) -> Any:
    """`path` opened for writing into if it exists and is not a regular file (a device, a
    named pipe); None for a regular file or a missing one, which is written atomically."""
    with writing(path):
        try:
            if stat.S_ISREG(os.stat(path).st_mode):
                return None
        except FileNotFoundError:
            return None
        flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)  # no O_CREAT, no O_TRUNC
        descriptor = os.open(path, flags)
    if stat.S_ISREG(os.fstat(descriptor).st_mode):  # it became a file meanwhile: replaced, never written over
        os.close(descriptor)
        return None
    return os.fdopen(descriptor, "wb") if binary else os.fdopen(descriptor, "w", encoding="utf-8", newline="\n")


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words: a named pipe, a socket, a folder, a device."""
    return say(InputProblem.NAMED_PIPE if stat.S_ISFIFO(mode) else InputProblem.SOCKET if stat.S_ISSOCK(mode)
               else InputProblem.FOLDER if stat.S_ISDIR(mode) else InputProblem.DEVICE)


def is_parquet_export(folder: str | Path) -> bool:
    """True for a Parquet folder written by `export` (it holds its mark, notation/archive/parquet.py)."""
    return os.path.isfile(os.path.join(folder, PARQUET_MARK))


@contextlib.contextmanager
def writing(path: str) -> Iterator[None]:
    """Turn the OSErrors of a step of writing `path` into OutputErrors; a closed pipe stays
    a BrokenPipeError, which commands treat apart (docs/cli.md#exit-status)."""
    try:
        yield
    except (BrokenPipeError, OutputError):
        raise
    except OSError as error:
        raise OutputError(error.errno, reason(error), path) from None


def reason(error: OSError) -> str:
    """Why an operation failed, in the system's words: the text of its errno when it has one
    (pyarrow's errors wrap it in more), else its message."""
    return os.strerror(error.errno) if error.errno else error.strerror or str(error)


class _Checked:
    """A stream (of text, or of bytes) whose failures to write are OutputErrors."""

    def __init__(self, stream: Any, path: str) -> None:
        self.stream, self.path = stream, path

    def write(self, text: Any) -> int:
        with writing(self.path):
            written: int = self.stream.write(text)
            return written

    def isatty(self) -> bool:
        return bool(self.stream.isatty())


def _place(temporary: str, target: Path, path: str) -> None:
    """Give `temporary` the name `target` unless that name exists (a hard link fails then)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise OutputError(errno.EEXIST, "the file exists already", path) from None
    except OSError:  # a file system without hard links: check, then rename
        if os.path.lexists(target):
            raise OutputError(errno.EEXIST, "the file exists already", path) from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: str, text: str, replace: bool = True) -> None:
    """Write a whole text file (atomically when it is a file; never over an existing one unless `replace`)."""
    with output(path, replace) as stream:
        stream.write(text)


def not_regular(path: str | Path) -> str | None:
    """What `path` is when it exists and is not a regular file ('x is a symbolic link, not a
    regular file'), looked at without following a link or opening anything."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:  # not there, or not reachable: opening it says why
        return None
    return _kind_problem(path, mode)


def _kind_problem(path: str | Path, mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return say(next((code for test, code in KINDS if test(mode)), FileProblem.OTHER), path=str(path))


def open_regular(path: str | Path, flags: int, mode: int = 0o644, *, one_name: bool = False) -> int:
    """`os.open` for a regular file only: OSError saying what `path` is when it is a symbolic
    link, a folder, a FIFO, a socket or a device (or, with `one_name`, a file with other names,
    hard links), which are neither followed nor read."""
    problem = not_regular(path)
    if problem is None:
        try:
            fd = os.open(path, flags | SAFE_OPEN, mode)
        except OSError:
            problem = not_regular(path)  # replaced since it was looked at
            if problem is None:
                raise
        else:
            info = os.fstat(fd)
            problem = _kind_problem(path, info.st_mode)
            if problem is None and one_name and info.st_nlink > 1:
                problem = say(FileProblem.HARD_LINKS, path=str(path), count=info.st_nlink - 1)
            if problem is None:
                return fd
            os.close(fd)
    raise OSError(errno.EINVAL, problem, str(path))
