//! Observers of the ground program (`Control::register_observer`, what
//! the Python module's `register_observer` stands on): the statements an
//! observer is told, rebuilt through a backend into a fresh control, must
//! have the answer sets of the program they were told from — on random
//! programs (normal, disjunctive, with optimisation) and step by step on a
//! program grounded in parts. clingo's side of the same calls is compared
//! by `python/tests/scripts/observer.py`.

use crate::gen;
use minasp::observe::Observer;
use minasp::optimize::OptMode;
use minasp::program::{Atom, External, Lit, Modifier};
use minasp::{Control, Options, Value};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// A rule told: choice, head, the lower bound of a weight body, body.
type ToldRule = (bool, Vec<u32>, Option<i64>, Vec<(i32, i64)>);

/// What an observer was told.
#[derive(Default)]
struct Log {
    steps: Vec<String>,
    rules: Vec<ToldRule>,
    minimize: Vec<(i64, i32, i64)>,
    names: HashMap<u32, Value>,
    facts: Vec<Value>,
    externals: HashMap<u32, External>,
    projected: Vec<u32>,
    heuristics: usize,
    edges: usize,
}

struct Recorder(Arc<Mutex<Log>>);

impl Recorder {
    fn log(&self) -> std::sync::MutexGuard<'_, Log> {
        self.0.lock().unwrap()
    }
}

impl Observer for Recorder {
    fn init_program(&mut self, incremental: bool) {
        self.log().steps.push(format!("init {incremental}"));
    }
    fn begin_step(&mut self) {
        self.log().steps.push("begin".into());
    }
    fn rule(&mut self, choice: bool, head: &[u32], body: &[i32]) {
        self.log().rules.push((choice, head.to_vec(), None, body.iter().map(|&l| (l, 1)).collect()));
    }
    fn weight_rule(&mut self, choice: bool, head: &[u32], lower: i64, body: &[(i32, i64)]) {
        self.log().rules.push((choice, head.to_vec(), Some(lower), body.to_vec()));
    }
    fn minimize(&mut self, priority: i64, literals: &[(i32, i64)]) {
        self.log().minimize.extend(literals.iter().map(|&(l, w)| (priority, l, w)));
    }
    fn project(&mut self, atoms: &[u32]) {
        self.log().projected.extend_from_slice(atoms);
    }
    fn output_atom(&mut self, symbol: &Value, atom: u32) {
        let mut log = self.log();
        match atom {
            0 => log.facts.push(symbol.clone()),
            a => {
                assert!(log.names.insert(a, symbol.clone()).is_none(), "{symbol} told twice");
            }
        }
    }
    fn external(&mut self, atom: u32, value: External) {
        self.log().externals.insert(atom, value);
    }
    fn assume(&mut self, literals: &[i32]) {
        self.log().steps.push(format!("assume {}", literals.len()));
    }
    fn heuristic(&mut self, _atom: u32, _modifier: Modifier, _bias: i64, _priority: i64, _condition: &[i32]) {
        self.log().heuristics += 1;
    }
    fn acyc_edge(&mut self, _from: u32, _to: u32, _condition: &[i32]) {
        self.log().edges += 1;
    }
    fn end_step(&mut self) {
        self.log().steps.push("end".into());
    }
}

fn observed(options: Options) -> (Control, Arc<Mutex<Log>>) {
    let mut ctl = Control::new(options);
    let log = Arc::new(Mutex::new(Log::default()));
    ctl.register_observer(Box::new(Recorder(log.clone())));
    (ctl, log)
}

fn options(mode: OptMode) -> Options {
    let mut o = Options::default();
    o.opt.mode = mode;
    o
}

