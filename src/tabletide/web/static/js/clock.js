// Clocks and zombie seats on the game page: a clock beside every person's seat and in the
// status line, counted down locally between the server's pushes; "out of time" at 0, with a
// button for the other people at the table to hand that seat to a bot; "Leave the table".

import { el } from "./api.js";

/** "4:05", "1:02:03", "2 d 5 h": the time left, rounded up to the second shown. */
export function formatLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86400) {
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    return h ? `${d} d ${h} h` : `${d} d`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Why a seat is played by a bot, in the players list and the log's words. */
export function zombieNote(zombie) {
  if (!zombie) return "";
  return zombie.reason === "left" ? "left — played by a bot" : "out of time — played by a bot";
}

export class Clocks {
  /** nodes: { bar, offers, leave, leaveConfirm, leaveYes, leaveNo, players };
   * actions: { zombie(seat), leave() } (each returns a promise). */
  constructor(nodes, actions) {
    this.nodes = nodes;
    this.actions = actions;
    this.view = null;
    this.received = 0;
    this.busy = false;
    this.shownOffers = "";
    nodes.leave.addEventListener("click", () => this.askLeave(true));
    nodes.leaveNo.addEventListener("click", () => this.askLeave(false));
    nodes.leaveYes.addEventListener("click", () => this.run(() => this.actions.leave()));
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** A new view arrived (every render calls this; only a new message resets the count). */
  update(view) {
    if (view !== this.view) {
      this.view = view;
      this.received = performance.now();
      this.shownOffers = "";
    }
    this.renderLeave();
    this.tick();
  }

  /** Each seat's clock now: { left (seconds or null), running, out, low }. */
  seats() {
    const clock = this.view && this.view.clock;
    if (!clock || this.view.terminal) return [];
    const passed = (performance.now() - this.received) / 1000;
    const total = clock.control.seconds;
    return clock.seats.map((s) => {
      if (s.left === null) return { left: null, running: false, out: false, low: false };
      const left = s.running ? Math.max(0, s.left - passed) : s.left;
      const out = s.out_of_time || left <= 0;
      return { left, running: s.running, out, low: out || left < Math.min(20, total * 0.1) };
    });
  }

  tick() {
    if (!this.view) return;
    const seats = this.seats();
    const players = this.nodes.players;
    seats.forEach((s, seat) => {
      const item = players.querySelector(`[data-testid="player-${seat}"]`);
      if (!item) return;
      let node = item.querySelector(".player-clock");
      if (s.left === null) {
        if (node) node.remove();
        return;
      }
      if (!node) {
        node = el("span", { class: "player-clock", dataset: { testid: `clock-${seat}` } });
        item.append(node);
      }
      paint(node, s);
    });
    this.renderBar(seats);
    this.renderOffers(seats);
  }

  /** The status line's clock: yours while you decide, else the one running. */
  renderBar(seats) {
    const bar = this.nodes.bar;
    const you = this.view.you.seat;
    let seat = seats.findIndex((s) => s.running);
    if (seat < 0 && you !== null && seats[you] && seats[you].left !== null) seat = you;
    if (seat < 0) {
      bar.hidden = true;
      bar.replaceChildren();
      return;
    }
    bar.hidden = false;
    const who = seat === you ? "Your time" : `${this.view.turn_order[seat].name}'s time`;
    let time = bar.querySelector(".clock-time");
    if (!time || bar.dataset.seat !== String(seat)) {
      bar.dataset.seat = String(seat);
      time = el("span", { class: "clock-time", dataset: { testid: "status-clock-time" } });
      bar.replaceChildren(el("span", { class: "clock-who" }, `${who}: `), time);
    }
    paint(time, seats[seat]);
    bar.dataset.running = String(seats[seat].running);
  }

  /** "NAME is out of time — Hand the seat to a bot", for the other people at the table. */
  renderOffers(seats) {
    const view = this.view;
    const you = view.you.seat;
    const mine = you !== null && view.turn_order[you] && view.turn_order[you].kind === "human";
    const out = seats
      .map((s, seat) => (s.out && seat !== you && view.turn_order[seat].kind === "human" ? seat : -1))
      .filter((seat) => seat >= 0);
    const key = mine ? `${out.join(",")}|${this.busy}` : "";
    if (key === this.shownOffers) return;
    this.shownOffers = key;
    const box = this.nodes.offers;
    if (!mine || out.length === 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    box.replaceChildren(
      ...out.map((seat) =>
        el(
          "p",
          { class: "zombie-offer", dataset: { testid: `zombie-offer-${seat}` } },
          el("span", {}, `${view.turn_order[seat].name} is out of time — `),
          el(
            "button",
            {
              type: "button",
              dataset: { testid: `zombie-${seat}` },
              disabled: this.busy,
              onclick: () => this.run(() => this.actions.zombie(seat)),
            },
            "Hand the seat to a bot",
          ),
        ),
      ),
    );
  }

  /** A line in the log where each seat was handed to a bot: "Bo left — a bot plays the
   * seat from now on" (after the log line the game had reached then). */
  noteLog(log, view) {
    const items = [...log.children];
    view.turn_order.forEach((p) => {
      if (!p.zombie) return;
      const why = p.zombie.reason === "left" ? "left" : "is out of time";
      const note = el(
        "li",
        { class: "zombie-note", dataset: { testid: `zombie-note-${p.seat}` } },
        `${p.name} ${why} — a bot plays the seat from now on`,
      );
      const at = Math.min(p.zombie.log_at ?? items.length, items.length);
      if (at > 0) items[at - 1].after(note);
      else log.prepend(note);
    });
  }

  renderLeave() {
    const view = this.view;
    const you = view.you.seat;
    const person = you !== null && view.turn_order[you] && view.turn_order[you].kind === "human";
    const { leave, leaveConfirm } = this.nodes;
    const show = person && !view.terminal;
    leave.closest("[data-leave-area]").hidden = !show;
    if (!show) leaveConfirm.hidden = true;
    leave.disabled = this.busy;
    this.nodes.leaveYes.disabled = this.busy;
  }

  askLeave(open) {
    this.nodes.leaveConfirm.hidden = !open;
    this.nodes.leave.hidden = open;
    if (open) this.nodes.leaveNo.focus();
  }

  async run(work) {
    if (this.busy) return;
    this.busy = true;
    this.shownOffers = "";
    if (this.view) this.update(this.view);
    try {
      await work();
    } finally {
      this.busy = false;
      this.askLeave(false);
      this.shownOffers = "";
      if (this.view) this.update(this.view);
    }
  }
}

function paint(node, s) {
  const text = s.out ? "out of time" : formatLeft(s.left);
  if (node.textContent !== text) node.textContent = text;
  node.dataset.running = String(s.running);
  node.dataset.low = String(s.low);
  node.dataset.out = String(s.out);
}
