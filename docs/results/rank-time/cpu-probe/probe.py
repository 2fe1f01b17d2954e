#!/usr/bin/env python3
# A pure CPU loop timed in windows of 50 ms for 60 s: work done per CPU second of this process in each window.
# Run one per vCPU at once: taskset -c 0 python3 probe.py 0 & taskset -c 1 python3 probe.py 1; wait
import time,sys,json
out=[]
end=time.time()+60
while time.time()<end:
    t0=time.perf_counter(); c0=time.process_time(); n=0
    while time.perf_counter()-t0<0.05:
        for i in range(500): n+=i*i%7
    out.append((time.time(),n/(time.process_time()-c0)))
json.dump(out,open('cpu%s.json'%sys.argv[1],'w'))
