#!/usr/bin/env python3
# Per measured slice of every fork (JMH iterations under 1 s), the milliseconds of JIT compilation and of GC
# that overlapped it, from Java Flight Recordings of the forks (run in the directory holding the .jfr files).
import subprocess,re,sys,glob,json
from datetime import datetime
def ev(f, names):
    out=subprocess.run(['jfr','print','--events',names,'--stack-depth','6',f],capture_output=True,text=True).stdout
    return re.split(r'\n(?=jdk\.)',out)
def t(s):  # HH:MM:SS.mmm -> seconds
    h,m,x=s.split(':'); return int(h)*3600+int(m)*60+float(x)
def dur(e):
    m=re.search(r'duration = ([\d.]+) (ms|s|us|ns)',e)
    if not m: return 0
    v=float(m.group(1)); return v*{'ms':1e-3,'s':1,'us':1e-6,'ns':1e-9}[m.group(2)]
for f in sorted(glob.glob('*.jfr')):
    info=subprocess.run(['jfr','print','--events','jdk.JVMInformation,jdk.InitialSystemProperty',f],capture_output=True,text=True).stdout
    if 'ForkedMain' not in info: continue
    m=re.search(r'pgingest.compare.referee"\s*\n\s*value = "[^"]*:(c\d+[^"]*)"',info)
    who=m.group(1) if m else '?'
    iters=[]
    for e in ev(f,'jdk.ThreadPark'):
        if 'BenchmarkHandler.runIteration' in e and 'awaitNanos' in e and 'eventThread = "main"' in e:
            d=dur(e)
            if d>0.3: iters.append((t(re.search(r'startTime = ([\d:.]+)',e).group(1)), d))
    comps=[(t(re.search(r'startTime = ([\d:.]+)',e).group(1)), dur(e), (re.search(r'method = (\S+)',e) or re.search(r'(x)',e)).group(1)) for e in ev(f,'jdk.Compilation') if 'startTime' in e]
    gcs=[(t(re.search(r'startTime = ([\d:.]+)',e).group(1)), dur(e)) for e in ev(f,'jdk.GarbageCollection') if 'startTime' in e]
    meas=[i for i in iters if i[1]<1.0]
    line=[]
    for s,d in meas:
        c=sum(min(s+d,cs+cd)-max(s,cs) for cs,cd,_ in comps if cs<s+d and cs+cd>s)
        g=sum(min(s+d,gs+gd)-max(s,gs) for gs,gd in gcs if gs<s+d and gs+gd>s)
        n=sum(1 for cs,cd,_ in comps if cs<s+d and cs+cd>s)
        line.append(f"{c*1000:.0f}/{n}/{g*1000:.0f}")
    print(who, f.split('-id-')[1][:1], 'iters', len(iters), 'measured', len(meas), 'compile ms/n/gc ms per measured slice:', ' '.join(line))
