"""Backups: a restore into a fresh database holds the same data (both backends), backup files
are private and old ones pruned, a copy goes to S3, a missing PostgreSQL database is
created, and emails queued in a backup are not sent again after a restore."""

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import urllib.request
import uuid
from contextlib import ExitStack, contextmanager
from pathlib import Path

import boto3
import pytest
from botocore.exceptions import ClientError
from django.db import connection

from common.testing.s3 import REGION, S3Bucket, s3_bucket, s3_server
from tests.liveserver import TEST_SECRET_KEY, pg_database, pg_server, prepare_database

pytestmark = pytest.mark.live

ROOT = Path(__file__).resolve().parents[2]
COUNT_ROWS = (
    "from accounts.models import User; from shop.models import Product; from orders.models import Order; "
    "print(User.objects.count(), Product.objects.count(), Order.objects.count(), "
    "sorted(Order.objects.values_list('id', 'total')))"
)
PLACE_ORDER = (
    "from accounts.models import User; from orders.checkout import CheckoutInput, order_checkout; "
    "from shop.models import Product; from shop.stock import StockLine; "
    "p = Product.objects.create(name='Backup Lamp', price='12.50', quantity=3, category_id='party-supplies'); "
    "u = User.objects.get(email='shopper@example.com'); "
    "order_checkout(user=u, checkout=CheckoutInput(lines=[StockLine(product_id=p.pk, type_id=None, quantity=1)], "
    "customer_name='Backup Tester', delivery_option='pickup'), notify={notify}); "
    "print(u.orders.get().pk)"
)
QUEUED_EMAILS = (
    "from django_tasks_db.models import DBTaskResult; "
    "print(sorted(DBTaskResult.objects.values_list('status', flat=True)))"
)


def run(*args, database_url, media_root, umask=0o022, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=command_env(database_url, media_root, **env),
        capture_output=True,
        text=True,
        timeout=300,
        umask=umask,
    )


def command_env(database_url, media_root, **env):
    full_env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "MEDIA_ROOT": str(media_root),
        # The live servers' key: the run's prepared demo shop for it is shared with them.
        "SECRET_KEY": TEST_SECRET_KEY,
        # The real queue: emails stay queued until a worker runs.
        "TASK_BACKEND": "django_tasks_db.DatabaseBackend",
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
        **env,
    }
    for name in ("DEBUG", "AWS_STORAGE_BUCKET_NAME"):
        if name not in env:
            full_env.pop(name, None)
    return full_env


def manage(*args, **kwargs):
    result = run(*args, **kwargs)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def demo_shop(tmp_path_factory):
    """A migrated shop with demo data on this run's backend, made once for the file (migrating
    and drawing the demo images in subprocesses costs seconds): (database_url, media_root).
    Backups only read it; tests that write take a copy (database_pair)."""
    folder = tmp_path_factory.mktemp("shop")
    media = folder / "media"
    with ExitStack() as stack:
        if connection.vendor == "sqlite":
            url = f"sqlite:///{folder / 'shop.sqlite3'}"
        else:
            server = pg_server(connection.settings_dict)
            url = stack.enter_context(pg_database(server, "backup_demo"))
        # A copy of the run's prepared demo shop (migrated, demo data drawn).
        prepare_database(command_env(url, media))
        yield url, media


@pytest.fixture
def sqlite_shop(demo_shop):
    """The demo shop of the SQLite pass (the tests that take it are sqlite_only)."""
    return demo_shop


@pytest.fixture
def database_pair(demo_shop, tmp_path):
    """A copy of the demo shop's database (its media: demo_media) and an empty database, of
    this run's backend: (source_url, target_url)."""
    demo_url = demo_shop[0]
    if connection.vendor == "sqlite":
        source = tmp_path / "source.sqlite3"
        demo_file = demo_url.removeprefix("sqlite:///")
        with sqlite3.connect(demo_file) as demo, sqlite3.connect(source) as copy:
            demo.backup(copy)
        yield f"sqlite:///{source}", f"sqlite:///{tmp_path / 'target.sqlite3'}"
        return
    server = pg_server(connection.settings_dict)
    with (
        pg_database(server, "backup_source", template=demo_url) as source,
        pg_database(server, "backup_target") as target,
    ):
        yield source, target


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def demo_media(demo_shop, folder):
    """A copy of the demo shop's media at folder."""
    shutil.copytree(demo_shop[1], folder)
    return folder


