"""Real local SMTP servers for tests and benchmarks: one that accepts connections and never
answers (a stalled mail server), and one that answers and keeps what it receives."""

import socket
import threading

from aiosmtpd.controller import Controller


class StalledSMTPServer:
    """Accepts TCP connections and never sends the SMTP greeting."""

    def __init__(self, host="127.0.0.1", port=0):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))
        self.sock.listen(64)
        self.host, self.port = self.sock.getsockname()
        self.held = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    def _accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed by stop()
                return
            self.held.append(conn)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
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
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
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

    def __init__(self, host="127.0.0.1", port=0):
        if port == 0:
            with socket.socket() as probe:
                probe.bind((host, 0))
                port = probe.getsockname()[1]
        self.host, self.port = host, port
        self.handler = _Keep()
        self.controller = Controller(self.handler, hostname=host, port=port)

    @property
    def messages(self):
        return self.handler.messages

    def start(self):
        self.controller.start()
        return self

    def stop(self):
        self.controller.stop()
