"""A class on the school's JupyterHub: N students at once, time to ready and memory per student.

Run: python bench/hub.py [--students 1 5 10] [--keep]

Writes the config with ``swkit hub config`` (into a temporary folder) and starts a real hub
from it as tests/test_hub.py does (the test's overrides: ports, database, cookie secret, the
``dummy`` login, the ``simple`` spawner with ``--allow-root`` as root, a service token for this
driver). For each N: N new students start their servers at once (REST API); then each opens a
kernel and runs a DiceCup roll and an exact answer (3-card deals holding a set or a run,
``swkit.odds.deal_odds``), all at once. It prints:

- the time from the N requests to every server ready (and the first and median ready);
- the time from ready to each student's first exact answer (kernel start included);
- memory per student while each has a kernel: the server's RSS, the kernel's RSS, their sum
  (``psutil``, resident set size, MiB), and the hub's and the proxy's;
- the load (``os.getloadavg``) before and after, since the machine is shared, and the kernel
  websockets that were refused and tried again (the Python proxy under load).

Then the sizing table from The Littlest JupyterHub's rule (memory = students at once x peak
per student + 128 MB; CPU = students at once x per-student CPU + 20%) for 30 and 60 students
with 40-60% of them active at once. The servers are stopped between rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import requests
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
CODE = """\
from swkit.widgets import DiceCup
cup = DiceCup(players=1, seed=1, bot_delay=0)
cup.roll_button.click()
from swkit.odds import deal_odds
print(cup.shown_dice(), deal_odds(3).counts)
"""


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Driver:
    """The hub's REST API and a student's kernel over the websocket."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token
        self.tokens: dict[str, str] = {}
        self.retries: list[str] = []

    def api(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        return requests.request(method, self.url + path, timeout=60, allow_redirects=False,
                                headers={"Authorization": f"token {token or self.token}"}, **kw)

    def user_token(self, user: str) -> str:
        if user not in self.tokens:
            self.tokens[user] = self.api("POST", f"/hub/api/users/{user}/tokens",
                                         json={"expires_in": 3600}).json()["token"]
        return self.tokens[user]

    def server(self, user: str) -> dict[str, Any] | None:
        return self.api("GET", f"/hub/api/users/{user}").json().get("servers", {}).get("")

    async def _run(self, user: str, kernel: str, code: str) -> str:
        token = self.user_token(user)
        url = self.url.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
        conn = await websocket_connect(HTTPRequest(
            url, connect_timeout=300, request_timeout=300,
            headers={"Authorization": f"token {token}"}))
        session = uuid.uuid4().hex

        async def send(kind: str, content: dict[str, Any]) -> str:
            msg_id = uuid.uuid4().hex
            await conn.write_message(json.dumps({
                "header": {"msg_id": msg_id, "username": user, "session": session,
                           "msg_type": kind, "version": "5.3"}, "parent_header": {},
                "metadata": {}, "content": content, "channel": "shell", "buffers": []}))
            return msg_id

        async def replies(parent: str, last: str) -> str:
            text = ""
            while True:
                msg = json.loads(await asyncio.wait_for(conn.read_message(), 180))
                if msg.get("parent_header", {}).get("msg_id") != parent:
                    continue
                if msg["msg_type"] == "stream":
                    text += msg["content"]["text"]
                if msg["msg_type"] == "error":
                    raise RuntimeError("\n".join(msg["content"]["traceback"]))
                if msg["msg_type"] == last:
                    return text

        try:
            await replies(await send("kernel_info_request", {}), "kernel_info_reply")
            return await replies(await send("execute_request", {
                "code": code, "silent": False, "store_history": True, "user_expressions": {},
                "allow_stdin": False, "stop_on_error": True}), "execute_reply")
        finally:
            conn.close()

    def first_answer(self, user: str) -> tuple[float, str]:
        """Seconds from asking for a kernel to its first answer, and the answer."""
        started = time.monotonic()
        kernel = self.api("POST", f"/user/{user}/api/kernels", token=self.user_token(user),
                          json={"name": "python3"}).json()["id"]
        for attempt in range(3):   # a websocket refused under load is tried again, counted
            try:
                text = asyncio.run(self._run(user, kernel, CODE))
                break
            except HTTPClientError as exc:
                self.retries.append(f"{user}: {exc}")
                if attempt == 2:
                    raise
        return time.monotonic() - started, text.strip()


def _rss(pid: int) -> tuple[float, float]:
    """The RSS (MiB) of the process ``pid`` and of its children together."""
    process = psutil.Process(pid)
    children = process.children(recursive=True)
    return (process.memory_info().rss / MIB,
            sum(c.memory_info().rss for c in children) / MIB)


def start_hub(base: Path) -> tuple[subprocess.Popen[bytes], Driver]:
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    subprocess.run([sys.executable, "-m", "swkit", "hub", "config", "--out", str(base / "config"),
                    "--inbox", str(base / "inbox")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    port, token = _port(), secrets.token_hex(32)
    (base / "bench_config.py").write_text(f"""
load_subconfig({str(base / "config" / "jupyterhub_config.py")!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_port()}"
c.JupyterHub.db_url = "sqlite:///{base / "bench.sqlite"}"
c.JupyterHub.cookie_secret = bytes.fromhex({secrets.token_hex(32)!r})
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(base / "homes" / "{username}")!r}
c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}
c.JupyterHub.services.append({{"name": "bench", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "bench", "services": ["bench"], "scopes": [
    "admin:users", "admin:servers", "admin:server_state", "access:servers", "tokens"]}})
""")
    log = (base / "hub.log").open("wb")
    command = [sys.executable, "-m", "jupyterhub", "-f", str(base / "bench_config.py")]
    hub = subprocess.Popen(command, cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT,
                           start_new_session=True)
    driver = Driver(f"http://127.0.0.1:{port}", token)
    for _ in range(600):
        try:
            if requests.get(driver.url + "/hub/api/", timeout=5).ok:
                return hub, driver
        except requests.ConnectionError:
            pass
        if hub.poll() is not None:
            break
        time.sleep(0.2)
    raise SystemExit(f"the hub did not start: see {base / 'hub.log'}")


def one_round(driver: Driver, n: int) -> dict[str, Any]:
    users = [f"s{n}x{i}" for i in range(n)]
    driver.api("POST", "/hub/api/users", json={"usernames": users})
    started = time.monotonic()
    for user in users:
        driver.api("POST", f"/hub/api/users/{user}/server")
    ready: dict[str, float] = {}
    while len(ready) < n and time.monotonic() - started < 600:
        for user in users:
            if user not in ready and (driver.server(user) or {}).get("ready"):
                ready[user] = time.monotonic() - started
        time.sleep(0.25)
    if len(ready) < n:
        raise SystemExit(f"only {len(ready)} of {n} servers were ready in 600 s")
    with ThreadPoolExecutor(n) as pool:
        answers = list(pool.map(driver.first_answer, users))
    assert len({text for _, text in answers}) == 1, answers   # every kernel, the same answer
    memory = []
    for user in users:
        pid = driver.server(user)["state"]["pid"]
        memory.append(_rss(pid))
    for user in users:
        driver.api("DELETE", f"/hub/api/users/{user}/server")
    while any(driver.server(u) for u in users):
        time.sleep(0.5)
    return {"n": n, "all_ready": max(ready.values()), "first_ready": min(ready.values()),
            "median_ready": statistics.median(ready.values()),
            "answer_median": statistics.median(a for a, _ in answers),
            "answer_max": max(a for a, _ in answers),
            "server_mib": statistics.median(m[0] for m in memory),
            "kernel_mib": statistics.median(m[1] for m in memory),
            "student_mib": max(m[0] + m[1] for m in memory)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[1, 5, 10])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="swkit-bench-hub-"))
    load_before = os.getloadavg()
    hub, driver = start_hub(base)
    rows = []
    try:
        for n in args.students:
            rows.append(one_round(driver, n))
            print(f"{n:3d} students: all ready {rows[-1]['all_ready']:5.1f} s (first "
                  f"{rows[-1]['first_ready']:.1f}, median {rows[-1]['median_ready']:.1f}); "
                  f"first exact answer {rows[-1]['answer_median']:.1f} s after ready (median; "
                  f"slowest {rows[-1]['answer_max']:.1f}); server {rows[-1]['server_mib']:.0f} "
                  f"MiB + kernel {rows[-1]['kernel_mib']:.0f} MiB a student (peak "
                  f"{rows[-1]['student_mib']:.0f})", flush=True)
        hub_process = psutil.Process(hub.pid)
        proxy = [p for p in hub_process.children() if "configurable" in " ".join(p.cmdline())]
        print(f"websockets tried again: {len(driver.retries)} {driver.retries}")
        print(f"hub {hub_process.memory_info().rss / MIB:.0f} MiB, proxy "
              f"{sum(p.memory_info().rss for p in proxy) / MIB:.0f} MiB")
    finally:
        hub.send_signal(signal.SIGTERM)
        hub.wait(60)
        if not args.keep:
            import shutil
            shutil.rmtree(base, ignore_errors=True)
    load_after = os.getloadavg()
    print(f"load (1, 5, 15 min) before {load_before[0]:.1f} {load_before[1]:.1f} "
          f"{load_before[2]:.1f}, after {load_after[0]:.1f} {load_after[1]:.1f} "
          f"{load_after[2]:.1f}; {os.cpu_count()} cores; {time.strftime('%Y-%m-%d')}")
    peak = max(r["student_mib"] for r in rows)
    print(f"\nSizing (The Littlest JupyterHub's rule: students at once x {peak:.0f} MiB peak "
          f"a student + 128 MB, then 25% headroom):")
    print("class  at once (40-60%)  memory")
    for size in (30, 60):
        low, high = round(size * 0.4), round(size * 0.6)
        need = [(k * peak * MIB + 128e6) * 1.25 / 1e9 for k in (low, high)]
        print(f"{size:5d}  {low:2d}-{high:2d}              {need[0]:.1f}-{need[1]:.1f} GB")


if __name__ == "__main__":
    main()
