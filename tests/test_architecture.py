"""The shape of the code: every app's tests are collected, and the apps import each other
only as docs/architecture.md ("Dependencies between apps") draws it."""

import os
from types import SimpleNamespace

import pytest

from config import local_apps
from config.local_apps import ROOT, local_app_folders
from conftest import collect_every_app

# Run by `make e2e` on its own, after the build; the Python passes leave it out.
RUN_APART = {"tests/e2e"}


def _plain_run(args=("tests",)):
    """A pytest run given no paths, as `make test` starts one."""
    return SimpleNamespace(args_source=pytest.Config.ArgsSource.TESTPATHS, args=list(args))


def test_a_run_without_paths_collects_every_local_app():
    run = _plain_run()
    collect_every_app(run)
    assert run.args == [*local_app_folders(), "tests"]
    assert {"activity", "orders", "storesettings", "frontend"} <= set(run.args)


def test_paths_given_are_collected_as_given():
    run = SimpleNamespace(args_source=pytest.Config.ArgsSource.ARGS, args=["orders/tests"])
    collect_every_app(run)
    assert run.args == ["orders/tests"]


def test_every_test_file_of_the_repository_is_collected():
    run = _plain_run()
    collect_every_app(run)
    roots = set(run.args)
    missed = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        subfolders[:] = [name for name in subfolders if name != "node_modules"]
        where = os.path.relpath(folder, ROOT)
        if where.split(os.sep)[0] in roots or where.replace(os.sep, "/") in RUN_APART:
            subfolders[:] = []
            continue
        missed += [os.path.join(where, name) for name in files if name.startswith("test_")]
    assert [name for name in missed if name.endswith(".py")] == []


def test_a_new_app_is_collected_with_no_list_edited(tmp_path, monkeypatch, settings):
    (tmp_path / "newapp").mkdir()
    (tmp_path / "newapp" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(local_apps, "ROOT", tmp_path)
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "newapp"]
    run = _plain_run()
    collect_every_app(run)
    assert run.args == ["newapp", "tests"]
