"""The dealer's PIN: chosen at first start, stored only as a salted scrypt hash.

The credentials file also keeps the key that signs the session cookies, so that a dealer
stays logged in across a restart of the server, and a generation number that changes with
the PIN, so that changing the PIN logs out every other session. Until a PIN is set, the
console asks for the one-time setup code that ``tableside serve`` prints on its terminal:
whoever reaches the page first must also be able to see the Pi's console.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

# scrypt with n=2**14, r=8 takes 16 MiB and tens of milliseconds per attempt: cheap for one
# login, slow for guessing, and the attempts are rate limited on top of that.
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
PIN_LENGTHS = range(4, 13)


class PinError(ValueError):
    """A PIN or setup code refused, in English and German."""

    def __init__(self, rule: str, en: str, de: str):
        super().__init__(en)
        self.rule = rule  # "pin_format", "setup_code" or "current_pin"
        self.texts = {"en": en, "de": de}


def check_new_pin(pin: str) -> None:
    """Refuse a PIN that is not 4 to 12 digits."""
    if not (pin.isascii() and pin.isdigit() and len(pin) in PIN_LENGTHS):
        raise PinError("pin_format", "the PIN must be 4 to 12 digits",
                       "die PIN muss 4 bis 12 Ziffern haben")


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024,
                          dklen=32)


@dataclass(frozen=True, slots=True)
class PinHash:
    salt: bytes
    digest: bytes
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    @classmethod
    def of(cls, pin: str) -> PinHash:
        salt = secrets.token_bytes(16)
        return cls(salt, _scrypt(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))

    def matches(self, pin: str) -> bool:
        return hmac.compare_digest(self.digest, _scrypt(pin, self.salt, self.n, self.r, self.p))

    def to_json(self) -> dict:
        return {"algorithm": "scrypt", "n": self.n, "r": self.r, "p": self.p,
                "salt": self.salt.hex(), "hash": self.digest.hex()}

    @classmethod
    def from_json(cls, data: dict) -> PinHash:
        if data.get("algorithm") != "scrypt":
            raise ValueError(f"unknown PIN hash algorithm {data.get('algorithm')!r}")
        return cls(bytes.fromhex(data["salt"]), bytes.fromhex(data["hash"]),
                   int(data["n"]), int(data["r"]), int(data["p"]))


class DealerCredentials:
    """The PIN hash, the session key and the PIN's generation, in memory and (with a ``path``)
    in a JSON file readable only by its owner."""

    def __init__(self, path: Path | None = None):
        self.path = path
        self._lock = threading.Lock()
        self._pin: PinHash | None = None
        self.generation = 0
        self.session_key = secrets.token_hex(32)
        if path is not None and path.exists():
            self._load(path)
        elif path is not None:
            self._save()  # keeps the session key from the first start on
        # Set afresh at each start while no PIN exists; never stored.
        self.setup_code = "" if self.has_pin else f"{secrets.randbelow(10**6):06d}"

    @property
    def has_pin(self) -> bool:
        return self._pin is not None

    def verify(self, pin: str) -> bool:
        pin_hash = self._pin
        return pin_hash is not None and pin_hash.matches(pin)

    def set_pin(self, pin: str, *, setup_code: str | None = None,
                current_pin: str | None = None) -> None:
        """Set the PIN: the first time with the setup code, afterwards with the current PIN.
        Raises PinError."""
        check_new_pin(pin)
        with self._lock:
            if self._pin is None:
                if not (setup_code and hmac.compare_digest(setup_code.strip(), self.setup_code)):
                    raise PinError("setup_code",
                                   "wrong setup code (it is printed where tableside serve runs)",
                                   "falscher Einrichtungscode (er steht in der Ausgabe von "
                                   "tableside serve)")
            elif current_pin is None or not self._pin.matches(current_pin):
                raise PinError("current_pin", "the current PIN is wrong",
                               "die aktuelle PIN ist falsch")
            self._pin = PinHash.of(pin)
            self.generation += 1
            self.setup_code = ""
            self._save()

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self._pin = PinHash.from_json(data["pin"]) if data.get("pin") else None
            self.generation = int(data.get("generation", 0))
            self.session_key = str(data["session_key"])
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ValueError(f"cannot read the dealer credentials in {path}: {error}; "
                             f"delete the file to choose a new PIN") from error

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"pin": self._pin.to_json() if self._pin else None,
                "generation": self.generation, "session_key": self.session_key}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Written to a private temporary file and renamed: never half a file, never readable
        # by other users of the Pi.
        fd, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".dealer-", text=True)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(data, file)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
