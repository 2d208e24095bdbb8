# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: 2026 TilePort contributors
# A model endpoint that misbehaves, for tst_child_faults: prints its port,
# then for every connection reads the request and either never answers
# ("silent") or starts a streamed reply and closes mid-way ("cut").
import socket
import sys
import time

mode = sys.argv[1]
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0))
s.listen(8)
print(s.getsockname()[1], flush=True)
held = []
while True:
    c, _ = s.accept()
    held.append(c)  # kept open: a silent endpoint never closes either
    c.recv(65536)
    if mode == "cut":
        c.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n")
        body = (b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
                b'"delta":{"type":"text_delta","text":"half an ans')
        c.sendall(b"%x\r\n" % len(body) + body + b"\r\n")
        time.sleep(0.2)
        c.close()
        held.pop()
