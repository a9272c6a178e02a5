#!/usr/bin/env bash
# The whole test suite, from a fresh clone: set-up, generated-code check, lint, types, tests.
# pytest's "no tests collected" (exit 5) is non-zero and therefore fails this script, as it should.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/system_deps.sh
echo "== generated gRPC code is up to date"
scripts/uv.sh run --frozen python scripts/gen_protos.py --check
echo "== ruff"
scripts/uv.sh run --frozen ruff check .
echo "== mypy"
scripts/uv.sh run --frozen mypy libs/*/src services/*/src apps/cli/src
echo "== import contracts (lint-imports; the layers are in pyproject.toml)"
scripts/uv.sh run --frozen lint-imports
echo "== pytest"
scripts/uv.sh run --frozen pytest "$@"
