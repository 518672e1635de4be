// The Baccarat table: chips on the bets, Deal, and the state the server sends back.
"use strict";

(() => {
  const { api, el, cardElement, money, percent, announce } = croupier;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let bets = {};          // bet key -> cents, placed but not dealt yet
  let lastBets = {};      // the bets of the last round, for Rebet
  let chip = null;        // the chosen chip, in cents
  const CHIP_CLASS = { 100: "chip-1", 500: "chip-5", 2500: "chip-25", 10000: "chip-100", 50000: "chip-500" };

  function placed() {
    return Object.values(bets).reduce((sum, cents) => sum + cents, 0);
  }

  function showError(id, message) {
    $(id).textContent = message || "";
    if (message) announce(message);
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
      button.addEventListener("click", () => { chip = value; renderChips(); });
      rack.append(button);
    }
  }

  function renderSpots() {
    const spots = $("bet-spots");
    spots.replaceChildren();
    for (const bet of state.bets) {
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
      spots.append(button);
    }
  }

  function chipFor(amount) {
    let best = state.chips[0];
    for (const value of state.chips) if (value <= amount) best = value;
    return best;
  }

  function addChip(key, value) {
    if (placed() + value > state.bankroll) {
      showError("bet-error", `Not enough money: your bets would total ${money(placed() + value)} with ${state.bankroll_text} in hand.`);
      return;
    }
    showError("bet-error", "");
    bets[key] = (bets[key] || 0) + value;
    renderSpots();
    announce(`${money(bets[key])} on ${state.bets.find((b) => b.key === key).name}`);
  }

  // --- dealing ------------------------------------------------------------------

  async function deal() {
    if (!state.seated) return;
    if (!placed()) {
      showError("bet-error", "Put a chip on a bet first (or press b, p or t).");
      return;
    }
    const stakes = {};
    for (const [key, cents] of Object.entries(bets)) stakes[key] = (cents / 100).toFixed(2);
    $("deal").disabled = true;
    try {
      state = await api("POST", "/api/baccarat/deal", { stakes });
      lastBets = bets;
      bets = {};
      showError("bet-error", "");
      render(true);
    } catch (error) {
      showError("bet-error", error.message);
    } finally {
      $("deal").disabled = false;
    }
  }

  // --- drawing the state -----------------------------------------------------------

  function renderHands(animate) {
    const last = state.last;
    for (const side of ["player", "banker"]) {
      const box = $(side + "-cards");
      box.replaceChildren();
      $(side + "-total").textContent = last ? String(last[side + "_total"]) : "";
    }
    $("verdict").textContent = "";
    $("verdict").className = "verdict";
    $("reasons").replaceChildren();
    $("settlements").replaceChildren();
    if (!last) {
      $("verdict").textContent = state.seated ? "Place your bets." : "Sit down at a table to play.";
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

  function board(id, cells, minColumns, label) {
    const node = $(id);
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
    for (const cell of cells) node.append(label(cell));
    const counts = { player: 0, banker: 0, tie: 0 };
    for (const cell of state.bead_plate) counts[cell.outcome]++;
    node.setAttribute("aria-label", cells.length
      ? `${state.bead_plate.length} rounds this shoe: ${counts.banker} banker, ${counts.player} player, ${counts.tie} tie`
      : "No rounds yet in this shoe");
  }

  function mark(cell, className, text) {
    const node = el("span", `mark ${className} ${cell.outcome}`, text);
    node.style.gridColumn = String(cell.column + 1);
    node.style.gridRow = String(cell.row + 1);
    if (cell.player_pair) node.append(el("span", "pair player-pair"));
    if (cell.banker_pair) node.append(el("span", "pair banker-pair"));
    return node;
  }

  function renderBoards() {
    const letters = { player: "P", banker: "B", tie: "T" };
    board("bead-plate", state.bead_plate, 12, (cell) => mark(cell, "bead", letters[cell.outcome]));
    board("big-road", state.big_road, 20, (cell) => {
      const node = mark(cell, "ring", letters[cell.outcome]);
      if (cell.ties) node.append(el("span", "tie-line", cell.ties > 1 ? String(cell.ties) : ""));
      return node;
    });
  }

  function renderMaths() {
    const odds = state.odds;
    $("maths-note").textContent = (odds.fresh_shoe ? "A fresh shoe" : `The ${odds.cards_left} cards left`)
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
      const row = el("tr", bet.expected_value > 0 ? "advantage" : "");
      const edge = bet.house_edge === null ? "–" : percent(bet.house_edge, 3);
      const ev = bet.expected_value === null ? "–" : (bet.expected_value >= 0 ? "+" : "") + percent(bet.expected_value, 3);
      row.append(el("th", "", bet.name), el("td", "num", ev), el("td", "num", edge));
      row.firstChild.scope = "row";
      table.append(row);
    }
  }

  function render(animate) {
    $("seated-controls").hidden = !state.seated;
    $("sit-details").open = !state.seated || state.broke;
    if (!state.seated) {
      $("bankroll").textContent = "–";
      renderHands(false);
      return;
    }
    if (chip === null || !state.chips.includes(chip)) chip = chipFor(state.stake);
    $("bankroll").textContent = state.bankroll_text;
    $("round-number").textContent = String(state.rounds_played);
    $("session-net").textContent = state.session_net_text;
    $("session-net").className = state.session_net > 0 ? "up" : state.session_net < 0 ? "down" : "";
    $("payout-name").textContent = state.payouts.name;
    $("payout-name").title = state.payouts.description;
    $("stake-text").textContent = state.stake_text;
    renderShoe();
    renderHands(animate);
    renderChips();
    renderSpots();
    renderBoards();
    renderMaths();
    if (state.broke) showError("bet-error", `Game over: ${state.bankroll_text} left, less than the smallest chip. Sit down at a new table.`);
  }

  // --- controls -------------------------------------------------------------------

  $("deal").addEventListener("click", deal);
  $("clear-bets").addEventListener("click", () => { bets = {}; showError("bet-error", ""); renderSpots(); });
  $("rebet").addEventListener("click", () => {
    const total = Object.values(lastBets).reduce((a, b) => a + b, 0);
    if (!total) return showError("bet-error", "No bets to repeat yet.");
    if (total > state.bankroll) return showError("bet-error", `Not enough money to repeat ${money(total)} of bets.`);
    bets = { ...lastBets };
    showError("bet-error", "");
    renderSpots();
  });

  $("leave").addEventListener("click", async () => {
    const rounds = state.rounds_played;
    const bankroll = state.bankroll_text;
    try {
      state = await api("DELETE", "/api/baccarat/table");
      bets = {};
      lastBets = {};
      render(false);
      const words = `You leave the table with ${bankroll} after ${rounds} round${rounds === 1 ? "" : "s"}.`;
      $("verdict").textContent = words;
      announce(words);
      $("sit-bankroll").focus();
    } catch (error) {
      showError("bet-error", error.message);
    }
  });

  $("sit-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const seed = String(form.get("seed") || "").trim();
    if (seed && !/^[0-9]+$/.test(seed)) return showError("sit-error", `bad seed '${seed}': expected a whole number`);
    const body = {
      bankroll: String(form.get("bankroll")),
      stake: String(form.get("stake")),
      payouts: String(form.get("payouts")),
      decks: Number(form.get("decks")),
      deal_order: String(form.get("deal_order")),
      seed: seed ? Number(seed) : null,
    };
    try {
      state = await api("POST", "/api/baccarat/table", body);
      bets = {};
      lastBets = {};
      chip = null;
      showError("sit-error", "");
      showError("bet-error", "");
      render(false);
      announce(`Seated with ${state.bankroll_text}. Place your bets.`);
      $("deal").focus();
    } catch (error) {
      showError("sit-error", error.message);
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
      addChip(keys[key], state.stake);
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
