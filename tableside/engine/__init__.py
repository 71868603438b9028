"""The rules engine: pure and deterministic, a hand is a fold over its events.

- :class:`Hand` plays one hand from a :class:`HandConfig`; :meth:`Hand.apply` takes events
  (:mod:`tableside.engine.events`) and refuses illegal ones with :class:`IllegalAction`.
- :data:`VARIANTS` holds the games as data (:class:`Variant`, :class:`Street`, and
  :class:`Unopened` for what a deal nobody opens turns into).
- With the house rule ``declare_hands``, :class:`Show` carries a :class:`Declaration`.
"""

from tableside.engine.betting import Legal
from tableside.engine.config import HandConfig, Rake
from tableside.engine.errors import IllegalAction
from tableside.engine.events import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Event,
    Fold,
    RunTwice,
    Show,
)
from tableside.engine.hand import Hand, Phase
from tableside.engine.pots import Pot, build_pots, split
from tableside.engine.result import Award, HandResult, PotResult
from tableside.engine.variants import (
    STRUCTURE_NAMES,
    VARIANTS,
    Opener,
    Street,
    Structure,
    Unopened,
    Variant,
    variant,
)
from tableside.evaluation.declared import Declaration

__all__ = [
    "STRUCTURE_NAMES", "VARIANTS", "Award", "BetRaise", "BringIn", "CheckCall", "DealBoard",
    "DealHole", "Declaration", "Discard", "Event", "Fold", "Hand", "HandConfig", "HandResult",
    "IllegalAction", "Legal", "Opener", "Phase", "Pot", "PotResult", "Rake", "RunTwice", "Show",
    "Street", "Structure", "Unopened", "Variant", "build_pots", "split", "variant",
]
