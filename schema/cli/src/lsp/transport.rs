//! The server's side of the wire: Content-Length framing read with bounds, so that a hostile
//! or broken client costs bounded memory and never ends the server by itself.
//!
//! `lsp-server`'s own reader trusts the client: it allocates whatever `Content-Length` claims
//! (4 GB aborts the process, the largest number panics), buffers a header line of any length,
//! and ends the connection on the first message that is not JSON. Here a header line is read
//! up to [`MAX_HEADER_LINE`] bytes (the rest of a longer one is skipped unread), a body up to
//! [`MAX_MESSAGE_BYTES`] (a longer one is skipped in small pieces, never held), and a body that
//! is not a message is refused with a JSON-RPC error to its request, or a log message when it
//! has no id. Only a stream that cannot be framed any more (no `Content-Length`, or one that is
//! not a number) ends the connection, with a message saying why. The messages themselves are
//! `lsp-server`'s types, written by its writer.

use std::io::{self, BufRead, Read};

use crossbeam_channel::{Receiver, Sender};
use lsp_server::{ErrorCode, Message, RequestId};
use saber_schema::model::limits::MAX_FILE_BYTES;

/// Largest message body read: a document at `check`'s size limit with every byte escaped
/// once (`\n`, `\"`), and room for the rest of the message. A document a little over the
/// limit still arrives and is told LIM001, as `check` tells a file.
pub const MAX_MESSAGE_BYTES: u64 = 2 * MAX_FILE_BYTES + 64 * 1024;

/// Longest header line read (`Content-Length: …`, `Content-Type: …` are under 100 bytes).
pub const MAX_HEADER_LINE: usize = 1024;

/// What the reader passes on to the server.
#[derive(Debug)]
pub enum Incoming {
    /// A message.
    Message(Message),
    /// A message refused, and why: the server answers its request with an error, or logs it.
    Refused(Refusal),
}

impl Incoming {
    /// A message refused with no request id to answer: its JSON-RPC error and why.
    pub fn refused(code: ErrorCode, why: String) -> Incoming {
        Incoming::Refused(Refusal {
            id: None,
            code,
            why,
        })
    }
}

/// A message that was not served, and why.
#[derive(Debug)]
pub struct Refusal {
    /// The request's id, when the message is a request whose id could be read.
    pub id: Option<RequestId>,
    /// The JSON-RPC error for it.
    pub code: ErrorCode,
    /// What was wrong, for the client and the log.
    pub why: String,
}

/// The server's ends of a connection: messages in (or refusals), messages out.
pub struct Connection {
    /// Messages to the client.
    pub sender: Sender<Message>,
    /// What the client sent.
    pub receiver: Receiver<Incoming>,
}

/// A connection on standard input and output: a reader thread (bounded framing) and a writer
/// thread (`lsp-server`'s). The returned handle is the writer's: join it after the server is
/// done (and its sender dropped) so that every message is written. The reader needs no join:
/// it ends at the end of input, after `exit`, or when the server is gone.
pub fn stdio() -> (Connection, std::thread::JoinHandle<io::Result<()>>) {
    let (to_server, receiver) = crossbeam_channel::bounded(0);
    let (sender, to_client) = crossbeam_channel::bounded::<Message>(0);
    std::thread::Builder::new()
        .name("saberc-lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            if let Err(why) = read_all(&mut stdin.lock(), &to_server) {
                let _ = to_server.send(Incoming::refused(ErrorCode::ParseError, why));
            }
        })
        .expect("a thread can be started");
    let writer = std::thread::Builder::new()
        .name("saberc-lsp-writer".into())
        .spawn(move || {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            to_client.into_iter().try_for_each(|m| m.write(&mut out))
        })
        .expect("a thread can be started");
    (Connection { sender, receiver }, writer)
}

