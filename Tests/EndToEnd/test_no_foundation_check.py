"""scripts/check-no-foundation.sh, the check that medd and medctl link neither ICU, full Foundation nor
Dispatch, tried on small programs linked statically as the release binaries are: one importing
Foundation, one Dispatch, one only FoundationEssentials (allowed: swift-argument-parser imports
it)."""
import os
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK = os.path.join(REPO, "scripts", "check-no-foundation.sh")


def program(tmp_path, name, source):
    (tmp_path / f"{name}.swift").write_text(source)
    binary = str(tmp_path / name)
    built = subprocess.run(["swiftc", "-static-stdlib", f"{name}.swift", "-o", binary], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    return binary


def check(binary):
    return subprocess.run([CHECK, binary], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    directory = tmp_path_factory.mktemp("light-client")
    return {
        "foundation": program(directory, "uses_foundation",
                              'import Foundation\nprint(String(format: "%.1f", 2.25), Date().timeIntervalSince1970 > 0)\n'),
        "essentials": program(directory, "uses_essentials",
                              "import FoundationEssentials\nprint(Data([1, 2]).count, Date.now.timeIntervalSince1970 > 0)\n"),
        "dispatch": program(directory, "uses_dispatch",
                            'import Dispatch\nDispatchQueue(label: "q").sync { print("ran") }\n'),
    }


def test_a_foundation_program_fails_naming_foundation_and_icu(programs):
    result = check(programs["foundation"])
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{programs['foundation']} links full Foundation:" in result.stdout
    assert f"{programs['foundation']} links ICU:" in result.stdout


def test_a_foundation_essentials_program_passes(programs):
    result = check(programs["essentials"])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "links neither ICU, full Foundation nor Dispatch" in result.stdout


def test_a_dispatch_program_fails_naming_dispatch(programs):
    result = check(programs["dispatch"])
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{programs['dispatch']} links Dispatch:" in result.stdout
    assert "full Foundation" not in result.stdout


def test_several_binaries_are_checked_each(programs):
    result = subprocess.run([CHECK, programs["essentials"], programs["dispatch"]], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 1
    assert f"{programs['essentials']} links neither" in result.stdout
    assert f"{programs['dispatch']} links Dispatch:" in result.stdout


def test_a_stripped_binary_cannot_be_judged(programs, tmp_path):
    stripped = str(tmp_path / "stripped")
    subprocess.run(["strip", "-o", stripped, programs["essentials"]], check=True)
    result = check(stripped)
    assert result.returncode == 2
    assert "has no symbol table" in result.stderr
