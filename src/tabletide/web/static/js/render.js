// Drawing a view on the page: board, prompt, actions, players, log, end screen.
// Shared by the game page (table.js) and the replay viewer (replay.js).

import { el } from "./api.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SEAT_COLORS = ["#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98", "#ca6f1e"];

export function seatColor(seat) {
  return seat === null || seat === undefined || seat < 0
    ? "#7f8c8d"
    : SEAT_COLORS[seat % SEAT_COLORS.length];
}

/** Parse the server's SVG and drop anything active (scripts, foreign HTML, handlers, links
 * to javascript:). The pictures are drawn by the games from the view, so this is a second
 * line of defence next to the Content-Security-Policy. */
export function parseSvg(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.nodeName !== "svg") return null;
  if (doc.getElementsByTagName("parsererror").length) return null;
  for (const bad of root.querySelectorAll("script, foreignObject, iframe, object, embed")) {
    bad.remove();
  }
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith("on")) node.removeAttribute(attr.name);
      else if ((name === "href" || name.endsWith(":href")) && !value.startsWith("#")) {
        node.removeAttribute(attr.name);
      }
    }
  }
  return document.importNode(root, true);
}

/** The board picture (or the game's text view when it has no picture). When `clickable`,
 * elements marked data-action="i" are highlighted and play action i on click. */
export function renderBoard(boardNode, textNode, board, { clickable = false } = {}) {
  const svg = parseSvg(board && board.svg);
  boardNode.replaceChildren();
  boardNode.classList.toggle("clickable", Boolean(clickable && svg));
  boardNode.hidden = !svg;
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("data-testid", "board-svg");
    for (const target of svg.querySelectorAll("[data-action]")) {
      if (clickable) {
        target.setAttribute("tabindex", "0");
        target.setAttribute("role", "button");
      }
    }
    boardNode.append(svg);
  }
  // The text view comes only when asked for (table.js asks while its panel is open) or when
  // there is no picture; with a picture the folded panel stays, to be opened.
  const text = (board && board.text) || "";
  if (text || !svg) textNode.textContent = text;
  const details = textNode.closest("details");
  if (details) {
    details.hidden = !text && !svg;
    // With a picture the text view is folded away (but there); without one it is the board.
    if (details.dataset.auto !== (svg ? "svg" : "text")) {
      details.open = !svg;
      details.dataset.auto = svg ? "svg" : "text";
    }
  }
}

/** Call `onAction(i)` when a highlighted board element is clicked or activated by key. */
export function wireBoard(boardNode, onAction) {
  const fire = (event) => {
    if (!boardNode.classList.contains("clickable")) return;
    const target = event.target.closest && event.target.closest("[data-action]");
    if (!target || !boardNode.contains(target)) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    onAction(Number(target.getAttribute("data-action")));
  };
  boardNode.addEventListener("click", fire);
  boardNode.addEventListener("keydown", fire);
}

export function renderPrompt(node, prompt, names) {
  if (!prompt) {
    node.textContent = "";
    return;
  }
  node.replaceChildren(
    el("span", { class: "seat-dot", dataset: { seat: prompt.seat } }),
    el("span", { text: prompt.text }),
  );
  colorDots(node);
  node.title = names && names[prompt.seat] ? `${names[prompt.seat]} decides` : "";
}

/** Every legal action as a button (data-testid="action-i"), with what it will do: on hover
 * (the button's title) and on tap of its "?" button (phones have no hover). */