/// The program told, through a backend into a fresh control.
fn rebuild(log: &Log, mode: OptMode) -> Control {
    let mut ctl = Control::new(options(mode));
    ctl.with_backend(|b| {
        let mut atoms: HashMap<u32, Atom> = HashMap::new();
        let mut atom = |b: &mut minasp::Backend, a: u32| -> Atom {
            *atoms.entry(a).or_insert_with(|| b.add_atom(log.names.get(&a)).expect("an atom"))
        };
        let mut lit = |b: &mut minasp::Backend, l: i32| -> Lit {
            let a = atom(b, l.unsigned_abs());
            if l > 0 {
                a.pos()
            } else {
                a.neg()
            }
        };
        for f in &log.facts {
            let a = b.add_atom(Some(f)).expect("an atom");
            b.add_rule(&[a], &[], false).unwrap();
        }
        for (choice, head, lower, body) in &log.rules {
            let head: Vec<Atom> = head.iter().map(|&a| lit(b, a as i32).atom()).collect();
            let body: Vec<(Lit, i64)> = body.iter().map(|&(l, w)| (lit(b, l), w)).collect();
            match lower {
                None => b.add_rule(&head, &body.iter().map(|x| x.0).collect::<Vec<_>>(), *choice).unwrap(),
                Some(k) => b.add_weight_rule(&head, *k, &body, *choice).unwrap(),
            }
        }
        for (&a, &v) in &log.externals {
            let a = lit(b, a as i32).atom();
            b.add_external(a, v).unwrap();
        }
        let mut levels: std::collections::BTreeMap<i64, Vec<(Lit, i64)>> = Default::default();
        for &(p, l, w) in &log.minimize {
            let l = lit(b, l);
            levels.entry(p).or_default().push((l, w));
        }
        for (p, lits) in levels {
            b.add_minimize(p, &lits).unwrap();
        }
    })
    .unwrap();
    ctl
}

/// The answer sets on the atoms in `names` (true atoms, not shown
/// terms, which may be written as atoms are), and the final costs.
fn answers(ctl: &mut Control, names: &BTreeSet<String>) -> (BTreeSet<String>, Vec<i64>) {
    let mut solve = ctl.solve(0).expect("solvable");
    let mut out = BTreeSet::new();
    let mut last = Vec::new();
    for m in solve.by_ref() {
        let mut atoms: Vec<String> = m.atoms().into_iter().filter(|a| names.contains(a)).collect();
        atoms.sort();
        last = m.cost().to_vec();
        if m.optimality_proven() || m.cost().is_empty() {
            out.insert(atoms.join(" "));
        }
    }
    (out, last)
}

fn names(log: &Log) -> BTreeSet<String> {
    log.names.values().chain(&log.facts).map(|v| v.to_string()).collect()
}

#[test]
fn random_programs_told_rebuild_to_the_same_answer_sets() {
    let mut compared = 0;
    for seed in 0..120u64 {
        let cfg = gen::GenConfig { disjunction: seed % 2 == 1, optimize: seed % 3 == 0 };
        let text = gen::program_with(7000 + seed, 0, &cfg);
        for mode in [OptMode::OptN, OptMode::Ignore] {
            let (mut ctl, log) = observed(options(mode));
            ctl.add("random.lp", &text);
            if ctl.ground().is_err() {
                continue;
            }
            let names = names(&log.lock().unwrap());
            let want = answers(&mut ctl, &names);
            let log = log.lock().unwrap();
            assert_eq!(log.steps, ["init true", "begin", "end"], "seed {seed}");
            let mut rebuilt = rebuild(&log, mode);
            assert_eq!(answers(&mut rebuilt, &names), want, "seed {seed} {mode:?}:\n{text}");
            compared += 1;
        }
    }
    assert!(compared >= 200, "only {compared} programs grounded");
}

