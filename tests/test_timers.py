"""The daily timers run on the shop's clock (America/Los_Angeles), not the machine's: on a UTC
machine the digest still goes out at 07:00 in Los Angeles, winter and summer."""

import os
import re
import shutil
import subprocess
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings

# systemd-analyze is a process of its own.
pytestmark = pytest.mark.live

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
SHOP = ZoneInfo("America/Los_Angeles")
DAILY = {
    "shop-low-stock-digest.timer": "07:00",
    "shop-housekeeping.timer": "03:30",
    "shop-backup.timer": "02:30",
    "shop-compliance-monthly.timer": "06:00",
}


def on_calendar(timer):
    (value,) = re.findall(r"^OnCalendar=(.*)$", (DEPLOY / timer).read_text(), re.M)
    return value


def next_run(expression, base):
    """systemd's own reading of the expression on a UTC machine, from `base`."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is not installed")
        pytest.skip("systemd-analyze is not installed here")
    result = subprocess.run(
        [analyze, "calendar", f"--base-time={base}", expression],
        capture_output=True,
        text=True,
        env={"TZ": "UTC", "PATH": "/usr/bin:/bin"},
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
    (elapse,) = re.findall(r"Next elapse: \w+ (\S+ \S+) UTC", result.stdout)
    return datetime.fromisoformat(f"{elapse}+00:00")


def test_the_shop_time_zone_is_the_timers_one():
    assert settings.TIME_ZONE == "America/Los_Angeles"
    for timer in DAILY:
        assert on_calendar(timer).endswith(f" {settings.TIME_ZONE}"), timer


@pytest.mark.parametrize(
    "base", ["2026-01-15 12:00:00 UTC", "2026-07-15 12:00:00 UTC"], ids=["winter", "summer"]
)
@pytest.mark.parametrize("timer", sorted(DAILY))
def test_daily_timers_run_at_their_hour_in_los_angeles_on_a_utc_machine(timer, base):
    run = next_run(on_calendar(timer), base)

    local = run.astimezone(SHOP)
    assert local.strftime("%H:%M") == DAILY[timer]
    # The next such hour after the base time, not a day late.
    wait = run - datetime.fromisoformat(base.replace(" UTC", "+00:00"))
    assert wait.total_seconds() > 0 and wait.days == 0


def test_the_digest_at_7_in_los_angeles_is_15_utc_in_winter_and_14_in_summer():
    digest = on_calendar("shop-low-stock-digest.timer")
    assert next_run(digest, "2026-01-15 12:00:00 UTC").isoformat() == "2026-01-15T15:00:00+00:00"
    assert next_run(digest, "2026-07-15 12:00:00 UTC").isoformat() == "2026-07-15T14:00:00+00:00"
