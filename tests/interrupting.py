"""Ctrl-C while a call is working, whatever the machine's speed: the code a child process runs first.

A timer ("SIGINT one second in") proves nothing on a machine fast enough to finish the call first,
and fails the test.  Instead :data:`HOOK` wraps :func:`pokerlut._threads.run_pieces`, which every
engine's work goes through, so that the signal leaves from inside a piece of work: the first piece
of a kind (its code) that has run to the end once before, so its kernels are compiled and the
call is really computing.  Sent from another thread while the piece runs, the signal reaches the
main thread in the middle of the call however fast the machine; how long it then takes to be
answered is what the tests bound (generously: answered within a fraction of a second by design,
minutes when work pieces are too long).

The hook watches from the start (so a warm-up call marks its pieces' code as run);
``interrupt_when_working(mode)`` arms it: ``"signal"`` sends SIGINT to this process (the time sent
in ``INTERRUPT_SENT``), ``"announce"`` prints ``started`` (flushed) for a parent that sends it.
"""

HOOK = '''
import os as _os, signal as _signal, sys as _sys, threading as _threading, time as _time
import pokerlut._threads as _pieces

INTERRUPT_SENT = []


_real_run_pieces = _pieces.run_pieces
_finished = set()  # the code of every piece function whose pieces ran to the end
_armed = []
_once = _threading.Lock()


def _fire(mode):
    with _once:
        if INTERRUPT_SENT:
            return
        INTERRUPT_SENT.append(_time.perf_counter())
    if mode == "announce":
        print("started", flush=True)
    else:
        _threading.Thread(target=_os.kill, args=(_os.getpid(), _signal.SIGINT)).start()


def _hooked(function, pieces, threads):
    code = getattr(function, "__code__", None)
    if _armed and code in _finished and not INTERRUPT_SENT:
        def piece(*args):
            _fire(_armed[0])
            return function(*args)
        return _real_run_pieces(piece, pieces, threads)
    done = _real_run_pieces(function, pieces, threads)
    _finished.add(code)
    return done


_pieces.run_pieces = _hooked


def interrupt_when_working(mode="signal"):
    _armed.append(mode)


_signal.signal(_signal.SIGINT, _signal.default_int_handler)
import faulthandler as _faulthandler
_faulthandler.register(_signal.SIGUSR1, all_threads=True)  # where a child that does not answer is stuck
'''
