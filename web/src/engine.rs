//! `Engine`: Feerie's UCI engine for the page. Each command line goes in through
//! `command`; each line the engine says goes to the page's callback. On WebAssembly a
//! `go` (and `bench`, `go perft`) runs on the caller's thread to its last line, so
//! `command` returns after `bestmove`.

use feerie_uci::{Out, Uci};
use js_sys::Function;
use std::cell::RefCell;
use wasm_bindgen::prelude::{JsValue, wasm_bindgen};

thread_local! {
    /// The callback of the engine whose command runs: the engine's output must be
    /// `Send`, which a JavaScript function is not, and every line is said during a
    /// command, on the one thread a module has.
    static SAYING: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Gives `line` to the callback of the command that runs. What the callback throws is
/// the page's: the engine goes on.
fn say(line: &str) {
    SAYING.with_borrow(|callback| {
        if let Some(callback) = callback {
            let _ = callback.call1(&JsValue::NULL, &JsValue::from_str(line));
        }
    });
}

/// A UCI engine: `new Engine(onLine)`, then `engine.command(line)` per UCI line.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    uci: Uci,
    on_line: Function,
}

#[wasm_bindgen]
impl Engine {
    /// An engine in its start state (chess, default options) saying its lines to
    /// `on_line`.
    #[wasm_bindgen(constructor)]
    pub fn new(on_line: Function) -> Engine {
        Engine {
            uci: Uci::new(Out::new(say)),
            on_line,
        }
    }

    /// Handles one UCI command line, saying every answer line to the callback before it
    /// returns.
    pub fn command(&mut self, line: &str) {
        let outer = SAYING.replace(Some(self.on_line.clone()));
        self.uci.handle_line(line);
        SAYING.set(outer);
    }
}
