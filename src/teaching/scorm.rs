//! A SCORM 1.2 package of an assignment (issue 21): a zip holding `imsmanifest.xml`, the built
//! lab's files and the assignment as `assignment.json`, which the package launches as
//! `index.html?assignment=assignment.json`. The zip is written here, byte for byte, with every
//! file stored (method 0) and its CRC-32, as PKWARE's APPNOTE.TXT (6.3.x, sections 4.3-4.4)
//! describes: a local header and the bytes per file, then the central directory and its end.
//! Every file carries 1980-01-01 00:00, so the same files always make the same package.

/// What cannot be packed: a file or an archive past what a zip without its 64-bit extension holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZipError {
    /// A file (by name) of 4 GiB or more, or a name of 64 KiB or more.
    TooLarge(String),
    /// More than 65535 files, or an archive of 4 GiB or more.
    TooMany,
}

/// CRC-32 as zip computes it (the IEEE 802.3 polynomial, reflected, 0xEDB88320).
///
/// By hand, bit by bit, and the zip around it too, for the workbench page's size: crc32fast in its
/// place, measured on the workbench's wasm (cargo, wasm-bindgen, the page's wasm-opt flags,
/// gzip -9), took it from 286,562 to 304,035 B (+17.5 KB gzip: its slice-by-16 tables, 16 KB of
/// data that compresses badly), and the zip crate depends on crc32fast. A package is a few MB
/// made once per click, so the table-free loop's speed does not matter. The tests check it
/// against crc32fast (a native dev-dependency) and unzip the package with Python's zipfile.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// The DOS date of 1980-01-01 (day 1, month 1, year 0 counted from 1980); its time is 00:00.
const DOS_DATE: u16 = (1 << 5) | 1;
/// Bit 11 of the flags: the names are UTF-8.
const UTF8_NAMES: u16 = 1 << 11;

fn u16le(out: &mut Vec<u8>, n: u16) {
    out.extend_from_slice(&n.to_le_bytes());
}

fn u32le(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(&n.to_le_bytes());
}

/// A zip archive of `files` (name, bytes), in the order given, each stored uncompressed.
pub fn zip_stored(files: &[(&str, &[u8])]) -> Result<Vec<u8>, ZipError> {
    let count = u16::try_from(files.len()).map_err(|_| ZipError::TooMany)?;
    let (mut out, mut central) = (Vec::new(), Vec::new());
    for (name, bytes) in files {
        let too_large = || ZipError::TooLarge(name.to_string());
        let size = u32::try_from(bytes.len()).map_err(|_| too_large())?;
        let name_len = u16::try_from(name.len()).map_err(|_| too_large())?;
        let offset = u32::try_from(out.len()).map_err(|_| ZipError::TooMany)?;
        let crc = crc32(bytes);
        // The fields a local header and its central directory entry share, from "version
        // needed" (1.0: stored files only) to the name's length.
        let mut common = Vec::with_capacity(26);
        for n in [10, UTF8_NAMES, 0, 0, DOS_DATE] {
            u16le(&mut common, n);
        }
        for n in [crc, size, size] {
            u32le(&mut common, n);
        }
        u16le(&mut common, name_len);
        u32le(&mut out, 0x0403_4b50);
        out.extend_from_slice(&common);
        u16le(&mut out, 0); // no extra field
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);
        u32le(&mut central, 0x0201_4b50);
        u16le(&mut central, 20); // made by: MS-DOS, version 2.0
        central.extend_from_slice(&common);
        for n in [0u16, 0, 0, 0] {
            u16le(&mut central, n); // extra, comment, disk, internal attributes
        }
        u32le(&mut central, 0); // external attributes
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let at = u32::try_from(out.len()).map_err(|_| ZipError::TooMany)?;
    let central_size = u32::try_from(central.len()).map_err(|_| ZipError::TooMany)?;
    out.extend_from_slice(&central);
    u32le(&mut out, 0x0605_4b50);
    for n in [0, 0, count, count] {
        u16le(&mut out, n);
    }
    u32le(&mut out, central_size);
    u32le(&mut out, at);
    u16le(&mut out, 0); // no comment
    u32::try_from(out.len()).map_err(|_| ZipError::TooMany)?;
    Ok(out)
}

/// `s` escaped for XML text and attribute values.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The launch address inside the package: the lab with the packed assignment.
pub const LAUNCH: &str = "index.html?assignment=assignment.json";