def test_a_restore_brings_back_the_data_and_media_and_holds_back_queued_emails(
    database_pair, demo_shop, tmp_path
):
    """One backup, restored twice over a migrated database: first as the runbook says (the
    emails queued in it are not sent again), then with --keep-queued-emails."""
    source, target = database_pair
    media_a, media_b = demo_media(demo_shop, tmp_path / "media-a"), tmp_path / "media-b"
    placed = manage(
        "shell", "-c", PLACE_ORDER.format(notify=True), database_url=source, media_root=media_a
    )
    order_id = placed.splitlines()[-1]
    before = manage("shell", "-c", COUNT_ROWS, database_url=source, media_root=media_a)
    # The backup is taken before a worker sent the order's two emails.
    manage("backup", str(tmp_path / "backup"), database_url=source, media_root=media_a)
    manage("migrate", "--noinput", "-v0", database_url=target, media_root=media_b)

    restored = manage(
        "restore", str(tmp_path / "backup"), "--yes", database_url=target, media_root=media_b
    )
    after = manage(
        "shell", "-c", f"{COUNT_ROWS}; {QUEUED_EMAILS}", database_url=target, media_root=media_b
    )
    worker = manage("db_worker", "--batch", database_url=target, media_root=media_b)

    assert after.splitlines()[-2] == before.splitlines()[-1]
    assert " 1 [(" in after  # the order placed before the backup is there
    stored = {p.relative_to(media_a) for p in media_a.rglob("*") if p.is_file()}
    assert stored and stored == {p.relative_to(media_b) for p in media_b.rglob("*") if p.is_file()}
    assert "2 email(s) queued in the backup marked as not to be sent" in restored
    assert f"Order #{order_id} confirmed" not in worker
    assert after.splitlines()[-1] == "['FAILED', 'FAILED']"

    kept = manage(
        "restore",
        str(tmp_path / "backup"),
        "--yes",
        "--keep-queued-emails",
        database_url=target,
        media_root=media_b,
    )
    worker = manage("db_worker", "--batch", database_url=target, media_root=media_b)

    assert "Emails queued in the backup stay queued" in kept
    assert f"Order #{order_id} confirmed" in worker


@pytest.mark.postgres("restores into a PostgreSQL database that does not exist yet")
def test_restore_creates_a_missing_postgresql_database(demo_shop, tmp_path):
    source, media = demo_shop
    server = pg_server(connection.settings_dict)
    missing = f"{server}/restore_new_{uuid.uuid4().hex[:8]}"
    manage("backup", str(tmp_path / "backup"), database_url=source, media_root=media)
    before = manage("shell", "-c", COUNT_ROWS, database_url=source, media_root=media)
    restored_media = tmp_path / "media"
    try:
        restored = manage(
            "restore",
            str(tmp_path / "backup"),
            "--yes",
            database_url=missing,
            media_root=restored_media,
        )
        after = manage("shell", "-c", COUNT_ROWS, database_url=missing, media_root=restored_media)
    finally:
        import psycopg

        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{missing.rsplit("/", 1)[1]}" WITH (FORCE)')

    assert "The database did not exist: created it." in restored
    assert after == before


@pytest.mark.sqlite_only
def test_backups_are_private_and_only_the_newest_are_kept(sqlite_shop, tmp_path):
    url, media = sqlite_shop
    root = tmp_path / "backups"
    # Two earlier backups, a folder that is not a backup, and the one that is made now.
    manage("backup", str(root / "first"), database_url=url, media_root=media)
    manage("backup", str(root / "second"), database_url=url, media_root=media)
    (root / "notes").mkdir()

    out = manage("backup", str(root), "--dated", "--keep", "2", database_url=url, media_root=media)

    assert f"Deleted the older backup {root / 'first'}" in out
    left = sorted(path.name for path in root.iterdir())
    assert len(left) == 3 and left[1:] == ["notes", "second"]
    newest = root / left[0]
    assert {p.name for p in newest.iterdir()} == {"db.sqlite3", "media.tar.gz", "manifest.json"}
    for folder in (newest, root / "second"):
        assert mode(folder) == 0o700
        assert {mode(path) for path in folder.iterdir()} == {0o600}


