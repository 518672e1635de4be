// The poker page: the hold'em equity calculator (with its card grid) and the comparison.
"use strict";

(() => {
  const { api, el, cardElement, percent, announce, watchJob } = croupier;
  const $ = (id) => document.getElementById(id);
  const limits = croupier.initialState();
  // The server's card notation: every token the library reads as a card (upper case) to
  // its code, the picker's rows of cards, the 13x13 grid's class labels and names.
  const { spellings, picker, grid: CLASSES } = limits.cards;
  let players = 2;
  let gridPlayer = null; // the player whose 13x13 range grid is open
  let target = "player-1";
  let running = null; // the job being watched

  // A card token's code as the library reads it ("As", "10h", "th", "H10" -> "Th"); null
  // if it is not one card.
  function code(token) {
    return spellings[token.trim().toUpperCase()] || null;
  }

  // A token of two cards in a row ("AhKh", "10h9h"): its two tokens, or null.
  function twoCards(token) {
    for (let cut = 1; cut < token.length; cut++) {
      const first = token.slice(0, cut), second = token.slice(cut);
      if (code(first) && code(second)) return [first, second];
    }
    return null;
  }

  function inputFor(name) {
    return name.startsWith("player-") ? $("hole-" + name.slice(7)) : $(name);
  }

  function fields() {
    const names = [];
    for (let i = 1; i <= players; i++) names.push("player-" + i);
    return [...names, "board", "dead"];
  }

  function tokens(name) {
    return inputFor(name).value.split(/[\s,]+/).filter(Boolean);
  }

  // The cards a field names: each token that is one card, or two cards in a row ("AhKh").
  function cardsIn(name) {
    const found = [];
    for (const token of tokens(name)) {
      const one = code(token);
      if (one) { found.push([one, token]); continue; }
      const two = twoCards(token);
      if (two) found.push([code(two[0]), token], [code(two[1]), token]);
    }
    return found;
  }

  // --- seats and the card picker ----------------------------------------------------

  function renderSeats() {
    const seats = $("seats");
    const kept = {};
    for (const input of seats.querySelectorAll("input")) kept[input.id] = input.value;
    seats.replaceChildren();
    for (let i = 1; i <= players; i++) {
      const row = el("div", "seat");
      const label = el("label", "", `Player ${i}`);
      label.htmlFor = "hole-" + i;
      const input = el("input");
      input.id = "hole-" + i;
      input.name = "hole-" + i;
      input.autocomplete = "off";
      input.spellcheck = false;
      input.placeholder = "a hand (AhKh) or a range (TT+, AQs+, 15%); empty: random";
      input.value = kept[input.id] !== undefined ? kept[input.id] : (i === 1 ? "AhKh" : i === 2 ? "QQ+, AKs" : "");
      input.addEventListener("input", renderGrid);
      input.addEventListener("focus", () => setTarget("player-" + i));
      const toggle = el("button", "grid-toggle", "Grid");
      toggle.type = "button";
      toggle.id = "grid-toggle-" + i;
      toggle.setAttribute("aria-label", `Range grid for player ${i}`);
      toggle.setAttribute("aria-expanded", String(gridPlayer === i));
      toggle.setAttribute("aria-controls", "range-picker");
      toggle.addEventListener("click", () => openGrid(gridPlayer === i ? null : i));
      input.addEventListener("change", () => { if (gridPlayer === i) refreshGrid(); });
      row.append(label, input, toggle);
      seats.append(row);
    }
    if (gridPlayer !== null && gridPlayer > players) gridPlayer = null;
    openGrid(gridPlayer);
    $("add-player").disabled = players >= limits.max_players;
    $("remove-player").disabled = players <= 2;
    renderTargets();
    renderGrid();
  }

  function setTarget(name) {
    target = name;
    for (const radio of document.querySelectorAll("input[name=target]")) radio.checked = radio.value === name;
  }

  function renderTargets() {
    const box = $("target-options");
    box.replaceChildren();
    if (!fields().includes(target)) target = "player-1";
    for (const name of fields()) {
      const label = el("label", "target-option");
      const radio = el("input");
      radio.type = "radio";
      radio.name = "target";
      radio.value = name;
      radio.checked = name === target;
      radio.addEventListener("change", () => { target = name; });
      const text = name.startsWith("player-") ? "Player " + name.slice(7) : name === "board" ? "Board" : "Dead";
      label.append(radio, document.createTextNode(" " + text));
      box.append(label);
    }
  }

  function renderGrid() {
    const used = {};
    for (const name of fields()) for (const [c] of cardsIn(name)) used[c] = name;
    const grid = $("card-grid");
    grid.replaceChildren();
    for (const row of picker) {
      for (const card of row) {
        const button = el("button", "pick " + (card.red ? "red" : "black"));
        button.type = "button";
        button.dataset.card = card.code;
        button.append(el("span", "", card.rank), el("span", "", card.suit));
        const where = used[card.code];
        button.setAttribute("aria-label", where ? `${card.name}, in ${where.replace("-", " ")}` : card.name);
        if (where) button.classList.add("used");
        button.setAttribute("aria-pressed", String(Boolean(where)));
        button.addEventListener("click", () => pick(card.code));
        grid.append(button);
      }
    }
  }

  function pick(c) {
    const input = inputFor(target);
    for (const name of fields()) {
      const list = tokens(name);
      const at = list.findIndex((t) => code(t) === c);
      const pair = cardsIn(name).find(([card, token]) => card === c && !code(token));
      if (at >= 0 || pair) {
        // a second press takes the card back, wherever it was ("AhKh" keeps "Kh")
        if (at >= 0) list.splice(at, 1);
        else {
          const [first, second] = twoCards(pair[1]);
          list[list.indexOf(pair[1])] = code(first) === c ? second : first;
        }
        inputFor(name).value = list.join(" ");
        renderGrid();
        return;
      }
    }
    const list = tokens(target);
    list.push(c);
    input.value = list.join(" ");
    renderGrid();
    document.querySelector(`#card-grid [data-card="${c}"]`).focus();
  }

  // --- the 13x13 range grid: pairs on the diagonal, suited above, offsuit below ---------

  function openGrid(player) {
    gridPlayer = player;
    for (const button of document.querySelectorAll(".grid-toggle")) {
      button.setAttribute("aria-expanded", String(button.id === "grid-toggle-" + player));
    }
    $("range-picker").hidden = player === null;
    if (player !== null) refreshGrid();
  }

  async function refreshGrid() {
    const player = gridPlayer;
    if (player === null) return;
    const input = $("hole-" + player);
    let answer;
    try {
      answer = await api("POST", "/api/poker/range", { text: input.value });
      $("equity-error").textContent = "";
    } catch (error) {
      $("equity-error").textContent = `player ${player}: ${error.message}`;
      return;
    }
    drawRangeGrid(player, answer);
  }

  // The 13x13 grid of the player's range, from the library's answer (its combos and the
  // share of each class); the cell named focusLabel gets the focus back.
  function drawRangeGrid(player, answer, focusLabel) {
    $("range-picker-title").textContent = `Player ${player}'s range: ${answer.combos.toLocaleString("en")} combos. Press a hand to add it or take it out.`;
    const grid = $("range-grid");
    grid.replaceChildren();
    for (let row = 0; row < 13; row++) {
      for (let col = 0; col < 13; col++) {
        const [label, words] = CLASSES[row][col];
        const weight = answer.grid[row][col];
        const cell = el("button", "range-cell" + (row === col ? " cell-pair" : row < col ? " cell-suited" : " cell-offsuit"), label);
        cell.type = "button";
        cell.dataset.hand = label;
        cell.style.setProperty("--weight", String(weight));
        if (weight > 0) cell.classList.add("in");
        const share = weight > 0 && weight < 1 ? `, ${Math.round(100 * weight)}% in the range` : "";
        cell.setAttribute("aria-label", `${label}, ${words}${share}`);
        cell.setAttribute("aria-pressed", weight >= 1 ? "true" : weight > 0 ? "mixed" : "false");
        cell.addEventListener("click", () => toggleClass(player, label, weight));
        grid.append(cell);
      }
    }
    if (focusLabel) grid.querySelector(`[data-hand="${focusLabel}"]`).focus();
  }

  // Add a class to the player's range, or take it out when it is wholly in; the library
  // then writes the range back in its short form.
  async function toggleClass(player, label, weight) {
    const input = $("hole-" + player);
    const text = input.value.trim();
    const token = weight >= 1 ? `${label}@0` : label;
    let answer;
    try {
      answer = await api("POST", "/api/poker/range", { text: text ? `${text}, ${token}` : token });
      input.value = answer.range;
      $("equity-error").textContent = "";
    } catch (error) {
      $("equity-error").textContent = `player ${player}: ${error.message}`;
      return;
    }
    renderGrid();
    if (gridPlayer === player) drawRangeGrid(player, answer, label);
  }

  // --- the calculation --------------------------------------------------------------

  function request() {
    const form = new FormData($("equity-form"));
    const seed = String(form.get("seed") || "").trim();
    const method = String(form.get("method"));
    const trials = String(form.get("trials") || "").trim();
    const precision = String(form.get("precision") || "").trim();
    const number = (text) => (/^[0-9.]+$/.test(text) ? Number(text) : text);
    return {
      players: Array.from({ length: players }, (_, i) => $("hole-" + (i + 1)).value),
      board: $("board").value,
      dead: $("dead").value,
      method,
      trials: method === "monte-carlo" && trials !== "" ? number(trials) : null,
      precision: method === "monte-carlo" && precision !== "" ? number(precision) : null,
      seed: seed === "" ? null : number(seed),
    };
  }

  function showProgress(done, total) {
    $("progress-line").hidden = false;
    $("progress").max = total || 1;
    $("progress").value = done;
    $("progress-text").textContent = total ? `${done.toLocaleString("en")} of ${total.toLocaleString("en")}` : "starting…";
  }

  function renderResult(job) {
    const result = job.result;
    const box = $("equity-result");
    box.replaceChildren();
    const table = el("table", "equity-table");
    const games = result.games.toLocaleString("en");
    const worst = Math.max(0, ...result.players.map((row) => row.stderr || 0));
    const how = result.exact
      ? `Exact: all ${games} deals`
      : `Monte Carlo: ${games} trials (seed ${result.seed}), standard error at most ${(100 * worst).toFixed(3)} points`;
    const caption = el("caption", "", `${how}, in ${job.seconds} s`);
    table.append(caption);
    const head = el("tr");
    const columns = ["Player", "Range", "Combos", "Equity", "Win", "Tie"];
    if (!result.exact) columns.push("± SE");
    for (const text of columns) {
      const th = el("th", "", text);
      th.scope = "col";
      head.append(th);
    }
    const thead = el("thead");
    thead.append(head);
    table.append(thead);
    const body = el("tbody");
    for (const row of result.players) {
      const tr = el("tr");
      const name = el("th", "", `Player ${row.player}`);
      name.scope = "row";
      const range = el("td", "range");
      if (row.cards.length) {
        const hole = el("span", "hole-cards");
        for (const card of row.cards) hole.append(cardElement(card, "mini"));
        range.append(hole);
      }
      else range.append(el("span", "range-text", row.range));
      if (row.made) range.append(el("span", "made", row.made));
      const equity = el("td", "equity");
      const bar = el("span", "bar");
      bar.style.width = percent(row.equity, 2);
      equity.append(bar, el("span", "bar-text", percent(row.equity, 2)));
      tr.append(name, range, el("td", "num", row.combos.toLocaleString("en")), equity, el("td", "num", percent(row.win, 2)), el("td", "num", percent(row.tie, 2)));
      if (!result.exact) {
        const error = el("td", "num margin", "±" + (100 * row.stderr).toFixed(3));
        error.title = "standard error of the equity, in percentage points";
        tr.append(error);
      }
      body.append(tr);
    }
    table.append(body);
    const scroller = el("div", "table-scroll");
    scroller.append(table);
    box.append(scroller);
    announce("Equity: " + result.players.map((r) => `player ${r.player} ${percent(r.equity, 1)}`).join(", "));
  }

  $("equity-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("equity-error").textContent = "";
    $("calculate").disabled = true;
    $("cancel").hidden = false;
    try {
      const job = await api("POST", "/api/poker/equity", request());
      running = job.job;
      showProgress(0, job.total);
      const done = await watchJob("/api/poker/jobs/" + job.job, showProgress);
      renderResult(done);
    } catch (error) {
      if (error.message !== "stopped") $("equity-error").textContent = error.message;
      announce(error.message);
    } finally {
      running = null;
      $("calculate").disabled = false;
      $("cancel").hidden = true;
      $("progress-line").hidden = true;
    }
  });

  $("cancel").addEventListener("click", async () => {
    if (running) await api("DELETE", "/api/poker/jobs/" + running).catch(() => null);
  });
  $("add-player").addEventListener("click", () => { players = Math.min(limits.max_players, players + 1); renderSeats(); });
  $("remove-player").addEventListener("click", () => { players = Math.max(2, players - 1); renderSeats(); });
  $("clear-all").addEventListener("click", () => {
    for (const name of fields()) inputFor(name).value = "";
    $("equity-result").replaceChildren();
    renderGrid();
    refreshGrid();
  });
  for (const name of ["board", "dead"]) {
    $(name).addEventListener("input", renderGrid);
    $(name).addEventListener("focus", () => setTarget(name));
  }

  // --- which hand wins --------------------------------------------------------------

  $("compare-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("compare-error").textContent = "";
    const box = $("compare-result");
    try {
      const answer = await api("POST", "/api/poker/compare", { line: $("compare-line").value });
      box.replaceChildren();
      answer.hands.forEach((hand, i) => {
        const row = el("div", "compared" + (answer.winner === i + 1 ? " winner" : ""));
        row.append(el("h3", "", `Hand ${i + 1}: ${hand.category}`));
        const cards = el("div", "cards");
        for (const card of hand.hand) cards.append(cardElement(card, card.best ? "best" : "unused"));
        row.append(cards, el("p", "", hand.description));
        box.append(row);
      });
      const verdict = el("p", "verdict", answer.verdict);
      verdict.setAttribute("role", "status");
      box.append(verdict);
      announce(`${answer.verdict}: ${answer.hands[0].description} against ${answer.hands[1].description}`);
    } catch (error) {
      box.replaceChildren();
      $("compare-error").textContent = error.message;
    }
  });

  renderSeats();
})();
