//! What a finished run reports, whatever the format: the result, why it
//! stopped, the summary numbers and the exit code.  Shared by the text
//! output (`crate::output`) and the JSON output (`crate::json`).
//!
//! Invariant: exit codes are clasp's: 10/20/30 for the result, +1 when the
//! run was stopped.

use std::time::Duration;

/// How the search ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Result {
    /// At least one model was found.
    Satisfiable,
    /// At least one model was found and the optimum is proven (clingo's
    /// `OPTIMUM FOUND`).
    Optimum,
    /// The search was complete and found no model.
    Unsatisfiable,
    /// Neither: stopped before a model was found, or an input error.
    Unknown,
}

/// Why a run stopped before its search was complete.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Stop {
    /// SIGINT or SIGTERM.
    Interrupted,
    /// `--time-limit` reached.
    TimeLimit,
}

impl Stop {
    /// clingo's summary line for it (`INTERRUPTED  : 1`, `TIME LIMIT   : 1`).
    pub fn label(self) -> &'static str {
        match self {
            Stop::Interrupted => "INTERRUPTED",
            Stop::TimeLimit => "TIME LIMIT",
        }
    }
}

/// Summary numbers.
pub struct Summary {
    /// How many models were found.
    pub models: u64,
    /// The search stopped at the model limit (more may exist).
    pub more: bool,
    /// Why the run stopped early, if it did.
    pub interrupted: Option<Stop>,
    /// Wall-clock time of the whole run (`Time`).
    pub total: Duration,
    /// Time spent searching (`Solving:`).
    pub solving: Duration,
    /// Time until the first model was found (`1st Model:`).
    pub first_model: Duration,
    /// Time spent proving unsatisfiability (`Unsat:`); zero unless the result is unsatisfiable.
    pub unsat: Duration,
    /// CPU time of the run (`CPU Time`).
    pub cpu: Duration,
    /// Under `-t N` (N > 1): N, and which search of the last race answered
    /// (`Threads      : N        (Winner: w)`, as clingo prints them).
    pub threads: Option<(usize, usize)>,
    /// With optimisation and at least one model: the optimum's lines.
    pub optimization: Option<OptSummary>,
    /// With `-e brave`/`-e cautious` and at least one model: the
    /// consequences' lines.
    pub consequences: Option<ConsSummary>,
    /// With `--stats`: the solver's counters by name (for `--outf=2`'s
    /// `Stats` object; the text format prints them through the printer).
    pub stats: Vec<(&'static str, u64)>,
    /// How many times the solver was called (`Calls`): 1, or the steps
    /// of an incremental program.
    pub calls: u64,
}

/// The summary's consequence lines: `  Brave      : yes|unknown` (or
/// `Cautious`) and `Consequences : N` (`N+` when not complete).
#[derive(Clone, Debug, Default)]
pub struct ConsSummary {
    /// `Brave` or `Cautious`.
    pub kind: &'static str,
    /// Every consequence is known (the search is complete).
    pub complete: bool,
    /// The shown atoms known to be consequences, and those that may be.
    pub lower: usize,
    /// The shown atoms that may be consequences (at least `lower`).
    pub upper: usize,
}

/// The summary's optimisation lines: `  Optimum    : yes|unknown`,
/// `  Optimal    : N` (when N > 1) and `Optimization : c1 c2`.
#[derive(Clone, Debug, Default)]
pub struct OptSummary {
    /// The optimum is proven.
    pub proven: bool,
    /// How many optimal models were reported (`optN`).
    pub optimal: u64,
    /// The last model's costs, highest priority first (`None`: not
    /// printed, as for `--opt-mode=enum`).
    pub costs: Option<Vec<i64>>,
}

/// Costs as clingo prints them: space-separated, highest priority first.
pub fn costs_text(costs: &[i64]) -> String {
    costs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// The result as clingo prints it: `SATISFIABLE`, `OPTIMUM FOUND`, `UNSATISFIABLE` or `UNKNOWN`.
pub fn result_word(r: Result) -> &'static str {
    match r {
        Result::Satisfiable => "SATISFIABLE",
        Result::Optimum => "OPTIMUM FOUND",
        Result::Unsatisfiable => "UNSATISFIABLE",
        Result::Unknown => "UNKNOWN",
    }
}

/// Exit code in clasp's convention: the result (10, 20, 30; 0 unknown),
/// plus 1 when interrupted or out of time.
pub fn exit_code(r: Result, more: bool, stop: Option<Stop>) -> i32 {
    let base = match r {
        Result::Satisfiable | Result::Optimum if more => 10,
        Result::Satisfiable | Result::Optimum => 30,
        Result::Unsatisfiable => 20,
        Result::Unknown => 0,
    };
    base | stop.is_some() as i32
}

/// A model as printed: its number, shown atoms and costs, and whether it is
/// known optimal.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// `Answer: n`.
    pub number: u64,
    /// The shown atoms, in order.
    pub atoms: Vec<String>,
    /// Costs, highest priority first (empty without optimisation).
    pub costs: Vec<i64>,
    /// Proven optimal (`optN`'s optimal models are all kept for the end).
    pub optimal: bool,
    /// Under `-e brave|cautious`: how many shown atoms are known
    /// consequences, and how many may be.
    pub consequences: Option<(usize, usize)>,
    /// `--why` explanations, one line each (printed after the answer).
    pub why: Vec<String>,
}
