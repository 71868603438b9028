"""The machine a benchmark reports: its CPU's model and the features that decide its speed."""

from pathlib import Path

from tableside.benchmarks.common import cpu_info, machine_info

X86 = """processor\t: 0
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC
flags\t\t: fpu vme sse sse2 ssse3 fma cx16 sse4_1 sse4_2 avx f16c avx2 bmi2
processor\t: 1
model name\t: AMD EPYC
flags\t\t: fpu vme sse sse2 ssse3 fma cx16 sse4_1 sse4_2 avx f16c avx2 bmi2
"""

XEON = """processor\t: 0
model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
flags\t\t: fpu avx2 fma avx512f avx512bw avx512_vnni
"""

PI4 = """processor\t: 0
BogoMIPS\t: 108.00
Features\t: fp asimd evtstrm crc32 cpuid
CPU implementer\t: 0x41
CPU part\t: 0xd08

Hardware\t: BCM2835
Revision\t: c03111
Model\t\t: Raspberry Pi 4 Model B Rev 1.1
"""

PI5 = """processor\t: 0
Features\t: fp asimd evtstrm aes pmull crc32 atomics fphp asimdhp cpuid lrcpc asimddp
CPU part\t: 0xd0b

Model\t\t: Raspberry Pi 5 Model B Rev 1.0
"""


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cpuinfo"
    path.write_text(text)
    return path


def test_an_x86_cpu_without_avx512_shows_avx2_alone(tmp_path):
    assert cpu_info(written(tmp_path, X86)) == {"cpu_model": "AMD EPYC",
                                                "cpu_features": ["avx2", "fma"]}


def test_a_cpu_with_8_bit_dot_products_says_so(tmp_path):
    info = cpu_info(written(tmp_path, XEON))
    assert info["cpu_model"].startswith("Intel(R) Xeon(R) Platinum")
    assert info["cpu_features"] == ["avx2", "fma", "avx512f", "avx512bw", "avx512_vnni"]


def test_a_raspberry_pi_names_its_board_and_whether_it_has_dot_products(tmp_path):
    assert cpu_info(written(tmp_path, PI4)) == {"cpu_model": "Raspberry Pi 4 Model B Rev 1.1",
                                                "cpu_features": ["asimd"]}
    assert cpu_info(written(tmp_path, PI5))["cpu_features"] == ["asimd", "asimddp"]


def test_no_cpuinfo_reports_nothing_rather_than_failing(tmp_path):
    assert cpu_info(tmp_path / "missing") == {}


def test_machine_info_carries_the_cpu_where_linux_tells_it():
    info = machine_info()
    assert info["cpu_count"] >= 1
    if Path("/proc/cpuinfo").is_file():
        assert "cpu_features" in info and isinstance(info["cpu_features"], list)
