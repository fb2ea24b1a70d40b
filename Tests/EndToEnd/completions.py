"""Shell completion scripts as the shells read them: parsed by each shell, and bash's answers to words typed."""
import shutil
import subprocess

CHECKERS = {"bash": ["bash", "-n"], "zsh": ["zsh", "-n"], "fish": ["fish", "--no-execute"]}


def assert_parses(shell, script):
    """The shell's own parser takes the script (the check is skipped, saying so, when the shell is missing)."""
    checker = CHECKERS[shell]
    if shutil.which(checker[0]):
        syntax = subprocess.run(checker, input=script, capture_output=True, text=True)
        assert syntax.returncode == 0, (shell, syntax.stderr)
    else:
        print(f"SKIPPED: {checker[0]} is not installed, so the {shell} script's syntax is not checked")


def bash_completer(program, script, directory):
    """complete(*words): what the bash script (written to `directory`) offers for `program words… <TAB>`."""
    path = directory / f"{program}.bash"
    path.write_text(script)
    function = "_" + program.replace("-", "_")

    def complete(*words):
        line = " ".join([program, *words])
        probe = (f"source {path}; COMP_WORDS=({line}); COMP_CWORD={len(words)}; "
                 f"{function}; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
        return subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=True).stdout.split()

    return complete
