// The Baccarat table: a table's rules at sit-down, chips on its bets (each checked by the
// server before it goes down), Deal, and the state the server sends back: the hands, the
// five roads, the ask road, the shoe's tally, the bankroll's course and the exact odds.
"use strict";

(() => {
  const { api, el, money, announce, questions } = croupier;
  const { drawShoe, drawDeal, drawRoads, drawMaths, drawChips, drawSpots, chipFor, refuseSpot } = baccaratBoard;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let bets = {};          // bet key -> cents, placed but not dealt yet
  let lastBets = {};      // the bets of the last round, for Rebet
  let chip = null;        // the chosen chip, in cents
  let checks = Promise.resolve();  // the chip checks, run one after the other
  let dealing = false;    // a deal is under way
  const tableQuestions = questions();  // the requests that replace the table (deal, sit, leave)

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
    drawChips($("chips"), state.chips, chip, (value) => { chip = value; renderChips(); renderSpots(); });
  }

  function renderSpots() {
    drawSpots($("bet-spots"), state.bets, bets, chip, state.chips, (key) => addChip(key, chip), takeOff);
  }

  function refuse(key, message) {
    refuseSpot(key);
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
      const next = await tableQuestions.inTurn(() => api("POST", "/api/baccarat/deal", { stakes, drawn: shown.rounds_played }));
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
    const verdict = drawDeal(last, state.deal_order, animate);
    $("settlements").replaceChildren();
    if (!last) {
      $("verdict").textContent = "Place your bets.";
      return;
    }
    const result = last.net > 0 ? `You win ${last.net_text}.` : last.net < 0 ? `You lose ${money(-last.net)}.` : "Your stake comes back.";
    $("verdict").textContent = `${verdict}. ${result}`;
    for (const s of last.settlements) {
      const words = { won: `won ${s.amount_text}`, lost: `lost ${s.amount_text}`, pushed: "pushed" };
      $("settlements").append(el("li", "settle-" + s.kind, `${s.name} ${money(s.stake)}: ${words[s.kind]}`));
    }
    announce(`Round ${last.number}: player ${last.player.map((c) => c.name).join(", ")}; banker ${last.banker.map((c) => c.name).join(", ")}. ${verdict}. ${result} Bankroll ${state.bankroll_text}.`);
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
    drawMaths(state.odds);
    if (!seated) {
      $("table-title").textContent = "Punto banco: take a seat";
      renderSideBetChoices();
      drawRoads(state);
      renderChart();
      return;
    }
    if (chip === null || !state.chips.includes(chip)) chip = chipFor(state.chips, Math.max(state.rules.min_stake, 2500));
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
    drawShoe(state.shoe);
    renderHands(animate);
    renderChips();
    renderSpots();
    drawRoads(state);
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
      const next = await tableQuestions.inTurn(() => api("DELETE", "/api/baccarat/table"));
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
      const next = await tableQuestions.inTurn(() => api("POST", "/api/baccarat/table", body));
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
