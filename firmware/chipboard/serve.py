"""The main loop shared by the Pico (main.py) and the simulator (simulate.py): wait for host
bytes until the next scan is due, hand them to the board, let it scan and report."""

import select

try:  # annotations only: MicroPython has no typing and ignores them
    from typing import TYPE_CHECKING
except ImportError:
    TYPE_CHECKING = False
if TYPE_CHECKING:
    from io import FileIO

    from chipboard.board import Board


def serve(board: "Board", infile: "FileIO", others: "dict | None" = None) -> None:
    """Run until the host sends EXIT_TO_REPL. ``infile``: the binary serial input (on the
    Pico sys.stdin.buffer, after micropython.kbd_intr(-1) so that a 0x03 byte in a frame
    is data, not Ctrl-C). ``others``: {file: handler(file)} watched as well (the simulator's
    control channel); a handler returning False ends the loop."""
    poller = select.poll()
    poller.register(infile, select.POLLIN)
    handlers = {}
    for watched, handler in (others or {}).items():
        poller.register(watched, select.POLLIN)
        handlers[_fd(watched)] = (watched, handler)
    serial_fd = _fd(infile)
    board.hello()
    while board.running:
        for event in poller.poll(board.ms_until_due()):
            source, flags = event[0], event[1]
            fd = _fd(source)
            if fd == serial_fd:
                if flags & select.POLLIN:
                    board.receive(infile.read(1))
                elif flags & (select.POLLHUP | select.POLLERR):
                    return  # the line is gone (only on a computer: USB keeps the Pico's)
            elif fd in handlers:
                watched, handler = handlers[fd]
                if handler(watched) is False:
                    return
        board.step()


def _fd(source):
    if isinstance(source, int):
        return source
    try:
        return source.fileno()
    except (AttributeError, OSError):
        return id(source)
