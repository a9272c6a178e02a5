// The desk's entry point: API key field, language toggle, and the three views by URL hash
// (#/ the list, #/new the form, #/reviews/<id> a review).

import { apiKey, setApiKey } from "./api.js";
import { notify } from "./common.js";
import { showForm } from "./form.js";
import { applyStatic, lang, loadRiskTypes, setLang, t } from "./i18n.js";
import { showList } from "./list.js";
import { showReview } from "./review.js";

const main = document.getElementById("main");
let stopView = () => {};
let pendingWarnings = [];

function route() {
  stopView();
  stopView = () => {};
  const hash = location.hash || "#/";
  const review = /^#\/reviews\/([^/?#]+)/.exec(hash);
  for (const link of document.querySelectorAll("header nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === hash);
  }
  if (review) {
    stopView = showReview(main, decodeURIComponent(review[1]), pendingWarnings);
    pendingWarnings = [];
  } else if (hash === "#/new") {
    showForm(main, (created) => {
      pendingWarnings = created.warnings || [];
      location.hash = `#/reviews/${encodeURIComponent(created.id)}`;
    });
  } else {
    showList(main);
  }
}

async function setup() {
  const keyInput = document.getElementById("api-key");
  keyInput.value = apiKey();
  document.getElementById("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    setApiKey(keyInput.value);
    notify(keyInput.value.trim() ? t("keySaved") : t("keyCleared"));
    route();
  });
  document.getElementById("lang-toggle").addEventListener("click", () => {
    setLang(lang() === "zh" ? "en" : "zh");
    route();
  });
  applyStatic();
  await loadRiskTypes();
  window.addEventListener("hashchange", route);
  route();
  document.body.dataset.ready = "true"; // interactive: tests and the bench wait for this
}

setup();