@pytest.mark.sqlite_only
def test_keep_must_be_at_least_one(sqlite_shop, tmp_path):
    url, media = sqlite_shop

    result = run("backup", str(tmp_path / "b"), "--keep", "0", database_url=url, media_root=media)

    assert result.returncode != 0
    assert "--keep must be 1 or more." in result.stderr
    assert not (tmp_path / "b").exists()


BACKUP_KEYS = {"BACKUP_AWS_ACCESS_KEY_ID": "backup-writer", "BACKUP_AWS_SECRET_ACCESS_KEY": "w"}


def backup_bucket_env(endpoint, name="shop-backups"):
    S3Bucket(endpoint, name).bucket.create()
    return {
        "BACKUP_S3_BUCKET": name,
        "BACKUP_S3_ENDPOINT_URL": endpoint,
        "BACKUP_S3_REGION_NAME": REGION,
        **BACKUP_KEYS,
    }


def objects(bucket):
    return {item.key: item.get()["Body"].read() for item in bucket.objects.all()}


@pytest.mark.sqlite_only
def test_media_on_s3_survives_losing_its_bucket(database_pair, demo_shop, tmp_path):
    """Media on S3 goes into the backup, the backup off the machine into a bucket of its own;
    with the media bucket gone, a restore into a new empty one brings every image back."""
    source, target = database_pair
    media = demo_shop[1]
    with s3_server() as endpoint:
        shop_media = S3Bucket(endpoint, "shop-media")
        shop_media.bucket.create()
        for path in media.rglob("*"):
            if path.is_file():
                shop_media.bucket.upload_file(str(path), path.relative_to(media).as_posix())
        images = objects(shop_media.bucket)
        env = {**shop_media.env, **backup_bucket_env(endpoint)}

        out = manage(
            "backup",
            str(tmp_path / "monday"),
            "--to-s3",
            database_url=source,
            media_root=tmp_path / "unused",
            **env,
        )
        backups = S3Bucket(endpoint, "shop-backups")
        copied = backups.keys()
        # The media bucket is lost, backups of it and all.
        shop_media.bucket.objects.all().delete()
        shop_media.bucket.delete()
        shop_media.bucket.create()
        assert shop_media.keys() == []
        # `aws s3 cp --recursive s3://shop-backups/backups/monday/ ...` with the bucket's
        # own reading keys.
        fetched = tmp_path / "fetched" / "monday"
        fetched.mkdir(parents=True)
        for key in copied:
            backups.bucket.download_file(key, str(fetched / key.rsplit("/", 1)[1]))
        manage("migrate", "--noinput", "-v0", database_url=target, media_root=tmp_path / "u", **env)
        manage(
            "restore",
            str(fetched),
            "--yes",
            database_url=target,
            media_root=tmp_path / "unused",
            **env,
        )
        after = objects(shop_media.bucket)
        cache_control = {shop_media.bucket.Object(key).cache_control for key in list(after)[:3]}

    assert len(images) > 10
    assert f"{len(images)} objects of the media bucket" in out
    assert "Copied to s3://shop-backups/backups/monday/" in out
    assert copied == [
        f"backups/monday/{f}" for f in ("db.sqlite3", "manifest.json", "media.tar.gz")
    ]
    assert after == images
    assert cache_control == {"public, max-age=31536000, immutable"}


