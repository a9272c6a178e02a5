"""The review desk page, its static assets, and the API documentation pages — all served offline.

``/`` is the desk (a single page; it reads the ``/v1`` API with the user's key). ``/desk/...``
serves the page's scripts, styles and vendored libraries from the package. ``/docs`` (Swagger UI)
and ``/redoc`` use the vendored copies instead of a CDN, so they work with no network.
"""

from __future__ import annotations

from clauseflow_contracts.risk_types import RISK_TYPES
from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from clauseflow_gateway.desk import STATIC_DIR
from clauseflow_gateway.desk.security import docs_policy, inline_script_hashes

ASSETS = "/desk"
VENDOR = f"{ASSETS}/vendor"
FAVICON = f"{ASSETS}/favicon.svg"
# The page itself is small and changes with the package: always revalidate. Assets are revalidated
# too (ETag), so an upgraded gateway never serves a stale script next to a new page.
NO_CACHE = {"Cache-Control": "no-cache"}


def _with_policy(page: HTMLResponse) -> HTMLResponse:
    page.headers["Content-Security-Policy"] = docs_policy(inline_script_hashes(bytes(page.body).decode()))
    return page


def install_desk(app: FastAPI, *, title: str) -> None:
    """Serve the desk at ``/``, its assets under ``/desk``, and offline ``/docs`` and ``/redoc``."""
    openapi_url = app.openapi_url or "/openapi.json"

    @app.get("/", include_in_schema=False)
    async def desk_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html", headers=NO_CACHE)

    @app.get(f"{ASSETS}/risk-types.json", include_in_schema=False)
    async def risk_type_names() -> JSONResponse:
        # The one taxonomy (contracts), so the desk names a risk as the reports do, in both languages.
        names = {t.id: {"en": t.name, "zh": t.name_zh} for t in RISK_TYPES.values()}
        return JSONResponse(names, headers=NO_CACHE)

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return _with_policy(
            get_swagger_ui_html(
                openapi_url=openapi_url,
                title=f"{title} — API",
                swagger_js_url=f"{VENDOR}/swagger-ui/swagger-ui-bundle.js",
                swagger_css_url=f"{VENDOR}/swagger-ui/swagger-ui.css",
                swagger_favicon_url=FAVICON,
            )
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return _with_policy(
            get_redoc_html(
                openapi_url=openapi_url,
                title=f"{title} — API",
                redoc_js_url=f"{VENDOR}/redoc/redoc.standalone.js",
                redoc_favicon_url=FAVICON,
                with_google_fonts=False,
            )
        )

    app.mount(ASSETS, StaticFiles(directory=STATIC_DIR, html=False), name="desk")
