"""``swkit lessons``: copying the lessons (never over a student's work, never through a link),
opening JupyterLab, the wheel, and what the teacher's terminal shows."""

from __future__ import annotations

import contextlib
import http.server
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from lesson_kits import small_kit

from swkit.cli import lessons, lessons_command, lessons_launch, main

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def kit_files() -> list[str]:
    """Every file the kit ships from lessons/, relative (what swkit lessons must copy)."""
    return lessons.lesson_files(LESSONS)


@pytest.fixture(autouse=True)
def own_jupyter_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``swkit lessons`` marks the lessons it copies as trusted in Jupyter's data folder: every
    test here gets a fresh one, never the user's."""
    data = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(data))
    return data


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A small lessons folder of our own, so the copy rules are tested whatever lessons exist."""
    return small_kit(tmp_path)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["lessons", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``run_cli``, with argparse's SystemExit caught as its status."""
    try:
        return run_cli(capsys, *argv)
    except SystemExit as stop:
        out, err = capsys.readouterr()
        return int(stop.code or 0), out, err


# --- where the lessons come from -----------------------------------------------------------

def test_the_source_layout_finds_top_level_lessons():
    """From a checkout (or an editable install) the lessons are read from lessons/ itself."""
    assert lessons.lessons_source() == LESSONS
    assert "README.md" in kit_files()


def test_swkit_lessons_copies_every_lesson_and_solution_from_the_checkout(tmp_path, capsys):
    code, out, err = run_cli(capsys, "--no-open", "--dir", str(tmp_path / "work"))
    assert code == 0, err
    names = kit_files()
    for name in names:
        assert (tmp_path / "work" / name).read_bytes() == lessons.kit_bytes(LESSONS, name)
        assert f"copied     {name}" in out
    assert [n for n in names if n.startswith("solutions/")] == sorted(
        f"solutions/{p.name}" for p in (LESSONS / "solutions").glob("*.ipynb"))
    assert "swkit lessons --dir" in out and err == ""


@pytest.mark.skipif(os.name != "posix", reason="POSIX shell quoting")
@pytest.mark.parametrize("name", ["my lessons", "ünï cødé 🎲", "it's", "a\nb", "$HOME;x"])
def test_the_printed_command_can_be_pasted_into_a_shell(name, tmp_path, capsys):
    """'Open them with: swkit lessons --dir /tmp/my lessons' must keep the folder's space (and
    a quote, a newline, a $) when pasted: the folder is quoted for the shell."""
    folder = tmp_path / name
    code, out, err = run_cli(capsys, "--no-open", "--dir", str(folder))
    assert code == 0, err
    line = out.splitlines()[-1] if "\n" not in name else out[out.rindex("Open them with"):]
    command = line.removeprefix("Open them with: ").strip()
    got = subprocess.run(["sh", "-c", "set -- " + command + '; printf "%s\\0" "$@"'],
                         capture_output=True, text=True).stdout.split("\0")[:-1]
    assert got == ["swkit", "lessons", "--dir", str(folder)], (command, got)
    assert lessons.shell_option("--dir", "-x") == "--dir=-x"


# --- the copy rules -------------------------------------------------------------------------

def test_first_copy_copies_lessons_guide_and_solutions_only(source, tmp_path):
    report = lessons.copy_lessons(tmp_path / "work", source=source)
    assert report.copied == ["01-a.ipynb", "02-b.ipynb", "README.md", "RULES.md",
                             "solutions/01-a.ipynb"]
    assert not (tmp_path / "work" / "notes.txt").exists()
    assert report.kept == report.updated == report.unchanged == []


def test_no_solutions_leaves_them_out(source, tmp_path):
    report = lessons.copy_lessons(tmp_path / "work", source=source, solutions=False)
    assert report.copied == ["01-a.ipynb", "02-b.ipynb", "RULES.md"]   # nor the guide
    assert report.left_out == ["README.md"]
    assert not (tmp_path / "work" / "solutions").exists()
    assert not (tmp_path / "work" / "README.md").exists()


def test_a_students_edit_is_never_overwritten(source, tmp_path):
    work = tmp_path / "work"
    lessons.copy_lessons(work, source=source)
    (work / "01-a.ipynb").write_text("my answers\n")
    (source / "01-a.ipynb").write_text("kit version 2\n")  # the kit improved the lesson too
    report = lessons.copy_lessons(work, source=source)
    assert (work / "01-a.ipynb").read_text() == "my answers\n"
    assert report.kept == ["01-a.ipynb"]
    assert "kept yours 01-a.ipynb" in "\n".join(report.lines())
    # and again: still kept (the manifest still remembers what swkit wrote, not the edit)
    assert lessons.copy_lessons(work, source=source).kept == ["01-a.ipynb"]


