// The game page's player parts (issue 25): "Waiting for players" with the invitation link
// while an open table has free seats, and the end screen's Rematch / "X offers a rematch".

import { absolute, api, ApiError, copyText, goToSeat } from "./api.js";

const $ = (id) => document.getElementById(id);
let asking = false;

/** "Waiting for players (1 of 2 seats free)", or "" once every seat is taken. */
export function waitingText(view) {
  if (!view || !view.waiting) return "";
  const people = view.table.seats.filter((s) => s.kind === "human").length;
  return `Waiting for players (${view.waiting} of ${people} seats free)`;
}

export function renderWaiting(view, tableId) {
  const panel = $("waiting");
  const text = waitingText(view);
  panel.hidden = !text;
  if (!text) return;
  $("waiting-text").textContent =
    "The game starts when every seat is taken. Send this invitation, or wait for someone to join from the lobby's open tables.";
  const link = absolute(`/?join=${encodeURIComponent(tableId)}`);
  if ($("waiting-link").value !== link) $("waiting-link").value = link;
}

export function wireWaiting() {
  $("copy-waiting-link").addEventListener("click", async () => {
    const ok = await copyText($("waiting-link").value, $("waiting-link"));
    $("copy-waiting-link").textContent = ok ? "Copied" : "Select and copy";
  });
}

/** The end screen: "Rematch" for a seated person, or "X offers a rematch — Join" once
 * someone made it (pushed live with the table's view). */
export function renderRematch(view, tableId, token, showError) {
  const box = $("rematch-box");
  const show = view.terminal && view.you.role === "player";
  box.hidden = !show;
  if (!show) return;
  const offer = view.rematch;
  const button = $("rematch");
  const join = $("rematch-join");
  const text = $("rematch-offer");
  button.hidden = Boolean(offer);
  join.hidden = !offer;
  text.hidden = !offer;
  if (offer) text.textContent = `${offer.by} offers a rematch`;
  for (const node of [button, join]) {
    node.disabled = asking;
    node.onclick = () => takeRematch(tableId, token, showError);
  }
}

async function takeRematch(tableId, token, showError) {
  if (asking) return;
  asking = true;
  $("rematch").disabled = true;
  $("rematch-join").disabled = true;
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST",
      token,
    });
    const seat = answer.table.seats[answer.seat];
    goToSeat(answer, seat ? seat.name : "");
  } catch (err) {
    showError(err instanceof ApiError ? err.message : String(err));
    asking = false;
    $("rematch").disabled = false;
    $("rematch-join").disabled = false;
  }
}
