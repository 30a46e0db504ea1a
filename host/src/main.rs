//! The `microply` command-line tool. All the work is in the `microply_host` library.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = microply_host::cli::Cli::parse();
    match microply_host::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            microply_host::cli::exit_code(&e)
        }
    }
}
