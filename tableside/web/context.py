"""Everything one web app holds: the table service and the parts built around it."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tableside.buttons.pad_twin import ConsolePad
from tableside.buttons.proposals import Proposal, Proposals
from tableside.table.timekeeper import ActionTimekeeper
from tableside.web.display_state import with_display
from tableside.web.history import PublicHistory
from tableside.web.hub import StateHub
from tableside.web.live_equity import LiveEquity
from tableside.web.pin import DealerCredentials
from tableside.web.ratelimit import AttemptLimiter


@dataclass
class WebContext:
    service: Any
    hub: StateHub
    credentials: DealerCredentials
    limiter: AttemptLimiter
    equity: LiveEquity | None
    history: PublicHistory
    # What CONFIRM would send (the chips' bets), and the pad's buttons as the console
    # presses them.
    proposals: Proposals = field(default_factory=Proposals)
    pad: ConsolePad | None = None
    # Acts for a player whose action timer ran out (None: the server does not).
    timekeeper: ActionTimekeeper | None = None
    _unsubscribe: list[Callable[[], Any]] = field(default_factory=list)
    _published: int | None = None  # the version last sent to the screens

    @classmethod
    def start(cls, service: Any, config: Mapping[str, Any], credentials_path: Path | None,
              proposals: Proposals | None = None, pad: Any | None = None) -> WebContext:
        hub = StateHub()
        equity = LiveEquity(hub) if config.get("LIVE_EQUITY", True) else None
        proposals = proposals if proposals is not None else Proposals()
        context = cls(service, hub, DealerCredentials(credentials_path), AttemptLimiter(),
                      equity, PublicHistory(service), proposals,
                      ConsolePad(service, proposals, pad))
        context._follow(service)
        context._follow_proposals()
        if config.get("ACTION_TIMEKEEPER", True) and hasattr(service, "expire_action"):
            context.timekeeper = ActionTimekeeper(service)
        return context

    def _follow(self, service: Any) -> None:
        """Publish the service's public state now and after every change it reports."""
        def changed(*_: Any) -> None:
            state = service.public_state()
            # The commands of one commit are announced one by one, but the state is already
            # that of the whole commit: the screens need it once.
            if state["version"] != self._published:
                self.publish(state)

        unsubscribe = service.subscribe(changed)
        if callable(unsubscribe):
            self._unsubscribe.append(unsubscribe)
        self.publish(service.public_state())

    def _follow_proposals(self) -> None:
        """Tell the screens (the console) when the proposal for CONFIRM changes, besides
        whoever already follows it (the pad's lamp)."""
        before = self.proposals.when_changed

        def changed(proposal: Proposal | None) -> None:
            if before is not None:
                before(proposal)
            self.hub.publish_extra("proposal", self.hub.version,
                                   {"proposal": proposal_json(proposal)})
        self.proposals.when_changed = changed

    def publish(self, state: dict[str, Any]) -> None:
        """Send a public state to every screen, with what the display derives from it."""
        self._published = state["version"]
        self.hub.publish(with_display(state, time.time()))
        if self.equity is not None:
            self.equity.consider(state)

    def close(self) -> None:
        if self.timekeeper is not None:
            self.timekeeper.close()
            self.timekeeper = None
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        self.hub.close()
        if self.equity is not None:
            self.equity.close()


def proposal_json(proposal: Proposal | None) -> dict[str, Any] | None:
    if proposal is None:
        return None
    return {"command": dict(proposal.command), "source": proposal.source,
            "texts": dict(proposal.texts)}
