//! Observers of the ground program (clingo's `Observer`): whoever
//! registers one is told each statement the solver is given, in aspif's
//! numbering (atom `a` of the program is `a + 1`, a negative literal is
//! negated), step by step as clingo tells it: `init_program` before the
//! first step; a step begins (`begin_step`) at the first grounding,
//! backend or external assignment after a solve, and ends (`end_step`)
//! when the next solve starts, after its assumptions (`assume`).
//!
//! Invariant: each observer's [`Told`] holds everything told to it so far,
//! so a statement is told once however often the program is handed on (a
//! program grounded in steps grows; an external's value is told again when
//! it changes or is assigned again); a statement the program holds twice is
//! told twice. An observer registered late is told only what comes after:
//! what the program has then counts as told.

use crate::program::{Atom, Body, External, GroundProgram, Head, Lit, Modifier};
use crate::value::Value;
use std::collections::HashMap;

/// What an observer is told; every method does nothing unless written.
/// Atoms are aspif atoms (`> 0`), literals aspif literals (`!= 0`).
pub trait Observer: Send {
    /// Before the first step; `incremental`: more steps may follow.
    fn init_program(&mut self, _incremental: bool) {}
    /// A step begins.
    fn begin_step(&mut self) {}
    /// A rule `head :- body` (`choice`: the head is a choice).
    fn rule(&mut self, _choice: bool, _head: &[u32], _body: &[i32]) {}
    /// A rule whose body holds when the weights of its true literals add
    /// up to `lower` or more.
    fn weight_rule(&mut self, _choice: bool, _head: &[u32], _lower: i64, _body: &[(i32, i64)]) {}
    /// Minimize statement elements of a priority.
    fn minimize(&mut self, _priority: i64, _literals: &[(i32, i64)]) {}
    /// Atoms of `#project`.
    fn project(&mut self, _atoms: &[u32]) {}
    /// A shown atom (atom 0: a fact).
    fn output_atom(&mut self, _symbol: &Value, _atom: u32) {}
    /// A shown term and the literals under which it is shown (none: always).
    fn output_term(&mut self, _symbol: &Value, _condition: &[i32]) {}
    /// An external atom and its value.
    fn external(&mut self, _atom: u32, _value: External) {}
    /// The assumptions of the solve that ends the step.
    fn assume(&mut self, _literals: &[i32]) {}
    /// A `#heuristic` directive.
    fn heuristic(&mut self, _atom: u32, _modifier: Modifier, _bias: i64, _priority: i64, _condition: &[i32]) {
    }
    /// An `#edge` directive.
    fn acyc_edge(&mut self, _from: u32, _to: u32, _condition: &[i32]) {}
    /// The step ends (a solve starts).
    fn end_step(&mut self) {}
}

/// A printed entry of the output table, as an observer is told it.
pub enum Shown {
    /// A shown atom and its aspif atom (0: a fact).
    Atom(Value, u32),
    /// A shown term and its condition (aspif literals; empty: always).
    Term(Value, Vec<i32>),
}

/// The aspif atom of `a`.
pub fn atom(a: Atom) -> u32 {
    crate::aspif::write::atom(a) as u32
}

/// The aspif literal of `l`.
pub fn lit(l: Lit) -> i32 {
    crate::aspif::write::lit(l) as i32
}

fn lits(ls: &[Lit]) -> Vec<i32> {
    ls.iter().map(|&l| lit(l)).collect()
}

/// A statement told, as a key for counting.
#[derive(PartialEq, Eq, Hash)]
enum Key {
    Rule(bool, Vec<u32>, Vec<i32>),
    Weight(bool, Vec<u32>, i64, Vec<(i32, i64)>),
    Minimize(i64, i32, i64),
    Project(u32),
    Atom(String, u32),
    Term(String, Vec<i32>),
    Heuristic(u32, u32, i64, i64, Vec<i32>),
    Edge(u32, u32, Vec<i32>),
}

/// A registered observer and what it has been told.
pub struct Observed {
    observer: std::sync::Mutex<Box<dyn Observer>>,
    told: Told,
}

impl Observed {
    /// `observer`, registered now: with `program` handed on already (and
    /// its output table), that counts as told, and a step is open if
    /// `stepping` (neither `init_program` nor `begin_step` is told for it).
    pub fn new(
        observer: Box<dyn Observer>,
        program: Option<(&GroundProgram, &[Shown])>,
        stepping: bool,
    ) -> Observed {
        let mut told = Told::default();
        if let Some((program, shown)) = program {
            told.tell(program, shown, &mut []);
            told.in_step = stepping;
        }
        Observed { observer: std::sync::Mutex::new(observer), told }
    }

    fn parts(&mut self) -> (&mut Told, &mut dyn Observer) {
        let observer = self.observer.get_mut().unwrap_or_else(|e| e.into_inner());
        (&mut self.told, &mut **observer)
    }

    /// See [`Told::tell`]; `ended`: the step has been told ended, and
    /// what comes now is in the solve that ends it (no new step).
    pub fn tell(&mut self, program: &GroundProgram, shown: &[Shown], ended: bool) {
        let (told, o) = self.parts();
        if ended {
            told.in_step = true;
            told.tell(program, shown, &mut [o]);
            told.in_step = false;
        } else {
            told.tell(program, shown, &mut [o]);
        }
    }

    /// See [`Told::tell_external`].
    pub fn tell_external(&mut self, atom: Atom, value: External) {
        let (told, o) = self.parts();
        told.tell_external(atom, value, &mut [o]);
    }

    /// See [`Told::end`].
    pub fn end(&mut self, assumptions: &[i32]) {
        let (told, o) = self.parts();
        told.end(assumptions, &mut [o]);
    }
}

