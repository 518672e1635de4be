// What both Baccarat tables draw alike (a table of one's own, and the room's shared
// table): the shoe, the round dealt, the five roads with the ask road and the tally, the
// exact odds of the next round, the chips on the rail and the betting spots.
"use strict";

const baccaratBoard = (() => {
  const { el, cardElement, money, percent, count } = croupier;
  const $ = (id) => document.getElementById(id);
  const CHIP_CLASS = { 100: "chip-1", 500: "chip-5", 2500: "chip-25", 10000: "chip-100", 50000: "chip-500" };
  const ROADS = ["big-eye-boy", "small-road", "cockroach-pig"];
  const ROAD_NAMES = { "big-eye-boy": "Big Eye Boy", "small-road": "Small Road", "cockroach-pig": "Cockroach Pig" };

  function drawShoe(shoe) {
    $("shoe-fill").style.width = percent(shoe.remaining / shoe.size, 1);
    $("shoe-cut").style.left = percent(shoe.cut_card / shoe.size, 1);
    $("shoe-text").textContent = `${shoe.remaining} of ${shoe.size} cards left`
      + (shoe.cut_card_out ? " · cut card out: reshuffle before the next round" : ` · cut card after ${shoe.cut_card}`);
  }

  /** The round dealt (``last``: its cards, totals, outcome and reasons), in the order of
   *  the table (``casino``: player, banker, player, banker; ``course``: player, player,
   *  banker, banker), each card coming in turn when ``animate``. Returns the verdict in
   *  words ("" before the first round). */
  function drawDeal(last, dealOrder, animate) {
    for (const side of ["player", "banker"]) {
      $(side + "-cards").replaceChildren();
      $(side + "-total").textContent = last ? String(last[side + "_total"]) : "";
    }
    $("verdict").className = "verdict";
    $("reasons").replaceChildren();
    if (!last) return "";
    const order = dealOrder === "casino"
      ? [["player", last.player[0]], ["banker", last.banker[0]], ["player", last.player[1]], ["banker", last.banker[1]]]
      : [["player", last.player[0]], ["player", last.player[1]], ["banker", last.banker[0]], ["banker", last.banker[1]]];
    if (last.player[2]) order.push(["player", last.player[2]]);
    if (last.banker[2]) order.push(["banker", last.banker[2]]);
    order.forEach(([side, card], i) => {
      const node = cardElement(card, animate ? "dealt" : "");
      if (animate) node.style.animationDelay = (i * 0.12) + "s";
      $(side + "-cards").append(node);
    });
    const names = { player: "Player wins", banker: "Banker wins", tie: "Tie" };
    $("verdict").classList.add("outcome-" + last.outcome);
    for (const line of last.reasons) $("reasons").append(el("li", "", line));
    if (last.reshuffled) $("reasons").prepend(el("li", "reshuffle", "The cut card had come out: the shoe was reshuffled before this round."));
    // The totals as the terminal says them ("Player total: 6, banker total: 7"), never
    // as "6 to 7", which reads as odds beside the tie's 8:1.
    return `${names[last.outcome]}: player ${last.player_total}, banker ${last.banker_total}`
      + (last.natural ? " (natural)" : "");
  }

  function grid(node, cells, minColumns) {
    node.replaceChildren();
    const columns = Math.max(minColumns, ...cells.map((c) => c.column + 2));
    node.style.gridTemplateColumns = `repeat(${columns}, var(--cell))`;
    for (let column = 0; column < columns; column++) {
      for (let row = 0; row < 6; row++) {
        const empty = el("span", "cell");
        empty.style.gridColumn = String(column + 1);
        empty.style.gridRow = String(row + 1);
        node.append(empty);
      }
    }
  }

  function place(node, cell) {
    node.style.gridColumn = String(cell.column + 1);
    node.style.gridRow = String(cell.row + 1);
    return node;
  }

  function mark(cell, className, text) {
    const node = place(el("span", `mark ${className} ${cell.outcome}`, text), cell);
    if (cell.player_pair) node.append(el("span", "pair player-pair"));
    if (cell.banker_pair) node.append(el("span", "pair banker-pair"));
    return node;
  }

  /** The five roads of the shoe, the ask road and the tally (``roads``: a table's
   *  ``bead_plate``, ``big_road``, ``derived_roads``, ``ask_road`` and ``tally``). */
  function drawRoads(roads) {
    const letters = { player: "P", banker: "B", tie: "T" };
    const beads = roads.bead_plate || [];
    const counts = { player: 0, banker: 0, tie: 0 };
    for (const cell of beads) counts[cell.outcome]++;
    const summary = beads.length
      ? `${count(beads.length, "round")} this shoe: ${counts.banker} banker, ${counts.player} player, ${counts.tie} tie`
      : "No rounds yet in this shoe";
    grid($("bead-plate"), beads, 12);
    for (const cell of beads) $("bead-plate").append(mark(cell, "bead", letters[cell.outcome]));
    $("bead-plate").setAttribute("aria-label", summary);
    const road = roads.big_road || [];
    grid($("big-road"), road, 20);
    for (const cell of road) {
      const node = mark(cell, "ring", letters[cell.outcome]);
      if (cell.ties) node.append(el("span", "tie-line", cell.ties > 1 ? String(cell.ties) : ""));
      $("big-road").append(node);
    }
    $("big-road").setAttribute("aria-label", summary);
    const derived = roads.derived_roads || {};
    for (const key of ROADS) {
      const marks = derived[key] ? derived[key].marks : [];
      const node = $(key);
      grid(node, marks, 14);
      for (const m of marks) node.append(place(el("span", `mark derived ${key} ${m.colour}`), m));
      const reds = marks.filter((m) => m.colour === "red").length;
      node.setAttribute("aria-label", marks.length
        ? `${ROAD_NAMES[key]}: ${marks.length} marks, ${reds} red and ${marks.length - reds} blue; the last ${marks[marks.length - 1].colour}`
        : `${ROAD_NAMES[key]}: no marks yet`);
    }
    drawAsk(roads.ask_road);
    const t = roads.tally;
    const share = (wins) => (t.rounds ? ` (${((100 * wins) / t.rounds).toFixed(1)}%)` : "");
    const now = t && t.streak_side ? ` · now ${t.streak_side} ${t.streak}` : "";
    $("tally").textContent = t
      ? `This shoe: ${count(t.rounds, "round")} · banker ${t.banker}${share(t.banker)} · player ${t.player}${share(t.player)} · tie ${t.tie}${share(t.tie)} · player pairs ${t.player_pairs} · banker pairs ${t.banker_pairs} · naturals ${t.naturals} · longest streak: banker ${t.longest_banker}, player ${t.longest_player}${now}`
      : "";
  }

  function drawAsk(ask) {
    const box = $("ask-road");
    box.replaceChildren();
    if (!ask) return;
    for (const side of ["banker", "player"]) {
      const group = el("div", "ask ask-" + side);
      group.dataset.side = side;
      group.append(el("span", "ask-label " + side, side === "banker" ? "B next" : "P next"));
      const words = [];
      for (const key of ROADS) {
        const colour = ask[side][key];
        const node = el("span", `mark derived ${key} ${colour || "none"}`);
        node.dataset.road = key;
        node.dataset.colour = colour || "";
        group.append(node);
        words.push(`${ROAD_NAMES[key]} ${colour || "nothing yet"}`);
      }
      // Where the win would be drawn in the big road: shown there while the chip is
      // pointed at or focused.
      const at = ask.big_road[side];
      words.push(`big road column ${at.column + 1}, row ${at.row + 1}`);
      group.dataset.column = String(at.column + 1);
      group.dataset.row = String(at.row + 1);
      group.tabIndex = 0;
      const show = () => {
        hideNext();
        const ghost = place(el("span", `mark ring next ${side}`, side === "banker" ? "B" : "P"), at);
        ghost.id = "big-road-next";
        $("big-road").append(ghost);
      };
      group.addEventListener("mouseenter", show);
      group.addEventListener("focus", show);
      group.addEventListener("mouseleave", hideNext);
      group.addEventListener("blur", hideNext);
      group.setAttribute("role", "img");
      group.setAttribute("aria-label", `If ${side} wins next: ${words.join(", ")}`);
      group.title = `Point here to see where a ${side} win would go in the big road`;
      box.append(group);
    }
  }

  function hideNext() {
    const ghost = document.getElementById("big-road-next");
    if (ghost) ghost.remove();
  }

  /** Every variant of every bet priced for the cards left; the table's own marked. */
  function drawMaths(odds) {
    if (!odds) return;
    $("maths-note").textContent = (odds.fresh_shoe ? "A full shoe" : `The ${count(odds.cards_left, "card")} left`)
      + ", priced exactly (every possible round counted).";
    const outcomes = $("outcome-odds");
    outcomes.replaceChildren();
    for (const key of ["banker", "player", "tie"]) {
      const row = el("tr");
      row.append(el("th", "", key[0].toUpperCase() + key.slice(1)), el("td", "num", percent(odds.outcomes[key], 3)));
      row.firstChild.scope = "row";
      outcomes.append(row);
    }
    if (odds.pair !== null) {
      const row = el("tr");
      row.append(el("th", "", "Pair (each side)"), el("td", "num", percent(odds.pair, 3)));
      row.firstChild.scope = "row";
      outcomes.append(row);
    }
    const table = $("bet-odds");
    table.replaceChildren();
    for (const bet of odds.bets) {
      const row = el("tr", (bet.expected_value > 0 ? "advantage " : "") + (bet.at_table ? "at-table" : ""));
      row.dataset.key = bet.key;
      const edge = bet.house_edge === null ? "–" : percent(bet.house_edge, 3);
      const ev = bet.expected_value === null ? "–" : (bet.expected_value >= 0 ? "+" : "") + percent(bet.expected_value, 3);
      const name = el("th", "", bet.name);
      if (bet.at_table) {
        const star = el("span", "here-mark", " ★");
        star.setAttribute("aria-label", " (at this table)");
        name.append(star);
      }
      name.scope = "row";
      row.append(name, el("td", "num", ev), el("td", "num", edge));
      table.append(row);
    }
  }

  /** The largest chip of ``values`` not over ``amount`` (the one a stack is drawn as). */
  function chipFor(values, amount) {
    let best = values[0];
    for (const value of values) if (value <= amount) best = value;
    return best;
  }

  /** The rail: a button a chip, ``chosen`` pressed; ``choose(value)`` on a press. */
  function drawChips(rack, values, chosen, choose) {
    rack.replaceChildren();
    for (const value of values) {
      const button = el("button", "chip " + (CHIP_CLASS[value] || ""), money(value).replace("$", "").replace(",000", "k"));
      button.type = "button";
      button.setAttribute("aria-label", money(value) + " chip");
      button.setAttribute("aria-pressed", String(value === chosen));
      button.dataset.value = String(value);
      button.addEventListener("click", () => choose(value));
      rack.append(button);
    }
  }

  /** The betting spots of ``bets`` (each ``{key, name}``) with the chips on them
   *  (``amounts``: key -> cents): a press adds the ``chip`` (``add(key)``), the × takes
   *  a spot's chips off (``takeOff(key)``); ``disabled``: no chip may go down now. */
  function drawSpots(zone, bets, amounts, chip, values, add, takeOff, disabled) {
    zone.replaceChildren();
    for (const bet of bets) {
      const wrap = el("div", "spot-wrap");
      const button = el("button", "spot spot-" + bet.key.replace(/[^a-z0-9-]/g, ""));
      button.type = "button";
      button.dataset.bet = bet.key;
      button.disabled = Boolean(disabled);
      const amount = amounts[bet.key] || 0;
      button.append(el("span", "spot-name", bet.name));
      const stack = el("span", "spot-stack");
      if (amount) {
        const token = el("span", "chip small " + (CHIP_CLASS[chipFor(values, amount)] || ""), money(amount));
        token.setAttribute("aria-hidden", "true");
        stack.append(token);
      }
      button.append(stack);
      button.setAttribute(
        "aria-label",
        `${bet.name}: ${amount ? money(amount) + " on it" : "no bet"}. Press to add a ${money(chip)} chip.`,
      );
      button.addEventListener("click", () => add(bet.key));
      wrap.append(button);
      if (amount && !disabled) {
        const off = el("button", "take-off", "×");
        off.type = "button";
        off.dataset.takeOff = bet.key;
        off.setAttribute("aria-label", `Take the ${money(amount)} off ${bet.name}`);
        off.addEventListener("click", () => takeOff(bet.key));
        wrap.append(off);
      }
      zone.append(wrap);
    }
  }

  /** Mark the spot ``key`` as having refused a chip (it shakes). */
  function refuseSpot(key) {
    const spot = document.querySelector(`[data-bet="${key}"]`);
    if (!spot) return;
    spot.classList.remove("refused");
    void spot.offsetWidth;  // restart the shake
    spot.classList.add("refused");
    spot.dataset.refused = "true";
  }

  return { drawShoe, drawDeal, drawRoads, drawMaths, drawChips, drawSpots, chipFor, refuseSpot };
})();
