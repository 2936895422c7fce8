"""Build the shop once per release, install that archive on every app server (docs/deploy.md,
"Releases and rolling upgrades").

    .venv/bin/python tools/release.py build [--out dist]        # `make release`
    python3 tools/release.py install dist/shop-ID.tar.gz --root /srv/shop [--no-switch]

`build` makes dist/shop-ID.tar.gz: the code, the pinned requirements.txt with every one of
them as a wheel under wheels/ (for the servers' Python and platform: --python-version,
--platform), the built bundle and every collected static file under static/, and a RELEASE file
with the id (`git describe --always --dirty` and the UTC build time). It needs Node, npm and the
package index; a server needs none of them.

`install` runs on any Python 3.11 or later (Debian 12's own python3 is 3.11.2, before
tarfile's `filter=`: members are checked here). It unpacks an archive into ROOT/releases/ID,
gives it a virtualenv made from the archive's wheels only (ROOT/venvs/, shared by releases with
the same requirements; no package index is asked), links its var/ to
ROOT/var (database, media, env file), copies in the previous release's static files that it
lacks, so pages the previous release served keep finding their bundles, and switches the
ROOT/current symlink. Installing a release that is already there only switches to it.

Only the standard library: `install` runs on a server before any virtualenv exists.
"""

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RELEASE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")
# What a checkout holds that is not code: dependencies, local data, build output.
NOT_CODE = {".git", "node_modules", ".venv", ".venv-tools", "var", "dist", "__pycache__"}
WEBPACK_OUTPUT = Path("frontend/static/frontend")
# The release's own list of the static files it took over from the one before; only those
# before it are ever carried, so static/ holds two releases' files, not every release's.
CARRIED = "STATIC_CARRIED"
WHEELS = "wheels"


def run(args, **kwargs):
    subprocess.run([str(arg) for arg in args], check=True, **kwargs)


# --- build ----------------------------------------------------------------------------


