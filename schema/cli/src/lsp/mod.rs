//! `saberc lsp`: a language server on standard input and output, for maps, scenarios and
//! battles in any editor with a Language Server Protocol client. It calls the one pipeline
//! (`check_source`, the same as `saberc check`, with the same limits) and `saberc fmt`'s
//! layout; it keeps no checker of its own.
//!
//! Modules: [`transport`] (bounded framing on standard input and output), [`dispatch`]
//! (requests to handlers by type; a handler's panic is an error reply), [`pace`] (when a
//! changed document is checked: at once when its checks are fast), [`position`] (byte
//! offsets ↔ protocol positions, UTF-16 or UTF-8 as agreed; the word at a cursor), [`uri`]
//! (documents' URIs as paths or bare names), [`diagnostics`] (findings as
//! protocol diagnostics), [`related`] (a finding's other place), [`tree`] (places in the
//! syntax tree), [`schema`] (the JSON Schema at a place), [`hover`], [`completion`],
//! [`definition`], [`symbols`] (the outline), [`actions`] (did-you-mean quick fixes).

mod actions;
mod completion;
mod definition;
mod diagnostics;
mod dispatch;
mod hover;
mod pace;
mod position;
mod related;
mod schema;
mod symbols;
mod transport;
mod tree;
mod uri;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::RecvTimeoutError;
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
};
use lsp_types::{
    CodeActionOrCommand, CodeActionParams, CodeActionProviderCapability, CodeActionResponse,
    CompletionOptions, CompletionParams, CompletionResponse, DiagnosticRelatedInformation,
    DidChangeTextDocumentParams, DidChangeWatchedFilesRegistrationOptions,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DocumentFormattingParams,
    DocumentSymbolParams, DocumentSymbolResponse, FileSystemWatcher, GlobPattern,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverParams, HoverProviderCapability,
    InitializeParams, Location, MessageType, OneOf, PublishDiagnosticsParams, Registration,
    RegistrationParams, ServerCapabilities, ShowMessageParams, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, TextEdit, Uri,
};
use saber_schema::diagnostic::{Code, printable};
use saber_schema::model::map::Map;
use saber_schema::output::format::format_text;
use saber_schema::pipeline::locate::{location_at, top_level_field};
use saber_schema::pipeline::maps::{MapOrigin, MapRegistry};
use saber_schema::pipeline::parse::{DocKind, check_limits, named_kind};
use saber_schema::pipeline::read::Source;
use saber_schema::pipeline::{Built, compile_source};

use crate::{EXIT_ERRORS, EXIT_OK};
use dispatch::{Answer, Dispatch};
use pace::{Pacer, Pacing};
use position::word_at;
use position::{Encoding, LineIndex};
use transport::{Connection, Incoming};
use uri::{file_path, path_uri, source};

/// How the server runs.
#[derive(Debug, Clone, Copy)]
struct Settings {
    /// When changed documents are checked.
    pacing: Pacing,
    /// Whether the client's workspace folders are searched for maps.
    folders: bool,
}

/// An editor's settings: a document is checked at once when its checks are fast, when typing
/// pauses when they are slow.
const EDITOR: Settings = Settings {
    pacing: pace::EDITOR,
    folders: true,
};

/// Run `saberc lsp` until the client says `exit`.
pub fn lsp_cmd() -> i32 {
    // Parsing recurses once per nesting level (up to the limit): the same stack as `check`'s
    // workers.
    let server = std::thread::Builder::new()
        .name("saberc-lsp".into())
        .stack_size(8 << 20)
        .spawn(|| {
            let (conn, writer) = transport::stdio();
            let served = serve(conn, EDITOR);
            // Every message is written before the process ends.
            let written = writer.join();
            served.and(
                written
                    .map_err(|_| "the writer stopped")?
                    .map_err(Error::from),
            )
        });
    match server.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => EXIT_OK,
        Ok(Ok(Err(e))) => {
            eprintln!("error: saberc lsp: {e}");
            EXIT_ERRORS
        }
        _ => {
            eprintln!("error: saberc lsp: the server thread stopped");
            EXIT_ERRORS
        }
    }
}

