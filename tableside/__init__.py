"""tableside: an assistant for live home poker games on a Raspberry Pi."""

__version__ = "0.1.0"
