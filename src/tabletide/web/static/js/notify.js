// Turn alerts: when the game comes to your seat (and was not with you before), a short sound
// (a WebAudio oscillator: no audio file) and, if you asked for them, a desktop notification
// while the tab is hidden; the tab's title says "● Your turn" while the tab is hidden.
// Nothing on the page's first view, nothing for a spectator. The choices are kept in
// localStorage; the browser is asked for permission only when you tick the box.
// Tests count the sounds played in window.__tabletideSounds.

const $ = (id) => document.getElementById(id);
const PREFS_KEY = "tabletide.notify";
const HIDDEN_TITLE = "● Your turn — tabletide";

function loadPrefs() {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}");
    return { sound: saved.sound !== false, desktop: saved.desktop === true };
  } catch (err) {
    return { sound: true, desktop: false };
  }
}

let audio = null;

function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** Two soft rising notes, a third of a second. */
export function playTurnSound() {
  window.__tabletideSounds = (window.__tabletideSounds || 0) + 1;
  try {
    const ctx = audioContext();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = start + i * 0.14;
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.2);
    });
  } catch (err) {
    // no sound on this browser: the status line still says it is your turn
  }
}

export class Notifier {
  /** onVisible: called when the tab is shown again (the page puts its own title back). */
  constructor({ onVisible }) {
    this.prefs = loadPrefs();
    this.onVisible = onVisible;
    this.mine = null; // whether the seat was the one to decide at the last view (null: none yet)
    this.view = null;
    const sound = $("notify-sound");
    const desktop = $("notify-desktop");
    sound.checked = this.prefs.sound;
    desktop.checked = this.prefs.desktop && this.permission() === "granted";
    sound.addEventListener("change", () => {
      this.prefs.sound = sound.checked;
      this.save();
    });
    desktop.addEventListener("change", () => this.askDesktop(desktop));
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.title();
      else this.onVisible();
    });
    // Browsers start sound only after the person touched the page: get it ready then.
    const unlock = () => {
      if (this.prefs.sound) audioContext();
      window.removeEventListener("pointerdown", unlock);
    };
    window.addEventListener("pointerdown", unlock);
  }

  permission() {
    return "Notification" in window ? window.Notification.permission : "unsupported";
  }

  save() {
    try {
      localStorage.setItem(PREFS_KEY, JSON.stringify(this.prefs));
    } catch (err) {
      // storage disabled: the choice lasts as long as the page
    }
  }

  note(text) {
    const line = $("notify-note");
    line.textContent = text || "";
    line.hidden = !text;
  }

  async askDesktop(box) {
    this.note("");
    if (!box.checked) {
      this.prefs.desktop = false;
      this.save();
      return;
    }
    let permission = this.permission();
    if (permission === "unsupported") {
      box.checked = false;
      this.note("This browser cannot show notifications.");
      return;
    }
    if (permission === "default") {
      try {
        permission = await window.Notification.requestPermission();
      } catch (err) {
        permission = "denied";
      }
    }
    if (permission !== "granted") {
      box.checked = false;
      this.note("Notifications are blocked for this site: allow them in the browser's settings.");
      return;
    }
    this.prefs.desktop = true;
    this.save();
  }

  /** Each new view: alert when the decision has just come to this seat. */
  update(view) {
    this.view = view;
    const spectator = view.you.role === "spectator";
    $("notify-menu").hidden = spectator;
    const mine = !spectator && Boolean(view.your_turn) && !view.terminal;
    const before = this.mine;
    this.mine = mine;
    if (before === false && mine) this.alert(view);
    this.title();
  }

  alert(view) {
    if (this.prefs.sound) playTurnSound();
    if (this.prefs.desktop && document.hidden && this.permission() === "granted") {
      try {
        const note = new window.Notification(`Your turn at ${view.table.title}`, {
          body: view.you.name ? `${view.you.name}, the table is waiting for you.` : "",
          tag: `tabletide-${view.table.id}`,
        });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      } catch (err) {
        // some browsers allow notifications from service workers only: the title still says it
      }
    }
  }

  title() {
    if (this.mine && document.hidden) document.title = HIDDEN_TITLE;
  }
}