def test_an_untouched_copy_is_updated_and_a_deleted_one_copied_again(source, tmp_path):
    work = tmp_path / "work"
    lessons.copy_lessons(work, source=source)
    (source / "02-b.ipynb").write_text("kit version 2\n")
    (work / "README.md").unlink()
    (source / "03-c.ipynb").write_text("a new lesson\n")
    report = lessons.copy_lessons(work, source=source)
    assert report.updated == ["02-b.ipynb"]
    assert (work / "02-b.ipynb").read_text() == "kit version 2\n"
    assert report.copied == ["03-c.ipynb", "README.md"]
    assert report.unchanged == ["01-a.ipynb", "RULES.md", "solutions/01-a.ipynb"]
    assert report.kept == []
    lines = report.lines()
    assert "  3 files already up to date" in lines


def test_without_the_manifest_every_differing_file_is_kept(source, tmp_path):
    """Nothing tells which copy is untouched: keep them all (never lose a student's work)."""
    work = tmp_path / "work"
    lessons.copy_lessons(work, source=source)
    (work / lessons.MANIFEST).unlink()
    (source / "02-b.ipynb").write_text("kit version 2\n")
    report = lessons.copy_lessons(work, source=source)
    assert report.kept == ["02-b.ipynb"]
    assert (work / "02-b.ipynb").read_text() == "kit version 1 of 02-b.ipynb\n"


def test_a_folder_in_a_lessons_place_is_kept(source, tmp_path):
    work = tmp_path / "work"
    (work / "01-a.ipynb").mkdir(parents=True)
    report = lessons.copy_lessons(work, source=source)
    assert report.kept == ["01-a.ipynb"] and (work / "01-a.ipynb").is_dir()


# --- bad input: exit 2 and one line --------------------------------------------------------

def assert_one_line_error(code: int, out: str, err: str, *parts: str) -> None:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("swkit lessons: error: --dir ")
    for part in parts:
        assert part in err


def test_dir_that_is_a_link_to_nowhere(tmp_path, capsys):
    # not "cannot create the folder (File exists)"
    (tmp_path / "lessons").symlink_to(tmp_path / "gone")
    code, out, err = run_cli(capsys, "--no-open", "--dir", str(tmp_path / "lessons"))
    assert_one_line_error(code, out, err, "is a symbolic link to", "gone",
                          "which does not exist")
    assert not (tmp_path / "gone").exists()


