//! Text to AST: spans, the logos lexer, the AST types and the LALRPOP parser.
pub mod ast;
mod atom_places;
pub mod dialect;
pub mod include;
pub mod lexer;
pub mod lparse;
pub mod parse;
pub mod span;
