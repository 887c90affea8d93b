"""A class on the school's JupyterHub: N students at once, time to ready, memory and CPU.

Run: python bench/hub.py [--students 1 5 10 20] [--keep]

Writes the config with ``swkit hub config`` (into a temporary folder) and starts a real hub
from it as tests/test_hub.py does (the test's overrides: ports, database, cookie secret, the
``dummy`` login, the ``simple`` spawner with ``--allow-root`` as root, a service token for this
driver). For each N: N new students start their servers at once (REST API); then, all at once,
each student opens lesson 9 (a session: its kernel) and runs its first cells' work, a DiceCup
roll and an exact answer (3-card deals holding a set or a run, ``swkit.odds.deal_odds``), and
then opens lesson 1 from the copy their server put in their home (read through the server's
contents API, ``nbformat``) and runs every code cell of it in order, top to bottom, in that
lesson's own kernel over the websocket, as a student pressing Shift+Enter would. A cell that
fails is counted and shown (the student goes on to the next cell). It prints:

- the time from the N requests to every server ready (and the first and median ready), and
  the spawns that failed;
- the time from ready to each student's first exact answer (lesson 9's kernel start included);
- the time for lesson 1 top to bottom a student (its kernel start included) and the cells that
  failed;
- memory per student (``psutil``, resident set size, MiB): the server's and the kernels' RSS
  after lesson 1, and the peak of server + kernels while lesson 1 ran (sampled every 0.2 s and
  at the lesson's start and end; a process just forked, before it becomes a kernel, is not
  counted twice);
- CPU per student (``psutil`` ``cpu_times``, user + system, of the student's server and
  kernels): the CPU seconds over lesson 1 (its kernel's start included), over the whole
  session (server start, both lessons), and the share of a core lesson 1 used while it ran;
- the hub's and the proxy's memory, the load (``os.getloadavg``) before and after, since the
  machine is shared, and the kernel websockets that were refused and tried again.

Then the sizing table from The Littlest JupyterHub's rule (memory = students at once x peak per
student + 128 MB, with a quarter for headroom; CPU = students at once x per-student CPU + 20%)
for 30 and 60 students with 40-60% of them active at once. The peak per student is the largest
peak measured while lesson 1 ran; the CPU per student is the share of a core lesson 1 used in
the smallest round (1 student: nothing else of the bench's competes with it), the case of every
student running cells at the same moment. The servers are stopped between rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import psutil
import requests
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
LESSONS = "swkit-lessons"      # swkit.hub.inbox.LESSONS_FOLDER: the lessons in a student's home
LESSON9 = "09-play.ipynb"
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


def _processes(pid: int) -> list[psutil.Process]:
    """The student's server ``pid`` and its children (the kernels)."""
    server = psutil.Process(pid)
    return [server, *server.children(recursive=True)]


def _rss(processes: list[psutil.Process]) -> float:
    """Their resident set size together, MiB (a process that ended counts 0). A process just
    forked and not yet turned into its program (its command line is its parent's: the server
    starting a kernel) counts 0 too: its pages are its parent's, shared, not new memory."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            parent = process.parent()
            if parent is not None and parent.cmdline() == process.cmdline():
                continue
            total += process.memory_info().rss
    return total / MIB


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) the server ``pid`` and its living children have used."""
    total = 0.0
    for process in _processes(pid):
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


class PeakMemory:
    """Samples, every ``interval`` seconds in a thread, the RSS of each student's server +
    kernels while the student is inside a lesson (:meth:`enter` .. :meth:`leave`), and keeps
    each student's peak (MiB)."""

    def __init__(self, interval: float = 0.2) -> None:
        self.interval = interval
        self.peaks: dict[str, float] = {}
        self.inside: dict[str, int] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def sample(self, user: str, pid: int) -> None:
        """One sample of ``user``'s server ``pid`` and its kernels now."""
        try:
            rss = _rss(_processes(pid))
        except psutil.NoSuchProcess:
            return
        with self.lock:
            self.peaks[user] = max(self.peaks.get(user, 0.0), rss)

    def enter(self, user: str, pid: int) -> None:
        self.sample(user, pid)
        with self.lock:
            self.inside[user] = pid

    def leave(self, user: str) -> None:
        with self.lock:
            pid = self.inside.pop(user)
        self.sample(user, pid)

    def _loop(self) -> None:
        while not self.stopped.wait(self.interval):
            with self.lock:
                inside = dict(self.inside)
            for user, pid in inside.items():
                self.sample(user, pid)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join()


