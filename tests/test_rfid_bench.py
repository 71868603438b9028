"""``tableside bench rfid`` runs (small counts) and reports every decoder beside the others;
speed is for the benchmark's own figures, not asserted here."""

from __future__ import annotations

import json

from tableside.cli import main


def test_bench_rfid_reports_peers_side_by_side(capsys) -> None:
    assert main(["bench", "rfid", "--frames", "3000", "--reports", "20", "--repeats", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    rates = result["decode"]["frames_per_second"]
    assert set(rates) == {"tableside", "cobs_package", "naive_bytewise"}
    assert all(rate > 0 for rate in rates.values())  # each decoded all 3,000 frames
    latency = result["report_to_bet_ms"]
    assert latency["reports"] == 20
    assert 0 < latency["tableside"]["median"] <= latency["tableside"]["max"]
    assert latency["pyserial_transport_floor"]["median"] > 0
