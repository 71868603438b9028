"""``tableside bench table`` runs (small counts) and prints the service beside its peer: the
concurrent submitters, the single one, the bare sqlite loop; speed is for the benchmark's own
figures, not asserted here."""

from __future__ import annotations

import json

from tableside.cli import main


def test_bench_table_reports_the_service_beside_bare_sqlite(capsys, tmp_path) -> None:
    assert main(["bench", "table", "--commands", "150", "--submitters", "6", "--rounds", "2",
                 "--hands", "5", "--dir", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out)
    rate = result["command_rate"]
    assert rate["commands"] == 150 and rate["submitters"] == 6
    concurrent = rate["service_concurrent"]
    assert len(concurrent["runs"]) == len(rate["bare_sqlite_insert_commit"]["runs"]) == 2
    for run in concurrent["runs"]:
        # every command acknowledged, in fewer commits than commands: they were shared
        assert run["per_second"] > 0 and run["commits"] < 150
        assert run["commands_per_commit"]["max"] <= 6
    single = rate["service_single"]
    assert single["commits"] == 150 and single["commands_per_commit"]["max"] == 1
    assert rate["without_fsync"]["bare_sqlite_insert_commit"]["per_second"] > 0
    assert result["startup"]["same_state"] is True
    assert result["goal"]["met_rate"] == (concurrent["per_second"] >= 2000)
