// Who you are without an account: a random player key kept in this browser (localStorage),
// and the name you chose. The server knows only the key's SHA-256. The key moves to another
// device by the private link /me#key=KEY (whoever has that link plays as you).

import { api } from "./api.js";

const STORE_KEY = "tabletide.player";
const KEY_SHAPE = /^[A-Za-z0-9_-]{22,100}$/;

function read() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
    if (data && typeof data.key === "string" && KEY_SHAPE.test(data.key)) return data;
  } catch (err) {
    // unreadable: a new identity below
  }
  return null;
}

function write(data) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(data));
  } catch (err) {
    // storage disabled: the key lives as long as the page
  }
}

/** 192 random bits as URL-safe base64 (32 characters). */
function randomKey() {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

let current = null;

/** This browser's identity ({key, name, registered}); made on first use. */
export function identity() {
  if (current) return current;
  current = read();
  if (!current) {
    const number = 1000 + (crypto.getRandomValues(new Uint16Array(1))[0] % 9000);
    current = { key: randomKey(), name: `Sailor ${number}`, registered: false };
    write(current);
  }
  return current;
}

/** The key if this browser has one already (never makes one). */
export function existingKey() {
  const found = current || read();
  return found ? found.key : null;
}

export function playerHeaders() {
  return { "X-Player-Key": identity().key };
}

/** Register the key with the server, or rename: PUT /api/players/me. */
export async function register(name) {
  const me = identity();
  const answer = await api("/api/players/me", {
    method: "PUT",
    body: { name: name || me.name },
    player: me.key,
  });
  current = { ...me, name: answer.name, registered: true };
  write(current);
  return answer;
}

/** Take a key from another device (the /me#key=... link). */
export function adopt(key, name) {
  if (!KEY_SHAPE.test(key)) throw new Error("this link holds no valid player key");
  current = { key, name: name || "", registered: true };
  write(current);
}

/** The private link that moves this identity to another device. */
export function deviceLink() {
  return `${window.location.origin}/me#key=${identity().key}`;
}
