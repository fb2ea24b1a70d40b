"""`make install` / `make uninstall` into a throwaway prefix: binaries, user units, the catalog, the man
pages and medd's, medctl's and medd-sync's shell completions (this runs the release build)."""
import os
import shutil
import subprocess

import pytest

# The release build takes both cores, and it writes the translations in .build/<triple>/share/locale,
# which the debug binaries other tests run read too: it runs alone, after them.
pytestmark = pytest.mark.alone

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALLED = [
    "bin/medd", "bin/medctl", "share/systemd/user/medd.service", "share/systemd/user/medd.socket",
    "share/medd/medd.catalog", "share/man/man1/medctl.1", "share/man/man5/medd.toml.5", "share/man/man8/medd.8", "share/bash-completion/completions/medctl",
    "share/zsh/site-functions/_medctl", "share/fish/vendor_completions.d/medctl.fish", "share/bash-completion/completions/medd",
    "share/zsh/site-functions/_medd", "share/fish/vendor_completions.d/medd.fish", "share/bash-completion/completions/medd-sync",
    "share/zsh/site-functions/_medd-sync", "share/fish/vendor_completions.d/medd-sync.fish",
    # The translations and the journal catalog in every language.
    "share/locale/de/LC_MESSAGES/medd.mo", "share/locale/pt_BR/LC_MESSAGES/medd.mo", "share/locale/zh_CN/LC_MESSAGES/medd.mo",
    "share/medd/medd.de.catalog", "share/medd/medd.zh_CN.catalog",
]


def make(target, prefix):
    out = subprocess.run(["make", "-C", REPO, target, f"PREFIX={prefix}"], capture_output=True, text=True, timeout=1800)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]


def test_install_puts_everything_in_place_and_uninstall_takes_it_away(tmp_path):
    prefix = str(tmp_path / "local")
    make("install", prefix)
    for path in INSTALLED:
        assert os.path.getsize(os.path.join(prefix, path)) > 0, path
    service = open(os.path.join(prefix, "share/systemd/user/medd.service")).read()
    assert f"ExecStart={prefix}/bin/medd " in service

    page = subprocess.run(["man", "-l", os.path.join(prefix, "share/man/man1/medctl.1")], capture_output=True, text=True,
                          env=dict(os.environ, MANWIDTH="100", MANPAGER="cat", PAGER="cat"))
    assert page.returncode == 0, page.stderr
    for verb in ("taken", "snooze", "adherence", "export", "watch"):
        assert verb in page.stdout, verb

    if shutil.which("bash"):
        for program in ("medctl", "medd", "medd-sync"):
            loaded = subprocess.run(["bash", "-c", f"source {prefix}/share/bash-completion/completions/{program} && complete -p {program}"],
                                    capture_output=True, text=True)
            function = "_" + program.replace("-", "_")
            assert loaded.returncode == 0 and f"{function} {program}" in loaded.stdout, loaded.stderr

    version = subprocess.run([os.path.join(prefix, "bin/medctl"), "--help"], capture_output=True, text=True)
    assert version.returncode == 0 and "medctl" in version.stdout
    # The installed medctl finds its catalogs under PREFIX/share/locale, from its own path.
    import locales
    german = subprocess.run([os.path.join(prefix, "bin/medctl"), "frobnicate"], capture_output=True, text=True,
                            env=locales.env("de_DE.UTF-8"))
    unknown_verb = locales.translated("de", "unknown verb '%1$s'; the verbs are %2$s", "frobnicate", "").rstrip()
    assert german.returncode == 2 and german.stderr.startswith("medctl: " + unknown_verb), german.stderr

    make("uninstall", prefix)
    for path in INSTALLED:
        assert not os.path.exists(os.path.join(prefix, path)), path