/// Read messages from `r` until its end (or `exit`), passing each on; stop early when the
/// receiving side is gone. An error is a stream that cannot be framed any more.
pub fn read_all(r: &mut impl BufRead, to: &Sender<Incoming>) -> Result<(), String> {
    loop {
        let Some(len) = read_header(r)? else {
            return Ok(());
        };
        let item = if len > MAX_MESSAGE_BYTES {
            // Said before it is skipped, so that the client hears of it at once.
            let why = format!(
                "a message of {len} bytes is over the limit of {MAX_MESSAGE_BYTES} bytes (twice \
                 the size limit of `saberc check`); it is skipped"
            );
            if to
                .send(Incoming::refused(ErrorCode::InvalidRequest, why))
                .is_err()
            {
                return Ok(());
            }
            let skipped = io::copy(&mut r.take(len), &mut io::sink()).map_err(|e| e.to_string())?;
            if skipped < len {
                return Ok(());
            }
            continue;
        } else {
            let mut body = Vec::new();
            r.take(len)
                .read_to_end(&mut body)
                .map_err(|e| e.to_string())?;
            if (body.len() as u64) < len {
                return Err(format!(
                    "the input ended {} bytes into a message of {len} bytes",
                    body.len()
                ));
            }
            parse(&body)
        };
        let exit =
            matches!(&item, Incoming::Message(Message::Notification(n)) if n.method == "exit");
        if to.send(item).is_err() || exit {
            return Ok(());
        }
    }
}

/// Read one message's header: its `Content-Length`, or `None` at the end of input before a
/// message. Lines longer than [`MAX_HEADER_LINE`] are skipped unread (they name no length).
fn read_header(r: &mut impl BufRead) -> Result<Option<u64>, String> {
    let mut len = None;
    let mut first = true;
    let mut line = Vec::with_capacity(128);
    loop {
        line.clear();
        let n = r
            .by_ref()
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        if n == 0 {
            return if first {
                Ok(None)
            } else {
                Err("the input ended inside a message's header".into())
            };
        }
        first = false;
        if line.last() != Some(&b'\n') {
            if skip_line(r)? {
                continue;
            }
            return Err("the input ended inside a message's header".into());
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            return match len {
                Some(len) => Ok(Some(len)),
                None => Err("a message's header has no Content-Length".into()),
            };
        }
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            let value = value.trim();
            len = Some(value.parse::<u64>().map_err(|_| {
                format!(
                    "the Content-Length `{}` is not a number of bytes",
                    saber_schema::diagnostic::printable(value, 40)
                )
            })?);
        }
    }
}

/// Skip the rest of a line without keeping it; false at the end of input.
fn skip_line(r: &mut impl BufRead) -> Result<bool, String> {
    loop {
        let buf = r.fill_buf().map_err(|e| e.to_string())?;
        if buf.is_empty() {
            return Ok(false);
        }
        match memchr::memchr(b'\n', buf) {
            Some(i) => {
                r.consume(i + 1);
                return Ok(true);
            }
            None => {
                let n = buf.len();
                r.consume(n);
            }
        }
    }
}

/// A body as a message. Bytes that are not UTF-8 and lone surrogate escapes (`\ud800`, which
/// no Rust string can hold) become U+FFFD, one UTF-16 unit for one, so that the document's
/// positions stay the client's.
pub fn parse(body: &[u8]) -> Incoming {
    let text = String::from_utf8_lossy(body);
    let value =
        serde_json::from_str::<serde_json::Value>(&text).or_else(
            |e| match replace_lone_surrogates(&text) {
                Some(fixed) => serde_json::from_str(&fixed),
                None => Err(e),
            },
        );
    let value = match value {
        Ok(v) => v,
        Err(e) => {
            let why = format!("a message is not JSON ({e}); it is skipped");
            return Incoming::refused(ErrorCode::ParseError, why);
        }
    };
    let id = value
        .get("id")
        .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
    match serde_json::from_value::<Message>(value) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Refused(Refusal {
            id,
            code: ErrorCode::InvalidRequest,
            why: format!("a message is not a JSON-RPC request, response or notification ({e})"),
        }),
    }
}

