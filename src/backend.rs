//! Ground statements added to a control's program by hand, as clingo's
//! `Backend` adds them: atoms (by symbol or fresh), rules, weight rules,
//! minimize statements, externals, assumptions, projection atoms and
//! heuristic modifiers, over the program's atoms.
//!
//! A [`Backend`] holds the control's program while it is open
//! ([`crate::Control::open_backend`]) and gives it back when closed
//! ([`crate::Control::close_backend`]). Invariant: every atom a statement
//! names is an atom of the program (one beyond them is refused: clasp
//! takes any number, and gives wrong answers once the grounder numbers a
//! new atom the same); an atom
//! added with a symbol is the program's atom of that symbol, so rules of
//! later groundings match it, and models show it as they show grounded
//! atoms.

use crate::aspif::GroundInput;
use crate::ground::Grounder;
use crate::program::{Atom, Body, External, GroundProgram, Head, Heuristic, Lit, Minimize, Modifier, Rule};
use crate::Value;

/// Why a statement was refused (nothing was added).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BackendError {
    /// An atom's symbol is no function (clingo: "function expected").
    #[error("function expected")]
    NotAFunction,
    /// A weight rule's literal has a negative weight (clasp refuses it).
    #[error("Non-negative weight expected!")]
    NegativeWeight,
    /// A statement names an atom the program does not have.
    #[error("atom {atom} unknown: the program has atoms 1 to {atoms} (add_atom makes new ones)")]
    UnknownAtom {
        /// The atom's number (its index plus one, as clingo numbers atoms).
        atom: u64,
        /// How many atoms the program has.
        atoms: u32,
    },
}

/// The program a backend adds to.
pub(crate) enum Target {
    /// The program of a grounder (its domains learn the atoms added).
    Grounder(Box<Grounder>),
    /// A ground program read in (aspif or smodels).
    Read(GroundInput),
}

/// An open backend: the control's program, statements added to it.
pub struct Backend {
    pub(crate) target: Target,
    /// Literals the next solve assumes (clingo's `add_assume`).
    pub(crate) assumptions: Vec<Lit>,
    /// The atoms declared external here (their values replace those
    /// assigned before).
    pub(crate) declared: Vec<Atom>,
}

impl Backend {
    fn program(&mut self) -> &mut GroundProgram {
        match &mut self.target {
            Target::Grounder(g) => g.backend_program(),
            Target::Read(r) => &mut r.program,
        }
    }

    /// Refuses an atom of `atoms` the program does not have.
    fn known(&mut self, atoms: impl IntoIterator<Item = Atom>) -> Result<(), BackendError> {
        let n = self.program().num_atoms;
        match atoms.into_iter().find(|a| a.0 >= n) {
            Some(a) => Err(BackendError::UnknownAtom { atom: a.0 as u64 + 1, atoms: n }),
            None => Ok(()),
        }
    }

    /// The atom of the ground atom `symbol` (made if the program has
    /// none), or a fresh atom without a symbol (`None`).
    pub fn add_atom(&mut self, symbol: Option<&Value>) -> Result<Atom, BackendError> {
        let Some(v) = symbol else {
            return Ok(match &mut self.target {
                Target::Grounder(g) => g.backend_aux_atom(),
                Target::Read(r) => r.program.new_atom(),
            });
        };
        match &mut self.target {
            Target::Grounder(g) => g.backend_atom(v).ok_or(BackendError::NotAFunction),
            Target::Read(r) => {
                if !matches!(v, Value::Func { .. }) {
                    return Err(BackendError::NotAFunction);
                }
                let text = v.to_string();
                let known = r.output.iter().find(|(t, c)| *t == text && c.len() == 1 && c[0].is_positive());
                Ok(match known {
                    Some((_, c)) => c[0].atom(),
                    None => {
                        let a = r.program.new_atom();
                        r.output.push((text, vec![a.pos()]));
                        a
                    }
                })
            }
        }
    }

