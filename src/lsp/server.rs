//! The protocol loop: the lifecycle (`initialize`, `initialized`, `shutdown`, `exit`), the
//! documents' notifications, the requests served (`textDocument/codeAction`,
//! `textDocument/hover`), and when each document is checked.
//!
//! One thread serves, another reads ([`super::transport`]). A document is checked when it is
//! opened and [`DEBOUNCE`] after its last change (every message already read is handled
//! first, so a burst of changes is checked once), the whole text each time; its diagnostics
//! are published with the version checked. Every [`POLL`] while documents are open, and on
//! `didSave` and `workspace/didChangeWatchedFiles`, each root's config is looked at again
//! (one `stat` per folder searched) and, when it changed, reloaded and every document checked
//! again. Nothing a client sends ends the server but `exit`, or the end of its input: a
//! request that cannot be served gets an error response, a notification that cannot be read
//! a line in the client's log, and a panic while handling a message is caught.

use std::collections::HashSet;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOptions, CodeActionOrCommand, CodeActionParams,
    CodeActionProviderCapability, Diagnostic, DidChangeTextDocumentParams,
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions,
    DidChangeWorkspaceFoldersParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DidSaveTextDocumentParams, FileSystemWatcher, GlobPattern, Hover, HoverContents, HoverParams,
    HoverProviderCapability, InitializeParams, InitializeResult, LogMessageParams, MarkupContent,
    MarkupKind, MessageType, NumberOrString, OneOf, OptionalVersionedTextDocumentIdentifier,
    PublishDiagnosticsParams, Registration, RegistrationParams, SaveOptions, ServerCapabilities,
    ServerInfo, ShowMessageParams, TextDocumentEdit, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, TextEdit, Uri,
    WorkspaceEdit, WorkspaceFoldersServerCapabilities, WorkspaceServerCapabilities,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::actions::{self, Action, Ask, FIX_ALL};
use super::diagnostics;
use super::documents::{Checked, Document, Documents};
use super::position::{Encoding, Lines};
use super::transport::{self, Incoming};
use super::uri;
use super::workspace::{Workspace, is_config_name};

/// How long after a change a document is checked: a burst of keystrokes is checked once.
pub const DEBOUNCE: Duration = Duration::from_millis(25);

/// How often each root's config is looked at while documents are open.
pub const POLL: Duration = Duration::from_secs(2);

/// How the session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// `exit` after `shutdown`: exit code 0, as the protocol asks.
    Clean,
    /// `exit` without `shutdown`, or the input ended: exit code 1.
    Abrupt,
}

/// Where the session is in its lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Uninitialized,
    Running,
    ShutDown,
}

/// The server's state.
pub(crate) struct Server<W: Write> {
    out: W,
    /// False once writing to the client failed: the session is over.
    connected: bool,
    phase: Phase,
    enc: Encoding,
    docs: Documents,
    workspace: Workspace,
    /// The client takes `documentChanges` (edits bound to a document version).
    versioned_edits: bool,
    /// The client lets the server register file watchers.
    watch: bool,
    /// Config files with diagnostics published while not open (to clear them).
    config_shown: HashSet<PathBuf>,
    /// Config problems told with `window/showMessage` (each once).
    told: HashSet<String>,
    next_poll: Instant,
    next_id: i32,
}

