#!/usr/bin/env python3
"""Convert reference data (tests/data/reference/<name>.ref, made with pyffish) into a
fairyrules perft file (tests/data/perft/<name>.perft, format in that folder's README).

Every position stays a `moves` line played from the variant's start position, so no
difference between pyffish's FEN and ours matters. Move texts are mapped from pyffish's
notation to fairyrules' where they differ:

* a promotion whose rule offers a single piece is written without a letter in fairyrules
  (`c5d6` for makruk's `c5d6m`); letters offered by a choice are kept;
* piece letters that differ between pyffish and the variant file (`--letter p=q`);
* castling is the King's move in both notations (`e1g1`), except that fairyrules writes a
  castling whose King step coincides with a plain King step (a one-cell castling) as the
  King's cell + the partner's cell; the script follows the board through the line to
  recognise castling moves and their partners.

The `# castle:`, `# ep:`, `# promotion:`, `# capture:` notes, the position notes and the
pyffish FEN are kept as comments. The variant file is read (Python's tomllib, `extends`
followed through `variants/`) to learn promotion choices and castling pieces.

    python3 scripts/reference/ref_to_perft.py NAME            # one catalogue entry (catalogue.py)
    python3 scripts/reference/ref_to_perft.py --all           # every catalogue entry
    python3 scripts/reference/ref_to_perft.py --ref X.ref --toml variants/x.toml [--letter a=b] [-o OUT]

Needs only Python 3.11 (no pyffish): the counts come from the .ref files as they are,
except where catalogue.py records an inventor-vs-pyffish convention difference, which is
written into the perft file with its explanation.
"""
import argparse
import os
import re
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
REF_DIR = os.path.join(ROOT, "tests", "data", "reference")
PERFT_DIR = os.path.join(ROOT, "tests", "data", "perft")
VARIANT_DIR = os.path.join(ROOT, "variants")

MOVE_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([a-z+\-]?)$")


# ---------------------------------------------------------------- the variant file
def load_toml(path, seen=()):
    """The variant file as a dict, with `extends` merged in the way fairyrules does it:
    the child's tables override the parent's key by key; `remove = true` drops a piece."""
    path = os.path.abspath(path)
    if path in seen:
        raise SystemExit(f"extends cycle at {path}")
    with open(path, "rb") as f:
        data = tomllib.load(f)
    parent = data.pop("extends", None)
    if parent is None:
        return data
    candidates = [os.path.join(os.path.dirname(path), parent),
                  os.path.join(VARIANT_DIR, parent),
                  os.path.join(VARIANT_DIR, parent + ".toml")]
    ppath = next((c for c in candidates if os.path.isfile(c)), None)
    if ppath is None:
        raise SystemExit(f"{path}: parent `{parent}` not found")
    merged = load_toml(ppath, seen + (path,))
    for table, value in data.items():
        if table == "pieces":
            pieces = merged.setdefault("pieces", {})
            for pid, spec in value.items():
                if spec.get("remove"):
                    pieces.pop(pid, None)
                else:
                    pieces.setdefault(pid, {}).update(spec)
        elif table == "rules":
            rules = merged.setdefault("rules", {})
            for name in value.get("remove", []):
                rules.pop(name, None)
            rules.update({k: v for k, v in value.items() if k != "remove"})
        elif isinstance(value, dict):
            merged.setdefault(table, {}).update(value)
        else:
            merged[table] = value
    return merged


def per_side(value):
    """[white, black] of a value that may be written per side."""
    if isinstance(value, dict) and set(value) <= {"white", "black"} and value:
        return [value.get("white"), value.get("black")]
    return [value, value]


def promotion_letters(variant):
    """(letters offered only as a single automatic choice, letters offered in a choice)."""
    pieces = variant.get("pieces", {})
    letter = {pid: spec.get("letter", "?").lower() for pid, spec in pieces.items()}
    single, choice = set(), set()
    for spec in pieces.values():
        for side in per_side(spec.get("promotion")):
            if side is None:
                continue
            rules = side if isinstance(side, list) else [side]
            for rule in rules:
                targets = [letter.get(t, "?") for t in rule.get("to", [])]
                if len(targets) == 1 and rule.get("forced", True):
                    single.update(targets)
                else:
                    choice.update(targets)
    return single - choice, choice


def castling_pieces(variant):
    """{letter (lower case): (castling distances, partner letters)} of pieces with `O` moves."""
    pieces = variant.get("pieces", {})
    out = {}
    for spec in pieces.values():
        betzas = per_side(spec.get("betza"))
        partners = per_side(spec.get("castles_with", []))
        for side in range(2):
            b = betzas[side]
            b = " ".join(b) if isinstance(b, list) else (b or "")
            distances = {int(d) for d in re.findall(r"O(\d+)", b)}
            if distances:
                letters = {pieces[p]["letter"].lower() for p in (partners[side] or []) if p in pieces}
                out[spec["letter"].lower()] = (distances, letters)
    return out


