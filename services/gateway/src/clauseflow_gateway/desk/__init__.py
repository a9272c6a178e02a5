"""The review desk: the web page lawyers use, served by the gateway from this package (no CDN)."""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent / "static"
