"""``croupier casino play --join URL``: a Casino table of a croupier server, played at the
terminal against a person in a browser (or at another terminal).

The table is the server's (:mod:`croupier.web.routers.match`): this command is one more
browser at it, with the same prompts as a game against the computer (a card of your
hand, then the action, then the table cards and builds; or a whole move typed on one
line). It sits down in the free seat (asking your name), or goes back to its own seat
when it sat there before: its cookies are kept in a file of its own (in the state
folder, :func:`croupier.userdirs.state_directory`), so a dropped connection, a closed
terminal or a restarted server lose nothing. The other player's moves come live (the
table's server-sent events). Nothing here knows the rules: the server checks every move
and says why it refuses one.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import queue
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import parse_qs, urlencode, urlsplit

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from croupier.cards import Card, parse_card
from croupier.casino import Build, Move, Player
from croupier.casino.session import TableItem, parse_move_line
from croupier.cli.casino.asking import Asker, ask_move, yes_no
from croupier.cli.casino.drawing import build_text, numbered
from croupier.cli.console import INTERRUPTED, fail, make_console
from croupier.cli.render import card_text
from croupier.errors import CroupierError

__all__ = ["RemoteError", "RemoteTable", "run_remote", "table_address"]

T = TypeVar("T")

#: Seconds an answer of the server may take.
TIMEOUT: Final = 30.0
#: Seconds between two tries to reach the table's live updates again.
RETRY_SECONDS: Final = 1.0
_TABLE_PATH: Final = re.compile(r"/casino/tables/([A-Za-z0-9_-]{8,40})/?")
_LEAVING: Final = "You leave the table; your seat is kept: come back with the same command."


class RemoteError(CroupierError):
    """The server refused a request (its one-line reason), or cannot be reached."""


@dataclass(frozen=True, slots=True)
class TableAddress:
    """Where a table is: the server's address, the table's id, and the server's join
    code when the link carries it (a shared server's invitation)."""

    server: str
    table: str
    code: str | None = None


def table_address(url: str) -> TableAddress:
    """The table a link names: a table's page (``http://host:8000/casino/tables/ID``),
    or a shared server's invitation (``http://host/join?code=CODE&next=/casino/tables/ID``).

    >>> table_address("http://127.0.0.1:8000/casino/tables/AbCdEf123456")
    TableAddress(server='http://127.0.0.1:8000', table='AbCdEf123456', code=None)
    >>> table_address("http://club.local:8000/join?code=KXR4-M2PQ&next=/casino/tables/AbCdEf123456")
    TableAddress(server='http://club.local:8000', table='AbCdEf123456', code='KXR4-M2PQ')
    >>> table_address("http://h:abc/casino/tables/AbCdEf123456")
    Traceback (most recent call last):
    ...
    croupier.cli.casino.remote.RemoteError: bad --join 'http://h:abc/casino/tables/AbCdEf123456': \
expected the link of a Casino table, http://host:port/casino/tables/ID
    >>> table_address("ftp://x/casino/tables/AbCdEf123456")
    Traceback (most recent call last):
    ...
    croupier.cli.casino.remote.RemoteError: bad --join 'ftp://x/casino/tables/AbCdEf123456': \
expected the link of a Casino table, http://host:port/casino/tables/ID
    """
    expected = "expected the link of a Casino table, http://host:port/casino/tables/ID"
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (a port that is not a number raises ValueError)
    except ValueError:  # an unclosed or bad [IPv6] host, a port that is not a number
        raise RemoteError(f"bad --join {url!r}: {expected}") from None
    query = parse_qs(parts.query)
    path = parts.path
    if path.rstrip("/") == "/join":
        path = (query.get("next") or [""])[0]
    found = _TABLE_PATH.fullmatch(path)
    if parts.scheme not in ("http", "https") or not parts.netloc or found is None:
        raise RemoteError(f"bad --join {url!r}: {expected}")
    codes = query.get("code")
    code = codes[0] if codes else None
    return TableAddress(f"{parts.scheme}://{parts.netloc}", found.group(1), code)


def cookie_file() -> Path:
    """Where the terminal's cookies are kept (its seats, a shared server's join cookie)."""
    from croupier import userdirs

    return userdirs.state_directory() / "remote-cookies.txt"


class RemoteTable:
    """A Casino table of a croupier server, as one browser sees it."""

    def __init__(self, address: TableAddress, cookies: Path | None = None) -> None:
        self.address = address
        self.cookies_path = cookies if cookies is not None else cookie_file()
        self.jar = http.cookiejar.MozillaCookieJar(str(self.cookies_path))
        if self.cookies_path.is_file():  # an unreadable file: a new browser
            with contextlib.suppress(OSError, http.cookiejar.LoadError):
                self.jar.load(ignore_discard=True, ignore_expires=True)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self._stop = threading.Event()
        self._stream: Any = None

    @property
    def base(self) -> str:
        """The table's API address."""
        return f"{self.address.server}/api/casino/tables/{self.address.table}"

    @property
    def page(self) -> str:
        """The table's page (the link to send the other player)."""
        return f"{self.address.server}/casino/tables/{self.address.table}"

    def _save_cookies(self) -> None:
        self.cookies_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.jar.save(ignore_discard=True, ignore_expires=True)
        os.chmod(self.cookies_path, 0o600)

    def call(self, method: str, url: str, body: Any = None) -> Any:
        """``method`` on the server's ``url``, with this browser's cookies: the JSON answer,
        or a :class:`RemoteError` with the server's one-line reason."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(request, timeout=TIMEOUT) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as exc:
            raise RemoteError(_reason(exc)) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise RemoteError(
                f"the server {self.address.server} cannot be reached: {reason}"
            ) from None
        finally:
            self._save_cookies()
        return json.loads(raw) if raw else None

    def enter(self) -> None:
        """Give the server's join code, when the link carries it (a shared server)."""
        code = self.address.code
        if code is not None:
            query = urlencode({"code": code, "next": "/"})
            self.call("GET", f"{self.address.server}/join?{query}")

    def state(self) -> dict[str, Any]:
        """The table as this terminal sees it."""
        return dict(self.call("GET", self.base))

    def post(self, path: str, body: Any = None) -> dict[str, Any]:
        """A change to the table (``/join``, ``/move``, ``/takeback``...): the table after it."""
        return dict(self.call("POST", self.base + path, {} if body is None else body))

    def follow(self, views: queue.Queue[dict[str, Any]]) -> None:
        """Put each table the live updates bring on ``views``, on a thread of its own,
        connecting again whenever the stream ends, until :meth:`stop`."""
        threading.Thread(target=self._follow, args=(views,), daemon=True).start()

    def _follow(self, views: queue.Queue[dict[str, Any]]) -> None:
        while not self._stop.is_set():
            request = urllib.request.Request(self.base + "/events")
            request.add_header("Accept", "text/event-stream")
            try:
                with self.opener.open(request, timeout=60) as stream:
                    self._stream = stream
                    for kind, data in _events(stream):
                        if self._stop.is_set():
                            return
                        if kind == "table":
                            views.put(json.loads(data))
            except (OSError, urllib.error.URLError, ValueError):
                pass
            self._stop.wait(RETRY_SECONDS)

    def stop(self) -> None:
        """Stop following the table."""
        self._stop.set()


def _events(stream: Any) -> Iterator[tuple[str, str]]:
    """The server-sent events of ``stream``: ``(event, data)`` pairs."""
    kind, data = "message", list[str]()
    for raw in stream:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            if data:
                yield kind, "\n".join(data)
            kind, data = "message", []
        elif line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


def _reason(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read())["error"])
    except (ValueError, KeyError, TypeError, OSError):
        return f"the server answered {exc.code} {exc.reason}"


