// The poker page's 13x13 range grid, as Equilab's and Flopzilla's: pairs on the
// diagonal, suited hands above, offsuit below; press or drag to paint classes with the
// brush's weight (100, 75, 50 or 25%, or erase); the suit picker below the grid holds the
// combos of the hand in focus (which suits of a suited hand, which suit combinations of a
// pair or an offsuit hand). A class partly in (a weight, some suits, some combos out of
// play) is filled that far and shows how many of its combos are held.
//
// The grid never reads range text itself: each change is written as tokens the library
// reads (AKs@50, AhKh, AhKh@0) after the player's text, and /api/poker/range gives back
// the short form, each combo's weight and the combos the board and dead cards put out.

const { api, el, announce, count } = croupier;

const RANKS = "AKQJT98765432"; // the grid's order: aces first
const SUITS = ["s", "h", "d", "c"]; // the suit picker's rows and columns

/**
 * The range grid of the page, drawn in ``#range-grid`` with its suit picker.
 *
 * options: ``notation`` (the page's card notation: the grid's labels and names, each
 * class's combos, the cards' names), ``asked`` (the page's numbered range questions: an
 * answer to an older one is dropped), ``player()`` (the player whose grid is open, or
 * null), ``game()``, ``lowestRank()`` (the deck's lowest rank: short-deck's grid has no
 * class below 6), ``out()`` (the board and dead cards' text), ``changed()`` (called once
 * the player's text was rewritten).
 */
