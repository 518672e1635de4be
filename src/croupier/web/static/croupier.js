// Helpers shared by every croupier page: the JSON API, cards, money, announcements.
"use strict";

const croupier = (() => {
  /** The page's initial state, from <script type="application/json" id="state">. */
  function initialState() {
    const node = document.getElementById("state");
    return node ? JSON.parse(node.textContent) : null;
  }

  /** Call the JSON API; resolves with the answer, rejects with an Error holding the
   *  server's one-line reason. */
  async function api(method, path, body) {
    const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      throw new Error("the server cannot be reached: is croupier serve still running?");
    }
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    if (!response.ok) {
      throw new Error((data && data.error) || `the server answered ${response.status}`);
    }
    return data;
  }

  /** An element with a class and text. */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  /** A playing card: rank and suit in colour, read out as "king of hearts". */
  function cardElement(card, extraClass) {
    const node = el("span", "card " + (card.red ? "red" : "black") + (extraClass ? " " + extraClass : ""));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", card.name);
    node.dataset.code = card.code;
    const corner = el("span", "corner");
    corner.append(el("span", "rank", card.rank), el("span", "suit", card.suit));
    node.append(corner, el("span", "pip", card.suit));
    corner.setAttribute("aria-hidden", "true");
    node.lastChild.setAttribute("aria-hidden", "true");
    return node;
  }

  /** Cents as money: $1,000, $9.97, -$5. */
  function money(cents) {
    const sign = cents < 0 ? "-" : "";
    const abs = Math.abs(cents);
    const dollars = Math.floor(abs / 100).toLocaleString("en-US");
    const rest = abs % 100;
    return sign + "$" + dollars + (rest ? "." + String(rest).padStart(2, "0") : "");
  }

  /** A fraction as a percentage with the given decimals. */
  function percent(value, decimals) {
    return (100 * value).toFixed(decimals === undefined ? 2 : decimals) + "%";
  }

  /** Say something to screen readers (the polite live region of base.html). */
  function announce(text) {
    const region = document.getElementById("announcer");
    if (!region) return;
    region.textContent = "";
    window.setTimeout(() => { region.textContent = text; }, 30);
  }

  /** Poll a job until it ends; onProgress(done, total) on the way. */
  async function watchJob(path, onProgress, interval) {
    for (;;) {
      const job = await api("GET", path);
      if (job.state === "done") return job;
      if (job.state === "failed") throw new Error(job.error);
      if (job.state === "cancelled") throw new Error("stopped");
      onProgress(job.done, job.total);
      await new Promise((resolve) => window.setTimeout(resolve, interval || 150));
    }
  }

  /** Numbered questions: an answer arriving after a later question of its kind (the
   *  server may answer out of order), or after ``forget`` (the page moved on), is stale and
   *  is dropped. ``ask`` numbers a question and returns whether it is still the current
   *  one; ``forget`` makes none current.
   *
   *  ``inTurn(request)`` sends a request (a function returning the promise of its answer)
   *  once every request sent before it through ``inTurn`` has been answered, and returns
   *  its answer. The server refuses a change to a game made while another change of the
   *  same game is on its way (a 409: "changed in another tab or request meanwhile"), so a
   *  page sends the changes of one game one at a time: a Stop pressed just after an
   *  answer waits for that answer instead of being refused. */
  function questions() {
    let asked = 0;
    let previous = Promise.resolve();
    return {
      ask() {
        const number = ++asked;
        return () => number === asked;
      },
      forget() { asked++; },
      inTurn(request) {
        const answer = previous.catch(() => undefined).then(request);
        previous = answer;
        return answer;
      },
    };
  }

  /** "1 card", "3 cards": a count with its noun (``plural`` when it is not noun + "s"). */
  function count(number, noun, plural) {
    return `${number.toLocaleString("en")} ${number === 1 ? noun : plural || noun + "s"}`;
  }

  return { initialState, api, el, cardElement, money, percent, announce, watchJob, questions, count };
})();
