"""The ``croupier`` root command: version, help, the lobby, error handling."""

from __future__ import annotations

from croupier import __version__
from croupier.engine import UNCOMPILED_COST, compiled, status

from .helpers import assert_one_line_error, croupier


def test_version() -> None:
    """The version, and whether the engine is compiled (croupier.engine.status); where it
    is not, what that costs and how to compile it."""
    run = croupier("--version")
    assert run.exit_code == 0
    lines = run.stdout.splitlines()
    assert lines[:2] == [f"croupier {__version__}", f"engine {status()}"]
    if compiled():
        assert len(lines) == 2
    else:
        assert lines[2] == f"uncompiled, croupier is slower: {UNCOMPILED_COST}"


def test_help_lists_the_games() -> None:
    run = croupier("--help")
    assert run.exit_code == 0
    assert "baccarat" in run.stdout
    group = croupier("baccarat", "--help")
    assert group.exit_code == 0 and "play" in group.stdout
    bare = croupier("baccarat")
    assert bare.exit_code == 0 and "play" in bare.stdout


def test_the_lobby_quits() -> None:
    run = croupier(input="q\n")
    assert run.exit_code == 0
    assert "pick a game" in run.stdout and "Baccarat" in run.stdout and "Quit" in run.stdout


def test_the_lobby_leaves_on_end_of_input() -> None:
    run = croupier(input="")
    assert run.exit_code == 0 and run.stderr == ""


def test_the_lobby_refuses_unknown_choices_and_runs_a_game() -> None:
    run = croupier(input="9\n1\nb\nq\nq\n")
    assert "No game '9'" in run.stdout
    assert "Baccarat Gambling Game" in run.stdout
    assert "You leave the table with $" in run.stdout
    assert run.stdout.count("pick a game") == 3
    assert run.exit_code == 0


def test_unknown_commands_are_one_line_errors() -> None:
    assert_one_line_error(croupier("roulette"), "No such command 'roulette'")