/// The messages (as JSON) `saberc lsp` sends for the framed messages of `input`, served in
/// this thread, every change checked at once and no workspace folder searched: the fuzz
/// target's way into the server's message loop.
pub fn serve_bytes(input: &[u8]) -> Vec<serde_json::Value> {
    let (to_server, receiver) = crossbeam_channel::unbounded();
    if let Err(why) = transport::read_all(&mut std::io::BufReader::new(input), &to_server) {
        let _ = to_server.send(Incoming::refused(ErrorCode::ParseError, why));
    }
    drop(to_server);
    let (sender, out) = crossbeam_channel::unbounded();
    let at_once = Settings {
        pacing: pace::AT_ONCE,
        folders: false,
    };
    let _ = serve(Connection { sender, receiver }, at_once);
    out.try_iter()
        .filter_map(|m| serde_json::to_value(m).ok())
        .collect()
}

type Error = Box<dyn std::error::Error + Send + Sync>;

/// What the server offers, with the position encoding agreed.
fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding.kind()),
        // Full text on every change; saves are asked for, so that a saved map file re-checks
        // the open scenarios (their maps are read from disk).
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".into(), "{".into(), "(".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

fn serve(conn: Connection, settings: Settings) -> Result<(), Error> {
    let Some((id, params)) = initialize(&conn)? else {
        return Ok(());
    };
    let encoding = Encoding::negotiate(
        params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref()),
    );
    let mut server = Server {
        conn,
        encoding,
        roots: if settings.folders {
            workspace_roots(&params)
        } else {
            Vec::new()
        },
        roots_said: std::cell::Cell::new(false),
        docs: HashMap::new(),
        analyses: HashMap::new(),
        pacer: Pacer::new(settings.pacing),
    };
    server.send(Message::Response(Response::new_ok(
        id,
        serde_json::json!({
            "capabilities": capabilities(encoding),
            "serverInfo": {"name": "saberc", "version": env!("CARGO_PKG_VERSION")},
        }),
    )))?;
    if watches_files(&params) {
        server.watch_map_files()?;
    }
    server.run()
}

/// The `initialize` request and its parameters (read leniently: a client's odd capability
/// does not stop the server). Requests before it are refused as the protocol says; the end of
/// input before it is `None`, `exit` an error.
fn initialize(conn: &Connection) -> Result<Option<(RequestId, InitializeParams)>, Error> {
    loop {
        let Ok(incoming) = conn.receiver.recv() else {
            return Ok(None);
        };
        match incoming {
            Incoming::Message(Message::Request(req)) if req.method == "initialize" => {
                let params = serde_json::from_value(req.params).unwrap_or_default();
                return Ok(Some((req.id, params)));
            }
            Incoming::Message(Message::Request(req)) => {
                conn.sender.send(Message::Response(Response::new_err(
                    req.id,
                    ErrorCode::ServerNotInitialized as i32,
                    "the server is not initialized: `initialize` comes first".into(),
                )))?;
            }
            // Exit without shutdown: exit code 1, as the protocol says.
            Incoming::Message(Message::Notification(n)) if n.method == "exit" => {
                return Err("the client said `exit` before `initialize`".into());
            }
            Incoming::Message(_) => {}
            Incoming::Refused(r) => refuse(&conn.sender, r)?,
        }
    }
}

/// Answer a refused message: an error to its request, else a line in the client's log (and
/// on standard error).
fn refuse(sender: &crossbeam_channel::Sender<Message>, r: transport::Refusal) -> Result<(), Error> {
    eprintln!("saberc lsp: {}", r.why);
    let msg = match r.id {
        Some(id) => Message::Response(Response::new_err(id, r.code as i32, r.why)),
        None => log_error(format!("saberc lsp: {}", r.why)),
    };
    sender.send(msg)?;
    Ok(())
}

/// A line in the client's log, an error.
fn log_error(message: String) -> Message {
    let params = lsp_types::LogMessageParams {
        typ: MessageType::ERROR,
        message,
    };
    Message::Notification(Notification::new("window/logMessage".into(), params))
}

/// The workspace folders (or the root) as file paths: they play the part of `--maps`.
#[allow(deprecated)] // root_uri: older clients send only it
fn workspace_roots(params: &InitializeParams) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|f| file_path(&f.uri))
        .collect();
    if roots.is_empty()
        && let Some(root) = params.root_uri.as_ref().and_then(file_path)
    {
        roots.push(root);
    }
    roots
}

