// The replay viewer: /replay?table=ID[&step=K] (a finished table) or an uploaded replay file.
// Step forward and back, jump to a step, watch as any seat or as a spectator. A finished
// table's replay shows its post-game analysis graph, with a marker at the step shown.

import { api, ApiError, el } from "./api.js";
import {
  renderActions,
  renderBoard,
  renderFinal,
  renderLog,
  renderPlayers,
  renderPrompt,
} from "./render.js";
import { renderGraph } from "./graph.js";
import { BoardView } from "./boardview.js";

const $ = (id) => document.getElementById(id);
let replay = null; // the replay JSON (the engine's format)
let frame = null; // the step shown
let step = 0;
let last = 0;
let loading = 0;
let downloadUrl = null;
let graph = null; // the analysis graph of a finished table, once drawn
let analysisTable = null; // the table whose analysis is loaded or awaited
let boardView = null; // zoom, pan, full screen and tips of the board (boardview.js)

function showError(message) {
  const box = $("replay-error");
  box.textContent = message || "";
  box.hidden = !message;
}

function seatValue() {
  const value = $("replay-seat").value;
  return value === "" ? null : Number(value);
}

function names() {
  return frame ? frame.names : [];
}

function render() {
  if (!frame) return;
  const viewer = $("replay-viewer");
  viewer.hidden = false;
  Object.assign(viewer.dataset, { step: frame.step, last: frame.last, seat: String(frame.seat) });
  $("replay-title").textContent = `${frame.game.title} · replay`;
  $("replay-position").textContent = `Step ${frame.step} of ${frame.last}`;
  $("replay-step").value = String(frame.step);
  $("replay-step").max = String(frame.last);
  $("replay-slider").max = String(frame.last);
  $("replay-slider").value = String(frame.step);
  $("replay-first").disabled = $("replay-back").disabled = frame.step <= 0;
  $("replay-forward").disabled = $("replay-last").disabled = frame.step >= frame.last;
  renderPrompt($("prompt"), frame.prompt, names());
  boardView.update(() => renderBoard($("board"), $("board-text"), frame.board, { clickable: false }));
  renderActions($("actions"), frame.legal_actions, { enabled: false });
  $("actions-panel").hidden = frame.legal_actions.length === 0;
  renderPlayers(
    $("players"),
    frame.names.map((name, i) => ({
      seat: i,
      name,
      kind: "",
      current: i === frame.current_player,
      score: frame.scores[i],
      // A seat handed to a bot during the game (clocks and zombie seats): marked.
      zombie: frame.handed_over && frame.handed_over[i] ? { reason: frame.handed_over[i] } : null,
    })),
    { you: frame.seat },
  );
  renderLog($("log"), frame.log.lines);
  renderFinal($("end-screen"), frame.final, names());
  if (graph) graph.setCurrent(frame.step);
}

async function go(target) {
  if (!replay) return;
  const wanted = Math.max(0, Math.min(last, target));
  const ticket = ++loading;
  try {
    const answer = await api("/api/replays/step", {
      method: "POST",
      body: { replay, step: wanted, seat: seatValue() },
    });
    if (ticket !== loading) return; // a later request is under way
    frame = answer;
    step = answer.step;
    last = answer.last;
    showError("");
    render();
  } catch (err) {
    if (ticket === loading) showError(err instanceof ApiError ? err.message : String(err));
  }
}

function fillSeats(count, playerNames) {
  const select = $("replay-seat");
  const keep = select.value;
  select.replaceChildren(
    el("option", { value: "" }, "Spectator"),
    ...Array.from({ length: count }, (_, i) =>
      el("option", { value: String(i) }, `${playerNames[i] || `Seat ${i}`} (seat ${i})`),
    ),
  );
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

async function load(data, fileName, startStep = 0) {
  replay = data;
  step = 0;
  last = Array.isArray(data.actions) ? data.actions.length : 0; // go() checks steps against it
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }),
  );
  const link = $("replay-download");
  link.href = downloadUrl;
  link.download = fileName || `tabletide-${data.game || "game"}.json`;
  link.hidden = false;
  await go(startStep);
  if (frame) fillSeats(frame.num_players, frame.names);
}

function clearAnalysis() {
  graph = null;
  analysisTable = null;
  $("analysis").hidden = true;
  $("analysis-graph").replaceChildren();
  $("analysis-graph").dataset.state = "none";
}

/** The finished table's analysis: the graph once it is ready (asked again every few seconds
 * while it is being made); nothing if it failed. */
async function loadAnalysis(tableId, delay = 2000) {
  if (analysisTable !== tableId) return; // another replay was opened meanwhile
  let answer;
  try {
    answer = await api(`/api/tables/${encodeURIComponent(tableId)}/analysis`);
  } catch (err) {
    return; // the replay works without it
  }
  if (analysisTable !== tableId) return;
  const section = $("analysis");
  const status = $("analysis-status");
  section.dataset.status = answer.status;
  if (answer.status === "pending") {
    section.hidden = false;
    status.hidden = false;
    status.textContent = "analysing…";
    setTimeout(() => loadAnalysis(tableId, Math.min(delay * 2, 15000)), delay);
    return;
  }
  if (answer.status !== "ready" || !answer.analysis) {
    section.hidden = true;
    return;
  }
  status.hidden = true;
  section.hidden = false;
  graph = renderGraph($("analysis-graph"), answer.analysis, {
    names: frame ? frame.names : [],
    hrefFor: (target) => `/replay?table=${encodeURIComponent(tableId)}&step=${target}`,
    onStep: (target) => go(target),
    current: frame ? frame.step : 0,
  });
}

async function loadTable(tableId, startStep = 0) {
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay`);
    await load(data, `tabletide-${data.game}-${tableId}.json`, startStep);
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
    return;
  }
  analysisTable = tableId;
  await loadAnalysis(tableId);
}

function loadFile(file) {
  if (!file) return;
  if (file.size > 2 * 1024 * 1024) {
    showError("This file is too large for a replay (over 2 MB).");
    return;
  }
  const reader = new FileReader();
  reader.addEventListener("load", () => {
    let data;
    try {
      data = JSON.parse(String(reader.result));
    } catch (err) {
      showError("This file is not JSON: choose a replay saved by tabletide.");
      return;
    }
    clearAnalysis(); // an uploaded file has no stored analysis
    load(data, file.name);
  });
  reader.readAsText(file);
}

function start() {
  boardView = new BoardView($("board"), { tools: $("board-tools"), full: $("replay-viewer") });
  $("replay-file").addEventListener("change", (e) => loadFile(e.target.files[0]));
  $("replay-first").addEventListener("click", () => go(0));
  $("replay-back").addEventListener("click", () => go(step - 1));
  $("replay-forward").addEventListener("click", () => go(step + 1));
  $("replay-last").addEventListener("click", () => go(last));
  $("replay-jump").addEventListener("submit", (e) => {
    e.preventDefault();
    go(Number($("replay-step").value) || 0);
  });
  $("replay-slider").addEventListener("change", (e) => go(Number(e.target.value)));
  $("replay-seat").addEventListener("change", () => go(step));
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (!replay || (target instanceof Element && target.closest("input, select, textarea"))) return;
    if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last);
  });
  const query = new URLSearchParams(window.location.search);
  const tableId = query.get("table");
  const wanted = Number.parseInt(query.get("step") || "0", 10);
  if (tableId) loadTable(tableId, Number.isFinite(wanted) && wanted > 0 ? wanted : 0);
}

start();
