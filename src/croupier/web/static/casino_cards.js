// What the Casino pages draw alike: a build on the table, its groups of cards, its value
// and (when known) its owner.
"use strict";

const casinoCards = (() => {
  const { el, cardElement } = croupier;

  /** A build: each group of cards, and a label with its value and owner (``owners``
   *  names each owner key, "yours" or "Ben's"; by default the computer game's). */
  function buildElement(item, owners) {
    const node = el("span", "build" + (item.owner ? " owner-" + item.owner : ""));
    const parts = el("span", "build-parts");
    for (const part of item.parts) {
      const group = el("span", "build-part");
      part.forEach((card) => group.append(cardElement(card, "mini")));
      parts.append(group);
    }
    const names = owners || { human: "yours", computer: "the computer's" };
    const owner = item.owner && names[item.owner] ? `, ${names[item.owner]}` : "";
    node.append(parts, el("span", "build-label", `build of ${item.value}${owner}`));
    return node;
  }

  return { buildElement };
})();
