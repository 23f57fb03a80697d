// The fairyrules page: see, play and author a variant over the server's JSON API.
// The game (variant, start position, moves) lives here, in the tab; every request carries
// it, so the server keeps nothing and many tabs play at once.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const S = {
  variants: [],
  limits: {},
  variantId: null,   // the loaded variant the editor started from
  file: "untitled.toml",
  original: "",      // its text as loaded
  text: "",          // the editor's text
  validText: null,   // the last text that compiled (the board's rules)
  fen: null,         // start position string (null: the variant's)
  moves: [],         // moves played from it
  flip: false,
  state: null,       // the last /api/state answer
  selected: null,    // {cell, moves, playable}
  claimed: null,     // a claimed draw, in words
  game: 0,           // bumped whenever the game changes under a pending request
  thinking: false,
  cells: new Map(),  // cell name -> {cx, cy, r, el}
  validateTimer: null,
  validateSeq: 0,
  stateSeq: 0,
};

// ---------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(message, details, status) {
    super(message);
    this.details = details;
    this.status = status;
  }
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let json;
  try {
    json = await response.json();
  } catch (e) {
    throw new ApiError(`HTTP ${response.status}`, null, response.status);
  }
  if (!response.ok) throw new ApiError(json.error || `HTTP ${response.status}`, json.details, response.status);
  return json;
}

/** The game as requests carry it. */
function gameSpec(moves = S.moves) {
  const g = S.validText !== null && S.validText !== S.original
    ? { toml: S.validText, name: S.file }
    : { variant: S.variantId };
  if (S.fen) g.fen = S.fen;
  g.moves = moves;
  return g;
}

function setBusy(busy) {
  document.body.dataset.state = busy ? "busy" : "ready";
}

// ---------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------

async function loadVariants() {
  const answer = await api("/api/variants");
  S.variants = answer.variants;
  S.limits = answer.limits;
  const select = $("variant");
  select.innerHTML = "";
  for (const v of S.variants) {
    const option = document.createElement("option");
    option.value = v.id;
    option.textContent = v.ok ? v.name : `${v.name} (has errors)`;
    option.title = v.file;
    select.appendChild(option);
  }
  $("movetime").max = S.limits.max_engine_ms;
  $("perft-depth").max = S.limits.max_perft_depth;
  const wanted = new URLSearchParams(location.hash.slice(1)).get("variant");
  const first = S.variants.find((v) => v.id === wanted) || S.variants.find((v) => v.id === "chess") || S.variants[0];
  if (first) {
    select.value = first.id;
    await chooseVariant(first.id);
  }
}

async function chooseVariant(id) {
  const answer = await api(`/api/variants/${encodeURIComponent(id)}`);
  S.variantId = answer.id;
  S.file = answer.file;
  S.original = answer.source;
  S.validText = answer.ok ? answer.source : null;
  history.replaceState(null, "", `#variant=${encodeURIComponent(id)}`);
  $("file-name").textContent = answer.file;
  setEditorText(answer.source);
  newGame();
  clearPiecePanel();
  if (answer.ok) {
    showValid(null);
    await refresh();
  } else {
    await validateNow();
  }
}

// ---------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------

function newGame() {
  S.fen = null;
  S.moves = [];
  S.claimed = null;
  S.selected = null;
  S.game++;
  S.thinking = false;
  $("engine-info").textContent = "";
  $("perft-out").innerHTML = "";
}

/** Ask the server for the position and show it. */
async function refresh() {
  if (S.validText === null) {
    showNoBoard();
    return;
  }
  const seq = ++S.stateSeq;
  setBusy(true);
  try {
    const state = await api("/api/state", { game: gameSpec(), flip: S.flip });
    if (seq !== S.stateSeq) return;
    S.state = state;
    $("fen-error").textContent = "";
    drawBoard();
    drawHands();
    showStatus();
    showMoveList();
    $("fen").value = state.fen;
    if (S.selected) reselect();
  } catch (e) {
    if (seq !== S.stateSeq) return;
    $("status").textContent = `Error: ${e.message}`;
    throw e;
  } finally {
    if (seq === S.stateSeq) setBusy(false);
  }
  maybeEngine();
}

