"""
Video poker: the best hold and a game's return
==============================================

The exact expected payout of every hold of a dealt hand, the best hold of a batch, and the exact
return of a game under optimal play.

Extras: none.
"""

from pokerlut import videopoker as vp

print(vp.hold_values("Jh Jd 4s 7c Qh", "jacks-or-better").table(top=5))

# %%
# The best hold of several deals at once (Deuces Wild: the four 2s are wild).

deals = ["2c Ks Qs Js 9d", "2c 2d 7h 8s Kc", "Ah Kh Qh Jh 9c"]
best = vp.best_hold(deals, "deuces-wild")
for deal, mask, value in zip(deals, best.masks, best.values):
    held = " ".join(card if mask >> i & 1 else "--" for i, card in enumerate(deal.split()))
    print(f"{deal}: hold {held}  ({value:.4f} per coin)")

# %%
# A whole game: every deal, played optimally.

r = vp.game_return("deuces-wild", progress=False)
print(f"full-pay Deuces Wild returns {r.percent:.4f}%")
