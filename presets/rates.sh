#!/usr/bin/env bash
# Preset rates (seed experiment 3, fixed target rates): now `./bench --preset rates`; this script calls it.
# DURATION=60s presets/rates.sh runs the published length (the default is 20s per cell).
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./bench --preset rates ${DURATION:+--duration "$DURATION"} "$@"