export function renderActions(node, legal, { enabled = true, onAction } = {}) {
  node.replaceChildren(
    ...legal.map((item) => {
      const detail = el("p", {
        class: "action-detail",
        dataset: { testid: `detail-${item.index}` },
        text: item.detail || "",
        hidden: true,
      });
      const toggle = el(
        "button",
        {
          type: "button",
          class: "explain",
          dataset: { testid: `explain-${item.index}` },
          "aria-expanded": "false",
          "aria-label": `What "${item.label}" does`,
          title: "What does this do?",
          onclick: () => {
            detail.hidden = !detail.hidden;
            toggle.setAttribute("aria-expanded", String(!detail.hidden));
          },
        },
        "?",
      );
      return el(
        "li",
        { class: "action-item", dataset: { index: item.index } },
        el(
          "button",
          {
            type: "button",
            class: "action",
            dataset: { testid: `action-${item.index}`, index: item.index },
            disabled: !enabled,
            title: item.detail || undefined,
            onclick: onAction ? () => onAction(item.index) : undefined,
          },
          item.label,
        ),
        item.detail ? toggle : null,
        item.detail ? detail : null,
      );
    }),
  );
}

/** Players in seat order: name, kind, score, the one to decide marked (data-current). */
export function renderPlayers(node, players, { you = null } = {}) {
  node.replaceChildren(
    ...players.map((p) =>
      el(
        "li",
        {
          class: `player${p.current ? " current" : ""}${p.seat === you ? " you" : ""}`,
          dataset: { testid: `player-${p.seat}`, seat: p.seat, current: String(Boolean(p.current)) },
          "aria-current": p.current ? "step" : undefined,
        },
        el("span", { class: "seat-dot", dataset: { seat: p.seat } }),
        el("span", { class: "player-name" }, p.name, p.seat === you ? " (you)" : ""),
        el("span", { class: "player-kind" }, playerKind(p)),
        el(
          "span",
          { class: "player-score", dataset: { testid: `score-${p.seat}` } },
          p.score === null || p.score === undefined ? "" : formatNumber(p.score),
        ),
      ),
    ),
  );
  colorDots(node);
}

/** "bot · hard", or for a person's seat handed to a bot (clocks and zombie seats) why. */
function playerKind(p) {
  if (p.zombie) {
    return p.zombie.reason === "left" ? "(left — played by a bot)" : "(out of time — played by a bot)";
  }
  return p.kind === "bot" ? `bot · ${p.bot}` : "";
}

function colorDots(node) {
  for (const dot of node.querySelectorAll(".seat-dot")) {
    dot.style.backgroundColor = seatColor(Number(dot.dataset.seat));
  }
}

export function formatNumber(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** The log, newest last; scrolls to the end if it was there. */
export function renderLog(node, lines, latest = null) {
  const atEnd = node.scrollHeight - node.scrollTop - node.clientHeight < 40;
  // latest: [from, to) line numbers of the bot's latest turn, marked (never found by words).
  const marked = (i) => latest !== null && i >= latest[0] && i < latest[1];
  node.replaceChildren(
    ...lines.map((line, i) =>
      marked(i) ? el("li", { class: "latest", "data-testid": "latest" }, line) : el("li", {}, line),
    ),
  );
  if (atEnd) node.scrollTop = node.scrollHeight;
}

/** The end screen: winners, the scoring by category, the game's final text view. */
export function renderFinal(section, final, names) {
  section.hidden = !final;
  if (!final) return;
  const winners = final.winners.map((w) => names[w] || `Seat ${w}`);
  section.querySelector("[data-testid=winners]").textContent = winners.length
    ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(" and ")}`
    : "No winner";
  const table = section.querySelector("[data-testid=breakdown]");
  table.replaceChildren();
  const rows = final.breakdown ? final.breakdown.rows : [];
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, "category"),
    ...names.map((name) => el("th", { scope: "col" }, name)),
  );
  const body = rows.map((row) =>
    el("tr", {}, el("th", { scope: "row" }, row[0]), ...row.slice(1).map((v) => el("td", {}, v ?? "")))
  );
  const total = el(
    "tr",
    { class: "total" },
    el("th", { scope: "row" }, "score"),
    ...final.scores.map((s) => el("td", {}, formatNumber(s))),
  );
  table.append(el("thead", {}, head), el("tbody", {}, ...body, total));
  section.querySelector("[data-testid=final-text]").textContent = final.text || "";
}