def test_dir_that_is_a_file(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    assert_one_line_error(*run_cli(capsys, "--no-open", "--dir", str(path)), "is a file")
    assert path.read_text() == "mine\n"


def test_dir_under_a_file(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    assert_one_line_error(*run_cli(capsys, "--no-open", "--dir", str(path / "sub")),
                          "cannot create the folder")


@pytest.mark.skipif(lessons.is_root() or os.name != "posix",
                    reason="root may write to any folder: see the /proc test")
def test_dir_not_writable(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    try:
        assert_one_line_error(*run_cli(capsys, "--no-open", "--dir", str(locked)),
                              "not writable")
        assert_one_line_error(*run_cli(capsys, "--no-open", "--dir", str(locked / "sub")),
                              "cannot create the folder")
    finally:
        locked.chmod(0o755)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_dir_not_writable_even_for_root(capsys):
    assert_one_line_error(*run_cli(capsys, "--no-open", "--dir", "/proc/swkit-lessons"),
                          "cannot create the folder")


SYSTEM_FOLDERS = ["/", "//", "/usr", "/usr/", "/etc", "/bin", "/usr/../var", "/proc", "/lib",
                  "/usr/local", "/usr/local/", "/usr/share", "/var/lib", "/var/log/"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX system folders")
@pytest.mark.parametrize("folder", SYSTEM_FOLDERS)
def test_a_system_folder_is_refused_and_nothing_is_written(folder, capsys, monkeypatch):
    def must_not_copy(*args, **kwargs):          # so that even unfixed, nothing lands in /
        raise AssertionError(f"copy_lessons was called for {folder!r}")
    monkeypatch.setattr(lessons_command, "copy_lessons", must_not_copy)
    code, out, err = run_exit(capsys, "--no-open", "--dir", folder)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("swkit lessons: error: argument --dir: ")
    assert "is a system folder" in err and "--dir swkit-lessons" in err


@pytest.mark.skipif(os.name != "posix", reason="POSIX system folders")
def test_the_root_reached_by_a_relative_dir_is_refused(capsys, monkeypatch):
    monkeypatch.setattr(lessons_command, "copy_lessons",
                        lambda *a, **k: pytest.fail("copied into /"))
    monkeypatch.chdir("/")
    code, _, err = run_exit(capsys, "--no-open", "--dir", ".")
    assert code == 2 and "'.' (/) is a system folder" in err


@pytest.mark.parametrize("folder", ["/usr/local/share/swkit", "/var/www/swkit", "/etc2",
                                    "swkit-lessons", "/tmp/x", "/root/x", "/home/x"])
def test_a_folder_inside_or_beside_a_system_folder_is_allowed(folder):
    assert lessons.folder_option("--dir", "swkit-lessons")(folder) == folder


@pytest.mark.skipif(os.name != "posix", reason="POSIX folders")
def test_var_tmp_is_refused_as_the_temporary_folder_it_is(capsys, monkeypatch):
    monkeypatch.setattr(lessons_command, "copy_lessons",
                        lambda *a, **k: pytest.fail("copied into /var/tmp"))
    code, out, err = run_exit(capsys, "--no-open", "--dir", "/var/tmp")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert "the temporary folder, shared by every program" in err


def test_readme_first_command_opens_the_lessons_and_ci_runs_the_second():
    blocks = re.findall(r"```bash\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)
    assert blocks[0].startswith("python3 -m venv .venv") and blocks[0].endswith("swkit lessons")
    assert blocks[1].endswith("python -m pytest -n auto --dist loadfile")
    assert blocks[1] in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_names_every_option_of_swkit_lessons():
    import argparse
    parser = argparse.ArgumentParser()
    lessons.add_arguments(parser)
    options = [o for action in parser._actions for o in action.option_strings
               if o.startswith("--") and o != "--help"]
    readme = (ROOT / "README.md").read_text()
    assert {"--dir", "--no-open", "--no-solutions"} <= set(options)
    assert [o for o in options if o not in readme] == []


def test_help_lists_the_lessons_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "lessons" in capsys.readouterr().out


# --- opening JupyterLab ---------------------------------------------------------------------

def test_jupyter_command_as_root_without_a_browser(tmp_path):
    command = lessons.jupyter_command(tmp_path, "01-a.ipynb", 8890, browser=False, root=True)
    assert command[:4] == [sys.executable, "-m", "jupyter", "lab"]
    assert "--allow-root" in command and "--no-browser" in command
    assert f"--ServerApp.root_dir={tmp_path}" in command and command[-1] == "01-a.ipynb"
    assert not any("token" in part.lower() for part in command)  # the token goes by env
    # quiet: JupyterLab's start-up INFO lines would scroll the printed address away
    assert "--ServerApp.log_level=WARN" in command and "--LabApp.log_level=WARN" in command
    # no "get notified about Jupyter news?" pop-up over a lesson's widget
    assert "--LabApp.news_url=None" in command
    # kernels over IPC: no "Kernel is running over TCP without encryption"
    assert ("--KernelManager.transport=ipc" in command) == (os.name == "posix")
    plain = lessons.jupyter_command(tmp_path, None, 8890, browser=True, root=False)
    assert "--allow-root" not in plain and "--no-browser" not in plain
    assert lessons.lab_address(8890, "t0k", "01 a.ipynb") == (
        "http://localhost:8890/lab/tree/01%20a.ipynb?token=t0k")


def _server_file(where: Path, pid: int, port: int, token: str) -> None:
    (where / f"jpserver-{pid}.json").write_text(json.dumps(
        {"pid": pid, "port": port, "token": token, "url": f"http://localhost:{port}/",
         "base_url": "/", "root_dir": "/x"}))


@contextlib.contextmanager
def _jupyter_like(token: str):
    """A local HTTP server that answers ``GET /api/status`` with 200 for ``token`` (as
    ``Authorization: token ...``) and 403 otherwise, as Jupyter Server does; yields its port."""
    class Status(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            ok = self.path == "/api/status" and self.headers.get("Authorization") == (
                f"token {token}")
            self.send_response(200 if ok else 403)
            self.end_headers()

        def log_message(self, *_args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Status)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_the_address_printed_is_read_from_this_launchers_own_server(tmp_path):
    """Two launches at once. The other server's runtime file (its port answers, its token is
    not ours) is never announced; ours is, with the port and token read from it; a server
    that stops first gives one error line, never an address."""
    where = tmp_path / "runtime"
    where.mkdir()
    with _jupyter_like("theirs") as other, _jupyter_like("f00d") as port:
        _server_file(where, 1001, other, "theirs")
        out, err = io.StringIO(), io.StringIO()
        assert not lessons.announce_when_ready(lambda: True, 2002, "mine", where, "01-a.ipynb",
                                               wait=0.3, poll=0.05, out=out, err=err)
        assert out.getvalue() == "" and "theirs" not in err.getvalue()
        assert err.getvalue().count("\n") == 1 and "has not answered" in err.getvalue()
        # ours appears: found by its process id (a user's config may change the token)
        _server_file(where, 2002, port, "f00d")
        out, err = io.StringIO(), io.StringIO()
        assert lessons.announce_when_ready(lambda: True, 2002, "mine", where, "01-a.ipynb",
                                           wait=5, poll=0.05, out=out, err=err)
        lines = out.getvalue().splitlines()
        assert any("JupyterLab is ready" in line for line in lines)
        assert f"    http://localhost:{port}/lab/tree/01-a.ipynb?token=f00d" in lines
        assert err.getvalue() == ""
        # or by our token when the process id differs (a launcher that starts a child)
        (where / "jpserver-2002.json").unlink()
        _server_file(where, 3003, port, "mine")
        assert lessons.find_server(where, 2002, "mine")["pid"] == 3003
    # a server that stopped before it was ready: one line on stderr, no address
    out, err = io.StringIO(), io.StringIO()
    assert not lessons.announce_when_ready(lambda: False, 4004, "t", where, None, out=out,
                                           err=err)
    assert out.getvalue() == "" and "stopped before it was ready" in err.getvalue()


def test_our_runtime_file_is_not_announced_while_another_server_answers_on_its_port(tmp_path):
    """Jupyter Server writes its runtime file before it holds its port: when another server
    took that port in between (two servers started together), the file names a port where
    the other one answers. The other refuses our token, so no address is announced; once
    ours answers there with its token, it is."""
    where = tmp_path / "runtime"
    where.mkdir()
    with _jupyter_like("theirs") as port:
        _server_file(where, 2002, port, "ours")
        assert lessons.find_server(where, 2002, "x") is not None
        assert not lessons_launch.answers_as(lessons.find_server(where, 2002, "x"))
        assert lessons.wait_for_server(lambda: True, 2002, "x", where, wait=0.3,
                                       poll=0.05) is None
    with _jupyter_like("ours") as port:
        _server_file(where, 2002, port, "ours")
        assert lessons.wait_for_server(lambda: True, 2002, "x", where, wait=5,
                                       poll=0.05)["port"] == port


def test_a_second_launch_waits_for_the_first_ones_start(tmp_path):
    """The start lock: held by one launch from choosing its port until its server answers,
    it keeps a second launch from choosing the same port; it is let go from any thread, a
    second release is harmless, and a runtime folder that cannot be made gives no lock (the
    launch starts anyway)."""
    first = lessons_launch.hold_start(tmp_path / "runtime")
    assert first is not None
    assert lessons_launch.hold_start(tmp_path / "runtime", wait=0.2) is None  # still held
    releaser = threading.Thread(target=first.release)
    releaser.start()
    releaser.join()
    first.release()
    second = lessons_launch.hold_start(tmp_path / "runtime", wait=0.2)
    assert second is not None
    second.release()
    (tmp_path / "a-file").write_text("")
    assert lessons_launch.hold_start(tmp_path / "a-file" / "runtime", wait=0.2) is None


def test_the_token_goes_into_a_private_config_file_with_the_current_option(tmp_path):
    """IdentityProvider.token (Jupyter Server 2), in a file only this user
    can read, and no notebook_shim (which prints 'ServerApp.token config is deprecated')."""
    lessons.lab_config(tmp_path, "s3cret")
    config = tmp_path / "jupyter_server_config.json"
    assert json.loads(config.read_text()) == {
        "ServerApp": {"jpserver_extensions": {"notebook_shim": False}},
        "IdentityProvider": {"token": "s3cret"}}
    if os.name == "posix":
        assert config.stat().st_mode & 0o777 == 0o600
    assert not any("ServerApp.token" in part for part in lessons.jupyter_command(
        tmp_path, None, 8888, browser=False, root=False))


def test_first_lesson_is_the_first_by_name(source, tmp_path):
    lessons.copy_lessons(tmp_path / "work", source=source)
    assert lessons.first_lesson(tmp_path / "work") == "01-a.ipynb"
    assert lessons.first_lesson(source / "solutions") == "01-a.ipynb"
    assert lessons.first_lesson(tmp_path) is None


def read_until(stream, pattern: str, seconds: float) -> str:
    """Lines of ``stream`` until one matches ``pattern`` (returned); fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    seen = []
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        if re.search(pattern, line):
            return line
    pytest.fail(f"no line matching {pattern!r} in:\n{''.join(seen)}")


def _lab_env(tmp_path: Path) -> dict[str, str]:
    """This checkout first on the path, no display, and fresh Jupyter folders of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                            "BROWSER")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        (tmp_path / name).mkdir(exist_ok=True)
        env[name] = str(tmp_path / name)
    return env


def _launch(source: Path, work: Path, env: dict[str, str], errors: Path) -> subprocess.Popen:
    """Start the real `swkit lessons` (reading the lessons from ``source``) on ``work``."""
    script = ("import sys\nfrom pathlib import Path\nfrom swkit.cli import lessons, lessons_copy\n"
              "lessons_copy.lessons_source = lambda: Path(sys.argv[1])\n"
              "sys.exit(lessons.main(sys.argv[2:]))\n")
    return subprocess.Popen([sys.executable, "-c", script, str(source), "--dir", str(work)],
                            stdout=subprocess.PIPE, stderr=errors.open("w"), text=True,
                            env=env, cwd=work.parent, start_new_session=True)


def _address(child: subprocess.Popen) -> str:
    """The address the launcher announces once its JupyterLab is ready."""
    read_until(child.stdout, r"JupyterLab is ready", 120)
    address = child.stdout.readline().strip()
    assert re.fullmatch(r"http://localhost:\d+/lab/tree/01-a\.ipynb\?token=[0-9a-f]{48}",
                        address), address
    return address


def _stop(child: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):   # already stopped, as it should be
        os.killpg(child.pid, signal.SIGTERM)
    child.wait(timeout=60)


@pytest.mark.slow
def test_swkit_lessons_opens_jupyterlab_at_lesson_one(source, tmp_path):
    """The real command starts JupyterLab (as root too, here in CI) and prints its address;
    the address opens lesson 1 and the server serves the copied folder; JupyterLab's output
    has no deprecation warning."""
    env = _lab_env(tmp_path)
    work = tmp_path / "work"
    errors = tmp_path / "stderr.txt"
    child = _launch(source, work, env, errors)
    try:
        address = _address(child)
        base, token = address.split("/lab/")[0], address.split("token=")[1]
        with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=30):
            pass
        with urllib.request.urlopen(address, timeout=30) as page:
            html = page.read().decode()
            assert page.status == 200 and "JupyterLab" in html
        # the page's config turns off the news question (its pop-up covers a widget)
        config = re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', html, re.S)
        assert config and lessons.NEWS_PLUGIN in json.loads(config.group(1))["disabledExtensions"]
        with urllib.request.urlopen(f"{base}/api/contents/01-a.ipynb?content=0&token={token}",
                                    timeout=30) as answer:
            assert json.load(answer)["path"] == "01-a.ipynb"
        # a stop request to swkit alone (not its process group) stops JupyterLab too
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=60)
        with pytest.raises(OSError):
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5)
    finally:
        _stop(child)
    text = errors.read_text()
    assert "deprecated" not in text.lower() and "Traceback" not in text, text


@pytest.mark.slow
def test_two_launches_at_once_each_print_their_own_server(source, tmp_path):
    """two `swkit lessons` started together (they may pick the same first
    port) each announce the server they started: two ports, two tokens, and each address
    serves its own folder."""
    env = _lab_env(tmp_path)
    works = [tmp_path / "one", tmp_path / "two"]
    lessons.copy_lessons(works[1], source=source)
    (works[1] / "only-in-two.ipynb").write_text("{}")
    children = [_launch(source, w, env, tmp_path / f"err-{w.name}.txt") for w in works]
    try:
        addresses = [_address(c) for c in children]
        bases = [a.split("/lab/")[0] for a in addresses]
        tokens = [a.split("token=")[1] for a in addresses]
        assert bases[0] != bases[1] and tokens[0] != tokens[1]
        for base, token, has in zip(bases, tokens, (False, True), strict=True):
            url = f"{base}/api/contents/only-in-two.ipynb?content=0&token={token}"
            if has:
                with urllib.request.urlopen(url, timeout=30) as answer:
                    assert answer.status == 200
            else:
                with pytest.raises(urllib.error.HTTPError):
                    urllib.request.urlopen(url, timeout=30)
    finally:
        for child in children:
            _stop(child)


@pytest.mark.slow
def test_a_reader_that_goes_before_the_address_stops_jupyterlab_without_a_traceback(
        source, tmp_path):
    """`swkit lessons | head -3`: the reader has gone when JupyterLab is ready, so the address
    cannot be written. The thread that writes it raised a traceback and the server ran on;
    now JupyterLab is stopped and the command ends as swkit.cli.guard ends any command whose
    reader has gone: exit status 1, no line, no traceback."""
    env = _lab_env(tmp_path)
    work = tmp_path / "work"
    errors = tmp_path / "stderr.txt"
    child = _launch(source, work, env, errors)
    try:
        read_until(child.stdout, r"Starting JupyterLab", 120)
        child.stdout.close()   # a real pipe, closed by its reader, as head does
        assert child.wait(timeout=180) == 1
        # the server it started has stopped with it: nothing is left in its process group
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.killpg(child.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.5)
        else:
            pytest.fail("JupyterLab is still running after swkit lessons ended")
    finally:
        _stop(child)
    text = errors.read_text()
    assert "Traceback" not in text and "Exception in thread" not in text, text
    assert "swkit lessons: error" not in text, text


# --- the wheel ------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_wheel_install_ships_the_lessons(tmp_path):
    """Build the sdist and, from it, the wheel; install the wheel (not editable) in a fresh
    venv that borrows this environment's dependencies; `swkit lessons --no-open` copies every
    lesson and solution of the checkout, read from the installed package."""
    tree = tmp_path / "tree"  # a copy, so the build writes nothing into the checkout
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis"))
    dist = tmp_path / "dist"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(tree)],
                   check=True, capture_output=True, env=env)
    wheel = next(dist.glob("swkit-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    target = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                             "['purelib'])"], check=True, capture_output=True, text=True)
    borrowed = sysconfig.get_paths()["purelib"]
    (Path(target.stdout.strip()) / "borrowed-deps.pth").write_text(borrowed + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, env=env)
    where = subprocess.run([python, "-c", "from swkit.cli import lessons; "
                            "print(lessons.lessons_source())"],
                           check=True, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv)
    swkit = venv / ("Scripts/swkit.exe" if os.name == "nt" else "bin/swkit")
    done = subprocess.run([swkit, "lessons", "--no-open", "--dir", str(tmp_path / "X")],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    names = kit_files()
    assert "README.md" in names
    for name in names:
        assert (tmp_path / "X" / name).read_bytes() == lessons.kit_bytes(LESSONS, name), name
        assert f"copied     {name}" in done.stdout


# --- what the teacher's terminal shows ----------------------------------------------------

def _server_warnings(folder: Path, name: str) -> tuple[list[str], list[bool]]:
    """What Jupyter Server itself logs when it opens ``name`` (its own trust check, not
    ours), and whether it marks each code cell trusted."""
    import logging

    from jupyter_server.services.contents.filemanager import FileContentsManager
    manager = FileContentsManager(root_dir=str(folder))
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    handler = Keep(logging.WARNING)
    manager.log.addHandler(handler)
    try:
        model = manager.get(name)
    finally:
        manager.log.removeHandler(handler)
    return seen, [bool(c.metadata.get("trusted")) for c in model["content"].cells
                  if c.cell_type == "code"]


def test_the_copied_lessons_open_trusted_without_a_warning(tmp_path, capsys, monkeypatch):
    """No "[W ...] Notebook 01-counting-sets-and-runs.ipynb is not trusted" in the terminal
    for every lesson opened: swkit lessons signs the kit's copies as `jupyter trust`
    does (nbformat's NotebookNotary), so Jupyter Server's own check passes; with a data folder
    that never saw them it warns, as before."""
    work = tmp_path / "work"
    code, out, err = run_cli(capsys, "--no-open", "--no-solutions", "--dir", str(work))
    assert code == 0 and err == "" and "note:" not in out, (out, err)
    for name in ("01-counting-sets-and-runs.ipynb", "09-play.ipynb", "10-playing-to-win.ipynb"):
        warned, trusted = _server_warnings(work, name)
        assert not any("not trusted" in w for w in warned), warned
        assert trusted and all(trusted)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "another-data-folder"))
    warned, trusted = _server_warnings(work, "09-play.ipynb")
    assert "Notebook 09-play.ipynb is not trusted" in warned and not any(trusted)


