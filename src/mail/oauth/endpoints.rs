//! Where each provider's OAuth2 endpoints are and which scopes give
//! IMAP and SMTP.

use super::OauthError;
use crate::config::{Flow, OauthConfig, Provider};

/// The endpoints and scopes `[oauth]` resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    /// Where a person's browser is sent to log in (the loopback flow); none when the provider has
    /// none.
    pub auth_url: Option<String>,
    /// Where tokens are asked for and refreshed.
    pub token_url: String,
    /// Where the device flow asks for a login code; none when the provider has none.
    pub device_url: Option<String>,
    /// Where tokens are revoked; none when the provider offers no revocation.
    pub revoke_url: Option<String>,
    /// The scopes asked for.
    pub scopes: Vec<String>,
}

/// Microsoft's scopes for a person's mailbox (delegated), and for an
/// app that acts as itself (client credentials: the permissions granted
/// to the app in the tenant).
const MS_DELEGATED: [&str; 3] = [
    "https://outlook.office.com/IMAP.AccessAsUser.All",
    "https://outlook.office.com/SMTP.Send",
    "offline_access",
];
const MS_APP: &str = "https://outlook.office365.com/.default";
const GOOGLE_MAIL: &str = "https://mail.google.com/";

impl Endpoints {
    /// The endpoints and scopes of an `[oauth]` section: the provider's own, with any given in the
    /// section over them.
    pub fn from_config(c: &OauthConfig) -> Result<Endpoints, OauthError> {
        let tenant = c.tenant.as_deref().unwrap_or("organizations");
        let ms =
            |path: &str| format!("https://login.microsoftonline.com/{tenant}/oauth2/v2.0/{path}");
        let mut e = match c.provider {
            Provider::Microsoft => {
                if c.flow == Flow::ClientCredentials
                    && matches!(tenant, "organizations" | "common" | "consumers")
                {
                    return Err(OauthError::Config(
                        "[oauth] flow = \"client_credentials\" needs the tenant's id or domain in [oauth] tenant".into(),
                    ));
                }
                Endpoints {
                    auth_url: Some(ms("authorize")),
                    token_url: ms("token"),
                    device_url: Some(ms("devicecode")),
                    // Microsoft has no revocation endpoint: a person
                    // revokes the app's access in their account.
                    revoke_url: None,
                    scopes: if c.flow == Flow::ClientCredentials {
                        vec![MS_APP.to_string()]
                    } else {
                        MS_DELEGATED.iter().map(|s| s.to_string()).collect()
                    },
                }
            }
            Provider::Google => Endpoints {
                auth_url: Some("https://accounts.google.com/o/oauth2/v2/auth".into()),
                token_url: "https://oauth2.googleapis.com/token".into(),
                device_url: Some("https://oauth2.googleapis.com/device/code".into()),
                revoke_url: Some("https://oauth2.googleapis.com/revoke".into()),
                scopes: vec![GOOGLE_MAIL.to_string()],
            },
            Provider::Generic => Endpoints {
                auth_url: None,
                token_url: c.token_url.clone().ok_or_else(|| {
                    OauthError::Config("[oauth] provider = \"generic\" needs token_url".into())
                })?,
                device_url: None,
                revoke_url: None,
                scopes: Vec::new(),
            },
        };
        // Given endpoints and scopes win over the provider's.
        if let Some(u) = &c.auth_url {
            e.auth_url = Some(u.clone());
        }
        if let Some(u) = &c.token_url {
            e.token_url = u.clone();
        }
        if let Some(u) = &c.device_url {
            e.device_url = Some(u.clone());
        }
        if let Some(u) = &c.revoke_url {
            e.revoke_url = Some(u.clone());
        }
        if let Some(s) = &c.scopes {
            e.scopes = s.clone();
        }
        Ok(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn microsoft_app_needs_a_tenant_and_takes_the_default_scope() {
        let mut c = OauthConfig {
            flow: Flow::ClientCredentials,
            ..OauthConfig::default()
        };
        assert!(Endpoints::from_config(&c).is_err());
        c.tenant = Some("contoso.onmicrosoft.com".into());
        let e = Endpoints::from_config(&c).unwrap();
        assert_eq!(
            e.token_url,
            "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token"
        );
        assert_eq!(e.scopes, vec![MS_APP.to_string()]);
    }

    #[test]
    fn generic_takes_its_endpoints_from_the_file() {
        let c = OauthConfig {
            provider: Provider::Generic,
            token_url: Some("http://127.0.0.1:1/token".into()),
            scopes: Some(vec!["mail".into()]),
            ..OauthConfig::default()
        };
        let e = Endpoints::from_config(&c).unwrap();
        assert_eq!(e.token_url, "http://127.0.0.1:1/token");
        assert_eq!(e.scopes, vec!["mail".to_string()]);
        assert!(
            Endpoints::from_config(&OauthConfig {
                provider: Provider::Generic,
                ..OauthConfig::default()
            })
            .is_err()
        );
    }
}