function showNoBoard() {
  S.state = null;
  $("board").innerHTML = "";
  drawHands();
  $("status").textContent = "The file has errors: fix them in the editor to see the board.";
  $("result").hidden = true;
  $("move-list").innerHTML = "";
  setBusy(false);
}

function gameOver() {
  return !S.state || S.state.outcome.over || S.claimed !== null;
}

function showStatus() {
  const st = S.state;
  const side = st.side === "white" ? "White" : "Black";
  let text = `${st.name} — ${side} to move`;
  if (st.in_check && !st.outcome.over) text += " (check)";
  $("status").textContent = text;
  $("status").classList.toggle("thinking", S.thinking);
  const result = $("result");
  if (S.claimed) {
    result.textContent = `Game over: ${S.claimed}`;
    result.hidden = false;
  } else if (st.outcome.over) {
    result.textContent = `Game over: ${st.outcome.text}`;
    result.hidden = false;
  } else {
    result.hidden = true;
  }
  const claim = st.outcome.claimable && !st.outcome.over && !S.claimed;
  $("claim-box").hidden = !claim;
  if (claim) $("claim").textContent = `Claim a draw by ${st.outcome.claimable}`;
  $("undo").disabled = S.moves.length === 0;
  $("engine-move").disabled = gameOver() || S.thinking;
}

function showMoveList() {
  const list = $("move-list");
  list.innerHTML = "";
  const st = S.state;
  // The side that made the first move, and the start's move number.
  const firstSide = S.moves.length % 2 === 0 ? st.side : (st.side === "white" ? "black" : "white");
  const startFen = (S.fen || st.start_fen).trim().split(/\s+/);
  let number = startFen.length >= 6 ? parseInt(startFen[startFen.length - 1], 10) || 1 : 1;
  let li = null;
  S.moves.forEach((text, i) => {
    const white = (i % 2 === 0) === (firstSide === "white");
    if (!li || white) {
      li = document.createElement("li");
      li.value = number++;
      list.appendChild(li);
      if (!white) {
        const gap = document.createElement("span");
        gap.textContent = "…";
        li.appendChild(gap);
      }
    }
    const span = document.createElement("span");
    span.className = "move";
    span.textContent = text;
    if (i === S.moves.length - 1) span.classList.add("last");
    li.appendChild(span);
  });
  list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------------------------------
// The board picture (the server's `render` SVG) and the marks drawn over it
// ---------------------------------------------------------------------------------------

function drawBoard() {
  const board = $("board");
  board.innerHTML = S.state.svg;
  const svg = board.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  // The status line says what the picture's caption says: leave the caption's band out.
  const band = svg.querySelector(".caption") && svg.querySelector(".board").transform.baseVal.consolidate();
  if (band) {
    const vb = svg.viewBox.baseVal;
    const dy = band.matrix.f;
    svg.setAttribute("viewBox", `${vb.x} ${vb.y + dy} ${vb.width} ${vb.height - dy}`);
  }
  S.cells.clear();
  for (const el of svg.querySelectorAll(".cell[data-cell]")) {
    const b = el.getBBox();
    S.cells.set(el.dataset.cell, {
      cx: b.x + b.width / 2,
      cy: b.y + b.height / 2,
      r: Math.min(b.width, b.height) / 2,
      el,
    });
  }
  const byCell = new Map(S.state.pieces.map((p) => [p.cell, p]));
  for (const el of svg.querySelectorAll(".piece[data-cell]")) {
    const p = byCell.get(el.dataset.cell);
    if (!p) continue;
    el.dataset.color = p.color;
    el.dataset.kind = p.kind;
    if (p.color === S.state.side) el.classList.add("own");
  }
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "marks");
  layer.id = "marks";
  svg.querySelector(".board").appendChild(layer);
}

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

