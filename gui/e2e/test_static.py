#!/usr/bin/env python3
"""End-to-end tests of the static site (`cargo xtask web --out DIR`) in headless Chromium.

Usage: test_static.py SITE_DIR FEERIE_BINARY SCREENSHOT_DIR

Serves SITE_DIR with `python3 -m http.server` (no feerie binary behind the page: the
rules, the engine and the solver run in the page, in WebAssembly and Web Workers) and
plays on it by clicks, through the ids of gui/page/README.md, as test_gui.py does for
`feerie gui`, whose scenarios it reuses. The board is checked after every step against a
second instance of the site's module loaded in the page (the same Rust code the server
runs). FEERIE_BINARY runs only natively: the UCI session test compares the worker's
`go depth N` with it, and the figures time `feerie gui`'s page beside the static one.

Exit status: 0 when every scenario passed, 1 when one failed, 3 when Chromium, its
driver or selenium is missing (test_gui.py says what to install).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import gzip

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_gui as gui  # noqa: E402
from test_gui import wait_for, UI_TIMEOUT, ENGINE_TIMEOUT  # noqa: E402

# The module's functions for the server's API paths.
MODULE_FUNCTION = {
    "/api/position": "position",
    "/api/pgn/export": "pgn_export",
    "/api/pgn/import": "pgn_import",
}

# Positions of the UCI session test: per variant, FENs searched to DEPTH by both builds.
UCI_DEPTH = 8
UCI_POSITIONS = {
    "chess": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ],
    "dynamo": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/ppp2ppp/2n5/3n4/8/2B5/PPP2PPP/3RK2R w Kkq - 0 1",
    ],
    "augsburg": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pp3ppp/2(nb)1b3/8/3(RBN)4/8/PPP1(NP)PPP/4K2R w Kkq - 0 1",
    ],
    "einstein": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ],
    "reverse-einstein": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    "anti-einstein": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
}


# ------------------------------------------------------------------------------------------
# The site, and the module as the test's referee


class StaticSite:
    """`python3 -m http.server` on a free port serving the site; `api` answers as the
    server's API would, from the site's module (a second instance, loaded in the page)."""

    def __init__(self, directory):
        self.directory = directory
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
             "--directory", directory],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.url = None
        self.requests = []  # the request lines the server logged
        found = threading.Event()

        def read():
            for line in self.proc.stdout:
                match = re.search(r"port (\d+)", line)
                if match and self.url is None:
                    self.url = f"http://127.0.0.1:{match.group(1)}/"
                    found.set()
                request = re.search(r'"(GET|POST|HEAD) (\S+)', line)
                if request:
                    self.requests.append(request.group(2))
            found.set()

        threading.Thread(target=read, daemon=True).start()
        found.wait(UI_TIMEOUT)
        if self.url is None:
            self.stop()
            raise AssertionError("python3 -m http.server printed no port")
        self.driver = None

    def api(self, path, body=None):
        """The module's JSON answer for the API `path` (an error answer as is)."""
        import json

        if path == "/api/variants":
            name, argument = "variants", None
        else:
            name, argument = MODULE_FUNCTION[path], json.dumps(body)
        text = self.driver.execute_async_script(
            """
            const [name, argument, done] = arguments;
            window.__referee ??= import(new URL('wasm/load.js', document.baseURI).href).then((m) => m.load());
            window.__referee.then((m) => done(argument === null ? m[name]() : m[name](argument)),
                                  (e) => done(JSON.stringify({error: 'referee: ' + e})));
            """,
            name,
            argument,
        )
        return json.loads(text)

    def position(self, variant, fen, moves):
        answer = self.api("/api/position", {"variant": variant, "fen": fen, "moves": list(moves)})
        assert "error" not in answer, f"the module refused {variant} {fen} {moves}: {answer}"
        return answer

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


# ------------------------------------------------------------------------------------------
# Scenarios on the page


