"""A real JupyterHub from the config ``swkit hub config`` writes, driven through its REST API.

One hub for the module (a module-scoped fixture). Its config is a small file that loads the
written config (``load_subconfig``) and overrides only the ports, the database, the cookie
secret, the login (the ``dummy`` authenticator), the spawner (``simple``, with
``--allow-root`` as root) and adds a service token for this driver. Three students of the
class list start their servers at once; each finds the lessons in their home with lesson 1 as
the front page, and a kernel in each plays a DiceCup; the idle culler runs as a service; one
student's token is refused at another's server; the class list decides who signs in, whatever
the case of the name; a changed lesson survives a restart of the server (the new version beside
it); a hand-in lands in the inbox under the hub user name and ``swkit class report`` reads it;
a server killed mid-lesson, and the hub itself restarted, come back with the student's work."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests  # with jupyterhub: pip install ".[test]" brings swkit[hub]
from tornado import websocket

from swkit.classroom.records import MIME, read_notebook
from swkit.cli.lessons_copy import (
    fingerprint,
    kit_bytes,
    lesson_files,
    lessons_source,
)
from swkit.hub.singleuser import BESIDE_MANIFEST, NOTICE, beside_name, first_lesson

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
STUDENTS = ("anna", "ben", "chris")
READY_SECONDS = 150
"""How long the test waits for students' servers, and lets the hub wait for one (its
``start_timeout`` and ``http_timeout``: 60 and 30 s by default, and a server on a machine at
load 20 took longer than 60 s to answer)."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NotReady(Exception):
    """The kernel did not answer its kernel_info_request (nothing was run: try again)."""


