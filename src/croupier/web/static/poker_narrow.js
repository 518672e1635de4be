// The poker page's narrowing (Flopzilla's main use): once "what a range hits" has
// answered on a board, tick the categories the player goes on with (made hands and
// draws) in its tables; the server narrows the range by them (the library's rule: a combo
// is kept when its made hand or any of its draws is ticked), the kept combos light up in
// a grid, and "Use as the range" puts the narrowed text in that player's range field for
// the next street. poker.js tells this module of each answer by a "poker:hits" event.

const { api, el, announce, watchJob, questions, count } = croupier; // croupier.js, a classic script
const $ = (id) => document.getElementById(id);

const asked = questions();
let running = null; // the job of the narrowing under way
let last = null; // the last hits answer drawn, with the question and the player
let narrowed = null; // the last narrowed range

function stop() {
  if (running !== null) api("DELETE", "/api/poker/jobs/" + running).catch(() => null);
  running = null;
}

// A tick box before each category's name (the name its label), in the row's heading.
function addTicks(box) {
  for (const name of box.querySelectorAll(".hits-table tbody th")) {
    const category = name.textContent;
    const tick = el("input");
    tick.type = "checkbox";
    tick.className = "narrow-keep";
    tick.value = category;
    tick.setAttribute("aria-label", `Keep ${category}`);
    tick.addEventListener("change", ask);
    name.prepend(tick, " ");
  }
}

function ticked() {
  return [...document.querySelectorAll("#hits-result .narrow-keep:checked")].map((t) => t.value);
}

// The panel under the tables: what is kept, the grid, the button.
function panel(player) {
  const box = el("section", "narrow");
  box.id = "narrow";
  box.setAttribute("aria-labelledby", "narrow-title");
  box.append(el("h3", "", "Narrow the range"));
  box.firstChild.id = "narrow-title";
  box.append(el("p", "hint", "Tick the made hands and draws the player goes on with: a combo "
    + "is kept when its made hand or any of its draws is ticked, at its weight."));
  const status = el("p", "narrow-status", "Nothing ticked yet.");
  status.id = "narrow-status";
  status.setAttribute("aria-live", "polite");
  const text = el("code", "narrow-text");
  text.id = "narrow-text";
  const use = el("button", "primary", `Use as the range of Player ${player}`);
  use.type = "button";
  use.id = "narrow-use";
  use.disabled = true;
  use.addEventListener("click", useIt);
  const error = el("p", "error");
  error.id = "narrow-error";
  error.setAttribute("role", "alert");
  const grid = el("div", "narrow-grid");
  grid.id = "narrow-grid";
  grid.setAttribute("role", "img");
  box.append(status, text, grid, use, error);
  return box;
}

function drawGrid(grid) {
  const box = $("narrow-grid");
  box.replaceChildren();
  if (!grid) return;
  box.style.setProperty("--size", String(grid.length));
  let held = 0;
  for (const row of grid) {
    for (const cell of row) {
      const share = cell.live ? cell.combos / cell.live : 0;
      const node = el("span", "narrow-cell" + (cell.combos > 0 ? " kept" : ""), cell.label);
      node.style.setProperty("--weight", String(share));
      node.title = `${cell.label}: ${cell.combos} of ${cell.live} live combos kept`;
      if (cell.combos > 0) held += 1;
      box.append(node);
    }
  }
  box.setAttribute("aria-label", `The classes kept: ${count(held, "class", "classes")} light up`);
}

// Narrow by the ticks (a job on the server: the library's rule); a newer tick supersedes.
async function ask() {
  if (last === null) return;
  const keep = ticked();
  const current = asked.ask();
  stop();
  $("narrow-error").textContent = "";
  if (!keep.length) {
    narrowed = null;
    $("narrow-status").textContent = "Nothing ticked yet.";
    $("narrow-text").textContent = "";
    $("narrow-use").disabled = true;
    drawGrid(null);
    return;
  }
  $("narrow-status").textContent = "Narrowing…";
  const { question } = last;
  let job;
  try {
    const started = await api("POST", "/api/poker/narrow", { ...question, keep });
    if (!current()) {
      api("DELETE", "/api/poker/jobs/" + started.job).catch(() => null);
      return;
    }
    running = started.job;
    job = await watchJob("/api/poker/jobs/" + started.job, () => null);
  } catch (error) {
    if (!current()) return;
    $("narrow-status").textContent = "";
    $("narrow-error").textContent = error.message;
    return;
  }
  if (!current()) return;
  running = null;
  narrowed = job.result;
  const unit = last.twoCard ? ["combo", "combos"] : ["hand", "hands"];
  const figure = (x) => String(Math.round(x * 100) / 100);
  const weighted = narrowed.weighted === narrowed.combos && narrowed.of_weighted === narrowed.of
    ? "" : ` (${figure(narrowed.weighted)} of ${figure(narrowed.of_weighted)} weighted)`;
  $("narrow-status").textContent = `Kept: ${count(narrowed.combos, ...unit)} of ${narrowed.of.toLocaleString("en")}${weighted}.`;
  $("narrow-text").textContent = narrowed.narrowed;
  drawGrid(narrowed.grid);
  const use = $("narrow-use");
  use.disabled = !narrowed.narrowed || !narrowed.fits;
  if (narrowed.narrowed && !narrowed.fits) {
    $("narrow-error").textContent = "Too many hands to write in a range field: tick fewer categories.";
  }
  announce(`Kept ${count(narrowed.combos, ...unit)}`);
}

// The narrowed text becomes the player's range: the calculator, the grid and the next
// question read it from there (deal the turn on the board and go on).
function useIt() {
  if (!narrowed || !narrowed.narrowed) return;
  const field = $("hole-" + last.player);
  field.value = narrowed.narrowed;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  $("narrow-status").textContent = `Player ${last.player}'s range is now the narrowed one: `
    + "deal the next card on the board and go on.";
  announce(`Player ${last.player}'s range narrowed`);
}

document.addEventListener("poker:hits", (event) => {
  asked.forget();
  stop();
  narrowed = null;
  const { answer, question, player, twoCard } = event.detail;
  if (answer.boards !== 1) {
    last = null;
    return; // over every flop: nothing to narrow on
  }
  last = { question, player, twoCard };
  const box = $("hits-result");
  addTicks(box);
  box.append(panel(player));
});

$("game").addEventListener("change", () => {
  asked.forget();
  stop();
  last = null;
  narrowed = null;
});
