"""Camera card recognition: every face-up card on the table, read right or honestly unknown.

The path of a frame: :mod:`marks` (ink on card paper) -> :mod:`candidates` (rank and suit
pairs) -> :mod:`patches` (each turned upright, fixed size) -> :mod:`reader` (small networks, run
by :mod:`networks`) -> :mod:`assembly` (cards with outlines, conflicts flagged), all driven by
:class:`~tableside.vision.recognizer.CardRecognizer`. :mod:`whole_cards` finds the cards lying
whole (their four corners), on which :mod:`pips` counts the pips and :mod:`placed_indices`
reads an index no mark showed, where the corners place it. Over time, :mod:`fusion` keeps only cards
seen steadily; :mod:`sources` gives frames, :mod:`calibration` the table plane and zones, and
:mod:`pipeline` runs them together live. :mod:`decks`, :mod:`drawn` and :mod:`scenes` make the
drawn table scenes that train and score the reader (:mod:`scoring`).
"""

from tableside.vision.assembly import CardSighting
from tableside.vision.recognizer import CardRecognizer, Recognition

__all__ = ["CardRecognizer", "CardSighting", "Recognition"]
