"""The demo table: a home game on any computer, through the real pipeline (``tableside demo``,
``make run``).

Only what the hardware would produce is simulated; everything above the sensors is the real
thing:

- :mod:`.players` and :mod:`.strength`: simulated players, a style each;
- :mod:`.tabletop`: the cards and chips as they physically lie;
- :mod:`.render`, :mod:`.layout`, :mod:`.camera`: frames of the table from an overhead camera,
  read by tableside's recognition and fusion;
- :mod:`.chipbox`, :mod:`.reader_board`: RFID chips in betting zones, reported by the reader
  board's firmware (simulated readers) over a pseudo-terminal to tableside's serial link;
- :mod:`.pad`: the dealer pad on gpiozero's mock pins;
- :mod:`.console`: the dealer's console and the one door to the table service;
- :mod:`.dealer`: the simulated dealer, who plays each hand through those inputs and puts
  right on the console what was misread;
- :mod:`.summary`, :mod:`.options`, :mod:`.run`: what an evening counted, its options, and
  the evening from set-up to close.
"""
