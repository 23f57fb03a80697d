//! Perft allocates nothing per node: with a counting global allocator, a second perft to
//! depth 3 on buffers that have already grown allocates nothing at all, on every shipped
//! variant.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use fairyrules::fen::parse_fen;
use fairyrules::load::load_file;
use fairyrules::perft::{perft_in, MoveStack};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn perft_depth_3_allocates_nothing_after_the_first_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    for file in files {
        let rules = load_file(&file).unwrap();
        let mut pos = parse_fen(&rules, &rules.start_fen).unwrap();
        let mut stack = MoveStack::new(3);
        let first = perft_in(&rules, &mut pos, 3, &mut stack);
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        let second = perft_in(&rules, &mut pos, 3, &mut stack);
        let allocated = ALLOCATIONS.load(Ordering::SeqCst) - before;
        assert_eq!(first, second);
        assert!(first > 1000, "{}: perft 3 = {first}", file.display());
        assert_eq!(allocated, 0, "{}: {allocated} allocations", file.display());
    }
}
