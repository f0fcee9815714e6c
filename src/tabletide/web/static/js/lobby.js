// The lobby: pick a game, seat people and bots, set options, create the table, share links;
// and "your tables", from the links this browser keeps.

import {
  absolute,
  api,
  ApiError,
  copyText,
  el,
  forgetTable,
  saveTable,
  savedTables,
} from "./api.js";
import { identity } from "./identity.js";
import { keyTables, refreshOpenTables, refreshRatings, startPlayers } from "./lobby_players.js";

const $ = (id) => document.getElementById(id);
let games = [];
let bots = [];

function currentGame() {
  return games.find((g) => g.name === $("game-select").value) || games[0];
}

function seatKindOptions(defaultKind) {
  const choices = [["human", "Person"], ...bots.map((b) => [`bot:${b.spec}`, `Bot · ${b.spec}`])];
  return choices.map(([value, label]) =>
    el("option", { value, selected: value === defaultKind }, label),
  );
}

/** What the server calls an unnamed seat (tables.py): "Seat 2" for a person, "Bot (hard)" for
 * a bot, numbered by its seat when another bot has the same strength. */
function showDefaultNames() {
  const rows = [...$("seats").querySelectorAll(".seat-row")];
  const kinds = rows.map((row) => row.querySelector("select").value);
  rows.forEach((row, i) => {
    const kind = kinds[i];
    let name = `Seat ${i}`;
    if (kind.startsWith("bot:")) {
      const twin = kinds.filter((k) => k === kind).length > 1;
      name = `Bot${twin ? ` ${i}` : ""} (${kind.slice(4)})`;
    }
    row.querySelector("input").placeholder = name;
  });
}

function renderSeats() {
  const count = Number($("player-count").value);
  const container = $("seats");
  const previous = [...container.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input").value,
  }));
  container.replaceChildren();
  for (let i = 0; i < count; i++) {
    const before = previous[i];
    const kind = before ? before.kind : i === 0 ? "human" : "bot:medium";
    const select = el(
      "select",
      { id: `seat-kind-${i}`, dataset: { testid: `seat-kind-${i}` }, "aria-label": `Seat ${i}` },
      ...seatKindOptions(kind),
    );
    const name = el("input", {
      id: `seat-name-${i}`,
      type: "text",
      maxlength: 40,
      placeholder: `Seat ${i}`,
      value: before ? before.name : "",
      dataset: { testid: `seat-name-${i}` },
      "aria-label": `Name of seat ${i}`,
    });
    container.append(
      el(
        "div",
        { class: "seat-row", dataset: { testid: `seat-row-${i}` } },
        el("label", { for: `seat-kind-${i}`, class: "seat-label" }, `Seat ${i}`),
        select,
        name,
      ),
    );
    select.addEventListener("change", showDefaultNames);
  }
  showDefaultNames();
}

function renderOptions() {
  const game = currentGame();
  const container = $("options");
  container.replaceChildren();
  for (const option of game.options) {
    const id = `option-${option.name}`;
    const select = el(
      "select",
      { id, dataset: { testid: id, option: option.name } },
      ...option.choices.map((choice) =>
        el(
          "option",
          { value: JSON.stringify(choice), selected: choice === option.default },
          String(choice),
        ),
      ),
    );
    container.append(
      el(
        "div",
        { class: "option-row" },
        el("label", { for: id }, option.name.replaceAll("_", " ")),
        select,
        option.help ? el("small", { class: "help" }, option.help) : null,
      ),
    );
  }
  $("options-panel").hidden = game.options.length === 0;
}

function renderGame() {
  const game = currentGame();
  $("game-description").textContent = game.description;
  $("game-rules").href = `/rules/${encodeURIComponent(game.name)}`;
  const [min, max] = game.players;
  const count = $("player-count");
  const old = Number(count.value) || Math.max(2, min);
  count.replaceChildren(
    ...Array.from({ length: max - min + 1 }, (_, k) => min + k).map((n) =>
      el("option", { value: n, selected: n === Math.min(max, Math.max(min, old)) }, String(n)),
    ),
  );
  renderSeats();
  renderOptions();
}

