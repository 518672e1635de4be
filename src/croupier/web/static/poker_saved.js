// The poker page's named ranges, in every game: the "Named ranges" tools under the
// players' boxes list the presets and the saved ranges of the game on show, from the
// server (/api/poker/ranges: on a person's own server the file `croupier poker ranges`
// keeps, on a shared one this browser's own); "For" picks the player (the one whose box
// or grid was used last); Load puts the chosen range in that player's box, Save keeps
// the box under a name, Delete forgets a saved one; Export downloads the saved ranges
// as text, Import adds a file of them. Any range box also takes a name as @name. Each
// option shows the name (and a short range's text); the hint below it the whole text
// and what a preset is. Ranges an older page kept in this browser's storage are moved
// to the server once.

const { api, el, announce } = croupier;
const $ = (id) => document.getElementById(id);
const page = croupier.pokerRanges; // poker.js's game, open grid and range reader
const OLD_KEY = "croupier.poker.ranges"; // where an older page kept hold'em ranges
const SHORT = 12; // a range text this long at most is shown in its option

let listed = { game: "holdem", saved: [], presets: [], kept: "session" };
let asked = 0; // the newest list asked for: an older answer (another game's) is dropped

async function load(chosen) {
  const mine = ++asked;
  try {
    const answer = await api("GET", "/api/poker/ranges?game=" + encodeURIComponent(page.game()));
    if (mine !== asked) return;
    listed = answer;
    render(chosen);
  } catch (error) {
    if (mine === asked) $("range-source").textContent = error.message;
  }
}

function group(label, ranges, kind) {
  const found = el("optgroup");
  found.label = label;
  for (const range of ranges) {
    const text = range.text || "random";
    // the name alone when the text is long: the hint below shows it whole
    const option = el("option", "", text.length <= SHORT ? `@${range.name}: ${text}` : `@${range.name}`);
    option.value = `${kind}:${range.name}`;
    option.title = `@${range.name}: ${text}`;
    found.append(option);
  }
  return found;
}

function render(chosen) {
  const select = $("saved-ranges");
  select.replaceChildren();
  if (listed.saved.length) {
    const where = listed.kept === "machine" ? "Saved on this machine" : "Saved for this browser";
    select.append(group(where, listed.saved, "saved"));
  }
  if (listed.presets.length) select.append(group("Presets", listed.presets, "preset"));
  if (chosen) select.value = chosen;
  select.dataset.game = listed.game || page.game(); // whose list it holds (tests wait on it)
  describe();
}

function chosenRange() {
  const value = $("saved-ranges").value;
  if (!value) return null;
  const [kind, name] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  const found = (kind === "saved" ? listed.saved : listed.presets).find((r) => r.name === name);
  return found ? { ...found, saved: kind === "saved" } : null;
}

function describe() {
  const chosen = chosenRange();
  const where = listed.kept === "machine"
    ? "Saved on this machine (croupier poker ranges uses it too)."
    : "Saved for this browser on this server.";
  $("range-source").textContent = !chosen
    ? "No named range for this game yet."
    : `@${chosen.name} = ${chosen.text || "random"}. ` +
      (chosen.saved ? where : chosen.about.charAt(0).toUpperCase() + chosen.about.slice(1) + ".");
  $("delete-range").disabled = !chosen || !chosen.saved;
  $("load-range").disabled = !chosen;
}

async function save() {
  const name = $("range-name").value.trim();
  const player = $("named-player").value;
  if (!name) {
    $("range-source").textContent = "Give the range a name first.";
    return;
  }
  const text = $("hole-" + player).value.trim() || "random";
  try {
    listed = await api("PUT", "/api/poker/ranges/" + encodeURIComponent(name), { game: page.game(), text });
  } catch (error) {
    $("range-source").textContent = error.message;
    return;
  }
  $("range-name").value = "";
  const kept = listed.saved.find((r) => r.name === name.replace(/^@/, "").toLowerCase());
  render(kept ? "saved:" + kept.name : null);
  announce(`Saved @${kept ? kept.name : name}`);
}

