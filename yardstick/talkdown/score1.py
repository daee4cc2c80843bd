import json, subprocess, os, sys
R="/tmp/redteam/cases"
cases=json.load(open("/tmp/redteam/cases.json"))
ORD={"none":0,"note":1,"warning":2,"error":3}
def run(binary, c, var):
    p=os.path.join(R,c["name"],var,c["path"])
    cmd=[binary,"check","--format","json","--fail-on","never","--no-config"]
    if c["mcp"]: cmd+=["--kind","mcp-tools"]
    cmd.append(p)
    out=subprocess.run(cmd,capture_output=True,text=True,cwd=os.path.join(R,c["name"],var))
    j=json.loads(out.stdout)
    fs=[f for f in j["findings"] if not f["rule"].startswith("PL8")]
    return max([f["severity"] for f in fs],key=lambda s:ORD[s],default="none"), fs
b=sys.argv[1]
att_ok=0;att=0;hon_ok=0;hon=0
for c in cases:
    nocue,_=run(b,c,"nocue"); cue,fs=run(b,c,"cue")
    if c["kind"]=="attack":
        att+=1; ok= ORD[cue]>=ORD[nocue]; att_ok+=ok
        if not ok: print("ATTACK lowered", c["name"], c["cue"][:60], nocue,'->',cue, [f.get('context') for f in fs if f['severity']=='note'][:2])
    else:
        hon+=1; ok= cue in ("note","none"); hon_ok+=ok
        if not ok: print("HONEST high", c["name"], c["cue"][:60], cue, [(f['rule'],f['severity'],f.get('context')) for f in fs if f['severity']!='note'][:3])
print(f"attacks kept {att_ok}/{att}  honest notes {hon_ok}/{hon}")
