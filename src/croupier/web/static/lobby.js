// The lobby's tables people share: open one (Casino against a person, a Baccarat shoe
// for the room), and the list of open tables to join or watch, kept up to date.
"use strict";

(() => {
  const { api, el, announce, count } = croupier;
  const $ = (id) => document.getElementById(id);
  const REFRESH_MS = 4000;

  function showError(message) {
    $("tables-error").textContent = message || "";
    if (message) announce(message);
  }

  function entry(table) {
    const item = el("li", `table-entry kind-${table.kind}`);
    item.dataset.id = table.id;
    const what = table.kind === "casino" ? "Casino" : "Baccarat";
    item.append(el("span", "table-kind", what), el("strong", "table-title", table.title));
    const status = table.kind === "casino"
      ? { waiting: "waiting for a player", playing: `round ${table.round || 1}`, over: "over" }[table.status]
      : `${count(table.players.length, "player")}${table.status === "betting" ? ", betting" : ""}`;
    item.append(el("span", "note", ` ${status}`));
    const links = el("span", "table-links");
    if (table.seats_free > 0 && table.status !== "over") {
      const join = el("a", "button primary", table.kind === "casino" ? "Join" : "Sit down");
      join.href = table.path;
      links.append(join);
    }
    const watch = el("a", "button", "Watch");
    watch.href = table.path;
    links.append(watch);
    item.append(links);
    return item;
  }

  async function refresh() {
    try {
      const answer = await api("GET", "/api/tables");
      const list = $("table-list");
      list.replaceChildren(...answer.tables.map(entry));
      if (!answer.tables.length) list.append(el("li", "note", "No table yet: open one."));
      document.body.dataset.tables = String(answer.tables.length);
    } catch (error) {
      showError(`The list of tables could not be read: ${error.message}.`);
    }
  }

  $("casino-name").value = window.localStorage.getItem("croupier-name") || "";
  $("open-casino").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    const name = $("casino-name").value.trim();
    window.localStorage.setItem("croupier-name", name);
    try {
      const table = await api("POST", "/api/casino/tables", {
        name,
        call: event.submitter && event.submitter.value === "tails" ? "tails" : "heads",
      });
      window.location.assign(table.path);
    } catch (error) {
      showError(error.message);
    }
  });

  $("open-baccarat").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("");
    try {
      // "payouts:commission" (the lab's table has no commission to choose)
      const [payouts, commission] = $("baccarat-table").value.split(":");
      const table = await api("POST", "/api/baccarat/tables", {
        title: $("baccarat-title").value.trim() || "Baccarat",
        window: Number($("baccarat-window").value),
        payouts,
        commission: commission || null,
        tie_pays: payouts === "lab" ? null : Number($("baccarat-tie").value),
      });
      window.location.assign(table.path);
    } catch (error) {
      showError(error.message);
    }
  });

  refresh();
  window.setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  document.body.dataset.ready = "true";
})();
