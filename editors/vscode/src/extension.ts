// The VS Code client of `promptlint server` (LSP over stdio): it finds the binary, starts
// the server with the documents of promptlint's conventions, and says so clearly when no
// binary is found, without starting anything (no retry loop: the user fixes the setting or
// runs "promptlint: Restart Server"). The logic that needs no editor lives in binary.ts,
// args.ts and selector.ts, which the unit tests cover.
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { serverArgs } from "./args";
import { INSTALL_URL, describeFailure, processEnvironment, resolveBinary } from "./binary";
import { CONFIG_GLOB, documentSelector } from "./selector";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;
let configWatcher: vscode.FileSystemWatcher | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("promptlint");
  configWatcher = vscode.workspace.createFileSystemWatcher(CONFIG_GLOB);
  context.subscriptions.push(
    output,
    configWatcher,
    vscode.commands.registerCommand("promptlint.restartServer", () => restart()),
    vscode.commands.registerCommand("promptlint.showOutput", () => output?.show()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("promptlint.path") || e.affectsConfiguration("promptlint.args")) {
        void restart();
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void restart()),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration("promptlint");
  // In an untrusted workspace no setting may resolve to a file of the repository (VS Code
  // already reads promptlint.path from the user's settings only: restrictedConfigurations).
  const folder = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
  const resolution = resolveBinary(config.get<string>("path"), processEnvironment(folder));
  if (resolution.kind !== "found") {
    const message = describeFailure(resolution);
    output?.appendLine(message);
    if (resolution.kind === "not-found") {
      output?.appendLine(`searched: ${resolution.searched.join(", ")}`);
    }
    // Not awaited: activation must not wait for the user to read the message.
    void vscode.window
      .showErrorMessage(message, "Open Settings", "Install Instructions")
      .then((choice) => {
        if (choice === "Open Settings") {
          void vscode.commands.executeCommand("workbench.action.openSettings", "promptlint.path");
        } else if (choice === "Install Instructions") {
          void vscode.env.openExternal(vscode.Uri.parse(INSTALL_URL));
        }
      });
    return;
  }
  const args = serverArgs(config.get<unknown>("args"));
  output?.appendLine(`starting ${resolution.path} ${args.join(" ")} (found by ${resolution.source})`);
  const run = { command: resolution.path, args, transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
    synchronize: { fileEvents: configWatcher },
  };
  // The id `promptlint` makes the client read `promptlint.trace.server` itself.
  client = new LanguageClient("promptlint", "promptlint", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    const message = `promptlint: the server did not start: ${e instanceof Error ? e.message : String(e)}`;
    output?.appendLine(message);
    void vscode.window.showErrorMessage(message, "Show Output").then((choice) => {
      if (choice === "Show Output") {
        output?.show();
      }
    });
    client = undefined;
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    try {
      await c.stop();
    } catch (e) {
      output?.appendLine(`stopping the server: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}
