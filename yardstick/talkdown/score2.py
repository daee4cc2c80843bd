import json, os, subprocess, sys, shutil
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases2 as cases
B=sys.argv[1]; R="/tmp/rt2run"
SEV={"note":1,"warning":2,"error":3}
shutil.rmtree(R, ignore_errors=True)
def write(root, path, text):
    p=os.path.join(root,path); os.makedirs(os.path.dirname(p) or root, exist_ok=True); open(p,"w").write(text)
def run(root, path, kind):
    cmd=[B,"check","--format","json","--fail-on","never","--no-config"]
    cmd += ["--kind",kind,os.path.join(root,path)] if kind else [root]
    j=json.loads(subprocess.run(cmd,capture_output=True,text=True).stdout)
    d={}
    for x in j["findings"]:
        if x["rule"].startswith("PL8"): continue
        d[x["rule"]]=max(d.get(x["rule"],0),SEV[x["severity"]])
    return d, j["findings"]
ak=at=hk=ht=0
for id,c in cases.C.items():
    croot=f"{R}/c/{id}"; write(croot,c["path"],c["text"])
    cue,fs=run(croot,c["path"],c["kind"])
    if c["type"]=="attack":
        broot=f"{R}/b/{id}"; write(broot,c["path"],c["bare"])
        bare,_=run(broot,c["path"],c["kind"])
        at+=1; ok=all(cue.get(r,0)>=s for r,s in bare.items()); ak+=ok
        if not ok: print("ATTACK", id, c["path"], {r:(s,cue.get(r,0)) for r,s in bare.items() if cue.get(r,0)<s}, [x.get("context") for x in fs if x["severity"]=="note"][:2])
    else:
        ht+=1; ok=all(s<=1 for s in cue.values()); hk+=ok
        if not ok: print("HONEST", id, c["path"], cue)
print(f"attacks kept {ak}/{at} honest {hk}/{ht}")