class Hub:
    """The running hub and a driver for it: ``url``, ``token`` (the driver's service token),
    ``inbox``, ``homes`` (a student's home is ``homes / name``), ``log`` (the hub's output)."""

    def __init__(self, url: str, token: str, inbox: Path, homes: Path, log: Path) -> None:
        self.url, self.token, self.inbox, self.homes, self.log = url, token, inbox, homes, log
        self.tokens: dict[str, str] = {}
        self.restart: Any = None   # the fixture's: stop the hub and start it again

    def api(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        """A request to ``url + path`` with ``token`` (default: the driver's)."""
        headers = {"Authorization": f"token {token or self.token}"}
        return requests.request(method, self.url + path, headers=headers, timeout=30,
                                allow_redirects=False, **kwargs)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def start(self, *users: str) -> None:
        """Start the users' servers at once and wait until every one is ready."""
        for user in users:
            reply = self.api("POST", f"/hub/api/users/{user}/server")
            assert reply.status_code in (201, 202), (reply.status_code, reply.text, self.tail())
        self.wait_ready(*users)

    def wait_ready(self, *users: str) -> None:
        """Wait until every one of the users' servers is ready."""
        waiting = set(users)
        deadline = time.monotonic() + READY_SECONDS
        while waiting and time.monotonic() < deadline:
            for user in sorted(waiting):
                model = self.api("GET", f"/hub/api/users/{user}").json()
                server = model.get("servers", {}).get("")
                if server and server.get("ready"):
                    waiting.discard(user)
            time.sleep(0.5)
        assert not waiting, f"not ready in {READY_SECONDS} s: {waiting}\n{self.tail()}"

    def stop(self, user: str) -> None:
        reply = self.api("DELETE", f"/hub/api/users/{user}/server")
        assert reply.status_code in (202, 204), (reply.status_code, reply.text)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not self.api("GET", f"/hub/api/users/{user}").json().get("servers"):
                return
            time.sleep(0.3)
        raise AssertionError(f"{user}'s server did not stop\n{self.tail()}")

    def user_token(self, user: str) -> str:
        if user not in self.tokens:
            reply = self.api("POST", f"/hub/api/users/{user}/tokens",
                             json={"expires_in": 3600, "note": "test"})
            assert reply.status_code == 201, reply.text
            self.tokens[user] = reply.json()["token"]
        return self.tokens[user]

    def contents(self, user: str, path: str, token: str | None = None) -> Any:
        return self.api("GET", f"/user/{user}/api/contents/{path}",
                        token=token or self.user_token(user))

    def put_notebook(self, user: str, path: str, notebook: dict[str, Any]) -> None:
        reply = self.api("PUT", f"/user/{user}/api/contents/{path}",
                         token=self.user_token(user),
                         json={"type": "notebook", "format": "json", "content": notebook})
        assert reply.status_code in (200, 201), reply.text

    def run_code(self, user: str, code: str) -> list[dict[str, Any]]:
        """Run ``code`` in a new kernel of ``user``'s server over the websocket; the outputs
        as a notebook keeps them (stream, display_data, execute_result, error)."""
        token = self.user_token(user)
        reply = self.api("POST", f"/user/{user}/api/kernels", token=token,
                         json={"name": "python3"})
        assert reply.status_code == 201, reply.text
        kernel = reply.json()["id"]
        try:
            for _ in range(2):   # a kernel_info_request may go unanswered (the notes: 1 in 30)
                with concurrent.futures.ThreadPoolExecutor(1) as pool:
                    try:   # a thread of its own: asyncio.run needs no loop running here
                        return pool.submit(asyncio.run, self._execute(
                            user, kernel, token, code)).result(timeout=150)
                    except NotReady:
                        continue
            raise AssertionError(f"{user}'s kernel never answered\n{self.tail()}")
        finally:
            self.api("DELETE", f"/user/{user}/api/kernels/{kernel}", token=token)

    async def _execute(self, user: str, kernel: str, token: str,
                       code: str) -> list[dict[str, Any]]:
        ws_url = self.url.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
        from tornado.httpclient import HTTPRequest
        request = HTTPRequest(ws_url, headers={"Authorization": f"token {token}"})
        conn = await websocket.websocket_connect(request)
        session = uuid.uuid4().hex

        def message(kind: str, content: dict[str, Any]) -> tuple[str, str]:
            msg_id = uuid.uuid4().hex
            return msg_id, json.dumps({
                "header": {"msg_id": msg_id, "username": user, "session": session,
                           "msg_type": kind, "version": "5.3"},
                "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                "buffers": []})

        async def until(parent: str, done: Any, wait: float = 90) -> list[dict[str, Any]]:
            seen: list[dict[str, Any]] = []
            while True:
                raw = await asyncio.wait_for(conn.read_message(), wait)
                assert raw is not None, "the kernel's websocket closed"
                msg = json.loads(raw)
                if msg.get("parent_header", {}).get("msg_id") != parent:
                    continue
                seen.append(msg)
                if done(seen):
                    return seen

        try:
            info_id, info = message("kernel_info_request", {})
            await conn.write_message(info)
            try:
                await until(info_id, lambda s: s[-1]["msg_type"] == "kernel_info_reply", 20)
            except TimeoutError:
                raise NotReady from None
            run_id, run = message("execute_request", {
                "code": code, "silent": False, "store_history": True,
                "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
            await conn.write_message(run)

            def finished(seen: list[dict[str, Any]]) -> bool:
                kinds = [m["msg_type"] for m in seen]
                idle = any(m["msg_type"] == "status" and m["content"]["execution_state"]
                           == "idle" for m in seen)
                return idle and "execute_reply" in kinds

            seen = await until(run_id, finished)
        finally:
            conn.close()
        outputs = []
        for msg in seen:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                outputs.append({"output_type": "stream", "name": content["name"],
                                "text": content["text"]})
            elif kind in ("display_data", "execute_result"):
                out = {"output_type": kind, "data": content["data"],
                       "metadata": content.get("metadata", {})}
                if kind == "execute_result":
                    out["execution_count"] = content["execution_count"]
                outputs.append(out)
            elif kind == "error":
                outputs.append({"output_type": "error", "ename": content["ename"],
                                "evalue": content["evalue"], "traceback": content["traceback"]})
        return outputs


def _text(outputs: list[dict[str, Any]]) -> str:
    errors = [o for o in outputs if o["output_type"] == "error"]
    assert not errors, "\n".join("\n".join(o["traceback"]) for o in errors)
    return "".join(o["text"] for o in outputs if o["output_type"] == "stream"
                   and o["name"] == "stdout")


def _wait_for(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the hub exited ({process.returncode}):\n"
                                 f"{log.read_text(errors='replace')[-4000:]}")
        try:
            if requests.get(url + "/hub/api/", timeout=5).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"the hub did not answer:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """One real hub for the module, from the config swkit hub config writes."""
    base = tmp_path_factory.mktemp("hub")
    (base / "class.txt").write_text("# our class\n" + "\n".join(s.title() for s in STUDENTS)
                                    + "\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent),
                                 os.environ.get("PATH", "")])}
    written = subprocess.run(
        [sys.executable, "-m", "swkit", "hub", "config", "--out", str(base / "config"),
         "--students", str(base / "class.txt"), "--inbox", str(base / "inbox")],
        env=env, capture_output=True, text=True, timeout=60)
    assert written.returncode == 0, written.stderr
    assert "jupyterhub -f" in written.stdout
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    token = secrets.token_hex(32)
    homes = base / "homes"
    root = os.geteuid() == 0
    (base / "test_config.py").write_text(f"""
load_subconfig({str(base / "config" / "jupyterhub_config.py")!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.db_url = "sqlite:///{base / "test.sqlite"}"
c.JupyterHub.cookie_secret = bytes.fromhex({secrets.token_hex(32)!r})
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / "{username}")!r}
c.Spawner.args = {["--allow-root"] if root else []!r}
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 0}}
c.Spawner.start_timeout = {READY_SECONDS}
c.Spawner.http_timeout = {READY_SECONDS}
c.JupyterHub.services.append({{"name": "test-driver", "api_token": {token!r}}})
c.JupyterHub.load_roles.append({{"name": "test-driver", "services": ["test-driver"],
    "scopes": ["admin:users", "admin:servers", "admin:server_state", "access:servers",
               "tokens", "list:services", "read:services"]}})
""")
    log = base / "hub.log"
    url = f"http://127.0.0.1:{port}"

    def launch() -> subprocess.Popen[bytes]:
        with log.open("ab") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(base / "test_config.py")],
                cwd=base, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)
        _wait_for(url, process, log)
        return process

    processes = []
    try:
        processes.append(launch())
        driver = Hub(url, token, base / "inbox", homes, log)

        def restart() -> None:
            _shut_down(processes[-1])
            processes.append(launch())

        driver.restart = restart
        reply = driver.api("POST", "/hub/api/users", json={"usernames": list(STUDENTS)})
        assert reply.status_code in (201, 409), reply.text
        driver.start(*STUDENTS)
        yield driver
    finally:
        for process in processes:
            _shut_down(process)


def _shut_down(process: subprocess.Popen[bytes]) -> None:
    """Stop the hub (it stops the students' servers and the proxy), and anything of ours it
    left behind (its process group)."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def test_the_lessons_are_in_each_home_and_lesson_1_opens(hub: Hub) -> None:
    """Each student's server put the student's copy of the lessons (no worked answers, no
    teacher's guide) into their own home, and its front page is lesson 1."""
    expected = set(lesson_files(lessons_source(), solutions=False))
    for user in STUDENTS:
        listing = hub.contents(user, "swkit-lessons")
        assert listing.status_code == 200, listing.text
        names = {item["name"] for item in listing.json()["content"]}
        assert expected <= names, expected - names
        assert "README.md" not in names and "solutions" not in names
        home = hub.homes / user / "swkit-lessons"
        for name in expected:
            assert (home / name).read_bytes() == kit_bytes(lessons_source(), name)
        front = hub.api("GET", f"/user/{user}/", token=hub.user_token(user))
        assert front.status_code in (301, 302), front.status_code
        assert front.headers["Location"].rstrip("?").endswith(
            f"/user/{user}/lab/tree/swkit-lessons/{first_lesson()}"), front.headers["Location"]


def test_the_idle_culler_runs_as_a_hub_service(hub: Hub) -> None:
    """The written config's idle culler is a hub service with its timeout, and it has asked
    the hub for the users' activity (its first round runs at start)."""
    services = hub.api("GET", "/hub/api/services").json()
    assert "--timeout=3600" in services["idle-culler"]["command"], services
    deadline = time.monotonic() + 30
    while "idle-culler" not in hub.log.read_text(errors="replace") \
            and time.monotonic() < deadline:
        time.sleep(0.5)
    asked = [line for line in hub.log.read_text(errors="replace").splitlines()
             if "200 GET /hub/api/users" in line and "idle-culler" in line]
    assert asked, hub.tail()


def test_a_kernel_in_each_server_plays_a_dice_cup(hub: Hub) -> None:
    """Every student's kernel imports swkit's widgets and plays a seeded roll: the dice it
    shows are those the same seed gives here."""
    code = ("from swkit.widgets import DiceCup\n"
            "cup = DiceCup(players=1, seed={seed}, bot_delay=0)\n"
            "cup.roll_button.click()\n"
            "import os\n"
            "print(os.environ['JUPYTERHUB_USER'], *cup.shown_dice())\n")
    from swkit.widgets import DiceCup
    for number, user in enumerate(STUDENTS):
        here = DiceCup(players=1, seed=number, bot_delay=0)
        here.roll_button.click()
        said = _text(hub.run_code(user, code.format(seed=number))).split()
        assert said == [user, *here.shown_dice()]


def test_one_students_token_is_refused_at_anothers_server(hub: Hub) -> None:
    """Anna's token opens Anna's server, not Ben's: not his files, not his kernels."""
    anna = hub.user_token("anna")
    assert hub.contents("anna", "swkit-lessons", token=anna).status_code == 200
    for path in ("/user/ben/api/contents/swkit-lessons", "/user/ben/api/kernels"):
        reply = hub.api("GET", path, token=anna)
        assert reply.status_code == 403, (path, reply.status_code)
    assert hub.api("GET", "/hub/api/users/ben", token=anna).status_code == 404


def _changed(notebook: dict[str, Any], words: str) -> dict[str, Any]:
    changed = json.loads(json.dumps(notebook))
    changed["cells"].append({"cell_type": "markdown", "metadata": {}, "source": words})
    return changed


def test_a_changed_lesson_survives_a_restart_with_the_new_version_beside_it(hub: Hub) -> None:
    """Ben changes lesson 2 and his server is stopped and started again: his lesson is as he
    left it, the kit's version is beside it, and NEW-VERSIONS.md names it."""
    name = sorted(n for n in lesson_files(lessons_source(), solutions=False)
                  if n.endswith(".ipynb"))[1]
    path = f"swkit-lessons/{name}"
    notebook = hub.contents("ben", path).json()["content"]
    hub.put_notebook("ben", path, _changed(notebook, "My own note: 6 ways!"))
    hub.stop("ben")
    hub.start("ben")
    after = hub.contents("ben", path)
    assert after.status_code == 200
    assert after.json()["content"]["cells"][-1]["source"] == "My own note: 6 ways!"
    home = hub.homes / "ben" / "swkit-lessons"
    beside = home / beside_name(name)
    kit = (lessons_source() / name).read_bytes()
    assert fingerprint(name, beside.read_bytes()) == fingerprint(name, kit)
    assert beside_name(name) in (home / NOTICE).read_text()
    assert (home / BESIDE_MANIFEST).is_file()
    assert not (hub.homes / "anna" / "swkit-lessons" / NOTICE).exists()


def test_a_hand_in_lands_in_the_inbox_under_the_hub_user_name(hub: Hub) -> None:
    """Chris checks an answer in lesson 1, saves and hands in: the notebook is in
    ``INBOX/chris/`` (the hub's name: the server runs as another OS user here), its records
    are those the kernel wrote, and swkit class report names Chris."""
    name = first_lesson()
    path = f"swkit-lessons/{name}"
    code = "from swkit.exercises import check\ncheck('1.1', 2520)"
    outputs = hub.run_code("chris", code)
    assert any(MIME in o.get("data", {}) for o in outputs), outputs
    notebook = hub.contents("chris", path).json()["content"]
    notebook["cells"].append({"cell_type": "code", "metadata": {}, "source": code,
                              "execution_count": 1, "outputs": outputs})
    hub.put_notebook("chris", path, notebook)
    said = _text(hub.run_code("chris", f"from swkit.hub import hand_in\n"
                                       f"print(hand_in({name!r}))"))
    assert said.startswith(f"Handed in {name} for chris"), said
    handed = hub.inbox / "chris" / name
    assert handed.read_bytes() == (hub.homes / "chris" / path).read_bytes()
    records = read_notebook(handed.read_bytes())
    assert records.intact
    assert [(r.exercise, r.answer) for r in records.records] == [("1.1", "2520")]
    assert sorted(p.name for p in hub.inbox.iterdir()) == ["chris"]
    report = subprocess.run([sys.executable, "-m", "swkit", "class", "report", str(hub.inbox),
                             "--json"], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert report.returncode == 0, report.stderr
    rows = json.loads(report.stdout)["students"]
    assert [(row["student"], row["records"]) for row in rows] == [("chris", 1)]


def _sign_in(hub: Hub, name: str) -> Any:
    """A browser's sign-in as ``name`` (any password: the dummy login); the session."""
    session = requests.Session()
    session.get(hub.url + "/hub/login", timeout=30)
    xsrf = session.cookies.get("_xsrf")
    session.post(hub.url + "/hub/login", data={"username": name, "password": "x",
                                               "_xsrf": xsrf}, timeout=30)
    session.headers["X-XSRFToken"] = xsrf
    return session


def test_the_class_list_decides_who_signs_in_and_case_does_not_matter(hub: Hub) -> None:
    """The written config's class list holds "Anna" (as the teacher typed it): signing in as
    "ANNA" is anna, and a name not on the list is refused."""
    anna = _sign_in(hub, "ANNA").get(hub.url + "/hub/api/user", timeout=30)
    assert anna.status_code == 200 and anna.json()["name"] == "anna"
    zed = _sign_in(hub, "zed").get(hub.url + "/hub/api/user", timeout=30)
    assert zed.status_code == 403
    assert hub.api("GET", "/hub/api/users/zed").status_code == 404


def test_a_server_killed_mid_lesson_restarts_with_the_students_work(hub: Hub) -> None:
    """Anna's server is killed (SIGKILL) after she saved a change: the hub notices, starts it
    again on request, and her change is there."""
    name = first_lesson()
    path = f"swkit-lessons/{name}"
    notebook = hub.contents("anna", path).json()["content"]
    hub.put_notebook("anna", path, _changed(notebook, "Anna was here"))
    state = hub.api("GET", "/hub/api/users/anna").json()["servers"][""]["state"]
    os.kill(state["pid"], signal.SIGKILL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:   # the hub polls the server when asked about it
        hub.api("GET", "/hub/api/users/anna")
        reply = hub.api("POST", "/hub/api/users/anna/server")
        if reply.status_code in (201, 202):
            break
        time.sleep(1)
    hub.wait_ready("anna")
    cells = hub.contents("anna", path).json()["content"]["cells"]
    assert cells[-1]["source"] == "Anna was here"


def test_the_hub_restarted_keeps_the_class_and_their_work(hub: Hub) -> None:
    """The hub is stopped (which stops every student's server) and started again from the
    same config and database: the students are there, a server starts again with its
    lessons and the student's change (run last: it stops everyone's server)."""
    name = first_lesson()
    path = f"swkit-lessons/{name}"
    notebook = hub.contents("ben", path).json()["content"]
    hub.put_notebook("ben", path, _changed(notebook, "before the restart"))
    hub.restart()
    users = {u["name"] for u in hub.api("GET", "/hub/api/users").json()}
    assert set(STUDENTS) <= users
    hub.start("ben")
    assert hub.contents("ben", path).json()["content"]["cells"][-1]["source"] == \
        "before the restart"

