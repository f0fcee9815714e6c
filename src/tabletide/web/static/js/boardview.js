// Reading the board: zoom (buttons, Ctrl/⌘+wheel at the pointer, pinch, keys + − 0), pan (drag
// with a mouse or one finger, two fingers while pinching), full screen, and the full text of a
// tipped element (its SVG <title>) on tap, or on a long press of a legal move.
//
// The board node (#board) is a scroll box: the zoom is the picture's width in per cent of the
// box (100% = fit to the width), the pan is the box's scroll position. Both live here, outside
// the SVG, and are put back on every new picture (the board is redrawn on every move).
// Shared by the game page (table.js) and the replay viewer (replay.js).

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 5;
const STEP = 1.25; // one press of + or −
const DRAG_START = 6; // px a pointer moves before a press becomes a drag (no click then)
const LONG_PRESS_MS = 550; // a press this long on a legal move shows its text, and plays nothing

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/** The nearest element from `node` up (inside `root`, below the <svg> itself) that has a
 * <title> child with text: { element, text } or null. */
export function tipOf(node, root) {
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (!(at instanceof Element) || at.localName === "svg") break;
    for (const child of at.children) {
      if (child.localName === "title" && child.textContent.trim()) {
        return { element: at, text: child.textContent.trim() };
      }
    }
  }
  return null;
}

function typing(target) {
  return (
    target instanceof Element &&
    (target.closest("input, select, textarea, [contenteditable='true']") !== null)
  );
}

export class BoardView {
  /**
   * @param {HTMLElement} node the board box (#board), whose children the renderer replaces
   * @param {{tools: HTMLElement|null, full: HTMLElement, carry: HTMLElement[]}} parts the
   *   toolbar (buttons with data-zoom="in"|"out"|"fit" and data-full), the element put in full
   *   screen, and page elements that must show in full screen too (moved into it meanwhile:
   *   nothing outside the full-screen element is drawn)
   */
  constructor(node, { tools = null, full, carry = [] }) {
    this.node = node;
    this.tools = tools;
    this.full = full;
    this.carry = carry
      .filter(Boolean)
      .map((item) => ({ item, parent: item.parentNode, next: item.nextSibling }));
    this.zoom = 1;
    this.pointers = new Map(); // pointerId -> {x, y}
    this.press = null; // the current one-pointer press: start point, scroll, moved?
    this.pinch = null; // {dist, mid} of the two pointers last seen
    this.suppressClick = false; // the press was a drag or a long press: its click plays nothing
    this.longPress = null; // timer
    this.tip = document.createElement("div");
    this.tip.className = "board-tip";
    this.tip.setAttribute("role", "status");
    this.tip.dataset.testid = "board-tip";
    this.tip.hidden = true;
    full.append(this.tip); // inside the full-screen element, so it shows there too
    this.wire();
    this.publish();
    this.publishFull();
  }

  /** Redraw the board with `draw()` (which replaces the picture), keeping zoom and pan. */
  update(draw) {
    const left = this.node.scrollLeft;
    const top = this.node.scrollTop;
    draw();
    this.applySize();
    this.node.scrollLeft = left;
    this.node.scrollTop = top;
    if (this.tools) this.tools.hidden = this.node.hidden;
    this.publish();
  }

  svg() {
    return this.node.querySelector(":scope > svg");
  }

  applySize() {
    const svg = this.svg();
    if (svg) svg.style.width = `${(this.zoom * 100).toFixed(2)}%`;
  }

  publish() {
    this.node.dataset.zoom = this.zoom.toFixed(3);
    this.node.classList.toggle("zoomed", Math.abs(this.zoom - 1) > 1e-3);
    if (!this.tools) return;
    const level = this.tools.querySelector("[data-zoom-level]");
    if (level) level.textContent = `${Math.round(this.zoom * 100)}%`;
    const zoomIn = this.tools.querySelector("[data-zoom=in]");
    const zoomOut = this.tools.querySelector("[data-zoom=out]");
    if (zoomIn) zoomIn.disabled = this.zoom >= MAX_ZOOM - 1e-6;
    if (zoomOut) zoomOut.disabled = this.zoom <= MIN_ZOOM + 1e-6;
  }

  /** Zoom to `next` (1 = fit the width), keeping the picture's point under (x, y) — a point
   * in the box's visible area, its centre by default — where it is. */
  setZoom(next, x = this.node.clientWidth / 2, y = this.node.clientHeight / 2) {
    const zoom = clamp(next, MIN_ZOOM, MAX_ZOOM);
    const factor = zoom / this.zoom;
    const left = this.node.scrollLeft;
    const top = this.node.scrollTop;
    this.zoom = zoom;
    this.applySize();
    this.node.scrollLeft = (left + x) * factor - x;
    this.node.scrollTop = (top + y) * factor - y;
    this.publish();
  }

