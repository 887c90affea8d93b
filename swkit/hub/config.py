"""The ``jupyterhub_config.py`` that ``swkit hub config`` writes: a class on one server.

Two modes. **System users** (the default): each student signs in with an account of the server
(PAM, the server's own passwords) and their server runs as that account (the local process
spawner), so the operating system keeps each student's files from the others; the hub runs as
root. **Trial** (``trial=True``): every student's server runs as the one account that starts
the hub (the ``simple`` spawner) and everyone signs in with one shared password; quick to try,
but it does **not** separate files: any student can read and change any other's files. The
written config and the printed text both say so.

Either way: a class list (:func:`read_class_list`) becomes ``allowed_users``; a student's
server runs ``python -m swkit.hub.singleuser`` (the lessons put in place, then
``jupyterhub-singleuser``: :mod:`swkit.hub.singleuser`); the class inbox
(:func:`make_inbox`) is named to every server in ``$SWKIT_INBOX``; the idle culler
(``jupyterhub-idle-culler``) runs as a hub service; the memory limit is set where a spawner
enforces it. The file starts with a line holding its digest (:data:`HEADER`): swkit replaces a
config only while that line matches, so a file swkit did not write, or that someone changed,
is never written over.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from swkit import __version__
from swkit.errors import ConfigurationError, SwkitError

CONFIG_NAME = "jupyterhub_config.py"
"""The file written into ``--out``."""

HEADER = "# Written by swkit hub config (swkit {version}); swkit rewrites it only while this " \
         "digest matches: sha256={digest}"
"""The config's first line; the digest is the SHA-256 of the rest of the file."""

DEFAULT_SYSTEM_INBOX = "/srv/swkit/inbox"
"""The class inbox with system users (every student's account must reach it)."""

USER_NAME = re.compile(r"[a-z_][a-z0-9_.-]{0,31}")
"""A user name as the hub keeps it (lower case) and as a Linux account can be named: a letter
or ``_`` first, then letters, digits, ``_``, ``.``, ``-``; 32 characters at most."""

MEMORY = re.compile(r"[1-9][0-9]*[KMGT]?")
"""A memory limit as JupyterHub takes it: bytes, or a number with K, M, G or T."""


class HubConfigError(SwkitError):
    """The hub's config cannot be written as asked; the message names the bad part."""


@dataclass(frozen=True)
class HubSettings:
    """What the config says. ``students``: the class list (lower case), or None for everyone
    who can sign in; ``trial``: one OS user, a shared password (no file separation);
    ``inbox``: the class inbox's folder; ``memory``: the limit per student (``"1G"``) or None;
    ``idle_minutes``: a server unused this long is stopped; ``port``: the hub's port;
    ``password``: the trial's shared password (None with system users)."""

    students: tuple[str, ...] | None
    trial: bool
    inbox: Path
    memory: str | None = "1G"
    idle_minutes: int = 60
    port: int = 8000
    password: str | None = None


def read_class_list(text: str, where: str = "--students") -> tuple[str, ...]:
    """The user names of a class list: one name a line; blank lines and lines starting with
    ``#`` left out; each name stripped and lowered (the hub lowers every name it is given).
    Raises :class:`HubConfigError` naming the line for a name that cannot be a user name
    (:data:`USER_NAME`), for two lines naming the same student (also when they differ only in
    case: the hub would take them for one), and for a list with no name."""
    names: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        given = line.strip()
        if not given or given.startswith("#"):
            continue
        name = given.lower()
        if not USER_NAME.fullmatch(name):
            raise HubConfigError(
                f"{where} line {number}: {given!r} cannot be a user name: use a letter or _ "
                f"first, then letters, digits, _, . or - (32 at most), one name a line")
        if name in names:
            first, spelt = names[name]
            same = "the same name" if spelt == given else \
                f"the same name to the hub, which lowers every name ({spelt!r} and {given!r})"
            raise HubConfigError(f"{where} lines {first} and {number} give {same}: give each "
                                 f"student a name of their own")
        names[name] = (number, given)
    if not names:
        raise HubConfigError(f"{where} names no student: give one user name a line")
    return tuple(names)


