"""The shape of the code: every app's tests are collected, and the apps import each other
only as docs/architecture.md ("Dependencies between apps") draws it."""

import ast
import configparser
import fnmatch
import os
import re
from collections import defaultdict

from config.local_apps import ROOT, local_app_folders

# Run by `make e2e` on its own, after the build; the Python passes leave it out.
RUN_APART = {"tests/e2e"}


def _ini() -> configparser.ConfigParser:
    ini = configparser.ConfigParser()
    ini.read(ROOT / "pytest.ini")
    return ini


def _collected(where: str) -> bool:
    """Whether a plain run (pytest.ini's testpaths, less its norecursedirs) reaches `where`."""
    testpaths = _ini()["pytest"]["testpaths"].split()
    skipped = _ini()["pytest"]["norecursedirs"].split()
    parts = where.split("/")
    under = any(
        path == "." or parts[: len(path.split("/"))] == path.split("/") for path in testpaths
    )
    return under and not any(
        fnmatch.fnmatch(part, pattern) for part in parts for pattern in skipped
    )


def test_every_local_app_is_collected_by_a_plain_run():
    assert {"activity", "orders", "storesettings", "frontend"} <= set(local_app_folders())
    assert [app for app in local_app_folders() if not _collected(f"{app}/tests")] == []


def test_testpaths_are_the_local_apps_and_the_project_suites():
    testpaths = _ini()["pytest"]["testpaths"].split()
    assert sorted(testpaths) == sorted([*local_app_folders(), "tests"])


def test_a_folder_left_out_is_seen():
    assert not _collected("node_modules/x/tests") and not _collected("bench")
    assert _collected("orders/tests")


def test_every_test_file_of_the_repository_is_collected():
    # Everything but installed packages and the local profile's files: a test file in a
    # folder norecursedirs leaves out (bench/, tools/...) is a test nobody runs.
    missed = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [n for n in subfolders if n not in ("node_modules", "var", "dist")]
        subfolders[:] = [n for n in subfolders if not n.startswith(".")]
        where = os.path.relpath(folder, ROOT).replace(os.sep, "/")
        if where in RUN_APART:
            subfolders[:] = []
            continue
        tests = [name for name in files if name.startswith("test_") and name.endswith(".py")]
        missed += [f"{where}/{name}" for name in tests if not _collected(where)]
    assert missed == []


# --- Imports between apps (docs/architecture.md, "Dependencies between apps") -----------

DOC = ROOT / "docs" / "architecture.md"
SECTION = "## Dependencies between apps"
# Imported by every app; imports none of them (its own row says so).
SHARED = "common"
# Settings, URLs and the answers composed from several apps: imports any app, none imports it.
PROJECT = "config"
ROW = re.compile(r"^\| `(\w+)` \| (.+) \|$")


def documented_arrows() -> dict[str, set[str]]:
    """{app: the apps it may import} from the doc's table."""
    text = DOC.read_text()
    section = text[text.index(SECTION) :].split("\n## ", 1)[0]
    arrows = {}
    for line in section.splitlines():
        row = ROW.match(line.strip())
        if row:
            arrows[row.group(1)] = set(re.findall(r"`(\w+)`", row.group(2)))
    return arrows


