"""What a live server knows beside its event folder, and how it tells spectators.

The folder holds every game (notation/events/folder.py). Beside it the server keeps only who
records which game (`Recorders`, recorders.py) and, for spectators' delay, the readings of each game
they may still be shown (delay.py): with a delay they see each game as it was `delay`
seconds ago, and are told of it at the beat of the folder's readings, never at the
moment something is saved. Games already in the folder when the server starts count as
seen then, so a restart never shows a turn early. Each change spectators may see is a
numbered message of server-sent events; a spectator who reconnects with the number of
the last message it got (`Last-Event-ID`) is sent the ones it missed, or the whole event
when they are gone.

The event loop never waits for a file nor for a page: every change of the folder (a save, a
new game, a claim, taking in what a reading found) runs on the event's one writer thread, in
order; the folder's files are read and replayed in a pool of threads; and the pages and the
stream's messages are made in another (`render`), from views taken on the event loop
(docs/live.md#choices).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import secrets
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Hashable
from typing import Any, Callable, TypeVar

from ...notation.events.folder import EventFolder, GameFile
from .delay import Delayed
from .recorders import Recorders
from .views import View, summary

KEPT_MESSAGES = 1024  # messages kept for spectators who reconnect
QUEUED = 256  # messages waiting for one spectator before it is dropped as too slow
ORDER = re.compile(r"[0-9]+")
LOG = logging.getLogger(__name__)
READERS = 4  # threads reading the folder's files
RENDERERS = 8  # threads making pages and messages: more than the 7 kinds one game is in (`render`)
T = TypeVar("T")


def number_order(value: str) -> tuple[int, int, str]:
    """A Round or Board tag as a sort key: whole numbers in their order, whatever their length
    (compared as strings of digits: int() refuses thousands of them), then anything else."""
    digits = value.strip()
    if not ORDER.fullmatch(digits):
        return 1, 0, ""
    digits = digits.lstrip("0") or "0"
    return 0, len(digits), digits


class Spectators:
    """The open event streams: each gets every message, numbered `RUN:N`."""

    def __init__(self) -> None:
        self.run = secrets.token_hex(4)  # another server run numbers its messages anew
        self.number = 0
        self.kept: deque[tuple[int, str]] = deque(maxlen=KEPT_MESSAGES)
        self.queues: set[asyncio.Queue[str | None]] = set()
        self.closed = False  # the server is stopping: a stream that opens now ends at once

    def message(self, kind: str, data: Any, number: int | None = None) -> str:
        return f"id: {self.run}:{self.number if number is None else number}\nevent: {kind}\ndata: {json.dumps(data)}\n\n"

    def publish(self, kind: str, data: Any) -> None:
        self.number += 1
        text = self.message(kind, data)
        self.kept.append((self.number, text))
        for queue in list(self.queues):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:  # too slow: its stream ends, and it reconnects
                self.queues.discard(queue)
                queue.get_nowait()
                queue.put_nowait(None)

    def subscribe(self) -> asyncio.Queue[str | None]:
        queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUED)
        if self.closed:
            queue.put_nowait(None)
        else:
            self.queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str | None]) -> None:
        self.queues.discard(queue)

    def missed(self, last_id: str) -> list[str] | None:
        """The messages after `last_id` (RUN:N), or None when they cannot all be sent again."""
        run, _, number = last_id.partition(":")
        if run != self.run or not ORDER.fullmatch(number) or len(number) > 18:  # a number this run may have sent
            return None
        after = int(number)
        if after > self.number or (self.kept and after < self.kept[0][0] - 1) or (not self.kept and after < self.number):
            return None
        return [text for n, text in self.kept if n > after]

    def close(self) -> None:
        """End every stream (the server stops)."""
        self.closed = True
        for queue in self.queues:
            try:
                queue.put_nowait(None)
            except asyncio.QueueFull:
                pass
        self.queues.clear()


class Live:
    """An event being played: its folder, its recorders, and what spectators are shown."""

    def __init__(self, folder: EventFolder, delay: float = 0.0, clock: Callable[[], float] | None = None) -> None:
        import time

        self.folder = folder
        self.recorders = Recorders(folder)
        self.delay = delay
        self.clock = clock or time.time
        self.delayed = Delayed(delay)  # each game's readings, while spectators wait for them
        self.views: dict[str, View] = {}  # per game: the last view made, so that its key is worked out once
        self.shown: dict[str, tuple[View, dict[str, Any]]] = {}  # per game: what spectators were last told, and its view
        self.spectators = Spectators()
        self.said = ""  # the last bug met showing a change (`bug`)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="ludoscribe-writer")
        self.readers = ThreadPoolExecutor(READERS, thread_name_prefix="ludoscribe-reader")
        # Pages and messages are made in `renderers` from views taken on the event loop: a view is
        # frozen, its game too, and the folder's dict of games is replaced, never changed in place,
        # so a thread never reads what the writer or the loop is changing (`views`, `shown`, the
        # delay's readings stay the loop's). The same page asked again while it is made waits for
        # it (`rendering`); each game's message is made by one task at a time (`telling`, then
        # `waiting`, which takes the game as it is when its turn comes).
        self.renderers = ThreadPoolExecutor(RENDERERS, thread_name_prefix="ludoscribe-renderer")
        self.rendering: dict[tuple[Hashable, ...], asyncio.Future[Any]] = {}
        self.telling: dict[str, asyncio.Task[None]] = {}
        self.waiting: dict[str, asyncio.Task[None]] = {}

    async def write(self, function: Callable[..., T], *args: Any) -> T:
        """Run a change of the folder on the event's writer thread, after those asked before it."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, functools.partial(function, *args))

    async def read(self) -> list[str]:
        """Read the files changed since the last reading, off the event loop; the games changed or gone."""
        changes = await asyncio.to_thread(self.folder.read_changes, self.readers)
        return await self.write(self.folder.merge, changes)

    async def make(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` made in the pool of renderers, off the event loop, for one asker alone
        (a scorer's sheet); what it reads is taken on the loop, as for `render`."""
        return await asyncio.get_running_loop().run_in_executor(self.renderers, functools.partial(function, *args))

    async def render(self, function: Callable[..., T], *args: Hashable) -> T:
        """`function(*args)`, a page or a message made off the event loop from views taken on it.
        Asked again while it is being made, it is made once: a slow game holds one thread per
        kind of page, however many spectators ask for it."""
        key = (function, *args)
        making = self.rendering.get(key)
        if making is None:
            making = asyncio.get_running_loop().run_in_executor(self.renderers, functools.partial(function, *args))
            self.rendering[key] = making
            making.add_done_callback(lambda _: self.rendering.pop(key, None))
        made: T = await asyncio.shield(making)  # a spectator gone leaves it to the others waiting
        return made

    def close(self) -> None:
        """End the streams, let the save under way end, and free the games (the server stops)."""
        self.spectators.close()
        for task in [*self.telling.values(), *self.waiting.values()]:
            task.cancel()
        self.writer.shutdown(wait=True)
        self.readers.shutdown(wait=False, cancel_futures=True)
        self.renderers.shutdown(wait=False, cancel_futures=True)
        self.recorders.release_all()

    def start(self) -> None:
        """Read the folder for the first time."""
        self.folder.scan()
        for name in self.folder.games:
            self.note(name)
        self.shown = {name: (view, summary(view)) for name in self.folder.games for view in [self.view(name)]}

    def note(self, name: str) -> None:
        """Remember the game as read now, for spectators' delay."""
        if self.delay:
            self.delayed.note(name, self.folder.games.get(name), self.clock())

    def view(self, name: str) -> View:
        """The game as spectators see it now (KeyError if there is no such game)."""
        game = self.folder.games[name]
        if not self.delay:
            view = View.whole(game)
        else:
            if name not in self.delayed.readings:
                self.note(name)
            view = View(*self.delayed.shown(name, self.clock()))
        known = self.views.get(name)
        if known == view:
            return known
        self.views[name] = view
        return view

    def whole(self, name: str) -> View:
        """The game as its recorder sees it: every turn saved."""
        return View.whole(self.folder.games[name])

    def every_view(self) -> tuple[View, ...]:
        """Every game as spectators see it now, in order (`ordered`)."""
        return tuple(self.view(game.name) for game in self.ordered())

    def ordered(self) -> list[GameFile]:
        """The games by round, then board, then name."""
        def key(game: GameFile) -> tuple[tuple[int, int, str], tuple[int, int, str], str]:
            return number_order(game.tag("Round")), number_order(game.tag("Board")), game.name
        return sorted(self.folder.games.values(), key=key)

    def changed(self, names: list[str]) -> None:
        """Games changed in the folder (or saved here): note them and tell spectators what they may see."""
        for name in names:
            self.note(name)
        if not self.delay:  # delayed, spectators are told at the beat of `watch` only, whatever was saved
            self.tell()

    async def told(self, names: list[str]) -> None:
        """Wait until spectators are told of these games as `changed` left them (a scorer's answer
        comes after its turn is on its way to every stream; with a delay, it is not told now)."""
        if self.delay:
            return
        tasks = [task for name in names if (task := self.waiting.get(name) or self.telling.get(name)) is not None]
        if tasks:
            await asyncio.wait(tasks)

    def tell(self) -> None:
        """Tell spectators every change they may see now (turns whose delay is over, too). On the
        event loop, each game's message is made off it, by a task of its own (`tell_game`), so that
        a slow game holds back its own message only; elsewhere (the relay) here and now."""
        for name in list(self.shown):
            if name not in self.folder.games:
                del self.shown[name]
                self.views.pop(name, None)
                self.spectators.publish("gone", {"name": name})
        now = self.clock()
        for name in self.folder.games:
            self.delayed.prune(name, now)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no event loop: nothing else to hold back
            for view in self.every_view():
                if self.unshown(view):
                    self.show(view, summary(view))
            return
        for view in self.every_view():
            if self.unshown(view):
                self.tell_game(view.name)

    def unshown(self, view: View) -> bool:
        """Whether spectators were last told of the game as another view (maybe saying the same)."""
        shown = self.shown.get(view.name)
        return shown is None or shown[0] is not view

    def show(self, view: View, message: dict[str, Any]) -> None:
        """Tell spectators of the game as `view` shows it (its `summary`), unless they know it already."""
        shown = self.shown.get(view.name)
        if view.name not in self.folder.games:  # gone while its message was made: said so already
            return
        if shown is None or shown[1]["key"] != message["key"]:
            self.spectators.publish("game", message)
        self.shown[view.name] = (view, message)

    def tell_game(self, name: str) -> None:
        """Tell spectators of the game as it is when its message can be made: after the one being
        made, if any; those asked for meanwhile are one, which takes the game as it is then."""
        if name not in self.waiting:
            self.waiting[name] = asyncio.create_task(self._tell_game(name, self.telling.get(name)))

    async def _tell_game(self, name: str, before: asyncio.Task[None] | None) -> None:
        if before is not None:
            await asyncio.wait([before])
        task = self.waiting.pop(name)
        self.telling[name] = task
        try:
            if name in self.folder.games and self.unshown(view := self.view(name)):
                self.show(view, await self.render(summary, view))
        except Exception as error:  # a bug: the other games go on
            self.bug(error)
        finally:
            if self.telling.get(name) is task:
                del self.telling[name]

    def snapshot(self) -> str:
        """Every game as spectators were last told of it, as one message (for a stream that starts
        or lost messages): the messages made since it was sent follow it."""
        games = [shown[1] for game in self.ordered() if (shown := self.shown.get(game.name)) is not None]
        return self.spectators.message("event", {"games": games})

    async def watch(self, every: float) -> None:
        """Read the folder again every `every` seconds: changes made elsewhere (a terminal
        session, a copy) are shown like those made here, and delayed turns when their time comes."""
        while True:
            await asyncio.sleep(every)
            try:
                self.changed(await self.read())
                if self.delay:
                    self.tell()
            except OSError:
                continue  # the folder is being moved or unmounted: try again
            except Exception as error:  # a bug: the watch goes on
                self.bug(error)

    def bug(self, error: Exception) -> None:
        """A bug met showing a change: said once, however often it is met again (docs/live.md#safety)."""
        message = f"{type(error).__name__}: {error}"[:200]
        if message != self.said:
            LOG.error("cannot show the changes in the event folder (%s): reading it again", message)
        self.said = message
