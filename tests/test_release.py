"""Build once, deploy many (docs/deploy.md, "Releases and rolling upgrades"): a release archive
of this tree installs without Node, and while servers are upgraded one at a time no page names
a bundle that cannot be fetched, through a real nginx in front of real gunicorns.

The two releases are this tree with a tiny collected static folder each (an index.html naming
its own content-hashed bundle), so the test needs neither webpack nor a 20 s collectstatic;
`make rehearsal` rolls two real builds with a continuous probe."""

import hashlib
import io
import os
import re
import subprocess
import sys
import tarfile

import pytest

from tests.deploykit import HOST, app_server, nginx, nginx_binary
from tests.liveserver import ROOT, call, server_env
from tests.runbook import NO_INDEX

pytestmark = [pytest.mark.live, pytest.mark.sqlite_only]


def fake_collected_static(folder, tag):
    """What collectstatic leaves for a bundle: index.html naming content-hashed files."""
    assets = {}
    for kind in ("js", "css"):
        body = f"/* {tag} {kind} */\n".encode()
        name = f"frontend/{kind}/main.{hashlib.sha256(body).hexdigest()[:10]}.{kind}"
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(body)
        assets[f"/static/{name}"] = body
    js, css = assets
    (folder / "frontend" / "index.html").write_text(
        f'<!doctype html><html><head><link href="{css}" rel="stylesheet">'
        f'<script defer="defer" src="{js}"></script></head><body><div id="root"></div></body>'
        "</html>"
    )
    return assets


def release_tool(*args):
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "release.py"), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def releases(tmp_path_factory):
    """Two archives of this tree, release-1 and release-2, each with its own bundle."""
    workdir = tmp_path_factory.mktemp("releases")
    built = {}
    for release_id in ("release-1", "release-2"):
        static = workdir / f"static-{release_id}"
        assets = fake_collected_static(static, release_id)
        archive = release_tool(
            "build", "--static", static, "--release-id", release_id, "--out", workdir / "dist"
        ).strip()
        built[release_id] = (archive, assets)
    return built


def install(archive, root):
    # The test's own virtualenv stands in for the one install makes from requirements.txt
    # (30 s of pip): the point here is the code and the static files.
    release_tool("install", archive, "--root", root, "--venv", sys.prefix)


@pytest.fixture
def env(tmp_path):
    env = server_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ALLOWED_HOSTS=f"{HOST},127.0.0.1",
        NUM_PROXIES=1,
    )
    # What an installed release finds itself: its own static/ and its RELEASE file, which
    # wins over a RELEASE left in the environment.
    for name in ("STATIC_ROOT", "VAR_DIR"):
        env.pop(name, None)
    env["RELEASE"] = "left-over-from-an-env-file"
    return env


def page(base):
    status, body, headers = call(base, "GET", "/", headers={"Host": HOST})
    assert status == 200
    return headers["X-Release"], sorted(
        re.findall(r'(?:src|href)="?(/static/[^" >]+)', body.decode())
    )


def fetch(base, url):
    status, body, _ = call(base, "GET", url, headers={"Host": HOST})
    return status, body


def test_archive_holds_code_pinned_requirements_static_files_and_release_id(releases):
    archive, assets = releases["release-1"]

    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        release = tar.extractfile("shop-release-1/RELEASE").read().decode()
        requirements = tar.extractfile("shop-release-1/requirements.txt").read().decode()

    assert archive.endswith("dist/shop-release-1.tar.gz")
    assert release == "release-1\n"
    pins = [line for line in requirements.splitlines() if line and not line.startswith("#")]
    assert pins and all("==" in line for line in pins)
    assert {
        "shop-release-1/manage.py",
        "shop-release-1/config/settings/__init__.py",
        "shop-release-1/static/frontend/index.html",
        *(f"shop-release-1{url}" for url in assets),
    } <= names
    assert not [n for n in names if re.search(r"/(node_modules|\.venv|var|\.git)(/|$)", n)]