export function rangeGrid(options) {
  const { notation, asked } = options;
  const $ = (id) => document.getElementById(id);
  const names = {}; // card code -> "ace of hearts"
  for (const row of notation.picker) for (const card of row) names[card.code] = card.name;
  let answer = null; // the library's last reading of the open player's range
  let outSet = new Set();
  let focusLabel = "AA"; // the hand in focus: its suits are in the picker
  let ranks = 0; // how many ranks the grid drawn shows (13; short-deck 9)
  const cells = new Map(); // label -> its button
  let soon = null;

  const input = (player) => $("hole-" + player);
  const brush = () => document.querySelector("input[name=grid-brush]:checked")?.value || "100";
  // The weight a press paints with (the suits-only brush and erasing aside): 0 to 1.
  const paintWeight = () => (brush() === "suits" ? 1 : Number(brush()) / 100);
  const place = (label) => {
    for (let row = 0; row < 13; row++) {
      for (let col = 0; col < 13; col++) if (notation.grid[row][col][0] === label) return [row, col];
    }
    return null;
  };

  // --- the class's state, from the library's answer ------------------------------------

  // A class's combos with their weight and whether a card of theirs is out of play.
  function combosOf(row, col) {
    const random = !answer || answer.random;
    return notation.combos[row][col].map((combo) => ({
      combo,
      weight: random ? 0 : answer.weights[combo] || 0,
      out: outSet.has(combo),
    }));
  }

  function stateOf(row, col) {
    const combos = combosOf(row, col);
    const live = combos.filter((c) => !c.out);
    const held = live.filter((c) => c.weight > 0);
    const weights = [...new Set(held.map((c) => c.weight))].sort((a, b) => a - b);
    return {
      combos,
      size: combos.length,
      held: held.length,
      out: combos.length - live.length,
      share: held.reduce((sum, c) => sum + c.weight, 0) / combos.length,
      weights,
      whole: (weight) => combos.every((c) => c.weight === weight),
    };
  }

  const pct = (weight) => `${Math.round(100 * weight)}%`;

  // "AKs: 2 of 4 combos at 50%; 1 out (board or dead cards)"
  function describe(label, state) {
    let text = `${label}: ${state.held} of ${count(state.size, "combo")}`;
    if (state.weights.length === 1 && state.weights[0] < 1) text += ` at ${pct(state.weights[0])}`;
    if (state.weights.length > 1) text += ` at ${pct(state.weights[0])} to ${pct(state.weights.at(-1))}`;
    if (state.out) text += `; ${state.out} out (board or dead cards${state.out === state.size ? ", or not in the deck" : ""})`;
    return text;
  }

  // --- drawing -------------------------------------------------------------------------

  function build() {
    const shown = 15 - options.lowestRank(); // the ranks from the ace down: short-deck's 9
    if (shown === ranks) return;
    ranks = shown;
    const grid = $("range-grid");
    grid.replaceChildren();
    grid.style.setProperty("--ranks", String(shown));
    cells.clear();
    for (let row = 0; row < shown; row++) {
      for (let col = 0; col < shown; col++) {
        const [label] = notation.grid[row][col];
        const kind = row === col ? " cell-pair" : row < col ? " cell-suited" : " cell-offsuit";
        const cell = el("button", "range-cell" + kind, label);
        cell.type = "button";
        cell.dataset.hand = label;
        cell.tabIndex = -1;
        cell.addEventListener("click", (event) => {
          // a pointer's press was handled as it happened (see startDrag); a key's is here
          if (event.detail === 0) press(label);
        });
        cell.addEventListener("pointerdown", (event) => startDrag(cell, event));
        cell.addEventListener("keydown", (event) => onKey(event, row, col));
        cell.addEventListener("focus", () => select(label));
        grid.append(cell);
        cells.set(label, cell);
      }
    }
    if (!cells.has(focusLabel)) focusLabel = "AA";
  }

  function paint() {
    build();
    const player = options.player();
    if (player === null || !answer) return;
    const title = answer.random
      ? `Player ${player}'s range is empty: a random hand (any two cards, all 1,326 combos).`
      : `Player ${player}'s range: ${count(answer.combos, "combo")}` + liveText() + ".";
    $("range-picker-title").textContent = title;
    for (const [label, cell] of cells) {
      const [row, col] = place(label);
      const state = stateOf(row, col);
      const words = notation.grid[row][col][1];
      cell.style.setProperty("--weight", String(state.share));
      cell.dataset.weight = String(state.share);
      cell.classList.toggle("in", state.held > 0);
      cell.classList.toggle("low", state.share < 0.6); // the label stays on the unfilled part
      cell.classList.toggle("partial", state.held > 0 && state.held < state.size);
      cell.classList.toggle("dead", state.out === state.size);
      cell.classList.toggle("selected", label === focusLabel);
      cell.tabIndex = label === focusLabel ? 0 : -1;
      if (state.held > 0 && state.held < state.size) cell.dataset.count = `${state.held}/${state.size}`;
      else delete cell.dataset.count;
      const whole = state.held === state.size && state.weights.length === 1 && state.weights[0] === 1;
      cell.setAttribute("aria-pressed", whole ? "true" : state.held > 0 ? "mixed" : "false");
      cell.title = describe(label, state);
      cell.setAttribute("aria-label", `${label}, ${words}, ${describe(label, state).slice(label.length + 2)}`);
    }
    drawSuits();
  }

  function liveText() {
    if (!outSet.size) return "";
    const live = Object.keys(answer.weights).filter((c) => !outSet.has(c)).length;
    return `, ${live} live with the board and dead cards out`;
  }

  // The suit picker: the hand in focus, its combos in a 4x4 table of suits (the first
  // card's suit by row, the second's by column): a suited hand on the diagonal, an
  // offsuit hand off it, a pair above it.
  function drawSuits() {
    const box = $("suit-picker");
    const where = place(focusLabel);
    if (!box || !where) return;
    const [row, col] = where;
    const state = stateOf(row, col);
    $("suit-picker-title").textContent = describe(focusLabel, state);
    const table = $("suit-table");
    table.replaceChildren();
    const byPlace = {};
    for (const c of state.combos) byPlace[c.combo[1] + c.combo[3]] = c;
    table.append(el("span", "suit-corner", `${focusLabel[0]} \\ ${focusLabel[1]}`));
    for (const suit of SUITS) table.append(suitHead(suit));
    for (const first of SUITS) {
      table.append(suitHead(first));
      for (const second of SUITS) {
        const c = byPlace[first + second];
        if (!c) {
          table.append(el("span", "suit-none"));
          continue;
        }
        const button = el("button", "suit-combo", c.combo);
        button.type = "button";
        button.dataset.combo = c.combo;
        button.style.setProperty("--weight", String(c.out ? 0 : c.weight));
        button.classList.toggle("in", c.weight > 0 && !c.out);
        button.classList.toggle("low", c.weight < 0.6);
        button.classList.toggle("dead", c.out);
        button.setAttribute("aria-pressed", c.weight >= 1 ? "true" : c.weight > 0 ? "mixed" : "false");
        const cards = `${names[c.combo.slice(0, 2)]} and ${names[c.combo.slice(2)]}`;
        const state = c.out ? ", out: a card of it is on the board or dead" : c.weight > 0 ? `, in${c.weight < 1 ? ` at ${pct(c.weight)}` : ""}` : ", not in";
        button.setAttribute("aria-label", `${c.combo}, ${cards}${state}`);
        button.title = button.getAttribute("aria-label");
        button.addEventListener("click", () => toggleCombo(c));
        button.addEventListener("keydown", (event) => {
          if (event.key === "Escape") { event.preventDefault(); cells.get(focusLabel)?.focus(); }
        });
        table.append(button);
      }
    }
  }

  function suitHead(suit) {
    const card = notation.picker.flat().find((c) => c.code[1] === suit);
    const head = el("span", "suit-head " + (card.red ? "red" : "black"), card.suit);
    head.setAttribute("aria-hidden", "true");
    return head;
  }

  function select(label) {
    if (label === focusLabel) return;
    const last = cells.get(focusLabel);
    if (last) { last.tabIndex = -1; last.classList.remove("selected"); }
    focusLabel = label;
    const cell = cells.get(label);
    cell.tabIndex = 0;
    cell.classList.add("selected");
    drawSuits();
  }

  // --- the keyboard: arrows move, Enter and Space paint, S goes to the suits ---------------

  function onKey(event, row, col) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const [dr, dc] = moves[event.key];
      const r = Math.min(ranks - 1, Math.max(0, row + dr));
      const c = Math.min(ranks - 1, Math.max(0, col + dc));
      cells.get(notation.grid[r][c][0]).focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const c = event.key === "Home" ? 0 : ranks - 1;
      cells.get(notation.grid[row][c][0]).focus();
    } else if (event.key === "s" || event.key === "S") {
      event.preventDefault();
      $("suit-table").querySelector("button:not(.dead)")?.focus();
    }
  }

  // --- painting --------------------------------------------------------------------------

  // What a press on a class does with the brush: paint the class at the brush's weight, or
  // take it out when it is wholly at that weight already (or the brush erases).
  function stroke(label) {
    if (brush() === "suits") return null;
    const [row, col] = place(label);
    const weight = paintWeight();
    return weight > 0 && !stateOf(row, col).whole(weight) ? weight : 0;
  }

  function token(text, weight) {
    return weight === 1 ? text : `${text}@${Math.round(100 * weight)}`;
  }

  function press(label) {
    select(label);
    const weight = stroke(label);
    if (weight === null) return;
    write([token(label, weight)], label);
  }

  function toggleCombo(c) {
    const weight = c.weight > 0 ? 0 : brush() === "0" || brush() === "suits" ? 1 : paintWeight();
    write([token(c.combo, weight)], focusLabel, c.combo);
  }

  // Press a hand and drag across others: the first hand decides the weight they all get
  // (the brush's, or 0 when it was wholly at it); the library reads the change once, at
  // the release.
  let drag = null;
  function startDrag(cell, event) {
    if (event.button !== 0) return;
    event.preventDefault();
    cell.releasePointerCapture?.(event.pointerId);
    select(cell.dataset.hand);
    cell.focus({ preventScroll: true });
    const weight = stroke(cell.dataset.hand);
    if (weight === null) return; // the suits-only brush: the press only shows the suits
    drag = { weight, labels: new Set() };
    touch(cell);
  }

  function touch(cell) {
    if (!drag || !cell || !cell.dataset.hand || drag.labels.has(cell.dataset.hand)) return;
    drag.labels.add(cell.dataset.hand);
    cell.style.setProperty("--weight", String(drag.weight));
  }

  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    touch(under && under.closest ? under.closest("#range-grid .range-cell") : null);
  });
  document.addEventListener("pointerup", () => {
    if (!drag) return;
    const { weight, labels } = drag;
    drag = null;
    write([...labels].map((label) => token(label, weight)), focusLabel);
  });
  document.addEventListener("pointercancel", () => { drag = null; refresh(); });

  // The player's text with ``tokens`` after it, read by the library and written back in
  // its short form.
  function write(tokens, label, combo) {
    const player = options.player();
    if (player === null) return;
    const text = input(player).value.trim();
    show(player, [text, ...tokens].filter(Boolean).join(", "), label, combo);
  }

  // --- the library's reading ----------------------------------------------------------

  async function read(text) {
    return api("POST", "/api/poker/range", { text, out: options.out(), game: options.game() });
  }

  // Read ``text`` as the player's range: the box gets the library's short form back and
  // the grid is drawn again (the cell, or the suit picker's combo, keeps the focus).
  async function show(player, text, label, combo) {
    window.clearTimeout(soon); // the typing's redraw to come: this reading is newer
    const current = asked.ask();
    let found;
    try {
      found = await read(text);
      if (!current()) return;
      input(player).value = found.random ? "" : found.range;
      $("equity-error").textContent = "";
    } catch (error) {
      if (!current()) return;
      $("equity-error").textContent = `player ${player}: ${error.message}`;
      refresh();
      return;
    }
    options.changed();
    if (options.player() !== player) return;
    take(found);
    if (label) select(label);
    paint();
    if (combo) $("suit-table").querySelector(`[data-combo="${combo}"]`)?.focus();
    else if (label) cells.get(label)?.focus();
    announce(`Player ${player}: ${found.random ? "a random hand" : count(found.combos, "combo")}`);
  }

  // Draw the open player's range as its text reads now (``quiet``: a text being typed may
  // not read yet; the grid then stays as it was, without an error).
  async function refresh(quiet) {
    const player = options.player();
    if (player === null) return;
    const current = asked.ask();
    let found;
    try {
      found = await read(input(player).value);
      if (!current()) return;
      $("equity-error").textContent = "";
    } catch (error) {
      if (current() && !quiet) $("equity-error").textContent = `player ${player}: ${error.message}`;
      return;
    }
    take(found);
    paint();
  }

  function take(found) {
    answer = found;
    outSet = new Set(found.out);
  }

  // Typing (in a player's box, the board or the dead cards): the grid follows once the
  // typing pauses.
  function typed() {
    window.clearTimeout(soon);
    soon = window.setTimeout(() => refresh(true), 300);
  }

  return {
    refresh,
    show,
    typed,
    /** The game changed: the grid is drawn again with its deck's classes. */
    reset() { ranks = 0; answer = null; window.clearTimeout(soon); },
  };
}
