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
"""

CATALOGUE = {
    "gothic": {},
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
    "torpedo": {},
    "pawnsideways": {},
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
    "makruk": {},
    "makpong": {},
    "cambodian": {},
    "karouk": {},
    "ai-wok": {},
    "asean": {},
    "shatranj": {},
    "chaturanga": {},
    "courier": {},
    "antichess": {},
    "giveaway": {},
    "suicide": {},
    "codrus": {},
    "losers": {},
    "3check": {},
    "5check": {},
    "racingkings": {},
    "horde": {},
    "threekings": {},
    "extinction": {},
    "kinglet": {},
    "kingofthehill": {},
    "coregal": {},
    "legan": {},
    "tencubed": {},
}
