#!/usr/bin/env bash
set -u
cd /work/runs/camp14
echo "start $(date -u +%FT%T) $(git rev-parse --short HEAD)"
presets/rank-campaign.sh /work/runs/camp14-out --aa 0 --planted 10 --sizes 10 --budget 10m
presets/rank-campaign.sh /work/runs/camp14-out --aa 0 --planted 5 --sizes 5 --budget 10m
presets/rank-campaign.sh /work/runs/camp14-out --aa 20 --planted 0 --sizes "" --budget 10m
echo "end $(date -u +%FT%T)"
