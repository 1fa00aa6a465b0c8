//! Ground statements a caller adds to a grounder's program between
//! groundings (clingo's backend, see `crate::backend`).
//!
//! Invariant: an atom added with a symbol is in its predicate's domain,
//! as if a rule had derived it, so that later groundings match it and
//! the output table names (and shows) it; it is a fact of the domain only
//! once a rule without body and with it as the only head is added for it.
//! Every other statement goes into the program as it is.

use super::hash::Map;
use super::instantiate::OptInstance;
use super::rule::{PredId, PredKey};
use super::symbol::Sym;
use super::Grounder;
use crate::program::{Atom, Body, Head, Lit, Rule};
use crate::Value;

/// The symbol atoms added through the backend: where each is in its
/// domain, to mark it a fact.
#[derive(Default)]
pub(super) struct Added {
    atoms: Map<Atom, (PredId, Vec<Sym>)>,
    /// Minimize elements added so far: each has a tuple of its own, so
    /// that none is merged with another (they are a multiset, as aspif's).
    elements: i32,
}

impl Grounder {
    /// The atom of the ground atom `v` (a function or a tuple), made (and
    /// put in its domain) if the program has none; `None` if `v` is no
    /// atom (a number, a string, `#inf`, `#sup`).
    pub fn backend_atom(&mut self, v: &Value) -> Option<Atom> {
        let Value::Func { name, args, neg } = v else { return None };
        let syms = &mut self.inst.syms;
        let key = PredKey { name: syms.name(name), arity: args.len() as u32, neg: *neg };
        let args: Vec<Sym> = args.iter().map(|a| syms.intern_value(a)).collect();
        let pred = PredId(self.keys.insert_full(key).0 as u32);
        let inst = &mut self.inst;
        inst.preds.extend(self.keys.iter().skip(inst.preds.len()).map(|k| super::Pred::new(*k)));
        inst.preds[pred.0 as usize].derived = true;
        self.headed.insert(pred);
        let atom = inst.insert(pred, args.clone(), false);
        self.added.atoms.insert(atom, (pred, args));
        Some(atom)
    }

    /// A fresh atom no ground atom stands for.
    pub fn backend_aux_atom(&mut self) -> Atom {
        self.inst.prog.new_atom()
    }

    /// Adds `rule`; a fact of an atom added with a symbol becomes a fact
    /// of its domain.
    pub fn backend_rule(&mut self, rule: Rule) {
        if let (Head::Disjunction(h), Body::Normal(b)) = (&rule.head, &rule.body) {
            if let ([a], true) = (&h[..], b.is_empty()) {
                let known = self.added.atoms.get(a);
                if let Some(info) =
                    known.and_then(|(p, args)| self.inst.preds[p.0 as usize].atoms.get_mut(args))
                {
                    info.fact = true;
                }
            }
        }
        self.inst.prog.add(rule);
        if let Some(o) = &mut self.inst.origins {
            o.push(crate::syntax::span::Span::NOWHERE);
        }
    }

    /// Adds the minimize statement `lits` at `priority`: each literal
    /// counts with its weight (a literal given twice counts twice).
    pub fn backend_minimize(&mut self, priority: i64, lits: &[(Lit, i64)]) {
        let marker = self.inst.syms.constant("#backend");
        for &(l, weight) in lits {
            self.added.elements += 1;
            let tuple = vec![marker, self.inst.syms.int(self.added.elements)];
            self.inst.minimize.push(OptInstance { priority, weight, tuple, body: vec![l] });
        }
        self.inst.finish_minimize();
        if let Some(o) = &mut self.inst.origins {
            o.resize(self.inst.prog.rules.len(), crate::syntax::span::Span::NOWHERE);
        }
    }

    /// The program under construction, for statements that need no
    /// domain (externals, projection, heuristics).
    pub fn backend_program(&mut self) -> &mut crate::program::GroundProgram {
        &mut self.inst.prog
    }
}