# --- the position as the terminal draws and reads it ------------------------------------------

_SEAT_PLAYER: Final = {"first": Player.HUMAN, "second": Player.COMPUTER}


def position(view: dict[str, Any]) -> tuple[tuple[Card, ...], tuple[TableItem, ...]]:
    """This player's hand and the table items (builds first), rebuilt from the view as the
    prompts read them."""
    hand = tuple(parse_card(key) for key in view["hand_keys"])
    items: list[TableItem] = []
    for item in view["table"]:
        if item["kind"] == "card":
            items.append(parse_card(item["key"]))
        else:
            parts = tuple(
                tuple(parse_card(card["code"]) for card in part) for part in item["parts"]
            )
            items.append(Build(parts, _SEAT_PLAYER[item["owner"]]))
    return hand, tuple(items)


def _name(view: dict[str, Any], seat: str | None) -> str:
    if seat is None:
        return "nobody"
    if seat == view["you"]:
        return "you"
    return str(view["players"][seat]["name"] or "the other player")


class RemoteDialogue:
    """The prompts and drawings around a :class:`RemoteTable`."""

    def __init__(self, table: RemoteTable, console: Console, name: str | None) -> None:
        self.table = table
        self.out = console
        self.asker = Asker(console)
        self.name = name
        self.views: queue.Queue[dict[str, Any]] = queue.Queue()
        self.view: dict[str, Any] = {}
        self.shown_moves = 0

    def ask(self, prompt: str, parse: Callable[[str], T]) -> T:
        """Ask until the answer parses; a bad answer is explained, then asked again."""
        return self.asker.ask(prompt, parse)

    def run(self) -> int:
        """Play until the tournament is over, or the player leaves."""
        table = self.table
        table.enter()
        self.view = table.state()
        if self.view["you"] is None:
            if not self.view["can_join"]:
                fail("both seats at this table are taken: watch it in a browser at " + table.page)
            name = self.name or self.ask("Your name at the table: ", _name_text)
            self.view = table.post("/join", {"name": name})
        table.follow(self.views)
        try:
            return self.loop()
        finally:
            table.stop()

    def loop(self) -> int:
        self.out.print(
            Text("Casino", style="bold").append(
                f" at {self.table.page}: a tournament to 21 points against "
                f"{_name(self.view, 'second' if self.view['you'] == 'first' else 'first')}."
            )
        )
        self.out.print(
            "At your turn, type a move (capture D8 H8, build H3 S2, trail C9) or a key: "
            "m to make it step by step, ? for the menu."
        )
        shown_round = None
        while True:
            view = self.view
            if view["round"] != shown_round and view["status"] == "playing":
                shown_round = view["round"]
                self.shown_moves = 0
                self.show_last_round()
            self.show_new_moves()
            if view["status"] == "waiting":
                self.out.print(f"Waiting for the other player: send them {self.table.page}")
                self.wait()
                continue
            if view["status"] == "over":
                self.out.print(Text(view["result"]["text"], style="bold"))
                self.out.print(
                    f"The game file: {self.table.base}/game (croupier casino review reads it)."
                )
                return 0
            asked = view["takeback"]
            if asked is not None and asked != view["you"]:
                agree = self.ask(
                    f"{_name(view, asked).capitalize()} asks to take back their last move. "
                    "Agree (y/n)? ",
                    yes_no,
                )
                self.view = self.table.post("/takeback/answer", {"accept": agree})
                continue
            if view["to_move"] != view["you"]:
                self.show_table()
                self.out.print(f"{_name(view, view['to_move']).capitalize()} to play...")
                self.wait()
                continue
            self.show_table()
            if self.turn():
                return 0

    def wait(self) -> None:
        """Wait for the table to change (the other player's move)."""
        while True:
            try:
                fresh = self.views.get(timeout=0.5)
            except queue.Empty:
                continue
            if fresh["version"] > self.view["version"]:
                self.view = fresh
                return

    def turn(self) -> bool:
        """This player's turn: the menu, then a move (True: the player left)."""
        view = self.view
        prompt = "[m]ove [l]ist [r]ound [u]ndo [g]ive up [q]uit, [?] all"
        self.out.print()
        choice = self.ask(f"[bold]Your turn:[/bold] {escape(prompt)}: ", _typed_or_menu)
        if isinstance(choice, Move):
            self.send_move(choice)
        elif choice in ("", "m", "move", "2"):
            hand, items = position(view)
            move = ask_move(self.ask, self.out, hand, items)
            if isinstance(move, Move):
                self.send_move(move)
        elif choice in ("l", "list"):
            for number, legal in enumerate(view["legal"], 1):
                self.out.print(
                    f"  {number:>2}  {legal['text']} ({legal['notation']})", markup=False
                )
        elif choice in ("r", "round"):
            self.show_history(all_moves=True)
        elif choice in ("u", "undo"):
            self.request("/takeback")
            if self.view["takeback"] == self.view["you"]:
                self.out.print("You asked to take back your last move: waiting for the answer.")
                self.wait()
        elif choice in ("g", "give up", "resign"):
            if self.ask("Resign? The other player wins the tournament (y/n): ", yes_no):
                self.request("/resign")
        elif choice in ("q", "quit"):
            self.out.print(_LEAVING)
            return True
        elif choice in ("?", "menu"):
            for key, words in _MENU:
                self.out.print(f"  {key}  {words}", markup=False)
        return False

    def request(self, path: str, body: Any = None) -> None:
        try:
            self.view = self.table.post(path, body)
        except RemoteError as exc:
            self.out.print(Text(f"{_capitalized(str(exc))}.", style="yellow"))

    def send_move(self, move: Move) -> None:
        """Send ``move``; the server says why if the rules refuse it."""
        items = position(self.view)[1]
        keys = [
            (item.casino if isinstance(item, Card) else item.cards[0].casino)
            for item in items
            if (isinstance(item, Card) and item in move.loose)
            or (isinstance(item, Build) and any(set(b) == set(item.cards) for b in move.builds))
        ]
        body = {"card": move.card.casino, "action": move.action.value, "items": keys}
        self.request("/move", body)

    # --- drawing -----------------------------------------------------------------------------

    def show_table(self) -> None:
        view = self.view
        hand, items = position(view)
        owners = {"first": _name(view, "first"), "second": _name(view, "second")}
        texts = []
        for item in items:
            if isinstance(item, Card):
                texts.append(card_text(item))
            else:
                owner = owners["first" if item.owner is Player.HUMAN else "second"]
                texts.append(build_text(item).append(f" ({item.value}, {owner})", style="cyan"))
        out = self.out
        out.print(
            Text("Table:    ", style="bold").append_text(
                numbered(texts) if texts else Text("empty", style="dim")
            )
        )
        mine, theirs = view["you"], "second" if view["you"] == "first" else "first"
        other = view["players"][theirs]
        out.print(
            Text(f"{(other['name'] or '?') + ':':<10}", style="bold")
            .append(f"{other['hand']} cards, hidden", style="dim")
            .append(f"   pile: {len(other['pile'])} cards", style="dim")
        )
        you = view["players"][mine]
        shown = (
            numbered([card_text(card) for card in hand]) if hand else Text("no cards", style="dim")
        )
        out.print(
            Text(f"{'You:':<10}", style="bold")
            .append_text(shown)
            .append(f"   pile: {len(you['pile'])} cards", style="dim")
        )
        scores = f"you {you['score']}, {other['name']} {other['score']}"
        out.print(f"Deck: {view['deck']} cards.  Scores: {scores}.")

    def show_new_moves(self) -> None:
        """The moves played since the last drawn (the other player's, live)."""
        self.show_history(all_moves=False)

    def show_history(self, *, all_moves: bool) -> None:
        history = self.view["history"]
        start = 0 if all_moves else min(self.shown_moves, len(history))
        for turn in history[start:]:
            who = (
                "You play"
                if turn["seat"] == self.view["you"]
                else f"{_name(self.view, turn['seat']).capitalize()} plays"
            )
            self.out.print(
                Text(f"{who} ")
                .append_text(card_text(parse_card(turn["card_view"]["code"])))
                .append(f": {turn['text']} ({turn['notation']}).")
            )
        if not all_moves:
            self.shown_moves = len(history)
        elif not history:
            self.out.print("No move yet this round.")

    def show_last_round(self) -> None:
        last = self.view["last_round"]
        if last is None:
            return
        first, second = _name(self.view, "first"), _name(self.view, "second")
        self.out.print(Text(f"Round {last['round']} is over.", style="bold"))
        for item in last["items"]:
            points = item["first"]["points"], item["second"]["points"]
            self.out.print(f"  {item['name']:<20} {first}: {points[0]}  {second}: {points[1]}")
        points, totals = last["points"], last["totals"]
        self.out.print(
            f"  Round points: {first} {points['first']}, {second} {points['second']}; "
            f"tournament: {first} {totals['first']}, {second} {totals['second']}."
        )