def load_class_list(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """:func:`read_class_list` of the file at ``path`` (UTF-8 text). Raises
    :class:`HubConfigError` for a file that cannot be read, as for a bad list."""
    from swkit.files import decode_text, read_bytes
    try:
        text = decode_text(read_bytes(path, "class list"), f"class list {os.fspath(path)}")
    except ConfigurationError as exc:
        raise HubConfigError(f"--students: {exc}") from None
    return read_class_list(text, f"--students {os.fspath(path)}")


def make_inbox(path: str | os.PathLike[str], *, shared: bool) -> Path:
    """Make the class inbox ``path`` if it is missing, with its parents, and return it.

    ``shared`` (system users): mode 1733, as a drop box: every student can make their own
    folder in it, but no one can list it, and no one can remove or rename another's folder
    (:func:`swkit.hub.inbox.hand_in` makes each student's folder mode 0700; the teacher reads
    them as the server's administrator). Not shared (the trial): mode 0700. An existing inbox
    keeps its mode. Raises :class:`HubConfigError` for an inbox that is a symbolic link or not
    a folder, or that cannot be made."""
    inbox = Path(path)
    try:
        info = inbox.lstat()
    except FileNotFoundError:
        info = None
    if info is not None:
        if not stat.S_ISDIR(info.st_mode):
            raise HubConfigError(f"the class inbox {inbox} is a symbolic link or a file, not a "
                                 f"folder: give the real folder")
        return inbox
    try:
        inbox.parent.mkdir(parents=True, exist_ok=True)
        inbox.mkdir()
        os.chmod(inbox, 0o1733 if shared else 0o700)
    except OSError as exc:
        raise HubConfigError(f"the class inbox {inbox} cannot be made ({exc.strerror})") \
            from None
    return inbox


def _names(names: tuple[str, ...]) -> str:
    return "{" + ", ".join(repr(n) for n in names) + "}"


def _accounts(settings: HubSettings) -> str:
    if settings.students is None:
        allowed = ("# No class list was given: everyone who can sign in may use the hub. Give\n"
                   "# one with swkit hub config --students FILE (one user name a line).\n"
                   "c.Authenticator.allow_all = True")
    else:
        allowed = ("# The class list (swkit hub config --students): only these may sign in.\n"
                   "# The hub lowers every name, so the list holds no two names that differ\n"
                   "# only in case.\n"
                   f"c.Authenticator.allowed_users = {_names(settings.students)}")
    if settings.trial:
        login = f"""\
# TRIAL: every student signs in with their name and this one shared password. Tell it to
# the class; anyone who knows it can sign in under any allowed name.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {settings.password!r}"""
    else:
        login = """\
# Each student signs in with their account on this server (PAM: the server's own passwords;
# make the accounts with e.g. `sudo adduser anna`).
c.JupyterHub.authenticator_class = "pam"
#
# Other ways a school chooses accounts (replace the line above):
# - The Littlest JupyterHub's own: students sign up and the teacher approves them
#   (pip install jupyterhub-nativeauthenticator):
#     c.JupyterHub.authenticator_class = "native"
# - A password chosen at first sign-in (pip install jupyterhub-firstuseauthenticator):
#     c.JupyterHub.authenticator_class = "firstuse"
#     c.LocalAuthenticator.create_system_users = True   # makes the account (adduser)
#   (the local process spawner needs an account per student: with either of these, make
#   the accounts first, or keep create_system_users where the authenticator supports it)
# - The school's own sign-in (Google, Microsoft, GitHub...: pip install oauthenticator),
#   e.g. c.JupyterHub.authenticator_class = "google" with its client id and secret.
# The teacher as the hub's administrator (sees every student's server):
#   c.Authenticator.admin_users = {"teacher"}"""
    return f"{login}\n\n{allowed}"


def _servers(settings: HubSettings) -> str:
    if settings.trial:
        spawner = """\
# TRIAL: every student's server runs as the one account that starts the hub.
# THIS DOES NOT SEPARATE FILES: any student can read and change any other student's files
# (from a Terminal or a notebook). Use it to try the hub, not for a class: for a class, run
# swkit hub config without --trial (system users).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(HERE / "homes" / "{username}")
if os.geteuid() == 0:  # started as root: Jupyter refuses to run as root without this
    c.Spawner.args = ["--allow-root"]"""
    else:
        spawner = """\
# Each student's server runs as their own account on this server: the operating system
# keeps each student's files from the others. The hub must run as root to start them.
c.JupyterHub.spawner_class = "localprocess\""""
    memory = (f'c.Spawner.mem_limit = "{settings.memory}"' if settings.memory
              else "# c.Spawner.mem_limit = \"1G\"   (none set: swkit hub config --memory)")
    return f"""{spawner}

# What a student's server runs: the lessons put into ~/swkit-lessons (a lesson the student
# changed is never overwritten: a new version goes beside it, named "(new version)", and
# NEW-VERSIONS.md says so), the first lesson as the page that opens, then
# jupyterhub-singleuser with the spawner's arguments.
c.Spawner.cmd = [sys.executable, "-m", "swkit.hub.singleuser"]
c.Spawner.environment = {{"SWKIT_INBOX": str(INBOX)}}
# How long the hub waits for a student's server to start and answer: a class signing in at
# once keeps a small server busy (20 students at once on 2 cores: the last answered after
# 67 s), and a longer wait is better than "never showed up. Giving up." for a student.
c.Spawner.http_timeout = 180
c.Spawner.start_timeout = 300

# Memory per student (measured: a JupyterLab server ~150 MB, each open lesson's kernel
# 66-171 MB more; about 390 MB with two lessons open).
# Enforced by the systemd spawner (The Littlest JupyterHub), KubeSpawner (Zero to
# JupyterHub) and DockerSpawner. The local process and simple spawners here do NOT enforce
# it: they only show it to the student (as MEM_LIMIT).
{memory}"""


def config_body(settings: HubSettings, path: Path) -> str:
    """The config's text after its first line (:data:`HEADER`), for the file at ``path``."""
    mode = ("TRIAL MODE: one account for every student; it does NOT separate students' files."
            if settings.trial else
            "System users: each student's server runs as their own account on this server.")
    idle = settings.idle_minutes * 60
    return f'''"""JupyterHub for a class on one server, with the swkit lessons in place.

{mode}

Start it:  {"" if settings.trial else "sudo "}jupyterhub -f {path}
Students:  http://<this server>:{settings.port}/
Hand-in:   in a lesson, save (Ctrl+S), then run  from swkit.hub import hand_in;
           hand_in("09-play.ipynb")  -> {settings.inbox}/<user name>/09-play.ipynb
Report:    swkit class report {settings.inbox}
"""

import os
import sys
from pathlib import Path

from swkit.hub.config import make_inbox

c = get_config()  # noqa: F821 (JupyterHub defines get_config)
HERE = Path(__file__).resolve().parent

# The hub's own files, beside this config (whatever folder it is started from).
c.JupyterHub.db_url = f"sqlite:///{{HERE / 'jupyterhub.sqlite'}}"
c.JupyterHub.cookie_secret_file = str(HERE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(HERE / "jupyterhub-proxy.pid")

# The proxy installed beside this Python (pip install "swkit[hub]"), found without PATH
# (sudo resets PATH).
PROXY = Path(sys.executable).with_name("configurable-http-proxy")
if PROXY.exists():
    c.ConfigurableHTTPProxy.command = [str(PROXY)]

# The address students open. For a class, serve HTTPS: a certificate here
# (c.JupyterHub.ssl_cert, c.JupyterHub.ssl_key) or a web server in front of the hub.
c.JupyterHub.bind_url = "http://:{settings.port}"

# ---- Accounts -------------------------------------------------------------------------
{_accounts(settings)}

# ---- The class inbox -------------------------------------------------------------------
# One folder per student, named by their hub user name. Made when the hub starts if missing
# ({"mode 0700" if settings.trial else
         "mode 1733: each student makes their own folder and cannot list the others'"}).
INBOX = make_inbox({str(settings.inbox)!r}, shared={not settings.trial})

# ---- Students' servers -------------------------------------------------------------------
{_servers(settings)}

# ---- The idle culler --------------------------------------------------------------------
# Stops a student's server after {settings.idle_minutes} minutes unused, to free its memory
# (their files stay; it starts again when they come back).
c.JupyterHub.services = [
    {{"name": "idle-culler",
     "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout={idle}"]}},
]
c.JupyterHub.load_roles = [
    {{"name": "idle-culler", "services": ["idle-culler"],
     "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}},
]
'''


def config_text(settings: HubSettings, path: Path) -> str:
    """The whole config for the file at ``path``: :data:`HEADER` with the body's digest, then
    :func:`config_body`."""
    body = config_body(settings, path)
    digest = hashlib.sha256(body.encode()).hexdigest()
    return HEADER.format(version=__version__, digest=digest) + "\n" + body


def written_by_swkit(text: str) -> bool:
    """True when ``text`` is a config swkit wrote and nobody changed: its first line is a
    :data:`HEADER` whose digest matches the rest."""
    first, _, body = text.partition("\n")
    found = re.fullmatch(re.escape(HEADER).replace(r"\{version\}", r"[^()\s]+")
                         .replace(r"\{digest\}", "([0-9a-f]{64})"), first)
    return bool(found) and found.group(1) == hashlib.sha256(body.encode()).hexdigest()


def check_out(out: str | os.PathLike[str]) -> Path:
    """The config's path in the folder ``out`` (made absolute, ``~`` expanded), or
    :class:`HubConfigError` when it must not be written: ``out`` or the config is a symbolic
    link (never written through), ``out`` is a file, or a config is there that swkit did not
    write or that was changed since (:func:`written_by_swkit`)."""
    from swkit.files import expand_home
    try:
        folder = Path(expand_home(out, "--out")).absolute()
    except ConfigurationError as exc:
        raise HubConfigError(str(exc)) from None
    if folder.is_symlink():
        raise HubConfigError(f"--out {folder} is a symbolic link: swkit never writes through "
                             f"one; give the real folder ({os.path.realpath(folder)})")
    if folder.exists() and not folder.is_dir():
        raise HubConfigError(f"--out {folder} is a file, not a folder: give a folder for the "
                             f"hub's config (it is created if missing)")
    target = folder / CONFIG_NAME
    if target.is_symlink():
        raise HubConfigError(f"{target} is a symbolic link: swkit never writes through one; "
                             f"remove it, or give another --out")
    if target.exists():
        try:
            ours = target.is_file() and written_by_swkit(target.read_text(errors="replace"))
        except OSError as exc:
            raise HubConfigError(f"{target} cannot be read ({exc.strerror})") from None
        if not ours:
            raise HubConfigError(f"{target} was not written by swkit, or was changed since: "
                                 f"swkit never writes over it; move it away, or give "
                                 f"another --out")
    return target


def write_config(out: str | os.PathLike[str], settings: HubSettings) -> Path:
    """Write :func:`config_text` to ``out/jupyterhub_config.py`` (the folder made if missing;
    the file mode 0600 in the trial, which holds the shared password, else 0644) and return
    its path. Raises :class:`HubConfigError` as :func:`check_out` does, or when the folder
    cannot be written."""
    from swkit.cli.lessons_copy import write_exclusive
    target = check_out(out)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        mask = os.umask(0o077)   # the trial's password is never readable by others
        try:
            write_exclusive(target, config_text(settings, target).encode())
        finally:
            os.umask(mask)
        os.chmod(target, 0o600 if settings.trial else 0o644)
    except OSError as exc:
        raise HubConfigError(f"--out {target.parent}: cannot write the config there "
                             f"({exc.strerror}): give a folder you can write to") from None
    return target


def new_password() -> str:
    """A shared password for the trial: 12 lower-case letters and digits, easy to read aloud
    (the shared-password login needs 8 or more characters)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(secrets.choice(alphabet) for _ in range(12))
