"""Per MODE directory of slices.sh: transactions, their count per slice (mean, sd) and latency percentiles in ms."""
import glob, os, sys
import numpy as np
m=sys.argv[1]
lat=[]; per=[]
for f in glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), m, 's*')):
    v=[int(l.split()[2])/1000 for l in open(f)]
    lat+=v; per.append(len(v))
lat=np.array(lat)
print(m,'txns',len(lat),'per slice mean %.1f sd %.1f'%(np.mean(per),np.std(per)),'lat ms p50 %.1f p90 %.1f p99 %.1f max %.1f'%tuple(np.percentile(lat,[50,90,99,100])))
