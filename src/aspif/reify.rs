//! A ground program as facts, the way gringo's `--output=reify` writes
//! them: each aspif statement (see [`super::write::statements`]) becomes a
//! fact — `rule(disjunction(H),normal(B))`, `rule(choice(H),sum(B,K))`,
//! `minimize(P,T)`, `output(TERM,B)`, `external(A,V)`, `project(A)`,
//! `heuristic(A,M,V,P,B)`, `edge(U,V,B)` — over numbered tuples declared
//! where they are first used (`atom_tuple(T). atom_tuple(T,A).`,
//! `literal_tuple(T). literal_tuple(T,L).`, `weighted_literal_tuple(T).
//! weighted_literal_tuple(T,L,W).`). With `sccs`, `scc(C,A)` for each atom
//! on a cycle of the positive dependency graph (components numbered as
//! minasp finds them, not as gringo does); with `step`, each fact has the
//! step as its last argument. An external atom that a rule defines is
//! no external in clasp ([`GroundProgram::open_externals`]): unlike
//! gringo, which lists every declared one, only the others are written,
//! so that a meta-interpreter reads the program as clasp solves it.
//!
//! Invariant: an atom and a literal are aspif's (atom `i` is `i + 1`, a
//! negative literal negative); atom and literal tuples are sets (sorted,
//! each element once) and weighted ones keep their order, as gringo's; a
//! tuple with the same elements is declared once and its number reused.

use super::write::{atom, external_code, lit, statements, Statement};
use crate::program::{Atom, Body, GroundProgram, Lit};
use indexmap::IndexMap;
use std::fmt::Write;

/// The kinds of tuples, each numbered on its own.
#[derive(Copy, Clone)]
enum Tuple {
    Atoms,
    Lits,
    Weighted,
}

/// The facts, tuples numbered as they come.
struct Reifier {
    out: String,
    step: Option<usize>,
    /// Per kind of tuple: the tuples declared, by their elements (a
    /// weighted tuple's as literal, weight, literal, weight, ...).
    tuples: [IndexMap<Vec<i64>, usize>; 3],
}

impl Reifier {
    /// Writes `name(args[,step]).`.
    fn fact(&mut self, name: &str, args: std::fmt::Arguments<'_>) {
        write!(self.out, "{name}({args}").unwrap();
        if let Some(s) = self.step {
            write!(self.out, ",{s}").unwrap();
        }
        self.out.push_str(").\n");
    }

    /// The number of the tuple `key` of kind `kind`, declared (with its
    /// elements) the first time.
    fn tuple(&mut self, kind: Tuple, key: Vec<i64>) -> usize {
        let (name, width) = match kind {
            Tuple::Atoms => ("atom_tuple", 1),
            Tuple::Lits => ("literal_tuple", 1),
            Tuple::Weighted => ("weighted_literal_tuple", 2),
        };
        if let Some(&n) = self.tuples[kind as usize].get(&key) {
            return n;
        }
        let n = self.tuples[kind as usize].len();
        self.fact(name, format_args!("{n}"));
        for element in key.chunks(width) {
            let text: Vec<String> = element.iter().map(i64::to_string).collect();
            self.fact(name, format_args!("{n},{}", text.join(",")));
        }
        self.tuples[kind as usize].insert(key, n);
        n
    }

    /// An atom tuple: a set.
    fn atom_tuple(&mut self, atoms: &[Atom]) -> usize {
        let mut key: Vec<i64> = atoms.iter().map(|&a| atom(a) as i64).collect();
        key.sort_unstable();
        key.dedup();
        self.tuple(Tuple::Atoms, key)
    }

    /// A literal tuple: a set.
    fn lit_tuple(&mut self, lits: impl Iterator<Item = Lit>) -> usize {
        let mut key: Vec<i64> = lits.map(lit).collect();
        key.sort_unstable();
        key.dedup();
        self.tuple(Tuple::Lits, key)
    }

    /// A weighted literal tuple: in its order.
    fn weighted_tuple(&mut self, lits: &[(Lit, i64)]) -> usize {
        let key: Vec<i64> = lits.iter().flat_map(|&(l, w)| [lit(l), w]).collect();
        self.tuple(Tuple::Weighted, key)
    }
}