def test_a_students_changed_notebook_is_never_marked_trusted(tmp_path, capsys):
    import nbformat
    from nbformat.sign import NotebookNotary
    work = tmp_path / "work"
    assert run_cli(capsys, "--no-open", "--no-solutions", "--dir", str(work))[0] == 0
    mine = work / "09-play.ipynb"
    notebook = nbformat.read(mine, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("print('my own cell')"))
    nbformat.write(notebook, mine)
    code, out, _ = run_cli(capsys, "--no-open", "--no-solutions", "--dir", str(work))
    assert code == 0 and "kept yours 09-play.ipynb" in out
    with NotebookNotary() as notary:
        assert not notary.check_signature(nbformat.read(mine, as_version=4))
        assert notary.check_signature(nbformat.read(work / "01-counting-sets-and-runs.ipynb",
                                                    as_version=4))


def test_a_data_folder_that_cannot_be_written_is_a_note_and_the_lessons_are_copied(
        tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(blocker / "jupyter"))
    work = tmp_path / "work"
    code, out, err = run_cli(capsys, "--no-open", "--no-solutions", "--dir", str(work))
    assert code == 0 and err == "", err
    assert "note: the lessons could not be marked as trusted for Jupyter" in out
    assert "harmless" in out and (work / "09-play.ipynb").is_file()


