//! Both rule sets in one game.

use super::*;

#[test]
fn both_rule_sets_spies_see_frozen_orders_reactions_come_before_fakes() {
    let p = position(
        "F1903M",
        &[
            ("england", "F lon"),
            ("france", "A par"),
            ("germany", "A mun"),
        ],
    );
    let o = orgs(&["germany"]);
    let c = ctx(&p, BOTH, &o);
    let ord = orders(&p, &[("england", "F lon H"), ("france", "A par H")]);
    let s = spies(
        &p,
        &[
            ("germany", "S F lon - nth"),
            ("france", "SPY F lon"),
            ("england", "REACTION F lon - eng"),
        ],
    );
    let r = resolve(&c, &ord, &s);
    // France's spy sees England's frozen order, not the reaction or fake.
    assert_eq!(
        private(&r, "france"),
        ["Your spy on F lon reports: F lon H"]
    );
    // The Fake is applied after the reaction, replacing it.
    assert_eq!(adjudicated(&r, "england"), ["F lon - nth"]);
    let kinds: Vec<SecretKind> = r.secret.iter().map(|e| e.kind).collect();
    let reaction = kinds
        .iter()
        .position(|k| *k == SecretKind::Reaction)
        .unwrap();
    let fake = kinds
        .iter()
        .position(|k| *k == SecretKind::FakeApplied)
        .unwrap();
    assert!(reaction < fake);
}