_MENU: Final = (
    ("m", "Make a move (or type it: capture D8 H8)"),
    ("l", "List my legal moves"),
    ("r", "Show this round's moves"),
    ("u", "Ask to take back my last move (the other player agrees or not)"),
    ("g", "Give up: resign the tournament"),
    ("q", "Leave the table (the seat is kept: come back with the same command)"),
    ("?", "Show this menu"),
)
_KEYS: Final = {"", "m", "move", "2", "l", "list", "r", "round", "u", "undo", "g", "give up",
                "resign", "q", "quit", "?", "menu"}  # fmt: skip


def _typed_or_menu(text: str) -> Move | str:
    move = parse_move_line(text)
    if move is not None:
        return move
    word = text.strip().lower()
    if word not in _KEYS:
        raise CroupierError(f"bad choice {text.strip()!r}: expected m, l, r, u, g, q or ?")
    return word


def _name_text(text: str) -> str:
    name = " ".join(text.split())
    if not 1 <= len(name) <= 24:
        raise CroupierError(f"bad name {text.strip()!r}: expected 1 to 24 characters")
    return name


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def run_remote(url: str, name: str | None) -> int:
    """Play the table at ``url`` (``croupier casino play --join``); returns the exit code."""
    try:
        address = table_address(url)
    except RemoteError as exc:
        fail(str(exc))
    console = make_console()
    dialogue = RemoteDialogue(RemoteTable(address), console, name)
    try:
        return dialogue.run()
    except RemoteError as exc:
        fail(str(exc))
    except EOFError:  # the end of the input leaves as quitting does (as a local game)
        console.print()
        console.print(_LEAVING)
        return 0
    except KeyboardInterrupt:
        console.print()
        console.print(_LEAVING)
        return INTERRUPTED
