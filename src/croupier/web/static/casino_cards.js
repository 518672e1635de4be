// What the Casino pages draw alike: a build on the table, its groups of cards, its value
// and (when known) its owner.
"use strict";

const casinoCards = (() => {
  const { el, cardElement } = croupier;

  /** A build: each group of cards, and a label with its value and owner. */
  function buildElement(item) {
    const node = el("span", "build" + (item.owner ? " owner-" + item.owner : ""));
    const parts = el("span", "build-parts");
    for (const part of item.parts) {
      const group = el("span", "build-part");
      part.forEach((card) => group.append(cardElement(card, "mini")));
      parts.append(group);
    }
    const owner = item.owner === "human" ? ", yours" : item.owner ? ", the computer's" : "";
    node.append(parts, el("span", "build-label", `build of ${item.value}${owner}`));
    return node;
  }

  return { buildElement };
})();
