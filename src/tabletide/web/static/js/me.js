// /me#key=KEY: take a player key from another device into this browser (identity.js).

import { api, ApiError } from "./api.js";
import { adopt, existingKey } from "./identity.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(window.location.hash.slice(1));
const key = params.get("key") || "";
// The key is read: take it out of the address bar and the history.
history.replaceState(null, "", "/me");

function fail(message) {
  $("me-error").textContent = message;
  $("me-error").hidden = false;
  $("me-text").textContent = "";
}

async function start() {
  if (!key) return fail("This link holds no player key. Open the link from “Use on another device”.");
  let name = "";
  try {
    name = (await api("/api/players/me", { player: key })).name;
  } catch (err) {
    return fail(err instanceof ApiError ? err.message : String(err));
  }
  if (existingKey() === key) {
    $("me-text").textContent = `This browser already plays as ${name}.`;
    return;
  }
  $("me-text").textContent = existingKey()
    ? `This browser will play as ${name} instead of its own player.`
    : `This browser will play as ${name}.`;
  const button = $("adopt-key");
  button.hidden = false;
  button.addEventListener("click", () => {
    try {
      adopt(key, name);
    } catch (err) {
      return fail(err.message);
    }
    button.hidden = true;
    $("me-text").textContent = `Done: this browser plays as ${name}.`;
  });
}

start();
