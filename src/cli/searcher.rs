//! The protocols' search thread. It owns the [`Engine`], so that the command loop goes on
//! reading commands (`stop`, `isready`, `ping`, XBoard's `exit`) while a search runs.
//!
//! A [`Job`] is a position, limits and a [`Listener`] that the search thread calls after every
//! completed iteration and once with the final result; the listener writes the protocol's
//! lines. [`Searcher::stop`] ends the running search within a few thousand nodes; a stop that
//! arrives before the search has begun is not lost (the listener's first report passes it on).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use fairyrules::engine::{Engine, Limits, SearchResult, StopSignal};
use fairyrules::{legal_moves, Position, Rules};

/// What a protocol does with a search's progress and result (called on the search thread).
pub trait Listener: Send {
    /// After every completed iteration.
    fn iteration(&mut self, result: &SearchResult);
    /// Once, with the final result.
    fn finished(self: Box<Self>, result: SearchResult);
}

/// One search to run.
pub struct Job {
    /// The variant.
    pub rules: Arc<Rules>,
    /// The position to search (the game's history included, for repetitions).
    pub pos: Position,
    /// How long to search.
    pub limits: Limits,
    /// Who hears about it.
    pub listener: Box<dyn Listener>,
}

enum Task {
    Search(Box<Job>),
    Configure(Box<dyn FnOnce(&mut Engine) + Send>),
}

/// How many jobs have finished, with a condition variable to wait on.
type Finished = Arc<(Mutex<u64>, Condvar)>;

/// The search thread and the handles to command it.
pub struct Searcher {
    tasks: Option<Sender<Task>>,
    thread: Option<JoinHandle<()>>,
    /// The stop signal of the engine running the current job (the engine may be replaced
    /// between jobs, by a new table size).
    signal: Arc<Mutex<StopSignal>>,
    /// A stop was asked for the current job (kept apart from the engine's signal, which the
    /// engine clears when a search begins).
    requested: Arc<AtomicBool>,
    finished: Finished,
    started: u64,
}

impl Searcher {
    /// Start the search thread with this engine.
    pub fn new(engine: Engine) -> Searcher {
        let signal = Arc::new(Mutex::new(engine.stop_signal()));
        let requested = Arc::new(AtomicBool::new(false));
        let finished: Finished = Arc::new((Mutex::new(0), Condvar::new()));
        let (tasks, inbox) = channel::<Task>();
        let thread = {
            let requested = requested.clone();
            let finished = finished.clone();
            let signal = signal.clone();
            std::thread::spawn(move || {
                let mut engine = engine;
                while let Ok(task) = inbox.recv() {
                    match task {
                        Task::Configure(f) => f(&mut engine),
                        Task::Search(job) => {
                            *signal.lock().unwrap_or_else(|e| e.into_inner()) =
                                engine.stop_signal();
                            run_job(&mut engine, *job, &requested);
                            let (count, cond) = &*finished;
                            *count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
                            cond.notify_all();
                        }
                    }
                }
            })
        };
        Searcher {
            tasks: Some(tasks),
            thread: Some(thread),
            signal,
            requested,
            finished,
            started: 0,
        }
    }

    fn send(&self, task: Task) {
        if let Some(tasks) = &self.tasks {
            // The thread ends only when the searcher is dropped, so this cannot fail.
            let _ = tasks.send(task);
        }
    }

    /// Start a search (after the running one, if any, has finished).
    pub fn start(&mut self, job: Job) {
        self.wait();
        self.requested.store(false, Ordering::SeqCst);
        self.started += 1;
        self.send(Task::Search(Box::new(job)));
    }

    /// Change the engine (its settings, or a new engine with another table size), after the
    /// running search.
    pub fn configure(&self, f: impl FnOnce(&mut Engine) + Send + 'static) {
        self.send(Task::Configure(Box::new(f)));
    }

    /// Wait until every task sent so far has run: with no search running, until the
    /// settings already sent have taken effect (a new table, say). Returns at once if the
    /// search thread has ended.
    pub fn flush(&self) {
        let (done, wait) = channel::<()>();
        self.configure(move |_| {
            let _ = done.send(());
        });
        let _ = wait.recv();
    }

    /// Ask the running search, if any, to stop and report what it has.
    pub fn stop(&self) {
        self.requested.store(true, Ordering::SeqCst);
        self.signal.lock().unwrap_or_else(|e| e.into_inner()).stop();
    }

    /// Stop the running search after `delay`, unless it has finished by then.
    pub fn stop_after(&self, delay: Duration) {
        let job = self.started;
        let finished = self.finished.clone();
        let requested = self.requested.clone();
        let signal = self.signal.clone();
        std::thread::spawn(move || {
            let (count, cond) = &*finished;
            let guard = count.lock().unwrap_or_else(|e| e.into_inner());
            let (guard, _) = cond
                .wait_timeout_while(guard, delay, |done| *done < job)
                .unwrap_or_else(|e| e.into_inner());
            if *guard < job {
                requested.store(true, Ordering::SeqCst);
                signal.lock().unwrap_or_else(|e| e.into_inner()).stop();
            }
        });
    }

    /// Whether a search is running (or its listener is still busy).
    pub fn is_busy(&self) -> bool {
        *self.finished.0.lock().unwrap_or_else(|e| e.into_inner()) < self.started
    }

    /// Wait until no search is running.
    pub fn wait(&self) {
        let (count, cond) = &*self.finished;
        let guard = count.lock().unwrap_or_else(|e| e.into_inner());
        let _done = cond
            .wait_while(guard, |done| *done < self.started)
            .unwrap_or_else(|e| e.into_inner());
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.stop();
        self.tasks = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Run one job on the search thread. Should the search panic (a bug), the listener still
/// gets a result, so that the protocol answers: the first legal move, or none.
fn run_job(engine: &mut Engine, job: Job, requested: &Arc<AtomicBool>) {
    let Job {
        rules,
        pos,
        limits,
        mut listener,
    } = job;
    let signal = engine.stop_signal();
    let mut searched = pos.clone();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        engine.search_with(&rules, &mut searched, &limits, &mut |r: &SearchResult| {
            if requested.load(Ordering::SeqCst) {
                signal.stop();
            }
            listener.iteration(r);
        })
    }));
    let result = match outcome {
        Ok(result) => result,
        Err(_) => {
            engine.clear();
            let mut pos = pos;
            let best = legal_moves(&rules, &mut pos).first().copied();
            SearchResult {
                best,
                score: 0,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                pv: best.into_iter().collect(),
                elapsed: Duration::ZERO,
                lines: Vec::new(),
            }
        }
    };
    listener.finished(result);
}
