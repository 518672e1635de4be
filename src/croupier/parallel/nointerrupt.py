"""Imported first by the worker pools' fork server: from then on it ignores Ctrl-C.

A Ctrl-C at the terminal reaches every process of the command. The fork server
(:func:`croupier.parallel.local.pool_context`) imports the modules its workers need
before multiprocessing makes it ignore Ctrl-C, and those imports take a second or two:
a Ctrl-C meanwhile printed its KeyboardInterrupt traceback under the command's own last
line. The parent cannot hand it an ignored SIGINT without losing a Ctrl-C of its own
(another of its threads may take the signal while it is ignored), and it is started by
fork and exec, which clears a blocked signal. So the first module it imports ignores the
signal; the workers forked from it inherit that (the parent stops them itself).

Importing this module anywhere else would make that process ignore Ctrl-C: only the fork
server's preload names it.
"""

from __future__ import annotations

import signal
import threading

__all__: list[str] = []

if threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
