//! Programs that are not head-cycle-free (here: a recursive `#sum` with a
//! negative weight, which minasp grounds as disjunctions) are searched for
//! candidates, each checked for minimality: the candidate search must not
//! come back to the candidates it has ruled out one at a time.

use crate::support::{counter, minasp_argv, run_command_input};
use std::time::Duration;

/// Differential seed 311464, minimised: unsatisfiable, every candidate fails
/// the minimality check. With the static signs of enumeration (`-n 0`) the
/// candidate search took 74,832 conflicts and 41 s (clingo: 4 ms); as a
/// search for one model, 1,429.
const RECURSIVE_SUM: &str = "dom(1..3).\n\
    p(Z\\3) :- Z = Y+1, X = 1..3, W = #sum{ 3,Z,g(Y,-1) : a; -2,L2 : p(L1), p(L2) }, dom(Y).\n";

#[test]
fn enumerating_a_program_with_no_answer_set_rules_candidates_out_quickly() {
    for models in ["0", "1"] {
        let args: Vec<String> = ["-n", models, "--stats", "-"].iter().map(|s| s.to_string()).collect();
        let out = run_command_input(&minasp_argv(), &args, Some(RECURSIVE_SUM), Duration::from_secs(120));
        assert!(!out.timed_out, "-n {models}: timed out");
        assert!(out.stdout.contains("\nUNSATISFIABLE\n"), "-n {models}:\n{}", out.stdout);
        let conflicts = counter(&out.stdout, "Conflicts");
        assert!(conflicts < 10_000, "-n {models}: {conflicts} conflicts to rule out the candidates");
    }
}
