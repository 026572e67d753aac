#!/usr/bin/env bash
# dipspy's test command: installs what the tests need (nothing beyond the
# Rust toolchain yet) and runs cargo's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --all-targets --locked