def test_files_that_are_not_notebooks_are_skipped(source, tmp_path):
    report = lessons.copy_lessons(tmp_path / "work", source=source)  # text, not notebooks
    assert lessons.trust_notebooks(report.folder, report.copied) is None


def test_the_launch_prints_how_to_stop_once(tmp_path, monkeypatch, capsys):
    """The terminal says "Stop it with Ctrl-C in this window (twice)" once, under the
    address, not also before the start (a stand-in server: its runtime file and a port that
    answers its token)."""
    import threading
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    monkeypatch.setattr(lessons_launch, "can_open_browser", lambda: False)
    announced = threading.Event()
    real = lessons.announce_when_ready

    def announce(*args, **kwargs):
        try:
            return real(*args, **kwargs)
        finally:
            announced.set()

    monkeypatch.setattr(lessons_launch, "announce_when_ready", announce)
    with _jupyter_like("t0k") as port:

        class StandIn:
            pid = 4242

            stderr = None   # JupyterLab's messages: none

            def __init__(self, command, cwd, env, stderr=None):
                _server_file(runtime, self.pid, port, "t0k")

            def poll(self):
                return 0 if announced.is_set() else None

            def wait(self):
                assert announced.wait(30)
                return 0

            def terminate(self):
                announced.set()

        monkeypatch.setattr(lessons_launch.subprocess, "Popen", StandIn)
        saved = {name: signal.getsignal(getattr(signal, name)) for name in ("SIGTERM", "SIGHUP")
                 if hasattr(signal, name)}
        try:
            assert lessons.open_lab(tmp_path) == 0
        finally:
            for name, handler in saved.items():
                signal.signal(getattr(signal, name), handler)
    out = capsys.readouterr().out
    assert out.count("Ctrl-C") == 1 and out.count(lessons.STOP_LINE) == 1, out
    lines = out.splitlines()
    assert lines[lines.index(lessons.STOP_LINE) - 1].startswith("    http://localhost:"), out
    assert "JupyterLab is ready" in out