/// What an observer has been told (see the module's invariant).
#[derive(Default)]
pub struct Told {
    started: bool,
    in_step: bool,
    counts: HashMap<Key, usize>,
    externals: HashMap<u32, External>,
}

/// Whether this occurrence of `key` in the program handed on (counted
/// in `seen`) is beyond the occurrences told before.
fn occurrence(told: &HashMap<Key, usize>, seen: &mut HashMap<Key, usize>, key: Key) -> bool {
    let before = told.get(&key).copied().unwrap_or(0);
    let n = seen.entry(key).or_insert(0);
    *n += 1;
    *n > before
}

impl Told {
    /// Begins a step unless one is open (and the program before the first).
    pub fn begin(&mut self, observers: &mut [&mut dyn Observer]) {
        if !self.started {
            self.started = true;
            for o in observers.iter_mut() {
                o.init_program(true);
            }
        }
        if !self.in_step {
            self.in_step = true;
            for o in observers.iter_mut() {
                o.begin_step();
            }
        }
    }

    /// Ends the step for a solve under `assumptions` (beginning one first
    /// if none is open: a solve with nothing new is a step of its own).
    pub fn end(&mut self, assumptions: &[i32], observers: &mut [&mut dyn Observer]) {
        self.begin(observers);
        for o in observers.iter_mut() {
            if !assumptions.is_empty() {
                o.assume(assumptions);
            }
            o.end_step();
        }
        self.in_step = false;
    }

    /// Tells the externals of `program` whose values were not told (a
    /// step begun first).
    pub fn tell_externals(&mut self, program: &GroundProgram, observers: &mut [&mut dyn Observer]) {
        self.begin(observers);
        for &(a, value) in &program.externals {
            if self.externals.insert(atom(a), value) != Some(value) {
                observers.iter_mut().for_each(|o| o.external(atom(a), value));
            }
        }
    }

    /// Tells an external assignment, even of the value told before (as
    /// clingo tells every `assign_external`).
    pub fn tell_external(&mut self, a: Atom, value: External, observers: &mut [&mut dyn Observer]) {
        self.begin(observers);
        self.externals.insert(atom(a), value);
        observers.iter_mut().for_each(|o| o.external(atom(a), value));
    }

    /// Tells the statements of `program` and `shown` not told before (see
    /// the module's invariant): the externals first, then the rest in the
    /// order gringo writes aspif.
    pub fn tell(&mut self, program: &GroundProgram, shown: &[Shown], observers: &mut [&mut dyn Observer]) {
        self.tell_externals(program, observers);
        let mut seen: HashMap<Key, usize> = HashMap::new();
        let told = &self.counts;
        for r in &program.rules {
            let (choice, head) = match &r.head {
                Head::Disjunction(h) => (false, h.iter().map(|&a| atom(a)).collect::<Vec<_>>()),
                Head::Choice(h) => (true, h.iter().map(|&a| atom(a)).collect()),
            };
            match &r.body {
                Body::Normal(b) => {
                    let body = lits(b);
                    if occurrence(told, &mut seen, Key::Rule(choice, head.clone(), body.clone())) {
                        observers.iter_mut().for_each(|o| o.rule(choice, &head, &body));
                    }
                }
                Body::Weight { bound, lits: b } => {
                    let body: Vec<(i32, i64)> = b.iter().map(|&(l, w)| (lit(l), w)).collect();
                    if occurrence(told, &mut seen, Key::Weight(choice, head.clone(), *bound, body.clone())) {
                        observers.iter_mut().for_each(|o| o.weight_rule(choice, &head, *bound, &body));
                    }
                }
            }
        }
        if let Some(project) = &program.project {
            let new: Vec<u32> = project
                .iter()
                .map(|&a| atom(a))
                .filter(|&a| occurrence(told, &mut seen, Key::Project(a)))
                .collect();
            if !new.is_empty() {
                observers.iter_mut().for_each(|o| o.project(&new));
            }
        }
        for h in &program.heuristics {
            let condition = lits(&h.condition);
            let key = Key::Heuristic(atom(h.atom), h.modifier.code(), h.value, h.priority, condition.clone());
            if occurrence(told, &mut seen, key) {
                observers
                    .iter_mut()
                    .for_each(|o| o.heuristic(atom(h.atom), h.modifier, h.value, h.priority, &condition));
            }
        }
        for e in &program.edges {
            let condition = lits(&e.condition);
            if occurrence(told, &mut seen, Key::Edge(e.from, e.to, condition.clone())) {
                observers.iter_mut().for_each(|o| o.acyc_edge(e.from, e.to, &condition));
            }
        }
        for m in &program.minimize {
            let new: Vec<(i32, i64)> = m
                .lits
                .iter()
                .map(|&(l, w)| (lit(l), w))
                .filter(|&(l, w)| occurrence(told, &mut seen, Key::Minimize(m.priority, l, w)))
                .collect();
            if !new.is_empty() {
                observers.iter_mut().for_each(|o| o.minimize(m.priority, &new));
            }
        }
        for s in shown {
            match s {
                Shown::Atom(v, a) => {
                    if occurrence(told, &mut seen, Key::Atom(v.to_string(), *a)) {
                        observers.iter_mut().for_each(|o| o.output_atom(v, *a));
                    }
                }
                Shown::Term(v, condition) => {
                    if occurrence(told, &mut seen, Key::Term(v.to_string(), condition.clone())) {
                        observers.iter_mut().for_each(|o| o.output_term(v, condition));
                    }
                }
            }
        }
        for (key, n) in seen {
            let c = self.counts.entry(key).or_insert(0);
            *c = (*c).max(n);
        }
    }
}
