//! Integration tests: one binary, one module per concern. Modules drive the
//! real `census24` binary (assert_cmd, temp dirs) or the public library API.

mod any_cli;
mod atlas_cli;
mod atlas_data;
mod bighand_cli;
mod calibrate_cli;
mod check_cli;
mod countdown_cli;
mod distinct_cli;
mod doc_figures;
mod explorer_browser;
mod fuzz;
mod games_cli;
mod hardening;
mod help;
mod integrity;
mod krypto_cli;
mod large_sets_cli;
mod model_cli;
mod pick_cli;
mod play_cli;
mod reach_cli;
mod readme;
mod report_cli;
mod report_games;
mod solve_cli;
mod solver_exhaustive;
mod surface;
mod sweep_cli;
mod tasks_cli;
mod util;
