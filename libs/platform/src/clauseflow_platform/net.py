"""Loopback plumbing shared by the in-process HTTP servers (models, benches, tests)."""

from __future__ import annotations

import socket


def listening_socket(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A bound TCP socket for uvicorn's ``sockets=``, made so accepted connections get TCP_NODELAY.

    asyncio only sets TCP_NODELAY on connections whose socket says ``proto=IPPROTO_TCP``;
    ``socket.socket(AF_INET, SOCK_STREAM)`` says 0, so every accepted connection kept Nagle's
    algorithm on. uvicorn writes a response's head and body separately, so the body then waited
    for the client's delayed ACK: ~40 ms added to every answer after a connection's first. The
    option is also set on the listening socket, which Linux copies to accepted ones.
    ``port=0`` picks a free port; read it back with ``getsockname()`` (bound here, so no race).
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    return sock
