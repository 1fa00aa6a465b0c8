//! The decision heuristic: VSIDS activities in a binary max-heap, with
//! phase saving.
//!
//! Invariant: every unassigned variable is in the heap (assigned ones may
//! linger and are skipped when popped); `index[v]` is `v`'s heap position
//! or `NONE`. Activities grow by `inc`, which grows by `1/decay` per
//! conflict, all rescaled together before overflowing. `phase[v]` is the
//! preferred value of `v`: initially false, then (with progress saving)
//! the value `v` last had.

use super::lit::{SLit, Var};

const NONE: u32 = u32::MAX;

pub struct VarOrder {
    heap: Vec<Var>,
    index: Vec<u32>,
    pub activity: Vec<f64>,
    inc: f64,
    decay: f64,
    pub phase: Vec<bool>,
}

impl VarOrder {
    pub fn new(num_vars: usize) -> VarOrder {
        let mut o = VarOrder {
            heap: Vec::with_capacity(num_vars),
            index: vec![NONE; num_vars],
            activity: vec![0.0; num_vars],
            inc: 1.0,
            decay: 0.95,
            phase: vec![false; num_vars],
        };
        for v in 0..num_vars {
            o.insert(Var(v as u32));
        }
        o
    }

    #[inline]
    fn less(&self, a: Var, b: Var) -> bool {
        // max-heap on activity; ties towards lower index (atoms first)
        let (x, y) = (self.activity[a.index()], self.activity[b.index()]);
        x > y || (x == y && a.0 < b.0)
    }

    fn sift_up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let p = (i - 1) / 2;
            if !self.less(v, self.heap[p]) {
                break;
            }
            self.heap[i] = self.heap[p];
            self.index[self.heap[i].index()] = i as u32;
            i = p;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    fn sift_down(&mut self, mut i: usize) {
        let v = self.heap[i];
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.less(self.heap[r], self.heap[l]) { r } else { l };
            if !self.less(self.heap[c], v) {
                break;
            }
            self.heap[i] = self.heap[c];
            self.index[self.heap[i].index()] = i as u32;
            i = c;
        }
        self.heap[i] = v;
        self.index[v.index()] = i as u32;
    }

    pub fn insert(&mut self, v: Var) {
        if self.index[v.index()] != NONE {
            return;
        }
        self.heap.push(v);
        let i = self.heap.len() - 1;
        self.index[v.index()] = i as u32;
        self.sift_up(i);
    }

    pub fn pop(&mut self) -> Option<Var> {
        if self.heap.is_empty() {
            return None;
        }
        let top = self.heap[0];
        self.index[top.index()] = NONE;
        let last = self.heap.pop().unwrap();
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last.index()] = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    pub fn bump(&mut self, v: Var) {
        let a = &mut self.activity[v.index()];
        *a += self.inc;
        if *a > 1e100 {
            for x in &mut self.activity {
                *x *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        let i = self.index[v.index()];
        if i != NONE {
            self.sift_up(i as usize);
        }
    }

    /// Sets the activity decay factor (the inverse of the growth of `inc`).
    pub fn set_decay(&mut self, decay: f64) {
        self.decay = decay;
    }

    pub fn decay(&mut self) {
        self.inc /= self.decay;
    }

    /// Re-inserts an unassigned literal's variable; with `save`, its
    /// value becomes the variable's preferred sign (progress saving).
    #[inline]
    pub fn unassigned(&mut self, l: SLit, save: bool) {
        if save {
            self.phase[l.var().index()] = l.is_positive();
        }
        self.insert(l.var());
    }
}
