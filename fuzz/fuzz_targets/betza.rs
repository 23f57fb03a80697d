//! The Betza parser on any text: an error or a piece, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = fairyrules::betza::parse_betza(text);
        let _ = fairyrules::betza::without_castling(text);
    }
});
