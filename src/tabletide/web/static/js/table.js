// The game page: /t/TABLE#TOKEN. Live view over a WebSocket; moves by board click or button.

import { api, ApiError, saveTable, tokenFor } from "./api.js";
import {
  renderActions,
  renderBoard,
  renderFinal,
  renderLog,
  renderPlayers,
  renderPrompt,
  wireBoard,
} from "./render.js";
import { RulesPanel, renderHint, renderRuleLinks, renderWhyNot } from "./guide.js";
import { renderGraph } from "./graph.js";
import { Chat } from "./chat.js";
import { Notifier } from "./notify.js";
import { Clocks } from "./clock.js";
import { existingKey } from "./identity.js";
import { renderRematch, renderWaiting, waitingText, wireWaiting } from "./table_players.js";
import { BoardView } from "./boardview.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
// Without a link's token: one kept here, else this browser's player key ("player:KEY" opens
// the seat bound to the player: a table reached from "your tables" on another device).
const playerCredential = existingKey() ? `player:${existingKey()}` : null;
const token = window.location.hash.slice(1) || tokenFor(tableId) || playerCredential;

let view = null; // the latest state message
let logLines = [];
let socket = null;
let pending = null; // the id of a move or undo awaiting its answer
let nextId = 1;
let retryDelay = 500;
let stopped = false;
let saved = false;
let rulesPanel = null;
let shownDecision = null; // the version whose decision the Rules panel was opened at
let hint = null; // { version, answer } of the last hint asked for
let hinting = false;
const analysis = { loading: false, drawn: false }; // the end screen's post-game analysis
let chat = null; // the table's chat (chat.js)
let notifier = null; // turn alerts (notify.js)
let chatDue = false; // the chat's history is to be loaded (the socket has just opened)
let clocks = null; // the seats' clocks, the zombie offers and Leave (clock.js)
let boardView = null; // zoom, pan, full screen and tips of the board (boardview.js)

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
  if (message) {
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => {
      box.hidden = true;
    }, 8000);
  }
}

function setConnection(text, ok) {
  const node = $("connection");
  node.textContent = text;
  node.dataset.state = ok ? "online" : "offline";
}

function names() {
  return view ? view.turn_order.map((p) => p.name) : [];
}

/** "Robo played 3 moves" after a bot's turn (from the view's numbers), or "". */
function latestBotText() {
  const latest = view.latest_bot;
  if (!latest || latest.moves < 1 || view.bot_thinking) return "";
  const who = view.turn_order[latest.seat];
  const name = who ? who.name : `Seat ${latest.seat}`;
  return `${name} played ${latest.moves} move${latest.moves === 1 ? "" : "s"}`;
}

function statusText() {
  if (!view) return "Loading…";
  if (view.bot_error) return view.bot_error;
  if (view.terminal) return "Game over";
  if (view.waiting) return waitingText(view); // an open table before everyone is seated
  if (view.your_turn && pending) return "Sending…";
  const current = view.turn_order[view.current_player];
  let now = "";
  if (view.your_turn) now = "Your turn";
  else if (current) now = current.kind === "bot" ? `${current.name} (bot) is thinking…` : `Waiting for ${current.name}`;
  const botDid = latestBotText();
  return botDid ? `${botDid} · ${now}` : now;
}

