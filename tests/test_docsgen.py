"""The site's generators: the CLI reference covers the whole app, the payout page every bet,
doctests in docstrings become code blocks, and the offline check catches outside fetches."""

from __future__ import annotations

import sys
from pathlib import Path

import typer.main

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from docsgen.cli_reference import cli_reference_markdown, walk_commands  # noqa: E402
from docsgen.griffe_doctest import fence_doctests  # noqa: E402
from docsgen.payout_tables import describe_net, payout_tables_markdown  # noqa: E402
from docsgen.rules_tables import (  # noqa: E402
    poker_hit_categories_markdown,
    poker_omaha_hit_categories_markdown,
)
from docsgen.terminal import parse_session  # noqa: E402

from croupier.baccarat import PAYOUT_TABLES  # noqa: E402
from croupier.cli import app  # noqa: E402


def test_the_cli_reference_has_every_command_and_option() -> None:
    markdown = cli_reference_markdown()
    paths = [path for path, _, _ in walk_commands()]
    assert ("croupier", "casino", "arena") in paths
    for path, command, _ in walk_commands(typer.main.get_command(app)):
        assert f"`{' '.join(path)}`" in markdown
        for param in command.params:
            if param.param_type_name == "option":
                assert f"`{param.opts[0]}" in markdown, param.opts
            else:
                assert f"`{str(param.name).upper()}`" in markdown


def test_the_payout_page_has_every_bet() -> None:
    markdown = payout_tables_markdown()
    for table in PAYOUT_TABLES.values():
        assert f"## `{table.name}`" in markdown
        for bet in table.bets:
            assert f"| `{bet.key}` | {bet.name} |" in markdown
    assert "banker wins: 19/20:1 (0.95:1); the round is a tie: push" in markdown


def test_the_hit_categories_table_has_every_category_once() -> None:
    from croupier.poker.hits.categories import Draw, MadeHand

    rows = [line for line in poker_hit_categories_markdown().splitlines() if line.startswith("| ")]
    for category in [*MadeHand, *Draw]:
        assert sum(row.startswith(f"| {category.value} |") for row in rows) == 1
    assert (
        "| set | a pocket pair with one card of its rank on the board | 7♠ 7♦ on K♣ 7♥ 2♦ |" in rows
    )


def test_omaha_s_hit_categories_table_has_every_category_once() -> None:
    from croupier.poker.hits.categories import OmahaDraw, OmahaHand

    markdown = poker_omaha_hit_categories_markdown()
    rows = [line for line in markdown.splitlines() if line.startswith("| ")]
    for category in [*OmahaHand, *OmahaDraw]:
        assert sum(row.startswith(f"| {category.value} |") for row in rows) == 1
    assert "| wrap | 13 or more outs" in markdown


def test_net_payouts_read_as_a_table_says_them() -> None:
    from fractions import Fraction

    assert [describe_net(Fraction(n)) for n in (8, 0, -1)] == ["8:1", "push", "loses"]
    assert describe_net(Fraction(24, 25)) == "24/25:1 (0.96:1)"


def test_doctests_in_docstrings_become_code_blocks() -> None:
    text = "Intro :class:`~.round.Coup`.\n\n    >>> 1 + 1\n    2\n\nAfter."
    assert fence_doctests(text) == (
        "Intro `Coup`.\n\n    ```pycon\n    >>> 1 + 1\n    2\n    ```\n\nAfter."
    )


def test_a_terminal_block_is_a_command_and_its_answers() -> None:
    session = parse_session("$ croupier baccarat play --seed 7\nb\nq\n", {"exit": "0"})
    assert session.argv == ["baccarat", "play", "--seed", "7"]
    assert session.answers == ("b", "q")


def test_the_offline_check_catches_outside_fetches(tmp_path: Path) -> None:
    from docsgen.hooks import external_requests

    (tmp_path / "ok.html").write_text(
        '<a href="https://example.org">a link</a><link rel="canonical" href="http://127.0.0.1/">'
    )
    (tmp_path / "font.css").write_text('@font-face { src: url("https://cdn.example/f.woff2") }')
    (tmp_path / "page.html").write_text('<script src="//cdn.example/x.js"></script>')
    assert [line.split(":")[0] for line in external_requests(tmp_path)] == [
        "font.css",
        "page.html",
    ]


def test_a_default_the_help_writes_is_shown_as_written() -> None:
    markdown = cli_reference_markdown()
    assert "| `--bankroll DOLLARS` | $1,000 | Money you sit down with" in markdown
    assert "[default:" not in markdown


def test_the_api_reference_reads_sources_and_imports_no_kernel() -> None:
    """mkdocstrings' loader, set as mkdocs.yml sets it, reads croupier's sources and
    imports none of its modules (nor tries to): inspecting the compiled-only Baccarat
    builds imported the AVX-512 one, whose module code is built for AVX-512, and on a
    processor without it the site's build died of an illegal instruction."""
    import subprocess

    import pytest

    yaml = pytest.importorskip("yaml")
    pytest.importorskip("griffe")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    handler = next(p["mkdocstrings"] for p in config["plugins"] if isinstance(p, dict))
    python = handler["handlers"]["python"]
    allow = python["options"].get("allow_inspection", True)
    script = (
        "import logging, sys, griffe\n"
        "tried = []\n"
        "class Watch(logging.Handler):\n"
        "    def emit(self, record):\n"
        "        tried.append(record.getMessage())\n"
        "logging.getLogger('griffe').addHandler(Watch())\n"
        "logging.getLogger('griffe').setLevel(logging.DEBUG)\n"
        f"loader = griffe.GriffeLoader(search_paths={python['paths']!r},"
        f" allow_inspection={allow!r})\n"
        "package = loader.load('croupier', submodules=True, try_relative_path=False)\n"
        "assert 'baccarat' in package.members and 'engine' in package.members\n"
        "print('\\n'.join(m for m in tried if 'Import' in m))\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('croupier.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == []
