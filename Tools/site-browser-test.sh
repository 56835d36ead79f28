#!/usr/bin/env bash
# The site in a real browser (Tests/Site/test_site.py): Debian's Chromium driven by Selenium
# through Debian's chromium-driver. Needs `chromium`, `chromium-driver` and python3-selenium
# (or `pip install selenium`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product workbook
WORKBOOK="$(swift build --show-bin-path)/workbook" exec python3 Tests/Site/test_site.py "$@"
