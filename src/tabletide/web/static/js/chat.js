// The table's chat: a "Chat" tab next to the log (a sheet over the bottom of the screen on a
// phone, opened by a floating button; on a desktop the button shows while unread messages are
// out of sight and scrolls to them), messages in order of their number, an input for the
// seats (spectators only read), and a count of the messages not read yet.
// Messages are shown with textContent only: markup someone types stays text.

import { api, ApiError, el } from "./api.js";
import { seatColor } from "./render.js";

const $ = (id) => document.getElementById(id);
const KEEP = 300; // messages kept on the page (the server sends the latest 100 on a reload)
const PHONE = window.matchMedia("(max-width: 899px)");

function readKey(tableId) {
  return `tabletide.chatRead.${tableId}`;
}

function clock(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return "";
  return when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export class Chat {
  /** send(message) puts a message on the table's WebSocket (false when it is not open). */
  constructor({ tableId, token, send }) {
    this.tableId = tableId;
    this.token = token;
    this.send = send;
    this.messages = new Map(); // seq -> message
    this.seat = null;
    this.spectator = true;
    this.pending = null; // the id of the message being sent
    this.nextId = 1;
    this.onScreen = false;
    this.read = Number(localStorage.getItem(readKey(tableId)) || 0) || 0;
    this.panel = $("log-panel");
    this.list = $("chat-messages");
    this.input = $("chat-input");
    this.panel.dataset.tab = "log";
    this.wire();
  }

  wire() {
    $("tab-log").addEventListener("click", () => this.showTab("log"));
    $("tab-chat").addEventListener("click", () => this.showTab("chat"));
    $("chat-fab").addEventListener("click", () => {
      if (PHONE.matches) {
        this.openSheet();
      } else {
        this.showTab("chat");
        this.panel.scrollIntoView({ block: "nearest" });
      }
    });
    $("chat-close").addEventListener("click", () => this.closeSheet());
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    $("chat-fab").hidden = false;
    if ("IntersectionObserver" in window) {
      new IntersectionObserver((entries) => {
        this.onScreen = entries.some((e) => e.isIntersecting);
        this.update();
      }).observe(this.list.parentElement);
    } else {
      this.onScreen = true;
    }
    document.addEventListener("visibilitychange", () => this.update());
    PHONE.addEventListener("change", () => {
      if (!PHONE.matches) this.closeSheet();
    });
  }

  /** Who is reading: a seat may write, a spectator only reads. */
  setView(view) {
    this.seat = view.you.seat;
    this.spectator = view.you.role === "spectator";
    $("chat-form").hidden = this.spectator;
    $("chat-note").hidden = !this.spectator;
  }

  showTab(which) {
    const chat = which === "chat";
    $("tab-log").setAttribute("aria-selected", String(!chat));
    $("tab-chat").setAttribute("aria-selected", String(chat));
    $("log").hidden = chat;
    $("chat").hidden = !chat;
    this.panel.dataset.tab = which;
    if (chat) this.list.scrollTop = this.list.scrollHeight;
    this.update();
  }

  /** On a phone: the log column's chat as a sheet over the lower part of the screen (the
   * board stays in sight above it). */
  openSheet() {
    this.panel.classList.add("sheet");
    document.body.classList.add("chat-sheet-open");
    this.showTab("chat");
    if (!this.spectator) this.input.focus({ preventScroll: true });
  }

  closeSheet() {
    this.panel.classList.remove("sheet");
    document.body.classList.remove("chat-sheet-open");
    this.update();
  }

  /** Whether the person can see the chat now: its tab chosen, on screen, the page shown. */
  visible() {
    return (
      this.panel.dataset.tab === "chat" &&
      !document.hidden &&
      (this.onScreen || this.panel.classList.contains("sheet"))
    );
  }

  /** New messages (live or from the history); each number is shown once, in order. */
  add(messages) {
    let added = false;
    for (const m of messages || []) {
      if (!this.messages.has(m.seq)) {
        this.messages.set(m.seq, m);
        added = true;
      }
    }
    if (!added) return;
    const seqs = [...this.messages.keys()].sort((a, b) => a - b);
    for (const old of seqs.slice(0, Math.max(0, seqs.length - KEEP))) this.messages.delete(old);
    this.render();
  }

  last() {
    let top = 0;
    for (const seq of this.messages.keys()) top = Math.max(top, seq);
    return top;
  }

  /** The messages after the latest one held (on every (re)connection). */
  async load() {
    try {
      const since = this.last();
      const answer = await api(
        `/api/tables/${encodeURIComponent(this.tableId)}/chat?since=${since}`,
        { token: this.token },
      );
      this.add(answer.messages);
    } catch (err) {
      // The live messages still come; the history is asked for again on the next connection.
    }
  }

  render() {
    const atEnd = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    const ordered = [...this.messages.values()].sort((a, b) => a.seq - b.seq);
    this.list.replaceChildren(
      ...ordered.map((m) => {
        const mine = m.seat === this.seat;
        const name = el("span", { class: "chat-name" }, mine ? `${m.name} (you)` : m.name);
        name.style.color = seatColor(m.seat);
        return el(
          "li",
          { class: mine ? "chat-line mine" : "chat-line", dataset: { seq: m.seq, seat: m.seat } },
          el("span", { class: "chat-time" }, clock(m.at)),
          name,
          el("span", { class: "chat-text", "data-testid": "chat-text" }, m.text),
        );
      }),
    );
    $("chat-empty").hidden = ordered.length > 0;
    if (atEnd || !this.visible()) this.list.scrollTop = this.list.scrollHeight;
    this.update();
  }

  /** Mark what is in sight as read, and show how many others' messages are not. */
  update() {
    const top = this.last();
    if (this.visible() && top > this.read) {
      this.read = top;
      try {
        localStorage.setItem(readKey(this.tableId), String(top));
      } catch (err) {
        // storage disabled: the count starts again on a reload
      }
    }
    let unread = 0;
    for (const m of this.messages.values()) {
      if (m.seq > this.read && m.seat !== this.seat) unread += 1;
    }
    const label = unread > 99 ? "99+" : String(unread);
    for (const badge of [$("chat-unread"), $("chat-fab-unread")]) {
      badge.textContent = label;
      badge.hidden = unread === 0;
    }
    this.panel.dataset.unread = String(unread);
    // On a desktop the button shows only while unread messages are out of sight.
    $("chat-fab").classList.toggle("attention", unread > 0 && !this.visible());
    $("tab-chat").setAttribute(
      "aria-label",
      unread ? `Chat, ${unread} unread message${unread === 1 ? "" : "s"}` : "Chat",
    );
  }

  showError(message) {
    const line = $("chat-error");
    line.textContent = message || "";
    line.hidden = !message;
  }

  submit() {
    if (this.spectator || this.pending) return;
    const text = this.input.value.trim();
    if (!text) return;
    const id = `chat-${this.nextId++}`;
    this.pending = id;
    this.showError("");
    $("chat-send").disabled = true;
    if (!this.send({ type: "chat", text, id })) this.viaRest(text);
  }

  async viaRest(text) {
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(this.tableId)}/chat`, {
        method: "POST",
        body: { text },
        token: this.token,
      });
      this.sent();
      this.add([answer.message]);
    } catch (err) {
      this.failed(err instanceof ApiError ? err.message : String(err));
    }
  }

  sent() {
    this.pending = null;
    this.input.value = "";
    $("chat-send").disabled = false;
  }

  failed(message) {
    this.pending = null;
    $("chat-send").disabled = false;
    this.showError(message);
  }

  /** The answer to a message this chat sent (an ack or an error): true if it was one. */
  handles(message) {
    if (this.pending === null || message.id !== this.pending) return false;
    if (message.type === "ack") this.sent();
    else this.failed(message.error);
    return true;
  }

  /** The socket closed: a message in flight gets no answer, so it may be sent again. */
  disconnected() {
    if (this.pending) this.failed("The connection was lost: send the message again.");
  }
}
