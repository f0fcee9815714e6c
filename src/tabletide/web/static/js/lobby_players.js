// The lobby's player parts (issue 25): "Playing as NAME · change", the private device link,
// open tables with their Join buttons, the ratings panel, and this player's tables (by key).

import { api, ApiError, copyText, el, goToSeat } from "./api.js";
import { deviceLink, identity, register } from "./identity.js";

const $ = (id) => document.getElementById(id);
let games = [];
let ratings = []; // this player's own ratings: [{game, ordinal, games}]

function message(err) {
  return err instanceof ApiError ? err.message : String(err && err.message ? err.message : err);
}

function showIdentity() {
  const me = identity();
  $("player-name").textContent = me.name;
  const game = $("game-select") ? $("game-select").value : "";
  const mine = ratings.find((r) => r.game === game);
  $("player-rating").textContent = mine ? ` (rating ${mine.ordinal})` : "";
}

/** Register this browser's key (or refresh its name) and show who is playing. */
export async function ensurePlayer() {
  try {
    const answer = await register(identity().name);
    ratings = answer.ratings || [];
  } catch (err) {
    // the lobby still works with links; joining will say what is wrong
  }
  showIdentity();
}

function wireIdentity() {
  $("change-name").addEventListener("click", () => {
    $("name-panel").hidden = false;
    $("name-input").value = identity().name;
    $("name-input").focus();
  });
  $("name-cancel").addEventListener("click", () => {
    $("name-panel").hidden = true;
  });
  $("name-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = $("name-error");
    error.hidden = true;
    try {
      const answer = await register($("name-input").value.trim());
      ratings = answer.ratings || [];
      $("name-panel").hidden = true;
      showIdentity();
    } catch (err) {
      error.textContent = message(err);
      error.hidden = false;
    }
  });
  $("device-button").addEventListener("click", () => {
    $("device-link").value = deviceLink();
    $("device-panel").hidden = false;
  });
  $("device-close").addEventListener("click", () => {
    $("device-panel").hidden = true;
    $("device-link").value = "";
  });
  $("copy-device-link").addEventListener("click", async () => {
    const ok = await copyText($("device-link").value, $("device-link"));
    $("copy-device-link").textContent = ok ? "Copied" : "Select and copy";
  });
}

/** Join an open table: remember the seat's link here, then open it. */
export async function joinTable(tableId) {
  const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {
    method: "POST",
    player: identity().key,
  });
  goToSeat(answer, answer.name);
}

function ago(seconds) {
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

function optionsSummary(options) {
  const set = Object.entries(options || {}).filter(([, v]) => v !== false && v !== "standard" && v !== 0);
  return set.length ? set.map(([k, v]) => (v === true ? k : `${k} ${v}`).replaceAll("_", " ")).join(", ") : "";
}

export async function refreshOpenTables() {
  let tables = [];
  try {
    tables = (await api("/api/open-tables")).tables;
  } catch (err) {
    return;
  }
  $("no-open-tables").hidden = tables.length > 0;
  $("open-tables").replaceChildren(
    ...tables.map((t) => {
      const join = el(
        "button",
        { type: "button", class: "primary", dataset: { testid: "join-table", table: t.table } },
        "Join",
      );
      join.addEventListener("click", async () => {
        join.disabled = true;
        $("join-error").hidden = true;
        try {
          await joinTable(t.table);
        } catch (err) {
          $("join-error").textContent = message(err);
          $("join-error").hidden = false;
          join.disabled = false;
          refreshOpenTables();
        }
      });
      const taken = t.people - t.free;
      const who = [`by ${t.creator || "someone"}`, ago(t.age_seconds)];
      const options = optionsSummary(t.options);
      return el(
        "li",
        { class: "open-table", dataset: { testid: "open-table", table: t.table } },
        el("span", { class: "open-title" }, t.title),
        el(
          "span",
          { class: "open-seats" },
          `${taken} of ${t.people} people seated${t.bots ? ` · ${t.bots} bot${t.bots > 1 ? "s" : ""}` : ""}`,
        ),
        el("span", { class: "open-who muted" }, [...who, options].filter(Boolean).join(" · ")),
        join,
      );
    }),
  );
}

export async function refreshRatings() {
  const game = $("ratings-game").value;
  if (!game) return;
  let rows = [];
  try {
    rows = (await api(`/api/ratings?game=${encodeURIComponent(game)}`, { player: identity().key })).ratings;
  } catch (err) {
    rows = [];
  }
  $("no-ratings").hidden = rows.length > 0;
  $("ratings").replaceChildren(
    ...rows.map((r) =>
      el(
        "li",
        { class: `rating${r.you ? " you" : ""}`, dataset: { testid: "rating", you: String(r.you) } },
        el("span", { class: "rating-rank" }, `${r.rank}.`),
        el("span", { class: "rating-name" }, r.name),
        el("span", { class: "rating-value", title: "openskill ordinal: mu − 3 sigma" }, String(r.ordinal)),
        el("span", { class: "rating-games muted" }, `${r.games} game${r.games === 1 ? "" : "s"}`),
      ),
    ),
  );
}

/** This player's tables from the server (by key): [{table, seat, to_move, your_turn, ...}]. */
export async function keyTables() {
  try {
    return (await api("/api/players/me/tables", { player: identity().key })).tables;
  } catch (err) {
    return [];
  }
}

async function showInvitation(tableId) {
  let found = null;
  try {
    found = (await api("/api/open-tables")).tables.find((t) => t.table === tableId);
  } catch (err) {
    found = null;
  }
  $("invited").hidden = false;
  if (!found) {
    $("invited-text").textContent = "This table has no free seat any more (or it does not exist).";
    $("join-invited").hidden = true;
    return;
  }
  $("invited-text").textContent = `${found.creator || "Someone"} invites you to ${found.title}: ${found.free} seat${found.free > 1 ? "s" : ""} free.`;
  $("join-invited").addEventListener("click", async () => {
    $("join-invited").disabled = true;
    try {
      await joinTable(tableId);
    } catch (err) {
      $("invited-error").textContent = message(err);
      $("invited-error").hidden = false;
      $("join-invited").disabled = false;
    }
  });
}

/** Start the player parts of the lobby (after the games are loaded). */
export async function startPlayers(gameList) {
  games = gameList;
  wireIdentity();
  $("ratings-game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  $("ratings-game").value = $("game-select").value;
  $("ratings-game").addEventListener("change", refreshRatings);
  $("game-select").addEventListener("change", showIdentity);
  await ensurePlayer();
  const invited = new URLSearchParams(window.location.search).get("join");
  if (invited) showInvitation(invited);
  refreshOpenTables();
  refreshRatings();
}
