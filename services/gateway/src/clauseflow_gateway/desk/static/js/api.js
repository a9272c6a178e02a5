// The gateway's /v1 API as the page uses it: the API key as a Bearer header on every request
// (no cookies), errors as ApiError carrying the body's {error: {code, message, details}}, and the
// review's server-sent events read with fetch() (EventSource cannot send an Authorization header).

const KEY_STORE = "clauseflow.apiKey";

/** The API key of this tab ("" when none). */
export function apiKey() {
  return sessionStorage.getItem(KEY_STORE) || "";
}

/** Remember (or forget, when blank) the API key for this tab only. */
export function setApiKey(value) {
  const key = (value || "").trim();
  if (key) sessionStorage.setItem(KEY_STORE, key);
  else sessionStorage.removeItem(KEY_STORE);
}

function headers(extra = {}) {
  const key = apiKey();
  return key ? { ...extra, Authorization: `Bearer ${key}` } : { ...extra };
}

/** A refused request: HTTP status plus the API's machine code, message and details. */
export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

async function failure(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const error = body && body.error ? body.error : {};
  return new ApiError(
    response.status,
    error.code || `http_${response.status}`,
    error.message || `${response.status} ${response.statusText}`,
    error.details,
  );
}

/** fetch() with the key; resolves to the parsed JSON body, rejects with ApiError. */
export async function api(path, { method = "GET", body, json, signal } = {}) {
  const init = { method, headers: headers(), signal, credentials: "omit", cache: "no-store" };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers["Content-Type"] = "application/json";
  } else if (body !== undefined) {
    init.body = body; // FormData: the browser sets the multipart boundary
  }
  const response = await fetch(path, init);
  if (!response.ok) throw await failure(response);
  return response.status === 204 ? null : response.json();
}

/** Fetch a file with the key and hand it to the browser as a download. */
export async function download(path, filename) {
  const response = await fetch(path, { headers: headers(), credentials: "omit", cache: "no-store" });
  if (!response.ok) throw await failure(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Read a text/event-stream until it ends or `signal` aborts; onEvent(name, data) per event.
 * Resolves when the server closes the stream; rejects on a network error or a refused request.
 */
export async function readEvents(path, onEvent, signal) {
  const response = await fetch(path, {
    headers: headers({ Accept: "text/event-stream" }),
    credentials: "omit",
    cache: "no-store",
    signal,
  });
  if (!response.ok) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue; // comment (keep-alive ping)
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") name = val;
        else if (field === "data") data.push(val);
      }
      if (data.length) onEvent(name, data.join("\n"));
    }
  }
}
