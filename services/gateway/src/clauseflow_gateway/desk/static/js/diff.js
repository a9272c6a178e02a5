// Word-level diff of a redline with the vendored jsdiff (window.Diff): deleted words struck,
// inserted words underlined. Chinese has no spaces, so words come from Intl.Segmenter there.

import { h } from "./dom.js";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

function parts(original, proposed) {
  const Diff = window.Diff;
  if (!Diff) return [{ removed: true, value: original }, { added: true, value: proposed }];
  const cjk = CJK.test(original) || CJK.test(proposed);
  if (cjk && typeof Intl.Segmenter === "function") {
    return Diff.diffWords(original, proposed, { intlSegmenter: new Intl.Segmenter("zh", { granularity: "word" }) });
  }
  return Diff.diffWords(original, proposed);
}

// A rewrite shares many little words ("the", "of") with the text it replaces; shown word by word it
// reads as confetti. Short runs of shared words between two changes join the change, and each change
// then shows all it deletes before all it inserts.
const SHORT = /^\s*\S{1,4}(\s+\S{1,4})?\s*$/;

function chunked(list) {
  const merged = list.map((part, i) => {
    const between = i > 0 && i < list.length - 1 && (list[i - 1].added || list[i - 1].removed) && (list[i + 1].added || list[i + 1].removed);
    return !part.added && !part.removed && between && SHORT.test(part.value) ? { ...part, both: true } : part;
  });
  const out = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) out.push({ removed: true, value: removed });
    if (added) out.push({ added: true, value: added });
    removed = added = "";
  };
  for (const part of merged) {
    if (part.both) { removed += part.value; added += part.value; }
    else if (part.removed) removed += part.value;
    else if (part.added) added += part.value;
    else { flush(); out.push(part); }
  }
  flush();
  return out;
}

/** A <div class="diff"> showing `original` → `proposed`, built from text nodes only. */
export function wordDiff(original, proposed, labels) {
  const box = h("div", { class: "diff", "aria-label": labels.aria });
  for (const part of chunked(parts(original || "", proposed || ""))) {
    if (part.added) box.append(h("ins", { text: part.value, title: labels.inserted }));
    else if (part.removed) box.append(h("del", { text: part.value, title: labels.deleted }));
    else box.append(document.createTextNode(part.value));
  }
  return box;
}
