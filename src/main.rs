//! The `minasp` command line: clingo's interface over the library's
//! [`Control`].
//!
//! Reads the arguments, loads the input, grounds, solves and prints in
//! clingo's format; diagnostics go to stderr, and the exit code follows
//! clasp's convention (10/20/30 for results, +1 when stopped, 65 for input
//! errors, 1 for usage).  Everything else is the library's.

mod serve;
mod stop;

use minasp::cli::{Cli, GroundOutput, Mode};
use minasp::diagnostics::{Admit, MessageLimit};
use minasp::enumerate::EnumMode;
use minasp::incremental::{Limits, Steps};
use minasp::optimize::OptMode;
use minasp::output::{self, OptSummary, Printer, Shown, Style, Summary};
use minasp::Control;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::time::Instant;
use stop::Stopper;

/// Stack of the thread that parses, grounds and solves: deep input must
/// meet a located error or enough room, never the 8 MiB of `main`. Where
/// the address space is limited (`ulimit -v`) and that much cannot be
/// mapped, the next size that can is taken.
const WORKER_STACKS: [usize; 4] = [1 << 30, 1 << 28, 1 << 26, 1 << 23];

/// The system's allocator, except that running out of memory ends the run
/// as clingo's does on `std::bad_alloc`: a message and clasp's exit code
/// 33, where Rust would abort (a backtrace, signal 6).
struct Allocator;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// Writes the message and exits at once: nothing may be allocated here,
/// and no lock another thread may hold is taken (no buffered output is
/// flushed).
fn out_of_memory() -> ! {
    let message = b"*** ERROR: (minasp): out of memory\n";
    // SAFETY: write(2) from a valid buffer of that length; _exit(2) ends
    // the process without running anything else.
    unsafe {
        libc::write(2, message.as_ptr().cast(), message.len());
        libc::_exit(33)
    }
}

// SAFETY: every call goes to `System` with the same arguments; a null
// result never returns (see `out_of_memory`).
unsafe impl std::alloc::GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc(layout);
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        let p = std::alloc::System.alloc_zeroed(layout);
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        let p = std::alloc::System.realloc(ptr, layout, new_size);
        if p.is_null() {
            out_of_memory()
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        std::alloc::System.dealloc(ptr, layout)
    }
}

fn main() -> ExitCode {
    keep_large_blocks_apart();
    if std::env::args().nth(1).as_deref() == Some("serve") {
        use clap::Parser;
        let args = match serve::ServeArgs::try_parse_from(std::env::args().skip(1)) {
            Ok(a) => a,
            Err(e) => {
                let _ = e.print();
                return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
            }
        };
        return ExitCode::from(serve::serve(args.settings(), args.open) as u8);
    }
    let cli = match Cli::parse_args() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            match e.kind() {
                // as clingo: name the option, no tip about `--`
                clap::error::ErrorKind::UnknownArgument => {
                    let arg = e
                        .get(clap::error::ContextKind::InvalidArg)
                        .map(|v| v.to_string())
                        .unwrap_or_default();
                    eprintln!("*** ERROR: (minasp): unknown option: '{arg}'");
                    eprintln!("*** Info : (minasp): Try '--help' for usage information");
                }
                _ => {
                    let _ = e.print();
                }
            }
            return ExitCode::from(code);
        }
    };
    // a thread not made drops its closure and the arguments with it: they
    // are read again (as they were read once, they read the same)
    let mut cli = Some(cli);
    for size in WORKER_STACKS {
        let Some(job) = cli.take().or_else(|| Cli::parse_args().ok()) else { break };
        if let Ok(h) = std::thread::Builder::new().stack_size(size).spawn(move || run(job)) {
            return ExitCode::from(h.join().unwrap_or(70) as u8);
        }
    }
    eprintln!("*** ERROR: (minasp): out of memory: no thread could be made");
    ExitCode::from(33)
}

