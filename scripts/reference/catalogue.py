"""The shipped catalogue variants whose perft files ref_to_perft.py writes.

Each entry: name -> dict with optional keys
  ref       the .ref file stem under tests/data/reference/ (default: the name)
  toml      the variant file stem under variants/ (default: the name)
  letters   {pyffish letter: our letter} where they differ
  notes     comment lines for the head of the perft file
  overrides {(position label, depth): (our count, why)}: a documented convention
            difference between the inventor's rules (followed) and pyffish
  skip      position labels left out (with the reason in notes)
  castle_partner_text  True: castling is written King's cell + partner's cell
  out       the perft file stem (default: the toml stem), for several refs of one variant
"""

CATALOGUE = {
    "gothic": {},
    "pawnback": {},
    "xiangqi": {},
    "minixiangqi": {},
    "janggi": {"ref": "janggimodern", "extra_lines": {"start": [
        "# depth 4 by pyffish as well (plain recursion over legal_moves, computed for this file)",
        "perft 4 1083563",
    ]}, "notes": [
        "The modern (KJA) rules as pyffish's janggimodern plays them: bikjang has no effect, two",
        "passes in a row end the game by points.",
    ]},
    "grand": {},
    "opulent": {},
    "atomic": {},
    "chess960": {},
    "chess960-bbqnnrkr": {"toml": "chess960", "out": "chess960-bbqnnrkr"},
    "chess960-nrbkqbrn": {"toml": "chess960", "out": "chess960-nrbkqbrn"},
    "chess960-qnbrkbrn": {"toml": "chess960", "out": "chess960-qnbrkbrn"},
    "chess960-rkrnnqbb": {"toml": "chess960", "out": "chess960-rkrnnqbb"},
    "chess960-rnkrbbqn": {"toml": "chess960", "out": "chess960-rnkrbbqn"},
    "janus": {},
    "embassy": {},
    "modern": {},
    "chancellor": {},
    "centaur": {},
    "shako": {},
    "almost": {},
    "sortofalmost": {},
    "amazon": {},
    "nightrider": {},
    "grasshopper": {},
    "knightmate": {},
    "berolina": {},
    "torpedo": {"notes": [
        'Convention: the variant file follows the inventors ("two squares forward from anywhere',
        'on the board") and allows a Pawn on its sixth rank to step two onto the last rank and',
        'promote; pyffish does not generate that double step. No position below offers one, so',
        "every count is pyffish's.",
    ]},
    "pawnsideways": {"notes": [
        'Any Pawn standing on its second rank may step two, also one that came there sideways',
        '(pyffish does the same).',
    ]},
    "chigorin": {},
    "newzealand": {},
    "hoppelpoppel": {},
    "perfect": {},
    "nocastle": {},
    "georgian": {},
    "raazuvaa": {},
    "paradigm": {},
    "gardner": {},
    "losalamos": {},
    "makruk": {"notes": [
        "Makruk's counting rules are not stated in the variant file; they never change the legal moves.",
    ]},
    "makpong": {"notes": [
        "Makruk's counting rules are not stated in the variant file; they never change the legal moves.",
    ]},
    "ai-wok": {"notes": [
        "Makruk's counting rules are not stated in the variant file; they never change the legal moves.",
    ]},
    "asean": {"notes": [
        'The ASEAN counting rules are not stated in the variant file; they never change the legal moves.',
    ]},
    "shatranj": {"notes": [
        'Convention: baring the other King back on the next move draws (the traditional rule);',
        'pyffish 0.0.90 plays on. No position below reaches a bare King.',
    ]},
    "chaturanga": {},
    "courier": {"notes": [
        'Convention: baring the other King back on the next move draws (the traditional rule);',
        'pyffish 0.0.90 plays on. No position below reaches a bare King.',
    ]},
    "antichess": {},
    "giveaway": {},
    "suicide": {},
    "codrus": {},
    "losers": {},
    "3check": {},
    "5check": {},
    "racingkings": {},
    "horde": {"notes": [
        'Known deviation (docs/catalogue-gaps.md): a first-rank double step of a white Pawn may',
        'be taken en passant here, which the lichess rules forbid; no position below offers it.',
    ]},
    "threekings": {},
    "extinction": {},
    "kinglet": {},
    "kingofthehill": {},
    "coregal": {},
    "legan": {},
    "tencubed": {},
}
