"""The ``tableside`` command: one sub-command per module in :mod:`tableside.commands`.

Each command module provides ``register(subparsers)``, which adds its parser and sets
``handler`` (a function taking the parsed arguments and returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from tableside import __version__

# Modules in tableside.commands, in the order `tableside --help` lists them.
COMMANDS = ("showcase", "eval", "equity", "replay", "bench", "variants", "table", "chips", "serve",
            "doctor", "install_units", "demo", "recognize", "camera")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tableside",
        description="An assistant for live home poker games. "
                    "/ Ein Helfer für Pokerrunden zu Hause.",
    )
    parser.add_argument("--version", action="version", version=f"tableside {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"tableside.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
