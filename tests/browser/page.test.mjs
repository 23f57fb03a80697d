// The page of `fairyrules serve` in a real browser: Debian's Chromium driven by
// playwright-core (which downloads no browser). Run by tests/it/serve_browser.rs, which
// starts the server and passes:
//   FAIRYRULES_URL   the page's address (http://127.0.0.1:PORT/)
//   FAIRYRULES_BIN   the fairyrules binary (the expected answers come from its commands)
//   CHROMIUM         the browser (default /usr/bin/chromium)
//   SCREENSHOTS      optional: a folder to save screenshots of the page in
// The working directory is the repository (for variants/).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const URL = process.env.FAIRYRULES_URL;
const BIN = process.env.FAIRYRULES_BIN;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const SHOTS = process.env.SCREENSHOTS || "";
assert.ok(URL && BIN, "FAIRYRULES_URL and FAIRYRULES_BIN must be set");

/** Run the fairyrules binary; its stdout. */
function cli(...args) {
  return execFileSync(BIN, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The destinations `fairyrules moves` lists for the piece on `cell`, sorted. */
function cliTargets(file, cell) {
  const out = cli("moves", file)
    .split("\n")
    .filter((m) => m.startsWith(cell) && /^[a-z]/.test(m.slice(cell.length)))
    .map((m) => m.slice(cell.length).match(/^[a-z]+\d+/)[0]);
  return [...new Set(out)].sort();
}

const profile = mkdtempSync(join(tmpdir(), "fairyrules-chromium-"));
// A fresh profile folder (playwright takes it as the persistent context's user data dir,
// which it passes to Chromium as --user-data-dir).
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
  viewport: { width: 1600, height: 1000 },
});
const page = context.pages()[0] || await context.newPage();
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e)));
// Console errors other than refused requests (the test sends a bad position string on
// purpose; the page shows such errors itself).
page.on("console", (m) => {
  if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) pageErrors.push(m.text());
});

