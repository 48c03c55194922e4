"""
Made hands, draws and outs on a board
=====================================

What hands make on a flop in players' words, the draws they hold, and the outs of one hand against
another.

Extras: none.
"""

import pokerlut

holes = ["Ah Kd", "Qs Qh", "7c 7d", "Ah 5h", "8h 9c"]
made = pokerlut.made_hand(holes, "Ks 7h 2h")
draws = pokerlut.draws(holes, "Ks 7h 2h")
for hole, what, draw, n in zip(holes, made.describe(), draws.describe(), draws.n_outs):
    print(f"{hole} | {what:<26} | {n:2d} outs | {draw}")

# %%
# The cards that give Ah Kh a flush against a set of queens, and those of them that also fill up
# the queens (tainted outs).

o = pokerlut.outs("Ah Kh", "Qh 7h 2c", ["Qs Qd"], to="flush")
print(int(o.count), "outs:", pokerlut.format_cards(o.cards()))
print("tainted:", pokerlut.format_cards(pokerlut.boards.cards_of(o.tainted)))

# %%
# Board textures, and what a range makes on a board.

print(pokerlut.board_texture(["Jh Th 9h", "Kd Kc 7d", "As 8d 3c"]).describe().tolist())
b = pokerlut.range_breakdown("TT+, AKs", "Qs 7h 2c")
print(f"overpair {b.share('overpair'):.3f}, set {b.share('set'):.3f}")