def test_an_upgraded_server_serves_the_new_page_and_the_previous_bundles(releases, env, tmp_path):
    (first, old_assets), (second, new_assets) = releases["release-1"], releases["release-2"]
    root = tmp_path / "srv"
    install(first, root)
    install(second, root)
    server = app_server(root, env, tmp_path / "server.log")
    server.start()
    try:
        assert os.readlink(root / "current") == "releases/release-2"
        assert page(server.base) == ("release-2", sorted(new_assets))
        for url, body in {**old_assets, **new_assets}.items():
            assert fetch(server.base, url) == (200, body), url
    finally:
        server.stop()
    # Only the release before is carried: release-2's folder holds two bundles, not more.
    carried = (root / "releases" / "release-2" / "STATIC_CARRIED").read_text().splitlines()
    assert sorted(f"/static/{name}" for name in carried if "/main." in name) == sorted(old_assets)


def test_rolling_upgrade_behind_nginx_never_serves_a_page_with_missing_bundles(
    releases, env, tmp_path
):
    if not nginx_binary():
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed (`make nginx`)")
        pytest.skip("needs Debian's nginx (`make nginx` installs it as root)")
    (first, old_assets), (second, new_assets) = releases["release-1"], releases["release-2"]
    roots = [tmp_path / "server-a", tmp_path / "server-b"]
    servers = []
    for n, root in enumerate(roots):
        install(first, root)
        servers.append(app_server(root, env, tmp_path / f"server-{n}.log"))
        servers[-1].start(wait=False)
    try:
        for server in servers:
            server.wait_ready()
        with nginx(tmp_path, [server.port for server in servers]) as proxy:

            def every_page_is_whole():
                """Page loads through nginx (round robin over both servers), then every
                bundle each page names, asked twice in a row: once of each server."""
                seen = set()
                for _ in range(4):
                    release, urls = page(proxy)
                    seen.add(release)
                    for url in urls:
                        assert [fetch(proxy, url)[0] for _ in range(2)] == [200] * 2, url
                return seen

            assert every_page_is_whole() == {"release-1"}

            install(second, roots[0])
            # `current` moved, but a running server keeps its release until it restarts.
            assert page(servers[0].base)[0] == "release-1"
            servers[0].restart()
            # Mid-roll, server B has never heard of release-2's bundles: nginx asks A.
            assert every_page_is_whole() == {"release-1", "release-2"}
            assert {url: fetch(servers[1].base, url)[0] for url in new_assets} == dict.fromkeys(
                new_assets, 404
            )

            install(second, roots[1])
            servers[1].restart()
            assert every_page_is_whole() == {"release-2"}
            # A tab still showing release-1 loads its bundles from either server.
            for server in servers:
                for url, body in old_assets.items():
                    assert fetch(server.base, url) == (200, body), (server.base, url)
            for url in old_assets:
                assert [fetch(proxy, url)[0] for _ in range(4)] == [200] * 4, url
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.stop()


# --- Debian's own python3 and no package index ------------------------------------------

DEBIAN_PYTHON = "/usr/bin/python3"


def debian_python():
    if not os.path.exists(DEBIAN_PYTHON):
        pytest.skip("no /usr/bin/python3")
    return DEBIAN_PYTHON


def tool_from_archive(archive, folder):
    """As the runbook does the first time: `tar -xzOf ... tools/release.py > release.py`."""
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        body = tar.extractfile(f"{top}/tools/release.py").read()
    (folder / "release.py").write_bytes(body)
    return folder / "release.py"