  fit() {
    this.zoom = 1;
    this.applySize();
    this.node.scrollLeft = 0;
    this.node.scrollTop = 0;
    this.publish();
  }

  /** A point of the page as a point in the box's visible area. */
  local(clientX, clientY) {
    const box = this.node.getBoundingClientRect();
    return [clientX - box.left - this.node.clientLeft, clientY - box.top - this.node.clientTop];
  }

  wire() {
    const node = this.node;
    if (this.tools) {
      this.tools.addEventListener("click", (event) => {
        const button = event.target.closest("button");
        if (!button) return;
        if (button.dataset.zoom === "in") this.setZoom(this.zoom * STEP);
        else if (button.dataset.zoom === "out") this.setZoom(this.zoom / STEP);
        else if (button.dataset.zoom === "fit") this.fit();
        else if ("full" in button.dataset) this.toggleFull();
      });
    }
    node.addEventListener(
      "wheel",
      (event) => {
        if (!(event.ctrlKey || event.metaKey)) return; // a plain wheel scrolls (pans) the box
        event.preventDefault();
        const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
        const [x, y] = this.local(event.clientX, event.clientY);
        this.setZoom(this.zoom * Math.exp(-event.deltaY * lines * 0.0015), x, y);
      },
      { passive: false },
    );
    node.addEventListener("pointerdown", (event) => this.down(event));
    node.addEventListener("pointermove", (event) => this.move(event));
    // On the window: a press that ends outside the box (no capture before a drag) ends too.
    window.addEventListener("pointerup", (event) => this.up(event), true);
    window.addEventListener("pointercancel", (event) => this.up(event, true), true);
    // Before the page's own click handler (wireBoard): a drag or a long press plays nothing;
    // a tap on a tipped element that is not a legal move shows its text.
    node.addEventListener("click", (event) => this.click(event), true);
    node.addEventListener("contextmenu", (event) => {
      // A long press on a touch screen is ours (it shows a move's text), not a menu's.
      if (this.suppressClick || (this.press && this.press.touch)) event.preventDefault();
    });
    document.addEventListener(
      "pointerdown",
      (event) => {
        if (!this.tip.hidden && !this.tip.contains(event.target)) this.hideTip();
      },
      true,
    );
    document.addEventListener("keydown", (event) => this.key(event));
    document.addEventListener("fullscreenchange", () => this.publishFull());
    window.addEventListener("resize", () => this.hideTip());
  }

