"""``tableside bench NAME``: benchmarks that print JSON, each measured beside a named peer."""

from __future__ import annotations

import argparse
import importlib
import json

# Benchmark name -> module in tableside.benchmarks providing ``add_arguments(parser)`` and
# ``run(args) -> dict``. Modules are imported only when their benchmark is asked for, so that a
# benchmark's imports never slow down or break the other commands.
BENCHMARKS = {
    "evaluator": "tableside.benchmarks.evaluator",
    "equity": "tableside.benchmarks.equity",
    "replay": "tableside.benchmarks.replay",
    "rfid": "tableside.benchmarks.rfid",
    "table": "tableside.benchmarks.table",
    "web": "tableside.benchmarks.web",
    "vision": "tableside.benchmarks.vision",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("bench", help="run a benchmark and print JSON")
    parser.add_argument("benchmark", choices=list(BENCHMARKS), metavar="NAME",
                        help=f"one of: {', '.join(BENCHMARKS)}")
    parser.add_argument("options", nargs=argparse.REMAINDER,
                        help="the benchmark's own options (tableside bench NAME --help)")
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    module = importlib.import_module(BENCHMARKS[args.benchmark])
    parser = argparse.ArgumentParser(prog=f"tableside bench {args.benchmark}",
                                     description=module.__doc__)
    module.add_arguments(parser)
    print(json.dumps(module.run(parser.parse_args(args.options)), indent=2))
    return 0
