"""``tableside bench NAME``: benchmarks that print JSON, each measured beside a named peer."""

from __future__ import annotations

import argparse
import importlib
import json

# Benchmark name -> module in tableside.benchmarks providing ``run(args) -> dict``
# and ``add_arguments(parser)``.
BENCHMARKS = {
    "evaluator": "tableside.benchmarks.evaluator",
    "equity": "tableside.benchmarks.equity",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("bench", help="run a benchmark and print JSON")
    names = parser.add_subparsers(dest="benchmark", metavar="NAME", required=True)
    for name, module_name in BENCHMARKS.items():
        module = importlib.import_module(module_name)
        sub = names.add_parser(name, help=module.__doc__.strip().splitlines()[0])
        module.add_arguments(sub)
        sub.set_defaults(handler=lambda args, module=module: _run(module, args))


def _run(module, args: argparse.Namespace) -> int:
    print(json.dumps(module.run(args), indent=2))
    return 0