def analysis_three_lines(page, _shots):
    """Three lines appear and update; the stop is shown at once (the figure is printed,
    the bound is generous), and the lines stay as they were."""
    page.new_game("chess")
    page.play_all(["e2e4", "e7e5"])
    from selenium.webdriver.support.ui import Select

    Select(page.find("#multipv")).select_by_visible_text("3")
    page.click_css("#analyse")
    first = '#lines .line[data-multipv="1"]'
    wait_for(
        "three lines of depth 4",
        lambda: len(page.find_all("#lines .line[data-multipv]")) == 3
        and gui.shown_depth(page, first) >= 4,
        ENGINE_TIMEOUT,
    )
    # Read at once: the lines are redrawn at every update.
    shown = page.driver.execute_script(
        "return [...document.querySelectorAll('#lines .line')].map((l) => l.dataset.multipv)"
    )
    assert shown == ["1", "2", "3"], shown
    gui.check_chances(page, first)
    gui.running_figures(page, first)
    # The click and the page's answer, timed in the page.
    stop_ms = page.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const button = document.querySelector('#analyse');
        const start = performance.now();
        button.click();
        const poll = () => {
          const info = document.querySelector('.engine-info').textContent;
          if (button.dataset.running !== '1' && info.startsWith('Stopped')) done(performance.now() - start);
          else if (performance.now() - start > 5000) done(-1);
          else setTimeout(poll, 1);
        };
        poll();
        """
    )
    print(f"  figure: click on Stop to 'Stopped' shown: {stop_ms:.1f} ms")
    assert stop_ms >= 0, "the page did not show the analysis stopped within 5 s"
    stopped = page.text("#lines")
    time.sleep(2)  # long enough to see several updates had the analysis gone on
    assert page.text("#lines") == stopped, "the lines changed after stopping"


def offline(page, site, shots):
    """Once the page has been loaded (and has run its engine), it works with the static
    server stopped: it reloads, plays, analyses and stops, and plays a game against the
    engine."""
    page.driver.get(site.url)
    wait_for("body[data-ready=1]", lambda: page.attr("body", "data-ready") == "1")
    page.new_game("chess")
    with gui.analysing(page, min_depth=2):
        pass
    kept = wait_for(
        "window.feerie.offline set",
        lambda: page.driver.execute_script("return window.feerie.offline"),
    )
    assert kept == "ready", f"the site was not kept for offline use: {kept}"
    site.stop()
    page.driver.get(site.url)
    wait_for("body[data-ready=1] offline", lambda: page.attr("body", "data-ready") == "1")
    page.new_game("chess")
    page.play_all(["e2e4", "c7c5"])
    with gui.analysing(page, min_depth=3):
        page.screenshot(shots, "offline")
    page.select("#white-player", "human")
    page.select("#black-player", "0")
    page.select("#tc-mode", "depth")
    page.type_into("#tc-value", "2")
    page.click_css("#start-game")
    page.click_move("g1", "f3", "g1f3")
    wait_for(
        "the engine's reply offline",
        lambda: len(page.find_all("#moves .move[data-ply]")) == 4,
        ENGINE_TIMEOUT,
    )
    # Back to the human's turn before g1f3: the engine's reply and the move go.
    page.click_css("#takeback")
    wait_for("the takeback", lambda: len(page.find_all("#moves .move[data-ply]")) == 2)
    page.moves = ["e2e4", "c7c5"]
    page.check_board()
    page.click_css("#abort")
    wait_for("the game aborted", lambda: not page.find("#abort").is_enabled())


# ------------------------------------------------------------------------------------------
# The UCI session test of the worker


def native_search(binary, variant, fen, depth):
    """`go depth` of the native engine: (bestmove, nodes of its last info line)."""
    lines = [
        "uci",
        f"setoption name UCI_Variant value {variant}",
        "ucinewgame",
        f"position fen {fen}",
        f"go depth {depth}",
    ]
    proc = subprocess.Popen(
        [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    nodes = None
    for line in proc.stdout:
        found = re.search(r" nodes (\d+)", line)
        if line.startswith("info") and found:
            nodes = int(found.group(1))
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(30)
    return best, nodes


WORKER_SEARCH = """
const [lines, done] = arguments;
import(new URL('local/uci-engine.js', document.baseURI).href).then(({ UciEngine }) => {
  let nodes = null;
  const engine = new UciEngine((line) => {
    const found = line.match(/ nodes (\\d+)/);
    if (line.startsWith('info') && found) nodes = Number(found[1]);
    if (line.startsWith('bestmove')) { engine.command('quit'); done([line.split(' ')[1], nodes]); }
  }, (e) => done(['error: ' + e, null]));
  for (const line of lines) engine.command(line);
});
"""

WORKER_STOP = """
const done = arguments[arguments.length - 1];
import(new URL('local/uci-engine.js', document.baseURI).href).then(({ UciEngine }) => {
  const said = [];
  let stopAt = null;
  const engine = new UciEngine((line) => {
    said.push(line);
    if (line.startsWith('info') && / depth [3-9]/.test(line) && stopAt === null) {
      stopAt = performance.now();
      engine.command('stop');
    } else if (line.startsWith('bestmove') && stopAt !== null && !said.stopped) {
      said.stopped = performance.now() - stopAt;
      engine.command('isready');
    } else if (line === 'readyok' && said.stopped !== undefined && !said.searched) {
      said.searched = true;
      engine.command('position startpos moves e2e4');
      engine.command('go depth 3');
    } else if (line.startsWith('bestmove') && said.searched) {
      engine.command('quit');
      done([said.stopped, line]);
    }
  }, (e) => done([-1, 'error: ' + e]));
  for (const line of ['uci', 'position startpos', 'go infinite']) engine.command(line);
});
"""


def uci_session(page, binary):
    """The worker wrapper gives the same `go depth` best move and node count as the
    native engine for the same UCI lines; `stop` during `go infinite` gets `bestmove` at
    once, and the engine searches again after it."""
    driver = page.driver
    driver.set_script_timeout(ENGINE_TIMEOUT)
    for variant, fens in UCI_POSITIONS.items():
        for fen in fens:
            lines = [
                "uci",
                f"setoption name UCI_Variant value {variant}",
                "ucinewgame",
                f"position fen {fen}",
                f"go depth {UCI_DEPTH}",
            ]
            native = native_search(binary, variant, fen, UCI_DEPTH)
            start = time.monotonic()
            worker = tuple(driver.execute_async_script(WORKER_SEARCH, lines))
            seconds = time.monotonic() - start
            print(f"  {variant} {fen}: native {native}, worker {worker} ({seconds:.1f} s)")
            assert worker == native, f"{variant} {fen}: worker {worker} != native {native}"
    stopped_ms, after = driver.execute_async_script(WORKER_STOP)
    print(f"  figure: stop during go infinite to bestmove: {stopped_ms:.1f} ms; then {after!r}")
    assert 0 <= stopped_ms < 1000, f"bestmove came {stopped_ms} ms after stop"
    assert after.startswith("bestmove "), after


# ------------------------------------------------------------------------------------------
# Figures


def ready_ms(driver, url):
    """Milliseconds from navigation start to body[data-ready=1], read in the page."""
    driver.get(url)
    wait_for("body[data-ready=1]", lambda: driver.execute_script(
        "return document.body.dataset.ready === '1'"))
    return driver.execute_script(
        "return window.feerie.readyMs ?? null"
    )


def figures(driver, site_dir, binary, site_url):
    """Time to a playable board, static site and `feerie gui` in the same run; weight of
    the site's folder and of its WebAssembly module(s), raw and gzipped."""
    static = [ready_ms(driver, site_url) for _ in range(3)]
    server = gui.Server(binary)
    try:
        served = [ready_ms(driver, server.url) for _ in range(3)]
    finally:
        server.stop()
        driver.get(site_url)
    print(f"  figure: open to playable board: static {static} ms, feerie gui {served} ms")
    total = raw_wasm = gz_wasm = gz_total = 0
    for root, _dirs, files in os.walk(site_dir):
        for name in files:
            with open(os.path.join(root, name), "rb") as f:
                data = f.read()
            packed = len(gzip.compress(data, 9))
            total += len(data)
            gz_total += packed
            if name.endswith(".wasm"):
                raw_wasm += len(data)
                gz_wasm += packed
                print(f"  figure: {os.path.relpath(os.path.join(root, name), site_dir)}: {len(data)} bytes, {packed} gzipped")
    print(f"  figure: site folder {total} bytes ({gz_total} gzipped); .wasm {raw_wasm} ({gz_wasm} gzipped)")


