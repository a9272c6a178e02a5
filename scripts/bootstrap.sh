#!/usr/bin/env bash
# Set up everything the project needs on a fresh machine: uv (pinned), the locked virtualenv.
# The Kafka broker's jars are resolved by Maven on first use and cached (see infra/kafka/).
set -euo pipefail
cd "$(dirname "$0")/.."

UV_VERSION="0.13.8"
if command -v uv >/dev/null 2>&1; then
  UV=(uv)
elif python3 -m uv --version >/dev/null 2>&1; then
  UV=(python3 -m uv)
else
  echo "bootstrap: installing uv ${UV_VERSION} with pip" >&2
  python3 -m pip install --quiet --disable-pip-version-check "uv==${UV_VERSION}" \
    || python3 -m pip install --quiet --disable-pip-version-check --user "uv==${UV_VERSION}"
  UV=(python3 -m uv)
fi
"${UV[@]}" sync --frozen --all-packages --quiet
