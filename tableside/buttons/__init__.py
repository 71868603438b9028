"""The dealer pad: physical buttons and LEDs on the Raspberry Pi's GPIO (gpiozero).

- :class:`~tableside.buttons.pad.DealerPad`: FOLD, CHECK/CALL, CONFIRM, NEXT and UNDO (hold)
  send table commands to the table service; a seat LED shows whose turn it is; a refused
  press blinks the error LED and reports why.
- :mod:`~tableside.buttons.actions`: what each action sends, given the public state.
- :class:`~tableside.buttons.proposals.Proposals`: what CONFIRM would send (a bet the chips
  propose, a board the camera read, a command typed on the console).
- :class:`~tableside.buttons.config.PadConfig`: pins, mapping, debounce, hold time, blink.
- :class:`~tableside.buttons.console.ConsoleTwin`: every button as a typed word.
- :mod:`~tableside.buttons.pins`: the pins, generated from hardware/pins.toml.
"""
