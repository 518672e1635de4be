"""Every numeric option of every command: bounded, ASCII digits only, one-line errors.

The commands are found by walking the whole Typer app, so a command added later is
covered without touching this file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main

from croupier.cli import app
from croupier.cli.options import DEFAULT_STRATEGY, OptionError
from croupier.errors import quoted

from .helpers import assert_one_line_error, croupier


def _commands(group: Any, path: tuple[str, ...], ctx: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if hasattr(command, "list_commands"):
            yield from _commands(command, (*path, name), ctx)
        else:
            yield (*path, name), command


def every_command() -> list[tuple[tuple[str, ...], Any]]:
    root = typer.main.get_command(app)
    ctx = root.make_context("croupier", [], resilient_parsing=True)
    return list(_commands(root, (), ctx))


def _is_numeric(param: Any) -> bool:
    descriptor = getattr(param, "type_descriptor", None)
    return descriptor is not None and descriptor.annotation in (int, float)


def numeric_params() -> list[tuple[tuple[str, ...], Any, list[str]]]:
    """(command path, param, the arguments that must come before its value)."""
    found = []
    for path, command in every_command():
        before: list[str] = []
        for param in command.params:
            is_argument = not param.opts[0].startswith("-")
            if _is_numeric(param):
                found.append((path, param, list(before)))
            if is_argument:
                before.append("-")  # a placeholder for an earlier argument (a file: stdin)
    return found


def parse_value(param: Any, value: str) -> object:
    """``value`` read by ``param``'s own parser, as the command line reads it (nothing runs;
    the root's context alone would leave a command's options unparsed)."""
    parser = param.type_descriptor.parameter_info.parser
    assert parser is not None, param.opts
    return parser(value)


NUMERIC = numeric_params()
IDS = [f"{' '.join(path)} {param.opts[0]}" for path, param, _ in NUMERIC]

BAD_VALUES = [
    "-1",
    "1" + "0" * 400,
    "1e400",
    "10**30",
    "nan",
    "NaN",
    "inf",
    "abc",
    "",
    "²",
    "٣",
    " 7",
    "1_000",
    "+5",
    "9" * 5000,
]


def _arguments(param: Any, before: list[str], value: str) -> list[str]:
    if param.opts[0].startswith("-"):
        return [*before, param.opts[0], value]
    return [*before, value]


def test_the_walk_finds_the_numeric_options() -> None:
    names = {f"{' '.join(path)} {param.opts[0]}" for path, param, _ in NUMERIC}
    for expected in (
        "baccarat play --bankroll",
        "baccarat play --stake",
        "baccarat play --decks",
        "baccarat simulate --shoes",
        "baccarat simulate --workers",
        "baccarat simulate --penetration",
        "baccarat odds --decks",
        "baccarat eor --decks",
        "poker equity trials",
        "casino arena --tournaments",
        "casino arena --workers",
    ):
        assert expected in names


@pytest.mark.parametrize(("path", "param", "before"), NUMERIC, ids=IDS)
@pytest.mark.parametrize("value", BAD_VALUES)
def test_bad_numbers_are_one_line_errors(
    path: tuple[str, ...], param: Any, before: list[str], value: str
) -> None:
    run = croupier(*path, *_arguments(param, before, value), input="")
    assert_one_line_error(run)
    assert run.stderr.startswith("croupier: error: ")
    assert len(run.stderr) < 300  # a 5,000-digit value is cut short, not echoed whole


@pytest.mark.parametrize(("path", "param", "before"), NUMERIC, ids=IDS)
def test_zero_is_accepted_or_refused_in_one_line(
    path: tuple[str, ...], param: Any, before: list[str]
) -> None:
    try:
        parse_value(param, "0")
    except OptionError as exc:
        message = str(exc)
    else:
        return
    assert "\n" not in message and "expected" in message


@pytest.mark.parametrize(("path", "param", "before"), NUMERIC, ids=IDS)
def test_bounds_are_shown_in_the_help(path: tuple[str, ...], param: Any, before: list[str]) -> None:
    help_text = " ".join(croupier(*path, "--help").stdout.split())
    assert " to " in (param.help or ""), param.help
    assert param.opts[0] in help_text or param.opts[0].upper() in help_text


SEEDED = [
    path for path, command in every_command() if any("--seed" in p.opts for p in command.params)
]


def test_every_random_command_has_a_seed() -> None:
    assert {" ".join(p) for p in SEEDED} >= {
        "baccarat play",
        "baccarat simulate",
        "poker equity",
        "casino play",
        "casino arena",
    }


@pytest.mark.parametrize("path", SEEDED, ids=[" ".join(p) for p in SEEDED])
@pytest.mark.parametrize("seed", ["-1", "abc", "1e400"])
def test_every_command_refuses_a_bad_seed(path: tuple[str, ...], seed: str) -> None:
    before = ["-"] if path == ("poker", "equity") else []
    run = croupier(*path, *before, "--seed", seed, input="")
    assert_one_line_error(run, "--seed", repr(seed), "expected a whole number from 0")


def test_typer_parse_errors_are_in_the_one_line_form() -> None:
    run = croupier("baccarat", "odds", "--frobnicate")
    assert_one_line_error(run, "baccarat odds", "No such option: --frobnicate")
    assert run.stderr.startswith("croupier: error: ")


def test_h_works_as_help_and_flags_show_no_type() -> None:
    for path, _ in every_command():
        run = croupier(*path, "-h")
        assert run.exit_code == 0, path
        assert "<bool>" not in run.stdout and "<str>" not in run.stdout, path


def test_the_summaries_in_the_lazy_listing_are_the_docstrings() -> None:
    from croupier.cli import GAMES
    from croupier.cli.lazy import load

    for name, (target, summary) in GAMES.items():
        group = load(target)
        if not isinstance(group, typer.Typer):  # a single command: croupier serve
            assert summary == " ".join((group.__doc__ or "").split("\n\n")[0].split()), name
            continue
        assert summary == group.info.help, name
        lazy = vars(type(typer.main.get_command(group)))["lazy_commands"]
        for command, (where, line) in lazy.items():
            function = load(where)
            if isinstance(function, typer.Typer):  # a group inside (poker ranges)
                assert line == function.info.help, command
                continue
            first = " ".join((function.__doc__ or "").split("\n\n")[0].split())
            assert line == first, command


def test_the_count_limit_in_help_is_the_library_s() -> None:
    from croupier.baccarat.advantage import batches
    from croupier.cli.baccarat import advantage

    assert advantage.COUNT_LIMIT == batches.COUNT_LIMIT


def test_the_default_strategy_is_the_library_s() -> None:
    from croupier.casino import strategies

    assert strategies.DEFAULT_STRATEGY == DEFAULT_STRATEGY


def test_the_strategies_named_in_the_help_are_the_library_s() -> None:
    """``casino hint --strategy yardstick`` worked, but its help named only random,
    greedy and expert."""
    from croupier.casino import strategies

    shown = " ".join(croupier("casino", "hint", "--help").stdout.split())
    for name in strategies.STRATEGIES:
        assert name in shown, name


def test_the_deadline_s_default_and_bound_are_the_library_s() -> None:
    from croupier.casino import strategies
    from croupier.cli import options

    assert strategies.DEFAULT_DEADLINE == options.DEFAULT_DEADLINE
    assert strategies.MAX_DEADLINE == options.MAX_DEADLINE


def test_workers_are_bounded_by_the_cpus_available() -> None:
    from croupier.parallel import available_cpus

    too_many = str(available_cpus() + 1)
    run = croupier("baccarat", "simulate", "--workers", too_many)
    assert_one_line_error(run, f"from 0 to {available_cpus()}")


def test_defaults_are_written_one_way_and_shown() -> None:
    for path in SEEDED:
        before = ["-"] if path == ("poker", "equity") else []
        text = " ".join(croupier(*path, *before, "--help").stdout.replace("│", " ").split())
        assert "[default: a fresh one, printed]" in text, path
    text = " ".join(croupier("baccarat", "play", "--help").stdout.replace("│", " ").split())
    assert "[default: $1,000]" in text and "[default: $100]" in text
    assert "(default" not in text and "; default" not in text


FILE_OPTIONS = [
    (["casino", "play", "--load"], "--load"),
    (["casino", "play", "--deck-file"], "--deck-file"),
    (["casino", "play", "--log"], "--log"),
    (["casino", "review"], "GAME"),
    (["casino", "show"], "SAVEFILE"),
    (["poker", "compare"], "FILE"),
    (["baccarat", "play", "--shoe-file"], "--shoe-file"),
    (["baccarat", "perfect", "--bet", "banker", "--trace"], "--trace"),
    (["baccarat", "perfect", "--bet", "banker", "--checkpoint"], "--checkpoint"),
]


@pytest.mark.parametrize(("words", "name"), FILE_OPTIONS, ids=lambda x: str(x))
def test_a_file_option_names_an_empty_name_or_a_directory(
    words: list[str], name: str, tmp_path: Path
) -> None:
    empty = croupier(*words, "")
    assert_one_line_error(empty, f"bad {name} ''", "an empty file name")
    folder = croupier(*words, str(tmp_path))
    assert_one_line_error(folder, f"bad {name}", "a directory: expected the name of a file")


WRITTEN_FILE_OPTIONS = [
    ["casino", "play", "--log"],
    ["casino", "puzzle", "--history"],
    ["baccarat", "perfect", "--bet", "banker", "--trace"],
]


@pytest.mark.parametrize("words", WRITTEN_FILE_OPTIONS, ids=lambda x: str(x))
def test_a_file_written_in_a_missing_folder_is_refused_before_the_work(
    words: list[str], tmp_path: Path
) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    problems = ("does not exist", "is a file: expected a folder")
    for folder, problem in zip((tmp_path / "gone", plain), problems, strict=True):
        name = str(folder / "x.log")
        run = croupier(*words, name, input="")
        assert_one_line_error(run, f"bad {words[-1]} {quoted(name)}: its folder {folder} {problem}")
        assert run.stdout == ""  # refused before anything started


def test_a_file_written_in_a_folder_one_cannot_write_to_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from croupier.cli.options import file_name

    real = os.access
    locked = str(tmp_path)
    monkeypatch.setattr(os, "access", lambda path, mode: real(path, mode) and str(path) != locked)
    with pytest.raises(OptionError, match=r": its folder .* cannot be written to$"):
        file_name("--log", writes=True)(str(tmp_path / "game.log"))
    assert file_name("--log")(str(tmp_path / "game.log")) == tmp_path / "game.log"  # read
    # a file that is there is written where it is, whatever its folder: /dev/null (whose
    # folder a user cannot write in), or a file of one's own in a folder one cannot write
    (tmp_path / "kept.log").write_text("")
    assert file_name("--log", writes=True)(str(tmp_path / "kept.log")) == tmp_path / "kept.log"
    monkeypatch.setattr(os, "access", lambda path, mode: str(path) != "/dev")
    assert file_name("--trace", writes=True)("/dev/null") == Path("/dev/null")


def test_a_directory_option_names_a_file(tmp_path: Path) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    run = croupier("serve", "--state-dir", str(plain))
    assert_one_line_error(run, "bad --state-dir", "a file: expected a directory")


def _bounds(help_text: str) -> list[str]:
    """The bounds shown in an option's help, as a user would type them: ``[1 to 64...]``
    gives 1 and 64, ``[$0.01 to $1,000,000,000]`` $0.01 and $1,000,000,000 (money is
    written with separators), ``[above 0, up to 1]`` only 1 (above 0 is not a bound)."""
    match = re.search(r"\[(?:above \S+, up to (\S+?)|(\S+) to (\S+?))(?:\]|: |, )", help_text)
    assert match is not None, help_text
    shown = [bound for bound in match.groups() if bound is not None]
    return [bound if bound.startswith("$") else bound.replace(",", "") for bound in shown]


def bounded_params() -> list[tuple[tuple[str, ...], Any, list[str]]]:
    """Every option and argument whose help shows bounds (``[1 to 64]``), whatever its
    type (``float | None`` too), with the arguments that must come before its value."""
    found = []
    for path, command in every_command():
        before: list[str] = []
        for param in command.params:
            if re.search(r"\[(above \S+, up to|\S+ to )", param.help or ""):
                found.append((path, param, list(before)))
            if not param.opts[0].startswith("-"):
                before.append("-")
    return found


BOUNDED = bounded_params()


def test_the_walk_finds_every_bounded_option() -> None:
    names = {f"{' '.join(path)} {param.opts[0]}" for path, param, _ in BOUNDED}
    assert "poker calc --precision" in names and "baccarat simulate --penetration" in names
    assert {f"{' '.join(path)} {param.opts[0]}" for path, param, _ in NUMERIC} <= names


@pytest.mark.parametrize(
    ("path", "param", "before"),
    BOUNDED,
    ids=[f"{' '.join(path)} {param.opts[0]}" for path, param, _ in BOUNDED],
)
def test_every_bound_shown_in_the_help_is_accepted(
    path: tuple[str, ...], param: Any, before: list[str]
) -> None:
    """Bounds are inclusive: ``poker calc --precision 0.001`` was refused although its
    help says ``[0.001 to 10]``."""
    for bound in _bounds(param.help or ""):
        try:
            parse_value(param, bound)
        except OptionError as exc:
            pytest.fail(f"{' '.join(path)} {param.opts[0]} {bound}: {exc}")


def _option(path: tuple[str, ...], name: str) -> Any:
    return next(p for c_path, p, _ in BOUNDED if c_path == path and p.opts[0] == name)


#: Bounds whose use needs other options (the stake at most the bankroll, the cut card
#: inside a 64-deck shoe): the option, which of its bounds, and a command line using it.
STUDY = ["--decks", "64", "--burn", "none", "--shoes", "1", "--bet", "tie", "--json"]
TOGETHER = [
    (("baccarat", "play"), "--bankroll", 0, ["--stake", "{}", "--roads", "off"]),
    (("baccarat", "count"), "--cut-card", 1, [*STUDY, "--tags", "dragon-7", "--threshold", "1"]),
    (("baccarat", "perfect"), "--cut-card", 1, STUDY),
]


@pytest.mark.parametrize(
    ("path", "name", "which", "with_"), TOGETHER, ids=[f"{' '.join(t[0])} {t[1]}" for t in TOGETHER]
)
def test_a_bound_that_needs_other_options_is_usable(
    path: tuple[str, ...], name: str, which: int, with_: list[str]
) -> None:
    """A bound no command line can use is not one: ``--bankroll $0`` was refused with any
    stake (a stake is at least $0.01), ``--cut-card 3,328`` with any shoe (it leaves no
    card to deal)."""
    bound = _bounds(_option(path, name).help or "")[which]
    run = croupier(*path, name, bound, *(arg.format(bound) for arg in with_), input="")
    assert run.exit_code == 0, (bound, run.stderr)


def test_the_command_line_s_bounds_are_the_library_s() -> None:
    """The library refuses what is beyond its bounds (so that hostile calls stop at
    once); the options, written without importing it, must agree with it."""
    from croupier import cards
    from croupier.baccarat.advantage.study import MAX_STUDY_SHOES
    from croupier.baccarat.simulate import MAX_SHOES
    from croupier.cli import options, poker
    from croupier.cli.baccarat import advantage, analysis
    from croupier.poker.matchups.equity import MAX_TRIALS

    assert options.MAX_DECKS == cards.MAX_DECKS
    assert analysis.MAX_SHOES == MAX_SHOES
    assert advantage.MAX_STUDY_SHOES == MAX_STUDY_SHOES
    assert poker.MAX_TRIALS == MAX_TRIALS


def test_every_long_job_takes_the_same_workers_and_scheduler_options() -> None:
    """One executor for every long job: a command with ``--scheduler`` has ``--workers``
    too, both as :mod:`croupier.cli.options` defines them."""
    defined: dict[str, str] = {}
    found = set()
    for path, command in every_command():
        options = {param.opts[0]: param for param in command.params}
        if "--scheduler" not in options:
            continue
        found.add(" ".join(path))
        assert "--workers" in options, path
        for name in ("--workers", "--scheduler"):
            assert defined.setdefault(name, options[name].help) == options[name].help, path
    assert {"baccarat simulate", "baccarat count", "baccarat perfect", "poker calc"} <= found
