// Casino puzzles: a position of a last deal, every card known; the player picks a move
// from the legal ones, the server gives the verdict, the solution with its reason and
// both ratings (Glicko-2), then the next puzzle.
"use strict";

(() => {
  const { api, el, cardElement, announce, count } = croupier;
  const { buildElement } = casinoCards;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let pending = null;  // the next puzzle's state, shown when asked
  let busy = false;


  function render() {
    const puzzle = state.puzzle;
    $("puzzle-id").textContent = puzzle.id;
    $("puzzle-rating").textContent = String(puzzle.rating);
    $("round-number").textContent = String(puzzle.round);
    $("score-mine").textContent = String(puzzle.scores.mine);
    $("score-theirs").textContent = String(puzzle.scores.theirs);
    $("my-pile").textContent = `pile: ${count(puzzle.piles.mine, "card")}`;
    $("their-pile").textContent = `pile: ${count(puzzle.piles.theirs, "card")}`;
    $("hand").replaceChildren(...puzzle.hand.map((card) => cardElement(card)));
    $("their-hand").replaceChildren(...puzzle.opponent_hand.map((card) => cardElement(card)));
    const table = $("table-items");
    table.replaceChildren(...puzzle.table.map((item) => (item.kind === "card" ? cardElement(item.card) : buildElement(item))));
    const list = $("legal-list");
    list.replaceChildren();
    for (const move of puzzle.legal) {
      const button = el("button", "legal-move");
      button.type = "button";
      button.dataset.notation = move.notation;
      button.append(cardElement(move.card_view, "mini"), document.createTextNode(` ${move.text}`));
      button.disabled = busy || pending !== null;
      button.addEventListener("click", () => answer(move.notation));
      const item = el("li");
      item.append(button);
      list.append(item);
    }
    const player = state.player;
    $("record").textContent = `${player.rating} (± ${player.deviation}): ${player.solved} of ${player.tried} solved.`;
  }

  async function answer(notation) {
    if (busy || pending) return;
    busy = true;
    $("puzzle-error").textContent = "";
    try {
      const result = await api("POST", "/api/casino/puzzles/answer", { id: state.puzzle.id, move: notation });
      const verdict = result.verdict;
      const box = $("verdict");
      box.replaceChildren(
        el("strong", verdict.solved ? "mark-best" : "mark-inaccuracy",
          verdict.solved ? "Solved: the best move." : `Not the best: ${verdict.move} gives away ${verdict.loss.toFixed(1)} round points.`),
        el("div", null, `The solution: ${verdict.solution_text} (${verdict.solution}).`),
        el("div", "why", `Why: ${verdict.reason}.`),
        el("div", "note", `Your rating ${result.player.rating} (${result.change >= 0 ? "+" : ""}${result.change}); the puzzle's ${result.puzzle_rating}.`));
      for (const button of document.querySelectorAll("#legal-list .legal-move")) {
        button.classList.toggle("chosen", button.dataset.notation === notation);
        button.classList.toggle("solution", button.dataset.notation === verdict.solution);
      }
      announce(box.textContent);
      pending = result;
      state = { ...state, player: result.player };
      $("next-puzzle").hidden = false;
    } catch (error) {
      $("puzzle-error").textContent = error.message + ".";
    } finally {
      busy = false;
      for (const button of document.querySelectorAll("#legal-list .legal-move")) button.disabled = pending !== null;
      $("record").textContent = `${state.player.rating} (± ${state.player.deviation}): ${state.player.solved} of ${state.player.tried} solved.`;
      document.body.dataset.answered = String(pending !== null);
    }
  }

  $("next-puzzle").addEventListener("click", () => {
    if (!pending) return;
    state = { puzzle: pending.puzzle, player: pending.player };
    pending = null;
    $("verdict").replaceChildren();
    $("next-puzzle").hidden = true;
    document.body.dataset.answered = "false";
    render();
  });

  render();
  document.body.dataset.ready = "true";
})();