/// The facts of `program` and its output table (see the module doc).
pub fn reify(program: &GroundProgram, output: &[(String, Option<Atom>)], sccs: bool, step: bool) -> String {
    let mut r = Reifier { out: String::new(), step: step.then_some(0), tuples: Default::default() };
    let open: std::collections::HashSet<Atom> =
        program.open_externals().into_iter().map(|(a, _)| a).collect();
    for st in statements(program, output) {
        match st {
            Statement::Rule { choice, head, body } => {
                let h = r.atom_tuple(head);
                let kind = if choice { "choice" } else { "disjunction" };
                match body {
                    Body::Normal(ls) => {
                        let b = r.lit_tuple(ls.iter().copied());
                        r.fact("rule", format_args!("{kind}({h}),normal({b})"));
                    }
                    Body::Weight { bound, lits } => {
                        let b = r.weighted_tuple(lits);
                        r.fact("rule", format_args!("{kind}({h}),sum({b},{bound})"));
                    }
                }
            }
            Statement::Project(atoms) => {
                for &a in atoms {
                    r.fact("project", format_args!("{}", atom(a)));
                }
            }
            // an external a rule defines is none (see the module doc)
            Statement::External(a, _) if !open.contains(&a) => {}
            Statement::External(a, v) => {
                let value = ["free", "true", "false", "release"][external_code(v) as usize];
                r.fact("external", format_args!("{},{value}", atom(a)));
            }
            Statement::Heuristic(h) => {
                let b = r.lit_tuple(h.condition.iter().copied());
                let m = h.modifier.name();
                r.fact("heuristic", format_args!("{},{m},{},{},{b}", atom(h.atom), h.value, h.priority));
            }
            Statement::Edge(e) => {
                let b = r.lit_tuple(e.condition.iter().copied());
                r.fact("edge", format_args!("{},{},{b}", e.from, e.to));
            }
            Statement::Minimize(priority, lits) => {
                let t = r.weighted_tuple(&lits);
                r.fact("minimize", format_args!("{priority},{t}"));
            }
            Statement::Output(text, cond) => {
                let b = r.lit_tuple(cond.map(Atom::pos).into_iter());
                r.fact("output", format_args!("{text},{b}"));
            }
        }
    }
    if sccs {
        for (i, c) in components(program) {
            for a in c {
                r.fact("scc", format_args!("{i},{a}"));
            }
        }
    }
    r.out
}

/// The cycles of the positive dependency graph (see
/// [`crate::program::shift::positive_components`]): each component of two
/// or more atoms, with its number, and its aspif atoms.
fn components(program: &GroundProgram) -> Vec<(usize, Vec<u64>)> {
    let component = crate::program::shift::positive_components(program);
    let mut atoms: std::collections::BTreeMap<usize, Vec<u64>> = Default::default();
    for (a, &c) in component.iter().enumerate() {
        atoms.entry(c).or_default().push(atom(Atom(a as u32)));
    }
    atoms.into_iter().filter(|(_, c)| c.len() > 1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Head, Rule};

    #[test]
    fn tuples_are_sets_declared_once() {
        // {a}. b :- a, not c. b :- not c, a.
        let mut p = GroundProgram::new();
        let a = p.new_atom();
        let b = p.new_atom();
        let c = p.new_atom();
        p.add(Rule { head: Head::Choice(smallvec::smallvec![a]), body: Body::Normal(thin_vec::thin_vec![]) });
        p.add(Rule::normal(b, vec![a.pos(), c.neg()]));
        p.add(Rule::normal(b, vec![c.neg(), a.pos()]));
        let out = vec![("b".to_string(), Some(b))];
        assert_eq!(
            reify(&p, &out, false, false),
            "atom_tuple(0).\natom_tuple(0,1).\nliteral_tuple(0).\nrule(choice(0),normal(0)).\n\
             atom_tuple(1).\natom_tuple(1,2).\nliteral_tuple(1).\nliteral_tuple(1,-3).\nliteral_tuple(1,1).\n\
             rule(disjunction(1),normal(1)).\nrule(disjunction(1),normal(1)).\n\
             literal_tuple(2).\nliteral_tuple(2,2).\noutput(b,2).\n"
        );
    }
}
