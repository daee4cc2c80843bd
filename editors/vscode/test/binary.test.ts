import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";

import {
  Environment,
  describeFailure,
  executableNames,
  expandSetting,
  isExecutableFile,
  resolveBinary,
} from "../src/binary";

/** An environment whose executable files are exactly `files`. */
function env(over: Partial<Environment>, files: string[]): Environment {
  const set = new Set(files);
  return {
    platform: "linux",
    pathVariable: "",
    home: "/home/u",
    workspaceFolder: "/work/repo",
    isExecutable: (f) => set.has(f),
    ...over,
  };
}

test("the setting wins over PATH", () => {
  const e = env({ pathVariable: "/usr/bin" }, ["/usr/bin/promptlint", "/opt/pl/promptlint"]);
  assert.deepEqual(resolveBinary("/opt/pl/promptlint", e), {
    kind: "found",
    path: "/opt/pl/promptlint",
    source: "setting",
  });
});

test("a setting that names no executable is an error, not a fallback to PATH", () => {
  const e = env({ pathVariable: "/usr/bin" }, ["/usr/bin/promptlint"]);
  const r = resolveBinary("~/bin/promptlint", e);
  assert.deepEqual(r, {
    kind: "setting-invalid",
    setting: "~/bin/promptlint",
    resolved: "/home/u/bin/promptlint",
  });
  assert.equal(
    describeFailure(r as Exclude<typeof r, { kind: "found" }>),
    'promptlint: the setting promptlint.path is "~/bin/promptlint", but /home/u/bin/promptlint is not an executable file. Fix the setting, or clear it to use the promptlint on PATH.',
  );
});

test("the setting expands ~, ${workspaceFolder} and relative paths", () => {
  const e = env({}, []);
  assert.equal(expandSetting("~/x/promptlint", e), "/home/u/x/promptlint");
  assert.equal(expandSetting("${workspaceFolder}/bin/promptlint", e), "/work/repo/bin/promptlint");
  assert.equal(expandSetting("target/release/promptlint", e), "/work/repo/target/release/promptlint");
  assert.equal(expandSetting("  /abs/../abs2/promptlint ", e), "/abs2/promptlint");
});

test("without a workspace folder a relative setting is refused, never taken from the cwd", () => {
  const e = env({ workspaceFolder: undefined, pathVariable: "/usr/bin" }, ["bin/promptlint", "/usr/bin/promptlint"]);
  assert.deepEqual(resolveBinary("bin/promptlint", e), {
    kind: "setting-invalid",
    setting: "bin/promptlint",
    resolved: "bin/promptlint",
  });
  // Not `/bin/promptlint`, though that one exists.
  const root = env({ workspaceFolder: undefined }, ["/bin/promptlint"]);
  assert.equal(resolveBinary("${workspaceFolder}/bin/promptlint", root).kind, "setting-invalid");
  assert.deepEqual(resolveBinary("~/bin/promptlint", env({ workspaceFolder: undefined }, ["/home/u/bin/promptlint"])), {
    kind: "found",
    path: "/home/u/bin/promptlint",
    source: "setting",
  });
});

test("an empty or blank setting searches PATH in order", () => {
  const e = env({ pathVariable: "/a::/b:/c" }, ["/b/promptlint", "/c/promptlint"]);
  for (const setting of [undefined, "", "   "]) {
    assert.deepEqual(resolveBinary(setting, e), { kind: "found", path: "/b/promptlint", source: "path" });
  }
});

test("relative PATH entries are never searched", () => {
  const e = env({ pathVariable: ".:bin:/usr/bin" }, ["bin/promptlint", "promptlint"]);
  const r = resolveBinary(undefined, e);
  assert.equal(r.kind, "not-found");
  assert.deepEqual(r.kind === "not-found" && r.searched, [
    "/usr/bin/promptlint",
    "/home/u/.cargo/bin/promptlint",
    "/home/u/.local/bin/promptlint",
  ]);
});

test("~/.cargo/bin and ~/.local/bin are tried after PATH", () => {
  const e = env({ pathVariable: "/usr/bin" }, ["/home/u/.local/bin/promptlint"]);
  assert.deepEqual(resolveBinary(undefined, e), {
    kind: "found",
    path: "/home/u/.local/bin/promptlint",
    source: "default-location",
  });
});

test("on Windows, PATH is split on ; and promptlint.exe is found", () => {
  const e = env(
    {
      platform: "win32",
      pathVariable: 'C:\\Windows;"C:\\Program Files\\promptlint";',
      home: "C:\\Users\\u",
      workspaceFolder: "C:\\repo",
    },
    ["C:\\Program Files\\promptlint\\promptlint.exe"],
  );
  assert.deepEqual(resolveBinary(undefined, e), {
    kind: "found",
    path: "C:\\Program Files\\promptlint\\promptlint.exe",
    source: "path",
  });
  // The setting may leave out the extension.
  assert.deepEqual(resolveBinary("C:\\Program Files\\promptlint\\promptlint", e), {
    kind: "found",
    path: "C:\\Program Files\\promptlint\\promptlint.exe",
    source: "setting",
  });
});

test("executable names follow the platform; on Windows only the .exe", () => {
  assert.deepEqual(executableNames("linux"), ["promptlint"]);
  assert.deepEqual(executableNames("darwin"), ["promptlint"]);
  assert.deepEqual(executableNames("win32"), ["promptlint.exe"]);
  // A .cmd shim on PATH is not taken (it cannot be spawned without a shell).
  const e = env(
    { platform: "win32", pathVariable: "C:\\shims;C:\\bin", home: "C:\\Users\\u", workspaceFolder: undefined },
    ["C:\\shims\\promptlint.cmd", "C:\\bin\\promptlint.exe"],
  );
  assert.deepEqual(resolveBinary(undefined, e), { kind: "found", path: "C:\\bin\\promptlint.exe", source: "path" });
});

test("nothing found names every place searched and how to install", () => {
  const r = resolveBinary(undefined, env({ pathVariable: "/usr/bin:/bin" }, []));
  assert.equal(r.kind, "not-found");
  if (r.kind !== "not-found") return;
  assert.deepEqual(r.searched, [
    "/usr/bin/promptlint",
    "/bin/promptlint",
    "/home/u/.cargo/bin/promptlint",
    "/home/u/.local/bin/promptlint",
  ]);
  assert.match(describeFailure(r), /no promptlint binary was found on PATH/);
  assert.match(describeFailure(r), /pip install promptlint-rs/);
});

test("isExecutableFile checks a real file's mode", { skip: process.platform === "win32" }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "promptlint-vscode-"));
  try {
    const exe = path.join(dir, "promptlint");
    const plain = path.join(dir, "plain");
    fs.writeFileSync(exe, "#!/bin/sh\n", { mode: 0o755 });
    fs.writeFileSync(plain, "x", { mode: 0o644 });
    assert.equal(isExecutableFile(exe), true);
    // Root may read any file but runs only one with an execute bit (access(2), X_OK).
    assert.equal(isExecutableFile(plain), false);
    assert.equal(isExecutableFile(dir), false);
    assert.equal(isExecutableFile(path.join(dir, "missing")), false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
