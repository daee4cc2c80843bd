"""Path -> kind classification for the yardstick corpus (mirrors rules/agents.yaml of promptlint,
plus agent-settings and undiscovered agent-file kinds collected for later issues)."""
import re

DISCOVERED = [
 ("**/AGENTS.override.md","instructions"),("**/AGENTS.md","instructions"),
 ("**/CLAUDE.md","instructions"),("**/CLAUDE.local.md","instructions"),("**/.claude/CLAUDE.md","instructions"),
 ("**/.claude/rules/**/*.md","rules"),("**/.claude/commands/**/*.md","command"),("**/.claude/agents/**/*.md","agent-def"),
 ("**/.claude/skills/*/SKILL.md","skill"),("**/.mcp.json","mcp-config"),
 ("**/.cursorrules","instructions"),("**/.cursor/rules/**/*.mdc","rules"),("**/.cursor/rules/**/*.md","rules"),
 ("**/.cursor/commands/**/*.md","command"),("**/.cursor/mcp.json","mcp-config"),
 ("**/.github/copilot-instructions.md","instructions"),("**/.github/instructions/**/*.instructions.md","rules"),
 ("**/.github/prompts/**/*.prompt.md","command"),("**/.github/chatmodes/**/*.chatmode.md","agent-def"),
 ("**/.github/agents/**/*.agent.md","agent-def"),("**/.vscode/mcp.json","mcp-config"),
 ("**/GEMINI.md","instructions"),("**/.gemini/settings.json","mcp-config"),
 ("**/.windsurfrules","instructions"),("**/.windsurf/rules/**/*.md","rules"),
 ("**/.clinerules","instructions"),("**/.clinerules/**/*.md","rules"),("**/.clinerules/**/*.txt","rules"),
 ("**/.roorules","instructions"),("**/.roorules-*","instructions"),("**/.roo/rules/**/*","rules"),
 ("**/.roo/rules-*/**/*","rules"),("**/.roo/mcp.json","mcp-config"),
 ("**/CONVENTIONS.md","instructions"),("**/.junie/guidelines.md","instructions"),
 ("**/.kiro/steering/**/*.md","rules"),("**/.continue/rules/**/*.md","rules"),("**/.continue/rules/**/*.yaml","rules"),
 ("**/.continue/prompts/**/*.prompt","command"),("**/.rules","instructions"),("**/AGENT.md","instructions"),
 ("**/.hermes.md","instructions"),("**/HERMES.md","instructions"),("**/SOUL.md","instructions"),
 ("**/IDENTITY.md","instructions"),("**/USER.md","instructions"),("**/TOOLS.md","instructions"),
 ("**/HEARTBEAT.md","instructions"),("**/BOOTSTRAP.md","instructions"),("**/MEMORY.md","instructions"),
 ("**/.goosehints","instructions"),("**/.openhands/microagents/**/*.md","rules"),("**/.amazonq/rules/**/*.md","rules"),
 ("**/SKILL.md","skill"),
 ("**/*.prompt","prompt"),("**/*.prompty","prompt"),("**/prompts/**/*.txt","prompt"),("**/prompts/**/*.md","prompt"),
 ("**/prompts/**/*.j2","prompt"),("**/prompts/**/*.jinja","prompt"),("**/prompts/**/*.jinja2","prompt"),
 ("**/prompts/**/*.hbs","prompt"),("**/prompts/**/*.mustache","prompt"),
]
# not discovered by promptlint (collected for later issues)
EXTRA = [
 ("**/.claude/settings.json","settings"),("**/.claude/settings.local.json","settings"),
 ("**/.vscode/settings.json","settings"),("**/.codex/config.toml","settings"),("**/.cursor/hooks.json","settings"),
 ("**/.claude/hooks/**/*","settings"),("**/.cursor/environment.json","settings"),
 ("**/.claude-plugin/*.json","plugin-manifest"),
 ("**/server.json","mcp-server-json"),("**/claude_desktop_config*.json","mcp-config-undiscovered"),
 ("**/mcp.json","mcp-config-undiscovered"),("**/.kiro/settings/mcp.json","mcp-config-undiscovered"),
 ("**/*tools*.json","mcp-tools-json"),
 ("**/QWEN.md","undiscovered-instructions"),("**/claude.md","undiscovered-case-variant"),("**/Claude.md","undiscovered-case-variant"),("**/agents.md","undiscovered-case-variant"),("**/Agents.md","undiscovered-case-variant"),("**/AGENTS.MD","undiscovered-case-variant"),("**/gemini.md","undiscovered-case-variant"),
("**/CRUSH.md","undiscovered-instructions"),("**/WARP.md","undiscovered-instructions"),
 ("**/.agent/workflows/*.md","undiscovered-rules"),("**/.agent/rules/*.md","undiscovered-rules"),("**/.windsurf/workflows/*.md","undiscovered-rules"),
 ("**/.trae/rules/*.md","undiscovered-rules"),("**/.augment/rules/**/*.md","undiscovered-rules"),
 ("**/.opencode/agent/*.md","undiscovered-agent-def"),("**/.opencode/command/*.md","undiscovered-command"),
 ("**/.codex/prompts/*.md","undiscovered-command"),("**/.gemini/commands/**/*.toml","undiscovered-command"),
 ("**/.qwen/**/*.md","undiscovered-rules"),("**/.aider.conf.yml","settings"),
 ("**/*.mdc","undiscovered-mdc"),("**/*[Pp]rompt*.txt","undiscovered-prompt"),("**/*[Pp]rompt*.md","undiscovered-prompt"),
 ("**/agents/*.md","undiscovered-agent-def"),("**/commands/*.md","undiscovered-command"),
]
def _rx(g):
    out=""; i=0
    while i < len(g):
        if g.startswith("**/", i): out += "(?:.*/)?"; i += 3
        elif g.startswith("**", i): out += ".*"; i += 2
        elif g[i] == "*": out += "[^/]*"; i += 1
        elif g[i] == "[": j = g.index("]", i); out += g[i:j+1]; i = j + 1
        else: out += re.escape(g[i]); i += 1
    return re.compile("^"+out+"$")
_D=[(g,_rx(g),k) for g,k in DISCOVERED]; _E=[(g,_rx(g),k) for g,k in EXTRA]
def classify(path):
    """return (kind, discovered) or None"""
    for g,r,k in _D:
        if r.match(path): return k, True
    for g,r,k in _E:
        if r.match(path): return k, False
    return None
