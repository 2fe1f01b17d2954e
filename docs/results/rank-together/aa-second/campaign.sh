#!/usr/bin/env bash
set -u
cd /work/runs/camp14
echo "start $(date -u +%FT%T) $(git rev-parse --short HEAD)"
presets/rank-campaign.sh /work/runs/camp15-out --aa 20 --planted 0 --sizes "" --budget 10m
echo "end $(date -u +%FT%T)"
