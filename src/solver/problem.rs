//! The problem the solver is given: variables, clauses and weight
//! constraints, with hints for its search.  Nothing here knows where they
//! came from (`crate::translate` makes them from a ground program).
//!
//! Invariant: every literal mentions a variable below `num_vars`.

use super::lit::SLit;

/// `β <-> bound <= sum of the weights of the true literals`.
pub type WeightSpec = (SLit, i64, Vec<(SLit, i64)>);

/// What to solve.
#[derive(Default, Debug)]
pub struct Problem {
    /// Variables `0..num_vars`.
    pub num_vars: usize,
    /// Clauses: one of the literals of each must hold.
    pub clauses: ClauseList,
    /// Weight constraints, propagated natively.
    pub weights: Vec<WeightSpec>,
    /// Literals true at the root (e.g. variables that occur nowhere else,
    /// fixed so that they are never decided).
    pub units: Vec<SLit>,
    /// Literals to try first when enumerating many models (clasp's static
    /// sign: e.g. rule bodies true).
    pub enumeration_phases: Vec<SLit>,
}

/// Clauses stored flat, in one allocation (large programs have millions
/// of short clauses): clause `i` is `lits[ends[i - 1]..ends[i]]`.
#[derive(Default, Debug)]
pub struct ClauseList {
    lits: Vec<SLit>,
    ends: Vec<u32>,
}

impl ClauseList {
    /// A list holding the one clause `c`.
    pub fn of(c: &[SLit]) -> ClauseList {
        let mut l = ClauseList::default();
        l.push(c);
        l
    }

    /// Appends the clause `c`.
    pub fn push(&mut self, c: &[SLit]) {
        self.lits.extend_from_slice(c);
        self.ends.push(self.lits.len() as u32);
    }

    /// The clauses, in the order they were pushed.
    pub fn iter(&self) -> impl Iterator<Item = &[SLit]> {
        let mut start = 0;
        self.ends.iter().map(move |&e| {
            let c = &self.lits[start..e as usize];
            start = e as usize;
            c
        })
    }

    /// No clause.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Removes every clause.
    pub fn clear(&mut self) {
        self.lits.clear();
        self.ends.clear();
    }

    /// All literals of all clauses, to rewrite in place.
    pub fn lits_mut(&mut self) -> &mut [SLit] {
        &mut self.lits
    }
}