let passed = 0;
let failed = 0;
async function step(name, body) {
  const start = Date.now();
  try {
    await body();
    passed++;
    console.log(`ok - ${name} (${Date.now() - start} ms)`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n${e.stack || e}`);
    await page.screenshot({ path: join(tmpdir(), "fairyrules-browser-failure.png") }).catch(() => {});
    throw e;
  }
}

async function shot(name) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, name) });
}

/** Wait until the page has answered (no request of its own pending, no engine thinking). */
async function settled() {
  await page.waitForFunction(() =>
    document.body.dataset.state === "ready" && !window.fairyrules.thinking);
}

async function chooseVariant(id, cells) {
  await page.selectOption("#variant", id);
  await page.waitForFunction(
    ([id, cells]) => window.fairyrules.variantId === id && window.fairyrules.state &&
      document.querySelectorAll("#board .cell").length === cells,
    [id, cells],
  );
  await settled();
}

/** Click a cell of the board as a person would: on the piece standing there, if any. */
async function clickCell(cell) {
  const piece = page.locator(`#board .piece[data-cell="${cell}"]`);
  if (await piece.count()) await piece.click();
  else await page.locator(`#board .cell[data-cell="${cell}"]`).click();
}

/** The cells marked as destinations, sorted. */
async function markedCells() {
  await page.waitForSelector("#marks .target");
  return (await page.$$eval("#marks .target", (els) => els.map((e) => e.dataset.cell))).sort();
}

async function pieceCell(kind, color) {
  return page.locator(`#board .piece[data-kind="${kind}"][data-color="${color}"]`).first().getAttribute("data-cell");
}

try {
  await step("the page loads and lists the variants", async () => {
    await page.goto(URL);
    await page.waitForFunction(() => window.fairyrules.state !== null);
    const ids = await page.$$eval("#variant option", (os) => os.map((o) => o.value));
    for (const id of ["chess", "hectochess", "heroes-hexagonal"]) assert.ok(ids.includes(id), `${id} in ${ids}`);
  });

  await step("Hectochess: a Knight's highlighted cells are `fairyrules moves`", async () => {
    await chooseVariant("hectochess", 100);
    assert.match(await page.textContent("#status"), /Hectochess — White to move/);
    const cell = await pieceCell("knight", "white");
    assert.ok(cell, "a white Knight on the board");
    await clickCell(cell);
    const marked = await markedCells();
    const expected = cliTargets("variants/hectochess.toml", cell);
    assert.ok(expected.length > 0, "the Knight has moves");
    assert.deepEqual(marked, expected);
    await page.waitForFunction(() => document.querySelector("#piece-title").textContent.startsWith("Knight"));
    await page.waitForFunction(() => document.querySelector("#explain-facts").textContent.includes("Knight"));
    assert.match(await page.textContent("#piece-moves"), new RegExp(`Knight on ${cell}: ${expected.length} legal moves`));
    await shot("page-hectochess.png");
  });

  await step("Hectochess: a short game against the engine (clicks and a drag)", async () => {
    await page.fill("#movetime", "150");
    await page.selectOption("#engine-side", "black");
    for (let turn = 0; turn < 3; turn++) {
      const before = await page.evaluate(() => window.fairyrules.moves.length);
      // A quiet move of some piece, chosen from the moves the page knows.
      const mv = await page.evaluate(() => {
        const legal = window.fairyrules.state.legal;
        return legal.find((m) => m.kinds.length === 1 && m.kinds[0] === "move" && m.from[0] === "efdg"[legal.length % 4]) ||
          legal.find((m) => m.kinds[0] === "move") || legal[0];
      });
      if (turn === 1) {
        const from = await page.locator(`#board .cell[data-cell="${mv.from}"]`).boundingBox();
        const to = await page.locator(`#board .cell[data-cell="${mv.to}"]`).boundingBox();
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
        await page.mouse.up();
      } else {
        await clickCell(mv.from);
        await page.waitForSelector(`#marks .target[data-cell="${mv.to}"]`);
        await clickCell(mv.to);
      }
      // Our move, then the engine's reply.
      await page.waitForFunction((n) => window.fairyrules.moves.length === n + 2, before, { timeout: 20000 });
      await settled();
      const moves = await page.evaluate(() => window.fairyrules.moves);
      assert.equal(moves[before], mv.text);
    }
    const listed = await page.$$eval("#move-list .move", (els) => els.map((e) => e.textContent));
    const played = await page.evaluate(() => window.fairyrules.moves);
    assert.deepEqual(listed, played);
    assert.equal(listed.length, 6);
    // The moves replay with the command line, and the page's position string is its result.
    const fen = await page.inputValue("#fen");
    const shown = cli("show", "variants/hectochess.toml", "--moves", ...played);
    assert.ok(shown.includes(fen), `${fen} in\n${shown}`);
    assert.match(await page.textContent("#engine-info"), /^Engine: \S+ \(depth \d+/);
    // Undo takes back the engine's reply and our move.
    await page.click("#undo");
    await page.waitForFunction(() => window.fairyrules.moves.length === 4);
    await settled();
    assert.match(await page.textContent("#status"), /White to move/);
  });

  await step("Chess: the result is announced with its reason", async () => {
    await chooseVariant("chess", 64);
    await page.selectOption("#engine-side", "none");
    for (const [from, to] of [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]]) {
      await clickCell(from);
      await page.waitForSelector(`#marks .target[data-cell="${to}"]`);
      await clickCell(to);
      await page.waitForFunction(() => !document.querySelector("#marks .target"));
      await settled();
    }
    await page.waitForSelector("#result:not([hidden])");
    assert.equal(await page.textContent("#result"), "Game over: 0-1 (Black wins by checkmate)");
  });

  await step("Chess: a position string pasted in starts a game there", async () => {
    await page.fill("#fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    await page.click("#set-fen");
    await page.waitForFunction(() => window.fairyrules.fen && window.fairyrules.state.fen.startsWith("4k3/P7"));
    await clickCell("a7");
    await page.waitForSelector('#marks .target[data-cell="a8"][data-kinds~="promotion"]');
    await clickCell("a8");
    await page.waitForSelector("#chooser:not([hidden])");
    await page.click('#chooser button[data-move="a7a8n"]');
    await page.waitForFunction(() => window.fairyrules.moves.join() === "a7a8n");
    await settled();
    assert.ok((await page.inputValue("#fen")).startsWith("N3k3/"));
    await page.fill("#fen", "not a position");
    await page.click("#set-fen");
    await page.waitForFunction(() => document.querySelector("#fen-error").textContent.length > 0);
    assert.match(await page.textContent("#fen-error"), /position string/);
  });

  await step("Crazyhouse: a captured piece shows in the hand and is dropped by two clicks", async () => {
    await chooseVariant("crazyhouse", 64);
    for (const [from, to] of [["e2", "e4"], ["d7", "d5"], ["e4", "d5"], ["d8", "d5"]]) {
      await clickCell(from);
      await clickCell(to);
      await settled();
    }
    // Each side holds a Pawn; only the side to move's hand can be clicked.
    await page.waitForSelector('#hands .hand[data-color="white"] button.held[data-kind="pawn"]:not([disabled])');
    assert.ok(await page.locator('#hands .hand[data-color="black"] button.held[data-kind="pawn"][disabled]').count());
    await page.click('#hands .hand[data-color="white"] button.held[data-kind="pawn"]');
    const marked = await markedCells();
    const expected = cli("moves", "variants/crazyhouse.toml", "--moves", "e2e4", "d7d5", "e4d5", "d8d5")
      .split("\n").filter((m) => m.startsWith("P@")).map((m) => m.slice(2)).sort();
    assert.deepEqual(marked, expected);
    await clickCell("e3");
    await page.waitForFunction(() => window.fairyrules.moves.join() === "e2e4,d7d5,e4d5,d8d5,P@e3");
    await settled();
    assert.ok((await page.inputValue("#fen")).includes("[p]"));
  });

  await step("Editor: a broken file is marked at its line and column, as `validate` says", async () => {
    await chooseVariant("hectochess", 100);
    const original = await page.inputValue("#toml");
    const lines = original.split("\n");
    const header = lines.indexOf("[pieces.knight]");
    const at = lines.findIndex((l, i) => i > header && l.startsWith("betza = "));
    assert.ok(header >= 0 && at > header, "the Knight's betza line");
    lines[at] = 'betza = "Nx"';
    const broken = lines.join("\n");
    const line = at + 1;
    const column = lines[at].indexOf("x") + 1;
    await page.fill("#toml", broken);
    await page.waitForSelector("#validity.bad");
    const gutter = await page.$$eval("#gutter div.error", (els) => els.map((e) => Number(e.dataset.line)));
    assert.deepEqual(gutter, [line]);
    const marks = await page.$$eval("#backdrop mark.err", (els) => els.map((e) => [Number(e.dataset.line), e.textContent]));
    assert.deepEqual(marks, [[line, "x"]]);
    const item = page.locator("#errors li").first();
    assert.equal(await item.getAttribute("data-line"), String(line));
    assert.equal(await item.getAttribute("data-column"), String(column));
    assert.match(await item.textContent(), new RegExp(`^variants/hectochess\\.toml:${line}:${column}: error: `));
    // The report is what `fairyrules validate` prints for the same text.
    const dir = mkdtempSync(join(tmpdir(), "fairyrules-validate-"));
    const file = join(dir, "hectochess.toml");
    writeFileSync(file, broken);
    let printed = "";
    try {
      execFileSync(BIN, ["validate", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      assert.fail("validate accepted the broken file");
    } catch (e) {
      printed = e.stderr;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(await page.textContent("#report"), printed.split(file).join("variants/hectochess.toml"));
    // The board stays on the last valid rules meanwhile.
    assert.equal(await page.locator("#board .cell").count(), 100);
    await page.locator("#errors li").first().click();
    await shot("page-editor-error.png");
    // A valid edit shows at once.
    const edited = original.replace('name = "Hectochess"', 'name = "Hectochess, edited"');
    await page.fill("#toml", edited);
    await page.waitForSelector("#validity.ok");
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Hectochess, edited"));
    assert.equal(await page.locator("#gutter div.error").count(), 0);
    assert.equal(await page.locator("#backdrop mark.err").count(), 0);
    // Save as downloads the text.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save-as")]);
    assert.equal(download.suggestedFilename(), "hectochess.toml");
    assert.equal(readFileSync(await download.path(), "utf8"), edited);
  });

  await step("Heroes Hexagonal: a piece's moves on the hex board, charges marked", async () => {
    await chooseVariant("heroes-hexagonal", 91);
    assert.equal(await page.locator("#board polygon.cell").count(), 91);
    const cell = await pieceCell("elephant", "white");
    await clickCell(cell);
    const marked = await markedCells();
    assert.deepEqual(marked, cliTargets("variants/heroes-hexagonal.toml", cell));
    const charges = await page.$$eval('#marks .target[data-kinds~="charge"]', (els) => els.map((e) => e.dataset.cell));
    assert.ok(charges.length > 0, "the Elephant can charge from the start");
    await page.waitForFunction(() => document.querySelector("#piece-title").textContent.startsWith("Elephant"));
    await page.waitForFunction(() => document.querySelector("#explain-svg svg") !== null);
    await page.click("#explain-details summary");
    await shot("page-heroes-hexagonal.png");
    // A Black piece shows its moves as if it were its turn.
    const knight = await pieceCell("knight", "black");
    await clickCell(knight);
    await page.waitForFunction(() => window.fairyrules.selected && !window.fairyrules.selected.playable);
    const ghosts = await page.$$eval("#marks .target.ghost", (els) => els.map((e) => e.dataset.cell).sort());
    const asBlack = cliTargets("variants/heroes-hexagonal.toml", knight).length === 0;
    assert.ok(ghosts.length > 0 && asBlack, "Black's Knight moves shown, not in White's list");
  });

  await step("Perft with divide equals `fairyrules perft`", async () => {
    await page.fill("#perft-depth", "2");
    await page.click("#perft-run");
    await page.waitForSelector("#perft-nodes");
    const expected = cli("perft", "variants/heroes-hexagonal.toml", "2").match(/nodes: (\d+)/)[1];
    assert.equal(await page.textContent("#perft-nodes"), expected);
  });

  await step("Flip turns the board round", async () => {
    const below = async () => {
      const f1 = await page.locator('#board .cell[data-cell="f1"]').boundingBox();
      const f11 = await page.locator('#board .cell[data-cell="f11"]').boundingBox();
      return f1.y > f11.y;
    };
    assert.equal(await below(), true);
    await page.click("#flip");
    await page.waitForFunction(() => window.fairyrules.flip === true);
    await settled();
    assert.equal(await below(), false);
  });

  await step("no script errors on the page", async () => {
    assert.deepEqual(pageErrors, []);
  });
} catch (e) {
  // Reported by its step.
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
