#!/usr/bin/env python3
"""Pick the yardstick corpus from /tmp/yardstick/candidates.tsv (mirror listings) and
/tmp/yardstick/readfile.tsv (files saved from read_file), write /work/yardstick/yardstick.tsv."""
import hashlib, os, re, subprocess, sys, collections
CAT = {}
def put(cat, names):
    for n in names.split(): CAT[n] = cat
put("skills", """obra/superpowers trailofbits/skills ComposioHQ/awesome-claude-skills wshobson/agents
 VoltAgent/awesome-claude-code-subagents openai/skills vercel-labs/agent-skills K-Dense-AI/claude-scientific-skills
 getsentry/skills alirezarezvani/claude-skills davila7/claude-code-templates hesreallyhim/awesome-claude-code
 SuperClaude-Org/SuperClaude_Framework mattpocock/skills sickn33/antigravity-awesome-skills cloudflare/skills
 supabase/agent-skills expo/skills remotion-dev/skills anthropics/claude-plugins-official Jeffallan/claude-skills
 05shygo/Agent-Skills-for-Context-Engineering fstubner/agent-skills 1a2b3cw/claude-code-presets neko3cs/skills
 ruvnet/claude-flow""")
put("rules-collection", """sanjeed5/awesome-cursor-rules-mdc steipete/agent-rules grapeot/devin.cursorrules
 kinopeee/cursorrules ivangrynenko/cursorrules instructa/ai-prompts cline/prompts continuedev/awesome-rules
 pontusab/directories bmad-code-org/BMAD-METHOD github/spec-kit eyaltoledano/claude-task-master
 AGM82/cursor-guardrails-starter 06T/CursorSetup 0xHoneyJar/agentic-base outfitter-dev/rulesets promptslab/Promptify""")
put("mcp-server", """modelcontextprotocol/servers github/github-mcp-server microsoft/playwright-mcp upstash/context7
 awslabs/mcp cloudflare/mcp-server-cloudflare exa-labs/exa-mcp-server supabase-community/supabase-mcp
 makenotion/notion-mcp-server GLips/Figma-Context-MCP ChromeDevTools/chrome-devtools-mcp oraios/serena jlowin/fastmcp
 getsentry/sentry-mcp grafana/mcp-grafana hashicorp/terraform-mcp-server mongodb-js/mongodb-mcp-server
 modelcontextprotocol/registry modelcontextprotocol/python-sdk stripe/agent-toolkit tavily-ai/tavily-mcp
 browserbase/mcp-server-browserbase executeautomation/mcp-playwright idosal/git-mcp BeehiveInnovations/zen-mcp-server
 microsoft/mcp elastic/mcp-server-elasticsearch firecrawl/firecrawl-mcp-server wonderwhy-er/DesktopCommanderMCP
 ahujasid/blender-mcp CoplayDev/unity-mcp 0FL01/ssh-mcp 0x4D44/mdmcp 1amageek/app-mcp 4kk11/RhinoMCPServer
 82deutschmark/chlorpromazine-mcp 108yen/task-orchestrator-mcp 0x0L/ipykernel-mcp 1999AZZAR/project-guardian-mcp-server
 Szermer/mcp-server-context-engineering 01abhi01/MCPWell 2lab-ai/rubber-duck-mcp goern/forgejo-mcp geehexx/mcp-web""")