/// Serves the messages `incoming` brings, answering on `out`, until `exit` or the end of the
/// input.
pub(crate) fn run<W: Write>(incoming: &Receiver<Incoming>, out: W) -> Ended {
    let mut server = Server {
        out,
        connected: true,
        phase: Phase::Uninitialized,
        enc: Encoding::Utf16,
        docs: Documents::new(),
        workspace: Workspace::default(),
        versioned_edits: false,
        watch: false,
        config_shown: HashSet::new(),
        told: HashSet::new(),
        next_poll: Instant::now() + POLL,
        next_id: 0,
    };
    loop {
        let event = match server.wait() {
            None => incoming.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(d) => incoming.recv_timeout(d),
        };
        match event {
            Ok(message) => {
                if let Some(end) = server.handle(message) {
                    return end;
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ended::Abrupt,
        }
        while let Ok(message) = incoming.try_recv() {
            if let Some(end) = server.handle(message) {
                return end;
            }
        }
        server.tick();
        if !server.connected {
            return Ended::Abrupt;
        }
    }
}

/// Reads `params` as `P`.
fn params<P: DeserializeOwned>(params: Value) -> Result<P, String> {
    serde_json::from_value(params).map_err(|e| e.to_string())
}

impl<W: Write> Server<W> {
    /// How long to wait for a message before something is due; `None`: nothing is.
    fn wait(&self) -> Option<Duration> {
        let due = self.docs.values().filter_map(|d| d.due).min();
        let poll = (!self.docs.is_empty()).then_some(self.next_poll);
        let next = due.into_iter().chain(poll).min()?;
        Some(next.saturating_duration_since(Instant::now()))
    }

    fn send(&mut self, message: Message) {
        if self.connected && transport::write(&mut self.out, message).is_err() {
            self.connected = false;
        }
    }

    fn notify(&mut self, method: &str, params: impl serde::Serialize) {
        self.send(Message::Notification(Notification::new(
            method.to_owned(),
            params,
        )));
    }

    /// A line in the client's log.
    fn log(&mut self, typ: MessageType, message: String) {
        self.notify("window/logMessage", LogMessageParams { typ, message });
    }

    fn respond(&mut self, id: RequestId, result: Result<Value, (ErrorCode, String)>) {
        let response = match result {
            Ok(v) => Response::new_ok(id, v),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        self.send(Message::Response(response));
    }

    /// Handles one thing the reader read; `Some` when the session is over.
    fn handle(&mut self, incoming: Incoming) -> Option<Ended> {
        match incoming {
            Incoming::Message(Message::Request(r)) => {
                let id = r.id.clone();
                let method = r.method.clone();
                let served = std::panic::catch_unwind(AssertUnwindSafe(|| self.request(r)));
                let result = served.unwrap_or_else(|_| {
                    Err((
                        ErrorCode::InternalError,
                        format!("internal error while serving {method}, please report it"),
                    ))
                });
                self.respond(id, result);
            }
            Incoming::Message(Message::Notification(n)) => {
                if n.method == "exit" {
                    return Some(if self.phase == Phase::ShutDown {
                        Ended::Clean
                    } else {
                        Ended::Abrupt
                    });
                }
                let method = n.method.clone();
                let served = std::panic::catch_unwind(AssertUnwindSafe(|| self.notification(n)));
                match served {
                    Ok(Ok(())) => {}
                    Ok(Err(why)) => self.log(
                        MessageType::WARNING,
                        format!("promptlint: {method} ignored: {why}"),
                    ),
                    Err(_) => self.log(
                        MessageType::ERROR,
                        format!(
                            "promptlint: internal error while handling {method}, please report it"
                        ),
                    ),
                }
            }
            // Answers to `client/registerCapability`: nothing to do either way.
            Incoming::Message(Message::Response(_)) => {}
            Incoming::Invalid { id, code, message } => {
                if self.connected
                    && transport::write_error(&mut self.out, id, code, &message).is_err()
                {
                    self.connected = false;
                }
            }
            Incoming::Warning(message) => {
                self.log(MessageType::WARNING, format!("promptlint: {message}"));
            }
            Incoming::Closed => return Some(Ended::Abrupt),
        }
        (!self.connected).then_some(Ended::Abrupt)
    }

    fn request(&mut self, r: Request) -> Result<Value, (ErrorCode, String)> {
        let invalid = |e: String| (ErrorCode::InvalidParams, e);
        match (self.phase, r.method.as_str()) {
            (Phase::Uninitialized, "initialize") => {
                let p: InitializeParams = params(r.params).map_err(invalid)?;
                Ok(self.initialize(p))
            }
            (Phase::Uninitialized, _) => Err((
                ErrorCode::ServerNotInitialized,
                "the server is not initialized: send `initialize` first".to_owned(),
            )),
            (Phase::ShutDown, _) => Err((
                ErrorCode::InvalidRequest,
                "the server is shut down: only `exit` is served".to_owned(),
            )),
            (Phase::Running, "initialize") => Err((
                ErrorCode::InvalidRequest,
                "the server is already initialized".to_owned(),
            )),
            (Phase::Running, "shutdown") => {
                self.phase = Phase::ShutDown;
                Ok(Value::Null)
            }
            (Phase::Running, "textDocument/codeAction") => {
                let p: CodeActionParams = params(r.params).map_err(invalid)?;
                Ok(serde_json::to_value(self.code_actions(&p)).unwrap_or(Value::Null))
            }
            (Phase::Running, "textDocument/hover") => {
                let p: HoverParams = params(r.params).map_err(invalid)?;
                Ok(serde_json::to_value(self.hover(&p)).unwrap_or(Value::Null))
            }
            (Phase::Running, method) => Err((
                ErrorCode::MethodNotFound,
                format!("promptlint does not serve `{method}`"),
            )),
        }
    }

    fn notification(&mut self, n: Notification) -> Result<(), String> {
        if self.phase != Phase::Running {
            // Before `initialize` and after `shutdown`, notifications are dropped.
            return Ok(());
        }
        match n.method.as_str() {
            "initialized" => self.register_watchers(),
            "textDocument/didOpen" => {
                let p: DidOpenTextDocumentParams = params(n.params)?;
                let d = p.text_document;
                let key = d.uri.as_str().to_owned();
                self.docs.insert(
                    key,
                    Document {
                        path: uri::to_path(d.uri.as_str()),
                        text: d.text,
                        version: d.version,
                        due: Some(Instant::now()),
                        source: None,
                        checked: None,
                    },
                );
            }
            "textDocument/didChange" => {
                let p: DidChangeTextDocumentParams = params(n.params)?;
                let enc = self.enc;
                let Some(doc) = self.docs.get_mut(p.text_document.uri.as_str()) else {
                    return Err(format!(
                        "{} is not open",
                        crate::escape::escape_one_line(p.text_document.uri.as_str())
                    ));
                };
                for change in p.content_changes {
                    doc.apply(change, enc);
                }
                doc.version = p.text_document.version;
                doc.due = Some(Instant::now() + DEBOUNCE);
            }
            "textDocument/didClose" => {
                let p: DidCloseTextDocumentParams = params(n.params)?;
                let key = p.text_document.uri.as_str();
                if let Some(doc) = self.docs.remove(key) {
                    self.publish(&p.text_document.uri, None, Vec::new());
                    if doc.path.as_deref().is_some_and(is_config_name) {
                        self.show_config_problems();
                    }
                }
            }
            "textDocument/didSave" => {
                let _: DidSaveTextDocumentParams = params(n.params)?;
                self.refresh();
            }
            "workspace/didChangeWatchedFiles" => {
                let _: DidChangeWatchedFilesParams = params(n.params)?;
                self.refresh();
            }
            "workspace/didChangeWorkspaceFolders" => {
                let p: DidChangeWorkspaceFoldersParams = params(n.params)?;
                for f in p.event.removed {
                    if let Some(path) = uri::to_path(f.uri.as_str()) {
                        self.workspace.remove(&path);
                    }
                }
                for f in p.event.added {
                    if let Some(path) = uri::to_path(f.uri.as_str()) {
                        self.workspace.add(path);
                    }
                }
                self.reloaded();
            }
            // `$/cancelRequest`, `$/setTrace`, `workspace/didChangeConfiguration`, and any
            // notification the server does not know: nothing to do, as the protocol allows.
            _ => {}
        }
        Ok(())
    }

    fn initialize(&mut self, p: InitializeParams) -> Value {
        let caps = &p.capabilities;
        self.enc = Encoding::negotiate(
            caps.general
                .as_ref()
                .and_then(|g| g.position_encodings.as_deref()),
        );
        let workspace = caps.workspace.as_ref();
        self.versioned_edits = workspace
            .and_then(|w| w.workspace_edit.as_ref())
            .and_then(|e| e.document_changes)
            .unwrap_or(false);
        self.watch = workspace
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        #[allow(deprecated)]
        let folders: Vec<PathBuf> = match (&p.workspace_folders, &p.root_uri, &p.root_path) {
            (Some(f), _, _) => f
                .iter()
                .filter_map(|f| uri::to_path(f.uri.as_str()))
                .collect(),
            (None, Some(u), _) => uri::to_path(u.as_str()).into_iter().collect(),
            (None, None, Some(p)) => vec![PathBuf::from(p)],
            (None, None, None) => Vec::new(),
        };
        for f in folders.into_iter().filter(|f| f.is_absolute()) {
            self.workspace.add(f);
        }
        // The built-in rules' matchers, built while the client sends the first document.
        let _ = std::thread::Builder::new()
            .name("promptlint-warm".to_owned())
            .spawn(|| crate::rules::Catalog::builtin().warm());
        self.phase = Phase::Running;
        let capabilities = ServerCapabilities {
            position_encoding: Some(self.enc.kind()),
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    will_save: None,
                    will_save_wait_until: None,
                    save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                        include_text: Some(false),
                    })),
                },
            )),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::from(FIX_ALL),
                ]),
                work_done_progress_options: Default::default(),
                resolve_provider: None,
            })),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            workspace: Some(WorkspaceServerCapabilities {
                workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                    supported: Some(true),
                    change_notifications: Some(OneOf::Left(true)),
                }),
                file_operations: None,
            }),
            ..ServerCapabilities::default()
        };
        serde_json::to_value(InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "promptlint".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        })
        .unwrap_or(Value::Null)
    }

    /// Asks the client to report changes of config files, when it can.
    fn register_watchers(&mut self) {
        if !self.watch {
            return;
        }
        let watchers = crate::config::FILE_NAMES
            .iter()
            .map(|n| FileSystemWatcher {
                glob_pattern: GlobPattern::String(format!("**/{n}")),
                kind: None,
            })
            .collect();
        let options = DidChangeWatchedFilesRegistrationOptions { watchers };
        let params = RegistrationParams {
            registrations: vec![Registration {
                id: "promptlint-config".to_owned(),
                method: "workspace/didChangeWatchedFiles".to_owned(),
                register_options: serde_json::to_value(options).ok(),
            }],
        };
        self.next_id += 1;
        let id = RequestId::from(format!("promptlint-{}", self.next_id));
        self.send(Message::Request(Request::new(
            id,
            "client/registerCapability".to_owned(),
            params,
        )));
    }

    /// Checks what is due: the documents whose change has waited [`DEBOUNCE`], and every
    /// [`POLL`] the configs.
    fn tick(&mut self) {
        let now = Instant::now();
        if !self.docs.is_empty() && now >= self.next_poll {
            self.refresh();
        }
        let due: Vec<String> = self
            .docs
            .iter()
            .filter(|(_, d)| d.due.is_some_and(|t| t <= now))
            .map(|(k, _)| k.clone())
            .collect();
        for key in due {
            self.check(&key);
        }
    }

    /// Looks at each root's config again; when one changed, reloads it and checks every
    /// document again.
    fn refresh(&mut self) {
        self.next_poll = Instant::now() + POLL;
        if self.workspace.refresh() {
            self.reloaded();
        }
    }

    /// After the roots or their configs changed: every document is classified and checked
    /// again, and the config problems shown.
    fn reloaded(&mut self) {
        let now = Instant::now();
        for d in self.docs.values_mut() {
            d.source = None;
            d.due = Some(now);
        }
        self.show_config_problems();
    }

    /// Shows each root's config problems: `window/showMessage` once per problem, and
    /// diagnostics on a config file that is not open (an open one gets them when checked).
    fn show_config_problems(&mut self) {
        let mut shown: Vec<(PathBuf, Vec<Diagnostic>)> = Vec::new();
        let mut tell = Vec::new();
        for root in &self.workspace.roots {
            let Some((file, problems)) = &root.problems else {
                continue;
            };
            for p in problems {
                let first = p.message.lines().next().unwrap_or_default();
                tell.push(format!("promptlint: the config is not used: {first}"));
            }
            if let Some(file) = file {
                let open = self
                    .docs
                    .values()
                    .any(|d| d.path.as_deref() == Some(file.as_path()));
                if !open {
                    let text =
                        crate::bounds::read_text(file, crate::bounds::MAX_CONFIG_BYTES, "a config")
                            .unwrap_or_default();
                    shown.push((file.clone(), self.config_diagnostics(&text, problems)));
                }
            }
        }
        // Once every config loads, a problem that comes back is told again.
        self.told.retain(|m| tell.contains(m));
        for message in tell {
            if self.told.insert(message.clone()) {
                self.notify(
                    "window/showMessage",
                    ShowMessageParams {
                        typ: MessageType::ERROR,
                        message,
                    },
                );
            }
        }
        let now: HashSet<PathBuf> = shown.iter().map(|(p, _)| p.clone()).collect();
        let cleared: Vec<PathBuf> = self.config_shown.difference(&now).cloned().collect();
        for p in cleared {
            if let Ok(u) = Uri::from_str(&uri::from_path(&p)) {
                self.publish(&u, None, Vec::new());
            }
        }
        for (p, diags) in shown {
            if let Ok(u) = Uri::from_str(&uri::from_path(&p)) {
                self.publish(&u, None, diags);
            }
        }
        self.config_shown = now;
    }

    fn config_diagnostics(
        &self,
        text: &str,
        problems: &[super::workspace::Problem],
    ) -> Vec<Diagnostic> {
        problems
            .iter()
            .map(|p| {
                diagnostics::at_line(
                    text,
                    p.line,
                    p.column,
                    self.enc,
                    "config",
                    format!("the config is not used: {}", p.message),
                )
            })
            .collect()
    }

    fn publish(&mut self, uri: &Uri, version: Option<i32>, diagnostics: Vec<Diagnostic>) {
        self.notify(
            "textDocument/publishDiagnostics",
            PublishDiagnosticsParams {
                uri: uri.clone(),
                diagnostics,
                version,
            },
        );
    }

    /// Checks the document `key` now and publishes its diagnostics.
    fn check(&mut self, key: &str) {
        let Ok(uri) = Uri::from_str(key) else {
            return;
        };
        let enc = self.enc;
        let Some(doc) = self.docs.get_mut(key) else {
            return;
        };
        doc.due = None;
        let version = doc.version;
        let Some(path) = doc.path.clone() else {
            return;
        };
        let text = doc.text.clone();
        let lines = Lines::new(&text);
        let at = self.workspace.root_for(&path);
        let root = &self.workspace.roots[at];
        let mut diags = Vec::new();
        let mut result = None;
        if root.config_file() == Some(path.as_path()) {
            // The config itself: its problems, and what PL808 says of its text.
            if let Some((_, problems)) = &root.problems {
                diags = self.config_diagnostics(&text, problems);
            } else if let Some(f) = root
                .settings
                .as_ref()
                .and_then(|s| s.check_config_text(&text))
            {
                diags = diagnostics::of(&f, &text, &lines, enc, &uri);
            }
        } else if let Some(settings) = &root.settings {
            let Some(doc) = self.docs.get_mut(key) else {
                return;
            };
            let source = doc
                .source
                .get_or_insert_with(|| settings.source_of(&root.path, &path));
            if let Some(target) = source {
                match settings.check_text(target, text.clone().into_bytes(), &HashSet::new()) {
                    Ok(f) => {
                        let f = settings.limited(f);
                        diags = diagnostics::of(&f, &text, &lines, enc, &uri);
                        result = Some(f);
                    }
                    Err(e) => diags.push(diagnostics::at_line(
                        &text,
                        0,
                        0,
                        enc,
                        "internal-error",
                        e.message,
                    )),
                }
            }
        }
        if let Some(doc) = self.docs.get_mut(key) {
            doc.checked = Some(Checked {
                version,
                text,
                lines,
                result,
            });
        }
        self.publish(&uri, Some(version), diags);
    }

    /// Checks the document `key` if a change is still waiting or it was never checked.
    fn fresh(&mut self, key: &str) {
        if self
            .docs
            .get(key)
            .is_some_and(|d| d.due.is_some() || d.checked.is_none())
        {
            self.check(key);
        }
    }

    fn code_actions(&mut self, p: &CodeActionParams) -> Vec<CodeActionOrCommand> {
        let key = p.text_document.uri.as_str();
        self.fresh(key);
        let Some(path) = self.docs.get(key).and_then(|d| d.path.clone()) else {
            return Vec::new();
        };
        let root = self.workspace.root_for(&path);
        let (Some(doc), Some(settings)) = (
            self.docs.get(key),
            self.workspace.roots[root].settings.as_ref(),
        ) else {
            return Vec::new();
        };
        let (Some(Some(target)), Some(checked)) = (&doc.source, &doc.checked) else {
            return Vec::new();
        };
        let Some(shown) = checked.result.as_ref() else {
            return Vec::new();
        };
        let wanted = |kind: &str| {
            p.context.only.as_ref().is_none_or(|only| {
                only.iter()
                    .any(|o| kind == o.as_str() || kind.starts_with(&format!("{}.", o.as_str())))
            })
        };
        let (text, lines, enc) = (checked.text.as_str(), &checked.lines, self.enc);
        let a = lines.offset(text, p.range.start, enc);
        let b = lines.offset(text, p.range.end, enc);
        let ask = Ask {
            settings,
            target,
            text,
            shown,
            range: a.min(b)..a.max(b),
        };
        let quick = wanted(CodeActionKind::QUICKFIX.as_str());
        actions::actions(&ask, quick, wanted(FIX_ALL))
            .into_iter()
            .map(|a| {
                CodeActionOrCommand::CodeAction(self.code_action(
                    a,
                    &p.text_document.uri,
                    &p.context.diagnostics,
                    checked,
                ))
            })
            .collect()
    }

    fn code_action(
        &self,
        a: Action,
        uri: &Uri,
        client: &[Diagnostic],
        checked: &Checked,
    ) -> CodeAction {
        let (text, lines, enc) = (&checked.text, &checked.lines, self.enc);
        let edits: Vec<TextEdit> = a
            .edits
            .iter()
            .map(|(r, new)| TextEdit {
                range: lines.range(text, r, enc),
                new_text: new.clone(),
            })
            .collect();
        let edit = if self.versioned_edits {
            WorkspaceEdit {
                document_changes: Some(lsp_types::DocumentChanges::Edits(vec![TextDocumentEdit {
                    text_document: OptionalVersionedTextDocumentIdentifier {
                        uri: uri.clone(),
                        version: Some(checked.version),
                    },
                    edits: edits.into_iter().map(OneOf::Left).collect(),
                }])),
                ..WorkspaceEdit::default()
            }
        } else {
            WorkspaceEdit {
                changes: Some(std::iter::once((uri.clone(), edits)).collect()),
                ..WorkspaceEdit::default()
            }
        };
        // The client's diagnostics this action resolves: promptlint's, of the same rule and
        // range.
        let resolved: Vec<Diagnostic> = client
            .iter()
            .filter(|d| d.source.as_deref() == Some(diagnostics::SOURCE))
            .filter(|d| {
                a.resolves.iter().any(|(id, span)| {
                    d.code == Some(NumberOrString::String(id.clone()))
                        && d.range == lines.range(text, span, enc)
                })
            })
            .cloned()
            .collect();
        CodeAction {
            title: a.title,
            kind: Some(match a.kind {
                actions::Kind::QuickFix => CodeActionKind::QUICKFIX,
                actions::Kind::FixAll => CodeActionKind::from(FIX_ALL),
            }),
            diagnostics: (!resolved.is_empty()).then_some(resolved),
            edit: Some(edit),
            command: None,
            is_preferred: a.preferred.then_some(true),
            disabled: None,
            data: None,
        }
    }

    fn hover(&mut self, p: &HoverParams) -> Option<Hover> {
        let key = p.text_document_position_params.text_document.uri.as_str();
        let enc = self.enc;
        self.fresh(key);
        let checked = self.docs.get(key)?.checked.as_ref()?;
        let result = checked.result.as_ref()?;
        let at = checked
            .lines
            .offset(&checked.text, p.text_document_position_params.position, enc);
        let (value, span) = super::hover::at(result, at)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(checked.lines.range(&checked.text, &span, enc)),
        })
    }
}
