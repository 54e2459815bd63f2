//! The real control plane's page (`?kube=1`, issue 30), built with the `kube` feature. For now a
//! first cut that measures what the model costs in wasm: it runs the default round trip (or the
//! manifest a share link's `m=` carries, base64url) through `playback::kube`, the same playback
//! the page's views will read, and shows kubectl's words and the events and pods tables at the
//! end. The page's views (diagram, transport, tables, faults) are still to come (issue 30).

#[cfg(target_arch = "wasm32")]
fn main() {
    use cplab::playback::kube::KubeRecording;
    const DEPLOY: &str = include_str!("../../tests/kube/deploy.yaml");
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let shared = web_sys::UrlSearchParams::new_with_str(&search).ok().and_then(|q| q.get("m"));
    let manifest = shared
        .and_then(|m| cplab::teaching::link_code::decode_link(&m).ok())
        .unwrap_or_else(|| DEPLOY.to_string());
    let text = match KubeRecording::of_manifest("deploy.yaml", &manifest, &[]) {
        Ok(recording) => {
            let (out, errors) = recording.kubectl();
            let end = recording.frame(recording.len());
            let table =
                |rows: &Vec<Vec<String>>| rows.iter().map(|r| r.join("  ")).collect::<Vec<_>>().join("\n");
            format!("{out}{errors}\n{}\n\n{}", table(&end.events), table(&end.pods))
        }
        Err(why) => why,
    };
    if let Some(shell) = document.get_element_by_id("shell") {
        shell.remove();
    }
    if let (Ok(pre), Some(body)) = (document.create_element("pre"), document.body()) {
        pre.set_text_content(Some(&text));
        pre.set_attribute("data-testid", "kube-output").ok();
        body.append_child(&pre).ok();
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "the real control plane's page runs in a browser: start it with `scripts/serve` and open ?kube=1"
    );
    std::process::exit(2);
}