  down(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    clearTimeout(this.longPress);
    if (this.pointers.size === 1) {
      this.suppressClick = false;
      this.press = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        left: this.node.scrollLeft,
        top: this.node.scrollTop,
        moved: false,
        touch: event.pointerType !== "mouse",
      };
      const target = event.target instanceof Element ? event.target : null;
      const move = target && target.closest("[data-action]");
      if (move && this.node.classList.contains("clickable")) {
        this.longPress = setTimeout(() => {
          const found = tipOf(target, this.node);
          if (!found || !this.press || this.press.moved) return;
          this.suppressClick = true;
          this.showTip(found.text, this.press.x, this.press.y);
        }, LONG_PRESS_MS);
      }
    } else if (this.pointers.size === 2) {
      this.suppressClick = true;
      if (this.press) this.press.moved = true;
      this.pinch = this.spread();
      for (const id of this.pointers.keys()) this.capture(id); // both fingers, even off the box
    }
  }

  /** Where the first two pointers are: their distance and their midpoint. */
  spread() {
    const [a, b] = [...this.pointers.values()];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: [(a.x + b.x) / 2, (a.y + b.y) / 2] };
  }

  capture(id) {
    try {
      this.node.setPointerCapture(id);
    } catch (err) {
      // the pointer is gone already
    }
  }

  move(event) {
    const seen = this.pointers.get(event.pointerId);
    if (!seen) return;
    seen.x = event.clientX;
    seen.y = event.clientY;
    if (this.pointers.size >= 2 && this.pinch) {
      event.preventDefault();
      const now = this.spread();
      const [x, y] = this.local(now.mid[0], now.mid[1]);
      if (this.pinch.dist > 0 && now.dist > 0) {
        this.setZoom(this.zoom * (now.dist / this.pinch.dist), x, y);
      }
      this.node.scrollLeft -= now.mid[0] - this.pinch.mid[0];
      this.node.scrollTop -= now.mid[1] - this.pinch.mid[1];
      this.pinch = now;
      return;
    }
    const press = this.press;
    if (!press || press.id !== event.pointerId) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moved && Math.hypot(dx, dy) < DRAG_START) return;
    if (!press.moved) {
      press.moved = true;
      clearTimeout(this.longPress);
      this.suppressClick = true;
      this.node.classList.add("dragging");
      this.capture(event.pointerId);
    }
    event.preventDefault();
    const top = this.node.scrollTop;
    this.node.scrollLeft = press.left - dx;
    this.node.scrollTop = press.top - dy;
    if (press.touch) {
      // A finger that pans past the board's top or bottom edge scrolls the page on, as a
      // swipe anywhere else does (the board box takes every touch: touch-action none).
      const wanted = press.top - dy - top; // how far the box should have moved this time
      const rest = wanted - (this.node.scrollTop - top);
      if (Math.abs(rest) >= 1) {
        window.scrollBy(0, rest);
        press.top -= rest; // the page moved under the finger instead of the box
      }
    }
  }

  up(event, cancelled = false) {
    if (!this.pointers.delete(event.pointerId)) return;
    clearTimeout(this.longPress);
    if (this.pointers.size === 1) {
      // One finger of a pinch is lifted: the other goes on panning from here (no click).
      const [[id, rest]] = [...this.pointers.entries()];
      this.pinch = null;
      this.press = {
        id,
        x: rest.x,
        y: rest.y,
        left: this.node.scrollLeft,
        top: this.node.scrollTop,
        moved: true,
        touch: true,
      };
    } else if (this.pointers.size === 0) {
      this.pinch = null;
      this.press = null;
      this.node.classList.remove("dragging");
      if (cancelled) this.suppressClick = false;
    }
  }

  click(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest("[data-action]") && this.node.classList.contains("clickable")) return;
    const found = tipOf(target, this.node);
    if (found) this.showTip(found.text, event.clientX, event.clientY);
  }

  key(event) {
    if (event.key === "Escape") {
      if (!this.tip.hidden) this.hideTip();
      else if (this.full.classList.contains("expanded")) this.expand(false);
      else if (document.fullscreenElement === this.full && document.exitFullscreen) {
        document.exitFullscreen().catch(() => {});
      }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (this.node.hidden) return;
    if (event.key === "?" && this.node.contains(document.activeElement)) {
      // The keyboard's long press: the focused move's text.
      const found = tipOf(document.activeElement, this.node);
      if (found) {
        const box = document.activeElement.getBoundingClientRect();
        this.showTip(found.text, box.left + box.width / 2, box.bottom);
        event.preventDefault();
      }
      return;
    }
    if (event.key === "+" || event.key === "=") this.setZoom(this.zoom * STEP);
    else if (event.key === "-" || event.key === "_") this.setZoom(this.zoom / STEP);
    else if (event.key === "0") this.fit();
    else return;
    event.preventDefault();
  }

  showTip(text, clientX, clientY) {
    const tip = this.tip;
    tip.textContent = text;
    tip.hidden = false;
    const width = tip.offsetWidth;
    const height = tip.offsetHeight;
    const left = clamp(clientX - width / 2, 8, Math.max(8, window.innerWidth - width - 8));
    let top = clientY + 16;
    if (top + height > window.innerHeight - 8) top = Math.max(8, clientY - height - 16);
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(top)}px`;
  }

  hideTip() {
    this.tip.hidden = true;
  }

  isFull() {
    return document.fullscreenElement === this.full || this.full.classList.contains("expanded");
  }

  /** Full screen with the Fullscreen API; where it is missing (iPhone) or refused, the CSS
   * "expanded" mode: the same element over the whole window. Esc leaves either. */
  toggleFull() {
    this.hideTip();
    if (this.isFull()) {
      if (this.full.classList.contains("expanded")) this.expand(false);
      else if (document.exitFullscreen) document.exitFullscreen().catch(() => {});
      return;
    }
    if (document.fullscreenEnabled && this.full.requestFullscreen) {
      this.full.requestFullscreen().catch(() => this.expand(true));
    } else {
      this.expand(true);
    }
  }

  expand(on) {
    this.full.classList.toggle("expanded", on);
    document.body.classList.toggle("board-expanded", on);
    this.publishFull();
  }

  publishFull() {
    const full = this.isFull();
    for (const { item, parent, next } of this.carry) {
      if (full && item.parentNode !== this.full) this.full.append(item);
      else if (!full && item.parentNode === this.full && parent) parent.insertBefore(item, next);
    }
    this.full.dataset.full = String(full);
    this.full.dataset.fullMode = document.fullscreenElement === this.full ? "api" : full ? "css" : "";
    const button = this.tools && this.tools.querySelector("[data-full]");
    if (button) {
      button.setAttribute("aria-pressed", String(full));
      button.textContent = full ? "Leave full screen" : "Full screen";
    }
  }
}