/// glibc's malloc raises its mmap threshold each time a large block is
/// freed (up to 32 MiB), so once grounding has freed its tables the
/// search's growing arrays are carved from the heap among the fragments
/// grounding left, and pages freed there are seldom given back: peak memory
/// counts both. A fixed threshold (glibc's initial 128 KiB) gives every
/// large block its own mapping, returned when it is freed (blocks world
/// `suite_blocks_held_b12_s4_short`: 35.6 -> 26.7 MB). The library leaves
/// the allocator alone: this is the process's choice.
fn keep_large_blocks_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a malloc parameter; it is called before
    // any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// The CPU time the process has used (user and system, all threads),
/// as clingo's `CPU Time`; where that cannot be read, `wall`.
fn cpu_time(wall: std::time::Duration) -> std::time::Duration {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage writes the struct it is given, a valid one.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } == 0 {
            // SAFETY: initialised (zeroed, then written by getrusage).
            let u = unsafe { usage.assume_init() };
            let t = |tv: libc::timeval| {
                std::time::Duration::from_secs(tv.tv_sec.max(0) as u64)
                    + std::time::Duration::from_micros(tv.tv_usec.max(0) as u64)
            };
            return t(u.ru_utime) + t(u.ru_stime);
        }
    }
    wall
}

/// One run; returns the exit code.
fn run(cli: Cli) -> i32 {
    let start = Instant::now();
    for w in &cli.ignored {
        eprintln!("*** Warn : (minasp): {w}");
    }
    let (limit, inputs) = cli.models_and_inputs();
    // as clingo's command line: of several inputs, one after the first
    // that cannot be opened is a usage error (the first, as one alone, is
    // an input error, exit 65)
    if inputs.len() > 1 {
        if let Some(f) = inputs.iter().skip(1).find(|f| *f != "-" && std::fs::File::open(f).is_err()) {
            eprintln!("*** ERROR: (minasp): '{f}': could not open input file!");
            eprintln!("*** Info : (minasp): Try '--help' for usage information");
            return 128;
        }
    }
    let style = cli.style();
    let mut ctl = Control::new(cli.options());
    let stop = Stopper::arm(
        ctl.interrupter(),
        cli.time_limit,
        style,
        inputs.clone(),
        start,
        cli.prints_ground_program(),
    );
    let mut out = io::stdout();
    match ground_input(&cli, &inputs) {
        Some(Ok(bytes)) => {
            if let Err(e) = ctl.load_ground(&bytes) {
                let name = &inputs[0];
                return ground_input_error(
                    &stop,
                    style,
                    &inputs,
                    &format!("{}:{}: error: {}", name, e.line, e.msg),
                    start,
                );
            }
        }
        Some(Err(msg)) => return ground_input_error(&stop, style, &inputs, &msg, start),
        None => {
            // as clingo: the header before the program is read, so that
            // the reader's and the grounder's messages follow it
            if !cli.prints_ground_program() && cli.verify.is_empty() {
                stop.print_header();
            }
            for f in &inputs {
                ctl.load(f);
            }
            for c in &cli.consts {
                ctl.add_const(c);
            }
        }
    }
    let mut messages = Messages::default();
    match ctl.ground().and_then(|()| ground_more(&mut ctl, &cli)) {
        Ok(()) => {}
        Err(minasp::Error::Interrupted) => {
            // Stopped while grounding: no answer, like clingo.
            stop.claim_output();
            let _ = Printer::new(&mut out, style, &inputs)
                .after_header(stop.header_printed())
                .unknown(start.elapsed(), stop.reason());
            return output::exit_code(output::Result::Unknown, false, stop.reason());
        }
        Err(e) => {
            stop.claim_output();
            messages.flush(&ctl, &cli);
            messages.fail(&e);
            if !cli.prints_ground_program() {
                let _ = Printer::new(&mut out, style, &inputs)
                    .after_header(stop.header_printed())
                    .unknown(start.elapsed(), None);
            }
            return 65;
        }
    }
    messages.flush(&ctl, &cli);
    if !cli.verify.is_empty() {
        stop.claim_output();
        return verify(&ctl, &cli.verify);
    }
    if let Some(g) = ctl.grounding() {
        if cli.text || cli.output == Some(GroundOutput::Text) {
            stop.claim_output();
            let mut buffered = io::BufWriter::new(out.lock());
            let _ = minasp::text::write_ground_text(g, &mut buffered).and_then(|()| buffered.flush());
            return 0;
        }
        if cli.output == Some(GroundOutput::Smodels) {
            stop.claim_output();
            let table: Vec<_> = g.output.iter().map(|(s, a)| (g.syms.display(*s), *a)).collect();
            return match minasp::aspif::write_smodels::smodels(&g.program, &table, &|a| g.atom_name(a)) {
                Ok(text) => {
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                    0
                }
                Err(msg) => {
                    eprintln!("*** ERROR: (minasp): {msg}");
                    65
                }
            };
        }
        if cli.output == Some(GroundOutput::Reify) {
            stop.claim_output();
            let table: Vec<_> = g.output.iter().map(|(s, a)| (g.syms.display(*s), *a)).collect();
            let facts = minasp::aspif::reify::reify(&g.program, &table, cli.reify_sccs, cli.reify_steps);
            let _ = out.write_all(facts.as_bytes());
            let _ = out.flush();
            return 0;
        }
        if cli.mode == Mode::Gringo || cli.output == Some(GroundOutput::Aspif) {
            stop.claim_output();
            let table: Vec<_> = g.output.iter().map(|(s, a)| (g.syms.display(*s), *a)).collect();
            let mut w = io::BufWriter::new(out.lock());
            let _ = minasp::aspif::write::write_aspif(&g.program, &table, &mut w);
            let _ = w.flush();
            return 0;
        }
    }
    solve(&mut ctl, &cli, &stop, &inputs, limit, start, &mut messages)
}

