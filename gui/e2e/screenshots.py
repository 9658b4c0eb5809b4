#!/usr/bin/env python3
"""The screenshots of docs/images/ that show `feerie gui` at a desktop's and a phone's size.

Usage: screenshots.py FEERIE_BINARY [OUT_DIR]   (OUT_DIR: docs/images by default)

Plays on the page by clicks as test_gui.py does (its server, browser and page helpers)
and writes gui-desktop.png (1400x900: a Dynamo game under analysis), gui-phone.png
(390x844: the same game) and gui-phone-chooser.png (390x844: an Augsburg split offered
in the chooser). Needs what test_gui.py needs (exit status 3 when it is missing).
"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_gui as gui  # noqa: E402

# A Dynamo opening, as clicks (from, to, move): at last Black's knight f6 goes to e4 and
# pushes the pawn there back to d2.
DYNAMO_GAME = [
    (uci[0:2], uci[2:4], uci)
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3"]
] + [("f6", "e4", "e4d2/f6e4")]
AUGSBURG = "r3k2r/pp3ppp/2(nb)1b3/8/3(RBN)4/8/PPP1(NP)PPP/4K2R w Kkq - 0 1"


def dynamo_game(page, lines):
    """The Dynamo game played by clicks, analysed with `lines` lines."""
    page.new_game("dynamo")
    for origin, target, uci in DYNAMO_GAME:
        page.play(origin, target, uci)
    from selenium.webdriver.support.ui import Select

    Select(page.find("#multipv")).select_by_visible_text(str(lines))


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    binary = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) == 3 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "../../docs/images"
    )
    missing = gui.missing_prerequisites()
    if missing:
        print("missing: " + "; ".join(missing) + "\n" + gui.INSTALL_HINT)
        return 3
    os.makedirs(out, exist_ok=True)
    server = gui.Server(binary)
    driver = None
    try:
        driver = gui.start_browser(tempfile.mkdtemp(prefix="feerie-downloads-"))
        page = gui.Page(driver, server)
        with gui.viewport(page, gui.DESKTOP, mobile=False):
            dynamo_game(page, 3)
            with gui.analysing(page, min_depth=10):
                page.screenshot(out, "gui-desktop")
        with gui.viewport(page, gui.PHONE, mobile=True):
            dynamo_game(page, 2)
            with gui.analysing(page, min_depth=10):
                page.screenshot(out, "gui-phone")
            page.new_game("augsburg", AUGSBURG)
            page.click_move("d4", "b5", "d4b5(n)", (out, "gui-phone-chooser"))
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