@pytest.mark.parametrize("error", [BrokenPipeError(32, "Broken pipe"),
                                   OSError(28, "No space left on device")])
def test_an_address_that_cannot_be_written_stops_jupyterlab_and_ends_the_command(
        tmp_path, monkeypatch, error):
    """The thread that prints the address cannot write it (`| head -3`: the reader has gone;
    or a full disk): JupyterLab is stopped and the command ends as swkit.cli.guard says, exit
    status 1 and no traceback (a gone reader: no line at all; another failure: one line)."""
    import threading

    from swkit.cli.guard import guarded

    monkeypatch.setattr(lessons_launch, "can_open_browser", lambda: False)
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    stopped = threading.Event()

    class Gone(io.StringIO):
        """stdout whose reader goes after the first line (or whose disk fills up)."""

        def write(self, text):
            if "JupyterLab is ready" in text:
                raise error
            return super().write(text)

    def announce(*args, **kwargs):   # as the real one prints, once the server answers
        print("\nJupyterLab is ready. Open this address ...", flush=True)

    class StandIn:
        pid = 4243
        stderr = None   # JupyterLab's messages: none

        def __init__(self, command, cwd, env, stderr=None):
            pass

        def poll(self):
            return 0 if stopped.is_set() else None

        def wait(self):
            assert stopped.wait(30), "JupyterLab was not stopped"
            return -15

        def terminate(self):
            stopped.set()

    monkeypatch.setattr(lessons_launch, "announce_when_ready", announce)
    monkeypatch.setattr(lessons_launch.subprocess, "Popen", StandIn)
    saved = {name: signal.getsignal(getattr(signal, name)) for name in ("SIGTERM", "SIGHUP")
             if hasattr(signal, name)}
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", Gone())
    try:
        status = guarded(lambda: lessons.open_lab(tmp_path), lambda: "swkit lessons",
                         lambda: "nothing")
    finally:
        for name, handler in saved.items():
            signal.signal(getattr(signal, name), handler)
    assert status == 1 and stopped.is_set()
    if isinstance(error, BrokenPipeError):
        assert err.getvalue() == ""
    else:
        assert err.getvalue() == ("swkit lessons: error: cannot write the output (stdout): No "
                                  "space left on device\n")


