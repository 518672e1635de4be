// The counting trainer: start a drill, show each group of cards one at a time at the
// chosen pace (in flash mode, hidden after the drill's flash time), ask for the running
// and true counts, and draw the server's verdict, the
// score with its mistakes, and the user's history.
"use strict";

(() => {
  const { api, el, cardElement, announce, questions, count } = croupier;
  const $ = (id) => document.getElementById(id);
  let state = croupier.initialState();
  let speed = 1;          // seconds a card
  let asked = 0;          // when the question appeared (ms)
  let dealing = 0;        // a token: a newer deal cancels an older one
  const drillQuestions = questions();  // the requests that change the drill (start, answer, stop)
  let answering = false;  // an answer is on its way: a second one would answer cards unseen

  function signed(value, decimals) {
    const text = value.toFixed(decimals || 0);
    return Number(text) > 0 ? "+" + text : Number(text) === 0 ? "0" : text;
  }

  function renderCounts() {
    const select = $("t-count");
    if (!select.options.length) {
      for (const count of state.counts) {
        const option = el("option", "", `${count.name}`);
        option.value = count.key;
        select.append(option);
      }
    }
    const chosen = state.counts.find((c) => c.key === select.value);
    $("t-tags").textContent = chosen ? `Tags: ${chosen.tags}` : "";
  }

  function renderHistory(history) {
    const body = $("history");
    body.replaceChildren();
    if (!history) return;
    for (const s of history.sessions) {
      const row = el("tr");
      row.append(
        el("td", "", s.when.replace("T", " ").slice(0, 16)),
        el("td", "", s.count),
        el("td", "num", String(s.asked)),
        el("td", "num", `${Math.round(100 * s.accuracy)}%`),
        el("td", "num", s.mean_seconds.toFixed(1)),
      );
      body.append(row);
    }
    $("history-note").textContent = history.sessions.length
      ? `${history.user}: ${history.sessions.length} drill${history.sessions.length === 1 ? "" : "s"} kept on this machine.`
      : `No drills kept yet for ${history.user}.`;
  }

  function renderScore(drill) {
    if (!drill) {
      $("score").textContent = "No drill yet.";
      $("mistakes").replaceChildren();
      return;
    }
    const s = drill.score;
    $("score").textContent = s.asked
      ? `${s.asked} question${s.asked === 1 ? "" : "s"}: running count ${s.running_right} right, true count ${s.true_right} right. Accuracy ${Math.round(100 * s.accuracy)}%, ${s.mean_seconds.toFixed(1)} s an answer.`
      : "No answer yet.";
    $("mistakes").replaceChildren();
    for (const m of s.mistakes) {
      $("mistakes").append(el("li", "settle-lost", `After card ${m.cards_seen}: ${mistakeText(m)}`));
    }
  }

  function mistakeText(a) {
    const parts = [];
    if (!a.running_right) parts.push(`running ${signed(a.expected_running)} (you said ${signed(a.running)})`);
    if (!a.true_right) parts.push(`true ${signed(a.expected_true, 2)} (you said ${a.true === null ? "nothing" : signed(a.true, 2)})`);
    return parts.join("; ");
  }

  function verdictText(a) {
    return a.running_right && a.true_right
      ? `Right: running ${signed(a.expected_running)}, true ${signed(a.expected_true, 2)}.`
      : `Wrong: ${mistakeText(a)}.`;
  }

  const pause = (seconds) => new Promise((resolve) => window.setTimeout(resolve, seconds * 1000));

  /** Flash mode: the group's cards turned face down, before the counts are asked. */
  function hideGroup(drill) {
    const backs = Array.from({ length: groupSize(drill) }, () => {
      const back = el("span", "card back");
      back.setAttribute("role", "img");
      back.setAttribute("aria-label", "hidden card");
      return back;
    });
    $("trainer-cards").replaceChildren(...backs);
    $("drill-status").textContent = `Cards ${drill.group_start} to ${drill.shown} of ${drill.cards}: hidden after ${drill.flash} s.`;
  }

  /** How many cards the current group has (in flash mode, after a reload, the server
   *  no longer sends what they were). */
  const groupSize = (drill) => drill.shown - drill.group_start + 1;

  async function showGroup(drill, hidden) {
    const token = ++dealing;
    const box = $("trainer-cards");
    box.replaceChildren();
    $("answer-form").hidden = true;
    $("drill-status").textContent = `Cards ${drill.group_start} to ${drill.shown} of ${drill.cards}.`;
    for (const card of hidden ? [] : drill.group) {
      if (token !== dealing) return;
      box.append(cardElement(card, "dealt"));
      if (speed > 0) await pause(speed);
    }
    if (drill.flash !== null) {
      // The last card stays on show as long as the others did not: the flash starts there.
      if (!hidden) await pause(drill.flash);
      if (token !== dealing) return;
      hideGroup(drill);
    }
    if (token !== dealing) return;
    $("a-decks").textContent = `(${count(drill.cards_unseen, "card")} = ${(drill.cards_unseen / 52).toFixed(1)} decks unseen)`;
    $("answer-form").hidden = false;
    $("a-running").value = "";
    $("a-true").value = "";
    $("a-running").focus();
    asked = performance.now();
    announce(`${count(groupSize(drill), "card")} ${drill.flash === null ? "shown" : "shown and hidden"}. Running count?`);
  }

  function render(deal, hidden) {
    renderCounts();
    const drill = state.drill;
    $("drill").hidden = !drill;
    $("start-form").hidden = Boolean(drill) && !drill.finished;
    renderScore(drill);
    if (state.history !== undefined) renderHistory(state.history);
    if (!drill) return;
    if (drill.last) $("verdict").textContent = verdictText(drill.last);
    if (drill.finished) {
      $("answer-form").hidden = true;
      $("drill-status").textContent = `Drill over: ${count(drill.cards, "card")}.` + (drill.saved ? ` Kept in ${drill.user}'s history.` : "");
      $("stop").hidden = true;
      return;
    }
    $("stop").hidden = false;
    if (deal) showGroup(drill, hidden);
  }

  $("t-count").addEventListener("change", renderCounts);

  $("start-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const seed = String(form.get("seed") || "").trim();
    if (seed && !/^[0-9]+$/.test(seed)) return ($("start-error").textContent = `bad seed '${seed}': expected a whole number`);
    speed = Number(form.get("speed"));
    const body = {
      user: String(form.get("user")).trim(),
      count: String(form.get("count")),
      every: Number(form.get("every")),
      cards: Number(form.get("cards")),
      decks: Number(form.get("decks")),
      seed: seed ? Number(seed) : null,
      flash: String(form.get("flash") || "").trim() ? Number(form.get("flash")) : null,
    };
    // An answer that comes after a later request about the drill was sent is stale: dropped.
    const current = drillQuestions.ask();
    try {
      const next = await drillQuestions.inTurn(() => api("POST", "/api/baccarat/trainer", body));
      if (!current()) return;
      const history = await api("GET", `/api/baccarat/trainer/history?user=${encodeURIComponent(body.user)}`);
      if (!current()) return;
      state = next;
      $("start-error").textContent = "";
      $("verdict").textContent = "";
      renderHistory(history);
      render(true);
    } catch (error) {
      if (!current()) return;
      $("start-error").textContent = error.message;
      announce(error.message);
    }
  });

  $("answer-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (answering) return;
    const body = {
      running: $("a-running").value,
      true: $("a-true").value,
      seconds: Math.min(3600, (performance.now() - asked) / 1000),
    };
    const current = drillQuestions.ask();
    answering = true;
    try {
      const next = await drillQuestions.inTurn(() => api("POST", "/api/baccarat/trainer/answer", body));
      if (!current()) return;
      state = next;
      announce(verdictText(state.drill.last));
      render(true);
    } catch (error) {
      if (!current()) return;
      $("verdict").textContent = error.message;
      announce(error.message);
    } finally {
      answering = false;
    }
  });

  $("stop").addEventListener("click", async () => {
    dealing++;
    const current = drillQuestions.ask();
    try {
      const next = await drillQuestions.inTurn(() => api("DELETE", "/api/baccarat/trainer"));
      if (!current()) return;
      state = next;
      $("verdict").textContent = "";
      render(false);
      $("score").textContent = state.history ? "Stopped: your answers are kept in your history." : "Stopped.";
    } catch (error) {
      if (current()) $("verdict").textContent = error.message;
    }
  });

  if (state.drill && !state.drill.finished) {
    // A drill under way when the page was reloaded: show its current cards at once (in
    // flash mode they were flashed already: they stay hidden).
    speed = 0;
  }
  render(Boolean(state.drill), Boolean(state.drill && state.drill.flash !== null));
})();
