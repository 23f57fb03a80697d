//! The integration tests, one binary: each module is one area (a variant's rules, the command
//! line, diagnostics, perft against reference counts). Shared helpers are in `common`.

mod common;

mod architecture;
mod atomic_rules;
mod betza_parser;
mod board_features;
mod broken_pipe;
mod catalogue_rules;
mod chess960_rules;
mod cli_contract;
mod cli_validate;
mod drop_rules;
mod engine_search;
mod engine_strength;
mod explain_cli;
mod game_end_rules;
mod glinski_rules;
mod grand_rules;
mod hectochess_rules;
mod hero_rules;
mod heroes_hexagonal_properties;
mod heroes_hexagonal_rules;
mod hostile_input;
mod inheritance;
mod large_boards;
mod legality_filter;
mod load_errors;
mod match_cli;
mod no_allocation;
mod parser_robustness;
mod perft_reference;
mod play_cli;
mod position_properties;
mod python_clients;
mod random_games_all_variants;
mod rule_language_errors;
mod serve_api;
mod serve_browser;
mod serve_load;
mod svg_render;
mod uci_protocol;
mod validate_semantic;
mod xboard_modes;
mod xboard_protocol;
mod xiangqi_janggi_rules;