/// Does the client let the server ask to be told of changed files (maps edited elsewhere)?
fn watches_files(params: &InitializeParams) -> bool {
    params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration)
        .unwrap_or(false)
}

/// An open document.
struct Document {
    text: String,
    version: Option<i32>,
}

struct Server {
    conn: Connection,
    /// The unit of the protocol's columns, agreed at `initialize`.
    encoding: Encoding,
    roots: Vec<PathBuf>,
    /// Whether a workspace folder that cannot be searched was said (once, not at every check).
    roots_said: std::cell::Cell<bool>,
    docs: HashMap<Uri, Document>,
    /// What hover and completion need of a document, kept until the next notification.
    analyses: HashMap<Uri, Analysis>,
    /// The documents' pending checks and how long their checks take.
    pacer: Pacer,
}

/// What the requests at a cursor need of a document besides its text, made once per state of
/// the documents and files (every notification clears them) rather than at every request.
struct Analysis {
    /// The syntax tree, when the document is within check's limits (never built otherwise).
    tree: Option<tree::Tree>,
    /// Its kind, from its `format` field.
    kind: Option<DocKind>,
    /// RON or JSON.
    syntax: saber_schema::pipeline::read::Syntax,
    /// Its game's rules.
    rules: &'static saber_schema::ruleset::Ruleset,
    /// Its map (itself for a map), if resolved.
    map: Option<Map>,
}

