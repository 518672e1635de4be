"""What every picture in a notebook is made of: escaping, the palette, cards, panels,
tables and small charts, written as SVG or HTML strings.

croupier's values draw themselves in Jupyter (``_repr_svg_``, ``_repr_html_``); each
game's drawings live in its own ``display`` module and are built from these parts. The
parts keep four promises (the reasons are in the docs' explanation of the pictures):

- **Offline**: plain markup, no script, no stylesheet, no font or image from elsewhere.
- **Escaped**: every piece of text goes through :func:`esc`.
- **Theme-proof**: every picture brings its own background and ink (inline styles and
  SVG fills), so a light or a dark notebook theme shows it the same.
- **Fast**: strings joined, nothing else; a picture takes well under 10 ms.

This module imports nothing from croupier: the values import it (lazily), so it reads
them through the small protocols below.

>>> from croupier.cards import parse_cards
>>> picture = card_svg_picture(parse_cards("As Th"))
>>> picture.startswith("<svg") and ">10<" in picture and RED in picture
True
>>> esc("<b>&</b>")
'&lt;b&gt;&amp;&lt;/b&gt;'
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

__all__ = [
    "BANKER",
    "CARD_EDGE",
    "CARD_FACE",
    "FONT",
    "GOLD",
    "INK",
    "MUTED",
    "PAPER",
    "PLAYER",
    "RED",
    "RULE",
    "TIE",
    "CardLike",
    "Column",
    "LinePoint",
    "Picture",
    "bar_cell",
    "card_picture",
    "card_svg",
    "card_svg_picture",
    "cards_html",
    "deck_picture",
    "esc",
    "line_chart",
    "number",
    "panel",
    "percent",
    "shoe_html",
    "show_cards",
    "svg",
    "table",
]

# --- the palette: the web app's colours (croupier.css), on a paper of their own ----------

#: Ink and paper: every picture sets both, whatever the notebook's theme.
INK: Final = "#1b1b1b"
PAPER: Final = "#fbfaf4"
#: A second paper for alternate rows and insets.
PAPER_SHADE: Final = "#f1eee2"
#: Lines between cells, and text that says less.
RULE: Final = "#d9d4c4"
MUTED: Final = "#5f5a4c"
#: The red suits, the card's face and edge (the web app's ``--red``, ``--card``).
RED: Final = "#c8102e"
CARD_FACE: Final = "#fffdf7"
CARD_EDGE: Final = "#bdb6a0"
#: Baccarat's sides, as on the web app's scoreboards.
PLAYER: Final = "#1f5fd1"
BANKER: Final = "#d12a2a"
TIE: Final = "#17a34a"
#: Highlights (the web app's ``--gold``), a darker gold that reads on paper, and the felt.
GOLD: Final = "#e8c35a"
GOLD_DARK: Final = "#9a7412"
FELT: Final = "#0b6b33"
FELT_INK: Final = "#f4f1e8"
#: Good and bad, on paper.
GOOD: Final = "#137a3a"
BAD: Final = "#b3261e"

FONT: Final = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif"
#: Numbers in columns.
NUMBERS: Final = "font-variant-numeric: tabular-nums"


def esc(text: object) -> str:
    """``text`` (anything, as ``str`` writes it) safe inside HTML or SVG, quotes too."""
    return html.escape(str(text), quote=True)


def number(value: float | None, digits: int = 4, *, sign: bool = False) -> str:
    """A figure for a table cell: ``digits`` decimals, a sign when asked, an en dash for
    ``None`` or NaN.

    >>> number(0.012345, 3, sign=True), number(None), number(float("nan"))
    ('+0.012', '–', '–')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