# ---------------------------------------------------------------- a board to follow lines
class Board:
    """Just enough of a position to recognise castling moves along a line."""

    def __init__(self, fen):
        rows = fen.split()[0].split("[")[0].split("/")
        self.ranks = len(rows)
        self.cells = {}
        for i, row in enumerate(rows):
            f = 0
            for tok in re.findall(r"\d+|\+?[A-Za-z*]~?", row):
                if tok.isdigit():
                    f += int(tok)
                else:
                    self.cells[(f, self.ranks - i)] = tok.strip("+~")
                    f += 1
        self.files = max([f + 1 for f, _ in self.cells] + [8])

    def play(self, move, castlers, partner_text=False):
        """Make `move` (pyffish text); return the fairyrules text of a castling move whose
        text differs from pyffish's, or None. pyffish writes castling (outside Chess960) as
        the King's move of two or more cells along its rank; fairyrules writes it the same
        way unless the King's castling step coincides with a plain King move (a one-cell
        castling, or `partner_text` for a King whose plain moves reach the castling cell),
        then as the King's cell + the partner's cell."""
        m = MOVE_RE.match(move)
        if not m:
            return None
        fr = (ord(m.group(1)) - 97, int(m.group(2)))
        to = (ord(m.group(3)) - 97, int(m.group(4)))
        piece = self.cells.get(fr)
        if piece is None:
            return None
        target = self.cells.get(to)
        if (piece.lower() in castlers and target is not None and fr[1] == to[1]
                and target.isupper() == piece.isupper()
                and target.lower() in castlers[piece.lower()][1]):
            # Chess960 (king takes own rook): the same text in both notations; the King goes
            # to the c- or g-file, the Rook next to it on the inside.
            rook = self.cells.pop(to)
            del self.cells[fr]
            right = to[0] > fr[0]
            king_file = 6 if right else 2
            self.cells[(king_file, fr[1])] = piece
            self.cells[(king_file - 1 if right else king_file + 1, fr[1])] = rook
            return None
        if piece.lower() in castlers and fr[1] == to[1] and abs(to[0] - fr[0]) >= 2:
            _, partners = castlers[piece.lower()]
            direction = 1 if to[0] > fr[0] else -1
            f = to[0] + direction
            partner = None
            while 0 <= f < self.files:
                p = self.cells.get((f, fr[1]))
                if p is not None:
                    if p.isupper() == piece.isupper() and p.lower() in partners:
                        partner = (f, fr[1])
                    break
                f += direction
            if partner is not None:
                rook = self.cells.pop(partner)
                del self.cells[fr]
                self.cells[to] = piece
                self.cells[(to[0] - direction, fr[1])] = rook
                return cell(fr) + cell(partner) if partner_text else None
        # Anything else (en passant included) moves one piece; castling detection only
        # needs the castling pieces and their partners, which en passant never removes.
        del self.cells[fr]
        suffix = m.group(5)
        if suffix and suffix not in "+-":
            piece = suffix.upper() if piece.isupper() else suffix
        self.cells[to] = piece
        return None


def cell(fr):
    return f"{chr(97 + fr[0])}{fr[1]}"


# ---------------------------------------------------------------- conversion
def parse_ref(path):
    """(header dict, [position dict]) of a .ref file."""
    header = {"comments": []}
    positions = []
    cur = None
    for raw in open(path):
        line = raw.rstrip("\n")
        if line.startswith("#"):
            (cur["comments"] if cur else header["comments"]).append(line[1:].strip())
            continue
        if not line.strip():
            continue
        key, _, rest = line.partition(" ")
        if key == "position":
            cur = {"label": rest.strip(), "comments": [], "moves": [], "fen": None, "perft": []}
            positions.append(cur)
        elif key in ("variant", "start"):
            header[key] = rest.strip()
        elif key == "moves":
            cur["moves"] = [] if rest.strip() == "-" else rest.split()
        elif key == "fen":
            cur["fen"] = rest.strip()
        elif key == "perft":
            d, n = rest.split()
            cur["perft"].append((int(d), int(n)))
        elif key == "divide1":
            cur["divide1"] = rest.split()
        else:
            raise SystemExit(f"{path}: unknown line `{line}`")
    return header, positions


def map_move(text, single_letters, letters):
    m = MOVE_RE.match(text)
    if not m:
        return text
    suffix = m.group(5)
    if suffix and suffix not in "+-":
        suffix = letters.get(suffix, suffix)
        if suffix in single_letters:
            suffix = ""
    return text[: len(text) - len(m.group(5))] + suffix


