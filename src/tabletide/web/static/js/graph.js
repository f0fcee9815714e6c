// The post-game analysis graph (issue 23): each side's chance of winning after every decision,
// one line per seat in its colour, the key moments as marks on the mover's line, and a list of
// them. Shared by the end screen (table.js) and the replay viewer (replay.js).
//
// The analysis JSON is tabletide.sim.analysis.analyze's: plies[i] is the position after
// decision i, which the replay viewer shows as step i + 1.

import { el } from "./api.js";
import { seatColor } from "./render.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const W = 400;
const H = 190;
const LEFT = 40;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 24;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function percent(p) {
  return `${Math.round(p * 100)}%`;
}

/** The name of each side of the graph: the players, then "the game" in a solo game. */
function sideNames(analysis, names) {
  return analysis.sides.map((side, i) =>
    i < analysis.num_players ? names[i] || `Seat ${i}` : side,
  );
}

function sideColor(analysis, side) {
  return side < analysis.num_players ? seatColor(side) : seatColor(-1);
}

/** The words of a key moment (the mark's tooltip and the list's line). */
export function momentText(moment, names) {
  const who = names[moment.seat] || `Seat ${moment.seat}`;
  return (
    `Step ${moment.ply + 1}: ${who} played ${moment.played}; ` +
    `hard would play ${moment.better}, +${Math.round(moment.swing * 100)}%`
  );
}

/**
 * Draw `analysis` into `container` (replacing what it held). Options:
 * - `names`: the players' names by seat;
 * - `hrefFor(step)`: the link of a step (the end screen opens the replay viewer there);
 * - `onStep(step)`: called instead of following the link (the replay viewer), which also makes
 *   a click anywhere on the graph jump to the nearest step;
 * - `current`: the step to mark with a vertical line (the replay viewer).
 * Returns `{ setCurrent(step) }`.
 */
export function renderGraph(container, analysis, { names = [], hrefFor, onStep, current } = {}) {
  const plies = analysis.plies || [];
  const steps = Math.max(1, plies.length);
  const x = (step) => LEFT + ((W - LEFT - RIGHT) * step) / steps;
  const y = (p) => TOP + (H - TOP - BOTTOM) * (1 - p);
  const labels = sideNames(analysis, names);
  const moments = analysis.key_moments || [];

  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "analysis-svg",
    role: "img",
    "aria-label": "Each player's chance of winning after every decision",
    "data-testid": "analysis-svg",
  });
  const grid = svg("g", { class: "analysis-grid" });
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    grid.append(svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(p), y2: y(p) }));
    if (p % 0.5 === 0) {
      grid.append(
        svg("text", { x: LEFT - 5, y: y(p) + 4, "text-anchor": "end" }, percent(p)),
      );
    }
  }
  grid.append(
    svg("text", { x: x(0), y: H - 6, "text-anchor": "start" }, "start"),
    svg("text", { x: x(steps), y: H - 6, "text-anchor": "end" }, `decision ${plies.length}`),
  );
  root.append(grid);

  // Each line starts at step 1 (after the first decision): the analysis says nothing before.
  labels.forEach((name, side) => {
    const points = plies.map((row) => `${x(row.ply + 1).toFixed(1)},${y(row.win_prob[side]).toFixed(1)}`);
    if (!points.length) return;
    root.append(
      svg("polyline", {
        points: points.join(" "),
        class: "analysis-line",
        stroke: sideColor(analysis, side),
        "data-testid": `analysis-line-${side}`,
      }),
    );
  });

  const marker = svg("line", {
    class: "analysis-marker",
    y1: TOP,
    y2: H - BOTTOM,
    "data-testid": "analysis-marker",
  });
  root.append(marker);

  moments.forEach((moment, i) => {
    const row = plies[moment.ply];
    if (!row) return;
    const step = moment.ply + 1;
    const circle = svg(
      "circle",
      {
        cx: x(step),
        cy: y(row.win_prob[moment.seat]),
        r: 7,
        class: "analysis-moment",
        fill: sideColor(analysis, moment.seat),
        "data-testid": `analysis-moment-${i}`,
        dataset: { step: String(step), seat: String(moment.seat) },
        tabindex: onStep ? "0" : null,
      },
      svg("title", {}, momentText(moment, labels)),
    );
    if (onStep) {
      circle.addEventListener("click", (event) => {
        event.stopPropagation();
        onStep(step);
      });
      circle.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onStep(step);
        }
      });
      root.append(circle);
    } else {
      root.append(svg("a", { href: hrefFor ? hrefFor(step) : "#" }, circle));
    }
  });

  if (onStep) {
    root.classList.add("seekable");
    root.addEventListener("click", (event) => {
      const matrix = root.getScreenCTM();
      if (!matrix) return;
      const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
      const step = Math.round(((point.x - LEFT) / (W - LEFT - RIGHT)) * steps);
      onStep(Math.max(0, Math.min(plies.length, step)));
    });
  }

  const legend = el(
    "ul",
    { class: "analysis-legend", "data-testid": "analysis-legend" },
    ...labels.map((name, side) => {
      const swatch = el("span", { class: "swatch" });
      swatch.style.backgroundColor = sideColor(analysis, side);
      const last = plies.length ? plies[plies.length - 1].win_prob[side] : null;
      return el("li", {}, swatch, name, last === null ? "" : ` (${percent(last)} at the end)`);
    }),
  );

  const list = el("ol", { class: "analysis-moments", "data-testid": "analysis-moments" });
  moments.forEach((moment, i) => {
    const step = moment.ply + 1;
    const link = el(
      "a",
      {
        href: hrefFor ? hrefFor(step) : "#",
        "data-testid": `analysis-moment-link-${i}`,
        dataset: { step: String(step) },
      },
      momentText(moment, labels),
    );
    if (onStep) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        onStep(step);
      });
    }
    list.append(el("li", {}, link));
  });
  const heading = moments.length
    ? el("h3", {}, "Key moments")
    : el("p", { class: "muted" }, "No key moments: no move cost its player much.");

  container.replaceChildren(root, legend, heading, ...(moments.length ? [list] : []));
  container.dataset.state = "ready";
  container.dataset.plies = String(plies.length);
  container.dataset.moments = String(moments.length);

  function setCurrent(step) {
    if (step === null || step === undefined) {
      marker.setAttribute("visibility", "hidden");
      delete container.dataset.marker;
      return;
    }
    const at = Math.max(0, Math.min(plies.length, step));
    marker.setAttribute("x1", x(at));
    marker.setAttribute("x2", x(at));
    marker.setAttribute("visibility", "visible");
    container.dataset.marker = String(at);
  }
  setCurrent(current);
  return { setCurrent };
}