def percent(value: float | None, digits: int = 2, *, sign: bool = False) -> str:
    """A share as a percentage for a table cell (an en dash for ``None`` or NaN).

    >>> percent(0.458597), percent(-0.0106, 3, sign=True)
    ('45.86%', '-1.060%')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{100 * value:+.{digits}f}%" if sign else f"{100 * value:.{digits}f}%"


# --- panels and tables ------------------------------------------------------------------


def panel(title: str, *parts: str, note: str = "", background: str = PAPER, ink: str = INK) -> str:
    """A block with its own background and ink: an escaped ``title`` line, then ``parts``
    (markup already made), then an escaped ``note`` in a muted line."""
    head = (
        f'<div style="font-weight:700;font-size:14px;margin:0 0 6px">{esc(title)}</div>'
        if title
        else ""
    )
    foot = (
        f'<div style="color:{MUTED if background == PAPER else ink};font-size:12px;'
        f'margin-top:6px">{esc(note)}</div>'
        if note
        else ""
    )
    return (
        f'<div class="croupier" style="display:inline-block;max-width:100%;overflow-x:auto;'
        f"box-sizing:border-box;background:{background};color:{ink};border:1px solid {RULE};"
        f"border-radius:8px;padding:8px 12px;font-family:{FONT};font-size:13px;line-height:1.35;"
        f'text-align:left">'
        f"{head}{''.join(parts)}{foot}</div>"
    )


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: its heading, whether it holds numbers (aligned right), and whether
    its text may wrap (long sentences)."""

    heading: str
    numeric: bool = False
    wrap: bool = False


#: A cell's style, by whether it is a heading, numeric, and its row's shade.
def _cell_style(heading: bool, numeric: bool, shade: bool, wrap: bool = False) -> str:
    background = PAPER_SHADE if shade else PAPER
    align = "right" if numeric else "left"
    weight = "font-weight:700;" if heading else ""
    rule = f"border-bottom:{'2px' if heading else '1px'} solid {RULE};"
    figures = f"{NUMBERS};" if numeric else ""
    return (
        f"background:{background};color:{INK};text-align:{align};{weight}{rule}{figures}"
        f"padding:2px 8px;vertical-align:middle;"
        + ("white-space:normal;min-width:16em;max-width:28em" if wrap else "white-space:nowrap")
    )


def table(columns: Sequence[Column], rows: Iterable[Sequence[str]], *, caption: str = "") -> str:
    """An HTML table; ``rows`` hold markup (escape text with :func:`esc` first). Every
    cell carries its own background and ink (a notebook's stylesheet colours rows)."""
    head = "".join(
        f'<th style="{_cell_style(True, c.numeric, False)}">{esc(c.heading)}</th>' for c in columns
    )
    body = []
    for i, row in enumerate(rows):
        shade = i % 2 == 1
        cells = "".join(
            f'<td style="{_cell_style(False, c.numeric, shade, c.wrap)}">{cell}</td>'
            for c, cell in zip(columns, row, strict=True)
        )
        body.append(f"<tr>{cells}</tr>")
    cap = (
        f'<caption style="caption-side:bottom;text-align:left;color:{MUTED};font-size:12px;'
        f'padding-top:4px">{esc(caption)}</caption>'
        if caption
        else ""
    )
    return (
        f'<table class="croupier" style="border-collapse:collapse;margin:0;background:{PAPER};'
        f'color:{INK};font-size:13px">{cap}<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody>'
        f"</table>"
    )


def bar_cell(
    share: float, text: str, colour: str = GOLD, *, low: float = 0.0, high: float = 0.0
) -> str:
    """A table cell's bar: ``share`` (0 to 1) of a 120-pixel track filled with ``colour``,
    an error bar from ``low`` to ``high`` when given, and ``text`` (escaped) beside it."""
    width = 120
    fill = max(0.0, min(1.0, share)) * width
    whisker = ""
    if high > low:
        x0, x1 = (max(0.0, min(1.0, v)) * width for v in (low, high))
        whisker = (
            f'<line x1="{x0:.1f}" y1="7" x2="{x1:.1f}" y2="7" stroke="{INK}" stroke-width="1.5"/>'
            f'<line x1="{x0:.1f}" y1="3" x2="{x0:.1f}" y2="11" stroke="{INK}"/>'
            f'<line x1="{x1:.1f}" y1="3" x2="{x1:.1f}" y2="11" stroke="{INK}"/>'
        )
    track = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="14" '
        f'style="vertical-align:middle" aria-hidden="true">'
        f'<rect width="{width}" height="14" rx="3" fill="{PAPER_SHADE}" stroke="{RULE}"/>'
        f'<rect width="{fill:.1f}" height="14" rx="3" fill="{colour}"/>{whisker}</svg>'
    )
    return f'{track}<span style="margin-left:6px;{NUMBERS}">{esc(text)}</span>'


# --- SVG --------------------------------------------------------------------------------