/** Mark the selected piece's cell and its destinations, by kind. */
function drawMarks() {
  const layer = $("marks");
  if (!layer) return;
  layer.innerHTML = "";
  const sel = S.selected;
  if (!sel) return;
  const from = S.cells.get(sel.cell);
  if (from) {
    const frame = from.el.cloneNode();
    frame.removeAttribute("data-cell");
    frame.setAttribute("class", "sel-frame");
    layer.appendChild(frame);
  }
  for (const [to, moves] of groupByTarget(sel.moves)) {
    const c = S.cells.get(to);
    if (!c) continue;
    const kinds = new Set(moves.flatMap((m) => m.kinds));
    const g = svgEl("g", {
      class: `target${sel.playable ? "" : " ghost"}`,
      "data-cell": to,
      "data-kinds": [...kinds].join(" "),
    }, layer);
    const mods = ["hop", "charge", "hook", "en-passant"].filter((k) => kinds.has(k)).join(" ");
    if (kinds.has("capture")) {
      svgEl("circle", { cx: c.cx, cy: c.cy, r: c.r * 0.86, class: `mk-capture ${mods}` }, g);
    } else {
      svgEl("circle", { cx: c.cx, cy: c.cy, r: c.r * 0.3, class: `mk-move ${mods}` }, g);
    }
    const badges = [];
    if (kinds.has("promotion")) badges.push(["promotion", "="]);
    if (kinds.has("castle")) badges.push(["castle", "O"]);
    badges.forEach(([cls, letter], i) => {
      const bx = c.cx + c.r * 0.62 - i * c.r * 0.5;
      const by = c.cy - c.r * 0.62;
      const br = c.r * 0.24;
      svgEl("circle", { cx: bx, cy: by, r: br, class: `badge ${cls}` }, g);
      const t = svgEl("text", { x: bx, y: by + br * 0.45, class: "badge-text", "font-size": br * 1.3 }, g);
      t.textContent = letter;
    });
  }
}

function groupByTarget(moves) {
  const out = new Map();
  for (const m of moves) {
    if (!out.has(m.to)) out.set(m.to, []);
    out.get(m.to).push(m);
  }
  return out;
}

const KIND_WORDS = {
  move: "move", capture: "capture", hop: "hop", charge: "charge", hook: "borrowed",
  promotion: "promotion", castle: "castling", "en-passant": "en passant",
  drop: "drop", gate: "gating",
};

function describeMoves(sel) {
  const p = $("piece-moves");
  p.innerHTML = "";
  const n = sel.moves.length;
  const extras = (m) => {
    const out = m.kinds.filter((k) => k !== "move").map((k) => KIND_WORDS[k] || k);
    if (m.becomes) out.push(`→ ${m.becomes.name}`);
    if (m.gate) out.push(`brings ${m.gate.name}`);
    return out;
  };
  // What every move is (said once), then what each move is besides.
  const common = n === 0 ? [] : extras(sel.moves[0]).filter((x) => sel.moves.every((m) => extras(m).includes(x)));
  const head = document.createElement("div");
  const whose = sel.color === "white" ? "White" : "Black";
  const where = sel.drop ? "in hand" : `on ${sel.cell}`;
  head.textContent = `${whose} ${sel.piece.name} ${where}: ${n} legal move${n === 1 ? "" : "s"}` +
    (common.length && n > 1 ? `, all ${common.join(", ")}` : "") +
    (sel.playable ? "" : sel.toMove ? " (not playable now)" : " (as if it were its turn)");
  p.appendChild(head);
  for (const m of sel.moves) {
    const span = document.createElement("span");
    span.textContent = m.text;
    p.appendChild(span);
    const own = extras(m).filter((x) => n === 1 || !common.includes(x));
    if (own.length) {
      const k = document.createElement("span");
      k.className = "kind";
      k.textContent = ` (${own.join(", ")})`;
      p.appendChild(k);
    }
    p.appendChild(document.createTextNode(" "));
  }
}

// ---------------------------------------------------------------------------------------
// Selecting and moving
// ---------------------------------------------------------------------------------------

function pieceOn(cell) {
  return S.state ? S.state.pieces.find((p) => p.cell === cell) : undefined;
}

