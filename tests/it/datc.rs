//! Every DATC section 6 case as a scenario file under `tests/datc/`, named
//! after its DATC number, and positions from real games and from other
//! adjudicators' bug reports under `tests/real/`; each checked against the
//! position its `[expect]` table gives.

use crate::support::scenario_harness;

#[test]
fn datc_section_6() {
    scenario_harness::run_dir("datc", 173);
}

#[test]
fn real_game_cases() {
    scenario_harness::run_dir("real", 18);
}