async function remove() {
  const chosen = chosenRange();
  if (!chosen || !chosen.saved) return;
  try {
    const path = `/api/poker/ranges/${encodeURIComponent(chosen.name)}?game=${encodeURIComponent(page.game())}`;
    listed = await api("DELETE", path);
  } catch (error) {
    $("range-source").textContent = error.message;
    return;
  }
  render();
  announce(`Deleted @${chosen.name}`);
}

// Ranges an older page kept in this browser (hold'em, by any name): each one the server
// takes is moved there; one it refuses (a name it does not read) stays, and is said.
async function moveOldRanges() {
  let old;
  try {
    old = JSON.parse(window.localStorage.getItem(OLD_KEY) || "null");
  } catch (error) {
    return;
  }
  if (!old || typeof old !== "object" || Array.isArray(old)) return;
  const left = {};
  for (const [name, text] of Object.entries(old)) {
    const asName = name.trim().toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^[^a-z]+/, "");
    try {
      await api("PUT", "/api/poker/ranges/" + encodeURIComponent(asName || "saved"), {
        game: "holdem",
        text: String(text || "random"),
      });
    } catch (error) {
      left[name] = text;
    }
  }
  if (Object.keys(left).length) {
    window.localStorage.setItem(OLD_KEY, JSON.stringify(left));
    $("range-source").textContent = `Not moved to the server: ${Object.keys(left).join(", ")}.`;
  } else {
    window.localStorage.removeItem(OLD_KEY);
  }
}

// Import: a file `croupier poker ranges export` (or Export) wrote, added to the saved ones.
async function importFile() {
  const input = $("import-ranges");
  const file = input.files && input.files[0];
  input.value = "";
  if (!file) return;
  try {
    listed = await api("POST", "/api/poker/ranges", { game: page.game(), text: await file.text() });
  } catch (error) {
    $("range-source").textContent = error.message;
    return;
  }
  render();
  announce(`Imported ${file.name}`);
}

$("saved-ranges").addEventListener("change", describe);
$("load-range").addEventListener("click", () => {
  const chosen = chosenRange();
  const player = Number($("named-player").value);
  if (!chosen || !player) return;
  if (page.twoCard()) {
    page.showRange(player, chosen.text); // read by the library: the grid follows
    return;
  }
  const box = $("hole-" + player);
  box.value = chosen.text;
  box.dispatchEvent(new Event("input", { bubbles: true })); // the card picker follows
  announce(`Player ${player}: @${chosen.name} loaded`);
});

// "For": one option a player's box, following the seats (players added or taken away,
// another game); the player whose box or grid was used last is chosen.
function renderPlayers() {
  const select = $("named-player");
  const was = select.value;
  const boxes = [...document.querySelectorAll("#seats input[id^='hole-']")];
  select.replaceChildren(...boxes.map((box) => {
    const option = el("option", "", `Player ${box.id.slice(5)}`);
    option.value = box.id.slice(5);
    return option;
  }));
  if ([...select.options].some((o) => o.value === was)) select.value = was;
}
function follow(player) {
  if (player !== null && player !== undefined) $("named-player").value = String(player);
}
new MutationObserver(renderPlayers).observe($("seats"), { childList: true });
renderPlayers();
$("seats").addEventListener("focusin", (event) => {
  if (event.target.id?.startsWith("hole-")) follow(event.target.id.slice(5));
});
$("seats").addEventListener("click", (event) => {
  if (event.target.closest(".grid-toggle")) follow(page.gridPlayer());
});
$("save-range").addEventListener("click", save);
$("delete-range").addEventListener("click", remove);
$("import-ranges").addEventListener("change", importFile);
$("game").addEventListener("change", () => load());

moveOldRanges().finally(() => load());
