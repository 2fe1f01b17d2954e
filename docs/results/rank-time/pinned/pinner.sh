#!/bin/bash
# Pins every postgres process to CPU 1 and every java process to CPU 0 (new ones too, checked every 0.2 s), until killed.
while true; do
  for p in $(pgrep -x postgres); do taskset -a -p -c 1 $p >/dev/null 2>&1; done
  for p in $(pgrep -x java); do taskset -a -p -c 0 $p >/dev/null 2>&1; done
  sleep 0.2
done
