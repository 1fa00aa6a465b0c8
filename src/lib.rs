//! minasp: an answer-set programming system — a grounder for the gringo
//! language (clingo 5 and gringo 3) and a conflict-driven stable-model
//! solver, clingo-compatible.
//!
//! The front door is [`Control`], shaped after clingo's: add program text,
//! ground, then iterate over the answer sets.
//!
//! ```
//! use minasp::{Control, Options};
//!
//! let mut ctl = Control::new(Options::default());
//! ctl.add("colouring", "node(1..3). edge(1,2). edge(2,3).
//!                      1 { colour(N,red); colour(N,green) } 1 :- node(N).
//!                      :- edge(A,B), colour(A,C), colour(B,C).
//!                      #show colour/2.");
//! ctl.ground()?;
//! let mut solve = ctl.solve(0)?;
//! for model in solve.by_ref() {
//!     assert_eq!(model.shown().len(), 3);
//!     assert!(model.contains("node(1)"));
//! }
//! assert_eq!(solve.models(), 2);
//! assert!(solve.result().satisfiable && solve.result().exhausted);
//! # Ok::<(), minasp::Error>(())
//! ```
//!
//! Errors in the input are diagnostics, rendered as gringo renders them:
//!
//! ```
//! use minasp::{Control, Error, Options};
//!
//! let mut ctl = Control::new(Options::default());
//! ctl.add("broken.lp", "p(X) :- not q(X).");
//! assert!(matches!(ctl.ground(), Err(Error::Input(_))));
//! let message = ctl.render(&ctl.diagnostics()[0]);
//! assert!(message.starts_with("broken.lp:1:1-18: error: unsafe variables in:"));
//! ```
//!
//! Data flows one way: `syntax` (text to AST) → `ground` (AST to
//! [`program::GroundProgram`] and the output table) → `models`/`solver`
//! (answer sets) → `output` (clingo's text format).  The solver never sees
//! syntax.  See `ARCHITECTURE.md` for the stages and their invariants.
#![warn(missing_docs)]

pub mod aspif;
pub mod backend;
pub mod carry;
pub mod clasp_tuning;
pub mod cli;
pub mod control;
pub mod diagnostics;
pub mod dom_mod;
pub mod enumerate;
pub mod explain;
pub mod ground;
pub mod incremental;
pub mod json;
pub(crate) mod minimality;
pub mod models;
pub mod observe;
pub mod optimize;
pub mod output;
pub mod portfolio;
pub mod program;
pub mod report;
pub mod sat_output;
pub mod solver;
pub mod syntax;
pub mod text;
pub mod translate;
pub mod value;

pub use backend::{Backend, BackendError};
pub use control::{Control, Error, Interrupter, Model, Optimization, Options, Solve, SolveResult};
pub use ground::functions::Functions;
pub use value::Value;
