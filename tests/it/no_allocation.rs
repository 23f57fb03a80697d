//! Perft allocates nothing per node: with a counting global allocator, a second perft to
//! depth 3 on buffers that have already grown allocates nothing at all, on every shipped
//! variant.
//!
//! The allocator counts only on a thread that asked for it, so the other tests of this
//! binary, running in parallel, do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fairyrules::parse_fen;
use fairyrules::Rules;
use fairyrules::{perft_in, MoveStack};

struct Counting;

thread_local! {
    /// Allocations made by this thread while counting; `None` when not counting.
    static ALLOCATIONS: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Count one allocation if this thread is counting. `try_with` because the allocator also
/// runs while a thread's locals are being torn down.
fn count() {
    let _ = ALLOCATIONS.try_with(|n| {
        if let Some(k) = n.get() {
            n.set(Some(k + 1));
        }
    });
}

/// The allocations `f` makes on this thread.
fn allocations_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ALLOCATIONS.with(|n| n.set(Some(0)));
    let out = f();
    let made = ALLOCATIONS.with(|n| n.replace(None)).unwrap_or(0);
    (out, made)
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting only reads and
// writes a const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract; forwarded as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn perft_depth_3_allocates_nothing_after_the_first_run() {
    let files = crate::common::variant_files();
    assert!(files.len() >= 8);
    for file in files {
        let rules = Rules::load(&file).unwrap();
        let mut pos = parse_fen(&rules, rules.start_fen()).unwrap();
        let mut stack = MoveStack::new(3);
        let first = perft_in(&rules, &mut pos, 3, &mut stack);
        let (second, allocated) = allocations_of(|| perft_in(&rules, &mut pos, 3, &mut stack));
        assert_eq!(first, second);
        // Enough nodes to exercise the generator (Gardner's 5x5 minichess has the fewest: 506).
        assert!(first > 400, "{}: perft 3 = {first}", file.display());
        assert_eq!(allocated, 0, "{}: {allocated} allocations", file.display());
    }
}