/// SCORM 1.2's `imsmanifest.xml` (the ADL's SCORM 1.2 Content Aggregation Model: IMS Content
/// Packaging 1.1.2 with the `adlcp` extension): one organization of one item, a single SCO that
/// launches [`LAUNCH`] and lists `files`; with `pass_mark`, the item's `adlcp:masteryscore`
/// (0 to 100), which the LMS gives the lesson as `cmi.student_data.mastery_score`, and the lab
/// then reports `passed` or `failed` against it (`scorm_rte::results`).
pub fn manifest(title: &str, files: &[&str], pass_mark: Option<u8>) -> String {
    let title = xml(title);
    // The CAM puts it after the item's title.
    let mastery = pass_mark
        .map(|m| format!("        <adlcp:masteryscore>{}</adlcp:masteryscore>\n", m.min(100)))
        .unwrap_or_default();
    let listed: String = files.iter().map(|f| format!("      <file href=\"{}\"/>\n", xml(f))).collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="cplab-assignment" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="lab">
    <organization identifier="lab">
      <title>{title}</title>
      <item identifier="assignment" identifierref="sco">
        <title>{title}</title>
{mastery}      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="{launch}">
{listed}    </resource>
  </resources>
</manifest>
"#,
        launch = xml(LAUNCH),
    )
}

/// The built lab's files a package carries: the page, its start's second script, the style, and
/// the assignments build (the start loads it for `?assignment=`) in its two modules: its loader
/// of the later one, and the later one (scripts/split, docs/size.md).
pub const LAB_FILES: [&str; 7] = [
    "index.html",
    "boot.js",
    "lab.css",
    "lab_assignments.js",
    "lab_assignments_bg.wasm",
    "lab_assignments_split.js",
    "split_lab_later.wasm",
];

/// The pass mark typed for the package (a whole percent, 0 to 100; blank: none, and the LMS
/// marks the lesson completed), read by the format's rule for whole numbers; what is wrong is
/// said in `a`'s language.
pub fn pass_mark(typed: &str, a: &crate::messages::AssignmentMessages) -> Result<Option<u8>, String> {
    if typed.trim().is_empty() {
        return Ok(None);
    }
    let typed = super::workbench::typed_number(typed);
    crate::formats::json::whole(&typed, "pass mark", 0, 100)
        .map(|m| Some(m.min(100) as u8))
        .map_err(|e| e.problem.text(a))
}

/// The name the package is saved under: the assignment file's, as a SCORM 1.2 zip.
pub fn package_name(title: &str) -> String {
    let json = super::handout::json_file_name(title);
    format!("{}-scorm12.zip", json.strip_suffix(".json").unwrap_or(&json))
}

