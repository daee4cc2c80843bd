// The bundle (dist/extension.js, what the .vsix ships) activated against a stand-in for the
// `vscode` module: with no binary it registers its commands, shows one error with its two
// buttons, starts nothing, and shows it again only when asked to restart.
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { test } from "node:test";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require("node:module");

interface Recorded {
  errors: { message: string; items: string[] }[];
  commands: Map<string, () => unknown>;
  lines: string[];
}

/**
 * Whatever the client reads of `vscode` at load time and this test does not name: a class
 * for every name (vscode-languageclient's protocol classes extend the editor's), whose
 * members are such stand-ins again.
 */
function anything(): unknown {
  class Stub {}
  return new Proxy(Stub, {
    get: (target, key) =>
      key === "then" || key === "prototype" || typeof key === "symbol" ? Reflect.get(target, key) : anything(),
  });
}

function withStubs<T extends object>(known: T): T {
  return new Proxy(known, {
    get: (target, key) => (key in target || key === "then" || typeof key === "symbol" ? Reflect.get(target, key) : anything()),
  });
}

function fakeVscode(settings: Record<string, unknown>, rec: Recorded): unknown {
  const disposable = { dispose: () => undefined };
  return withStubs({
    window: {
      createOutputChannel: () => ({
        appendLine: (l: string) => rec.lines.push(l),
        show: () => undefined,
        dispose: () => undefined,
      }),
      showErrorMessage: (message: string, ...items: string[]) => {
        rec.errors.push({ message, items });
        return Promise.resolve(undefined);
      },
    },
    commands: {
      registerCommand: (id: string, fn: () => unknown) => {
        rec.commands.set(id, fn);
        return disposable;
      },
      executeCommand: () => Promise.resolve(undefined),
    },
    workspace: {
      isTrusted: true,
      workspaceFolders: [{ uri: { fsPath: "/nonexistent-workspace" } }],
      getConfiguration: () => ({ get: (key: string) => settings[key] }),
      onDidChangeConfiguration: () => disposable,
      onDidGrantWorkspaceTrust: () => disposable,
      createFileSystemWatcher: () => disposable,
    },
    env: { openExternal: () => Promise.resolve(true) },
    Uri: { parse: (s: string) => s },
  });
}

test("without a binary the extension says so once per start and starts nothing", async () => {
  const rec: Recorded = { errors: [], commands: new Map(), lines: [] };
  const vscode = fakeVscode({ path: "/nonexistent/promptlint", args: [] }, rec);
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    return request === "vscode" ? vscode : load.call(this, request, ...rest);
  };
  try {
    const bundle = path.join(__dirname, "..", "..", "dist", "extension.js");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ext = require(bundle);
    const context = { subscriptions: [] as unknown[] };
    await ext.activate(context);
    assert.deepEqual([...rec.commands.keys()].sort(), ["promptlint.restartServer", "promptlint.showOutput"]);
    assert.equal(rec.errors.length, 1);
    assert.equal(
      rec.errors[0].message,
      'promptlint: the setting promptlint.path is "/nonexistent/promptlint", but /nonexistent/promptlint is not an executable file. Fix the setting, or clear it to use the promptlint on PATH.',
    );
    assert.deepEqual(rec.errors[0].items, ["Open Settings", "Install Instructions"]);
    assert.ok(!rec.lines.some((l) => l.startsWith("starting ")), rec.lines.join("\n"));
    // Nothing retries by itself; a restart tries once more.
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(rec.errors.length, 1);
    await rec.commands.get("promptlint.restartServer")!();
    assert.equal(rec.errors.length, 2);
    await ext.deactivate();
  } finally {
    Module._load = load;
  }
});
