// Casino puzzles: a position of a last deal, every card known; the player puts the move
// together on the table as in a game (a card of the hand, the table cards and builds,
// the action: casino_picker.js), the server checks it (a move the rules refuse gets the
// rule's sentence and does not count) and gives the verdict, the solution with its
// reason and both ratings (Glicko-2), then the next puzzle.
"use strict";

(() => {
  const { api, el, cardElement, announce, count } = croupier;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let pending = null;  // the answer's result (the next puzzle in it), shown when asked
  let busy = false;
  const OWNERS = { human: "yours", computer: "theirs" };

  /** The moves that may be put together now (none once answered or while sending). */
  function legalMoves() {
    return busy || pending !== null ? [] : state.puzzle.legal;
  }

  function itemName(item) {
    if (item.kind === "card") return item.card.name;
    return `build of ${item.value} (${OWNERS[item.owner] || item.owner}): ${item.text}`;
  }

  const picker = casinoPicker.create({
    tableZone: $("table-items"),
    handZone: $("hand"),
    legal: legalMoves,
    itemName,
    changed: () => { $("puzzle-error").textContent = ""; render(); },
    owners: OWNERS,
  });

  function pileCounts(pile) {
    return `${count(pile.count, "card")}, ${count(pile.spades, "spade")}`;
  }

  function drawPile(zone, pile) {
    zone.replaceChildren(...pile.cards.map((card) => cardElement(card, "mini")));
    if (!pile.cards.length) zone.append(el("span", "note", "Empty."));
  }

  function render() {
    const puzzle = state.puzzle;
    $("puzzle-id").textContent = puzzle.id;
    $("puzzle-rating").textContent = String(puzzle.rating);
    $("round-number").textContent = String(puzzle.round);
    $("score-mine").textContent = String(puzzle.scores.mine);
    $("score-theirs").textContent = String(puzzle.scores.theirs);
    $("my-pile").textContent = `pile: ${pileCounts(puzzle.piles.mine)}`;
    $("their-pile").textContent = `pile: ${pileCounts(puzzle.piles.theirs)}`;
    $("my-pile-counts").textContent = pileCounts(puzzle.piles.mine);
    $("their-pile-counts").textContent = pileCounts(puzzle.piles.theirs);
    drawPile($("my-pile-cards"), puzzle.piles.mine);
    drawPile($("their-pile-cards"), puzzle.piles.theirs);
    const last = { mine: "you", theirs: "they" }[puzzle.last_capturer];
    $("last-capturer").textContent = last
      ? `(last capturer: ${last}; what is left on the table at the end goes to the last capturer)`
      : "(no capture yet this round)";
    $("their-hand").replaceChildren(...puzzle.opponent_hand.map((card) => cardElement(card)));
    picker.drawTable(puzzle.table);
    picker.drawHand(puzzle.hand, puzzle.hand_keys, legalMoves().length > 0);
    const ready = picker.card() !== null && legalMoves().length > 0;
    casinoPicker.drawActions($("move-actions"), picker, ready);
    $("clear-choice").disabled = !ready;
    const player = state.player;
    $("record").textContent = `${player.rating} (± ${player.deviation}): ${player.solved} of ${player.tried} solved.`;
    document.body.dataset.answered = String(pending !== null);
    document.body.dataset.busy = String(busy);
  }

  function showVerdict(result) {
    const verdict = result.verdict;
    const box = $("verdict");
    box.replaceChildren(
      el("strong", verdict.solved ? "mark-best" : "mark-inaccuracy",
        verdict.solved ? "Solved: the best move." : `Not the best: ${verdict.move} gives away ${verdict.loss.toFixed(1)} round points.`),
      el("div", null, `The solution: ${verdict.solution_text} (${verdict.solution}), shown on the table.`),
      el("div", "why", `Why: ${verdict.reason}.`),
      el("div", "note", `Your rating ${result.player.rating} (${result.change >= 0 ? "+" : ""}${result.change}); the puzzle's ${result.puzzle_rating}.`));
    announce(box.textContent);
  }

  async function answer(action) {
    if (busy || pending || picker.card() === null) return;
    const body = { id: state.puzzle.id, card: picker.card(), action, items: picker.itemKeys(state.puzzle.table) };
    busy = true;
    $("puzzle-error").textContent = "";
    render();
    try {
      const result = await api("POST", "/api/casino/puzzles/answer", body);
      pending = result;
      state = { ...state, player: result.player };
      showVerdict(result);
      $("next-puzzle").hidden = false;
    } catch (error) {
      // A move the rules refuse: the rule's sentence, and the puzzle stays to be solved.
      const message = error.message ? error.message[0].toUpperCase() + error.message.slice(1) : "";
      $("puzzle-error").textContent = message + ".";
      announce($("puzzle-error").textContent);
    } finally {
      busy = false;
      if (pending) {
        const solution = state.puzzle.legal.find((move) => move.notation === pending.verdict.solution);
        if (solution) picker.choose(solution); else render();
      } else {
        render();
      }
    }
  }

  for (const button of $("move-actions").querySelectorAll(".action")) {
    button.addEventListener("click", () => answer(button.dataset.action));
  }
  $("clear-choice").addEventListener("click", () => { picker.clear(); render(); });

  $("next-puzzle").addEventListener("click", () => {
    if (!pending) return;
    state = { puzzle: pending.puzzle, player: pending.player };
    pending = null;
    picker.clear();
    $("verdict").replaceChildren();
    $("next-puzzle").hidden = true;
    render();
  });

  render();
  document.body.dataset.ready = "true";
})();
