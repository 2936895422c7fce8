"""deploy/monitoring/ as Prometheus reads it: promtool accepts the scrape configuration and the
rules, the rules' unit tests pass (`promtool test rules`), and every shop metric the rules and
the dashboard name is one common/metrics.py really exports."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
MONITORING = ROOT / "deploy" / "monitoring"
# Written by shop-backup.service for node exporter, not by the app; and the scrape jobs' names.
NOT_FROM_THE_APP = {"shop_backup_last_success_timestamp_seconds", "shop_readyz", "shop_tasks"}
SUFFIXES = {"counter": ["_total"], "histogram": ["_bucket", "_sum", "_count"], "gauge": [""]}
# (a counter's TYPE line names it with or without _total, by prometheus_client's version)


def promtool(*args, cwd=MONITORING):
    binary = shutil.which("promtool")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("promtool is not installed (Debian's prometheus package: make test)")
        pytest.skip("needs promtool (Debian's prometheus package; make test installs it)")
    result = subprocess.run(
        [binary, *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


@pytest.mark.live
def test_promtool_accepts_the_scrape_configuration(tmp_path):
    # The files it names under /etc/prometheus, put here.
    config = (MONITORING / "prometheus.yml").read_text().replace("/etc/prometheus/", f"{tmp_path}/")
    (tmp_path / "prometheus.yml").write_text(config)
    shutil.copy(MONITORING / "shop-rules.yml", tmp_path)
    (tmp_path / "shop-metrics-token").write_text("a-metrics-token\n")

    out = promtool("check", "config", tmp_path / "prometheus.yml")

    assert "is valid prometheus config file syntax" in out
    assert "SUCCESS: 10 rules found" in out


@pytest.mark.live
def test_promtool_accepts_the_rules_and_their_unit_tests_pass():
    assert "SUCCESS" in promtool("check", "rules", "shop-rules.yml")
    assert "SUCCESS" in promtool("test", "rules", "shop-rules.test.yml")


def test_each_server_is_scraped_on_its_own_with_the_metrics_token():
    config = yaml.safe_load((MONITORING / "prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    shop = jobs["shop"]
    assert shop["authorization"]["credentials_file"] == "/etc/prometheus/shop-metrics-token"
    (targets,) = [static["targets"] for static in shop["static_configs"]]
    # One target per app server, never the shop's public name (nginx alternates servers).
    assert len(targets) == len(set(targets)) >= 2
    assert not any("shop.example.com" in target for target in targets)
    blackbox = yaml.safe_load((MONITORING / "blackbox.yml").read_text())["modules"]
    for job in ("shop_readyz", "shop_tasks"):
        (module,) = jobs[job]["params"]["module"]
        assert module in blackbox


def exported_names():
    from prometheus_client import REGISTRY, generate_latest

    text = generate_latest(REGISTRY).decode()
    names = set()
    for name, kind in re.findall(r"^# TYPE (shop_\w+) (\w+)$", text, re.M):
        base = name.removesuffix("_total")
        names.update(base + suffix for suffix in SUFFIXES[kind])
    return names


def named_in_monitoring():
    rules = yaml.safe_load((MONITORING / "shop-rules.yml").read_text())
    expressions = [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    expressions += [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    return {name for expr in expressions for name in re.findall(r"\bshop_\w+", expr)}


@pytest.mark.django_db
def test_every_shop_metric_named_is_one_the_app_exports(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    import common.metrics  # noqa: F401  (registers the metrics)

    exported = exported_names()
    assert {"shop_http_requests_total", "shop_task_queue_stuck_running"} <= exported
    assert sorted(named_in_monitoring() - exported - NOT_FROM_THE_APP) == []


def test_the_dashboard_shows_each_server_apart():
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    assert dashboard["uid"] == "shop-overview"
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    assert len(exprs) >= 10
    per_server = [e for e in exprs if "instance" in e or e.startswith(("probe_", "node_"))]
    assert len(per_server) == len(exprs) - 1  # the newest backup is the shop's, not a server's
