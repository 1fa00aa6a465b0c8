//! Candidate answers to check (`--verify FILE`): clingo's (or minasp's)
//! text output — the line after each `Answer: N` — or, in a file without
//! `Answer:` lines, every line that is not empty or a `%` comment, one
//! candidate per line.
//!
//! Invariant: a candidate is a list of atoms as clingo prints them, split
//! on spaces outside strings and parentheses (spaces inside parentheses
//! dropped), without a trailing `.`;
//! repeats are kept (the checker treats the candidate as a set).

/// The candidates in `text`, in order.
pub fn read(text: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    if lines.iter().any(|l| l.starts_with("Answer:")) {
        let mut out = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if l.starts_with("Answer:") {
                out.push(atoms(lines.get(i + 1).copied().unwrap_or("")));
            }
        }
        return out;
    }
    lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with('%')).map(atoms).collect()
}

/// The atoms of one line: separated by spaces (or `. ` between facts),
/// strings and argument lists kept whole.
pub fn atoms(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut depth, mut in_str, mut esc) = (0usize, false, false);
    let mut push = |cur: &mut String| {
        let a = cur.trim().trim_end_matches('.').trim();
        if !a.is_empty() {
            out.push(a.to_string());
        }
        cur.clear();
    };
    for c in line.chars() {
        if in_str {
            cur.push(c);
            match c {
                _ if esc => esc = false,
                '\\' => esc = true,
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                cur.push(c);
            }
            '(' => {
                depth += 1;
                cur.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                cur.push(c);
            }
            c if c.is_whitespace() && depth == 0 => push(&mut cur),
            // `f(a, b)` is `f(a,b)`
            c if c.is_whitespace() => {}
            c => cur.push(c),
        }
    }
    push(&mut cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clingo_output_and_plain_lines() {
        let out = "clingo version 5.4.1\nReading from x.lp\nSolving...\nAnswer: 1\np(1) q(\"a b\")\n\
                   Answer: 2\n\nSATISFIABLE\n";
        assert_eq!(read(out), vec![vec!["p(1)".to_string(), "q(\"a b\")".to_string()], vec![]]);
        let plain = "% two candidates\na b\n\np(1,2). q.\n";
        assert_eq!(read(plain), vec![vec!["a", "b"], vec!["p(1,2)", "q"]]);
        assert_eq!(atoms("f(a, b) g"), vec!["f(a,b)", "g"]);
    }
}
