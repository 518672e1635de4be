// The Baccarat table: a table's rules at sit-down, chips on its bets (each checked by the
// server before it goes down), Deal, and the state the server sends back: the hands, the
// five roads, the ask road, the shoe's tally, the bankroll's course and the exact odds.
"use strict";

(() => {
  const { api, el, cardElement, money, percent, announce, questions, count } = croupier;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let bets = {};          // bet key -> cents, placed but not dealt yet
  let lastBets = {};      // the bets of the last round, for Rebet
  let chip = null;        // the chosen chip, in cents
  let checks = Promise.resolve();  // the chip checks, run one after the other
  let dealing = false;    // a deal is under way
  const tableQuestions = questions();  // the requests that replace the table (deal, sit, leave)
  const CHIP_CLASS = { 100: "chip-1", 500: "chip-5", 2500: "chip-25", 10000: "chip-100", 50000: "chip-500" };
  const ROADS = ["big-eye-boy", "small-road", "cockroach-pig"];
  const ROAD_NAMES = { "big-eye-boy": "Big Eye Boy", "small-road": "Small Road", "cockroach-pig": "Cockroach Pig" };

  function placed() {
    return Object.values(bets).reduce((sum, cents) => sum + cents, 0);
  }

  function showError(id, message) {
    $(id).textContent = message || "";
    if (message) announce(message);
  }

  function betName(key) {
    const bet = state.bets.find((b) => b.key === key);
    return bet ? bet.name : key;
  }

  // --- the betting layout ---------------------------------------------------------

  function renderChips() {
    const rack = $("chips");
    rack.replaceChildren();
    for (const value of state.chips) {
      const button = el("button", "chip " + (CHIP_CLASS[value] || ""), money(value).replace("$", "").replace(",000", "k"));
      button.type = "button";
      button.setAttribute("aria-label", money(value) + " chip");
      button.setAttribute("aria-pressed", String(value === chip));
      button.dataset.value = String(value);
      button.addEventListener("click", () => { chip = value; renderChips(); renderSpots(); });
      rack.append(button);
    }
  }

  function renderSpots() {
    const spots = $("bet-spots");
    spots.replaceChildren();
    for (const bet of state.bets) {
      const wrap = el("div", "spot-wrap");
      const button = el("button", "spot spot-" + bet.key.replace(/[^a-z0-9-]/g, ""));
      button.type = "button";
      button.dataset.bet = bet.key;
      const amount = bets[bet.key] || 0;
      button.append(el("span", "spot-name", bet.name));
      const stack = el("span", "spot-stack");
      if (amount) {
        const token = el("span", "chip small " + (CHIP_CLASS[chipFor(amount)] || ""), money(amount));
        token.setAttribute("aria-hidden", "true");
        stack.append(token);
      }
      button.append(stack);
      button.setAttribute(
        "aria-label",
        `${bet.name}: ${amount ? money(amount) + " on it" : "no bet"}. Press to add a ${money(chip)} chip.`,
      );
      button.addEventListener("click", () => addChip(bet.key, chip));
      wrap.append(button);
      if (amount) {
        const off = el("button", "take-off", "×");
        off.type = "button";
        off.dataset.takeOff = bet.key;
        off.setAttribute("aria-label", `Take the ${money(amount)} off ${bet.name}`);
        off.addEventListener("click", () => takeOff(bet.key));
        wrap.append(off);
      }
      spots.append(wrap);
    }
  }

  function chipFor(amount) {
    let best = state.chips[0];
    for (const value of state.chips) if (value <= amount) best = value;
    return best;
  }

  function refuse(key, message) {
    const spot = document.querySelector(`[data-bet="${key}"]`);
    if (spot) {
      spot.classList.remove("refused");
      void spot.offsetWidth;  // restart the shake
      spot.classList.add("refused");
      spot.dataset.refused = "true";
    }
    showError("bet-error", `Chip refused: ${message}.`);
  }

  // The table (the library) decides whether a chip may go down: limits and bankroll. The
  // checks run one after the other, each on the bets the one before left (a double click
  // puts two chips down); an answer coming once the bets were dealt, cleared or otherwise
  // replaced is about bets that are gone, and is dropped.
  function addChip(key, value) {
    checks = checks.catch(() => null).then(() => checkChip(key, value));
  }

  async function checkChip(key, value) {
    if (dealing) return;
    const before = bets;
    const proposed = { ...bets, [key]: (bets[key] || 0) + value };
    const stakes = {};
    for (const [bet, cents] of Object.entries(proposed)) stakes[bet] = (cents / 100).toFixed(2);
    try {
      await api("POST", "/api/baccarat/check", { stakes });
    } catch (error) {
      if (bets === before && !dealing) refuse(key, error.message);
      return;
    }
    if (bets !== before || dealing) return;
    showError("bet-error", "");
    bets = proposed;
    renderSpots();
    announce(`${money(bets[key])} on ${betName(key)}`);
  }

  function takeOff(key) {
    const amount = bets[key] || 0;
    bets = { ...bets };  // a new object: a chip check under way sees the change
    delete bets[key];
    showError("bet-error", "");
    renderSpots();
    announce(`${money(amount)} taken off ${betName(key)}`);
  }

  // --- dealing ------------------------------------------------------------------

  // One deal at a time (the d key too); its answer is dropped if the table was left or
  // changed while it came.
  async function deal() {
    if (!state.seated || dealing) return;
    if (!placed()) {
      showError("bet-error", "Put a chip on a bet first (or press b, p or t).");
      return;
    }
    const stakes = {};
    for (const [key, cents] of Object.entries(bets)) stakes[key] = (cents / 100).toFixed(2);
    const dealt = bets;
    const current = tableQuestions.ask();
    dealing = true;
    $("deal").disabled = true;
    try {
      const shown = state;
      const next = await api("POST", "/api/baccarat/deal", { stakes, drawn: shown.rounds_played });
      if (!current()) return;
      state = withEarlier(next, shown);
      lastBets = dealt;
      bets = {};
      showError("bet-error", "");
      render(true);
    } catch (error) {
      if (current()) showError("bet-error", error.message);
    } finally {
      dealing = false;
      $("deal").disabled = false;
    }
  }

  // A deal's answer for the table the page showed holds only the road cells and bankrolls
  // that changed: `since` says where each list starts, the page's own before that.
  function withEarlier(dealt, shown) {
    const since = dealt.since;
    if (!since) return dealt;
    const join = (earlier, from, later) => (earlier || []).slice(0, from).concat(later);
    const roads = {};
    for (const [key, road] of Object.entries(dealt.derived_roads)) {
      const before = shown.derived_roads && shown.derived_roads[key];
      roads[key] = { ...road, marks: join(before && before.marks, since.derived_roads[key], road.marks) };
    }
    return {
      ...dealt,
      bead_plate: join(shown.bead_plate, since.bead_plate, dealt.bead_plate),
      big_road: join(shown.big_road, since.big_road, dealt.big_road),
      derived_roads: roads,
      bankrolls: join(shown.bankrolls, since.bankrolls, dealt.bankrolls),
      since: null,
    };
  }

  // --- drawing the state -----------------------------------------------------------

  function renderHands(animate) {
    const last = state.last;
    for (const side of ["player", "banker"]) {
      $(side + "-cards").replaceChildren();
      $(side + "-total").textContent = last ? String(last[side + "_total"]) : "";
    }
    $("verdict").textContent = "";
    $("verdict").className = "verdict";
    $("reasons").replaceChildren();
    $("settlements").replaceChildren();
    if (!last) {
      $("verdict").textContent = "Place your bets.";
      return;
    }
    // The dealing order: player, banker, player, banker at a casino table (player,
    // player, banker, banker in the course's order), then the third cards.
    const order = state.deal_order === "casino"
      ? [["player", last.player[0]], ["banker", last.banker[0]], ["player", last.player[1]], ["banker", last.banker[1]]]
      : [["player", last.player[0]], ["player", last.player[1]], ["banker", last.banker[0]], ["banker", last.banker[1]]];
    if (last.player[2]) order.push(["player", last.player[2]]);
    if (last.banker[2]) order.push(["banker", last.banker[2]]);
    order.forEach(([side, card], i) => {
      const node = cardElement(card, animate ? "dealt" : "");
      if (animate) node.style.animationDelay = (i * 0.12) + "s";
      $(side + "-cards").append(node);
    });
    const names = { player: "Player wins", banker: "Banker wins", tie: "Tie" };
    const verdict = `${names[last.outcome]} ${Math.max(last.player_total, last.banker_total)}`
      + (last.outcome === "tie" ? " all" : ` to ${Math.min(last.player_total, last.banker_total)}`)
      + (last.natural ? " (natural)" : "");
    const result = last.net > 0 ? `You win ${last.net_text}.` : last.net < 0 ? `You lose ${money(-last.net)}.` : "Your stake comes back.";
    $("verdict").textContent = `${verdict}. ${result}`;
    $("verdict").classList.add("outcome-" + last.outcome);
    for (const line of last.reasons) $("reasons").append(el("li", "", line));
    if (last.reshuffled) $("reasons").prepend(el("li", "reshuffle", "The cut card had come out: the shoe was reshuffled before this round."));
    for (const s of last.settlements) {
      const words = { won: `won ${s.amount_text}`, lost: `lost ${s.amount_text}`, pushed: "pushed" };
      $("settlements").append(el("li", "settle-" + s.kind, `${s.name} ${money(s.stake)}: ${words[s.kind]}`));
    }
    announce(`Round ${last.number}: player ${last.player.map((c) => c.name).join(", ")}; banker ${last.banker.map((c) => c.name).join(", ")}. ${verdict}. ${result} Bankroll ${state.bankroll_text}.`);
  }

  function renderShoe() {
    const shoe = state.shoe;
    $("shoe-fill").style.width = percent(shoe.remaining / shoe.size, 1);
    $("shoe-cut").style.left = percent(shoe.cut_card / shoe.size, 1);
    $("shoe-text").textContent = `${shoe.remaining} of ${shoe.size} cards left`
      + (shoe.cut_card_out ? " · cut card out: reshuffle before the next round" : ` · cut card after ${shoe.cut_card}`);
  }

  function grid(node, cells, minColumns) {
    node.replaceChildren();
    const columns = Math.max(minColumns, ...cells.map((c) => c.column + 2));
    node.style.gridTemplateColumns = `repeat(${columns}, var(--cell))`;
    for (let column = 0; column < columns; column++) {
      for (let row = 0; row < 6; row++) {
        const empty = el("span", "cell");
        empty.style.gridColumn = String(column + 1);
        empty.style.gridRow = String(row + 1);
        node.append(empty);
      }
    }
  }

  function place(node, cell) {
    node.style.gridColumn = String(cell.column + 1);
    node.style.gridRow = String(cell.row + 1);
    return node;
  }

  function mark(cell, className, text) {
    const node = place(el("span", `mark ${className} ${cell.outcome}`, text), cell);
    if (cell.player_pair) node.append(el("span", "pair player-pair"));
    if (cell.banker_pair) node.append(el("span", "pair banker-pair"));
    return node;
  }

  function renderBoards() {
    const letters = { player: "P", banker: "B", tie: "T" };
    const beads = state.bead_plate || [];
    const counts = { player: 0, banker: 0, tie: 0 };
    for (const cell of beads) counts[cell.outcome]++;
    const summary = beads.length
      ? `${count(beads.length, "round")} this shoe: ${counts.banker} banker, ${counts.player} player, ${counts.tie} tie`
      : "No rounds yet in this shoe";
    grid($("bead-plate"), beads, 12);
    for (const cell of beads) $("bead-plate").append(mark(cell, "bead", letters[cell.outcome]));
    $("bead-plate").setAttribute("aria-label", summary);
    const road = state.big_road || [];
    grid($("big-road"), road, 20);
    for (const cell of road) {
      const node = mark(cell, "ring", letters[cell.outcome]);
      if (cell.ties) node.append(el("span", "tie-line", cell.ties > 1 ? String(cell.ties) : ""));
      $("big-road").append(node);
    }
    $("big-road").setAttribute("aria-label", summary);
    const derived = state.derived_roads || {};
    for (const key of ROADS) {
      const marks = derived[key] ? derived[key].marks : [];
      const node = $(key);
      grid(node, marks, 14);
      for (const m of marks) node.append(place(el("span", `mark derived ${key} ${m.colour}`), m));
      const reds = marks.filter((m) => m.colour === "red").length;
      node.setAttribute("aria-label", marks.length
        ? `${ROAD_NAMES[key]}: ${marks.length} marks, ${reds} red and ${marks.length - reds} blue; the last ${marks[marks.length - 1].colour}`
        : `${ROAD_NAMES[key]}: no marks yet`);
    }
    renderAsk();
    renderTally();
  }

  function renderAsk() {
    const box = $("ask-road");
    box.replaceChildren();
    const ask = state.ask_road;
    if (!ask) return;
    for (const side of ["banker", "player"]) {
      const group = el("div", "ask ask-" + side);
      group.dataset.side = side;
      group.append(el("span", "ask-label " + side, side === "banker" ? "B next" : "P next"));
      const words = [];
      for (const key of ROADS) {
        const colour = ask[side][key];
        const node = el("span", `mark derived ${key} ${colour || "none"}`);
        node.dataset.road = key;
        node.dataset.colour = colour || "";
        group.append(node);
        words.push(`${ROAD_NAMES[key]} ${colour || "nothing yet"}`);
      }
      // Where the win would be drawn in the big road: shown there while the chip is
      // pointed at or focused.
      const at = ask.big_road[side];
      words.push(`big road column ${at.column + 1}, row ${at.row + 1}`);
      group.dataset.column = String(at.column + 1);
      group.dataset.row = String(at.row + 1);
      group.tabIndex = 0;
      const show = () => {
        hideNext();
        const ghost = place(el("span", `mark ring next ${side}`, side === "banker" ? "B" : "P"), at);
        ghost.id = "big-road-next";
        $("big-road").append(ghost);
      };
      group.addEventListener("mouseenter", show);
      group.addEventListener("focus", show);
      group.addEventListener("mouseleave", hideNext);
      group.addEventListener("blur", hideNext);
      group.setAttribute("role", "img");
      group.setAttribute("aria-label", `If ${side} wins next: ${words.join(", ")}`);
      group.title = `Point here to see where a ${side} win would go in the big road`;
      box.append(group);
    }
  }

  function hideNext() {
    const ghost = document.getElementById("big-road-next");
    if (ghost) ghost.remove();
  }

  function renderTally() {
    const t = state.tally;
    const share = (wins) => (t.rounds ? ` (${((100 * wins) / t.rounds).toFixed(1)}%)` : "");
    const now = t && t.streak_side ? ` · now ${t.streak_side} ${t.streak}` : "";
    $("tally").textContent = t
      ? `This shoe: ${count(t.rounds, "round")} · banker ${t.banker}${share(t.banker)} · player ${t.player}${share(t.player)} · tie ${t.tie}${share(t.tie)} · player pairs ${t.player_pairs} · banker pairs ${t.banker_pairs} · naturals ${t.naturals} · longest streak: banker ${t.longest_banker}, player ${t.longest_player}${now}`
      : "";
  }

  function renderChart() {
    const svg = $("bankroll-chart");
    svg.replaceChildren();
    const points = state.bankrolls || [];
    if (points.length < 2) {
      svg.setAttribute("aria-label", "No rounds yet");
      $("chart-note").textContent = state.seated ? "The bankroll after each round is drawn here." : "";
      return;
    }
    const low = Math.min(...points), high = Math.max(...points);
    const span = high - low || 1;
    const x = (i) => (300 * i) / (points.length - 1);
    const y = (v) => 84 - (78 * (v - low)) / span;
    const ns = "http://www.w3.org/2000/svg";
    const start = document.createElementNS(ns, "line");
    start.setAttribute("x1", "0"); start.setAttribute("x2", "300");
    start.setAttribute("y1", String(y(points[0]))); start.setAttribute("y2", String(y(points[0])));
    start.setAttribute("class", "start-line");
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
    line.setAttribute("class", "bankroll-line");
    svg.append(start, line);
    const rounds = points.length - 1;
    const words = `${money(points[0])} to ${money(points[points.length - 1])} over ${rounds} round${rounds === 1 ? "" : "s"}; low ${money(low)}, high ${money(high)}`;
    svg.setAttribute("aria-label", "Bankroll " + words);
    $("chart-note").textContent = words.charAt(0).toUpperCase() + words.slice(1) + ".";
  }

  function renderMaths() {
    const odds = state.odds;
    if (!odds) return;
    $("maths-note").textContent = (odds.fresh_shoe ? "A full shoe" : `The ${count(odds.cards_left, "card")} left`)
      + ", priced exactly (every possible round counted).";
    const outcomes = $("outcome-odds");
    outcomes.replaceChildren();
    for (const key of ["banker", "player", "tie"]) {
      const row = el("tr");
      row.append(el("th", "", key[0].toUpperCase() + key.slice(1)), el("td", "num", percent(odds.outcomes[key], 3)));
      row.firstChild.scope = "row";
      outcomes.append(row);
    }
    if (odds.pair !== null) {
      const row = el("tr");
      row.append(el("th", "", "Pair (each side)"), el("td", "num", percent(odds.pair, 3)));
      row.firstChild.scope = "row";
      outcomes.append(row);
    }
    const table = $("bet-odds");
    table.replaceChildren();
    for (const bet of odds.bets) {
      const row = el("tr", (bet.expected_value > 0 ? "advantage " : "") + (bet.at_table ? "at-table" : ""));
      row.dataset.key = bet.key;
      const edge = bet.house_edge === null ? "–" : percent(bet.house_edge, 3);
      const ev = bet.expected_value === null ? "–" : (bet.expected_value >= 0 ? "+" : "") + percent(bet.expected_value, 3);
      const name = el("th", "", bet.name);
      if (bet.at_table) {
        const star = el("span", "here-mark", " ★");
        star.setAttribute("aria-label", " (at this table)");
        name.append(star);
      }
      name.scope = "row";
      row.append(name, el("td", "num", ev), el("td", "num", edge));
      table.append(row);
    }
  }

  // The side bets the chosen table may offer, all ticked; the lab has none, nor limits.
  function renderSideBetChoices() {
    const choices = state.choices;
    if (!choices) return;
    const [payouts, commission] = $("sit-table").value.split(":");
    const lab = payouts === "lab";
    const box = $("side-bet-choices");
    box.replaceChildren();
    for (const bet of lab ? [] : choices.side_bets[commission]) {
      const label = el("label", "check");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = "side_bets";
      input.value = bet.key;
      input.checked = true;
      label.append(input, document.createTextNode(" " + bet.name));
      box.append(label);
    }
    $("sit-side-bets").hidden = lab;
    for (const id of ["sit-tie", "sit-min", "sit-max"]) $(id).disabled = lab;
  }

  function render(animate) {
    const seated = state.seated;
    $("seated-area").hidden = !seated;
    $("meters").hidden = !seated;
    $("invite").hidden = seated && !state.broke;
    renderMaths();
    if (!seated) {
      $("table-title").textContent = "Punto banco: take a seat";
      renderSideBetChoices();
      renderBoards();
      renderChart();
      return;
    }
    if (chip === null || !state.chips.includes(chip)) chip = chipFor(Math.max(state.rules.min_stake, 2500));
    $("table-title").textContent = "Punto banco · " + state.rules.describe;
    $("bankroll").textContent = state.bankroll_text;
    $("round-number").textContent = String(state.rounds_played);
    $("session-net").textContent = state.session_net_text;
    $("session-net").className = state.session_net > 0 ? "up" : state.session_net < 0 ? "down" : "";
    $("payout-name").textContent = state.payouts.name;
    $("payout-name").title = state.payouts.description;
    $("limits").textContent = state.rules.lab
      ? "The course's lab table: no limit but your bankroll."
      : `Table limits: ${state.rules.limits_text} on each spot. Bets go down before any card is dealt.`;
    renderShoe();
    renderHands(animate);
    renderChips();
    renderSpots();
    renderBoards();
    renderChart();
    if (state.broke) showError("bet-error", `Game over: ${state.bankroll_text} left, less than the smallest bet. Sit down at a new table.`);
  }

  // --- controls -------------------------------------------------------------------

  $("deal").addEventListener("click", deal);
  $("clear-bets").addEventListener("click", () => { bets = {}; showError("bet-error", ""); renderSpots(); });
  $("rebet").addEventListener("click", async () => {
    const total = Object.values(lastBets).reduce((a, b) => a + b, 0);
    if (!total) return showError("bet-error", "No bets to repeat yet.");
    const stakes = {};
    for (const [key, cents] of Object.entries(lastBets)) stakes[key] = (cents / 100).toFixed(2);
    const before = bets;
    try {
      await api("POST", "/api/baccarat/check", { stakes });
    } catch (error) {
      if (bets !== before) return;
      return showError("bet-error", `Cannot repeat ${money(total)} of bets: ${error.message}.`);
    }
    if (bets !== before || dealing) return;
    bets = { ...lastBets };
    showError("bet-error", "");
    renderSpots();
  });

  $("leave").addEventListener("click", async () => {
    const rounds = state.rounds_played;
    const bankroll = state.bankroll_text;
    const current = tableQuestions.ask();
    try {
      const next = await api("DELETE", "/api/baccarat/table");
      if (!current()) return;
      state = next;
      bets = {};
      lastBets = {};
      render(false);
      const words = `You leave the table with ${bankroll} after ${rounds} round${rounds === 1 ? "" : "s"}.`;
      $("sit-error").textContent = words;
      announce(words);
      $("sit-table").focus();
    } catch (error) {
      if (current()) showError("bet-error", error.message);
    }
  });

  $("sit-table").addEventListener("change", renderSideBetChoices);

  $("sit-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const seed = String(form.get("seed") || "").trim();
    if (seed && !/^[0-9]+$/.test(seed)) return showError("sit-error", `bad seed '${seed}': expected a whole number`);
    const [payouts, commission] = String(form.get("table")).split(":");
    const lab = payouts === "lab";
    const body = {
      bankroll: String(form.get("bankroll")),
      payouts,
      commission: lab ? null : commission,
      tie_pays: lab ? null : Number(form.get("tie_pays")),
      side_bets: lab ? null : form.getAll("side_bets").map(String),
      min_stake: lab ? null : String(form.get("min_stake")),
      max_stake: lab ? null : String(form.get("max_stake")),
      decks: Number(form.get("decks")),
      deal_order: String(form.get("deal_order")),
      seed: seed ? Number(seed) : null,
    };
    const current = tableQuestions.ask();
    try {
      const next = await api("POST", "/api/baccarat/table", body);
      if (!current()) return;
      state = next;
      bets = {};
      lastBets = {};
      chip = null;
      showError("sit-error", "");
      showError("bet-error", "");
      render(false);
      announce(`Seated at a ${state.rules.describe} table with ${state.bankroll_text}. Place your bets.`);
      $("deal").focus();
    } catch (error) {
      if (current()) showError("sit-error", error.message);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (!state.seated || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || event.target.isContentEditable) return;
    const keys = { b: "banker", p: "player", t: "tie" };
    const key = event.key.toLowerCase();
    if (keys[key]) {
      event.preventDefault();
      addChip(keys[key], chip);
    } else if (key === "d") {
      event.preventDefault();
      deal();
    } else if (key === "c") {
      event.preventDefault();
      bets = {};
      renderSpots();
      announce("Bets cleared");
    }
  });

  render(false);
})();
