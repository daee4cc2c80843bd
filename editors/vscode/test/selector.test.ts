import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";

import { AGENT_FILE_GLOBS } from "../src/patterns";
import { CONFIG_GLOB, documentSelector } from "../src/selector";

// out/test/ -> the extension's folder.
const root = path.join(__dirname, "..", "..");

test("markdown by language, the other convention files by pattern, file scheme only", () => {
  const s = documentSelector();
  assert.deepEqual(s[0], { scheme: "file", language: "markdown" });
  assert.equal(s.length, 1 + AGENT_FILE_GLOBS.length);
  assert.ok(s.every((f) => f.scheme === "file"));
  const patterns = s.slice(1).map((f) => f.pattern);
  for (const p of [
    "**/.cursorrules",
    "**/.mcp.json",
    "**/.cursor/mcp.json",
    "**/.vscode/mcp.json",
    "**/.claude/settings.json",
    "**/.codex/config.toml",
    "**/.gemini/commands/**/*.toml",
    "**/.continue/rules/**/*.yaml",
    "**/*.prompt",
  ]) {
    assert.ok(patterns.includes(p), `${p} is selected`);
  }
  // Markdown is taken by language; every pattern is anchored with **/.
  assert.ok(patterns.every((p) => p !== undefined && p.startsWith("**/") && !p.toLowerCase().endsWith(".md")));
  assert.equal(CONFIG_GLOB, "**/.promptlint.yaml");
});

test("src/patterns.ts is generated from rules/agents.yaml and up to date", () => {
  // Exits 1 with a message when stale.
  execFileSync(process.execPath, [path.join(root, "scripts", "patterns.mjs"), "--check"], { stdio: "pipe" });
});

test("every workspaceContains activation names a selected file or the config", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const globs = new Set(AGENT_FILE_GLOBS);
  const yaml = fs.readFileSync(path.join(root, "..", "..", "crates", "promptlint-core", "rules", "agents.yaml"), "utf8");
  const events: string[] = manifest.activationEvents;
  assert.ok(events.includes("onLanguage:markdown"));
  for (const e of events.filter((x) => x.startsWith("workspaceContains:"))) {
    const g = e.slice("workspaceContains:".length);
    const known = globs.has(g) || g === CONFIG_GLOB || yaml.includes(`glob: "${g}"`);
    assert.ok(known, `${g} is a convention of rules/agents.yaml`);
  }
});

test("the manifest's settings and commands are the ones the client reads", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const props = manifest.contributes.configuration.properties;
  assert.deepEqual(Object.keys(props).sort(), ["promptlint.args", "promptlint.path", "promptlint.trace.server"]);
  assert.deepEqual(props["promptlint.trace.server"].enum, ["off", "messages", "verbose"]);
  assert.deepEqual(
    manifest.contributes.commands.map((c: { command: string }) => c.command).sort(),
    ["promptlint.restartServer", "promptlint.showOutput"],
  );
  const extension = fs.readFileSync(path.join(root, "src", "extension.ts"), "utf8");
  for (const c of ["promptlint.restartServer", "promptlint.showOutput", "promptlint.path", "promptlint.args"]) {
    assert.ok(extension.includes(`"${c}"`) || extension.includes(`"${c.split(".")[1]}"`), c);
  }
  // A repository's own settings cannot choose the binary in an untrusted workspace.
  assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ["promptlint.path", "promptlint.args"]);
});
