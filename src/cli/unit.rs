//! `dipspy systemd-unit`: the systemd service that runs the judge, for a
//! host with systemd (restart on failure, the secrets from an environment
//! file only root reads, the usual hardening).

use std::path::Path;

/// The unit's text: `exe` runs `serve` with the configuration `config`, as
/// the system user `user`, in the state directory `/var/lib/dipspy`.
pub(super) fn unit(exe: &Path, config: &Path, user: &str) -> String {
    format!(
        "# dipspy: the play-by-email Diplomacy judge, as a systemd service.\n\
         # Install as /etc/systemd/system/dipspy.service, then\n\
         #   systemctl daemon-reload && systemctl enable --now dipspy\n\
         # Secrets (DIPSPY_IMAP_PASSWORD, DIPSPY_SMTP_PASSWORD,\n\
         # DIPSPY_MASTER_PASSWORD_HASH) go in /etc/dipspy/secrets.env, mode 0600.\n\
         # With the Maildir transport, add the Maildirs to ReadWritePaths.\n\
         [Unit]\n\
         Description=dipspy play-by-email Diplomacy judge\n\
         After=network-online.target\n\
         Wants=network-online.target\n\
         \n\
         [Service]\n\
         Type=simple\n\
         User={user}\n\
         Group={user}\n\
         ExecStart={exe} --config {config} serve\n\
         Restart=on-failure\n\
         RestartSec=30\n\
         KillSignal=SIGTERM\n\
         # On SIGTERM the judge finishes the mail being sent, records it and\n\
         # leaves the rest queued; the longest wait is one network step\n\
         # ([imap]/[smtp] timeout_seconds, 30 s by default), well inside this.\n\
         TimeoutStopSec=60\n\
         EnvironmentFile=-/etc/dipspy/secrets.env\n\
         Environment=DIPSPY_LOG=info\n\
         StateDirectory=dipspy\n\
         WorkingDirectory=/var/lib/dipspy\n\
         ReadWritePaths=/var/lib/dipspy\n\
         NoNewPrivileges=yes\n\
         ProtectSystem=strict\n\
         ProtectHome=yes\n\
         PrivateTmp=yes\n\
         PrivateDevices=yes\n\
         ProtectKernelTunables=yes\n\
         ProtectKernelModules=yes\n\
         ProtectControlGroups=yes\n\
         RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX\n\
         RestrictNamespaces=yes\n\
         LockPersonality=yes\n\
         MemoryDenyWriteExecute=yes\n\
         \n\
         [Install]\n\
         WantedBy=multi-user.target\n",
        exe = exe.display(),
        config = config.display()
    )
}
