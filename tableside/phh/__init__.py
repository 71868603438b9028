"""Reading and writing PHH ("Poker Hand History") files, the TOML format of the PokerKit
authors, and turning their actions into engine events.

    records = read_phh("hand.phh")          # .phh: one hand; .phhs: many
    events = actions_to_events(records[0].actions)
    text = write_phh(records[0])            # parse_phh_text(text) gives an equal record
"""

from tableside.phh.actions import (
    AS_DEALT,
    DEALER_CODES,
    NOOP,
    PLAYER_CODES,
    Amount,
    PHHAction,
    format_phh_cards,
    parse_action,
    parse_actions,
    parse_amount,
    parse_phh_cards,
)
from tableside.phh.errors import PHHError
from tableside.phh.events import action_to_event, actions_to_events, event_to_action
from tableside.phh.records import (
    SPEC_FIELDS,
    VARIANT_FIELDS,
    PHHRecord,
    iter_phh_files,
    parse_phh_text,
    read_phh,
    record_from_fields,
)
from tableside.phh.writer import record_fields, toml_value, write_phh, write_phhs

__all__ = [
    "AS_DEALT",
    "DEALER_CODES",
    "NOOP",
    "PLAYER_CODES",
    "SPEC_FIELDS",
    "VARIANT_FIELDS",
    "Amount",
    "PHHAction",
    "PHHError",
    "PHHRecord",
    "action_to_event",
    "actions_to_events",
    "event_to_action",
    "format_phh_cards",
    "iter_phh_files",
    "parse_action",
    "parse_actions",
    "parse_amount",
    "parse_phh_cards",
    "parse_phh_text",
    "read_phh",
    "record_fields",
    "record_from_fields",
    "toml_value",
    "write_phh",
    "write_phhs",
]
