fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("match") {
        std::process::exit(feerie::matches::main(&args[1..]));
    }
}
