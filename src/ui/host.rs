//! Talking to the page that embeds the lab: only with the host origin named in the URL, and only
//! if the lab's compiled allowlist has it. Outgoing: `ready`, `resize` (the lab's own, H5P's and
//! Canvas's shapes, at most once a frame), `result`. Incoming: validated, from that origin and the
//! parent window only; anything else is ignored and logged. Framed with no host it may talk to,
//! the lab says one thing to whatever page frames it: that it runs and reports nothing there.

use super::browser;
use crate::messages::{fill, Messages};
use crate::teaching::embed::{
    host_allowed, incoming_type, not_reporting_message, pong_message, ready_message, resize_messages,
    Incoming, NoReports,
};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Whether local pages (`http://localhost:*`, `http://127.0.0.1:*`) may host the lab: only in a
/// local build, made with `CPLAB_TEST_HOSTS` set (`scripts/test` for its embedding tests,
/// `scripts/serve` so a teacher can try embedding on their own machine). The build that ships
/// (`trunk build --release`) admits the course's origins only.
pub(crate) const LOCAL_HOSTS: bool = option_env!("CPLAB_TEST_HOSTS").is_some();

/// The window around the lab's frame; none at the top level.
fn parent() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

/// Posts one message (JSON text) to the window around the frame, if the page there is `origin`.
fn post_to(origin: &str, message: &str) {
    if let (Some(parent), Ok(value)) = (parent(), js_sys::JSON::parse(message)) {
        let _ = parent.post_message(&value, origin);
    }
}

/// Tells the page around the frame, if there is one, that the lab runs but reports nothing to
/// it, so its script does not take the silence for a lab that never started. Sent to any origin
/// (`*`): with no host it may talk to, the lab cannot name one, and the message is a fixed text
/// (see [`not_reporting_message`]), nothing of the student's and nothing from the URL.
pub fn tell_not_reporting(why: NoReports) {
    post_to("*", not_reporting_message(why));
}

/// The origin of the page the lab is framed in, when the browser says (Chromium and Safari
/// through `location.ancestorOrigins`, which a sandboxed frame has too); none at the top level.
fn embedder() -> Option<String> {
    let window = web_sys::window()?;
    parent()?;
    // Not in web-sys's bindings: read as a property (a list; index 0 is the parent).
    let list = js_sys::Reflect::get(&window.location(), &"ancestorOrigins".into()).ok()?;
    js_sys::Reflect::get(&list, &0.into()).ok()?.as_string()
}

/// Why the lab talks to no host, with the origins the notice names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// No `?host=`.
    NoHost,
    /// The named host is allowed, but another page embeds the lab.
    Elsewhere {
        /// The embedding page's origin.
        page: String,
        /// The origin `?host=` names.
        origin: String,
    },
    /// The named host is not one the lab reports to.
    NotAllowed {
        /// The origin `?host=` names.
        origin: String,
    },
}

/// The embedding page, when there is one the lab may talk to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    origin: String,
}

impl Host {
    /// The host page's origin.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The host named by `?host=`, if allowed; otherwise why not, and the notice that tells the
    /// student so (none when no host was named).
    pub fn from_url(t: &Messages) -> Result<Host, (NoReports, Option<String>)> {
        Host::named().map_err(|refused| match refused {
            Refused::NoHost => (NoReports::NoHost, None),
            Refused::Elsewhere { page, origin } => {
                (NoReports::Elsewhere, Some(fill(t.host_elsewhere, &[("page", &page), ("origin", &origin)])))
            }
            // Said on the page and, by the reason in `ready`, to the host: no console line too.
            Refused::NotAllowed { origin } => {
                (NoReports::NotAllowed, Some(fill(t.host_not_allowed, &[("origin", &origin)])))
            }
        })
    }

    /// The host named by `?host=`, if the lab may talk to it, or why not, without a word of the
    /// lesson's table (the failure notice of every page asks, `ui::crash`).
    pub fn named() -> Result<Host, Refused> {
        let Some(origin) = browser::query("host") else { return Err(Refused::NoHost) };
        if !host_allowed(&origin, LOCAL_HOSTS) {
            return Err(Refused::NotAllowed { origin });
        }
        // Embedded by another page than the one named: whatever the lab posted would go nowhere
        // (the browser drops it), so it posts no results, and the student is told.
        match embedder() {
            Some(page) if page != origin => Err(Refused::Elsewhere { page, origin }),
            _ => Ok(Host { origin }),
        }
    }

    /// Posts one message (JSON text) to the parent window, to the host origin only.
    pub fn post(&self, message: &str) {
        post_to(&self.origin, message);
    }

    /// Says hello, keeps the host told of the lab's height, and answers the host's pings. The
    /// listeners live as long as the page.
    pub fn start(&self, embed: bool, lang: &str) {
        self.post(&ready_message(embed, lang));
        let Some(window) = web_sys::window() else { return };

        // Height: observed on the document, posted at most once per animation frame.
        let pending = Rc::new(Cell::new(false));
        let last = Rc::new(Cell::new(0u32));
        let host = self.clone();
        let frame = {
            let (pending, last) = (pending.clone(), last.clone());
            Closure::<dyn FnMut()>::new(move || {
                pending.set(false);
                // The body's own height: the document's would never shrink below the frame the
                // host has already grown to.
                let height = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.body())
                    .map_or(0, |b| b.get_bounding_client_rect().height().ceil().max(0.0) as u32);
                if height != last.get() {
                    last.set(height);
                    for m in resize_messages(height) {
                        host.post(&m);
                    }
                }
            })
        };
        let frame_fn: js_sys::Function = frame.as_ref().unchecked_ref::<js_sys::Function>().clone();
        frame.forget();
        let observed = Closure::<dyn FnMut()>::new(move || {
            if !pending.replace(true) {
                if let Some(w) = web_sys::window() {
                    let _ = w.request_animation_frame(&frame_fn);
                }
            }
        });
        if let (Ok(observer), Some(root)) = (
            web_sys::ResizeObserver::new(observed.as_ref().unchecked_ref()),
            window.document().and_then(|d| d.body()),
        ) {
            observer.observe(&root);
        }
        observed.forget();

        // Incoming: exact origin, the parent window, and a message the lab knows.
        let host = self.clone();
        let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let from_parent = match (ev.source(), parent()) {
                (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
                _ => false,
            };
            let data = ev.data();
            let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
            let message = if data.is_object() {
                Incoming {
                    source: field("source").and_then(|v| v.as_string()),
                    version: field("version").and_then(|v| v.as_f64()),
                    kind: field("type").and_then(|v| v.as_string()),
                }
            } else {
                Incoming::default()
            };
            let kind = incoming_type(&message);
            if ev.origin() != host.origin || !from_parent || kind.is_none() {
                // Logged as an error, not a warning: the panic hook's `console.error` is there
                // already, and a second console function would grow the plain lab.
                web_sys::console::error_1(
                    &format!("control-plane-lab: ignored a message from {}", ev.origin()).into(),
                );
                return;
            }
            // A ping is answered with ready, so a host that loaded late can catch up.
            host.post(&pong_message());
        });
        let _ = window.add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
        listener.forget();
    }
}
