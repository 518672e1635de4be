// The review of a Casino game as a replay: every position in order, the move played and
// (for your moves) the best move drawn on the table, the mark and the reason, and a graph
// of the points lost over the game; ◀ ▶ and the arrow keys step, a click on the graph
// jumps. The verdicts come from the server (croupier.casino.review): a fixed amount of
// search, the same on any machine.
"use strict";

(() => {
  const { api, el, cardElement, announce, watchJob, count } = croupier;
  const { buildElement } = casinoCards;
  const $ = (id) => document.getElementById(id);
  const initial = croupier.initialState() || {};
  let review = null;  // {summary, steps}
  let at = 0;         // the step shown
  const SVG = "http://www.w3.org/2000/svg";


  function mark(node, kind) {
    node.classList.add(kind);
    return node;
  }

  function renderStep() {
    const step = review.steps[at];
    const position = step.position;
    $("round-number").textContent = String(position.round);
    $("score-human").textContent = String(position.scores.human);
    $("score-computer").textContent = String(position.scores.computer);
    $("deck-size").textContent = String(position.deck);
    $("computer-pile").textContent = `pile: ${count(position.piles.computer.length, "card")}`;
    $("human-pile").textContent = `pile: ${count(position.piles.human.length, "card")}`;
    const played = new Set(step.move.items);
    const verdict = step.review;
    const better = verdict && !verdict.forced && (verdict.loss >= 0.1 || verdict.costs_tournament);
    const best = better && step.best && step.best.notation !== step.move.notation ? step.best : null;
    const bestItems = new Set(best ? best.items : []);
    const table = $("table-items");
    table.replaceChildren();
    position.table.forEach((item, index) => {
      const face = item.kind === "card" ? cardElement(item.card) : buildElement(item);
      const box = el("span", "replay-item");
      box.append(face);
      if (played.has(index)) mark(box, "played");
      if (bestItems.has(index)) mark(box, "best");
      table.append(box);
    });
    if (!position.table.length) table.append(el("span", "note", "The table is empty."));
    const backs = $("computer-hand");
    backs.replaceChildren();
    if (step.player === "computer") {
      const shown = el("span", "replay-item played");
      shown.append(cardElement(step.move.card_view));
      backs.append(shown);
      for (let i = 1; i < position.computer_hand; i += 1) backs.append(el("span", "card back"));
    } else {
      for (let i = 0; i < position.computer_hand; i += 1) backs.append(el("span", "card back"));
    }
    const hand = $("hand");
    hand.replaceChildren();
    position.hand.forEach((card, index) => {
      const box = el("span", "replay-item");
      box.append(cardElement(card));
      const code = position.hand_keys[index];
      if (step.player === "human" && code === step.move.card) mark(box, "played");
      if (best && code === best.card) mark(box, "best");
      hand.append(box);
    });
    $("step-counter").textContent = `${at + 1} / ${review.steps.length}`;
    $("step-where").textContent = `round ${step.round}, move ${step.number}`;
    renderVerdict(step, best);
    for (const dot of document.querySelectorAll("#graph .dot")) {
      dot.classList.toggle("current", Number(dot.dataset.step) === at);
    }
    $("first").disabled = $("previous").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === review.steps.length - 1;
  }

  function renderVerdict(step, best) {
    const box = $("verdict");
    box.replaceChildren();
    const who = step.player === "human" ? "You play" : "The computer plays";
    const line = el("div", "move-line");
    line.append(el("strong", null, who + " "), cardElement(step.move.card_view, "mini"),
      document.createTextNode(`: ${step.move.text} (${step.move.notation}).`));
    box.append(line);
    const verdict = step.review;
    if (!verdict) return;
    const judged = el("div", "judged");
    if (verdict.forced) {
      judged.textContent = "The only legal move.";
    } else if (verdict.played === verdict.best) {
      judged.append(el("strong", "mark-best", "Best move"));
    } else if (verdict.is_best) {
      // Not the judge's pick, but not clearly worse: say against what, and by how little.
      const pick = `${best ? best.text : verdict.best_text} (${verdict.best})`;
      judged.append(el("strong", "mark-best", "As good as the best"), document.createTextNode(
        verdict.loss > 0 ? `: ${lossText(verdict)} points behind ${pick}, within the judge's margin.` : `, like ${pick}.`));
    } else {
      judged.append(el("strong", verdict.mark ? "mark-" + verdict.mark : null, verdict.mark || "Playable"),
        document.createTextNode(`: ${lossText(verdict)} points lost. Best: ${best ? best.text : verdict.best_text} (${verdict.best}).`));
    }
    const notes = [];
    if (verdict.exact) notes.push("exact: every card known");
    else if (verdict.deals) notes.push(`averaged over ${verdict.deals} sampled deals`);
    if (verdict.costs_tournament) notes.push("it gives up the tournament");
    if (notes.length) judged.append(el("span", "note", ` (${notes.join("; ")})`));
    box.append(judged);
    if (!verdict.forced) box.append(el("div", "why", "Why: " + verdict.reason + "."));
    announce(box.textContent);
  }

  function lossText(verdict) {
    // The loss with its standard error as the terminal writes it ("0.63 ± 0.08"; an
    // exact loss has none): written by the server, so the two never round apart.
    return verdict.loss_text;
  }

  function renderSummary() {
    const summary = review.summary;
    const accuracy = summary.accuracy === null ? "–" : Math.round(100 * summary.accuracy) + "%";
    const list = el("dl", "summary-list");
    const asGood = review.steps.filter((step) => step.review && !step.review.forced && step.review.is_best).length;
    for (const [term, value] of [
      ["Accuracy", `${accuracy} (${asGood} of ${count(summary.moves - summary.forced, "move")} as good as the best; ${summary.forced} forced)`],
      ["Points lost", `${summary.points_lost.toFixed(2)}, ${summary.points_lost_per_round === null ? "–" : summary.points_lost_per_round.toFixed(2)} per round`],
      ["Inaccuracies", String(summary.inaccuracies)],
      ["Blunders", String(summary.blunders)],
    ]) {
      list.append(el("dt", null, term), el("dd", null, value));
    }
    $("summary").replaceChildren(list);
    $("summary-panel").hidden = false;
  }

  function renderGraph() {
    const mine = review.steps.map((step, index) => ({ step, index })).filter((entry) => entry.step.review);
    const width = 560, height = 150, pad = 22, top = 3;  // losses of 3 points or more at the bottom
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Points lost by each of your moves");
    const x = (i) => pad + (mine.length > 1 ? (i * (width - 2 * pad)) / (mine.length - 1) : (width - 2 * pad) / 2);
    const y = (loss) => pad + (Math.min(loss, top) * (height - 2 * pad)) / top;
    for (const [loss, label] of [[0, "0"], [0.5, ""], [1.5, "1.5"], [3, "3+"]]) {
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", pad); line.setAttribute("x2", width - pad);
      line.setAttribute("y1", y(loss)); line.setAttribute("y2", y(loss));
      line.setAttribute("class", "grid");
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("x", 2); text.setAttribute("y", y(loss) + 4);
      text.textContent = label;
      svg.append(line, text);
    }
    let path = "";
    let round = null;
    mine.forEach((entry, i) => {
      if (entry.step.round !== round) {
        round = entry.step.round;
        const line = document.createElementNS(SVG, "line");
        line.setAttribute("x1", x(i) - 3); line.setAttribute("x2", x(i) - 3);
        line.setAttribute("y1", pad - 10); line.setAttribute("y2", height - pad + 6);
        line.setAttribute("class", "round-line");
        svg.append(line);
      }
      path += `${i ? "L" : "M"}${x(i).toFixed(1)},${y(entry.step.review.loss).toFixed(1)}`;
    });
    const trace = document.createElementNS(SVG, "path");
    trace.setAttribute("d", path);
    trace.setAttribute("class", "trace");
    svg.append(trace);
    mine.forEach((entry, i) => {
      // The whisker spans the loss ± 2 standard errors: a move is marked only when all of
      // it lies past a threshold's line, and counts as good as the best when its lower end
      // is under 0.1.
      const verdict = entry.step.review;
      const spread = verdict.error === null ? top : 2 * verdict.error;
      if (spread > 0 && !verdict.forced) {
        const whisker = document.createElementNS(SVG, "line");
        whisker.setAttribute("x1", x(i)); whisker.setAttribute("x2", x(i));
        whisker.setAttribute("y1", y(Math.max(0, verdict.loss - spread)));
        whisker.setAttribute("y2", y(verdict.loss + spread));
        whisker.setAttribute("class", "whisker");
        svg.append(whisker);
      }
    });
    mine.forEach((entry, i) => {
      const verdict = entry.step.review;
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", x(i)); dot.setAttribute("cy", y(verdict.loss));
      dot.setAttribute("r", verdict.mark ? 6 : 4);
      dot.setAttribute("class", "dot " + (verdict.mark ? "mark-" + verdict.mark : verdict.is_best ? "best" : "ok"));
      dot.dataset.step = String(entry.index);
      dot.setAttribute("tabindex", "0");
      const title = document.createElementNS(SVG, "title");
      const judged = verdict.mark || (verdict.forced ? "forced" : verdict.is_best ? "as good as the best" : "playable");
      title.textContent = `Round ${entry.step.round}, move ${entry.step.number}: ${entry.step.move.notation}, ${lossText(verdict)} lost, ${judged}`;
      dot.append(title);
      dot.addEventListener("click", () => go(entry.index));
      dot.addEventListener("keydown", (event) => { if (event.key === "Enter") go(entry.index); });
      svg.append(dot);
    });
    $("graph").replaceChildren(svg);
  }

  function go(index) {
    if (!review) return;
    at = Math.max(0, Math.min(review.steps.length - 1, index));
    renderStep();
  }

  function nextMarked(direction) {
    for (let i = at + direction; i >= 0 && i < review.steps.length; i += direction) {
      const verdict = review.steps[i].review;
      if (verdict && verdict.mark) return go(i);
    }
  }

  let started = 0; // the newest review asked for: an older one that ends later is dropped

  async function start(body) {
    const mine = ++started;
    document.body.dataset.reviewed = "false";
    $("review-error").textContent = "";
    $("review-progress").textContent = "Reviewing…";
    try {
      const job = await api("POST", "/api/casino/review", body);
      const done = await watchJob("/api/casino/jobs/" + job.job, (finished, total) => {
        if (mine === started) $("review-progress").textContent = `Reviewing: ${finished} of ${total} rounds done…`;
      });
      if (mine !== started) return;
      review = done.result;
      $("review-progress").textContent = `${count(review.steps.length, "move")}, ${review.summary.moves} of them yours, reviewed.`;
      renderSummary();
      renderGraph();
      go(0);
      document.body.dataset.reviewed = "true";
    } catch (error) {
      if (mine !== started) return;
      $("review-progress").textContent = "";
      $("review-error").textContent = error.message + ".";
      announce(error.message);
    }
  }

  $("first").addEventListener("click", () => go(0));
  $("previous").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(review.steps.length - 1));
  // A shared table's game (/casino/review?table=ID): the review of this browser's moves.
  const shared = new URLSearchParams(window.location.search).get("table");
  $("review-table").addEventListener("click", () => start(shared ? { table: shared } : {}));
  $("review-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) await start({ text: await file.text(), name: file.name });
    event.target.value = "";
  });
  document.addEventListener("keydown", (event) => {
    if (!review || event.target.closest("input, select, textarea")) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: review.steps.length - 1 };
    if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
    else if (event.key === "n") nextMarked(1);
    else if (event.key === "p") nextMarked(-1);
  });
  $("review-table").disabled = !initial.seated && !shared;
  if (shared) start({ table: shared });
  else if (initial.seated) start({});
  document.body.dataset.ready = "true";
})();
