"""medd's command line as a shell meets it: usage errors (exit 64, nothing started), --help, --version,
the completion scripts, and the same syntax and errors as medctl's, through gettext."""
import os
import subprocess

import pytest

import completions
import harness
import locales


def medd_path():
    return os.path.join(harness.bin_dir(), "medd")


def medd(*args, env=None):
    return subprocess.run([medd_path(), *args], capture_output=True, text=True, timeout=20,
                          env=env or dict(os.environ, LANGUAGE="C"))


@pytest.mark.parametrize("args, message", [
    (["--bogus"], "unknown option '--bogus'; medd takes --config, --state-dir, --socket,"),
    (["-x"], "unknown option '-x'; medd's options are long ones, such as --json"),
    (["extra"], "medd takes no argument 'extra'"),
    (["--config"], "--config needs a value (PATH)"),
    (["--check", "--plan"], "--check and --plan cannot be combined"),
    (["--days", "3"], "--from and --days go with --plan"),
    (["--json"], "--json goes with --check or --plan"),
    (["--plan", "--no-desktop"], "--check and --plan read only the configuration"),
    (["--restore", "f", "--socket", "/s"], "--restore takes no option but --state-dir"),
    (["--plan", "--days", "0"], "--days must be from 1 to 3660; got 0"),
    (["--plan", "--days", "many"], "--days many: expected a whole number"),
    (["--no-desktop=yes"], "--no-desktop takes no value"),
])
def test_a_usage_error_exits_64_and_starts_nothing(tmp_path, args, message):
    """Every default path is under tmp_path, which stays empty: no ledger, no socket."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    out = medd(*args, env=dict(env, LANGUAGE="C", HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path)))
    assert out.returncode == 64, (args, out.returncode, out.stderr)
    assert out.stderr.startswith("medd: " + message), out.stderr
    assert out.stderr.endswith("\nSee `medd --help`.\n"), out.stderr
    assert out.stdout == "" and os.listdir(tmp_path) == []


def test_help_lists_every_option_and_the_exit_statuses():
    out = medd("--help")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("OVERVIEW: Medication-reminder daemon")
    for option in ("--config PATH", "--state-dir DIR", "--socket PATH", "--no-desktop", "--pretend-now TIME", "--check",
                   "--plan", "--from WHEN", "--days N", "--json", "--restore FILE", "--version", "--help"):
        assert f"\n  {option} " in out.stdout, option
    assert "64 usage error" in out.stdout
    assert medd("-h").stdout == out.stdout
    assert all(len(line) <= 80 for line in out.stdout.splitlines())


def test_version_is_medctls():
    out = medd("--version")
    medctl = subprocess.run([os.path.join(harness.bin_dir(), "medctl"), "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == medctl.stdout and out.stdout.strip()


def test_completion_scripts_parse_in_their_shells():
    for shell, marker in (("bash", "complete -F _medd medd"), ("zsh", "#compdef medd"), ("fish", "complete -c 'medd'")):
        out = medd("--generate-completion-script", shell)
        assert out.returncode == 0 and marker in out.stdout, shell
        assert all(option in out.stdout for option in ("pretend-now", "restore", "state-dir")), shell
        completions.assert_parses(shell, out.stdout)


def test_bash_completion_offers_options_and_values(tmp_path):
    complete = completions.bash_completer("medd", medd("--generate-completion-script", "bash").stdout, tmp_path)
    assert complete("--st") == ["--state-dir"]
    assert complete("--check", "--j") == ["--json"]
    assert complete("--generate-completion-script", "") == ["bash", "zsh", "fish"]
    (tmp_path / "states").mkdir()
    (tmp_path / "state.txt").write_text("")
    assert complete("--state-dir", str(tmp_path / "stat")) == [str(tmp_path / "states")]


def test_usage_errors_speak_the_persons_language():
    """The messages medd shares with medctl are translated already; the pointer to the help too."""
    out = medd("--config", env=locales.env("de_DE.UTF-8"))
    assert out.returncode == 64
    needs = locales.translated("de", "%1$s needs a value (%2$s)", "--config", "PATH")
    see = locales.translated("de", "See `%1$s`.", "medd --help")
    assert out.stderr == f"medd: {needs}\n{see}\n", out.stderr
