"""
pandas in, pandas out
=====================

A column of hand strings goes straight into ``evaluate``; equity results convert to frames.

Extras: pandas.
"""

import pandas as pd

import pokerlut

df = pd.DataFrame({"player": ["ann", "bob", "cy"],
                   "hand": ["As Ks Qs Js Ts 2c 2d", "Ah Ad 7c 7d 2s 3h 9c", "9c 8d 7h 6s 2c 2d 2h"]})
df["strength"] = pokerlut.evaluate(df["hand"])
df["what"] = [pokerlut.describe(s) for s in df["strength"]]
print(df.sort_values("strength", ascending=False).to_string(index=False))

# %%
# An equity result as a frame, and many questions at once with ``equity_batch``.

print(pokerlut.equity(["AhKh", "QdQc", "7c7d"], board="Qs 7h 2c").to_frame())
batch = pokerlut.equity_batch([["AhKh", "QdQc"], ["AsAd", "KcKd"]], boards=["Qs 7h 2c", "Kh 7s 2d"])
print(batch.to_frame())