impl Server {
    fn run(&mut self) -> Result<(), Error> {
        loop {
            let now = Instant::now();
            // The messages that have arrived are read before a check (a newer version
            // supersedes the one pending, so a burst of typing queues no work), unless a
            // document has waited the longest wait; then the checks that are due are made.
            let incoming = match self.pacer.next_due() {
                None => match self.conn.receiver.recv() {
                    Ok(m) => m,
                    Err(_) => return Ok(()),
                },
                Some(_) if self.pacer.overdue(now) => {
                    self.publish_due(now)?;
                    continue;
                }
                Some(due) => match self
                    .conn
                    .receiver
                    .recv_timeout(due.saturating_duration_since(now))
                {
                    Ok(m) => m,
                    Err(RecvTimeoutError::Timeout) => {
                        self.publish_due(Instant::now())?;
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return Ok(()),
                },
            };
            let msg = match incoming {
                Incoming::Message(m) => m,
                Incoming::Refused(r) => {
                    refuse(&self.conn.sender, r)?;
                    continue;
                }
            };
            match msg {
                Message::Request(req) if req.method == "shutdown" => {
                    self.send(Message::Response(Response::new_ok(req.id, ())))?;
                    return self.await_exit();
                }
                Message::Request(req) => {
                    let resp = self.request(req);
                    self.send(Message::Response(resp))?;
                }
                // The protocol's exit code for an exit without shutdown is 1.
                Message::Notification(n) if n.method == "exit" => {
                    return Err("the client said `exit` without `shutdown` first".into());
                }
                Message::Notification(n) => {
                    let method = n.method.clone();
                    // A notification has no answer: a failure is logged, the server goes on.
                    if let Err(p) = catch_unwind(AssertUnwindSafe(|| self.notification(n))) {
                        self.log_failure(&method, &*p)?;
                    }
                }
                Message::Response(_) => {}
            }
        }
    }

    fn send(&self, msg: Message) -> Result<(), Error> {
        self.conn.sender.send(msg)?;
        Ok(())
    }

    /// Send the client a notification.
    fn notify(&self, method: &str, params: impl serde::Serialize) -> Result<(), Error> {
        self.send(Message::Notification(Notification::new(
            method.into(),
            params,
        )))
    }

    /// Show the user a message (a failed send is left for the loop's next send to report).
    fn show(&self, typ: MessageType, message: String) {
        let _ = self.notify("window/showMessage", ShowMessageParams { typ, message });
    }

    /// Say in the client's log that handling `what` failed (a panic), and go on.
    fn log_failure(&self, what: &str, payload: &(dyn std::any::Any + Send)) -> Result<(), Error> {
        self.send(log_error(format!(
            "saberc lsp failed on `{}`: {}; the server goes on (please report this, with the \
             document)",
            printable(what, 200),
            dispatch::panic_message(payload)
        )))
    }

    /// After `shutdown`, only `exit` is awaited; requests are refused. A client that closes
    /// the pipe instead (an editor quitting) ends the server as cleanly.
    fn await_exit(&self) -> Result<(), Error> {
        loop {
            match self.conn.receiver.recv() {
                Ok(Incoming::Message(Message::Notification(n))) if n.method == "exit" => {
                    return Ok(());
                }
                Ok(Incoming::Message(Message::Request(req))) => {
                    self.send(Message::Response(Response::new_err(
                        req.id,
                        ErrorCode::InvalidRequest as i32,
                        "the server is shutting down".into(),
                    )))?;
                }
                Ok(Incoming::Refused(r)) => refuse(&self.conn.sender, r)?,
                Ok(_) => {}
                Err(_) => return Ok(()),
            }
        }
    }

    fn notification(&mut self, n: Notification) {
        // Any change of a document or a file may change what another document's map is.
        self.analyses.clear();
        match n.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) {
                    let doc = Document {
                        text: p.text_document.text,
                        version: Some(p.text_document.version),
                    };
                    self.changed(p.text_document.uri, doc);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params)
                    && let Some(last) = p.content_changes.into_iter().next_back()
                {
                    // Full sync: the last change is the whole text.
                    let doc = Document {
                        text: last.text,
                        version: Some(p.text_document.version),
                    };
                    self.changed(p.text_document.uri, doc);
                }
            }
            // A saved file may be the map of open scenarios: every open document is checked
            // again against the files as they are now.
            "textDocument/didSave" | "workspace/didChangeWatchedFiles" => self.all_dirty(),
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri;
                    let closed = self.docs.remove(&uri);
                    self.pacer.closed(uri.as_str());
                    let _ = self.publish(uri, Vec::new(), None);
                    // A closed map is read from its file again.
                    if closed.as_ref().is_some_and(is_map) {
                        self.all_dirty();
                    }
                }
            }
            _ => {}
        }
    }

    fn changed(&mut self, uri: Uri, doc: Document) {
        let was_map = self.docs.get(&uri).is_some_and(is_map);
        let map = is_map(&doc);
        self.docs.insert(uri.clone(), doc);
        if map || was_map {
            // An open map's text stands for its file: the scenarios using it are checked again.
            self.all_dirty();
        } else {
            self.dirty_one(uri);
        }
    }

    fn dirty_one(&mut self, uri: Uri) {
        self.pacer.changed(uri.as_str(), Instant::now());
    }

    /// Every open document is to be checked again (a map may have changed).
    fn all_dirty(&mut self) {
        let uris: Vec<Uri> = self.docs.keys().cloned().collect();
        for uri in uris {
            self.dirty_one(uri);
        }
    }

    /// Ask the client to say when map and scenario files change on disk (a map edited by
    /// another program, or by a `git checkout`).
    fn watch_map_files(&self) -> Result<(), Error> {
        let options = DidChangeWatchedFilesRegistrationOptions {
            watchers: ["**/*.ron", "**/*.json"]
                .into_iter()
                .map(|glob| FileSystemWatcher {
                    glob_pattern: GlobPattern::String(glob.into()),
                    kind: None,
                })
                .collect(),
        };
        let params = RegistrationParams {
            registrations: vec![Registration {
                id: "saberc-map-files".into(),
                method: "workspace/didChangeWatchedFiles".into(),
                register_options: Some(serde_json::to_value(options)?),
            }],
        };
        self.conn.sender.send(Message::Request(Request::new(
            lsp_server::RequestId::from("saberc-watch".to_string()),
            "client/registerCapability".into(),
            params,
        )))?;
        Ok(())
    }

    /// Check every changed document due at `now` (its text as it is now) and publish its
    /// findings; the time each check takes paces that document's next. A check that fails (a
    /// panic) is logged and its document left with its last findings; the others are checked.
    fn publish_due(&mut self, now: Instant) -> Result<(), Error> {
        let due = self.pacer.take_due(now);
        if due.is_empty() {
            return Ok(());
        }
        let registry = self.registry();
        for key in due {
            let Some((uri, doc)) = key
                .parse::<Uri>()
                .ok()
                .and_then(|uri| self.docs.get_key_value(&uri))
            else {
                continue;
            };
            let (uri, version) = (uri.clone(), doc.version);
            let started = Instant::now();
            let found = catch_unwind(AssertUnwindSafe(|| {
                self.findings(&uri, &doc.text, &registry)
            }));
            self.pacer.checked(&key, started.elapsed());
            match found {
                Ok(diags) => self.publish(uri, diags, version)?,
                Err(p) => self.log_failure(&format!("checking {}", uri.as_str()), &*p)?,
            }
        }
        Ok(())
    }

    /// The findings of `saberc check` on a document, as the protocol's diagnostics.
    fn findings(
        &self,
        uri: &Uri,
        text: &str,
        registry: &MapRegistry,
    ) -> Vec<lsp_types::Diagnostic> {
        let src = source(uri, text);
        let report = diagnostics::check_document(&src, registry);
        // The library locates findings in the text without its byte-order mark.
        let (lines, base) = (self.lines(text), tree_base(text));
        let mut diags: Vec<lsp_types::Diagnostic> = report
            .diagnostics
            .iter()
            .map(|d| diagnostics::to_lsp(d, &lines, base))
            .collect();
        if report
            .diagnostics
            .iter()
            .any(|d| related::speaks_of_two(d.code))
        {
            self.relate(uri, text, &report.diagnostics, &mut diags, registry);
        }
        diags
    }

    fn publish(
        &self,
        uri: Uri,
        diagnostics: Vec<lsp_types::Diagnostic>,
        version: Option<i32>,
    ) -> Result<(), Error> {
        let params = PublishDiagnosticsParams::new(uri, diagnostics, version);
        self.notify("textDocument/publishDiagnostics", params)
    }

    /// The related locations of a document's findings: the first place of a twin (in the
    /// document), the map's features or roads for an unknown one (in the map file).
    fn relate(
        &self,
        uri: &Uri,
        text: &str,
        found: &[saber_schema::diagnostic::Diagnostic],
        diags: &mut [lsp_types::Diagnostic],
        registry: &MapRegistry,
    ) {
        let tree = tree::Tree::new(text);
        let lines = self.lines(text);
        let mut map: Option<Option<(Uri, String)>> = None;
        for (d, out) in found.iter().zip(diags.iter_mut()) {
            let Some(at) = d.location else { continue };
            let mut related = Vec::new();
            if let Some(((s, e), what)) =
                related::first_twin(&tree, d.code, &d.message, at.offset + tree_base(text))
            {
                related.push(DiagnosticRelatedInformation {
                    location: Location::new(uri.clone(), lines.range(s, e - s)),
                    message: what.to_string(),
                });
            }
            let list = match d.code {
                Code::UnknownFeature => Some("features"),
                Code::UnknownRoad => Some("roads"),
                _ => None,
            };
            if let Some(list) = list
                && let Some((map_uri, map_text)) = map
                    .get_or_insert_with(|| self.map_source(uri, registry))
                    .as_ref()
            {
                let map_tree = tree::Tree::new(map_text);
                if let Some(entry) = map_tree
                    .value()
                    .and_then(|v| saber_schema::syntax::tree::field(&v, list))
                {
                    let (s, e) = map_tree.span(entry.text_range());
                    let map_lines = self.lines(map_text);
                    // Only the field's first line: the list may be long.
                    let first_line_end = map_text[s..e].find('\n').map_or(e, |i| s + i);
                    related.push(DiagnosticRelatedInformation {
                        location: Location::new(
                            map_uri.clone(),
                            map_lines.range(s, first_line_end - s),
                        ),
                        message: format!("the {list} of the map"),
                    });
                }
            }
            if !related.is_empty() {
                out.related_information = Some(related);
            }
        }
    }

    /// The text of a document's map and its URI: the document itself for a map; for a
    /// scenario, the file its map resolves to (its open text if open); for a built-in map,
    /// the file in the map search folders whose text is the built-in map's (as this
    /// repository's `maps/`), since a built-in map has no file of its own.
    fn map_source(&self, uri: &Uri, registry: &MapRegistry) -> Option<(Uri, String)> {
        let text = &self.docs.get(uri)?.text;
        let src = source(uri, text);
        if named_kind(&src) == Some(DocKind::Map) {
            return Some((uri.clone(), text.clone()));
        }
        let path = match registry
            .resolve(&map_reference(&src)?, &src.path)
            .ok()?
            .origin
        {
            MapOrigin::File(p) => p,
            MapOrigin::BuiltIn(id) => {
                let builtin = saber_schema::builtin::map_text(&id)?;
                let name = format!("{id}.ron");
                registry
                    .search_dirs(&src.path)
                    .iter()
                    .map(|(_, dir)| dir.join(&name))
                    .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t == builtin))?
            }
        };
        let canon = path.canonicalize().ok()?;
        if let Some((open_uri, doc)) = self.docs.iter().find(|(u, _)| {
            file_path(u).and_then(|p| p.canonicalize().ok()).as_ref() == Some(&canon)
        }) {
            return Some((open_uri.clone(), doc.text.clone()));
        }
        let text = Source::read(&canon).ok()?.text;
        Some((path_uri(&canon)?, text))
    }

    /// The map registry of a check, made fresh so that edited map files are seen: the
    /// workspace folders as `--maps` (a folder that cannot be searched is said and skipped),
    /// and the open maps' texts in place of their files.
    fn registry(&self) -> MapRegistry {
        let mut reg = MapRegistry::new();
        for (uri, doc) in &self.docs {
            if is_map(doc)
                && let Some(path) = file_path(uri)
            {
                reg.with_open_text(&path, doc.text.clone());
            }
        }
        for root in &self.roots {
            if let Err(d) = reg.add_root(root)
                && !self.roots_said.replace(true)
            {
                let why = format!("saberc: maps not searched: {}", d.message);
                self.show(MessageType::WARNING, why);
            }
        }
        reg
    }

    /// A request's response, from the handler of its type.
    fn request(&mut self, req: Request) -> Response {
        Dispatch::new(self, req)
            .on::<Formatting>(Self::formatting)
            .on::<HoverRequest>(Self::hover)
            .on::<Completion>(Self::completion)
            .on::<CodeActionRequest>(Self::code_action)
            .on::<GotoDefinition>(Self::definition)
            .on::<DocumentSymbolRequest>(Self::document_symbols)
            .finish()
    }

    /// The line index of a text, in the agreed encoding.
    fn lines<'t>(&self, text: &'t str) -> LineIndex<'t> {
        LineIndex::new(text, self.encoding)
    }

    fn text(&self, uri: &Uri) -> Result<&str, (ErrorCode, String)> {
        self.docs.get(uri).map(|d| d.text.as_str()).ok_or_else(|| {
            (
                ErrorCode::InvalidParams,
                format!("the document {} is not open", printable(uri.as_str(), 200)),
            )
        })
    }

    /// `saberc fmt`'s layout as one edit of the whole text; what fmt refuses gets no edit and
    /// a message saying why.
    fn formatting(&mut self, p: DocumentFormattingParams) -> Answer<Option<Vec<TextEdit>>> {
        let text = self.text(&p.text_document.uri)?;
        let src = source(&p.text_document.uri, text);
        let out = if src.text.len() as u64 > saber_schema::model::limits::MAX_FILE_BYTES {
            Err("the document is over the size limit of check".to_string())
        } else if named_kind(&src).is_none() {
            Err("not a map, scenario or battle (its `format` field names none)".to_string())
        } else if let Err(d) = check_limits(&src.text) {
            Err(d.message)
        } else {
            format_text(&src.text, src.syntax).map_err(|e| {
                let at = location_at(&src.text, e.offset, 1);
                format!("{} (line {}, column {})", e.message, at.line, at.column)
            })
        };
        let out = match out {
            Ok(out) => out,
            Err(why) => {
                let why = format!("saberc fmt cannot format this document: {why}");
                self.show(MessageType::ERROR, why);
                return Ok(None);
            }
        };
        if out == text {
            return Ok(Some(Vec::new()));
        }
        Ok(Some(vec![TextEdit::new(
            self.lines(text).range(0, text.len()),
            out,
        )]))
    }

    /// The analysis of an open document, made if not yet made since the last notification.
    fn analyse(&mut self, uri: &Uri) -> Result<(), (ErrorCode, String)> {
        if self.analyses.contains_key(uri) {
            return Ok(());
        }
        let text = self.text(uri)?;
        let src = source(uri, text);
        let within = within_limits(&src);
        let analysis = Analysis {
            tree: within.then(|| tree::Tree::new(text)),
            kind: named_kind(&src),
            syntax: src.syntax,
            rules: document_rules(text),
            map: if within { self.map_of(uri) } else { None },
        };
        self.analyses.insert(uri.clone(), analysis);
        Ok(())
    }

    /// An open document's text and analysis, at a protocol position's byte offset.
    fn at(
        &mut self,
        uri: &Uri,
        pos: lsp_types::Position,
    ) -> Result<(&str, &Analysis, usize), (ErrorCode, String)> {
        self.analyse(uri)?;
        let text = self.text(uri)?;
        let offset = self.lines(text).offset(pos);
        Ok((text, &self.analyses[uri], offset))
    }

    /// What the word at the cursor is; nothing on a document over check's limits (its tree
    /// is never built).
    fn hover(&mut self, p: HoverParams) -> Answer<Option<Hover>> {
        let pp = p.text_document_position_params;
        let (text, a, offset) = self.at(&pp.text_document.uri, pp.position)?;
        let word = word_at(text, offset);
        let (Some(tree), false) = (&a.tree, word.is_empty()) else {
            return Ok(None);
        };
        let map = a.map.as_ref();
        let shown = hover::hover_text(word, a.rules, map)
            .or_else(|| hover::schema_text(tree, offset, a.kind?, a.rules.game))
            .or_else(|| {
                let map = map?;
                hover::hex_text(hover::hex_at(text, offset, map)?, map)
            });
        Ok(shown.map(hover::hover))
    }

    /// What may be written at the cursor; nothing on a document over check's limits.
    fn completion(&mut self, p: CompletionParams) -> Answer<Option<CompletionResponse>> {
        let pp = p.text_document_position;
        let (text, a, offset) = self.at(&pp.text_document.uri, pp.position)?;
        let Some(tree) = &a.tree else {
            return Ok(None);
        };
        let cx = completion::Context {
            kind: a.kind,
            syntax: a.syntax,
            map: a.map.as_ref(),
            rules: a.rules,
        };
        let items = completion::complete(text, tree, offset, &cx);
        Ok(Some(CompletionResponse::Array(items)))
    }

    /// Where the feature, road, map, side or group named at the cursor is defined.
    fn definition(&mut self, p: GotoDefinitionParams) -> Answer<Option<GotoDefinitionResponse>> {
        let pp = p.text_document_position_params;
        let uri = pp.text_document.uri;
        let text = self.text(&uri)?;
        if !within_limits(&source(&uri, text)) {
            return Ok(None);
        }
        let offset = self.lines(text).offset(pp.position);
        let doc = tree::Tree::new(text);
        let Some(target) = definition::target_at(&doc, offset) else {
            return Ok(None);
        };
        let found = match target {
            definition::Target::Side(_) | definition::Target::Group(..) => {
                definition::in_document(&doc, &target)
                    .map(|(s, e)| Location::new(uri.clone(), self.lines(text).range(s, e - s)))
            }
            _ => {
                let registry = self.registry();
                self.map_source(&uri, &registry)
                    .and_then(|(map_uri, map_text)| {
                        let map_tree = tree::Tree::new(&map_text);
                        let (s, e) = definition::in_map(&map_tree, &target)?;
                        Some(Location::new(
                            map_uri,
                            self.lines(&map_text).range(s, e - s),
                        ))
                    })
            }
        };
        Ok(found.map(GotoDefinitionResponse::Scalar))
    }

    /// The outline of a document.
    fn document_symbols(
        &mut self,
        p: DocumentSymbolParams,
    ) -> Answer<Option<DocumentSymbolResponse>> {
        let text = self.text(&p.text_document.uri)?;
        let within = within_limits(&source(&p.text_document.uri, text));
        let symbols = if within {
            symbols::symbols(text, self.encoding)
        } else {
            Vec::new()
        };
        Ok(Some(DocumentSymbolResponse::Nested(symbols)))
    }

    fn code_action(&mut self, p: CodeActionParams) -> Answer<Option<CodeActionResponse>> {
        let fixes =
            (p.context.diagnostics.iter()).flat_map(|d| actions::fix(&p.text_document.uri, d));
        Ok(Some(fixes.map(CodeActionOrCommand::CodeAction).collect()))
    }

    /// The map of a document: itself for a map (of any game); for a scenario, the map its `map` field names,
    /// resolved as `check` resolves it (read from the field, so that it is found while the
    /// rest of the text is mid-edit).
    fn map_of(&self, uri: &Uri) -> Option<Map> {
        let text = &self.docs.get(uri)?.text;
        let src = source(uri, text);
        if !within_limits(&src) {
            return None;
        }
        let registry = self.registry();
        if let Some(reference) = map_reference(&src) {
            return registry
                .resolve(&reference, &src.path)
                .ok()
                .map(|r| Arc::unwrap_or_clone(r.map));
        }
        // A map file: the engine's map its game loads (any game's), or, when it breaks its
        // schema, the map built to be repaired.
        if let (Some(loaded), _) = saber_schema::pipeline::load_map(&src) {
            return Some(loaded.map);
        }
        match compile_source(&src, &registry).1 {
            Built::Map(map) => Some(map),
            _ => None,
        }
    }
}

