// The review of a Casino game as a replay: every position in order, the move played and
// (for your moves) the best move drawn on the table, the mark and the reason, and a graph
// of the points lost over the game; ◀ ▶ and the arrow keys step, a click on the graph
// jumps; N and P (and the "mistake" buttons) jump to the next and previous mistake. The
// verdicts come from the server (croupier.casino.review): a fixed amount of search, the
// same on any machine.
//
// Learn from your mistakes: each marked move in turn as an exercise on the table, the
// move put together with the table's picker (casino_picker.js); the server's judge rates
// each answer (croupier.casino.learn, in a job): as good as the best solves it, and the
// reason is shown; else "try again", with what the move lost.
"use strict";

(() => {
  const { api, el, cardElement, announce, watchJob, count } = croupier;
  const { buildElement } = casinoCards;
  const $ = (id) => document.getElementById(id);
  const initial = croupier.initialState() || {};
  let review = null;  // {summary, steps}
  let at = 0;         // the step shown
  const SVG = "http://www.w3.org/2000/svg";
  const picker = casinoPicker.create({
    tableZone: $("table-items"),
    handZone: $("hand"),
    legal: () => learnLegal(),
    itemName,
    changed: () => drawExercise(),
  });


  function mark(node, kind) {
    node.classList.add(kind);
    return node;
  }

  function itemName(item) {
    if (item.kind === "card") return item.card.name;
    return `build of ${item.value} (${item.owner === "human" ? "yours" : "the computer's"}): ${item.text}`;
  }

  function drawMeters(position) {
    $("round-number").textContent = String(position.round);
    $("score-human").textContent = String(position.scores.human);
    $("score-computer").textContent = String(position.scores.computer);
    $("deck-size").textContent = String(position.deck);
    $("computer-pile").textContent = `pile: ${count(position.piles.computer.length, "card")}`;
    $("human-pile").textContent = `pile: ${count(position.piles.human.length, "card")}`;
  }

  function renderStep() {
    const step = review.steps[at];
    const position = step.position;
    drawMeters(position);
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
    $("previous-mistake").disabled = marked(-1) === null;
    $("next-mistake").disabled = marked(1) === null;
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

  /** The step of the next (``direction`` 1) or previous (-1) mistake, or null. */
  function marked(direction) {
    for (let i = at + direction; i >= 0 && i < review.steps.length; i += direction) {
      const verdict = review.steps[i].review;
      if (verdict && verdict.mark) return i;
    }
    return null;
  }

  function nextMarked(direction) {
    const found = review && !learning ? marked(direction) : null;
    if (found !== null) go(found);
  }

  // --- learn from your mistakes -----------------------------------------------------

  let source = null;     // the game reviewed, as the review was asked for
  let learning = null;   // {steps: [step index of each exercise], at, state, solved}
  let asked = 0;         // the newest answer asked for: an older one that ends later is dropped

  function exerciseSteps() {
    return review.steps.map((step, index) => (step.exercise ? index : null)).filter((i) => i !== null);
  }

  function learnLegal() {
    if (!learning || learning.state !== "trying") return [];
    return review.steps[learning.steps[learning.at]].exercise.legal;
  }

  function startLearning() {
    const steps = exerciseSteps();
    if (!steps.length) return;
    learning = { steps, at: 0, state: "trying", solved: 0 };
    $("review-zone").hidden = $("replay-legend").hidden = true;
    $("learn-zone").hidden = false;
    document.body.dataset.learning = "true";
    showExercise();
  }

  function stopLearning() {
    asked += 1;  // an answer on its way is dropped
    const back = learning ? learning.steps[Math.min(learning.at, learning.steps.length - 1)] : at;
    learning = null;
    picker.clear();
    $("learn-zone").hidden = true;
    $("review-zone").hidden = $("replay-legend").hidden = false;
    document.body.dataset.learning = "false";
    drawExercise();
    go(back);
  }

  function showExercise() {
    asked += 1;
    picker.clear();
    learning.state = "trying";
    const index = learning.steps[learning.at];
    const step = review.steps[index];
    at = index;
    $("learn-progress").textContent = `Exercise ${learning.at + 1} of ${learning.steps.length}`;
    $("learn-task").textContent = step.exercise.task;
    $("learn-result").replaceChildren();
    $("step-where").textContent = `round ${step.round}, move ${step.number}`;
    drawExercise();
    announce(`Exercise ${learning.at + 1} of ${learning.steps.length}. ${step.exercise.task}`);
  }

  function drawExercise() {
    document.body.dataset.judging = String(Boolean(learning) && learning.state === "checking");
    if (!learning) return;
    const position = review.steps[learning.steps[learning.at]].position;
    drawMeters(position);
    const backs = $("computer-hand");
    backs.replaceChildren();
    for (let i = 0; i < position.computer_hand; i += 1) backs.append(el("span", "card back"));
    picker.drawTable(position.table);
    picker.drawHand(position.hand, position.hand_keys, learning.state === "trying");
    const ready = picker.card() !== null && learning.state === "trying";
    casinoPicker.drawActions($("learn-actions"), picker, ready);
    $("learn-clear").disabled = learning.state !== "trying";
    const last = learning.at === learning.steps.length - 1;
    $("learn-next").hidden = learning.state !== "solved" && learning.state !== "shown";
    $("learn-next").textContent = last ? "Finish" : "Next exercise";
    $("learn-skip").hidden = !$("learn-next").hidden;
    $("learn-solution").disabled = learning.state !== "trying";
  }

  function headline(title, kind, rest) {
    const line = el("div", "judged");
    line.append(el("strong", kind, title), document.createTextNode(rest));
    return line;
  }

  function learnSay(...nodes) {
    const box = $("learn-result");
    box.replaceChildren(...nodes);
    announce(box.textContent);
  }

  async function tryMove(action) {
    if (!learning || learning.state !== "trying" || picker.card() === null) return;
    const index = learning.steps[learning.at];
    const step = review.steps[index];
    const body = {
      ...source, step: index, card: picker.card(), action,
      items: picker.itemKeys(step.position.table),
    };
    const mine = ++asked;
    learning.state = "checking";
    drawExercise();
    learnSay(el("span", "note", "The judge is rating your move…"));
    try {
      const job = await api("POST", "/api/casino/review/answer", body);
      const done = await watchJob("/api/casino/answers/" + job.job, () => {});
      const word = done.result;
      if (mine !== asked || !learning || word.step !== index) return dropped();  // moved on

      if (word.solved) {
        learning.state = "solved";
        learning.solved += 1;
        const judged = word.found_best
          ? "the best move"
          : `as good as the best (${word.loss_text} points behind ${word.best_text}, within the judge's margin)`;
        learnSay(
          headline("Solved", "mark-best", `: ${word.move_text} is ${judged}.`),
          el("div", "why", `Why: ${word.reason}.`),
        );
      } else {
        learning.state = "trying";
        picker.clear();
        const tournament = word.costs_tournament ? " and the tournament" : "";
        learnSay(
          headline("Try again", "mark-inaccuracy", `: ${word.move_text} loses ${word.loss_text} points${tournament}.`),
          el("div", "why", `What it does: ${word.explanation}.`),
        );
      }
    } catch (error) {
      if (mine !== asked || !learning) return dropped();
      learning.state = "trying";
      learnSay(el("span", "error", error.message + "."));
    }
    drawExercise();
  }

  /** An answer that came after the player moved on: not shown (counted, for tests). */
  function dropped() {
    document.body.dataset.dropped = String(Number(document.body.dataset.dropped || 0) + 1);
  }

  function showSolution() {
    if (!learning || learning.state !== "trying") return;
    const step = review.steps[learning.steps[learning.at]];
    asked += 1;
    picker.choose(step.best);
    learning.state = "shown";
    learnSay(
      el("div", null, `The best move: ${step.best.text} (${step.best.notation}).`),
      el("div", "why", "Why: " + step.review.reason + "."),
    );
    drawExercise();
  }

  function nextExercise() {
    if (!learning) return;
    if (learning.at === learning.steps.length - 1) return finishLearning();
    learning.at += 1;
    showExercise();
  }

  function finishLearning() {
    const { solved, steps } = learning;
    stopLearning();
    $("review-progress").textContent = `Exercises done: ${solved} of ${steps.length} solved.`;
    announce($("review-progress").textContent);
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
      source = body;
      if (learning) stopLearning();
      $("review-progress").textContent = `${count(review.steps.length, "move")}, ${review.summary.moves} of them yours, reviewed.`;
      renderSummary();
      renderGraph();
      const mistakes = exerciseSteps().length;
      $("learn-offer").hidden = mistakes === 0;
      $("learn-start").textContent = `Learn from your mistakes (${count(mistakes, "exercise")})`;
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
  $("previous-mistake").addEventListener("click", () => nextMarked(-1));
  $("next-mistake").addEventListener("click", () => nextMarked(1));
  $("learn-start").addEventListener("click", startLearning);
  $("learn-stop").addEventListener("click", stopLearning);
  $("learn-skip").addEventListener("click", nextExercise);
  $("learn-next").addEventListener("click", nextExercise);
  $("learn-solution").addEventListener("click", showSolution);
  $("learn-clear").addEventListener("click", () => { picker.clear(); drawExercise(); });
  for (const button of document.querySelectorAll("#learn-actions .action")) {
    button.addEventListener("click", () => tryMove(button.dataset.action));
  }
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
    if (learning) {
      if (event.key === "Escape") stopLearning();
      return;
    }
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
