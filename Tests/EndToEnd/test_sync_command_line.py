"""medd-sync's command line as a shell meets it: read by the same code as medd's and medctl's, so usage errors
exit 64 with a precise message and a pointer to the help, starting nothing; --help and the errors come through
gettext in the person's language; the completion scripts are written from the same option table."""
import os
import subprocess

import pytest

import completions
import harness
import locales

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def medd_sync(*args, env=None):
    return subprocess.run([os.path.join(harness.bin_dir(), "medd-sync"), *args], capture_output=True, text=True, timeout=20,
                          env=env or dict(os.environ, LANGUAGE="C"))


@pytest.mark.parametrize("args, message", [
    (["--bogus"], "unknown option '--bogus'; medd-sync takes --config, --socket, --state-dir, --test-carers"),
    (["-x"], "unknown option '-x'; medd-sync's options are long ones, such as --config"),
    (["anna"], "medd-sync takes no argument 'anna'"),
    (["--config"], "--config needs a value (PATH)"),
    (["--state-dir="], "--state-dir needs a value (DIR)"),
    (["--socket", "--config", "x"], "--socket needs a value (PATH), not the option --config"),
    (["--test-carers=yes"], "--test-carers takes no value"),
    (["--generate-completion-script", "ksh"], "--generate-completion-script ksh: expected bash, zsh or fish"),
])
def test_a_usage_error_exits_64_and_starts_nothing(tmp_path, args, message):
    """Every default path is under tmp_path, which stays empty: no status file, no carers' database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k not in ("MEDD_SOCKET", "STATE_DIRECTORY")}
    out = medd_sync(*args, env=dict(env, LANGUAGE="C", HOME=str(tmp_path), XDG_RUNTIME_DIR=str(tmp_path)))
    assert out.returncode == 64, (args, out.returncode, out.stderr)
    assert out.stderr.startswith("medd-sync: " + message), out.stderr
    assert out.stderr.endswith("\nSee `medd-sync --help`.\n"), out.stderr
    assert out.stdout == "" and os.listdir(tmp_path) == []


def test_without_a_runtime_directory_the_socket_must_be_given(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k != "MEDD_SOCKET"}
    out = medd_sync("--config", str(tmp_path / "medd.toml"), env=dict(env, LANGUAGE="C", HOME=str(tmp_path)))
    assert out.returncode == 64 and out.stderr.startswith("medd-sync: XDG_RUNTIME_DIR is not set: pass --socket PATH\n"), out.stderr


def test_help_lists_every_option_and_the_exit_statuses():
    out = medd_sync("--help")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("OVERVIEW: medd's network side: keeps medd's doses in a CalDAV collection")
    assert "\n  medd-sync --test-carers [ID …] [--config PATH] [--state-dir DIR]\n" in out.stdout
    for option in ("--config PATH", "--socket PATH", "--state-dir DIR", "--test-carers", "--version", "--help"):
        assert f"\n  {option} " in out.stdout, option
    assert "\n  ID " in out.stdout
    words = " ".join(out.stdout.split())
    assert "64 usage error" in words and "78 the configuration has errors" in words
    assert medd_sync("-h").stdout == out.stdout
    assert medd_sync("--config", "x", "--help").stdout == out.stdout
    assert all(len(line) <= 80 for line in out.stdout.splitlines())
    version = medd_sync("--version")
    assert version.returncode == 0 and version.stdout.startswith("medd-sync ")


def test_help_and_usage_errors_speak_the_persons_language():
    """What medd-sync shares with medd and medctl is translated already (the headings, --config, --version,
    --help, the usage errors); its own messages are in the template for the translators, and until they are
    translated gettext gives them in English, never a blank."""
    german = locales.env("de_DE.UTF-8")
    out = medd_sync("--help", env=german)
    assert out.returncode == 0, out.stderr
    for message, arguments in [("OPTIONS:", ()), ("ARGUMENTS:", ()), ("Show the version.", ()), ("Show this help (also -h).", ()),
                               ("OVERVIEW: %1$s", ("",))]:
        text = locales.translated("de", message, *arguments).strip()
        assert text.split()[0] in out.stdout, (message, text)
    assert "OPTIONS:" not in out.stdout, "the heading is German"
    config = locales.translated("de", "The configuration file (default: $XDG_CONFIG_HOME/medd/medd.toml).")
    assert config.split()[0] in out.stdout
    own = ["medd's control socket (default: $MEDD_SOCKET, else $XDG_RUNTIME_DIR/medd/control.sock).",
           "With --test-carers: a carer, as [carer.ID] names it.",
           "XDG_RUNTIME_DIR is not set: pass --socket PATH",
           "neither XDG_STATE_HOME nor HOME is set: pass --state-dir DIR"]
    template = open(os.path.join(REPO, "po", "medd.pot")).read()
    for message in own:
        assert pot_msgid(message) in template, f"{message!r} is not in po/medd.pot: run `make pot`"
    catalog = locales.translation("de")
    shown = catalog.gettext(own[0])
    assert shown.split()[0] in out.stdout.replace("\n", " ")

    error = medd_sync("--config", env=german)
    assert error.returncode == 64
    needs = locales.translated("de", "%1$s needs a value (%2$s)", "--config", "PATH")
    see = locales.translated("de", "See `%1$s`.", "medd-sync --help")
    assert error.stderr == f"medd-sync: {needs}\n{see}\n", error.stderr


def pot_msgid(message):
    """How po/medd.pot writes `message` on one line (the short ones): msgid "…"."""
    return 'msgid "' + message.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_completion_scripts_parse_in_their_shells():
    for shell, marker in (("bash", "complete -F _medd_sync medd-sync"), ("zsh", "#compdef medd-sync"), ("fish", "complete -c 'medd-sync'")):
        out = medd_sync("--generate-completion-script", shell)
        assert out.returncode == 0 and marker in out.stdout, shell
        assert all(option in out.stdout for option in ("test-carers", "state-dir", "socket", "config")), shell
        completions.assert_parses(shell, out.stdout)


def test_bash_completion_offers_options_and_values(tmp_path):
    complete = completions.bash_completer("medd-sync", medd_sync("--generate-completion-script", "bash").stdout, tmp_path)
    assert complete("--te") == ["--test-carers"]
    assert complete("--s") == ["--socket", "--state-dir"]
    assert complete("--generate-completion-script", "") == ["bash", "zsh", "fish"]
    (tmp_path / "states").mkdir()
    (tmp_path / "state.txt").write_text("")
    assert complete("--state-dir", str(tmp_path / "stat")) == [str(tmp_path / "states")]
    assert sorted(complete("--config", str(tmp_path / "stat"))) == sorted([str(tmp_path / "states"), str(tmp_path / "state.txt")])

