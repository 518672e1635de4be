// Putting a Casino move together on the table, as both Casino tables do (against the
// computer, and between two people): a card of the hand, then the table cards and builds
// it takes or builds with, then the action. Only choices that belong to a legal move are
// enabled; the server checks every move and explains a refused one with the rule's
// sentence.
"use strict";

const casinoPicker = (() => {
  const { el, cardElement } = croupier;
  const { buildElement } = casinoCards;

  /** A picker drawing into ``tableZone`` and ``handZone``. ``legal()`` gives the moves
   *  that may be made now ([] when none may), ``itemName(item)`` what a screen reader
   *  says of a table item, ``changed()`` is called after each choice (the page draws its
   *  buttons again), ``owners`` names a build's owner for its label. */
  function create({ tableZone, handZone, legal, itemName, changed, owners }) {
    let card = null;         // casino code of the hand card picked
    let items = new Set();   // indexes of the table items picked

    function sameItems(move) {
      return move.items.length === items.size && move.items.every((i) => items.has(i));
    }

    /** Table items that can still be part of a legal move of the chosen card. */
    function inReach() {
      const reach = new Set();
      for (const move of legal()) {
        if (move.card !== card) continue;
        if ([...items].every((i) => move.items.includes(i))) move.items.forEach((i) => reach.add(i));
      }
      items.forEach((i) => reach.add(i));  // a picked item can always be put back
      return reach;
    }

    /** The legal move of the chosen card and items with ``action``, if there is one. */
    function exact(action) {
      return legal().find((m) => m.card === card && m.action === action && sameItems(m));
    }

    function drawTable(table, highlight) {
      tableZone.replaceChildren();
      tableZone.classList.toggle("choosing", card !== null);
      const reach = card ? inReach() : new Set();
      table.forEach((item, index) => {
        const button = el("button", "pick" + (item.kind === "build" ? " build-pick" : ""));
        button.type = "button";
        button.dataset.key = item.key;
        button.dataset.index = String(index);
        const face = item.kind === "card" ? cardElement(item.card) : buildElement(item, owners);
        if (highlight && highlight.has(item.key)) face.classList.add("taken");
        button.append(face);
        button.setAttribute("aria-label", itemName(item));
        button.setAttribute("aria-pressed", String(items.has(index)));
        button.disabled = !reach.has(index);
        button.addEventListener("click", () => toggle(index));
        tableZone.append(button);
      });
      if (!table.length) tableZone.append(el("span", "note", "The table is empty."));
    }

    function drawHand(hand, keys, playable) {
      handZone.replaceChildren();
      hand.forEach((face, index) => {
        const key = keys[index];
        const button = el("button", "pick");
        button.type = "button";
        button.dataset.card = key;
        button.append(cardElement(face));
        button.setAttribute("aria-label", face.name);
        button.setAttribute("aria-pressed", String(card === key));
        button.disabled = !playable;
        button.addEventListener("click", () => pickCard(key));
        handZone.append(button);
      });
      if (!hand.length) handZone.append(el("span", "note", "No cards in hand."));
    }

    function pickCard(key) {
      if (!legal().length) return;
      card = card === key ? null : key;
      items = new Set();
      changed();
    }

    function toggle(index) {
      if (card === null || !legal().length) return;
      if (items.has(index)) items.delete(index); else items.add(index);
      changed();
    }

    return {
      drawTable,
      drawHand,
      exact,
      /** The card picked (its casino code), or null. */
      card: () => card,
      /** The keys of the table items picked, in the table's order. */
      itemKeys: (table) => [...items].sort((a, b) => a - b).map((i) => table[i].key),
      /** Pick a whole move (from a list of moves, or a hint). */
      choose(move) {
        card = move.card;
        items = new Set(move.items);
        changed();
      },
      clear() {
        card = null;
        items = new Set();
      },
    };
  }

  /** The action buttons of ``zone``: enabled once a card is picked, the ones that make a
   *  legal move with the picks marked. */
  function drawActions(zone, picker, ready) {
    for (const button of zone.querySelectorAll(".action")) {
      button.disabled = !ready;
      button.dataset.legal = String(ready && Boolean(picker.exact(button.dataset.action)));
    }
  }

  return { create, drawActions };
})();
