//! Positions where dipspy once disagreed with another adjudicator (found by
//! the differential test, `tests/it/differential.rs`) and was wrong, as
//! scenario files under `tests/regressions/`.

use crate::support::scenario_harness;

#[test]
fn regression_scenarios() {
    scenario_harness::run_dir("regressions", 1);
}