    /// Adds the rule `head :- body` (a choice rule `{head} :- body` with
    /// `choice`; no head: an integrity constraint).
    pub fn add_rule(&mut self, head: &[Atom], body: &[Lit], choice: bool) -> Result<(), BackendError> {
        self.known(head.iter().copied().chain(body.iter().map(|l| l.atom())))?;
        let body = Body::Normal(body.iter().copied().collect());
        self.add(head, body, choice);
        Ok(())
    }

    /// Adds the rule `head :- lower <= #sum { w,l : l }` over the weighted
    /// literals `body` (a choice rule with `choice`).
    pub fn add_weight_rule(
        &mut self,
        head: &[Atom],
        lower: i64,
        body: &[(Lit, i64)],
        choice: bool,
    ) -> Result<(), BackendError> {
        if body.iter().any(|&(_, w)| w < 0) {
            return Err(BackendError::NegativeWeight);
        }
        self.known(head.iter().copied().chain(body.iter().map(|(l, _)| l.atom())))?;
        let lits: Vec<(Lit, i64)> = body.iter().copied().filter(|&(_, w)| w > 0).collect();
        // (a body that never holds: the rule says nothing)
        if let Some(body) = crate::aspif::read::weight_body(lower, lits) {
            self.add(head, body, choice);
        }
        Ok(())
    }

    fn add(&mut self, head: &[Atom], body: Body, choice: bool) {
        let atoms = head.iter().copied().collect();
        let head = if choice { Head::Choice(atoms) } else { Head::Disjunction(atoms) };
        let rule = Rule { head, body };
        match &mut self.target {
            Target::Grounder(g) => g.backend_rule(rule),
            Target::Read(r) => r.program.add(rule),
        }
    }

    /// Adds a minimize statement: at `priority`, the weights of the true
    /// literals of `lits` add up (a literal given twice counts twice).
    pub fn add_minimize(&mut self, priority: i64, lits: &[(Lit, i64)]) -> Result<(), BackendError> {
        self.known(lits.iter().map(|(l, _)| l.atom()))?;
        match &mut self.target {
            Target::Grounder(g) => g.backend_minimize(priority, lits),
            Target::Read(r) => r.program.minimize.push(Minimize { priority, lits: lits.to_vec() }),
        }
        Ok(())
    }

    /// Declares `atom` external with the value `value` (an external
    /// declared again takes the new value).
    pub fn add_external(&mut self, atom: Atom, value: External) -> Result<(), BackendError> {
        self.known([atom])?;
        self.declared.push(atom);
        let externals = &mut self.program().externals;
        match externals.iter_mut().find(|(a, _)| *a == atom) {
            Some(e) => e.1 = value,
            None => externals.push((atom, value)),
        }
        Ok(())
    }

    /// The next solve assumes `lits` (and only the next, as in clingo).
    pub fn add_assume(&mut self, lits: &[Lit]) -> Result<(), BackendError> {
        self.known(lits.iter().map(|l| l.atom()))?;
        self.assumptions.extend_from_slice(lits);
        Ok(())
    }

    /// Adds `atoms` to the projection atoms (`--project`).
    pub fn add_project(&mut self, atoms: &[Atom]) -> Result<(), BackendError> {
        self.known(atoms.iter().copied())?;
        self.program().project.get_or_insert_with(Vec::new).extend_from_slice(atoms);
        Ok(())
    }

    /// Adds a heuristic modifier for `atom` (`#heuristic atom : condition.
    /// [value@priority, modifier]`).
    pub fn add_heuristic(
        &mut self,
        atom: Atom,
        modifier: Modifier,
        value: i64,
        priority: i64,
        condition: &[Lit],
    ) -> Result<(), BackendError> {
        self.known(std::iter::once(atom).chain(condition.iter().map(|l| l.atom())))?;
        self.program().heuristics.push(Heuristic {
            atom,
            modifier,
            value,
            priority: priority.max(0),
            condition: condition.to_vec(),
        });
        Ok(())
    }
}
