//! Embedding minasp: solve a graph-colouring problem from Rust and use the
//! answer sets as data.
//!
//!     cargo run --example embed -- 4        # colour a 4-cycle with 2 colours

use minasp::{Control, Options};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: u32 = std::env::args().nth(1).map_or(Ok(4), |a| a.parse())?;
    let mut ctl = Control::new(Options { consts: vec![("n".into(), n.to_string())], ..Options::default() });
    ctl.add(
        "cycle",
        "#const n = 4.
         node(1..n). edge(N, N+1) :- node(N), N < n. edge(n, 1).
         1 { colour(N, red); colour(N, blue) } 1 :- node(N).
         :- edge(A, B), colour(A, C), colour(B, C).
         #show colour/2.",
    );
    if let Err(e) = ctl.ground() {
        for d in ctl.diagnostics() {
            eprint!("{}", ctl.render(d));
        }
        return Err(e.into());
    }
    let mut solve = ctl.solve(0)?;
    for model in solve.by_ref() {
        println!("colouring {}: {}", model.number(), model.shown().join(" "));
    }
    let result = solve.result();
    println!(
        "{} colouring(s) of a {}-cycle with two colours{}",
        solve.models(),
        n,
        if result.unsatisfiable { " (an odd cycle has none)" } else { "" }
    );
    Ok(())
}
