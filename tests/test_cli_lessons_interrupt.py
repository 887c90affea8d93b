"""Ctrl-C while ``swkit lessons`` waits for JupyterLab to start: the real command in its own
process group (as a terminal runs it), with a stand-in JupyterLab that starts slowly (a module
``jupyter`` first on the path, run as ``python -m jupyter lab ...``). The terminal's Ctrl-C
reaches both, and the stand-in, as the real JupyterLab while it imports, answers it with a
Python traceback on stderr. The teacher sees one line and exit status 130; a JupyterLab that
fails for another reason still shows its own messages."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from lesson_kits import small_kit

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups and SIGINT")

FAKE_JUPYTER = '''\
import http.server, json, os, signal, sys, time
if os.environ["FAKE_LAB"] == "fail":
    open(os.environ["FAKE_LAB_STARTED"], "w").close()
    print("[C 12:00:00 ServerApp] Bad config: the port is not a number", file=sys.stderr)
    sys.exit(1)
if os.environ["FAKE_LAB"] == "slow":
    open(os.environ["FAKE_LAB_STARTED"], "w").close()
    time.sleep(120)   # importing, slowly: Ctrl-C here is a KeyboardInterrupt and its traceback
# "ready": a server that answers api/status with its token, announced in its runtime file;
# as JupyterLab, it asks at the first Ctrl-C and stops at the second (exit status 254)
class Status(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        ok = self.headers.get("Authorization") == "token fake"
        self.send_response(200 if ok else 403)
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Status)
port = server.server_address[1]
with open(os.path.join(os.environ["JUPYTER_RUNTIME_DIR"], f"jpserver-{os.getpid()}.json"),
          "w") as file:
    json.dump({"port": port, "url": f"http://127.0.0.1:{port}/", "token": "fake",
               "pid": os.getpid()}, file)
presses = []
def asked(_sig, _frame):
    presses.append(1)
    if len(presses) == 2:
        os._exit(254)
    print("Shutdown this Jupyter server (y/[n])? ", file=sys.stderr, flush=True)
signal.signal(signal.SIGINT, asked)
open(os.environ["FAKE_LAB_STARTED"], "w").close()
server.serve_forever()
'''


@contextlib.contextmanager
def killed_if_left(child: subprocess.Popen[str]) -> Iterator[None]:
    """Whatever the test asserts, the command's process group does not outlive it."""
    try:
        yield
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    return small_kit(tmp_path)


def launch(kit: Path, tmp_path: Path, mode: str) -> tuple[subprocess.Popen[str], Path, Path]:
    """The real ``swkit lessons --dir WORK`` (lessons from ``kit``), in a new process group,
    with the stand-in JupyterLab (``mode``: "slow" or "fail"). Returns it, the folder and the
    file its JupyterLab touches once it has started."""
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "jupyter.py").write_text(FAKE_JUPYTER)
    started = tmp_path / "lab-started"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=os.pathsep.join([str(fake), str(ROOT), env.get("PYTHONPATH", "")]),
               FAKE_LAB=mode, FAKE_LAB_STARTED=str(started), BROWSER="")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        (tmp_path / name).mkdir()
        env[name] = str(tmp_path / name)
    work = tmp_path / "work"
    script = ("import sys\nfrom pathlib import Path\nfrom swkit.cli import lessons, lessons_copy\n"
              "lessons_copy.lessons_source = lambda: Path(sys.argv[1])\n"
              "sys.exit(lessons.main(sys.argv[2:]))\n")
    child = subprocess.Popen([sys.executable, "-c", script, str(kit), "--dir", str(work)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             cwd=tmp_path, start_new_session=True)
    return child, work, started


def wait_for(path: Path, child: subprocess.Popen[str], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if child.poll() is not None or time.monotonic() > deadline:
            os.killpg(child.pid, signal.SIGKILL)
            pytest.fail(f"JupyterLab did not start: {child.communicate()}")
        time.sleep(0.05)


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_before_jupyterlab_is_ready_is_one_line_and_status_130(kit, tmp_path, presses):
    child, work, started = launch(kit, tmp_path, "slow")
    with killed_if_left(child):
        wait_for(started, child)
        time.sleep(0.3)   # the stand-in is in its slow start
        for _ in range(presses):   # the terminal's Ctrl-C: to the whole process group
            os.killpg(child.pid, signal.SIGINT)
            time.sleep(0.2)
        out, err = child.communicate(timeout=60)
    assert child.returncode == 130, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.splitlines() == [
        f"swkit lessons: interrupted: JupyterLab was stopped before it was ready; the lessons "
        f"are all copied in {work}"], err
    assert "each lesson copied so far" not in err
    assert (work / "01-a.ipynb").exists() and (work / "02-b.ipynb").exists()
    with pytest.raises(ProcessLookupError):   # nothing of it runs on
        os.killpg(child.pid, 0)


def test_a_jupyterlab_that_fails_to_start_still_shows_its_messages(kit, tmp_path):
    child, _work, started = launch(kit, tmp_path, "fail")
    with killed_if_left(child):
        out, err = child.communicate(timeout=60)
    assert started.exists()
    assert child.returncode == 1, (out, err)
    assert err.splitlines() == [
        "[C 12:00:00 ServerApp] Bad config: the port is not a number",
        "swkit lessons: error: JupyterLab stopped before it was ready (its messages are "
        "above): no address to open; run swkit lessons again"], err


def test_ctrl_c_twice_once_jupyterlab_is_ready_stops_it_with_status_130(kit, tmp_path):
    """The address says "Stop it with Ctrl-C in this window (twice)": doing so ends the
    command with exit status 130 (JupyterLab's own status for it was 254, an error to a
    shell), and JupyterLab's messages once it is ready (its question) are shown."""
    child, _work, started = launch(kit, tmp_path, "ready")
    with killed_if_left(child):
        wait_for(started, child)
        assert child.stdout is not None
        deadline = time.monotonic() + 60
        while "JupyterLab is ready" not in child.stdout.readline():
            assert time.monotonic() < deadline and child.poll() is None
        for _ in range(2):
            os.killpg(child.pid, signal.SIGINT)
            time.sleep(0.3)
        out, err = child.communicate(timeout=60)
    assert child.returncode == 130, (out, err)
    assert err == "Shutdown this Jupyter server (y/[n])? \n", err
