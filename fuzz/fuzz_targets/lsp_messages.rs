//! `saberc lsp`'s message loop, bytes to replies: the bounded framing, the handshake, every
//! request and notification on documents the input opens. It fails on any panic (libFuzzer's
//! hook aborts even on a panic the server catches and answers as an internal error) and on an
//! internal-error reply or a logged failure, which only a caught panic sends.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for m in saberc::serve_lsp_bytes(data) {
        assert_ne!(m["error"]["code"], -32603, "a handler failed: {m}");
        let logged = m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|s| s.contains("failed on"));
        assert!(!logged, "a notification or a check failed: {m}");
    }
});
