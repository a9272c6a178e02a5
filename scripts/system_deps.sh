#!/usr/bin/env bash
# Debian packages the test suite drives as real parts: Chromium (the review desk's browser tests),
# LibreOffice Writer (opens the Word exports), poppler (PDF pages to PNG) and CJK fonts.
# Installs what is missing when it can (root with apt-get, as on CI); otherwise it says what is
# missing and the tests that need it skip with that message.
set -uo pipefail

declare -A WANT=(
  [chromium]=/usr/bin/chromium
  [libreoffice-writer-nogui]=/usr/bin/soffice
  [poppler-utils]=/usr/bin/pdftoppm
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
)
missing=()
for pkg in "${!WANT[@]}"; do
  [[ -e "${WANT[$pkg]}" ]] || missing+=("$pkg")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "system_deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || echo "system_deps: could not install ${missing[*]}; the tests that need them will skip" >&2
else
  echo "system_deps: missing ${missing[*]} (not root or no apt-get); the tests that need them will skip" >&2
fi
exit 0
