"""Security headers on every answer: a strict Content-Security-Policy, no sniffing, no framing.

The desk keeps its API key in sessionStorage and sends it as a Bearer header; the gateway sets no
cookies, so a cross-site page cannot make an authenticated request on a user's behalf and no CSRF
token is needed. The policy forbids inline scripts and styles on the desk (``script-src 'self'``),
so even text that slipped into the DOM as markup could not run. The API documentation pages need
Swagger UI's and Redoc's initialisation: their inline script is allowed by its hash only.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The desk and its assets: everything from this origin, nothing inline, no framing, no plugins.
DESK_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
# JSON and text answers are never pages.
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def inline_script_hashes(html: str) -> list[str]:
    """CSP source expressions (``'sha256-…'``) of the inline scripts of ``html``."""
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in _INLINE_SCRIPT.findall(html)
    ]


def docs_policy(script_hashes: Iterable[str]) -> str:
    """The policy of /docs and /redoc: own assets, their one inline script by hash, inline styles
    (both libraries style elements at run time) and Redoc's search worker from a blob."""
    hashes = " ".join(script_hashes)
    return (
        f"default-src 'none'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; font-src 'self' data:; worker-src 'self' blob:; "
        "base-uri 'none'; frame-ancestors 'none'"
    )


def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(k == b"content-type" and v.startswith(b"text/html") for k, v in headers)


class SecurityHeaders:
    """Pure ASGI middleware (streams such as SSE pass through untouched): adds the headers a route
    has not set itself. HTML gets the desk's policy, everything else the API's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                policy = DESK_POLICY if _is_html(headers) else API_POLICY
                for name, value in (
                    (b"content-security-policy", policy.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer"),
                ):
                    if name not in present:
                        headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