# ------------------------------------------------------------------------------------------


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    site_dir, binary, shots = sys.argv[1:]
    missing = gui.missing_prerequisites()
    if missing:
        print("missing for the browser tests: " + "; ".join(missing) + "\n" + gui.INSTALL_HINT)
        return 3
    for needed in ("index.html", "wasm/load.js"):
        if not os.path.isfile(os.path.join(site_dir, needed)):
            print(f"{site_dir} is not a built site: no {needed}")
            return 1
    os.makedirs(shots, exist_ok=True)
    downloads = tempfile.mkdtemp(prefix="feerie-downloads-")
    site = StaticSite(site_dir)
    driver = None
    failures = []
    try:
        driver = gui.start_browser(downloads)
        site.driver = driver
        page = gui.Page(driver, site)
        backend = driver.execute_script("return document.documentElement.dataset.backend")
        assert backend == "local", f"the site's page has data-backend={backend!r}"
        scenarios = [
            ("dynamo push chosen in the chooser", lambda: gui.dynamo(page, shots)),
            ("augsburg split", lambda: gui.augsburg(page, shots)),
            ("einstein mutation", lambda: gui.einstein(page, shots)),
            ("readable moves and the Notation switch", lambda: gui.readable_moves(page, shots)),
            ("dynamo marks: own and pushed targets, the moves named, an own exit asked", lambda: gui.dynamo_marks(page, shots)),
            ("dynamo chooser: readable, simpler first, own exits marked", lambda: gui.dynamo_chooser(page, shots)),
            ("einstein marks: what the piece becomes, the mutation badge", lambda: gui.einstein_marks(page, shots)),
            ("analysis with 3 lines, started and stopped", lambda: analysis_three_lines(page, shots)),
            ("chess game to checkmate against the engine", lambda: gui.checkmate(page, shots)),
            ("a level, and a slow human in a move-time game", lambda: gui.level_and_slow_human(page, shots)),
            ("New game asks first", lambda: gui.new_game_asks(page, shots)),
            ("clock tenths under 10 s", lambda: gui.clock_tenths(page, shots)),
            ("engines named on the strips, at a watchable pace", lambda: gui.engines_named_at_pace(page, shots)),
            ("premove during the engine's think", lambda: gui.premove(page, shots)),
            ("auto-flip when taking Black", lambda: gui.auto_flip(page, shots)),
            ("best-move arrow and line preview", lambda: gui.arrow_and_preview(page, shots)),
            ("sounds and the mute switch", lambda: gui.sounds_and_mute(page, shots)),
            ("PGN download and import", lambda: gui.pgn_round_trip(page, shots, downloads)),
            ("PGN tags and result kept, the box untouched", lambda: gui.pgn_tags_kept(page, shots, downloads)),
            ("study tree: side line, promote, delete, analysis line, PGN", lambda: gui.study_tree(page, shots, downloads)),
            ("arrow keys after a mouse choice of variant", lambda: gui.keys_after_the_menu(page, shots)),
            ("a variant change asks first", lambda: gui.variant_change_asks(page, shots)),
            ("solver: a Dynamo #2, its tree, Stop", lambda: gui.solver(page, shots)),
            ("layout at a phone's size", lambda: gui.phone_layout(page, shots)),
            ("layout at a desktop's size", lambda: gui.desktop_layout(page, shots)),
            ("UCI session of the worker against native", lambda: uci_session(page, binary)),
            ("figures", lambda: figures(driver, site_dir, binary, site.url)),
            ("offline once loaded", lambda: offline(page, site, shots)),
        ]
        failures = gui.run_scenarios(
            page, scenarios, shots, site.url, alive=lambda: site.proc.poll() is None
        )
    finally:
        if driver is not None:
            driver.quit()
        site.stop()
        shutil.rmtree(downloads, ignore_errors=True)
    if failures:
        print(f"{len(failures)} scenario(s) failed: {', '.join(failures)}")
        return 1
    print("all scenarios passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
