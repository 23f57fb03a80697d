//! What one request may ask of the server. Anything beyond is refused with a JSON error
//! naming the limit, so a page (or anything else on this machine) cannot make the server
//! use unbounded memory or time.

use std::time::Duration;

/// Largest request body (bytes): a variant file plus a game.
pub const MAX_BODY_BYTES: usize = 512 * 1024;
/// Largest variant text (bytes) the server compiles.
pub const MAX_TOML_BYTES: usize = 256 * 1024;
/// Most moves a game sent with a request may have.
pub const MAX_MOVES: usize = 2000;
/// Longest move or position string (characters).
pub const MAX_FIELD_CHARS: usize = 1024;
/// Deepest perft a request may ask.
pub const MAX_PERFT_DEPTH: u32 = 7;
/// Most nodes (interior and leaves) one perft request may visit.
pub const MAX_PERFT_NODES: u64 = 50_000_000;
/// Longest one perft request may run.
pub const MAX_PERFT_TIME: Duration = Duration::from_secs(15);
/// Longest engine search a request may ask (milliseconds).
pub const MAX_ENGINE_MS: u64 = 10_000;
/// The engine's transposition table per search (MiB).
pub const ENGINE_TABLE_MB: usize = 16;
/// Compiled edited texts kept in memory.
pub const RULES_CACHE_ENTRIES: usize = 16;
/// Light requests (moves, validation, pictures) computed at once; more wait.
pub const LIGHT_SLOTS: usize = 16;
/// How long a request waits for a free computing slot before it is refused (503).
pub const QUEUE_WAIT: Duration = Duration::from_secs(30);