function readForm() {
  const game = currentGame();
  const seats = [...$("seats").querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    const name = row.querySelector("input").value.trim() || undefined;
    return kind === "human"
      ? { kind: "human", name }
      : { kind: "bot", bot: kind.slice("bot:".length), name };
  });
  // Only the options set away from their defaults: the server fills in the rest, so a default
  // that depends on the seats (1 seat = the solo game) is never contradicted by the form.
  const options = {};
  for (const option of game.options) {
    const select = $("options").querySelector(`select[data-option="${option.name}"]`);
    const value = select ? JSON.parse(select.value) : option.default;
    if (value !== option.default) options[option.name] = value;
  }
  const body = {
    game: game.name,
    seats,
    options,
    hints: $("hints-input").checked,
    bot_speed: $("bot-speed").value,
    time_control: $("time-control").value,
    open: $("open-input").checked, // players: list it in the lobby
  };
  const seedText = $("seed-input").value.trim();
  if (seedText) {
    if (!/^-?\d+$/.test(seedText) || !Number.isSafeInteger(Number(seedText))) {
      throw new Error("the seed must be a whole number");
    }
    body.seed = Number(seedText);
  }
  return body;
}

function linkRow(testid, label, path) {
  const url = absolute(path);
  const input = el("input", {
    type: "text",
    readonly: true,
    value: url,
    dataset: { testid: `${testid}-link` },
    "aria-label": label,
  });
  const copy = el(
    "button",
    { type: "button", dataset: { testid: `copy-${testid}-link` } },
    "Copy",
  );
  copy.addEventListener("click", async () => {
    const ok = await copyText(url, input);
    copy.textContent = ok ? "Copied" : "Select and copy";
  });
  return el(
    "li",
    { class: "link-row" },
    el("span", { class: "link-label" }, label),
    input,
    copy,
    el("a", { href: path, dataset: { testid: `open-${testid}-link` } }, "Open"),
  );
}