@dataclass
class Student:
    """What one student's round measured: seconds, CPU seconds, MiB, failed cells."""

    user: str
    answer_seconds: float = 0.0
    answer: str = ""
    lesson_seconds: float = 0.0
    lesson_cpu: float = 0.0
    session_cpu: float = 0.0
    cells: int = 0
    errors: list[str] = field(default_factory=list)
    failure: str = ""
    server_mib: float = 0.0
    kernels_mib: list[float] = field(default_factory=list)


class Kernel:
    """A student's kernel over the server's websocket (the channels of the Jupyter protocol)."""

    def __init__(self, conn: WebSocketClientConnection, user: str) -> None:
        self.conn, self.user, self.session = conn, user, uuid.uuid4().hex

    async def _send(self, kind: str, content: dict[str, Any]) -> str:
        msg_id = uuid.uuid4().hex
        await self.conn.write_message(json.dumps({
            "header": {"msg_id": msg_id, "username": self.user, "session": self.session,
                       "msg_type": kind, "version": "5.3"}, "parent_header": {},
            "metadata": {}, "content": content, "channel": "shell", "buffers": []}))
        return msg_id

    async def _replies(self, parent: str, last: str) -> tuple[str, dict[str, Any]]:
        """The stream text for ``parent`` and its ``last`` reply's content, once the kernel
        is idle again after it (iopub and shell arrive in either order)."""
        text, reply, idle = "", None, False
        while reply is None or not idle:
            raw = await asyncio.wait_for(self.conn.read_message(), 600)
            if raw is None:
                raise ConnectionError(f"{self.user}: the kernel's websocket closed")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != parent:
                continue
            if msg["msg_type"] == "stream":
                text += msg["content"]["text"]
            elif msg["msg_type"] == last:
                reply = msg["content"]
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
        return text, reply

    async def ready(self) -> None:
        await self._replies(await self._send("kernel_info_request", {}), "kernel_info_reply")

    async def execute(self, code: str) -> tuple[str, str | None]:
        """Run ``code``: its printed text and, if it failed, ``"Name: value"`` of the error."""
        text, reply = await self._replies(await self._send("execute_request", {
            "code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}), "execute_reply")
        if reply.get("status") == "ok":
            return text, None
        return text, f"{reply.get('ename')}: {reply.get('evalue')}"


class Driver:
    """The hub's REST API, a student's server's API and a student's kernel over the websocket."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token
        self.tokens: dict[str, str] = {}
        self.retries: list[str] = []
        self.lock = threading.Lock()

    def api(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        return requests.request(method, self.url + path, timeout=120, allow_redirects=False,
                                headers={"Authorization": f"token {token or self.token}"}, **kw)

    def user_token(self, user: str) -> str:
        with self.lock:
            if user not in self.tokens:
                self.tokens[user] = self.api("POST", f"/hub/api/users/{user}/tokens",
                                             json={"expires_in": 3600}).json()["token"]
            return self.tokens[user]

    def server(self, user: str) -> dict[str, Any] | None:
        return self.api("GET", f"/hub/api/users/{user}").json().get("servers", {}).get("")

    def servers(self, users: list[str]) -> dict[str, dict[str, Any] | None]:
        """Each of ``users``' default server (None: none), in one request."""
        wanted, found = set(users), {}
        offset = 0
        while True:
            page = self.api("GET", "/hub/api/users", params={"offset": offset, "limit": 200},
                            ).json()
            items = page["items"] if isinstance(page, dict) else page
            for model in items:
                if model["name"] in wanted:
                    found[model["name"]] = (model.get("servers") or {}).get("")
            if len(items) < 200:
                return {user: found.get(user) for user in users}
            offset += 200

    def user_api(self, user: str, method: str, path: str, **kw: Any) -> Any:
        reply = self.api(method, f"/user/{user}/api/{path}", token=self.user_token(user), **kw)
        reply.raise_for_status()
        return reply.json() if reply.content else None

    def open_lesson(self, user: str, path: str) -> str:
        """Open the notebook ``path`` (in the student's home) as JupyterLab does: a session,
        which starts its kernel. Returns the kernel's id."""
        return self.user_api(user, "POST", "sessions", json={
            "path": path, "name": Path(path).name, "type": "notebook",
            "kernel": {"name": "python3"}})["kernel"]["id"]

    async def connect(self, user: str, kernel: str) -> Kernel:
        """The kernel's websocket; one refused under load is tried again (counted)."""
        url = self.url.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
        for attempt in range(3):
            try:
                conn = await websocket_connect(HTTPRequest(
                    url, connect_timeout=300, request_timeout=300,
                    headers={"Authorization": f"token {self.user_token(user)}"}))
                break
            except HTTPClientError as exc:
                self.retries.append(f"{user}: {exc}")
                if attempt == 2:
                    raise
        kernel = Kernel(conn, user)
        await kernel.ready()
        return kernel

    def lesson_one(self, user: str) -> tuple[str, nbformat.NotebookNode]:
        """Lesson 1 as the student's server placed it in their home: its path and notebook."""
        folder = self.user_api(user, "GET", f"contents/{LESSONS}", params={"content": 1})
        name = min(f["name"] for f in folder["content"]
                   if f["name"].startswith("01-") and f["name"].endswith(".ipynb"))
        model = self.user_api(user, "GET", f"contents/{LESSONS}/{name}",
                              params={"content": 1, "type": "notebook"})
        return f"{LESSONS}/{name}", nbformat.from_dict(model["content"])

    async def _student(self, student: Student, pid: int, memory: PeakMemory) -> None:
        started = time.monotonic()
        kernel = await self.connect(student.user, self.open_lesson(student.user,
                                                                   f"{LESSONS}/{LESSON9}"))
        try:
            text, error = await kernel.execute(CODE)
        finally:
            kernel.conn.close()
        if error:
            raise RuntimeError(f"{student.user}: lesson 9's cells failed: {error}")
        student.answer_seconds, student.answer = time.monotonic() - started, text.strip()

        path, notebook = self.lesson_one(student.user)
        memory.enter(student.user, pid)
        cpu, started = _cpu(pid), time.monotonic()
        kernel = await self.connect(student.user, self.open_lesson(student.user, path))
        try:
            for number, cell in enumerate(notebook.cells, 1):
                if cell.cell_type != "code":
                    continue
                student.cells += 1
                _, error = await kernel.execute(cell.source)
                if error:
                    student.errors.append(f"cell {number}: {error.splitlines()[0][:200]}")
        finally:
            kernel.conn.close()
        student.lesson_seconds = time.monotonic() - started
        student.lesson_cpu = _cpu(pid) - cpu
        memory.leave(student.user)
        processes = _processes(pid)
        student.session_cpu = _cpu(pid)
        student.server_mib = _rss(processes[:1])
        student.kernels_mib = sorted(_rss([p]) for p in processes[1:])

    def student(self, user: str, pid: int, memory: PeakMemory) -> Student:
        """One student, all at once with the others: lesson 9's first cells, then lesson 1 top
        to bottom (see the module's docstring)."""
        student = Student(user)
        try:
            asyncio.run(self._student(student, pid, memory))
        except Exception as exc:    # a finding to count and show, not to stop the round
            student.failure = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
            with contextlib.suppress(KeyError):
                memory.leave(user)
        return student


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


def _why(log: Path, users: list[str]) -> dict[str, int]:
    """The hub log's reason for each of ``users``' failed spawns, counted by reason."""
    reasons: dict[str, int] = {}
    lines = log.read_text(errors="replace").splitlines()
    for user in users:
        said = [line.split("] ", 1)[-1] for line in lines
                if f"{user}'s server" in line and ("iving up" in line or "rror" in line)]
        reason = (re.sub(r" at http\S+", "", said[0].replace(user, "<student>")) if said
                  else "(no reason in the hub log)")
        reasons[reason] = reasons.get(reason, 0) + 1
    return reasons


def _bind_errors(log: Path) -> int:
    """How many kernel starts in the hub log failed on a port another kernel had taken."""
    return log.read_text(errors="replace").count("Address already in use")


def one_round(driver: Driver, n: int, log: Path) -> dict[str, Any]:
    users = [f"s{n}x{i}" for i in range(n)]
    bind_errors = _bind_errors(log)
    driver.api("POST", "/hub/api/users", json={"usernames": users})
    started = time.monotonic()
    refused = {}
    for user in users:
        reply = driver.api("POST", f"/hub/api/users/{user}/server")
        if reply.status_code not in (201, 202):
            refused[user] = f"{reply.status_code} {reply.text[:120]}"
    if refused:
        raise SystemExit(f"the hub refused to start {len(refused)} of {n} servers: {refused}")
    ready: dict[str, float] = {}
    failed: dict[str, float] = {}
    while len(ready) + len(failed) < n and time.monotonic() - started < 600:
        for user, server in driver.servers(users).items():
            if user in ready or user in failed:
                continue
            if server is None:      # the spawn failed (its timeout): the hub removed it
                failed[user] = time.monotonic() - started
            elif server.get("ready"):
                ready[user] = time.monotonic() - started
        time.sleep(0.25)
    if not ready:
        return {"n": n, "ready": 0, "failed": failed, "why": _why(log, list(failed))}
    pids = {user: driver.server(user)["state"]["pid"] for user in ready}
    memory = PeakMemory()
    try:
        with ThreadPoolExecutor(len(pids)) as pool:
            students = list(pool.map(driver.student, pids, pids.values(), [memory] * len(pids)))
    finally:
        memory.stop()
    broken: dict[str, int] = {}
    for s in students:
        if s.failure:
            broken[s.failure] = broken.get(s.failure, 0) + 1
    students = [s for s in students if not s.failure]
    if not students:
        raise SystemExit(f"every student of {n} failed: {broken}")
    answers = {s.answer for s in students}
    assert len(answers) == 1, answers   # every kernel, the same exact answer
    for user in users:
        driver.api("DELETE", f"/hub/api/users/{user}/server")
    while any(driver.servers(users).values()):
        time.sleep(0.5)
    errors: dict[str, int] = {}
    for s in students:
        for error in s.errors:
            errors[error] = errors.get(error, 0) + 1
    seconds = [s.lesson_seconds for s in students]
    return {"n": n, "ready": len(ready), "failed": failed, "why": _why(log, list(failed)),
            "broken": broken, "zmq": _bind_errors(log) - bind_errors,
            "all_ready": max(ready.values()),
            "first_ready": min(ready.values()), "median_ready": statistics.median(ready.values()),
            "answer_median": statistics.median(s.answer_seconds for s in students),
            "answer_max": max(s.answer_seconds for s in students),
            "cells": students[0].cells, "errors": errors,
            "lesson_median": statistics.median(seconds), "lesson_max": max(seconds),
            "server_mib": statistics.median(s.server_mib for s in students),
            "kernels_mib": [statistics.median(k)
                            for k in zip(*(s.kernels_mib for s in students), strict=False)],
            "peak_median": statistics.median(memory.peaks.values()),
            "peak_max": max(memory.peaks.values()),
            "cpu_median": statistics.median(s.lesson_cpu for s in students),
            "cpu_max": max(s.lesson_cpu for s in students),
            "session_cpu": statistics.median(s.session_cpu for s in students),
            "core_share": statistics.median(s.lesson_cpu / s.lesson_seconds for s in students)}


def report(row: dict[str, Any]) -> None:
    """Print one round's figures."""
    if not row["ready"]:
        print(f"{row['n']:3d} students: none ready; {len(row['failed'])} spawns failed, noticed "
              f"after {min(row['failed'].values()):.0f}-{max(row['failed'].values()):.0f} s: "
              + "; ".join(f"{why} (x{count})" for why, count in row["why"].items()), flush=True)
        return
    kernels = " + ".join(f"{k:.0f}" for k in row["kernels_mib"])
    failed = (f"; {len(row['failed'])} spawns failed, noticed after "
              f"{min(row['failed'].values()):.0f}-{max(row['failed'].values()):.0f} s: "
              + "; ".join(f"{why} (x{count})" for why, count in row["why"].items())
              if row["failed"] else "")
    errors = ("; ".join(f"{e} (x{c})" for e, c in row["errors"].items())
              if row["errors"] else "none")
    broken = ("; ".join(f"{why} (x{count})" for why, count in row["broken"].items())
              if row["broken"] else "none")
    print(f"{row['n']:3d} students: {row['ready']} ready, all {row['all_ready']:5.1f} s (first "
          f"{row['first_ready']:.1f}, median {row['median_ready']:.1f}){failed}; first exact "
          f"answer {row['answer_median']:.1f} s after ready (median; slowest "
          f"{row['answer_max']:.1f})\n"
          f"     students whose lessons could not run: {broken}; kernels that could not bind "
          f"their port ('Address already in use', hub log): {row['zmq']}\n"
          f"     lesson 1 top to bottom ({row['cells']} code cells): {row['lesson_median']:.1f} s "
          f"a student (median; slowest {row['lesson_max']:.1f}); cells that failed: {errors}\n"
          f"     a student: server {row['server_mib']:.0f} MiB + kernels {kernels} MiB after "
          f"lesson 1; peak while lesson 1 ran {row['peak_median']:.0f} MiB (median; largest "
          f"{row['peak_max']:.0f}); CPU over lesson 1 {row['cpu_median']:.1f} s (median; most "
          f"{row['cpu_max']:.1f}), {row['core_share']:.2f} of a core while it ran; whole "
          f"session {row['session_cpu']:.1f} CPU s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[1, 5, 10, 20])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="swkit-bench-hub-"))
    load_before = os.getloadavg()
    hub, driver = start_hub(base)
    rows = []
    try:
        for n in args.students:
            rows.append(one_round(driver, n, base / "hub.log"))
            report(rows[-1])
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
          f"{load_after[2]:.1f}; {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}")
    largest = max(rows, key=lambda r: r["n"])
    print(f"goal (20 ready within 60 s, each first exact answer within 5 s of ready), "
          f"{largest['n']} students: {largest['ready']} ready"
          + (f", all in {largest['all_ready']:.1f} s; slowest first exact answer "
             f"{largest['answer_max']:.1f} s" if largest["ready"] else ""))
    rows = [r for r in rows if r["ready"]]
    if not rows:
        return
    peak = max(r["peak_max"] for r in rows)
    smallest = min(rows, key=lambda r: r["n"])
    share, cpu = smallest["core_share"], max(r["cpu_median"] for r in rows)
    print(f"\nSizing (The Littlest JupyterHub's rule: memory = students at once x {peak:.0f} MiB "
          f"peak a student + 128 MB, then 25% headroom; CPU = students at once x {share:.2f} of a "
          f"core a student while lesson 1 runs ({smallest['n']} at once) + 20%):")
    print(f"{'class':>5}  {'at once (40-60%)':<17} {'memory':<13} {'CPU (cores)':<12} "
          f"lesson 1 by all at once ({cpu:.1f} CPU s each)")
    for size in (30, 60):
        low, high = round(size * 0.4), round(size * 0.6)
        need = [(k * peak * MIB + 128e6) * 1.25 / 1e9 for k in (low, high)]
        cores = [k * share * 1.2 for k in (low, high)]
        print(f"{size:5d}  {f'{low}-{high}':<17} {f'{need[0]:.1f}-{need[1]:.1f} GB':<13} "
              f"{f'{cores[0]:.1f}-{cores[1]:.1f}':<12} {low * cpu:.0f}-{high * cpu:.0f} CPU s")


if __name__ == "__main__":
    main()
