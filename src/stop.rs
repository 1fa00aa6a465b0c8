//! Stopping a run: Ctrl-C, SIGTERM and `--time-limit` interrupt the
//! library's [`Interrupter`]; a stop that the running phase has not acted
//! on within [`GRACE`], while nothing has been printed, is answered by a
//! watchdog that prints clingo's `UNKNOWN` with `INTERRUPTED` (or `TIME
//! LIMIT`) and exits, so every phase stops promptly.
//!
//! Invariant: stdout has one writer.  [`Stopper::claim_output`] gives it to
//! the pipeline; once the watchdog has taken it, the pipeline never prints
//! again (the process is exiting).  The one thing printed before either
//! has it, the header ([`Stopper::print_header`]), is printed once: under
//! the same lock as the watchdog's answer, which then leaves it out.

use minasp::output::{self, Stop, Style};
use minasp::Interrupter;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a stopped run may take to stop on its own.
const GRACE: Duration = Duration::from_millis(250);

const FREE: u8 = 0;
const PIPELINE: u8 = 1;
const WATCHDOG: u8 = 2;

/// The stop state of one run, shared with the signal handler and the timer.
pub struct Stopper {
    interrupter: Interrupter,
    timed_out: AtomicBool,
    output: AtomicU8,
    style: Style,
    inputs: Vec<String>,
    start: Instant,
    /// The run prints a ground program: a stopped run prints nothing.
    ground_out: bool,
    /// Held while the header or the watchdog's answer is printed; holds
    /// whether the header is out.
    header: Mutex<bool>,
}

impl Stopper {
    /// Installs the signal handler and the time-limit timer.
    pub fn arm(
        interrupter: Interrupter,
        time_limit: Option<u64>,
        style: Style,
        inputs: Vec<String>,
        start: Instant,
        ground_out: bool,
    ) -> Arc<Stopper> {
        let s = Arc::new(Stopper {
            interrupter,
            timed_out: AtomicBool::new(false),
            output: AtomicU8::new(FREE),
            style,
            inputs,
            start,
            ground_out,
            header: Mutex::new(false),
        });
        let on_signal = s.clone();
        let _ = ctrlc::set_handler(move || {
            on_signal.interrupter.interrupt();
            let w = on_signal.clone();
            std::thread::spawn(move || w.watchdog());
        });
        if let Some(secs) = time_limit {
            let on_time = s.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(secs));
                on_time.timed_out.store(true, Ordering::SeqCst);
                on_time.interrupter.interrupt();
                on_time.watchdog();
            });
        }
        s
    }

    /// Why the run was stopped early, if it was.
    pub fn reason(&self) -> Option<Stop> {
        if !self.interrupter.is_interrupted() {
            None
        } else if self.timed_out.load(Ordering::SeqCst) {
            Some(Stop::TimeLimit)
        } else {
            Some(Stop::Interrupted)
        }
    }

    /// The pipeline takes stdout.  If the watchdog already has, this
    /// thread waits for the process to end.
    pub fn claim_output(&self) {
        if self.output.compare_exchange(FREE, PIPELINE, Ordering::SeqCst, Ordering::SeqCst).is_err()
            && self.output.load(Ordering::SeqCst) == WATCHDOG
        {
            loop {
                std::thread::park();
            }
        }
    }

    /// Prints the header before the program is read, as clingo does (so
    /// that the reader's and the grounder's messages come after it), unless
    /// the watchdog has taken stdout.
    pub fn print_header(&self) {
        let mut header = self.header.lock().unwrap_or_else(|e| e.into_inner());
        if self.output.load(Ordering::SeqCst) != WATCHDOG && !*header {
            let mut out = std::io::stdout();
            let _ = output::Printer::new(&mut out, self.style, &self.inputs).header();
            *header = true;
        }
    }

    /// Whether the header is out ([`Stopper::print_header`]).
    pub fn header_printed(&self) -> bool {
        *self.header.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// After a stop: if the pipeline has printed nothing within the grace
    /// period, print the stopped run's answer and exit.
    fn watchdog(&self) {
        std::thread::sleep(GRACE);
        let header = self.header.lock().unwrap_or_else(|e| e.into_inner());
        if self.output.compare_exchange(FREE, WATCHDOG, Ordering::SeqCst, Ordering::SeqCst).is_err() {
            return;
        }
        let stop = self.reason();
        if !self.ground_out {
            let mut out = std::io::stdout();
            let _ = output::Printer::new(&mut out, self.style, &self.inputs)
                .after_header(*header)
                .unknown(self.start.elapsed(), stop);
            let _ = out.flush();
        }
        std::process::exit(output::exit_code(output::Result::Unknown, false, stop));
    }
}
