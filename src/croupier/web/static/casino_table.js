// A Casino table of two people: join it or watch it, play at your turn, ask to take a
// move back (the other player agrees or not), resign. The table comes live from the
// server (server-sent events): every answer and every event is the whole table as this
// browser may see it, its own hand only.
"use strict";

(() => {
  const { api, el, cardElement, announce, count } = croupier;
  const $ = (id) => document.getElementById(id);
  const start = croupier.initialState();
  let table = start.table;
  let busy = false;     // a request of this page is under way
  let stream = null;    // the live updates

  const other = (seat) => (seat === "first" ? "second" : "first");
  const nameOf = (seat) => table.players[seat].name || "the other player";
  const myTurn = () => table.status === "playing" && table.you !== null && table.to_move === table.you;
  const capitalized = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

  function owners() {
    const label = (seat) => (seat === table.you ? "yours" : `${nameOf(seat)}'s`);
    return { first: label("first"), second: label("second") };
  }

  const picker = casinoPicker.create({
    tableZone: $("table-items"),
    handZone: $("hand"),
    legal: () => (myTurn() && !busy ? table.legal : []),
    itemName: (item) => (item.kind === "card" ? item.card.name
      : `build of ${item.value} (${owners()[item.owner]}): ${item.text}`),
    changed: () => { showError(""); render(); },
    owners: { get first() { return owners().first; }, get second() { return owners().second; } },
  });

  function showError(message) {
    $("move-error").textContent = message || "";
    if (message) announce(message);
  }

  // --- drawing ---------------------------------------------------------------------------

  function status() {
    if (table.status === "waiting") {
      return table.you ? "Waiting for a second player: send them the link below." : "A seat is free: sit down to play.";
    }
    if (table.status === "over") return table.result.text;
    if (table.you === null) return `${capitalized(nameOf(table.to_move))} to play.`;
    return myTurn() ? "Your turn." : `${capitalized(nameOf(table.to_move))}'s turn.`;
  }

  function drawPlayers() {
    const me = table.you || "first";
    const them = other(me);
    for (const [side, seat] of [["top", them], ["bottom", me]]) {
      const player = table.players[seat];
      const mine = seat === table.you;
      $(`${side}-name`).textContent = mine ? `You (${player.name})` : player.name || "A free seat";
      $(`${side}-score`).textContent = String(player.score);
      $(`${side}-pile`).textContent = `pile: ${count(player.pile.length, "card")}`;
      $(`${side}-seat`).classList.toggle("to-move", table.to_move === seat);
    }
    const backs = $("top-hand");
    backs.replaceChildren();
    for (let i = 0; i < table.players[them].hand; i += 1) backs.append(el("span", "card back"));
    if (table.you === null) {  // a watcher: neither hand is shown
      const hidden = $("bottom-hand-backs");
      hidden.replaceChildren();
      for (let i = 0; i < table.players[me].hand; i += 1) hidden.append(el("span", "card back"));
    }
  }

  function drawHistory() {
    const list = $("move-list");
    list.replaceChildren();
    for (const turn of table.history) {
      const item = el("li", "move-entry " + (turn.seat === table.you ? "human" : "computer"));
      item.append(el("strong", null, (turn.seat === table.you ? "You" : capitalized(nameOf(turn.seat))) + " "),
        cardElement(turn.card_view, "mini"), document.createTextNode(` ${turn.text} (${turn.notation})`));
      list.append(item);
    }
    if (!table.history.length) list.append(el("li", "note", "No move yet this round."));
    list.scrollTop = list.scrollHeight;  // the latest move (the other player's, live) in view
  }

  function drawLastRound() {
    const panel = $("round-panel");
    const last = table.last_round;
    panel.hidden = !last;
    if (!last) return;
    $("round-title").textContent = `Round ${last.round} is over`;
    const grid = el("table", "score-table");
    const head = el("tr");
    ["Item", capitalized(nameOf("first")), capitalized(nameOf("second"))].forEach((t) => head.append(el("th", null, t)));
    grid.append(head);
    for (const item of last.items) {
      const row = el("tr");
      row.append(el("td", null, item.name),
        el("td", "num", `${count(item.first.cards, "card")}: ${item.first.points}`),
        el("td", "num", `${count(item.second.cards, "card")}: ${item.second.points}`));
      grid.append(row);
    }
    for (const [label, key] of [["Round points", "points"], ["Tournament now", "totals"]]) {
      const row = el("tr");
      row.append(el("th", null, label), el("td", "num", String(last[key].first)), el("td", "num", String(last[key].second)));
      grid.append(row);
    }
    $("round-result").replaceChildren(grid);
  }

  function drawSide() {
    const invite = `${window.location.origin}${table.path}`;
    $("invite").hidden = table.status !== "waiting" || table.you === null;
    $("invite-link").value = invite;
    $("join").hidden = !table.can_join;
    $("watching").hidden = table.you !== null || table.can_join;
    $("watchers").textContent = table.watchers ? `${count(table.watchers, "browser")} following live` : "";
    const asked = table.takeback;
    $("takeback-asked").hidden = !(asked && table.you && asked !== table.you);
    $("takeback-asked-text").textContent = asked ? `${capitalized(nameOf(asked))} asks to take back their last move.` : "";
    $("takeback-waiting").hidden = !(asked && asked === table.you);
    const playing = table.status === "playing" && table.you !== null;
    $("seat-actions").hidden = !playing;
    $("takeback").disabled = !playing || busy || Boolean(asked);
    $("resign").disabled = !playing || busy;
    $("game-over").hidden = table.status !== "over";
    $("review-game").href = `/casino/review?table=${encodeURIComponent(table.id)}`;
    $("review-game").hidden = table.you === null;
    $("save-game").href = `/api/casino/tables/${encodeURIComponent(table.id)}/game`;
  }

  function render() {
    document.body.dataset.busy = String(busy);
    document.body.dataset.version = String(table.version);
    document.body.dataset.toMove = table.to_move || "";
    $("status").textContent = status();
    $("round-number").textContent = table.round === null ? "–" : String(table.round);
    $("deck-size").textContent = String(table.deck);
    $("toss-text").textContent = table.toss ? table.toss.text : "";
    $("toss-text").hidden = !table.toss;
    drawPlayers();
    picker.drawTable(table.table);
    picker.drawHand(table.hand, table.hand_keys, myTurn() && !busy);
    $("bottom-hand-backs").hidden = table.you !== null;
    $("hand").hidden = table.you === null;
    casinoPicker.drawActions($("move-actions"), picker, picker.card() !== null && myTurn() && !busy);
    $("clear-choice").disabled = picker.card() === null;
    $("move-actions").hidden = table.you === null || table.status !== "playing";
    drawHistory();
    drawLastRound();
    drawSide();
  }

  /** A newer table (from an answer or the stream) replaces the one shown. */
  function show(next) {
    if (next.version < table.version) return;
    const before = table;
    table = next;
    if (before.to_move !== table.to_move && myTurn()) announce("Your turn.");
    if (before.status !== table.status && table.status === "over") announce(table.result.text);
    if (before.history.length < table.history.length && table.history.length) {
      const last = table.history[table.history.length - 1];
      if (last.seat !== table.you) announce(`${capitalized(nameOf(last.seat))} plays ${last.text}.`);
    }
    render();
  }

  // --- requests --------------------------------------------------------------------------

  async function send(path, body) {
    busy = true;
    render();
    try {
      show(await api("POST", `/api/casino/tables/${encodeURIComponent(table.id)}${path}`, body));
      picker.clear();
      showError("");
    } catch (error) {
      showError(capitalized(error.message) + ".");
    } finally {
      busy = false;
      render();
    }
  }

  function play(action) {
    if (picker.card() === null || !myTurn()) return;
    send("/move", { card: picker.card(), action, items: picker.itemKeys(table.table) });
  }

  function listen() {
    if (stream) stream.close();
    stream = new EventSource(`/api/casino/tables/${encodeURIComponent(table.id)}/events`);
    stream.addEventListener("table", (event) => show(JSON.parse(event.data)));
    stream.addEventListener("gone", () => { stream.close(); showError("This table is gone."); });
    stream.addEventListener("open", () => { document.body.dataset.live = "true"; });
    stream.addEventListener("error", () => { document.body.dataset.live = "false"; });
  }

  // --- wiring ----------------------------------------------------------------------------

  for (const button of document.querySelectorAll("#move-actions .action")) {
    button.addEventListener("click", () => play(button.dataset.action));
  }
  $("clear-choice").addEventListener("click", () => { picker.clear(); render(); });
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("join-name").value.trim();
    window.localStorage.setItem("croupier-name", name);
    send("/join", { name });
  });
  $("takeback").addEventListener("click", () => send("/takeback"));
  $("takeback-yes").addEventListener("click", () => send("/takeback/answer", { accept: true }));
  $("takeback-no").addEventListener("click", () => send("/takeback/answer", { accept: false }));
  $("resign").addEventListener("click", () => {
    if (window.confirm("Resign? The other player wins the tournament.")) send("/resign");
  });
  $("copy-invite").addEventListener("click", async () => {
    $("invite-link").select();
    try {
      await navigator.clipboard.writeText($("invite-link").value);
      announce("The link is copied.");
    } catch (error) {
      announce("Select the link and copy it.");
    }
  });
  $("join-name").value = start.name || window.localStorage.getItem("croupier-name") || "";

  render();
  listen();
  document.body.dataset.ready = "true";
})();
