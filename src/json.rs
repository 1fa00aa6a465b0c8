//! clingo's JSON output (`--outf=2`): one document with `Solver`, `Input`,
//! `Call` (`[{ "Witnesses": [{ "Value": [atoms] }] }]`), `Result`,
//! `Models` (`Number`, `More`), `Calls` and `Time` (`Total`, `Solve`,
//! `Model`, `Unsat`, `CPU`), in the shape `clingo --outf=2` 5.4 prints;
//! with optimisation each witness has `Costs` and `Models` has `Optimum`,
//! `Optimal` and `Costs`.
//!
//! Invariant: every part of the document is made with `serde_json` (so
//! the whole always parses) and its keys keep clingo's order; times are
//! seconds rounded to 3 places.  It is written as the run goes
//! ([`Stream`]), each witness when found.

use crate::report::{result_word, Result, Shown, Summary};
use serde_json::{json, Map, Value};
use std::io::{self, Write};

/// Seconds, rounded to milliseconds as clingo prints them.
fn secs(d: std::time::Duration) -> Value {
    let ms = (d.as_secs_f64() * 1000.0).round() / 1000.0;
    json!(ms)
}

/// One witness: its atoms (`numeric`: DIMACS literals, as numbers by
/// variable), costs, consequences and explanation.
fn witness(m: &Shown, numeric: bool) -> Value {
    let mut w = if numeric {
        let mut lits: Vec<i64> = m.atoms.iter().filter_map(|a| a.parse().ok()).collect();
        lits.sort_by_key(|l| l.unsigned_abs());
        json!({ "Value": lits })
    } else {
        json!({ "Value": m.atoms })
    };
    let o = w.as_object_mut().expect("an object");
    if !m.costs.is_empty() {
        o.insert("Costs".into(), json!(m.costs));
    }
    if let Some((lo, hi)) = m.consequences {
        o.insert("Consequences".into(), json!({ "True": lo, "Open": hi - lo }));
    }
    if !m.why.is_empty() {
        o.insert("Why".into(), json!(m.why));
    }
    w
}

/// `value` pretty-printed, every line indented by `indent` spaces.
fn indented(value: &Value, indent: usize) -> String {
    let text = serde_json::to_string_pretty(value).expect("JSON values serialize");
    let pad = " ".repeat(indent);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&pad);
        out.push_str(line);
    }
    out
}

/// The document written as the run goes, each witness when it is found
/// (a run of a million models is never held in memory): the text is the
/// one `serde_json` pretty-prints for the whole document (two-space
/// indentation), written in pieces.
///
/// Invariant: after `head`, the text written is a prefix of the
/// document up to the open `Call` list; `in_call` witnesses of the
/// current call and `calls` finished calls are in it.
#[derive(Debug, Default)]
pub struct Stream {
    head: bool,
    in_call: usize,
    calls: usize,
    numeric: bool,
}

impl Stream {
    /// A document not yet begun; `numeric`: the shown terms are DIMACS
    /// literals.
    pub fn new(numeric: bool) -> Stream {
        Stream { numeric, ..Stream::default() }
    }

    /// `Solver`, `Input` and the opening of `Call`, once.
    fn head(&mut self, out: &mut dyn Write, inputs: &[String]) -> io::Result<()> {
        if std::mem::replace(&mut self.head, true) {
            return Ok(());
        }
        let inputs: Vec<&str> = inputs.iter().map(|f| if f == "-" { "stdin" } else { f.as_str() }).collect();
        let inputs = if inputs.is_empty() { vec!["stdin"] } else { inputs };
        let head = json!({
            "Solver": format!("minasp version {}", env!("CARGO_PKG_VERSION")),
            "Input": inputs,
        });
        let text = serde_json::to_string_pretty(&head).expect("JSON values serialize");
        let text = text.strip_suffix("\n}").expect("an object");
        write!(out, "{},\n  \"Call\": [", text)
    }

    /// A witness of the current solver call.
    pub fn witness(&mut self, out: &mut dyn Write, inputs: &[String], m: &Shown) -> io::Result<()> {
        self.head(out, inputs)?;
        let mut text = String::new();
        if self.in_call == 0 {
            if self.calls > 0 {
                text.push(',');
            }
            text.push_str("\n    {\n      \"Witnesses\": [\n");
        } else {
            text.push_str(",\n");
        }
        text.push_str(&indented(&witness(m, self.numeric), 8));
        self.in_call += 1;
        out.write_all(text.as_bytes())
    }

    /// Ends the current solver call (an incremental program's next step
    /// starts another).
    pub fn end_call(&mut self, out: &mut dyn Write, inputs: &[String]) -> io::Result<()> {
        self.head(out, inputs)?;
        let comma = if self.calls > 0 { "," } else { "" };
        if self.in_call == 0 {
            write!(out, "{comma}\n    {{}}")?;
        } else {
            out.write_all(b"\n      ]\n    }")?;
        }
        self.calls += 1;
        self.in_call = 0;
        Ok(())
    }

    /// Ends the current call and the document: `Result`, `Models`,
    /// `Calls`, `Time` (and `Stats`), with a final newline.
    pub fn finish(
        &mut self,
        out: &mut dyn Write,
        inputs: &[String],
        result: Result,
        s: &Summary,
    ) -> io::Result<()> {
        self.end_call(out, inputs)?;
        out.write_all(b"\n  ],\n")?;
        let text = serde_json::to_string_pretty(&tail(result, s)).expect("JSON values serialize");
        out.write_all(text.strip_prefix("{\n").expect("an object").as_bytes())?;
        out.write_all(b"\n")
    }
}