function render() {
  if (!view) return;
  const game = $("game");
  Object.assign(game.dataset, {
    version: view.version,
    ply: view.ply,
    currentPlayer: view.current_player,
    yourTurn: String(view.your_turn),
    terminal: String(view.terminal),
    pending: String(Boolean(pending)),
  });
  const title = view.table.title;
  document.title = `${view.your_turn ? "▶ Your turn · " : ""}${title} · tabletide`;
  $("game-title").textContent = title;
  $("you").textContent =
    view.you.role === "spectator" ? "Spectator" : `You are ${view.you.name} (seat ${view.you.seat})`;
  const status = $("status");
  status.textContent = statusText();
  status.dataset.yourTurn = String(view.your_turn);
  const canAct = view.your_turn && !pending && !view.terminal;
  renderPrompt($("prompt"), view.prompt, names());
  boardView.update(() => renderBoard($("board"), $("board-text"), view.board, { clickable: canAct }));
  renderActions($("actions"), view.legal_actions, { enabled: canAct, onAction: play });
  $("actions-panel").hidden = view.legal_actions.length === 0;
  renderRuleLinks($("prompt-rules"), view.rules || [], openRule);
  renderWhyNot($("why-not"), view.closed_options || [], openRule);
  const hintButton = $("hint");
  hintButton.hidden = !(view.table.hints && view.your_turn && !view.terminal);
  hintButton.disabled = hinting || !canAct;
  hintButton.textContent = hinting ? "Thinking…" : "Hint";
  const shown = hint && hint.version === view.version ? hint.answer : null;
  renderHint($("hint-box"), shown);
  for (const item of $("actions").querySelectorAll(".action-item")) {
    const rank = shown ? shown.options.findIndex((o) => String(o.index) === item.dataset.index) : -1;
    item.classList.toggle("hinted", rank >= 0);
    if (rank >= 0) item.querySelector("button.action").dataset.hintRank = String(rank + 1);
  }
  if (rulesPanel && view.version !== shownDecision) {
    shownDecision = view.version;
    if (view.rules && view.rules.length) rulesPanel.show(view.rules[0], { open: false });
  }
  const undo = $("undo");
  undo.hidden = !(view.undo && view.undo.depth > 0);
  undo.disabled = !canAct;
  undo.textContent = view.undo && view.undo.depth > 1 ? `Undo (${view.undo.depth})` : "Undo";
  renderPlayers($("players"), view.turn_order, { you: view.you.seat });
  if (clocks) clocks.update(view);
  const mine = view.you.seat === null ? null : view.turn_order[view.you.seat];
  if (mine && mine.zombie) $("you").textContent += " · a bot plays your seat now";
  const latest = view.latest_bot;
  renderLog($("log"), logLines, latest ? [latest.log_from, latest.log_to] : null);
  if (clocks) clocks.noteLog($("log"), view);
  status.dataset.latestMoves = latest && !view.bot_thinking ? String(latest.moves) : "";
  renderFinal($("end-screen"), view.final, names());
  renderWaiting(view, tableId); // players: waiting for an open table's seats, rematch
  renderRematch(view, tableId, token, showError);
  const replayLinks = $("replay-links");
  replayLinks.hidden = !view.terminal;
  $("download-replay").href = `/api/tables/${encodeURIComponent(tableId)}/replay`;
  $("view-replay").href = `/replay?table=${encodeURIComponent(tableId)}`;
  renderAnalysis();
  if (chat) chat.setView(view);
  if (notifier) notifier.update(view);
}

/** The end screen's analysis: "analysing…" until the server says it is ready (a state
 * message with final.analysis "ready"), then the graph, fetched once. */
function renderAnalysis() {
  const status = view.final ? view.final.analysis || "pending" : null;
  const line = $("analysis-status");
  const graph = $("analysis-graph");
  const section = $("analysis");
  section.dataset.status = status || "";
  if (!status) return;
  // Every status the page has shown, in order (tests read it: "pending ready").
  const seen = (section.dataset.seen || "").split(" ").filter(Boolean);
  if (seen[seen.length - 1] !== status) section.dataset.seen = [...seen, status].join(" ");
  if (status === "pending") {
    line.hidden = false;
    line.textContent = "analysing…";
  } else if (status === "failed") {
    line.hidden = false;
    line.textContent = "The analysis of this game failed.";
    graph.dataset.state = "failed";
  } else if (status === "ready" && !analysis.drawn && !analysis.loading) {
    loadAnalysis();
  }
}

