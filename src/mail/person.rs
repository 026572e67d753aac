//! The person behind an address, for the limits: `Anne.Smith+dip@GoogleMail.com`
//! and `annesmith@gmail.com` are one person. The rules (which character
//! starts a tag, which providers ignore dots, which domains are one
//! provider) are data, in `person_rules.toml`.

use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
struct Rule {
    tag: Option<String>,
    #[serde(default)]
    dots: bool,
}

#[derive(Debug, Deserialize)]
struct Provider {
    domains: Vec<String>,
    tag: Option<String>,
    #[serde(default)]
    dots: bool,
}

#[derive(Debug, Deserialize)]
struct Rules {
    default: Rule,
    #[serde(default)]
    provider: Vec<Provider>,
}

fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        toml::from_str(include_str!("person_rules.toml")).expect("person_rules.toml is valid")
    })
}

/// The person an address stands for: lower-cased, the provider's tag cut
/// off the local part, dots dropped where the provider ignores them, and
/// the domain as the provider's first name. An address without `@` is
/// only lower-cased and trimmed.
pub(crate) fn person(address: &str) -> String {
    let a = address.trim().to_lowercase();
    let Some((local, domain)) = a.rsplit_once('@') else {
        return a;
    };
    let domain = domain.trim_end_matches('.');
    let r = rules();
    let (tag, dots, domain) = match r
        .provider
        .iter()
        .find(|p| p.domains.iter().any(|d| d == domain))
    {
        Some(p) => (p.tag.as_deref(), p.dots, p.domains[0].as_str()),
        None => (r.default.tag.as_deref(), r.default.dots, domain),
    };
    let mut local = local.to_string();
    if let Some(t) = tag.filter(|t| !t.is_empty())
        && let Some(i) = local.find(t)
        && i > 0
    {
        local.truncate(i);
    }
    if dots {
        local.retain(|c| c != '.');
    }
    format!("{local}@{domain}")
}

/// Whether two addresses are the same person.
#[cfg(test)]
pub(crate) fn same_person(a: &str, b: &str) -> bool {
    person(a) == person(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_tags_and_ignored_dots_are_one_person() {
        assert_eq!(person("Anne@Example.ORG"), "anne@example.org");
        assert_eq!(person("anne+1@example.org"), "anne@example.org");
        assert_eq!(person("anne+x+y@example.org"), "anne@example.org");
        assert_eq!(person("a.nne.s@example.org"), "a.nne.s@example.org");
        assert_eq!(person("A.Nne.S+dip@GoogleMail.com"), "annes@gmail.com");
        assert_eq!(person("annes@gmail.com"), "annes@gmail.com");
        assert_eq!(person("anne.s+1@outlook.com"), "anne.s@outlook.com");
        assert_eq!(person("anne-dip@yahoo.com"), "anne@yahoo.com");
        // A tag character first is part of the name, not a tag.
        assert_eq!(person("+anne@example.org"), "+anne@example.org");
        assert!(same_person("x.y@gmail.com", "XY+z@googlemail.com"));
        assert!(!same_person("x.y@example.org", "xy@example.org"));
    }
}
