// The poker page: the equity calculator of the game chosen (hold'em, Omaha, five-card
// Omaha, short-deck; with its card grid and, in two-card games, its range grid), the
// analyses of its answer (each hand's equity, the equity distribution, the next card,
// exports), what a range hits, and the comparison: every panel in the game chosen.
"use strict";

import { rangeGrid } from "./poker_grid.js";

(() => {
  const { api, el, cardElement, percent, announce, watchJob, questions } = croupier;
  const $ = (id) => document.getElementById(id);
  const limits = croupier.initialState();
  // The server's card notation: every token the library reads as a card (upper case) to
  // its code, the picker's rows of cards, the 13x13 grid's class labels and names.
  const { spellings, picker, grid: CLASSES } = limits.cards;
  let players = 2;
  let gridPlayer = null; // the player whose 13x13 range grid is open
  let target = "player-1";
  let lastResult = null; // the last equity answer (for the analyses and the exports)
  let lastQuestion = null; // the question lastResult answers (the next-card table asks it)
  let lastNext = null; // the last next-card table
  // The games (the server's rules of each), and a first question and line to show in each.
  const GAMES = Object.fromEntries(limits.games.map((g) => [g.name, g]));
  const RANKS = "23456789TJQKA";
  const EXAMPLES = {
    holdem: ["AhKh", "QQ+, AKs"],
    omaha: ["AsAhKsKh", "random"],
    omaha5: ["AsAhKsKhQh", "random"],
    shortdeck: ["AhKh", "QQ+, AKs"],
    "shortdeck-straights": ["AhKh", "QQ+, AKs"],
  };
  const LINES = {
    holdem: "Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c",
    omaha: "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s",
    omaha5: "As Ad Kh Qh Jc Ac 7h 2h 9h 3s ; Ks Kd 7c 7d 8d Ac 7h 2h 9h 3s",
    shortdeck: "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c",
    "shortdeck-straights": "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c",
  };
  let game = "holdem";
  const rules = () => GAMES[game];

  // A kind of job (a calculation, a next-card table, what a range hits), one at a time: a
  // newer question of the kind, or ``forget``, supersedes the last one, whose job is
  // cancelled on the server (the server cancels it too when the newer one starts) and
  // whose answer, should it still come, is dropped.
  function jobs() {
    const asked = questions();
    let job = null; // the id of the job of the current question, while it runs
    const stop = (id) => api("DELETE", "/api/poker/jobs/" + id).catch(() => null);
    return {
      // Start ``path`` with ``body`` and watch it, ``onProgress(done, total)`` while it
      // runs: the finished job, or null once superseded (a failure of the current question
      // is thrown, "stopped" when it was cancelled).
      async run(path, body, onProgress) {
        const current = asked.ask();
        let id = null;
        try {
          const started = await api("POST", path, body);
          id = started.job;
          if (!current()) {
            stop(id);
            return null;
          }
          job = id;
          onProgress(started.done, started.total);
          const done = await watchJob("/api/poker/jobs/" + id, (d, t) => { if (current()) onProgress(d, t); });
          return current() ? done : null;
        } catch (error) {
          if (!current()) return null;
          throw error;
        } finally {
          if (job === id) job = null;
        }
      },
      forget() {
        asked.forget();
        if (job !== null) stop(job);
        job = null;
      },
      // Ask the server to stop the current job (its answer comes back "stopped").
      cancel() { if (job !== null) stop(job); },
    };
  }

  const rangeQuestions = questions();
  const compareQuestions = questions();
  const equityJobs = jobs();
  const nextJobs = jobs();
  const hitsJobs = jobs();

  // A card token's code as the library reads it ("As", "10h", "th", "H10" -> "Th"); null
  // if it is not one card.
  function code(token) {
    return spellings[token.trim().toUpperCase()] || null;
  }

  // A token of cards in a row ("AhKh", "10h9h", Omaha's "AsAhKsKh", "AsAh??"): its card
  // tokens and how many ? it holds, or null.
  function cardRun(token) {
    const unknown = (token.match(/\?/g) || []).length;
    const body = token.replace(/\?/g, "");
    const parts = [];
    let at = 0;
    while (at < body.length) {
      const piece = [2, 3].map((size) => body.slice(at, at + size)).find((p) => code(p));
      if (!piece) return null;
      parts.push(piece);
      at += piece.length;
    }
    return parts.length ? { parts, unknown } : null;
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

  // The cards a field names: each token that is one card, or cards in a row ("AhKh").
  function cardsIn(name) {
    const found = [];
    for (const token of tokens(name)) {
      const one = code(token);
      if (one) { found.push([one, token]); continue; }
      const run = cardRun(token);
      if (run) for (const part of run.parts) found.push([code(part), token]);
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
      input.placeholder = rules().two_card
        ? "a hand (AhKh), part of one (Ah?) or a range (TT+, AQs+); empty: random"
        : `a hand (${EXAMPLES[game][0]}), part of one (AsAh${"?".repeat(rules().hole_cards - 2)}), hands separated by commas or a range (AA!AAA, AxAyxy, 15%); empty: random`;
      input.value = kept[input.id] !== undefined ? kept[input.id] : (EXAMPLES[game][i - 1] || "");
      input.addEventListener("input", () => {
        if (gridPlayer === i) {
          rangeQuestions.forget(); // typed after the slider: the typing wins
          rangePicker.typed();
        }
        renderGrid();
      });
      input.addEventListener("focus", () => setTarget("player-" + i));
      const toggle = el("button", "grid-toggle", "Grid");
      toggle.type = "button";
      toggle.id = "grid-toggle-" + i;
      toggle.setAttribute("aria-label", `Range grid for player ${i}`);
      toggle.setAttribute("aria-expanded", String(gridPlayer === i));
      toggle.setAttribute("aria-controls", "range-picker");
      toggle.hidden = !rules().two_card;
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
    renderHitsPlayers();
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
        if (RANKS.indexOf(card.code[0]) + 2 < rules().lowest_rank) continue; // not in this deck
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
          const run = cardRun(pair[1]);
          const kept = run.parts.filter((part) => code(part) !== c).join("") + "?".repeat(run.unknown);
          list[list.indexOf(pair[1])] = kept;
        }
        inputFor(name).value = list.join(" ");
        renderGrid();
        rangePicker.typed();
        return;
      }
    }
    const list = tokens(target);
    list.push(c);
    input.value = list.join(" ");
    renderGrid();
    rangePicker.typed();
    document.querySelector(`#card-grid [data-card="${c}"]`).focus();
  }

  // --- the 13x13 range grid (poker_grid.js): pairs on the diagonal, suited above --------

  const rangePicker = rangeGrid({
    notation: limits.cards,
    asked: rangeQuestions,
    player: () => gridPlayer,
    game: () => game,
    lowestRank: () => rules().lowest_rank,
    out: () => `${$("board").value} ${$("dead").value}`,
    changed: () => renderGrid(),
  });

  function openGrid(player) {
    if (player !== gridPlayer) rangeQuestions.forget(); // about another player's range: stale
    gridPlayer = player;
    for (const button of document.querySelectorAll(".grid-toggle")) {
      button.setAttribute("aria-expanded", String(button.id === "grid-toggle-" + player));
    }
    $("range-picker").hidden = player === null;
    if (player !== null) refreshGrid();
  }

  const refreshGrid = () => rangePicker.refresh();
  // Read ``text`` as the player's range: the box gets the library's short form back.
  const showRange = (player, text) => rangePicker.show(player, text);

  // --- the range tools: a top-X% slider, and the named ranges (poker_saved.js) --------

  let sliderTimer = null;
  $("top-percent").addEventListener("input", () => {
    const value = $("top-percent").value;
    $("top-percent-value").textContent = value;
    window.clearTimeout(sliderTimer);
    sliderTimer = window.setTimeout(() => {
      if (gridPlayer !== null) showRange(gridPlayer, `${value}%`);
    }, 120);
  });

  // The named ranges (presets, saved ranges) are poker_saved.js's: it reads these.
  croupier.pokerRanges = {
    game: () => game,
    gridPlayer: () => gridPlayer,
    twoCard: () => rules().two_card, // Omaha's hands: the box takes the text as it is
    showRange,
  };

  // --- the calculation --------------------------------------------------------------

  function request() {
    const form = new FormData($("equity-form"));
    const seed = String(form.get("seed") || "").trim();
    const method = String(form.get("method"));
    const trials = String(form.get("trials") || "").trim();
    const precision = String(form.get("precision") || "").trim();
    const number = (text) => (/^[0-9.]+$/.test(text) ? Number(text) : text);
    return {
      game,
      players: Array.from({ length: players }, (_, i) => $("hole-" + (i + 1)).value),
      board: $("board").value,
      dead: $("dead").value,
      method,
      trials: method === "monte-carlo" && trials !== "" ? number(trials) : null,
      precision: method === "monte-carlo" && precision !== "" ? number(precision) : null,
      // digits as a string: a JavaScript number keeps about 16 digits, a seed has 19
      seed: seed === "" ? null : seed,
    };
  }

  // A job's progress bar: ``prefix`` "" (the calculation), "next-" or "hits-".
  function showProgress(prefix, done, total) {
    $(prefix + "progress-line").hidden = false;
    $(prefix + "progress").max = total || 1;
    $(prefix + "progress").value = done;
    $(prefix + "progress-text").textContent = total ? `${done.toLocaleString("en")} of ${total.toLocaleString("en")}` : "starting…";
  }

  // A table's head: a column title each.
  function tableHead(titles) {
    const head = el("tr");
    for (const text of titles) {
      const th = el("th", "", text);
      th.scope = "col";
      head.append(th);
    }
    const thead = el("thead");
    thead.append(head);
    return thead;
  }

  // Draw the answer ``job`` to the question ``asked``.
  function renderResult(job, asked) {
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
    const columns = ["Player", "Range", rules().two_card ? "Combos" : "Hands", "Equity", "Win", "Tie"];
    if (!result.exact) columns.push("± SE");
    table.append(tableHead(columns));
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
    if (result.seed !== null) {
      const again = el("p", "hint seed-line");
      again.append("Type seed ", el("code", "seed-value", result.seed), " again to deal the same trials. ");
      const use = el("button", "", "Use this seed");
      use.type = "button";
      use.addEventListener("click", () => { $("seed").value = result.seed; });
      again.append(use);
      box.append(again);
    }
    lastResult = { ...result, seconds: job.seconds };
    lastQuestion = asked;
    renderAnalysis();
    announce("Equity: " + result.players.map((r) => `player ${r.player} ${percent(r.equity, 1)}`).join(", "));
  }

  // --- the analyses of an answer: each hand's equity, the distribution, the next card -

  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#4e9be6", "#f0a24a", "#5cc27a", "#e5645a", "#a77fd6", "#b98a62", "#e88ac7", "#9aa4ad", "#c3c75a", "#4fc7cf"];

  function svg(tag, attributes) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    return node;
  }

  function renderAnalysis() {
    const result = lastResult;
    $("analysis").hidden = result === null;
    $("class-grid-box").hidden = !rules().two_card; // Omaha hands: no 13x13 grid
    $("result-tools").hidden = result === null;
    nextJobs.forget(); // a table under way was for the answer this one replaces
    lastNext = null;
    $("next-result").replaceChildren();
    $("next-error").textContent = "";
    $("next-progress-line").hidden = true;
    if (result === null) return;
    const boardCards = result.board.length;
    $("next-card").disabled = boardCards !== 3 && boardCards !== 4;
    $("next-card").textContent = boardCards === 4 ? "Next card: equity by river card" : "Next card: equity by turn card";
    $("next-card").title = boardCards === 3 || boardCards === 4 ? "" : "after a flop or a turn: give a board of 3 or 4 cards";
    const select = $("class-grid-player");
    const kept = select.value;
    select.replaceChildren();
    for (const row of result.players) {
      const option = el("option", "", `Player ${row.player}: ${row.range}`);
      option.value = String(row.player);
      select.append(option);
    }
    if (kept && Number(kept) <= result.players.length) select.value = kept;
    if (rules().two_card) drawClassGrid();
    drawDistribution();
  }

  // The 13x13 grid of one player's range, each class coloured by its equity against the
  // others (red below a fair share, green above), its win and tie on hover.
  function drawClassGrid() {
    const result = lastResult;
    const player = result.players[Number($("class-grid-player").value || 1) - 1];
    const fair = 1 / result.players.length;
    const grid = $("class-grid");
    grid.replaceChildren();
    for (let row = 0; row < 13; row++) {
      for (let col = 0; col < 13; col++) {
        const [label, words] = CLASSES[row][col];
        const figures = player.grid[row][col];
        const cell = el("span", "class-cell", label);
        cell.dataset.hand = label;
        if (figures === null) {
          cell.classList.add("out");
          cell.setAttribute("aria-label", `${label}, not in the range`);
        } else {
          const [equity, win, tie] = figures;
          const lean = Math.max(-1, Math.min(1, (equity - fair) / Math.max(fair, 1 - fair)));
          const hue = lean >= 0 ? 130 : 5;
          cell.style.background = `hsl(${hue} ${25 + 50 * Math.abs(lean)}% ${34 + 10 * Math.abs(lean)}%)`;
          const text = `${label} (${words}): equity ${percent(equity, 1)}, win ${percent(win, 1)}, tie ${percent(tie, 1)}`;
          cell.title = text;
          cell.setAttribute("aria-label", text);
          cell.append(el("span", "class-equity", (100 * equity).toFixed(0)));
        }
        cell.setAttribute("role", "img");
        grid.append(cell);
      }
    }
  }
  $("class-grid-player").addEventListener("change", drawClassGrid);

  // Each player's equity distribution: x the share of its range (weakest combo first), y
  // each combo's equity; lines at 50% and 75%, and the shares of the range above them.
  function drawDistribution() {
    const box = $("distribution");
    box.replaceChildren();
    const width = 560, height = 300, left = 44, right = 12, top = 12, bottom = 36;
    const x = (share) => left + share * (width - left - right);
    const y = (equity) => top + (1 - equity) * (height - top - bottom);
    const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
    const summary = lastResult.players.map((row) => `player ${row.player}: ${percent(row.distribution.above_50, 0)} of the range above 50%, ${percent(row.distribution.above_75, 0)} above 75%`);
    chart.setAttribute("aria-label", "Equity distribution: " + summary.join("; "));
    for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
      chart.append(svg("line", { x1: x(0), x2: x(1), y1: y(tick), y2: y(tick), class: tick === 0.5 || tick === 0.75 ? "guide" : "grid-line" }));
      const label = svg("text", { x: left - 6, y: y(tick) + 4, "text-anchor": "end", class: "axis" });
      label.textContent = `${100 * tick}%`;
      chart.append(label);
      const under = svg("text", { x: x(tick), y: height - bottom + 16, "text-anchor": "middle", class: "axis" });
      under.textContent = `${100 * tick}%`;
      chart.append(under);
    }
    const caption = svg("text", { x: x(0.5), y: height - 4, "text-anchor": "middle", class: "axis" });
    const unit = rules().two_card ? "combo" : "hand";
    caption.textContent = `share of the range, weakest ${unit} first`;
    chart.append(caption);
    lastResult.players.forEach((row, i) => {
      let at = 0;
      const points = [];
      for (const [, weight, equity] of row.distribution.combos) {
        points.push(`${x(at).toFixed(1)},${y(equity).toFixed(1)}`, `${x(at + weight).toFixed(1)},${y(equity).toFixed(1)}`);
        at += weight;
      }
      const line = svg("polyline", { points: points.join(" "), fill: "none", stroke: COLOURS[i % COLOURS.length], "stroke-width": 2 });
      const title = svg("title");
      title.textContent = `Player ${row.player}: ${row.range}`;
      line.append(title);
      chart.append(line);
    });
    box.append(chart, legend(lastResult.players.map((row) => `Player ${row.player}: ${percent(row.distribution.above_50, 1)} of the range above 50% equity, ${percent(row.distribution.above_75, 1)} above 75%`)));
    // A range of more hands than the server lists is drawn from its points, each the
    // mean of consecutive hands: say so, with the count.
    const notes = lastResult.players.filter((row) => row.distribution.summarised).map((row) => `player ${row.player}'s ${croupier.count(row.distribution.hands, unit)} are drawn as ${croupier.count(row.distribution.combos.length, "point")}, each the mean of consecutive ${unit}s`);
    if (notes.length) box.append(el("p", "hint distribution-note", `Summarised: ${notes.join("; ")}.`));
  }

  // A chart's legend: each player's colour (in the players' order) and what it says.
  function legend(texts) {
    const list = el("ul", "legend");
    texts.forEach((text, i) => {
      const item = el("li");
      const swatch = el("span", "swatch");
      swatch.style.background = COLOURS[i % COLOURS.length];
      item.append(swatch, text);
      list.append(item);
    });
    return list;
  }

  // The next-card table of the answer shown (its question, not the form's: the form may
  // have changed since); a newer answer, another game or Clear supersede it.
  $("next-card").addEventListener("click", async () => {
    $("next-error").textContent = "";
    $("next-card").disabled = true;
    let done;
    try {
      done = await nextJobs.run("/api/poker/next", lastQuestion, (d, t) => showProgress("next-", d, t));
    } catch (error) {
      done = undefined;
      $("next-error").textContent = error.message;
    }
    if (done === null) return; // superseded: renderAnalysis has reset the panel
    $("next-progress-line").hidden = true;
    $("next-card").disabled = false;
    if (done) {
      lastNext = done.result;
      drawNextCard();
    }
  });

  // The next-card chart: a stacked bar a card (each player's equity once it comes), the
  // players' equity now as dashed lines; the same figures as a table below.
  function drawNextCard() {
    const table = lastNext;
    const box = $("next-result");
    box.replaceChildren();
    const width = 640, height = 260, left = 40, right = 8, top = 10, bottom = 44;
    const count = table.cards.length;
    const step = (width - left - right) / count;
    const y = (value) => top + (1 - value) * (height - top - bottom);
    const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
    chart.setAttribute("aria-label", `Equity after each ${table.street} card; now: ` + table.players.map((p) => `player ${p.player} ${percent(p.equity, 1)}`).join(", "));
    for (const tick of [0, 0.5, 1]) {
      const label = svg("text", { x: left - 6, y: y(tick) + 4, "text-anchor": "end", class: "axis" });
      label.textContent = `${100 * tick}%`;
      chart.append(label);
    }
    table.cards.forEach((row, i) => {
      let base = 0;
      const group = svg("g", { class: "next-bar" });
      const title = svg("title");
      title.textContent = `${row.card.name}: chance ${percent(row.chance, 2)}; ` + row.equity.map((e, p) => `player ${p + 1} ${percent(e, 2)}`).join(", ");
      group.append(title);
      row.equity.forEach((equity, p) => {
        group.append(svg("rect", { x: left + i * step + 0.5, width: Math.max(step - 1, 1), y: y(base + equity), height: Math.max(y(base) - y(base + equity), 0), fill: COLOURS[p % COLOURS.length] }));
        base += equity;
      });
      const label = svg("text", { x: left + (i + 0.5) * step, y: height - bottom + 12, "text-anchor": "middle", class: "axis card-label " + (row.card.red ? "red" : "black") });
      label.textContent = row.card.rank === "10" ? "T" : row.card.rank; // "10" ran into its neighbours
      const suit = svg("text", { x: left + (i + 0.5) * step, y: height - bottom + 24, "text-anchor": "middle", class: "axis card-label " + (row.card.red ? "red" : "black") });
      suit.textContent = row.card.suit;
      chart.append(group, label, suit);
    });
    let level = 0;
    table.players.slice(0, -1).forEach((row) => {
      level += row.equity;
      chart.append(svg("line", { x1: left, x2: width - right, y1: y(level), y2: y(level), class: "now-line" }));
    });
    const key = legend(table.players.map((p) => `Player ${p.player}: ${percent(p.equity, 1)} now`));
    const now = el("li");
    now.append(el("span", "swatch now-swatch"), "dashed lines: where the players' equity stands now (the bars average to them)");
    key.append(now);
    const how = table.exact
      ? `Exact: every deal (${table.games.toLocaleString("en")}).`
      : `Monte Carlo: ${croupier.count(table.games, "deal")} (seed ${table.seed}), a card's equity within a standard error of ${(100 * table.stderr).toFixed(2)} points.`;
    box.append(chart, key, el("p", "hint next-method", how));
    const details = el("details");
    details.append(el("summary", "", `The ${count} ${table.street} cards, their chance and each player's equity once they come`));
    const grid = el("table", "next-table");
    const thead = tableHead(["Card", "Chance", ...table.players.map((p) => `Player ${p.player}`)]);
    const tbody = el("tbody");
    for (const row of table.cards) {
      const tr = el("tr");
      const card = el("th", "card-text " + (row.card.red ? "red" : "black"), row.card.rank + row.card.suit);
      card.scope = "row";
      card.setAttribute("aria-label", row.card.name);
      tr.append(card, el("td", "num", percent(row.chance, 2)), ...row.equity.map((e) => el("td", "num", percent(e, 2))));
      tbody.append(tr);
    }
    grid.append(thead, tbody);
    const scroller = el("div", "table-scroll");
    scroller.append(grid);
    details.append(scroller);
    box.append(details);
    announce(`Next card: ${count} cards; their average is the equity now`);
  }

  // --- exports ------------------------------------------------------------------------

  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = el("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function csvField(value) {
    const text = value === null || value === undefined ? "" : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }

  function csvLine(values) {
    return values.map(csvField).join(",") + "\n";
  }

  $("export-json").addEventListener("click", () => {
    const answer = { ...lastResult, next_card: lastNext };
    download("croupier-equity.json", "application/json", JSON.stringify(answer, null, 2) + "\n");
  });

  $("export-csv").addEventListener("click", () => {
    const result = lastResult;
    let text = csvLine(["board", "dead", "method", "exact", "games", "seed"]);
    text += csvLine([result.board.map((c) => c.code).join(" "), result.dead.map((c) => c.code).join(" "), result.method, result.exact, result.games, result.seed]);
    text += "\n" + csvLine(["player", "range", "combos", "equity", "win", "tie", "stderr", "above_50", "above_75"]);
    for (const row of result.players) {
      text += csvLine([row.player, row.range, row.combos, row.equity, row.win, row.tie, row.stderr, row.distribution.above_50, row.distribution.above_75]);
    }
    if (lastNext) {
      text += "\n" + csvLine(["card", "chance", ...lastNext.players.map((p) => `player ${p.player}`)]);
      for (const row of lastNext.cards) text += csvLine([row.card.code, row.chance, ...row.equity]);
    }
    download("croupier-equity.csv", "text/csv", text);
  });

  // The form at rest: no calculation under way.
  function calculationIdle() {
    $("calculate").disabled = false;
    $("cancel").hidden = true;
    $("progress-line").hidden = true;
  }

  // Drop the calculation under way (another game, Clear): its answer would be stale.
  function forgetCalculation() {
    equityJobs.forget();
    calculationIdle();
  }

  $("equity-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("equity-error").textContent = "";
    $("calculate").disabled = true;
    $("cancel").hidden = false;
    const asked = request();
    let done;
    try {
      done = await equityJobs.run("/api/poker/equity", asked, (d, t) => showProgress("", d, t));
    } catch (error) {
      done = undefined;
      if (error.message !== "stopped") $("equity-error").textContent = error.message;
      announce(error.message);
    }
    if (done === null) return; // superseded: the page has moved on
    calculationIdle();
    if (done) renderResult(done, asked);
  });

  $("cancel").addEventListener("click", () => equityJobs.cancel());
  $("add-player").addEventListener("click", () => { players = Math.min(limits.max_players, players + 1); renderSeats(); });
  $("remove-player").addEventListener("click", () => { players = Math.max(2, players - 1); renderSeats(); });
  $("clear-all").addEventListener("click", () => {
    forgetCalculation();
    for (const name of fields()) inputFor(name).value = "";
    $("equity-result").replaceChildren();
    lastResult = null;
    renderAnalysis();
    renderGrid();
    refreshGrid();
  });
  for (const name of ["board", "dead"]) {
    $(name).addEventListener("input", () => { renderGrid(); rangePicker.typed(); });
    $(name).addEventListener("focus", () => setTarget(name));
  }

  // --- what a range hits --------------------------------------------------------------

  function renderHitsPlayers() {
    const select = $("hits-player");
    const kept = select.value;
    select.replaceChildren();
    for (let i = 1; i <= players; i++) {
      const option = el("option", "", `Player ${i}`);
      option.value = String(i);
      select.append(option);
    }
    if (kept && Number(kept) <= players) select.value = kept;
  }

  function hitsTable(title, rows, answer) {
    const table = el("table", "hits-table");
    const unit = rules().two_card ? "Combos" : "Hands";
    const thead = tableHead([title, answer.boards > 1 ? `${unit} a flop` : unit, "Share"]);
    const body = el("tbody");
    for (const row of rows) {
      const tr = el("tr", row.combos ? "" : "none");
      const name = el("th", "", row.category);
      name.scope = "row";
      name.title = row.definition;
      const combos = answer.boards > 1 ? row.combos.toFixed(2) : String(Math.round(row.combos * 100) / 100);
      tr.append(name, el("td", "num", combos), el("td", "num", percent(row.share, 2)));
      body.append(tr);
    }
    table.append(thead, body);
    return table;
  }

  // What a range hits, a job (over every flop it takes seconds) with its progress bar; a
  // newer question (the button stays live) or another game supersede it.
  $("hits-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("hits-error").textContent = "";
    const box = $("hits-result");
    const player = Number($("hits-player").value || 1);
    const texture = ["hits-suits", "hits-pairing", "hits-connected"].map((id) => $(id).value).filter(Boolean);
    const asked = {
      game, range: $("hole-" + player).value, board: $("board").value, dead: $("dead").value,
      texture, high: $("hits-high").value,
    };
    let job;
    try {
      job = await hitsJobs.run("/api/poker/hits", asked, (d, t) => showProgress("hits-", d, t));
    } catch (error) {
      $("hits-progress-line").hidden = true;
      box.replaceChildren();
      $("hits-error").textContent = error.message;
      return;
    }
    if (job === null) return; // superseded: the newer question draws its own answer
    $("hits-progress-line").hidden = true;
    const answer = job.result;
    box.replaceChildren();
    const units = rules().two_card ? "combos" : "hands";
    const dead = answer.dead.length ? `, ${answer.dead.map((c) => c.code).join(" ")} dead` : "";
    const where = answer.boards > 1
      ? `over every ${answer.texture === "every flop" ? "flop" : `flop that is ${answer.texture}`}${dead} (${answer.boards.toLocaleString("en")} flops; ${answer.combos.toFixed(1)} live ${units} a flop on average)`
      : `on ${answer.board.map((c) => c.code).join(" ")}${dead}, ${(Math.round(answer.combos * 100) / 100).toLocaleString("en")} live ${units}`;
    box.append(el("p", "", `${answer.range}: ${where}; ${percent(answer.pair_or_better, 1)} make a pair or better.`));
    const scroller = el("div", "table-scroll");
    scroller.append(hitsTable("Made hand", answer.made, answer), hitsTable("Draw", answer.draws, answer));
    box.append(scroller);
    if (answer.hands.length) {
      const details = el("details");
      const unit = rules().two_card ? "combo" : "hand";
      details.append(el("summary", "", answer.listed > answer.hands.length
        ? `The first ${answer.hands.length.toLocaleString("en")} ${unit}s of ${answer.listed.toLocaleString("en")} (the table above counts them all)`
        : `Every ${unit} (${answer.hands.length})`));
      const list = el("ul", "hits-hands");
      for (const hand of answer.hands) {
        const item = el("li");
        const cards = el("span", "hole-cards");
        for (const card of hand.cards) cards.append(cardElement(card, "mini"));
        const weight = hand.weight === 1 ? "" : ` (weight ${hand.weight})`;
        item.append(cards, ` ${[hand.made, ...hand.draws].join(" + ")}${weight}`);
        list.append(item);
      }
      details.append(list);
      box.append(details);
    }
    announce(`${answer.range}: ${percent(answer.pair_or_better, 1)} pair or better`);
    // poker_narrow.js adds its tick boxes and its panel to the answer
    const detail = { answer, question: { game, range: asked.range, board: asked.board, dead: asked.dead }, player, twoCard: rules().two_card };
    document.dispatchEvent(new CustomEvent("poker:hits", { detail }));
  });

  // --- which hand wins --------------------------------------------------------------

  $("compare-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("compare-error").textContent = "";
    const box = $("compare-result");
    const current = compareQuestions.ask();
    try {
      const answer = await api("POST", "/api/poker/compare", { line: $("compare-line").value, game });
      if (!current()) return; // a later line, or another game, was asked since
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
      if (!current()) return;
      box.replaceChildren();
      $("compare-error").textContent = error.message;
    }
  });

  // --- the game ------------------------------------------------------------------------

  // Play another game: its deck in the card picker, its examples in the seats and the
  // comparison, its tools (the range grid is for two-card games; every other panel works
  // in each game); the last answers, and those still to come, are another game's: they go.
  function setGame(name) {
    game = name;
    window.clearTimeout(sliderTimer); // the slider's range was for the last game's grid
    forgetCalculation();
    hitsJobs.forget();
    compareQuestions.forget();
    rangeQuestions.forget();
    $("hits-progress-line").hidden = true;
    $("hits-result").replaceChildren();
    $("hits-error").textContent = "";
    $("equity-error").textContent = "";
    $("compare-error").textContent = "";
    const info = rules();
    $("equity-title").textContent = `${info.label} equity`;
    $("game-rules").textContent = info.rules;
    for (let i = 1; i <= players; i++) $("hole-" + i).value = EXAMPLES[game][i - 1] || "";
    for (const field of ["board", "dead"]) inputFor(field).value = "";
    if (!info.two_card) openGrid(null);
    rangePicker.reset(); // its deck's classes (short-deck: none below 6)
    $("equity-result").replaceChildren();
    lastResult = null;
    renderAnalysis();
    renderSeats();
    $("compare-line").value = LINES[game];
    $("compare-label").replaceChildren(
      "Two hands, ",
      el("code", "", "hand1 ; hand2"),
      info.two_card
        ? ", 5 to 7 cards each"
        : `, each its ${info.hole_cards} hole cards then the board (3 to 5 cards)`,
    );
    $("compare-result").replaceChildren();
  }

  for (const info of limits.games) {
    const option = el("option", "", info.label);
    option.value = info.name;
    $("game").append(option);
  }
  $("game").addEventListener("change", () => setGame($("game").value));

  renderSeats();
  $("game-rules").textContent = rules().rules;
})();
