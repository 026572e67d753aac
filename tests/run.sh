#!/usr/bin/env bash
# dipspy's test command: installs what the tests need, then runs cargo's
# tests. The end-to-end mail tests (tests/it/mail_e2e.rs) start their own
# Dovecot and OpenSMTPD on free loopback ports, so the Debian packages
# must be installed; their system services are not needed (and are not
# started here), and the tests fail, not skip, when the servers are absent.
# Likewise systemd-analyze (Debian package systemd) for the unit check, and
# Chromium with its WebDriver for the web pages' tests.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v dovecot >/dev/null 2>&1 || [ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
dpkg -s dovecot-imapd >/dev/null 2>&1 || missing+=(dovecot-imapd)
dpkg -s dovecot-lmtpd >/dev/null 2>&1 || missing+=(dovecot-lmtpd)
dpkg -s dovecot-submissiond >/dev/null 2>&1 || missing+=(dovecot-submissiond)
command -v smtpd >/dev/null 2>&1 || [ -x /usr/sbin/smtpd ] || missing+=(opensmtpd)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# systemd-analyze checks the unit `dipspy systemd-unit` writes (tests/it/ops.rs).
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
# The web pages' tests (tests/it/web*.rs) drive a headless Chromium through
# chromedriver, with fonts for its screenshots.
dpkg -s chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s chromium-driver >/dev/null 2>&1 || missing+=(chromium-driver)
dpkg -s fonts-liberation >/dev/null 2>&1 || missing+=(fonts-liberation)
if [ ${#missing[@]} -gt 0 ]; then
    pkgs=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
    echo "tests/run.sh: installing $pkgs"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    # Keep the packages from starting their system services: the tests run
    # their own servers on their own ports.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
        $SUDO chmod +x /usr/sbin/policy-rc.d
        trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    $SUDO apt-get update
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $pkgs
fi

cargo test --all-targets --locked