put("security-decoy", """protectai/llm-guard NVIDIA/garak Azure/PyRIT tldrsec/prompt-injection-defenses utkusen/promptmap
 elder-plinius/CL4R1T4S invariantlabs-ai/mcp-scan cisco-ai-defense/mcp-scanner NVIDIA/NeMo-Guardrails vxcontrol/pentagi
 GreyDGL/PentestGPT Tencent/AI-Infra-Guard meta-llama/PurpleLlama protectai/rebuff greshake/llm-security jthack/PIPE
 0xeb/TheBigPromptLibrary x1xhlol/system-prompts-and-models-of-ai-tools asgeirtj/system_prompts_leaks
 jujumilk3/leaked-system-prompts splx-ai/agentic-radar guardrails-ai/guardrails swisskyrepo/PayloadsAllTheThings
 riseandignite/mcp-shield semgrep/semgrep trufflesecurity/trufflehog gitleaks/gitleaks mukul975/Anthropic-Cybersecurity-Skills
 Aradotso/security-skills Ak-cybe/awesome-offensive-security-skills wi1shu7/codex-redteam-mode BattleWen/JailbreakSkill
 pi-2r/devoxxfr2026-workshop-jailbreak-prompt-injection-mcp-poisoning ScottLogic/prompt-injection
 M-Abrisham/AI-Prompt-Injection-Detector misty-step/prompt-injection-defense zhexulong/ai-agent-prompt-injection-guard
 kyahikaru/hinglish-prompt-injection-detector codemedici/ai-redteam-kb NeoTheCapt/RedteamAgent Marker-Inc-Korea/ko-redteam
 snyk/cli-extension-ai-redteam mcpredteam/mcp-redteam-junit yx2124538/AutoRedTeam-Orchestrator msaad00/cloud-ai-security-skills
 kalshamsi/claude-security-skills 45ck/llm-agent-security-skills danzaio/prompt-injection-zoo t-devansh/prompt-injection-scanner
 zxygeitio/mo-Security-Skills UCloudSecurity/ucloud-security-skills 0xPliny/pliny-framework 26zl/cybersec-toolkit
 Szewowsky/vps-security Szewowsky/keychain-secrets-toolkit 00dhkim/security-report-agent 01rabbit/Azazel-Gadget
 1Password/agent-hooks SzJS/DeliberativeAlignment
 2050xfs/claude-md-files-for-injection 0xchamin/secure-mini-claw Hacksore/cursed-repo AIM-Intelligence/AIM-RED-TOOLKIT
 0x-Professor/IntelCLaw""")
put("multilingual", """AiSchool-Admin/quran-miracles deyedarat/wawapp-ai Arnonfr/portfolio1 nimazasinich/Dreammaker-Crypto-Trading-Platform
 mehran-shabani/MLer-EX yosefshaked/Employee-Management sgolan20/golan-learning-hub amirbiron/ai-business-bot erezadam/GymIq
 hslcrb/slmaker bioman93/Currency_WebApp man4korea/tax-bill leejh96/AI-Setting biotouchc-sudo/SENTOZA-market
 zahirksayed/Skills-Learning DuyAnh662/Fileshare padhaipal/Hindi-fish-game abhinav-kipper/learn-hindi
 hindiakshar0702-star/TransTTS Jakobish/goose-heb 139Jiefangzhe/xingyeyuanpeixunpingtai 206315/visual-CN-arch
 001masato/miyabi 0000005/WeAgentChat fssl168/daily_stock_analysis AbuMaraqa/MenuQr AmirMehrabi/skybase_cloud
 07706228120Hh/alsadara-FTTH Albaraa-Alkhathami/Elemarket 1Panel-dev/MaxKB 1Panel-dev/CordysCRM siyuan-note/siyuan
 cloudwego/eino router-for-me/CLIProxyAPI zhayujie/chatgpt-on-wechat halo-dev/halo modelscope/ms-swift
 binary-husky/gpt_academic 20181000103340/hikyuu
 Daviswhistle/codex-AGENT.md-for-Korean asamuzak09/roo-code-rules BingZi-233/OneBot 3RBAI/ArabicChatUI ErvisTusha/MuslimDeen
 dickysalim/hebrew-bible-game trabelshooterss-collab/forsa-tech lvlrf/MegaPromp-AI-Engeering lvlrf/RadPanel
 jalallinux/system-design-notebook 0pill2-hue/openclaw-invest-workspace 1149784810/JayOpenClawWorkspace""")
put("big-oss", """biomejs/biome astral-sh/uv denoland/deno sveltejs/svelte vitejs/vite vuejs/core fastapi/fastapi pydantic/pydantic
 microsoft/autogen openai/openai-python anthropics/anthropic-sdk-python tokio-rs/tokio bevyengine/bevy ant-design/ant-design
 RooCodeInc/Roo-Code continuedev/continue google/adk-python microsoft/markitdown ollama/ollama withastro/astro shadcn-ui/ui
 payloadcms/payload openai/openai-agents-js tauri-apps/tauri helix-editor/helix prettier/prettier vitest-dev/vitest
 pallets/flask grafana/k6 cli/cli pulumi/pulumi dagger/dagger getsentry/sentry-python huggingface/huggingface_hub
 huggingface/trl microsoft/semantic-kernel microsoft/vscode-copilot-chat fsprojects/fantomas fsprojects/Paket
 fsprojects/FSharp.Data TBD54566975/ftl openai/codex langchain-ai/langchain run-llama/llama_index langgenius/dify
 lobehub/lobe-chat labring/FastGPT CherryHQ/cherry-studio QwenLM/qwen-code block/goose mastra-ai/mastra
 ggml-org/llama.cpp open-webui/open-webui n8n-io/n8n calcom/cal.com twentyhq/twenty promptfoo/promptfoo nestjs/nest mlflow/mlflow
 BurntSushi/ripgrep Metta-AI/metta firebase/genkit letta-ai/letta microsoft/graphrag Aider-AI/aider princeton-nlp/SWE-agent
 RooCodeInc/Roo-Code-Docs""")