/// The package: `imsmanifest.xml`, then the lab's built `files` (name, bytes) in the order
/// given, then the assignment file as `assignment.json`; `pass_mark` as [`manifest`] takes it.
pub fn scorm_package(
    title: &str,
    assignment: &str,
    files: &[(&str, &[u8])],
    pass_mark: Option<u8>,
) -> Result<Vec<u8>, ZipError> {
    let mut names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
    names.push("assignment.json");
    let manifest = manifest(title, &names, pass_mark);
    let mut all: Vec<(&str, &[u8])> = vec![("imsmanifest.xml", manifest.as_bytes())];
    all.extend_from_slice(files);
    all.push(("assignment.json", assignment.as_bytes()));
    zip_stored(&all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_is_named_after_the_assignment() {
        assert_eq!(package_name("Trace one request"), "assignment-trace-one-request-scorm12.zip");
    }

    #[test]
    fn a_pass_mark_is_a_whole_percent_or_none() {
        let a = &crate::messages::EN_ASSIGNMENTS;
        assert_eq!(pass_mark(" ", a), Ok(None));
        assert_eq!(pass_mark(" 80 ", a), Ok(Some(80)));
        assert_eq!(pass_mark("100", a), Ok(Some(100)));
        for bad in ["101", "-1", "66.5", "abc", "1e3"] {
            assert!(pass_mark(bad, a).is_err(), "{bad}");
        }
    }

    #[test]
    fn crc32_is_zips() {
        // The check value of CRC-32/ISO-HDLC (the catalogue's "123456789").
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn an_empty_archive_is_its_end_record_alone() {
        let zip = zip_stored(&[]).unwrap();
        assert_eq!(zip, [0x50, 0x4b, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn one_stored_file_byte_for_byte() {
        let zip = zip_stored(&[("a.txt", b"hi")]).unwrap();
        let crc = crc32(b"hi").to_le_bytes();
        let mut want: Vec<u8> = vec![0x50, 0x4b, 3, 4, 10, 0, 0, 8, 0, 0, 0, 0, 0x21, 0];
        want.extend_from_slice(&crc);
        want.extend_from_slice(&[2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0]);
        want.extend_from_slice(b"a.txthi");
        let central_at = want.len();
        want.extend_from_slice(&[0x50, 0x4b, 1, 2, 20, 0, 10, 0, 0, 8, 0, 0, 0, 0, 0x21, 0]);
        want.extend_from_slice(&crc);
        want.extend_from_slice(&[
            2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ]);
        want.extend_from_slice(b"a.txt");
        let central_size = (want.len() - central_at) as u8;
        want.extend_from_slice(&[0x50, 0x4b, 5, 6, 0, 0, 0, 0, 1, 0, 1, 0, central_size, 0, 0, 0]);
        want.extend_from_slice(&[central_at as u8, 0, 0, 0, 0, 0]);
        assert_eq!(zip, want);
    }

    #[test]
    fn the_package_unzips_with_pythons_zipfile_as_packed() {
        let index = b"<!doctype html><title>lab</title>".as_slice();
        let wasm: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
        let assignment = r#"{"version": 1, "title": "Trace & <count>"}"#;
        let zip = scorm_package(
            "Trace & <count>",
            assignment,
            &[("index.html", index), ("lab_bg.wasm", &wasm)],
            Some(80),
        )
        .unwrap();
        let dir = std::env::temp_dir().join(format!("cplab-scorm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("package.zip");
        std::fs::write(&path, &zip).unwrap();
        // Python's zipfile checks every CRC (testzip) and gives each file's name, method and
        // bytes back; its SHA-256 is compared with ours by the bytes' length and a digest of
        // them, printed one line a file.
        let script = "import sys, zipfile, hashlib\n\
            z = zipfile.ZipFile(sys.argv[1])\n\
            print(z.testzip())\n\
            for i in z.infolist():\n    d = z.read(i)\n    print(i.filename, i.compress_type, len(d), hashlib.sha256(d).hexdigest()[:16])\n\
            print(z.read('imsmanifest.xml').decode())";
        let run = std::process::Command::new("python3").arg("-c").arg(script).arg(&path).output().unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let said = String::from_utf8(run.stdout).unwrap();
        let digest = |b: &[u8]| {
            let out = std::process::Command::new("python3")
                .args([
                    "-c",
                    "import sys, hashlib; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest()[:16])",
                ])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .and_then(|mut c| {
                    use std::io::Write;
                    c.stdin.take().unwrap().write_all(b)?;
                    c.wait_with_output()
                })
                .unwrap();
            String::from_utf8(out.stdout).unwrap().trim().to_string()
        };
        let manifest =
            manifest("Trace & <count>", &["index.html", "lab_bg.wasm", "assignment.json"], Some(80));
        let want = format!(
            "None\nimsmanifest.xml 0 {} {}\nindex.html 0 {} {}\nlab_bg.wasm 0 70000 {}\nassignment.json 0 {} {}\n{manifest}\n",
            manifest.len(),
            digest(manifest.as_bytes()),
            index.len(),
            digest(index),
            digest(&wasm),
            assignment.len(),
            digest(assignment.as_bytes()),
        );
        assert_eq!(said, want);
        assert!(manifest.contains("<title>Trace &amp; &lt;count&gt;</title>"));
        assert!(manifest.contains(r#"href="index.html?assignment=assignment.json""#));
        // The pass mark stands in the item, after its title; none set, none written.
        assert!(manifest.contains(
            "        <title>Trace &amp; &lt;count&gt;</title>\n        <adlcp:masteryscore>80</adlcp:masteryscore>\n      </item>"
        ));
        assert!(!super::manifest("T", &[], None).contains("masteryscore"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

// Native only: checked against the crc32fast crate, a native dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod against_the_crate {
    use super::crc32;

    #[test]
    fn crc32_agrees_with_crc32fast_on_every_length_and_byte() {
        // Every byte value alone, then lengths across the crate's 16-byte and 64-byte blocks.
        for b in 0..=255u8 {
            assert_eq!(crc32(&[b]), crc32fast::hash(&[b]), "byte {b}");
        }
        let bytes: Vec<u8> = (0..70_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        for len in (0..300).chain([4095, 4096, 65_535, 65_536, 70_000]) {
            assert_eq!(crc32(&bytes[..len]), crc32fast::hash(&bytes[..len]), "length {len}");
        }
    }

    #[test]
    fn crc32_agrees_with_crc32fast_on_any_bytes() {
        proptest::proptest!(|(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..2000))| {
            proptest::prop_assert_eq!(crc32(&bytes), crc32fast::hash(&bytes));
        });
    }
}
