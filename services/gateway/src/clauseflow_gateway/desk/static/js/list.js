// The list of reviews: filters, cursor pages (GET /v1/reviews), one row per review.

import { api } from "./api.js";
import { age, badge, errorBox } from "./common.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

const STATUSES = ["received", "planning", "reviewing", "awaiting_approval", "summarizing", "completed", "incomplete", "failed"];

/** Render the review list into `main`. */
export function showList(main) {
  const state = { cursors: [null], page: 0, filters: {} };
  const status = h("select", { id: "f-status", "aria-label": t("status") },
    h("option", { value: "", text: t("anyStatus") }),
    STATUSES.map((s) => h("option", { value: s, text: t(`st_${s}`) })));
  const party = h("input", { id: "f-party", type: "search", placeholder: t("party"), "aria-label": t("party") });
  const from = h("input", { id: "f-from", type: "date", "aria-label": t("createdFrom") });
  const to = h("input", { id: "f-to", type: "date", "aria-label": t("createdTo") });
  const body = h("div", { class: "list-body" });
  const prev = h("button", { class: "btn", type: "button", text: t("previous") });
  const next = h("button", { class: "btn", type: "button", text: t("next") });

  const filters = h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); apply(); } },
    h("label", {}, h("span", { text: t("status") }), status),
    h("label", {}, h("span", { text: t("party") }), party),
    h("label", {}, h("span", { text: t("createdFrom") }), from),
    h("label", {}, h("span", { text: t("createdTo") }), to),
    h("button", { class: "btn primary", type: "submit", text: t("filter") }),
    h("button", { class: "btn ghost", type: "button", text: t("clearFilters"),
      onclick: () => { status.value = ""; party.value = ""; from.value = ""; to.value = ""; apply(); } }));

  clear(main).append(
    h("section", { class: "page list-page", "aria-labelledby": "list-h" },
      h("div", { class: "page-head" },
        h("h1", { id: "list-h", text: t("reviews") }),
        h("a", { class: "btn primary", href: "#/new", text: t("newReview") })),
      filters, body, h("div", { class: "pager" }, prev, next)));

  function apply() {
    state.filters = {
      status: status.value,
      party: party.value.trim(),
      created_after: from.value ? new Date(`${from.value}T00:00:00`).toISOString() : "",
      created_before: to.value ? new Date(new Date(`${to.value}T00:00:00`).getTime() + 86400000).toISOString() : "",
    };
    state.cursors = [null];
    state.page = 0;
    load();
  }
  prev.addEventListener("click", () => { state.page = Math.max(0, state.page - 1); load(); });
  next.addEventListener("click", () => { state.page += 1; load(); });

  async function load() {
    const query = new URLSearchParams({ limit: "20" });
    for (const [k, v] of Object.entries(state.filters)) if (v) query.set(k, v);
    const cursor = state.cursors[state.page];
    if (cursor) query.set("cursor", cursor);
    clear(body).append(h("p", { class: "muted", text: t("loading") }));
    try {
      const page = await api(`/v1/reviews?${query}`);
      state.cursors[state.page + 1] = page.next_cursor;
      prev.disabled = state.page === 0;
      next.disabled = !page.next_cursor;
      clear(body).append(page.data.length ? table(page.data) : h("p", { class: "empty", text: t("noReviews") }));
    } catch (error) {
      clear(body).append(errorBox(error));
    }
  }
  load();
}

function table(reviews) {
  return h("table", { class: "reviews" },
    h("thead", {}, h("tr", {},
      [t("title"), t("party"), t("status"), t("progress"), t("risks"), t("redlines"), t("age")].map((label) =>
        h("th", { scope: "col", text: label })))),
    h("tbody", {}, reviews.map(row)));
}

function row(review) {
  const risks = review.risk_counts;
  const pending = review.redline_counts.pending || 0;
  const decided = Object.entries(review.redline_counts).filter(([s]) => s !== "pending").reduce((n, [, c]) => n + c, 0);
  return h("tr", { "data-review": review.id },
    h("td", {}, h("a", { href: `#/reviews/${encodeURIComponent(review.id)}`, class: "review-link", text: review.title || review.filename || review.id }),
      h("div", { class: "muted small", text: review.filename })),
    h("td", { text: review.our_party }),
    h("td", {}, badge(review.status)),
    h("td", {}, h("progress", { max: 100, "aria-label": t("progress"),
      value: review.progress.clauses_total ? (100 * review.progress.clauses_analyzed) / review.progress.clauses_total : 0 }),
      h("span", { class: "small muted", text: ` ${review.progress.clauses_analyzed}/${review.progress.clauses_total}` })),
    h("td", {}, h("span", { class: "count lv-high", title: t("high"), text: risks.high }),
      h("span", { class: "count lv-medium", title: t("medium"), text: risks.medium }),
      h("span", { class: "count lv-low", title: t("low"), text: risks.low })),
    h("td", {}, h("span", { class: "small", text: `${pending} ${t("st_pending")} · ${decided} ${t("decidedCount")}` })),
    h("td", { class: "small muted", title: review.created_at, text: age(review.created_at) }));
}