def imported_modules(source: str) -> list[tuple[str, int]]:
    """(module, line) of every absolute import in `source`, inside functions too."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
    return found


def app_imports() -> dict[tuple[str, str], list[str]]:
    """{(importing app, imported app): ["path:line", ...]} over every local app's modules
    but its tests (the project package included)."""
    apps = [*local_app_folders(), PROJECT]
    edges = defaultdict(list)
    for app in apps:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "tests" in path.relative_to(ROOT).parts:
                continue
            for module, line in imported_modules(path.read_text()):
                imported = module.split(".")[0]
                if imported in apps and imported != app:
                    edges[app, imported].append(f"{path.relative_to(ROOT)}:{line}")
    return edges


def _cycle(arrows: dict[str, set[str]]) -> list[str]:
    """One cycle of `arrows` as a path of apps, or []."""
    state: dict[str, str] = {}

    def visit(app, path):
        state[app] = "open"
        for other in sorted(arrows.get(app, ())):
            if state.get(other) == "open":
                return [*path[path.index(other) :], other] if other in path else [app, other]
            if other not in state:
                found = visit(other, [*path, other])
                if found:
                    return found
        state[app] = "done"
        return []

    for app in sorted(arrows):
        if app not in state:
            found = visit(app, [app])
            if found:
                return found
    return []


def test_the_parser_sees_imports_inside_functions_and_both_forms():
    source = "import orders.models\nfrom shop import stock\ndef f():\n    from rides.x import y\n"
    assert [module for module, _ in imported_modules(source)] == [
        "orders.models",
        "shop",
        "rides.x",
    ]


def test_every_local_app_has_a_row_and_the_table_names_only_apps():
    arrows = documented_arrows()
    apps = set(local_app_folders())
    assert set(arrows) == apps
    assert set().union(*arrows.values()) <= apps
    assert arrows[SHARED] == set()


def test_apps_import_each_other_only_along_the_documented_arrows():
    arrows = documented_arrows()
    undocumented = {
        f"{importer} -> {imported}": where
        for (importer, imported), where in app_imports().items()
        if importer != PROJECT and imported != SHARED and imported not in arrows[importer]
    }
    assert undocumented == {}


def test_no_app_imports_the_project_package():
    assert {pair: where for pair, where in app_imports().items() if pair[1] == PROJECT} == {}


def test_no_two_apps_import_each_other_and_there_is_no_cycle():
    edges = app_imports()
    both_ways = sorted(f"{a} <-> {b}" for a, b in edges if a < b and (b, a) in edges)
    assert both_ways == []
    arrows = defaultdict(set)
    for importer, imported in edges:
        if importer != PROJECT:
            arrows[importer].add(imported)
    assert _cycle(arrows) == []


def test_the_documented_arrows_have_no_cycle_either():
    assert _cycle(documented_arrows()) == []


def test_a_cycle_is_found():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def _app_lines(pattern: str) -> list[str]:
    """`path:line` of every line of app code (tests, migrations and test helpers left out)
    that `pattern` finds."""
    found = []
    for app in local_app_folders():
        for path in (ROOT / app).rglob("*.py"):
            if {"tests", "migrations", "testing"} & set(path.relative_to(ROOT).parts):
                continue
            for number, text in enumerate(path.read_text().splitlines(), 1):
                if re.search(pattern, text):
                    found.append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_database_branches_stay_few():
    """Every feature is written once for both databases through the ORM: a branch on the
    database's kind in app code needs a reason (docs/architecture.md), and there are at
    most five."""
    # A branch is a test of the kind against a name ("sqlite"); the backup's check that a
    # file matches the database it is restored into is no branch.
    branches = _app_lines(r"\.vendor\s*[!=]=\s*[\"']")
    assert len(branches) <= 5, branches


def test_no_app_code_starts_a_thread():
    """A web process runs requests and nothing beside them (issue 36): no listener, timer or
    pool of the app's own. The one pool is collectstatic's compression (common/static.py),
    which runs at build time, never in a server."""
    started = _app_lines(r"threading\.(Thread|Timer)\(|ThreadPoolExecutor\(|start_new_thread")
    assert [place.split(":")[0] for place in started] == ["common/static.py"], started


def test_in_process_caches_stay_few():
    """What a process keeps goes through Django's cache, shared by every process. A cache of
    a process's own needs a reason, and there are two: the search's table of capital letters
    (a constant, built on first use) and /readyz's storage verdict (common/views.py, 5 s, so
    a probe every few seconds does not call S3 each time). A memoising decorator is a third."""
    kept = _app_lines(r"functools\.(cache|lru_cache)|\blru_cache\b|@cache\b|cachetools")
    assert [place.split(":")[0] for place in kept] == ["shop/search.py"], kept
