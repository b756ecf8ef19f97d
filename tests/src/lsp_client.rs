//! A Language Server Protocol client on the pipes of a `saberc lsp` process (Content-Length
//! framing), as an editor speaks to it: for the protocol tests and the benchmark.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::root;

/// Longest a client waits for one message before failing (a hung server fails, not hangs).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A language client on the pipes of a `saberc lsp` process.
pub struct Client {
    /// The server process.
    pub child: Child,
    /// Its standard input.
    pub stdin: ChildStdin,
    incoming: Receiver<Value>,
    /// Notifications that arrived while waiting for something else.
    pub notes: Vec<Value>,
    next_id: i64,
}

impl Client {
    /// Start `bin lsp` in the repository root.
    pub fn start(bin: &str) -> Client {
        Client::start_in(bin, &root())
    }

    /// Start `bin lsp` in the folder `dir`.
    pub fn start_in(bin: &str, dir: &Path) -> Client {
        let mut child = Command::new(bin)
            .arg("lsp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("saberc lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; len.expect("every message has a Content-Length")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let msg: Value = serde_json::from_slice(&body).expect("a message is JSON");
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            notes: Vec::new(),
            next_id: 1,
        }
    }

    /// Send one message.
    pub fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The next message, waiting at most until `deadline`.
    pub fn next(&mut self, deadline: Instant) -> Value {
        match self
            .incoming
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in time"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Send a request and wait for its response (the whole response: result or error).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let m = self.next(deadline);
            if m.get("id") == Some(&json!(id)) && m.get("method").is_none() {
                return m;
            }
            self.notes.push(m);
        }
    }

    /// A request's result, failing on an error response.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let resp = self.call(method, params);
        assert!(resp.get("error").is_none(), "{method}: {resp}");
        resp["result"].clone()
    }

    /// Send a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next diagnostics published for `uri` at `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let wanted = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        };
        if let Some(i) = self.notes.iter().position(wanted) {
            let m = self.notes.remove(i);
            return m["params"]["diagnostics"].as_array().cloned().unwrap();
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let m = self.next(deadline);
            if wanted(&m) {
                return m["params"]["diagnostics"].as_array().cloned().unwrap();
            }
            self.notes.push(m);
        }
    }

    /// Initialize without workspace folders.
    pub fn initialize(&mut self) -> Value {
        self.initialize_in(Value::Null)
    }

    /// Initialize with these workspace folders (a list of `{uri, name}`, or null).
    pub fn initialize_in(&mut self, folders: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}, "workspaceFolders": folders}),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// Open a document at version 1.
    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "ron", "version": 1, "text": text}}),
        );
    }

    /// Shut down and exit; the process must end, with status 0.
    pub fn finish(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// A `file:` URI of an absolute path (only characters that need no escaping here).
pub fn file_uri(path: &Path) -> String {
    let p = path.canonicalize().expect("the file exists");
    format!("file://{}", p.display())
}

/// The protocol position (line, UTF-16 unit) of a byte offset, counted here independently.
pub fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": text[start..offset].encode_utf16().count()})
}
