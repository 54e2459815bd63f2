//! A few texts of the lesson's table ([`Messages`]) taken apart for views that pages without the
//! lesson share: the playback toolbar and the failure notice. A page that shows no other text of
//! the lesson (`?kube=1`) takes them at compile time ([`ToolbarWords::EN`], [`crash_words`]), so
//! it carries these texts and not the whole table (about 10 KB of text; docs/size.md).

use super::{Messages, LANGUAGES};

/// The playback toolbar's texts (`ui::controls`), each as the table has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolbarWords {
    /// The toolbar's label.
    pub controls_label: &'static str,
    /// The play button while playing.
    pub pause: &'static str,
    /// The play button while paused.
    pub play: &'static str,
    /// Step back.
    pub step_back: &'static str,
    /// Step forward.
    pub step_forward: &'static str,
    /// Run to the end.
    pub run_to_end: &'static str,
    /// Start over.
    pub reset: &'static str,
    /// The speed's label.
    pub speed: &'static str,
    /// A speed: `{speed}`.
    pub speed_option: &'static str,
    /// Where the cursor is: `{step}` of `{total}`.
    pub step_of: &'static str,
    /// The scrubber's label.
    pub scrubber_label: &'static str,
}

impl ToolbarWords {
    /// The toolbar's texts of the table `t`.
    pub const fn of(t: &Messages) -> ToolbarWords {
        ToolbarWords {
            controls_label: t.controls_label,
            pause: t.pause,
            play: t.play,
            step_back: t.step_back,
            step_forward: t.step_forward,
            run_to_end: t.run_to_end,
            reset: t.reset,
            speed: t.speed,
            speed_option: t.speed_option,
            step_of: t.step_of,
            scrubber_label: t.scrubber_label,
        }
    }

    /// In English, worked out at compile time.
    pub const EN: ToolbarWords = ToolbarWords::of(&super::EN);
}

/// The failure notice's texts (`ui::crash`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrashWords {
    /// The table's language.
    pub lang: &'static str,
    /// The notice's heading.
    pub title: &'static str,
    /// What happened and what is kept.
    pub text: &'static str,
    /// The reload link.
    pub reload: &'static str,
    /// The `error` message a trap posts to the host.
    pub trap: &'static str,
}

impl CrashWords {
    /// The notice's texts of the table `t`.
    pub const fn of(t: &Messages) -> CrashWords {
        CrashWords {
            lang: t.lang,
            title: t.crash_title,
            text: t.crash_text,
            reload: t.crash_reload,
            trap: t.crash_trap,
        }
    }
}

/// The notice's texts in each language of [`LANGUAGES`], in its order, worked out at compile time.
const CRASH: [CrashWords; LANGUAGES.len()] = {
    let mut each = [CrashWords::of(LANGUAGES[0]); LANGUAGES.len()];
    let mut i = 1;
    while i < each.len() {
        each[i] = CrashWords::of(LANGUAGES[i]);
        i += 1;
    }
    each
};

/// The notice's texts in the language `lang` names, as [`super::for_lang`] finds it (English
/// when the lab has no table for it, or none is asked).
pub fn crash_words(lang: Option<&str>) -> CrashWords {
    let lang = lang.unwrap_or_default();
    CRASH.iter().copied().find(|c| super::speaks(c.lang, lang)).unwrap_or(CRASH[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::{for_lang, EN};

    #[test]
    fn the_toolbar_and_the_notice_say_what_the_table_says() {
        assert_eq!(ToolbarWords::EN, ToolbarWords::of(&EN));
        assert_eq!(ToolbarWords::EN.play, EN.play);
        assert_eq!(ToolbarWords::EN.step_of, EN.step_of);
        for lang in ["en", "EN-gb", "fr", ""] {
            let table = for_lang(lang).unwrap_or(&EN);
            assert_eq!(crash_words(Some(lang)), CrashWords::of(table), "{lang}");
        }
        assert_eq!(crash_words(None).title, EN.crash_title);
        assert_eq!(crash_words(Some("en")).reload, "Reload");
    }
}