def test_install_with_debians_python_needs_no_package_index(releases, tmp_path):
    python = debian_python()
    archive, _ = releases["release-1"]
    with tarfile.open(archive) as tar:
        wheels = [n for n in tar.getnames() if n.endswith(".whl")]
    # Every pin, as a wheel (django-storages[s3] and psycopg[binary] bring their extras).
    pins = [
        line.split("==")[0].split("[")[0].lower().replace("-", "_")
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    names = {n.rsplit("/", 1)[1].split("-")[0].lower() for n in wheels}
    assert sorted(set(pins) - names) == []

    root = tmp_path / "srv"
    env = {key: value for key, value in os.environ.items() if not key.startswith("PIP_")}
    result = subprocess.run(
        [python, tool_from_archive(archive, tmp_path), "install", archive, "--root", root],
        capture_output=True,
        text=True,
        timeout=600,
        env={**env, **NO_INDEX},
    )
    assert result.returncode == 0, result.stderr
    assert "installed release-1" in result.stdout
    venv_python = root / "current" / ".venv" / "bin" / "python"
    check = subprocess.run(
        [venv_python, "manage.py", "check", "--deploy", "--fail-level", "ERROR"],
        cwd=root / "current",
        capture_output=True,
        text=True,
        timeout=120,
        env={**server_env(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}"), **NO_INDEX},
    )
    assert check.returncode == 0, check.stderr
    version = subprocess.run(
        [venv_python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert (
        version
        == subprocess.run(
            [python, "-c", "import sys; print(sys.version.split()[0])"],
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The wheels are in the virtualenv now: the release folder does not keep a second copy.
    assert not (root / "current" / "wheels").exists()


def unsafe_archive(path, member):
    with tarfile.open(path, "w:gz") as tar:
        release = tarfile.TarInfo("shop-bad/RELEASE")
        release.size = 4
        tar.addfile(release, io.BytesIO(b"bad\n"))
        if member.isfile():
            tar.addfile(member, io.BytesIO(b"x" * member.size))
        else:
            tar.addfile(member)
    return path


def regular(name):
    info = tarfile.TarInfo(name)
    info.size = 1
    return info


def link(name, target, kind):
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, target
    return info


def device(name):
    info = tarfile.TarInfo(name)
    info.type, info.devmajor, info.devminor = tarfile.CHRTYPE, 1, 3
    return info


@pytest.mark.parametrize(
    "member",
    [
        regular("shop-bad/../../escaped"),
        regular("/tmp/shop-bad-absolute"),
        link("shop-bad/out", "../../../etc/passwd", tarfile.SYMTYPE),
        link("shop-bad/abs", "/etc/passwd", tarfile.SYMTYPE),
        link("shop-bad/hard", "etc/passwd", tarfile.LNKTYPE),
        device("shop-bad/null"),
    ],
    ids=["dotdot", "absolute", "symlink-out", "symlink-absolute", "hardlink-out", "device"],
)
@pytest.mark.parametrize("python", ["debian", "this"])
def test_install_refuses_a_member_outside_the_release_on_every_python(member, python, tmp_path):
    interpreter = debian_python() if python == "debian" else sys.executable
    archive = unsafe_archive(tmp_path / "shop-bad.tar.gz", member)
    root = tmp_path / "deep" / "er" / "srv"
    result = subprocess.run(
        [interpreter, ROOT / "tools" / "release.py", "install", archive, "--root", root],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert re.search(r"not a (safe )?release archive", result.stderr), result.stderr
    assert sorted(p.name for p in (root / "releases").iterdir()) == []
    assert not (tmp_path / "deep" / "escaped").exists()
    assert not os.path.exists("/tmp/shop-bad-absolute")


def test_two_roots_on_one_machine_keep_their_own_current(releases, tmp_path):
    """Two instances on one machine (docs/deploy.md, step 6): each its own root, so upgrading
    one never moves the other's `current`, virtualenvs or var/."""
    (first, _), (second, _) = releases["release-1"], releases["release-2"]
    shop, staging = tmp_path / "shop", tmp_path / "shop-staging"
    install(first, shop)
    install(first, staging)

    install(second, staging)

    assert os.readlink(shop / "current") == "releases/release-1"
    assert os.readlink(staging / "current") == "releases/release-2"
    for root in (shop, staging):
        assert (root / "current" / "var").resolve() == root / "var"
