//! The whole pipeline through the library's facade on small programs:
//! parse, ground (at most 2,000 atoms), solve (at most 5 models), each
//! model re-checked (`check`).  Never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minasp::syntax::parse::Dialect;
use minasp::{Control, Options};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 400 {
        return;
    }
    for dialect in [Dialect::Clingo5, Dialect::Gringo3] {
        let mut ctl =
            Control::new(Options { dialect: Some(dialect), max_ground_atoms: 2000, check: true, ..Options::default() });
        ctl.add("fuzz", text);
        if ctl.ground().is_err() {
            continue;
        }
        let Ok(solve) = ctl.solve(5) else { continue };
        for m in solve {
            let _ = m.shown();
        }
    }
});
