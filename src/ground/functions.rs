//! Script functions: what a call `@f(t1,..,tn)` in a program evaluates to,
//! given by the embedding (clingo's grounding context, `Control.ground(..,
//! context=obj)` in Python).
//!
//! Invariant: a call is evaluated for each rule instance that reaches it
//! with its arguments bound, as clingo calls it (an assignment aggregate's
//! element, a rule grounded again in a recursive component or a rule put
//! off for its aggregates may call it more than once); its values are the terms
//! the handler returns (none, one, or several: each gives an instance, as
//! the options of a pool do).  With no handler, the call is clingo's
//! undefined operation (`function 'f' not found`) and the instance is
//! dropped.  A handler that fails stops the grounding: its message is kept
//! and every later call has no value.

use crate::value::Value;
use std::sync::Arc;

/// Evaluates `@name(args)`.
pub trait Functions: Send + Sync {
    /// The values of the call; `Err` (a message) stops the grounding.
    fn call(&self, name: &str, args: &[Value]) -> Result<Vec<Value>, String>;
}

/// The handler of a grounding, if any, and its first failure.
#[derive(Clone, Default)]
pub struct Calls {
    handler: Option<Arc<dyn Functions>>,
    failed: Option<String>,
}

impl Calls {
    /// Calls go to `handler` from now on (`None`: no function is defined).
    pub fn set(&mut self, handler: Option<Arc<dyn Functions>>) {
        self.handler = handler;
        self.failed = None;
    }

    /// The values of `@name(args)`: `None` when no handler is set (the
    /// operation is undefined), `Some(empty)` after a failure.
    pub fn call(&mut self, name: &str, args: &[Value]) -> Option<Vec<Value>> {
        let handler = self.handler.as_ref()?;
        if self.failed.is_some() {
            return Some(Vec::new());
        }
        match handler.call(name, args) {
            Ok(values) => Some(values),
            Err(message) => {
                self.failed = Some(message);
                Some(Vec::new())
            }
        }
    }

    /// The message of the handler's first failure, if it failed.
    pub fn failure(&self) -> Option<&str> {
        self.failed.as_deref()
    }
}