def svg(width: float, height: float, body: str, label: str, *, background: str = PAPER) -> str:
    """A whole SVG picture: a titled image of ``width`` by ``height`` pixels on its own
    ``background`` (``"none"``: none), ``body`` drawn over it."""
    ground = (
        f'<rect width="{width:g}" height="{height:g}" rx="6" fill="{background}"/>'
        if background != "none"
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{esc(label)}" '
        f'font-family="{esc(FONT)}" style="max-width:100%;height:auto;vertical-align:middle">'
        f"<title>{esc(label)}</title>{ground}{body}</svg>"
    )


class _RankLike(Protocol):
    @property
    def label(self) -> str: ...


class _SuitLike(Protocol):
    @property
    def symbol(self) -> str: ...
    @property
    def is_red(self) -> bool: ...


class CardLike(Protocol):
    """What a drawing reads of a card (a :class:`croupier.cards.Card`)."""

    @property
    def rank(self) -> _RankLike: ...
    @property
    def suit(self) -> _SuitLike: ...


#: A card's size in pixels, at scale 1.
CARD_WIDTH: Final = 42
CARD_HEIGHT: Final = 60


def card_svg(
    card: CardLike, x: float, y: float, scale: float = 1.0, *, outline: str = "", dim: bool = False
) -> str:
    """One card's face at ``(x, y)`` (SVG elements, no ``<svg>`` around them): the rank
    in the corner and the suit in the middle, red or black as on the web app's cards;
    ``outline`` draws a ring of that colour round it, ``dim`` fades it."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    colour = RED if card.suit.is_red else INK
    ring = (
        f'<rect x="{x - 2.5:.1f}" y="{y - 2.5:.1f}" width="{w + 5:.1f}" height="{h + 5:.1f}" '
        f'rx="{7 * scale:.1f}" fill="none" stroke="{outline}" stroke-width="3"/>'
        if outline
        else ""
    )
    fade = ' opacity="0.45"' if dim else ""
    return (
        f"<g{fade}>{ring}"
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{5 * scale:.1f}" '
        f'fill="{CARD_FACE}" stroke="{CARD_EDGE}"/>'
        f'<text x="{x + 4 * scale:.1f}" y="{y + 14 * scale:.1f}" font-size="{13 * scale:.1f}" '
        f'font-weight="700" fill="{colour}">{esc(card.rank.label)}</text>'
        f'<text x="{x + w / 2:.1f}" y="{y + h * 0.74:.1f}" font-size="{24 * scale:.1f}" '
        f'text-anchor="middle" fill="{colour}">{esc(card.suit.symbol)}</text></g>'
    )


def card_svg_picture(
    cards: Sequence[CardLike], *, scale: float = 1.0, label: str = "", caption: str = ""
) -> str:
    """``cards`` side by side as one SVG picture, with a ``caption`` line under them."""
    gap = 6 * scale
    w = CARD_WIDTH * scale
    width = max(1, len(cards)) * (w + gap) + gap
    height = CARD_HEIGHT * scale + 2 * gap + (18 if caption else 0)
    body = "".join(card_svg(card, gap + i * (w + gap), gap, scale) for i, card in enumerate(cards))
    if not cards:
        body = f'<text x="{gap}" y="{height / 2:.1f}" font-size="12" fill="{MUTED}">no cards</text>'
    if caption:
        body += (
            f'<text x="{gap}" y="{height - 6:.1f}" font-size="12" fill="{INK}">'
            f"{esc(caption)}</text>"
        )
    name = label or " ".join(f"{c.rank.label}{c.suit.symbol}" for c in cards) or "no cards"
    return svg(max(width, 8 * len(caption) + 2 * gap), height, body, name)


def cards_html(cards: Sequence[CardLike], scale: float = 0.6) -> str:
    """``cards`` as a small inline SVG, for a table cell."""
    gap = 3 * scale
    w = CARD_WIDTH * scale
    width = max(1, len(cards)) * (w + gap) + gap
    height = CARD_HEIGHT * scale + 2 * gap
    body = "".join(card_svg(card, gap + i * (w + gap), gap, scale) for i, card in enumerate(cards))
    name = " ".join(f"{c.rank.label}{c.suit.symbol}" for c in cards) or "no cards"
    return svg(width, height, body, name, background="none")


@dataclass(frozen=True, slots=True)
class LinePoint:
    """A point of :func:`line_chart`: where it is, its error bar's half-height (0: none),
    a fill colour for its dot (empty: no dot) and its tooltip."""

    x: float
    y: float
    half: float = 0.0
    dot: str = ""
    tip: str = ""


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values between ``low`` and ``high``, about ``count`` of them."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * step:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def line_chart(
    points: Sequence[LinePoint],
    *,
    title: str,
    x_label: str,
    y_label: str,
    width: int = 480,
    height: int = 220,
    zero: bool = True,
    y_format: str = "{:g}",
    line: str = INK,
    bars: bool = False,
) -> str:
    """A chart of ``points`` as one SVG picture: axes with round ticks, the line through
    the points (or a bar from zero to each, with ``bars``), their error bars and dots,
    and the zero line when ``zero`` and it is in range."""
    left, right, top, bottom = 56, 12, 26, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    body = [
        f'<text x="{left}" y="16" font-size="13" font-weight="700" fill="{INK}">{esc(title)}</text>'
    ]
    if not points:
        body.append(
            f'<text x="{left}" y="{top + plot_h / 2:.0f}" font-size="12" fill="{MUTED}">'
            f"nothing to draw</text>"
        )
        return svg(width, height, "".join(body), title)
    xs = [p.x for p in points]
    lows = [p.y - p.half for p in points] + ([0.0] if zero or bars else [])
    highs = [p.y + p.half for p in points] + ([0.0] if zero or bars else [])
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x0, x1 = x0 - 1, x1 + 1
    if bars:
        x0, x1 = x0 - 0.5, x1 + 0.5
    y0, y1 = min(lows), max(highs)
    if y1 == y0:
        y0, y1 = y0 - 1, y1 + 1
    pad = (y1 - y0) * 0.06
    y0, y1 = y0 - pad, y1 + pad

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * plot_w

    def py(y: float) -> float:
        return top + (y1 - y) / (y1 - y0) * plot_h

    for tick in _ticks(y0, y1):
        body.append(
            f'<line x1="{left}" y1="{py(tick):.1f}" x2="{left + plot_w}" y2="{py(tick):.1f}" '
            f'stroke="{RULE}"/><text x="{left - 4}" y="{py(tick) + 4:.1f}" font-size="10" '
            f'text-anchor="end" fill="{MUTED}">{esc(y_format.format(tick))}</text>'
        )
    for tick in _ticks(x0, x1, 8):
        if bars and tick != round(tick):
            continue
        body.append(
            f'<text x="{px(tick):.1f}" y="{top + plot_h + 14}" font-size="10" '
            f'text-anchor="middle" fill="{MUTED}">{esc(f"{tick:g}")}</text>'
        )
    if zero and y0 < 0 < y1:
        body.append(
            f'<line x1="{left}" y1="{py(0):.1f}" x2="{left + plot_w}" y2="{py(0):.1f}" '
            f'stroke="{MUTED}" stroke-dasharray="4 3"/>'
        )
    body.append(
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
        f'stroke="{CARD_EDGE}"/>'
    )
    if bars:
        bar_w = max(1.0, plot_w / (x1 - x0) * 0.7)
        for p in points:
            y_top, y_base = py(max(p.y, 0.0)), py(min(p.y, 0.0))
            body.append(
                f'<rect x="{px(p.x) - bar_w / 2:.1f}" y="{y_top:.1f}" width="{bar_w:.1f}" '
                f'height="{max(0.5, y_base - y_top):.1f}" fill="{p.dot or line}">'
                f"<title>{esc(p.tip)}</title></rect>"
            )
    elif len(points) > 1:
        path = " ".join(f"{px(p.x):.1f},{py(p.y):.1f}" for p in points)
        body.append(f'<polyline points="{path}" fill="none" stroke="{line}" stroke-width="1.5"/>')
    for p in points:
        if p.half > 0:
            body.append(
                f'<line x1="{px(p.x):.1f}" y1="{py(p.y - p.half):.1f}" x2="{px(p.x):.1f}" '
                f'y2="{py(p.y + p.half):.1f}" stroke="{MUTED}"/>'
            )
        if p.dot and not bars:
            body.append(
                f'<circle cx="{px(p.x):.1f}" cy="{py(p.y):.1f}" r="4" fill="{p.dot}" '
                f'stroke="{INK}" stroke-width="0.8"><title>{esc(p.tip)}</title></circle>'
            )
    body.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" font-size="11" text-anchor="middle" '
        f'fill="{INK}">{esc(x_label)}</text>'
        f'<text x="12" y="{top + plot_h / 2:.0f}" font-size="11" text-anchor="middle" '
        f'fill="{INK}" transform="rotate(-90 12 {top + plot_h / 2:.0f})">{esc(y_label)}</text>'
    )
    return svg(width, height, "".join(body), title)


# --- the shared values: cards, the deck, a shoe -----------------------------------------


def card_picture(card: CardLike) -> str:
    """One card, as ``Card._repr_svg_`` shows it."""
    return card_svg_picture((card,), scale=1.2)


def deck_picture(cards: Sequence[CardLike]) -> str:
    """The 52 cards of a deck in four rows, one per suit, ranks in order along each."""
    scale, gap = 0.62, 3.0
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    rows: dict[str, list[CardLike]] = {}
    for card in cards:
        rows.setdefault(card.suit.symbol, []).append(card)
    body = "".join(
        card_svg(card, gap + c * (w + gap), gap + r * (h + gap), scale)
        for r, row in enumerate(rows.values())
        for c, card in enumerate(row)
    )
    columns = max((len(row) for row in rows.values()), default=1)
    return svg(
        gap + columns * (w + gap), gap + max(1, len(rows)) * (h + gap), body, f"{len(cards)} cards"
    )


class ShoeLike(Protocol):
    """What :func:`shoe_html` reads (a :class:`croupier.cards.Shoe`)."""

    @property
    def decks(self) -> int | None: ...
    @property
    def remaining(self) -> int: ...
    @property
    def dealt(self) -> int: ...
    @property
    def cut_card(self) -> int | None: ...
    @property
    def cut_card_reached(self) -> bool: ...
    def counts(self) -> Mapping[Any, int]: ...


def shoe_html(shoe: ShoeLike) -> str:
    """A shoe: how far it is dealt (a meter with the cut card), and the cards left by rank."""
    size = shoe.remaining + shoe.dealt
    counts = shoe.counts()
    meter_w = 240
    left = shoe.remaining / size * meter_w if size else 0
    cut = ""
    if shoe.cut_card is not None and size:
        x = (size - shoe.cut_card) / size * meter_w
        cut = f'<rect x="{x - 1.5:.1f}" y="0" width="3" height="16" fill="{GOLD_DARK}"/>'
    meter = svg(
        meter_w,
        16,
        f'<rect x="0" y="4" width="{meter_w}" height="8" rx="4" fill="{PAPER_SHADE}" '
        f'stroke="{RULE}"/><rect x="0" y="4" width="{left:.1f}" height="8" rx="4" fill="{FELT}"/>'
        f"{cut}",
        f"{shoe.remaining} of {size} cards left",
    )
    ranks = list(counts)
    columns = [Column(str(getattr(rank, "label", rank)), True) for rank in ranks]
    rows = [[str(counts[rank]) for rank in ranks]]
    kind = f"{shoe.decks} decks" if shoe.decks else "stacked"
    cut_text = (
        "no cut card"
        if shoe.cut_card is None
        else (
            "the cut card is out"
            if shoe.cut_card_reached
            else f"cut card after {shoe.cut_card} cards"
        )
    )
    return panel(
        f"Shoe ({kind}): {shoe.remaining} of {size} cards left",
        f"<div>{meter}</div>",
        table(columns, rows),
        note=f"{shoe.dealt} dealt; {cut_text}; cards left by rank",
    )


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawing that shows itself in a notebook, with its text for everywhere else.

    >>> from croupier.cards import parse_cards
    >>> hand = show_cards(parse_cards("As Kd"), caption="the nuts")
    >>> hand
    A♠ K♦ (the nuts)
    >>> hand._repr_svg_().startswith("<svg")
    True
    """

    #: The SVG (or HTML) markup.
    markup: str
    #: What ``repr`` shows where no picture can be drawn.
    text: str

    def _repr_svg_(self) -> str | None:
        return self.markup if self.markup.startswith("<svg") else None

    def _repr_html_(self) -> str | None:
        return None if self.markup.startswith("<svg") else self.markup

    def __repr__(self) -> str:
        return self.text


def show_cards(cards: Iterable[CardLike], *, caption: str = "") -> Picture:
    """Any cards (a hand, a board, a tuple from :func:`~croupier.cards.parse_cards`) drawn
    side by side, with a ``caption`` under them."""
    hand = tuple(cards)
    text = " ".join(f"{c.rank.label}{c.suit.symbol}" for c in hand) or "no cards"
    return Picture(
        card_svg_picture(hand, caption=caption),
        f"{text} ({caption})" if caption else text,
    )
