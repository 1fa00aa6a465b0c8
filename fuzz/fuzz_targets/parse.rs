//! Lexer and parser, both dialects, on arbitrary bytes: never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minasp::syntax::dialect::classify;
use minasp::syntax::parse::{parse, Dialect};
use minasp::syntax::span::FileId;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = classify(FileId(0), text);
        for d in [Dialect::Clingo5, Dialect::Gringo3] {
            let _ = parse(FileId(0), text, d);
        }
    }
});