COLLECTION = {"skills", "rules-collection", "security-decoy"}
SCRIPT = re.compile(r"[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
def h(s): return hashlib.sha1(s.encode()).hexdigest()
rows = collections.defaultdict(list)
for line in open("/tmp/yardstick/candidates.tsv", encoding="utf-8"):
    repo, commit, path, kind, disc, size = line.rstrip("\n").split("\t")
    if int(size) > 400_000 or int(size) == 0: continue
    rows[repo].append((path, kind, disc == "1", commit))
excluded = set(open("/tmp/yardstick/excluded_repos.txt").read().split())
def gitdir(repo):
    for c in ("repo/.git", "repo"):
        p = f"/work/.mirror/{repo.replace('/', '+', 1)}/{c}"
        if os.path.isfile(p + "/HEAD"): return p
def pick(items, n):
    """round-robin over kinds, shallow paths first, then hash order"""
    byk = collections.defaultdict(list)
    for it in items: byk[it[1]].append(it)
    for k in byk: byk[k].sort(key=lambda it: (it[0].count("/") > 2, h(it[0])))
    out = []
    while len(out) < n and any(byk.values()):
        for k in sorted(byk):
            if byk[k] and len(out) < n: out.append(byk[k].pop(0))
    return out
# discovered conventions with few candidates overall: keep every candidate (<= 3 per repo and glob)
import kinds
def glob_of(path):
    for g, rx, k in kinds._D:
        if rx.match(path): return g
gcount = collections.Counter(glob_of(i[0]) for its in rows.values() for i in its if i[2])
RARE = {g for g, n in gcount.items() if n <= 25}
out = []
for repo, items in sorted(rows.items()):
    if repo in excluded: continue
    cat = CAT.get(repo, "other")
    disc = [i for i in items if i[2]]; und = [i for i in items if not i[2]]
    nd = 30 if cat in COLLECTION else 15
    g = gitdir(repo)
    if cat == "multilingual":
        # prefer files written in the target scripts
        def score(it):
            d = subprocess.run(["git", "--git-dir", g, "show", f"{it[3]}:{it[0]}"], capture_output=True).stdout
            return len(SCRIPT.findall(d[:200000].decode("utf-8", "replace")))
        sc = {it: score(it) for it in disc[:400]}
        rich = [it for it in disc if sc.get(it, 0) >= 40]
        chosen = pick(rich, nd) if rich else pick(disc, 5)
        chosen += pick(und, 6)
    else:
        chosen = pick(disc, nd) + pick(und, 6)
    seen = collections.Counter(glob_of(c[0]) for c in chosen)
    for it in disc:
        gg = glob_of(it[0])
        if gg in RARE and it not in chosen and seen[gg] < 3:
            chosen.append(it); seen[gg] += 1
    # read contents to drop binary/non-text and to tag multilingual files
    for path, kind, d, commit in chosen:
        data = subprocess.run(["git", "--git-dir", g, "show", f"{commit}:{path}"], capture_output=True).stdout
        if b"\0" in data[:8000]: continue
        text = data.decode("utf-8", "replace")
        c = cat
        if kind == "settings": c = "settings"
        elif c in ("other", "big-oss", "mcp-server") and len(SCRIPT.findall(text)) >= 40: c = "multilingual"
        elif c == "multilingual" and len(SCRIPT.findall(text)) < 40: c = "other"
        out.append((repo, commit, path, c))
if os.path.exists("/tmp/yardstick/readfile.tsv"):
    for line in open("/tmp/yardstick/readfile.tsv", encoding="utf-8"):
        repo, commit, path, c = line.rstrip("\n").split("\t")[:4]
        out.append((repo, commit, path, c))
out = sorted(set(out))
with open("/work/yardstick/yardstick.tsv", "w", encoding="utf-8") as f:
    for r in out: f.write("\t".join(r) + "\n")
print(len(out), "files", len({r[0] for r in out}), "repos")
print(collections.Counter(r[3] for r in out))
