//! The four `ReadableStream` calls server_fn 0.8 makes (`from_stream`, `into_raw`, `from_raw`,
//! `into_stream`), for a lab that has no server functions: no page ever sends a request body as
//! a stream or reads a response as one. Written for Control Plane Lab; see Cargo.toml for why.

use futures_util::stream::{self, Stream};
use wasm_bindgen::{JsCast, JsValue};

/// A browser `ReadableStream`, as wasm-streams wraps one.
pub struct ReadableStream(web_sys::ReadableStream);

impl ReadableStream {
    /// Wraps a stream the browser made (a response's body).
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self(raw)
    }

    /// The browser's stream, to hand to `fetch`.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.0
    }

    /// A request body for a streaming server function. The lab has none, so the body is an
    /// empty browser stream and `stream` is dropped unread.
    pub fn from_stream<St>(stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        drop(stream);
        // An empty stream; where the browser refuses to make one, the value fetch treats as no body.
        let raw = web_sys::ReadableStream::new().unwrap_or_else(|_| JsValue::UNDEFINED.unchecked_into());
        Self(raw)
    }

    /// A response body read as a stream: the lab never reads one, so it ends at once with an
    /// error that says so, where wasm-streams would pull chunks from the browser's reader.
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> {
        let refused = JsValue::from_str("Control Plane Lab reads no streamed response");
        stream::once(async move { Err(refused) })
    }
}