/// The JSON text with each `\u` escape of a lone surrogate replaced by `\ufffd`, or `None`
/// when it has none. In JSON a backslash only occurs in strings, always starting an escape, so
/// escapes are found by walking from backslash to backslash.
fn replace_lone_surrogates(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let unit = |at: usize| -> Option<u32> {
        let hex = b.get(at..at + 6)?;
        if &hex[..2] != b"\\u" {
            return None;
        }
        u32::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let high = |u: u32| (0xD800..0xDC00).contains(&u);
    let low = |u: u32| (0xDC00..0xE000).contains(&u);
    let mut out = String::new();
    let (mut from, mut at) = (0, 0);
    while let Some(k) = memchr::memchr(b'\\', &b[at..]) {
        let i = at + k;
        match unit(i) {
            Some(u) if high(u) && unit(i + 6).is_some_and(low) => at = i + 12,
            Some(u) if high(u) || low(u) => {
                out.push_str(&text[from..i]);
                out.push_str("\\ufffd");
                from = i + 6;
                at = i + 6;
            }
            Some(_) => at = i + 6,
            None => at = i + 2,
        }
        at = at.min(b.len());
    }
    if from == 0 {
        return None;
    }
    out.push_str(&text[from..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> (Vec<Incoming>, Result<(), String>) {
        let (tx, rx) = crossbeam_channel::unbounded();
        let end = read_all(&mut io::BufReader::new(input), &tx);
        drop(tx);
        (rx.into_iter().collect(), end)
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn lone_surrogates_become_the_replacement_character() {
        assert_eq!(
            replace_lone_surrogates(r#"{"t":"a\ud800b\\ud800\ud83d\ude00\ude00"}"#).as_deref(),
            Some(r#"{"t":"a\ufffdb\\ud800\ud83d\ude00\ufffd"}"#)
        );
        assert_eq!(replace_lone_surrogates(r#"{"t":"\ud83d\ude00\n"}"#), None);
        let Incoming::Message(Message::Notification(n)) =
            parse(br#"{"jsonrpc":"2.0","method":"m","params":{"t":"x\udbff"}}"#)
        else {
            panic!("a message");
        };
        assert_eq!(n.params["t"], "x\u{fffd}");
    }

    #[test]
    fn what_is_not_a_message_is_refused_and_reading_goes_on() {
        let input = [
            framed("{not json"),
            // Neither a request (its method is no string) nor a response (its error no object).
            framed(r#"{"jsonrpc":"2.0","id":7,"method":3,"error":"no"}"#),
            format!("X-Junk: {}\r\n{}", "y".repeat(5000), framed("[]")),
            framed(r#"{"jsonrpc":"2.0","method":"exit"}"#),
            framed("never read"),
        ]
        .concat();
        let (got, end) = frames(input.as_bytes());
        assert_eq!(end, Ok(()));
        let summary: Vec<String> = got
            .iter()
            .map(|i| match i {
                Incoming::Message(Message::Notification(n)) => n.method.clone(),
                Incoming::Message(m) => format!("{m:?}"),
                Incoming::Refused(r) => format!("{:?} {:?}", r.code, r.id),
            })
            .collect();
        assert_eq!(
            summary,
            [
                "ParseError None",
                "InvalidRequest Some(RequestId(I32(7)))",
                "InvalidRequest None",
                "exit"
            ]
        );
    }

    #[test]
    fn a_claimed_size_over_the_limit_is_skipped_without_being_held() {
        let big = MAX_MESSAGE_BYTES + 1;
        let mut input = format!("Content-Length: {big}\r\n\r\n").into_bytes();
        input.resize(input.len() + big as usize, b' ');
        input.extend(framed(r#"{"jsonrpc":"2.0","method":"exit"}"#).bytes());
        let (got, end) = frames(&input);
        assert_eq!(end, Ok(()));
        assert!(matches!(&got[0], Incoming::Refused(r) if r.why.contains("is skipped")));
        assert!(
            matches!(&got[1], Incoming::Message(Message::Notification(n)) if n.method == "exit")
        );
        // The largest claim, and one past it: said, then the input ends (or cannot be framed).
        let (got, end) = frames(format!("Content-Length: {}\r\n\r\n{{}}", u64::MAX).as_bytes());
        assert_eq!((got.len(), end), (1, Ok(())));
        let (got, end) = frames(b"Content-Length: 18446744073709551616\r\n\r\n{}");
        assert!(got.is_empty());
        assert!(end.unwrap_err().contains("not a number"));
        let (_, end) = frames(b"Content-Type: x\r\n\r\n{}");
        assert!(end.unwrap_err().contains("no Content-Length"));
        let (_, end) = frames(b"Content-Length: 10\r\n\r\n{}");
        assert!(end.unwrap_err().contains("ended 2 bytes into"));
    }
}
