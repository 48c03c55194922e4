"""
The command line, from a script
===============================

``pokerlut`` is also a command; with ``--json`` its output is one JSON document with a stable
schema, easy to read from another program.

Extras: none.
"""

import json
import subprocess
import sys

command = [sys.executable, "-m", "pokerlut", "eval", "As Ks Qs Js Ts", "2c 2d W 9h 9s 4c 8d", "--json"]
out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
for hand in json.loads(out)["hands"]:
    print(hand["input"], "->", hand["strength"], hand["description"])

# %%
# The equity table as a person reads it, and a bad card: exit status 2 and one line on stderr.

print(subprocess.run([sys.executable, "-m", "pokerlut", "equity", "AhKh", "QdQc", "--board", "Qs 7h 2c"],
                     capture_output=True, text=True, check=True).stdout)
bad = subprocess.run([sys.executable, "-m", "pokerlut", "eval", "As Ks Qs Js Xx"], capture_output=True, text=True)
print("exit status", bad.returncode, "-", bad.stderr.strip())