function humanMayMove() {
  return S.state && !gameOver() && !S.thinking && !engineSides().has(S.state.side);
}

async function select(cell) {
  const piece = pieceOn(cell);
  if (!piece) {
    S.selected = null;
    drawMarks();
    return;
  }
  const kind = S.state.kinds.find((k) => k.id === piece.kind);
  let sel;
  if (piece.color === S.state.side) {
    sel = {
      cell, piece: kind, color: piece.color, toMove: true,
      moves: S.state.legal.filter((m) => m.from === cell),
      playable: humanMayMove(),
    };
  } else {
    const game = S.game;
    const answer = await api("/api/piece", { game: gameSpec(), cell });
    if (game !== S.game) return;
    sel = { cell, piece: answer.piece, color: answer.color, toMove: false, moves: answer.moves, playable: false };
  }
  S.selected = sel;
  drawMarks();
  if (S.state.has_hands) drawHands();
  describeMoves(sel);
  explainPiece(kind);
}

/** Select a piece of the side to move in its hand: its drops are marked on the board. */
function selectDrop(kindId) {
  hideChooser();
  const kind = S.state.kinds.find((k) => k.id === kindId);
  if (S.selected && S.selected.drop === kindId) {
    S.selected = null;
  } else {
    S.selected = {
      cell: null, drop: kindId, piece: kind, color: S.state.side, toMove: true,
      moves: S.state.legal.filter((m) => m.drop === kindId),
      playable: humanMayMove(),
    };
    describeMoves(S.selected);
    explainPiece(kind);
  }
  drawMarks();
  drawHands();
}

/** The pieces in hand under the board: the side to move's are buttons that select drops. */
function drawHands() {
  const box = $("hands");
  const st = S.state;
  box.hidden = !st || !st.has_hands;
  box.innerHTML = "";
  if (box.hidden) return;
  for (const color of ["white", "black"]) {
    const hand = document.createElement("div");
    hand.className = "hand";
    hand.dataset.color = color;
    const label = document.createElement("span");
    label.className = "hand-label";
    label.textContent = `${color === "white" ? "White" : "Black"} holds:`;
    hand.appendChild(label);
    const held = st.hands.filter((h) => h.color === color);
    if (held.length === 0) {
      const none = document.createElement("span");
      none.className = "empty";
      none.textContent = "nothing";
      hand.appendChild(none);
    }
    for (const h of held) {
      const kind = st.kinds.find((k) => k.id === h.kind);
      const b = document.createElement("button");
      b.className = "held";
      b.dataset.kind = h.kind;
      const letter = color === "white" ? kind.letter : kind.letter.toLowerCase();
      b.textContent = h.count > 1 ? `${letter}×${h.count}` : letter;
      b.title = `${kind.name}${h.count > 1 ? ` (${h.count})` : ""}`;
      b.disabled = color !== st.side;
      if (S.selected && S.selected.drop === h.kind && color === st.side) b.classList.add("selected");
      b.addEventListener("click", () => selectDrop(h.kind));
      hand.appendChild(b);
    }
    box.appendChild(hand);
  }
}

/** After a refresh: keep the selection if the same piece still stands there. */
function reselect() {
  const sel = S.selected;
  if (sel.drop) {
    S.selected = null;
    return;
  }
  const piece = pieceOn(sel.cell);
  if (!piece || piece.kind !== sel.piece.id) {
    S.selected = null;
    return;
  }
  select(sel.cell).catch(showError);
}

async function clickCell(cell) {
  hideChooser();
  const sel = S.selected;
  if (sel && sel.playable && sel.cell !== cell) {
    const moves = sel.moves.filter((m) => m.to === cell);
    if (moves.length > 0) {
      await play(moves);
      return;
    }
  }
  if (sel && sel.cell === cell) {
    S.selected = null;
    drawMarks();
    return;
  }
  await select(cell);
}

/** Play one of `moves` (same origin and destination): ask which when there is a choice. */
async function play(moves) {
  if (moves.length === 1) {
    await commit(moves[0].text);
    return;
  }
  showChooser(moves);
}