@pytest.mark.sqlite_only
def test_the_off_machine_copy_needs_a_bucket_of_its_own(sqlite_shop, tmp_path):
    url, media = sqlite_shop
    with s3_bucket() as s3:
        nowhere = run(
            "backup", str(tmp_path / "a"), "--to-s3", database_url=url, media_root=media, **s3.env
        )
        same = run(
            "backup",
            str(tmp_path / "b"),
            "--to-s3",
            database_url=url,
            media_root=media,
            **s3.env,
            BACKUP_S3_BUCKET=s3.name,
            BACKUP_S3_ENDPOINT_URL=s3.endpoint,
        )
        keys = s3.keys("backups/")

    assert nowhere.returncode != 0
    assert "No backup bucket is configured (BACKUP_S3_BUCKET)" in nowhere.stderr
    assert same.returncode != 0
    assert "BACKUP_S3_BUCKET is the media bucket" in same.stderr
    assert keys == []


def iam_user_keys(iam, name, policy):
    """Access keys of a new IAM user holding `policy` (JSON text) and nothing else."""
    iam.create_user(UserName=name)
    iam.put_user_policy(UserName=name, PolicyName=f"{name}-policy", PolicyDocument=policy)
    keys = iam.create_access_key(UserName=name)["AccessKey"]
    return keys["AccessKeyId"], keys["SecretAccessKey"]


def bucket_as(endpoint, keys, name="shop-backups"):
    return boto3.resource(
        "s3",
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=keys[0],
        aws_secret_access_key=keys[1],
    ).Bucket(name)


@contextmanager
def iam_enforced(endpoint):
    """moto checks every request's keys and IAM policies from here on (by default it checks
    none); moto's setting is per process, so it is put back for the next test."""

    def reset(count):
        request = urllib.request.Request(
            f"{endpoint}/moto-api/reset-auth",
            data=count,
            method="POST",
            headers={"Content-Type": "text/plain"},
        )
        urllib.request.urlopen(request)

    reset(b"0")
    try:
        yield
    finally:
        reset(b"inf")


def denied(call):
    try:
        call()
    except ClientError as refusal:
        return refusal.response["Error"]["Code"]
    return "allowed"


@pytest.mark.sqlite_only
def test_the_shop_backup_keys_write_and_can_never_list_read_or_delete(sqlite_shop, tmp_path):
    """docs/deploy.md's policy for the shop's backup keys (deploy/backup-keys-policy.json),
    enforced by moto's IAM: `backup --to-s3` works with it, and a server that is broken into
    can neither list, read, nor delete the copies."""
    url, media = sqlite_shop
    policy = (ROOT / "deploy" / "backup-keys-policy.json").read_text()
    operator_policy = (
        '{"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", '
        '"Resource": ["arn:aws:s3:::shop-backups", "arn:aws:s3:::shop-backups/*"]}]}'
    )
    with s3_server() as endpoint:
        S3Bucket(endpoint, "shop-backups").bucket.create()
        iam = boto3.client(
            "iam",
            endpoint_url=endpoint,
            region_name=REGION,
            aws_access_key_id="setup",
            aws_secret_access_key="setup",
        )
        shop_keys = iam_user_keys(iam, "shop-backup", policy)
        operator_keys = iam_user_keys(iam, "operator", operator_policy)
        with iam_enforced(endpoint):
            out = manage(
                "backup",
                str(tmp_path / "monday"),
                "--to-s3",
                database_url=url,
                media_root=media,
                BACKUP_S3_BUCKET="shop-backups",
                BACKUP_S3_ENDPOINT_URL=endpoint,
                BACKUP_S3_REGION_NAME=REGION,
                BACKUP_AWS_ACCESS_KEY_ID=shop_keys[0],
                BACKUP_AWS_SECRET_ACCESS_KEY=shop_keys[1],
            )
            shop = bucket_as(endpoint, shop_keys)
            key = "backups/monday/manifest.json"
            attempts = {
                "list": denied(lambda: list(shop.objects.all())),
                "read": denied(lambda: shop.Object(key).get()),
                "delete": denied(lambda: shop.Object(key).delete()),
                "write elsewhere": denied(lambda: shop.put_object(Key="other/x", Body=b"x")),
            }
            kept = sorted(item.key for item in bucket_as(endpoint, operator_keys).objects.all())

    assert "Copied to s3://shop-backups/backups/monday/" in out
    assert attempts == dict.fromkeys(attempts, "AccessDenied")
    assert kept == [f"backups/monday/{f}" for f in ("db.sqlite3", "manifest.json", "media.tar.gz")]
