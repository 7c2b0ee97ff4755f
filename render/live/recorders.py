"""Who records which game of a live event (docs/live.md#one-scorer-a-game): the server's state
beside its event folder (notation/events/folder.py), which holds every game."""

from __future__ import annotations

from collections import OrderedDict

from ...notation.events.folder import Action, Applied, EventFolder, Refused
from ...notation.games import Outcome
from ...notation.recording.lock import Busy, ScoresheetLock
from ...notation.languages import N_
from ...notation.limits import shorten
from .languages import LiveRefused

KEPT_ACTIONS = 10_000  # actions whose ids are remembered, so that one sent again is applied once


class Recorders:
    """Which device records which game: one at a time, each holding its game's lock while it does,
    so that a `ludoscribe record` session cannot write the game meanwhile, nor the other way round."""

    def __init__(self, folder: EventFolder) -> None:
        self.folder = folder
        self.claims: dict[str, tuple[str, ScoresheetLock]] = {}
        # the last actions applied, by game and id: only the result each proposed, so that an action
        # sent again is answered as the first time without keeping the game as it was then
        self.done: OrderedDict[str, Outcome | None] = OrderedDict()

    def holder(self, name: str) -> str | None:
        claim = self.claims.get(name)
        return claim[0] if claim else None

    def claim(self, name: str, device: str, take_over: bool = False) -> None:
        """Let `device` record the game; Refused if another device or session records it."""
        claim = self.claims.get(name)
        if claim is not None:
            if claim[0] == device:
                return
            if not take_over:
                raise LiveRefused(N_("{name} is being recorded on another device: go on there, or take it over here "
                                "(the other device then stops recording it)"), {"held": True}, name=name)
            self.claims[name] = (device, claim[1])
            return
        if name not in self.folder.games:
            raise LiveRefused(N_("there is no game {name} in the event folder"), name=shorten(name, 40))
        lock = ScoresheetLock(self.folder.path(name))
        try:
            lock.acquire()
        except Busy as error:
            raise Refused(str(error)) from None
        except OSError as error:
            raise LiveRefused(N_("cannot lock {name}: {problem}"), name=name, problem=error.strerror or error) from None
        self.claims[name] = (device, lock)

    def hold(self, name: str, device: str, lock: ScoresheetLock) -> None:
        """Give `device` the game it has just created, with the lock taken for it."""
        self.claims[name] = (device, lock)

    def release(self, name: str, device: str) -> None:
        claim = self.claims.get(name)
        if claim is not None and claim[0] == device:
            claim[1].release()
            del self.claims[name]

    def release_all(self) -> None:
        for _, lock in self.claims.values():
            lock.release()
        self.claims.clear()

    def apply(self, name: str, device: str, action: Action) -> Applied:
        """Apply an action of the device recording the game, once whatever how often it is sent."""
        key = f"{name}\n{action.id}"
        if key in self.done:
            return Applied(self.folder.games.get(name) or self.folder.refresh(name), self.done[key], True)
        self.claim(name, device)
        applied = self.folder.apply(name, action)
        self.done[key] = applied.proposed
        while len(self.done) > KEPT_ACTIONS:
            self.done.popitem(last=False)
        return applied

