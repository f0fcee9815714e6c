// The page /rules/GAME: a game's whole rules reference, searchable; /rules/GAME#SY-5.1 opens
// it at the section stating that rule.

import { api } from "./api.js";
import { RulesPanel } from "./guide.js";

const game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const panel = new RulesPanel(document.getElementById("rules-panel"));

api("/api/games")
  .then((data) => {
    const info = data.games.find((g) => g.name === game);
    if (info) {
      document.getElementById("rules-title").textContent = `${info.title}: rules`;
      document.title = `${info.title} rules · tabletide`;
    }
  })
  .catch(() => {});

panel.load(game).then(() => {
  const rule = decodeURIComponent(window.location.hash.slice(1));
  if (rule) panel.show(rule);
});