/// The document after `Call`.
fn tail(result: Result, s: &Summary) -> Value {
    let more = s.more || result == Result::Unknown;
    let mut models = json!({ "Number": s.models, "More": if more { "yes" } else { "no" } });
    if let Some(o) = &s.optimization {
        if let Some(costs) = &o.costs {
            let m = models.as_object_mut().expect("an object");
            m.insert("Optimum".into(), json!(if o.proven { "yes" } else { "unknown" }));
            m.insert("Optimal".into(), json!(o.optimal));
            m.insert("Costs".into(), json!(costs));
        }
    }
    if let Some(c) = &s.consequences {
        let m = models.as_object_mut().expect("an object");
        m.insert(c.kind.into(), json!(if c.complete { "yes" } else { "unknown" }));
        m.insert("Consequences".into(), json!({ "True": c.lower, "Open": c.upper - c.lower }));
    }
    // `serde_json` is built with `preserve_order`: keys keep clingo's order.
    let mut doc = json!({
        "Result": result_word(result),
        "Models": models,
        "Calls": s.calls,
        "Time": {
            "Total": secs(s.total),
            "Solve": secs(s.solving),
            "Model": secs(s.first_model),
            "Unsat": secs(s.unsat),
            "CPU": secs(s.cpu),
        },
    });
    if let Some((n, winner)) = s.threads {
        let d = doc.as_object_mut().expect("an object");
        d.insert("Threads".into(), json!(n));
        d.insert("Winner".into(), json!(winner));
    }
    if !s.stats.is_empty() {
        // clingo's `Core` counters under its names, minasp's others beside them
        let group = |names: &[&str]| {
            let m: Map<String, Value> = s
                .stats
                .iter()
                .filter(|(n, _)| names.contains(n))
                .map(|(n, v)| (n.to_string(), json!(v)))
                .collect();
            Value::Object(m)
        };
        let stats = json!({
            "Core": group(&["Choices", "Conflicts", "Restarts"]),
            "Problem": group(&["Variables", "Binary", "Clauses", "Weights"]),
            "Search": group(&["Propagations", "Learnt"]),
        });
        doc.as_object_mut().expect("an object").insert("Stats".into(), stats);
    }
    doc
}

/// The whole document at once (what [`Stream`] writes in pieces).
/// `calls` are the witnesses of each solver call (one call but for
/// incremental programs); a witness is a model's atoms and its costs
/// (empty without optimisation).
pub fn document(
    inputs: &[String],
    calls: &[Vec<Shown>],
    result: Result,
    s: &Summary,
    numeric: bool,
) -> String {
    let mut buf = Vec::new();
    let mut stream = Stream::new(numeric);
    for (i, call) in calls.iter().enumerate() {
        for m in call {
            stream.witness(&mut buf, inputs, m).expect("writing to memory");
        }
        if i + 1 < calls.len() {
            stream.end_call(&mut buf, inputs).expect("writing to memory");
        }
    }
    stream.finish(&mut buf, inputs, result, s).expect("writing to memory");
    String::from_utf8(buf).expect("JSON is text")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn shape_matches_clingo() {
        let s = Summary {
            models: 2,
            more: false,
            interrupted: None,
            total: Duration::from_millis(12),
            solving: Duration::ZERO,
            first_model: Duration::ZERO,
            unsat: Duration::ZERO,
            cpu: Duration::from_millis(12),
            threads: None,
            optimization: None,
            consequences: None,
            stats: Vec::new(),
            calls: 1,
        };
        let doc = document(
            &["a.lp".into()],
            &[vec![
                Shown::default(),
                Shown { atoms: vec!["a".into(), "p(\"x\")".into()], ..Shown::default() },
            ]],
            Result::Satisfiable,
            &s,
            false,
        );
        let v: Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(v["Call"][0]["Witnesses"][1]["Value"][1], "p(\"x\")");
        assert_eq!(v["Models"]["Number"], 2);
        assert_eq!(v["Models"]["More"], "no");
        assert_eq!(v["Time"]["Total"], 0.012);
        let keys: Vec<usize> =
            ["\"Solver\"", "\"Input\"", "\"Call\"", "\"Result\"", "\"Models\"", "\"Calls\"", "\"Time\""]
                .iter()
                .map(|k| doc.find(k).unwrap())
                .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{}", doc);
        let empty = document(&["-".into()], &[vec![]], Result::Unsatisfiable, &s, false);
        let v: Value = serde_json::from_str(&empty).unwrap();
        assert_eq!(v["Input"][0], "stdin");
        assert!(v["Call"][0].as_object().unwrap().is_empty());
        // DIMACS literals: numbers, by variable
        let sat = document(
            &["-".into()],
            &[vec![Shown { atoms: vec!["-3".into(), "-1".into(), "2".into()], ..Shown::default() }]],
            Result::Satisfiable,
            &s,
            true,
        );
        let v: Value = serde_json::from_str(&sat).unwrap();
        assert_eq!(v["Call"][0]["Witnesses"][0]["Value"], serde_json::json!([-1, 2, -3]));
        // an incremental run: one entry per call, the counter says how many
        let steps = document(
            &["-".into()],
            &[vec![], vec![Shown { atoms: vec!["a".into()], ..Shown::default() }]],
            Result::Satisfiable,
            &Summary { calls: 2, ..s },
            false,
        );
        let v: Value = serde_json::from_str(&steps).unwrap();
        assert!(v["Call"][0].as_object().unwrap().is_empty());
        assert_eq!(v["Call"][1]["Witnesses"][0]["Value"][0], "a");
        assert_eq!(v["Calls"], 2);
    }
}
