"""The school's JupyterHub without a hub: the config ``swkit hub config`` writes (read back by
traitlets as JupyterHub reads it), the class list, never writing over a file swkit did not
write, the lessons a student's server puts in place, and the hand-in to the inbox.
(tests/test_hub.py runs a real hub from the written config.)"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from swkit.cli.command import main
from swkit.cli.lessons_copy import fingerprint, kit_bytes, lesson_files, lessons_source
from swkit.hub import HandInError, hand_in
from swkit.hub.config import (
    HubConfigError,
    HubSettings,
    config_text,
    make_inbox,
    read_class_list,
    written_by_swkit,
)
from swkit.hub.singleuser import NOTICE, beside_name, first_lesson, place_lessons, prepare

traitlets_loader = pytest.importorskip("traitlets.config.loader")


def _config(path: Path) -> object:
    """The config at ``path`` as JupyterHub reads it."""
    loader = traitlets_loader.PyFileConfigLoader(path.name, str(path.parent))
    return loader.load_config()


def _lesson(folder: Path, number: int = 1) -> str:
    return sorted(n for n in lesson_files(lessons_source(), solutions=False)
                  if n.endswith(".ipynb"))[number - 1]


def _change(path: Path, words: str) -> None:
    notebook = json.loads(path.read_bytes())
    notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": words})
    path.write_text(json.dumps(notebook))


# -- the class list -----------------------------------------------------------------------

def test_a_class_list_is_one_lower_case_name_a_line() -> None:
    assert read_class_list("# 5B\n\n  Anna \nben\nchris.b\n_x-1\n") == \
        ("anna", "ben", "chris.b", "_x-1")


@pytest.mark.parametrize(("text", "words"), [
    ("anna\nben\nAnna\n", ["lines 1 and 3", "'anna' and 'Anna'", "lowers every name"]),
    ("ben\nben\n", ["lines 1 and 2 give the same name:"]),
    ("anna\nanna smith\n", ["line 2", "'anna smith' cannot be a user name"]),
    ("anna\n../etc\n", ["line 2", "'../etc'"]),
    ("a" * 33 + "\n", ["line 1", "32 at most"]),
    ("# nobody\n\n", ["names no student"]),
])
def test_a_bad_class_list_is_refused_naming_the_line(text: str, words: list[str]) -> None:
    with pytest.raises(HubConfigError) as caught:
        read_class_list(text)
    assert all(word in str(caught.value) for word in words), str(caught.value)


def test_two_names_differing_only_in_case_stop_the_command_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "class.txt").write_text("Dana\ndana\n")
    assert main(["hub", "config", "--out", str(tmp_path / "hub"),
                 "--students", str(tmp_path / "class.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Dana' and 'dana'" in err
    assert not (tmp_path / "hub").exists()


# -- the written config, as JupyterHub reads it ------------------------------------------

def test_the_system_users_config_reads_back_as_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "class.txt").write_text("Anna\nBen\n")
    inbox = tmp_path / "srv" / "inbox"
    assert main(["hub", "config", "--out", str(tmp_path / "hub"), "--students",
                 str(tmp_path / "class.txt"), "--inbox", str(inbox), "--memory", "512m",
                 "--idle-minutes", "30", "--port", "8123"]) == 0
    out = capsys.readouterr().out
    target = tmp_path / "hub" / "jupyterhub_config.py"
    assert f"sudo jupyterhub -f {target}" in out and f"swkit class report {inbox}" in out
    assert "does NOT separate" not in out
    c = _config(target)
    hub = c.JupyterHub
    assert hub.spawner_class == "localprocess" and hub.authenticator_class == "pam"
    assert hub.bind_url == "http://:8123"
    assert c.Authenticator.allowed_users == {"anna", "ben"}
    assert c.Spawner.cmd[1:] == ["-m", "swkit.hub.singleuser"]
    assert c.Spawner.environment == {"SWKIT_INBOX": str(inbox)}
    assert c.Spawner.mem_limit == "512M"
    assert "args" not in c.Spawner   # no --allow-root: each server runs as its student
    assert [s["name"] for s in hub.services] == ["idle-culler"]
    assert hub.services[0]["command"][1:] == ["-m", "jupyterhub_idle_culler", "--timeout=1800"]
    assert hub.load_roles[0]["services"] == ["idle-culler"]
    assert hub.db_url == f"sqlite:///{tmp_path / 'hub' / 'jupyterhub.sqlite'}"
    # reading the config made the inbox: a drop box (each makes their own folder, lists none)
    assert stat.S_IMODE(inbox.stat().st_mode) == 0o1733
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_the_trial_says_plainly_it_does_not_separate_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hub", "config", "--out", str(tmp_path / "hub"), "--trial"]) == 0
    out = capsys.readouterr().out
    target = tmp_path / "hub" / "jupyterhub_config.py"
    text = target.read_text()
    assert "does NOT separate students' files" in out
    assert "does NOT separate students' files" in text and "DOES NOT SEPARATE FILES" in text
    c = _config(target)
    assert c.JupyterHub.spawner_class == "simple"
    assert c.JupyterHub.authenticator_class == "shared-password"
    password = c.SharedPasswordAuthenticator.user_password
    assert len(password) >= 8 and f"shared password: {password}" in out
    assert c.Authenticator.allow_all is True
    assert c.Spawner.environment == {"SWKIT_INBOX": str(tmp_path / "hub" / "inbox")}
    assert ("args" in c.Spawner) == (os.geteuid() == 0)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600   # it holds the password
    assert stat.S_IMODE((tmp_path / "hub" / "inbox").stat().st_mode) == 0o700


def test_a_config_swkit_wrote_is_rewritten_and_any_other_is_never_written_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hub"
    target = out / "jupyterhub_config.py"
    assert main(["hub", "config", "--out", str(out)]) == 0
    assert written_by_swkit(target.read_text())
    assert main(["hub", "config", "--out", str(out), "--port", "9000"]) == 0
    assert 'bind_url = "http://:9000"' in target.read_text()
    capsys.readouterr()
    changed = target.read_text().replace(":9000", ":9001")   # the teacher's own edit
    target.write_text(changed)
    assert not written_by_swkit(changed)
    assert main(["hub", "config", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "was not written by swkit, or was changed" in err
    assert target.read_text() == changed
    target.write_text("c.JupyterHub.port = 1\n")   # the school's own config
    assert main(["hub", "config", "--out", str(out)]) == 2
    assert target.read_text() == "c.JupyterHub.port = 1\n"


def test_nothing_is_written_through_a_symbolic_link(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere.py"
    elsewhere.write_text(config_text(HubSettings(None, False, tmp_path / "inbox"),
                                     tmp_path / "x.py"))   # even a config swkit wrote
    out = tmp_path / "hub"
    out.mkdir()
    (out / "jupyterhub_config.py").symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    assert main(["hub", "config", "--out", str(out)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert elsewhere.read_bytes() == before
    (tmp_path / "linked").symlink_to(tmp_path / "real", target_is_directory=True)
    assert main(["hub", "config", "--out", str(tmp_path / "linked")]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert not (tmp_path / "real").exists()


def test_an_inbox_that_is_a_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "inbox").symlink_to(tmp_path / "real")
    with pytest.raises(HubConfigError, match="symbolic link or a file"):
        make_inbox(tmp_path / "inbox", shared=True)
    kept = make_inbox(tmp_path / "real", shared=True)   # an existing inbox keeps its mode
    assert stat.S_IMODE(kept.stat().st_mode) != 0o1733


# -- the lessons a student's server puts in place ---------------------------------------

@pytest.mark.slow   # four placings of every lesson (about 10 s on two busy cores)
def test_a_changed_lesson_is_kept_with_the_new_version_beside_it(tmp_path: Path) -> None:
    folder = tmp_path / "swkit-lessons"
    first = place_lessons(folder)
    assert set(first.copy.copied) == set(lesson_files(lessons_source(), solutions=False))
    assert not first.beside and not (folder / NOTICE).exists()
    name = _lesson(folder, 3)
    _change(folder / name, "mine")
    second = place_lessons(folder)
    assert second.copy.kept == [name] and second.beside == [name]
    assert json.loads((folder / name).read_bytes())["cells"][-1]["source"] == "mine"
    kit = kit_bytes(lessons_source(), name)
    assert (folder / beside_name(name)).read_bytes() == kit
    assert f"**{beside_name(name)}**" in (folder / NOTICE).read_text()
    assert any(beside_name(name) in line for line in second.lines())
    # the student changes the new version too: it is theirs now, and kept
    _change(folder / beside_name(name), "mine too")
    third = place_lessons(folder)
    assert not third.beside and any("is yours" in n for n in third.notes)
    assert json.loads((folder / beside_name(name)).read_bytes())["cells"][-1]["source"] == \
        "mine too"
    # back to the kit's lesson: nothing left to tell, so swkit's own notice goes
    (folder / name).write_bytes(kit)
    place_lessons(folder)
    assert not (folder / NOTICE).exists()


def test_a_link_beside_a_changed_lesson_is_never_written_through(tmp_path: Path) -> None:
    folder = tmp_path / "swkit-lessons"
    place_lessons(folder)
    name = _lesson(folder)
    _change(folder / name, "mine")
    target = tmp_path / "secret.txt"
    target.write_text("not swkit's")
    (folder / beside_name(name)).symlink_to(target)
    placed = place_lessons(folder)
    assert target.read_text() == "not swkit's"
    assert (folder / beside_name(name)).is_symlink() and not placed.beside


def test_the_server_starts_on_lesson_1_unless_the_hub_says_otherwise(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    environ: dict[str, str] = {}
    lines = prepare(environ)
    assert environ["JUPYTERHUB_DEFAULT_URL"] == f"/lab/tree/swkit-lessons/{first_lesson()}"
    assert (tmp_path / "swkit-lessons" / first_lesson()).is_file()
    assert lines[0].startswith("swkit: Lessons folder:")
    environ = {"JUPYTERHUB_DEFAULT_URL": "/lab/tree/class.ipynb", "SWKIT_LESSONS_DIR": "work"}
    prepare(environ)
    assert environ["JUPYTERHUB_DEFAULT_URL"] == "/lab/tree/class.ipynb"
    assert (tmp_path / "work" / first_lesson()).is_file()


def test_lessons_that_cannot_be_placed_are_one_line_and_the_server_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "swkit-lessons").write_text("a file in the way")
    lines = prepare({})
    assert len(lines) == 1 and "could not be put in place" in lines[0]
    assert "is a file, not a folder" in lines[0]


def test_a_full_disk_is_one_clear_line_and_the_server_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import swkit.cli.lessons_copy as lessons_copy

    def full(target: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(lessons_copy, "write_exclusive", full)
    environ: dict[str, str] = {}
    lines = prepare(environ)
    assert len(lines) == 1 and "No space left on device" in lines[0], lines
    assert "the server starts without them" in lines[0]
    assert "JUPYTERHUB_DEFAULT_URL" in environ


# -- the hand-in ---------------------------------------------------------------------------

@pytest.fixture
def on_a_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A student ``dana`` on a hub: the lessons in the home (the current folder), the inbox
    in ``$SWKIT_INBOX``; returns the inbox."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("JUPYTERHUB_USER", "dana")
    inbox = make_inbox(tmp_path / "inbox", shared=True)
    monkeypatch.setenv("SWKIT_INBOX", str(inbox))
    place_lessons(home / "swkit-lessons")
    return inbox


def test_a_hand_in_goes_to_the_hub_users_folder_and_the_newest_counts(on_a_hub: Path) -> None:
    name = first_lesson()
    done = hand_in(name)   # found in ~/swkit-lessons from the home
    assert done.path == on_a_hub / "dana" / name and done.checks == 0
    assert str(done).startswith(f"Handed in {name} for dana (saved at ")
    assert stat.S_IMODE((on_a_hub / "dana").stat().st_mode) == 0o700
    _change(Path("swkit-lessons") / name, "second go")
    hand_in(f"swkit-lessons/{name}")
    assert (on_a_hub / "dana" / name).read_bytes() == \
        (Path("swkit-lessons") / name).read_bytes()


@pytest.mark.parametrize(("setup", "words"), [
    ("no user", "not one"),
    ("no inbox", "no class inbox"),
    ("missing", "not found"),
    ("not a notebook", "is not a notebook"),
    ("broken json", "cannot be handed in"),
    ("link", "symbolic link"),
    ("folder is a link", "is not a folder"),
    ("bad user", "cannot name a folder"),
])
def test_a_hand_in_that_cannot_be_made_says_why_and_writes_nothing(
        on_a_hub: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setup: str,
        words: str) -> None:
    name = first_lesson()
    other = tmp_path / "other"
    other.mkdir()
    if setup == "no user":
        monkeypatch.delenv("JUPYTERHUB_USER")
    elif setup == "no inbox":
        monkeypatch.delenv("SWKIT_INBOX")
    elif setup == "missing":
        name = "99-nothing.ipynb"
    elif setup == "not a notebook":
        name = "RULES.md"
    elif setup == "broken json":
        Path("swkit-lessons", name).write_text("{not json")
    elif setup == "link":
        Path("mine.ipynb").symlink_to(Path("swkit-lessons", name).absolute())
        name = "mine.ipynb"
    elif setup == "folder is a link":
        (on_a_hub / "dana").symlink_to(other)
    elif setup == "bad user":
        monkeypatch.setenv("JUPYTERHUB_USER", "../ben")
    with pytest.raises(HandInError) as caught:
        hand_in(name)
    assert words in str(caught.value), str(caught.value)
    assert list(other.iterdir()) == []
    assert not (on_a_hub / "dana").is_dir() or (on_a_hub / "dana").is_symlink()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a folder to another account needs root")
def test_a_folder_another_account_made_is_refused(on_a_hub: Path) -> None:
    (on_a_hub / "dana").mkdir()
    os.chown(on_a_hub / "dana", 54321, -1)
    with pytest.raises(HandInError, match="made by another account"):
        hand_in(first_lesson())
    assert list((on_a_hub / "dana").iterdir()) == []


def test_a_hand_in_to_a_full_disk_says_so(on_a_hub: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import swkit.cli.lessons_copy as lessons_copy

    def full(target: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.setattr(lessons_copy, "write_exclusive", full)
    with pytest.raises(HandInError, match="No space left on device.*nothing was handed in"):
        hand_in(first_lesson())


def test_a_hand_in_keeps_the_records_the_report_reads(on_a_hub: Path) -> None:
    from swkit.classroom.records import MIME, read_notebook
    from swkit.classroom.sample import check_outputs
    name = first_lesson()
    path = Path("swkit-lessons") / name
    notebook = json.loads(path.read_bytes())
    outputs = check_outputs([("1.1", 2520), ("1.1", 7)])
    shown = [{"output_type": "display_data", "data": {MIME: value}, "metadata": {}}
             for value in outputs]
    notebook["cells"].append({"cell_type": "code", "metadata": {}, "execution_count": 1,
                              "source": "check('1.1', ...)", "outputs": shown})
    path.write_text(json.dumps(notebook))
    done = hand_in(name)
    assert done.checks == 2
    records = read_notebook((on_a_hub / "dana" / name).read_bytes())
    assert records.intact and [r.answer for r in records.records] == ["2520", "7"]
    assert fingerprint(name, (on_a_hub / "dana" / name).read_bytes()) == \
        fingerprint(name, path.read_bytes())
