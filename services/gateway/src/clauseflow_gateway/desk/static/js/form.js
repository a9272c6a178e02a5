// The new-review form: a multipart POST /v1/reviews; a refused upload shows the API's own message.

import { api } from "./api.js";
import { errorBox } from "./common.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

const ACCEPT = ".txt,.md,.docx,.pdf";

function field(label, control, hint) {
  return h("div", { class: "field" },
    h("label", { for: control.id, text: label }), control, hint ? h("div", { class: "hint", id: `${control.id}-hint`, text: hint }) : null);
}

function select(id, name, options) {
  return h("select", { id, name }, options.map(([value, label]) => h("option", { value, text: label })));
}

/** Render the form into `main`; onCreated(review) after a 202. */
export function showForm(main, onCreated) {
  const file = h("input", { id: "n-file", name: "file", type: "file", accept: ACCEPT, required: true, "aria-describedby": "n-file-hint" });
  const pc = h("input", { id: "n-pc", name: "pc_file", type: "file", accept: ACCEPT });
  const refs = h("input", { id: "n-refs", name: "reference_files", type: "file", accept: ACCEPT, multiple: true, "aria-describedby": "n-refs-hint" });
  const party = h("input", { id: "n-party", name: "our_party", type: "text", required: true, autocomplete: "organization", "aria-describedby": "n-party-hint" });
  const title = h("input", { id: "n-title", name: "title", type: "text" });
  const language = select("n-language", "language", [["", t("langAuto")], ["en", "English"], ["zh-CN", "中文"]]);
  const domain = select("n-domain", "domain", [["auto", t("domainAuto")], ["generic", t("domainGeneric")], ["fidic", t("domainFidic")], ["sha_spa", t("domainSha")]]);
  const policy = select("n-policy", "approval_policy", [["manual", t("policyManual")], ["auto_low", t("policyAutoLow")], ["auto", t("policyAuto")]]);
  const outcome = h("div", { class: "outcome", "aria-live": "polite" });
  const submit = h("button", { class: "btn primary", type: "submit", text: t("submit") });

  const form = h("form", { class: "new-form", novalidate: true, onsubmit: send },
    field(t("contractFile"), file, t("contractHint")),
    field(t("party"), party, t("partyHint")),
    h("div", { class: "row" }, field(t("language"), language), field(t("domain"), domain), field(t("policy"), policy)),
    field(t("optionalTitle"), title),
    field(t("references"), refs, t("referencesHint")),
    field(t("pcFile"), pc),
    h("div", { class: "actions" }, submit),
    outcome);

  clear(main).append(h("section", { class: "page form-page", "aria-labelledby": "new-h" },
    h("h1", { id: "new-h", text: t("newReview") }), form));
  file.focus();

  async function send(event) {
    event.preventDefault();
    // Everything goes to the API as it is; the API's answer says what is wrong (one source of truth).
    const data = new FormData();
    if (file.files[0]) data.append("file", file.files[0]);
    data.append("our_party", party.value);
    for (const [name, control] of [["title", title], ["language", language], ["domain", domain], ["approval_policy", policy]]) {
      if (control.value) data.append(name, control.value);
    }
    if (pc.files[0]) data.append("pc_file", pc.files[0]);
    for (const ref of refs.files) data.append("reference_files", ref);
    submit.disabled = true;
    clear(outcome).append(h("p", { class: "muted", text: t("submitting") }));
    try {
      const review = await api("/v1/reviews", { method: "POST", body: data });
      onCreated(review);
    } catch (error) {
      clear(outcome).append(errorBox(error, t("refused")));
      outcome.querySelector(".error-box").focus?.();
    } finally {
      submit.disabled = false;
    }
  }
}
