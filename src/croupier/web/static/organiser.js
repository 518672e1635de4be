// The organiser's page: the shared tables and who sits where, the Casino standings,
// everyone's puzzle rating and counting drills; read again every few seconds.
"use strict";

(() => {
  const { api, el, percent, count } = croupier;
  const $ = (id) => document.getElementById(id);
  const REFRESH_MS = 5000;
  let state = croupier.initialState();

  function row(cells, classes) {
    const tr = el("tr");
    cells.forEach((cell, i) => {
      const td = el("td", classes && classes[i] ? classes[i] : null);
      if (cell instanceof Node) td.append(cell); else td.textContent = cell;
      tr.append(td);
    });
    return tr;
  }

  function fill(id, rows, empty, columns) {
    const body = $(id);
    // Each cell carries its column's name: on a phone a row is drawn as a list of
    // "name value" lines (croupier.css), the columns not fitting side by side.
    const names = [...body.closest("table").querySelectorAll("thead th")].map((th) => th.textContent);
    rows.forEach((tr) => [...tr.children].forEach((td, i) => { td.dataset.label = names[i]; }));
    body.replaceChildren(...rows);
    if (!rows.length) {
      const tr = el("tr");
      const td = el("td", "note", empty);
      td.colSpan = columns;
      tr.append(td);
      body.append(tr);
    }
  }

  function render() {
    fill("tables", state.tables.map((t) => {
      const link = el("a", null, t.title);
      link.href = t.path;
      const where = t.kind === "casino" && t.scores ? `${t.status}, ${t.scores.join(" to ")}` : t.status;
      return row([link, t.kind === "casino" ? "Casino" : "Baccarat", where, t.players.join(", ") || "–", String(t.watchers)],
        [null, null, null, null, "num"]);
    }), "No shared table yet.", 5);
    fill("standings", state.standings.map((s) => row([s.name, String(s.played), String(s.won), String(s.lost),
      String(s.tied), String(s.points_for), String(s.points_against)], [null, "num", "num", "num", "num", "num", "num"])),
    "No tournament between people has ended yet.", 7);
    fill("people", state.people.map((p) => row([p.name, p.tables.join(", ") || "–",
      p.puzzle_rating === null ? "–" : `${p.puzzle_rating} ± ${p.puzzle_deviation}`,
      `${p.puzzles_solved} of ${p.puzzles_tried}`, String(p.drills),
      p.drill_accuracy === null ? "–" : percent(p.drill_accuracy, 0)], [null, null, "num", "num", "num", "num"])),
    "Nobody has given a name yet.", 6);
    const s = state.server;
    $("server-figures").textContent = `${count(s.sessions, "browser")} known, ${count(s.games, "game")} kept, `
      + `${(s.data_bytes / 1024).toFixed(0)} KiB of game data, ${count(s.tables, "shared table")}.`;
  }

  async function refresh() {
    try {
      state = await api("GET", "/api/organiser");
      render();
      $("organiser-note").textContent = `Up to date at ${new Date().toLocaleTimeString()}.`;
    } catch (error) {
      $("organiser-note").textContent = `Not up to date: ${error.message}.`;
    }
  }

  render();
  window.setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
  document.body.dataset.ready = "true";
})();