# -- a folder name that is not UTF-8 --------------------------------------------------------

@pytest.mark.skipif(os.name != "posix", reason="a POSIX file name that is not UTF-8")
def test_a_lessons_folder_whose_name_is_not_utf8_under_a_strict_output(tmp_path):
    """The folder's name is printed with a backslash escape and the command ends normally,
    after the copy, not with a UnicodeEncodeError."""
    folder = os.fsencode(tmp_path) + b"/caf\xe9"
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    done = subprocess.run([sys.executable, "-m", "swkit", "lessons", "--no-open", "--dir",
                           folder], capture_output=True, env=dict(
                               env, PYTHONPATH=os.pathsep.join([str(ROOT),
                                                                env.get("PYTHONPATH", "")])),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"caf\\udce9" in done.stdout and b"copied     01-" in done.stdout
    assert (Path(os.fsdecode(folder)) / "RULES.md").is_file()


# -- never write through a link -------------------------------------------------------------

@pytest.fixture
def kit(tmp_path: Path) -> Path:
    src = tmp_path / "kit"
    (src / "solutions").mkdir(parents=True)
    for name in ("01-a.ipynb", "README.md", "solutions/01-a.ipynb"):
        (src / name).write_text(f"kit {name}\n")
    return src


needs_links = pytest.mark.skipif(os.name != "posix", reason="symbolic links")


@needs_links
def test_a_planted_partial_link_is_never_written_through(kit, tmp_path):
    """A link planted at the copy's temporary name (`.01-a.ipynb.partial`) is not followed:
    writing through it would overwrite any file (as root: any file of the system)."""
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    for name in ("01-a.ipynb", "README.md", "RULES.md"):
        (work / f".{name}.partial").symlink_to(victim)
    report = lessons.copy_lessons(work, source=kit)
    assert victim.read_text() == "precious\n"
    assert (work / "01-a.ipynb").read_text() == "kit 01-a.ipynb\n"
    assert not (work / "01-a.ipynb").is_symlink() and "01-a.ipynb" in report.copied
    assert sorted(p.name for p in work.glob(".*.partial")) == [
        ".01-a.ipynb.partial", ".README.md.partial", ".RULES.md.partial"]  # left alone
    mode = (work / "01-a.ipynb").stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


@needs_links
def test_a_symlinked_manifest_is_refused_and_its_target_untouched(kit, tmp_path, capsys):
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    (work / lessons.MANIFEST).symlink_to(victim)
    with pytest.raises(lessons.LessonsError, match="symbolic link"):
        lessons.copy_lessons(work, source=kit)
    assert victim.read_text() == "precious\n" and not (work / "01-a.ipynb").exists()
    assert main(["lessons", "--no-open", "--dir", str(work)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "symbolic link" in err and lessons.MANIFEST in err
    assert victim.read_text() == "precious\n"
    # a dangling link too (it would create the file it points at)
    (work / lessons.MANIFEST).unlink()
    (work / lessons.MANIFEST).symlink_to(tmp_path / "new-file")
    with pytest.raises(lessons.LessonsError, match="symbolic link"):
        lessons.copy_lessons(work, source=kit)
    assert not (tmp_path / "new-file").exists()


@needs_links
def test_a_link_in_a_lessons_place_is_kept_and_not_followed(kit, tmp_path):
    work, victim = tmp_path / "shared", tmp_path / "victim.txt"
    work.mkdir()
    victim.write_text("precious\n")
    (work / "01-a.ipynb").symlink_to(victim)
    report = lessons.copy_lessons(work, source=kit)
    assert "01-a.ipynb" in report.kept and victim.read_text() == "precious\n"
    assert (work / "01-a.ipynb").is_symlink()
    # a linked solutions folder is refused before anything is written
    other = tmp_path / "elsewhere"
    other.mkdir()
    work2 = tmp_path / "shared2"
    work2.mkdir()
    (work2 / "solutions").symlink_to(other)
    with pytest.raises(lessons.LessonsError, match="solutions.*symbolic link"):
        lessons.copy_lessons(work2, source=kit)
    assert list(other.iterdir()) == [] and list(work2.iterdir()) == [work2 / "solutions"]
    assert "solutions" not in str(lessons.copy_lessons(work2, source=kit, solutions=False)
                                  .copied)


# -- the rules travel with the lessons ------------------------------------------------------

def test_the_copied_folder_has_the_rules_and_the_guide_links_them(tmp_path):
    report = lessons.copy_lessons(tmp_path / "work")
    assert "RULES.md" in report.copied
    assert (tmp_path / "work" / "RULES.md").read_bytes() == (ROOT / "docs" / "RULES.md"
                                                             ).read_bytes()
    guide = (tmp_path / "work" / "README.md").read_text(encoding="utf-8")
    assert "](RULES.md)" in guide and "../docs/RULES.md" not in guide
    # every "RULES.md §X" a copied lesson cites is a section of the copied RULES.md
    import re
    rules = (tmp_path / "work" / "RULES.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#+ ([A-C]\d+)\.", rules, re.M))
    for notebook in (tmp_path / "work").glob("*.ipynb"):
        for cited in re.findall(r"RULES\.md §([A-C]\d+)", notebook.read_text("utf-8")):
            assert cited in sections, (notebook.name, cited)
