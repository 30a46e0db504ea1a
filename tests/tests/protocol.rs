//! Scripted protocol sessions (`tests/data/protocol/*.txt`): each `> command` must
//! get exactly the reply lines that follow it.

use std::path::PathBuf;

use microply_tests::session::{bless, first_mismatch, parse_script};

fn scripts() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/protocol");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/protocol exists")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn scripted_sessions_get_exact_replies() {
    let files = scripts();
    assert!(
        files.len() >= 2,
        "expected protocol scripts, found {files:?}"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable script");
        if std::env::var_os("MICROPLY_BLESS").is_some() {
            std::fs::write(&file, bless(&text)).expect("writable script");
            continue;
        }
        let script = parse_script(&text);
        assert!(!script.is_empty(), "{} has no commands", file.display());
        if let Some((exchange, actual)) = first_mismatch(&script) {
            panic!(
                "{}:{}: `{}`\nexpected:\n{}\nactual:\n{}",
                file.display(),
                exchange.line,
                exchange.command,
                exchange.reply.join("\n"),
                actual.join("\n")
            );
        }
    }
}