def default_release_id(source):
    describe = subprocess.run(
        ["git", "-C", str(source), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
    )
    if describe.returncode != 0:
        sys.exit(f"{source} is not a git checkout: give --release-id")
    return f"{describe.stdout.strip()}-{datetime.now(UTC):%Y%m%d%H%M%S}"


def code_files(source):
    """Tracked and new files of a git checkout (what .gitignore leaves out stays out), or every
    file of an exported tree (`git archive`) but dependencies and local data."""
    listed = subprocess.run(
        ["git", "-C", str(source), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
    )
    if listed.returncode == 0 and (source / ".git").exists():
        names = [Path(name) for name in listed.stdout.decode().split("\0") if name]
    else:
        names = [
            path.relative_to(source)
            for path in source.rglob("*")
            if not NOT_CODE.intersection(path.relative_to(source).parts)
        ]
    return sorted(
        name
        for name in names
        if (source / name).is_file()
        and not NOT_CODE.intersection(name.parts)
        and WEBPACK_OUTPUT not in name.parents
    )


def build_bundle(source, stage, node_modules):
    """webpack in the staged copy, so the checkout's own frontend/static is left alone. The
    checkout's node_modules is borrowed when the lock file is the same; else npm installs."""
    if not (stage / "package.json").exists():
        return
    lock = node_modules.parent / "package-lock.json"
    if (
        node_modules.is_dir()
        and lock.is_file()
        and lock.read_bytes() == (stage / "package-lock.json").read_bytes()
    ):
        (stage / "node_modules").symlink_to(node_modules.resolve())
    else:
        run(["npm", "install", "--no-audit", "--no-fund", "--no-save"], cwd=stage)
    run(["npm", "run", "build", "--silent"], cwd=stage)


def collect_static(stage, python, scratch):
    env = {
        **os.environ,
        # Settings refuse to load without a key, though collectstatic signs nothing; no
        # developer's env file or database is read, and none ends up in the archive.
        "SECRET_KEY": "release-build-only",
        "ENV_FILE": "",
        "VAR_DIR": str(scratch),
        "STATIC_ROOT": str(stage / "static"),
    }
    # Off, or Django's plain storage would skip the hashed copies and compressed variants.
    env.pop("DEBUG", None)
    run([python, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"], cwd=stage, env=env)


def default_platforms():
    """The manylinux tags a Debian 12 or later server of this machine's architecture takes."""
    arch = platform.machine()
    return [f"manylinux_2_{n}_{arch}" for n in (36, 35, 34, 31, 28, 17)] + [
        f"manylinux2014_{arch}",
        f"linux_{arch}",
    ]


def default_python_versions():
    """This interpreter's minor version at its first and at its own patch level: a dependency
    may need another only before a patch (redis needs async-timeout before 3.11.3, which
    Debian 12's 3.11.2 is), so the archive carries what either end asks for."""
    major, minor, micro = sys.version_info[:3]
    return [f"{major}.{minor}.0", f"{major}.{minor}.{micro}"]


def pip_download(python, version, platforms, folder, *args):
    abi = "cp" + "".join(version.split(".")[:2])
    platform_args = [arg for tag in platforms for arg in ("--platform", tag)]
    run(
        [python, "-m", "pip", "download", "--quiet", "--progress-bar=off"]
        + ["--only-binary=:all:", "--implementation", "cp", "--abi", abi]
        + ["--python-version", version, *platform_args, "-d", folder, *args]
    )


def download_wheels(requirements, folder, *, python_versions, platforms, python=sys.executable):
    """Every pinned requirement as a wheel for the servers' interpreters, so `install` needs
    no package index (nor a compiler) on a server."""
    for version in python_versions:
        pip_download(python, version, platforms, folder, "-r", requirements)
    # pip judges a dependency's markers by the Python it runs on, not the target's: every pin
    # is fetched again without its marker, so one that only an older patch level needs
    # (async-timeout before 3.11.3) is in the archive too.
    unmarked = Path(folder) / ".requirements-unmarked.txt"
    unmarked.write_text(
        "".join(
            line.split(";", 1)[0].strip() + "\n"
            for line in Path(requirements).read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        )
    )
    pip_download(python, python_versions[0], platforms, folder, "--no-deps", "-r", unmarked)
    unmarked.unlink()


def build(
    source,
    out,
    *,
    release_id=None,
    static=None,
    node_modules=None,
    python=sys.executable,
    python_versions=None,
    platforms=None,
):
    source = Path(source).resolve()
    release_id = release_id or default_release_id(source)
    if not RELEASE_ID.match(release_id):
        sys.exit(f"release id {release_id!r}: letters, digits and . _ + - only")
    name = f"shop-{release_id}"
    with tempfile.TemporaryDirectory(prefix="shop-release-") as scratch:
        stage = Path(scratch) / name
        for file in code_files(source):
            (stage / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / file, stage / file)
        if static:
            shutil.copytree(static, stage / "static")
        else:
            build_bundle(source, stage, Path(node_modules or source / "node_modules"))
            collect_static(stage, python, Path(scratch) / "var")
            # collectstatic copied the bundle into static/; the archive needs it once.
            shutil.rmtree(stage / WEBPACK_OUTPUT, ignore_errors=True)
            (stage / "node_modules").unlink(missing_ok=True)
        download_wheels(
            stage / "requirements.txt",
            stage / WHEELS,
            python_versions=python_versions or default_python_versions(),
            platforms=platforms or default_platforms(),
            python=python,
        )
        (stage / "RELEASE").write_text(release_id + "\n")
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        archive = out / f"{name}.tar.gz"
        partial = out / f".{name}.tar.gz.partial"
        with tarfile.open(partial, "w:gz") as tar:
            tar.add(stage, arcname=name)
        partial.replace(archive)
    return archive


# --- install --------------------------------------------------------------------------


def read_release_id(tar):
    tops = {member.name.split("/", 1)[0] for member in tar.getmembers()}
    if len(tops) != 1:
        sys.exit("not a release archive: more than one top folder")
    top = tops.pop()
    try:
        release_id = tar.extractfile(f"{top}/RELEASE").read().decode().strip()
    except KeyError:
        sys.exit("not a release archive: no RELEASE file")
    if not RELEASE_ID.match(release_id):
        sys.exit(f"not a release archive: bad release id {release_id!r}")
    return top, release_id


class UnsafeArchive(Exception):
    pass


def checked_members(tar, top):
    """The archive's members if every one stays inside its top folder: what tarfile's "data"
    filter refuses (absolute names, `..`, links leading out, devices and fifos) is refused here
    too, on a Python without `filter=` (before 3.11.4). Modes lose setuid/setgid and group or
    other write, and the owner is whoever installs, as the filter does."""
    members = []
    for member in tar.getmembers():
        name = member.name
        parts = name.split("/")
        if name.startswith("/") or os.path.isabs(name) or ".." in parts:
            raise UnsafeArchive(f"{name}: outside the release folder")
        if parts[0] != top:
            raise UnsafeArchive(f"{name}: outside the release folder")
        if not (member.isfile() or member.isdir() or member.issym() or member.islnk()):
            raise UnsafeArchive(f"{name}: a device, fifo or other special file")
        if member.issym() or member.islnk():
            target = member.linkname
            base = os.path.dirname(name) if member.issym() else ""
            resolved = os.path.normpath(os.path.join(base, target))
            if os.path.isabs(target) or resolved == ".." or resolved.startswith("../"):
                raise UnsafeArchive(f"{name}: links outside the release folder ({target})")
            if resolved.split("/")[0] != top:
                raise UnsafeArchive(f"{name}: links outside the release folder ({target})")
        member.mode &= 0o755
        member.uid, member.gid = os.getuid(), os.getgid()
        member.uname = member.gname = ""
        members.append(member)
    return members


def extract(tar, top, dest):
    members = checked_members(tar, top)
    if hasattr(tarfile, "data_filter"):
        tar.extractall(dest, members=members, filter="data")
    else:
        tar.extractall(dest, members=members)


def ensure_venv(requirements, venvs, python, wheels):
    """One virtualenv per set of pinned requirements (and interpreter): a release that changes
    no requirement installs in seconds, and a virtualenv is never changed once complete. Only
    the archive's wheels are installed: no package index is asked, whatever pip is told."""
    key = hashlib.sha256(requirements.read_bytes() + str(python).encode()).hexdigest()[:16]
    venv = venvs / key
    complete = venv / ".complete"
    if not complete.exists():
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", venv])
        pip = [venv / "bin" / "python", "-m", "pip", "install", "--quiet"]
        run(
            [*pip, "--no-index", "--find-links", wheels, "-r", requirements],
            env={**os.environ, "PIP_CONFIG_FILE": os.devnull, "PIP_FIND_LINKS": ""},
        )
        complete.touch()
    return venv


def carry_static(previous, release):
    """Hard-link (or copy) the previous release's own static files that this one lacks, and
    list them, so the next release leaves them behind."""
    old_static, new_static = previous / "static", release / "static"
    if not old_static.is_dir():
        return 0
    inherited = set()
    if (previous / CARRIED).is_file():
        inherited = set((previous / CARRIED).read_text().splitlines())
    carried = []
    for path in sorted(old_static.rglob("*")):
        name = path.relative_to(old_static).as_posix()
        target = new_static / name
        if not path.is_file() or name in inherited or target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(path, target)
        except OSError:
            shutil.copy2(path, target)
        carried.append(name)
    (release / CARRIED).write_text("".join(f"{name}\n" for name in carried))
    return len(carried)


def switch(root, release_id):
    link = root / ".current.new"
    link.unlink(missing_ok=True)
    link.symlink_to(Path("releases") / release_id)
    # rename(2) replaces the old link in one step: `current` never points nowhere.
    os.replace(link, root / "current")


def install(archive, root, *, switch_current=True, venv=None, venvs=None, python=sys.executable):
    root = Path(root).resolve()
    releases = root / "releases"
    releases.mkdir(parents=True, exist_ok=True)
    (root / "var").mkdir(mode=0o700, exist_ok=True)
    with tarfile.open(archive) as tar:
        top, release_id = read_release_id(tar)
        release = releases / release_id
        if release.exists():
            print(f"{release_id} is installed already")
        else:
            partial = releases / f".{release_id}.partial"
            shutil.rmtree(partial, ignore_errors=True)
            try:
                extract(tar, top, partial)
            except UnsafeArchive as error:
                shutil.rmtree(partial, ignore_errors=True)
                sys.exit(f"not a safe release archive: {error}")
            staged = partial / top
            if venv:
                env_dir = Path(venv).resolve()
            else:
                env_dir = ensure_venv(
                    staged / "requirements.txt",
                    Path(venvs or root / "venvs").resolve(),
                    python,
                    staged / WHEELS,
                )
            # Installed in the virtualenv now, and in the archive should it be needed again.
            shutil.rmtree(staged / WHEELS, ignore_errors=True)
            (staged / ".venv").symlink_to(os.path.relpath(env_dir, release))
            (staged / "var").symlink_to(os.path.relpath(root / "var", release))
            current = root / "current"
            carried = carry_static(current.resolve(), staged) if current.exists() else 0
            # Complete before it appears under its name: a release folder is never half there.
            staged.rename(release)
            partial.rmdir()
            print(f"installed {release_id} in {release} ({carried} static files carried over)")
    if switch_current:
        switch(root, release_id)
        print(f"{root / 'current'} -> releases/{release_id}: restart the web server and worker")
    return release


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="build dist/shop-ID.tar.gz (needs Node and npm)")
    make.add_argument("--out", default=ROOT / "dist", type=Path, help="folder of the archive")
    make.add_argument("--source", default=ROOT, type=Path, help="the tree to build (a checkout)")
    make.add_argument("--release-id", help="default: git describe --always --dirty and the time")
    make.add_argument(
        "--static", type=Path, help="an already collected static folder: no npm, no collectstatic"
    )
    make.add_argument(
        "--node-modules", type=Path, help="node_modules to borrow (default: the source's)"
    )
    make.add_argument(
        "--python-version",
        action="append",
        dest="python_versions",
        help="a Python the servers run, e.g. 3.11.2 (repeatable; default: this interpreter's "
        "minor version at .0 and at its own patch level)",
    )
    make.add_argument(
        "--platform",
        action="append",
        dest="platforms",
        help="a wheel platform tag the servers take (repeatable; default: manylinux of this "
        "machine's architecture)",
    )
    put = commands.add_parser("install", help="install an archive and switch ROOT/current to it")
    put.add_argument("archive", type=Path)
    put.add_argument("--root", required=True, type=Path, help="e.g. /srv/shop")
    put.add_argument(
        "--no-switch",
        action="store_true",
        help="unpack and prepare only (e.g. to migrate from it first); `current` stays",
    )
    put.add_argument("--venvs", type=Path, help="folder of the virtualenvs (default ROOT/venvs)")
    put.add_argument(
        "--venv", type=Path, help="use this existing virtualenv instead of making one (tests)"
    )
    put.add_argument(
        "--python", default=sys.executable, help="interpreter of new virtualenvs (this one)"
    )
    args = parser.parse_args(argv)
    if args.command == "build":
        archive = build(
            args.source,
            args.out,
            release_id=args.release_id,
            static=args.static,
            node_modules=args.node_modules,
            python_versions=args.python_versions,
            platforms=args.platforms,
        )
        print(archive)
    else:
        install(
            args.archive,
            args.root,
            switch_current=not args.no_switch,
            venv=args.venv,
            venvs=args.venvs,
            python=args.python,
        )


if __name__ == "__main__":
    main()