async function commit(text) {
  hideChooser();
  S.moves = [...S.moves, text];
  S.selected = null;
  S.game++;
  await refresh();
}

function showChooser(moves) {
  const box = $("chooser-options");
  box.innerHTML = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.dataset.move = m.text;
    let label = m.text;
    if (m.becomes) label = `${m.becomes.name} (${m.becomes.letter})`;
    if (m.kinds.includes("charge")) label = `charge, becomes ${m.becomes ? m.becomes.name : "?"}`;
    else if (m.kinds.includes("en-passant")) label = "en passant";
    else if (!m.becomes) label = `${m.text} (${m.kinds.map((k) => KIND_WORDS[k]).join(", ")})`;
    b.textContent = label;
    b.addEventListener("click", () => commit(m.text).catch(showError));
    box.appendChild(b);
  }
  const c = S.cells.get(moves[0].to);
  const chooser = $("chooser");
  chooser.hidden = false;
  if (c) {
    const svg = $("board").querySelector("svg");
    const pt = svg.createSVGPoint();
    pt.x = c.cx;
    pt.y = c.cy;
    const screen = pt.matrixTransform(c.el.getScreenCTM());
    const pane = $("board-pane").getBoundingClientRect();
    chooser.style.left = `${Math.max(0, screen.x - pane.left - 60)}px`;
    chooser.style.top = `${Math.max(0, screen.y - pane.top + 10)}px`;
  }
}

function hideChooser() {
  $("chooser").hidden = true;
}

// Pointer handling: a press on a piece selects it; a drag carries it to a destination; a
// press and release without moving is a click.
let drag = null;

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const hit = el && el.closest("#board [data-cell]");
  return hit ? hit.dataset.cell : null;
}

function svgPoint(svg, x, y) {
  const pt = svg.createSVGPoint();
  pt.x = x;
  pt.y = y;
  return pt.matrixTransform(svg.querySelector(".board").getScreenCTM().inverse());
}

function onPointerDown(event) {
  if (event.button !== 0) return;
  const hit = event.target.closest("[data-cell]");
  if (!hit) return;
  const cell = hit.dataset.cell;
  const svg = $("board").querySelector("svg");
  const pieceEl = svg.querySelector(`.piece[data-cell="${CSS.escape(cell)}"]`);
  drag = { cell, x: event.clientX, y: event.clientY, moved: false, pieceEl, svg };
  event.preventDefault();
}

function onPointerMove(event) {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 5) return;
  const piece = pieceOn(drag.cell);
  if (!drag.pieceEl || !piece || piece.color !== S.state.side || !humanMayMove()) return;
  if (!drag.moved) {
    drag.moved = true;
    if (!S.selected || S.selected.cell !== drag.cell) select(drag.cell).catch(showError);
    drag.pieceEl.classList.add("dragging");
    drag.origin = svgPoint(drag.svg, drag.x, drag.y);
  }
  const p = svgPoint(drag.svg, event.clientX, event.clientY);
  drag.pieceEl.setAttribute("transform", `translate(${p.x - drag.origin.x},${p.y - drag.origin.y})`);
}

function onPointerUp(event) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moved) {
    clickCell(d.cell).catch(showError);
    return;
  }
  d.pieceEl.classList.remove("dragging");
  d.pieceEl.removeAttribute("transform");
  const to = cellAt(event.clientX, event.clientY);
  const sel = S.selected;
  if (to && sel && sel.cell === d.cell && sel.playable) {
    const moves = sel.moves.filter((m) => m.to === to);
    if (moves.length) play(moves).catch(showError);
  }
}

// ---------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------

function engineSides() {
  const v = $("engine-side").value;
  return new Set(v === "both" ? ["white", "black"] : v === "none" ? [] : [v]);
}

function maybeEngine() {
  if (S.state && !gameOver() && !S.thinking && engineSides().has(S.state.side)) {
    engineMove().catch(showError);
  }
}

