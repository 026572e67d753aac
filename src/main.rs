//! The `dipspy` command line.

fn main() -> std::process::ExitCode {
    dipspy::cli::main()
}
