// Small pieces shared by the views: status badges, ages, error messages.

import { h } from "./dom.js";
import { statusLabel, t } from "./i18n.js";

/** A coloured badge for a review, clause or redline status. */
export function badge(status) {
  return h("span", { class: `badge st-${status}`, text: statusLabel(status) });
}

/** "5 min ago" for an ISO timestamp. */
export function age(iso) {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60000));
  if (minutes < 1) return t("justNow");
  if (minutes < 60) return t("minutesAgo", { n: minutes });
  if (minutes < 60 * 48) return t("hoursAgo", { n: Math.round(minutes / 60) });
  return t("daysAgo", { n: Math.round(minutes / 1440) });
}

/** An error box: the API's message and, when it lists them, each field's problem. */
export function errorBox(error, heading) {
  const details = Array.isArray(error.details) ? error.details : [];
  return h(
    "div",
    { class: "error-box", role: "alert" },
    heading ? h("strong", { text: heading }) : null,
    h("p", { class: "error-message", text: authHint(error) || error.message }),
    details.length
      ? h("ul", {}, details.map((d) => h("li", { text: d.field ? `${d.field}: ${d.message}` : String(d.message ?? d) })))
      : null,
  );
}

/** A friendlier line for refused keys; null for every other error (its own message is shown). */
export function authHint(error) {
  if (error.status === 401) return `${t("needKey")} (${error.message})`;
  if (error.status === 403) return `${t("badKey")} (${error.message})`;
  return null;
}

/** Show a short message in the page's status line. */
export function notify(message, kind = "info") {
  const box = document.getElementById("notice");
  box.textContent = message;
  box.className = `notice ${kind}`;
  box.hidden = false;
  clearTimeout(notify.timer);
  notify.timer = setTimeout(() => (box.hidden = true), kind === "error" ? 10000 : 4000);
}