async function engineMove() {
  if (!S.state || gameOver() || S.thinking) return;
  const game = S.game;
  const movetime = Math.max(1, Math.min(S.limits.max_engine_ms || 10000, parseInt($("movetime").value, 10) || 500));
  S.thinking = true;
  showStatus();
  let answer;
  try {
    answer = await api("/api/engine", { game: gameSpec(), movetime_ms: movetime });
  } finally {
    if (game === S.game) {
      S.thinking = false;
      showStatus();
    }
  }
  if (game !== S.game) return;
  $("engine-info").textContent =
    `Engine: ${answer.move} (depth ${answer.depth}, ${answer.score}, ${answer.nodes.toLocaleString("en")} nodes, ${Math.round(answer.ms)} ms)`;
  await commit(answer.move);
}

// ---------------------------------------------------------------------------------------
// Piece explanations
// ---------------------------------------------------------------------------------------

let explained = null;

async function explainPiece(kind) {
  const key = `${S.validText}\u0000${kind.id}`;
  if (explained === key) return;
  explained = key;
  $("piece-title").textContent = `${kind.name} (${kind.letter})`;
  $("piece-hint").hidden = true;
  try {
    const answer = await api("/api/explain", { game: gameSpec([]), piece: kind.id });
    if (explained !== key) return;
    const [facts] = answer.text.split(/\n\s*\n/);
    const box = $("explain-facts");
    box.innerHTML = "";
    for (const line of facts.split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      box.appendChild(p);
    }
    $("explain-text").textContent = answer.text;
    $("explain-svg").innerHTML = answer.svg;
    const svg = $("explain-svg").querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
    }
  } catch (e) {
    $("explain-facts").textContent = e.message;
  }
}

function clearPiecePanel() {
  explained = null;
  $("piece-title").textContent = "Piece";
  $("piece-hint").hidden = false;
  $("piece-moves").innerHTML = "";
  $("explain-facts").innerHTML = "";
  $("explain-text").textContent = "";
  $("explain-svg").innerHTML = "";
}

// ---------------------------------------------------------------------------------------
// Game controls
// ---------------------------------------------------------------------------------------

async function undo() {
  if (S.moves.length === 0) return;
  const engines = engineSides();
  let moves = S.moves.slice(0, -1);
  // Take back the engine's reply too, so that a human is to move again.
  let side = S.state.side === "white" ? "black" : "white";
  if (engines.has(side) && engines.size === 1 && moves.length > 0) {
    moves = moves.slice(0, -1);
    side = side === "white" ? "black" : "white";
  }
  S.moves = moves;
  S.claimed = null;
  S.selected = null;
  S.thinking = false;
  S.game++;
  if (engines.has(side)) $("engine-side").value = "none";
  await refresh();
}

async function setFen() {
  const text = $("fen").value.trim();
  const saved = { fen: S.fen, moves: S.moves };
  S.fen = text;
  S.moves = [];
  S.claimed = null;
  S.selected = null;
  S.game++;
  try {
    await refresh();
  } catch (e) {
    S.fen = saved.fen;
    S.moves = saved.moves;
    await refresh().catch(() => {});
    $("fen-error").textContent = e.message;
  }
}

async function copyFen() {
  const text = $("fen").value;
  try {
    await navigator.clipboard.writeText(text);
    $("fen-error").textContent = "";
  } catch (e) {
    $("fen").select();
    document.execCommand("copy");
  }
}

