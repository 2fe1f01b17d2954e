#!/usr/bin/env bash
# Preset rtt is now built in: ./bench --preset rtt (see docs/running.md "Presets"); this script stays for old commands.
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./bench --preset rtt "$@"
