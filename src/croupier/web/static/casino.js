// The Casino table against the computer: a move is put together on the table (a card of
// the hand, then table cards and builds, then the action: casino_picker.js); the server
// checks every move and explains a refused one with the rule's sentence. The computer's
// moves arrive as events and are played out one after the other, each with its reason.
// The judge's part comes later: what its look-ahead adds to a reason, and the review of
// a round just ended, are jobs the answer names (reason_job, review_job), fetched and
// drawn when they come, unless the game has moved on meanwhile.
"use strict";

(() => {
  const { api, el, cardElement, announce, watchJob, count, questions } = croupier;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let busy = false;             // a request or an animation is under way
  const STEP_MS = 900;          // time each computer move stays on show
  let asked = 0;                // the requests that change the game, numbered as sent
  let answered = 0;             // the number of the newest one whose answer is shown
  let playing = 0;              // numbers the answers played out: a newer one stops an older
  const changes = questions();  // sends the changes one at a time (the server refuses overlaps)

  const pause = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));
  const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function showError(id, message) {
    $(id).textContent = message || "";
    if (message) announce(message);
  }

  function capitalized(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  function legalMoves() {
    return state.seated && !state.finished && !busy ? state.position.legal : [];
  }

  function itemName(item) {
    if (item.kind === "card") return item.card.name;
    return `build of ${item.value} (${item.owner === "human" ? "yours" : "the computer's"}): ${item.text}`;
  }

  const picker = casinoPicker.create({
    tableZone: $("table-items"),
    handZone: $("hand"),
    legal: legalMoves,
    itemName,
    changed: () => { showError("move-error", ""); render(); },
  });

  // --- drawing ------------------------------------------------------------------

  function renderPosition(position, highlight) {
    $("round-number").textContent = String(position.round);
    $("score-human").textContent = String(position.scores.human);
    $("score-computer").textContent = String(position.scores.computer);
    $("deck-size").textContent = String(position.deck);
    const backs = $("computer-hand");
    backs.replaceChildren();
    for (let i = 0; i < position.computer_hand; i += 1) backs.append(el("span", "card back"));
    $("computer-pile").textContent = `pile: ${count(position.piles.computer.length, "card")}`;
    $("human-pile").textContent = `pile: ${count(position.piles.human.length, "card")}`;
    picker.drawTable(position.table, highlight);
    const playable = position.legal.length > 0 && !busy && !state.finished;
    picker.drawHand(position.hand, position.hand_keys, playable);
  }

  function renderActions() {
    const ready = picker.card() !== null && legalMoves().length > 0;
    casinoPicker.drawActions($("move-actions"), picker, ready);
    $("clear-choice").disabled = !ready;
    $("hint").disabled = !(state.seated && legalMoves().length > 0);
    $("undo").disabled = !(state.seated && state.can_undo && !busy);
  }

  function renderHistory() {
    const list = $("move-list");
    list.replaceChildren();
    const history = state.seated ? state.history || [] : [];
    for (const entry of history) {
      const item = el("li", "move-entry " + entry.player);
      item.append(el("strong", null, entry.player === "human" ? "You " : "Computer "),
        cardElement(entry.card_view, "mini"), document.createTextNode(` ${entry.text} (${entry.notation})`));
      list.append(item);
    }
    if (!history.length) {
      const round = state.seated ? ` in round ${state.position.round}` : " this round";
      list.append(el("li", "note", `No move yet${round}.`));
    }
    $("practice-note").textContent = state.seated && state.practice ? "a practice game: moves can be taken back" : "";
  }

  function renderLegal() {
    const list = $("legal-list");
    list.replaceChildren();
    const moves = legalMoves();
    $("legal-count").textContent = state.seated && !state.finished ? `(${moves.length})` : "";
    for (const move of moves) {
      const item = el("li");
      const button = el("button", "legal-move");
      button.type = "button";
      button.append(cardElement(move.card_view, "mini"), document.createTextNode(` ${move.text}`));
      button.title = move.notation;
      button.dataset.notation = move.notation;
      button.addEventListener("click", () => picker.choose(move));
      item.append(button);
      list.append(item);
    }
  }

  function renderLevels() {
    const select = $("level");
    if (!select.options.length) {
      for (const level of state.levels) {
        const option = el("option", null, level.name);
        option.value = level.name;
        select.append(option);
      }
      select.value = state.level || state.default_level;
    }
    const chosen = state.levels.find((l) => l.name === select.value);
    $("level-note").textContent = chosen ? capitalized(chosen.note) + "." : "";
    $("level-badge").textContent = state.seated ? state.level : "";
  }

  function render() {
    document.body.dataset.busy = String(busy);
    renderLevels();
    renderHistory();
    renderLegal();
    $("save-game").hidden = !state.seated;
    $("review-game").hidden = !(state.seated && state.moves_logged > 0);
    if (!state.seated) {
      renderPosition({
        round: "–", scores: { human: "–", computer: "–" }, deck: "–", computer_hand: 0,
        piles: { human: [], computer: [] }, table: [], hand: [], hand_keys: [], legal: [],
      });
      $("choice-help").textContent = "Choose a level and call the coin toss to start a tournament to 21 points.";
    } else {
      renderPosition(state.position);
      $("choice-help").textContent = state.finished
        ? "The tournament is over: call the coin toss for a new one."
        : "Click a card of your hand, then the table cards or builds it takes or builds with, then the action.";
    }
    renderActions();
  }

  // --- events: the computer's moves, round ends, the result -------------------------

  function moveLine(event) {
    const who = event.player === "human" ? "You play" : "The computer plays";
    const line = el("div", "move-line");
    // A move that ended its round, shown while the next round is dealt: say so.
    const ended = event.round && event.position.round !== event.round ? `Round ${event.round}'s last move: ` : "";
    line.append(el("strong", null, ended + who + " "), cardElement(event.move.card_view, "mini"),
      document.createTextNode(`: ${event.move.text} (${event.move.notation}).`));
    const box = el("div");
    box.append(line);
    if (event.reason) {
      const why = el("div", "why", "Why: " + event.reason + ".");
      if (event.reason_job) why.append(el("span", "judging", " The judge is looking ahead…"));
      box.append(why);
    }
    return box;
  }

  // --- the judge's words, later ---------------------------------------------------------

  let judging = new Map();   // job id -> the promise of its result, for the answer shown
  let judgingFor = -1;       // the answer (its number in ``playing``) those jobs belong to

  // The result of the judge's job ``job`` of answer ``mine``, fetched once; rejects with
  // ``null`` when a newer answer is shown by then (the game moved on: stale).
  function judged(job, mine) {
    if (judgingFor !== mine) {
      judging = new Map();
      judgingFor = mine;
    }
    if (!judging.has(job)) {
      judging.set(job, watchJob("/api/casino/judging/" + job, () => null, 250).then((done) => done.result));
    }
    return judging.get(job).then((result) => {
      if (mine !== playing) throw null;
      return result;
    });
  }

  // The whole reason of the move event ``index`` of answer ``mine``, drawn in the banner
  // if it still shows that move.
  function wholeReason(events, index, mine) {
    const event = events[index];
    judged(event.reason_job, mine).then((result) => {
      const found = result.reasons.find((item) => item.event === index);
      const banner = $("computer-move");
      if (found && found.reason) event.reason = found.reason;
      event.reason_job = null;
      if (banner.dataset.event === String(index)) {
        const why = banner.querySelector(".why");
        why.textContent = "Why: " + event.reason + ".";
        why.dataset.judged = "true";
        announce(why.textContent);
      }
    }).catch((error) => {
      if (error === null || mine !== playing) return;  // stale: dropped
      const note = $("computer-move").querySelector(".judging");
      if (note) note.remove();
    });
  }

  function scoreTable(event) {
    const table = el("table", "score-table");
    const head = el("tr");
    ["Item", "You", "Computer"].forEach((t) => head.append(el("th", null, t)));
    table.append(head);
    for (const item of event.items) {
      const row = el("tr");
      row.append(el("td", null, item.name),
        el("td", "num", `${count(item.human.cards, "card")}: ${item.human.points}`),
        el("td", "num", `${count(item.computer.cards, "card")}: ${item.computer.points}`));
      table.append(row);
    }
    for (const [label, key] of [["Round points", "points"], ["Tournament before", "before"], ["Tournament now", "totals"]]) {
      const row = el("tr");
      row.append(el("th", null, label), el("td", "num", String(event[key].human)), el("td", "num", String(event[key].computer)));
      table.append(row);
    }
    return table;
  }

  function reviewBlock(review) {
    const box = el("div", "review");
    box.append(el("h3", null, `Review of round ${review.round}: your moves`));
    const table = el("table", "review-table");
    const head = el("tr");
    ["#", "You played", "Best", "Lost", "Mark"].forEach((t) => head.append(el("th", null, t)));
    table.append(head);
    const reasons = el("ul", "review-reasons");
    for (const move of review.moves) {
      const row = el("tr");
      // As the terminal's table: "same" for the judge's move (or one of its kind), the loss
      // with its standard error as the server wrote it, "0" for nothing lost at all.
      const none = move.loss === 0 && move.error === 0;
      const best = move.forced ? "(forced)" : move.played === move.best || none ? "same" : move.best;
      row.append(el("td", "num", String(move.number)), el("td", null, move.played), el("td", null, best),
        el("td", "num", none ? "0" : move.loss_text),
        el("td", move.mark ? "mark-" + move.mark : null, move.mark || ""));
      table.append(row);
      if (move.mark) reasons.append(el("li", null, `Move ${move.number}: better ${move.best_text}: ${move.reason}.`));
    }
    box.append(table);
    if (reasons.childElementCount) box.append(reasons);
    const accuracy = review.accuracy === null ? "–" : Math.round(100 * review.accuracy) + "%";
    box.append(el("p", "note", `Accuracy ${accuracy}, ${review.points_lost.toFixed(2)} points lost, ` +
      `${count(review.inaccuracies, "inaccuracy", "inaccuracies")}, ${count(review.blunders, "blunder")}.`));
    return box;
  }

  function showRoundEnd(event, mine) {
    $("round-panel").hidden = false;
    $("round-title").textContent = `Round ${event.round} is over`;
    const result = $("round-result");
    result.replaceChildren(scoreTable(event));
    const review = $("review");
    if (event.review) {
      review.replaceChildren(reviewBlock(event.review));
    } else if (event.review_job) {
      // The review runs on the server's workers: show it when it is ready (if this round
      // is still the one shown).
      review.replaceChildren(el("p", "note", "Reviewing your moves…"));
      judged(event.review_job, mine)
        .then((result) => review.replaceChildren(reviewBlock(result)))
        .catch((error) => {
          if (error !== null && mine === playing) review.replaceChildren(el("p", "note", `No review: ${error.message}.`));
        });
    } else {
      review.replaceChildren(el("p", "note", event.review_error ? `No review: ${event.review_error}.` : "No moves of yours to review."));
    }
  }

  function showResult(event) {
    const { human, computer } = event.totals;
    const text = event.winner === null ? `The tournament is a tie, ${human} to ${computer}.`
      : event.winner === "human" ? `You win the tournament, ${human} to ${computer}!`
      : `The computer wins the tournament, ${computer} to ${human}.`;
    const line = el("p", "result", text);
    line.id = "tournament-result";
    $("round-result").prepend(line);
    announce(text);
  }

  async function playEvents(events, animate, mine) {
    const banner = $("computer-move");
    for (const [index, event] of events.entries()) {
      if (mine !== playing) return;  // a newer answer is being shown
      if (event.kind === "toss" || event.kind === "loaded" || event.kind === "undo") {
        $("toss-text").textContent = event.text;
        announce(event.text);
      } else if (event.kind === "move" && event.player === "computer") {
        banner.hidden = false;
        banner.replaceChildren(moveLine(event));
        banner.dataset.event = String(index);
        if (event.reason_job) wholeReason(events, index, mine);
        // Restart the banner's animation for each move.
        banner.classList.remove("computer-move");
        void banner.offsetWidth;
        banner.classList.add("computer-move");
        if (animate) {
          renderPosition(event.position, new Set());
          announce(banner.textContent);
          await pause(reducedMotion() ? 0 : STEP_MS);
        }
      } else if (event.kind === "round_end") {
        showRoundEnd(event, mine);
      } else if (event.kind === "tournament_over") {
        showResult(event);
      }
    }
  }

  // --- actions -----------------------------------------------------------------------

  function clearChoice() {
    picker.clear();
    render();
  }

  // Every request that changes the game (a move, a take-back, a new game, a load) is
  // numbered: its answer (or error) is dropped when the answer to a later one is shown
  // already (the server may answer out of order, and a new game may be asked while a
  // move is under way); ``null`` then. Each is sent once the one before it is answered.
  async function changeGame(path, body) {
    const question = ++asked;
    let next;
    try {
      next = await changes.inTurn(() => api("POST", path, body));
    } catch (error) {
      if (question < answered) return null;
      throw error;
    }
    if (question < answered) return null;
    answered = question;
    return next;
  }

  async function apply(next, animate) {
    const mine = ++playing;
    state = next;
    picker.clear();
    busy = true;
    render();
    try {
      await playEvents(state.events, animate, mine);
    } finally {
      if (mine === playing) {
        busy = false;
        render();
      }
    }
  }

  async function play(action) {
    if (busy || picker.card() === null) return;
    const items = picker.itemKeys(state.position.table);
    showError("move-error", "");
    $("hint-text").textContent = "";
    busy = true;
    document.body.dataset.busy = "true";
    renderActions();
    let next;
    try {
      next = await changeGame("/api/casino/move", { card: picker.card(), action, items });
    } catch (error) {
      busy = false;
      render();
      showError("move-error", capitalized(error.message) + ".");
      return;
    }
    if (next === null) return;  // a later request's answer is shown
    busy = false;
    $("round-panel").hidden = !next.events.some((e) => e.kind === "round_end");
    $("computer-move").hidden = true;  // the last answer's move: this one shows its own
    await apply(next, true);
  }

  async function hint() {
    const question = asked;  // a hint is about the position when it was asked
    showError("move-error", "");
    try {
      const advice = await api("POST", "/api/casino/hint");
      if (question !== asked) return;
      picker.choose(advice.move);
      const judged = advice.exact ? " (exact: every card known)"
        : advice.deals ? ` (averaged over ${advice.deals} sampled deals)` : "";
      $("hint-text").textContent = `Hint: ${advice.move.text} (${advice.move.notation}). Why: ${advice.reason}${judged}.`;
      announce($("hint-text").textContent);
    } catch (error) {
      if (question === asked) showError("move-error", capitalized(error.message) + ".");
    }
  }

  async function undo() {
    if (busy) return;
    showError("move-error", "");
    $("hint-text").textContent = "";
    busy = true;  // one take-back at a time
    render();
    try {
      const next = await changeGame("/api/casino/undo");
      if (next === null) return;
      $("round-panel").hidden = true;
      $("computer-move").hidden = true;
      await apply(next, false);
    } catch (error) {
      busy = false;
      render();
      showError("move-error", capitalized(error.message) + ".");
    }
  }

  async function newGame(call) {
    showError("game-error", "");
    $("round-panel").hidden = true;
    $("hint-text").textContent = "";
    $("computer-move").hidden = true;
    try {
      const next = await changeGame("/api/casino/new", { level: $("level").value, call });
      if (next !== null) await apply(next, true);
    } catch (error) {
      showError("game-error", capitalized(error.message) + ".");
    }
  }

  async function loadFile(file) {
    showError("game-error", "");
    const text = await file.text();
    try {
      const next = await changeGame("/api/casino/load", { text, name: file.name });
      if (next === null) return;
      $("round-panel").hidden = true;
      $("computer-move").hidden = true;
      $("level").value = next.level;
      await apply(next, true);
    } catch (error) {
      showError("game-error", error.message + ".");  // it starts with the file's name
    } finally {
      $("load-file").value = "";
    }
  }

  // --- wiring --------------------------------------------------------------------------

  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const call = event.submitter ? event.submitter.value : "heads";
    newGame(call);
  });
  $("level").addEventListener("change", renderLevels);
  for (const button of document.querySelectorAll("#move-actions .action")) {
    button.addEventListener("click", () => play(button.dataset.action));
  }
  $("clear-choice").addEventListener("click", clearChoice);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("load-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) loadFile(file);
  });

  render();
  if (state.seated) playEvents(state.events, false, playing);
  document.body.dataset.ready = "true";
})();
