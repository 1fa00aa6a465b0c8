//! Writes random programs of the differential suite's generator to files,
//! or prints one: `cargo run --example gen_programs -- SEED` prints the
//! program of SEED; `cargo run --example gen_programs -- FIRST COUNT DIR`
//! writes `seed_<n>.lp` for n in FIRST..FIRST+COUNT into DIR.
#[allow(dead_code)]
#[path = "../tests/it/gen.rs"]
mod gen;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let first = num(0, 0);
    match args.get(2) {
        None => print!("{}", gen::program(first)),
        Some(dir) => {
            std::fs::create_dir_all(dir).expect("cannot create the output folder");
            for seed in first..first + num(1, 100) {
                std::fs::write(format!("{}/seed_{}.lp", dir, seed), gen::program(seed))
                    .expect("cannot write");
            }
        }
    }
}
