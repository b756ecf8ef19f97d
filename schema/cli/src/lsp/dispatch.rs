//! Requests to their handlers by type (as rust-analyzer's `RequestDispatcher`): each request
//! type's parameters are read for it, and a handler that panics answers an internal error
//! instead of ending the server, which goes on serving the other documents and requests.

use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{ErrorCode, Request, Response};
use saber_schema::diagnostic::printable;

/// A request's answer: its result (the request type's, `T`), or the protocol error and a
/// message.
pub type Answer<T = serde_json::Value> = Result<T, (ErrorCode, String)>;

/// One request on its way to the handler of its type.
pub struct Dispatch<'s, S> {
    server: &'s mut S,
    request: Option<Request>,
    answer: Option<Answer>,
}

impl<'s, S> Dispatch<'s, S> {
    /// A request to be dispatched to `server`'s handlers.
    pub fn new(server: &'s mut S, request: Request) -> Self {
        Dispatch {
            server,
            request: Some(request),
            answer: None,
        }
    }

    /// Answer the request with `handler` if it is of type `R`.
    pub fn on<R: lsp_types::request::Request>(
        mut self,
        handler: fn(&mut S, R::Params) -> Answer<R::Result>,
    ) -> Self {
        let Some(req) = self.request.take_if(|r| r.method == R::METHOD) else {
            return self;
        };
        let answer = match serde_json::from_value::<R::Params>(req.params) {
            Err(e) => Err((
                ErrorCode::InvalidParams,
                format!("bad parameters for `{}`: {e}", R::METHOD),
            )),
            Ok(params) => {
                let server = &mut *self.server;
                let answer = catch_unwind(AssertUnwindSafe(|| handler(server, params)));
                let answer = answer.map(|a| a.map(|r| serde_json::to_value(r).unwrap_or_default()));
                answer.unwrap_or_else(|p| {
                    Err((
                        ErrorCode::InternalError,
                        format!(
                            "saberc lsp failed on `{}`: {}; the server goes on (please report \
                             this, with the document)",
                            R::METHOD,
                            panic_message(&*p)
                        ),
                    ))
                })
            }
        };
        self.request = Some(Request {
            params: serde_json::Value::Null,
            ..req
        });
        self.answer = Some(answer);
        self
    }

    /// The response: the handler's answer, or "method not found" when no handler took it.
    pub fn finish(self) -> Response {
        let req = self.request.expect("the request is kept for its id");
        let answer = self.answer.unwrap_or_else(|| {
            Err((
                ErrorCode::MethodNotFound,
                format!(
                    "saberc lsp does not answer `{}`",
                    printable(&req.method, 100)
                ),
            ))
        });
        match answer {
            Ok(value) => Response::new_ok(req.id, value),
            Err((code, message)) => Response::new_err(req.id, code as i32, message),
        }
    }
}

/// The message a panic was raised with.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::request::{HoverRequest, Shutdown};

    fn boom(_: &mut (), _: lsp_types::HoverParams) -> Answer<Option<lsp_types::Hover>> {
        panic!("boom")
    }

    #[test]
    fn a_panicking_handler_answers_an_internal_error() {
        let req = |method: &str, params| Request {
            id: 1.into(),
            method: method.into(),
            params,
        };
        let hover = serde_json::json!({"textDocument": {"uri": "file:///a"}, "position": {"line": 0, "character": 0}});
        let r = Dispatch::new(&mut (), req("textDocument/hover", hover))
            .on::<Shutdown>(|_, ()| Ok(()))
            .on::<HoverRequest>(boom)
            .finish();
        let e = r.error.unwrap();
        assert_eq!(e.code, ErrorCode::InternalError as i32);
        assert!(
            e.message.contains("`textDocument/hover`: boom"),
            "{}",
            e.message
        );
        let r = Dispatch::new(&mut (), req("textDocument/hover", serde_json::json!(3)))
            .on::<HoverRequest>(boom)
            .finish();
        assert_eq!(r.error.unwrap().code, ErrorCode::InvalidParams as i32);
        let r = Dispatch::new(&mut (), req("x/y", serde_json::Value::Null))
            .on::<HoverRequest>(boom)
            .finish();
        assert_eq!(r.error.unwrap().code, ErrorCode::MethodNotFound as i32);
    }
}
