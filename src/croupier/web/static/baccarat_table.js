// A Baccarat table the room shares: one shoe and one scoreboard, each player with their
// own bankroll and chips. Chips go down (each checked by the server against the table's
// limits and the bankroll), "Ready" says you are done; the round is dealt when everyone
// is ready or the betting window closes. The table comes live from the server.
"use strict";

(() => {
  const { api, el, money, announce, count } = croupier;
  const { drawShoe, drawDeal, drawRoads, drawMaths, drawChips, drawSpots, chipFor, refuseSpot } = baccaratBoard;
  const $ = (id) => document.getElementById(id);
  const start = croupier.initialState();
  let table = start.table;
  let chip = null;          // the chosen chip, in cents
  let busy = false;         // a request of this page is under way
  let shownRound = table.rounds_played;
  let closesAt = null;      // when the window closes, on this browser's clock
  let stream = null;

  const me = () => (table.you === null ? null : table.seats[table.you]);

  function showError(message) {
    $("bet-error").textContent = message || "";
    if (message) announce(message);
  }

  function drawPlayers() {
    const list = $("bettors");
    list.replaceChildren();
    table.seats.forEach((seat) => {
      const item = el("li", "bettor" + (seat.you ? " you" : "") + (seat.ready ? " ready" : ""));
      const chips = Object.values(seat.bets).reduce((a, b) => a + b, 0);
      item.append(el("strong", null, seat.you ? `You (${seat.name})` : seat.name),
        el("span", "note", ` ${seat.bankroll_text}, ${seat.net_text}`));
      const bets = Object.entries(seat.bets).map(([key, cents]) => `${money(cents)} on ${betName(key)}`);
      item.append(el("span", "bettor-bets", chips ? ` · ${bets.join(", ")}` : " · no chips down"));
      if (seat.ready) item.append(el("span", "ready-mark", " · ready"));
      if (seat.result !== null) {
        item.append(el("span", seat.result > 0 ? "up" : seat.result < 0 ? "down" : "",
          ` · last round ${seat.result > 0 ? "+" : ""}${money(seat.result)}`));
      }
      list.append(item);
    });
    if (!table.seats.length) list.append(el("li", "note", "Nobody sits here yet."));
    $("seats-note").textContent = `${count(table.seats.length, "player")} of ${table.max_seats}`
      + (table.watchers ? ` · ${count(table.watchers, "browser")} following live` : "");
  }

  function betName(key) {
    const bet = table.bets.find((b) => b.key === key);
    return bet ? bet.name : key;
  }

  function drawWindow() {
    const left = closesAt === null ? null : Math.max(0, (closesAt - Date.now()) / 1000);
    $("window").textContent = left === null
      ? `Bets open: the betting window (${table.window} s) starts with the first chip.`
      : left > 0 ? `Betting closes in ${Math.ceil(left)} s, or as soon as everyone is ready.`
        : "Dealing…";
    $("window").dataset.closesIn = left === null ? "" : String(Math.ceil(left));
  }

  function render(animate) {
    const mine = me();
    document.body.dataset.version = String(table.version);
    document.body.dataset.round = String(table.rounds_played);
    $("table-title").textContent = `${table.title} · ${table.rules.describe}`;
    $("sit").hidden = !table.can_sit;
    $("watching").hidden = table.you !== null || table.can_sit;
    $("seated-controls").hidden = mine === null;
    $("limits").textContent = table.rules.lab
      ? "The course's lab table: no limit but your bankroll."
      : `Table limits: ${table.rules.limits_text} on each spot, for each player.`;
    drawShoe(table.shoe);
    const verdict = drawDeal(table.last, table.deal_order, animate);
    const own = mine && mine.result !== null
      ? (mine.result > 0 ? ` You win ${money(mine.result)}.` : mine.result < 0 ? ` You lose ${money(-mine.result)}.` : " Your stake comes back.")
      : "";
    $("verdict").textContent = table.last ? `Round ${table.last.number}: ${verdict}.${own}` : "Place your bets.";
    $("settlements").replaceChildren();
    if (mine) {
      if (chip === null || !table.chips.includes(chip)) chip = chipFor(table.chips, Math.max(table.rules.min_stake, 2500));
      $("bankroll").textContent = mine.bankroll_text;
      $("session-net").textContent = mine.net_text;
      for (const s of mine.settlements) {
        const words = { won: `won ${s.amount_text}`, lost: `lost ${s.amount_text}`, pushed: "pushed" };
        $("settlements").append(el("li", "settle-" + s.kind, `${s.name} ${money(s.stake)}: ${words[s.kind]}`));
      }
      drawChips($("chips"), table.chips, chip, (value) => { chip = value; render(false); });
      drawSpots($("bet-spots"), table.bets, mine.bets, chip, table.chips, addChip, takeOff, busy);
      $("ready").textContent = mine.ready ? "Not ready" : "Ready";
      $("ready").setAttribute("aria-pressed", String(mine.ready));
      $("ready").disabled = busy;
    }
    $("meters").hidden = mine === null;
    $("round-number").textContent = String(table.rounds_played);
    drawPlayers();
    drawRoads(table);
    drawMaths(table.odds);
    drawWindow();
  }

  /** A newer table (an answer, or the stream) replaces the one shown. */
  function show(next) {
    if (next.version < table.version) return;
    const dealt = next.rounds_played > shownRound;
    table = next;
    closesAt = table.closes_in === null ? null : Date.now() + 1000 * table.closes_in;
    render(dealt);
    if (dealt) {
      shownRound = table.rounds_played;
      announce($("verdict").textContent);
    }
  }

  async function send(method, path, body) {
    busy = true;
    try {
      show(await api(method, `/api/baccarat/tables/${encodeURIComponent(table.id)}${path}`, body));
      showError("");
      return true;
    } catch (error) {
      showError(error.message);
      return false;
    } finally {
      busy = false;
      render(false);
    }
  }

  function stakes(amounts) {
    const out = {};
    for (const [key, cents] of Object.entries(amounts)) out[key] = (cents / 100).toFixed(2);
    return out;
  }

  async function addChip(key) {
    const mine = me();
    if (!mine || busy) return;
    const proposed = { ...mine.bets, [key]: (mine.bets[key] || 0) + chip };
    if (!(await send("POST", "/bets", { stakes: stakes(proposed) }))) refuseSpot(key);
  }

  function takeOff(key) {
    const mine = me();
    if (!mine || busy) return;
    const left = { ...mine.bets };
    delete left[key];
    send("POST", "/bets", { stakes: stakes(left) });
  }

  function listen() {
    if (stream) stream.close();
    stream = new EventSource(`/api/baccarat/tables/${encodeURIComponent(table.id)}/events`);
    stream.addEventListener("table", (event) => show(JSON.parse(event.data)));
    stream.addEventListener("gone", () => { stream.close(); showError("This table is gone."); });
    stream.addEventListener("open", () => { document.body.dataset.live = "true"; });
    stream.addEventListener("error", () => { document.body.dataset.live = "false"; });
  }

  $("sit-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("sit-name").value.trim();
    window.localStorage.setItem("croupier-name", name);
    send("POST", "/seat", { name, bankroll: $("sit-bankroll").value.trim() });
  });
  $("ready").addEventListener("click", () => { const mine = me(); if (mine) send("POST", "/ready", { ready: !mine.ready }); });
  $("clear-bets").addEventListener("click", () => send("POST", "/bets", { stakes: {} }));
  $("leave").addEventListener("click", () => send("DELETE", "/seat"));
  $("sit-name").value = start.name || window.localStorage.getItem("croupier-name") || "";

  closesAt = table.closes_in === null ? null : Date.now() + 1000 * table.closes_in;
  render(false);
  listen();
  window.setInterval(drawWindow, 500);
  document.body.dataset.ready = "true";
})();
