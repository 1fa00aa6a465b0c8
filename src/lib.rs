//! minasp: an answer-set programming system — a grounder for the gringo
//! language and a conflict-driven stable-model solver, clingo-compatible.
//!
//! Data flows one way: `syntax` (text to AST) → `ground` (AST to
//! [`program::GroundProgram`] and the output table) → `solver` (models) →
//! `output` (clingo's text format).  The solver never sees syntax.
pub mod aspif;
pub mod diagnostics;
pub mod ground;
pub mod json;
pub mod models;
pub mod output;
pub mod program;
pub mod solver;
pub mod syntax;
pub mod text;
