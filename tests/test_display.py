"""The shared pictures (croupier.display): cards, the deck, a shoe, and the promises every
picture keeps: escaped text, its own background and ink, nothing fetched, no script."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from croupier.cards import Card, Deck, Shoe, parse_cards
from croupier.display import (
    CARD_FACE,
    INK,
    PAPER,
    RED,
    Column,
    LinePoint,
    card_svg_picture,
    esc,
    line_chart,
    panel,
    show_cards,
    table,
)

#: What no picture may hold: a script, an address to fetch, a stylesheet of its own.
FORBIDDEN = re.compile(r"<script|https?://(?!www\.w3\.org/2000/svg)|<link|@import|url\(", re.I)


def check_picture(markup: str) -> str:
    """``markup`` keeps the promises; returned for more checks."""
    assert not FORBIDDEN.search(markup), FORBIDDEN.search(markup)
    return markup


def parse_svg(markup: str) -> ET.Element:
    """The SVG parsed as XML (well-formed, or this fails)."""
    return ET.fromstring(markup)


def test_a_card_draws_its_rank_and_suit_in_the_web_apps_colours() -> None:
    heart = check_picture(Card.parse("Th")._repr_svg_())
    root = parse_svg(heart)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["10", "♥"]
    assert RED in heart and CARD_FACE in heart
    spade = Card.parse("As")._repr_svg_()
    assert RED not in spade and INK in spade
    assert parse_svg(spade).find("{http://www.w3.org/2000/svg}title") is not None


def test_the_deck_draws_its_52_cards_in_four_rows() -> None:
    picture = check_picture(Deck()._repr_svg_())
    faces = [
        r
        for r in parse_svg(picture).iter("{http://www.w3.org/2000/svg}rect")
        if r.get("fill") == CARD_FACE
    ]
    assert len(faces) == 52
    assert len({r.get("y") for r in faces}) == 4
    assert len({r.get("x") for r in faces}) == 13


def test_a_shoe_shows_what_is_left_by_rank_and_the_cut_card() -> None:
    shoe = Shoe(decks=8, rng=3, cut_card=400)
    for _ in range(10):
        shoe.draw()
    page = check_picture(shoe._repr_html_())
    assert "406 of 416 cards left" in page
    assert "cut card after 400 cards" in page
    counts = shoe.counts()
    cells = re.findall(r"<td[^>]*>(\d+)</td>", page)
    assert [int(c) for c in cells] == list(counts.values())
    assert "Shoe (stacked)" in Shoe.stacked("As Kd")._repr_html_()


def test_any_cards_draw_through_show_cards_with_a_text_fallback() -> None:
    hand = show_cards(parse_cards("Qh Qd"), caption="pocket queens")
    assert repr(hand) == "Q♥ Q♦ (pocket queens)"
    svg = hand._repr_svg_()
    assert svg is not None and "pocket queens" in svg
    assert hand._repr_html_() is None
    assert repr(show_cards([])) == "no cards"


def test_text_is_escaped_everywhere() -> None:
    nasty = '<img src=x onerror="alert(1)">&'
    assert "<img" not in esc(nasty) and "&quot;" in esc(nasty)
    page = panel(nasty, table([Column(nasty)], [[esc(nasty)]]), note=nasty)
    assert "<img" not in page
    picture = card_svg_picture(parse_cards("2c"), caption=nasty, label=nasty)
    assert "<img" not in picture
    parse_svg(picture)
    chart = line_chart(
        [LinePoint(1, 2, tip=nasty, dot="#000")], title=nasty, x_label=nasty, y_label=nasty
    )
    assert "<img" not in chart
    parse_svg(chart)


def test_every_cell_and_panel_brings_its_own_background_and_ink() -> None:
    page = panel("t", table([Column("a"), Column("b", True)], [["1", "2"], ["3", "4"]]))
    for tag in re.findall(r"<t[dh] [^>]*>", page):
        assert "background:" in tag and f"color:{INK}" in tag
    assert f"background:{PAPER}" in page.split(">", 1)[0]


@pytest.mark.parametrize(
    "points",
    [
        [],
        [LinePoint(0, 0)],
        [LinePoint(1, -2, 0.5, "#f00"), LinePoint(2, 3, 0.0, "#0f0"), LinePoint(3, 1)],
    ],
)
def test_a_chart_is_well_formed_whatever_its_points(points: list[LinePoint]) -> None:
    for bars in (False, True):
        root = parse_svg(line_chart(points, title="t", x_label="x", y_label="y", bars=bars))
        assert root.get("role") == "img"


def test_importing_croupier_imports_no_pandas_ipython_or_drawing() -> None:
    code = (
        "import sys, croupier, croupier.cards, croupier.baccarat, croupier.casino, "
        "croupier.poker, croupier.baccarat.advantage, croupier.casino.strategies\n"
        "from croupier.cards import Card, Deck, Shoe\n"
        "from croupier.baccarat import Composition, odds_report\n"
        "from croupier.casino import Player, new_tournament\n"
        "odds_report(Composition.decks(8)); str(new_tournament(Player.HUMAN, rng=1))\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pandas', 'IPython', "
        "'ipykernel', 'nbclient', 'nbformat', 'matplotlib') or m.endswith(('.display', "
        "'.frames')))\n"
        "print(','.join(bad))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert found == ""
