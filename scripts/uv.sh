#!/usr/bin/env bash
# Run uv whether it is on PATH or only importable (pip-installed without a shim).
if command -v uv >/dev/null 2>&1; then exec uv "$@"; else exec python3 -m uv "$@"; fi
