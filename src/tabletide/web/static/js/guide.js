// Learning the game at the table: the Rules panel (the game's rules reference, searchable,
// opened at the rules of the current decision), the "Why can't I…?" list, and the hint.

import { api, el } from "./api.js";

/** The Rules panel: every section of the reference; `show(rule)` scrolls to the one stating
 * it and marks it current; the search box hides the sections without all the words. */
export class RulesPanel {
  constructor(root) {
    this.root = root;
    this.body = root.querySelector("[data-testid=rules-body]");
    this.search = root.querySelector("[data-testid=rules-search]");
    this.full = root.querySelector("[data-testid=rules-full]");
    this.data = null;
    this.loading = null;
    this.current = null;
    this.search.addEventListener("input", () => this.filter(this.search.value));
  }

  load(game) {
    if (!this.loading) {
      this.full.href = `/rules/${encodeURIComponent(game)}`;
      this.loading = api(`/api/games/${encodeURIComponent(game)}/rules`).then(
        (data) => {
          this.data = data;
          this.body.replaceChildren(
            ...data.sections.map((s) => {
              const article = el("article", {
                class: `rule-section level-${s.level}`,
                id: `rules-${s.anchor}`,
                dataset: { anchor: s.anchor, rules: s.rules.join(" ") },
              });
              article.innerHTML = s.html; // rendered server-side from our Markdown, raw HTML off
              return article;
            }),
          );
          if (this.current) this.show(this.current, { open: false });
        },
        () => {
          this.body.textContent = "The rules reference could not be loaded.";
        },
      );
    }
    return this.loading;
  }

  /** Scroll the panel (not the page) to the section stating `rule`; open it if asked. */
  show(rule, { open = true } = {}) {
    this.current = rule;
    if (open) this.root.open = true;
    if (!this.data || !rule) return;
    const anchor = this.data.index[rule];
    for (const node of this.body.querySelectorAll("[data-current]")) delete node.dataset.current;
    for (const node of this.body.querySelectorAll(".rule-id.current")) node.classList.remove("current");
    const article = anchor && this.body.querySelector(`#rules-${CSS.escape(anchor)}`);
    if (!article) return;
    article.dataset.current = "true";
    for (const mark of article.querySelectorAll(".rule-id")) {
      if (mark.dataset.rule === rule) mark.classList.add("current");
    }
    if (this.search.value) {
      this.search.value = "";
      this.filter("");
    }
    if (this.body.scrollHeight > this.body.clientHeight) {
      this.body.scrollTop = article.offsetTop - this.body.offsetTop;
    } else {
      article.scrollIntoView({ block: "start" });
    }
  }

  filter(query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const article of this.body.querySelectorAll("article")) {
      const text = article.textContent.toLowerCase();
      article.hidden = !words.every((w) => text.includes(w));
      if (!article.hidden) shown += 1;
    }
    this.root.dataset.matches = String(shown);
  }
}

/** The rule IDs of the decision as buttons that open the Rules panel at each. */
export function renderRuleLinks(node, rules, onOpen) {
  node.hidden = !rules.length;
  node.replaceChildren(
    ...(rules.length ? [el("span", { class: "rule-links-label" }, "Rules:")] : []),
    ...rules.map((rule) =>
      el(
        "button",
        {
          type: "button",
          class: "rule-link",
          dataset: { testid: `rule-link-${rule}`, rule },
          onclick: () => onOpen(rule),
        },
        rule,
      ),
    ),
  );
}

/** "Why can't I…?": each closed option with its reason and the rule that closes it. */
export function renderWhyNot(details, closed, onOpen) {
  details.hidden = !closed.length;
  details.querySelector("summary").textContent = `Why can't I…? (${closed.length})`;
  details.querySelector("ul").replaceChildren(
    ...closed.map((item, i) =>
      el(
        "li",
        { dataset: { testid: `closed-${i}` } },
        el("strong", {}, item.option),
        `: ${item.reason} `,
        el(
          "button",
          { type: "button", class: "rule-link", onclick: () => onOpen(item.rule) },
          item.rule,
        ),
      ),
    ),
  );
}

/** The hint's top options, best first, and how to read their ratings. */
export function renderHint(node, hint) {
  node.hidden = !hint;
  if (!hint) {
    node.replaceChildren();
    return;
  }
  node.replaceChildren(
    el("p", { class: "hint-title" }, `What ${hint.level} would do here:`),
    el(
      "ol",
      {},
      ...hint.options.map((o, i) =>
        el(
          "li",
          { dataset: { testid: `hint-${i}`, index: o.index } },
          el("span", { class: "hint-label" }, o.label),
          el("span", { class: "hint-rating" }, ` — ${o.text}`),
        ),
      ),
    ),
    el("p", { class: "hint-scale" }, hint.scale),
  );
}
