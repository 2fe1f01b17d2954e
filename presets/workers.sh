#!/usr/bin/env bash
# Preset workers is now built in: ./bench --preset workers (see docs/running.md "Presets"); this script stays for old commands.
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./bench --preset workers "$@"
