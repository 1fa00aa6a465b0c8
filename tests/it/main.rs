//! minasp's integration tests: one test binary (`cargo test --test it`).
//!
//! - `support`: running the binary, parsing clingo-format output, the clingo oracle.
//! - `gen`: the random program generator.
//! - `cases`: differential cases run in parallel against clingo's answers, and their reports.
//! - `language`: minasp vs clingo on the language directives (#external, #program, #include, ...).
//! - `differential`: minasp vs clingo on random and seed programs.
//! - `checkers`: replaying puzzle answers on their boards.
//! - `seeds`: the seed problems end to end, validated by the checkers.
//! - `incremental`: incmode and iclingo programs step by step, against clingo's incmode.

mod backend;
mod cases;
mod checkers;
mod dialects;
mod differential;
mod dimacs;
mod disjunctive;
mod dom_rec;
mod edges;
mod errors;
mod explain;
mod externals;
mod formats;
mod functions;
mod gen;
mod gringo3;
mod heuristic;
mod hostile;
mod incremental;
mod language;
mod limits;
mod misreadings;
mod multishot;
mod observers;
mod optimization;
mod optimization_output;
mod playground;
mod programs;
mod projection;
mod propagators;
mod reify;
mod search_options;
mod seeds;
mod support;
mod supported;
mod verify;
mod why;
