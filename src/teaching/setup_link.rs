//! The page `?kube=1`'s scenario fields in its share link (`&ha=`): their text
//! ([`SetupFields::link_text`], pure in `playback::kube_setup`) in the link's base64url
//! (`link_code`). Here, not in `playback`, because `playback` names no layer above `kube`.

use super::link_code::{decode_code, encode_link};
use crate::playback::kube_setup::SetupFields;

/// The link's code for `fields` as typed; none when they are the defaults.
pub fn to_link(fields: &SetupFields) -> Option<String> {
    fields.link_text().map(|text| encode_link(&text))
}

/// The fields a link's code carries; `Err` says what is wrong with it (in words of its own:
/// the page `?kube=1` carries no assignment table).
pub fn from_link(code: &str) -> Result<SetupFields, String> {
    let text = decode_code(code).map_err(|_| "it is not a link's code".to_string())?;
    SetupFields::from_link_text(&text)
}
