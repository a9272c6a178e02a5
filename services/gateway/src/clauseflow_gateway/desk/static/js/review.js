// The review page: the contract with each risk marked on the words it quotes, the plan and progress
// (live over the review's event stream), and the findings with their redlines to decide.

import { api, download, readEvents } from "./api.js";
import { badge, errorBox, notify } from "./common.js";
import { wordDiff } from "./diff.js";
import { clear, h } from "./dom.js";
import { riskRanges } from "./highlight.js";
import { riskTypeLabel, statusLabel, t } from "./i18n.js";

const DEPTHS = ["deep", "standard", "quick"];
const TERMINAL = new Set(["completed", "failed", "incomplete"]);

/**
 * Make `box`'s children the `wanted` items, in order, drawing only those whose signature changed.
 * `drawn` maps an item's key to its element and signature (kept between calls). An element that is
 * already in place is not moved, so a focused one keeps its focus.
 */
function reconcile(box, wanted, drawn) {
  const keep = new Set(wanted.map((w) => w.key));
  for (const [key, entry] of drawn) {
    if (!keep.has(key)) {
      entry.el.remove();
      drawn.delete(key);
    }
  }
  let cursor = box.firstChild;
  for (const item of wanted) {
    let entry = drawn.get(item.key);
    if (!entry || entry.sig !== item.sig) {
      const el = item.draw();
      if (entry) {
        if (entry.el === cursor) cursor = el;
        entry.el.replaceWith(el);
      }
      entry = { el, sig: item.sig };
      drawn.set(item.key, entry);
    }
    if (entry.el !== cursor) box.insertBefore(entry.el, cursor);
    else cursor = cursor.nextSibling;
  }
  while (cursor) { // anything else (the "loading" line)
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

/** Render review `id` into `main`; returns a function that stops its live updates. */
export function showReview(main, id, warnings = []) {
  const page = new ReviewPage(main, id, warnings);
  page.start();
  return () => page.stop();
}

class ReviewPage {
  constructor(main, id, warnings) {
    this.main = main;
    this.id = id;
    this.base = `/v1/reviews/${encodeURIComponent(id)}`;
    this.warnings = warnings;
    this.review = null;
    this.blocks = [];
    this.risks = [];
    this.redlines = new Map();
    this.plan = null;
    this.selected = new Set();
    this.focused = -1;
    this.editor = null; // {redlineId, mode: "edit"|"reject", value}
    this.abort = new AbortController();
    this.refreshTimer = null;
    this.generation = 0;
    this.onKey = (event) => this.key(event);
    // What is drawn, by key, with the signature of what it shows: a redraw replaces only the
    // elements whose content changed, so focus, selection and scroll stay where the lawyer left them.
    this.drawnCards = new Map();
    this.drawnBlocks = new Map();
    this.live = h("span", { class: "live", "aria-live": "polite" });
  }

  async start() {
    clear(this.main).append(h("p", { class: "muted page", text: t("loading") }));
    // The event stream opens at once, beside the first requests: on a busy server each request
    // costs a round trip, and the first redline should not wait for the page's own loading.
    // Events that arrive before the page is drawn wait in `early`.
    const early = [];
    this.deliver = (name, data) => early.push([name, data]);
    this.follow();
    try {
      const [review, doc] = await Promise.all([api(this.base), api(`${this.base}/document`)]);
      this.review = review;
      // The reference documents' clauses (PC, ER, schedules) follow the contract's own, their ids
      // prefixed as the review cites them ("ER 3.2"), so their risks are marked in place too.
      this.blocks = [
        ...doc.blocks,
        ...(doc.references || []).flatMap((ref) => ref.blocks.map((b, i) => ({ ...b, reference: ref, startsReference: i === 0 }))),
      ];
    } catch (error) {
      this.abort.abort();
      clear(this.main).append(h("section", { class: "page" }, errorBox(error, error.status === 404 ? t("notFound") : null)));
      return;
    }
    this.layout();
    this.deliver = (name, data) => this.event(name, data);
    for (const [name, data] of early.splice(0)) this.event(name, data);
    await this.refresh();
    document.addEventListener("keydown", this.onKey);
    // The review is drawn and answers keys: what tests and the bench measure as "interactive".
    document.body.dataset.reviewReady = String(Math.round(performance.now()));
  }

  stop() {
    delete document.body.dataset.reviewReady;
    this.abort.abort();
    document.removeEventListener("keydown", this.onKey);
    clearTimeout(this.refreshTimer);
  }

  // ---- live updates -------------------------------------------------------------------------

  async follow() {
    const live = this.live;
    for (;;) {
      live.textContent = `● ${t("live")}`;
      live.className = "live on";
      try {
        await readEvents(`${this.base}/events`, (name, data) => this.deliver(name, data), this.abort.signal);
        live.textContent = t("ended");
        live.className = "live off";
        await this.refresh();
        return;
      } catch (error) {
        if (this.abort.signal.aborted) return;
        if (error.status && error.status < 500) {
          live.replaceWith(errorBox(error));
          return;
        }
        live.textContent = t("reconnecting");
        live.className = "live warn";
        await new Promise((resolve) => setTimeout(resolve, 1000)); // reconnect, not polling
      }
    }
  }

  event(name, data) {
    const payload = JSON.parse(data);
    if (name === "progress") {
      const before = this.review;
      this.review = { ...this.review, ...payload };
      this.renderHead();
      this.renderStates();
      if (payload.plan_version !== before.plan_version) this.loadPlan();
      if (payload.progress.clauses_analyzed !== before.progress.clauses_analyzed || payload.status !== before.status) {
        this.scheduleRefresh();
      }
    } else if (name === "redline") {
      this.redlines.set(payload.id, payload);
      this.renderFindings();
      this.scheduleRefresh(); // its risk came with the same result
    } else if (name === "end") {
      this.review = { ...this.review, ...payload };
      this.renderHead();
    }
  }

  scheduleRefresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.refresh(), 100);
  }

  async refresh() {
    if (!this.el) return; // the stream ended before the page was drawn: start() refreshes once drawn
    // A refresh that was under way when a decision was sent may bring the redline's old status:
    // only the latest refresh is drawn.
    const generation = ++this.generation;
    try {
      const [review, risks, redlines] = await Promise.all([
        api(this.base), api(`${this.base}/risks`), api(`${this.base}/redlines`),
      ]);
      if (generation !== this.generation) return;
      this.review = review;
      this.risks = risks.data;
      this.redlines = new Map(redlines.data.map((r) => [r.id, r]));
      if (!this.plan || this.plan.plan_version !== review.plan_version) await this.loadPlan(false);
      if (generation !== this.generation) return;
    } catch (error) {
      notify(error.message, "error");
      return;
    }
    this.renderHead();
    this.renderPlan();
    this.renderDocument();
    this.renderFindings();
  }

  async loadPlan(render = true) {
    try {
      const plan = await api(`${this.base}/plan`);
      this.plan = plan.current;
    } catch {
      return;
    }
    if (render) this.renderPlan();
  }

  // ---- layout -------------------------------------------------------------------------------

  layout() {
    const el = (this.el = {});
    this.drawnCards.clear();
    this.drawnBlocks.clear();
    el.title = h("h1", { id: "review-h" });
    el.meta = h("p", { class: "meta" });
    el.status = h("span", {});
    el.progress = h("progress", { max: 100, value: 0, id: "review-progress", "aria-label": t("progress") });
    el.progressText = h("span", { class: "progress-text", id: "progress-text" });
    el.live = this.live;
    el.summary = h("p", { class: "summary", hidden: true });
    el.downloads = this.downloads();
    el.plan = h("section", { class: "plan", "aria-labelledby": "plan-h" });
    el.doc = h("article", { class: "doc", id: "document", "aria-label": t("document") });
    el.findings = h("div", { class: "findings-list", id: "findings" });
    el.bulk = h("div", { class: "bulk" });
    clear(this.main).append(
      h("section", { class: "review-page", "aria-labelledby": "review-h" },
        h("header", { class: "review-head" },
          h("div", { class: "review-title" }, el.title, el.meta),
          h("div", { class: "review-progress" }, el.status, el.progress, el.progressText, el.live),
          el.downloads),
        this.warnings.length ? h("div", { class: "warnings", role: "note" }, h("strong", { text: t("warnings") }),
          h("ul", {}, this.warnings.map((w) => h("li", { text: w })))) : null,
        el.summary,
        h("div", { class: "review-grid" },
          h("div", { class: "doc-col" }, el.plan, el.doc),
          h("aside", { class: "panel", "aria-labelledby": "findings-h" },
            h("div", { class: "panel-head" }, h("h2", { id: "findings-h", text: t("findings") }), this.helpButton()),
            el.bulk, el.findings))));
    this.renderHead();
    this.renderDocument();
  }

  helpButton() {
    const keys = [["j / ↓", t("keyNext")], ["k / ↑", t("keyPrev")], ["a", t("keyApprove")], ["e", t("keyEdit")],
      ["r", t("keyReject")], ["x", t("keySelect")], ["?", t("keyHelp")]];
    const list = h("dl", { class: "keys", id: "key-help", hidden: true },
      keys.map(([k, label]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: label })]));
    const button = h("button", { class: "btn small ghost", type: "button", "aria-expanded": "false", "aria-controls": "key-help",
      text: `⌨ ${t("keys")}`, onclick: () => {
        list.hidden = !list.hidden;
        button.setAttribute("aria-expanded", String(!list.hidden));
      } });
    this.keyHelp = () => button.click();
    return h("div", { class: "help" }, button, list);
  }

  downloads() {
    const items = [
      ["reportMd", "report?format=md", "report.md"],
      ["reportJson", "report?format=json", "report.json"],
      ["docxRedline", "report?format=docx&variant=redline", "report-redline.docx"],
      ["docxClean", "report?format=docx&variant=clean", "report-clean.docx"],
    ];
    return h("nav", { class: "downloads", "aria-label": t("downloads") },
      h("span", { class: "muted small", text: `${t("downloads")}:` }),
      items.map(([label, query, filename]) => {
        const href = `${this.base}/${query}`;
        return h("a", { href, class: "download", download: filename, "data-download": filename, text: t(label),
          onclick: async (event) => {
            event.preventDefault(); // fetched with the API key, then saved
            try {
              await download(href, `${this.id}-${filename}`);
            } catch (error) {
              notify(`${t(label)}: ${error.message}`, "error");
            }
          } });
      }));
  }

  // ---- rendering ----------------------------------------------------------------------------

  renderHead() {
    const r = this.review;
    const el = this.el;
    el.title.textContent = r.title || r.filename || r.id;
    el.meta.textContent = `${t("party")}: ${r.our_party} · ${r.language} · ${r.domain} · ${r.id}`;
    el.status.replaceChildren(badge(r.status));
    const p = r.progress;
    const percent = p.clauses_total ? Math.round((100 * p.clauses_analyzed) / p.clauses_total) : 0;
    el.progress.value = TERMINAL.has(r.status) ? 100 : percent;
    el.progress.dataset.analysed = String(p.clauses_analyzed);
    el.progress.dataset.total = String(p.clauses_total);
    el.progress.dataset.allAnalysed = String(p.clauses_total > 0 && p.clauses_analyzed === p.clauses_total);
    el.progressText.textContent = `${p.clauses_analyzed}/${p.clauses_total} ${t("clauses")} ${t("analysed")} · ${p.clauses_settled} ${t("settled")}`;
    el.summary.hidden = !r.summary;
    el.summary.textContent = r.summary ? `${t("summary")}: ${r.summary}` : "";
  }

  clauseStates() {
    return new Map((this.review.clauses || []).map((c) => [c.clause_id, c]));
  }

  renderPlan() {
    const box = this.el.plan;
    const plan = this.plan?.plan;
    const states = this.clauseStates();
    const rows = plan ? [...plan.clause_plans].sort((a, b) => a.priority_order - b.priority_order) : [];
    const counts = Object.fromEntries(DEPTHS.map((d) => [d, rows.filter((p) => p.analysis_depth === d).length]));
    clear(box).append(
      h("details", { open: true },
        h("summary", {}, h("h2", { id: "plan-h", text: t("plan") }),
          h("span", { class: "plan-counts" }, DEPTHS.map((d) => h("span", { class: `depth d-${d}`, text: `${t(d)} ${counts[d]}` })))),
        plan?.global_strategy ? h("p", { class: "strategy", text: plan.global_strategy }) : null,
        rows.length
          ? h("ol", { class: "plan-list" }, rows.map((p) => {
            const state = states.get(p.clause_id)?.state || "planned";
            return h("li", { "data-plan": p.clause_id, title: p.rationale || "" },
              h("span", { class: "clause-no", text: p.clause_id }),
              h("span", { class: "plan-name", text: p.clause_name || "" }),
              h("span", { class: `depth d-${p.analysis_depth}`, text: t(p.analysis_depth) }),
              h("span", { class: `state s-${state}`, "data-state-of": p.clause_id, text: statusLabel(state) }));
          }))
          : h("p", { class: "muted", text: t("waiting") })));
  }

  renderStates() {
    const states = this.clauseStates();
    for (const chip of this.main.querySelectorAll("[data-state-of]")) {
      const state = states.get(chip.dataset.stateOf)?.state;
      if (!state) continue;
      chip.className = `state s-${state}`;
      chip.textContent = statusLabel(state);
    }
  }

  renderDocument() {
    const { ranges } = riskRanges(this.blocks, this.risks);
    const states = this.clauseStates();
    const flagged = new Set(this.risks.map((r) => r.clause_id));
    const wanted = [];
    for (const block of this.blocks) {
      if (block.startsReference) {
        const ref = block.reference;
        wanted.push({ key: `ref:${ref.prefix}`, sig: ref.title, draw: () => h("h2", { class: "reference-head", "data-reference": ref.prefix,
          text: `${t("referenceDocument")} · ${ref.prefix}${ref.title ? ` — ${ref.title}` : ""}` }) });
      }
      const unit = states.get(block.clause_id);
      const marks = (ranges.get(block.clause_id) || []).map((r) => [r.start, r.end, r.risk.id, r.risk.risk_level, r.risk.description]);
      const sig = JSON.stringify([unit?.depth, unit?.state, flagged.has(block.clause_id), marks]);
      wanted.push({ key: `clause:${block.clause_id}`, sig, draw: () => this.blockView(block, unit, flagged, ranges) });
    }
    reconcile(this.el.doc, wanted, this.drawnBlocks);
  }

  blockView(block, unit, flagged, ranges) {
    const para = h("div", {
      class: `clause level-${Math.min(block.level, 3)}${flagged.has(block.clause_id) ? " flagged" : ""}${block.reference ? " reference" : ""}`,
      id: `clause-${block.clause_id}`,
      "data-clause": block.clause_id,
    });
    if (unit) {
      para.append(h("div", { class: "clause-chips" },
        h("span", { class: `depth d-${unit.depth}`, text: t(unit.depth) }),
        h("span", { class: `state s-${unit.state}`, "data-state-of": block.clause_id, text: statusLabel(unit.state) })));
    }
    const text = h("p", { class: "clause-text" });
    let at = 0;
    for (const range of ranges.get(block.clause_id) || []) {
      text.append(block.text.slice(at, range.start));
      text.append(h("mark", {
        class: `risk lv-${range.risk.risk_level}`, "data-risk": range.risk.id, tabindex: "-1",
        title: `${t(range.risk.risk_level)} — ${range.risk.description}`, text: block.text.slice(range.start, range.end),
        onclick: () => this.focusRisk(range.risk.id),
      }));
      at = range.end;
    }
    text.append(block.text.slice(at));
    para.append(text);
    return para;
  }

  /** Findings: one card per risk (document order) with its redlines; redlines without a risk last. */
  cards() {
    const byRisk = new Map();
    for (const redline of this.redlines.values()) {
      const list = byRisk.get(redline.risk_id) || [];
      list.push(redline);
      byRisk.set(redline.risk_id, list);
    }
    // Document order: the blocks' order (the API's order falls back to ids for sub-clause units).
    const where = new Map(this.blocks.map((b, i) => [b.clause_id, i]));
    const place = (clauseId) => where.get(clauseId) ?? this.blocks.length;
    const risks = [...this.risks].sort((a, b) => place(a.clause_id) - place(b.clause_id));
    const cards = risks.map((risk) => ({ key: risk.id, risk, redlines: byRisk.get(risk.id) || [] }));
    const known = new Set(risks.map((r) => r.id));
    for (const [riskId, list] of byRisk) if (!known.has(riskId)) cards.push({ key: riskId || list[0].id, risk: null, redlines: list });
    for (const card of cards) card.redlines.sort((a, b) => b.round - a.round);
    return cards;
  }

  renderFindings() {
    // Only the cards whose risk, redlines, selection or open editor changed are drawn again; the
    // others stay the same elements, so the focused one keeps focus and the panel keeps its scroll.
    const focusedEl = document.activeElement;
    const inside = focusedEl && this.el.findings.contains(focusedEl);
    const refocus = inside
      ? { id: focusedEl.id, card: focusedEl.classList.contains("finding"), start: focusedEl.selectionStart, end: focusedEl.selectionEnd }
      : null;
    this.cardList = this.cards();
    const wanted = this.cardList.map((card) => ({ key: `card:${card.key}`, sig: this.cardSignature(card), draw: () => this.card(card) }));
    if (!this.cardList.length) {
      const empty = TERMINAL.has(this.review.status) ? t("noFindings") : t("waiting");
      wanted.push({ key: "empty", sig: empty, draw: () => h("p", { class: "empty", text: empty }) });
    }
    reconcile(this.el.findings, wanted, this.drawnCards);
    this.renderBulk();
    if (this.focused >= this.cardList.length) this.focused = this.cardList.length - 1;
    this.el.findings.querySelectorAll(".finding").forEach((c, i) => c.classList.toggle("current", i === this.focused));
    if (refocus && !this.el.findings.contains(document.activeElement)) {
      // The focused element was in a card drawn again: focus its successor.
      const again = refocus.id ? document.getElementById(refocus.id) : refocus.card ? this.cardAt(this.focused) : null;
      if (again) {
        again.focus({ preventScroll: true });
        if (typeof refocus.start === "number" && again.setSelectionRange) again.setSelectionRange(refocus.start, refocus.end);
      }
    }
  }

  cardSignature({ risk, redlines }) {
    const editing = this.editor && redlines.some((r) => r.id === this.editor.redlineId) ? [this.editor.redlineId, this.editor.mode] : null;
    return JSON.stringify([risk, redlines, redlines.map((r) => this.selected.has(r.id)), editing]);
  }

  cardAt(index) {
    return this.el.findings.querySelectorAll(".finding")[index];
  }

  card({ key, risk, redlines }) {
    const level = risk?.risk_level || "medium";
    const clauseId = risk?.clause_id || redlines[0]?.clause_id || "";
    const headId = `finding-h-${key}`;
    return h("article", { class: `finding lv-${level}`, tabindex: "-1", "data-finding": key,
      "aria-labelledby": headId, onfocus: () => this.setFocus(this.cardList.findIndex((c) => c.key === key), false) },
      h("header", { id: headId },
        risk ? h("span", { class: `level lv-${level}`, text: t(level) }) : null,
        h("a", { class: "clause-ref", href: `#/reviews/${encodeURIComponent(this.id)}`, text: `${t("clause")} ${clauseId}`,
          onclick: (e) => { e.preventDefault(); this.showInDocument(risk?.id, clauseId); } }),
        risk ? h("span", { class: "risk-type", text: riskTypeLabel(risk.risk_type) }) : null),
      risk ? h("p", { class: "desc", text: risk.description }) : null,
      risk?.reason ? h("p", { class: "why" }, h("span", { class: "label", text: `${t("reason")}: ` }), risk.reason) : null,
      redlines.map((redline) => this.redlineView(redline)));
  }

  redlineView(redline) {
    const pending = redline.status === "pending";
    const box = h("div", { class: `redline rs-${redline.status}`, "data-redline": redline.id, "data-clause-of": redline.clause_id,
      "data-status": redline.status, "data-round": redline.round });
    const head = h("div", { class: "redline-head" });
    if (pending) {
      head.append(h("input", { type: "checkbox", class: "select", id: `sel-${redline.id}`, checked: this.selected.has(redline.id),
        "aria-label": `${t("selected")}: ${redline.clause_id}`,
        onchange: (e) => { if (e.target.checked) this.selected.add(redline.id); else this.selected.delete(redline.id); this.renderBulk(); } }));
    }
    head.append(badge(redline.status));
    if (redline.round > 0) head.append(h("span", { class: "round", text: `${t("round")} ${redline.round}` }));
    if (redline.decided_by) head.append(h("span", { class: "muted small", text: `${t("decidedBy")} ${redline.decided_by}` }));
    box.append(head);
    if (redline.status === "superseded") {
      box.append(h("details", {}, h("summary", { text: t("earlierDraft") }), wordDiff(redline.original_text, redline.proposed_text, this.diffLabels())));
      return box;
    }
    box.append(wordDiff(redline.original_text, redline.proposed_text, this.diffLabels()));
    if (redline.reason) box.append(h("p", { class: "why small" }, h("span", { class: "label", text: `${t("reason")}: ` }), redline.reason));
    if (redline.final_text && redline.final_text !== redline.proposed_text) {
      box.append(h("p", { class: "final" }, h("span", { class: "label", text: `${t("finalText")}: ` }), redline.final_text));
    }
    if (pending) box.append(this.actions(redline));
    return box;
  }

  diffLabels() {
    return { aria: `${t("original")} → ${t("proposed")}`, inserted: t("proposed"), deleted: t("original") };
  }

  actions(redline) {
    const editing = this.editor?.redlineId === redline.id ? this.editor : null;
    const bar = h("div", { class: "actions" },
      h("button", { class: "btn approve", type: "button", "data-action": "approve", text: t("approve"),
        onclick: () => this.decide([{ redline_id: redline.id, action: "approve" }]) }),
      h("button", { class: "btn", type: "button", "data-action": "edit", text: t("edit"), "aria-expanded": String(editing?.mode === "edit"),
        onclick: () => this.openEditor(redline, "edit") }),
      h("button", { class: "btn reject", type: "button", "data-action": "reject", text: t("reject"), "aria-expanded": String(editing?.mode === "reject"),
        onclick: () => this.openEditor(redline, "reject") }));
    if (!editing) return bar;
    const id = `${editing.mode}-${redline.id}`;
    const area = h("textarea", { id, rows: editing.mode === "edit" ? 5 : 3, value: editing.value,
      oninput: (e) => { editing.value = e.target.value; },
      onkeydown: (e) => { if (e.key === "Escape") { this.editor = null; this.renderFindings(); } } });
    const send = editing.mode === "edit"
      ? () => this.decide([{ redline_id: redline.id, action: "edit", text: editing.value }])
      : () => this.decide([{ redline_id: redline.id, action: "reject", feedback: editing.value }]);
    return h("div", {}, bar, h("div", { class: `editor ${editing.mode}` },
      h("label", { for: id, text: editing.mode === "edit" ? t("proposed") : t("feedback") }), area,
      h("div", { class: "editor-actions" },
        h("button", { class: `btn primary`, type: "button", "data-action": `${editing.mode}-send`,
          text: editing.mode === "edit" ? t("saveEdit") : t("rejectSend"), onclick: send }),
        h("button", { class: "btn ghost", type: "button", text: t("cancel"), onclick: () => { this.editor = null; this.renderFindings(); } }))));
  }

  openEditor(redline, mode) {
    this.editor = { redlineId: redline.id, mode, value: mode === "edit" ? redline.proposed_text : "" };
    this.renderFindings();
    document.getElementById(`${mode}-${redline.id}`)?.focus();
  }

  renderBulk() {
    const pending = [...this.redlines.values()].filter((r) => r.status === "pending");
    for (const id of [...this.selected]) if (!this.redlines.get(id) || this.redlines.get(id).status !== "pending") this.selected.delete(id);
    clear(this.el.bulk);
    if (!pending.length) return;
    this.el.bulk.append(
      h("button", { class: "btn small ghost", type: "button", text: t("selectAll"),
        onclick: () => { pending.forEach((r) => this.selected.add(r.id)); this.renderFindings(); } }),
      h("button", { class: "btn small approve", type: "button", id: "approve-selected", disabled: !this.selected.size,
        text: `${t("approveSelected")} (${this.selected.size})`,
        onclick: () => this.decide([...this.selected].map((id) => ({ redline_id: id, action: "approve" }))) }));
  }

  async decide(decisions) {
    this.generation++; // what is being fetched now predates this decision
    try {
      await api(`${this.base}/decisions`, { method: "POST", json: { decisions, idempotency_key: crypto.randomUUID() } });
    } catch (error) {
      notify(error.message, "error");
      return;
    }
    for (const d of decisions) {
      const redline = this.redlines.get(d.redline_id);
      if (redline) redline.status = { approve: "approved", edit: "edited", reject: "rejected" }[d.action];
      this.selected.delete(d.redline_id);
    }
    this.editor = null;
    notify(t("decided"));
    this.renderFindings();
    this.scheduleRefresh();
    this.cardAt(this.focused)?.focus({ preventScroll: true });
  }

  // ---- focus and keyboard -------------------------------------------------------------------

  setFocus(index, move = true) {
    const cards = this.el.findings.querySelectorAll(".finding");
    if (!cards.length) return;
    this.focused = Math.max(0, Math.min(cards.length - 1, index));
    cards.forEach((c, i) => c.classList.toggle("current", i === this.focused));
    const card = cards[this.focused];
    if (move) card.focus();
    const risk = this.cardList[this.focused]?.risk;
    for (const mark of this.el.doc.querySelectorAll("mark.current")) mark.classList.remove("current");
    const mark = risk && this.el.doc.querySelector(`mark[data-risk="${CSS.escape(risk.id)}"]`);
    if (mark) {
      mark.classList.add("current");
      mark.scrollIntoView({ block: "nearest" });
    }
  }

  focusRisk(riskId) {
    const index = this.cardList.findIndex((c) => c.risk?.id === riskId);
    if (index >= 0) this.setFocus(index);
  }

  showInDocument(riskId, clauseId) {
    const target = (riskId && this.el.doc.querySelector(`mark[data-risk="${CSS.escape(riskId)}"]`))
      || document.getElementById(`clause-${clauseId}`);
    if (target) {
      target.scrollIntoView({ block: "center" });
      target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }

  key(event) {
    const typing = event.target.closest?.("input, textarea, select");
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const card = this.cardList?.[this.focused];
    const pending = card?.redlines.find((r) => r.status === "pending");
    const actions = {
      j: () => this.setFocus(this.focused + 1), ArrowDown: () => this.setFocus(this.focused + 1),
      k: () => this.setFocus(this.focused - 1), ArrowUp: () => this.setFocus(this.focused - 1),
      a: () => pending && this.decide([{ redline_id: pending.id, action: "approve" }]),
      e: () => pending && this.openEditor(pending, "edit"),
      r: () => pending && this.openEditor(pending, "reject"),
      x: () => { if (pending) { this.selected.has(pending.id) ? this.selected.delete(pending.id) : this.selected.add(pending.id); this.renderFindings(); } },
      "?": () => this.keyHelp(),
    };
    const action = actions[event.key];
    if (!action) return;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !event.target.closest?.(".panel")) return;
    event.preventDefault();
    action();
  }
}
