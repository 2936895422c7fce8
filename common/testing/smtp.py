"""Real local SMTP servers for tests and benchmarks: one that accepts connections and never
answers (a stalled mail server), and one that answers and keeps what it receives."""

import socket
import threading
from typing import Any

from aiosmtpd.controller import Controller


class StalledSMTPServer:
    """Accepts TCP connections and never sends the SMTP greeting."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(64)
        self.host, self.port = self.sock.getsockname()
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed by stop()
                return
            self.held.append(conn)

    def start(self) -> Any:
        self.thread.start()
        return self

    def stop(self) -> None:
        # shutdown() wakes the thread blocked in accept(); close() alone would not, and the
        # port would stay taken.
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        for conn in self.held:
            conn.close()
        self.thread.join(timeout=2)


class _Keep:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(
            {
                "from": envelope.mail_from,
                "to": list(envelope.rcpt_tos),
                "data": envelope.content.decode("utf-8", "replace"),
            }
        )
        return "250 OK"


class AnsweringSMTPServer:
    """aiosmtpd in a thread; `messages` holds every message it accepted."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        if port == 0:
            with socket.socket() as probe:
                probe.bind((host, 0))
                port = probe.getsockname()[1]
        self.host, self.port = host, port
        self.handler = _Keep()
        self.controller = Controller(self.handler, hostname=host, port=port)

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.handler.messages

    def start(self) -> Any:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()
