//! Solver variables and literals.
//!
//! Owns the numbering of solver variables: variables `0..num_atoms` are the
//! program's atoms (variable `i` is `Atom(i)`), every later variable stands
//! for a rule body (or the constant `true`). A literal is a variable with a
//! sign, packed as `var * 2 + negative`, so that a literal's code indexes
//! per-literal tables and `!lit` flips the low bit.

use std::fmt;
use std::ops::Not;

/// A solver variable (an atom or a body).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Var(pub u32);

impl Var {
    /// The variable's number, for indexing per-variable tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The literal of this variable, positive or negated.
    #[inline]
    pub fn lit(self, positive: bool) -> SLit {
        SLit(self.0 * 2 + (!positive) as u32)
    }
    /// The positive literal of this variable.
    #[inline]
    pub fn pos(self) -> SLit {
        self.lit(true)
    }
}

/// A solver literal: a variable or its negation.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SLit(u32);

impl SLit {
    /// The literal's variable.
    #[inline]
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }
    /// True if the literal is the variable itself, false if its negation.
    #[inline]
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }
    /// Dense index of this literal, for per-literal tables.
    #[inline]
    pub fn code(self) -> usize {
        self.0 as usize
    }
    /// The raw packed value (used by the clause arena for header words).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }
    /// The literal whose packed value [`SLit::raw`] returned is `raw`.
    #[inline]
    pub fn from_raw(raw: u32) -> SLit {
        SLit(raw)
    }
}

impl Not for SLit {
    type Output = SLit;
    #[inline]
    fn not(self) -> SLit {
        SLit(self.0 ^ 1)
    }
}

impl fmt::Debug for SLit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_positive() {
            write!(f, "v{}", self.var().0)
        } else {
            write!(f, "-v{}", self.var().0)
        }
    }
}
