// Talking to the server, and the links this browser keeps (localStorage).

/** An error answer of the API: HTTP status and the server's message. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** fetch() a JSON endpoint; throws ApiError with the server's message on a 4xx/5xx. */
export async function api(path, { method = "GET", body, token, key, player } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // "player:KEY" opens the seat bound to a player key (identity.js); else a seat token.
  if (token) {
    headers.Authorization = token.startsWith("player:")
      ? `Player ${token.slice("player:".length)}`
      : `Bearer ${token}`;
  }
  if (player) headers["X-Player-Key"] = player; // players, open tables, joining
  if (key) headers["Idempotency-Key"] = key; // a retried move is applied once
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `the server answered ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return data;
}

const STORE_KEY = "tabletide.tables";

/** The links this browser keeps: [{table, token, seat, role, game, title, name, saved}]. */
export function savedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && t.table && t.token) : [];
  } catch (err) {
    return [];
  }
}

function writeTables(list) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 100)));
  } catch (err) {
    // storage full or disabled: the links still work, they are just not remembered
  }
}

/** Remember (or refresh) one link; the newest first. */
export function saveTable(entry) {
  const list = savedTables().filter((t) => t.token !== entry.token);
  list.unshift({ ...entry, saved: new Date().toISOString() });
  writeTables(list);
}

/** A seat just taken (a join or a rematch: the server's answer with the table, seat, token
 * and path): keep its link in this browser and open it. */
export function goToSeat(answer, name) {
  saveTable({
    table: answer.table.id,
    token: answer.token,
    seat: answer.seat,
    role: "player",
    game: answer.table.game,
    title: answer.table.title,
    name,
  });
  window.location.assign(answer.path);
}

export function forgetTable(token) {
  writeTables(savedTables().filter((t) => t.token !== token));
}

/** The token kept for a table (a player's seat before a spectator link), or null. */
export function tokenFor(tableId) {
  const mine = savedTables().filter((t) => t.table === tableId);
  const player = mine.find((t) => t.role === "player");
  return (player || mine[0] || {}).token || null;
}

/** A full link from a path the server returns ("/t/ID#TOKEN"). */
export function absolute(path) {
  return new URL(path, window.location.origin).href;
}

/** Create an element: el("li", {class: "x", dataset: {...}}, "text", child...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Copy text to the clipboard (falls back to selecting it in `input`). */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (err) {
    if (input) {
      input.focus();
      input.select();
    }
    return false;
  }
}