/// `--verify FILES`: the verdict on every candidate in the files; exit 0
/// when all are stable, 1 when one is not, 65 when a file cannot be read.
fn verify(ctl: &Control, files: &[String]) -> i32 {
    let mut candidates = Vec::new();
    for f in files {
        let text = if f == "-" {
            let mut s = String::new();
            io::stdin().read_to_string(&mut s).map(|_| s)
        } else {
            std::fs::read(f).map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        match text {
            Ok(t) => candidates.extend(minasp::explain::candidates::read(&t)),
            Err(e) => {
                eprintln!("error: file could not be opened:\n  {}: {}\n", f, e);
                eprintln!("*** ERROR: (minasp): reading the candidates failed");
                return 65;
            }
        }
    }
    match ctl.verify(&candidates) {
        Ok((all_stable, text)) => {
            let mut out = io::stdout();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
            if all_stable {
                0
            } else {
                1
            }
        }
        Err(e) => {
            eprintln!("*** ERROR: (minasp): {}", e);
            65
        }
    }
}

/// The run's messages written to stderr so far, under clingo's limit.
#[derive(Default)]
struct Messages {
    /// How many of the run's diagnostics have been looked at.
    seen: usize,
    limit: MessageLimit,
}

impl Messages {
    /// Writes the infos (not silenced by `-W`) and errors not written yet,
    /// as the limit allows.
    fn flush(&mut self, ctl: &Control, cli: &Cli) {
        let all = ctl.diagnostics();
        for d in all.iter().skip(self.seen) {
            if self.limit.stopped() || cli.silenced(d) {
                continue;
            }
            if self.limit.admit(d.level) == Admit::Write {
                eprint!("{}", ctl.render(d));
            }
        }
        self.seen = all.len();
    }

    /// The last line of a run that failed with `e`: clingo's "too many
    /// messages." when the errors went past the limit.
    fn fail(&self, e: &minasp::Error) {
        if self.limit.stopped() {
            eprintln!("*** ERROR: (minasp): too many messages.");
        } else {
            eprintln!("*** ERROR: (minasp): {}", e);
        }
    }
}

fn ground_input_error(stop: &Stopper, style: Style, inputs: &[String], msg: &str, start: Instant) -> i32 {
    stop.claim_output();
    // as clingo: the header, then the reader's error, then the answer
    let mut out = io::stdout();
    let mut p = Printer::new(&mut out, style, inputs).after_header(stop.header_printed());
    let _ = p.header();
    eprintln!("{}", msg);
    eprintln!("*** ERROR: (minasp): reading the ground program failed");
    let _ = p.unknown(start.elapsed(), None);
    65
}

/// `--mode=clasp`, or a single input that starts like aspif or smodels:
/// the ground program's bytes (`Err`: why it cannot be read).  `None`:
/// not a ground input (the input is program text).
fn ground_input(cli: &Cli, inputs: &[String]) -> Option<Result<Vec<u8>, String>> {
    let forced = cli.mode == Mode::Clasp;
    if !forced && (cli.mode != Mode::Clingo || inputs.len() != 1 || cli.prints_ground_program()) {
        return None;
    }
    if inputs.len() != 1 {
        return Some(Err(format!(
            "error: --mode=clasp reads one ground program, got {} inputs",
            inputs.len()
        )));
    }
    let stdin = inputs[0] == "-";
    // Look at the beginning without consuming it (stdin stays readable by the parser).
    if !forced {
        let looks_ground = if stdin {
            io::stdin().lock().fill_buf().is_ok_and(|b| minasp::aspif::detect(b).is_some())
        } else {
            let mut head = Vec::new();
            std::fs::File::open(&inputs[0])
                .and_then(|f| f.take(4096).read_to_end(&mut head))
                .is_ok_and(|_| minasp::aspif::detect(&head).is_some())
        };
        if !looks_ground {
            return None;
        }
    }
    let mut bytes = Vec::new();
    let read = if stdin {
        io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(&inputs[0]).map(|b| bytes = b)
    };
    let name = &inputs[0];
    Some(read.map(|_| bytes).map_err(|e| format!("{}: error: cannot read: {}", name, e)))
}

/// What an incremental program grounds beyond `base` before any step:
/// with gringo 3's `--ifixed=N`, the program of step N (there is no step
/// loop then); for printing the ground program of an incmode program, its
/// first step (`base` and `check(0)`), as clingo 5's gringo does.
fn ground_more(ctl: &mut Control, cli: &Cli) -> Result<(), minasp::Error> {
    use minasp::incremental::{ground_fixed, Form};
    match (cli.ifixed, ctl.incremental()) {
        (Some(n), Some(Form::Iclingo)) => ground_fixed(ctl, n),
        (Some(_), _) => {
            eprintln!(
                "*** Warn : (minasp): --ifixed applies to gringo 3's incremental programs (#cumulative, #volatile): ignored"
            );
            Ok(())
        }
        (None, Some(form @ Form::Incmode)) if cli.prints_ground_program() => {
            let mut first = Steps::new(form, Limits::read(ctl, cli.imin, cli.imax, cli.istop));
            match first.next(None) {
                Some(_) => first.ground(ctl),
                None => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// Solves and prints the answer sets, the result and the summary; an
/// incremental program (see [`minasp::incremental`]) step by step, one
/// solver call each.
fn solve(
    ctl: &mut Control,
    cli: &Cli,
    stop: &Stopper,
    inputs: &[String],
    limit: Option<u64>,
    start: Instant,
    messages: &mut Messages,
) -> i32 {
    let mut style = cli.style();
    // a DIMACS input is answered as clasp answers it, in SAT-competition
    // style (which clasp writes for `--outf=1` too)
    let dimacs = ctl.read_format() == Some(minasp::aspif::Format::Dimacs);
    if dimacs && style.format == output::Format::Competition {
        style.format = output::Format::Text;
    }
    style.numeric = dimacs;
    let mut out: Box<dyn Write> = if dimacs && style.format == output::Format::Text {
        Box::new(minasp::sat_output::SatLines::new(io::stdout()))
    } else {
        Box::new(io::stdout())
    };
    let opt = ctl.options().opt.clone();
    let consequences = matches!(ctl.options().enum_mode, EnumMode::Brave | EnumMode::Cautious);
    let warn = |ws: &mut Vec<&str>| {
        for w in ws.drain(..) {
            eprintln!("*** Warn : (minasp): {w}");
        }
    };
    let fixed = cli.ifixed.is_some() && ctl.incremental() == Some(minasp::incremental::Form::Iclingo);
    let mut steps = ctl
        .incremental()
        .filter(|_| !fixed)
        .map(|form| Steps::new(form, Limits::read(ctl, cli.imin, cli.imax, cli.istop)));
    let mut p = Printer::new(&mut out, style, inputs).after_header(stop.header_printed());
    let mut header = false;
    let mut failed = false;
    let mut calls = 0;
    let mut models = 0;
    let mut solving = std::time::Duration::ZERO;
    let mut first = None;
    let mut last: Option<Call> = None;
    // every call's search counters: clingo's `--stats` count the whole
    // run, whether a step's search grew the last one's or started afresh
    let mut searched = minasp::solver::Stats::default();
    loop {
        if let Some(steps) = &mut steps {
            if steps.next(last.as_ref().map(|c| &c.result)).is_none() {
                break;
            }
            let grounded = steps.ground(ctl);
            messages.flush(ctl, cli);
            match grounded {
                Ok(()) => {}
                Err(e) => {
                    // a step's grounding failed (an error in a step part, or
                    // a stop): the run ends without a result
                    stop.claim_output();
                    if !matches!(e, minasp::Error::Interrupted) {
                        messages.fail(&e);
                        failed = true;
                    }
                    if !header {
                        let _ = p.unknown(start.elapsed(), stop.reason());
                        let code = output::exit_code(output::Result::Unknown, false, stop.reason());
                        return if failed { 65 } else { code };
                    }
                    if let Some(c) = &mut last {
                        c.result = Default::default();
                    }
                    break;
                }
            }
        } else if calls == 1 {
            break;
        }
        // Decided per call, as clasp decides it when a call starts: a step
        // of an incremental program may bring the first `#minimize`.
        let optimizing = ctl.optimizing();
        // as clasp: all models by default when optimising (except for `enum`)
        // and for consequences
        let call_limit =
            limit.unwrap_or(if (optimizing && opt.mode != OptMode::Enum) || consequences { 0 } else { 1 });
        // clasp's warnings, where clingo prints them: about the program's
        // reading after `Reading from` (in later calls, before their
        // `Solving...`), about the model limit after `Solving...`
        let mut on_reading = Vec::new();
        let mut on_solving = Vec::new();
        if consequences && optimizing && opt.mode == OptMode::Opt {
            on_reading.push("Optimization: Consequences may depend on enumeration order.");
        }
        if optimizing && opt.mode == OptMode::Enum && opt.bound.is_empty() {
            on_reading.push("opt-mode=enum: No bound given, optimize statement ignored.");
        }
        if optimizing && opt.mode == OptMode::Opt && call_limit != 0 {
            on_solving.push("#models not 0: optimality of last model not guaranteed.");
        }
        if consequences && call_limit != 0 {
            on_solving.push("#models not 0: last model may not cover consequences.");
        }
        let mut solve = match ctl.solve(call_limit) {
            Ok(s) => s,
            Err(_) => {
                stop.claim_output();
                messages.flush(ctl, cli);
                let _ = p.unknown(start.elapsed(), None);
                return 65;
            }
        };
        if !std::mem::replace(&mut header, true) {
            stop.claim_output();
            let _ = p.header();
            on_reading.extend(solve.warnings());
        }
        warn(&mut on_reading);
        if !p.prints_atoms() && cli.why.is_empty() {
            // (`-q`: the answer sets are counted, not read)
            solve.without_atoms();
        }
        let _ = p.solving();
        warn(&mut on_solving);
        calls += 1;
        let solve_start = Instant::now();
        for m in solve.by_ref() {
            first.get_or_insert(solving + solve_start.elapsed());
            let shown = Shown {
                number: m.number(),
                atoms: if p.prints_atoms() { m.shown() } else { Vec::new() },
                costs: m.cost().to_vec(),
                optimal: m.optimality_proven(),
                consequences: m.consequences(),
                why: if cli.why.is_empty() { Vec::new() } else { m.why(&cli.why) },
            };
            let _ = p.model(shown);
        }
        solving += solve_start.elapsed();
        models += solve.models();
        let result = solve.result();
        let call = solve.call_stats();
        searched.add_search(&call);
        last = Some(Call {
            result,
            more: solve.more(),
            optimization: solve.optimization().filter(|_| result.satisfiable),
            consequences: solve.consequences().filter(|_| result.satisfiable),
            winner: solve.winner(),
            stats: match cli.stats {
                None => Vec::new(),
                Some(_) => {
                    let mut s = call.sizes();
                    s.add_search(&searched);
                    s.named()
                }
            },
        });
        if stop.reason().is_some() {
            // stopped between steps: clingo's next call would have been
            // stopped at once, without a result
            let more_steps = steps.as_ref().is_some_and(|s| s.clone().next(Some(&result)).is_some());
            if let (true, Some(c)) = (more_steps, &mut last) {
                c.result = Default::default();
                c.more = true;
            }
            break;
        }
    }
    let Some(last) = last else {
        // an incremental program whose limits allow no step
        stop.claim_output();
        let _ = p.unknown(start.elapsed(), stop.reason());
        return output::exit_code(output::Result::Unknown, false, stop.reason());
    };
    let r = last.result;
    let result = if r.satisfiable && last.optimization.as_ref().is_some_and(|o| o.proven) {
        output::Result::Optimum
    } else if r.satisfiable {
        output::Result::Satisfiable
    } else if r.unsatisfiable {
        output::Result::Unsatisfiable
    } else {
        output::Result::Unknown
    };
    let s = Summary {
        models,
        more: last.more,
        interrupted: stop.reason(),
        total: start.elapsed(),
        solving,
        first_model: first.unwrap_or(solving),
        unsat: if r.unsatisfiable { solving } else { Default::default() },
        cpu: cpu_time(start.elapsed()),
        threads: cli.threads.filter(|&n| n > 1).map(|n| (n as usize, last.winner)),
        optimization: last.optimization.map(|o| OptSummary {
            proven: o.proven,
            optimal: o.optimal,
            costs: (o.mode != OptMode::Enum).then_some(o.costs),
        }),
        consequences: last.consequences,
        stats: last.stats,
        calls,
    };
    let _ = p.finish(result, &s);
    if !s.stats.is_empty() {
        let _ = p.stats(&s.stats);
    }
    drop(p);
    let mut out = io::stdout();
    let code = if failed { 65 } else { output::exit_code(result, last.more, stop.reason()) };
    if cli.explain && result == output::Result::Unsatisfiable && style.format == output::Format::Text {
        if let Some(core) = ctl.explain_unsat() {
            let _ = writeln!(out);
            let _ = out.write_all(core.as_bytes());
            let _ = out.flush();
        }
    }
    code
}

/// What the summary needs of the last solver call.
struct Call {
    result: minasp::control::SolveResult,
    more: bool,
    optimization: Option<minasp::control::Optimization>,
    consequences: Option<minasp::report::ConsSummary>,
    stats: Vec<(&'static str, u64)>,
    /// Under `-t N`: the search of the race that answered.
    winner: usize,
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    /// `CPU Time` is the time the process computed, not the time that
    /// passed: a sleep adds to the second only.
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn cpu_time_leaves_out_sleeping() {
        let before = super::cpu_time(Duration::ZERO);
        std::thread::sleep(Duration::from_millis(300));
        let slept = super::cpu_time(Duration::ZERO) - before;
        assert!(slept < Duration::from_millis(150), "{slept:?} of CPU time over a sleep of 300 ms");
        // and it counts computing
        let start = super::cpu_time(Duration::ZERO);
        let mut x = 0u64;
        while super::cpu_time(Duration::ZERO) - start < Duration::from_millis(20) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
        assert!(super::cpu_time(Duration::ZERO) > before);
    }
}