#[test]
fn each_step_tells_what_is_new_once() {
    let (mut ctl, log) = observed(options(OptMode::OptN));
    ctl.add(
        "steps.lp",
        "#program base. p(0). #show p/1. #show q/1. #show e/1.
         #program step(t). #external e(t). { p(t) } :- p(t-1), e(t). q(t) :- p(t), not p(t-1).
         #heuristic p(t). [1, level]
         #minimize { 1,t : p(t) }.",
    );
    let step = |t: i32| vec![("step".to_string(), vec![Value::Int(t)])];
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    ctl.ground_parts(&step(1)).unwrap();
    assert!(ctl.assign_external(&Value::parse("e(1)").unwrap(), External::True));
    let names1 = names(&log.lock().unwrap());
    let first = answers(&mut ctl, &names1);
    ctl.ground_parts(&step(2)).unwrap();
    assert!(ctl.assign_external(&Value::parse("e(2)").unwrap(), External::True));
    ctl.ground_parts(&step(2)).unwrap();
    let names2 = names(&log.lock().unwrap());
    let second = answers(&mut ctl, &names2);
    let log = log.lock().unwrap();
    assert_eq!(log.steps, ["init true", "begin", "end", "begin", "end"]);
    // every rule once: the rules told are the program's, without repeats
    let told: BTreeSet<String> = log.rules.iter().map(|r| format!("{r:?}")).collect();
    assert_eq!(told.len(), log.rules.len(), "a rule told twice: {:?}", log.rules);
    assert_eq!(log.heuristics, 2);
    // both externals told with their last values
    let e: Vec<External> = log.externals.values().copied().collect();
    assert_eq!(e, [External::True, External::True]);
    assert_eq!((first.0.len(), second.0.len()), (1, 1));
    let mut rebuilt = rebuild(&log, OptMode::OptN);
    assert_eq!(answers(&mut rebuilt, &names2), second);
    assert_eq!(second.1, vec![0], "p(1), p(2) are chosen false at the optimum");
}

#[test]
fn assumptions_end_the_step_and_a_backend_is_told() {
    let (mut ctl, log) = observed(Options::default());
    ctl.add("a.lp", "{a; b}. c :- a. #edge (1,2) : a. #project a/0.");
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    ctl.with_backend(|b| {
        let d = b.add_atom(Some(&Value::parse("d").unwrap())).unwrap();
        b.add_rule(&[d], &[], false).unwrap();
    })
    .unwrap();
    let names = names(&log.lock().unwrap());
    assert!(names.contains("d"), "{names:?}");
    let mut solve = ctl.solve_assuming(0, &[(Value::parse("a").unwrap(), true)]).unwrap();
    let models: Vec<_> = solve.by_ref().collect();
    assert_eq!(models.len(), 2);
    let log = log.lock().unwrap();
    assert_eq!(log.steps, ["init true", "begin", "assume 1", "end"]);
    assert_eq!((log.edges, log.projected.len()), (1, 1));
}

#[test]
fn an_observer_registered_late_is_told_only_what_comes_after() {
    let mut ctl = Control::new(Options::default());
    ctl.add_to_part("base", &[], "base.lp", "{a}. #external e.");
    ctl.add_to_part("p", &[], "p.lp", "{b}.");
    ctl.ground_parts(&[("base".to_string(), Vec::new())]).unwrap();
    let late = Arc::new(Mutex::new(Log::default()));
    ctl.register_observer(Box::new(Recorder(late.clone())));
    ctl.ground_parts(&[("p".to_string(), Vec::new())]).unwrap();
    // an assignment is told even when the value is the one told before
    assert!(ctl.assign_external(&Value::parse("e").unwrap(), External::False));
    let _ = ctl.solve(0).unwrap().count();
    let log = late.lock().unwrap();
    // in the step it was registered in: neither init_program nor begin_step
    assert_eq!(log.steps, ["end"]);
    let names: Vec<String> = log.names.values().map(|v| v.to_string()).collect();
    assert_eq!(names, ["b"], "only the new part's atom is told");
    assert_eq!(log.rules.len(), 1);
    assert_eq!(log.externals.values().copied().collect::<Vec<_>>(), [External::False]);
}
