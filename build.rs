//! Compiles the LALRPOP grammar in `grammar/` into the build directory
//! (the generated parser is never committed).
fn main() {
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("grammar/asp.lalrpop failed to compile");
}
