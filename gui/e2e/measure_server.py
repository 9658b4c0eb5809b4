#!/usr/bin/env python3
"""Figures of `feerie gui` under analysis (docs/gui.md): updates per second each tab gets,
and the memory of the server and of its engine processes while tabs analyse.

Usage: measure_server.py FEERIE_BINARY [TABS] [SECONDS]

Starts `feerie gui --no-open --port 0`, opens TABS WebSocket sessions (default 2), each
analysing the chess start position with MultiPV 2 for SECONDS (default 10), and prints
the `analysis` messages each received per second (after the first), and the resident
memory (VmRSS) of the server and of its engines half-way. Needs the `websocket-client`
package (installed with selenium). A measurement, not a test: nothing is asserted.
"""

import json
import subprocess
import sys
import threading
import time

import websocket


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def analyse(port, seconds, results, name):
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws")
    ws.send(json.dumps({"type": "analyse", "variant": "chess", "fen": None, "moves": [],
                        "multipv": 2, "engine": 0}))
    ws.settimeout(0.2)
    first, count, depth = None, 0, 0
    while first is None or time.time() < first + seconds:
        try:
            message = json.loads(ws.recv())
        except websocket.WebSocketTimeoutException:
            continue
        if message["type"] == "analysis":
            first = first or time.time()
            count += 1
            depth = (message.get("progress") or {}).get("depth", depth)
    ws.send(json.dumps({"type": "stop_analysis"}))
    ws.close()
    results[name] = (count - 1) / seconds, depth


def main():
    binary = sys.argv[1]
    tabs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
    server = subprocess.Popen([binary, "gui", "--no-open", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = server.stdout.readline().split("127.0.0.1:")[1].split("/")[0]
        idle = rss_mib(server.pid)
        results = {}
        threads = [threading.Thread(target=analyse, args=(port, seconds, results, f"tab {i}"))
                   for i in range(1, tabs + 1)]
        for thread in threads:
            thread.start()
        time.sleep(seconds / 2)
        engines = children(server.pid)
        print(f"server: {idle:.1f} MiB idle, {rss_mib(server.pid):.1f} MiB with {tabs} tab(s) "
              f"analysing; engines: " + ", ".join(f"{rss_mib(p):.1f} MiB" for p in engines))
        for thread in threads:
            thread.join()
        for name, (rate, depth) in sorted(results.items()):
            print(f"{name}: {rate:.1f} analysis updates per second over {seconds:g} s "
                  f"(depth {depth} reached)")
    finally:
        server.kill()


if __name__ == "__main__":
    main()