async function runPerft() {
  const depth = parseInt($("perft-depth").value, 10) || 1;
  const out = $("perft-out");
  out.textContent = `perft ${depth}…`;
  $("perft-run").disabled = true;
  try {
    const answer = await api("/api/perft", { game: gameSpec(), depth });
    const rows = answer.divide.map((r) => `<tr><td>${escapeHtml(r.move)}</td><td class="n">${r.nodes}</td></tr>`).join("");
    const nps = answer.ms > 0 ? Math.round(answer.nodes / (answer.ms / 1000)) : 0;
    out.innerHTML = `<div><b>nodes: <span id="perft-nodes">${answer.nodes}</span></b> (depth ${answer.depth}, ` +
      `${answer.divide.length} root moves, ${answer.ms.toFixed(1)} ms, ${nps.toLocaleString("en")} nodes/s)</div>` +
      `<div class="rows"><table>${rows}</table></div>`;
  } catch (e) {
    out.innerHTML = `<div class="error-text">${escapeHtml(e.message)}</div>`;
  } finally {
    $("perft-run").disabled = false;
  }
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

function showError(e) {
  $("status").textContent = `Error: ${e.message}`;
  setBusy(false);
}

// ---------------------------------------------------------------------------------------
// The editor: a textarea over a backdrop that marks the errors, with line numbers
// ---------------------------------------------------------------------------------------

function setEditorText(text) {
  S.text = text;
  $("toml").value = text;
  $("toml").scrollTop = 0;
  clearErrors();
  drawGutter([]);
  drawBackdrop([]);
}

function drawGutter(errors) {
  const lines = S.text.split("\n").length;
  const bad = new Map();
  for (const e of errors) if (!bad.has(e.line)) bad.set(e.line, e.message);
  const gutter = $("gutter");
  const parts = [];
  for (let i = 1; i <= lines; i++) {
    const title = bad.has(i) ? ` title="${escapeHtml(bad.get(i))}"` : "";
    parts.push(`<div data-line="${i}"${bad.has(i) ? ' class="error"' : ""}${title}>${i}</div>`);
  }
  gutter.innerHTML = parts.join("");
  syncScroll();
}

/** JS string index of a 1-based line and column (columns count characters). */
function indexOf(lineStarts, text, line, column) {
  const start = lineStarts[Math.min(line, lineStarts.length) - 1] || 0;
  let i = start;
  for (let c = 1; c < column && i < text.length && text[i] !== "\n"; c++) {
    i += text.codePointAt(i) > 0xffff ? 2 : 1;
  }
  return i;
}

function lineStartsOf(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

function drawBackdrop(errors) {
  const text = S.text;
  const starts = lineStartsOf(text);
  const spans = errors.map((e) => {
    const a = indexOf(starts, text, e.line, e.column);
    let b = e.end_line > e.line ? text.indexOf("\n", a) : indexOf(starts, text, e.end_line, e.end_column);
    if (b < 0) b = text.length;
    return { a, b: Math.max(a, b), line: e.line, message: e.message };
  }).sort((x, y) => x.a - y.a);
  let out = "";
  let at = 0;
  for (const s of spans) {
    if (s.a < at) continue; // overlapping: the first one is marked
    out += escapeHtml(text.slice(at, s.a));
    const body = text.slice(s.a, s.b);
    const caret = body.length === 0 || body.startsWith("\n");
    const shown = caret ? "" : body;
    out += `<mark class="err${caret ? " caret" : ""}" data-line="${s.line}" title="${escapeHtml(s.message)}">${escapeHtml(shown)}</mark>`;
    at = s.a + shown.length;
  }
  out += escapeHtml(text.slice(at));
  // A final newline needs something after it to take up its line.
  $("backdrop").innerHTML = out + "\n ";
  syncScroll();
}

function syncScroll() {
  const ta = $("toml");
  $("backdrop").scrollTop = ta.scrollTop;
  $("backdrop").scrollLeft = ta.scrollLeft;
  $("gutter").scrollTop = ta.scrollTop;
}

function clearErrors() {
  $("errors").innerHTML = "";
  $("report").hidden = true;
  $("report").textContent = "";
}

function onEdit() {
  S.text = $("toml").value;
  drawGutter(S.lastErrors || []);
  drawBackdrop([]);
  $("validity").className = "checking";
  $("validity").textContent = "checking…";
  clearTimeout(S.validateTimer);
  S.validateTimer = setTimeout(() => validateNow().catch(showError), 300);
}

async function validateNow() {
  const seq = ++S.validateSeq;
  const text = S.text;
  const answer = await api("/api/validate", { name: S.file, toml: text });
  if (seq !== S.validateSeq || text !== S.text) return;
  if (answer.ok) {
    S.lastErrors = [];
    clearErrors();
    drawGutter([]);
    drawBackdrop([]);
    showValid(answer);
    if (S.validText !== text) {
      S.validText = text;
      explained = null;
      S.selected = null;
      S.game++;
      try {
        await refresh();
      } catch (e) {
        // The game's moves or position do not fit the new rules: start again.
        newGame();
        await refresh();
      }
    }
  } else {
    S.lastErrors = answer.errors.filter((e) => e.file === S.file);
    showErrors(answer);
    if (S.state === null) showNoBoard();
  }
}

function showValid(answer) {
  const v = $("validity");
  v.className = "ok";
  v.textContent = answer ? `✓ ${answer.summary.replace(/^.*?: ok — /, "")}` : "✓ valid";
  v.title = answer ? answer.summary : "";
}

function showErrors(answer) {
  const n = answer.errors.length;
  const v = $("validity");
  v.className = "bad";
  v.textContent = `${n} error${n === 1 ? "" : "s"}`;
  // Errors in this text are marked in it; those in a variant it extends are only listed.
  const here = answer.errors.filter((e) => e.file === S.file);
  drawGutter(here);
  drawBackdrop(here);
  const list = $("errors");
  list.innerHTML = "";
  for (const e of answer.errors) {
    const li = document.createElement("li");
    li.dataset.line = e.line;
    li.dataset.column = e.column;
    const where = document.createElement("code");
    where.textContent = `${e.file}:${e.line}:${e.column}:`;
    li.appendChild(where);
    li.appendChild(document.createTextNode(` ${e.severity}: ${e.message}`));
    if (e.hint) {
      const hint = document.createElement("div");
      hint.className = "err-hint";
      hint.textContent = `hint: ${e.hint}`;
      li.appendChild(hint);
    }
    if (e.file === S.file) li.addEventListener("click", () => jumpTo(e.line, e.column));
    list.appendChild(li);
  }
  const report = $("report");
  report.textContent = answer.report;
  report.hidden = false;
}

function jumpTo(line, column) {
  const ta = $("toml");
  const i = indexOf(lineStartsOf(S.text), S.text, line, column);
  ta.focus();
  ta.setSelectionRange(i, i);
  const lineHeight = parseFloat(getComputedStyle(ta).lineHeight) || 18;
  ta.scrollTop = Math.max(0, (line - 5) * lineHeight);
  syncScroll();
}

function saveAs() {
  const blob = new Blob([S.text], { type: "application/toml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = S.file.split(/[\\/]/).pop() || "variant.toml";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------

function wire() {
  $("variant").addEventListener("change", (e) => chooseVariant(e.target.value).catch(showError));
  $("new-game").addEventListener("click", () => {
    newGame();
    refresh().catch(showError);
  });
  $("undo").addEventListener("click", () => undo().catch(showError));
  $("flip").addEventListener("click", () => {
    S.flip = !S.flip;
    refresh().catch(showError);
  });
  $("engine-side").addEventListener("change", () => maybeEngine());
  $("engine-move").addEventListener("click", () => engineMove().catch(showError));
  $("claim").addEventListener("click", () => {
    const st = S.state;
    const side = st.side === "white" ? "White" : "Black";
    S.claimed = `1/2-1/2 (draw by ${st.outcome.claimable}, claimed by ${side})`;
    showStatus();
  });
  $("set-fen").addEventListener("click", () => setFen().catch(showError));
  $("fen").addEventListener("keydown", (e) => {
    if (e.key === "Enter") setFen().catch(showError);
  });
  $("copy-fen").addEventListener("click", () => copyFen());
  $("perft-run").addEventListener("click", () => runPerft());
  $("chooser-cancel").addEventListener("click", hideChooser);
  $("revert").addEventListener("click", () => {
    $("toml").value = S.original;
    onEdit();
  });
  $("save-as").addEventListener("click", saveAs);
  const ta = $("toml");
  ta.addEventListener("input", onEdit);
  ta.addEventListener("scroll", syncScroll);
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
}

// For tests and the curious: the page's state.
window.fairyrules = S;

wire();
loadVariants().catch(showError);