async function loadAnalysis() {
  analysis.loading = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/analysis`);
    if (answer.status !== "ready" || !answer.analysis) return;
    renderGraph($("analysis-graph"), answer.analysis, {
      names: names(),
      hrefFor: (step) => `/replay?table=${encodeURIComponent(tableId)}&step=${step}`,
    });
    analysis.drawn = true;
    $("analysis-status").hidden = true;
  } catch (err) {
    $("analysis-status").textContent = `The analysis cannot be shown: ${
      err instanceof ApiError ? err.message : String(err)
    }`;
  } finally {
    analysis.loading = false;
  }
}

function applyState(message) {
  const log = message.log;
  logLines = logLines.slice(0, log.start).concat(log.lines);
  if (logLines.length > log.total) logLines = logLines.slice(0, log.total);
  view = message;
  if (!rulesPanel) {
    rulesPanel = new RulesPanel($("rules-panel"));
    if (window.matchMedia("(min-width: 900px)").matches) $("rules-panel").open = true;
    rulesPanel.load(view.table.game).then(() => render());
  }
  if (!saved && !token.startsWith("player:")) {
    saved = true;
    saveTable({
      table: tableId,
      token,
      seat: view.you.seat,
      role: view.you.role,
      game: view.table.game,
      title: view.table.title,
      name: view.you.name,
    });
  }
  render();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

async function viaRest(path, body, key) {
  try {
    const answer = await api(path, { method: "POST", body, token, key });
    logLines = [];
    applyState(answer.view);
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
  } finally {
    pending = null;
    render();
  }
}

/** A fresh idempotency key for one move or undo (the server applies a key once). */
function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function play(index) {
  if (!view || !view.your_turn || pending) return;
  const id = nextId++;
  pending = id;
  showError("");
  render();
  const key = newKey();
  const message = { type: "act", index, version: view.version, id, key };
  if (!send(message)) {
    viaRest(`/api/tables/${encodeURIComponent(tableId)}/actions`, { index, version: view.version }, key);
  }
}

function openRule(rule) {
  if (!rulesPanel) return;
  rulesPanel.show(rule);
  $("rules-panel").scrollIntoView({ block: "nearest" });
}

async function askHint() {
  if (!view || !view.your_turn || hinting) return;
  hinting = true;
  const version = view.version;
  render();
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, {
      method: "POST",
      token,
    });
    hint = { version, answer };
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
  } finally {
    hinting = false;
    render();
  }
}

function undo() {
  if (!view || !view.undo || view.undo.depth < 1 || pending) return;
  const id = nextId++;
  pending = id;
  render();
  const key = newKey();
  if (!send({ type: "undo", steps: 1, version: view.version, id, key })) {
    viaRest(`/api/tables/${encodeURIComponent(tableId)}/undo`, { steps: 1, version: view.version }, key);
  }
}

function onMessage(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (err) {
    return;
  }
  if (chat && chat.handles(message)) return; // the answer to a chat message
  if (message.type === "state") {
    applyState(message);
    if (chatDue && chat) {
      // The socket now gets every new message: load the ones missed while away (the latest
      // 100 on a new page); a message in both is shown once.
      chatDue = false;
      chat.load();
    }
  } else if (message.type === "chat") {
    if (chat) chat.add(message.messages);
  } else if (message.type === "ack") {
    if (message.id === pending) pending = null;
    render();
  } else if (message.type === "error") {
    if (message.id === undefined || message.id === pending) pending = null;
    showError(message.error);
    render();
  }
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${window.location.host}/ws/tables/${encodeURIComponent(tableId)}`;
  setConnection("connecting…", false);
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retryDelay = 500;
    logLines = [];
    socket.send(JSON.stringify({ type: "hello", token, text: textWanted }));
    setConnection("live", true);
    chatDue = true;
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", (event) => {
    socket = null;
    if (pending) pending = null;
    if (chat) chat.disconnected();
    if (event.code >= 4400 && event.code < 4500 && event.code !== 4429) {
      stopped = true;
      setConnection("closed", false);
      return;
    }
    if (stopped) return;
    setConnection("reconnecting…", false);
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 10000);
  });
}

/** The text view is sent only while its panel is open (it costs the server more than the rest
 * of a view): opening the panel asks for it, folding it stops it. */
let textWanted = false;
function wireTextPanel() {
  const panel = $("board-text").closest("details");
  if (!panel) return;
  panel.addEventListener("toggle", () => {
    if (panel.open === textWanted) return;
    textWanted = panel.open;
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "sync", text: textWanted }));
    }
  });
}

/** Hand a seat to a bot (zombie) or leave the table: a REST call, then its view. */
async function seatChange(path, body) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/${path}`, {
      method: "POST",
      body,
      token,
    });
    logLines = [];
    applyState(answer.view);
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
  }
}

function start() {
  clocks = new Clocks(
    {
      bar: $("clock-bar"),
      offers: $("zombie-offers"),
      players: $("players"),
      leave: $("leave"),
      leaveConfirm: $("leave-confirm"),
      leaveYes: $("leave-yes"),
      leaveNo: $("leave-no"),
    },
    {
      zombie: (seat) => seatChange("zombie", { seat }),
      leave: () => seatChange("leave"),
    },
  );
  // The error toast is carried into full screen (nothing outside it is drawn there).
  boardView = new BoardView($("board"), {
    tools: $("board-tools"),
    full: $("game"),
    carry: [$("error")],
  });
  wireBoard($("board"), play);
  wireTextPanel();
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  wireWaiting();
  if (!tableId || !token) {
    showError("This page needs the link you were given: it holds your seat's key.");
    setConnection("no key", false);
    return;
  }
  chat = new Chat({ tableId, token, send });
  notifier = new Notifier({ onVisible: render });
  connect();
}

start();
