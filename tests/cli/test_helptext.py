"""The help screens croupier draws itself (croupier.cli.helptext)."""

from __future__ import annotations

import pytest

from .helpers import croupier
from .test_options import every_command


def words(text: str) -> str:
    """The screen as one line of words, box characters dropped."""
    for box_character in "│╭╮╰╯─":
        text = text.replace(box_character, " ")
    return " ".join(text.split())


def test_usage_names_required_arguments_bare_and_optional_ones_in_brackets() -> None:
    screen = croupier("poker", "equity", "--help").stdout
    assert "Usage: croupier poker equity [OPTIONS] FILE [TRIALS]" in screen
    assert "{FILE}" not in screen


def test_a_required_argument_is_starred_and_said_required() -> None:
    screen = words(croupier("poker", "equity", "--help").stdout)
    assert "Arguments * FILE One hand per line" in screen
    assert "('-': stdin). [required]" in screen
    assert "TRIALS Monte Carlo trials [1 to 1,000,000,000,000,000,000] [default: 10,000]" in screen


def test_options_show_names_value_and_default_and_no_markup_escapes() -> None:
    screen = words(croupier("baccarat", "play", "--help").stdout)
    assert "--bankroll DOLLARS Money you sit down with [$0.01 to $1,000,000,000]" in screen
    assert "[default: $1,000]" in screen
    assert "-h, --help Show this message and exit." in screen
    assert "\\[" not in screen and "*" not in screen  # nothing required here


def test_a_flag_pair_shows_both_names() -> None:
    screen = words(croupier("casino", "play", "--help").stdout)
    assert "--review / --no-review Review your moves after each round. [default: review]" in screen


def test_a_group_lists_its_commands_with_their_summaries() -> None:
    screen = words(croupier("casino", "--help").stdout)
    assert "Usage: croupier casino [OPTIONS] COMMAND [ARGS]..." in screen
    assert "Commands play Play a tournament of Casino to 21 points against the computer," in screen
    assert "moves List every legal move of the player to move" in screen


@pytest.mark.parametrize("path", [path for path, _ in every_command()], ids=" ".join)
def test_every_help_screen_has_usage_and_options_and_no_trailing_spaces(
    path: tuple[str, ...],
) -> None:
    run = croupier(*path, "--help")
    assert run.exit_code == 0 and not run.stderr
    lines = run.stdout.splitlines()
    assert lines[1].startswith(" Usage: croupier " + " ".join(path))
    assert any("─ Options ─" in line for line in lines)
    assert all(line == line.rstrip() for line in lines)
