"""A real local S3 API for tests: moto's server on a free port, with an empty bucket.

with s3_bucket() as s3:
    env = {**server_env(), **s3.env}   # the AWS_* variables config/settings/files.py reads
    ...
    s3.keys()                            # what the bucket holds now
"""

import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import boto3
from moto.server import ThreadedMotoServer

REGION = "us-east-1"
ACCESS_KEY = "test-access-key"
SECRET_KEY = "test-secret-key"


@dataclass
class S3Bucket:
    endpoint: str
    name: str

    @property
    def env(self) -> dict[str, str]:
        return {
            "AWS_STORAGE_BUCKET_NAME": self.name,
            "AWS_S3_ENDPOINT_URL": self.endpoint,
            "AWS_S3_REGION_NAME": REGION,
            "AWS_ACCESS_KEY_ID": ACCESS_KEY,
            "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
        }

    @property
    def bucket(self) -> Any:
        return boto3.resource(
            "s3",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id=ACCESS_KEY,
            aws_secret_access_key=SECRET_KEY,
        ).Bucket(self.name)

    def keys(self, prefix: str = "") -> list[str]:
        return sorted(item.key for item in self.bucket.objects.filter(Prefix=prefix))

    def read(self, key: str) -> bytes:
        return self.bucket.Object(key).get()["Body"].read()


@contextmanager
def s3_server() -> Iterator[str]:
    """moto's S3 (and every other AWS API it serves) at http://127.0.0.1:<free port>."""
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    # moto keeps its buckets per process, not per server: start from none and leave none, or
    # one test's objects show up in the next test's server.
    _reset(endpoint)
    try:
        yield endpoint
    finally:
        _reset(endpoint)
        server.stop()


def _reset(endpoint: str) -> None:
    urllib.request.urlopen(urllib.request.Request(f"{endpoint}/moto-api/reset", method="POST"))


@contextmanager
def s3_bucket(name: str = "shop-media") -> Iterator[Any]:
    """A server with one empty bucket; its state ends with the server."""
    with s3_server() as endpoint:
        s3 = S3Bucket(endpoint, name)
        s3.bucket.create()
        yield s3
