"""Everything one web app holds: the table service and the parts built around it."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    # The action timer as the display shows it (seconds per turn, warning before the end).
    timer_settings: dict[str, float] = field(default_factory=dict)
    _unsubscribe: list[Callable[[], Any]] = field(default_factory=list)

    @classmethod
    def start(cls, service: Any, config: Mapping[str, Any],
              credentials_path: Path | None) -> WebContext:
        hub = StateHub()
        equity = LiveEquity(hub) if config.get("LIVE_EQUITY", True) else None
        timer = {"action_seconds": float(config.get("ACTION_SECONDS", 120)),
                 "warn_before": float(config.get("ACTION_WARNING", 20))}
        context = cls(service, hub, DealerCredentials(credentials_path), AttemptLimiter(),
                      equity, PublicHistory(service), timer)
        context._follow(service)
        return context

    def _follow(self, service: Any) -> None:
        """Publish the service's public state now and after every change it reports."""
        def changed(*_: Any) -> None:
            self.publish(service.public_state())

        unsubscribe = service.subscribe(changed)
        if callable(unsubscribe):
            self._unsubscribe.append(unsubscribe)
        self.publish(service.public_state())

    def publish(self, state: dict[str, Any]) -> None:
        """Send a public state to every screen, with what the display derives from it."""
        self.hub.publish(with_display(state, time.time(), **self.timer_settings))
        if self.equity is not None:
            self.equity.consider(state)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        self.hub.close()
        if self.equity is not None:
            self.equity.close()
