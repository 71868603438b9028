"""Chips read from the felt: the reader board's serial protocol (firmware/PROTOCOL.md), the
link to the board, the chip registry, and bets proposed from the chips in a seat's zone.

- :mod:`~tableside.rfid.protocol` and :mod:`~tableside.rfid.decoder`: frames and messages;
  the decoder takes any bytes and never raises.
- :class:`~tableside.rfid.link.BoardLink`: the serial port in its own thread, reconnecting,
  with a heartbeat watchdog and acknowledged, retried commands.
- :class:`~tableside.rfid.registry.ChipRegistry`: tag id -> denomination and colour (SQLite).
- :class:`~tableside.rfid.felt.Felt`: what lies in each zone and since when.
- :func:`~tableside.rfid.bets.propose_bet`: chips in a zone + the engine's ``Legal`` -> an
  action or a mismatch; :class:`~tableside.rfid.watch.BetWatcher` ties these to a hand.
"""
