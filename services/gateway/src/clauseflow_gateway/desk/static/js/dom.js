// Building the DOM without markup strings: every piece of text (contract text above all) goes in
// as a text node, so "<script>" or "onerror=" in a contract is shown, never parsed.

/** h("div", {class: "x", onclick: fn, "aria-label": "…"}, child, "text", …) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      el.className = value;
    } else if (name === "text") {
      el.textContent = String(value);
    } else if (name === "value" || (name in el && typeof value !== "string")) {
      el[name] = value; // properties: value (a textarea has no value attribute), checked, disabled
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

/** Append nodes and strings (as text) to an element; nested arrays are flattened, null skipped. */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Remove every child of an element. */
export function clear(el) {
  el.replaceChildren();
  return el;
}
