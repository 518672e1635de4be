"""The terminal's own messages cut a long value saying how long it was
(:func:`croupier.errors.quoted`), never silently."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from croupier.cli.console import CroupierGroup

from .helpers import assert_one_line_error, croupier

LONG = "z" * 50
CUT = "'" + "z" * 40 + "...' (50 characters)"


def test_a_bad_decimal_option_names_how_long_the_value_was() -> None:
    run = croupier("baccarat", "trainer", "--speed", LONG)
    assert_one_line_error(run, f"bad --speed {CUT}: expected 0 to 10 seconds")


def test_a_bad_file_name_names_how_long_it_was() -> None:
    run = croupier("casino", "play", "--log", LONG + "\0")
    assert_one_line_error(run, "'" + "z" * 40 + "...' (51 characters): a file name cannot hold")


def test_a_usage_error_quotes_the_value_given_saying_how_long_it_was() -> None:
    def refuse(text: str) -> int:
        raise typer.BadParameter("not a count")

    demo = typer.Typer(cls=CroupierGroup)

    @demo.command()
    def count(number: int = typer.Option(1, parser=refuse)) -> None:
        """Count."""

    @demo.command()
    def other() -> None:
        """Another, so that the app is a group."""

    result = CliRunner().invoke(demo, ["count", "--number", LONG])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f"not a count (got {CUT})"), result.stderr