function showLinks(created) {
  const { table, links } = created;
  const list = $("links-list");
  const free = table.seats.filter((s) => s.free).length; // players: an open table
  const rows = links.seats.map((s) => linkRow(`seat-${s.seat}`, `${s.name} (seat ${s.seat})`, s.path));
  if (free) {
    const label = `Invitation: anyone with it can take a free seat (${free} free)`;
    rows.push(linkRow("invite", label, `/?join=${table.id}`));
  }
  list.replaceChildren(...rows, linkRow("spectator", "Spectators", links.spectator.path));
  if (free) refreshOpenTables();
  $("links-title").textContent = `${table.title}: your table is ready`;
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  let body;
  try {
    body = readForm();
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    return;
  }
  const button = $("create-table");
  button.disabled = true;
  try {
    // The player key binds the first person's seat to this player (identity.js).
    const created = await api("/api/tables", { method: "POST", body, player: identity().key });
    const first = created.links.seats[0]; // your seat: the first person's
    saveTable({
      table: created.table.id,
      token: first.token,
      seat: first.seat,
      role: "player",
      game: created.table.game,
      title: created.table.title,
      name: first.name,
    });
    showLinks(created);
    refreshTables();
  } catch (err) {
    error.textContent = err instanceof ApiError ? err.message : String(err);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

async function refreshTables() {
  // Players: the tables of this browser's player key first (live: whose turn it is), then
  // the links kept here for other tables.
  const byKey = await keyTables();
  const keyed = new Set(byKey.map((t) => t.table.id));
  const saved = savedTables().filter((t) => !keyed.has(t.table));
  const list = $("your-tables");
  $("no-tables").hidden = saved.length + byKey.length > 0;
  if (!saved.length && !byKey.length) {
    list.replaceChildren();
    return;
  }
  let answers = [];
  try {
    const reply = saved.length
      ? await api("/api/tables/status", {
          method: "POST",
          body: { tables: saved.slice(0, 100).map((t) => ({ table: t.table, token: t.token })) },
        })
      : { tables: [] };
    answers = reply.tables;
  } catch (err) {
    answers = [];
  }
  list.replaceChildren(
    ...byKey.map(keyTableItem),
    ...saved.map((entry, i) => {
      const answer = answers[i];
      let status = "unknown";
      let state = "unknown";
      if (answer && answer.ok) {
        const s = answer.summary;
        state = s.status === "finished" ? "finished" : answer.your_turn ? "your-turn" : "waiting";
        status =
          state === "finished" ? "Finished" : state === "your-turn" ? "Your turn!" : "Waiting";
      } else if (answer) {
        status = answer.error;
        state = "error";
      }
      const forget = el(
        "button",
        { type: "button", class: "link-button", dataset: { testid: "forget-table" } },
        "Forget",
      );
      forget.addEventListener("click", () => {
        forgetTable(entry.token);
        refreshTables();
      });
      const who = entry.role === "spectator" ? "spectator" : `${entry.name || "seat " + entry.seat}`;
      return el(
        "li",
        {
          class: `your-table ${state}`,
          dataset: { testid: "your-table", table: entry.table, state },
        },
        el("a", { href: `/t/${entry.table}#${entry.token}` }, entry.title || entry.game),
        el("span", { class: "who" }, who),
        el("span", { class: "table-status" }, status),
        forget,
      );
    }),
  );
}

function others(table, seat) {
  const names = table.seats.filter((s, i) => i !== seat).map((s) => (s.free ? "a free seat" : s.name));
  return names.length ? ` · with ${names.join(", ")}` : "";
}

/** A table of this player (by key): whose turn it is, "Your turn!" highlighted. */
function keyTableItem(entry) {
  const t = entry.table;
  let state = "waiting";
  let status = entry.to_move_name ? `${entry.to_move_name} to play` : "Waiting";
  if (t.status === "finished") {
    state = "finished";
    status = "Finished";
  } else if (entry.waiting > 0) {
    status = `Waiting for players (${entry.waiting} free)`;
  } else if (entry.your_turn) {
    state = "your-turn";
    status = "Your turn!";
  }
  const saved = savedTables().find((s) => s.table === t.id && s.role === "player");
  const href = saved ? `/t/${t.id}#${saved.token}` : `/t/${t.id}`; // else the page uses the key
  const seat = t.seats[entry.seat];
  return el(
    "li",
    { class: `your-table ${state}`, dataset: { testid: "your-table", table: t.id, state } },
    el("a", { href }, t.title),
    el("span", { class: "who" }, `${seat ? seat.name : "seat " + entry.seat}${others(t, entry.seat)}`),
    el("span", { class: "table-status" }, status),
  );
}

async function start() {
  $("create-form").addEventListener("submit", createTable);
  $("game-select").addEventListener("change", renderGame);
  $("player-count").addEventListener("change", renderSeats);
  try {
    const data = await api("/api/games");
    games = data.games;
    bots = data.bots;
  } catch (err) {
    $("create-error").textContent = `The games cannot be loaded: ${err.message}`;
    $("create-error").hidden = false;
    return;
  }
  $("game-select").replaceChildren(
    ...games.map((g) => el("option", { value: g.name }, g.title)),
  );
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) $("game-select").value = wanted;
  renderGame();
  await startPlayers(games);
  refreshTables();
  // Live "your tables" and open tables: every 5 s while the page is visible.
  setInterval(() => {
    if (document.visibilityState !== "visible") return;
    refreshTables();
    refreshOpenTables();
  }, 5000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      refreshTables();
      refreshOpenTables();
      refreshRatings();
    }
  });
}

start();