def convert(ref_path, toml_path, letters=None, notes=(), overrides=None, skip=(), extra_lines=None,
            max_depth=None, partner_text=False):
    """The text of the perft file."""
    letters = letters or {}
    overrides = overrides or {}
    variant = load_toml(toml_path)
    single, _ = promotion_letters(variant)
    castlers = castling_pieces(variant)
    header, positions = parse_ref(ref_path)
    setup_placement = variant.get("setup", {}).get("fen", "").split(" ")[0]
    toml_name = os.path.basename(toml_path)
    out = []
    name = variant.get("variant", {}).get("name", toml_name)
    out.append(f"# {name}: perft counts from the independent reference "
               f"tests/data/reference/{os.path.basename(ref_path)}")
    made = next((c for c in header["comments"] if c.startswith("how it was made")), None)
    if made:
        out.append(f"# ({made.removeprefix('how it was made: ')})")
    out.append("# converted by scripts/reference/ref_to_perft.py; positions are move lines from the start.")
    out.append("# Format: tests/data/perft/README.md.")
    for n in notes:
        out.append(f"# {n}" if n else "#")
    out.append("")
    out.append(f"variant {toml_name}")
    for pos in positions:
        if pos["label"] in skip:
            continue
        out.append("")
        out.append(f"position {pos['label']}")
        if header["start"].split()[0] != setup_placement:
            # Another start position than the variant file's (a Chess960 array, ...).
            out.append(f"fen {header['start']}")
        board = Board(header["start"])
        ours = []
        for mv in pos["moves"]:
            castle = board.play(mv, castlers, partner_text)
            ours.append(castle if castle else map_move(mv, single, letters))
        keep = [c for c in pos["comments"] if not c.startswith("fen check")]
        for c in keep:
            if c.startswith(("castle:", "promotion:", "capture:", "ep:")):
                kind, _, moves = c.partition(":")
                mapped = []
                for mv in moves.split():
                    castle = Board(pos["fen"]).play(mv, castlers, partner_text)
                    mapped.append(castle if castle else map_move(mv, single, letters))
                c = f"{kind}: {' '.join(mapped)}"
            out.append(f"# {c}")
        out.append(f"# pyffish fen: {pos['fen']}")
        if ours:
            out.append("moves " + " ".join(ours))
        for line in (extra_lines or {}).get(pos["label"], []):
            out.append(line)
        for depth, count in pos["perft"]:
            if max_depth is not None and depth > max_depth:
                continue
            key = (pos["label"], depth)
            if key in overrides:
                ours_count, why = overrides[key]
                out.append(f"# pyffish counts {count}; {why}")
                out.append(f"perft {depth} {ours_count}")
            else:
                out.append(f"perft {depth} {count}")
    return "\n".join(out) + "\n"


def run_entry(name, entry):
    ref = os.path.join(REF_DIR, entry.get("ref", name) + ".ref")
    toml_path = os.path.join(VARIANT_DIR, entry.get("toml", name) + ".toml")
    text = convert(ref, toml_path, letters=entry.get("letters"), notes=entry.get("notes", ()),
                   overrides=entry.get("overrides"), skip=entry.get("skip", ()),
                   extra_lines=entry.get("extra_lines"), max_depth=entry.get("max_depth"),
                   partner_text=entry.get("castle_partner_text", False))
    out = os.path.join(PERFT_DIR, entry.get("out", entry.get("toml", name)) + ".perft")
    with open(out, "w") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(out, ROOT)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="catalogue entries (catalogue.py)")
    ap.add_argument("--all", action="store_true", help="every catalogue entry")
    ap.add_argument("--ref", help="a .ref file (instead of a catalogue entry)")
    ap.add_argument("--toml", help="the variant file for --ref")
    ap.add_argument("--letter", action="append", default=[], help="pyffish=ours piece letter (lower case)")
    ap.add_argument("-o", "--out", help="output file (default: stdout)")
    args = ap.parse_args()
    if args.ref:
        if not args.toml:
            ap.error("--ref needs --toml")
        letters = dict(x.split("=") for x in args.letter)
        text = convert(args.ref, args.toml, letters=letters)
        if args.out:
            open(args.out, "w").write(text)
        else:
            sys.stdout.write(text)
        return
    sys.path.insert(0, HERE)
    from catalogue import CATALOGUE  # noqa: E402
    names = list(CATALOGUE) if args.all else args.names
    if not names:
        ap.error("name catalogue entries, or --all, or --ref")
    for n in names:
        if n not in CATALOGUE:
            raise SystemExit(f"{n}: not in catalogue.py")
        run_entry(n, CATALOGUE[n])


if __name__ == "__main__":
    main()
