"""Which tags count as present in a zone. Hobby readers flicker: a tag counts as present
after ``present_after`` consecutive scans that saw it and as gone after ``gone_after``
consecutive scans that missed it. A zone's report is always the whole snapshot, so a lost
report heals itself with the next one."""


class ZoneDebouncer:
    def __init__(self, present_after: int = 2, gone_after: int = 3) -> None:
        self.present_after = present_after
        self.gone_after = gone_after
        self._seen = {}  # tag -> consecutive scans that saw it (candidates and present)
        self._missed = {}  # present tag -> consecutive scans that missed it
        self._present = set()

    def update(self, tags: list) -> bool:
        """Take one scan's tags; True when the set of present tags changed."""
        scanned = set(tags)
        changed = False
        for tag in scanned:
            self._seen[tag] = self._seen.get(tag, 0) + 1
            self._missed.pop(tag, None)
            if tag not in self._present and self._seen[tag] >= self.present_after:
                self._present.add(tag)
                changed = True
        for tag in list(self._seen):
            if tag in scanned:
                continue
            if tag not in self._present:
                del self._seen[tag]  # a candidate must be seen in consecutive scans
                continue
            missed = self._missed.get(tag, 0) + 1
            if missed >= self.gone_after:
                self._present.discard(tag)
                del self._seen[tag]
                self._missed.pop(tag, None)
                changed = True
            else:
                self._missed[tag] = missed
                self._seen[tag] = 0  # seeing it again restarts no count: it stays present
        return changed

    def snapshot(self) -> list:
        """The present tags, sorted (so equal sets give equal reports)."""
        return sorted(self._present)

    def clear(self) -> bool:
        changed = bool(self._present)
        self._seen = {}
        self._missed = {}
        self._present = set()
        return changed
