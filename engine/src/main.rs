//! `feerie`: speaks UCI with no arguments; subcommands are listed by `feerie help`.

// Standard error goes through `note!`, which cannot panic on a failed write.
#![warn(clippy::print_stderr)]

fn main() {
    // `args_os`, not `args`: the latter panics on an argument that is not UTF-8.
    let args: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect();
    let code = match args {
        Ok(args) => feerie::cli::run(&args),
        Err(bad) => {
            feerie::note!("feerie: error: argument {bad:?} is not valid UTF-8");
            2
        }
    };
    std::process::exit(code);
}
