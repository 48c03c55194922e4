"""Ctrl-C while a call is working, whatever the machine's speed: the code a child process runs first.

A timer ("SIGINT one second in") proves nothing on a machine fast enough to finish the call first,
and fails the test.  Instead :data:`HOOK` wraps :func:`pokerlut._threads.run_pieces`, which every
engine's work goes through, so that the signal leaves from inside a piece of work: the first piece
of a kind (its code) that has run to the end once before, so its kernels are compiled and the
call is really computing.  Sent from another thread while the piece runs, the signal reaches the
main thread in the middle of the call however fast the machine; how long it then takes to be
answered is what the tests bound (generously: answered within a fraction of a second by design,
minutes when work pieces are too long).

``interrupt_when_working(mode)`` installs it: ``"signal"`` sends SIGINT to this process (the time
sent in ``INTERRUPT_SENT``), ``"announce"`` prints ``started`` (flushed) for a parent that sends it.
"""

HOOK = '''
import os as _os, signal as _signal, sys as _sys, threading as _threading, time as _time
import pokerlut._threads as _pieces

INTERRUPT_SENT = []


def interrupt_when_working(mode="signal"):
    real = _pieces.run_pieces
    finished = set()

    def fire():
        INTERRUPT_SENT.append(_time.perf_counter())
        if mode == "announce":
            print("started", flush=True)
        else:
            _threading.Thread(target=_os.kill, args=(_os.getpid(), _signal.SIGINT)).start()

    def hooked(function, pieces, threads):
        code = getattr(function, "__code__", None)
        if code in finished and not INTERRUPT_SENT:
            def piece(*args):
                if not INTERRUPT_SENT:
                    fire()
                return function(*args)
            return real(piece, pieces, threads)
        done = real(function, pieces, threads)
        finished.add(code)
        return done

    _pieces.run_pieces = hooked


_signal.signal(_signal.SIGINT, _signal.default_int_handler)
'''
