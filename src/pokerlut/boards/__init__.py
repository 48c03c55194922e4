"""What a hand is on a board: made-hand classes (:mod:`.made`), draws and their outs (:mod:`.draws`),
outs against other hands or a range (:mod:`.outs`), the board's texture (:mod:`.texture`), and how a
range splits into all of these (:mod:`.breakdown`).  The definitions are in ``docs/rules.md``, "What a
hand is on a board".

>>> made_hand("Ah Kd", "Ks 7h 2c").describe().item(), draws("Ah 5h", "Kh 9h 2c").describe().item()
('top pair, top kicker', 'nut flush draw, backdoor straight draw, one overcard')
"""

from ._rows import cards_of, mask_counts
from .breakdown import BoardBreakdown, range_breakdown
from .draws import DRAWS, Draws, draw_bit, draws
from .made import KICKERS, MADE_CLASSES, MadeHands, class_ids, made_hand
from .outs import Outs, outs
from .texture import PAIRINGS, SUIT_TEXTURES, BoardTexture, board_texture

__all__ = ["BoardBreakdown", "BoardTexture", "DRAWS", "Draws", "KICKERS", "MADE_CLASSES", "MadeHands", "Outs",
           "PAIRINGS", "SUIT_TEXTURES", "board_texture", "cards_of", "class_ids", "draw_bit", "draws", "made_hand",
           "mask_counts", "outs", "range_breakdown"]
