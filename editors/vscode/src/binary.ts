// Finds the promptlint binary the client launches as `<binary> server`: the
// `promptlint.path` setting first, then PATH, then the folders installers put it in when
// the editor was started without them on its PATH (`cargo install` into ~/.cargo/bin, pipx
// and `pip install --user` into ~/.local/bin). No `vscode` import: the unit tests run it
// under plain node.
import * as fs from "node:fs";
import * as path from "node:path";

/** What the resolution needs from the machine; the tests give their own. */
export interface Environment {
  /** `process.platform`: `win32` changes the PATH separator and the executable names. */
  platform: NodeJS.Platform;
  /** The PATH variable (`Path` on Windows is read by the caller). */
  pathVariable: string | undefined;
  /** The user's home folder. */
  home: string;
  /**
   * The first workspace folder's path, for `${workspaceFolder}` and relative settings;
   * `undefined` in an untrusted workspace, so that no setting resolves into the repository.
   */
  workspaceFolder: string | undefined;
  /** True when `file` is a regular file this process may execute. */
  isExecutable(file: string): boolean;
}

/** The outcome of [[resolveBinary]]. */
export type Resolution =
  | { kind: "found"; path: string; source: "setting" | "path" | "default-location" }
  | { kind: "setting-invalid"; setting: string; resolved: string }
  | { kind: "not-found"; searched: string[] };

/** Where the install instructions are (the README's install section). */
export const INSTALL_URL = "https://github.com/promptlint/promptlint#install";

/**
 * The binary's names on `platform`. On Windows only `promptlint.exe`, what the release archive
 * and the wheel install: a `.cmd` or `.bat` shim could not be started without a shell (Node.js
 * refuses to spawn one directly since the fix of CVE-2024-27980), and a shell would reparse the
 * path and arguments.
 */
export function executableNames(platform: NodeJS.Platform): string[] {
  return platform === "win32" ? ["promptlint.exe"] : ["promptlint"];
}

/** `~` and `${workspaceFolder}` expanded, a relative path taken from the workspace folder. */
export function expandSetting(setting: string, env: Environment): string {
  const p = env.platform === "win32" ? path.win32 : path.posix;
  let s = setting.trim();
  if (s === "~" || s.startsWith("~/") || s.startsWith("~\\")) {
    s = p.join(env.home, s.slice(1));
  }
  if (s.includes("${workspaceFolder}")) {
    s = s.split("${workspaceFolder}").join(env.workspaceFolder ?? "");
  }
  if (!p.isAbsolute(s) && env.workspaceFolder !== undefined) {
    s = p.join(env.workspaceFolder, s);
  }
  return p.normalize(s);
}

/**
 * Resolves the binary. A `setting` that is set and does not name an executable file is an
 * error of its own (no silent fallback to another binary than the one the user chose).
 */
export function resolveBinary(setting: string | undefined, env: Environment): Resolution {
  const p = env.platform === "win32" ? path.win32 : path.posix;
  if (setting !== undefined && setting.trim() !== "") {
    const resolved = expandSetting(setting, env);
    // Without a workspace folder (none open, or an untrusted one: the caller passes none) a
    // relative setting has nothing to be relative to; never the editor's own working folder.
    const needsFolder = setting.includes("${workspaceFolder}") && env.workspaceFolder === undefined;
    if (needsFolder || !p.isAbsolute(resolved)) {
      return { kind: "setting-invalid", setting, resolved };
    }
    if (env.isExecutable(resolved)) {
      return { kind: "found", path: resolved, source: "setting" };
    }
    // `promptlint.path` may name the binary without its extension on Windows.
    if (env.platform === "win32" && p.extname(resolved) === "" && env.isExecutable(`${resolved}.exe`)) {
      return { kind: "found", path: `${resolved}.exe`, source: "setting" };
    }
    return { kind: "setting-invalid", setting, resolved };
  }
  const names = executableNames(env.platform);
  const delimiter = env.platform === "win32" ? ";" : ":";
  const dirs = (env.pathVariable ?? "")
    .split(delimiter)
    .map((d) => d.trim().replace(/^"(.*)"$/, "$1"))
    // An empty entry means the current directory in POSIX shells: never run a binary from
    // wherever the editor happened to start.
    .filter((d) => d !== "" && p.isAbsolute(d));
  const searched: string[] = [];
  for (const dir of dirs) {
    for (const name of names) {
      const candidate = p.join(dir, name);
      searched.push(candidate);
      if (env.isExecutable(candidate)) {
        return { kind: "found", path: candidate, source: "path" };
      }
    }
  }
  for (const dir of defaultLocations(env)) {
    for (const name of names) {
      const candidate = p.join(dir, name);
      if (searched.includes(candidate)) {
        continue;
      }
      searched.push(candidate);
      if (env.isExecutable(candidate)) {
        return { kind: "found", path: candidate, source: "default-location" };
      }
    }
  }
  return { kind: "not-found", searched };
}

/** Folders installers put the binary in, tried after PATH. */
export function defaultLocations(env: Environment): string[] {
  const p = env.platform === "win32" ? path.win32 : path.posix;
  return [p.join(env.home, ".cargo", "bin"), p.join(env.home, ".local", "bin")];
}

/** A regular file this process may execute (on Windows, any regular file). */
export function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** The environment of this process, with the given workspace folder. */
export function processEnvironment(workspaceFolder: string | undefined): Environment {
  return {
    platform: process.platform,
    pathVariable: process.env.PATH ?? process.env.Path,
    home: process.env.HOME ?? process.env.USERPROFILE ?? "",
    workspaceFolder,
    isExecutable: isExecutableFile,
  };
}

/** The message shown when no binary is found, one per outcome. */
export function describeFailure(r: Exclude<Resolution, { kind: "found" }>): string {
  if (r.kind === "setting-invalid") {
    return `promptlint: the setting promptlint.path is "${r.setting}", but ${r.resolved} is not an executable file. Fix the setting, or clear it to use the promptlint on PATH.`;
  }
  return "promptlint: no promptlint binary was found on PATH (nor in ~/.cargo/bin or ~/.local/bin). Install it (cargo install promptlint, or pip install promptlint-rs), or set promptlint.path to the binary.";
}
