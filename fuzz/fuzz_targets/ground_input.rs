//! The aspif and smodels readers on arbitrary bytes, and solving what they
//! accept (at most 5 models): never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minasp::models::Models;
use minasp::solver::Outcome;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = minasp::aspif::read_any(data) else { return };
    if input.program.num_atoms > 5000 {
        return;
    }
    let Ok(mut models) = Models::new(&input.program, Default::default()) else { return };
    for _ in 0..5 {
        if !matches!(models.next(), Outcome::Model(_)) {
            break;
        }
    }
});
