"""The rehearsal's probe (bench/deploy_rehearsal.py): while the servers roll, threads load
pages (index.html, then every file it names) and call the API through nginx, counting
requests, failures and pages with missing files by step of the roll."""

import re
import threading
from collections import Counter

from tests.deploykit import HOST
from tests.liveserver import call

ASSET = re.compile(r'(?:src|href)="?(/static/[^" >]+)')
API_PATHS = ["/api/shop/info", "/api/categories", "/api/products?limit=20", "/api/auth/me"]


class Probe:
    """Threads that load pages and call the API through nginx until stopped, counting by step."""

    def __init__(self, proxy, pages_by_release, token):
        self.proxy, self.pages_by_release, self.token = proxy, pages_by_release, token
        self.step = "before"
        self.steps = ["before"]
        self.requests = Counter()
        self.failures = []
        self.pages = Counter()
        self.broken_pages = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def enter(self, step):
        self.step = step
        self.steps.append(step)

    def get(self, path, token=None, *, method="GET", body=None):
        try:
            answer = call(
                self.proxy, method, path, body, headers={"Host": HOST}, token=token, timeout=10
            )
            status, content = answer[0], answer[1]
        except OSError as error:
            status, content = f"{type(error).__name__}: {error}", b""
        with self.lock:
            self.requests[self.step] += 1
            if status != 200:
                self.failures.append((self.step, f"{method} {path}", status))
        return status, content

    def load_page(self):
        status, body = self.get("/")
        if status != 200:
            return
        html = body.decode()
        release = self.pages_by_release.get(html, "unknown page")
        missing = [url for url in ASSET.findall(html) if self.get(url)[0] != 200]
        with self.lock:
            self.pages[(self.step, release)] += 1
            if missing:
                self.broken_pages.append((self.step, release, missing))

    def pages_loop(self):
        while not self.stopping.is_set():
            self.load_page()

    def api_loop(self):
        while not self.stopping.is_set():
            for path in API_PATHS:
                self.get(path, token=self.token)
            # A POST too: nginx never sends one to a second server once the first had it.
            self.get("/api/auth/password-check", method="POST", body={"password": "probe pw 42"})

    def start(self):
        self.threads = [threading.Thread(target=self.pages_loop) for _ in range(2)]
        self.threads.append(threading.Thread(target=self.api_loop))
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join()