/// Is a document within check's limits (size, nesting, values), so that its tree may be
/// walked?
fn within_limits(src: &Source) -> bool {
    src.text.len() as u64 <= saber_schema::model::limits::MAX_FILE_BYTES
        && check_limits(&src.text).is_ok()
}

/// The map a scenario's `map` field names, read from the field alone (so that it is found while
/// the rest of the text is mid-edit).
fn map_reference(src: &Source) -> Option<String> {
    let (start, end) = top_level_field(&src.text, "map")?;
    serde_json::from_str(&src.text[start..end]).ok()
}

/// Is the document a map (its `format` says so)?
fn is_map(doc: &Document) -> bool {
    let head = &doc.text[..position::floor_char_boundary(&doc.text, 4096)];
    head.contains("\"saber-map/")
}

/// Bytes the tree's text starts after in a document's text (a byte-order mark's 3).
fn tree_base(text: &str) -> usize {
    if text.starts_with('\u{feff}') { 3 } else { 0 }
}

/// The rules of an open document's game (its `game` field; absent or unknown: Rifle & Saber,
/// whose findings then say what is wrong with the field).
fn document_rules(text: &str) -> &'static saber_schema::ruleset::Ruleset {
    let src = saber_schema::pipeline::read::Source::from_text("document", text);
    saber_schema::ruleset::for_game(
        saber_schema::pipeline::parse::detect_game(&src)
            .ok()
            .flatten(),
    )
}
