"""``tableside replay PATH...``: replay PHH hand histories through the rules engine.

Each hand is played action by action under tableside's rules. With ``--json`` one object per
hand: ``{"path", "hand", "variant", "finishing_stacks", "pots", ...}`` (and, where the file
records them, ``recorded_finishing_stacks`` and ``matches_record``), or ``{"path", "error"}``
naming the action the rules refused. Folders are searched for .phh and .phhs files. The exit
status is 1 if any hand failed or ended with stacks other than the recorded ones.
"""

from __future__ import annotations

import argparse
import json
import sys

from tableside.evaluation.names import LANGUAGES
from tableside.phh import PHHError, iter_phh_files, read_phh
from tableside.phh.replay import replay


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay", help="replay PHH hand histories through the rules engine",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", metavar="PATH", help=".phh/.phhs files or folders")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of hand names")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    failed = total = 0
    for path in iter_phh_files(args.paths):
        try:
            records = read_phh(path)
        except (PHHError, OSError) as error:
            failed += 1
            _emit(args, {"path": str(path), "error": str(error)})
            continue
        for record in records:
            total += 1
            try:
                outcome = replay(record)
            except PHHError as error:
                failed += 1
                _emit(args, {"path": str(path), "hand": record.index, "error": str(error)})
                continue
            data = outcome.to_json(args.lang)
            data["path"] = str(path)
            if outcome.matches_record is False:
                failed += 1
            _emit(args, data)
    if not args.json:
        print(f"{total - failed} of {total} hands replayed"
              + (f", {failed} failed" if failed else ""), file=sys.stderr)
    return 1 if failed else 0


def _emit(args: argparse.Namespace, data: dict) -> None:
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return
    if "error" in data:
        print(f"{data['path']}: ERROR {data['error']}")
        return
    verdict = {True: "matches the record", False: "DIFFERS from the record", None: ""}[
        data.get("matches_record")]
    print(f"{data['path']}: {data['variant']} -> {data['finishing_stacks']} {verdict}".rstrip())
